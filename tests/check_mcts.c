/* check_mcts.c -- unit tests of the Monte-Carlo tree searcher, on tiny
 * games defined here (Nim, tic-tac-toe, an endless game scored only by
 * evaluate()) so that they do not depend on the real games' progress. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "search/search.h"
#include "util.h"

static uint64_t mix(uint64_t x)
{
    return rng_next(&x);
}

/* ---- Nim: take 1..3 from one pile; whoever takes the last wins ---- */

struct nim { int pile, stm, plies, junk; };

static int nim_init(void *st, int nopts, const char *const *opts,
                    char *err, size_t errlen)
{
    (void)nopts; (void)opts; (void)err; (void)errlen;
    struct nim *s = st;
    memset(s, 0, sizeof *s);
    s->pile = 21;
    s->junk = 12345;
    return GAME_OK;
}
static int nim_stm(const void *st) { return ((const struct nim *)st)->stm; }
static int nim_gen(const void *st, move_t *mv)
{
    const struct nim *s = st;
    int n = 0;
    for (int k = 1; k <= 3 && k <= s->pile; k++)
        mv[n++] = (move_t)k;
    return n;
}
static void nim_make(void *st, move_t m, game_undo *u)
{
    struct nim *s = st;
    memcpy(u->bytes, &s->junk, sizeof s->junk);
    s->pile -= (int)m;
    s->stm ^= 1;
    s->plies++;
    s->junk = 777;      /* garbage that only unmake can undo */
}
static void nim_unmake(void *st, move_t m, const game_undo *u)
{
    struct nim *s = st;
    s->pile += (int)m;
    s->stm ^= 1;
    s->plies--;
    memcpy(&s->junk, u->bytes, sizeof s->junk);
}
static uint64_t nim_hash(const void *st)
{
    const struct nim *s = st;
    return mix((uint64_t)s->pile * 2 + (uint64_t)s->stm);
}
static void nim_status(const void *st, struct game_status *o)
{
    const struct nim *s = st;
    o->over = s->pile == 0;
    o->winner = s->pile == 0 ? 1 - s->stm : -1;
    o->reason = s->pile == 0 ? "took the last" : "";
}
static int nim_eval(const void *st) { (void)st; return 0; }
static void nim_fmt(const void *st, move_t m, char *buf, size_t n)
{
    (void)st;
    snprintf(buf, n, "%u", (unsigned)m);
}
static int nim_exact(void *st, int *value, int *plies)
{
    const struct nim *s = st;
    *value = s->pile % 4 ? 1 : -1;
    *plies = -1;
    return 1;
}

static const struct game nim_game = {
    .name = "nim", .title = "Nim", .side_names = {"first", "second"},
    .side_aliases = {"", ""}, .gtp_letter = {'B', 'W'},
    .state_size = sizeof(struct nim), .undo_size = sizeof(int),
    .init = nim_init, .side_to_move = nim_stm, .gen_moves = nim_gen,
    .make = nim_make, .unmake = nim_unmake, .hash = nim_hash,
    .status = nim_status, .evaluate = nim_eval, .format_move = nim_fmt,
};

/* the same with an exact_value oracle */
static struct game nim_exact_game;

static struct nim nim_at(int pile, int stm)
{
    struct nim s;
    nim_init(&s, 0, NULL, NULL, 0);
    s.pile = pile;
    s.stm = stm;
    return s;
}

/* ---- tic-tac-toe: squares 0..8, row by row; X (side 0) first ---- */

struct ttt { char b[9]; int stm; };

static int ttt_init(void *st, int nopts, const char *const *opts,
                    char *err, size_t errlen)
{
    (void)nopts; (void)opts; (void)err; (void)errlen;
    struct ttt *s = st;
    memset(s, 0, sizeof *s);
    memset(s->b, '.', 9);
    return GAME_OK;
}
static int ttt_winner(const struct ttt *s)
{
    static const int L[8][3] = {{0,1,2},{3,4,5},{6,7,8},{0,3,6},{1,4,7},
                                {2,5,8},{0,4,8},{2,4,6}};
    for (int i = 0; i < 8; i++) {
        char c = s->b[L[i][0]];
        if (c != '.' && c == s->b[L[i][1]] && c == s->b[L[i][2]])
            return c == 'X' ? 0 : 1;
    }
    return -1;
}
static void ttt_status(const void *st, struct game_status *o)
{
    const struct ttt *s = st;
    int w = ttt_winner(s);
    o->over = w >= 0 || !memchr(s->b, '.', 9);
    o->winner = w;
    o->reason = "";
}
static int ttt_stm(const void *st) { return ((const struct ttt *)st)->stm; }
static int ttt_gen(const void *st, move_t *mv)
{
    const struct ttt *s = st;
    struct game_status gs;
    ttt_status(st, &gs);
    if (gs.over)
        return 0;
    int n = 0;
    for (int i = 0; i < 9; i++)
        if (s->b[i] == '.')
            mv[n++] = (move_t)i;
    return n;
}
static void ttt_make(void *st, move_t m, game_undo *u)
{
    struct ttt *s = st;
    (void)u;
    s->b[m] = s->stm ? 'O' : 'X';
    s->stm ^= 1;
}
static void ttt_unmake(void *st, move_t m, const game_undo *u)
{
    struct ttt *s = st;
    (void)u;
    s->b[m] = '.';
    s->stm ^= 1;
}
static uint64_t ttt_hash(const void *st)
{
    const struct ttt *s = st;
    uint64_t h = (uint64_t)s->stm;
    for (int i = 0; i < 9; i++)
        h = h * 3 + (s->b[i] == 'X' ? 1u : s->b[i] == 'O' ? 2u : 0u);
    return mix(h);
}
static int ttt_eval(const void *st) { (void)st; return 0; }
static void ttt_fmt(const void *st, move_t m, char *buf, size_t n)
{
    (void)st;
    snprintf(buf, n, "%u", (unsigned)m);
}

static const struct game ttt_game = {
    .name = "ttt", .title = "Tic-tac-toe", .side_names = {"x", "o"},
    .side_aliases = {"", ""}, .gtp_letter = {'B', 'W'},
    .state_size = sizeof(struct ttt), .undo_size = 1,
    .init = ttt_init, .side_to_move = ttt_stm, .gen_moves = ttt_gen,
    .make = ttt_make, .unmake = ttt_unmake, .hash = ttt_hash,
    .status = ttt_status, .evaluate = ttt_eval, .format_move = ttt_fmt,
};

/* "XO.X....." plus side to move */
static struct ttt ttt_at(const char *board, int stm)
{
    struct ttt s;
    ttt_init(&s, 0, NULL, NULL, 0);
    memcpy(s.b, board, 9);
    s.stm = stm;
    return s;
}

/* ---- endless: side 0 picks good (1) or bad (2) once, then both pass
 * (0) forever; only evaluate() can tell, after the playout cap ---- */

struct endless { int marker, stm, ply; };

static int end_init(void *st, int nopts, const char *const *opts,
                    char *err, size_t errlen)
{
    (void)nopts; (void)opts; (void)err; (void)errlen;
    memset(st, 0, sizeof(struct endless));
    return GAME_OK;
}
static int end_stm(const void *st) { return ((const struct endless *)st)->stm; }
static int end_gen(const void *st, move_t *mv)
{
    const struct endless *s = st;
    if (s->ply == 0) {
        mv[0] = 1;
        mv[1] = 2;
        return 2;
    }
    mv[0] = 0;
    return 1;
}
static void end_make(void *st, move_t m, game_undo *u)
{
    struct endless *s = st;
    (void)u;
    if (m)
        s->marker = (int)m;
    s->stm ^= 1;
    s->ply++;
}
static void end_unmake(void *st, move_t m, const game_undo *u)
{
    struct endless *s = st;
    (void)u;
    s->stm ^= 1;
    s->ply--;
    if (m)
        s->marker = 0;
}
static uint64_t end_hash(const void *st)
{
    const struct endless *s = st;
    return mix((uint64_t)s->ply * 8 + (uint64_t)s->marker * 2 + (uint64_t)s->stm);
}
static void end_status(const void *st, struct game_status *o)
{
    (void)st;
    o->over = 0;
    o->winner = -1;
    o->reason = "";
}
static int end_eval(const void *st)
{
    const struct endless *s = st;
    int v0 = s->marker == 1 ? 300 : s->marker == 2 ? -300 : 0;
    return s->stm == 0 ? v0 : -v0;
}
static void end_fmt(const void *st, move_t m, char *buf, size_t n)
{
    (void)st;
    snprintf(buf, n, "%u", (unsigned)m);
}

static const struct game endless_game = {
    .name = "endless", .title = "Endless", .side_names = {"a", "b"},
    .side_aliases = {"", ""}, .gtp_letter = {'B', 'W'},
    .state_size = sizeof(struct endless), .undo_size = 1,
    .init = end_init, .side_to_move = end_stm, .gen_moves = end_gen,
    .make = end_make, .unmake = end_unmake, .hash = end_hash,
    .status = end_status, .evaluate = end_eval, .format_move = end_fmt,
};

/* ---- helpers ---- */

struct probe {
    int reports;
    struct search_info last;
    int stop_calls, stop_after;
};

static void on_report(void *ctx, const struct search_info *info)
{
    struct probe *pr = ctx;
    pr->reports++;
    pr->last = *info;
}

static int on_stop(void *ctx)
{
    struct probe *pr = ctx;
    return ++pr->stop_calls > pr->stop_after;
}

static struct search_params params(uint64_t nodes, uint64_t seed)
{
    struct search_params p;
    memset(&p, 0, sizeof p);
    p.nodes = nodes;
    p.seed = seed;
    return p;
}

static struct search_result run(void *m, const struct game *g, void *st,
                                uint64_t nodes, uint64_t seed)
{
    struct search_params p = params(nodes, seed);
    struct search_result r;
    ck_assert_int_eq(mcts_searcher.search(m, g, st, &p, &r), 0);
    return r;
}

static struct search_result run_fresh(const struct game *g, void *st,
                                      uint64_t nodes, uint64_t seed)
{
    void *m = mcts_searcher.create(4);
    ck_assert_ptr_nonnull(m);
    struct search_result r = run(m, g, st, nodes, seed);
    mcts_searcher.destroy(m);
    return r;
}

static int is_legal(const struct game *g, const void *st, move_t mv)
{
    move_t moves[GAME_MAX_MOVES];
    int n = g->gen_moves(st, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == mv)
            return 1;
    return 0;
}

/* ---- tests ---- */

START_TEST(nim_winning_moves)
{
    for (int pile = 5; pile <= 19; pile++) {
        if (pile % 4 == 0)
            continue;
        struct nim s = nim_at(pile, pile & 1);
        struct search_result r = run_fresh(&nim_game, &s, 5000, 1);
        ck_assert_msg(r.best == (move_t)(pile % 4), "pile %d: took %u",
                      pile, (unsigned)r.best);
        ck_assert_int_gt(r.score, 0);
        ck_assert_int_eq(r.pv[0], r.best);
    }
}
END_TEST

START_TEST(nim_immediate_win)
{
    for (int pile = 1; pile <= 3; pile++) {
        struct nim s = nim_at(pile, 1);
        struct search_result r = run_fresh(&nim_game, &s, 100000, 3);
        ck_assert_int_eq(r.best, (move_t)pile);
        ck_assert_int_eq(r.exact, 1);
        ck_assert_int_eq(r.score, SCORE_WIN - 1);
        ck_assert_uint_eq(r.nodes, 0);  /* proven before any playout */
    }
}
END_TEST

START_TEST(nim_lost_is_proven)
{
    struct nim s = nim_at(8, 0);
    struct search_result r = run_fresh(&nim_game, &s, 100000, 5);
    ck_assert_int_eq(r.exact, 1);
    ck_assert_int_lt(r.score, -SCORE_WIN_MIN);
    ck_assert_uint_lt(r.nodes, 100000);   /* stopped once proven */
    ck_assert(is_legal(&nim_game, &s, r.best));

    s = nim_at(11, 0);
    r = run_fresh(&nim_game, &s, 100000, 5);
    ck_assert_int_eq(r.exact, 1);
    ck_assert_int_eq(r.best, 3);
    ck_assert_int_ge(r.score, SCORE_WIN - 11);
    /* the pv is a winning line */
    ck_assert_int_ge(r.pvlen, 1);
    ck_assert_int_eq(r.pv[0], 3);
}
END_TEST

START_TEST(nim_exact_value_oracle)
{
    struct nim s = nim_at(30, 0);
    struct search_result r = run_fresh(&nim_exact_game, &s, 1000, 9);
    ck_assert_int_eq(r.best, 2);
    ck_assert_int_eq(r.exact, 1);
    ck_assert_int_gt(r.score, SCORE_WIN_MIN);
}
END_TEST

START_TEST(ttt_takes_win)
{
    /* X: 0 1 _ / O O _ / _ _ _ ; X to move wins at 2 */
    struct ttt s = ttt_at("XX.OO....", 0);
    struct search_result r = run_fresh(&ttt_game, &s, 2000, 11);
    ck_assert_int_eq(r.best, 2);
    ck_assert_int_eq(r.exact, 1);
    ck_assert_int_eq(r.score, SCORE_WIN - 1);
    /* O to move in the same picture wins at 5 */
    s = ttt_at("XX.OO...X", 1);
    r = run_fresh(&ttt_game, &s, 2000, 11);
    ck_assert_int_eq(r.best, 5);
}
END_TEST

START_TEST(ttt_blocks)
{
    /* X threatens 0-1-2; O must take 2 */
    struct ttt s = ttt_at("XX..O....", 1);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        struct search_result r = run_fresh(&ttt_game, &s, 3000, seed);
        ck_assert_int_eq(r.best, 2);
    }
    /* X must stop O's diagonal 2-4-6 */
    s = ttt_at("X.O.O..X.", 0);
    struct search_result r = run_fresh(&ttt_game, &s, 3000, 2);
    ck_assert_int_eq(r.best, 6);
}
END_TEST

START_TEST(ttt_draw_from_start)
{
    struct ttt s = ttt_at(".........", 0);
    struct search_result r = run_fresh(&ttt_game, &s, 30000, 4);
    ck_assert(is_legal(&ttt_game, &s, r.best));
    /* best play draws: the estimate stays near even, never a proven loss */
    ck_assert_int_gt(r.score, -300);
    ck_assert(!(r.exact && r.score != 0));
    /* a late position that is a proven draw */
    s = ttt_at("XOXXOO.X.", 1);  /* O must block 0-3-6, then it is drawn */
    r = run_fresh(&ttt_game, &s, 5000, 4);
    ck_assert_int_eq(r.best, 6);
    ck_assert_int_eq(r.exact, 1);
    ck_assert_int_eq(r.score, 0);
}
END_TEST

START_TEST(same_seed_same_search)
{
    struct ttt s = ttt_at("X...O....", 0);
    struct search_result a = run_fresh(&ttt_game, &s, 4000, 42);
    struct search_result b = run_fresh(&ttt_game, &s, 4000, 42);
    ck_assert_int_eq(a.best, b.best);
    ck_assert_int_eq(a.score, b.score);
    ck_assert_uint_eq(a.nodes, b.nodes);
    ck_assert_int_eq(a.depth, b.depth);
    ck_assert_int_eq(a.pvlen, b.pvlen);
    ck_assert_mem_eq(a.pv, b.pv, (size_t)a.pvlen * sizeof a.pv[0]);

    /* also with clear() between searches of one object */
    void *m = mcts_searcher.create(4);
    struct search_result c = run(m, &ttt_game, &s, 4000, 42);
    mcts_searcher.clear(m);
    struct search_result d = run(m, &ttt_game, &s, 4000, 42);
    mcts_searcher.destroy(m);
    ck_assert_int_eq(c.best, a.best);
    ck_assert_int_eq(d.best, a.best);
    ck_assert_int_eq(c.score, d.score);
    ck_assert_int_eq(d.score, a.score);
    ck_assert_mem_eq(d.pv, a.pv, (size_t)a.pvlen * sizeof a.pv[0]);
}
END_TEST

START_TEST(state_restored)
{
    struct ttt s = ttt_at("X...O....", 0), copy = s;
    uint64_t h = ttt_game.hash(&s);
    run_fresh(&ttt_game, &s, 3000, 7);
    ck_assert_mem_eq(&s, &copy, sizeof s);
    ck_assert_uint_eq(ttt_game.hash(&s), h);

    struct nim n = nim_at(17, 1), ncopy = n;
    run_fresh(&nim_game, &n, 3000, 7);
    ck_assert_mem_eq(&n, &ncopy, sizeof n);

    struct endless e, ecopy;
    end_init(&e, 0, NULL, NULL, 0);
    ecopy = e;
    run_fresh(&endless_game, &e, 300, 7);
    ck_assert_mem_eq(&e, &ecopy, sizeof e);
}
END_TEST

START_TEST(node_limit_exact)
{
    struct ttt s = ttt_at(".........", 0);
    struct probe pr;
    memset(&pr, 0, sizeof pr);
    void *m = mcts_searcher.create(4);
    struct search_params p = params(777, 1);
    p.report = on_report;
    p.ctx = &pr;
    struct search_result r;
    mcts_searcher.search(m, &ttt_game, &s, &p, &r);
    ck_assert_uint_eq(r.nodes, 777);
    ck_assert_int_ge(pr.reports, 1);
    ck_assert_uint_eq(pr.last.nodes, 777);
    ck_assert_int_eq(pr.last.pv[0], r.best);
    ck_assert_int_ge(pr.last.pvlen, 1);
    ck_assert_int_gt(pr.last.depth, 0);
    ck_assert_int_eq(pr.last.score, r.score);

    /* default limit when none is given */
    mcts_searcher.clear(m);
    p = params(0, 1);
    mcts_searcher.search(m, &ttt_game, &s, &p, &r);
    ck_assert_uint_eq(r.nodes, 10000);
    mcts_searcher.destroy(m);
}
END_TEST

START_TEST(game_over_no_move)
{
    struct ttt s = ttt_at("XXXOO....", 1);
    struct search_result r = run_fresh(&ttt_game, &s, 100, 1);
    ck_assert_int_eq(r.best, MOVE_NONE);
    ck_assert_int_eq(r.exact, 1);
    ck_assert_int_eq(r.score, -SCORE_WIN);
    s = ttt_at("XOXXOOOXX", 0);
    r = run_fresh(&ttt_game, &s, 100, 1);
    ck_assert_int_eq(r.best, MOVE_NONE);
    ck_assert_int_eq(r.score, 0);
    struct nim n = nim_at(0, 0);
    r = run_fresh(&nim_game, &n, 100, 1);
    ck_assert_int_eq(r.best, MOVE_NONE);
}
END_TEST

START_TEST(tree_reuse)
{
    void *m = mcts_searcher.create(4);
    struct ttt s = ttt_at(".........", 0);
    game_undo u;
    /* play a whole game against itself: every move legal, result a draw */
    for (int ply = 0; ply < 9; ply++) {
        struct game_status gs;
        ttt_status(&s, &gs);
        if (gs.over)
            break;
        struct ttt before = s;
        struct search_result r = run(m, &ttt_game, &s, 3000, (uint64_t)ply);
        ck_assert_mem_eq(&s, &before, sizeof s);
        ck_assert(is_legal(&ttt_game, &s, r.best));
        ttt_make(&s, r.best, &u);
    }
    ck_assert_int_eq(ttt_winner(&s), -1);

    /* two plies down from the last root, then an unrelated position */
    s = ttt_at("X...O....", 0);
    run(m, &ttt_game, &s, 3000, 1);
    ttt_make(&s, 1, &u);
    ttt_make(&s, 2, &u);    /* X 0 1, O 2 4: X must block 6 */
    struct search_result r = run(m, &ttt_game, &s, 3000, 1);
    ck_assert_int_eq(r.best, 6);
    s = ttt_at("XX..O....", 1);
    r = run(m, &ttt_game, &s, 3000, 1);
    ck_assert_int_eq(r.best, 2);
    /* the same position again keeps the proven result */
    r = run(m, &ttt_game, &s, 3000, 2);
    ck_assert_int_eq(r.best, 2);

    /* reuse is reproducible too */
    void *m2 = mcts_searcher.create(4);
    struct nim n = nim_at(40, 0);
    struct search_result a[4], b[4];
    for (int i = 0; i < 4; i++) {
        a[i] = run(m, &nim_game, &n, 2000, 5);
        b[i] = run(m2, &nim_game, &n, 2000, 5);
        ck_assert_int_eq(a[i].best, b[i].best);
        ck_assert_int_eq(a[i].score, b[i].score);
        nim_make(&n, a[i].best, &u);
    }
    mcts_searcher.destroy(m2);

    /* a different game with the same object */
    struct nim n2 = nim_at(7, 0);
    r = run(m, &nim_game, &n2, 3000, 1);
    ck_assert_int_eq(r.best, 3);
    mcts_searcher.destroy(m);
}
END_TEST

START_TEST(stop_honoured)
{
    struct ttt s = ttt_at(".........", 0);
    struct probe pr;
    memset(&pr, 0, sizeof pr);
    pr.stop_after = 3;
    void *m = mcts_searcher.create(4);
    struct search_params p = params(0, 1);
    p.infinite = 1;
    p.stop = on_stop;
    p.ctx = &pr;
    struct search_result r;
    mcts_searcher.search(m, &ttt_game, &s, &p, &r);
    ck_assert_int_eq(pr.stop_calls, 4);
    ck_assert_uint_le(r.nodes, 3 * 16);     /* stop() is asked every 16 iterations */
    ck_assert(is_legal(&ttt_game, &s, r.best));

    /* a node limit with a stop that fires first */
    mcts_searcher.clear(m);
    memset(&pr, 0, sizeof pr);
    pr.stop_after = 1;
    p = params(1000000, 1);
    p.stop = on_stop;
    p.ctx = &pr;
    mcts_searcher.search(m, &ttt_game, &s, &p, &r);
    ck_assert_uint_eq(r.nodes, 16);

    /* infinite analysis of a solved position waits for stop() */
    struct nim n = nim_at(2, 0);
    memset(&pr, 0, sizeof pr);
    pr.stop_after = 5;
    p = params(0, 1);
    p.infinite = 1;
    p.stop = on_stop;
    p.ctx = &pr;
    mcts_searcher.search(m, &nim_game, &n, &p, &r);
    ck_assert_int_eq(pr.stop_calls, 6);
    ck_assert_int_eq(r.best, 2);
    mcts_searcher.destroy(m);
}
END_TEST

START_TEST(movetime_honoured)
{
    struct ttt s = ttt_at(".........", 0);
    void *m = mcts_searcher.create(4);
    struct search_params p = params(0, 1);
    p.movetime_ms = 100;
    struct search_result r;
    int64_t t0 = now_ms();
    mcts_searcher.search(m, &ttt_game, &s, &p, &r);
    int64_t dt = now_ms() - t0;
    ck_assert_int_lt(dt, 1000);
    ck_assert_uint_gt(r.nodes, 0);
    ck_assert(is_legal(&ttt_game, &s, r.best));

    mcts_searcher.clear(m);
    p = params(0, 1);
    p.soft_ms = 50;
    p.movetime_ms = 5000;
    t0 = now_ms();
    mcts_searcher.search(m, &ttt_game, &s, &p, &r);
    ck_assert_int_lt(now_ms() - t0, 1000);
    mcts_searcher.destroy(m);
}
END_TEST

START_TEST(tiny_pool)
{
    /* hash 0 gives the smallest pool: ttt fills it many times over */
    void *m = mcts_searcher.create(0);
    struct ttt s = ttt_at(".........", 0), copy = s;
    struct search_result r = run(m, &ttt_game, &s, 60000, 3);
    ck_assert(is_legal(&ttt_game, &s, r.best));
    ck_assert_uint_eq(r.nodes, 60000);
    ck_assert_mem_eq(&s, &copy, sizeof s);
    /* still finds the block, and reuse on a full pool works */
    s = ttt_at("XX..O....", 1);
    r = run(m, &ttt_game, &s, 20000, 3);
    ck_assert_int_eq(r.best, 2);
    struct nim n = nim_at(300, 0);
    for (int i = 0; i < 3; i++) {
        game_undo u;
        r = run(m, &nim_game, &n, 20000, 3);
        ck_assert(is_legal(&nim_game, &n, r.best));
        nim_make(&n, r.best, &u);
    }
    /* resize drops the tree and still works */
    mcts_searcher.resize(m, 1);
    r = run(m, &ttt_game, &s, 3000, 3);
    ck_assert_int_eq(r.best, 2);
    mcts_searcher.destroy(m);
}
END_TEST

START_TEST(capped_playouts_use_evaluate)
{
    struct endless e;
    end_init(&e, 0, NULL, NULL, 0);
    struct search_result r = run_fresh(&endless_game, &e, 2000, 1);
    ck_assert_int_eq(r.best, 1);
    ck_assert_int_gt(r.score, 100);
    ck_assert_int_eq(r.exact, 0);
    /* a deep tree down the forced line does not overflow anything */
    ck_assert_int_gt(r.depth, 10);
}
END_TEST

/* Rastros, once its rules have landed: a win in one move. */
START_TEST(rastros_win_in_one)
{
    const struct game *g = &rastros_game;
    if (!g->init || !g->parse_position || !g->gen_moves)
        return;     /* placeholder game: nothing to test yet */
    void *st = calloc(1, g->state_size);
    char err[128];
    ck_assert_int_eq(g->init(st, 0, NULL, err, sizeof err), GAME_OK);
    /* snail on b2, player 1 to move: a1 wins at once */
    if (g->parse_position(st, "7/7/7/7/7/1s5/7 1", err, sizeof err) != GAME_OK) {
        free(st);
        return;
    }
    uint64_t h = g->hash(st);
    struct search_result r = run_fresh(g, st, 2000, 1);
    char buf[16];
    g->format_move(st, r.best, buf, sizeof buf);
    ck_assert_str_eq(buf, "a1");
    ck_assert_int_eq(r.exact, 1);
    ck_assert_uint_eq(g->hash(st), h);
    /* player 2 to move from the same square must not step into a1 */
    ck_assert_int_eq(g->parse_position(st, "7/7/7/7/7/1s5/7 2", err, sizeof err), GAME_OK);
    r = run_fresh(g, st, 2000, 1);
    g->format_move(st, r.best, buf, sizeof buf);
    ck_assert_str_ne(buf, "a1");
    free(st);
}
END_TEST

/* Whatever real games can start: legal moves, st restored, tree reuse
 * along a few moves of self-play. */
START_TEST(real_games_smoke)
{
    const struct game *games[] = {&rastros_game, &tablut_game,
                                  &grasshopper_game};
    for (int i = 0; i < 3; i++) {
        const struct game *g = games[i];
        char err[128];
        if (!g->init || !g->gen_moves || !g->make || !g->unmake ||
            !g->hash || !g->status || !g->side_to_move || g->state_size == 0)
            continue;
        void *st = calloc(1, g->state_size), *copy = malloc(g->state_size);
        if (g->init(st, 0, NULL, err, sizeof err) != GAME_OK) {
            free(st);
            free(copy);
            continue;
        }
        void *m = mcts_searcher.create(1);
        for (int ply = 0; ply < 4; ply++) {
            memcpy(copy, st, g->state_size);
            struct search_result r = run(m, g, st, 300, (uint64_t)ply);
            ck_assert_mem_eq(st, copy, g->state_size);
            if (r.best == MOVE_NONE)
                break;
            ck_assert_msg(is_legal(g, st, r.best), "%s: illegal move", g->name);
            game_undo u;
            g->make(st, r.best, &u);
        }
        mcts_searcher.destroy(m);
        free(st);
        free(copy);
    }
}
END_TEST

int main(void)
{
    nim_exact_game = nim_game;
    nim_exact_game.exact_value = nim_exact;

    Suite *s = suite_create("mcts");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, nim_winning_moves);
    tcase_add_test(tc, nim_immediate_win);
    tcase_add_test(tc, nim_lost_is_proven);
    tcase_add_test(tc, nim_exact_value_oracle);
    tcase_add_test(tc, ttt_takes_win);
    tcase_add_test(tc, ttt_blocks);
    tcase_add_test(tc, ttt_draw_from_start);
    tcase_add_test(tc, same_seed_same_search);
    tcase_add_test(tc, state_restored);
    tcase_add_test(tc, node_limit_exact);
    tcase_add_test(tc, game_over_no_move);
    tcase_add_test(tc, tree_reuse);
    tcase_add_test(tc, stop_honoured);
    tcase_add_test(tc, movetime_honoured);
    tcase_add_test(tc, tiny_pool);
    tcase_add_test(tc, capped_playouts_use_evaluate);
    tcase_add_test(tc, rastros_win_in_one);
    tcase_add_test(tc, real_games_smoke);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
