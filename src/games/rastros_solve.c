/* rastros_solve.c -- Rastros' own exact solver (struct game's solve entry):
 * a bitboard proof search over the snail's reachable region with exact,
 * symmetry-folded table keys, two tables, and threads on a shared main table
 * (each with a small table of its own).
 * Rules-layer code: it knows the position (rastros_int.h) but nothing about
 * search, sessions or protocols. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "game.h"
#include "util.h"
#include "games/rastros_int.h"

/* ---- the position as the solver sees it ----
 * A node is (F, C, s, stm): s the snail, F the free squares other than the
 * goal corners that the snail can still reach (s excluded), C the free goal
 * corners next to F or s (a corner is entered, never crossed). Nothing else
 * can matter any more, so (F | C, s, stm) with the board size is an exact
 * key. There are no draws: every node is won or lost for the side to move. */

#define RS_WIN 1
#define RS_LOSS (-1)
#define RS_STOP 0

/* Regions of at most this many free squares go to the small table (2 MB,
 * which stays in the caches); the rest to the main table. */
#ifndef SMALL_MAX
#define SMALL_MAX 30
#endif
#define SMALL_BYTES ((size_t)2 << 20)
/* On 8x8 (the proof from e5 and anything near it) the small table takes
 * regions up to SMALL_MAX_8 squares, in up to SMALL_CAP_8 bytes (and a
 * quarter of the hash option). With pockets, 64 MB took 0.82 times the
 * nodes of 8 MB on the 8x8 proof with one thread, and with two 0.78 times
 * the nodes and 0.86 times the time (medians;
 * bench/results/rastros-solve-8x8-small-20261206.txt). */
#ifndef SMALL_MAX_8
#define SMALL_MAX_8 40
#endif
#ifndef SMALL_CAP_8
#define SMALL_CAP_8 ((size_t)64 << 20)
#endif
/* Threads share their work (ABDADA: a child another thread is proving is
 * put off until the others are done) at nodes with at least this many free
 * squares, where a subtree is worth the bookkeeping. */
#define PAR_MIN 32
/* Where one goal is out of reach, geography by matching decides the node
 * in about one case in five; a matching costs about ten nodes, so it is
 * tried only on regions at least this big (64: never). */
#ifndef MATCH_ONE_MIN
#define MATCH_ONE_MIN 64
#endif
/* Pockets (rs_pockets below) are looked for in proofs without a node limit
 * or with one above this; the small proofs a move starts with (a few
 * thousand nodes, checked position by position for the guarantees of
 * nodes 3000) search as they were checked, but on 7x7 from ply
 * LATE_PLY_7 on, past the book, where no such check was made: there they
 * take pockets out too, in regions down to LATE_POCKET_FLOOR squares (a
 * node budget counts nodes, not the time the search for pockets takes).
 * At nodes 3000, past ply 10, the engine then threw the win in 66 of
 * 23,441 won positions, from 102; the pockets of up to 20 squares or the
 * one-goal matching test at every size threw no fewer
 * (bench/results/rastros-nodes3000-late-pockets-20261207.txt). */
#define POCKET_MIN_LIMIT 30000
#define LATE_PLY_7 11
#define LATE_POCKET_FLOOR 8
/* A pocket is looked for up to this many squares, */
#define POCKET_MAX 12
/* in regions of at least this many free squares: in smaller ones the
 * search for them cost more than the nodes it saved (the 8x8 proof with
 * 2 threads: 1.10 times the nodes, 0.92 times the time; 16 squares saved
 * less; bench/results/rastros-solve-8x8-pocketfloor-20261207.txt). */
#ifndef POCKET_FLOOR
#define POCKET_FLOOR 20
#endif
#define POCKET_MEMO 4096
/* Probes: in the proofs that look for pockets (t->probe_min), a node with
 * at least PROBE_MIN free squares first gives each of its moves but the
 * first a search of at most PROBE_NODES nodes, in order, before it
 * searches them in full. Where the first moves in order lose after a big
 * proof, a later one often wins in a few dozen nodes (the 8x8 start with
 * one thread: 272 M nodes, from 338 M; bigger probes, or probes of smaller
 * nodes, saved less: bench/results/rastros-solve-8x8-probes-20261207.txt).
 * What a probe proved stays in the table; an unfinished probe costs its
 * nodes. */
#ifndef PROBE_MIN
#define PROBE_MIN 42
#endif
#ifndef PROBE_NODES
#define PROBE_NODES 64
#endif
/* A thread's history of winning moves: for each side and square of the
 * snail, how often a move to each square won (rs_search's order). */
typedef uint32_t rs_history[2][64][64];
#define BUSY_SLOTS 4096
#define MAX_THREADS 64
/* Node allowance of a lost root's choice of the hardest move, at least. */
#define HARD_NODES 20000
/* Node allowance of the search for short wins before a proof, and the
 * smallest node limit it runs under: it looks for the shortest win, and
 * under a small limit its nodes are the proof's (without it, 2,700 nodes
 * prove 21 more of 1,325 won 7x7 positions past ply 8, with the root's
 * order below). */
#define MATE_NODES 3000
#define MATE_MIN_LIMIT 30000

static uint64_t bit(int sq) { return 1ULL << sq; }

/* The search runs in a copy compiled for the popcnt instruction where the
 * processor has it (the default x86-64 target does not). Not under
 * ThreadSanitizer: the copy's resolver runs before TSan's runtime is up
 * and crashes the program at start (bench/tsan-interrupt). */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)     /* clang's name for it */
#define RS_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)        /* gcc's */
#define RS_TSAN 1
#endif
#if defined(__x86_64__) && defined(__GNUC__) && !defined(RS_HOT) && !defined(RS_TSAN)
#define RS_HOT __attribute__((target_clones("popcnt", "default")))
#endif
#ifndef RS_HOT
#define RS_HOT
#endif
/* The small helpers of rs_search, inlined into each of its clones: as
 * calls they took 5 % of a proof's instructions, and the default clone's
 * popcount (a library call) served the popcnt one too. */
#define RS_INLINE static inline __attribute__((always_inline))

/* ---- symmetry: the square board keeps its goals under the transposition
 * (file <-> rank); the rotation by 180 degrees and the anti-transposition
 * swap the goals, so they map a position to one of equal value with the
 * other side to move. ---- */

static uint64_t reverse64(uint64_t x)
{
    x = __builtin_bswap64(x);
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
    return x;
}

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93ULL;
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93ULL;
    x ^= x >> 32;
    return x;
}

static inline int popcount(uint64_t x)
{
    return __builtin_popcountll(x);
}

/* ---- the tables ----
 * Buckets of four 16-byte entries (one cache line). An entry holds the
 * whole key: data has the snail, side, size and the value, and lock xored
 * with a mix of data gives back the region mask, so a match is the very
 * position asked for. An entry torn by two threads writing at once (one's
 * lock, the other's data) gives back a garbled mask: it would take a 64-bit
 * coincidence to match. */
struct rs_entry {
    _Atomic uint64_t lock;
    _Atomic uint64_t data;
};

#define RS_BUCKET 4
#define D_KEYBITS 0x3ffULL              /* snail 0-5, stm 6, size 7-8, valid 9 */
#define D_VALID (1ULL << 9)
#define D_WIN (1ULL << 10)
#define D_MOVE_SHIFT 11                 /* 6 bits, canonical square */
#define D_HASMOVE (1ULL << 17)
#define D_WORK_SHIFT 18                 /* 6 bits: log2 of the proof's nodes */
#define D_GEN_SHIFT 56                  /* 8 bits: the table's generation */

struct rs_table {
    struct rs_entry *e;
    size_t mapped;                      /* bytes mapped (lazily touched) */
    uint64_t mask;                      /* buckets in use - 1 (any number) */
    uint64_t gen;                       /* entries of other generations are
                                         * empty: a clear is one increment */
};

/* Per board size: goals and the square maps of the symmetries. */
struct rs_geom {
    int size;
    uint64_t board;
    int goal[2];
    int shift;                          /* 9 * (8 - size): rotation offset */
    uint8_t sym[4][64];                 /* identity, T, R, A (involutions) */
    uint8_t near[2][64];                /* 7 - king distance to goal[i] */
};

/* pocket_wins's answers: a pocket, its cut square and its value */
struct rs_pocket_memo {
    uint64_t q;
    uint8_t a, wins;                    /* a + 1: 0 is an empty slot */
};

struct rastros_solver {
    struct rs_table main, small, dtw;
    size_t main_cap;                    /* the hash option, in bytes */
    size_t small_cap;                   /* the small table's mapping */
    int small_max;                      /* for the board being solved */
    uint64_t king[64];
    struct rs_geom geom[RA_MAX_SIZE - RA_MIN_SIZE + 1];
    _Atomic uint64_t busy[BUSY_SLOTS];
    struct rs_table own_small[MAX_THREADS];     /* the helper threads' own
                                                 * small tables (1 up) */
    struct rastros_book book;
    int book_ok;
    struct rastros_strategy strategy;   /* 8x8; n == 0: none */
    struct rastros_strategy strategy7;  /* the 7x7 fixes; n == 0: none */
    int book_min[4];                    /* fewest squares of a book key */
    struct rs_pocket_memo *pocket_memo; /* POCKET_MEMO a thread, made at the
                                         * first proof with pockets: a
                                         * pocket's value never changes */
    rs_history *history;                /* one a thread, made with the memo,
                                         * cleared at each proof */
};

struct rs_key {
    uint64_t mask;
    uint64_t meta;                      /* snail | stm << 6 | size << 7 */
    int sym;                            /* the map that gave the canonical form */
    uint64_t om[4];                     /* the mask under each symmetry */
    struct rs_entry *b;                 /* its bucket (set in rs_search only) */
};

/* What the threads of one solve share. */
struct rs_shared {
    struct rastros_solver *sv;
    const struct rs_geom *g;
    atomic_int abort;
    _Atomic uint64_t nodes;             /* summed at every poll */
    uint64_t node_limit;
    int64_t deadline;
    int (*stop)(void *);
    void *ctx;
    int nthreads;
    _Atomic uint64_t first;             /* the key hash of the root's first
                                         * child as rs_search keys it */
    atomic_int join;                    /* a move of the opponent's failed
                                         * there: root_search */
    atomic_uint root_busy;              /* the root's children being proved
                                         * (bit i: child i) */
};

struct rs_thread {
    struct rs_shared *sh;
    struct rastros_solver *sv;
    const struct rs_geom *g;
    const uint64_t *king;
    const struct rastros_book *book;    /* NULL: without the book */
    int book_min;
    long mate_left;                     /* node allowance of rs_mate */
    const struct rs_table *small;       /* this thread's small table */
    uint64_t nodes, polled, next_poll;
    uint64_t probe_end;                 /* a probe's node limit, or 0 */
    int id;
    int stopped;
    int mark_root;                      /* the next node keyed is a root
                                         * child: its key into root_key
                                         * (2: the first, into sh->first) */
    struct rs_key root_key;             /* the root child being proved */
    const struct rs_table *root_tab;    /* its table; NULL: none */
    int may_leave;                      /* a helper in another root child:
                                         * it leaves when join is set */
    int pockets;                        /* rs_pockets in this proof */
    int pocket_floor;                   /* in regions of this many free
                                         * squares or more (POCKET_FLOOR;
                                         * LATE_POCKET_FLOOR in the small
                                         * proofs) */
    int new_pockets;                    /* a child looks only for the
                                         * pockets its move made */
    int probe_min;                      /* probes from this many free
                                         * squares (PROBE_MIN; 65: none) */
    struct rs_pocket_memo *pocket_memo; /* this thread's (POCKET_MEMO), or
                                         * NULL */
    rs_history *history;                /* this thread's, or NULL: with
                                         * pockets only */
};

/* ---- table ---- */

static int table_map(struct rs_table *t, size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    size_t map = (bytes + huge - 1) / huge * huge;
    void *p = mmap(NULL, map, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
#ifdef MADV_HUGEPAGE
    madvise(p, map, MADV_HUGEPAGE);     /* one TLB entry per 2 MB */
#endif
    t->e = p;
    t->mapped = map;
    t->mask = 0;
    t->gen = 0;
    return 0;
}

static void table_unmap(struct rs_table *t)
{
    if (t->e)
        munmap(t->e, t->mapped);
    t->e = NULL;
}

static size_t buckets_for(size_t bytes)
{
    size_t n = bytes / (RS_BUCKET * sizeof(struct rs_entry));
    return n ? n : 1;
}

static uint64_t key_hash(const struct rs_key *k)
{
    return mix64(k->mask * 0x9e3779b97f4a7c15ULL + k->meta);
}

static struct rs_entry *bucket_of(const struct rs_table *t, const struct rs_key *k)
{
    /* any number of buckets: the hash scaled to it */
    uint64_t i = (uint64_t)(((unsigned __int128)key_hash(k) * (t->mask + 1)) >> 64);
    return t->e + i * RS_BUCKET;
}

static int entry_is(uint64_t d, uint64_t l, const struct rs_key *k)
{
    return (d & D_KEYBITS) == (k->meta | D_VALID) && (l ^ mix64(d)) == k->mask;
}

/* The data of k's entry in its bucket b of t, 0 if absent. */
RS_INLINE uint64_t bucket_probe(const struct rs_table *t, const struct rs_entry *b,
                                const struct rs_key *k)
{
    for (int i = 0; i < RS_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t l = atomic_load_explicit(&b[i].lock, memory_order_relaxed);
        if (entry_is(d, l, k) && d >> D_GEN_SHIFT == t->gen)
            return d;
    }
    return 0;
}

/* Returns the entry's data, 0 if absent. */
RS_INLINE uint64_t table_probe(const struct rs_table *t, const struct rs_key *k)
{
    return bucket_probe(t, bucket_of(t, k), k);
}

/* Stores d (with the table's generation) in bucket b: over the same key,
 * an empty or stale entry, else the one with the least work. */
RS_INLINE void table_put(const struct rs_table *t, struct rs_entry *b, const struct rs_key *k,
                         uint64_t d)
{
    int victim = 0, low = 1 << 30;
    d = (d & ~(255ULL << D_GEN_SHIFT)) | t->gen << D_GEN_SHIFT;
    for (int i = 0; i < RS_BUCKET; i++) {
        uint64_t od = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t ol = atomic_load_explicit(&b[i].lock, memory_order_relaxed);
        if (!(od & D_VALID) || od >> D_GEN_SHIFT != t->gen || entry_is(od, ol, k)) {
            victim = i;
            break;
        }
        int w = (int)(od >> D_WORK_SHIFT & 63);
        if (w < low) {
            low = w;
            victim = i;
        }
    }
    atomic_store_explicit(&b[victim].data, d, memory_order_relaxed);
    atomic_store_explicit(&b[victim].lock, k->mask ^ mix64(d), memory_order_relaxed);
}

static uint64_t entry_data(const struct rs_key *k, int win, int move, uint64_t work)
{
    int lg = work ? 64 - __builtin_clzll(work) : 0;
    uint64_t d = k->meta | D_VALID | (win ? D_WIN : 0) | (uint64_t)lg << D_WORK_SHIFT;
    if (move >= 0)
        d |= D_HASMOVE | (uint64_t)move << D_MOVE_SHIFT;
    return d;
}

/* Grows a table to the buckets wanted (within what is mapped), moving
 * every entry to its bucket under the new size: to the same bucket or a
 * later one, so from the last bucket down each is moved once.
 * Single-threaded. */
static void table_grow(struct rs_table *t, size_t buckets)
{
    size_t old = t->mask + 1;
    if (buckets <= old)
        return;
    t->mask = buckets - 1;
    for (size_t bi = old; bi-- > 0;) {
        struct rs_entry *b = t->e + bi * RS_BUCKET;
        for (int i = 0; i < RS_BUCKET; i++) {
            uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
            uint64_t l = atomic_load_explicit(&b[i].lock, memory_order_relaxed);
            if (!(d & D_VALID) || d >> D_GEN_SHIFT != t->gen)
                continue;
            struct rs_key k = {.mask = l ^ mix64(d), .meta = d & (D_KEYBITS & ~D_VALID)};
            struct rs_entry *nb = bucket_of(t, &k);
            if (nb == b)
                continue;
            atomic_store_explicit(&b[i].data, 0, memory_order_relaxed);
            atomic_store_explicit(&b[i].lock, 0, memory_order_relaxed);
            table_put(t, nb, &k, d);
        }
    }
}

RS_INLINE void table_store(const struct rs_table *t, const struct rs_key *k, uint64_t d)
{
    table_put(t, bucket_of(t, k), k, d);
}

/* ---- geometry and keys ---- */

static void geom_init(struct rs_geom *g, int size)
{
    int n1 = size - 1;
    g->size = size;
    g->board = 0;
    for (int r = 0; r < size; r++)
        g->board |= ((1ULL << size) - 1) << (8 * r);
    g->goal[0] = 0;
    g->goal[1] = n1 * 9;
    g->shift = 9 * (8 - size);
    for (int sq = 0; sq < 64; sq++) {
        int f = sq & 7, r = sq >> 3;
        for (int i = 0; i < 2; i++) {
            int df = abs(f - (g->goal[i] & 7)), dr = abs(r - (g->goal[i] >> 3));
            g->near[i][sq] = (uint8_t)(7 - (df > dr ? df : dr));
        }
        g->sym[0][sq] = (uint8_t)sq;
        g->sym[1][sq] = (uint8_t)(f * 8 + r);
        if (f <= n1 && r <= n1) {
            g->sym[2][sq] = (uint8_t)((n1 - r) * 8 + (n1 - f));
            g->sym[3][sq] = (uint8_t)((n1 - f) * 8 + (n1 - r));
        } else {
            g->sym[2][sq] = g->sym[3][sq] = 0;
        }
    }
}

/* The canonical key of (mask, snail, stm): the least of its four images,
 * from the images om[] of the mask under the four symmetries. */
RS_INLINE void pick_key(const struct rs_geom *g, const uint64_t om[4], int s, int stm,
                        struct rs_key *k)
{
    uint64_t sz = (uint64_t)(g->size - RA_MIN_SIZE) << 7;
    /* the least mask first; the snail and side only break ties */
    uint64_t bm = om[0];
    int bs = 0;
    if (om[1] < bm) { bm = om[1]; bs = 1; }
    if (om[2] < bm) { bm = om[2]; bs = 2; }
    if (om[3] < bm) { bm = om[3]; bs = 3; }
    uint64_t bx = (uint64_t)g->sym[bs][s] | (uint64_t)(stm ^ (bs >= 2)) << 6;
    if ((om[0] == bm) + (om[1] == bm) + (om[2] == bm) + (om[3] == bm) > 1)
        for (int i = 0; i < 4; i++)
            if (om[i] == bm) {
                uint64_t x = (uint64_t)g->sym[i][s] | (uint64_t)(stm ^ (i >= 2)) << 6;
                if (x < bx) {
                    bx = x;
                    bs = i;
                }
            }
    k->mask = om[bs];
    k->meta = bx | sz;
    k->sym = bs;
    memcpy(k->om, om, sizeof k->om);
}

RS_INLINE void make_key(const struct rs_geom *g, uint64_t mask, int s, int stm,
                        struct rs_key *k)
{
    uint64_t om[4];
    om[0] = mask;
    om[1] = ra_transpose(mask);
    om[2] = reverse64(mask) >> g->shift;
    om[3] = ra_transpose(om[2]);
    pick_key(g, om, s, stm, k);
}

/* A child's key from its parent's, when the child's mask is the parent's
 * without the square `to' (the region did not split, no corner went out
 * of reach): the images lose that square's images. */
RS_INLINE void child_key(const struct rs_geom *g, const struct rs_key *pk, int to, int stm,
                         struct rs_key *k)
{
    uint64_t om[4];
    for (int i = 0; i < 4; i++)
        om[i] = pk->om[i] & ~bit(g->sym[i][to]);
    pick_key(g, om, to, stm, k);
}

static const struct rs_table *table_for(const struct rastros_solver *sv, uint64_t F)
{
    return popcount(F) <= sv->small_max ? &sv->small : &sv->main;
}

/* The table a thread keeps a region in: the main table is everyone's, the
 * small one is the thread's own. Small regions are most of the nodes, and
 * a small table both threads write (its lines moving from core to core)
 * cost 1.1 times the CPU a node on the 8x8 proof with 2 threads, and 1.23
 * times its CPU in all (bench/results/rastros-solve-8x8-threads-*). */
static const struct rs_table *thread_table(const struct rs_thread *t, uint64_t F)
{
    return popcount(F) <= t->sv->small_max ? t->small : &t->sv->main;
}

/* Helper thread i's own small table, mapped at its first use after a
 * clear (rastros_solver_clear unmaps it) with the shared one's size, and
 * emptied when the shared one grows; the shared one if it cannot be
 * mapped. */
static const struct rs_table *helper_small(struct rastros_solver *sv, int i)
{
    struct rs_table *h = &sv->own_small[i];
    if (!h->e && table_map(h, sv->small_cap))
        return &sv->small;
    if (h->mask != sv->small.mask) {
        h->gen++;               /* at most once a clear: the shared one
                                 * grows only then (solve_frame, 8x8) */
        h->mask = sv->small.mask;
    }
    return h;
}

/* ---- threads: who is proving what (ABDADA) ---- */

static _Atomic uint64_t *busy_slot(struct rastros_solver *sv, uint64_t h)
{
    return &sv->busy[(h >> 20) & (BUSY_SLOTS - 1)];
}

static int busy_enter(struct rastros_solver *sv, uint64_t h)
{
    uint64_t zero = 0;
    return atomic_compare_exchange_strong(busy_slot(sv, h), &zero, h | 1);
}

static void busy_leave(struct rastros_solver *sv, uint64_t h)
{
    atomic_store(busy_slot(sv, h), 0);
}

static int busy_other(struct rastros_solver *sv, uint64_t h)
{
    return atomic_load_explicit(busy_slot(sv, h), memory_order_relaxed) == (h | 1);
}

int rastros_sym_square(int size, int sym, int sq)
{
    int f = sq & 7, r = sq >> 3, n1 = size - 1;
    switch (sym) {
    case 1: return f * 8 + r;
    case 2: return (n1 - r) * 8 + (n1 - f);
    case 3: return (n1 - f) * 8 + (n1 - r);
    }
    return sq;
}

/* ---- the search ---- */

static uint64_t flood(uint64_t seed, uint64_t within)
{
    uint64_t r = seed, prev;
    do {
        prev = r;
        r = ra_king_fill(r) & within;
    } while (r != prev);
    return r;
}

static int poll_stop(struct rs_thread *t)
{
    struct rs_shared *sh = t->sh;
    if (t->probe_end && t->nodes >= t->probe_end)
        return 1;                       /* the probe's end, not the proof's */
    if (t->may_leave && atomic_load_explicit(&sh->join, memory_order_relaxed))
        return 1;                       /* to the root's first child */
    if (t->root_tab && table_probe(t->root_tab, &t->root_key))
        return 1;                       /* another thread proved it */
    uint64_t total = atomic_fetch_add(&sh->nodes, t->nodes - t->polled) + t->nodes - t->polled;
    t->polled = t->nodes;
    if (atomic_load_explicit(&sh->abort, memory_order_relaxed) ||
        (sh->node_limit && total >= sh->node_limit) ||
        (sh->deadline && now_ms() >= sh->deadline) ||
        (t->id == 0 && sh->stop && sh->stop(sh->ctx))) {
        atomic_store(&sh->abort, 1);
        t->stopped = 1;
    }
    /* next poll: in 1024 nodes, or at this thread's share of what the node
     * limit leaves (so that one thread stops exactly at the limit) */
    uint64_t step = 1024;
    if (sh->node_limit) {
        uint64_t left = total < sh->node_limit ? sh->node_limit - total : 0;
        left /= (uint64_t)sh->nthreads;
        if (left < step)
            step = left ? left : 1;
    }
    t->next_poll = t->nodes + step;
    if (t->probe_end && t->next_poll > t->probe_end)
        t->next_poll = t->probe_end;
    return t->stopped;
}

/* The goal corners of C still next to the region R. */
static uint64_t corners_next_to(const struct rs_thread *t, uint64_t C, uint64_t R)
{
    const struct rs_geom *g = t->g;
    for (int i = 0; i < 2; i++)
        if ((C & bit(g->goal[i])) && !(t->king[g->goal[i]] & R))
            C &= ~bit(g->goal[i]);
    return C;
}

/* The order of the moves: by the opponent's replies that do not lose at
 * once (oreach: the squares he may step on), fewest first, then the
 * squares farthest from my own goal first (with the cutoffs below, this
 * halved the nodes of 8x8 proofs and proves more 7x7 positions within a
 * small budget). A key below 8 leaves him no reply: the move wins now. */
static inline int order_key(const struct rs_geom *g, const uint64_t *king, uint64_t oreach,
                            int stm, int to)
{
    return popcount(king[to] & oreach) * 8 + g->near[stm][to];
}

/* ---- pockets ----
 * A part Q of the region that the snail can enter only through one square
 * a (not the snail's), and that touches no goal corner, is geography once
 * the snail is in it: it can never leave, and the side that steps from a
 * into Q wins or loses by Q alone (maximum matching; a single square wins,
 * two lose). If it wins, whoever moves into a loses, so a and all it leads
 * to can go. If it loses, that step is no winning move for anyone, so Q
 * can go. Either way the value of the position, and its winning moves
 * (never into a), are kept, and the region left is smaller: more positions
 * meet in the tables, and the moves into a are not searched. The 8x8 proof
 * takes a third of the nodes (doc/rules/rastros.md). Squares that can cut
 * the region are those whose neighbours in it do not join around them; Q
 * is looked for from each of a's neighbours, up to POCKET_MAX squares. */

/* The squares of G whose neighbours in G are not joined among themselves
 * around it (only such a square can cut G): around a square, the
 * orthogonal neighbours form a cycle and a diagonal one touches its two
 * orthogonal ones. */
static inline uint64_t cut_candidates(uint64_t G)
{
    const uint64_t A = RA_FILE_A, H = RA_FILE_H;
    uint64_t n = G >> 8, s = G << 8, e = (G & ~A) >> 1, w = (G & ~H) << 1;
    uint64_t ne = (G & ~A) >> 9, nw = (G & ~H) >> 7, se = (G & ~A) << 7, sw = (G & ~H) << 9;
    uint64_t i1 = ne & ~n & ~e, i2 = nw & ~n & ~w, i3 = se & ~s & ~e, i4 = sw & ~s & ~w;
    uint64_t two_runs = (n & s & ~e & ~w) | (e & w & ~n & ~s);
    uint64_t lone = i1 | i2 | i3 | i4;
    uint64_t two_lone = (i1 & (i2 | i3 | i4)) | (i2 & (i3 | i4)) | (i3 & i4);
    return two_runs | (lone & (n | s | e | w)) | two_lone;
}

/* From *q (a neighbour of a cut square a), the part of R = F without a
 * around it: 1 if it has at most POCKET_MAX squares and touches nothing of
 * `stop' (a goal corner's neighbours, the snail's), with the part in *q;
 * 0 if not, with what was reached in *q. */
static inline int small_part(uint64_t *q, uint64_t R, uint64_t stop)
{
    uint64_t Q = *q, prev;
    do {
        prev = Q;
        Q = ra_king_fill(Q) & R;
        if ((Q & stop) || popcount(Q) > POCKET_MAX) {
            *q = Q;
            return 0;
        }
    } while (Q != prev);
    *q = Q;
    return 1;
}

/* Whether the side at a wins by stepping into the pocket Q: a single
 * square wins, two lose, more by maximum matching, remembered by the
 * thread (the same pockets come back all over a proof). */
RS_INLINE int pocket_wins(struct rs_thread *t, uint64_t Q, int a)
{
    int n = popcount(Q);
    if (n <= 2)
        return n == 1;
    if (!t->pocket_memo)
        return rastros_uvg_wins(Q | bit(a), a);
    struct rs_pocket_memo *m = &t->pocket_memo[mix64(Q + (uint64_t)a) & (POCKET_MEMO - 1)];
    if (m->q == Q && m->a == a + 1)
        return m->wins;
    int w = rastros_uvg_wins(Q | bit(a), a);
    m->q = Q;
    m->a = (uint8_t)(a + 1);
    m->wins = (uint8_t)w;
    return w;
}

/* F (the snail at s, the corners C) without its pockets; C is updated. */
RS_INLINE uint64_t rs_pockets(struct rs_thread *t, uint64_t F, uint64_t *C, int s)
{
    uint64_t F0 = F, ks = t->king[s], stop = ks | ra_king_fill(*C);
    for (uint64_t cand = cut_candidates(F | bit(s)) & F; cand; cand &= cand - 1) {
        int a = __builtin_ctzll(cand);
        if (!(F & bit(a)))
            continue;                   /* gone with an earlier pocket */
        uint64_t R = F & ~bit(a), ring = t->king[a] & R & ~ks, dead = 0;
        int poisoned = 0;
        while (ring && !poisoned) {
            uint64_t Q = ring & -ring;
            int closed = small_part(&Q, R, stop);
            ring &= ~Q;
            if (closed && pocket_wins(t, Q, a))
                poisoned = 1;
            else if (closed)
                dead |= Q;
        }
        if (poisoned) {
            uint64_t seed = R & ks;
            F = seed ? flood(seed, R) : 0;
        } else {
            F &= ~dead;
        }
    }
    if (F != F0)
        *C = corners_next_to(t, *C, F | bit(s));
    return F;
}

/* Pockets are taken out where the proof allows it (t->pockets), the
 * region is big enough (POCKET_FLOOR; its parts are smaller still, so
 * none of them looks for pockets), and the book, keyed by whole regions,
 * cannot answer. */
static inline int pockets_here(const struct rs_thread *t, uint64_t F, uint64_t C)
{
    return t->pockets && popcount(F) >= t->pocket_floor &&
           !(t->book && popcount(F | C) >= t->book_min);
}

/* A pocket: its squares, its cut square, whether stepping in wins. */
struct rs_pocket {
    uint64_t q;
    int a, wins;
};

/* The part of R (F without the cut square a) around *q, as small_part
 * leaves it in *q; added to pk[*n] with a and its value when it is a
 * pocket. */
RS_INLINE void add_pocket(struct rs_thread *t, uint64_t *q, uint64_t R, uint64_t stop, int a,
                          struct rs_pocket *pk, int *n)
{
    if (!small_part(q, R, stop))
        return;
    pk[*n].q = *q;
    pk[*n].a = a;
    pk[*n].wins = pocket_wins(t, *q, a);
    (*n)++;
}

/* The pockets of the region F (with no snail in it: the node's, which its
 * children leave) with their cut squares and values, once for all the
 * children of a node: a child that moves the snail to `to' and leaves F
 * without `to' whole has as its pockets those that do not hold `to' (one
 * that holds it is its own ground; one that does not cannot touch it, as
 * `to' is in F). Returns how many (at most max). With T not 0 (the squares
 * next to the node's snail, whose parent found every pocket of its region
 * and took none of them from this one), only the pockets that hold a
 * square of T: any other would have been a pocket of the parent's region,
 * and gone with it. */
RS_INLINE int region_pockets(struct rs_thread *t, uint64_t F, uint64_t C, uint64_t T,
                             struct rs_pocket *pk, int max)
{
    uint64_t stop = ra_king_fill(C), cand = cut_candidates(F) & F;
    /* with T: its joined pieces (at most 4, around the snail) and the
     * layers grown around each in F, ball[c][0] the piece */
    uint64_t ball[4][POCKET_MAX + 2];
    int nball[4], np = 0;
    if (T) {
        /* only new pockets, which hold a square of T: one cut off by a
         * square a outside T holds all of a joined piece of T, so a is in
         * the first layer around that piece that brings it past POCKET_MAX
         * squares, or in an earlier one */
        uint64_t W = 0;
        for (uint64_t rest = T; rest; np++) {
            uint64_t P = flood(rest & -rest, T);
            rest &= ~P;
            int k = 0;
            ball[np][0] = P;
            while (popcount(P) <= POCKET_MAX) {
                uint64_t next = ra_king_fill(P) & F;
                if (next == P)
                    break;
                P = next;
                ball[np][++k] = P;
            }
            nball[np] = k + 1;
            W |= P;
        }
        cand &= W;
    }
    int n = 0;
    for (; cand && n < max; cand &= cand - 1) {
        int a = __builtin_ctzll(cand);
        uint64_t R = F & ~bit(a);
        if (T && !(T & bit(a))) {
            /* the parts that can be new: around each piece of T, from
             * its last layer without a (a part of R, grown as a flood
             * from the piece would grow it) */
            uint64_t reached = 0;
            for (int c = 0; c < np && n < max; c++) {
                if (ball[c][0] & reached)
                    continue;
                int j = nball[c] - 1;
                if (!(ball[c][j] & bit(a)) && popcount(ball[c][j]) > POCKET_MAX) {
                    reached |= ball[c][j];      /* the part holds it all */
                    continue;
                }
                while (ball[c][j] & bit(a))
                    j--;
                uint64_t Q = ball[c][j];
                add_pocket(t, &Q, R, stop, a, pk, &n);
                reached |= Q;
            }
            continue;
        }
        uint64_t ring = t->king[a] & R;
        while (ring && n < max) {
            uint64_t Q = ring & -ring;
            add_pocket(t, &Q, R, stop, a, pk, &n);
            ring &= ~Q;
        }
    }
    return n;
}

/* Fc (F without `to', whole) without the pockets of the list that are the
 * child's. */
static inline uint64_t child_pockets(const struct rs_thread *t, uint64_t Fc, int to,
                                     const struct rs_pocket *pk, int n)
{
    uint64_t poison = 0, dead = 0;
    for (int i = 0; i < n; i++) {
        if ((pk[i].q & bit(to)) || pk[i].a == to)
            continue;
        if (pk[i].wins)
            poison |= bit(pk[i].a);
        else
            dead |= pk[i].q;
    }
    Fc &= ~dead;
    if (poison) {
        uint64_t R = Fc & ~poison, seed = R & t->king[to];
        Fc = seed ? flood(seed, R) : 0;
    }
    return Fc;
}

/* Value of (F, C, s, stm) for the side to move: RS_WIN, RS_LOSS, or RS_STOP
 * when a limit stopped the search. kin: the key, from the parent, or NULL;
 * T: the squares next to s if only the pockets this move made are to be
 * looked for (region_pockets), else 0. */
RS_HOT static int rs_search(struct rs_thread *t, uint64_t F, uint64_t C, int s, int stm,
                     const struct rs_key *kin, uint64_t T)
{
    const struct rs_geom *g = t->g;
    const uint64_t *king = t->king;
    uint64_t nodes0 = t->nodes++;
    if (t->nodes >= t->next_poll && poll_stop(t))
        return RS_STOP;

    /* a parent takes its children's pockets out (below); a root or a
     * child whose region split, here */
    if (!kin && pockets_here(t, F, C))
        F = rs_pockets(t, F, &C, s);

    /* cheap exact tests first */
    int gm = g->goal[stm], go = g->goal[stm ^ 1];
    uint64_t moves = king[s] & (F | C);
    if (moves & bit(gm))
        return RS_WIN;                  /* step into my corner */
    uint64_t danger = (C & bit(go)) ? king[go] | bit(go) : 0;
    uint64_t safe = moves & ~danger;
    if (!safe)
        return RS_LOSS;                 /* stuck, or every move lets him in */

    struct rs_key k;
    const struct rs_table *tab = thread_table(t, F);
    if (kin) {
        k = *kin;                       /* the parent's, bucket on its way */
    } else {
        make_key(g, F | C, s, stm, &k);
        k.b = bucket_of(tab, &k);
        __builtin_prefetch(k.b);
        if (t->mark_root) {
            t->root_key = k;
            t->root_tab = tab;
            if (t->mark_root == 2)
                atomic_store(&t->sh->first, key_hash(&k) | 1);
            t->mark_root = 0;
        }
    }

    /* the moves in order (order_key, then the thread's history: the moves
     * that won most often from this square first); one that leaves no
     * reply wins now */
    uint64_t oreach = F & ~((C & bit(gm)) ? king[gm] | bit(gm) : 0);
    uint32_t *hist = t->history ? (*t->history)[stm][s] : NULL;
    uint64_t cnt[8];
    int sq[8], n = 0;
    for (uint64_t m = safe; m; m &= m - 1) {
        int to = __builtin_ctzll(m);
        int c0 = order_key(g, king, oreach, stm, to);
        if (c0 < 8)
            return RS_WIN;
        uint64_t c = (uint64_t)c0 << 32 | (hist ? UINT32_MAX - hist[to] : 0);
        int j = n++;
        while (j > 0 && cnt[j - 1] > c) {
            cnt[j] = cnt[j - 1];
            sq[j] = sq[j - 1];
            j--;
        }
        cnt[j] = c;
        sq[j] = to;
    }

    uint64_t d = bucket_probe(tab, k.b, &k);
    if (d)
        return (d & D_WIN) ? RS_WIN : RS_LOSS;
    if (t->book && popcount(F | C) >= t->book_min) {
        long bi = rastros_book_find(t->book, g->size, k.mask, (int)(k.meta & 63),
                                    (int)(k.meta >> 6 & 1));
        if (bi >= 0)
            return (rastros_book_answer(t->book, g->size, bi) & RB_WIN) ? RS_WIN : RS_LOSS;
    }
    if (!(C & (bit(gm) | bit(go)))) {
        /* no goal can be reached any more: pure geography, decided by
         * maximum matching */
        int w = rastros_uvg_wins(F | bit(s), s);
        table_put(tab, k.b, &k, entry_data(&k, w, -1, 0));
        return w ? RS_WIN : RS_LOSS;
    }
    if (popcount(F) >= MATCH_ONE_MIN && (C & (bit(gm) | bit(go))) != (bit(gm) | bit(go))) {
        /* one goal is out of reach: the side that wins geography without
         * it wins Rastros too if the other goal is its own (entering the
         * opponent's corner only loses sooner) */
        int w = rastros_uvg_wins(F | bit(s), s);
        if ((C & bit(gm)) ? w : !w) {
            table_put(tab, k.b, &k, entry_data(&k, w, -1, 0));
            return w ? RS_WIN : RS_LOSS;
        }
    }

    /* The children: their regions (F without s stays connected when its
     * squares next to s join among themselves; otherwise each child floods
     * its own part) and keys, with every bucket asked for at once so that
     * the memory latencies overlap. */
    uint64_t nb = king[s] & F;
    int split = nb && flood(nb & -nb, nb) != nb;
    uint64_t Fc[8], Cc[8], Tc[8], comp = 0, CF = corners_next_to(t, C, F);
    struct rs_key ck[8];
    const struct rs_table *ct[8];
    struct rs_pocket pk[16];
    int npk = -1;
    for (int i = 0; i < n; i++) {
        int to = sq[i];
        uint64_t R = F;
        if (split) {
            if (!(comp & bit(to)))
                comp = flood(bit(to), F);
            R = comp;
        }
        Fc[i] = R & ~bit(to);
        Cc[i] = split ? corners_next_to(t, C, R) : CF;
        uint64_t whole = Fc[i];
        Tc[i] = 0;
        if (pockets_here(t, Fc[i], Cc[i])) {
            if (R != F || Cc[i] != C) {
                Fc[i] = rs_pockets(t, Fc[i], &Cc[i], to);
            } else {
                if (npk < 0)
                    npk = region_pockets(t, F, C, T, pk, 16);
                if (npk) {
                    Fc[i] = child_pockets(t, Fc[i], to, pk, npk);
                    if (Fc[i] != whole)
                        Cc[i] = corners_next_to(t, C, Fc[i] | bit(to));
                }
                /* every pocket of F was found, and none went: the child's
                 * new pockets hold a square next to its snail */
                if (t->new_pockets && npk < 16 && Fc[i] == whole)
                    Tc[i] = king[to] & whole;
            }
        }
        if (R == F && Cc[i] == C && Fc[i] == whole)
            child_key(g, &k, to, stm ^ 1, &ck[i]);
        else
            make_key(g, Fc[i] | Cc[i], to, stm ^ 1, &ck[i]);
        ct[i] = thread_table(t, Fc[i]);
        ck[i].b = bucket_of(ct[i], &ck[i]);
        __builtin_prefetch(ck[i].b);
    }
    /* Enhanced transposition cutoffs: a child the table knows lost for the
     * opponent wins at once; one it knows won for him is no winning move,
     * and is not searched again. */
    unsigned known = 0;
    for (int i = 0; i < n; i++) {
        uint64_t cd = bucket_probe(ct[i], ck[i].b, &ck[i]);
        if (cd && !(cd & D_WIN)) {
            table_put(tab, k.b, &k, entry_data(&k, 1, g->sym[k.sym][sq[i]],
                                               t->nodes - nodes0));
            return RS_WIN;
        }
        if (cd)
            known |= 1u << i;
    }
    /* Probes (PROBE_MIN) of the moves after the first unsettled one (that
     * one is searched in full first: a probe would only repeat its start).
     * A move a probe proves lost for the opponent wins now; one it proves
     * won for him is skipped below, as the cutoffs' are; one it leaves
     * unfinished is searched in full below. */
    if (!t->probe_end && popcount(F) >= t->probe_min &&
        popcount(known) + 1 < n) {
        int first = __builtin_ctz(~known);
        for (int i = first + 1; i < n; i++) {
            if (known & (1u << i))
                continue;
            t->probe_end = t->nodes + PROBE_NODES;
            if (t->next_poll > t->probe_end)
                t->next_poll = t->probe_end;
            int v = rs_search(t, Fc[i], Cc[i], sq[i], stm ^ 1, &ck[i], Tc[i]);
            t->probe_end = 0;
            t->next_poll = t->nodes;    /* the proof's own limits, at once */
            if (v == RS_STOP) {
                if (t->stopped)
                    return RS_STOP;
                continue;
            }
            if (v == RS_LOSS) {
                if (hist && hist[sq[i]] < UINT32_MAX)
                    hist[sq[i]]++;
                table_put(tab, k.b, &k, entry_data(&k, 1, g->sym[k.sym][sq[i]],
                                                   t->nodes - nodes0));
                return RS_WIN;
            }
            known |= 1u << i;
        }
    }
    int par = t->sh->nthreads > 1 && popcount(F) >= PAR_MIN;
    uint64_t h = par ? key_hash(&k) : 0;
    int owner = par && busy_enter(t->sv, h);
    unsigned deferred = 0;
    int result = RS_LOSS, best = -1;
    for (int pass = 0; pass < 2 && result == RS_LOSS; pass++) {
        for (int i = 0; i < n; i++) {
            if ((pass == 1 && !(deferred & (1u << i))) || (known & (1u << i)))
                continue;
            if (par && pass == 0 && i > 0 && busy_other(t->sv, key_hash(&ck[i]))) {
                deferred |= 1u << i;
                continue;
            }
            int v = rs_search(t, Fc[i], Cc[i], sq[i], stm ^ 1, &ck[i], Tc[i]);
            if (v == RS_STOP) {
                if (owner)
                    busy_leave(t->sv, h);
                return RS_STOP;
            }
            if (v == RS_LOSS) {
                result = RS_WIN;
                best = sq[i];
                if (hist && hist[best] < UINT32_MAX)
                    hist[best]++;
                break;
            }
            if (par && (h | 1) == atomic_load_explicit(&t->sh->first, memory_order_relaxed))
                atomic_store(&t->sh->join, 1);
        }
        if (!deferred)
            break;
    }
    if (owner)
        busy_leave(t->sv, h);
    table_put(tab, k.b, &k, entry_data(&k, result == RS_WIN,
                                       best >= 0 ? g->sym[k.sym][best] : -1,
                                       t->nodes - nodes0));
    return result;
}


/* ---- distances: the winner hurries, the loser delays ----
 * An alpha-beta search on lengths, led by the proved values: a won node
 * looks only at its winning moves. Scores count plies from the root (a win
 * at ply P scores DTW_MATE - P, a loss -(DTW_MATE - P)); the table keeps,
 * for each node, an interval [lo, hi] that holds its distance to the end. */
#define DTW_MATE 1000
#define DTW_STOP (-32000)
#define DTW_MIN_NODES 20000     /* a distance search may always take this */
#define DTW_MAX_NODES (1u << 20) /* and never more: it finds no distance in
                                 * a big proof (the 8x8 start's 19 M nodes,
                                 * 3 % of its time, found none) */
#define T_LO_SHIFT 24                   /* 7 bits */
#define T_HI_SHIFT 31                   /* 7 bits */

static int dist_score(int win, int ply, int p)
{
    return win ? DTW_MATE - ply - p : -(DTW_MATE - ply - p);
}

static int score_dist(int score, int ply)
{
    return score > 0 ? DTW_MATE - ply - score : DTW_MATE - ply + score;
}

static int rs_dtw(struct rs_thread *t, uint64_t F, uint64_t C, int s, int stm, int ply,
                  int alpha, int beta, int *best_move)
{
    const struct rs_geom *g = t->g;
    const uint64_t *king = t->king;
    uint64_t nodes0 = t->nodes++;
    if (t->nodes >= t->next_poll && poll_stop(t))
        return DTW_STOP;
    int gm = g->goal[stm], go = g->goal[stm ^ 1];
    uint64_t moves = king[s] & (F | C);
    if (moves & bit(gm)) {
        if (best_move)
            *best_move = gm;
        return dist_score(1, ply, 1);
    }
    if (!moves)
        return dist_score(0, ply, 0);
    uint64_t danger = (C & bit(go)) ? king[go] | bit(go) : 0;
    uint64_t safe = moves & ~danger;
    /* a step next to his corner loses in 2, into it in 1 */
    uint64_t qm = moves & danger & ~bit(go);
    int quick = qm ? dist_score(0, ply, 2)
              : (moves & bit(go)) ? dist_score(0, ply, 1) : -DTW_MATE - 1;
    if (best_move && (qm || (moves & bit(go))))
        *best_move = qm ? __builtin_ctzll(qm) : go;
    if (!safe)
        return quick;
    int v = rs_search(t, F, C, s, stm, NULL, 0);
    if (v == RS_STOP)
        return DTW_STOP;
    int win = v == RS_WIN;
    struct rs_key k;
    make_key(g, F | C, s, stm, &k);
    int lo = 0, hi = 127;
    uint64_t d = table_probe(&t->sv->dtw, &k);
    if (d && ((d & D_WIN) != 0) == win && !best_move) {
        lo = (int)(d >> T_LO_SHIFT & 127);
        hi = (int)(d >> T_HI_SHIFT & 127);
        /* the best and worst scores the interval allows */
        int smax = win ? dist_score(1, ply, lo) : dist_score(0, ply, hi);
        int smin = win ? dist_score(1, ply, hi) : dist_score(0, ply, lo);
        if (lo == hi || smin >= beta)
            return smin;
        if (smax <= alpha)
            return smax;
    }
    int alpha0 = alpha;
    int best = win ? -DTW_MATE - 1 : quick;
    if (best > alpha)
        alpha = best;
    uint64_t oreach = F & ~((C & bit(gm)) ? king[gm] | bit(gm) : 0);
    int cnt[8], sq[8], n = 0;
    for (uint64_t m = safe; m; m &= m - 1) {
        int to = __builtin_ctzll(m);
        int c = popcount(king[to] & oreach);
        int j = n++;
        while (j > 0 && cnt[j - 1] > c) {
            cnt[j] = cnt[j - 1];
            sq[j] = sq[j - 1];
            j--;
        }
        cnt[j] = c;
        sq[j] = to;
    }
    uint64_t nb = king[s] & F;
    int split = nb && flood(nb & -nb, nb) != nb;
    for (int i = 0; i < n && alpha < beta; i++) {
        int to = sq[i];
        uint64_t R = split ? flood(bit(to), F) : F;
        uint64_t Fc = R & ~bit(to), Cc = corners_next_to(t, C, R);
        if (win) {
            int cv = rs_search(t, Fc, Cc, to, stm ^ 1, NULL, 0);
            if (cv == RS_STOP)
                return DTW_STOP;
            if (cv == RS_WIN)
                continue;               /* not a winning move */
        }
        int sc = rs_dtw(t, Fc, Cc, to, stm ^ 1, ply + 1, -beta, -alpha, NULL);
        if (sc == DTW_STOP)
            return DTW_STOP;
        sc = -sc;
        if (sc > best) {
            best = sc;
            if (best_move)
                *best_move = to;
            if (sc > alpha)
                alpha = sc;
        }
    }
    /* what the search says about the distance: exact inside the window,
     * a bound outside it */
    int p = score_dist(best, ply);
    if (best <= alpha0) {
        if (win) lo = lo > p ? lo : p;      /* no faster win than p */
        else hi = hi < p ? hi : p;          /* no longer defence than p */
    } else if (best >= beta) {
        if (win) hi = hi < p ? hi : p;
        else lo = lo > p ? lo : p;
    } else {
        lo = hi = p;
    }
    uint64_t nd = k.meta | D_VALID | (win ? D_WIN : 0) |
                  (uint64_t)(lo & 127) << T_LO_SHIFT | (uint64_t)(hi & 127) << T_HI_SHIFT |
                  (uint64_t)(64 - __builtin_clzll(t->nodes - nodes0)) << D_WORK_SHIFT;
    table_store(&t->sv->dtw, &k, nd);
    return best;
}

/* ---- the root ---- */

struct rs_root {
    uint64_t F, C;
    int s, stm;
    int n;
    int to[8];
    uint64_t Fc[8], Cc[8];
};

/* The root's children, in the order the search would take them: as
 * rs_search orders its moves, a step into my corner first and the moves
 * that let him into his last. A proof under a small node limit spends it
 * all on its first expensive child (with the short-win rule above, 2,700
 * nodes prove 29 more of 1,325 won 7x7 positions past ply 8; the 8x8
 * proof with one thread takes 8 % fewer nodes, 3 % with solve's distance
 * and move choice). With more threads too: they share the first child and
 * part below it (root_search), and the order by square they once took
 * made 2 threads prove a won 8x8 position (d4 c3 d3) in 45 M nodes where
 * this order takes 13.6 M, and the 8x8 proof take 1.2 times the wall
 * time (bench/results/rastros-solve-8x8-rootorder-20261207.txt). */
static void root_children(struct rs_thread *t, struct rs_root *r)
{
    const struct rs_geom *g = t->g;
    const uint64_t *king = t->king;
    int gm = g->goal[r->stm], go = g->goal[r->stm ^ 1];
    uint64_t moves = king[r->s] & (r->F | r->C);
    uint64_t nb = king[r->s] & r->F;
    int split = nb && flood(nb & -nb, nb) != nb;
    uint64_t danger = (r->C & bit(go)) ? king[go] | bit(go) : 0;
    uint64_t oreach = r->F & ~((r->C & bit(gm)) ? king[gm] | bit(gm) : 0);
    int key[8];
    r->n = 0;
    for (uint64_t m = moves; m; m &= m - 1) {
        int to = __builtin_ctzll(m);
        uint64_t R = split ? flood(bit(to), r->F) : r->F;
        int c = to == gm ? -1 : (bit(to) & danger) ? 1000 + to
              : order_key(g, king, oreach, r->stm, to);
        int j = r->n++;
        for (; j > 0 && key[j - 1] > c; j--) {
            key[j] = key[j - 1];
            r->to[j] = r->to[j - 1];
            r->Fc[j] = r->Fc[j - 1];
            r->Cc[j] = r->Cc[j - 1];
        }
        key[j] = c;
        r->to[j] = to;
        r->Fc[j] = R & ~bit(to);
        r->Cc[j] = corners_next_to(t, r->C, R);
    }
}

/* The key of the root's child i (the position after its move). */
static void root_child_key(const struct rs_geom *g, const struct rs_root *r, int i,
                           struct rs_key *k)
{
    make_key(g, r->Fc[i] | r->Cc[i], r->to[i], r->stm ^ 1, k);
}

/* The table entry of the root's child i, 0 when the table has none. */
static uint64_t root_child_entry(const struct rastros_solver *sv, const struct rs_geom *g,
                                 const struct rs_root *r, int i)
{
    struct rs_key ck;
    root_child_key(g, r, i, &ck);
    return table_probe(table_for(sv, r->Fc[i]), &ck);
}

/* The nodes an entry's proof took (a power of two; 1 without an entry). */
static uint64_t entry_work(uint64_t d)
{
    return d ? 1ULL << (d >> D_WORK_SHIFT & 63) : 1;
}

/* The value of a root child for the side to move at the root (a move into
 * a goal corner ends the game). */
static int child_value(struct rs_thread *t, const struct rs_root *r, int i)
{
    const struct rs_geom *g = t->g;
    if (r->to[i] == g->goal[r->stm])
        return RS_WIN;
    if (r->to[i] == g->goal[r->stm ^ 1])
        return RS_LOSS;
    int v = rs_search(t, r->Fc[i], r->Cc[i], r->to[i], r->stm ^ 1, NULL, 0);
    return v == RS_STOP ? RS_STOP : -v;
}

/* Short wins, looked for before the proof: can the side to move win within
 * d plies (d odd)? A proof ordered by the opponent's replies may spend
 * thousands of nodes before it meets a win in three. Returns 1 (and the
 * move), 0, or -1 when its node allowance (t->mate_left) runs out. */
static int rs_mate(struct rs_thread *t, uint64_t F, uint64_t C, int s, int stm, int d,
                   int *move)
{
    const struct rs_geom *g = t->g;
    const uint64_t *king = t->king;
    if (--t->mate_left < 0)
        return -1;
    t->nodes++;
    int gm = g->goal[stm], go = g->goal[stm ^ 1];
    uint64_t moves = king[s] & (F | C);
    if (moves & bit(gm)) {
        *move = gm;
        return 1;
    }
    if (d < 3)
        return 0;
    uint64_t danger = (C & bit(go)) ? king[go] | bit(go) : 0;
    uint64_t mine = (C & bit(gm)) ? king[gm] : 0;     /* he must not stop there */
    uint64_t nb = king[s] & F;
    int split = nb && flood(nb & -nb, nb) != nb;
    for (uint64_t m = moves & ~danger; m; m &= m - 1) {
        int to = __builtin_ctzll(m);
        uint64_t R = split ? flood(bit(to), F) : F;
        uint64_t F1 = R & ~bit(to), C1 = corners_next_to(t, C, R);
        uint64_t nb1 = king[to] & F1;
        int split1 = nb1 && flood(nb1 & -nb1, nb1) != nb1;
        int all = 1;
        /* every reply of his loses within d - 1 more plies: one next to my
         * corner at once, another by a short win of mine */
        for (uint64_t rep = nb1 & ~mine; rep && all; rep &= rep - 1) {
            int r = __builtin_ctzll(rep), dummy;
            uint64_t R2 = split1 ? flood(bit(r), F1) : F1;
            int v = rs_mate(t, R2 & ~bit(r), corners_next_to(t, C1, R2), r, stm, d - 2, &dummy);
            if (v < 0)
                return -1;
            all = v;
        }
        if (all) {
            *move = to;
            return 1;
        }
    }
    return 0;
}

/* Root child i's value for the side to move at the root (child_value),
 * the child's key kept for poll_stop as rs_search makes it (mark 2: the
 * main thread's first child, whose key goes to sh->first too): a search
 * that another thread's proof of the child stops takes that proof's value.
 * A helper that may leave stops when sh->join is set: RS_STOP then, with
 * t->stopped clear. */
static int root_child(struct rs_thread *t, const struct rs_root *r, int i, int mark,
                      int may_leave)
{
    int v;
    t->may_leave = may_leave;
    for (;;) {
        t->mark_root = t->sh->nthreads > 1 ? mark : 0;
        t->root_tab = NULL;
        v = child_value(t, r, i);
        if (v != RS_STOP || t->stopped)
            break;
        uint64_t d = t->root_tab ? table_probe(t->root_tab, &t->root_key) : 0;
        if (d) {
            v = (d & D_WIN) ? RS_LOSS : RS_WIN;
            break;
        }
        if (t->may_leave && atomic_load(&t->sh->join))
            break;
        /* the other thread's entry was replaced before it was read: the
         * child again (its subtree's entries make it quick) */
    }
    t->mark_root = 0;
    t->may_leave = 0;
    t->root_tab = NULL;
    return v;
}

/* The root's children's bits in root_busy: each child's is that of the
 * first child with the same position (the images of a position under the
 * board's symmetries meet in one key), so that no thread takes up a
 * position another is proving under another name. */
static void root_bits(const struct rs_thread *t, const struct rs_root *r, unsigned *bit)
{
    struct rs_key k[8];
    for (int i = 0; i < r->n; i++) {
        root_child_key(t->g, r, i, &k[i]);
        bit[i] = 1u << i;
        for (int j = 0; j < i; j++)
            if (k[j].mask == k[i].mask && k[j].meta == k[i].meta) {
                bit[i] = 1u << j;
                break;
            }
    }
}

/* The root's children in order, each child another thread is proving put
 * off to a second pass. A lost root (the 8x8 start) needs every child
 * proved, and two threads in one child split its work only deep down,
 * where each thread's small table keeps what it proved from the other; a
 * won one needs only its winning child, most often the first in order,
 * where every reply must be proved and the threads split at once. So the
 * first child is the main thread's, and a helper starts on the next; once
 * one of the opponent's moves in the first child fails (a sign that it is
 * the winning one), a helper leaves its child for the first, and comes
 * back to it after. A thread marks the child it takes busy (root_busy)
 * before it starts: rs_search's mark comes after the child's pockets,
 * order and probes, and a helper that looked for it before then went into
 * the first child at once (the 8x8 start proof with 2 threads proved that
 * child twice, 1.3 times its nodes); and not in the busy slots, which all
 * nodes share: in one run a helper found the slot of a child no thread was
 * proving taken, put it off, and both threads then proved the last two
 * children together (bench/results/rastros-solve-8x8-rootbusy-20261207.txt).
 * Returns the root's value or RS_STOP. */
static int root_search(struct rs_thread *t, const struct rs_root *r, int *won)
{
    struct rs_shared *sh = t->sh;
    int many = sh->nthreads > 1;
    unsigned deferred = 0, bits[8] = {0};
    if (many)
        root_bits(t, r, bits);
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < r->n; i++) {
            if (pass == 1 && !(deferred & (1u << i)))
                continue;
            unsigned bit = bits[i];
            int owner = many && !(pass == 0 && i == 0 && t->id > 0) &&
                        !(atomic_fetch_or(&sh->root_busy, bit) & bit);
            if (many && pass == 0 && !owner) {
                deferred |= 1u << i;
                continue;
            }
            int v = root_child(t, r, i, i == 0 && t->id == 0 ? 2 : 1,
                               many && pass == 0 && i > 0 && t->id > 0 &&
                               !atomic_load(&sh->join));
            if (owner)
                atomic_fetch_and(&sh->root_busy, ~bit);
            int at = i;
            if (v == RS_STOP && !t->stopped) {
                /* it left for the first child: there, then back here */
                deferred |= 1u << i;
                at = 0;
                v = root_child(t, r, 0, 1, 0);
                if (v == RS_LOSS)
                    continue;
            }
            if (v == RS_WIN)
                *won = at;
            if (v != RS_LOSS)
                return v;
        }
        if (!deferred)
            break;
    }
    return RS_LOSS;
}

struct rs_job {
    struct rs_thread t;
    const struct rs_root *r;
    pthread_t tid;
};

static void *helper_main(void *arg)
{
    struct rs_job *j = arg;
    int won;
    root_search(&j->t, j->r, &won);
    poll_stop(&j->t);
    return NULL;
}

/* The region of a position: F, C as the search sees them. */
static void position_region(const uint64_t *king, const struct rs_geom *g,
                            const struct rastros *p, uint64_t *F, uint64_t *C)
{
    int s = p->snail;
    uint64_t goals = bit(g->goal[0]) | bit(g->goal[1]);
    uint64_t freesq = p->board & ~p->slime & ~bit(s);
    uint64_t R = flood(bit(s), (freesq & ~goals) | bit(s));
    *F = R & ~bit(s);
    *C = 0;
    for (int i = 0; i < 2; i++)
        if ((freesq & bit(g->goal[i])) && (king[g->goal[i]] & R))
            *C |= bit(g->goal[i]);
}

void rastros_position_key(const void *st, struct rastros_key *out)
{
    const struct rastros *p = st;
    struct rs_geom g;
    uint64_t king[64], F, C;
    geom_init(&g, p->size);
    for (int sq = 0; sq < 64; sq++)
        king[sq] = ra_king_fill(bit(sq)) & ~bit(sq);
    position_region(king, &g, p, &F, &C);
    struct rs_key k;
    make_key(&g, F | C, p->snail, p->stm, &k);
    out->mask = k.mask;
    out->snail = (int)(k.meta & 63);
    out->stm = (int)(k.meta >> 6 & 1);
    out->size = p->size;
    out->sym = k.sym;
}

/* ---- struct game entries ---- */

void rastros_solver_set_book(void *solver, const struct rastros_book *b);

int rastros_solver_lookup(void *solver, const void *st, int *value, int *move, int *work)
{
    struct rastros_solver *sv = solver;
    const struct rastros *p = st;
    const struct rs_geom *g = &sv->geom[p->size - RA_MIN_SIZE];
    uint64_t F, C;
    position_region(sv->king, g, p, &F, &C);
    struct rs_key k;
    make_key(g, F | C, p->snail, p->stm, &k);
    uint64_t d = table_probe(table_for(sv, F), &k);
    if (!d)
        return 0;
    *value = (d & D_WIN) ? 1 : -1;
    *move = (d & D_HASMOVE) ? g->sym[k.sym][d >> D_MOVE_SHIFT & 63] : -1;
    *work = (int)(d >> D_WORK_SHIFT & 63);
    return 1;
}

/* struct game's solve_probe: the value the tables hold for st, if any. */
int rastros_solve_probe(void *solver, const void *st, int *value)
{
    int move, work;
    return rastros_solver_lookup(solver, st, value, &move, &work);
}

void *rastros_solver_create(int hash_mb)
{
    struct rastros_solver *sv = calloc(1, sizeof *sv);
    if (!sv)
        return NULL;
    if (hash_mb < 1)
        hash_mb = 1;
    sv->main_cap = (size_t)hash_mb << 20;
    for (int sq = 0; sq < 64; sq++)
        sv->king[sq] = ra_king_fill(bit(sq)) & ~bit(sq);
    for (int n = RA_MIN_SIZE; n <= RA_MAX_SIZE; n++)
        geom_init(&sv->geom[n - RA_MIN_SIZE], n);
    struct rastros_book b;
    rastros_solver_set_book(sv, rastros_book_open(&b) == 0 ? &b : NULL);
    struct rastros_strategy ps;
    rastros_solver_set_strategy(sv, rastros_strategy_open(&ps) == 0 ? &ps : NULL);
    if (rastros_strategy7_open(&ps) == 0)
        rastros_solver_set_strategy(sv, &ps);
    size_t small = sv->main_cap / 4 < SMALL_BYTES ? sv->main_cap / 4 : SMALL_BYTES;
    sv->small_cap = sv->main_cap / 4 < SMALL_CAP_8 ? sv->main_cap / 4 : SMALL_CAP_8;
    if (sv->small_cap < small)
        sv->small_cap = small;
    sv->small_max = SMALL_MAX;
    if (table_map(&sv->small, sv->small_cap) || table_map(&sv->dtw, small) ||
        table_map(&sv->main, sv->main_cap)) {
        table_unmap(&sv->small);
        table_unmap(&sv->dtw);
        free(sv);
        return NULL;
    }
    sv->small.mask = buckets_for(small) - 1;
    sv->dtw.mask = sv->small.mask;
    sv->main.mask = 0;
    return sv;
}

void rastros_solver_set_book(void *solver, const struct rastros_book *b)
{
    struct rastros_solver *sv = solver;
    sv->book_ok = b != NULL;
    if (!b)
        return;
    sv->book = *b;
    for (int i = 0; i < 4; i++) {
        sv->book_min[i] = 65;
        for (long e = 0; e < (long)sv->book.n[i]; e++) {
            uint64_t w[2];
            rastros_book_entry(&sv->book, RA_MIN_SIZE + i, e, w);
            uint64_t m = i < 3 ? rastros_book_unpack_mask(RA_MIN_SIZE + i, w[0]) : w[0];
            if (popcount(m) < sv->book_min[i])
                sv->book_min[i] = popcount(m);
        }
    }
}

void rastros_solver_set_strategy(void *solver, const struct rastros_strategy *s)
{
    struct rastros_solver *sv = solver;
    if (!s) {
        memset(&sv->strategy, 0, sizeof sv->strategy);
        memset(&sv->strategy7, 0, sizeof sv->strategy7);
    } else if (s->size == 7) {
        sv->strategy7 = *s;
    } else {
        sv->strategy = *s;
    }
}

void rastros_solver_destroy(void *solver)
{
    struct rastros_solver *sv = solver;
    if (!sv)
        return;
    table_unmap(&sv->main);
    table_unmap(&sv->small);
    table_unmap(&sv->dtw);
    for (int i = 1; i < MAX_THREADS; i++)
        table_unmap(&sv->own_small[i]);
    free(sv->pocket_memo);
    free(sv->history);
    free(sv);
}

void rastros_solver_clear(void *solver)
{
    struct rastros_solver *sv = solver;
    /* A new generation empties a table at once; the main and small tables
     * start small again (they grow to the next problem). Now and then, and
     * after a big problem, fresh mappings give the memory back. */
    size_t used = (sv->main.mask + sv->small.mask + 2) * RS_BUCKET * sizeof(struct rs_entry);
    size_t small = (sv->dtw.mask + 1) * RS_BUCKET * sizeof(struct rs_entry);
    if (sv->main.gen == 255 || used > ((size_t)64 << 20)) {
        table_unmap(&sv->main);
        table_unmap(&sv->small);
        table_unmap(&sv->dtw);
        table_map(&sv->small, sv->small_cap);
        table_map(&sv->dtw, small);
        table_map(&sv->main, sv->main_cap);
    } else {
        sv->main.gen++;
        sv->small.gen++;
        sv->dtw.gen++;
    }
    sv->main.mask = 0;
    sv->small.mask = buckets_for(small) - 1;
    sv->dtw.mask = buckets_for(small) - 1;
    /* the helpers' own small tables: mapped anew at their next use */
    for (int i = 1; i < MAX_THREADS; i++)
        table_unmap(&sv->own_small[i]);
}

/* The main table for a region of nfree squares: about what its proof
 * stores (a 7x7 start wants 16 MB; each two more squares about double it;
 * the early 8x8 game all there is), within the hash option. Too big a
 * table only costs cache misses. */
static size_t main_bytes_for(const struct rastros_solver *sv, int nfree)
{
    size_t want = (size_t)1 << 20;
    for (int k = 40; k < nfree && want < sv->main_cap; k += 2)
        want *= 2;
    if (want > sv->main_cap || nfree > 52)
        want = sv->main_cap;
    return want;
}

int rastros_solve(void *solver, void *st, const struct game_solve_limits *lim,
                  struct game_solve_result *res)
{
    return rastros_solve_ex(solver, st, lim, res, RASTROS_SOLVE_DISTANCE);
}

static int solve_frame(void *solver, void *st, const struct game_solve_limits *lim,
                       struct game_solve_result *res, int flags);

/* The proof runs on the position's canonical image (the symmetry that
 * gives its table key), so that its moves are tried in the same order, and
 * its node count is the same, for all the images of a position: the book
 * is made for that count (doc/rules/rastros.md). The move comes back
 * through the same symmetry (each is its own inverse). */
int rastros_solve_ex(void *solver, void *st, const struct game_solve_limits *lim,
                     struct game_solve_result *res, int flags)
{
    struct rastros_solver *sv = solver;
    const struct rastros *p = st;
    const struct rs_geom *g = &sv->geom[p->size - RA_MIN_SIZE];
    uint64_t F, C;
    position_region(sv->king, g, p, &F, &C);
    struct rs_key k;
    make_key(g, F | C, p->snail, p->stm, &k);
    if (k.sym == 0)
        return solve_frame(solver, st, lim, res, flags);
    struct rastros q = *p;
    uint64_t x = p->slime;
    if (k.sym >= 2)
        x = reverse64(x) >> g->shift;
    if (k.sym & 1)
        x = ra_transpose(x);
    q.slime = x;
    q.snail = g->sym[k.sym][p->snail];
    q.stm = (uint8_t)(p->stm ^ (k.sym >= 2));
    int ok = solve_frame(solver, &q, lim, res, flags & ~RASTROS_SOLVE_DISTANCE);
    if (res->best != MOVE_NONE)
        res->best = (move_t)g->sym[k.sym][res->best];
    for (int i = 0; i < res->nlosing; i++)
        res->losing[i] = (move_t)g->sym[k.sym][res->losing[i]];
    if (!ok || !(flags & RASTROS_SOLVE_DISTANCE) || res->distance_tried || res->plies >= 0)
        return ok;
    /* The distance search runs on the position as it stands, as it always
     * did (its node count is no part of the book's), led by the proof's
     * table entries, within what the limit leaves. */
    struct game_solve_limits rest = {.threads = 1};
    if (lim)
        rest = *lim;
    if (rest.nodes) {
        if (rest.nodes <= res->nodes)
            return ok;
        rest.nodes -= res->nodes;
    }
    struct game_solve_result r2;
    memset(&r2, 0, sizeof r2);
    r2.best = MOVE_NONE;
    if (solve_frame(solver, st, &rest, &r2, flags) && r2.value == res->value) {
        r2.nodes += res->nodes;
        *res = r2;
    } else {
        res->nodes += r2.nodes;
    }
    return ok;
}

/* A search after the proof, in this thread alone: the stop and the node
 * count start again from the proof's, with allow nodes more at most
 * (within the caller's limit). */
static void rearm(struct rs_shared *sh, struct rs_thread *t, uint64_t allow)
{
    if (!sh->node_limit || sh->node_limit > t->nodes + allow)
        sh->node_limit = t->nodes + allow;
    atomic_store(&sh->abort, 0);
    atomic_store(&sh->nodes, t->nodes);
    t->polled = t->nodes;
    t->next_poll = 0;
    t->stopped = 0;
    sh->nthreads = 1;
}

/* The book's answer at the root (entry bi of key rk). */
static int book_root(const struct rastros_solver *sv, const struct rs_geom *g,
                     const struct rs_root *r, const struct rs_key *rk, long bi, int stm,
                     struct game_solve_result *res)
{
    unsigned a = rastros_book_answer(&sv->book, g->size, bi);
    res->nodes += 1;
    res->distance_tried = 1;    /* far from the end: no distance */
    if (a & RB_WIN) {
        res->value = 1;
        res->best = (move_t)g->sym[rk->sym][a & 63];
        return 1;
    }
    /* lost: any move keeps the value; not one into his corner or next to
     * it while another exists */
    res->value = -1;
    uint64_t go = bit(g->goal[stm ^ 1]);
    uint64_t bad = (r->C & go) ? sv->king[g->goal[stm ^ 1]] | go : 0;
    int pick = r->to[0];
    for (int i = 0; i < r->n; i++)
        if (!(bad & bit(r->to[i]))) {
            pick = r->to[i];
            break;
        }
    res->best = (move_t)pick;
    return 1;
}

/* The one lookup the engine (the solver's root) and the strategy's walk
 * both make: the stored answer in st, as a square of st's own frame, when
 * it is a legal move there; -1 otherwise (not the strategy's board, no
 * entry). */
int rastros_strategy_move(const struct rastros_strategy *s, const void *st)
{
    const struct rastros *p = st;
    if (!s || !s->n || p->size != (s->size ? s->size : 8))
        return -1;
    struct rastros_key k;
    rastros_position_key(st, &k);
    int sq = rastros_strategy_find(s, &k);
    if (sq < 0 || sq > 63)
        return -1;
    sq = rastros_sym_square(p->size, k.sym, sq);
    move_t m[GAME_MAX_MOVES];
    int n = rastros_game.gen_moves(st, m);
    for (int i = 0; i < n; i++)
        if ((int)m[i] == sq)
            return sq;
    return -1;
}

static int solve_frame(void *solver, void *st, const struct game_solve_limits *lim,
                       struct game_solve_result *res, int flags)
{
    struct rastros_solver *sv = solver;
    const struct rastros *p = st;
    struct rs_shared sh;
    memset(&sh, 0, sizeof sh);
    sh.sv = sv;
    sh.g = &sv->geom[p->size - RA_MIN_SIZE];
    sh.node_limit = lim ? lim->nodes : 0;
    sh.deadline = lim ? lim->deadline_ms : 0;
    sh.stop = lim ? lim->stop : NULL;
    sh.ctx = lim ? lim->ctx : NULL;
    sh.nthreads = lim && lim->threads > 1 ? lim->threads : 1;
    if (sh.nthreads > MAX_THREADS)
        sh.nthreads = MAX_THREADS;
    struct rs_thread t;
    memset(&t, 0, sizeof t);
    t.sh = &sh;
    t.sv = sv;
    t.g = sh.g;
    t.king = sv->king;
    t.small = &sv->small;
    int small = sh.node_limit && sh.node_limit <= POCKET_MIN_LIMIT;
    int late = p->size == 7 && popcount(p->slime) >= LATE_PLY_7;
    t.pockets = !(flags & RASTROS_SOLVE_NO_POCKETS) && (!small || late);
    t.pocket_floor = small ? LATE_POCKET_FLOOR : POCKET_FLOOR;
    t.new_pockets = !(flags & RASTROS_SOLVE_ALL_POCKETS);
    t.probe_min = !t.pockets || (flags & RASTROS_SOLVE_NO_PROBES) ? 65
                  : (flags & RASTROS_SOLVE_ALL_PROBES) ? 0 : PROBE_MIN;
    if (t.pockets && !sv->pocket_memo)
        sv->pocket_memo = calloc((size_t)MAX_THREADS * POCKET_MEMO, sizeof *sv->pocket_memo);
    if (t.pockets && !sv->history)
        sv->history = malloc((size_t)MAX_THREADS * sizeof *sv->history);
    t.pocket_memo = sv->pocket_memo;
    if (t.pockets && sv->history) {
        memset(sv->history, 0, (size_t)sh.nthreads * sizeof *sv->history);
        t.history = sv->history;
    }

    res->value = 0;
    res->plies = -1;
    res->best = MOVE_NONE;
    res->distance_tried = 0;    /* whatever the caller's struct held */
    res->nlosing = 0;
    res->nodes = 0;
    if (!sv->main.e || !sv->small.e || !sv->dtw.e)
        return 0;
    const struct rs_geom *g = sh.g;
    int s = p->snail, stm = p->stm;
    if (s == g->goal[0] || s == g->goal[1]) {
        res->value = s == g->goal[stm] ? 1 : -1;
        res->plies = 0;
        return 1;
    }
    struct rs_root r;
    position_region(sv->king, g, p, &r.F, &r.C);
    r.s = s;
    r.stm = stm;
    root_children(&t, &r);
    if (r.n == 0) {
        res->value = -1;
        res->plies = 0;
        return 1;
    }
    for (int i = 0; i < r.n; i++)
        if (r.to[i] == g->goal[stm]) {
            res->value = 1;
            res->plies = 1;
            res->best = (move_t)r.to[i];
            res->nodes = 1;
            return 1;
        }
    int use_book = !(flags & RASTROS_SOLVE_NO_BOOK) && !(lim && lim->no_book);
    int answer = use_book ? rastros_strategy_move(p->size == 8 ? &sv->strategy
                                                               : &sv->strategy7, p) : -1;
    if (answer >= 0) {
        /* player 2's stored strategy on 8x8, or a 7x7 fix (each checked
         * by its walk); at the root only, so no other search changes */
        res->value = 1;
        res->best = (move_t)answer;
        res->nodes = 1;
        res->distance_tried = 1;        /* far from the end: no distance */
        return 1;
    }
    /* On 8x8 with the strategy, the book answers the root only where the
     * proof runs out: the positions the strategy leaves to a small proof
     * are played by the proof, as its walk checked them; the book's moves
     * would lead off the walked tree. */
    long book_late = -1;
    struct rs_key rk;
    memset(&rk, 0, sizeof rk);
    if (sv->book_ok && use_book) {
        t.book = &sv->book;
        t.book_min = sv->book_min[p->size - RA_MIN_SIZE];
        make_key(g, r.F | r.C, s, stm, &rk);
        long bi = rastros_book_find(&sv->book, g->size, rk.mask, (int)(rk.meta & 63),
                                    (int)(rk.meta >> 6 & 1));
        if (bi >= 0 && p->size == 8 && sv->strategy.n)
            book_late = bi;
        else if (bi >= 0)
            return book_root(sv, g, &r, &rk, bi, stm, res);
    }
    size_t want = buckets_for(main_bytes_for(sv, popcount(r.F)));
    if (want > sv->main.mask + 1)
        table_grow(&sv->main, want);
    sv->small_max = p->size == 8 ? SMALL_MAX_8 : SMALL_MAX;
    if (p->size == 8 && buckets_for(sv->small_cap) > sv->small.mask + 1)
        table_grow(&sv->small, buckets_for(sv->small_cap));

    int mate = -1;
    t.mate_left = sh.node_limit && sh.node_limit < MATE_MIN_LIMIT ? 0 : MATE_NODES;
    for (int d = 3; d <= 9 && mate < 0; d += 2) {
        int mv = -1;
        int v = rs_mate(&t, r.F, r.C, s, stm, d, &mv);
        if (v < 0)
            break;
        if (v > 0)
            mate = mv;
    }

    int value = RS_WIN, best = mate, won = -1;
    if (mate < 0) {
        struct rs_job jobs[MAX_THREADS];
        int started = 0;
        for (int i = 1; i < sh.nthreads; i++) {
            jobs[i].t = t;
            jobs[i].t.id = i;
            jobs[i].t.small = helper_small(sv, i);
            if (sv->pocket_memo)
                jobs[i].t.pocket_memo = sv->pocket_memo + (size_t)i * POCKET_MEMO;
            if (t.history)
                jobs[i].t.history = sv->history + i;
            jobs[i].r = &r;
            if (util_thread_create(&jobs[i].tid, helper_main, &jobs[i]) != 0)
                break;
            started = i;
        }
        value = root_search(&t, &r, &won);
        atomic_store(&sh.abort, 1);
        for (int i = 1; i <= started; i++) {
            pthread_join(jobs[i].tid, NULL);
            t.nodes += jobs[i].t.nodes;
        }
    }
    res->nodes = t.nodes;
    if (value == RS_STOP && book_late < 0) {
        /* the root moves the unfinished proof showed lose */
        for (int i = 0; i < r.n && res->nlosing < GAME_SOLVE_LOSING; i++) {
            int lost = r.to[i] == g->goal[stm ^ 1];
            if (!lost && r.to[i] != g->goal[stm])
                lost = (root_child_entry(sv, g, &r, i) & D_WIN) != 0;
            if (lost)
                res->losing[res->nlosing++] = (move_t)r.to[i];
        }
    }
    if (value == RS_STOP)
        return book_late >= 0 ? book_root(sv, g, &r, &rk, book_late, stm, res) : 0;
    /* A won root names the winning move the proof found (not asked of
     * the tables again: a move a cheap test decided is in none, and
     * proving it again would stop at the first poll, the helpers' stop or
     * the node limit being on); a lost one the move whose refutation took
     * the most work (the opponent's hardest task). */
    if (value == RS_WIN && mate < 0)
        best = r.to[won];
    uint64_t best_work = 0;
    for (int i = 0; i < r.n && value == RS_LOSS; i++) {
        int to = r.to[i];
        if (to == g->goal[stm ^ 1]) {
            if (best < 0)
                best = to;              /* the shortest defence of all */
            continue;
        }
        uint64_t w = entry_work(root_child_entry(sv, g, &r, i));
        if (best < 0 || w > best_work || best == g->goal[stm ^ 1]) {
            best = to;
            best_work = w;
        }
    }
    if (value == RS_LOSS && mate < 0 && r.n > 1 && !(lim && lim->value_only)) {
        /* Lost: of the moves, the one that leaves the opponent the fewest
         * winning replies (each reply proved), ties to the most work. It
         * gets about the proof's own nodes (at least HARD_NODES) within
         * the limit; where they run out, the most work decides alone. */
        uint64_t limit = sh.node_limit;
        rearm(&sh, &t, t.nodes > HARD_NODES ? t.nodes : HARD_NODES);
        int pick = -1, pick_n = 99;
        uint64_t pick_w = 0;
        for (int i = 0; i < r.n; i++) {
            int to = r.to[i];
            if (to == g->goal[stm ^ 1])
                continue;
            struct rs_root c = {.F = r.Fc[i], .C = r.Cc[i], .s = to, .stm = stm ^ 1};
            root_children(&t, &c);
            int wins = 0, v = RS_LOSS;
            for (int j = 0; j < c.n && v != RS_STOP; j++) {
                v = child_value(&t, &c, j);
                wins += v == RS_WIN;
            }
            if (v == RS_STOP) {
                pick = -1;
                break;
            }
            uint64_t w = entry_work(root_child_entry(sv, g, &r, i));
            if (pick < 0 || wins < pick_n || (wins == pick_n && w > pick_w)) {
                pick = to;
                pick_n = wins;
                pick_w = w;
            }
        }
        if (pick >= 0)
            best = pick;
        sh.node_limit = limit;
    }
    res->nodes = t.nodes;
    res->value = value;
    res->best = (move_t)best;
    {
        struct rs_key rk;
        make_key(g, r.F | r.C, s, stm, &rk);
        table_store(table_for(sv, r.F), &rk,
                    entry_data(&rk, value == RS_WIN, value == RS_WIN ? g->sym[rk.sym][best] : -1,
                               t.nodes));
    }
    /* The distance, where it is cheap: the fastest win, or the longest
     * defence. It costs 5 to 25 times the proof, so a budget of a sixteenth
     * of the proof finds it only in small endgames, where the proof is
     * cheap. Its stop leaves the proof standing. */
    uint64_t budget = t.nodes / 16 > DTW_MIN_NODES ? t.nodes / 16 : DTW_MIN_NODES;
    if (budget > DTW_MAX_NODES)
        budget = DTW_MAX_NODES;
    if (!(flags & RASTROS_SOLVE_DISTANCE))
        return 1;
    rearm(&sh, &t, budget);
    int dm = -1;
    int sc = rs_dtw(&t, r.F, r.C, s, stm, 0, -DTW_MATE - 2, DTW_MATE + 2, &dm);
    res->nodes = t.nodes;
    res->distance_tried = 1;
    if (sc != DTW_STOP && dm >= 0 && (sc > 0) == (value == RS_WIN)) {
        res->plies = score_dist(sc, 0);
        res->best = (move_t)dm;
    }
    return 1;
}
