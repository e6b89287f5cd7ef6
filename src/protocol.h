/* protocol.h -- the GTP-style command loop: the command table, the line
 * reader and the one response writer. The shell reuses all of it. */
#ifndef TABULA_PROTOCOL_H
#define TABULA_PROTOCOL_H

#include <signal.h>
#include <stdio.h>
#include "session.h"

#define PROTO_MAX_LINE (256 * 1024)
#define PROTO_MAX_ARGS 64

/* Buffered reader on a file descriptor that can tell if input is waiting
 * (for analyze, which streams until the next line arrives). */
struct input {
    int fd;
    char buf[65536];
    size_t start, end;
    int eof;
};

/* What GoGui's rules commands can do for a game: be its ruler (moves are
 * points), show its board, give the board as X/O cells. */
enum { GOGUI_RULER = 1, GOGUI_DISPLAY = 2, GOGUI_CELLS = 4 };

/* What genmove/reg_genmove found, for gomill-explain_last_move (text) and
 * for a front end that describes the move in words (the shell). */
struct proto_explain {
    int valid;
    char text[4096];
    struct search_result result; /* the search's own figures */
    int side;                   /* the side that searched */
    int64_t ms;                 /* the time the command took */
};

struct proto {
    struct session s;
    FILE *out;
    struct input *in;           /* for analyze's "until input arrives" */
    int shell;                  /* friendly output for a person */
    int verbose;                /* diagnostics on stderr */
    int quit;
    char *res;                  /* the response being built */
    volatile sig_atomic_t interrupt;    /* see proto_interrupt */
    volatile sig_atomic_t interrupt_repeat; /* requests in quick succession */
    int64_t interrupt_last_ms;  /* written only by proto_interrupt */
    volatile sig_atomic_t running;      /* a command is running */
    int interrupted;            /* the last command was cut short */
    int status;                 /* the last command's error code, 0 = ok */
    int gogui_rules;            /* GOGUI_*: GoGui's rules commands offered,
                                 * fixed by the start-up game (proto_loop) */
    struct proto_explain explain;
    /* ---- a front end's face (the shell); all NULL when piped ---- */
    void *front;                /* the front end's own state */
    /* Called instead of writing "=id text" / "?id text": ok, and the
     * result or the full error message. */
    void (*respond)(struct proto *p, int ok, const char *text);
    /* Called while a command searches: after each completed iteration with
     * its figures, and now and then (from the stop poll) with info NULL. */
    void (*watch)(struct proto *p, const struct search_info *info);
};

/* Interrupting the running command ("move now").
 *
 * One mechanism serves every front end: GoGui's Interrupt (the comment line
 * "# interrupt" written to stdin while a command runs, advertised by the
 * command gogui-interrupt), gogui-sigint (GoGui sends SIGINT to the pid it
 * answers), SIGINT itself, and the shell's Ctrl-C.
 *
 * - proto_interrupt(p) asks the running command to stop. It only stores
 *   into a volatile sig_atomic_t, so a signal handler may call it (main.c
 *   keeps the one pointer a handler needs). No terminal code is involved.
 * - Commands that search poll the request through their stop callback
 *   (alpha-beta every 1024 nodes, MCTS every 256 iterations) together with
 *   the input: a "# interrupt" line that is the next line of input (blank
 *   and comment lines before it aside) is taken out of the input and
 *   counts as a request; any other pending line is left alone.
 * - What stops: genmove / reg_genmove answer the best move found so far
 *   (never a half-searched nothing: with no completed iteration a tiny
 *   bounded search picks the move), and genmove plays it; solve fails with
 *   "not solved: interrupted" (or, when only the distance search after a
 *   proof was cut, answers the proven value without "in N"); analyze ends
 *   its response. The session changes exactly as for a normal answer.
 * - A request is forgotten when the next command starts, so a SIGINT or
 *   Ctrl-C while idle never leaks into the next command, and a "# interrupt"
 *   read while idle is an ordinary comment.
 * - proto_was_interrupted(p) tells whether the command that ran last was
 *   cut short by a request (for a front end that wants to say so).
 * - proto_interrupt returns how many requests came in quick succession
 *   (each within PROTO_INTERRUPT_REPEAT_MS of the one before): 1 for a lone
 *   one. The shell takes a quick second Ctrl-C as "leave"; the protocol
 *   ignores the count (SIGINT never ends a piped engine). It reads the
 *   monotonic clock, which is async-signal-safe. */
#define PROTO_INTERRUPT_REPEAT_MS 1000
int proto_interrupt(struct proto *p);
int proto_was_interrupted(const struct proto *p);

/* The groups of commands, in the order of help and of doc/protocol.md. */
enum proto_group {
    PROTO_G_NONE = 0,           /* not filled in: the doc check fails */
    PROTO_G_ADMIN, PROTO_G_GAMES, PROTO_G_PLAY, PROTO_G_THINKING,
    PROTO_G_ANALYSIS, PROTO_G_RECORDS, PROTO_G_GUI,
    PROTO_G_COUNT
};
/* "Administration", "Games", ... indexed by enum proto_group. */
extern const char *const proto_group_names[PROTO_G_COUNT];

/* One command: the table is the one source of help, list_commands, the
 * shell's help and completion, and the command sections of the docs
 * (tabula-docs checks doc/protocol.md and doc/tabula.6 against it). */
struct proto_cmd {
    const char *name;
    int (*fn)(struct proto *p, int argc, char **argv, char *res, size_t n);
    const char *args;           /* the usage after the name, "" for none */
    const char *help;           /* one line: what it does */
    enum proto_group group;
    const char *more;           /* for "help NAME" and the man page: how it
                                 * fails, ranges; NULL when nothing to add */
};

extern const struct proto_cmd proto_commands[];
const struct proto_cmd *proto_find_command(const char *name);

/* One engine option (set_option, get_option, list_options). lo/hi bound a
 * numeric option (tabula-docs checks that set_option agrees). */
struct option_desc {
    const char *name, *type, *def, *help;
    long lo, hi;                /* lo > hi: not a bounded integer */
};
extern const struct option_desc option_table[];
/* Help text with its placeholders filled from the code: {alphabeta} and
 * {mcts} (those searchers' default move budgets), {variants} (each game's
 * variant options), so that no number is written twice. */
void proto_expand_help(const char *text, char *buf, size_t n);
/* An option's help, expanded. */
void proto_option_help(const struct option_desc *o, char *buf, size_t n);

int proto_init(struct proto *p, FILE *out);
void proto_free(struct proto *p);

void input_init(struct input *in, int fd);
/* Reads one line into line (NUL-terminated; NUL bytes are dropped, other
 * control characters kept).
 * Returns 1 for a line, 0 at end of input; *toolong is set when the line
 * was longer than PROTO_MAX_LINE (the rest was discarded). */
int input_getline(struct input *in, char *line, size_t cap, int *toolong);
int input_pending(struct input *in);
/* Takes the interrupt comment "# interrupt" out of the input if it is the
 * next line (blank and comment-only lines before it go with it); never
 * blocks and never takes a command. Returns 1 if it took one. */
int input_take_interrupt(struct input *in);

/* Runs one raw input line: cleans it, parses the id, dispatches, writes the
 * response (nothing for an empty line). */
void proto_execute(struct proto *p, char *line);
/* Runs command c on words already split (the shell splits its own lines:
 * quotes, ~), writes the response and sets p->status. */
void proto_run_words(struct proto *p, const struct proto_cmd *c, const char *id, int argc,
               char **argv);
/* The code a handler returns for one of the fixed error strings of
 * doc/protocol.md ("syntax error", ...); the text is the public contract. */
int proto_error(const char *fixed);
/* The fixed error string of a code (p->status), "" for 0. */
const char *proto_error_text(int code);
/* Runs the protocol loop on in until EOF or quit. */
int proto_loop(struct proto *p, struct input *in);
/* Total node count of the fixed bench searches (same on every machine). */
uint64_t proto_bench(FILE *log);
/* Sets an engine option: 0 ok, -1 unknown option, -2 invalid value, -3 out
 * of memory (the option is then unchanged). */
int proto_set_option(struct proto *p, const char *name, const char *value);

#endif
