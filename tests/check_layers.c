/* check_layers.c -- the search on a game it has never seen, linked with no
 * rules library at all (tests/Makefile.am: libsearch and libutil only): if
 * a search file called into a game's code or the game registry, this test
 * would not link. It also asserts what the searchers find on the toy game
 * (tests/toy_game.c: a race to ten, lost for the side to move at totals
 * 1, 4 and 7), so it can fail on behaviour too. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "search/search.h"
#include "toy_game.h"

static void toy_at(struct toy *t, const char *pos)
{
    char err[64];
    ck_assert_int_eq(toy_game.init(t, 0, NULL, err, sizeof err), GAME_OK);
    if (pos)
        ck_assert_int_eq(toy_game.parse_position(t, pos, err, sizeof err), GAME_OK);
}

/* alpha-beta proves the start won by adding 1 (to total 1), at once */
START_TEST(test_alphabeta_finds_the_win)
{
    struct toy t;
    toy_at(&t, NULL);
    void *ab = alphabeta_searcher.create(1);
    ck_assert_ptr_nonnull(ab);
    struct search_params p;
    memset(&p, 0, sizeof p);
    p.depth = 12;
    struct search_result r;
    alphabeta_searcher.search(ab, &toy_game, &t, &p, &r);
    ck_assert_uint_eq(r.best, 1);
    ck_assert_int_ge(r.score, SCORE_WIN_MIN);
    /* the position is restored */
    ck_assert_int_eq(t.total, 0);
    ck_assert_int_eq(t.side, 0);
    alphabeta_searcher.destroy(ab);
}
END_TEST

/* the generic solver: total 4 is lost for the side to move; total 5 is
 * won by adding 2 (to 7, lost for the opponent) */
START_TEST(test_solver_values)
{
    struct toy t;
    void *ab = alphabeta_searcher.create(1);
    struct search_params p;
    memset(&p, 0, sizeof p);
    p.nodes = 100000;
    struct search_result r;
    toy_at(&t, "4 1");
    ck_assert_int_eq(search_solve(ab, &toy_game, &t, &p, &r), 1);
    ck_assert_int_lt(r.score, 0);
    toy_at(&t, "5 2");
    ck_assert_int_eq(search_solve(ab, &toy_game, &t, &p, &r), 1);
    ck_assert_int_gt(r.score, 0);
    ck_assert_uint_eq(r.best, 2);
    alphabeta_searcher.destroy(ab);
}
END_TEST

/* every registered searcher plays a legal move, and MCTS finds the one
 * winning move of total 8 (add 2: reach ten) */
START_TEST(test_every_searcher_moves)
{
    for (int i = 0; searcher_list[i]; i++) {
        const struct searcher_ops *e = searcher_list[i];
        struct toy t;
        toy_at(&t, "8 1");
        void *self = e->create(1);
        ck_assert_ptr_nonnull(self);
        struct search_params p;
        memset(&p, 0, sizeof p);
        p.nodes = 2000;
        p.seed = 7;
        struct search_result r;
        e->search(self, &toy_game, &t, &p, &r);
        ck_assert_msg(r.best == 1 || r.best == 2, "%s played %u", e->name, (unsigned)r.best);
        if (strcmp(e->name, "random"))
            ck_assert_msg(r.best == 2, "%s missed the win", e->name);
        e->destroy(self);
    }
    ck_assert_ptr_eq(searcher_find("mcts"), &mcts_searcher);
    ck_assert_ptr_null(searcher_find("minimax"));
    char names[128];
    searcher_names("|", names, sizeof names);
    ck_assert_str_eq(names, "alphabeta|mcts|random");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("layers");
    TCase *tc = tcase_create("search on a game of its own");
    tcase_add_test(tc, test_alphabeta_finds_the_win);
    tcase_add_test(tc, test_solver_values);
    tcase_add_test(tc, test_every_searcher_moves);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
