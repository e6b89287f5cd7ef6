/* tt.c -- transposition table. Knows nothing about games. */
#include <stdlib.h>
#include <string.h>
#include "search/tt.h"

int tt_init(struct tt *t, size_t bytes)
{
    size_t buckets = 1;
    while (buckets * 2 * TT_BUCKET * sizeof(struct tt_entry) <= bytes)
        buckets *= 2;
    /* a bucket is one 64-byte cache line when the table is aligned; calloc
     * keeps the pages untouched (and start-up fast) until they are used */
    size_t size = buckets * TT_BUCKET * sizeof(struct tt_entry);
    t->raw = calloc(1, size + 64);
    t->table = t->raw ? (struct tt_entry *)(((uintptr_t)t->raw + 63) & ~(uintptr_t)63) : NULL;
    if (!t->table) {
        t->mask = 0;
        return -1;
    }
    t->mask = buckets - 1;
    return 0;
}

void tt_free(struct tt *t)
{
    free(t->raw);
    t->raw = NULL;
    t->table = NULL;
    t->mask = 0;
}

void tt_clear(struct tt *t)
{
    if (t->table)
        memset(t->table, 0, (t->mask + 1) * TT_BUCKET * sizeof(struct tt_entry));
}

const struct tt_entry *tt_probe(const struct tt *t, uint64_t key)
{
    const struct tt_entry *b = t->table + (key & t->mask) * TT_BUCKET;
    for (int i = 0; i < TT_BUCKET; i++)
        if (b[i].key == key && b[i].flag != TT_NONE)
            return &b[i];
    return NULL;
}

void tt_store(struct tt *t, uint64_t key, move_t move, int score, int depth,
              int flag)
{
    struct tt_entry *b = t->table + (key & t->mask) * TT_BUCKET;
    struct tt_entry *victim = &b[0];
    for (int i = 0; i < TT_BUCKET; i++) {
        if (b[i].key == key || b[i].flag == TT_NONE) {
            victim = &b[i];
            if (b[i].key == key && move == MOVE_NONE)
                move = b[i].move;       /* keep the old best move */
            break;
        }
        if (b[i].depth < victim->depth)
            victim = &b[i];
    }
    victim->key = key;
    victim->move = move;
    victim->score = (int16_t)score;
    victim->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    victim->flag = (uint8_t)flag;
}
