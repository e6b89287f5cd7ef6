/* cli.h -- tabula's command-line options: one table for getopt, --help and
 * the man page's OPTIONS section (tabula-docs). Knows the engine options
 * only by name (their help and defaults are the protocol's option table). */
#ifndef TABULA_CLI_H
#define TABULA_CLI_H

#include <stdio.h>

enum {                          /* keys of the long-only options */
    CLI_PROTOCOL = 256, CLI_SHELL, CLI_BENCH, CLI_VARIANT, CLI_OTEP
};

struct cli_option {
    const char *name;           /* long name, without "--" */
    int key;                    /* the short letter, or a CLI_ key */
    const char *arg;            /* the argument's name; NULL: none */
    const char *option;         /* the engine option it sets, or NULL */
    const char *help;           /* one line for --help */
    const char *more;           /* more for the man page, or NULL */
};

/* NULL-terminated. */
extern const struct cli_option cli_options[];

/* The --help text. */
void cli_usage(FILE *f);
/* The short options string for getopt ("g:e:..."). */
void cli_short_options(char *buf, size_t n);

#endif
