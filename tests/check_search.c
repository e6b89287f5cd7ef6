/* check_search.c -- the searchers against independent answers: the exact
 * solver and genmove on Rastros versus a plain memoised minimax written
 * here from the rules, alpha-beta tactics, time management, determinism. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "search/search.h"
#include "search/tt.h"

static const struct game *G;

typedef union { unsigned char b[16384]; uint64_t align; } state_buf;

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void start(const struct game *g, state_buf *st, const char *opt)
{
    char err[128];
    const char *opts[1] = {opt};
    ck_assert_int_eq(g->init(st, opt ? 1 : 0, opts, err, sizeof err), GAME_OK);
}

/* ---- an independent Rastros minimax over (slime, snail, side) ---- */

struct naive {
    int n;
    uint64_t slime;             /* bit r*8+f */
    int snail, stm;
};

#define MEMO_BITS 22
struct memo_entry { uint64_t key; int8_t val; };
static struct memo_entry *memo;

static int naive_win(int n, uint64_t slime, int snail, int stm)
{
    int goal[2] = {0, (n - 1) * 8 + (n - 1)};
    uint64_t key = (slime * 0x9e3779b97f4a7c15ULL) ^ ((uint64_t)snail << 1) ^ (uint64_t)stm ^
                   ((uint64_t)n << 60);
    if (key == 0)
        key = 1;
    size_t h = (size_t)(key >> (64 - MEMO_BITS));
    for (;;) {
        if (memo[h].key == key)
            return memo[h].val;
        if (memo[h].key == 0)
            break;
        h = (h + 1) & ((1u << MEMO_BITS) - 1);
    }
    int f = snail & 7, r = snail >> 3, win = 0, any = 0;
    for (int dr = -1; dr <= 1 && !win; dr++)
        for (int df = -1; df <= 1 && !win; df++) {
            int nf = f + df, nr = r + dr;
            if ((!df && !dr) || nf < 0 || nr < 0 || nf >= n || nr >= n)
                continue;
            int to = nr * 8 + nf;
            if (slime & (1ULL << to))
                continue;
            any = 1;
            if (to == goal[stm])
                win = 1;
            else if (to == goal[!stm])
                continue;
            else if (!naive_win(n, slime | (1ULL << snail), to, !stm))
                win = 1;
        }
    (void)any;                  /* no move at all: a loss */
    memo[h].key = key;
    memo[h].val = (int8_t)win;
    return win;
}

/* Reads the naive model back from a position string of the engine. */
static void from_string(const char *pos, struct naive *nv)
{
    int rank = -1, file = 0, rows = 1;
    for (const char *c = pos; *c && *c != ' '; c++)
        rows += *c == '/';
    nv->n = rows;
    nv->slime = 0;
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
                nv->slime |= 1ULL << (rank * 8 + file);
            else if (*c == 's')
                nv->snail = rank * 8 + file;
            file++;
        }
    }
    nv->stm = c[1] == '2';
}

static int naive_value(const struct game *g, const void *st)
{
    char pos[256];
    struct naive nv = {0, 0, 0, 0};
    g->format_position(st, pos, sizeof pos);
    from_string(pos, &nv);
    return naive_win(nv.n, nv.slime, nv.snail, nv.stm) ? 1 : -1;
}

/* A random game prefix of `plies` plies that is not over. */
static int random_position(const struct game *g, state_buf *st, const char *opt, int plies)
{
    start(g, st, opt);
    for (int i = 0; i < plies; i++) {
        move_t m[GAME_MAX_MOVES];
        int k = g->gen_moves(st, m);
        struct game_status s;
        if (k == 0)
            return 0;
        game_undo u;
        g->make(st, m[rnd() % (uint64_t)k], &u);
        g->status(st, &s);
        if (s.over)
            return 0;
    }
    return 1;
}

static void setup_memo(void)
{
    memo = calloc((size_t)1 << MEMO_BITS, sizeof *memo);
    G = game_find("rastros");
}

static void teardown_memo(void)
{
    free(memo);
}

START_TEST(test_solve_matches_minimax)
{
    /* random positions on every size, the solver against the minimax */
    static const char *const sizes[] = {"size=5", "size=6", "size=7", "size=8"};
    static const int min_plies[] = {0, 4, 14, 26};
    void *ab = alphabeta_searcher.create(8);
    int checked = 0, wins = 0;
    for (int t = 0; t < 240; t++) {
        state_buf st;
        int s = t % 4;
        int plies = min_plies[s] + (int)(rnd() % 10);
        if (!random_position(G, &st, sizes[s], plies))
            continue;
        struct search_params p;
        struct search_result r;
        memset(&p, 0, sizeof p);
        alphabeta_searcher.clear(ab);
        ck_assert_int_eq(search_solve(ab, G, &st, &p, &r), 1);
        int want = naive_value(G, &st);
        int got = r.score > 0 ? 1 : -1;
        char pos[256];
        G->format_position(&st, pos, sizeof pos);
        ck_assert_msg(got == want, "solve says %d, minimax %d: %s", got, want, pos);
        if (want > 0) {
            /* the winning move really wins */
            game_undo u;
            G->make(&st, r.best, &u);
            struct game_status gs;
            G->status(&st, &gs);
            if (!gs.over)
                ck_assert_msg(naive_value(G, &st) < 0, "solve's move does not win: %s", pos);
            else
                ck_assert_int_eq(gs.winner, G->side_to_move(&st) ^ 1);
            wins++;
        }
        checked++;
    }
    ck_assert_int_ge(checked, 100);
    ck_assert_int_ge(wins, 30);
    alphabeta_searcher.destroy(ab);
}
END_TEST

START_TEST(test_genmove_keeps_wins)
{
    /* genmove with a time budget in won positions always keeps the win */
    void *ab = alphabeta_searcher.create(8);
    int won = 0;
    for (int t = 0; t < 80 && won < 25; t++) {
        state_buf st;
        if (!random_position(G, &st, t & 1 ? "size=7" : "size=6", 10 + (int)(rnd() % 16)))
            continue;
        if (naive_value(G, &st) < 0)
            continue;
        struct search_params p;
        struct search_result r;
        memset(&p, 0, sizeof p);
        p.movetime_ms = 1000;
        p.soft_ms = 100;
        alphabeta_searcher.search(ab, G, &st, &p, &r);
        char pos[256], mv[16];
        G->format_position(&st, pos, sizeof pos);
        G->format_move(&st, r.best, mv, sizeof mv);
        game_undo u;
        G->make(&st, r.best, &u);
        struct game_status gs;
        G->status(&st, &gs);
        if (!gs.over)
            ck_assert_msg(naive_value(G, &st) < 0, "genmove %s throws the win away in %s", mv, pos);
        else
            ck_assert_msg(gs.winner != G->side_to_move(&st), "genmove %s loses at once in %s", mv, pos);
        won++;
    }
    ck_assert_int_ge(won, 15);
    alphabeta_searcher.destroy(ab);
}
END_TEST

START_TEST(test_rastros_start_values)
{
    /* 5x5 and 6x6 from the start: first player wins (minimax agrees) */
    void *ab = alphabeta_searcher.create(8);
    static const char *const opts[] = {"size=5", "size=6"};
    for (int i = 0; i < 2; i++) {
        state_buf st;
        start(G, &st, opts[i]);
        struct search_params p;
        struct search_result r;
        memset(&p, 0, sizeof p);
        ck_assert_int_eq(search_solve(ab, G, &st, &p, &r), 1);
        ck_assert_int_eq(r.score > 0 ? 1 : -1, naive_value(G, &st));
        ck_assert_int_gt(r.score, 0);
    }
    alphabeta_searcher.destroy(ab);
}
END_TEST

START_TEST(test_win_in_one_and_mate_scores)
{
    void *ab = alphabeta_searcher.create(4);
    state_buf st;
    char err[128];
    /* player 1 to move next to a1: b2 -> a1 wins at once */
    start(G, &st, NULL);
    ck_assert_int_eq(G->parse_position(&st, "7/7/7/7/7/1s5/7 1", err, sizeof err), GAME_OK);
    struct search_params p;
    struct search_result r;
    memset(&p, 0, sizeof p);
    p.depth = 4;
    alphabeta_searcher.search(ab, G, &st, &p, &r);
    char mv[16];
    G->format_move(&st, r.best, mv, sizeof mv);
    ck_assert_str_eq(mv, "a1");
    ck_assert_int_eq(r.score, SCORE_WIN - 1);
    ck_assert(r.exact);
    /* the same square, player 2 to move: a1 is suicide, never chosen */
    ck_assert_int_eq(G->parse_position(&st, "7/7/7/7/7/1s5/7 2", err, sizeof err), GAME_OK);
    alphabeta_searcher.clear(ab);
    alphabeta_searcher.search(ab, G, &st, &p, &r);
    G->format_move(&st, r.best, mv, sizeof mv);
    ck_assert_str_ne(mv, "a1");
    alphabeta_searcher.destroy(ab);
}
END_TEST

START_TEST(test_depth_search_deterministic)
{
    /* the same depth-limited search twice gives the same move and nodes */
    static const char *const games[] = {"rastros", "tablut", "grasshopper"};
    for (int i = 0; i < 3; i++) {
        const struct game *g = game_find(games[i]);
        state_buf st;
        start(g, &st, NULL);
        uint64_t nodes[2];
        move_t best[2];
        for (int k = 0; k < 2; k++) {
            void *ab = alphabeta_searcher.create(4);
            struct search_params p;
            struct search_result r;
            memset(&p, 0, sizeof p);
            p.depth = 3;
            alphabeta_searcher.search(ab, g, &st, &p, &r);
            nodes[k] = r.nodes;
            best[k] = r.best;
            alphabeta_searcher.destroy(ab);
        }
        ck_assert_uint_eq(nodes[0], nodes[1]);
        ck_assert_uint_eq(best[0], best[1]);
        ck_assert_uint_gt(nodes[0], 10);
    }
}
END_TEST

START_TEST(test_state_restored)
{
    static const char *const games[] = {"rastros", "tablut", "grasshopper"};
    for (int i = 0; i < 3; i++) {
        const struct game *g = game_find(games[i]);
        state_buf st, copy;
        start(g, &st, NULL);
        memcpy(&copy, &st, g->state_size);
        void *ab = alphabeta_searcher.create(4);
        struct search_params p;
        struct search_result r;
        memset(&p, 0, sizeof p);
        p.depth = 3;
        alphabeta_searcher.search(ab, g, &st, &p, &r);
        ck_assert(memcmp(&st, &copy, g->state_size) == 0);
        alphabeta_searcher.destroy(ab);
    }
}
END_TEST

static int stop_now(void *ctx) { (void)ctx; return 1; }

START_TEST(test_stop_and_limits)
{
    state_buf st;
    start(G, &st, "size=8");
    void *ab = alphabeta_searcher.create(4);
    struct search_result r;
    alphabeta_searcher.search(ab, G, &st,
                              &(struct search_params){.infinite = 1, .stop = stop_now}, &r);
    ck_assert(r.best != MOVE_NONE);             /* a legal move even so */
    alphabeta_searcher.search(ab, G, &st, &(struct search_params){.nodes = 5000}, &r);
    ck_assert_uint_le(r.nodes, 5000 + 5000);    /* solver and search each */
    alphabeta_searcher.destroy(ab);
}
END_TEST

/* Under a clock, a proven win is played without spending the rest of the
 * move's time, and MCTS plays a forced move at once: both show in the node
 * counts (a full 3 s search would take millions). */
START_TEST(test_clock_shortcuts)
{
    state_buf st;
    const struct game *ra = game_find("rastros");
    start(ra, &st, "size=5");
    const struct search_params clock3s = {.movetime_ms = 3000};
    void *ab = alphabeta_searcher.create(4);
    struct search_result r;
    alphabeta_searcher.search(ab, ra, &st, &clock3s, &r);
    ck_assert(r.exact);
    ck_assert_int_gt(r.score, 0);               /* 5x5 is a first-player win */
    ck_assert_uint_lt(r.nodes, 100000);
    alphabeta_searcher.destroy(ab);

    const struct game *gh = game_find("grasshopper");
    ck_assert_ptr_nonnull(gh);
    start(gh, &st, "pieces=2");
    char err[128];
    ck_assert_int_eq(gh->parse_position(&st, "....../....../....../w.w... w 0,2 0,0 -",
                                        err, sizeof err), GAME_OK);
    void *m = mcts_searcher.create(4);
    mcts_searcher.search(m, gh, &st, &clock3s, &r);
    char mv[16];
    gh->format_move(&st, r.best, mv, sizeof mv);
    ck_assert_str_eq(mv, "pass");
    ck_assert_uint_eq(r.nodes, 0);
    mcts_searcher.destroy(m);
}
END_TEST

START_TEST(test_timeman)
{
    int64_t soft, hard;
    struct clock_state c = { .main_ms = -1 };
    timeman_budget(&c, 0, &soft, &hard);
    ck_assert(soft == 0 && hard == 0);          /* no clock: no limit */
    c.main_ms = 10000;
    c.have_left = 1;
    c.left_ms = 10000;
    timeman_budget(&c, 0, &soft, &hard);
    ck_assert_int_eq(soft, 10000 / 40);
    ck_assert_int_le(hard, 10000 / 3);
    ck_assert_int_ge(hard, soft);
    c.left_ms = 50;                             /* nearly flagged: tiny but positive */
    timeman_budget(&c, 80, &soft, &hard);
    ck_assert_int_ge(hard, 1);
    ck_assert_int_le(hard, 50);
    c.left_ms = 6000;                           /* byo-yomi: 6 s for 3 stones */
    c.left_stones = 3;
    timeman_budget(&c, 10, &soft, &hard);
    ck_assert_int_le(hard, 2000);
    ck_assert_int_eq(timeman_movetime(1000), 970);
    ck_assert_int_eq(timeman_movetime(100), 95);
}
END_TEST

START_TEST(test_tt_scores)
{
    struct tt t;
    ck_assert_int_eq(tt_init(&t, 1 << 16), 0);
    tt_store(&t, 42, 7, tt_score_to(SCORE_WIN - 9, 4), 5, TT_EXACT);
    const struct tt_entry *e = tt_probe(&t, 42);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(tt_score_from(e->score, 2), SCORE_WIN - 7);
    ck_assert_uint_eq(e->move, 7);
    ck_assert_ptr_null(tt_probe(&t, 43));
    tt_clear(&t);
    ck_assert_ptr_null(tt_probe(&t, 42));
    tt_free(&t);
}
END_TEST

/* A Tablut position searched to a fixed depth: the move found, its score. */
static void tablut_search(const char *pos, int depth, char *mv, size_t n, int *score)
{
    const struct game *g = game_find("tablut");
    state_buf st;
    char err[128];
    start(g, &st, NULL);
    ck_assert_int_eq(g->parse_position(&st, pos, err, sizeof err), GAME_OK);
    void *ab = alphabeta_searcher.create(4);
    struct search_result r;
    alphabeta_searcher.search(ab, g, &st, &(struct search_params){.depth = depth}, &r);
    g->format_move(&st, r.best, mv, n);
    *score = r.score;
    alphabeta_searcher.destroy(ab);
}

/* Beyond the horizon: a king's capture two moves away, and an escape two
 * moves away, proven by a one-ply search (a threatened side is searched a
 * ply deeper, and past the depth limit the quiescence search plays the
 * winning captures and escapes). Without them a depth-1 search saw only
 * the static score of the first move. */
START_TEST(test_tablut_beyond_horizon)
{
    char mv[16];
    int score;
    /* d9-d7 leaves the king on e7 one move: f7, where d7-e7 takes him;
     * anything else and f9-f7 or f1-f7 takes him on e7 */
    tablut_search("3t1t3/4T4/4K1t2/4T4/9/9/9/9/5t3 b", 1, mv, sizeof mv, &score);
    ck_assert_str_eq(mv, "d9-d7");
    ck_assert_int_eq(score, SCORE_WIN - 3);
    /* c6-c7: the king then sees a7 and i7, one block cannot close both */
    tablut_search("2tt5/4t4/9/t1K1T1t2/3T1T1t1/1t7/4T3t/5t3/2t6 w", 1, mv, sizeof mv, &score);
    ck_assert_str_eq(mv, "c6-c7");
    ck_assert_int_eq(score, SCORE_WIN - 3);
}
END_TEST

static Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("rastros-perfect");
    tcase_add_checked_fixture(tc, setup_memo, teardown_memo);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_solve_matches_minimax);
    tcase_add_test(tc, test_genmove_keeps_wins);
    tcase_add_test(tc, test_rastros_start_values);
    tcase_add_test(tc, test_win_in_one_and_mate_scores);
    tcase_add_test(tc, test_stop_and_limits);
    suite_add_tcase(s, tc);
    TCase *tg = tcase_create("generic");
    tcase_set_timeout(tg, 120);
    tcase_add_test(tg, test_depth_search_deterministic);
    tcase_add_test(tg, test_state_restored);
    tcase_add_test(tg, test_timeman);
    tcase_add_test(tg, test_clock_shortcuts);
    tcase_add_test(tg, test_tt_scores);
    tcase_add_test(tg, test_tablut_beyond_horizon);
    suite_add_tcase(s, tg);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(search_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
