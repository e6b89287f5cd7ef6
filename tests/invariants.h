/* invariants.h -- the protocol's promises as checks, shared by the fuzz
 * harnesses (tests/fuzz/) and the property test (tests/prop_protocol.c).
 * Knows games only through struct game; knows nothing about the session.
 * Every check returns 0 when the promise holds, else -1 with a message. */
#ifndef TABULA_INVARIANTS_H
#define TABULA_INVARIANTS_H

#include <stddef.h>
#include "game.h"

/* How proto_execute reads a raw line (no newline, no NUL): 0 when it is
 * empty once cleaned (no response is due), else 1; id gets the id that the
 * response must carry ("" if none), *name the command word (or NULL). */
int inv_line(const char *line, char *id, size_t idn, char *name, size_t namen);

/* out[0..len) is exactly one well-formed response carrying id: "=id " or
 * "?id " (or "=id" and a line break: analyze), no empty line inside, one
 * empty line at the end, no control character but the line breaks. */
int inv_response(const char *out, size_t len, const char *id, char *msg, size_t n);

/* The position string of st parses back, in a fresh state of the variant
 * opts, to the same string, hash and side to move. A finished game may be
 * refused (the Rastros rules reject a snail on a goal corner) or come back
 * unfinished (a Grasshopper string cannot say that a game was won): then
 * only the text must round-trip. */
int inv_position(const struct game *g, int nopts, const char *const *opts,
                 const void *st, char *msg, size_t n);

/* Every legal move of st formats to one printable word that parses back
 * (in any case) to the same move; make then unmake restores st byte for
 * byte; a finished game has no legal move. st is restored. */
int inv_moves(const struct game *g, void *st, char *msg, size_t n);

#endif
