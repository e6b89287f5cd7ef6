/* check_analysis.c -- what the engine knows, told to a person: hint's values
 * against the solver on random positions, reviews that find a planted
 * blunder in recorded Rastros and Grasshopper games (and write it into the
 * saved record), analyze ending on a proof, the levels in order of
 * strength, the record's NAGs, the rules and display names as data. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/protocol.h"
#include "options.h"
#include "record.h"
#include "session.h"
#include "util.h"

static char err[256];

/* A session as the front ends make one: the options' defaults give it its
 * engine. */
static int open_session(struct session *s)
{
    int rc = session_init(s);
    return rc == SESS_OK ? options_reset(s) : rc;
}

/* Plays random moves from the start of game (variant opt, may be NULL) for
 * plies plies; 0 when the game ended before. */
static int random_position(struct session *s, const char *game, const char *opt, int plies,
                           uint64_t *rng)
{
    const char *opts[1] = {opt};
    ck_assert_int_eq(session_newgame(s, game, opt ? 1 : 0, opts, err, sizeof err), SESS_OK);
    for (int i = 0; i < plies; i++) {
        move_t moves[GAME_MAX_MOVES];
        int n = s->g->gen_moves(s->st, moves);
        if (n == 0)
            return 0;
        ck_assert_int_eq(session_play_move(s, moves[rng_below(rng, (uint32_t)n)]), SESS_OK);
    }
    struct game_status gs;
    return !session_status(s, &gs);
}

/* The proven value of the current position (+1, 0, -1), by solve. */
static int solved_value(struct session *s, int *plies)
{
    struct session_proof pr;
    ck_assert_int_eq(session_solve(s, NULL, NULL, &pr), SESS_OK);
    *plies = pr.plies;
    return pr.value;
}

/* hint's exact values agree with solve's, move by move; the first move has
 * the position's value. */
static void check_hint_agrees(const char *game, const char *opt, int lo, int hi, int count,
                              int want_all_exact)
{
    struct session s;
    struct session_ranked r[GAME_MAX_MOVES];
    uint64_t rng = 12345;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    s.nodes = 4000000;
    int done = 0, moves = 0;
    for (int tries = 0; done < count && tries < 20 * count; tries++) {
        int plies = lo + (int)rng_below(&rng, (uint32_t)(hi - lo + 1));
        if (!random_position(&s, game, opt, plies, &rng))
            continue;
        int k;
        ck_assert_int_eq(session_rank_moves(&s, 0, NULL, NULL, r, &k), SESS_OK);
        move_t legal[GAME_MAX_MOVES];
        ck_assert_int_eq(k, s.g->gen_moves(s.st, legal));
        int pplies;
        int pv = solved_value(&s, &pplies);
        ck_assert_msg(r[0].v.exact && r[0].v.value == pv,
                      "%s: the first move's value is the position's", game);
        for (int i = 0; i < k; i++) {
            if (want_all_exact)
                ck_assert_msg(r[i].v.exact, "%s: every move proven", game);
            if (!r[i].v.exact)
                continue;
            /* ranked: no exact value above a better one */
            if (i > 0 && r[i - 1].v.exact)
                ck_assert_int_ge(r[i - 1].v.value, r[i].v.value);
            ck_assert_int_eq(session_play_move(&s, r[i].move), SESS_OK);
            struct game_status gs;
            int cv, cplies;
            if (session_status(&s, &gs)) {
                cv = gs.winner < 0 ? 0 : gs.winner == session_side_to_move(&s) ? 1 : -1;
                cplies = 0;
            } else {
                cv = solved_value(&s, &cplies);
            }
            ck_assert_msg(-cv == r[i].v.value, "%s: a move's value is the solver's", game);
            /* a length the solver knows too is the same */
            if (r[i].v.plies >= 0 && cplies >= 0 && r[i].v.value != 0)
                ck_assert_int_eq(r[i].v.plies, cplies + 1);
            ck_assert_int_eq(session_undo(&s, 1), SESS_OK);
            moves++;
        }
        done++;
    }
    ck_assert_int_eq(done, count);
    ck_assert_int_gt(moves, count);
    session_free(&s);
}

START_TEST(test_hint_rastros_agrees_with_solver)
{
    check_hint_agrees("rastros", "size=5", 2, 10, 12, 1);
    check_hint_agrees("rastros", "size=6", 2, 14, 12, 1);
    check_hint_agrees("rastros", NULL, 0, 16, 12, 1);
}
END_TEST

START_TEST(test_hint_grasshopper_agrees_with_solver)
{
    check_hint_agrees("grasshopper", "pieces=4", 14, 26, 10, 0);
}
END_TEST

/* Every move lost: a loss of unknown length (the proof's) comes before one
 * whose length is known, the short one the search saw to the end (7x7
 * after c3: b2 lets the opponent in at once, L2, and comes last). */
START_TEST(test_hint_unknown_loss_before_known)
{
    struct session s;
    struct session_ranked r[GAME_MAX_MOVES];
    int k;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    ck_assert_int_eq(session_newgame(&s, "rastros", 0, NULL, err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_play(&s, -1, "c3", err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_rank_moves(&s, GAME_MAX_MOVES, NULL, NULL, r, &k), SESS_OK);
    ck_assert_int_eq(k, 7);
    char m[16];
    for (int i = 0; i < k; i++) {
        ck_assert(r[i].v.exact && r[i].v.value < 0);
        s.g->format_move(s.st, r[i].move, m, sizeof m);
        if (i < k - 1)
            ck_assert_msg(r[i].v.plies < 0, "%s has a length (%d) but is not last", m, r[i].v.plies);
        else
            ck_assert_msg(!strcmp(m, "b2") && r[i].v.plies == 2, "last: %s L%d", m, r[i].v.plies);
    }
    session_free(&s);
}
END_TEST

/* Lengths under a small budget (a QA pass): a proven value whose length
 * the search found past its depth is a bound, not the length (hint said
 * c2 W11 where it wins in 9); a review's move whose position before it is
 * not proven but whose position after it is, gets that value, not a
 * mistake by the search's scores ("d3 ? -80, best d4 40"). */
START_TEST(test_lengths_under_small_budget)
{
    struct session s;
    struct session_ranked r[GAME_MAX_MOVES];
    int k;
    char m[16];
    ck_assert_int_eq(open_session(&s), SESS_OK);
    ck_assert_int_eq(session_setposition(&s, "7/7/5x1/3xxxx/2sxxx1/7/7 1", err, sizeof err),
                     SESS_OK);
    s.nodes = 20000;
    ck_assert_int_eq(session_rank_moves(&s, GAME_MAX_MOVES, NULL, NULL, r, &k), SESS_OK);
    int seen = 0;
    for (int i = 0; i < k; i++) {
        s.g->format_move(s.st, r[i].move, m, sizeof m);
        if (strcmp(m, "c2"))
            continue;
        seen = 1;
        ck_assert(r[i].v.exact && r[i].v.value > 0);
        ck_assert_msg(r[i].v.plies == 9 || r[i].v.plies < 0, "c2 W%d, not W9", r[i].v.plies);
    }
    ck_assert(seen);

    const char *opts[2] = {"size=6", "start=c3"};
    ck_assert_int_eq(session_newgame(&s, "rastros", 2, opts, err, sizeof err), SESS_OK);
    s.nodes = 20000;
    ck_assert_int_eq(session_play(&s, -1, "d3", err, sizeof err), SESS_OK);
    for (int moves = 1; moves <= 2; moves++) {
        if (moves == 2)
            ck_assert_int_eq(session_play(&s, -1, "e4", err, sizeof err), SESS_OK);
        struct session_review rv;
        ck_assert_int_eq(session_review(&s, NULL, NULL, &rv), SESS_OK);
        ck_assert_int_eq(rv.n, moves);
        const struct session_judgement *j = &rv.moves[0];
        ck_assert_int_eq(j->mark, SESSION_MARK_NONE);
        ck_assert(j->played.exact && j->played.value > 0);
        /* W27 with best play (c2 and d4 hold out 26 plies), whatever e4 did */
        ck_assert_msg(j->played.plies == 27 || j->played.plies < 0, "d3 W%d", j->played.plies);
        session_review_free(&rv);
    }
    session_free(&s);
}
END_TEST

/* A search score where nothing is proven: Tablut's start, ranked by the
 * multi-PV search, the scores in order. */
START_TEST(test_hint_by_search)
{
    struct session s;
    struct session_ranked r[GAME_MAX_MOVES];
    int k;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    ck_assert_int_eq(session_newgame(&s, "tablut", 0, NULL, err, sizeof err), SESS_OK);
    s.nodes = 200000;
    ck_assert_int_eq(session_rank_moves(&s, 5, NULL, NULL, r, &k), SESS_OK);
    ck_assert_int_eq(k, 5);
    for (int i = 0; i < k; i++) {
        ck_assert(!r[i].v.exact && r[i].v.depth > 0);
        if (i)
            ck_assert_int_ge(r[i - 1].v.score, r[i].v.score);
    }
    char t[32];
    session_loss_text(&r[0].v, &r[0].v, t, sizeof t);
    ck_assert_str_eq(t, "0");
    session_free(&s);
}
END_TEST

/* ------------------------------------------------------------ reviews */

static const char *proto_run(struct proto *p, FILE *out, const char *line)
{
    static char resp[16384];
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", line);
    long at = ftell(out);
    proto_execute(p, buf);
    fflush(out);
    fseek(out, at, SEEK_SET);
    size_t k = fread(resp, 1, sizeof resp - 1, out);
    resp[k] = '\0';
    fseek(out, 0, SEEK_END);
    return resp;
}

/* The line of a review's answer for ply (1-based). */
static const char *review_line(const char *resp, int ply, char *buf, size_t n)
{
    char start[16];
    snprintf(start, sizeof start, "%d ", ply);
    for (const char *l = resp; *l;) {
        if (l[0] == '=' && l[1] == ' ')
            l += 2;
        size_t len = strcspn(l, "\n");
        if (!strncmp(l, start, strlen(start))) {
            snprintf(buf, n, "%.*s", (int)len, l);
            return buf;
        }
        l += len + (l[len] != '\0');
    }
    return NULL;
}

static char *write_temp(const char *text)
{
    static char name[64];
    snprintf(name, sizeof name, "/tmp/check_analysis.XXXXXX");
    int fd = mkstemp(name);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return name;
}

/* Reviews the record text, checks that exactly the planted ply is a
 * blunder with the given best move, and that savegame writes it as $4. */
static void check_planted(const char *record, int ply, const char *line_start,
                          const char *line_end, const char *summary)
{
    struct proto p;
    FILE *out = tmpfile();
    char line[256], cmd[256];
    ck_assert_int_eq(proto_init(&p, out), 0);
    char *file = strdup(write_temp(record));
    snprintf(cmd, sizeof cmd, "review %s", file);
    int64_t t0 = now_ms();
    const char *resp = proto_run(&p, out, cmd);
    int64_t ms = now_ms() - t0;
    ck_assert_msg(resp[0] == '=', "review answers: %s", resp);
    ck_assert_ptr_nonnull(review_line(resp, ply, line, sizeof line));
    ck_assert_msg(!strncmp(line, line_start, strlen(line_start)) &&
                  !strcmp(line + strlen(line) - strlen(line_end), line_end),
                  "the planted blunder: %s", line);
    /* no other move is marked a blunder */
    int blunders = 0;
    for (const char *c = resp; (c = strstr(c, " ?? ")); c++)
        blunders++;
    ck_assert_int_eq(blunders, 1);
    ck_assert_ptr_nonnull(strstr(resp, summary));
    fprintf(stderr, "review of %s: %lld ms\n", line_start, (long long)ms);
    /* savegame writes the mark and the best move */
    snprintf(cmd, sizeof cmd, "savegame %s", file);
    ck_assert_str_eq(proto_run(&p, out, cmd), "= \n\n");
    FILE *f = fopen(file, "r");
    struct game_record r;
    record_init(&r);
    ck_assert_int_eq(record_read(f, &r, err, sizeof err), 1);
    fclose(f);
    ck_assert_int_eq(r.nags[ply - 1], 4);
    ck_assert_ptr_nonnull(r.comments[ply - 1]);
    ck_assert_ptr_nonnull(strstr(r.comments[ply - 1], "blunder"));
    for (int i = 0; i < r.nmoves; i++)
        if (i != ply - 1)
            ck_assert_int_ne(r.nags[i], 4);
    record_free(&r);
    /* loaded and reviewed again, the words are written once, not twice
     * (a QA pass, 2026-12-07: loadgame read them back as the move's
     * comment, and each review added its own after it) */
    snprintf(cmd, sizeof cmd, "loadgame %s", file);
    ck_assert_str_eq(proto_run(&p, out, cmd), "= \n\n");
    ck_assert_int_eq(proto_run(&p, out, "review")[0], '=');
    snprintf(cmd, sizeof cmd, "savegame %s", file);
    ck_assert_str_eq(proto_run(&p, out, cmd), "= \n\n");
    f = fopen(file, "r");
    char text[4096];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    int words = 0;
    for (const char *c = text; (c = strstr(c, "blunder:")); c++)
        words++;
    ck_assert_msg(words == 1, "the blunder's words %d times: %s", words, text);
    unlink(file);
    free(file);
    proto_free(&p);
    fclose(out);
}

/* A 7x7 game black wins with perfect play until move 17, c5, which throws
 * the win (e4 and d6 win); white wins from there. */
START_TEST(test_review_rastros_planted_blunder)
{
    check_planted("[Event \"planted\"]\n[Game \"rastros\"]\n[Result \"0-1\"]\n\n"
                  "1. c3 b4 2. a3 a4 3. a5 b6 4. a6 a7 5. b7 c7 6. c6 d7 7. e7 f7 8. e6 d5\n"
                  "9. c5 b5 10. c4 d3 11. c2 d2 12. e2 f1 13. g1 g2 14. f2 f3 15. g3 g4\n"
                  "16. g5 g6 17. f5 f6 18. e5 d6 0-1\n",
                  17, "17 black c5 ?? L", " W", "black moves 18 only 3 mistakes 0 blunders 1");
}
END_TEST

/* A Grasshopper pieces=4 game that is a draw until white's 7/18 (ply 21),
 * which loses (7/13 keeps the draw); black wins from there. */
START_TEST(test_review_grasshopper_planted_blunder)
{
    check_planted("[Event \"planted\"]\n[Game \"grasshopper\"]\n[Variant \"pieces=4\"]\n"
                  "[Result \"0-1\"]\n\n"
                  "1. 0/1 0/2 2. 0/3 0/6 3. 1/12 2/9 4. 3/7 9/13 5. 0/1 0/2 6. 1/7 0/1\n"
                  "7. 12/17 13/21 8. 17/23 pass 9. 0/5 pass 10. 7/17 6/8 11. 7/18 8/15\n"
                  "12. 17/23 1/7 13. 5/12 2/10 14. 12/18 7/13 15. 23/off 10/14 16. 18/24 15/21\n"
                  "17. 18/20 14/19 18. pass 13/19 19. pass 21/off 20. pass 19/off 0-1\n",
                  21, "21 white 7/18 ?? L", " 7/13 D", "white moves 20 only 0 mistakes 0 blunders 1");
}
END_TEST

/* A stop() that counts its calls and answers 1 from call stop_at on (0:
 * never). */
struct stop_count {
    long calls, stop_at;
};

static int count_stop(void *ctx)
{
    struct stop_count *c = ctx;
    c->calls++;
    return c->stop_at && c->calls >= c->stop_at;
}

/* A random Tablut game of plies moves, each with the note a loaded record
 * leaves (NAG 2, comment "old"), in a session of its own. */
static void tablut_game_with_notes(struct session *s, int plies)
{
    uint64_t rng = 777;
    ck_assert_int_eq(open_session(s), SESS_OK);
    s->nodes = 20000;
    ck_assert(random_position(s, "tablut", NULL, plies, &rng));
    size_t sz = s->g->state_size;
    s->notes = calloc((size_t)plies, sizeof *s->notes);
    ck_assert_ptr_nonnull(s->notes);
    s->nnotes = plies;
    for (int i = 0; i < plies; i++) {
        s->notes[i].hash = s->g->hash(s->snaps + (size_t)i * sz);
        s->notes[i].move = s->moves[i].move;
        s->notes[i].nag = 2;
        s->notes[i].text = strdup("old");
    }
}

/* A lost position whose longest defence the budget did not tell (a QA
 * pass): 6x6 after c3, lost in 28 (solve), where d3 and c4 hold out 26
 * plies; white's d2 loses in 18. The review said "d2 - L18 d2 L18", naming
 * the move played the best. It names the best only where the lengths
 * tell it: not d2 there, but d3 for c1 (L4) two moves on, where they are
 * known (L16), and c2 (W17) its own. */
START_TEST(test_review_no_best_unknown_length)
{
    struct proto p;
    FILE *out = tmpfile();
    char line[256];
    ck_assert_int_eq(proto_init(&p, out), 0);
    const char *cmds[] = {"newgame rastros size=6", "play black c3", "play white d2",
                          "play black c2", "play white c1", "set_option nodes 20000"};
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++)
        ck_assert_str_eq(proto_run(&p, out, cmds[i]), "= \n\n");
    const char *resp = proto_run(&p, out, "review");
    ck_assert_msg(resp[0] == '=', "review answers: %s", resp);
    ck_assert_ptr_nonnull(review_line(resp, 2, line, sizeof line));
    ck_assert_msg(!strncmp(line, "2 white d2 - L18 ", 17), "d2: %s", line);
    ck_assert_msg(strcmp(line, "2 white d2 - L18 d2 L18"), "d2 named the best: %s", line);
    /* the best move, when one is named, holds out at least as long as d3 */
    int plies = -1;
    char best[16];
    if (sscanf(line, "2 white d2 - L18 %15s L%d", best, &plies) == 2)
        ck_assert_msg(strcmp(best, "-") ? plies >= 26 : 1, "best: %s", line);
    ck_assert_ptr_nonnull(review_line(resp, 3, line, sizeof line));
    ck_assert_str_eq(line, "3 black c2 - W17 c2 W17");
    ck_assert_ptr_nonnull(review_line(resp, 4, line, sizeof line));
    ck_assert_str_eq(line, "4 white c1 - L4 d3 L16");
    /* the session's judgement, which the tutor and the record's notes read */
    const struct session_judgement *j = NULL;
    struct session_review rv;
    ck_assert_int_eq(session_review(&p.s, NULL, NULL, &rv), SESS_OK);
    ck_assert_int_eq(rv.n, 4);
    j = &rv.moves[1];
    ck_assert(j->played.exact && j->played.value < 0 && j->played.plies == 18);
    ck_assert_msg(j->best_move != j->move, "d2 is the best: %s %d", j->best_text,
                  j->best.plies);
    ck_assert(j->best.exact && j->best.value < 0);
    ck_assert(j->best_move == MOVE_NONE ? j->best.plies < 0 : j->best.plies >= 26);
    session_review_free(&rv);
    /* a length found by a search after the proof goes with that search's
     * move: on 7x7 the review said "e1 - L d1 L10", the proof's move d1
     * (which loses in 6) named with e1's length */
    const char *cmds7[] = {"newgame rastros", "play black d3", "play white e4", "play black e3",
                           "play white f3", "play black g2", "play white f1", "play black e2",
                           "play white e1", "set_option nodes 20000"};
    for (size_t i = 0; i < sizeof cmds7 / sizeof *cmds7; i++)
        ck_assert_str_eq(proto_run(&p, out, cmds7[i]), "= \n\n");
    resp = proto_run(&p, out, "review");
    ck_assert_ptr_nonnull(review_line(resp, 8, line, sizeof line));
    ck_assert_str_eq(line, "8 white e1 - L10 e1 L10");
    proto_free(&p);
    fclose(out);
}
END_TEST

/* A review stopped halfway through a game judged by searches (Tablut: no
 * proofs) answers the moves it reached, says it was stopped, and keeps the
 * notes of the moves it did not reach as they were; the moves it reached
 * are judged as a whole review judges them. (It went on to the end with
 * searches that stopped at once: all moves, other marks, not stopped.) */
START_TEST(test_review_stopped_by_search)
{
    enum { PLIES = 12 };
    struct session s;
    struct session_review full, part;
    struct stop_count c = {0, 0};
    tablut_game_with_notes(&s, PLIES);
    ck_assert_int_eq(session_review(&s, count_stop, &c, &full), SESS_OK);
    ck_assert(!full.stopped);
    ck_assert_int_eq(full.n, PLIES);
    session_free(&s);

    /* the same review stopped halfway (by stop()'s calls) */
    ck_assert_int_gt(c.calls, 4 * PLIES);
    struct stop_count h = {0, c.calls / 2};
    tablut_game_with_notes(&s, PLIES);
    ck_assert_int_eq(session_review(&s, count_stop, &h, &part), SESS_OK);
    ck_assert_msg(part.stopped, "the review says it was stopped");
    ck_assert_int_gt(part.n, 0);
    ck_assert_int_lt(part.n, PLIES);
    ck_assert_int_eq(part.side[0].moves + part.side[1].moves, part.n);
    for (int i = 0; i < part.n; i++) {
        ck_assert_int_eq(part.moves[i].mark, full.moves[i].mark);
        ck_assert_int_eq(part.moves[i].best_move, full.moves[i].best_move);
    }
    /* the notes: a reached move keeps its comment, and its NAG unless the
     * review marks it; the moves not reached keep theirs whole */
    ck_assert_int_eq(s.nnotes, PLIES);
    for (int i = 0; i < PLIES; i++) {
        ck_assert_ptr_nonnull(s.notes[i].text);
        ck_assert_str_eq(s.notes[i].text, "old");
        if (i >= part.n) {
            ck_assert_int_eq(s.notes[i].nag, 2);
            ck_assert_str_eq(s.notes[i].comment, "");
        }
    }
    session_review_free(&full);
    session_review_free(&part);
    session_free(&s);
}
END_TEST

/* The same game gets the same review, whatever was searched before it: a
 * review again, after a search of another position. (A Tablut game, judged
 * by searches: the second review, on the tables the first left, had other
 * scores and marks; so had one of the game just played against the
 * engine, and the same game loaded from its record.) */
START_TEST(test_review_reproducible)
{
    enum { PLIES = 16 };
    struct session s;
    struct session_review a, b;
    uint64_t rng = 4242;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    s.nodes = 20000;
    ck_assert(random_position(&s, "tablut", NULL, PLIES, &rng));
    ck_assert_int_eq(session_review(&s, NULL, NULL, &a), SESS_OK);
    for (int k = 0; k < 2; k++) {
        if (k == 1) {
            /* a search of the position first (genmove's, not played) */
            struct search_result r;
            s.nodes = 200000;
            ck_assert_int_eq(session_genmove(&s, session_side_to_move(&s), 0, &r, NULL, NULL, NULL),
                             SESS_OK);
            s.nodes = 20000;
        }
        ck_assert_int_eq(session_review(&s, NULL, NULL, &b), SESS_OK);
        ck_assert_int_eq(b.n, a.n);
        for (int i = 0; i < a.n; i++) {
            const struct session_judgement *x = &a.moves[i], *y = &b.moves[i];
            ck_assert_msg(x->mark == y->mark && x->best_move == y->best_move &&
                          x->played.score == y->played.score &&
                          x->best.score == y->best.score &&
                          x->played.exact == y->played.exact,
                          "review %d, ply %d: %s mark %d score %d best %s %d, was mark %d "
                          "score %d best %s %d", k + 2, i + 1, y->text, y->mark,
                          y->played.score, y->best_text, y->best.score, x->mark,
                          x->played.score, x->best_text, x->best.score);
        }
        session_review_free(&b);
    }
    session_review_free(&a);
    session_free(&s);
}
END_TEST

/* By search a move is marked by the drop of its expected result (struct
 * game's score_scale), not of raw units: a Tablut soldier given away at
 * the first move (124 units, where a mistake took 200) is a mistake, and a
 * drop of 400 units in a won position that stays won is none. */
START_TEST(test_marks_by_expected_result)
{
    struct session s;
    struct session_judgement j;
    move_t m;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    ck_assert_int_eq(session_newgame(&s, "tablut", 0, NULL, err, sizeof err), SESS_OK);
    s.nodes = 200000;
    ck_assert_int_eq(s.g->parse_move(s.st, "d1-d4", &m, err, sizeof err), GAME_OK);
    ck_assert_int_eq(session_judge_move(&s, m, NULL, NULL, &j), SESS_OK);
    ck_assert(!j.best.exact && !j.played.exact);
    ck_assert_msg(j.best.score - j.played.score < 200 && j.mark == SESSION_MARK_MISTAKE,
                  "d1-d4: %d against %d, mark %d", j.played.score, j.best.score, j.mark);
    /* a drop of 400 units: even to lost is a blunder, won to still won
     * nothing; 200 units are a mistake in Tablut from an even game (a fifth
     * of the expected result), 60 nothing; in Grasshopper, whose units are
     * smaller, 100 are nothing */
    const struct game *t = s.g, *gh = game_find("grasshopper");
    ck_assert_ptr_nonnull(gh);
    ck_assert_int_eq(session_mark_of_scores(t, 0, -400), SESSION_MARK_BLUNDER);
    ck_assert_int_eq(session_mark_of_scores(t, 1100, 700), SESSION_MARK_NONE);
    ck_assert_int_eq(session_mark_of_scores(t, -700, -1100), SESSION_MARK_NONE);
    ck_assert_int_eq(session_mark_of_scores(t, 100, -100), SESSION_MARK_MISTAKE);
    ck_assert_int_eq(session_mark_of_scores(gh, 50, -50), SESSION_MARK_NONE);
    ck_assert_int_eq(session_mark_of_scores(t, 30, -30), SESSION_MARK_NONE);
    /* the scale's meaning: a score of S is 10-to-1 odds, 0 an even game */
    for (int i = 0; game_list[i]; i++) {
        const struct game *g = game_list[i];
        int sc = game_score_scale(g);
        ck_assert_double_eq_tol(session_expected(g, 0), 0.5, 1e-9);
        ck_assert_double_eq_tol(session_expected(g, sc), 10.0 / 11, 1e-9);
        ck_assert_double_eq_tol(session_expected(g, -sc), 1.0 / 11, 1e-9);
    }
    session_free(&s);
}
END_TEST

/* The tutor's question: the judgement of one move before it is played. */
START_TEST(test_judge_move)
{
    struct session s;
    struct session_judgement j;
    move_t m;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    const char *o5[] = {"size=5"};
    ck_assert_int_eq(session_newgame(&s, "rastros", 1, o5, err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_play(&s, -1, "d4", err, sizeof err), SESS_OK);
    /* white wins with e5 at once; c5 throws it */
    ck_assert_int_eq(s.g->parse_move(s.st, "c5", &m, err, sizeof err), GAME_OK);
    ck_assert_int_eq(session_judge_move(&s, m, NULL, NULL, &j), SESS_OK);
    ck_assert_int_eq(j.mark, SESSION_MARK_BLUNDER);
    ck_assert_str_eq(j.best_text, "e5");
    ck_assert(j.best.exact && j.best.value == 1 && j.best.plies == 1);
    ck_assert(j.played.exact && j.played.value == -1);
    ck_assert_int_eq(s.g->parse_move(s.st, "e5", &m, err, sizeof err), GAME_OK);
    ck_assert_int_eq(session_judge_move(&s, m, NULL, NULL, &j), SESS_OK);
    ck_assert_int_ne(j.mark, SESSION_MARK_BLUNDER);
    ck_assert_int_eq(s.nmoves, 1);          /* judging plays nothing */
    session_free(&s);
}
END_TEST

/* A position the book settles: genmove answers at once whatever the node
 * budget (it spent alpha-beta's whole default budget, 4,000,000 nodes). */
START_TEST(test_proven_at_once)
{
    struct session s;
    struct search_result r;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    ck_assert_int_eq(session_play(&s, -1, "d3", err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_play(&s, -1, "c3", err, sizeof err), SESS_OK);
    uint64_t budgets[] = {0, 1000000, 50000000};
    for (int i = 0; i < 3; i++) {
        s.nodes = budgets[i];
        ck_assert_int_eq(session_genmove(&s, -1, 0, &r, NULL, NULL, NULL), SESS_OK);
        ck_assert(r.exact && r.score >= SCORE_WIN_MIN);
        ck_assert_int_lt(r.nodes, 100000);
    }
    session_free(&s);
}
END_TEST

/* ------------------------------------------------------------ analyze */

struct seen {
    int n, last_exact, last_depth, last_score;
    int64_t deadline;
};

static void seen_report(void *ctx, const struct search_info *info)
{
    struct seen *v = ctx;
    v->n++;
    v->last_exact = info->exact;
    v->last_depth = info->depth;
    v->last_score = info->score;
}

static int seen_stop(void *ctx)
{
    struct seen *v = ctx;
    return now_ms() >= v->deadline;     /* a safety net: the test fails then */
}

START_TEST(test_analyze_ends_on_proof)
{
    struct session s;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    /* a proof at once (5x5: the quick proof), its distance told */
    const char *o5[] = {"size=5"};
    ck_assert_int_eq(session_newgame(&s, "rastros", 1, o5, err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_play(&s, -1, "d4", err, sizeof err), SESS_OK);
    struct seen v = { .deadline = now_ms() + 60000 };
    ck_assert_int_eq(session_analyze(&s, seen_stop, seen_report, &v), 1);
    ck_assert(now_ms() < v.deadline);
    ck_assert(v.n == 1 && v.last_exact && v.last_depth == 0 && v.last_score == SCORE_WIN - 1);
    /* a game without proofs (Tablut): the search ends once it proves the
     * king's escape, at the depth of the win */
    ck_assert_int_eq(session_newgame(&s, "tablut", 0, NULL, err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_setposition(&s, "9/9/9/9/4K4/9/2t6/9/9 w", err, sizeof err),
                     SESS_OK);
    memset(&v, 0, sizeof v);
    v.deadline = now_ms() + 60000;
    ck_assert_int_eq(session_analyze(&s, seen_stop, seen_report, &v), 1);
    ck_assert(now_ms() < v.deadline);
    ck_assert(v.last_exact && v.last_score > SCORE_WIN_MIN);
    ck_assert_int_le(search_score_plies(v.last_score), v.last_depth);
    ck_assert_int_lt(v.last_depth, 10);
    session_free(&s);
}
END_TEST

/* No search reports a depth it did not search: a position every line of
 * which ends within a few plies stops there (it went on to depth 127). */
START_TEST(test_search_stops_when_tree_is_seen)
{
    struct session s;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    const char *o5[] = {"size=5"};
    ck_assert_int_eq(session_newgame(&s, "rastros", 1, o5, err, sizeof err), SESS_OK);
    ck_assert_int_eq(session_setposition(&s, "xxxxx/xxxxx/xxxxx/x1xxx/1sxxx 1", err, sizeof err),
                     SESS_OK);
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    sp.infinite = 1;
    sp.no_proof = 1;
    struct seen v = { .deadline = now_ms() + 60000 };
    sp.report = seen_report;
    sp.ctx = &v;
    sp.stop = seen_stop;
    struct search_result r;
    alphabeta_searcher.search(s.engine_self, s.g, s.st, &sp, &r);
    ck_assert(now_ms() < v.deadline);
    ck_assert(r.exact);
    ck_assert_int_le(r.depth, 4);
    ck_assert_int_le(v.last_depth, 4);
    session_free(&s);
}
END_TEST

/* ------------------------------------------------------------- levels */

/* On random won Rastros 6x6 positions, the share of the level's moves that
 * keep the win rises with the level. */
START_TEST(test_levels_ordered)
{
    enum { POSITIONS = 80 };
    struct session s;
    uint64_t rng = 777;
    int kept[SESSION_LEVELS + 1] = {0}, won = 0;
    ck_assert_int_eq(open_session(&s), SESS_OK);
    while (won < POSITIONS) {
        int plies = 2 + (int)rng_below(&rng, 10);
        if (!random_position(&s, "rastros", "size=6", plies, &rng))
            continue;
        move_t moves[GAME_MAX_MOVES], wins[GAME_MAX_MOVES];
        int nw;
        int n = s.g->gen_moves(s.st, moves);
        ck_assert_int_eq(session_winning_moves(&s, NULL, NULL, wins, &nw), SESS_OK);
        if (nw == 0 || nw == n)
            continue;           /* lost, or no move can throw it */
        won++;
        for (int l = 1; l <= SESSION_LEVELS; l++) {
            struct search_result r;
            s.level = l;
            s.seed = (uint64_t)won;
            ck_assert_int_eq(session_genmove(&s, -1, 0, &r, NULL, NULL, NULL), SESS_OK);
            for (int i = 0; i < nw; i++)
                kept[l] += wins[i] == r.best;
        }
        s.level = 0;
    }
    for (int l = 1; l <= SESSION_LEVELS; l++)
        fprintf(stderr, "level %d keeps %d of %d won positions\n", l, kept[l], won);
    /* each level at least as good as the one below, within a little noise,
     * and the top far above the bottom */
    for (int l = 2; l <= SESSION_LEVELS; l++)
        ck_assert_int_ge(kept[l] + POSITIONS / 20, kept[l - 1]);
    ck_assert_int_ge(kept[SESSION_LEVELS], kept[1] + POSITIONS / 5);
    ck_assert_int_ge(kept[SESSION_LEVELS], kept[3]);
    /* level 0 is full strength: the level's path is not taken */
    struct search_result r;
    s.level = 0;
    s.nodes = 100000;
    ck_assert_int_eq(session_genmove(&s, -1, 0, &r, NULL, NULL, NULL), SESS_OK);
    session_free(&s);
}
END_TEST

/* ------------------------------------------------------------ records */

START_TEST(test_record_nags)
{
    const char *text = "[Game \"rastros\"]\n\n1. d4 $1 c3?? 2. b2!? {a comment} c1 ? *\n";
    struct game_record r;
    size_t used;
    record_init(&r);
    ck_assert_int_eq(record_parse(text, strlen(text), &used, &r, err, sizeof err), 1);
    ck_assert_int_eq(r.nmoves, 4);
    ck_assert_str_eq(r.moves[1], "c3");
    ck_assert_str_eq(r.moves[2], "b2");
    ck_assert_int_eq(r.nags[0], 1);
    ck_assert_int_eq(r.nags[1], 4);
    ck_assert_int_eq(r.nags[2], 5);
    ck_assert_int_eq(r.nags[3], 2);
    ck_assert_str_eq(r.comments[2], "a comment");
    /* written back as NAGs */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_int_eq(record_write(f, &r), 0);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "1. d4 $1 c3 $4 2. b2 $5 {a comment} c1 $2 *"));
    free(buf);
    record_free(&r);
}
END_TEST

/* A record that is not UTF-8 is Latin-1 (Windows-1252), PGN's own
 * character set: its names and comments are kept, written back in UTF-8
 * (they became '?': a QA pass); UTF-8 is left as it is, on the same line. */
START_TEST(test_record_latin1)
{
    const char *text = "[Event \"caf\xe9\"]\n[White \"J\xf6rg \x80\"]\n"
                       "[Black \"Zo\xc3\xab\"]\n[Game \"rastros\"]\n\n"
                       "1. c3 {na\xefve \x81} d3 *\n";
    struct game_record r;
    size_t used;
    record_init(&r);
    ck_assert_int_eq(record_parse(text, strlen(text), &used, &r, err, sizeof err), 1);
    ck_assert_int_eq(r.nmoves, 2);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_int_eq(record_write(f, &r), 0);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "[Event \"caf\xc3\xa9\"]"));
    ck_assert_ptr_nonnull(strstr(buf, "[White \"J\xc3\xb6rg \xe2\x82\xac\"]"));
    ck_assert_ptr_nonnull(strstr(buf, "[Black \"Zo\xc3\xab\"]"));
    ck_assert_ptr_nonnull(strstr(buf, "1. c3 {na\xc3\xafve ?} d3 *"));
    free(buf);
    record_free(&r);
}
END_TEST

/* ------------------------------------------------------- words as data */

START_TEST(test_rules_and_names)
{
    for (int i = 0; game_list[i]; i++) {
        const struct game *g = game_list[i];
        if (!g->gen_moves)
            continue;
        ck_assert_ptr_nonnull(g->rules);
        ck_assert_ptr_nonnull(g->legend);
        int lines = 1;
        for (const char *c = g->rules; *c; c++)
            lines += *c == '\n';
        ck_assert_int_ge(lines, 8);
        ck_assert_int_le(lines, 16);
        /* display names are words a colour argument accepts */
        for (int side = 0; side < 2; side++)
            ck_assert_int_eq(game_parse_color(g, game_display_name(g, side)), side);
    }
    ck_assert_str_eq(game_display_name(&tablut_game, 0), "attackers");
    ck_assert_str_eq(tablut_game.side_names[0], "black");
}
END_TEST

static Suite *analysis_suite(void)
{
    Suite *s = suite_create("analysis");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_hint_rastros_agrees_with_solver);
    tcase_add_test(tc, test_hint_grasshopper_agrees_with_solver);
    tcase_add_test(tc, test_hint_by_search);
    tcase_add_test(tc, test_hint_unknown_loss_before_known);
    tcase_add_test(tc, test_lengths_under_small_budget);
    tcase_add_test(tc, test_review_rastros_planted_blunder);
    tcase_add_test(tc, test_review_grasshopper_planted_blunder);
    tcase_add_test(tc, test_review_no_best_unknown_length);
    tcase_add_test(tc, test_review_stopped_by_search);
    tcase_add_test(tc, test_review_reproducible);
    tcase_add_test(tc, test_judge_move);
    tcase_add_test(tc, test_marks_by_expected_result);
    tcase_add_test(tc, test_proven_at_once);
    tcase_add_test(tc, test_analyze_ends_on_proof);
    tcase_add_test(tc, test_search_stops_when_tree_is_seen);
    tcase_add_test(tc, test_levels_ordered);
    tcase_add_test(tc, test_record_nags);
    tcase_add_test(tc, test_record_latin1);
    tcase_add_test(tc, test_rules_and_names);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(analysis_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
