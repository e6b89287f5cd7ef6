/* bench.h -- the search signature (Stockfish's benchmark): fixed positions
 * of every game searched to fixed depths by a fresh alpha-beta engine. The
 * node total is the same on every machine for the same code; the time and
 * the speed are the machine's. Knows the games and the searchers. */
#ifndef TABULA_BENCH_H
#define TABULA_BENCH_H

#include <stdint.h>
#include <stdio.h>

struct bench_result {
    uint64_t nodes;             /* the signature */
    int64_t ms;                 /* wall time of the searches */
    int positions;              /* positions searched */
    int failed;                 /* positions that would not load or search:
                                 * a signature with any is no signature */
};

/* Runs the bench; log (may be NULL) gets a line per position and what
 * failed. Returns 0, or -1 when a position failed or memory ran out. */
int bench_run(FILE *log, struct bench_result *out);
/* Nodes per second of a result (0 when it took no time). */
uint64_t bench_nps(const struct bench_result *r);

#endif
