/* otep.h -- the OpenTafl Engine Protocol front end: `tabula --otep` plays
 * Tablut for an OpenTafl host (GUI, server client or tournament runner) on
 * standard input/output. Sees the game only through the session. */
#ifndef TABULA_OTEP_H
#define TABULA_OTEP_H

#include <stddef.h>
#include <stdint.h>
#include "front/protocol.h"

/* The variant options every OpenTafl game is played with: OpenTafl draws on
 * the third repetition and a side without a legal move loses. */
#define OTEP_VARIANT "repetition=3 nomove=loss"

/* One rule of an OpenTafl rules string: its key, OpenTafl's default when
 * the key is absent, and what Tabula's Tablut needs (for the docs and the
 * refusal messages). ok tells whether a value (all: every key's value, in
 * this table's order) can be played; NULL for keys that cannot matter. */
struct otep_rule {
    const char *key;
    const char *def;
    const char *need;
    int (*ok)(const char *value, const char *const *all);
};
extern const struct otep_rule otep_rules[];

/* Maps an OpenTafl rules string (what follows "rules ") to Tablut with
 * OTEP_VARIANT: pos gets the start position as a position string (ranks
 * 9..1, side to move). Returns 0, or -1 with the reason in err when Tabula
 * does not play these rules. */
int otep_map_rules(const char *rules, char *pos, size_t posn, char *err, size_t errn);

/* An OpenTafl position record ("/3ttt3/.../", rank 1 first) to a position
 * string with side 0 (attackers) or 1 to move; -1 if it has not 9 rows. */
int otep_record_to_position(const char *rec, int side, char *pos, size_t n);
/* A position string to an OpenTafl position record. */
void otep_position_to_record(const char *pos, char *rec, size_t n);

/* The search time of "analyze <n> <seconds>" in ms, from the host's
 * seconds text: capped like every other time per move (the movetime
 * option's maximum, 24 hours), at least 1 s (a missing, zero, negative or
 * unreadable time). */
int64_t otep_analyze_ms(const char *seconds);

/* Runs the OTEP loop on file descriptor fd (the host's lines) and p->out
 * until goodbye or end of input; returns the exit status. */
int otep_run(struct proto *p, int fd);

#endif
