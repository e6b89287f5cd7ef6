/* tt.c -- transposition table. Knows nothing about games. */
#include <stdlib.h>
#include <string.h>
#include "search/tt.h"

int tt_init(struct tt *t, size_t bytes)
{
    t->gen = 0;
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

int tt_clear(struct tt *t)
{
    if (!t->table)
        return 0;
    if (t->gen + 1 < TT_GENERATIONS) {
        t->gen++;
        return 0;
    }
    /* every generation used: fresh zero pages (calloc of this size maps
     * them untouched), the old ones given back */
    size_t bytes = (t->mask + 1) * TT_BUCKET * sizeof(struct tt_entry);
    void *raw = calloc(1, bytes + 64);
    if (!raw) {
        memset(t->table, 0, bytes);
        t->gen = 0;
        return -1;
    }
    free(t->raw);
    t->raw = raw;
    t->table = (struct tt_entry *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
    t->gen = 0;
    return 0;
}

/* One entry's two words, read one at a time (other threads may be writing:
 * relaxed atomic loads keep each word whole). */
static inline void load_entry(const struct tt_entry *e, struct tt_entry *out)
{
    out->check = __atomic_load_n(&e->check, __ATOMIC_RELAXED);
    out->data = __atomic_load_n(&e->data, __ATOMIC_RELAXED);
}

const struct tt_entry *tt_probe(const struct tt *t, uint64_t key)
{
    const struct tt_entry *b = t->table + (key & t->mask) * TT_BUCKET;
    for (int i = 0; i < TT_BUCKET; i++)
        if ((b[i].check ^ b[i].data) == key && b[i].flag != TT_NONE && b[i].gen == t->gen)
            return &b[i];
    return NULL;
}

int tt_read(const struct tt *t, uint64_t key, struct tt_entry *out)
{
    const struct tt_entry *b = t->table + (key & t->mask) * TT_BUCKET;
    for (int i = 0; i < TT_BUCKET; i++) {
        load_entry(&b[i], out);
        if ((out->check ^ out->data) == key && out->flag != TT_NONE && out->gen == t->gen)
            return 1;
    }
    return 0;
}

void tt_store(struct tt *t, uint64_t key, move_t move, int score, int depth,
              int flag)
{
    struct tt_entry *b = t->table + (key & t->mask) * TT_BUCKET;
    int victim = 0;
    struct tt_entry e, v;
    load_entry(&b[0], &v);
    for (int i = 0; i < TT_BUCKET; i++) {
        load_entry(&b[i], &e);
        int old = e.flag == TT_NONE || e.gen != t->gen;
        int same = !old && (e.check ^ e.data) == key;
        if (same || old) {
            victim = i;
            if (same && move == MOVE_NONE)
                move = e.move;          /* keep the old best move */
            break;
        }
        if (e.depth < v.depth) {
            victim = i;
            v = e;
        }
    }
    struct tt_entry n;
    n.data = 0;
    n.move = move;
    n.score = (int16_t)score;
    n.depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
    n.flag = (uint8_t)flag & 3;
    n.gen = (uint8_t)t->gen & 63;
    __atomic_store_n(&b[victim].check, key ^ n.data, __ATOMIC_RELAXED);
    __atomic_store_n(&b[victim].data, n.data, __ATOMIC_RELAXED);
}
