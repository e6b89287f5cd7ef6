/* grasshopper_solve.c -- Grasshopper's dedicated exact solver (struct game's
 * solver entry): alpha-beta over the three values win/draw/loss on boards
 * seen from the side to move, with a table of exact keys made for a finite,
 * acyclic game. Rules layer: knows nothing about search/, sessions or protocols. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "game.h"
#include "games/grasshopper_int.h"
#include "games/grasshopper_table.h"
#include "util.h"

/* ---- exact keys ----
 * A board is one number: each quadrant in base 5 (a point is empty, a
 * single or a wall of the side to move, a single or a wall of the other;
 * base 3 in A, which holds no walls), then the two reserves and the last
 * scorer: 10 + 3 x 14 + 4 + 4 + 2 = 62 bits. The scores are not in it:
 * they only fill the count of pieces, and nothing ahead depends on them,
 * nor on the variant. */

/* sum of 5^i (3^i) over the bits i of a 6-bit mask */
static const uint16_t pow5_sum[64] = {
    0, 1, 5, 6, 25, 26, 30, 31, 125, 126, 130, 131, 150, 151, 155, 156,
    625, 626, 630, 631, 650, 651, 655, 656, 750, 751, 755, 756, 775, 776, 780, 781,
    3125, 3126, 3130, 3131, 3150, 3151, 3155, 3156, 3250, 3251, 3255, 3256, 3275,
    3276, 3280, 3281, 3750, 3751, 3755, 3756, 3775, 3776, 3780, 3781, 3875, 3876,
    3880, 3881, 3900, 3901, 3905, 3906
};
static const uint16_t pow3_sum[64] = {
    0, 1, 3, 4, 9, 10, 12, 13, 27, 28, 30, 31, 36, 37, 39, 40, 81, 82, 84, 85, 90,
    91, 93, 94, 108, 109, 111, 112, 117, 118, 120, 121, 243, 244, 246, 247, 252,
    253, 255, 256, 270, 271, 273, 274, 279, 280, 282, 283, 324, 325, 327, 328, 333,
    334, 336, 337, 351, 352, 354, 355, 360, 361, 363, 364
};

static uint64_t board_key(const struct gh_board *b)
{
    uint64_t k = (uint64_t)(pow3_sum[b->s[0] & 63] + 2 * pow3_sum[b->s[1] & 63]);
    for (int q = 1; q < 4; q++) {
        const int sh = 6 * q;
        uint64_t c = pow5_sum[(b->s[0] >> sh) & 63] + 2u * pow5_sum[(b->w[0] >> sh) & 63] +
                     3u * pow5_sum[(b->s[1] >> sh) & 63] + 4u * pow5_sum[(b->w[1] >> sh) & 63];
        k |= c << (10 + 14 * (q - 1));
    }
    return k | (uint64_t)b->res[0] << 52 | (uint64_t)b->res[1] << 56 |
           (uint64_t)(b->last + 1) << 60;
}

/* A bijection of 64-bit words (xor-shifts and odd multipliers): the table
 * index and the stored tag together give the key back, so the tag needs
 * only the bits the index does not hold. */
static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ull;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dull;
    x ^= x >> 33;
    return x;
}

/* ---- the table ----
 * Buckets of 8 words (one cache line). A word is tag << 10 | work << 4 |
 * bounds: bounds 0 for an empty word, else 1 + 3 (lo + 1) + (hi + 1) for
 * lo <= value <= hi; work is log2 of the nodes searched below (big
 * proofs are kept). A bound stays true forever: nothing in the future of
 * a board depends on how it was reached, and a stopped search stores
 * nothing.
 * The table starts at 1 MB and doubles in place when half of its words are
 * used, up to the hash size: keys spread over the whole table, so a table
 * sized for the largest proof would be touched (zeroed, paged in) all
 * over by a small one. The pieces=4 proof stores 0.79 M words and took
 * 0.6 s with 16 MB, 4.6 s with a 1 GB table at full size. */
#define WAYS 8
#define INFO_BITS 10
#define MIN_BUCKET_BITS 10      /* tag and bucket hold all 64 bits of h */
#define START_BUCKET_BITS 14    /* 1 MB */

/* Which version of a table file was tried last: a change of any of these
 * (a copy over it, a new file renamed onto it, a fix) is a new file. */
struct table_seen {
    int tried;                  /* 0: not yet; 1: present; -1: absent */
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
};

struct ghs {
    uint64_t *tab;              /* inside map, aligned for huge pages */
    void *map;
    size_t map_size;
    uint64_t nbuckets;          /* a power of two */
    int bucket_bits;
    int max_bucket_bits;        /* the hash size */
    uint64_t used;              /* words in use */
    /* per run */
    uint64_t nodes;
    const struct game_solve_limits *lim;
    int stopped;
    /* stored value tables (grasshopper-N.tab in the tables directory),
     * opened on first use and again whenever the file changes (a table
     * fixed or replaced is read anew, a failure is not kept for good) */
    char tables_dir[512];
    struct ght_table table[GHT_MAX_PIECES / 2 + 1];
    struct table_seen seen[GHT_MAX_PIECES / 2 + 1];
    char table_note[GHT_MAX_PIECES / 2 + 1][1024];
};

static int probe(const struct ghs *S, uint64_t h, int *lo, int *hi)
{
    const uint64_t *bk = S->tab + (h & (S->nbuckets - 1)) * WAYS;
    const uint64_t tag = h >> S->bucket_bits;
    for (int i = 0; i < WAYS; i++) {
        uint64_t e = bk[i];
        if (e && e >> INFO_BITS == tag) {
            int code = (int)(e & 15) - 1;
            *lo = code / 3 - 1;
            *hi = code % 3 - 1;
            return 1;
        }
    }
    return 0;
}

/* Doubles the table in place (the memory behind it is mapped already):
 * h is tag << bucket_bits | bucket, so a word of bucket b moves to
 * b + nbuckets when its tag's lowest bit is set, and keeps the rest of its
 * tag. Each new bucket takes words of one old bucket: none overflows. */
static void grow(struct ghs *S)
{
    const uint64_t n = S->nbuckets;
    for (uint64_t b = 0; b < n; b++) {
        uint64_t *from = S->tab + b * WAYS, *to = S->tab + (b + n) * WAYS;
        int k = 0;
        for (int i = 0; i < WAYS; i++) {
            const uint64_t e = from[i];
            if (!e)
                continue;
            const uint64_t tag = e >> INFO_BITS, info = e & (((uint64_t)1 << INFO_BITS) - 1);
            const uint64_t word = tag >> 1 << INFO_BITS | info;
            if (tag & 1) {
                to[k++] = word;
                from[i] = 0;
            } else {
                from[i] = word;
            }
        }
    }
    S->nbuckets = 2 * n;
    S->bucket_bits++;
}

static void store(struct ghs *S, uint64_t h, int lo, int hi, uint64_t nodes)
{
    uint64_t *bk = S->tab + (h & (S->nbuckets - 1)) * WAYS;
    const uint64_t tag = h >> S->bucket_bits;
    int work = 0;
    while (nodes > 1 && work < 63) {
        nodes >>= 1;
        work++;
    }
    const uint64_t word = tag << INFO_BITS | (uint64_t)work << 4 |
                          (uint64_t)(1 + 3 * (lo + 1) + (hi + 1));
    int victim = 0, least = 1 << 30;
    for (int i = 0; i < WAYS; i++) {
        uint64_t e = bk[i];
        if (!e) {
            if (least > -1) {
                least = -1;
                victim = i;
            }
            continue;
        }
        if (e >> INFO_BITS == tag) {
            /* the bounds only narrow; the work stays the largest seen */
            bk[i] = (e & (uint64_t)63 << 4) > (word & (uint64_t)63 << 4)
                        ? (word & ~((uint64_t)63 << 4)) | (e & (uint64_t)63 << 4) : word;
            return;
        }
        int w = (int)(e >> 4 & 63);
        if (w < least) {
            least = w;
            victim = i;
        }
    }
    bk[victim] = word;
    if (least < 0 && ++S->used > S->nbuckets * WAYS / 2 &&
        S->bucket_bits < S->max_bucket_bits)
        grow(S);
}

/* ---- move order ----
 * Bear-offs first, then the most advanced piece first (C, B, A, the
 * reserve last), each to its nearest destination first. Measured on the
 * pieces=4 proof: 3.4 M nodes; the farthest destination first 20 M, a new
 * wall at p+6 first 11 M, the rearmost piece of a quadrant first 4.6 M,
 * entries from point 6 down 4.9 M. */
static int ordered_moves(const struct gh_board *b, move_t *mv)
{
    const uint32_t os = b->s[0], ow = b->w[0];
    const uint32_t empty = ~(os | ow | b->s[1] | b->w[1]) & GH_TRACK, walls = ow | b->w[1];
    int n = 0;
    for (uint32_t o = ow & GH_D; o; o &= o - 1)
        mv[n++] = GH_MOVE(gh_ctz(o) + 1, GH_OFF);
    for (int q = 2; q >= 0; q--)
        for (uint32_t pcs = (os | ow) & GH_QUAD(q); pcs;) {
            const int bit = 31 - __builtin_clz(pcs);
            pcs &= ~(1u << bit);
            for (uint32_t d = gh_dests(os, empty, walls, bit, q); d; d &= d - 1)
                mv[n++] = GH_MOVE(bit + 1, gh_ctz(d) + 1);
        }
    if (b->res[0])
        for (uint32_t e = empty & GH_A; e; e &= e - 1)
            mv[n++] = GH_MOVE(0, gh_ctz(e) + 1);
    return n;
}

/* ---- the search ---- */

static int out_of_time(struct ghs *S)
{
    const struct game_solve_limits *l = S->lim;
    if (l->nodes && S->nodes >= l->nodes)
        return 1;
    if ((S->nodes & 4095) == 0) {
        if (l->deadline_ms && now_ms() >= l->deadline_ms)
            return 1;
        if (l->stop && l->stop(l->ctx))
            return 1;
    }
    return 0;
}

/* At most this many actions in any position: 14 origins in A-C with 6
 * destinations each, or entries, plus bear-offs. */
#define MAX_ACTIONS 128

/* A child: its board, its key's mix, and what is known before searching
 * it: from the mover's side, a value (when the move wins or the walls
 * settle it) or the bounds the walls give. */
struct child {
    struct gh_board b;
    uint64_t h;
    int8_t lo, hi;              /* from the child's side */
    int8_t known;               /* 1: value of the move known (= -lo) */
};

/* Children whose table words are fetched ahead of their search (all of
 * them at once floods the memory system: most nodes cut after one). */
#define PREFETCH_AHEAD 3

static void prepare(struct ghs *S, const struct gh_board *b, move_t m, struct child *c,
                    int prefetch)
{
    int lo, hi;
    if (gh_board_play(b, m, &c->b)) {
        c->known = 1;
        c->lo = c->hi = -1;     /* the mover won */
        return;
    }
    c->known = gh_wall_bounds(&c->b, &lo, &hi);
    c->lo = (int8_t)lo;
    c->hi = (int8_t)hi;
    if (!c->known) {
        c->h = mix(board_key(&c->b));
        if (prefetch)
            __builtin_prefetch(S->tab + (c->h & (S->nbuckets - 1)) * WAYS);
    }
}

/* The value of b (not over, not settled by its walls, which give lo..hi)
 * for the side to move, within alpha < beta in -1..1: exact inside the
 * window, a bound outside it (fail-soft). h is the mix of its key. */
static int search(struct ghs *S, const struct gh_board *b, uint64_t h, int lo, int hi,
                  int alpha, int beta)
{
    if ((S->stopped = out_of_time(S)))
        return 0;
    S->nodes++;
    int tlo, thi;
    if (probe(S, h, &tlo, &thi)) {
        if (tlo > lo)
            lo = tlo;
        if (thi < hi)
            hi = thi;
    }
    if (lo >= beta || lo == hi)
        return lo;
    if (hi <= alpha)
        return hi;
    if (alpha < lo)
        alpha = lo;
    if (beta > hi)
        beta = hi;

    const uint64_t nodes0 = S->nodes;
    const int alpha0 = alpha;
    move_t mv[MAX_ACTIONS];
    struct child ch[MAX_ACTIONS];
    int n = ordered_moves(b, mv), best = -2;
    if (n == 0) {
        if (gh_board_any(b, 1)) {
            struct child c;
            int clo, chi;
            gh_board_pass(b, &c.b);
            if (gh_wall_bounds(&c.b, &clo, &chi))
                best = -clo;
            else
                best = -search(S, &c.b, mix(board_key(&c.b)), clo, chi, -beta, -alpha);
        } else {
            best = 0;           /* nobody can move: a draw */
        }
    }
    for (int i = 0; i < n; i++)
        prepare(S, b, mv[i], &ch[i], i < PREFETCH_AHEAD);
    for (int i = 0; i < n; i++) {
        const struct child *c = &ch[i];
        if (i + PREFETCH_AHEAD < n && !ch[i + PREFETCH_AHEAD].known)
            __builtin_prefetch(S->tab + (ch[i + PREFETCH_AHEAD].h & (S->nbuckets - 1)) * WAYS);
        int v = c->known ? -c->lo : -search(S, &c->b, c->h, c->lo, c->hi, -beta, -alpha);
        if (S->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    if (S->stopped)
        return 0;
    if (best >= beta)
        lo = best;
    else if (best <= alpha0)
        hi = best;
    else
        lo = hi = best;
    store(S, h, lo, hi, S->nodes - nodes0);
    return best;
}

/* ---- struct game's entry ---- */

#define HUGE_PAGE ((size_t)2 << 20)

void *gh_solver_create(int hash_mb)
{
    struct ghs *S = calloc(1, sizeof *S);
    if (!S)
        return NULL;
    uint64_t bytes = (uint64_t)(hash_mb > 1 ? hash_mb : 1) << 20;
    S->max_bucket_bits = MIN_BUCKET_BITS;
    while ((WAYS * sizeof(uint64_t) << (S->max_bucket_bits + 1)) <= bytes)
        S->max_bucket_bits++;
    S->bucket_bits = S->max_bucket_bits < START_BUCKET_BITS ? S->max_bucket_bits
                                                            : START_BUCKET_BITS;
    S->nbuckets = (uint64_t)1 << S->bucket_bits;
    size_t size = ((size_t)WAYS * sizeof(uint64_t)) << S->max_bucket_bits;
    /* Anonymous memory comes zeroed and is only touched where used; aligned
     * to huge pages where the system offers them (far fewer page faults
     * and TLB misses on a table probed at random). */
    S->map_size = size + HUGE_PAGE;
    S->map = mmap(NULL, S->map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (S->map == MAP_FAILED) {
        free(S);
        return NULL;
    }
    uintptr_t p = ((uintptr_t)S->map + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    S->tab = (uint64_t *)p;
#ifdef MADV_HUGEPAGE
    madvise(S->tab, size, MADV_HUGEPAGE);
#endif
    return S;
}

static void close_tables(struct ghs *S)
{
    for (int i = 0; i <= GHT_MAX_PIECES / 2; i++) {
        ght_table_close(&S->table[i]);
        memset(&S->seen[i], 0, sizeof S->seen[i]);
    }
}

/* A table larger than this is checked against its checksums by set_option
 * tables (ght_tables_check) only, not again on every open here: it would
 * cost a read of the whole file in the middle of a move. */
#define SUMS_ON_OPEN_MAX ((uint64_t)1 << 30)

/* The table of the variant with `pieces` per side in dir, or NULL; *note
 * gets a word for the user when the file is there but cannot be used (once
 * for each version of the file). */
static struct ght_table *table_for(struct ghs *S, const char *dir, int pieces,
                                   const char **note)
{
    if (!dir || !dir[0] || pieces > GHT_MAX_PIECES)
        return NULL;
    if (strcmp(dir, S->tables_dir)) {
        close_tables(S);
        snprintf(S->tables_dir, sizeof S->tables_dir, "%s", dir);
    }
    const int i = pieces / 2;
    struct table_seen now;
    struct stat sb;
    char path[600], err[200];
    snprintf(path, sizeof path, "%s/" GHT_FILE_FMT, dir, pieces);
    memset(&now, 0, sizeof now);
    if (stat(path, &sb)) {
        now.tried = -1;
    } else {
        now.tried = 1;
        now.dev = sb.st_dev;
        now.ino = sb.st_ino;
        now.size = sb.st_size;
        now.mtime = sb.st_mtim;
    }
    const struct table_seen *was = &S->seen[i];
    if (S->table[i].broken || now.tried != was->tried || now.dev != was->dev ||
        now.ino != was->ino || now.size != was->size ||
        now.mtime.tv_sec != was->mtime.tv_sec || now.mtime.tv_nsec != was->mtime.tv_nsec) {
        ght_table_close(&S->table[i]);
        S->seen[i] = now;
        if (now.tried > 0 &&
            ght_table_open(&S->table[i], path, pieces,
                           GHT_CHECK_SAMPLE | ((uint64_t)sb.st_size <= SUMS_ON_OPEN_MAX
                                               ? GHT_CHECK_SUMS : 0),
                           err, sizeof err)) {
            snprintf(S->table_note[i], sizeof S->table_note[i],
                     "%s: unusable, solved without it: %s", path, err);
            *note = S->table_note[i];
        }
    }
    return S->table[i].G ? &S->table[i] : NULL;
}

/* The value of st from a stored table, and a move that keeps it (for a
 * loss, the first move): 1 when the table holds st. */
static int from_table(struct ght_table *t, const struct gh_state *s,
                      struct game_solve_result *res)
{
    struct gh_board b, c;
    move_t mv[MAX_ACTIONS];
    gh_board_of(s, &b);
    const int v = ght_table_value(t, &b);
    if (v == GHT_UNSET)
        return 0;
    res->value = v - GHT_DRAW;
    int n = gh_gen(b.s[0], b.w[0], b.s[1], b.w[1], b.res[0], mv);
    if (n == 0) {
        res->best = GH_PASS;    /* the game is not over: the table holds
                                 * no finished position */
        return 1;
    }
    res->best = mv[0];
    for (int i = 0; i < n; i++) {
        int cv = gh_board_play(&b, mv[i], &c) ? GHT_LOSS : ght_table_value(t, &c);
        if (cv == GHT_UNSET)
            return 0;           /* cannot be: children of a position are in it */
        if (GHT_WIN + GHT_LOSS - cv == v) {
            res->best = mv[i];
            break;
        }
    }
    return 1;
}

void gh_solver_destroy(void *solver)
{
    struct ghs *S = solver;
    if (!S)
        return;
    close_tables(S);
    munmap(S->map, S->map_size);
    free(S);
}

void gh_solver_clear(void *solver)
{
    /* Every stored bound is true of its board in any game of any variant:
     * keep them (a new game starts with what earlier ones proved). */
    (void)solver;
}

/* The root: the value of b within alpha < beta (fail-soft) and a move that
 * reaches it (the first move when all fail low). */
static int root_search(struct ghs *S, const struct gh_board *b, const move_t *mv, int n,
                       int alpha, int beta, move_t *bm)
{
    int best = -2;
    *bm = mv[0];
    for (int i = 0; i < n; i++) {
        struct gh_board c;
        int v, lo, hi, won = 0;
        if (mv[i] == GH_PASS)
            gh_board_pass(b, &c);
        else
            won = gh_board_play(b, mv[i], &c);
        if (won)
            v = 1;
        else if (gh_wall_bounds(&c, &lo, &hi))
            v = -lo;
        else
            v = -search(S, &c, mix(board_key(&c)), lo, hi, -beta, -alpha);
        if (S->stopped)
            return 0;
        if (v > best) {
            best = v;
            *bm = mv[i];
            if (v > alpha)
                alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    return best;
}

int gh_solve(void *solver, void *st, const struct game_solve_limits *lim,
             struct game_solve_result *res)
{
    struct ghs *S = solver;
    const struct gh_state *s = st;
    struct gh_board b;
    move_t mv[MAX_ACTIONS];

    S->nodes = 1;               /* the root */
    S->lim = lim;
    S->stopped = 0;
    res->best = MOVE_NONE;
    res->plies = -1;
    res->nodes = 0;
    if (s->winner >= 0) {
        res->value = s->winner == s->side ? 1 : -1;
        res->plies = 0;
        return 1;
    }
    struct ght_table *t = table_for(S, lim->tables, s->pieces, &res->note);
    if (t && from_table(t, s, res))
        return 1;
    if (t && t->broken) {
        /* the file changed under us: said now, read anew next time */
        snprintf(S->table_note[s->pieces / 2], sizeof S->table_note[0],
                 "%s/" GHT_FILE_FMT ": cannot be read any more (cut short or "
                 "replaced?), solved without it", lim->tables, s->pieces);
        res->note = S->table_note[s->pieces / 2];
    }
    gh_board_of(s, &b);
    int n = ordered_moves(&b, mv);
    if (n == 0) {
        if (!gh_board_any(&b, 1)) {
            res->value = 0;     /* nobody can move: the game is over */
            res->plies = 0;
            return 1;
        }
        mv[0] = GH_PASS;
        n = 1;
    }
    /* the root with a full window, so that the move kept has the value
     * reported (two null-window passes took as many nodes) */
    move_t bm;
    int best = root_search(S, &b, mv, n, -1, 1, &bm);
    res->best = bm;
    res->nodes = S->nodes;
    if (S->stopped)
        return 0;
    res->value = best;
    if (best > 0 && b.last == 0 && bm != GH_PASS && GH_TO(bm) == GH_OFF)
        res->plies = 1;         /* the last scorer bears off again */
    return 1;
}
