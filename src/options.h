/* options.h -- the engine options as data: one entry per option holds its
 * name, kind, default, bounds or choices, help and how it is applied
 * (Stockfish's Option(default, min, max, on_change)). set_option,
 * get_option, list_options, the session's defaults, the command-line flags,
 * help and the docs all come from this one table. Knows the session and
 * the searcher registry; nothing of protocols or terminals. */
#ifndef TABULA_OPTIONS_H
#define TABULA_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include "session.h"

enum option_kind {
    OPTION_INT,                 /* a whole number from lo to hi */
    OPTION_BOOL,                /* true/false (also on/off, yes/no, 1/0), any case */
    OPTION_CHOICE,              /* one word of the choices, any case */
    OPTION_PATH                 /* a directory, or none; set_option takes
                                 * the rest of its line (it may hold blanks) */
};

struct option_desc {
    const char *name;
    enum option_kind kind;
    const char *type;           /* the word list_options shows as its type:
                                 * the unit ("ms", "MB"), "bool", "path";
                                 * NULL for a choice (its choices) */
    const char *def;            /* the default, as set_option takes it */
    uint64_t lo, hi;            /* OPTION_INT */
    const char *metavar;        /* the value's name in usage lines ("MS") */
    char flag;                  /* tabula's short command-line letter, or 0
                                 * (every option is also --NAME VALUE) */
    const char *brief;          /* one line, for --help */
    const char *help;           /* the whole story; may hold {placeholders}
                                 * (options_expand) */
    /* applies a checked value; NULL: stored into the session field that
     * get reads. Returns SESS_OK, SESS_ENOMEM or SESS_EINVALID (with the
     * reason in err) and then changes nothing. */
    int (*apply)(struct session *s, uint64_t num, const char *text, char *err, size_t n);
    void (*get)(const struct session *s, char *buf, size_t n);
};

/* NULL-terminated (name NULL). */
extern const struct option_desc option_table[];

const struct option_desc *option_find(const char *name);
/* Checks value against o's kind and bounds and applies it: SESS_OK,
 * SESS_EINVALID with "movetime must be 0 to 86400000 (ms), not 'x'" in err
 * (a number out of range gets the bounds in figures: "nodes must be 0 to
 * 18446744073709551615", not option_range's "0 or more"), or SESS_ENOMEM
 * (the option unchanged). */
int option_set(struct session *s, const struct option_desc *o, const char *value,
               char *err, size_t n);
void option_get(const struct session *s, const struct option_desc *o, char *buf, size_t n);
/* The choices of a choice or bool option, "alphabeta|mcts|random"; "" for
 * the others. */
void option_choices(const struct option_desc *o, char *buf, size_t n);
/* The allowed values for a person: "0 to 86400000", "alphabeta, mcts or
 * random", "true or false", "a directory, or none". */
void option_range(const struct option_desc *o, char *buf, size_t n);
/* list_options' line for o: "NAME type TYPE default D value V" and then
 * "min LO max HI" (a number) or "choices A|B|C" (a choice or a bool). */
void option_line(const struct session *s, const struct option_desc *o, char *buf, size_t n);
/* Sets every option of s to its default: after session_init, this gives a
 * new session its engine. */
int options_reset(struct session *s);
/* Text with its placeholders filled from the code: {alphabeta} and {mcts}
 * (those searchers' default move budgets), {engines} (the searchers),
 * {options} (the option names), {variants} (each game's variant keys),
 * {sizes} (boardsize's sizes of each game), {games} (the games, the default
 * marked), {default_game} (the game a session starts in), {default:NAME}
 * (the option NAME's default, as get_option says it at start-up),
 * {proof_share} and {proof_share_failing} (the share of a move's budget
 * alpha-beta's proof gets, in percent: search.h), {max_variant_options}
 * (the most variant options newgame takes, SESSION_MAX_OPTS). */
void options_expand(const char *text, char *buf, size_t n);

#endif
