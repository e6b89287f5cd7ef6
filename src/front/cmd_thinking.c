/* cmd_thinking.c -- the commands that set how the engine thinks: the
 * clocks and the engine options (options.h holds the options' one table).
 * Knows the session and the option table. */
#include <stdlib.h>
#include <string.h>
#include "front/protocol.h"
#include "options.h"
#include "util.h"

/* Seconds of a clock command in ms, within 0..SEARCH_MAX_MS: a longer time
 * means "more than enough" and must not overflow (a negative one is 0). */
static int64_t clock_ms(double seconds)
{
    double ms = seconds * 1000;
    if (!(ms > 0))
        return 0;
    return ms >= (double)SEARCH_MAX_MS ? SEARCH_MAX_MS : (int64_t)ms;
}

static int cmd_time_settings(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    double m, b;
    long st;
    (void)res; (void)n;
    if (argc != 3 || proto_parse_double(argv[0], &m) || proto_parse_double(argv[1], &b) ||
        util_parse_long(argv[2], 0, 1000000, &st) || m < 0 || b < 0)
        return PROTO_ESYNTAX;
    p->s.main_ms = clock_ms(m);
    p->s.byo_ms = clock_ms(b);
    p->s.byo_stones = (int)st;
    p->s.have_left[0] = p->s.have_left[1] = 0;
    return PROTO_OK;
}

static int cmd_time_left(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    int side;
    double t;
    long st;
    (void)res; (void)n;
    if (argc != 3)
        return PROTO_ESYNTAX;
    if (proto_side_arg(p, argv[0], &side))
        return PROTO_ECOLOR;
    if (proto_parse_double(argv[1], &t) || util_parse_long(argv[2], 0, 1000000, &st))
        return PROTO_ESYNTAX;
    p->s.left_ms[side] = clock_ms(t);
    p->s.left_stones[side] = (int)st;
    p->s.have_left[side] = 1;
    return PROTO_OK;
}

static int cmd_set_option(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc < 2)
        return PROTO_ESYNTAX;
    const struct option_desc *o = option_find(argv[0]);
    if (!o)
        return PROTO_EOPTION;
    if (argc == 2)
        return proto_session_status(option_set(&p->s, o, argv[1], res, n));
    /* a path's value is the rest of the line, as list_options says: its
     * words with a blank between them (review 6: "tables /srv/my tables"
     * was a syntax error, with no way to name such a directory) */
    if (o->kind != OPTION_PATH)
        return PROTO_ESYNTAX;
    size_t len = 0;
    for (int i = 1; i < argc; i++)
        len += strlen(argv[i]) + 1;
    char *value = malloc(len);
    if (!value)
        return PROTO_ENOMEM;
    size_t pos = 0;
    value[0] = '\0';
    for (int i = 1; i < argc; i++)
        buf_printf(value, len, &pos, "%s%s", i > 1 ? " " : "", argv[i]);
    int rc = proto_session_status(option_set(&p->s, o, value, res, n));
    free(value);
    return rc;
}

static int cmd_get_option(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc != 1)
        return PROTO_ESYNTAX;
    const struct option_desc *o = option_find(argv[0]);
    if (!o)
        return PROTO_EOPTION;
    option_get(&p->s, o, res, n);
    return PROTO_OK;
}

static int cmd_list_options(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    size_t pos = 0;
    for (const struct option_desc *o = option_table; o->name; o++) {
        char line[1024];
        option_line(&p->s, o, line, sizeof line);
        buf_printf(res, n, &pos, "%s%s", o == option_table ? "" : "\n", line);
    }
    return PROTO_OK;
}

static int cmd_set_random_seed(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc != 1)
        return PROTO_ESYNTAX;
    return option_set(&p->s, option_find("seed"), argv[0], res, n) == SESS_OK ? PROTO_OK :
           proto_fail(res, n, PROTO_ESYNTAX, "");
}

/* The fields of an entry: name, handler, arguments, their kinds, flags,
 * group, one line of help, and the reference text (doc/protocol.md's
 * section, made from it by tabula-docs). */
const struct proto_cmd thinking_commands[] = {
    {"time_settings", cmd_time_settings, "MAIN BYOYOMI STONES", {0}, CMD_ACTS,
     PROTO_G_THINKING, "clock settings (seconds)",
     "GTP clock settings, in seconds (decimal numbers such as 1.5 or 1e3, no hex): MAIN time,\n"
     "then BYOYOMI seconds per STONES moves (`0 0` for none; STONES 0 to 1,000,000). Used by\n"
     "`genmove` when `movetime` is 0. Times from 0 to 1,000,000,000 s (about 31.7 years) are "
     "taken\n"
     "as given; a longer time (1e400 too) counts as 1,000,000,000 s.\n"
     "The engine keeps each side's clock from these settings: the time each "
     "`genmove`\n"
     "takes comes off the main time, then off byo-yomi periods of BYOYOMI seconds for STONES "
     "moves\n"
     "(the move that runs out of main time is the first period's first stone; a period whose "
     "STONES\n"
     "moves are played starts again full). `time_left` sets the clock again when the controller "
     "sends\n"
     "it. `reg_genmove` plays nothing and takes nothing off; nor does `undo` give time back.\n"
     "`time_settings` and a new game (`newgame`, `clear_board`, `boardsize`) start both clocks "
     "full.\n"
     "BYOYOMI above 0 with STONES 0 means no time limit (GTP), and so does `0 0 0`. Fails: "
     "`syntax\n"
     "error` (not three decimal numbers, negative values, `inf`/`nan`, `0x10`).\n"
     "```\n"
     "time_settings 300 0 0\n"
     "= \n"
     "```"},
    {"time_left", cmd_time_left, "COLOR SECONDS STONES", {ARG_COLOR, ARG_NONE}, CMD_ACTS,
     PROTO_G_THINKING, "time left for COLOR",
     "The time COLOR has left (seconds, decimals allowed), and STONES moves left in the byoyomi\n"
     "period (`0` in main time, at most 1,000,000). `genmove` budgets from this, and the "
     "engine's\n"
     "own clock (see `time_settings`) goes on from it until the next `time_left`. As for\n"
     "`time_settings`, more than 1,000,000,000 s counts as 1,000,000,000 s; a negative time (an\n"
     "overstepped clock) counts as 0: `genmove` then answers at once. Fails: `invalid color`, "
     "`syntax\n"
     "error`.\n"
     "```\n"
     "time_left white 12.5 0\n"
     "= \n"
     "```"},
    {"set_option", cmd_set_option, "NAME VALUE", {ARG_OPTION, ARG_OPTION_VALUE}, CMD_ACTS,
     PROTO_G_THINKING, "set an engine option",
     "Sets an engine option: {options} (their values: [Options](#options), `list_options`). "
     "Options "
     "last\n"
     "across `newgame`. The words of a choice or a boolean are taken in any case\n"
     "(`engine MCTS`, `resign Yes`). A path option's VALUE is the rest of the line, blanks\n"
     "included (`set_option tables /srv/my tables`; blanks in a row count as one: in the shell,\n"
     "quote such a path). Fails: `unknown option`, `invalid value` (the detail says the allowed "
     "values, as\n"
     "`invalid value: movetime must be 0 to 86400000 (ms), not 'x'`), `out of memory` (`hash`,\n"
     "`engine`: the option is then unchanged), `syntax error` (a value of more than one word for\n"
     "an option that is not a path).\n"
     "```\n"
     "set_option depth 6\n"
     "= \n"
     "```"},
    {"get_option", cmd_get_option, "NAME", {ARG_OPTION}, 0, PROTO_G_THINKING,
     "an engine option's value",
     "The option's current value. Fails: `unknown option`, `syntax error`."},
    {"list_options", cmd_list_options, "", {0}, 0, PROTO_G_THINKING,
     "engine options with type, default, value and range",
     "One line per option, in a fixed form a GUI can read to build a settings dialog:\n"
     "`NAME type TYPE default DEFAULT value VALUE`, then `min LO max HI` for a number, or "
     "`choices\n"
     "A|B|C` for a choice or a boolean. TYPE is the unit of a number (`ms`, `plies`, `count`, "
     "`MB`,\n"
     "`number`), `bool`, `path` (a directory, or `none`), or the choices of a choice option. "
     "Values\n"
     "are single words; a path option's value is the rest of the line after `value` and has no\n"
     "`min`, `max` or `choices` after it.\n"
     "```\n"
     "list_options\n"
     "= engine type alphabeta|mcts|random default alphabeta value alphabeta choices "
     "alphabeta|mcts|random\n"
     "movetime type ms default 0 value 0 min 0 max 86400000\n"
     "...\n"
     "book type bool default true value true choices true|false\n"
     "level type number default 0 value 0 min 0 max {levels}\n"
     "tables type path default {default:tables} value {default:tables}\n"
     "```"},
    {"set_random_seed", cmd_set_random_seed, "N", {0}, CMD_ACTS, PROTO_G_THINKING,
     "random seed",
    
     "The same as `set_option seed N` (GTP name). Fails: `syntax error` (not a non-negative "
     "integer)."},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};
