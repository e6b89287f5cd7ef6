/* cli.h -- tabula's command-line options: one table for the program's own
 * flags, and every engine option of options.h as --NAME VALUE (with its
 * short letter where it has one), so that getopt, --help and the man
 * page's OPTIONS section (tabula-docs) come from the two tables. */
#ifndef TABULA_CLI_H
#define TABULA_CLI_H

#include <getopt.h>
#include <stdio.h>
#include "options.h"

enum {                          /* keys of the long-only flags */
    CLI_PROTOCOL = 256, CLI_SHELL, CLI_BENCH, CLI_VARIANT, CLI_OTEP,
    CLI_ENGINE_OPTION = 512     /* + the index of an engine option that has
                                 * no short letter */
};

struct cli_option {
    const char *name;           /* long name, without "--" */
    int key;                    /* the short letter, or a CLI_ key */
    const char *arg;            /* the argument's name; NULL: none */
    const char *help;           /* one line for --help */
    const char *more;           /* more for the man page, or NULL */
};

/* The program's own flags, NULL-terminated (the engine options are
 * option_table's). */
extern const struct cli_option cli_options[];

/* The --help text. */
void cli_usage(FILE *f);
/* getopt_long's tables from both: longopts (room for max entries, the
 * last zeroed) and the short options string. */
void cli_getopt_tables(struct option *longopts, int max, char *shortopts, size_t n);
/* The engine option a getopt key sets, or NULL. */
const struct option_desc *cli_engine_option(int key);
/* The key of an engine option in the getopt tables. */
int cli_option_key(const struct option_desc *o);

#endif
