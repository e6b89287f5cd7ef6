/* fuzz_common.h -- what both libFuzzer harnesses share: a session per
 * input whose output is kept in memory, limits that keep every command
 * short, a snapshot of what a command may change, and the checks of
 * tests/invariants.h applied after each line. Only for tests/fuzz/. */
#ifndef TABULA_FUZZ_COMMON_H
#define TABULA_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include "front/protocol.h"

struct fuzz {
    struct proto p;
    FILE *out;
    char *buf;                  /* what out holds (open_memstream) */
    size_t len;
    struct input eof_in;        /* an input at its end: analyze stops at once */
    char dir[64];               /* a private directory for record files */
    char file[96];              /* dir/record: savegame and loadgame use it */
    int open;                   /* p is made (once; later inputs reset it) */
};

/* The start-up state of tabula (but a 1 MB table), writing into memory:
 * made on the first call, reset on the next ones. */
void fuzz_open(struct fuzz *f);
/* Drops the output of the input (the session stays for the next one). */
void fuzz_close(struct fuzz *f);

/* Runs one raw line (no newline, no NUL) as proto_execute does, with every
 * check of the protocol's promises; aborts with a message when one fails.
 * Lines that would run long (bench, deep perft, big tables) are skipped,
 * searches get a node limit, file names become f->file. Returns 0, or 1
 * after quit. */
int fuzz_line(struct fuzz *f, const char *line);

/* The checks on the current position alone (positions and moves). */
void fuzz_check_position(struct fuzz *f, const char *context);

/* Splits data into lines as the engine's reader does (through a memfd and
 * input_getline) and runs them with fuzz_line. */
void fuzz_session(struct fuzz *f, const uint8_t *data, size_t size);

#endif
