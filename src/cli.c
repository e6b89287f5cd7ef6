/* cli.c -- the table of tabula's command-line options and the --help text
 * made from it. Knows the engine options only through the protocol's
 * option table (for their defaults). */
#include <string.h>
#include "cli.h"
#include "protocol.h"

const struct cli_option cli_options[] = {
    {"game", 'g', "GAME", NULL, "start in GAME: rastros (default), tablut, grasshopper",
     "Variant options may follow in the same argument (--game 'rastros size=8'), in "
     "--variant, or as key=value words after the options (--game rastros size=8); the last "
     "two need no nested quotes, for program launchers such as GoGui's that split a command "
     "line on spaces."},
    {"variant", CLI_VARIANT, "'K=V...'", NULL,
     "variant options, e.g. size=8 (repeatable)",
     "Separated by spaces or commas, as for newgame. Without --game they apply to Rastros."},
    {"engine", 'e', "NAME", "engine", "search: alphabeta, mcts, random", NULL},
    {"movetime", 't', "MS", "movetime", "time per move in milliseconds (0: the clock or a node budget)", NULL},
    {"depth", 'd', "N", "depth", "depth limit in plies (0: none)", NULL},
    {"nodes", 'n', "N", "nodes", "node limit (0: none)", NULL},
    {"hash", 'H', "MB", "hash", "transposition table size in MB",
     "When the memory cannot be had, tabula exits with status 2 and \"out of memory\"."},
    {"seed", 's', "N", "seed", "random seed", NULL},
    {"config", 'c', "FILE", NULL, "run the protocol commands of FILE at start-up",
     "After --game, one per line, their answers discarded; empty lines and comments are "
     "skipped. A command that fails stops tabula with exit status 2 and a message naming "
     "FILE and the line; quit in FILE ends the program there."},
    {"quiet", 'q', NULL, NULL, "no diagnostics on stderr", NULL},
    {"verbose", 'v', NULL, NULL, "diagnostics on stderr (default: --protocol on a terminal)",
     "The score, depth and node count of each genmove, solver statistics. The shell "
     "describes each search itself (a live status line and a final line), so it needs "
     "none."},
    {"protocol", CLI_PROTOCOL, NULL, NULL, "pure protocol even on a terminal", NULL},
    {"shell", CLI_SHELL, NULL, NULL, "the interactive shell even when piped", NULL},
    {"otep", CLI_OTEP, NULL, NULL, "OpenTafl engine mode: Tablut for an OpenTafl host",
     "The OpenTafl Engine Protocol on standard input and output, Tablut only (see OPENTAFL)."},
    {"bench", CLI_BENCH, NULL, NULL, "print the search signature and exit",
     "\"Bench: N\", the total node count of fixed searches: the same on every machine for "
     "the same code."},
    {"help", 'h', NULL, NULL, "this help", NULL},
    {"version", 'V', NULL, NULL, "version", NULL},
    {NULL, 0, NULL, NULL, NULL, NULL}
};

static const char *option_default(const char *name)
{
    for (int i = 0; option_table[i].name; i++)
        if (!strcmp(option_table[i].name, name))
            return option_table[i].def;
    return NULL;
}

void cli_usage(FILE *f)
{
    fprintf(f, "Usage: tabula [OPTION]... [key=value]...\n"
            "A game engine for Rastros, Tablut and Grasshopper speaking a GTP-like\n"
            "protocol on standard input/output; an interactive shell on a terminal.\n\n");
    for (int i = 0; cli_options[i].name; i++) {
        const struct cli_option *o = &cli_options[i];
        char left[64];
        if (o->key < 256)
            snprintf(left, sizeof left, "  -%c, --%s%s%s", o->key, o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
        else
            snprintf(left, sizeof left, "      --%s%s%s", o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
        const char *def = o->option ? option_default(o->option) : NULL;
        if (def && !strcmp(def, "0"))
            def = NULL;         /* "none": the help says what 0 is */
        char help[256];
        snprintf(help, sizeof help, "%s%s%s%s", o->help, def ? " (default " : "",
                 def ? def : "", def ? ")" : "");
        if (strlen(left) < 23)
            fprintf(f, "%-23s%s\n", left, help);
        else
            fprintf(f, "%s\n%23s%s\n", left, "", help);
    }
    fprintf(f, "\nEngine options can be changed later with set_option; words after the\n"
            "options are variant options (--game rastros size=8).\n"
            "Documentation: man 6 tabula, doc/protocol.md.\n");
}

void cli_short_options(char *buf, size_t n)
{
    size_t k = 0;
    for (int i = 0; cli_options[i].name && k + 3 < n; i++)
        if (cli_options[i].key < 256) {
            buf[k++] = (char)cli_options[i].key;
            if (cli_options[i].arg)
                buf[k++] = ':';
        }
    buf[k] = '\0';
}
