/* rastros_strategy.c -- player 2's winning strategy on 8x8 Rastros from e5
 * (made by bench/rastros-book strategy8, checked by its walk), compiled in
 * as read-only data and looked up by the solver's canonical keys.
 * Rules-layer code: knows nothing about search, sessions or protocols. */
#include <string.h>
#include "game.h"
#include "games/rastros_int.h"
#include "games/incbin.h"

/* The file is taken in as it is, in pieces of at most 1 MB
 * (RASTROS_STRATEGY_FILE.0 to .7, cut anywhere; the last ones may be
 * empty), which the assembler puts back together. */
INCBIN(rastros_strategy_blob, INCBIN_PIECES8(RASTROS_STRATEGY_FILE));
/* The 7x7 answers: one small file. */
INCBIN(rastros_strategy7_blob, INCBIN_PIECE(RASTROS_STRATEGY7_FILE));

/* Layout (little-endian): the magic "RASTST01"; 64-bit words: the number
 * of entries n, their checksum (rastros_strategy_sum); then for each of the
 * 2^16 values of a hash's top 16 bits, the number of the first entry whose
 * hash has them or more (32 bits each, 2^16 + 1 of them); then the entries,
 * 6 bytes each, sorted by hash: the key's 61-bit hash
 * (rastros_strategy_hash) less its top 16 bits (45 bits, kept whole in the
 * bucket's place), over 3 bits of the answer's direction from the snail in
 * the key's frame (strategy_dirs order). 6 bytes an entry, the whole hash
 * kept: a lookup mistakes another position for an entry with odds of n in
 * 2^61. */
#define TOP_BITS 16
#define LOW_BITS (61 - TOP_BITS)
#define ENTRY_BYTES 6
#define HEAD_BYTES (24 + 4 * ((1u << TOP_BITS) + 1))
static const int strategy_dirs[8] = {-9, -8, -7, -1, 1, 7, 8, 9};

static uint64_t bytes(const unsigned char *p, int k)
{
    uint64_t w = 0;
    for (int i = k - 1; i >= 0; i--)
        w = w << 8 | p[i];
    return w;
}

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

uint64_t rastros_strategy_hash(uint64_t mask, int snail, int stm)
{
    uint64_t meta = (uint64_t)snail | (uint64_t)stm << 6 | 1u << 7;
    return mix64(mask ^ mix64(meta * 0x9e3779b97f4a7c15ULL)) >> 3;
}

/* Over everything after the checksum: the bucket index and the entries. */
uint64_t rastros_strategy_sum(const unsigned char *data, size_t len)
{
    uint64_t s = len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8)
        s = mix64(s ^ bytes(data + i, 8));
    if (i < len)
        s = mix64(s ^ bytes(data + i, (int)(len - i)));
    return s;
}

int rastros_strategy_entry(const struct rastros_key *k, int move, uint64_t *entry)
{
    for (int d = 0; d < 8; d++)
        if (k->snail + strategy_dirs[d] == move) {
            *entry = rastros_strategy_hash(k->mask, k->snail, k->stm) << 3 | (uint64_t)d;
            return 0;
        }
    return -1;
}

size_t rastros_strategy_write(const uint64_t *entries, size_t n, unsigned char *out)
{
    size_t len = HEAD_BYTES + ENTRY_BYTES * n;
    if (!out)
        return len;
    memcpy(out, RASTROS_STRATEGY_MAGIC, 8);
    for (int i = 0; i < 8; i++)
        out[8 + i] = (unsigned char)((uint64_t)n >> (8 * i));
    size_t j = 0;
    for (uint64_t b = 0; b <= (1u << TOP_BITS); b++) {
        while (j < n && entries[j] >> (LOW_BITS + 3) < b)
            j++;
        for (int i = 0; i < 4; i++)
            out[24 + 4 * b + i] = (unsigned char)(j >> (8 * i));
    }
    for (size_t e = 0; e < n; e++)
        for (int i = 0; i < ENTRY_BYTES; i++)
            out[HEAD_BYTES + ENTRY_BYTES * e + i] = (unsigned char)(entries[e] >> (8 * i));
    uint64_t sum = rastros_strategy_sum(out + 24, len - 24);
    for (int i = 0; i < 8; i++)
        out[16 + i] = (unsigned char)(sum >> (8 * i));
    return len;
}

/* The layout's own checks; the checksum (6 MB read) only when asked. */
static int open_blob(struct rastros_strategy *s, const unsigned char *data, size_t len,
                     int verify)
{
    memset(s, 0, sizeof *s);
    if (len < HEAD_BYTES || memcmp(data, RASTROS_STRATEGY_MAGIC, 8) != 0)
        return -1;
    uint64_t n = bytes(data + 8, 8);
    if (n != (len - HEAD_BYTES) / ENTRY_BYTES || (len - HEAD_BYTES) % ENTRY_BYTES ||
        bytes(data + 24 + 4 * (1u << TOP_BITS), 4) != n)
        return -1;
    if (verify && rastros_strategy_sum(data + 24, len - 24) != bytes(data + 16, 8))
        return -1;
    s->data = data;
    s->len = len;
    s->index = data + 24;
    s->e = data + HEAD_BYTES;
    s->n = (size_t)n;
    s->sum = bytes(data + 16, 8);
    s->size = 8;
    return 0;
}

int rastros_strategy_open_mem(struct rastros_strategy *s, const unsigned char *data, size_t len)
{
    return open_blob(s, data, len, 1);
}

/* The compiled-in file is part of the program: no checksum read at each
 * solver's creation (make check verifies it). */
int rastros_strategy_open(struct rastros_strategy *s)
{
    return open_blob(s, rastros_strategy_blob,
                     (size_t)(rastros_strategy_blob_end - rastros_strategy_blob), 0);
}

int rastros_strategy7_open(struct rastros_strategy *s)
{
    if (open_blob(s, rastros_strategy7_blob,
                  (size_t)(rastros_strategy7_blob_end - rastros_strategy7_blob), 0))
        return -1;
    s->size = 7;
    return 0;
}

size_t rastros_strategy_entries(const struct rastros_strategy *s, uint64_t *out)
{
    size_t k = 0;
    for (uint64_t b = 0; s->n && b < (1u << TOP_BITS); b++) {
        size_t lo = (size_t)bytes(s->index + 4 * b, 4), hi = (size_t)bytes(s->index + 4 * b + 4, 4);
        for (size_t i = lo; i < hi && i < s->n; i++)
            out[k++] = b << (LOW_BITS + 3) | bytes(s->e + ENTRY_BYTES * i, ENTRY_BYTES);
    }
    return k;
}

/* The answer's square in the key's frame, or -1: the bucket of the top
 * bits, then a binary search on the rest. */
int rastros_strategy_find(const struct rastros_strategy *s, const struct rastros_key *k)
{
    uint64_t h = rastros_strategy_hash(k->mask, k->snail, k->stm);
    uint64_t b = h >> LOW_BITS, low = h & ((1ULL << LOW_BITS) - 1);
    size_t lo = (size_t)bytes(s->index + 4 * b, 4), hi = (size_t)bytes(s->index + 4 * b + 4, 4);
    if (hi > s->n)
        return -1;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uint64_t w = bytes(s->e + ENTRY_BYTES * mid, ENTRY_BYTES);
        if (w >> 3 == low)
            return k->snail + strategy_dirs[w & 7];
        if (w >> 3 < low)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}
