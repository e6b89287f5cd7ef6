/* tt.h -- transposition table: fixed-size buckets keyed by 64-bit hashes.
 * Knows nothing about games; stores scores, bounds and a move. Several
 * threads may share one table (tt_read, tt_store): an entry is two 64-bit
 * words written and read one word at a time, and its key word is stored
 * xored with its data word, so that an entry torn by two threads writing at
 * once no longer matches any key and is never believed. */
#ifndef TABULA_TT_H
#define TABULA_TT_H

#include <stddef.h>
#include <stdint.h>
#include "game.h"

enum { TT_NONE = 0, TT_LOWER = 1, TT_UPPER = 2, TT_EXACT = 3 };

struct tt_entry {
    uint64_t check;             /* the key xor data */
    union {
        struct {
            move_t move;
            int16_t score;
            uint8_t depth;
            uint8_t flag : 2;   /* TT_* */
            uint8_t gen : 6;    /* the table's generation when stored */
        };
        uint64_t data;
    };
};

/* Clearing the table starts a new generation: entries of another one are
 * empty. So a new game costs nothing, however large the table (a memset of
 * 4 GB took seconds and made every page resident); once every
 * TT_GENERATIONS clears the memory is given back and taken anew instead,
 * so that old entries never come back to life. */
#define TT_GENERATIONS 64

struct tt {
    void *raw;                  /* what calloc gave */
    struct tt_entry *table;     /* raw, aligned to 64 bytes */
    size_t mask;                /* number of buckets - 1 */
    unsigned gen;               /* the current generation */
};

#define TT_BUCKET 4

int tt_init(struct tt *t, size_t bytes);        /* 0 ok */
void tt_free(struct tt *t);
/* Empties the table in constant time (see TT_GENERATIONS); 0, or -1 when
 * the memory taken anew could not be had (the table is then still the old
 * one, with its entries made empty by a memset). */
int tt_clear(struct tt *t);
/* Returns the entry for key or NULL (for a table only one thread uses). */
const struct tt_entry *tt_probe(const struct tt *t, uint64_t key);
/* Copies the entry for key into *out and returns 1, or returns 0: safe
 * while other threads store into the table. */
int tt_read(const struct tt *t, uint64_t key, struct tt_entry *out);
void tt_store(struct tt *t, uint64_t key, move_t move, int score, int depth,
              int flag);

/* What a fail-soft search's result best says of the node it searched with
 * the window (alpha0, beta): at most best when it failed low (an upper
 * bound), at least best when it failed high (a lower bound), else exactly
 * best. One place for both searches of alphabeta.c. */
static inline int tt_bound(int best, int alpha0, int beta)
{
    return best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
}

/* Whether an entry of that flag and score settles a node searched with
 * the window (alpha, beta): an exact score always, a lower bound at or
 * above beta, an upper bound at or below alpha. The probe's side of
 * tt_bound, for both searches. */
static inline int tt_cutoff(int flag, int score, int alpha, int beta)
{
    return flag == TT_EXACT || (flag == TT_LOWER && score >= beta) ||
           (flag == TT_UPPER && score <= alpha);
}

/* Win scores are stored relative to the node, not the root. */
static inline int tt_score_to(int score, int ply)
{
    if (score >= SCORE_WIN_MIN) return score + ply;
    if (score <= -SCORE_WIN_MIN) return score - ply;
    return score;
}
static inline int tt_score_from(int score, int ply)
{
    if (score >= SCORE_WIN_MIN) return score - ply;
    if (score <= -SCORE_WIN_MIN) return score + ply;
    return score;
}

#endif
