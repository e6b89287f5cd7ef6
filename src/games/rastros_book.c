/* rastros_book.c -- Rastros' opening book: positions our own solver proved
 * (bench/rastros-book makes games/rastros.book), compiled into the program
 * as read-only data, looked up by the solver's canonical keys.
 * Rules-layer code: knows nothing about search, sessions or protocols. */
#include <string.h>
#include "games/rastros_int.h"
#include "games/incbin.h"

/* The book file is taken in as it is: no parsing, no start-up cost. It is
 * kept in four pieces of at most 1 MB (RASTROS_BOOK_FILE.0 to .3, cut
 * anywhere by bench/rastros-book; the last ones may be empty), which the
 * assembler puts back together. */
INCBIN(rastros_book_blob, INCBIN_PIECES4(RASTROS_BOOK_FILE));

/* Layout (little-endian 64-bit words): the magic "RASTBK01", the number of
 * entries for sizes 5, 6, 7 and 8, then the entries of each size sorted
 * as unsigned numbers: one word each for sizes 5-7, two for size 8 (see
 * rastros_int.h for the fields). */
static uint64_t word(const unsigned char *p)
{
    uint64_t w = 0;
    for (int i = 7; i >= 0; i--)
        w = w << 8 | p[i];
    return w;
}

int rastros_book_open_mem(struct rastros_book *b, const unsigned char *data, size_t len)
{
    memset(b, 0, sizeof *b);
    if (len < 40 || memcmp(data, RASTROS_BOOK_MAGIC, 8) != 0)
        return -1;
    size_t off = 40;
    for (int i = 0; i < 4; i++) {
        uint64_t n = word(data + 8 + 8 * i);
        size_t words = i == 3 ? 2 : 1;
        if (n > (len - off) / (8 * words))
            return -1;
        b->n[i] = (size_t)n;
        b->e[i] = data + off;
        off += (size_t)n * 8 * words;
    }
    return 0;
}

int rastros_book_open(struct rastros_book *b)
{
    return rastros_book_open_mem(b, rastros_book_blob,
                                 (size_t)(rastros_book_blob_end - rastros_book_blob));
}

/* The entry's number for a key, or -1 (binary search). */
long rastros_book_find(const struct rastros_book *b, int size, uint64_t mask, int snail,
                       int stm)
{
    int i = size - RA_MIN_SIZE;
    size_t lo = 0, hi = b->n[i];
    if (i < 0 || i > 3 || !hi)
        return -1;
    if (i < 3) {
        uint64_t key = rastros_book_pack(size, mask, snail, stm) >> RB_KEY_SHIFT;
        const unsigned char *e = b->e[i];
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            uint64_t k = word(e + 8 * mid) >> RB_KEY_SHIFT;
            if (k == key)
                return (long)mid;
            if (k < key)
                lo = mid + 1;
            else
                hi = mid;
        }
        return -1;
    }
    uint64_t meta = ((uint64_t)snail << 8 | (uint64_t)stm << 7) >> RB_KEY_SHIFT;
    const unsigned char *e = b->e[3];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uint64_t m = word(e + 16 * mid), x = word(e + 16 * mid + 8) >> RB_KEY_SHIFT;
        if (m == mask && x == meta)
            return (long)mid;
        if (m < mask || (m == mask && x < meta))
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* Entry i of a size: its words (the second is 0 below size 8). */
void rastros_book_entry(const struct rastros_book *b, int size, long i, uint64_t w[2])
{
    int k = size - RA_MIN_SIZE;
    if (k < 3) {
        w[0] = word(b->e[k] + 8 * (size_t)i);
        w[1] = 0;
    } else {
        w[0] = word(b->e[3] + 16 * (size_t)i);
        w[1] = word(b->e[3] + 16 * (size_t)i + 8);
    }
}

/* The low bits (RB_WIN and the move) of entry i. */
unsigned rastros_book_answer(const struct rastros_book *b, int size, long i)
{
    uint64_t w[2];
    rastros_book_entry(b, size, i, w);
    return (unsigned)(w[size < 8 ? 0 : 1] & ((1u << RB_KEY_SHIFT) - 1));
}

/* Board bits of an 8x8-layout mask packed row by row for size < 8. */
uint64_t rastros_book_pack(int size, uint64_t mask, int snail, int stm)
{
    uint64_t packed = 0;
    for (int r = 0; r < size; r++)
        packed |= ((mask >> (8 * r)) & ((1ULL << size) - 1)) << (size * r);
    return packed << 14 | (uint64_t)snail << 8 | (uint64_t)stm << 7;
}

uint64_t rastros_book_unpack_mask(int size, uint64_t entry)
{
    uint64_t packed = entry >> 14, mask = 0;
    for (int r = 0; r < size; r++)
        mask |= ((packed >> (size * r)) & ((1ULL << size) - 1)) << (8 * r);
    return mask;
}
