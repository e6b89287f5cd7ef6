/* protocol.h -- the GTP-style command loop: the command table, the line
 * reader and the one response writer. The shell reuses all of it. */
#ifndef TABULA_PROTOCOL_H
#define TABULA_PROTOCOL_H

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

struct proto {
    struct session s;
    FILE *out;
    struct input *in;           /* for analyze's "until input arrives" */
    int shell;                  /* friendly output for a person */
    int verbose;                /* diagnostics on stderr */
    int quit;
    char *res;                  /* the response being built */
};

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

/* Runs one raw input line: cleans it, parses the id, dispatches, writes the
 * response (nothing for an empty line). */
void proto_execute(struct proto *p, char *line);
/* Runs the protocol loop on in until EOF or quit. */
int proto_loop(struct proto *p, struct input *in);
/* Total node count of the fixed bench searches (same on every machine). */
uint64_t proto_bench(FILE *log);
/* Sets an engine option: 0 ok, -1 unknown option, -2 invalid value, -3 out
 * of memory (the option is then unchanged). */
int proto_set_option(struct proto *p, const char *name, const char *value);

#endif
