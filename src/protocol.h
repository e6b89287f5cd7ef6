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

/* What genmove/reg_genmove found, for gomill-explain_last_move. */
struct proto_explain {
    int valid;
    char text[4096];
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
    int interrupted;            /* the last command was cut short */
    struct proto_explain explain;
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
 *   cut short by a request (for a front end that wants to say so). */
void proto_interrupt(struct proto *p);
int proto_was_interrupted(const struct proto *p);

struct proto_cmd {
    const char *name;
    int (*fn)(struct proto *p, int argc, char **argv, char *res, size_t n);
    const char *args;
    const char *help;
};

extern const struct proto_cmd proto_commands[];

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
/* Runs the protocol loop on in until EOF or quit. */
int proto_loop(struct proto *p, struct input *in);
/* Total node count of the fixed bench searches (same on every machine). */
uint64_t proto_bench(FILE *log);
/* Sets an engine option: 0 ok, -1 unknown option, -2 invalid value. */
int proto_set_option(struct proto *p, const char *name, const char *value);

#endif
