/* check_rastros_solve.c -- Rastros' own solver (struct game's solve entry)
 * against the generic alpha-beta solver and a plain memoised minimax written
 * here from the rules; its limits, threads, symmetry and table reuse. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "search/search.h"
#include "util.h"
#include "games/rastros_int.h"

static const struct game *const G = &rastros_game;
static struct game generic;             /* rastros without its own solver */

typedef union { unsigned char b[512]; uint64_t align; } state_buf;

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void start(state_buf *st, const char *opt)
{
    char err[128];
    const char *opts[2];
    int n = 0;
    char buf[64];
    if (opt) {
        snprintf(buf, sizeof buf, "%s", opt);
        char *sp = strchr(buf, ' ');
        opts[n++] = buf;
        if (sp) {
            *sp = '\0';
            opts[n++] = sp + 1;
        }
    }
    ck_assert_int_eq(G->init(st, n, opts, err, sizeof err), GAME_OK);
}

/* st: the position pos of the variant opt (NULL: the default one) */
static void set_variant_position(state_buf *st, const char *opt, const char *pos)
{
    char err[128];
    start(st, opt);
    ck_assert_msg(G->parse_position(st, pos, err, sizeof err) == GAME_OK, "%s: %s", pos, err);
}

static void set_position(state_buf *st, const char *pos)
{
    set_variant_position(st, NULL, pos);
}

/* ---- a plain minimax over (size, slime, snail, side), memoised ---- */

#define MEMO_BITS 22
struct memo_entry { uint64_t key; int8_t val; };
static struct memo_entry *memo;

static size_t memo_used;

static int naive_moves(int n, uint64_t slime, int sq, int *to)
{
    int f = sq & 7, r = sq >> 3, k = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++) {
            int nf = f + df, nr = r + dr;
            if ((!df && !dr) || nf < 0 || nr < 0 || nf >= n || nr >= n)
                continue;
            if (!(slime & (1ULL << (nr * 8 + nf))))
                to[k++] = nr * 8 + nf;
        }
    return k;
}

/* Plain minimax with memo; moves that leave the opponent the fewest
 * replies first (only to make it quick). */
static int naive_win(int n, uint64_t slime, int snail, int stm)
{
    int goal[2] = {0, (n - 1) * 8 + (n - 1)};
    uint64_t key = (slime * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)snail << 1) ^ (uint64_t)stm ^
                   ((uint64_t)n << 60);
    key |= 1;
    size_t h = (size_t)(key >> (64 - MEMO_BITS));
    for (;;) {
        if (memo[h].key == key)
            return memo[h].val;
        if (memo[h].key == 0)
            break;
        h = (h + 1) & ((1u << MEMO_BITS) - 1);
    }
    int to[8], cnt[8], tmp[8];
    int k = naive_moves(n, slime, snail, to), win = 0;
    uint64_t after = slime | (1ULL << snail);
    for (int i = 0; i < k; i++) {
        if (to[i] == goal[stm])
            win = 1;
        cnt[i] = naive_moves(n, after, to[i], tmp);
    }
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && cnt[j - 1] > cnt[j]; j--) {
            int a = cnt[j], b = to[j];
            cnt[j] = cnt[j - 1];
            to[j] = to[j - 1];
            cnt[j - 1] = a;
            to[j - 1] = b;
        }
    for (int i = 0; i < k && !win; i++)
        if (to[i] != goal[!stm] && !naive_win(n, after, to[i], !stm))
            win = 1;
    if (memo_used > ((size_t)1 << MEMO_BITS) / 2) {
        memset(memo, 0, sizeof *memo << MEMO_BITS);
        memo_used = 0;
        h = (size_t)(key >> (64 - MEMO_BITS));
    }
    while (memo[h].key)
        h = (h + 1) & ((1u << MEMO_BITS) - 1);
    memo[h].key = key;
    memo[h].val = (int8_t)win;
    memo_used++;
    return win;
}

/* The minimax value of the position string pos: +1 / -1 for the mover. */
static int naive_value_of(const char *pos)
{
    int rows = 1, rank, file = 0, snail = 0;
    uint64_t slime = 0;
    for (const char *c = pos; *c && *c != ' '; c++)
        rows += *c == '/';
    rank = rows - 1;
    const char *c = pos;
    for (; *c && *c != ' '; c++) {
        if (*c == '/') {
            rank--;
            file = 0;
        } else if (*c >= '1' && *c <= '9') {
            file += *c - '0';
        } else {
            if (*c == 'x')
                slime |= 1ULL << (rank * 8 + file);
            else if (*c == 's')
                snail = rank * 8 + file;
            file++;
        }
    }
    return naive_win(rows, slime, snail, c[1] == '2') ? 1 : -1;
}

static int naive_value(const void *st)
{
    char pos[128];
    G->format_position(st, pos, sizeof pos);
    return naive_value_of(pos);
}

static void setup(void)
{
    memo = calloc((size_t)1 << MEMO_BITS, sizeof *memo);
    generic = rastros_game;
    generic.solver_create = NULL;
    generic.solver_destroy = NULL;
    generic.solver_clear = NULL;
    generic.solve = NULL;
}

static void teardown(void)
{
    free(memo);
}

/* A random game prefix of `plies` plies that is not over (tries a few). */
static int random_try(state_buf *st, const char *opt, int plies);
static int random_position(state_buf *st, const char *opt, int plies)
{
    for (int i = 0; i < 40; i++)
        if (random_try(st, opt, plies))
            return 1;
    return 0;
}

static int random_try(state_buf *st, const char *opt, int plies)
{
    start(st, opt);
    for (int i = 0; i < plies; i++) {
        move_t m[GAME_MAX_MOVES];
        int k = G->gen_moves(st, m);
        struct game_status s;
        if (k == 0)
            return 0;
        game_undo u;
        G->make(st, m[rnd() % (uint64_t)k], &u);
        G->status(st, &s);
        if (s.over)
            return 0;
    }
    return 1;
}

static int dedicated(void *sv, state_buf *st, int threads, struct game_solve_result *r)
{
    struct game_solve_limits lim = {.threads = threads};
    memset(r, 0, sizeof *r);
    return G->solve(sv, st, &lim, r);
}

static int generic_value(void *ab, state_buf *st)
{
    struct search_params p;
    struct search_result r;
    memset(&p, 0, sizeof p);
    ck_assert_int_eq(search_solve(ab, &generic, st, &p, &r), 1);
    return r.score > 0 ? 1 : -1;
}

/* Is m a legal move of st? */
static int is_legal(const state_buf *st, move_t m)
{
    move_t ms[GAME_MAX_MOVES];
    int k = G->gen_moves(st, ms);
    for (int i = 0; i < k; i++)
        if (ms[i] == m)
            return 1;
    return 0;
}

/* The move m of a won position must win: the opponent then loses. */
static void check_winning_move(state_buf *st, move_t m, const char *pos)
{
    game_undo u;
    struct game_status gs;
    ck_assert_msg(m != MOVE_NONE, "no move for a win: %s", pos);
    G->make(st, m, &u);
    G->status(st, &gs);
    if (gs.over)
        ck_assert_msg(gs.winner != G->side_to_move(st), "the move loses at once: %s", pos);
    else
        ck_assert_msg(naive_value(st) < 0, "the move throws the win: %s", pos);
    G->unmake(st, m, &u);
}

START_TEST(test_agrees_with_generic_and_minimax)
{
    /* Sizes 5-7, from the start of the game to its end; on 7x7 the plain
     * minimax needs some slime first. One solver for all: its table must
     * never mix positions up. */
    static const char *const opts[] = {"size=5", "size=6", "size=7", "size=7 start=e5",
                                       "size=6 start=b5", "size=5 start=d2"};
    static const int min_plies[] = {0, 4, 14, 14, 4, 0};
    static const int spread[] = {14, 20, 24, 24, 20, 14};
    void *sv = G->solver_create(16);
    void *ab = alphabeta_searcher.create(8);
    ck_assert_ptr_nonnull(sv);
    int checked = 0, wins = 0;
    for (int t = 0; t < 2400; t++) {
        state_buf st;
        int v = t % 6;
        if (!random_position(&st, opts[v], min_plies[v] + (int)(rnd() % (uint64_t)spread[v])))
            continue;
        char pos[128];
        G->format_position(&st, pos, sizeof pos);
        struct game_solve_result r;
        ck_assert_int_eq(dedicated(sv, &st, 1, &r), 1);
        int want = naive_value(&st);
        ck_assert_msg(r.value == want, "solver %d, minimax %d: %s", r.value, want, pos);
        if (t % 3 == 0) {
            alphabeta_searcher.clear(ab);
            int gv = generic_value(ab, &st);
            ck_assert_msg(gv == want, "generic %d, minimax %d: %s", gv, want, pos);
        }
        if (want > 0) {
            check_winning_move(&st, r.best, pos);
            wins++;
        } else if (r.best != MOVE_NONE) {
            ck_assert_msg(is_legal(&st, r.best), "a lost position's move is not legal: %s", pos);
        }
        checked++;
    }
    ck_assert_int_ge(checked, 2000);
    ck_assert_int_ge(wins, 600);
    G->solver_destroy(sv);
    alphabeta_searcher.destroy(ab);
}
END_TEST

START_TEST(test_threads_agree)
{
    /* two or three threads (the main table shared, each helper with its
     * own small table, kept from one proof to the next until a clear):
     * the same values */
    void *sv = G->solver_create(16);
    int checked = 0;
    for (int t = 0; t < 160; t++) {
        state_buf st;
        if (!random_position(&st, t & 1 ? "size=7" : "size=6", t & 1 ? 14 + (int)(rnd() % 16) : 4 + (int)(rnd() % 20)))
            continue;
        if (t % 50 == 0)
            G->solver_clear(sv);
        char pos[128];
        G->format_position(&st, pos, sizeof pos);
        struct game_solve_result r;
        int threads = t % 3 == 2 ? 3 : 2;
        ck_assert_int_eq(dedicated(sv, &st, threads, &r), 1);
        int want = naive_value(&st);
        ck_assert_msg(r.value == want, "%d threads %d, minimax %d: %s", threads, r.value, want,
                      pos);
        if (want > 0)
            check_winning_move(&st, r.best, pos);
        checked++;
    }
    ck_assert_int_ge(checked, 150);
    G->solver_destroy(sv);
}
END_TEST

START_TEST(test_start_values)
{
    /* the first player wins 5x5, 6x6, and 7x7 from d4 and from e5 */
    static const char *const opts[] = {"size=5", "size=6", "size=7", "size=7 start=e5"};
    void *sv = G->solver_create(16);
    for (int i = 0; i < 4; i++) {
        state_buf st;
        start(&st, opts[i]);
        struct game_solve_result r;
        ck_assert_int_eq(dedicated(sv, &st, 1, &r), 1);
        ck_assert_int_eq(r.value, 1);
        ck_assert(r.best != MOVE_NONE);
        ck_assert_uint_gt(r.nodes, 0);
        if (i < 2)
            check_winning_move(&st, r.best, opts[i]);
    }
    G->solver_destroy(sv);
}
END_TEST

/* Mirrors a position string: the transposition keeps the goals; the
 * rotation by 180 degrees swaps them, and with them the side to move. */
static void mirror(const char *pos, int rotate, char *out, size_t n)
{
    char grid[8][8];
    int rows = 1;
    for (const char *c = pos; *c != ' '; c++)
        rows += *c == '/';
    int r = 0, f = 0;
    const char *c = pos;
    for (; *c != ' '; c++) {
        if (*c == '/') {
            r++;
            f = 0;
        } else if (*c >= '1' && *c <= '9') {
            for (int k = 0; k < *c - '0'; k++)
                grid[r][f++] = '.';
        } else {
            grid[r][f++] = *c;
        }
    }
    int stm = c[1] == '2';
    char g2[8][8];
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < rows; j++) {
            /* row i from the top, column j from the left */
            int rank = rows - 1 - i, file = j;
            int nr, nf;
            if (rotate) {
                nr = rows - 1 - rank;
                nf = rows - 1 - file;
            } else {
                nr = file;
                nf = rank;
            }
            g2[rows - 1 - nr][nf] = grid[i][j];
        }
    size_t k = 0;
    for (int i = 0; i < rows; i++) {
        int run = 0;
        for (int j = 0; j < rows; j++) {
            if (g2[i][j] == '.') {
                run++;
                continue;
            }
            if (run)
                out[k++] = (char)('0' + run);
            run = 0;
            out[k++] = g2[i][j];
        }
        if (run)
            out[k++] = (char)('0' + run);
        if (i < rows - 1)
            out[k++] = '/';
    }
    snprintf(out + k, n - k, " %c", (stm ^ rotate) ? '2' : '1');
}

START_TEST(test_symmetry_and_reuse)
{
    /* a position, its transposition and its rotation (other side to move)
     * have one value; one solver answers all of them in turn */
    void *sv = G->solver_create(4);
    int checked = 0;
    for (int t = 0; t < 240; t++) {
        state_buf st, m;
        if (!random_position(&st, t % 3 == 0 ? "size=6" : "size=7", 14 + (int)(rnd() % 16)))
            continue;
        char pos[128], tp[128], rp[128];
        G->format_position(&st, pos, sizeof pos);
        mirror(pos, 0, tp, sizeof tp);
        mirror(pos, 1, rp, sizeof rp);
        struct game_solve_result r0, r1, r2;
        ck_assert_int_eq(dedicated(sv, &st, 1, &r0), 1);
        set_position(&m, tp);
        ck_assert_int_eq(dedicated(sv, &m, 1, &r1), 1);
        set_position(&m, rp);
        ck_assert_int_eq(dedicated(sv, &m, 1, &r2), 1);
        ck_assert_int_eq(r0.value, naive_value_of(pos));
        ck_assert_msg(r1.value == r0.value && r2.value == r0.value, "%s / %s / %s", pos, tp, rp);
        if (r2.value > 0)
            check_winning_move(&m, r2.best, rp);
        checked++;
    }
    ck_assert_int_ge(checked, 200);
    G->solver_destroy(sv);
}
END_TEST

static int stop_now(void *ctx)
{
    (void)ctx;
    return 1;
}

START_TEST(test_limits)
{
    /* 8x8 from the start without the book is far out of reach: every
     * limit stops it, the position is left as it was, and a later proof
     * still works. With the book it is a loss (player 2 wins), at once. */
    void *sv = G->solver_create(16);
    state_buf st, copy;
    start(&st, "size=8");
    memcpy(&copy, &st, sizeof st);
    struct game_solve_result r;
    struct game_solve_limits lim = {.nodes = 20000, .threads = 1, .no_book = 1};
    ck_assert_int_eq(G->solve(sv, &st, &lim, &r), 0);
    ck_assert_uint_ge(r.nodes, 20000);
    ck_assert_uint_lt(r.nodes, 40000);
    int64_t t0 = now_ms();
    lim = (struct game_solve_limits){.deadline_ms = t0 + 50, .threads = 2, .no_book = 1};
    ck_assert_int_eq(G->solve(sv, &st, &lim, &r), 0);
    ck_assert_int_lt(now_ms() - t0, 1000);
    lim = (struct game_solve_limits){.stop = stop_now, .threads = 1, .no_book = 1};
    ck_assert_int_eq(G->solve(sv, &st, &lim, &r), 0);
    ck_assert(memcmp(&st, &copy, G->state_size) == 0);
    t0 = now_ms();
    lim = (struct game_solve_limits){.deadline_ms = t0 + 2000, .threads = 1};
    ck_assert_int_eq(G->solve(sv, &st, &lim, &r), 1);
    ck_assert_int_eq(r.value, -1);
    ck_assert(memcmp(&st, &copy, G->state_size) == 0);
    /* a lost position: choosing the hardest move costs nodes beyond the
     * proof (each move's winning replies are counted), which a caller that
     * wants the value only (solve) does not spend; the value is the same.
     * Without pockets the choice took 41 % more nodes than the proof
     * (42,843 and 30,309), with them 14 % (27,617 and 24,129): the proof
     * has settled more of what the choice asks. */
    start(&st, "size=6");
    move_t m[GAME_MAX_MOVES];
    ck_assert_int_eq(G->parse_move(&st, "c3", &m[0], NULL, 0), 0);
    game_undo u;
    G->make(&st, m[0], &u);
    struct game_solve_result hard, value;
    memset(&hard, 0, sizeof hard);      /* as every caller does */
    memset(&value, 0, sizeof value);
    void *fresh = G->solver_create(16);
    lim = (struct game_solve_limits){.threads = 1, .no_book = 1};
    ck_assert_int_eq(G->solve(fresh, &st, &lim, &hard), 1);
    G->solver_destroy(fresh);
    fresh = G->solver_create(16);
    lim.value_only = 1;
    ck_assert_int_eq(G->solve(fresh, &st, &lim, &value), 1);
    G->solver_destroy(fresh);
    ck_assert_int_eq(hard.value, -1);
    ck_assert_int_eq(value.value, -1);
    ck_assert_msg(value.nodes < hard.nodes, "value only %llu nodes, with the move %llu",
                  (unsigned long long)value.nodes, (unsigned long long)hard.nodes);
    start(&st, "size=6");
    ck_assert_int_eq(dedicated(sv, &st, 1, &r), 1);
    ck_assert_int_eq(r.value, 1);
    G->solver_destroy(sv);
}
END_TEST

/* The position string of a book key: the key's free squares, the rest
 * slimed (which changes nothing the key does not hold). */
static void key_position(int size, uint64_t mask, int snail, int stm, char *out, size_t n)
{
    size_t k = 0;
    for (int r = size - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < size; f++) {
            int sq = r * 8 + f;
            char c = sq == snail ? 's' : (mask >> sq & 1) ? 0 : 'x';
            if (!c) {
                run++;
                continue;
            }
            if (run)
                out[k++] = (char)('0' + run);
            run = 0;
            out[k++] = c;
        }
        if (run)
            out[k++] = (char)('0' + run);
        if (r)
            out[k++] = '/';
    }
    snprintf(out + k, n - k, " %d", stm + 1);
}

START_TEST(test_book_entries)
{
    /* A sample of the book, proved again without it: each entry is won
     * and its move wins. The book has the 7x7 openings and player 2's
     * answers of the 8x8 proof. */
    struct rastros_book b;
    ck_assert_int_eq(rastros_book_open(&b), 0);
    ck_assert_uint_gt(b.n[2], 1000);
    ck_assert_uint_gt(b.n[3], 2000);
    void *sv = G->solver_create(64);
    int checked = 0, checked8 = 0;
    for (int size = 5; size <= 8; size++) {
        long n = (long)b.n[size - 5];
        for (long j = 0; j < n && j < 8; j++) {
            long i = (long)(rnd() % (uint64_t)n);
            uint64_t w[2], mask;
            rastros_book_entry(&b, size, i, w);
            uint64_t low = size < 8 ? w[0] : w[1];
            mask = size < 8 ? rastros_book_unpack_mask(size, w[0]) : w[0];
            /* the lookup finds it by its key */
            ck_assert_int_eq(rastros_book_find(&b, size, mask, (int)(low >> 8 & 63),
                                               (int)(low >> 7 & 1)), i);
            char pos[128];
            key_position(size, mask, (int)(low >> 8 & 63), (int)(low >> 7 & 1), pos, sizeof pos);
            state_buf st;
            char opt[16];
            snprintf(opt, sizeof opt, "size=%d", size);
            set_variant_position(&st, opt, pos);
            /* an 8x8 entry may stand for a proof of minutes: those over
             * a few seconds are passed over */
            struct game_solve_limits lim = {.threads = 1, .nodes = size == 8 ? 3000000 : 0};
            struct game_solve_result r;
            if (!rastros_solve_ex(sv, &st, &lim, &r, RASTROS_SOLVE_NO_BOOK)) {
                ck_assert_int_eq(size, 8);
                G->solver_clear(sv);
                continue;
            }
            ck_assert_msg(r.value == ((low & RB_WIN) ? 1 : -1), "book value wrong: %s", pos);
            if (low & RB_WIN) {
                move_t m = (move_t)(low & 63);
                ck_assert_msg(is_legal(&st, m), "book move not legal: %s", pos);
                game_undo u;
                struct game_status gs;
                G->make(&st, m, &u);
                G->status(&st, &gs);
                if (!gs.over) {
                    ck_assert_int_eq(rastros_solve_ex(sv, &st, &lim, &r, RASTROS_SOLVE_NO_BOOK), 1);
                    ck_assert_msg(r.value < 0, "book move does not win: %s", pos);
                }
            }
            G->solver_clear(sv);
            checked++;
            checked8 += size == 8;
        }
    }
    ck_assert_int_ge(checked, 11);
    ck_assert_int_ge(checked8, 3);
    G->solver_destroy(sv);
}
END_TEST


/* ---- perfect play at a node budget ----
 * genmove with `nodes 3000` (the same move at any load) must keep every won
 * position the opening book covers: each position up to ply 8 of 7x7 from
 * d4 and e5 is in the book or proved by genmove's first 2,700 nodes, and at
 * plies 9 and 10 the book holds the won positions whose move genmove threw
 * before they were in it (bench/rastros-book throws, in passes: an entry
 * also changes other positions' searches; doc/rules/rastros.md says what
 * the last pass found). */

/* Plays st with the alpha-beta searcher at `nodes` a move, from a new game
 * (empty tables), and returns the move. */
static move_t genmove_result(void *ab, state_buf *st, uint64_t nodes, struct search_result *r)
{
    struct search_params p;
    memset(&p, 0, sizeof p);
    p.nodes = nodes;
    alphabeta_searcher.clear(ab);
    alphabeta_searcher.search(ab, G, st, &p, r);
    return r->best;
}

static move_t genmove_nodes(void *ab, state_buf *st, uint64_t nodes)
{
    struct search_result r;
    return genmove_result(ab, st, nodes, &r);
}

/* Value of st for the side to move by the solver (book on: the book's
 * entries are proved again by test_book_entries). */
static int value_by_solver(void *sv, state_buf *st)
{
    struct game_status gs;
    G->status(st, &gs);
    if (gs.over)
        return gs.winner == G->side_to_move(st) ? 1 : -1;
    struct game_solve_result r;
    ck_assert_int_eq(dedicated(sv, st, 1, &r), 1);
    return r.value;
}

/* Does m keep the win of st? */
static int keeps_win(void *sv, state_buf *st, move_t m)
{
    game_undo u;
    struct game_status gs;
    int me = G->side_to_move(st);
    G->make(st, m, &u);
    G->status(st, &gs);
    int ok = gs.over ? gs.winner == me : value_by_solver(sv, st) < 0;
    G->unmake(st, m, &u);
    return ok;
}

static void play_moves(state_buf *st, const char *moves)
{
    char buf[256], err[128], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        move_t m;
        game_undo u;
        ck_assert_msg(G->parse_move(st, t, &m, err, sizeof err) == GAME_OK, "%s: %s", t, err);
        G->make(st, m, &u);
    }
}

START_TEST(test_nodes_budget_keeps_wins)
{
    void *ab = alphabeta_searcher.create(64);
    void *sv = G->solver_create(64);
    /* the positions: 7x7 from e5 at ply 8 (only a7 wins; a5 was
     * played at 10 ms under load), and 8x8 from e5 at ply 13 (c4, c5 and
     * e4 win, e6 loses) */
    static const struct { const char *opt, *moves, *wins; } fixed[] = {
        {"start=e5", "d4 e3 d2 e2 d3 c4 b5 a6", " a7 "},
        {"size=8 start=e5", "d4 c3 b3 a4 a5 a6 b5 b6 a7 a8 b7 c6 d5", " c4 c5 e4 "},
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        state_buf st;
        char txt[16], pad[20];
        start(&st, fixed[i].opt);
        play_moves(&st, fixed[i].moves);
        move_t m = genmove_nodes(ab, &st, 3000);
        G->format_move(&st, m, txt, sizeof txt);
        snprintf(pad, sizeof pad, " %s ", txt);
        ck_assert_msg(strstr(fixed[i].wins, pad), "%s %s: played %s", fixed[i].opt,
                      fixed[i].moves, txt);
    }
    /* 7x7 positions that genmove threw: of plies 9 and 10 before the book
     * held them (bench/results/rastros-book-throws-*.txt: the move played
     * then, and the one the proof found), and past the book (the last) */
    static const struct { const char *opt, *pos; } thrown[] = {
        {"size=7", "7/5s1/5xx/3xx2/2xx3/1x1x3/1xx4 1"},                 /* e5; e7 wins */
        {"size=7", "7/7/7/3x1x1/1s2x1x/2x2x1/3xxxx 1"},                 /* a2; a4 wins */
        {"size=7", "7/7/4x2/3xx2/1s1x1x1/2xxx1x/5x1 1"},                /* a3; c4 wins */
        {"start=e5", "7/7/xs2xx1/1x2x1x/2x2x1/3xx2/7 1"},               /* a4; a6 wins */
        {"start=e5", "7/7/4xx1/1xx3x/1x1x1x1/2s1xx1/7 1"},              /* d1; d2 wins */
        {"start=e5", "7/5x1/4xx1/4x2/2s2x1/3xxx1/3x1x1 1"},             /* b2; d3 wins */
        {"size=7", "1s5/2x4/1x5/2xx3/1xx4/1xx4/1x5 2"},                 /* c7; a7 wins */
        {"size=7", "7/7/3sx2/3xx2/3x1x1/4xxx/6x 2"},                    /* d6; c5 wins */
        {"size=7", "4s2/2xx3/2x4/1x1x3/1x1xx2/2x4/7 2"},                /* f6; d7 wins */
        {"start=e5", "7/7/4x2/2sx1x1/2x2x1/2xx1x1/4x2 2"},              /* d3; b5 wins */
        {"start=e5", "7/7/4x2/4x2/2sx1x1/2x1x1x/3x1x1 2"},              /* d4; c4 wins */
        {"start=e5", "7/7/4xx1/6x/4sxx/4x1x/4xx1 2"},                   /* f4; d4 wins */
        /* thrown with the entries of the first pass (a second pass of
         * ply 10 found 30 such, -10-10-pass2.txt) */
        {"size=7", "xx5/xsx4/xx5/2xx3/2xx3/7/7 1"},                     /* c5; c7 wins */
        {"size=7", "7/7/7/3x3/3xs2/3xxx1/2xxxxx 1"},                    /* e4; f3 wins */
        {"size=7", "1xx4/xxsx3/x3x2/3x1x1/4x2/7/7 1"},                  /* b5; c5 wins */
        {"size=7", "7/7/4xx1/3x2x/4sx1/3x1x1/2xxx2 1"},                 /* e2; e4 wins */
        {"start=e5", "7/7/4xx1/4x2/3x1xs/3xx1x/5xx 1"},                 /* f2; g4 wins */
        /* past the book: 7x7 positions of plies 11-16 thrown before the
         * small proofs took pockets out there (LATE_PLY_7; the sample of
         * seed 601, bench/results/rastros-nodes3000-late-pockets-*) */
        {"size=7", "1xx4/1x1x3/1s2x2/3xxx1/4xx1/5x1/7 2"},
        {"size=7", "7/7/4x2/3xxxx/2s2x1/2x1xx1/3xxx1 1"},
        {"size=7", "4x2/3x1x1/3x2x/3x2x/5xx/3x1xx/2sxxxx 1"},
        {"start=e5", "7/7/4x2/2sx1x1/4xx1/3xxx1/4xxx 2"},
        {"start=e5", "7/3x3/3xx2/4x2/4x1x/2sx1xx/3xxxx 2"},
        {"start=e5", "5x1/4x1x/4xx1/6x/2s3x/2xx1xx/2xxxxx 1"},
    };
    for (size_t i = 0; i < sizeof thrown / sizeof thrown[0]; i++) {
        state_buf st;
        set_variant_position(&st, thrown[i].opt, thrown[i].pos);
        move_t m = genmove_nodes(ab, &st, 3000);
        G->solver_clear(sv);
        ck_assert_msg(keeps_win(sv, &st, m), "%s: the win is thrown", thrown[i].pos);
    }
    {
        state_buf st;
        start(&st, "size=8 start=e5");
        play_moves(&st, "d4 c3 b3 a4 a5 a6 b5 b6 a7 a8 b7 c6 d5 e6");
        ck_assert_int_eq(value_by_solver(sv, &st), 1);   /* e6 lost for player 2 */
        G->solver_clear(sv);
    }
    /* random positions of the book's plies: every won one kept (7x7 to
     * ply 10, more of them at plies 9 and 10, where one position in 38 and
     * one in 55 was thrown without the book's entries there) */
    static const char *const opts[] = {NULL, "start=e5", "size=6", "size=5"};
    int won = 0;
    for (int k = 0; k < 4; k++)
        for (int ply = 0; ply <= (k < 2 ? 10 : 8); ply++)
            for (int j = 0; j < (ply > 8 ? 40 : 6); j++) {
                state_buf st;
                if (!random_position(&st, opts[k], ply))
                    continue;
                move_t m = genmove_nodes(ab, &st, 3000);
                G->solver_clear(sv);
                if (value_by_solver(sv, &st) <= 0)
                    continue;
                char pos[128];
                G->format_position(&st, pos, sizeof pos);
                ck_assert_msg(keeps_win(sv, &st, m), "%s: the win is thrown", pos);
                won++;
            }
    ck_assert_int_ge(won, 100);
    G->solver_destroy(sv);
    alphabeta_searcher.destroy(ab);
}
END_TEST

/* More than the checked budget (struct game's checked_nodes, nodes 3000 on
 * 7x7 and smaller) never throws a win nodes 3000 keeps: where its own proof
 * does not settle the position, a larger budget, a clock or tables left by
 * earlier moves play the nodes-3000 move, which the book's passes and the
 * walks checked (unless the longer proof showed that move loses). Before,
 * genmove at nodes 6,000 and 12,000 threw these three won positions of
 * plies 9 and 10, which nodes 3000 keeps (seed 2027 of bench/rastros-perfect,
 * plies 0-10). */
START_TEST(test_more_budget_keeps_checked_wins)
{
    void *ab = alphabeta_searcher.create(64);
    void *sv = G->solver_create(64);
    ck_assert_ptr_nonnull(G->checked_nodes);
    static const struct { const char *opt, *pos; uint64_t nodes; } thrown[] = {
        {"size=7", "xs1x3/x1x1x2/xx2x2/3x3/7/7/7 2", 6000},      /* b6; c7 wins */
        {"size=7", "x6/xxx4/xxxx3/s2x3/7/7/7 2", 6000},          /* b3; a3 wins */
        {"start=e5", "xxxxx2/xx1x3/x3x2/s6/7/7/7 1", 12000},     /* b3; a3 wins */
    };
    for (size_t i = 0; i < sizeof thrown / sizeof thrown[0]; i++) {
        state_buf st;
        set_variant_position(&st, thrown[i].opt, thrown[i].pos);
        ck_assert_int_eq(G->checked_nodes(&st), 3000);
        move_t m = genmove_nodes(ab, &st, thrown[i].nodes);
        G->solver_clear(sv);
        ck_assert_msg(keeps_win(sv, &st, m), "%s: the win is thrown", thrown[i].pos);
    }
    {
        state_buf st;
        start(&st, "size=8");
        ck_assert_int_eq(G->checked_nodes(&st), 0);     /* 8x8: checked where proved only */
    }
    /* random positions of plies 9-12: with more nodes, or a clock and the
     * tables of the move before, an unsettled position gets the nodes-3000
     * move (a clock's move may be settled or not: either way it holds) */
    static const char *const opts[] = {NULL, "start=e5"};
    int unsettled = 0, won = 0;
    for (int k = 0; k < 2; k++)
        for (int ply = 9; ply <= 12; ply++)
            for (int j = 0; j < 12; j++) {
                state_buf st;
                if (!random_position(&st, opts[k], ply))
                    continue;
                struct search_result r3, r;
                move_t m3 = genmove_result(ab, &st, 3000, &r3);
                char pos[128];
                G->format_position(&st, pos, sizeof pos);
                for (int b = 0; b < 3; b++) {
                    struct search_params p;
                    memset(&p, 0, sizeof p);
                    if (b < 2) {
                        p.nodes = b ? 12000 : 6000;
                        alphabeta_searcher.clear(ab);
                    } else {
                        p.movetime_ms = 5;      /* the tables of the move before */
                    }
                    alphabeta_searcher.search(ab, G, &st, &p, &r);
                    if (!r.exact) {
                        /* another move only where the longer proof showed
                         * the nodes-3000 move loses */
                        ck_assert_msg(r.best == m3 || !keeps_win(sv, &st, m3),
                                      "%s: budget %d plays another move", pos, b);
                        unsettled++;
                    }
                }
                G->solver_clear(sv);
                if (value_by_solver(sv, &st) > 0) {
                    ck_assert_msg(keeps_win(sv, &st, r.best), "%s: the win is thrown", pos);
                    won++;
                }
            }
    ck_assert_int_ge(unsettled, 5);
    ck_assert_int_ge(won, 20);
    G->solver_destroy(sv);
    alphabeta_searcher.destroy(ab);
}
END_TEST

/* A proof the node limit stopped names the root moves it showed lose (for
 * genmove's heuristic search to leave out): each of them must lose, on
 * the position as given (the proof runs on its canonical image), and the
 * tables' probe (solve_probe) says so after it where it knows. */
START_TEST(test_unfinished_proof_losing_moves)
{
    void *sv = G->solver_create(64);
    void *check = G->solver_create(64);
    static const char *const opts[] = {NULL, "start=e5"};
    int unfinished = 0, listed = 0, probed = 0;
    for (int k = 0; k < 2; k++)
        for (int ply = 9; ply <= 20; ply++)
            for (int j = 0; j < 25; j++) {
                state_buf st;
                if (!random_position(&st, opts[k], ply))
                    continue;
                struct game_solve_limits lim = {.threads = 1, .nodes = 2700, .no_book = 1};
                struct game_solve_result r;
                memset(&r, 0, sizeof r);
                G->solver_clear(sv);
                if (G->solve(sv, &st, &lim, &r)) {
                    ck_assert_int_eq(r.nlosing, 0);
                    continue;
                }
                unfinished++;
                char pos[128];
                G->format_position(&st, pos, sizeof pos);
                ck_assert_int_le(r.nlosing, GAME_SOLVE_LOSING);
                for (int i = 0; i < r.nlosing; i++) {
                    ck_assert_msg(is_legal(&st, r.losing[i]), "%s: losing move %d not legal", pos,
                                  (int)r.losing[i]);
                    ck_assert_msg(!keeps_win(check, &st, r.losing[i]), "%s: move %d wins", pos,
                                  (int)r.losing[i]);
                    listed++;
                    /* what the heuristic search then sees there (solve_probe):
                     * won for the opponent, or nothing */
                    game_undo u;
                    int v;
                    G->make(&st, r.losing[i], &u);
                    if (G->solve_probe(sv, &st, &v)) {
                        ck_assert_msg(v == 1, "%s: move %d probed lost", pos, (int)r.losing[i]);
                        probed++;
                    }
                    G->unmake(&st, r.losing[i], &u);
                }
            }
    ck_assert_int_ge(unfinished, 10);
    ck_assert_int_ge(listed, 10);
    ck_assert_int_ge(probed, 10);
    G->solver_destroy(check);
    G->solver_destroy(sv);
}
END_TEST

/* A strategy of player 2's walked against every move of player 1: each
 * position of player 2's is answered by the strategy (its move is
 * followed) or proved won from an empty table, without the book, within
 * genmove's first 2,700 nodes. `answer` gives the strategy's move in a
 * position, -1 where it has none, or -2 where it settled the position
 * itself (test_walk7's answer); the tests below walk the book, the 8x8
 * strategy file and the engine's own play with it. */
struct swalk {
    int (*answer)(const void *ctx, const state_buf *st);
    const void *ctx;
    void *sv;
    int visited, answered, leaves, bad;
};

static void strategy_walk(struct swalk *w, state_buf *st)
{
    move_t m[GAME_MAX_MOVES];
    int k = G->gen_moves(st, m);
    for (int i = 0; i < k; i++) {
        state_buf c = *st;
        game_undo u;
        struct game_status gs;
        G->make(&c, m[i], &u);
        G->status(&c, &gs);
        if (gs.over) {
            w->bad += gs.winner == G->side_to_move(st);
            continue;
        }
        w->visited++;
        int a = w->answer(w->ctx, &c);
        if (a == -2)
            continue;
        if (a >= 0) {
            w->answered++;
            int me = G->side_to_move(&c);
            G->make(&c, (move_t)a, &u);
            G->status(&c, &gs);
            if (gs.over)
                w->bad += gs.winner != me;
            else
                strategy_walk(w, &c);
            continue;
        }
        struct game_solve_limits lim = {.threads = 1, .nodes = 2700};
        struct game_solve_result r;
        G->solver_clear(w->sv);
        if (rastros_solve_ex(w->sv, &c, &lim, &r, RASTROS_SOLVE_NO_BOOK) && r.value > 0)
            w->leaves++;
        else
            w->bad++;
    }
}

/* The book's winning move in st (struct rastros_book *ctx), or -1. */
static int book_answer(const void *ctx, const state_buf *st)
{
    const struct rastros_book *b = ctx;
    struct rastros_key key;
    rastros_position_key(st, &key);
    long e = rastros_book_find(b, key.size, key.mask, key.snail, key.stm);
    unsigned a = e >= 0 ? rastros_book_answer(b, key.size, e) : 0;
    return a & RB_WIN ? rastros_sym_square(key.size, key.sym, (int)(a & 63)) : -1;
}

/* The 8x8 strategy file's move in st through the engine's own lookup
 * (struct rastros_strategy *ctx), or -1. */
static int strategy8_answer(const void *ctx, const state_buf *st)
{
    return rastros_strategy_move(ctx, st);
}

/* The book's strategy for player 2 on 8x8, walked from a position after
 * ply 14. */
START_TEST(test_strategy_walk)
{
    struct rastros_book b;
    ck_assert_int_eq(rastros_book_open(&b), 0);
    struct swalk w = {.answer = book_answer, .ctx = &b, .sv = G->solver_create(64)};
    state_buf st;
    start(&st, "size=8 start=e5");
    play_moves(&st, "d4 c3 b3 a4 a5 a6 b5 b6 a7 a8 b7 c6 d5 c4");
    strategy_walk(&w, &st);
    ck_assert_int_eq(w.bad, 0);
    ck_assert_int_gt(w.answered, 50);
    ck_assert_int_gt(w.leaves, 100);
    G->solver_destroy(w.sv);
}
END_TEST

/* The 7x7 fixes (games/rastros7.strategy): the file is the one the walks
 * made (bench/rastros-walk7: the winner from both 7x7 starts, genmove
 * at nodes 3000 against every reply), and genmove at nodes 3000 plays a
 * winning move in positions where it threw the win before: without the
 * file it plays b6, e2, a4, b3, b2 and b2 (issue 26). The engine as
 * player 2 too (bench/rastros-walk7 --games: every game it plays, either
 * side, against every move of the opponent). */
#define STRATEGY7_ENTRIES 3907
#define STRATEGY7_SUM 0xb0fa6499e4f5cce4ULL
/* A compiled-in strategy file opened (open) and checked: its number of
 * entries, the checksum it records, and its contents against it. */
static void open_strategy(int (*open)(struct rastros_strategy *), struct rastros_strategy *s,
                          size_t entries, uint64_t sum)
{
    ck_assert_int_eq(open(s), 0);
    ck_assert_uint_eq(s->n, entries);
    ck_assert_uint_eq(s->sum, sum);
    ck_assert_uint_eq(rastros_strategy_sum(s->data + 24, s->len - 24), sum);
}

START_TEST(test_strategy7)
{
    struct rastros_strategy s;
    open_strategy(rastros_strategy7_open, &s, STRATEGY7_ENTRIES, STRATEGY7_SUM);
    static const struct { const char *pos, *wins; } fixed[] = {
        {"7/7/2s4/2xx1x1/2xxx1x/2xx1xx/4xxx 1", " d6 "},
        {"7/7/7/3x1x1/2x1xsx/2xx1xx/4xxx 1", " e4 "},
        {"7/7/4xx1/3xxxx/1s1xxxx/2xxxxx/4xxx 1", " c4 "},
        {"7/7/4xx1/4xx1/3xxxx/2sxxxx/1xx4 1", " c3 "},
        {"1xxx3/1xx1x2/x3xx1/x6/sx5/x6/7 1", " b4 "},
        {"2xxx2/2xx1xx/xx2xxx/xx5/xs5/x6/7 1", " c2 c3 c4 "},
        /* the engine as player 2 after player 1's mistake (bench/
         * rastros-walk7 --games): it played g5, d7, e6 and d5 */
        {"7/7/7/3x2s/2x3x/3x1xx/2xxxxx 2", " f3 f5 "},
        {"7/4s2/5x1/3xxxx/2x1xxx/3x1xx/2xxxxx 2", " d5 "},
        {"7/6x/5sx/3xxxx/3xxxx/2xxxxx/1xxxxxx 2", " e5 "},
        {"7/7/4x2/2sxx2/3xx1x/2x2xx/3xxxx 2", " b3 c3 "},
        /* the mirror image of a position the ply-9 pass checked (from
         * e5; there it plays c4, which wins): it played c5 */
        {"xxxx3/x3x2/x3x2/1xs4/7/7/7 2", " b3 d3 d4 "},
        /* the mirror images of positions of ply 10 the passes checked
         * (bench/rastros-book throws with MIRROR=1; two from d4, two from
         * e5): it played f3, d1, e4 and e1 */
        {"2xx3/1x2x2/2xx3/1x1xs2/1xx4/7/7 1", " e5 f5 "},
        {"7/2xxx2/1x3x1/2xx1x1/6x/5x1/4s2 1", " f1 "},
        {"7/7/4x2/3x3/1xxxxs1/1xx1x2/3x3 1", " g2 "},
        {"7/7/4x2/3xx2/1xxxx2/1xx1x2/5s1 1", " g1 "},
        /* thrown once the small proofs took pockets out past ply 10
         * (LATE_PLY_7; the walks of every game again): from e5 as player
         * 1, from d4 and from e5 as player 2; it played c4, e4 and d5 */
        {"xx5/x1x4/1s1xxx1/3xx1x/5xx/7/7 1", " b4 "},
        {"7/7/3sx2/3x1x1/2x1xx1/3x2x/4xxx 2", " c4 c5 c6 e6 "},
        {"1xxx3/1xx1x2/x1s1x2/xx5/x6/7/7 2", " b5 "},
    };
    void *ab = alphabeta_searcher.create(64);
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        state_buf st;
        char txt[16], pad[20];
        set_position(&st, fixed[i].pos);
        move_t m = genmove_nodes(ab, &st, 3000);
        G->format_move(&st, m, txt, sizeof txt);
        snprintf(pad, sizeof pad, " %s ", txt);
        ck_assert_msg(strstr(fixed[i].wins, pad), "%s: genmove played %s", fixed[i].pos, txt);
    }
    /* no answer off 7x7 */
    state_buf st;
    start(&st, "size=6");
    ck_assert_int_eq(rastros_strategy_move(&s, &st), -1);
    alphabeta_searcher.destroy(ab);
}
END_TEST

/* The winner's walk of bench/rastros-walk7, as the engine plays: against
 * every move of the loser, a winner position a proof without the book
 * settles within 2,700 nodes is a leaf; anywhere else genmove at nodes
 * 3000 moves (the fixes and the book at its root), and its move must keep
 * the win (its own proof, or a whole one), and is walked on. Positions
 * are met once (their keys kept). */
struct wwalk {
    void *ab, *sv;
    uint64_t *seen;
    size_t cap;
    int visited, leaves, thrown;
};

static int wwalk_first(struct wwalk *w, const state_buf *st)
{
    struct rastros_key k;
    rastros_position_key(st, &k);
    uint64_t h = (k.mask * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)k.snail << 1 | (uint64_t)k.stm);
    h = (h ^ h >> 29) | 1;
    for (size_t i = (h * 0xbf58476d1ce4e5b9ULL) & (w->cap - 1);; i = (i + 1) & (w->cap - 1)) {
        if (w->seen[2 * i] == 0) {
            w->seen[2 * i] = h;
            w->seen[2 * i + 1] = k.mask;
            return 1;
        }
        if (w->seen[2 * i] == h && w->seen[2 * i + 1] == k.mask)
            return 0;
    }
}

/* The engine's move in c (the winner to move) for strategy_walk: -2
 * where c was met before, a small proof settles it (a leaf), or the move
 * throws the win (counted). */
static int winner_answer(const void *ctx, const state_buf *c)
{
    struct wwalk *w = (struct wwalk *)ctx;
    if (!wwalk_first(w, c))
        return -2;
    w->visited++;
    ck_assert_int_lt((size_t)w->visited, w->cap / 2);
    struct game_solve_limits small = {.threads = 1, .nodes = 2700};
    struct game_solve_result r;
    state_buf after = *c;
    G->solver_clear(w->sv);
    if (rastros_solve_ex(w->sv, &after, &small, &r, RASTROS_SOLVE_NO_BOOK) && r.value > 0) {
        w->leaves++;
        return -2;
    }
    struct search_result res;
    move_t m = genmove_result(w->ab, &after, 3000, &res);
    if (res.exact && res.score > 0)
        return (int)m;
    game_undo u;
    struct game_status gs;
    G->make(&after, m, &u);
    G->status(&after, &gs);
    if (gs.over)
        return (int)m;                  /* strategy_walk judges it */
    struct game_solve_limits all = {.threads = 1};
    G->solver_clear(w->sv);
    if (rastros_solve_ex(w->sv, &after, &all, &r, 0) && r.value < 0)
        return (int)m;
    w->thrown++;
    return -2;
}

/* Both 7x7 starts, the engine the winner from its first move (c3 from d4,
 * f5 from e5): none of its positions throws the win (before the fixes 25
 * of 1,303 and 395 of 10,175 did; with the pockets past ply 10, fewer
 * positions, as more are proved within 2,700 nodes: 941 from d4). */
START_TEST(test_walk7)
{
    static const struct { const char *variant, *first; int visited; } starts[] = {
        {NULL, "c3", 900},
        {"start=e5", "f5", 5000},
    };
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        struct wwalk w = {.ab = alphabeta_searcher.create(64), .sv = G->solver_create(64),
                          .cap = 1 << 16};
        w.seen = calloc(2 * w.cap, sizeof *w.seen);
        state_buf st;
        char txt[16];
        start(&st, starts[i].variant);
        G->format_move(&st, genmove_nodes(w.ab, &st, 3000), txt, sizeof txt);
        ck_assert_str_eq(txt, starts[i].first);
        play_moves(&st, starts[i].first);
        struct swalk sw = {.answer = winner_answer, .ctx = &w, .sv = w.sv};
        strategy_walk(&sw, &st);
        ck_assert_msg(w.thrown + sw.bad == 0, "7x7 %s: %d thrown of %d", starts[i].first,
                      w.thrown + sw.bad, w.visited);
        ck_assert_int_ge(w.visited, starts[i].visited);
        free(w.seen);
        G->solver_destroy(w.sv);
        alphabeta_searcher.destroy(w.ab);
    }
}
END_TEST

/* Player 2's 8x8 strategy from e5 (games/rastros8.strategy): the file is
 * the one made and walked (its entries and checksum, doc/rules/rastros.md),
 * and genmove at `nodes 3000` plays a winning move in positions deep in it
 * (from `bench/rastros-tool deep8`, which proved every move there without
 * book or strategy): a broken lookup falls back on 2,700-node proofs that
 * do not settle these positions. */
#define STRATEGY8_ENTRIES 265047
#define STRATEGY8_SUM 0x5cbb13412b554b6eULL
START_TEST(test_strategy8)
{
    struct rastros_strategy s;
    open_strategy(rastros_strategy_open, &s, STRATEGY8_ENTRIES, STRATEGY8_SUM);
    static const struct { const char *moves, *wins; } deep[] = {
        {"f4 e4 d4 c3 b3 b4 a3 a4 b5 a5 a6 b6 b7 a8 a7 b8 c8", " c7 d7 d8 "},       /* of 3 */
        {"f6 f5 f4 e4 d5 e6 d7 c8 d8 c7 b8 a8 a7 b7 c6 b6 a5 a6 b5", " b4 "},       /* of 4 */
        {"d5 d6 e6 e7 d7 d8 c7 c8 b8 a8 b7 a7 b6 a6 b5 a5 a4 a3 b2", " c1 c2 c3 "}, /* of 7 */
        {"f4 e4 f3 e3 d2 c1 b1 c2 b3 a4 a5 a6 b6 a7 b8 a8 b7 c8 c7 d8 e7",
         " d6 f6 d7 f7 f8 "},                                                       /* of 7 */
        {"f4 e4 d5 d4 c3 c4 b5 a5 a4 a3 b4 c5 d6 c6 c7 b6 b7 a6 a7", " a8 "},       /* of 2 */
        {"f4 e4 e3 f3 g2 h1 h2 g1 f1 f2 e2 e1 d1 c1 c2 d2 d3", " c3 c4 d4 "},       /* of 3 */
        {"d5 d6 c7 b8 c8 d8 d7 c6 b7 a8 a7 a6 a5 b6 b5 c5 c4 b4 a3", " a4 "},       /* of 4 */
        {"d4 c3 c2 d1 c1 d2 e2 e1 f1 g1 f2 e3 f4 f3 g2 h1 h2", " g3 h3 "},          /* of 2 */
    };
    void *ab = alphabeta_searcher.create(64);
    void *sv = G->solver_create(64);
    for (size_t i = 0; i < sizeof deep / sizeof deep[0]; i++) {
        state_buf st;
        char txt[16], pad[20];
        start(&st, "size=8 start=e5");
        play_moves(&st, deep[i].moves);
        int sm = rastros_strategy_move(&s, &st);
        ck_assert_msg(sm >= 0, "not in the strategy: %s", deep[i].moves);
        G->format_move(&st, (move_t)sm, txt, sizeof txt);
        snprintf(pad, sizeof pad, " %s ", txt);
        ck_assert_msg(strstr(deep[i].wins, pad), "%s: the strategy says %s", deep[i].moves, txt);
        move_t m = genmove_nodes(ab, &st, 3000);
        G->format_move(&st, m, txt, sizeof txt);
        snprintf(pad, sizeof pad, " %s ", txt);
        ck_assert_msg(strstr(deep[i].wins, pad), "%s: genmove played %s", deep[i].moves, txt);
        /* the book switch turns the strategy off too: a real proof */
        struct game_solve_limits lim = {.threads = 1, .nodes = 2700, .no_book = 1};
        struct game_solve_result r;
        G->solver_clear(sv);
        rastros_solve_ex(sv, &st, &lim, &r, 0);
        ck_assert_uint_gt(r.nodes, 1);
    }
    /* no answer off 8x8 */
    state_buf st;
    start(&st, "start=e5");
    ck_assert_int_eq(rastros_strategy_move(&s, &st), -1);
    /* a walk of its subtree after ply 10 (1,077 positions of player 2's:
     * 296 answered, 781 proved within 2,700 nodes) */
    struct swalk w = {.answer = strategy8_answer, .ctx = &s, .sv = sv};
    start(&st, "size=8 start=e5");
    play_moves(&st, "d5 d6 c5 c6 b6 a6 b5 a5 b4 c4");
    strategy_walk(&w, &st);
    ck_assert_int_eq(w.bad, 0);
    ck_assert_int_eq(w.answered, 296);
    ck_assert_int_eq(w.leaves, 781);
    G->solver_destroy(sv);
    alphabeta_searcher.destroy(ab);
}
END_TEST

/* ---- pockets ----
 * A proof that takes pockets out (rastros_solve.c) must give the value the
 * plain proof gives, the same distance where both find one, and a move
 * that wins by the plain proof. The fixed positions are where a slip in
 * one of its rules changed a value: each rule was broken on purpose in
 * turn (the matching's answer negated or taken as a win or a loss, a
 * pocket by a goal corner or next to the snail taken out) and the two
 * proofs compared on random positions; the first positions that told them
 * apart are here. */
/* st proved by sv with pockets (into a) and by plain without (into b):
 * 3 if both finished, 1 or 2 if only the one or the other. */
static int prove_both(void *sv, void *plain, state_buf *st, const struct game_solve_limits *lim,
                      int flags, struct game_solve_result *a, struct game_solve_result *b)
{
    memset(a, 0, sizeof *a);
    memset(b, 0, sizeof *b);
    int done = rastros_solve_ex(sv, st, lim, a, flags) ? 1 : 0;
    if (rastros_solve_ex(plain, st, lim, b, flags | RASTROS_SOLVE_NO_POCKETS))
        done |= 2;
    return done;
}

/* The small proofs a move starts with (a node limit of 30,000 or less)
 * take pockets out on 7x7 from ply 11 only (LATE_PLY_7): at plies 6-10
 * they prove as they did when the book was checked position by position
 * (the same value, move and node count as without pockets), and from
 * ply 11 some of them prove otherwise. */
START_TEST(test_late_pockets)
{
    void *sv = G->solver_create(16), *plain = G->solver_create(16);
    int late_differ = 0;
    for (int t = 0; t < 80; t++) {
        state_buf st;
        int ply = t < 40 ? 6 + t % 5 : 11 + t % 4;
        ck_assert(random_position(&st, t % 8 < 4 ? "size=7" : "start=e5", ply));
        struct game_solve_limits lim = {.threads = 1, .nodes = 2700, .no_book = 1};
        struct game_solve_result a, b;
        G->solver_clear(sv);
        G->solver_clear(plain);
        int done = prove_both(sv, plain, &st, &lim, 0, &a, &b);
        int same = (done == 0 || done == 3) && a.nodes == b.nodes &&
                   (!done || (a.value == b.value && a.best == b.best));
        if (ply <= 10)
            ck_assert_msg(same, "ply %d: %s %d %" PRIu64 " against %s %d %" PRIu64, ply,
                          done & 1 ? "proved" : "unproved", a.value, a.nodes,
                          done & 2 ? "proved" : "unproved", b.value, b.nodes);
        else if (!same)
            late_differ++;
        if (done == 3)
            ck_assert_int_eq(a.value, b.value);
    }
    ck_assert_msg(late_differ >= 5, "%d of 40 proofs past ply 10 took pockets out",
                  late_differ);
    G->solver_destroy(sv);
    G->solver_destroy(plain);
}
END_TEST

/* keeps_win, checked apart from the pockets and the probes: m ends the game
 * won, or leaves a position `plain' proves lost without pockets (so without
 * probes) and without the book. */
static int keeps_win_plain(void *plain, state_buf *st, move_t m)
{
    struct game_solve_limits lim = {.threads = 1, .no_book = 1};
    struct game_solve_result r;
    game_undo u;
    struct game_status gs;
    int me = G->side_to_move(st);
    G->make(st, m, &u);
    G->status(st, &gs);
    int kept = gs.over ? gs.winner == me : 0;
    if (!gs.over) {
        memset(&r, 0, sizeof r);
        G->solver_clear(plain);
        ck_assert_int_eq(rastros_solve_ex(plain, st, &lim, &r, RASTROS_SOLVE_NO_POCKETS), 1);
        kept = r.value < 0;
    }
    G->unmake(st, m, &u);
    return kept;
}

/* One way to prove: a solver (emptied before each proof), its limits and
 * flags, and its name in messages. */
struct way {
    void *sv;
    struct game_solve_limits lim;
    int flags;
    const char *name;
};

/* Sample t of a test: a random position of opts[t % nopts], lo[t % nopts]
 * plies and up to spread - 1 more, into st and its text into pos, proved
 * in ways x and y (into a and b), whose values must agree; 0 when no
 * position was made. */
static int agree_two_ways(state_buf *st, int t, const char *const *opts, const int *lo,
                          int nopts, int spread, const struct way *x, const struct way *y,
                          struct game_solve_result *a, struct game_solve_result *b, char *pos,
                          size_t n)
{
    int v = t % nopts;
    if (!random_position(st, opts[v], lo[v] + (int)(rnd() % (uint64_t)spread)))
        return 0;
    G->format_position(st, pos, n);
    memset(a, 0, sizeof *a);
    memset(b, 0, sizeof *b);
    G->solver_clear(x->sv);
    G->solver_clear(y->sv);
    ck_assert_int_eq(rastros_solve_ex(x->sv, st, &x->lim, a, x->flags), 1);
    ck_assert_int_eq(rastros_solve_ex(y->sv, st, &y->lim, b, y->flags), 1);
    ck_assert_msg(a->value == b->value, "%s: %s %d, %s %d", pos, x->name, a->value, y->name,
                  b->value);
    return 1;
}

static void pockets_agree(void *sv, void *plain, state_buf *st)
{
    char pos[128];
    G->format_position(st, pos, sizeof pos);
    struct game_solve_limits lim = {.threads = 1, .no_book = 1};
    struct game_solve_result a, b;
    ck_assert_int_eq(prove_both(sv, plain, st, &lim, RASTROS_SOLVE_DISTANCE, &a, &b), 3);
    ck_assert_msg(a.value == b.value, "with pockets %d, without %d: %s", a.value, b.value, pos);
    /* (a distance search stops at its allowance: either may have none) */
    ck_assert_msg(a.plies < 0 || b.plies < 0 || a.plies == b.plies,
                  "distance with pockets %d, without %d: %s", a.plies, b.plies, pos);
    if (a.value < 0)
        return;
    ck_assert_msg(keeps_win_plain(plain, st, a.best),
                  "the move with pockets throws the win: %s", pos);
}

START_TEST(test_pockets)
{
    static const char *const fixed[] = {
        /* the matching's answer negated */
        "7/5s1/6x/3x1x1/2x1x2/3xxx1/3xx2 1",
        "6/6/3x2/4x1/2s1x1/3x2 1",
        /* every pocket of three squares or more taken as a win */
        "xx5/sx5/2x1x2/2xx1xx/2x1xxx/7/7 2",
        /* every pocket taken as a loss */
        "7/7/3x3/2xxx2/4x2/3xxx1/2s1x2 2",
        "2xxx3/2xxxxs1/3x1x2/2x1x1x1/2x3x1/2xxxxxx/2xx1xxx/7x 1",
        /* a pocket next to a goal corner taken out */
        "7/7/7/2xx3/2x3s/3xx1x/3xxx1 2",
        "6/6/3x2/4x1/3xx1/4s1 1",
        "8/4xxx1/3s1xxx/4xxxx/4xxxx/3xxxx1/2xxxx2/4xx2 1",
        /* a part next to the snail taken for a pocket */
        "7/7/3x3/3xxx1/4x2/3xx2/2xs3 1",
        "s2x1/x2xx/1xxxx/1xxxx/3x1 2",
        "xxxx2/xxxxxx/1x1x1x/2x1x1/1xx3/1s4 2",
    };
    void *sv = G->solver_create(16), *plain = G->solver_create(16);
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        state_buf st;
        set_position(&st, fixed[i]);
        pockets_agree(sv, plain, &st);
    }
    /* random positions, late enough for pockets */
    static const char *const opts[] = {"size=7", "start=e5", "size=6", "size=8"};
    static const int lo[] = {8, 8, 4, 20}, spread[] = {20, 20, 20, 20};
    int checked = 0;
    for (int t = 0; t < 1200; t++) {
        state_buf st;
        int v = t % 4;
        if (!random_position(&st, opts[v], lo[v] + (int)(rnd() % (uint64_t)spread[v])))
            continue;
        if (t % 100 == 0) {
            G->solver_clear(sv);
            G->solver_clear(plain);
        }
        pockets_agree(sv, plain, &st);
        checked++;
    }
    ck_assert_int_ge(checked, 1000);
    /* fewer nodes: 8x8 from e5 after seven moves (a third of the nodes
     * on the 8x8 proof's opening positions) */
    {
        state_buf st;
        start(&st, "size=8");
        play_moves(&st, "d4 c3 d3 c4 d5 c5 d6");
        struct game_solve_limits lim = {.threads = 1, .no_book = 1};
        struct game_solve_result a, b;
        G->solver_clear(sv);
        G->solver_clear(plain);
        ck_assert_int_eq(prove_both(sv, plain, &st, &lim, 0, &a, &b), 3);
        ck_assert_int_eq(a.value, b.value);
        ck_assert_msg(a.nodes * 2 < b.nodes, "with pockets %llu nodes, without %llu",
                      (unsigned long long)a.nodes, (unsigned long long)b.nodes);
    }
    /* a proof under a small node limit (a move's first 2,700 nodes) takes
     * no pockets out up to ply 10 on 7x7: test_late_pockets */
    G->solver_destroy(sv);
    G->solver_destroy(plain);
}
END_TEST

/* A child looks only for the pockets its move made (those holding a square
 * next to its snail), its parent's being out of its region already: the
 * same pockets as looking for all of them at every node, so the same nodes,
 * values and moves. */
static void new_pockets_agree(void *sv, void *all, state_buf *st)
{
    struct game_solve_limits lim = {.threads = 1, .no_book = 1};
    struct game_solve_result a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    G->solver_clear(sv);
    G->solver_clear(all);
    ck_assert_int_eq(rastros_solve_ex(sv, st, &lim, &a, 0), 1);
    ck_assert_int_eq(rastros_solve_ex(all, st, &lim, &b, RASTROS_SOLVE_ALL_POCKETS), 1);
    char pos[128];
    G->format_position(st, pos, sizeof pos);
    ck_assert_msg(a.nodes == b.nodes && a.value == b.value && a.best == b.best,
                  "%s: new pockets %llu nodes, %d, %d; all %llu, %d, %d", pos,
                  (unsigned long long)a.nodes, a.value, (int)a.best,
                  (unsigned long long)b.nodes, b.value, (int)b.best);
}

START_TEST(test_new_pockets)
{
    void *sv = G->solver_create(64), *all = G->solver_create(64);
    static const char *const opts[] = {"size=7", "start=e5", "size=6", "size=8"};
    static const int lo[] = {4, 4, 2, 10};
    int checked = 0;
    for (int t = 0; t < 240; t++) {
        state_buf st;
        int v = t % 4;
        if (!random_position(&st, opts[v], lo[v] + (int)(rnd() % 12)))
            continue;
        new_pockets_agree(sv, all, &st);
        checked++;
    }
    ck_assert_int_ge(checked, 200);
    state_buf st;
    start(&st, "size=8");
    play_moves(&st, "d4 c3 d3 c4 d5 c5 d6");
    new_pockets_agree(sv, all, &st);
    G->solver_destroy(sv);
    G->solver_destroy(all);
}
END_TEST

/* A won root names its winning move even when the proof ends at its
 * node limit: the move is the one the proof found, not asked again of
 * tables that a cheap test left empty (a proof that ended a node or two
 * before its limit used to answer a win without a move). */
START_TEST(test_won_root_names_move)
{
    void *sv = G->solver_create(16);
    int won = 0;
    for (int t = 0; t < 600; t++) {
        state_buf st;
        if (!random_position(&st, t & 1 ? "start=e5" : "size=7", 6 + (int)(rnd() % 16)))
            continue;
        struct game_solve_limits lim = {.threads = 1, .no_book = 1, .nodes = 20000};
        struct game_solve_result a;
        memset(&a, 0, sizeof a);
        G->solver_clear(sv);
        if (!rastros_solve_ex(sv, &st, &lim, &a, 0) || a.value != 1)
            continue;
        uint64_t n = a.nodes;
        for (uint64_t l = n > 2 ? n - 2 : 1; l <= n + 2; l++) {
            lim.nodes = l;
            memset(&a, 0, sizeof a);
            G->solver_clear(sv);
            if (!rastros_solve_ex(sv, &st, &lim, &a, 0))
                continue;
            char pos[128];
            G->format_position(&st, pos, sizeof pos);
            ck_assert_int_eq(a.value, 1);
            ck_assert_msg(a.best != MOVE_NONE && (int)a.best >= 0,
                          "%s: won at node limit %llu without a move", pos,
                          (unsigned long long)l);
            ck_assert_msg(keeps_win_plain(sv, &st, a.best), "%s: %d throws the win", pos,
                          (int)a.best);
            won++;
        }
    }
    ck_assert_int_ge(won, 300);
    G->solver_destroy(sv);
}
END_TEST

/* Probes (a short search of each move of a big node before the full
 * searches) change the order of the work, not the answer: with a probe at
 * every node and with none, the same values, and the move of a won
 * position wins (proved again without pockets or probes). */
START_TEST(test_probes)
{
    void *sv = G->solver_create(64), *plain = G->solver_create(64);
    static const char *const opts[] = {"size=7", "start=e5", "size=6", "size=8"};
    static const int lo[] = {4, 4, 2, 10};
    struct game_solve_limits lim = {.threads = 1, .no_book = 1};
    const struct way probes = {sv, lim, RASTROS_SOLVE_ALL_PROBES, "with probes"};
    const struct way none = {plain, lim, RASTROS_SOLVE_NO_PROBES, "without"};
    int checked = 0, differ = 0;
    for (int t = 0; t < 240; t++) {
        state_buf st;
        char pos[128];
        struct game_solve_result a, b;
        if (!agree_two_ways(&st, t, opts, lo, 4, 12, &probes, &none, &a, &b, pos, sizeof pos))
            continue;
        differ += a.nodes != b.nodes;
        checked++;
        if (a.value < 0)
            continue;
        ck_assert_msg(keeps_win_plain(plain, &st, a.best),
                      "the move with probes throws the win: %s", pos);
    }
    ck_assert_int_ge(checked, 200);
    ck_assert_int_ge(differ, checked / 2);      /* the probes ran */
    /* the probes of big nodes save nodes: 8x8 after seven moves */
    state_buf st;
    start(&st, "size=8");
    play_moves(&st, "d4 c3 d3 c4 d5 c5 d6");
    struct game_solve_result a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    G->solver_clear(sv);
    G->solver_clear(plain);
    ck_assert_int_eq(rastros_solve_ex(sv, &st, &lim, &a, 0), 1);
    ck_assert_int_eq(rastros_solve_ex(plain, &st, &lim, &b, RASTROS_SOLVE_NO_PROBES), 1);
    ck_assert_int_eq(a.value, b.value);
    ck_assert_msg(a.nodes < b.nodes, "with probes %llu nodes, without %llu",
                  (unsigned long long)a.nodes, (unsigned long long)b.nodes);
    G->solver_destroy(sv);
    G->solver_destroy(plain);
}
END_TEST

/* Two threads on big roots, where they split the root (root_search): a
 * helper starts on the second child, leaves it for the first once one of
 * the opponent's moves there fails, and a thread whose child the other
 * proved takes that proof. The value is one thread's, and a won root's
 * move keeps the win. */
START_TEST(test_threads_root)
{
    void *sv = G->solver_create(64), *one = G->solver_create(64);
    static const char *const opts[] = {"size=7", "start=e5", "size=8"};
    static const int lo[] = {1, 1, 9};
    const struct way two = {sv, {.threads = 2, .no_book = 1}, 0, "2 threads"};
    const struct way alone = {one, {.threads = 1, .no_book = 1}, 0, "one"};
    int won = 0, lost = 0;
    for (int t = 0; t < 30; t++) {
        state_buf st;
        char pos[128];
        struct game_solve_result a, b;
        if (!agree_two_ways(&st, t, opts, lo, 3, 7, &two, &alone, &a, &b, pos, sizeof pos))
            continue;
        if (a.value < 0) {
            lost++;
            continue;
        }
        won++;
        ck_assert_msg(keeps_win_plain(one, &st, a.best),
                      "the move of 2 threads throws the win: %s", pos);
    }
    ck_assert_int_ge(won, 5);
    ck_assert_int_ge(lost, 5);
    G->solver_destroy(sv);
    G->solver_destroy(one);
}
END_TEST

/* A lost position: the solver's move (without the distance search, which
 * prefers the longest defence where it is cheap) leaves the opponent the
 * fewest winning replies, counted here by plain minimax. */
START_TEST(test_lost_hardest_move)
{
    void *sv = G->solver_create(16);
    int checked = 0;
    for (int i = 0; i < 400 && checked < 60; i++) {
        state_buf st;
        if (!random_position(&st, i % 2 ? "size=6" : "size=5", 4 + (int)(rnd() % 8)))
            continue;
        if (naive_value(&st) > 0)
            continue;
        struct game_solve_limits lim = {.threads = 1};
        struct game_solve_result r;
        G->solver_clear(sv);
        ck_assert_int_eq(rastros_solve_ex(sv, &st, &lim, &r, 0), 1);
        ck_assert_int_eq(r.value, -1);
        move_t m[GAME_MAX_MOVES];
        int k = G->gen_moves(&st, m), fewest = 99, got = -1;
        for (int j = 0; j < k; j++) {
            game_undo u;
            struct game_status gs;
            G->make(&st, m[j], &u);
            G->status(&st, &gs);
            int wins = -1;
            if (!gs.over) {
                /* the opponent's replies that win: those after which I lose */
                move_t rm[GAME_MAX_MOVES];
                int kr = G->gen_moves(&st, rm);
                wins = 0;
                for (int q = 0; q < kr; q++) {
                    game_undo u2;
                    struct game_status g2;
                    G->make(&st, rm[q], &u2);
                    G->status(&st, &g2);
                    wins += g2.over ? g2.winner != G->side_to_move(&st) : naive_value(&st) < 0;
                    G->unmake(&st, rm[q], &u2);
                }
            }
            G->unmake(&st, m[j], &u);
            if (wins >= 0 && wins < fewest)
                fewest = wins;
            if (m[j] == r.best)
                got = wins;
        }
        if (fewest == 99)
            continue;           /* every move ends the game */
        char pos[128];
        G->format_position(&st, pos, sizeof pos);
        ck_assert_msg(got == fewest, "%s: the move leaves %d winning replies, %d is possible",
                      pos, got, fewest);
        checked++;
    }
    ck_assert_int_ge(checked, 40);
    G->solver_destroy(sv);
}
END_TEST

static Suite *rastros_solve_suite(void)
{
    Suite *s = suite_create("rastros_solve");
    TCase *tc = tcase_create("solver");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_agrees_with_generic_and_minimax);
    tcase_add_test(tc, test_threads_agree);
    tcase_add_test(tc, test_threads_root);
    tcase_add_test(tc, test_start_values);
    tcase_add_test(tc, test_symmetry_and_reuse);
    tcase_add_test(tc, test_limits);
    tcase_add_test(tc, test_book_entries);
    tcase_add_test(tc, test_nodes_budget_keeps_wins);
    tcase_add_test(tc, test_more_budget_keeps_checked_wins);
    tcase_add_test(tc, test_unfinished_proof_losing_moves);
    tcase_add_test(tc, test_strategy_walk);
    tcase_add_test(tc, test_strategy8);
    tcase_add_test(tc, test_strategy7);
    tcase_add_test(tc, test_walk7);
    tcase_add_test(tc, test_lost_hardest_move);
    tcase_add_test(tc, test_pockets);
    tcase_add_test(tc, test_late_pockets);
    tcase_add_test(tc, test_new_pockets);
    tcase_add_test(tc, test_probes);
    tcase_add_test(tc, test_won_root_names_move);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(rastros_solve_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
