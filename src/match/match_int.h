/* match_int.h -- tabula-match internals shared by engine_proc.c, referee.c
 * and tournament.c: the tournament state the referee reads and the helpers
 * that cross files. Not for the tests or for main.c (they use match.h). */
#ifndef TABULA_MATCH_INT_H
#define TABULA_MATCH_INT_H

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include "match/match.h"
#include "record.h"

/* The tournament's state: tournament.c owns it; referee.c only reads it,
 * but for warned[] under mu. */
struct pair_score { int w, l, d; };     /* from pairs[p].a's view */

struct tour {
    const struct match_config *c;
    const struct game *g;
    char newgame[1024];         /* "newgame <game> <opts>" */
    char variant[256];          /* for records */
    struct match_pair pairs[MATCH_MAX_ENGINES * MATCH_MAX_ENGINES];
    int npairs;
    struct match_slot *slots;
    int nslots;
    int *slot_of_index;         /* index -> slot number, or -1 */
    int maxindex;
    char *done;                 /* per slot */
    int *todo;
    int ntodo, next, finished;
    char **openings;
    int nopenings;
    struct pair_score *score;
    FILE *results_f, *records_f;
    int stop;                   /* SPRT decided: take no new games */
    int write_error;
    unsigned warned[MATCH_MAX_ENGINES];
    char date[32];
    pthread_mutex_t mu;
};

struct worker {
    struct tour *t;
    struct engine_proc eng[2];
    int who[2];                 /* engine index run by eng[k], -1 none */
};

/* engine_proc.c */
/* strlcpy-like: copies what fits, always terminated. */
void match_scopy(char *d, size_t n, const char *s);

/* referee.c */
/* Plays slot s with w's engines (starting or restarting them as needed);
 * the result goes to res, the record to rec. Reads w->t, which the caller
 * keeps alive; takes w->t->mu only to warn once per engine. */
void match_play_game(struct worker *w, const struct match_slot *s,
               struct match_result *res, struct game_record *rec);

#endif
