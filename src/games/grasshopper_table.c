/* grasshopper_table.c -- value tables of Grasshopper's small variants
 * (grasshopper_table.h): the numbering of positions, retrograde analysis of
 * one layer, and reading table files. Rules only: knows nothing about
 * search, sessions or protocols. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "games/grasshopper_table.h"
#include "util.h"

/* ---- the numbering ----
 * A position is (X, Y, last): the half to move, the other half, who scored
 * last. Layer T holds the positions with prog(X) + prog(Y) = T. Within a
 * layer, positions come in blocks, one per X (halves in id order); a block
 * holds every Y that fits on the points X leaves free, with progress
 * T - prog(X), and every last scorer the scores allow: first "nobody",
 * then X, then Y, each by Y's score. Such a run of Ys of one score is a
 * segment; within it the Ys are grouped in classes by how many pieces they
 * have in each quadrant, and within a class numbered as a mixed-radix
 * number of one digit per quadrant (which of that quadrant's free points
 * hold its singles and walls). Children of (X, Y) are (Y, X'): all in Y's
 * blocks of the next two layers, which is what makes the analysis local. */

static int pc6(unsigned x)
{
    return gh_popcount(x & 63u);
}

static inline int class_index(const struct ght *G, int fv, int sc, const int n[4])
{
    return ((((fv * G->nsc + sc) * GHT_NC + n[0]) * GHT_NC + n[1]) * GHT_NC + n[2]) * GHT_NC + n[3];
}

static inline const uint64_t *segs(const struct ght *G, int fv, int sc)
{
    return G->segsize + (size_t)(fv * G->nsc + sc) * (G->max_prog + 1);
}

/* Offset of the segment (last, scy) in the block of x whose Ys have
 * progress q; with last = 2, the size of the whole block. The scores
 * alternate (two in succession win), so when X scored last Y has X's
 * score or one less, when Y did X's or one more, and nobody did only
 * at 0-0. */
static inline uint64_t seg_offset(const struct ght *G, const struct ght_half *x, int q,
                                  int last, int scy)
{
    const int a = x->sc;
    uint64_t off = 0;
    if (a == 0) {
        if (last == -1)
            return off;
        off += segs(G, x->fv, 0)[q];
    } else {
        for (int c = a - 1; c <= a; c++) {
            if (last == 0 && c == scy)
                return off;
            off += segs(G, x->fv, c)[q];
        }
    }
    for (int c = a > 0 ? a : 1; c <= a + 1 && c < G->nsc; c++) {
        if (last == 1 && c == scy)
            return off;
        off += segs(G, x->fv, c)[q];
    }
    return off;
}

static inline int valid_last(int last, int a, int c)
{
    if (last < 0)
        return a == 0 && c == 0;
    if (last == 0)
        return a >= 1 && (a == c || a == c + 1);
    return c >= 1 && (c == a || c == a + 1);
}


/* One half as seen on the points another leaves free: per quadrant its
 * pieces, its digit and the digit's radix; n7 is the pieces per quadrant as
 * one base-7 number (nA most significant), its class within a segment. */
struct ght_digits {
    int n7;
    uint8_t n[4];
    uint16_t r[4], w[4];
};

static const int pow7[4] = {343, 49, 7, 1};

static inline void digit_set(const struct ght *G, const uint8_t fr[4], struct ght_digits *d,
                             int q, uint32_t s, uint32_t w)
{
    const uint32_t e = G->dig[(size_t)((q > 0) * 64 + fr[q]) * 4096 +
                              ((s >> (6 * q)) & 63u) * 64 + ((w >> (6 * q)) & 63u)];
    const int n = (int)(e >> 8 & 7);
    d->n7 += (n - d->n[q]) * pow7[q];
    d->n[q] = (uint8_t)n;
    d->r[q] = (uint16_t)(e & 255);
    d->w[q] = (uint16_t)(e >> 16);
}

static inline void digits_of(const struct ght *G, const uint8_t fr[4], struct ght_digits *d,
                             uint32_t s, uint32_t w)
{
    memset(d, 0, sizeof *d);
    for (int q = 0; q < 4; q++)
        digit_set(G, fr, d, q, s, w);
}

/* The classes of the segment (fv, sc), by n7. */
static inline const uint32_t *classes(const struct ght *G, int fv, int sc)
{
    return G->classoff + (size_t)(fv * G->nsc + sc) * (GHT_NC * GHT_NC * GHT_NC * GHT_NC);
}

static inline uint64_t digits_rank(const uint32_t *cls, const struct ght_digits *d)
{
    return cls[d->n7] +
           ((uint64_t)(d->r[0] * d->w[1] + d->r[1]) * d->w[2] + d->r[2]) * d->w[3] + d->r[3];
}

/* Offset of the half (ys, yw) of score scy within its segment, in the
 * block of a half occupying occx whose free-point vector is fv. */
static inline uint64_t rank_in_seg(const struct ght *G, uint32_t occx, int fv,
                                   uint32_t ys, uint32_t yw, int scy)
{
    uint8_t fr[4];
    struct ght_digits d;
    for (int q = 0; q < 4; q++)
        fr[q] = (uint8_t)(~(occx >> (6 * q)) & 63u);
    digits_of(G, fr, &d, ys, yw);
    return digits_rank(classes(G, fv, scy), &d);
}

static inline int first_of_layer(const struct ght *G, int T)
{
    return G->prog_first[T > G->max_prog ? T - G->max_prog : 0];
}

static inline int end_of_layer(const struct ght *G, int T)
{
    return G->prog_first[(T < G->max_prog ? T : G->max_prog) + 1];
}

static inline uint64_t block_size(const struct ght *G, int id, int T)
{
    const struct ght_half *x = &G->half[id];
    return seg_offset(G, x, T - x->prog, 2, 0);
}

/* Where the blocks of layer T start, indexed by id - first_of_layer. */
static uint64_t *block_starts(const struct ght *G, int T)
{
    const int lo = first_of_layer(G, T), hi = end_of_layer(G, T);
    uint64_t *bs = malloc(sizeof *bs * (size_t)(hi - lo + 1));
    if (!bs)
        return NULL;
    uint64_t at = 0;
    for (int id = lo; id < hi; id++) {
        bs[id - lo] = at;
        at += block_size(G, id, T);
    }
    bs[hi - lo] = at;
    return bs;
}

static int find_half(const struct ght *G, uint32_t s, uint32_t w, int r)
{
    const uint64_t key = s | (uint64_t)w << 24 | (uint64_t)r << 48 | (uint64_t)1 << 56;
    uint64_t i = (key * 0x9e3779b97f4a7c15ull) >> 20 & G->hmask;
    while (G->hkey[i]) {
        if (G->hkey[i] == key)
            return G->hid[i];
        i = (i + 1) & G->hmask;
    }
    return -1;
}

/* Halves of one progress in the order their blocks number them (score,
 * pieces per quadrant from D down, then each quadrant's walls and singles
 * from A on): packing onto the free points of any other half keeps this
 * order, so the halves that fit beside a given one come in its block's
 * order, and so do, roughly, their children. */
struct half_key {
    uint64_t k1, k2;            /* the order below as two numbers */
    struct ght_half h;
};

static void half_key(struct half_key *k, const struct ght_half *h)
{
    k->h = *h;
    k->k1 = (uint64_t)h->prog << 32 | (uint64_t)h->sc << 24;
    k->k2 = 0;
    for (int q = 3; q >= 0; q--) {
        const unsigned n = (unsigned)(pc6(h->s >> (6 * q)) + 2 * pc6(h->w >> (6 * q)));
        k->k1 |= (uint64_t)n << (4 * q);
    }
    for (int q = 0; q < 4; q++)
        k->k2 = k->k2 << 12 | ((h->w >> (6 * q)) & 63u) << 6 | ((h->s >> (6 * q)) & 63u);
}

static int cmp_half(const void *a, const void *b)
{
    const struct half_key *x = a, *y = b;
    if (x->k1 != y->k1)
        return x->k1 < y->k1 ? -1 : 1;
    return x->k2 < y->k2 ? -1 : x->k2 > y->k2;
}

struct enum_ctx {
    struct ght *G;
    int cap;
};

/* Every placement of up to `pieces` pieces of one side, point by point. */
static int enum_halves(struct enum_ctx *e, int p, uint32_t s, uint32_t w, int n, int prog)
{
    struct ght *G = e->G;
    if (p > GH_POINTS) {
        for (int r = 0; r + n <= G->pieces; r++) {
            if ((G->pieces - n - r) % 2)
                continue;
            if (G->nhalves == e->cap) {
                int cap = e->cap ? 2 * e->cap : 4096;
                struct ght_half *h = realloc(G->half, sizeof *h * (size_t)cap);
                if (!h)
                    return -1;
                G->half = h;
                e->cap = cap;
            }
            struct ght_half *h = &G->half[G->nhalves++];
            h->s = s;
            h->w = w;
            h->r = (uint8_t)r;
            h->sc = (uint8_t)((G->pieces - n - r) / 2);
            h->prog = (uint8_t)(prog + 10 * h->sc);
        }
        return 0;
    }
    const int stage = (p - 1) / 6 + 1;
    if (enum_halves(e, p + 1, s, w, n, prog))
        return -1;
    if (n + 1 <= G->pieces && enum_halves(e, p + 1, s | GH_BIT(p), w, n + 1, prog + stage))
        return -1;
    if (p > 6 && n + 2 <= G->pieces &&
        enum_halves(e, p + 1, s, w | GH_BIT(p), n + 2, prog + 2 * stage))
        return -1;
    return 0;
}

void ght_destroy(struct ght *G)
{
    if (!G)
        return;
    free(G->half);
    free(G->hkey);
    free(G->hid);
    free(G->fv_free);
    free(G->dig);
    free(G->classoff);
    free(G->segsize);
    for (int t = 0; t < G->nlayers; t++)
        free(G->cp[t]);
    free(G);
}

struct ght *ght_create(int pieces)
{
    if (pieces < 2 || pieces > GHT_MAX_PIECES || pieces % 2)
        return NULL;
    struct ght *G = calloc(1, sizeof *G);
    if (!G)
        return NULL;
    G->pieces = pieces;
    G->nsc = pieces / 2 + 1;
    G->max_prog = 5 * pieces;
    G->nlayers = 2 * G->max_prog + 1;

    struct enum_ctx e = {G, 0};
    if (enum_halves(&e, 1, 0, 0, 0, 0))
        goto fail;
    {
        struct half_key *k = malloc(sizeof *k * (size_t)G->nhalves);
        if (!k)
            goto fail;
        for (int id = 0; id < G->nhalves; id++)
            half_key(&k[id], &G->half[id]);
        qsort(k, (size_t)G->nhalves, sizeof *k, cmp_half);
        for (int id = 0; id < G->nhalves; id++)
            G->half[id] = k[id].h;
        free(k);
    }
    for (int p = 0, id = 0; p <= G->max_prog + 1; p++) {
        while (id < G->nhalves && G->half[id].prog < p)
            id++;
        G->prog_first[p] = id;
    }

    uint64_t hsize = 1;
    while (hsize < 2 * (uint64_t)G->nhalves)
        hsize <<= 1;
    G->hmask = hsize - 1;
    G->hkey = calloc(hsize, sizeof *G->hkey);
    G->hid = calloc(hsize, sizeof *G->hid);
    if (!G->hkey || !G->hid)
        goto fail;
    for (int id = 0; id < G->nhalves; id++) {
        const struct ght_half *h = &G->half[id];
        const uint64_t key = h->s | (uint64_t)h->w << 24 | (uint64_t)h->r << 48 | (uint64_t)1 << 56;
        uint64_t i = (key * 0x9e3779b97f4a7c15ull) >> 20 & G->hmask;
        while (G->hkey[i])
            i = (i + 1) & G->hmask;
        G->hkey[i] = key;
        G->hid[i] = id;
    }

    /* free-point vectors: how many points of each quadrant a half leaves */
    memset(G->fv_index, 0xff, sizeof G->fv_index);
    G->fv_free = malloc(sizeof *G->fv_free * 7 * 7 * 7 * 7);
    if (!G->fv_free)
        goto fail;
    for (int id = 0; id < G->nhalves; id++) {
        struct ght_half *h = &G->half[id];
        int f[4], k = 0;
        for (int q = 0; q < 4; q++) {
            f[q] = 6 - pc6((h->s | h->w) >> (6 * q));
            k = k * 7 + f[q];
        }
        if (G->fv_index[k] < 0) {
            G->fv_index[k] = (int16_t)G->nfv;
            for (int q = 0; q < 4; q++)
                G->fv_free[G->nfv][q] = (uint8_t)f[q];
            G->nfv++;
        }
        h->fv = (uint8_t)G->fv_index[k];
    }

    for (unsigned fr = 0; fr < 64; fr++)
        for (unsigned m = 0; m < 64; m++) {
            unsigned out = 0, k = 0;
            for (int b = 0; b < 6; b++)
                if (fr >> b & 1) {
                    if (m >> b & 1)
                        out |= 1u << k;
                    k++;
                }
            G->pext6[fr][m] = (uint8_t)out;
        }
    for (unsigned s = 0; s < 64; s++)
        for (unsigned w = 0; w < 64; w++)
            G->qpieces[s][w] = (uint8_t)(pc6(s) + 2 * pc6(w));
    for (int wa = 0; wa < 2; wa++)
        for (int f = 0; f <= 6; f++)
            for (unsigned w = 0; w < (wa ? 1u << f : 1u); w++)
                for (unsigned s = 0; s < 1u << f; s++) {
                    if (s & w)
                        continue;
                    int n = G->qpieces[s][w];
                    if (n < GHT_NC)
                        G->qrank[wa][f][s][w] = G->qcount[wa][f][n]++;
                }

    G->dig = malloc(sizeof *G->dig * 2 * 64 * 64 * 64);
    if (!G->dig)
        goto fail;
    for (int wa = 0; wa < 2; wa++)
        for (unsigned fr = 0; fr < 64; fr++)
            for (unsigned s6 = 0; s6 < 64; s6++)
                for (unsigned w6 = 0; w6 < 64; w6++) {
                    const unsigned cs = G->pext6[fr][s6], cw = G->pext6[fr][w6];
                    const int f = pc6(fr), n = G->qpieces[cs][cw] < GHT_NC ? G->qpieces[cs][cw] : 0;
                    G->dig[((size_t)(wa * 64 + fr) * 64 + s6) * 64 + w6] =
                        G->qrank[wa][f][cs][cw] | (uint32_t)n << 8 |
                        (uint32_t)G->qcount[wa][f][n] << 16;
                }

    /* classes and segments */
    const size_t nclass = (size_t)G->nfv * G->nsc * GHT_NC * GHT_NC * GHT_NC * GHT_NC;
    G->classoff = calloc(nclass, sizeof *G->classoff);
    G->segsize = calloc((size_t)G->nfv * G->nsc * (G->max_prog + 1), sizeof *G->segsize);
    if (!G->classoff || !G->segsize)
        goto fail;
    for (int fv = 0; fv < G->nfv; fv++)
        for (int sc = 0; sc < G->nsc; sc++) {
            uint64_t *seg = G->segsize + (size_t)(fv * G->nsc + sc) * (G->max_prog + 1);
            const uint8_t *f = G->fv_free[fv];
            int n[4];
            for (n[3] = 0; n[3] < GHT_NC; n[3]++)
                for (n[2] = 0; n[2] < GHT_NC; n[2]++)
                    for (n[1] = 0; n[1] < GHT_NC; n[1]++)
                        for (n[0] = 0; n[0] < GHT_NC; n[0]++) {
                            int tot = n[0] + n[1] + n[2] + n[3];
                            if (tot + 2 * sc > pieces)
                                continue;
                            int q = n[0] + 2 * n[1] + 3 * n[2] + 4 * n[3] + 10 * sc;
                            uint64_t size = (uint64_t)G->qcount[0][f[0]][n[0]] *
                                            G->qcount[1][f[1]][n[1]] *
                                            G->qcount[1][f[2]][n[2]] * G->qcount[1][f[3]][n[3]];
                            if (!size)
                                continue;
                            G->classoff[class_index(G, fv, sc, n)] = (uint32_t)seg[q];
                            seg[q] += size;
                        }
        }

    for (int T = 0; T < G->nlayers; T++) {
        const int lo = first_of_layer(G, T), hi = end_of_layer(G, T);
        G->cp[T] = malloc(sizeof(uint64_t) * (size_t)((hi - lo) / 64 + 1));
        if (!G->cp[T])
            goto fail;
        uint64_t at = 0;
        for (int id = lo; id < hi; id++) {
            if ((id - lo) % 64 == 0)
                G->cp[T][(id - lo) / 64] = at;
            at += block_size(G, id, T);
        }
        G->layer_size[T] = at;
    }
    uint64_t fp = 0x5eedull;
#define FP(x) (fp = (fp ^ (uint64_t)(x)) * 0x100000001b3ull)
    for (int id = 0; id < G->nhalves; id++)
        FP(G->half[id].s ^ (uint64_t)G->half[id].w << 24 ^ (uint64_t)G->half[id].r << 48);
    for (size_t i = 0; i < nclass; i++)
        FP(G->classoff[i]);
    for (int T = 0; T < G->nlayers; T++)
        FP(G->layer_size[T]);
    for (int f = 0; f < 7; f++)
        for (unsigned w = 0; w < 64; w++)
            for (unsigned s6 = 0; s6 < 64; s6++)
                FP(G->qrank[1][f][s6][w]);
#undef FP
    G->fingerprint = fp;
    return G;
fail:
    ght_destroy(G);
    return NULL;
}

int ght_locate(const struct ght *G, const struct gh_board *b, int *layer, uint64_t *off)
{
    const int x = find_half(G, b->s[0], b->w[0], b->res[0]);
    const int y = find_half(G, b->s[1], b->w[1], b->res[1]);
    if (x < 0 || y < 0 || ((b->s[0] | b->w[0]) & (b->s[1] | b->w[1])))
        return 0;
    const struct ght_half *hx = &G->half[x], *hy = &G->half[y];
    if (!valid_last(b->last, hx->sc, hy->sc))
        return 0;
    const int T = hx->prog + hy->prog, lo = first_of_layer(G, T);
    uint64_t at = G->cp[T][(x - lo) / 64];
    for (int id = lo + (x - lo) / 64 * 64; id < x; id++)
        at += block_size(G, id, T);
    *layer = T;
    *off = at + seg_offset(G, hx, hy->prog, b->last, hy->sc) +
           rank_in_seg(G, hx->s | hx->w, hx->fv, hy->s, hy->w, hy->sc);
    return 1;
}

/* ---- retrograde analysis of one layer ---- */

struct pass_pos {
    uint64_t at, child;
};

static inline void put(uint8_t *tab, uint64_t i, int v, struct ght_stats *st)
{
    /* atomic: two workers may write to the same byte */
    const int sh = (int)(i & 3) * 2;
    const uint8_t old = __atomic_fetch_or(&tab[i >> 2], (uint8_t)(v << sh), __ATOMIC_RELAXED);
    if (old >> sh & 3)
        st->errors++;
}

/* The parents of a layer are found in an order that scatters their slots
 * over the whole layer: each write would miss the cache. They are kept in
 * a buffer (slot << 2 | value) and written bucket by bucket, each bucket a
 * stretch of the layer that stays in the cache. */
#define WB_ENTRIES ((size_t)1 << 24)
#define WB_SPAN_BITS 22         /* positions per bucket: 1 MB of table */

struct wbuf {
    uint64_t *e, *tmp;
    size_t n, cap;
    size_t nbuckets;
    size_t *count;
};

static int wbuf_init(struct wbuf *b, uint64_t layer_size)
{
    memset(b, 0, sizeof *b);
    b->nbuckets = (size_t)(layer_size >> WB_SPAN_BITS) + 1;
    b->cap = layer_size < WB_ENTRIES ? (size_t)layer_size + 1 : WB_ENTRIES;
    b->e = malloc(b->cap * sizeof *b->e);
    b->tmp = malloc(b->cap * sizeof *b->tmp);
    b->count = malloc((b->nbuckets + 1) * sizeof *b->count);
    return b->e && b->tmp && b->count ? 0 : -1;
}

static void wbuf_free(struct wbuf *b)
{
    free(b->e);
    free(b->tmp);
    free(b->count);
}

static void wbuf_flush(struct wbuf *b, uint8_t *out, struct ght_stats *st)
{
    memset(b->count, 0, (b->nbuckets + 1) * sizeof *b->count);
    for (size_t i = 0; i < b->n; i++)
        b->count[(b->e[i] >> (2 + WB_SPAN_BITS)) + 1]++;
    for (size_t k = 1; k <= b->nbuckets; k++)
        b->count[k] += b->count[k - 1];
    for (size_t i = 0; i < b->n; i++)
        b->tmp[b->count[b->e[i] >> (2 + WB_SPAN_BITS)]++] = b->e[i];
    for (size_t i = 0; i < b->n; i++)
        put(out, b->tmp[i] >> 2, (int)(b->tmp[i] & 3), st);
    b->n = 0;
}

static inline void wbuf_put(struct wbuf *b, uint8_t *out, uint64_t i, int v,
                            struct ght_stats *st)
{
    if (b->n == b->cap)
        wbuf_flush(b, out, st);
    b->e[b->n++] = i << 2 | (uint64_t)v;
}

/* One layer is shared by `threads` workers: each takes the next chunk of
 * halves O, keeps its own write buffer, pass list and counts; the table's
 * bytes are written atomically. */
#define GHT_CHUNK 16

struct layer_job {
    const struct ght *G;
    int T, flags, lo, hi, lo1, lo2;
    uint8_t *out;
    const uint8_t *up1, *up2;
    const uint64_t *bs, *bs1, *bs2;
    int next;                   /* the next O to hand out (atomic) */
};

struct layer_worker {
    struct layer_job *job;
    pthread_t tid;
    struct wbuf wb;
    struct pass_pos *pass;
    size_t npass, cap;
    struct ght_stats st;
    int rc;
};

static int solve_chunk(struct layer_worker *W, int o0, int o1)
{
    const struct layer_job *J = W->job;
    const struct ght *G = J->G;
    const int T = J->T, flags = J->flags, lo = J->lo, lo1 = J->lo1, lo2 = J->lo2;
    uint8_t *out = J->out;
    const uint8_t *up1 = J->up1, *up2 = J->up2;
    const uint64_t *bs = J->bs, *bs1 = J->bs1, *bs2 = J->bs2;
    struct wbuf *const wbp = &W->wb;
    struct ght_stats *st = &W->st;
    struct pass_pos *pass = W->pass;
    size_t npass = W->npass, cap = W->cap;
    int rc = -1;
    /* Parents (M, O) by O: their children (O, M') all lie in O's blocks of
     * the layers above, which stay in the cache while M runs. */
    for (int o = o0; o < o1; o++) {
        const struct ght_half *O = &G->half[o];
        const uint32_t occo = O->s | O->w;
        const int q = T - O->prog;
        uint8_t fr[4];
        for (int k = 0; k < 4; k++)
            fr[k] = (uint8_t)(~(occo >> (6 * k)) & 63u);
        const uint32_t *cls[GHT_MAX_PIECES / 2 + 2];
        for (int sc = 0; sc < G->nsc; sc++)
            cls[sc] = classes(G, O->fv, sc);
        /* where the children's segments start in O's blocks above */
        /* (O is in a layer's range when some M' beside it is: else no
         * child lies there) */
        const uint64_t b1 = bs1 && o >= lo1 ? bs1[o - lo1] : 0;
        const uint64_t b2 = bs2 && o >= lo2 ? bs2[o - lo2] : 0;
        uint64_t so[2][3][GHT_MAX_PIECES / 2 + 2];
        for (int off = 0; off < 2; off++)
            for (int l = -1; l <= 1; l++)
                for (int sc = 0; sc < G->nsc; sc++)
                    so[off][l + 1][sc] = q + 1 + off <= G->max_prog
                                             ? seg_offset(G, O, q + 1 + off, l, sc) : 0;
        for (int m = G->prog_first[q]; m < G->prog_first[q + 1]; m++) {
            const struct ght_half *M = &G->half[m];
            const uint32_t occm = M->s | M->w;
            if (occm & occo)
                continue;
            int lasts[3], nl = 0;
            for (int last = -1; last <= 1; last++)
                if (valid_last(last, M->sc, O->sc))
                    lasts[nl++] = last;
            if (!nl)
                continue;
            const uint64_t pr = rank_in_seg(G, occm, M->fv, O->s, O->w, O->sc);
            move_t mv[128];
            uint64_t crank[128];
            const int n = gh_gen(M->s, M->w, O->s, O->w, M->r, mv);
            int ncr = 0;
            struct ght_digits dm;
            digits_of(G, fr, &dm, M->s, M->w);
            for (int li = 0; li < nl; li++) {
                const int last = lasts[li];
                int n_moves_skip = 0;
                const uint64_t at = bs[m - lo] + seg_offset(G, M, O->prog, last, O->sc) + pr;
                int v = GHT_LOSS, wlo, whi;
                const struct gh_board pb = {{M->s, O->s}, {M->w, O->w}, {M->r, O->r},
                                            (int8_t)last};
                if (last == 0 && (M->w & GH_D)) {
                    v = GHT_WIN;        /* the last scorer bears off again */
                } else if ((flags & GHT_WALL_BOUNDS) && gh_wall_bounds(&pb, &wlo, &whi)) {
                    v = GHT_DRAW + wlo;
                    st->by_walls++;
                    n_moves_skip = 1;
                } else if (n == 0) {
                    if (!gh_board_any(&pb, 1)) {
                        v = GHT_DRAW;   /* nobody can move */
                    } else {
                        /* a pass: its child is (O, M) in this layer, which
                         * has an action; resolved below */
                        if (npass == cap) {
                            size_t nc = cap ? 2 * cap : 4096;
                            struct pass_pos *np = realloc(pass, nc * sizeof *np);
                            if (!np)
                                goto out;
                            pass = np;
                            cap = nc;
                        }
                        const int fl = last < 0 ? -1 : !last;
                        pass[npass].at = at;
                        pass[npass].child = bs[o - lo] + seg_offset(G, O, M->prog, fl, M->sc) +
                                            rank_in_seg(G, occo, O->fv, M->s, M->w, M->sc);
                        npass++;
                        continue;
                    }
                }
                for (int i = 0; i < n && v != GHT_WIN && !n_moves_skip; i++) {
                    const int from = GH_FROM(mv[i]), to = GH_TO(mv[i]), off = to == GH_OFF;
                    const int scm = M->sc + off;
                    if (i == ncr) {
                        /* the mover's half after the move, against O */
                        uint32_t s1 = M->s, w1 = M->w;
                        struct ght_digits dc = dm;
                        if (off) {
                            w1 &= ~GH_BIT(from);
                        } else {
                            const uint32_t tb = GH_BIT(to);
                            if (from) {
                                const uint32_t fb = GH_BIT(from);
                                if (w1 & fb) {
                                    w1 &= ~fb;
                                    s1 |= fb;
                                } else {
                                    s1 &= ~fb;
                                }
                            }
                            if (s1 & tb) {
                                s1 &= ~tb;
                                w1 |= tb;
                            } else {
                                s1 |= tb;
                            }
                            digit_set(G, fr, &dc, (to - 1) / 6, s1, w1);
                        }
                        if (from)
                            digit_set(G, fr, &dc, (from - 1) / 6, s1, w1);
                        crank[ncr++] = digits_rank(cls[scm], &dc);
                    }
                    const int cl = off ? 1 : last < 0 ? -1 : !last;
                    const uint64_t ci = (off ? b2 : b1) + so[off][cl + 1][scm] + crank[i];
                    const int cv = ght_get(off ? up2 : up1, ci);
                    if (cv == GHT_LOSS)
                        v = GHT_WIN;
                    else if (cv == GHT_DRAW)
                        v = GHT_DRAW;
                    else if (cv != GHT_WIN)
                        st->errors++;   /* a child not computed */
                }
                wbuf_put(wbp, out, at, v, st);
                st->count[v]++;
            }
        }
    }
    rc = 0;
out:
    W->pass = pass;
    W->npass = npass;
    W->cap = cap;
    return rc;
}

static void *layer_worker_run(void *arg)
{
    struct layer_worker *W = arg;
    struct layer_job *J = W->job;
    W->rc = 0;
    for (;;) {
        const int o0 = __atomic_fetch_add(&J->next, GHT_CHUNK, __ATOMIC_RELAXED);
        if (o0 >= J->hi)
            break;
        if (solve_chunk(W, o0, o0 + GHT_CHUNK < J->hi ? o0 + GHT_CHUNK : J->hi)) {
            W->rc = -1;
            break;
        }
    }
    wbuf_flush(&W->wb, J->out, &W->st);
    return NULL;
}

int ght_solve_layer(const struct ght *G, int T, uint8_t *out, const uint8_t *up1,
                    const uint8_t *up2, int flags, struct ght_stats *st)
{
    return ght_solve_layer_mt(G, T, out, up1, up2, flags, 1, st);
}

int ght_solve_layer_mt(const struct ght *G, int T, uint8_t *out, const uint8_t *up1,
                       const uint8_t *up2, int flags, int threads, struct ght_stats *st)
{
    if (threads < 1)
        threads = 1;
    if (threads > GHT_MAX_THREADS)
        threads = GHT_MAX_THREADS;
    struct layer_job J = {
        .G = G, .T = T, .flags = flags, .out = out, .up1 = up1, .up2 = up2,
        .lo = first_of_layer(G, T), .hi = end_of_layer(G, T),
        .lo1 = T + 1 < G->nlayers ? first_of_layer(G, T + 1) : 0,
        .lo2 = T + 2 < G->nlayers ? first_of_layer(G, T + 2) : 0,
    };
    J.next = J.lo;
    uint64_t *bs = block_starts(G, T);
    uint64_t *bs1 = T + 1 < G->nlayers ? block_starts(G, T + 1) : NULL;
    uint64_t *bs2 = T + 2 < G->nlayers ? block_starts(G, T + 2) : NULL;
    J.bs = bs;
    J.bs1 = bs1;
    J.bs2 = bs2;
    struct layer_worker W[GHT_MAX_THREADS];
    memset(W, 0, sizeof W);
    int rc = -1, started = 0;
    memset(st, 0, sizeof *st);
    if (!bs || (T + 1 < G->nlayers && !bs1) || (T + 2 < G->nlayers && !bs2))
        goto done;
    for (int k = 0; k < threads; k++) {
        W[k].job = &J;
        if (wbuf_init(&W[k].wb, G->layer_size[T]))
            goto done;
    }
    for (started = 1; started < threads; started++)
        if (util_thread_create(&W[started].tid, layer_worker_run, &W[started]))
            break;
    layer_worker_run(&W[0]);
    for (int k = 1; k < started; k++)
        pthread_join(W[k].tid, NULL);
    size_t npass = 0;
    for (int k = 0; k < started; k++) {
        if (W[k].rc)
            goto done;
        for (int v = 0; v < 4; v++)
            st->count[v] += W[k].st.count[v];
        st->errors += W[k].st.errors;
        st->by_walls += W[k].st.by_walls;
        npass += W[k].npass;
    }
    for (int k = 0; k < started; k++)
        for (size_t i = 0; i < W[k].npass; i++) {
            const struct pass_pos *pp = &W[k].pass[i];
            const int cv = ght_get(out, pp->child);
            if (cv == GHT_UNSET) {
                st->errors++;
                continue;
            }
            const int v = GHT_WIN + GHT_LOSS - cv;
            put(out, pp->at, v, st);
            st->count[v]++;
        }
    st->passes = npass;
    {
        const uint64_t size = G->layer_size[T];
        uint64_t set = st->count[GHT_WIN] + st->count[GHT_DRAW] + st->count[GHT_LOSS];
        if (set != size)
            st->errors += size > set ? size - set : set - size;
    }
    rc = 0;
done:
    for (int k = 0; k < threads; k++) {
        wbuf_free(&W[k].wb);
        free(W[k].pass);
    }
    free(bs);
    free(bs1);
    free(bs2);
    return rc;
}

/* ---- table files ---- */

void ght_file_layout(const struct ght *G, struct ght_file_header *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, GHT_MAGIC, 8);
    h->pieces = (uint32_t)G->pieces;
    h->nlayers = (uint32_t)G->nlayers;
    h->fingerprint = G->fingerprint;
    uint64_t at = GHT_HEADER;
    for (int t = 0; t < G->nlayers; t++) {
        h->size[t] = G->layer_size[t];
        h->offset[t] = at;
        at += (G->layer_size[t] + 3) / 4;
        at = (at + 4095) & ~(uint64_t)4095;
    }
}

/* ---- checksums: four lanes of xxHash64's round, so that a layer of a GB
 * is summed at memory speed ---- */
#define SUM_P1 0x9E3779B185EBCA87ull
#define SUM_P2 0xC2B2AE3D27D4EB4Full

static inline uint64_t sum_round(uint64_t acc, uint64_t w)
{
    acc += w * SUM_P2;
    acc = acc << 31 | acc >> 33;
    return acc * SUM_P1;
}

void ght_sum_init(struct ght_sum *c)
{
    for (int k = 0; k < 4; k++)
        c->lane[k] = SUM_P1 * (uint64_t)(k + 1);
    c->n = 0;
}

void ght_sum_add(struct ght_sum *c, const uint8_t *p, uint64_t n)
{
    uint64_t i = 0, w[4];
    for (; i + 32 <= n; i += 32) {
        memcpy(w, p + i, 32);
        for (int k = 0; k < 4; k++)
            c->lane[k] = sum_round(c->lane[k], w[k]);
    }
    if (i < n) {                /* the last piece's tail, padded with zeros */
        memset(w, 0, sizeof w);
        memcpy(w, p + i, (size_t)(n - i));
        for (int k = 0; k < 4; k++)
            c->lane[k] = sum_round(c->lane[k], w[k]);
    }
    c->n += n;
}

uint64_t ght_sum_end(const struct ght_sum *c)
{
    uint64_t h = c->n * SUM_P1;
    for (int k = 0; k < 4; k++)
        h = sum_round(h ^ c->lane[k], (uint64_t)k);
    h ^= h >> 33;
    h *= SUM_P2;
    h ^= h >> 29;
    h *= SUM_P1;
    return h ^ h >> 32;
}

uint64_t ght_sum(const uint8_t *p, uint64_t n)
{
    struct ght_sum c;
    ght_sum_init(&c);
    ght_sum_add(&c, p, n);
    return ght_sum_end(&c);
}

static uint64_t header_sum(const struct ght_file_header *h)
{
    struct ght_file_header x = *h;
    x.header_sum = 0;
    return ght_sum((const uint8_t *)&x, sizeof x);
}

int ght_file_header_intact(const struct ght_file_header *h)
{
    return memcmp(h->sums_tag, GHT_SUMS_TAG, 8) || h->header_sum == header_sum(h);
}

void ght_file_set_done(struct ght_file_header *h, int T, uint64_t layer_sum)
{
    h->done[T] = 1;
    h->sum[T] = layer_sum;
    memcpy(h->sums_tag, GHT_SUMS_TAG, 8);
    h->header_sum = header_sum(h);
}

/* ---- reading a table file ---- */

int ght_table_value(struct ght_table *t, const struct gh_board *b)
{
    int layer;
    uint64_t off;
    uint8_t byte;
    if (!t->G || t->fd < 0 || t->broken || !ght_locate(t->G, b, &layer, &off))
        return GHT_UNSET;
    if (pread(t->fd, &byte, 1, (off_t)(t->h.offset[layer] + (off >> 2))) != 1) {
        t->broken = 1;
        return GHT_UNSET;
    }
    return byte >> ((off & 3) * 2) & 3;
}

/* The value the rules give b from its children's values in the table (the
 * recurrence the retrograde analysis solved): GHT_UNSET when a child has
 * none. */
static int value_by_rules(struct ght_table *t, const struct gh_board *b)
{
    move_t mv[128];
    struct gh_board c;
    if (b->last == 0 && (b->w[0] & GH_D))
        return GHT_WIN;         /* the last scorer bears off again */
    const int n = gh_gen(b->s[0], b->w[0], b->s[1], b->w[1], b->res[0], mv);
    if (n == 0) {
        if (!gh_board_any(b, 1))
            return GHT_DRAW;    /* nobody can move */
        gh_board_pass(b, &c);
        const int cv = ght_table_value(t, &c);
        return cv == GHT_UNSET ? GHT_UNSET : GHT_WIN + GHT_LOSS - cv;
    }
    int v = GHT_LOSS;
    for (int i = 0; i < n; i++) {
        const int cv = gh_board_play(b, mv[i], &c) ? GHT_LOSS : ght_table_value(t, &c);
        if (cv == GHT_UNSET)
            return GHT_UNSET;
        if (cv == GHT_LOSS)
            return GHT_WIN;
        if (cv == GHT_DRAW)
            v = GHT_DRAW;
    }
    return v;
}

/* Positions of random games from the start, each checked against its
 * children: a table of wrong values (random bytes, another game's table
 * under this header, zeros) fails at once; one that is right passes. */
#define SAMPLE_GAMES 16
static int sample_check(struct ght_table *t, char *err, size_t n)
{
    uint64_t rng = t->h.fingerprint ^ 0x67687473616d706cull;
    const int pieces = t->G->pieces;
    for (int g = 0; g < SAMPLE_GAMES; g++) {
        struct gh_board b = {{0, 0}, {0, 0}, {(uint8_t)pieces, (uint8_t)pieces}, -1}, c;
        for (int ply = 0; ply < 12 * pieces; ply++) {
            const int v = ght_table_value(t, &b);
            const int want = v == GHT_UNSET ? GHT_UNSET : value_by_rules(t, &b);
            if (t->broken) {
                snprintf(err, n, "cannot be read (cut short?)");
                return -1;
            }
            if (v == GHT_UNSET || want == GHT_UNSET) {
                snprintf(err, n, "a position of the game has no value in it "
                         "(wrong values)");
                return -1;
            }
            if (v != want) {
                snprintf(err, n, "its values break the rules (a sampled "
                         "position's value disagrees with its moves'): "
                         "wrong values");
                return -1;
            }
            move_t mv[128];
            const int k = gh_gen(b.s[0], b.w[0], b.s[1], b.w[1], b.res[0], mv);
            if (k == 0) {
                if (!gh_board_any(&b, 1))
                    break;
                gh_board_pass(&b, &c);
            } else {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                if (gh_board_play(&b, mv[rng % (uint64_t)k], &c))
                    break;      /* won: the game is over */
            }
            b = c;
        }
    }
    return 0;
}

/* Every layer against its checksum. */
static int sums_check(struct ght_table *t, char *err, size_t n)
{
    enum { CHUNK = 4 << 20 };
    uint8_t *buf = malloc(CHUNK);
    if (!buf) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    int rc = 0;
    for (uint32_t T = 0; T < t->h.nlayers && !rc; T++) {
        struct ght_sum c;
        uint64_t left = (t->h.size[T] + 3) / 4, at = t->h.offset[T];
        ght_sum_init(&c);
        while (left) {
            const uint64_t k = left < CHUNK ? left : CHUNK;
            if (util_pread_all(t->fd, buf, k, at)) {
                snprintf(err, n, "cannot be read (cut short?)");
                rc = -1;
                break;
            }
            ght_sum_add(&c, buf, k);
            left -= k;
            at += k;
        }
        if (!rc && ght_sum_end(&c) != t->h.sum[T]) {
            snprintf(err, n, "damaged: layer %u does not match its checksum", T);
            rc = -1;
        }
    }
    free(buf);
    return rc;
}

int ght_table_open(struct ght_table *t, const char *path, int pieces, int checks,
                   char *err, size_t n)
{
    memset(t, 0, sizeof *t);
    t->fd = -1;
    if (pieces < 2 || pieces > GHT_MAX_PIECES || pieces % 2) {
        snprintf(err, n, "no table for pieces=%d (2, 4 or 6)", pieces);
        return -1;
    }
    /* O_NONBLOCK: opening a FIFO must not wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, n, "cannot open it: %s", strerror(errno));
        return -1;
    }
    struct stat sb;
    if (fstat(fd, &sb)) {
        snprintf(err, n, "cannot read it: %s", strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(sb.st_mode)) {
        snprintf(err, n, "not a regular file (%s)",
                 S_ISDIR(sb.st_mode) ? "a directory" : S_ISFIFO(sb.st_mode) ? "a FIFO"
                 : S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode) ? "a device" : "a special file");
        close(fd);
        return -1;
    }
    /* the header first: the numbering (ght_create) takes a second for
     * pieces=6, not to be spent on a file that is no such table */
    t->file_size = (uint64_t)sb.st_size;
    if (t->file_size < sizeof t->h || util_pread_all(fd, &t->h, sizeof t->h, 0)) {
        snprintf(err, n, "too short for a table (%llu bytes)",
                 (unsigned long long)t->file_size);
        close(fd);
        return -1;
    }
    const char *bad = NULL;
    if (memcmp(t->h.magic, GHT_MAGIC, 8))
        bad = "not a table file (no " GHT_MAGIC " at its start)";
    else if ((t->sums = !memcmp(t->h.sums_tag, GHT_SUMS_TAG, 8)) &&
             !ght_file_header_intact(&t->h))
        bad = "damaged: its header does not match its checksum";
    if (bad || t->h.pieces != (uint32_t)pieces) {
        if (bad)
            snprintf(err, n, "%s", bad);
        else
            snprintf(err, n, "a table of pieces=%u, not pieces=%d", t->h.pieces, pieces);
        close(fd);
        return -1;
    }
    t->fd = fd;
    t->G = ght_create(pieces);
    if (!t->G) {
        snprintf(err, n, "out of memory");
        close(fd);
        t->fd = -1;
        return -1;
    }
    struct ght_file_header want;
    ght_file_layout(t->G, &want);
    const uint64_t end = want.offset[want.nlayers - 1] + (want.size[want.nlayers - 1] + 3) / 4;
    if (t->h.nlayers != want.nlayers || t->h.fingerprint != want.fingerprint ||
        memcmp(t->h.size, want.size, sizeof want.size) ||
        memcmp(t->h.offset, want.offset, sizeof want.offset)) {
        snprintf(err, n, "made with another numbering of the positions (another "
                 "version of the program)");
        goto fail;
    }
    for (uint32_t i = 0; i < want.nlayers; i++)
        if (!t->h.done[i]) {
            snprintf(err, n, "incomplete (layer %u missing)", i);
            goto fail;
        }
    if (t->file_size < end) {
        snprintf(err, n, "cut short: %llu bytes of %llu",
                 (unsigned long long)t->file_size, (unsigned long long)end);
        goto fail;
    }
    if ((checks & GHT_CHECK_SAMPLE) && sample_check(t, err, n))
        goto fail;
    if ((checks & GHT_CHECK_SUMS) && t->sums && sums_check(t, err, n))
        goto fail;
#ifdef POSIX_FADV_RANDOM
    posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
#endif
    return 0;
fail:
    ght_table_close(t);
    return -1;
}

void ght_table_close(struct ght_table *t)
{
    /* a table zeroed by its owner was never opened: fd 0 is not its */
    if (t->G && t->fd >= 0)
        close(t->fd);
    ght_destroy(t->G);
    memset(t, 0, sizeof *t);
    t->fd = -1;
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends a line to out (cut where it does not fit). */
static void add_line(char *out, size_t n, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add_line(char *out, size_t n, size_t *len, const char *fmt, ...)
{
    if (*len + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(out + *len, n - *len, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    *len = *len + (size_t)k < n ? *len + (size_t)k : n - 1;
}

int ght_tables_check(const char *dir, char *out, size_t n)
{
    size_t len = 0;
    out[0] = 0;
    if (util_check_dir(dir, out, n))
        return -1;
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(out, n, "%s: %s", dir, strerror(errno));
        return -1;
    }
    char *names[64];
    int count = 0, bad = 0;
    struct dirent *e;
    while ((e = readdir(d)) && count < 64) {
        size_t k = strlen(e->d_name);
        if (k > 16 && !strncmp(e->d_name, "grasshopper-", 12) &&
            !strcmp(e->d_name + k - 4, ".tab") && (names[count] = strdup(e->d_name)))
            count++;
    }
    closedir(d);
    qsort(names, (size_t)count, sizeof *names, cmp_name);
    for (int i = 0; i < count; i++) {
        char path[4096], err[200];
        char *end;
        long pieces = strtol(names[i] + 12, &end, 10);
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        struct ght_table t;
        if (strcmp(end, ".tab") || end == names[i] + 12) {
            add_line(out, n, &len, "%s%s: unusable: not a table name (grasshopper-N.tab)",
                     len ? "\n" : "", names[i]);
            bad++;
        } else if (ght_table_open(&t, path, (int)pieces, GHT_CHECK_SAMPLE | GHT_CHECK_SUMS,
                                  err, sizeof err)) {
            add_line(out, n, &len, "%s%s: unusable: %s", len ? "\n" : "", names[i], err);
            bad++;
        } else {
            uint64_t positions = 0;
            for (uint32_t k = 0; k < t.h.nlayers; k++)
                positions += t.h.size[k];
            add_line(out, n, &len, "%s%s: pieces=%ld, %llu positions, %.*f %s: %s",
                     len ? "\n" : "", names[i], pieces, (unsigned long long)positions,
                     t.file_size < 1e9 ? 1 : 2,
                     t.file_size < 1e9 ? t.file_size / 1e6 : t.file_size / 1e9,
                     t.file_size < 1e9 ? "MB" : "GB",
                     t.sums ? "checksums verified"
                            : "no checksums in it (made before they were written): "
                              "its header and sampled values checked");
            ght_table_close(&t);
        }
        free(names[i]);
    }
    return bad;
}
