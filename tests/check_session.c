/* check_session.c -- the session: games, variants, play/undo with exact
 * restoration, failures that change nothing, clocks, reproducible genmove. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session.h"

static char err[256];

static void pos(struct session *s, char *buf, size_t n)
{
    s->g->format_position(s->st, buf, n);
}

START_TEST(test_newgame_and_errors)
{
    struct session s;
    ck_assert_int_eq(session_init(&s), SESS_OK);
    ck_assert_str_eq(s.g->name, "rastros");
    const char *o8[] = {"size=8"};
    ck_assert_int_eq(session_newgame(&s, "rastros", 1, o8, err, sizeof err), SESS_OK);
    char buf[256];
    pos(&s, buf, sizeof buf);
    ck_assert_str_eq(buf, "8/8/8/4s3/8/8/8/8 1");
    const char *bad[] = {"size=9"};
    ck_assert_int_eq(session_newgame(&s, "rastros", 1, bad, err, sizeof err), SESS_EINVALID);
    const char *unk[] = {"colour=red"};
    ck_assert_int_eq(session_newgame(&s, "rastros", 1, unk, err, sizeof err), SESS_EOPTION);
    ck_assert_int_eq(session_newgame(&s, "chess", 0, NULL, err, sizeof err), SESS_EUNKNOWN_GAME);
    /* failures changed nothing */
    pos(&s, buf, sizeof buf);
    ck_assert_str_eq(buf, "8/8/8/4s3/8/8/8/8 1");
    ck_assert_int_eq(session_newgame(&s, "tablut", 0, NULL, err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_newgame(&s, "grasshopper", 0, NULL, err, sizeof err), SESS_OK);
    session_free(&s);
}
END_TEST

START_TEST(test_play_undo)
{
    struct session s;
    char start[256], buf[256];
    ck_assert_int_eq(session_init(&s), SESS_OK);
    pos(&s, start, sizeof start);
    ck_assert_int_eq(session_play(&s, 0, "c3", err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_play(&s, 0, "b2", err, sizeof err), SESS_EILLEGAL); /* not black's turn */
    ck_assert_int_eq(session_play(&s, 1, "c3", err, sizeof err), SESS_EILLEGAL); /* slimed/own square */
    ck_assert_int_eq(session_play(&s, 1, "zz", err, sizeof err), SESS_ESYNTAX);
    ck_assert_int_eq(session_play(&s, -1, "b3", err, sizeof err), SESS_OK);
    ck_assert_int_eq(s.nmoves, 2);
    ck_assert_str_eq(s.moves[0].text, "c3");
    ck_assert_str_eq(s.moves[1].text, "b3");
    ck_assert_int_eq(session_undo(&s, 3), SESS_EUNDO);
    ck_assert_int_eq(s.nmoves, 2);
    ck_assert_int_eq(session_undo(&s, 2), SESS_OK);
    pos(&s, buf, sizeof buf);
    ck_assert_str_eq(buf, start);
    /* play to the end: b2 a1 is player 1's corner */
    ck_assert_int_eq(session_play(&s, 0, "c3", err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_play(&s, 1, "b3", err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_play(&s, 0, "a2", err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_play(&s, 1, "a1", err, sizeof err), SESS_OK);   /* suicide */
    struct game_status gs;
    ck_assert_int_eq(session_status(&s, &gs), 1);
    ck_assert_int_eq(gs.winner, 0);
    ck_assert_int_eq(session_play(&s, 0, "b1", err, sizeof err), SESS_EGAMEOVER);
    struct search_result r;
    ck_assert_int_eq(session_genmove(&s, -1, 1, &r, NULL, NULL, NULL), SESS_EGAMEOVER);
    session_free(&s);
}
END_TEST

START_TEST(test_setposition)
{
    struct session s;
    char buf[256];
    ck_assert_int_eq(session_init(&s), SESS_OK);
    ck_assert_int_eq(session_play(&s, 0, "c3", err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_setposition(&s, "5/5/2s2/5/5 2", err, sizeof err), SESS_OK);
    ck_assert_int_eq(s.nmoves, 0);
    ck_assert_int_eq(session_side_to_move(&s), 1);
    ck_assert_int_eq(session_setposition(&s, "5/5/2s2/5 2", err, sizeof err), SESS_EINVALID);
    pos(&s, buf, sizeof buf);
    ck_assert_str_eq(buf, "5/5/2s2/5/5 2");
    ck_assert_int_eq(session_play(&s, 1, "d4", err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_undo(&s, 1), SESS_OK);
    pos(&s, buf, sizeof buf);
    ck_assert_str_eq(buf, "5/5/2s2/5/5 2");
    ck_assert_int_eq(session_clear(&s), SESS_OK);  /* back to the variant's start */
    pos(&s, buf, sizeof buf);
    ck_assert_str_eq(buf, "7/7/7/3s3/7/7/7 1");
    session_free(&s);
}
END_TEST

START_TEST(test_genmove_reproducible)
{
    /* same seed, same commands: the same moves (random and mcts engines) */
    static const char *const engines[] = {"random", "mcts"};
    for (int e = 0; e < 2; e++) {
        char first[2][512];
        for (int run = 0; run < 2; run++) {
            struct session s;
            ck_assert_int_eq(session_init(&s), SESS_OK);
            ck_assert_int_eq(session_set_engine(&s, engines[e]), SESS_OK);
            s.seed = 1234;
            s.nodes = 300;
            ck_assert_int_eq(session_newgame(&s, "tablut", 0, NULL, err, sizeof err), SESS_OK);
            size_t k = 0;
            for (int i = 0; i < 6; i++) {
                struct search_result r;
                ck_assert_int_eq(session_genmove(&s, -1, 1, &r, NULL, NULL, NULL), SESS_OK);
                k += (size_t)snprintf(first[run] + k, sizeof first[run] - k, "%s ",
                                      s.moves[s.nmoves - 1].text);
            }
            session_free(&s);
        }
        ck_assert_str_eq(first[0], first[1]);
    }
}
END_TEST

START_TEST(test_time_budget)
{
    struct session s;
    struct search_params p;
    ck_assert_int_eq(session_init(&s), SESS_OK);
    memset(&p, 0, sizeof p);
    session_time_budget(&s, 0, &p);
    ck_assert_int_eq(p.movetime_ms, 0);             /* no limit set: a node budget */
    ck_assert_uint_eq(p.nodes, alphabeta_searcher.default_nodes);
    s.movetime_ms = 500;
    session_time_budget(&s, 0, &p);
    ck_assert_int_eq(p.movetime_ms, 475);
    s.movetime_ms = 0;
    s.main_ms = 10000;
    s.byo_ms = 0;
    s.byo_stones = 0;
    s.have_left[1] = 1;
    s.left_ms[1] = 4000;
    session_time_budget(&s, 1, &p);
    ck_assert_int_gt(p.movetime_ms, 0);
    ck_assert_int_le(p.movetime_ms, 4000 / 3);
    session_free(&s);
}
END_TEST

static Suite *session_suite(void)
{
    Suite *s = suite_create("session");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_newgame_and_errors);
    tcase_add_test(tc, test_play_undo);
    tcase_add_test(tc, test_setposition);
    tcase_add_test(tc, test_genmove_reproducible);
    tcase_add_test(tc, test_time_budget);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(session_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
