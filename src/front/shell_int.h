/* shell_int.h -- what the shell's two files share: the shell's state, the
 * words of a line, and the line reader (shell_input.c: readline with
 * completion and history, or plain lines) that the loop (shell.c) calls. */
#ifndef TABULA_SHELL_INT_H
#define TABULA_SHELL_INT_H

#include <stdint.h>
#include "front/shell.h"

/* What savegame would write of a game, as far as losing work goes: the
 * game, its start (a position set by setposition) and moves, and the
 * review's marks and comments on those moves (shell.c: game_print). g
 * NULL: nothing of it was saved. */
struct shell_print {
    const struct game *g;
    int nmoves;
    int setup;                  /* the start came from setposition */
    uint64_t start;             /* the start position's hash */
    uint64_t hash;              /* the position now */
    uint64_t notes;             /* a hash of the marks and comments */
};

struct shell {
    struct proto *p;
    const struct proto_cmd *own; /* the shell's own commands (shell_commands) */
    int live;                   /* stdout is a terminal: a live status line */
    int computer[2];            /* the engine plays this side by itself */
    int paused;                 /* Ctrl-C stopped the engine's moves */
    /* the command running now, for respond() and watch() */
    const char *cmd;            /* its name */
    const char *verb;           /* how to describe a genmove: "plays", "hint" */
    char **argv;
    int argc;
    int64_t t0;                 /* when it started */
    int64_t drawn;              /* when the status line was last drawn, 0: none */
    int have_info;
    struct search_info info;
    int search_side;
    int tutor;                  /* warn before a move that throws a win */
    const struct game *legend_shown;    /* the game whose legend was shown */
    /* the line reader */
    int cancelled;              /* Ctrl-C cleared the line */
    int leave;                  /* Ctrl-C twice */
    int hinted_leave;
    char *history;              /* the history file, or NULL */
    /* the game as it was last saved, loaded or begun (shell.c:
     * mark_saved): where it differs now, in its moves, its position set
     * or its review marks, it is unsaved, and kept in a file of its own
     * before it is left (shell.c: unsaved, keep_unsaved) */
    struct shell_print saved;
    char *saved_path;           /* the file savegame wrote or loadgame read */
    char table_seen[600];       /* the value table last looked for (table_note) */
    char person[64];            /* the login name, for the roster ("" unknown) */
};


/* The words of a line, split as a shell does: blanks separate words; '...'
 * and "..." quote (in "..." a backslash escapes " and \\); outside quotes a
 * backslash escapes the next character; '#' at the start of a word starts a
 * comment; control characters are dropped (a tab is a blank). The words
 * point into buf, which the caller frees. */
struct words {
    int n;
    int open;                   /* the line ended inside a word */
    char *buf;
    char *w[PROTO_MAX_ARGS + 2];
};
/* The number of words, -1 out of memory, -2 too many words. */
int shell_split_words(const char *line, struct words *w);
/* ~ and ~user at the start of a file name, as a shell expands them
 * (malloc'ed; NULL out of memory). */
char *shell_expand_tilde(const char *name);
/* ~/name in the home directory as ~ finds it (malloc'ed); NULL where there
 * is no home, or out of memory. */
char *shell_home_file(const char *name);


/* Words for a person (both files): a side's display name, and a verb that
 * agrees with it ("wins" or "win"). */
static inline const char *shell_side_name(const struct proto *p, int side)
{
    return game_display_name(p->s.g, side);
}
static inline const char *shell_verb(const struct proto *p, const char *one, const char *many)
{
    return p->s.g->display_plural ? many : one;
}

/* What the engine knows, in words (shell_teach.c): */
/* hint's and review's answers for a person */
void shell_describe_hint(struct shell *sh, const char *text);
void shell_describe_review(struct shell *sh, const char *text);
/* The tutor command (the shell's table in shell.c). */
int sh_tutor(struct proto *p, int argc, char **argv, char *res, size_t n);
/* With the tutor on, judges the move a person is about to play (move: its
 * text) and, when it throws a win or loses much, says so and asks: 1 to go
 * on and play it, 0 not to. */
int shell_tutor_allows(struct shell *sh, const char *move);
/* Plays the passes that are a person's only move, saying so: how many. */
int shell_auto_pass(struct shell *sh);


/* The line reader: open before the loop, close after it. shell_read_line
 * returns a malloc'ed line, or NULL at the end of input; a Ctrl-C at the
 * prompt sets sh->cancelled (the line is dropped), twice sh->leave. It
 * keeps the line in the history; shell_read_answer, for an answer to a
 * question (the tutor's y/N), does not. */
void shell_input_open(struct shell *sh);
char *shell_read_line(struct shell *sh, const char *prompt);
char *shell_read_answer(struct shell *sh, const char *prompt);
/* A y/N question (prompt ends "(y/N) "): 1 for an answer that starts with
 * y or Y; anything else, an empty line or Ctrl-C, is no. */
int shell_ask_yes(struct shell *sh, const char *prompt);
void shell_input_close(struct shell *sh);

#endif
