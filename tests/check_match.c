/* check_match.c -- unit tests of tabula-match: statistics (against values
 * derived by hand below), the schedule and its shards, results lines,
 * game records, option parsing, and whole tournaments refereed on a toy
 * game between the deliberately broken engines of tests/match/. */
#define _GNU_SOURCE
#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "match/match.h"
#include "record.h"
#include "toy_game.h"

/* ================================================================ */
/* Statistics                                                        */

START_TEST(test_elo_from_score)
{
    /* s = 3/4: 1/s - 1 = 1/3, -400 log10(1/3) = 400 * 0.4771212547
     * = 190.8485019. */
    ck_assert_double_eq_tol(match_elo_from_score(0.75), 190.8485019, 1e-6);
    ck_assert_double_eq_tol(match_elo_from_score(0.25), -190.8485019, 1e-6);
    ck_assert_double_eq_tol(match_elo_from_score(0.5), 0.0, 1e-12);
    ck_assert(isinf(match_elo_from_score(1.0)));
    ck_assert(match_elo_from_score(0.0) < 0 && isinf(match_elo_from_score(0)));
    /* Inverse: 1 / (1 + 10^(-190.85/400)) = 1 / (1 + 1/3) = 0.75. */
    ck_assert_double_eq_tol(match_score_from_elo(190.8485019), 0.75, 1e-9);
}
END_TEST

START_TEST(test_los)
{
    /* W=6, L=4: (W-L)/sqrt(2(W+L)) = 2/sqrt(20) = 0.4472136;
     * erf(0.4472136) = 0.4729107 (tables), so LOS = 0.5 * 1.4729107
     * = 0.7364554. */
    ck_assert_double_eq_tol(match_los(6, 4), 0.7364554, 1e-6);
    ck_assert_double_eq_tol(match_los(4, 6), 1 - 0.7364554, 1e-6);
    ck_assert_double_eq_tol(match_los(5, 5), 0.5, 1e-12);
    ck_assert_double_eq_tol(match_los(0, 0), 0.5, 1e-12);
}
END_TEST

START_TEST(test_elo_estimate)
{
    struct match_elo_est e;
    /* W=6 L=2 D=2, N=10: w=.6 l=.2 d=.2, score mu = .6 + .1 = .7,
     * Elo(.7) = -400 log10(3/7) = 147.1907.
     * Per-game variance: .6(.3)^2 + .2(.7)^2 + .2(.2)^2 = .054 + .098
     * + .008 = .16, so sd of the mean = .4/sqrt(10) = .1264911.
     * 95%: mu -+ 1.959964 * .1264911 = .4520820 .. .9479180,
     * Elo(.4520820) = -33.3994, Elo(.9479180) = 504.0333,
     * margin = (504.0333 + 33.3994) / 2 = 268.7163. */
    match_elo_estimate(6, 2, 2, &e);
    ck_assert_int_eq(e.n, 10);
    ck_assert_double_eq_tol(e.score, 0.7, 1e-12);
    ck_assert_double_eq_tol(e.elo, 147.1907, 1e-3);
    ck_assert_double_eq_tol(e.lo, -33.3994, 1e-3);
    ck_assert_double_eq_tol(e.hi, 504.0333, 1e-3);
    ck_assert_double_eq_tol(e.margin, 268.7163, 1e-3);
    ck_assert_double_eq_tol(e.draw_ratio, 0.2, 1e-12);
    /* LOS of W=6 L=2: 4/sqrt(16) = 1, 0.5(1 + erf 1) = 0.5 * 1.8427008
     * = 0.9213504. */
    ck_assert_double_eq_tol(e.los, 0.9213504, 1e-6);

    match_elo_estimate(0, 0, 0, &e);
    ck_assert_int_eq(e.n, 0);
    ck_assert(isnan(e.elo));
    /* All wins: Elo +inf, and no variance (review 6, finding 3): the
     * interval is unknown (NaN, printed "-"), not [+inf, +inf]; LOS the
     * sign test, 0.5 (1 + erf(3 / sqrt 6)) = 0.9583677, not 100%. */
    match_elo_estimate(3, 0, 0, &e);
    ck_assert(isinf(e.elo) && e.elo > 0);
    ck_assert(isnan(e.lo) && isnan(e.hi) && isnan(e.margin));
    ck_assert_double_eq_tol(e.los, 0.9583677, 1e-6);
    /* All draws: Elo 0, the interval unknown, not [0.0, 0.0]; LOS 50%. */
    match_elo_estimate(0, 0, 5, &e);
    ck_assert_double_eq_tol(e.elo, 0.0, 1e-12);
    ck_assert(isnan(e.lo) && isnan(e.hi) && isnan(e.margin));
    ck_assert_double_eq_tol(e.los, 0.5, 1e-12);
    /* W=1 D=1: a spread again, s = .75, a finite lower bound. */
    match_elo_estimate(1, 0, 1, &e);
    ck_assert(isfinite(e.lo) && !isnan(e.margin));
}
END_TEST

START_TEST(test_sprt)
{
    struct match_sprt sp;
    /* Bounds for alpha = beta = 0.05: ln(.05/.95) = -2.9444390,
     * ln(.95/.05) = +2.9444390. */
    match_sprt_eval(0, 0, 0, 0, 10, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.lower, -2.9444390, 1e-6);
    ck_assert_double_eq_tol(sp.upper, 2.9444390, 1e-6);
    ck_assert_double_eq_tol(sp.llr, 0, 1e-12);
    ck_assert_int_eq(sp.state, SPRT_CONTINUE);

    /* W=30 L=20 D=50, N=100: s = .3 + .25 = .55; var = .3(.45)^2 +
     * .2(.55)^2 + .5(.05)^2 = .06075 + .0605 + .00125 = .1225.
     * elo0=0: s0 = .5; elo1=10: s1 = 1/(1+10^(-1/40)) = .5143872.
     * LLR = N (s1-s0)(2s-s0-s1) / (2 var)
     *     = 100 * .0143872 * (1.1 - 1.0143872) / .245 = 0.5027459. */
    match_sprt_eval(30, 20, 50, 0, 10, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, 0.5027459, 1e-6);
    ck_assert_int_eq(sp.state, SPRT_CONTINUE);
    /* Same counts, elo0=-5 elo1=5: s0 = .4928049, s1 = .5071951;
     * LLR = 100 * .0143902 * (1.1 - 1.0) / .245 = 0.5873536. */
    match_sprt_eval(30, 20, 50, -5, 5, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, 0.5873536, 1e-6);
    /* Ten times the games: ten times the LLR, past the upper bound. */
    match_sprt_eval(300, 200, 500, -5, 5, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, 5.873536, 1e-5);
    ck_assert_int_eq(sp.state, SPRT_H1);
    /* Mirrored: the lower bound. */
    match_sprt_eval(200, 300, 500, -5, 5, 0.05, 0.05, &sp);
    ck_assert(sp.llr < sp.lower);
    ck_assert_int_eq(sp.state, SPRT_H0);
    /* No draws at all (Rastros) still moves the LLR. */
    match_sprt_eval(40, 10, 0, 0, 10, 0.05, 0.05, &sp);
    ck_assert(sp.llr > 1);
    /* No verdict before both sides have won a game. */
    match_sprt_eval(50, 0, 3, 0, 10, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, 0, 1e-12);
    ck_assert_int_eq(sp.state, SPRT_CONTINUE);
}
END_TEST

START_TEST(test_pentanomial)
{
    struct match_elo_est e;
    struct match_sprt sp;
    /* 75 pairs: LL 5, LD 10, WL+DD 40, WD 12, WW 8. Pair scores 0, .25,
     * .5, .75, 1: mu = (2.5 + 20 + 9 + 8) / 75 = .5266667; variance
     * = sum n_k/75 (a_k - mu)^2 = .0609556, sd of the mean
     * sqrt(.0609556/75) = .0285086; Elo(mu) = 18.5475, Elo(mu -+ 1.959964
     * sd) = -20.3198 .. 57.8861; LOS = Phi((mu - .5)/sd) = .8252063. */
    static const int n[5] = {5, 10, 40, 12, 8};
    match_penta_estimate(n, &e);
    ck_assert_int_eq(e.n, 150);
    ck_assert_double_eq_tol(e.score, 0.5266667, 1e-6);
    ck_assert_double_eq_tol(e.elo, 18.5475, 1e-3);
    ck_assert_double_eq_tol(e.lo, -20.3198, 1e-3);
    ck_assert_double_eq_tol(e.hi, 57.8861, 1e-3);
    ck_assert_double_eq_tol(e.los, 0.8252063, 1e-6);
    /* The GSPRT LLR, maximum likelihood distributions with means s0, s1
     * (values from an independent Newton iteration of the same
     * equation): elo 0..10: 0.3428564; -5..5: 0.4670929. */
    match_sprt_penta(n, 0, 10, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, 0.3428564, 1e-5);
    ck_assert_int_eq(sp.state, SPRT_CONTINUE);
    match_sprt_penta(n, -5, 5, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, 0.4670929, 1e-5);
    /* Equal hypotheses: no evidence either way. */
    match_sprt_penta(n, 5, 5.0000001, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, 0, 1e-5);
    /* Every pair split (the toy game: the second mover always wins):
     * elo 200..400 gives -0.9742940 per pair; 3 pairs -2.9179597
     * (continue), 4 pairs -3.8897926: H0. */
    static const int split3[5] = {0, 0, 3, 0, 0}, split4[5] = {0, 0, 4, 0, 0};
    match_sprt_penta(split3, 200, 400, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, -2.9179597, 1e-5);
    ck_assert_int_eq(sp.state, SPRT_CONTINUE);
    match_sprt_penta(split4, 200, 400, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, -3.8897926, 1e-5);
    ck_assert_int_eq(sp.state, SPRT_H0);
    /* Every pair in one bin: no variance (review 6, finding 3). Two
     * pairs split 1-1 once gave "0.0 +/- 0.0, [0.0, 0.0]", one pair won
     * twice "[+inf, +inf]" and LOS 100%. The interval is unknown (NaN,
     * printed "-"); LOS is the sign test of the pairs won against those
     * lost: one pair won, 0.5 (1 + erf(1 / sqrt 2)) = 0.8413447; two
     * split, 0.5; four lost (LD), 0.5 (1 + erf(-4 / sqrt 8)) = 0.0227501. */
    static const int split2[5] = {0, 0, 2, 0, 0}, ww1[5] = {0, 0, 0, 0, 1};
    static const int ld4[5] = {0, 4, 0, 0, 0};
    match_penta_estimate(split2, &e);
    ck_assert_int_eq(e.n, 4);
    ck_assert_double_eq_tol(e.elo, 0.0, 1e-12);
    ck_assert(isnan(e.lo) && isnan(e.hi) && isnan(e.margin));
    ck_assert_double_eq_tol(e.los, 0.5, 1e-12);
    match_penta_estimate(ww1, &e);
    ck_assert(isinf(e.elo) && e.elo > 0);
    ck_assert(isnan(e.lo) && isnan(e.hi) && isnan(e.margin));
    ck_assert_double_eq_tol(e.los, 0.8413447, 1e-6);
    match_penta_estimate(ld4, &e);
    ck_assert_double_eq_tol(e.score, 0.25, 1e-12);
    ck_assert(isnan(e.lo) && isnan(e.hi) && isnan(e.margin));
    ck_assert_double_eq_tol(e.los, 0.0227501, 1e-6);
    /* No pairs: nothing known. */
    static const int none[5] = {0, 0, 0, 0, 0};
    match_penta_estimate(none, &e);
    ck_assert(isnan(e.elo));
    match_sprt_penta(none, 0, 10, 0.05, 0.05, &sp);
    ck_assert_double_eq_tol(sp.llr, 0, 1e-12);
    /* Numbers never print as "-0.0". */
    char buf[32];
    match_fmt_num(buf, sizeof buf, -0.04, 1);
    ck_assert_str_eq(buf, "0.0");
    match_fmt_num(buf, sizeof buf, -0.0, 3);
    ck_assert_str_eq(buf, "0.000");
    match_fmt_num(buf, sizeof buf, -0.06, 1);
    ck_assert_str_eq(buf, "-0.1");
    match_fmt_num(buf, sizeof buf, -INFINITY, 1);
    ck_assert_str_eq(buf, "-inf");
}
END_TEST

/* ================================================================ */
/* Schedule, shards, small parsers                                   */

START_TEST(test_pairs)
{
    struct match_pair p[16];
    ck_assert_int_eq(match_make_pairs(2, 0, p, 16), 1);
    ck_assert_int_eq(match_make_pairs(4, 0, p, 16), 6);
    ck_assert(p[0].a == 0 && p[0].b == 1 && p[5].a == 2 && p[5].b == 3);
    ck_assert_int_eq(match_make_pairs(4, 1, p, 16), 3);
    ck_assert(p[0].a == 0 && p[1].b == 2 && p[2].a == 0 && p[2].b == 3);
}
END_TEST

START_TEST(test_schedule)
{
    struct match_pair p[3] = {{0, 1}, {0, 2}, {1, 2}};
    struct match_slot *s;
    /* 3 games per pair: round 0 both colours, round 1 one game. */
    int n = match_schedule(p, 3, 3, &s);
    ck_assert_int_eq(n, 9);
    static const int idx[9] = {1, 2, 3, 4, 5, 6, 7, 9, 11};
    for (int i = 0; i < n; i++)
        ck_assert_int_eq(s[i].index, idx[i]);
    ck_assert(s[0].first == 0 && s[0].second == 1);
    ck_assert(s[1].first == 1 && s[1].second == 0 && s[1].round == 0);
    ck_assert(s[5].first == 2 && s[5].second == 1 && s[5].pair == 2);
    ck_assert(s[6].round == 1 && s[6].first == 0 && s[6].second == 1);
    /* Indices do not depend on the number of games: 4 games add 8,10,12. */
    struct match_slot *s4;
    ck_assert_int_eq(match_schedule(p, 3, 4, &s4), 12);
    for (int i = 0; i < 12; i++)
        ck_assert_int_eq(s4[i].index, i + 1);
    for (int i = 0; i < 6; i++)
        ck_assert_mem_eq(&s[i], &s4[i], sizeof s[i]);

    /* Shards partition the schedule and keep colour pairs together. */
    for (int nsh = 1; nsh <= 5; nsh++) {
        int count[12] = {0};
        for (int k = 1; k <= nsh; k++)
            for (int i = 0; i < 12; i++)
                count[i] += match_in_shard(&s4[i], 3, k, nsh);
        for (int i = 0; i < 12; i++)
            ck_assert_int_eq(count[i], 1);
        for (int k = 1; k <= nsh; k++)
            for (int i = 0; i < 12; i += 2)
                ck_assert_int_eq(match_in_shard(&s4[i], 3, k, nsh),
                                 match_in_shard(&s4[i + 1], 3, k, nsh));
    }
    /* Unit = round + pair: with 2 shards, shard 1 has (r0,p0) (r0,p2)
     * (r1,p1) = indices 1,2,5,6,9,10. */
    static const int sh1[12] = {1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0};
    for (int i = 0; i < 12; i++)
        ck_assert_int_eq(match_in_shard(&s4[i], 3, 1, 2), sh1[i]);
    /* Every pair goes to every shard in turn, also when the number of
     * pairs is a multiple of the shards' (round*npairs + pair gave shard
     * 1 of 3 only the first pair, every round): 3 pairs, 3 rounds, 3
     * shards, each shard one round of each pair. */
    struct match_slot *s6;
    ck_assert_int_eq(match_schedule(p, 3, 6, &s6), 18);
    for (int k = 1; k <= 3; k++)
        for (int pr = 0; pr < 3; pr++) {
            int got = 0;
            for (int i = 0; i < 18; i += 2)
                got += s6[i].pair == pr && match_in_shard(&s6[i], 3, k, 3);
            ck_assert_msg(got == 1, "shard %d/3 has pair %d %d times", k, pr, got);
        }
    free(s6);
    free(s);
    free(s4);
}
END_TEST

START_TEST(test_small_parsers)
{
    int k, n;
    double a, b, c, d;
    ck_assert_int_eq(match_parse_shard("2/5", &k, &n), 0);
    ck_assert(k == 2 && n == 5);
    ck_assert_int_eq(match_parse_shard("0/5", &k, &n), -1);
    ck_assert_int_eq(match_parse_shard("6/5", &k, &n), -1);
    ck_assert_int_eq(match_parse_shard("2/", &k, &n), -1);
    ck_assert_int_eq(match_parse_shard("2/5x", &k, &n), -1);
    ck_assert_int_eq(match_parse_tc("10+0.1", &a, &b), 0);
    ck_assert(a == 10 && fabs(b - 0.1) < 1e-12);
    ck_assert_int_eq(match_parse_tc("2.5", &a, &b), 0);
    ck_assert(a == 2.5 && b == 0);
    ck_assert_int_eq(match_parse_tc("0+1", &a, &b), -1);
    ck_assert_int_eq(match_parse_tc("10+", &a, &b), -1);
    /* review 4, finding 6: 100000 s at most, as the 100000000 ms of the
     * other times (a huge base once forfeited every game at once) */
    ck_assert_int_eq(match_parse_tc("100000+100000", &a, &b), 0);
    ck_assert(a == 100000 && b == 100000);
    ck_assert_int_eq(match_parse_tc("100000.5", &a, &b), -1);
    ck_assert_int_eq(match_parse_tc("1e15", &a, &b), -1);
    ck_assert_int_eq(match_parse_tc("10+1e16", &a, &b), -1);
    ck_assert_int_eq(match_parse_tc("99999999999999999999", &a, &b), -1);
    ck_assert_int_eq(match_parse_sprt("0,10", &a, &b, &c, &d), 0);
    ck_assert(a == 0 && b == 10 && c == 0.05 && d == 0.05);
    ck_assert_int_eq(match_parse_sprt("-5,5,0.1,0.2", &a, &b, &c, &d), 0);
    ck_assert(a == -5 && b == 5 && c == 0.1 && d == 0.2);
    ck_assert_int_eq(match_parse_sprt("5,0", &a, &b, &c, &d), -1);
    ck_assert_int_eq(match_parse_sprt("0,5,0.1", &a, &b, &c, &d), -1);
    ck_assert_int_eq(match_parse_sprt("0", &a, &b, &c, &d), -1);
}
END_TEST

START_TEST(test_result_lines)
{
    struct match_result r = {.index = 17, .first = "ab", .second = "mcts",
                             .winner = 1, .plies = 37};
    struct match_result q;
    char line[512];
    strcpy(r.reason, "ab illegal move 'z9'\tsecond\nline");
    match_format_result(&r, line, sizeof line);
    ck_assert_str_eq(line,
        "17\tab\tmcts\t0-1\t37\tab illegal move 'z9' second line\n");
    ck_assert_int_eq(match_parse_result(line, &q), 1);
    ck_assert_int_eq(q.index, 17);
    ck_assert_str_eq(q.first, "ab");
    ck_assert_str_eq(q.second, "mcts");
    ck_assert_int_eq(q.winner, 1);
    ck_assert_int_eq(q.plies, 37);
    ck_assert_str_eq(q.reason, "ab illegal move 'z9' second line");
    ck_assert_int_eq(match_parse_result("3\ta\tb\t1/2-1/2\t200\tdraw\r\n", &q),
                     1);
    ck_assert_int_eq(q.winner, -1);
    ck_assert_str_eq(q.reason, "draw");
    ck_assert_int_eq(match_parse_result("3\ta\tb\t1-0\t5\t", &q), 1);
    ck_assert_int_eq(q.winner, 0);
    ck_assert_int_eq(match_parse_result("# comment\n", &q), 0);
    ck_assert_int_eq(match_parse_result("   \n", &q), 0);
    ck_assert_int_eq(match_parse_result("3\ta\tb\t2-0\t5\tx\n", &q), -1);
    ck_assert_int_eq(match_parse_result("3\ta\tb\t1-0\n", &q), -1);
    ck_assert_int_eq(match_parse_result("x\ta\tb\t1-0\t5\tr\n", &q), -1);
    ck_assert_int_eq(match_parse_result("3\t\tb\t1-0\t5\tr\n", &q), -1);
    ck_assert_int_eq(match_parse_result("3\ta\tb\t1-0\t-5\tr\n", &q), -1);
    /* An index past INT_MAX once wrapped around (4294967297 -> 1). */
    ck_assert_int_eq(match_parse_result("4294967297\ta\tb\t1-0\t5\tr\n", &q),
                     -1);
    ck_assert_int_eq(match_parse_result("2147483648\ta\tb\t1-0\t5\tr\n", &q),
                     -1);
    ck_assert_int_eq(match_parse_result("2147483647\ta\tb\t1-0\t5\tr\n", &q),
                     1);
    ck_assert_int_eq(match_parse_result("+3\ta\tb\t1-0\t5\tr\n", &q), -1);
    ck_assert_int_eq(match_parse_result("3\ta\tb\t1-0\t99999999999\tr\n",
                                        &q), -1);
    /* Bytes that are not printable ASCII never reach the file. */
    strcpy(r.reason, "x \377\376 y\001");
    match_format_result(&r, line, sizeof line);
    ck_assert_str_eq(line, "17\tab\tmcts\t0-1\t37\tx ?? y \n");
}
END_TEST

/* ================================================================ */
/* Records                                                           */

static void fill_record(struct game_record *r, int nmoves)
{
    record_init(r);
    strcpy(r->event, "tabula-match rastros");
    strcpy(r->site, "here");
    strcpy(r->round, "17");
    strcpy(r->game, "rastros");
    strcpy(r->variant, "size=8");
    strcpy(r->position, "8/8/8/4s3/8/8/8/8 1");
    strcpy(r->players[0], "alpha \"the\" beta\\");
    strcpy(r->players[1], "mcts");
    strcpy(r->result, "0-1");
    strcpy(r->termination, "normal");
    strcpy(r->reason, "snail reached h8");
    strcpy(r->date, "2026.12.02");
    strcpy(r->timecontrol, "1/0.2");
    for (int i = 0; i < nmoves; i++) {
        char m[16], c[32];
        snprintf(m, sizeof m, "%c%d", 'a' + i % 8, 1 + i % 8);
        snprintf(c, sizeof c, "%+d/%d %d.%03ds", i - 3, i, i / 10, i % 1000);
        ck_assert_int_eq(record_add_move_comment(r, m, i % 3 ? c : NULL), 0);
    }
}

static void assert_same_record(const struct game_record *a,
                               const struct game_record *b)
{
    ck_assert_str_eq(a->event, b->event);
    ck_assert_str_eq(a->site, b->site);
    ck_assert_str_eq(a->round, b->round);
    ck_assert_str_eq(a->game, b->game);
    ck_assert_str_eq(a->variant, b->variant);
    ck_assert_str_eq(a->position, b->position);
    ck_assert_str_eq(a->players[0], b->players[0]);
    ck_assert_str_eq(a->players[1], b->players[1]);
    ck_assert_str_eq(a->result, b->result);
    ck_assert_str_eq(a->termination, b->termination);
    ck_assert_str_eq(a->reason, b->reason);
    ck_assert_str_eq(a->date, b->date);
    ck_assert_str_eq(a->timecontrol, b->timecontrol);
    ck_assert_int_eq(a->first_side, b->first_side);
    ck_assert_int_eq(a->nmoves, b->nmoves);
    for (int i = 0; i < a->nmoves; i++) {
        ck_assert_str_eq(a->moves[i], b->moves[i]);
        /* the reason, written again after the last move, is not read back
         * as that move's comment (it would be written twice next time) */
        const char *want = a->comments[i];
        ck_assert_str_eq(b->comments[i] ? b->comments[i] : "-",
                         want ? want : "-");
    }
}

START_TEST(test_record_round_trip)
{
    struct game_record w[4], r;
    char err[128];
    FILE *f = tmpfile();
    fill_record(&w[0], 70);             /* several lines of moves */
    fill_record(&w[1], 0);              /* no moves at all */
    fill_record(&w[2], 3);
    w[2].variant[0] = w[2].position[0] = w[2].reason[0] = 0;
    fill_record(&w[3], 5);              /* player 2 moves first */
    w[3].first_side = 1;
    strcpy(w[3].result, "*");
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(record_write(f, &w[i]), 0);
    rewind(f);
    record_init(&r);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(record_read(f, &r, err, sizeof err), 1);
        assert_same_record(&w[i], &r);
    }
    ck_assert_int_eq(record_read(f, &r, err, sizeof err), 0);

    /* The text itself: the roster first, numbered moves, comments. */
    rewind(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    static const char roster[] = "[Event \"tabula-match rastros\"]\n"
        "[Site \"here\"]\n[Date \"2026.12.02\"]\n"
        "[Round \"17\"]\n[White \"alpha \\\"the\\\" beta\\\\\"]\n"
        "[Black \"mcts\"]\n[Result \"0-1\"]\n[Game \"rastros\"]\n";
    ck_assert_msg(strncmp(text, roster, sizeof roster - 1) == 0, "%s", text);
    ck_assert(strstr(text, "[PlyCount \"70\"]\n"));
    ck_assert(strstr(text, "\n1. a1 b2 {-2/1 0.001s} 2. c3 {-1/2 0.002s} d4 "));
    ck_assert(strstr(text, "{snail reached h8} 0-1\n\n"));
    ck_assert(strstr(text, "\n1... a1 2. b2 {-2/1 0.001s} c3 {-1/2 0.002s} "
                     "3. d4 e5 {+1/4 0.004s} *\n\n"));
    /* The same records from memory, one after the other. */
    size_t used = 0, off = 0;
    fseek(f, 0, SEEK_END);
    size_t len = (size_t)ftell(f);
    char *all = malloc(len);
    rewind(f);
    ck_assert_int_eq(fread(all, 1, len, f), len);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(record_parse(all + off, len - off, &used, &r, err,
                                      sizeof err), 1);
        assert_same_record(&w[i], &r);
        off += used;
    }
    ck_assert_int_eq(record_parse(all + off, len - off, &used, &r, err,
                                  sizeof err), 0);
    free(all);
    record_free(&r);
    for (int i = 0; i < 4; i++)
        record_free(&w[i]);
    fclose(f);
}
END_TEST

START_TEST(test_record_lenient)
{
    /* CR LF, comments, no blank line after the tags, move numbers, a
     * result token, a brace comment spanning lines, unknown tags, two
     * records without a blank line between them. */
    static const char text[] =
        "; a comment before anything\r\n"
        "\r\n"
        "[Game \"grasshopper\"]\r\n"
        "[Event \"ignored\"]\r\n"
        "# comment among the tags\r\n"
        "[Player1 \"w\"]\r\n"
        "[Player2 \"b\"]\r\n"
        "[Result \"1/2-1/2\"]\r\n"
        "1. 0/5 0/4 2. 5/11 {a long\r\n"
        "comment} 4/10 ; to the end\r\n"
        "pass 1/2-1/2\r\n"
        "[Game \"tablut\"]\r\n"
        "[Result \"*\"]\r\n"
        "\r\n"
        "\r\n"
        "e2-c2\r\n";
    FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
    struct game_record r;
    char err[128];
    record_init(&r);
    ck_assert_int_eq(record_read(f, &r, err, sizeof err), 1);
    ck_assert_str_eq(r.game, "grasshopper");
    ck_assert_str_eq(r.players[0], "w");
    ck_assert_str_eq(r.result, "1/2-1/2");
    ck_assert_int_eq(r.nmoves, 5);
    ck_assert_str_eq(r.moves[0], "0/5");
    ck_assert_str_eq(r.moves[3], "4/10");
    ck_assert_str_eq(r.moves[4], "pass");
    ck_assert_str_eq(r.comments[2], "a long comment");
    ck_assert_ptr_null(r.comments[3]);
    ck_assert_int_eq(record_read(f, &r, err, sizeof err), 1);
    ck_assert_str_eq(r.game, "tablut");
    ck_assert_str_eq(r.result, "*");
    ck_assert_int_eq(r.nmoves, 1);
    ck_assert_str_eq(r.moves[0], "e2-c2");
    ck_assert_int_eq(record_read(f, &r, err, sizeof err), 0);
    fclose(f);

    /* PGN as other programs write it: numbers glued to moves, "N...",
     * NAGs, a variation with a comment inside, comments on their own. */
    static const char pgn[] =
        "[Event \"x\"]\n[White \"p\"]\n[Black \"q\"]\n[Result \"0-1\"]\n"
        "[Game \"tablut\"]\n\n"
        "{opening comment} 1...e2-c2xc3 $1 {capture} 2.d5-d7 (2.a4-b4 {no} "
        "b6-b8) 2...c2-c1\n{reason} 0-1 trailing text\n";
    f = fmemopen((void *)pgn, sizeof pgn - 1, "r");
    ck_assert_int_eq(record_read(f, &r, err, sizeof err), 1);
    ck_assert_int_eq(r.first_side, 1);
    ck_assert_int_eq(r.nmoves, 3);
    ck_assert_str_eq(r.moves[0], "e2-c2xc3");
    ck_assert_str_eq(r.comments[0], "capture");
    ck_assert_str_eq(r.moves[1], "d5-d7");
    ck_assert_ptr_null(r.comments[1]);
    ck_assert_str_eq(r.moves[2], "c2-c1");
    ck_assert_str_eq(r.comments[2], "reason");
    ck_assert_str_eq(r.result, "0-1");
    ck_assert_int_eq(record_read(f, &r, err, sizeof err), 0);
    fclose(f);

    static const char bad[] = "[Game \"rastros]\n\nd3\n";
    f = fmemopen((void *)bad, sizeof bad - 1, "r");
    ck_assert_int_eq(record_read(f, &r, err, sizeof err), -1);
    ck_assert(strstr(err, "malformed") != NULL);
    fclose(f);
    record_free(&r);
}
END_TEST

/* Tablut's long notation marks captures ("d7-d3xc3xe3"); parse_move
 * reads it back as the same move. */
/* A finished game's record read and written again is the same text: the
 * Reason the writer repeats as the last comment is not taken for the last
 * move's own comment (the web board's download and savegame differed). */
START_TEST(test_record_reason_once)
{
    static const char text[] =
        "[Game \"rastros\"]\n[Variant \"size=5\"]\n[Result \"1-0\"]\n"
        "[Reason \"snail reached a1\"]\n\n"
        "1. c2 {the book} d1 2. a1 {snail reached a1} 1-0\n";
    struct game_record r;
    char err[128], *out = NULL;
    size_t used = 0, outlen = 0;
    record_init(&r);
    ck_assert_int_eq(record_parse(text, sizeof text - 1, &used, &r, err, sizeof err), 1);
    ck_assert_int_eq(r.nmoves, 3);
    ck_assert_str_eq(r.comments[0], "the book");
    ck_assert_ptr_null(r.comments[2]);
    FILE *f = open_memstream(&out, &outlen);
    ck_assert_int_eq(record_write(f, &r), 0);
    fclose(f);
    ck_assert_msg(strstr(out, "{snail reached a1} 1-0") != NULL, "%s", out);
    ck_assert_msg(strstr(out, "{snail reached a1} {snail") == NULL, "%s", out);
    record_free(&r);
    free(out);
}
END_TEST

START_TEST(test_record_tablut_captures)
{
    const struct game *g = &tablut_game;
    ck_assert_ptr_nonnull(g->format_move_long);
    void *st = calloc(1, g->state_size);
    char err[128], a[64], b[64];
    int captures = 0, plain = 0;
    ck_assert_int_eq(g->init(st, 0, NULL, err, sizeof err), GAME_OK);
    /* every reply to every first move, and a third ply, from the start */
    move_t m1[GAME_MAX_MOVES], m2[GAME_MAX_MOVES], m3[GAME_MAX_MOVES];
    int n1 = g->gen_moves(st, m1);
    for (int i = 0; i < n1 && captures < 20; i++) {
        game_undo u1, u2;
        g->make(st, m1[i], &u1);
        int n2 = g->gen_moves(st, m2);
        for (int j = 0; j < n2 && captures < 20; j++) {
            g->make(st, m2[j], &u2);
            int n3 = g->gen_moves(st, m3);
            for (int k = 0; k < n3; k++) {
                move_t back;
                g->format_move(st, m3[k], a, sizeof a);
                g->format_move_long(st, m3[k], b, sizeof b);
                ck_assert_int_eq(strncmp(a, b, strlen(a)), 0);
                ck_assert_int_eq(g->parse_move(st, b, &back, err, sizeof err),
                                 GAME_OK);
                ck_assert_uint_eq(back, m3[k]);
                if (strchr(b, 'x')) {
                    captures++;
                    /* the capture left out is no move of this game */
                    char wrong[80];
                    snprintf(wrong, sizeof wrong, "%sxa1", b);
                    ck_assert_int_ne(g->parse_move(st, wrong, &back, err,
                                                   sizeof err), GAME_OK);
                } else {
                    ck_assert_str_eq(a, b);
                    plain++;
                }
            }
            g->unmake(st, m2[j], &u2);
        }
        g->unmake(st, m1[i], &u1);
    }
    ck_assert_int_gt(captures, 0);
    ck_assert_int_gt(plain, 0);
    free(st);
}
END_TEST

/* The first format (before PGN): Player1/Player2, no roster, bare moves. */
START_TEST(test_record_old_format)
{
    static const char old[] =
        "[Game \"rastros\"]\n[Variant \"size=8\"]\n"
        "[Position \"8/8/8/4s3/8/8/8/8 1\"]\n[Player1 \"ab\"]\n"
        "[Player2 \"mcts\"]\n[Result \"0-1\"]\n[Reason \"snail reached h8\"]\n"
        "[Date \"2026.12.02\"]\n\nd4 c3 d2\n\n"
        "[Game \"rastros\"]\n[Player1 \"?\"]\n[Player2 \"?\"]\n[Result \"*\"]\n"
        "\n\n";
    struct game_record r;
    char err[128];
    size_t used;
    record_init(&r);
    ck_assert_int_eq(record_parse(old, sizeof old - 1, &used, &r, err,
                                  sizeof err), 1);
    ck_assert_str_eq(r.players[0], "ab");
    ck_assert_str_eq(r.players[1], "mcts");
    ck_assert_str_eq(r.variant, "size=8");
    ck_assert_str_eq(r.reason, "snail reached h8");
    ck_assert_int_eq(r.nmoves, 3);
    ck_assert_str_eq(r.moves[2], "d2");
    ck_assert_int_eq(record_parse(old + used, sizeof old - 1 - used, &used,
                                  &r, err, sizeof err), 1);
    ck_assert_int_eq(r.nmoves, 0);
    record_free(&r);
}
END_TEST

/* An endless stream: `prefix`, then `pattern` over and over, up to
 * `limit` bytes; counts what was read. */
struct endless {
    const char *prefix, *pattern;
    size_t plen, patlen, served, limit;
};

static ssize_t endless_read(void *cookie, char *buf, size_t n)
{
    struct endless *e = cookie;
    size_t k = 0;
    for (; k < n && e->served < e->limit; k++, e->served++)
        buf[k] = e->served < e->plen ? e->prefix[e->served]
               : e->pattern[(e->served - e->plen) % e->patlen];
    return (ssize_t)k;
}

/* Issue 11, item 6: `loadgame /dev/zero` read without bound. The reader
 * must stop at its caps with an error, having read little more than the
 * cap, from a FILE and from memory. */
START_TEST(test_record_bounded)
{
    static const struct {
        const char *prefix, *pattern;
        size_t patlen;
        const char *why;
    } cases[] = {
        {"", "", 1, "NUL byte"},                        /* /dev/zero */
        {"[Game \"rastros\"]\n", "a", 1, "line longer than"},
        {"", "stray text\n", 11, "record longer than"},
        {"[Game \"rastros\"]\n\n", "\n", 1, "record longer than"},
        {"[Game \"rastros\"]\n\n", "d4 d4 d4 d4\n", 12,
         "more than 100000 moves"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct endless e = {cases[i].prefix, cases[i].pattern,
                            strlen(cases[i].prefix), cases[i].patlen, 0,
                            (size_t)64 << 20};
        cookie_io_functions_t io = {.read = endless_read};
        FILE *f = fopencookie(&e, "r", io);
        struct game_record r;
        char err[128];
        record_init(&r);
        ck_assert_int_eq(record_read(f, &r, err, sizeof err), -1);
        ck_assert_msg(strstr(err, cases[i].why), "%zu: %s", i, err);
        ck_assert_msg(e.served < RECORD_MAX_BYTES + RECORD_MAX_LINE + 65536,
                      "%zu: read %zu bytes", i, e.served);
        fclose(f);

        /* the same from memory, 20 MB of it */
        size_t len = (size_t)20 << 20, used = 0;
        char *buf = malloc(len);
        ck_assert_ptr_nonnull(buf);
        e.served = 0;
        e.limit = len;
        ck_assert_int_eq(endless_read(&e, buf, len), (ssize_t)len);
        ck_assert_int_eq(record_parse(buf, len, &used, &r, err, sizeof err),
                         -1);
        ck_assert_msg(strstr(err, cases[i].why), "%zu: %s", i, err);
        ck_assert(used < RECORD_MAX_BYTES + RECORD_MAX_LINE + 2);
        free(buf);
        record_free(&r);
    }
}
END_TEST

/* ================================================================ */
/* Options                                                           */

static int parse(struct match_config *c, char *err, ...)
{
    char *argv[64];
    int argc = 0;
    va_list ap;
    va_start(ap, err);
    argv[argc++] = "tabula-match";
    for (char *a; (a = va_arg(ap, char *)) != NULL;)
        argv[argc++] = a;
    va_end(ap);
    argv[argc] = NULL;
    match_config_defaults(c);
    c->out = fopen("/dev/null", "w");
    int r = match_parse_args(c, argc, argv, err, 256);
    fclose(c->out);
    return r;
}

START_TEST(test_options)
{
    struct match_config c;
    char err[256];
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--variant",
                           "size=8,start=e5", "--option", "x=1",
                           "--engine", "a=tabula --engine random",
                           "--engine=b=./b", "--games", "10", "--tc", "5+0.1",
                           "--shard", "2/3", "--sprt", "0,10", "--concurrency",
                           "4", "--movetime", "200", "-q", NULL), 0);
    ck_assert_str_eq(c.game->name, "rastros");
    ck_assert_int_eq(c.nopts, 3);
    ck_assert_str_eq(c.opts[0], "size=8");
    ck_assert_str_eq(c.opts[1], "start=e5");
    ck_assert_str_eq(c.opts[2], "x=1");
    ck_assert_int_eq(c.nengines, 2);
    ck_assert_str_eq(c.engines[0].name, "a");
    ck_assert_str_eq(c.engines[0].cmd, "tabula --engine random");
    ck_assert_str_eq(c.engines[1].cmd, "./b");
    ck_assert(c.games == 10 && c.tc && c.tc_base == 5);
    ck_assert(c.shard_k == 2 && c.shard_n == 3 && c.sprt && c.quiet);
    ck_assert(c.concurrency == 4 && c.movetime_ms == 200);
    ck_assert_int_eq((int)c.timeout_ms, -1);   /* 30 s + movetime */

    ck_assert_int_eq(parse(&c, err, "--engine", "a=x", "--engine", "b=y",
                           NULL), -1);
    ck_assert(strstr(err, "--game") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "chess", "--engine", "a=x",
                           "--engine", "b=y", NULL), -1);
    ck_assert(strstr(err, "unknown game") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           NULL), -1);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "a=y", NULL), -1);
    ck_assert(strstr(err, "two engines named") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a b=x",
                           "--engine", "c=y", NULL), -1);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "b=y", "--engine", "c=z", "--sprt",
                           "0,5", NULL), -1);
    ck_assert(strstr(err, "two engines") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "b=y", "--games", "0", NULL), -1);
    ck_assert(strstr(err, "--games") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "b=y", "--shard", "3/2", NULL), -1);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "b=y", "--bogus", NULL), -1);
    ck_assert(strstr(err, "--bogus") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "b=y", "--games", NULL), -1);
    ck_assert(strstr(err, "argument") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "b=y", "--variant", "size", NULL), -1);
    /* no more variant options than the engine's newgame takes: 8 */
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "b=y", "--variant", "a=1 b=2 c=3 d=4 e=5 f=6 g=7",
                           "--option", "size=7", NULL), 0);
    ck_assert_int_eq(c.nopts, 8);
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "b=y", "--variant", "a=1 b=2 c=3 d=4 e=5 f=6 g=7",
                           "--option", "size=7", "--option", "start=d4", NULL), -1);
    ck_assert_str_eq(err, "at most 8 variant options (the engine's newgame takes no more)");
    ck_assert_int_eq(parse(&c, err, "--game", "rastros", "--engine", "a=x",
                           "--engine", "b=y", "--openings", "f",
                           "--random-plies", "3", NULL), -1);
    ck_assert_int_eq(parse(&c, err, "--help", NULL), 1);

    /* Per-engine settings follow the engine; --each gives everybody's. */
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine",
                           "a=tabula", "movetime=25", "option.hash=64",
                           "--engine", "b=tabula -q", "tc=10+0.5", "depth=4",
                           "--each", "movetime=100", "nodes=5000",
                           "option.engine=mcts", "--games", "4", NULL), 0);
    ck_assert_int_eq(c.nengines, 2);
    ck_assert_str_eq(c.engines[1].cmd, "tabula -q");
    ck_assert_int_eq(c.engines[0].nopts, 1);
    ck_assert_str_eq(c.engines[0].opts[0], "hash=64");
    ck_assert_int_eq(c.neach, 1);
    ck_assert_str_eq(c.each_opts[0], "engine=mcts");
    ck_assert_int_eq(c.games, 4);
    struct match_limits l;
    char tc[64];
    match_engine_limits(&c, 0, &l);
    ck_assert(l.movetime_ms == 25 && l.nodes == 5000 && !l.tc && !l.depth);
    match_format_tc(&l, tc, sizeof tc);
    ck_assert_str_eq(tc, "1/0.025");
    match_engine_limits(&c, 1, &l);
    ck_assert(l.movetime_ms == 100 && l.nodes == 5000 && l.depth == 4);
    ck_assert(l.tc && l.tc_base == 10 && l.tc_inc == 0.5);
    match_format_tc(&l, tc, sizeof tc);
    ck_assert_str_eq(tc, "10+0.5");
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "movetime=fast", "--engine", "b=y", NULL), -1);
    ck_assert(strstr(err, "bad setting 'movetime=fast'") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "tc=1e15", "--engine", "b=y", NULL), -1);
    ck_assert_msg(strstr(err, "bad setting 'tc=1e15' (tc=BASE[+INC] in "
                         "seconds, BASE above 0, each at most 100000)"),
                  "%s", err);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "--engine", "b=y", "--tc", "1+1e300", NULL), -1);
    ck_assert_msg(strstr(err, "--tc wants BASE[+INC] in seconds, e.g. "
                         "10+0.1, BASE above 0, each at most 100000 (got "
                         "'1+1e300')"), "%s", err);
    /* the engine's ranges (limits.h), refused with the range: --depth 200
     * was sent, refused by the engine with a warning, and the game played
     * with no depth limit */
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "--engine", "b=y", "--depth", "200", NULL), -1);
    ck_assert_msg(strstr(err, "--depth must be a number from 1 to 127, not "
                         "'200'"), "%s", err);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "--engine", "b=y", "--movetime", "86400001", NULL), -1);
    ck_assert_msg(strstr(err, "--movetime must be a number from 1 to 86400000"),
                  "%s", err);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "depth=128", "--engine", "b=y", NULL), -1);
    ck_assert_msg(strstr(err, "bad setting 'depth=128': depth must be a number "
                         "from 1 to 127"), "%s", err);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "--engine", "b=y", "--each", "movetime=86400001",
                           NULL), -1);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "--engine", "b=y", "--concurrency", "1000", NULL), -1);
    ck_assert_msg(strstr(err, "--concurrency must be a number from 1 to 256"),
                  "%s", err);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "depth=127", "movetime=86400000", "--engine", "b=y",
                           "--depth", "127", "--movetime", "86400000", NULL), 0);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "--engine", "b=y", "--each", NULL), -1);
    ck_assert(strstr(err, "--each wants settings") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "--engine", "a=x",
                           "--engine", "b=y", "depth=3", "--games", "x",
                           NULL), -1);
    ck_assert(strstr(err, "--games") != NULL);
    ck_assert_int_eq(parse(&c, err, "--game", "tablut", "movetime=3",
                           "--engine", "a=x", "--engine", "b=y", NULL), -1);
    ck_assert(strstr(err, "settings follow --engine") != NULL);
}
END_TEST

/* ================================================================ */
/* Tournaments on a toy game: a race to `target`; a move adds 1 or 2 and
 * whoever reaches the target wins. The broken engine always plays "1",
 * so with target 10 the second mover wins at ply 10.                  */


static char tmpdir[256];
static char results_path[300], records_path[300], logdir[300];
static char cmd[2][1024];
static struct match_result res[64];
static int nres;

static void toy_setup(void)
{
    strcpy(tmpdir, "/tmp/check_match.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    snprintf(results_path, sizeof results_path, "%s/results", tmpdir);
    snprintf(records_path, sizeof records_path, "%s/records", tmpdir);
    snprintf(logdir, sizeof logdir, "%s/logs", tmpdir);
}

static void toy_teardown(void)
{
    char rm[600];
    snprintf(rm, sizeof rm, "rm -rf '%s'", tmpdir);
    if (system(rm) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
}

static const char *script(void)
{
    static char path[400];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/match/broken-engine",
             top ? top : "..");
    return path;
}

static void toy_config(struct match_config *c, const char *mode0,
                       const char *mode1)
{
    match_config_defaults(c);
    c->game = &toy_game;
    c->nengines = 2;
    strcpy(c->engines[0].name, "first");
    strcpy(c->engines[1].name, "second");
    snprintf(cmd[0], sizeof cmd[0], "sh %s %s", script(), mode0);
    snprintf(cmd[1], sizeof cmd[1], "sh %s %s", script(), mode1);
    c->engines[0].cmd = cmd[0];
    c->engines[1].cmd = cmd[1];
    c->games = 4;
    c->timeout_ms = 5000;
    c->results = results_path;
    c->records = records_path;
    c->logdir = logdir;
    c->quiet = 1;
    c->out = fopen("/dev/null", "w");
}

static int run(struct match_config *c)
{
    int r = match_run(c);
    fclose(c->out);
    nres = 0;
    FILE *f = fopen(results_path, "r");
    char line[512];
    if (f) {
        while (nres < 64 && fgets(line, sizeof line, f))
            if (match_parse_result(line, &res[nres]) == 1)
                nres++;
        fclose(f);
    }
    return r;
}

/* How many results have the given winner engine name (NULL: draws). */
static int won_by(const char *name)
{
    int k = 0;
    for (int i = 0; i < nres; i++) {
        const char *w = res[i].winner == 0 ? res[i].first
                      : res[i].winner == 1 ? res[i].second : NULL;
        if ((!w && !name) || (w && name && !strcmp(w, name)))
            k++;
    }
    return k;
}

START_TEST(test_toy_normal)
{
    struct match_config c;
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 4);
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(res[i].index, i + 1);
        ck_assert_int_eq(res[i].winner, 1);     /* the second mover */
        ck_assert_int_eq(res[i].plies, 10);
        ck_assert_str_eq(res[i].reason, "reached the target");
        ck_assert_str_eq(res[i].first, i % 2 ? "second" : "first");
    }
    /* Records: four of them, ten moves each, right tags. */
    FILE *f = fopen(records_path, "r");
    struct game_record r;
    char err[128];
    int n = 0;
    record_init(&r);
    while (record_read(f, &r, err, sizeof err) == 1) {
        ck_assert_str_eq(r.game, "toy");
        ck_assert_str_eq(r.result, "0-1");
        ck_assert_int_eq(r.nmoves, 10);
        ck_assert_str_eq(r.moves[9], "1");
        ck_assert_str_eq(r.reason, "reached the target");
        n++;
    }
    record_free(&r);
    fclose(f);
    ck_assert_int_eq(n, 4);

    /* Resume: the same tournament again plays nothing new... */
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 4);
    /* ...and more games per pair only add the missing ones. */
    toy_config(&c, "ok 0", "ok 0");
    c.games = 6;
    c.concurrency = 3;
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 6);
    ck_assert_int_eq(res[4].index + res[5].index, 5 + 6);
    /* A results file from other options (names swapped) is refused. */
    toy_config(&c, "ok 0", "ok 0");
    strcpy(c.engines[0].name, "second");
    strcpy(c.engines[1].name, "first");
    ck_assert_int_eq(run(&c), 2);
}
END_TEST

START_TEST(test_toy_variant_and_openings)
{
    struct match_config c;
    char path[400];
    toy_config(&c, "ok 0", "ok 0");
    strcpy(c.opts[0], "target=5");
    c.nopts = 1;
    snprintf(path, sizeof path, "%s/openings", tmpdir);
    FILE *f = fopen(path, "w");
    fputs("# comment\n2 1\n\n3 2\r\n", f);
    fclose(f);
    c.openings_file = path;
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 4);
    /* From "2 1": three more ones, the first mover adds the last. From
     * "3 2": two more, the first mover again. */
    ck_assert_int_eq(res[0].plies, 3);
    ck_assert_int_eq(res[0].winner, 0);
    ck_assert_int_eq(res[2].plies, 2);
    ck_assert_int_eq(res[2].winner, 0);   /* "3 2": side 2 moves first */
    f = fopen(records_path, "r");
    struct game_record r;
    char err[128];
    record_init(&r);
    ck_assert_int_eq(record_read(f, &r, err, sizeof err), 1);
    ck_assert_str_eq(r.variant, "target=5");
    ck_assert_str_eq(r.position, "2 1");
    record_free(&r);
    fclose(f);

    /* A bad opening is an error before anything is played. */
    f = fopen(path, "w");
    fputs("2 1\n12 1\n", f);
    fclose(f);
    toy_config(&c, "ok 0", "ok 0");
    c.openings_file = path;
    c.results = NULL;
    ck_assert_int_eq(run(&c), 2);
    /* So is a bad variant. */
    toy_config(&c, "ok 0", "ok 0");
    strcpy(c.opts[0], "colour=red");
    c.nopts = 1;
    ck_assert_int_eq(run(&c), 2);
}
END_TEST

/* The broken engine plays as "second" from its `after`-th genmove on;
 * in every game it must lose with a reason containing `why`. */
static void broken_case(const char *mode, const char *why)
{
    struct match_config c;
    toy_config(&c, "ok 0", mode);
    c.timeout_ms = 500;
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 4);
    for (int i = 0; i < nres; i++) {
        const char *loser = res[i].winner == 0 ? res[i].second : res[i].first;
        ck_assert_msg(res[i].winner >= 0, "game %d drawn", i + 1);
        ck_assert_str_eq(loser, "second");
        ck_assert_msg(strstr(res[i].reason, why) != NULL,
                      "game %d: '%s' lacks '%s'", i + 1, res[i].reason, why);
        ck_assert_msg(strncmp(res[i].reason, "second ", 7) == 0,
                      "reason '%s' does not name the engine", res[i].reason);
    }
}

START_TEST(test_toy_crash)   { broken_case("crash 1", "crashed (exit 3)"); }
END_TEST
START_TEST(test_toy_hang)    { broken_case("hang 1", "timed out on genmove"); }
END_TEST
START_TEST(test_toy_illegal) { broken_case("illegal 1", "illegal move '7'"); }
END_TEST
START_TEST(test_toy_garbage)
{
    broken_case("garbage 1", "garbage response to genmove");
}
END_TEST
START_TEST(test_toy_error)
{
    broken_case("error 0", "error response to genmove: no move");
}
END_TEST
START_TEST(test_toy_reject)
{
    broken_case("reject 1", "rejected the legal move 1");
}
END_TEST
/* Issue 13: a typo in an engine command is refused before anything is
 * written: exit 1, the results file as it was. */
START_TEST(test_toy_missing)
{
    struct match_config c;
    toy_config(&c, "ok 0", "ok 0");
    c.engines[1].cmd = "exec /nonexistent/engine";
    ck_assert_int_eq(run(&c), 1);
    ck_assert_int_eq(access(results_path, F_OK), -1);
    ck_assert_int_eq(access(records_path, F_OK), -1);
    /* an existing results file is left as it was */
    FILE *f = fopen(results_path, "w");
    fputs("1\tfirst\tsecond\t0-1\t10\treached the target\n2\tsecond\tfir", f);
    fclose(f);
    toy_config(&c, "ok 0", "ok 0");
    c.engines[0].cmd = "echo '= 2'; echo; exit 0";  /* dies after a hello */
    ck_assert_int_eq(run(&c), 1);
    f = fopen(results_path, "r");
    char buf[256];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    ck_assert_str_eq(buf, "1\tfirst\tsecond\t0-1\t10\treached the target\n"
                     "2\tsecond\tfir");
    /* an engine that does not play the game */
    toy_config(&c, "ok 0", "ok 0");
    c.engines[1].cmd = "exec sh -c 'while read l; do case $l in newgame*) "
                       "printf \"? unknown game\\n\\n\";; *) printf \"=\\n\\n\";; "
                       "esac; done'";
    ck_assert_int_eq(run(&c), 1);
}
END_TEST

/* The whole of a file (NUL-terminated, malloc'd), or NULL. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *b = NULL;
    size_t n = 0, cap = 0, k;
    char chunk[4096];
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (n + k + 1 > cap) {
            cap = 2 * (n + k + 1);
            b = realloc(b, cap);
        }
        memcpy(b + n, chunk, k);
        n += k;
    }
    fclose(f);
    if (!b)
        b = calloc(1, 1);
    b[n] = 0;
    if (len)
        *len = n;
    return b;
}

/* Every line of the results file parses, and index i appears exactly
 * want[i] times (i = 1..n). */
static void assert_indices(int n, const int *want)
{
    char *text = slurp(results_path, NULL);
    int seen[64] = {0};
    ck_assert_ptr_nonnull(text);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        struct match_result r;
        if (line[0] == '#')
            continue;           /* the header */
        ck_assert_msg(match_parse_result(line, &r) == 1, "bad line '%s'",
                      line);
        ck_assert(r.index >= 1 && r.index <= n);
        seen[r.index]++;
    }
    for (int i = 1; i <= n; i++)
        ck_assert_msg(seen[i] == want[i], "game %d %d times, not %d", i,
                      seen[i], want[i]);
    free(text);
}

/* How many records of each Round 1..n the records file holds. */
static void count_rounds(int n, int *seen)
{
    FILE *f = fopen(records_path, "r");
    struct game_record r;
    char err[128];
    int got;
    ck_assert_ptr_nonnull(f);
    memset(seen, 0, (size_t)(n + 1) * sizeof *seen);
    record_init(&r);
    while ((got = record_read(f, &r, err, sizeof err)) == 1) {
        int i = atoi(r.round);
        ck_assert(i >= 1 && i <= n);
        seen[i]++;
    }
    ck_assert_msg(got == 0, "%s", err);
    record_free(&r);
    fclose(f);
}

/* Records: one per Round 1..n, in the file. */
static void assert_rounds(int n)
{
    int seen[64];
    ck_assert(n < 64);
    count_rounds(n, seen);
    for (int i = 1; i <= n; i++)
        ck_assert_msg(seen[i] == 1, "round %d: %d records", i, seen[i]);
}

/* An engine that played fine and then fails to start: the game is void,
 * logged, never in the results, and played again. */
START_TEST(test_toy_void)
{
    struct match_config c;
    char counter[400], out[400];
    snprintf(counter, sizeof counter, "%s/starts", tmpdir);
    snprintf(out, sizeof out, "%s/out", tmpdir);
    /* start 1: the start-up check; 2: game 1, where it crashes and is
     * restarted for game 2: start 3, which fails */
    toy_config(&c, "ok 0", "crash 1");
    snprintf(cmd[1], sizeof cmd[1], "STARTFAIL=3 STARTFAIL_FILE=%s sh %s "
             "crash 1", counter, script());
    fclose(c.out);
    c.out = fopen(out, "w");
    c.quiet = 0;
    c.timeout_ms = 2000;
    ck_assert_int_eq(run(&c), 0);
    static const int once[5] = {0, 1, 1, 1, 1};
    assert_indices(4, once);
    assert_rounds(4);
    char *text = slurp(out, NULL);
    ck_assert_msg(strstr(text, "Game 2 (second vs first) is void: second "
                         "could not start: crashed (exit 1) on "
                         "protocol_version; it will be played again"),
                  "%s", text);
    free(text);
    text = slurp(results_path, NULL);
    ck_assert(!strstr(text, "could not start"));
    free(text);

    /* Two void games in a row for one engine stop the run: exit 1, the
     * games played are kept, and a rerun completes the tournament. */
    unlink(results_path);
    unlink(records_path);
    unlink(counter);
    toy_config(&c, "ok 0", "crash 1");
    snprintf(cmd[1], sizeof cmd[1], "STARTFAIL='3 4' STARTFAIL_FILE=%s sh %s "
             "crash 1", counter, script());
    c.timeout_ms = 2000;
    ck_assert_int_eq(run(&c), 1);
    static const int first_only[5] = {0, 1, 0, 0, 0};
    assert_indices(4, first_only);
    toy_config(&c, "ok 0", "crash 1");
    c.timeout_ms = 2000;
    ck_assert_int_eq(run(&c), 0);
    assert_indices(4, once);
    assert_rounds(4);
}
END_TEST

/* Issue 13: a results file whose last line was cut short (no newline), and
 * an index past INT_MAX that once wrapped around to game 1. */
START_TEST(test_toy_results_repair)
{
    struct match_config c;
    FILE *f = fopen(results_path, "w");
    fputs("4294967297\tfirst\tsecond\t0-1\t10\treached the target\n"
          "2\tsecond\tfirst\t0-1\t10\treached the target\n"
          "3\tfirst\tsec", f);
    fclose(f);
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 0);
    char *text = slurp(results_path, NULL);
    /* the huge line stays (skipped), the cut one is gone, 1 3 4 added */
    ck_assert_msg(strncmp(text, "4294967297\tfirst\tsecond\t0-1\t10\treached "
                          "the target\n2\tsecond\tfirst\t0-1\t10\treached the"
                          " target\n1\tfirst\tsecond\t0-1\t10\t", 90) == 0,
                  "%s", text);
    ck_assert(!strstr(text, "sec3") && !strstr(text, "sec1"));
    free(text);
    ck_assert_int_eq(nres, 4);      /* the huge one does not parse */
    int seen[5] = {0};
    for (int i = 0; i < nres; i++)
        seen[res[i].index]++;
    ck_assert(seen[1] == 1 && seen[2] == 1 && seen[3] == 1 && seen[4] == 1);
}
END_TEST

/* Review 4, finding 5: a results file names its game, variant and
 * openings in a header comment; one of another variant (or game, or
 * openings) is refused, exit 2, the file as it was, also as a --merge
 * file (its games were counted as this tournament's). A file without the
 * header (an older run's) is read as before. */
START_TEST(test_toy_results_header)
{
    struct match_config c;
    size_t len0, len1;
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 4);
    char *text = slurp(results_path, &len0);
    static const char head[] = "# tabula-match results\tgame=toy\tvariant=";
    const char *id = strstr(text, "\topenings=start\tid=");
    ck_assert_msg(strncmp(text, head, sizeof head - 1) == 0 && id &&
                  strspn(id + 19, "0123456789abcdef") == 16 && id[35] == '\n',
                  "%s", text);
    toy_config(&c, "ok 0", "ok 0");
    strcpy(c.opts[0], "target=5");
    c.nopts = 1;
    ck_assert_int_eq(run(&c), 2);
    char *now = slurp(results_path, &len1);
    ck_assert(len1 == len0 && memcmp(now, text, len0) == 0);
    free(now);
    /* as a --merge file, for a report */
    toy_config(&c, "ok 0", "ok 0");
    strcpy(c.opts[0], "target=5");
    c.nopts = 1;
    c.merge[c.nmerge++] = results_path;
    c.results = NULL;
    c.report_only = 1;
    ck_assert_int_eq(run(&c), 2);
    /* random openings are other openings too */
    toy_config(&c, "ok 0", "ok 0");
    c.random_plies = 2;
    ck_assert_int_eq(run(&c), 2);
    /* the same tournament reads it (nothing to play) */
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 4);
    now = slurp(results_path, &len1);
    ck_assert(len1 == len0);
    free(now);
    /* without the header, as an older run wrote it: counted as before */
    FILE *f = fopen(results_path, "w");
    fputs(strchr(text, '\n') + 1, f);
    fclose(f);
    toy_config(&c, "ok 0", "ok 0");
    strcpy(c.opts[0], "target=5");
    c.nopts = 1;
    c.games = 6;
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 6);
    free(text);
}
END_TEST

/* A line of 2 MiB (more than MATCH_LINE_MAX, 1 MiB) in the results or the
 * openings file is an error before anything is played or written; a line
 * of 1 MiB is still read (a malformed results line: skipped). */
static void write_line_of(FILE *f, size_t n, int c)
{
    for (size_t i = 0; i < n; i++)
        putc(c, f);
    putc('\n', f);
}

START_TEST(test_toy_long_lines)
{
    struct match_config c;
    size_t len0, len1;
    FILE *f = fopen(results_path, "w");
    fputs("2\tsecond\tfirst\t0-1\t10\treached the target\n", f);
    write_line_of(f, (size_t)2 << 20, 'x');
    fclose(f);
    free(slurp(results_path, &len0));
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 2);
    free(slurp(results_path, &len1));
    ck_assert(len1 == len0);                    /* nothing appended */
    ck_assert_int_eq(access(records_path, F_OK), -1);

    /* a 1 MiB line is malformed, no more: skipped, the games played */
    f = fopen(results_path, "w");
    fputs("2\tsecond\tfirst\t0-1\t10\treached the target\n", f);
    write_line_of(f, (size_t)1 << 20, 'x');
    fclose(f);
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 4);

    /* openings: a good line, then 2 MiB of blanks (which trimmed would be
     * an empty line, skipped) */
    char path[400];
    snprintf(path, sizeof path, "%s/openings", tmpdir);
    f = fopen(path, "w");
    fputs("2 1\n", f);
    write_line_of(f, (size_t)2 << 20, ' ');
    fclose(f);
    unlink(results_path);
    unlink(records_path);
    toy_config(&c, "ok 0", "ok 0");
    c.openings_file = path;
    ck_assert_int_eq(run(&c), 2);
    ck_assert_int_eq(access(results_path, F_OK), -1);
}
END_TEST


/* path without its last line (a run killed while it wrote it) */
static void drop_last_line(const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    char *last = text + len - 1;
    while (last > text && last[-1] != '\n')
        last--;
    FILE *f = fopen(path, "w");
    fwrite(text, 1, (size_t)(last - text), f);
    fclose(f);
    free(text);
}
/* The records file after a kill: a record without its results line (the
 * kill came between the two writes), or a record cut short. */
START_TEST(test_toy_records_repair)
{
    struct match_config c;
    static const int once[5] = {0, 1, 1, 1, 1};
    for (int cut = 0; cut < 2; cut++) {
        unlink(results_path);
        unlink(records_path);
        toy_config(&c, "ok 0", "ok 0");
        ck_assert_int_eq(run(&c), 0);
        /* drop the last results line; with cut, the last record's end */
        drop_last_line(results_path);
        if (cut) {
            size_t len;
            char *text = slurp(records_path, &len);
            FILE *f = fopen(records_path, "w");
            fwrite(text, 1, len - 9, f);
            fclose(f);
            free(text);
        }
        toy_config(&c, "ok 0", "ok 0");
        ck_assert_int_eq(run(&c), 0);
        assert_indices(4, once);
        assert_rounds(4);
    }
}
END_TEST

/* Review 4, finding 2: a records file whose --event has '"', '\\', a tab
 * or more bytes than the tag keeps (cut inside a UTF-8 character) is still
 * this tournament's: its last record cut short is removed and played again
 * (the run once compared the raw event with the escaped, cleaned tag and
 * refused its own file, exit 2). Cut after the tags (the record parses)
 * and inside the Event line (it does not). */
START_TEST(test_toy_records_event)
{
    struct match_config c;
    static const int once[5] = {0, 1, 1, 1, 1};
    char event[300];
    int k = snprintf(event, sizeof event, "my \"cup\"\tback\\slash ");
    while (k + 2 < (int)sizeof event)
        k += snprintf(event + k, sizeof event - (size_t)k, "\xc3\xa9");
    for (int cut = 0; cut < 2; cut++) {
        unlink(results_path);
        unlink(records_path);
        toy_config(&c, "ok 0", "ok 0");
        c.event = event;
        ck_assert_int_eq(run(&c), 0);
        drop_last_line(results_path);
        size_t len;
        char *text = slurp(records_path, &len);
        size_t keep = len - 9;          /* the result token's end */
        if (cut) {
            char *ev = text;
            for (char *p = text; (p = strstr(p, "\n[Event ")); p++)
                ev = p + 1;
            keep = (size_t)(ev - text) + 20;    /* inside the Event line */
        }
        FILE *f = fopen(records_path, "w");
        fwrite(text, 1, keep, f);
        fclose(f);
        free(text);
        toy_config(&c, "ok 0", "ok 0");
        c.event = event;
        ck_assert_msg(run(&c) == 0, "cut %d: the tournament's own records "
                      "refused", cut);
        assert_indices(4, once);
        assert_rounds(4);
    }
}
END_TEST


/* A QA pass, 2026-12-07: a records file shared by two runs of one
 * tournament (the same engines and event) with a results file deleted to
 * play it again, or a new one, lost the earlier run's last record (taken
 * for one a kill left without its results line). Only a record written
 * for the results file as it is goes; the line of the run's own last
 * game dropped, that record still goes and the game is played again. */
START_TEST(test_toy_records_shared)
{
    struct match_config c;
    static const int once[5] = {0, 1, 1, 1, 1};
    int seen[5];
    char other[400];
    snprintf(other, sizeof other, "%s/other-results", tmpdir);
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 0);
    unlink(results_path);               /* to play it again */
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 0);
    assert_indices(4, once);
    count_rounds(4, seen);
    for (int i = 1; i <= 4; i++)
        ck_assert_msg(seen[i] == 2, "results deleted: round %d: %d records",
                      i, seen[i]);
    toy_config(&c, "ok 0", "ok 0");     /* a new results file */
    c.results = other;
    ck_assert_int_eq(run(&c), 0);
    count_rounds(4, seen);
    for (int i = 1; i <= 4; i++)
        ck_assert_msg(seen[i] == 3, "a new results file: round %d: %d "
                      "records", i, seen[i]);
    /* a kill between other's last record and its line */
    drop_last_line(other);
    toy_config(&c, "ok 0", "ok 0");
    c.results = other;
    ck_assert_int_eq(run(&c), 0);
    count_rounds(4, seen);
    for (int i = 1; i <= 4; i++)
        ck_assert_msg(seen[i] == 3, "a kill: round %d: %d records", i,
                      seen[i]);
}
END_TEST

/* Runs c with files limited to `limit` bytes (RLIMIT_FSIZE, SIGXFSZ
 * ignored: a write past it fails with EFBIG, as on a full disk). The
 * messages are lost when stderr is a log file past the limit too; run_match
 * checks them. */
static int run_limited(struct match_config *c, rlim_t limit)
{
    struct rlimit old, lim;
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
    lim = old;
    lim.rlim_cur = limit;
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    /* no assertion under the limit: check's messages go through a file,
     * past the limit already (a passing assertion writes one too), and a
     * cut message fails the whole test ("Bad message type") */
    int set = setrlimit(RLIMIT_FSIZE, &lim);
    int r = run(c);
    int back = setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, was);
    ck_assert_int_eq(set, 0);
    ck_assert_int_eq(back, 0);
    return r;
}

/* A write error on the results or records file: exit 1, no new game
 * started, nothing more written (the file ends at most in a cut line or
 * record); the same tournament afterwards repairs the ends and plays what
 * was not written, every game once. */
START_TEST(test_toy_write_error)
{
    struct match_config c;
    static const int once[5] = {0, 1, 1, 1, 1};
    /* The results file: a line is 40 bytes, so games 1 and 2 fit in 100
     * after the header (written with game 1's line) and game 3's line is
     * cut after 20. The header's length, from a run without a limit: */
    toy_config(&c, "ok 0", "ok 0");
    c.records = NULL;
    c.games = 1;
    ck_assert_int_eq(run(&c), 0);
    char *text = slurp(results_path, NULL);
    ck_assert_msg(text[0] == '#' && strchr(text, '\n'), "%s", text);
    rlim_t header = (rlim_t)(strchr(text, '\n') + 1 - text);
    free(text);
    unlink(results_path);
    toy_config(&c, "ok 0", "ok 0");
    c.records = NULL;
    ck_assert_int_eq(run_limited(&c, header + 100), 1);
    ck_assert_int_eq(nres, 2);
    size_t len;
    free(slurp(results_path, &len));
    ck_assert_int_eq((int)len, (int)header + 100);
    toy_config(&c, "ok 0", "ok 0");
    c.records = NULL;
    ck_assert_int_eq(run(&c), 0);
    assert_indices(4, once);

    /* The records file (a record is longer than 200 bytes, four results
     * lines are not): game 1's record fails, so its results line is not
     * written either, and no other game is played. */
    unlink(results_path);
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run_limited(&c, 200), 1);
    ck_assert_int_eq(nres, 0);
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run(&c), 0);
    assert_indices(4, once);
    assert_rounds(4);
}
END_TEST

/* Issue 11, item 9: bytes >= 0x80 and control bytes of an engine's
 * garbage must not reach the results and records files. */
static void assert_ascii(const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    ck_assert_ptr_nonnull(text);
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        ck_assert_msg(ch == '\n' || ch == '\t' || (ch >= 32 && ch < 127),
                      "%s: byte %zu is 0x%02x", path, i, ch);
    }
    free(text);
}

START_TEST(test_toy_binary_garbage)
{
    broken_case("binary 1", "garbage response to genmove: '?? gar?bage ?('");
    assert_ascii(results_path);
    assert_ascii(records_path);
    unlink(results_path);
    unlink(records_path);
    broken_case("binerror 1", "error response to genmove: ?no? move ?");
    assert_ascii(results_path);
    assert_ascii(records_path);
}
END_TEST

START_TEST(test_toy_time)
{
    struct match_config c;
    setenv("SLOW", "0.4", 1);
    toy_config(&c, "ok 0", "slow 0");
    c.tc = 1;
    c.tc_base = 0.3;
    c.grace_ms = 50;
    c.games = 2;
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 2);
    for (int i = 0; i < nres; i++) {
        ck_assert_msg(strstr(res[i].reason, "second lost on time"),
                      "'%s'", res[i].reason);
        ck_assert_int_eq(res[i].plies, (i == 0 ? 1 : 0));
    }
    /* With enough time the slow engine plays normally. */
    unlink(results_path);
    setenv("SLOW", "0.01", 1);
    toy_config(&c, "ok 0", "slow 0");
    c.tc = 1;
    c.tc_base = 2;
    c.tc_inc = 0.1;
    c.games = 2;
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 2);
    ck_assert_str_eq(res[0].reason, "reached the target");
    /* A base past what an int64_t of ms holds (set here, the options
     * refuse it): the clock is capped, not converted to a deadline in
     * the past (review 4, finding 6: lost on time with 0 ms used). */
    unlink(results_path);
    toy_config(&c, "ok 0", "slow 0");
    c.tc = 1;
    c.tc_base = 1e300;
    c.tc_inc = 1e300;
    c.games = 2;
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(nres, 2);
    for (int i = 0; i < nres; i++)
        ck_assert_msg(!strcmp(res[i].reason, "reached the target"), "'%s'",
                      res[i].reason);
}
END_TEST

START_TEST(test_toy_sprt_and_maxplies)
{
    struct match_config c;
    /* The second mover always wins: "first" loses the odd games and wins
     * the even ones. H0: elo 200 (s0 = .759747), H1: elo 400 (s1 =
     * .909091), s1 - s0 = .149344. After 14 games, 7-7: s = .5, var =
     * .25, LLR = 14 * .149344 * (1 - 1.668838) / .5 = -2.797 (continue;
     * 13 games give -2.913). Game 15 makes it 7-8: s = 7/15, var =
     * (7*64 + 8*49)/3375 = .248889, LLR = 15 * .149344 * (.933333 -
     * 1.668838) / .497778 = -3.310 < -2.944: H0 accepted, stop. */
    for (int pass = 0; pass < 2; pass++) {
        toy_config(&c, "ok 0", "ok 0");
        c.games = 40;
        c.sprt = 1;
        c.elo0 = 200;
        c.elo1 = 400;
        c.alpha = c.beta = 0.05;
        c.trinomial = 1;
        c.concurrency = 1 + pass;
        ck_assert_int_eq(run(&c), 0);
        /* Rerun: already decided, nothing more is played. */
        ck_assert_int_eq(nres, 15);
    }

    /* The same with the pairs' statistics (the default): every pair is
     * split 1-1, which the pentanomial SPRT sees as no edge at all with no
     * spread: -0.974294 per pair (test_pentanomial), H0 after 4 pairs. */
    for (int pass = 0; pass < 2; pass++) {
        char out[400];
        if (pass == 0)
            unlink(results_path);   /* then a rerun: already decided */
        snprintf(out, sizeof out, "%s/out", tmpdir);
        toy_config(&c, "ok 0", "ok 0");
        fclose(c.out);
        c.out = fopen(out, "w");
        c.games = 40;
        c.sprt = 1;
        c.elo0 = 200;
        c.elo1 = 400;
        c.alpha = c.beta = 0.05;
        c.rating_interval = 0;
        ck_assert_int_eq(run(&c), 0);
        ck_assert_int_eq(nres, 8);
        char *text = slurp(out, NULL);
        ck_assert_msg(strstr(text, "  Ptnml(0-2): [0, 0, 4, 0, 0], 4 pair(s)\n"
                             "  SPRT (pentanomial): llr -3.890, "), "%s", text);
        ck_assert_msg(strstr(text, "H0 was accepted"), "%s", text);
        free(text);
    }

    unlink(results_path);
    toy_config(&c, "ok 0", "ok 0");
    c.maxplies = 4;
    c.games = 2;
    ck_assert_int_eq(run(&c), 0);
    ck_assert_int_eq(won_by(NULL), 2);
    ck_assert_int_eq(res[0].plies, 4);
}
END_TEST

START_TEST(test_toy_shards_and_round_robin)
{
    struct match_config c;
    /* Three engines, round robin, 2 games per pair = 6 games, played in
     * two shards into one file; then a report over it. */
    /* A shard's summary says it is one (review 6, finding 8: it gave
     * "Score of first vs third: 0 - 0 - 0  [0.000] 0" for the pair it
     * did not play, and no word that its figures are a shard's). Shard 1
     * plays units 0 and 2 (pairs first-second, second-third), shard 2
     * unit 1 (first-third), into the same file. */
    static const char *says[2][2] = {
        {"Shard 1/2: 4 of its 4 games played; the figures below are of "
         "this shard alone", "Score of first vs third: 0 - 0 - 0  [-] 0\n"},
        {"Shard 2/2: 2 of its 2 games played; the figures below count 4 "
         "game(s) of other shards too", "Score of first vs third: 1 - 1 - 0  "
         "[0.500] 2\n"}};
    for (int k = 1; k <= 2; k++) {
        char sout[400];
        snprintf(sout, sizeof sout, "%s/shard-out", tmpdir);
        toy_config(&c, "ok 0", "ok 0");
        fclose(c.out);
        c.out = fopen(sout, "w");
        c.nengines = 3;
        strcpy(c.engines[2].name, "third");
        c.engines[2].cmd = cmd[0];
        c.games = 2;
        c.shard_k = k;
        c.shard_n = 2;
        ck_assert_int_eq(run(&c), 0);
        ck_assert_int_eq(nres, (k == 1 ? 4 : 6));
        char *text = slurp(sout, NULL);
        ck_assert_msg(strstr(text, says[k - 1][0]) &&
                      strstr(text, says[k - 1][1]), "%s", text);
        free(text);
    }
    int seen[7] = {0};
    for (int i = 0; i < nres; i++)
        seen[res[i].index]++;
    for (int i = 1; i <= 6; i++)
        ck_assert_int_eq(seen[i], 1);
    ck_assert_int_eq(won_by("first") + won_by("second") + won_by("third"), 6);

    char out[400];
    snprintf(out, sizeof out, "%s/report", tmpdir);
    toy_config(&c, "ok 0", "ok 0");
    fclose(c.out);
    c.out = fopen(out, "w");
    c.nengines = 3;
    strcpy(c.engines[2].name, "third");
    c.engines[2].cmd = "false";
    c.games = 2;
    c.report_only = 1;
    ck_assert_int_eq(run(&c), 0);
    FILE *f = fopen(out, "r");
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    ck_assert_msg(strstr(text, "6 of 6 scheduled games played"), "%s", text);
    ck_assert_msg(strstr(text, "Score of first vs second: 1 - 1 - 0"), "%s",
                  text);
    ck_assert_msg(strstr(text, "Rank Name"), "%s", text);
    ck_assert_msg(!strstr(text, "Shard"), "%s", text);
}
END_TEST

/* Runs c with stderr to a file; its text in err (malloc'd). */
static int run_stderr(struct match_config *c, char **err)
{
    char path[400];
    snprintf(path, sizeof path, "%s/stderr", tmpdir);
    fflush(stderr);
    int saved = dup(2);
    FILE *f = fopen(path, "w");
    ck_assert(saved >= 0 && f);
    dup2(fileno(f), 2);
    int r = run(c);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    fclose(f);
    *err = slurp(path, NULL);
    return r;
}

/* Review 6, finding 8: a game in two results files with two results was
 * counted as the first file read said, in silence, so --merge a --merge b
 * and --merge b --merge a gave different figures. Now nothing is counted
 * (exit 2) and both lines are named; a game twice with one result counts
 * once. */
START_TEST(test_toy_merge_conflict)
{
    struct match_config c;
    char a[400], b[400], a2[400], out[400];
    snprintf(a, sizeof a, "%s/a.txt", tmpdir);
    snprintf(b, sizeof b, "%s/b.txt", tmpdir);
    snprintf(a2, sizeof a2, "%s/a2.txt", tmpdir);
    snprintf(out, sizeof out, "%s/out", tmpdir);
    static const char g12[] = "1\tfirst\tsecond\t0-1\t10\tx\n"
                              "2\tsecond\tfirst\t0-1\t10\tx\n";
    static const char g34[] = "3\tfirst\tsecond\t0-1\t10\tx\n"
                              "4\tsecond\tfirst\t0-1\t10\tx\n";
    FILE *f = fopen(a, "w");
    fputs(g12, f);
    fclose(f);
    f = fopen(a2, "w");                 /* game 1 and 2 again, the same */
    fputs(g12, f);
    fputs(g34, f);
    fclose(f);
    f = fopen(b, "w");                  /* game 1 the other way */
    fputs("# a note\n1\tfirst\tsecond\t1-0\t10\tx\n", f);
    fputs(g34, f);
    fclose(f);
    static const char *why[2] = {
        "b.txt:2: game 1 (first vs second) is 1-0 here but 0-1 in ",
        "a.txt:1: game 1 (first vs second) is 0-1 here but 1-0 in "};
    static const char *where[2] = {"a.txt:1: two results for one game",
                                   "b.txt:2: two results for one game"};
    for (int order = 0; order < 2; order++) {
        char *err;
        toy_config(&c, "ok 0", "ok 0");
        fclose(c.out);
        c.out = fopen(out, "w");
        c.results = NULL;
        c.report_only = 1;
        c.merge[c.nmerge++] = order ? b : a;
        c.merge[c.nmerge++] = order ? a : b;
        ck_assert_int_eq(run_stderr(&c, &err), 2);
        ck_assert_msg(strstr(err, why[order]) && strstr(err, where[order]),
                      "%s", err);
        free(err);
        char *text = slurp(out, NULL);
        ck_assert_msg(!strstr(text, "Score of"), "%s", text);
        free(text);
    }
    /* The same game twice with one result counts once: 4 games, 2-2. */
    toy_config(&c, "ok 0", "ok 0");
    fclose(c.out);
    c.out = fopen(out, "w");
    c.results = NULL;
    c.report_only = 1;
    c.merge[c.nmerge++] = a;
    c.merge[c.nmerge++] = a2;
    ck_assert_int_eq(run(&c), 0);
    char *text = slurp(out, NULL);
    ck_assert_msg(strstr(text, "4 of 4 scheduled games played") &&
                  strstr(text, "Score of first vs second: 2 - 2 - 0  "
                         "[0.500] 4\n"), "%s", text);
    free(text);
    /* Two results in the results file itself: refused before anything is
     * played or written, the file left as it is. */
    f = fopen(results_path, "w");
    fputs(g12, f);
    fputs("1\tfirst\tsecond\t1-0\t10\tx\n", f);
    fclose(f);
    size_t len0, len1;
    char *before = slurp(results_path, &len0), *err;
    toy_config(&c, "ok 0", "ok 0");
    ck_assert_int_eq(run_stderr(&c, &err), 2);
    ck_assert_msg(strstr(err, "results:3: game 1 (first vs second) is 1-0 "
                         "here but 0-1 in ") &&
                  strstr(err, "results:1: two results"), "%s", err);
    char *after = slurp(results_path, &len1);
    ck_assert(len1 == len0 && memcmp(before, after, len0) == 0);
    free(before);
    free(after);
    free(err);
    /* A pair with no games: "[-]", not "[0.000]". */
    f = fopen(results_path, "w");
    fputs("# nothing yet\n", f);
    fclose(f);
    toy_config(&c, "ok 0", "ok 0");
    fclose(c.out);
    c.out = fopen(out, "w");
    c.report_only = 1;
    ck_assert_int_eq(run(&c), 0);
    text = slurp(out, NULL);
    ck_assert_msg(strstr(text, "Score of first vs second: 0 - 0 - 0  [-] 0\n"),
                  "%s", text);
    free(text);
}
END_TEST

static Suite *match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("stats");
    tcase_add_test(tc, test_elo_from_score);
    tcase_add_test(tc, test_los);
    tcase_add_test(tc, test_elo_estimate);
    tcase_add_test(tc, test_sprt);
    tcase_add_test(tc, test_pentanomial);
    suite_add_tcase(s, tc);
    tc = tcase_create("schedule");
    tcase_add_test(tc, test_pairs);
    tcase_add_test(tc, test_schedule);
    tcase_add_test(tc, test_small_parsers);
    tcase_add_test(tc, test_result_lines);
    tcase_add_test(tc, test_options);
    suite_add_tcase(s, tc);
    tc = tcase_create("records");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_record_round_trip);
    tcase_add_test(tc, test_record_lenient);
    tcase_add_test(tc, test_record_old_format);
    tcase_add_test(tc, test_record_tablut_captures);
    tcase_add_test(tc, test_record_reason_once);
    tcase_add_test(tc, test_record_bounded);
    suite_add_tcase(s, tc);
    tc = tcase_create("tournaments");
    tcase_add_checked_fixture(tc, toy_setup, toy_teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_toy_normal);
    tcase_add_test(tc, test_toy_variant_and_openings);
    tcase_add_test(tc, test_toy_crash);
    tcase_add_test(tc, test_toy_hang);
    tcase_add_test(tc, test_toy_illegal);
    tcase_add_test(tc, test_toy_garbage);
    tcase_add_test(tc, test_toy_error);
    tcase_add_test(tc, test_toy_reject);
    tcase_add_test(tc, test_toy_missing);
    tcase_add_test(tc, test_toy_void);
    tcase_add_test(tc, test_toy_results_repair);
    tcase_add_test(tc, test_toy_results_header);
    tcase_add_test(tc, test_toy_long_lines);
    tcase_add_test(tc, test_toy_records_repair);
    tcase_add_test(tc, test_toy_records_event);
    tcase_add_test(tc, test_toy_records_shared);
    tcase_add_test(tc, test_toy_write_error);
    tcase_add_test(tc, test_toy_binary_garbage);
    tcase_add_test(tc, test_toy_time);
    tcase_add_test(tc, test_toy_sprt_and_maxplies);
    tcase_add_test(tc, test_toy_shards_and_round_robin);
    tcase_add_test(tc, test_toy_merge_conflict);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    SRunner *sr = srunner_create(match_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
