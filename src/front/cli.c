/* cli.c -- the table of tabula's own command-line flags and the code that
 * joins it with the engine options' table (options.h) for getopt and
 * --help. Knows the option table, not the games or the search. */
#include <string.h>
#include "front/cli.h"

const struct cli_option cli_options[] = {
    {"game", 'g', "GAME", "start in GAME: {games}",
     "Variant options may follow in the same argument (--game 'rastros size=8'), in "
     "--variant, or as key=value words after the options (--game rastros size=8); the last "
     "two need no nested quotes, for program launchers such as GoGui's that split a command "
     "line on spaces."},
    {"variant", CLI_VARIANT, "'K=V...'", "variant options, e.g. size=8 (repeatable)",
     "Separated by spaces or commas, as for newgame. Without --game they apply to the "
     "default game."},
    {"config", 'c', "FILE", "run the protocol commands of FILE at start-up (repeatable)",
     "After --game, one per line (a line as long as the protocol takes), their answers "
     "discarded; empty lines, comments and a UTF-8 byte order mark at the start are skipped. "
     "Given more than once (at most 16), the files run in the order given, each after the one "
     "before; a failure stops tabula before the next. A command that fails stops tabula "
     "with exit status 2 and a message naming FILE and the line; a command that streams "
     "its answer (analyze, genmove_analyze) fails there, as input is not read yet. A FILE "
     "that cannot be opened or read (a directory) stops it with exit status 2 and the "
     "reason; quit in FILE ends the program there."},
    {"quiet", 'q', NULL, "no diagnostics on stderr", NULL},
    {"verbose", 'v', NULL, "diagnostics on stderr (default: --protocol on a terminal)",
     "The score, depth and node count of each genmove, solver statistics, a stored table "
     "the solver cannot use. The shell describes each search itself (a live status line "
     "and a final line, a note: line for such a table), so it needs none."},
    {"protocol", CLI_PROTOCOL, NULL, "pure protocol even on a terminal", NULL},
    {"shell", CLI_SHELL, NULL, "the interactive shell even when piped", NULL},
    {"otep", CLI_OTEP, NULL, "OpenTafl engine mode: Tablut for an OpenTafl host",
     "The OpenTafl Engine Protocol on standard input and output, Tablut only (see OPENTAFL)."},
    {"bench", CLI_BENCH, NULL, "print the search signature and exit",
     "\"Bench: N\", the total node count of fixed searches (the same on every machine for "
     "the same code), then the time and the speed on this machine."},
    {"help", 'h', NULL, "this help", NULL},
    {"version", 'V', NULL, "version", NULL},
    {NULL, 0, NULL, NULL, NULL}
};

int cli_option_key(const struct option_desc *o)
{
    return o->flag ? o->flag : CLI_ENGINE_OPTION + (int)(o - option_table);
}

const struct option_desc *cli_engine_option(int key)
{
    for (const struct option_desc *o = option_table; o->name; o++)
        if (cli_option_key(o) == key)
            return o;
    return NULL;
}

static void usage_line(FILE *f, int key, const char *name, const char *arg, const char *help)
{
    char left[64];
    if (key < 256)
        snprintf(left, sizeof left, "  -%c, --%s%s%s", key, name, arg ? " " : "",
                 arg ? arg : "");
    else
        snprintf(left, sizeof left, "      --%s%s%s", name, arg ? " " : "", arg ? arg : "");
    if (strlen(left) < 23)
        fprintf(f, "%-23s%s\n", left, help);
    else
        fprintf(f, "%s\n%23s%s\n", left, "", help);
}

void cli_usage(FILE *f)
{
    fprintf(f, "Usage: tabula [OPTION]... [key=value]...\n"
            "A game engine for Rastros, Tablut and Grasshopper speaking a GTP-like\n"
            "protocol on standard input/output; an interactive shell on a terminal.\n\n");
    for (const struct cli_option *o = cli_options; o->name; o++) {
        char help[256];
        options_expand(o->help, help, sizeof help);
        usage_line(f, o->key, o->name, o->arg, help);
    }
    fprintf(f, "\nEngine options (also set_option NAME VALUE):\n");
    for (const struct option_desc *o = option_table; o->name; o++) {
        char brief[256], help[320];
        options_expand(o->brief, brief, sizeof brief);
        snprintf(help, sizeof help, "%s (default %s)", brief, o->def);
        usage_line(f, cli_option_key(o), o->name, o->metavar, help);
    }
    fprintf(f, "\nWords after the options are variant options (--game rastros size=8).\n"
            "Documentation: man 6 tabula, doc/protocol.md.\n");
}

void cli_getopt_tables(struct option *longopts, int max, char *shortopts, size_t n)
{
    int k = 0;
    size_t s = 0;
    for (const struct cli_option *o = cli_options; o->name && k < max - 1; o++, k++) {
        longopts[k] = (struct option){o->name, o->arg ? required_argument : no_argument,
                                      NULL, o->key};
        if (o->key < 256 && s + 3 < n) {
            shortopts[s++] = (char)o->key;
            if (o->arg)
                shortopts[s++] = ':';
        }
    }
    for (const struct option_desc *o = option_table; o->name && k < max - 1; o++, k++) {
        longopts[k] = (struct option){o->name, required_argument, NULL, cli_option_key(o)};
        if (o->flag && s + 3 < n) {
            shortopts[s++] = o->flag;
            shortopts[s++] = ':';
        }
    }
    memset(&longopts[k], 0, sizeof longopts[k]);
    shortopts[s] = '\0';
}
