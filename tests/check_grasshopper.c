/* check_grasshopper.c -- unit tests of the Grasshopper rules, through
 * struct game only, cross-checked against a deliberately naive second
 * implementation written here from the spec text. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "search/search.h"
#include "util.h"

static const struct game *G = &grasshopper_game;

#define START "....../....../....../...... w 14,14 0,0 -"

/* ---- helpers on the real implementation ---- */

static void *new_state(int pieces)
{
    void *st = calloc(1, G->state_size);
    char opt[32], err[128];
    const char *opts[1] = {opt};
    snprintf(opt, sizeof opt, "pieces=%d", pieces);
    ck_assert_int_eq(G->init(st, 1, opts, err, sizeof err), GAME_OK);
    return st;
}

static void *state_from(int pieces, const char *pos)
{
    void *st = new_state(pieces);
    char err[128] = "";
    int rc = G->parse_position(st, pos, err, sizeof err);
    ck_assert_msg(rc == GAME_OK, "parse '%s': %s", pos, err);
    return st;
}

/* The moves of st as text, space separated, in gen_moves order. */
static void moves_text(void *st, char *buf, size_t n)
{
    move_t mv[GAME_MAX_MOVES];
    int k = G->gen_moves(st, mv);
    size_t pos = 0;
    buf[0] = '\0';
    for (int i = 0; i < k; i++) {
        char m[16];
        G->format_move(st, mv[i], m, sizeof m);
        buf_printf(buf, n, &pos, "%s%s", i ? " " : "", m);
    }
}

static void play(void *st, const char *move)
{
    move_t m;
    game_undo u;
    char err[128] = "";
    int rc = G->parse_move(st, move, &m, err, sizeof err);
    ck_assert_msg(rc == GAME_OK, "move %s: %s", move, err);
    G->make(st, m, &u);
}

/* ---- the naive implementation: characters, strings, copies ---- */

struct nv {
    char b[25];                 /* b[1..24]: . w W b B */
    int side, res[2], score[2], last, winner;
};

static void nv_parse(struct nv *n, const char *s)
{
    int k = 1;
    memset(n, 0, sizeof *n);
    while (k <= 24) {
        if (*s != '/')
            n->b[k++] = *s;
        s++;
    }
    char side, last;
    int r = sscanf(s, " %c %d,%d %d,%d %c", &side, &n->res[0], &n->res[1],
                   &n->score[0], &n->score[1], &last);
    ck_assert_int_eq(r, 6);
    n->side = side == 'b';
    n->last = last == 'w' ? 0 : last == 'b' ? 1 : -1;
    n->winner = -1;
}

/* The actions of `side`, straight from the spec's four rules. */
static int nv_actions(const struct nv *n, int side, char mv[][8])
{
    char single = side ? 'b' : 'w', wall = side ? 'B' : 'W';
    int k = 0;
    /* 1. enter on an empty point of A */
    for (int d = 1; d <= 6; d++)
        if (n->res[side] > 0 && n->b[d] == '.')
            snprintf(mv[k++], 8, "0/%d", d);
    /* 2. and 3. a single or a wall's top piece */
    for (int p = 1; p <= 18; p++) {
        if (n->b[p] != single && n->b[p] != wall)
            continue;
        int q = (p - 1) / 6;
        for (int d = 6 * q + 7; d <= 6 * q + 12; d++) {
            int ok = n->b[d] == '.' || (d == p + 6 && n->b[d] == single);
            if (n->b[p] == single)
                for (int x = p + 1; x < d; x++)
                    if (n->b[x] == 'W' || n->b[x] == 'B')
                        ok = 0;
            if (ok)
                snprintf(mv[k++], 8, "%d/%d", p, d);
        }
    }
    /* 4. bear off a wall in D */
    for (int p = 19; p <= 24; p++)
        if (n->b[p] == wall)
            snprintf(mv[k++], 8, "%d/off", p);
    return k;
}

static int nv_over(const struct nv *n)
{
    char tmp[GAME_MAX_MOVES][8];
    return n->winner >= 0 ||
           (nv_actions(n, 0, tmp) == 0 && nv_actions(n, 1, tmp) == 0);
}

static int nv_legal(const struct nv *n, char mv[][8])
{
    char tmp[GAME_MAX_MOVES][8];
    if (nv_over(n))
        return 0;
    int k = nv_actions(n, n->side, mv);
    if (k == 0 && nv_actions(n, !n->side, tmp) > 0)
        strcpy(mv[k++], "pass");
    return k;
}

static void nv_apply(struct nv *n, const char *m)
{
    int me = n->side;
    char single = me ? 'b' : 'w', wall = me ? 'B' : 'W';
    if (strcmp(m, "pass") != 0) {
        int from, to;
        char rest[8];
        if (sscanf(m, "%d/%7s", &from, rest) != 2)
            ck_abort_msg("bad naive move %s", m);
        if (strcmp(rest, "off") == 0) {
            n->b[from] = '.';
            n->score[me]++;
            if (n->last == me)
                n->winner = me;
            n->last = me;
        } else {
            to = atoi(rest);
            if (from == 0)
                n->res[me]--;
            else
                n->b[from] = n->b[from] == wall ? single : '.';
            n->b[to] = n->b[to] == single ? wall : single;
        }
    }
    n->side = !me;
}

static uint64_t nv_perft(const struct nv *n, int depth)
{
    char mv[GAME_MAX_MOVES][8];
    int k = nv_legal(n, mv);
    if (depth == 1)
        return (uint64_t)k;
    uint64_t t = 0;
    for (int i = 0; i < k; i++) {
        struct nv c = *n;
        nv_apply(&c, mv[i]);
        t += nv_over(&c) ? 1 : nv_perft(&c, depth - 1);
    }
    return t;
}

/* ---- random positions ---- */

/* A random valid position string for `pieces` per side. */
static void random_position(uint64_t *rng, int pieces, char *out)
{
    char b[25];
    int res[2], score[2];
    memset(b, '.', sizeof b);
    for (int c = 0; c < 2; c++) {
        score[c] = (int)rng_below(rng, (uint32_t)(pieces / 2 + 1));
        if (rng_below(rng, 3))
            score[c] = score[c] / 2;
        int left = pieces - 2 * score[c];
        int place = (int)rng_below(rng, (uint32_t)left + 1);
        if (rng_below(rng, 4))
            place = left - (int)rng_below(rng, (uint32_t)(left / 3 + 1));
        int placed = 0;
        for (int tries = 0; tries < 200 && placed < place; tries++) {
            int p = 1 + (int)rng_below(rng, 24);
            if (b[p] != '.')
                continue;
            int wall = p > 6 && place - placed >= 2 && rng_below(rng, 3) == 0;
            b[p] = wall ? (c ? 'B' : 'W') : (c ? 'b' : 'w');
            placed += wall ? 2 : 1;
        }
        res[c] = left - placed;
    }
    int k = 0;
    for (int p = 1; p <= 24; p++) {
        out[k++] = b[p];
        if (p % 6 == 0 && p < 24 && rng_below(rng, 2))
            out[k++] = '/';
    }
    static const char lastc[3] = {'-', 'w', 'b'};
    sprintf(out + k, " %c %d,%d %d,%d %c", rng_below(rng, 2) ? 'b' : 'w',
            res[0], res[1], score[0], score[1], lastc[rng_below(rng, 3)]);
}

/* Plays n random moves (fewer if the game ends) from st. */
static void random_walk(uint64_t *rng, void *st, int n)
{
    for (int i = 0; i < n; i++) {
        move_t mv[GAME_MAX_MOVES];
        game_undo u;
        int k = G->gen_moves(st, mv);
        if (k == 0)
            return;
        G->make(st, mv[rng_below(rng, (uint32_t)k)], &u);
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Compares moves, status and perft of st with the naive version. */
static void cross_check(void *st, int depth)
{
    char pos[128];
    struct nv n;
    struct game_status s;
    G->format_position(st, pos, sizeof pos);
    nv_parse(&n, pos);
    /* a won game looks like any other in the string: tell the naive one */
    G->status(st, &s);
    if (s.over && s.winner >= 0) {
        ck_assert_int_eq(n.last, s.winner);
        n.winner = s.winner;
    }

    move_t mv[GAME_MAX_MOVES];
    static char a[GAME_MAX_MOVES][8], b[GAME_MAX_MOVES][8];
    int ka = G->gen_moves(st, mv);
    for (int i = 0; i < ka; i++)
        G->format_move(st, mv[i], a[i], 8);
    int kb = nv_legal(&n, b);
    ck_assert_msg(ka == kb, "%s: %d moves vs naive %d", pos, ka, kb);
    qsort(a, (size_t)ka, 8, cmp_str);
    qsort(b, (size_t)kb, 8, cmp_str);
    for (int i = 0; i < ka; i++)
        ck_assert_msg(strcmp(a[i], b[i]) == 0, "%s: move %s vs naive %s",
                      pos, a[i], b[i]);
    ck_assert_int_eq(s.over, nv_over(&n));
    for (int d = 1; d <= depth; d++) {
        uint64_t x = game_perft(G, st, d);
        uint64_t y = s.over ? 0 : nv_perft(&n, d);
        ck_assert_msg(x == y, "%s: perft %d = %llu, naive %llu", pos, d,
                      (unsigned long long)x, (unsigned long long)y);
    }
}

/* ---- tests ---- */

START_TEST(test_table)
{
    ck_assert_str_eq(G->name, "grasshopper");
    ck_assert_str_eq(G->title, "Grasshopper");
    ck_assert_str_eq(G->side_names[0], "white");
    ck_assert_str_eq(G->side_names[1], "black");
    ck_assert_int_eq(G->gtp_letter[0], 'W');
    ck_assert_int_eq(G->gtp_letter[1], 'B');
    ck_assert_int_eq(game_parse_color(G, "w"), 0);
    ck_assert_int_eq(game_parse_color(G, "Black"), 1);
    ck_assert(G->undo_size <= GAME_UNDO_MAX);
    ck_assert_ptr_eq(game_find("grasshopper"), G);
}
END_TEST

START_TEST(test_start)
{
    void *st = calloc(1, G->state_size);
    char err[128], buf[256];
    ck_assert_int_eq(G->init(st, 0, NULL, err, sizeof err), GAME_OK);
    G->format_position(st, buf, sizeof buf);
    ck_assert_str_eq(buf, START);
    G->format_variant(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    ck_assert_int_eq(G->side_to_move(st), 0);
    moves_text(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "0/1 0/2 0/3 0/4 0/5 0/6");
    ck_assert_uint_eq(game_perft(G, st, 1), 6);
    ck_assert_uint_eq(game_perft(G, st, 2), 30);
    ck_assert_uint_eq(game_perft(G, st, 3), 300);
    ck_assert_uint_eq(game_perft(G, st, 4), 2880);
    ck_assert_uint_eq(game_perft(G, st, 5), 34920);
    ck_assert_uint_eq(game_perft(G, st, 6), 422640);
    ck_assert_uint_eq(game_perft(G, st, 7), 5731140);
    free(st);
}
END_TEST

START_TEST(test_start_small)
{
    /* perft of the small variants, the lead's solver works on these */
    static const struct { int pieces, depth; uint64_t n; } t[] = {
        {2, 1, 6}, {2, 2, 30}, {2, 3, 300}, {2, 4, 2880}, {2, 5, 31320},
        {2, 6, 342000}, {2, 7, 3607500}, {2, 8, 37872302},
        {4, 5, 34920}, {4, 7, 5731140}, {6, 5, 34920},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        void *st = new_state(t[i].pieces);
        uint64_t n = game_perft(G, st, t[i].depth);
        ck_assert_msg(n == t[i].n, "pieces=%d perft %d = %llu, want %llu",
                      t[i].pieces, t[i].depth, (unsigned long long)n,
                      (unsigned long long)t[i].n);
        free(st);
    }
}
END_TEST

START_TEST(test_perft_positions)
{
    static const struct {
        int pieces;
        const char *pos;
        uint64_t n[4];
    } t[] = {
        /* walls to jump, singles blocked, a wall to bear off */
        {14, "..w.b./.W.b../w.B.../W.b... w 8,9 0,0 -", {10, 118, 1188, 14085}},
        /* black to move, white scored last, both have walls in D */
        {14, "w.b..b/.w.B../..W.b./Ww.B.b b 5,4 1,1 w", {12, 108, 1156, 11544}},
        /* pieces=4 race near the end */
        {4, "....../....w./..b.../W..b.. w 1,0 0,1 b", {12, 16, 162, 206}},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        void *st = state_from(t[i].pieces, t[i].pos);
        for (int d = 1; d <= 4; d++) {
            if (!t[i].n[d - 1])
                continue;
            uint64_t n = game_perft(G, st, d);
            ck_assert_msg(n == t[i].n[d - 1], "%s perft %d = %llu", t[i].pos, d,
                          (unsigned long long)n);
        }
        cross_check(st, 3);
        free(st);
    }
}
END_TEST

START_TEST(test_variants)
{
    void *st = calloc(1, G->state_size);
    char err[128], buf[256];
    const char *o4[] = {"pieces=4"};
    ck_assert_int_eq(G->init(st, 1, o4, err, sizeof err), GAME_OK);
    G->format_position(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "....../....../....../...... w 4,4 0,0 -");
    G->format_variant(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "pieces=4");
    const char *o14[] = {"pieces=14"};
    ck_assert_int_eq(G->init(st, 1, o14, err, sizeof err), GAME_OK);
    G->format_variant(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "");

    static const char *const bad[] = {
        "pieces=3", "pieces=0", "pieces=16", "pieces=-2", "pieces=abc",
        "pieces=", "pieces", "pieces=4x", "pieces= 4"
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *o[] = {bad[i]};
        ck_assert_msg(G->init(st, 1, o, err, sizeof err) == GAME_EINVALID,
                      "%s accepted", bad[i]);
    }
    const char *unk[] = {"size=5"};
    ck_assert_int_eq(G->init(st, 1, unk, err, sizeof err), GAME_EOPTION);
    ck_assert_str_eq(err, "unknown option: size");
    free(st);
}
END_TEST

START_TEST(test_position_roundtrip)
{
    static const struct { int pieces; const char *in, *out; } t[] = {
        {14, START, START},
        {14, "........................ w 14,14 0,0 -", START},
        {14, "  ....../............/...... w 14,14 0,0 -  ", START},
        {14, "w.b..b/.w.B../..W.b./Ww.B.b b 5,4 1,1 w",
         "w.b..b/.w.B../..W.b./Ww.B.b b 5,4 1,1 w"},
        {4, "....../....w./..b...W..b.. w 1,0 0,1 b",
         "....../....w./..b.../W..b.. w 1,0 0,1 b"},
        {4, "....../....../....../...... b 0,0 2,2 w",
         "....../....../....../...... b 0,0 2,2 w"},
        {2, "w...../....../....../.....b b 1,1 0,0 -",
         "w...../....../....../.....b b 1,1 0,0 -"},
        /* last scorer taken as given, even with no score */
        {2, "....../....../....../...... w 2,2 0,0 b",
         "....../....../....../...... w 2,2 0,0 b"},
    };
    char buf[128];
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        void *st = state_from(t[i].pieces, t[i].in);
        G->format_position(st, buf, sizeof buf);
        ck_assert_str_eq(buf, t[i].out);
        /* the hash depends only on the position */
        void *st2 = state_from(t[i].pieces, buf);
        ck_assert(G->hash(st) == G->hash(st2));
        free(st);
        free(st2);
    }
}
END_TEST

START_TEST(test_position_rejects)
{
    static const struct { int pieces; const char *s; } bad[] = {
        {14, ""},
        {14, "....../....../....../..... w 14,14 0,0 -"},       /* 23 points */
        {14, "....../....../....../....... w 14,14 0,0 -"},     /* 25 points */
        {14, "...../.......//....../...... w 14,14 0,0 -"},     /* '/' after 5 */
        {14, "....../....../....../....../ w 14,14 0,0 -"},     /* after 24 */
        {14, "....../....../....../...... x 14,14 0,0 -"},      /* side */
        {14, "....../....../....../...... W 14,14 0,0 -"},
        {14, "....../....../....../...... w 14,14 0,0 x"},      /* last */
        {14, "....../....../....../...... w 14,14 0,0"},        /* missing */
        {14, "....../....../....../...... w 14,14 0,0 - x"},    /* extra */
        {14, "....../....../....../...... w 14 0,0 -"},
        {14, "....../....../....../...... w 14,14,0 0,0 -"},
        {14, "....../....../....../...... w 14;14 0,0 -"},
        {14, "....../....../....../...... w -1,14 0,0 -"},
        {14, "....../....../....../...... w 13,14 0,0 -"},      /* count */
        {14, "....../....../....../...... w 14,14 1,0 -"},
        {14, "....../....../....../...... w 11,14 1,0 -"},
        {14, "w...../....../....../...... w 14,14 0,0 -"},
        {14, "..W.../....../....../...... w 12,14 0,0 -"},      /* wall in A */
        {14, "....x./....../....../...... w 14,14 0,0 -"},      /* bad char */
        {4, START},                                             /* pieces=4 */
        {4, "....../....../....../...... w 4,4 1,0 -"},
        {2, "..W.../....../....../...... w 0,2 0,0 -"},
        {2, "....../....../....../bw.... w 1,1 0,0 -x"},
        {2, "....../....../....../...... w 2,2 0,0 --"},
        {14, "....../....../....../...... ww 14,14 0,0 -"},
    };
    char err[128], before[128], after[128];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        void *st = new_state(bad[i].pieces);
        play(st, "0/3");
        G->format_position(st, before, sizeof before);
        uint64_t h = G->hash(st);
        err[0] = '\0';
        int rc = G->parse_position(st, bad[i].s, err, sizeof err);
        ck_assert_msg(rc == GAME_EINVALID, "accepted '%s'", bad[i].s);
        ck_assert_msg(err[0] != '\0', "no error text for '%s'", bad[i].s);
        G->format_position(st, after, sizeof after);
        ck_assert_str_eq(before, after);
        ck_assert(h == G->hash(st));
        free(st);
    }
}
END_TEST

START_TEST(test_parse_move)
{
    void *st = state_from(14, "..w.b./.W.b../w.B.../W.b... w 8,9 0,0 -");
    move_t m;
    char err[128], buf[16];
    static const char *const ok[][2] = {
        {"0/1", "0/1"}, {"0-2", "0/2"}, {" 0/4 ", "0/4"}, {"3/7", "3/7"},
        {"3-7", "3/7"}, {"08/14", "8/14"}, {"8/16", "8/16"}, {"8-18", "8/18"},
        {"19/OFF", "19/off"}, {"19-Off", "19/off"},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        int rc = G->parse_move(st, ok[i][0], &m, err, sizeof err);
        ck_assert_msg(rc == GAME_OK, "%s: %s", ok[i][0], err);
        G->format_move(st, m, buf, sizeof buf);
        ck_assert_str_eq(buf, ok[i][1]);
    }
    static const char *const syntax[] = {
        "", "x", "3", "3/", "/9", "3//9", "3/9x", "25/26", "3/25", "3/0", "off",
        "3/of", "100/9", "3 / 9", "passs", "3.9",
    };
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++)
        ck_assert_msg(G->parse_move(st, syntax[i], &m, err, sizeof err) ==
                      GAME_ESYNTAX, "'%s' not a syntax error", syntax[i]);
    static const char *const illegal[] = {
        "pass", "0/3", "0/5", "0/7", "0/off", "5/11", "3/8", "3/13", "3/11",
        "3/9", "15/19", "13/off", "19/20", "23/off", "2/3", "8/9", "13/19",
        "13/20", "8/13", "8/15", "21/off", "0/24",
    };
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        err[0] = '\0';
        ck_assert_msg(G->parse_move(st, illegal[i], &m, err, sizeof err) ==
                      GAME_EILLEGAL, "'%s' not illegal", illegal[i]);
        ck_assert(err[0] != '\0');
    }
    free(st);
}
END_TEST

START_TEST(test_singles_and_walls)
{
    /* a single is blocked by walls of either colour strictly between; the
     * top of a wall jumps them */
    void *st = state_from(6, "w...w./.W..B./w...../...... w 1,4 0,0 -");
    char buf[512];
    moves_text(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "0/2 0/3 0/4 0/6 1/7 5/7 8/14 8/15 8/16 8/17 8/18 "
                     "13/19 13/20 13/21 13/22 13/23 13/24");
    play(st, "8/14");                   /* the wall on 8 is a single again */
    moves_text(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "0/2 0/3 0/4 0/6 11/15 11/16 11/17 11/18");
    play(st, "11/17");
    G->format_position(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "w...w./.w..b./ww..b./...... w 1,4 0,0 -");
    moves_text(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "0/2 0/3 0/4 0/6 1/7 1/9 1/10 1/12 5/7 5/9 5/10 "
                     "5/12 8/14 8/15 8/16 8/18 13/19 13/20 13/21 13/22 13/23 "
                     "13/24 14/19 14/20 14/21 14/22 14/23 14/24");
    play(st, "8/14");                   /* builds a wall on 14 */
    G->format_position(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "w...w./....b./wW..b./...... b 1,4 0,0 -");
    free(st);
}
END_TEST

START_TEST(test_forced_pass)
{
    void *st = state_from(2, "....../....../....../w.w... w 0,2 0,0 -");
    char buf[256];
    struct game_status s;
    moves_text(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "pass");
    G->status(st, &s);
    ck_assert_int_eq(s.over, 0);
    move_t m;
    char err[128];
    ck_assert_int_eq(G->parse_move(st, "0/1", &m, err, sizeof err), GAME_EILLEGAL);
    ck_assert_int_eq(G->parse_move(st, "PASS", &m, err, sizeof err), GAME_OK);
    play(st, "pass");
    G->format_position(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "....../....../....../w.w... b 0,2 0,0 -");
    moves_text(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "0/1 0/2 0/3 0/4 0/5 0/6");
    /* pass is illegal when an action exists */
    ck_assert_int_eq(G->parse_move(st, "pass", &m, err, sizeof err), GAME_EILLEGAL);
    ck_assert_uint_eq(game_perft(G, st, 1), 6);
    free(st);
}
END_TEST

START_TEST(test_frozen_draw)
{
    void *st = state_from(4, "....../....../....../wbwb.. w 0,0 1,1 b");
    struct game_status s;
    move_t mv[GAME_MAX_MOVES], m;
    char err[128];
    G->status(st, &s);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, -1);
    ck_assert_str_eq(s.reason, "no side can move");
    ck_assert_int_eq(G->gen_moves(st, mv), 0);
    ck_assert_uint_eq(game_perft(G, st, 1), 0);
    ck_assert_uint_eq(game_perft(G, st, 3), 0);
    ck_assert_int_eq(G->parse_move(st, "pass", &m, err, sizeof err), GAME_EILLEGAL);
    free(st);

    /* both sides out of pieces */
    st = state_from(2, "....../....../....../...... w 0,0 1,1 w");
    G->status(st, &s);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, -1);
    free(st);

    /* a bear-off that is not a second score in succession and leaves both
     * sides without an action draws */
    st = state_from(4, "....../....../....../Wb.b.. w 0,0 1,1 b");
    ck_assert_uint_eq(game_perft(G, st, 1), 1);
    ck_assert_uint_eq(game_perft(G, st, 5), 1);
    play(st, "19/off");
    G->status(st, &s);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, -1);
    free(st);
}
END_TEST

START_TEST(test_two_in_succession)
{
    void *st = state_from(4, "....../....../....b./W....b w 0,2 1,0 w");
    struct game_status s;
    char buf[256];
    move_t mv[GAME_MAX_MOVES];
    moves_text(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "19/off");
    play(st, "19/off");
    G->status(st, &s);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_str_eq(s.reason, "white scored twice in succession");
    ck_assert_int_eq(G->gen_moves(st, mv), 0);
    free(st);

    /* black scores, then white, then black again: no win until black
     * scores twice with no white score between */
    st = state_from(4, "....../....../....../W.B.BW b 0,0 0,0 -");
    play(st, "21/off");
    G->status(st, &s);
    ck_assert_int_eq(s.over, 0);
    play(st, "19/off");
    G->status(st, &s);
    ck_assert_int_eq(s.over, 0);
    play(st, "23/off");
    G->status(st, &s);
    ck_assert_int_eq(s.over, 0);
    G->format_position(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "....../....../....../.....W w 0,0 1,2 b");
    play(st, "24/off");                 /* white, no longer winning */
    G->status(st, &s);
    ck_assert_int_eq(s.over, 1);        /* nobody can act any more */
    ck_assert_int_eq(s.winner, -1);
    free(st);

    /* turns in between do not matter */
    st = state_from(4, "....../.w..../....../B..... b 3,0 0,1 b");
    play(st, "19/off");
    G->status(st, &s);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_str_eq(s.reason, "black scored twice in succession");
    free(st);
}
END_TEST

START_TEST(test_winning_bearoff_freezes)
{
    /* the bear-off wins although afterwards neither side could act */
    void *st = state_from(4, "....../....../....../Wb.b.. w 0,0 1,1 w");
    struct game_status s;
    ck_assert_uint_eq(game_perft(G, st, 1), 1);
    ck_assert_uint_eq(game_perft(G, st, 3), 1);
    play(st, "19/off");
    G->status(st, &s);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    free(st);
}
END_TEST

START_TEST(test_make_unmake_random)
{
    uint64_t rng = 12345;
    for (int game = 0; game < 300; game++) {
        int pieces = 2 + 2 * (int)rng_below(&rng, 7);
        void *st = new_state(pieces);
        void *copy = malloc(G->state_size);
        for (int ply = 0; ply < 400; ply++) {
            move_t mv[GAME_MAX_MOVES];
            int k = G->gen_moves(st, mv);
            if (k == 0)
                break;
            /* every move: make, check the hash, unmake, compare bytes */
            memcpy(copy, st, G->state_size);
            for (int i = 0; i < k; i++) {
                game_undo u;
                struct game_status s;
                G->make(st, mv[i], &u);
                G->status(st, &s);
                if (!s.over || s.winner < 0) {
                    char pos[128];
                    G->format_position(st, pos, sizeof pos);
                    void *fresh = state_from(pieces, pos);
                    ck_assert_msg(G->hash(fresh) == G->hash(st),
                                  "incremental hash differs at %s", pos);
                    free(fresh);
                }
                G->unmake(st, mv[i], &u);
                ck_assert(memcmp(copy, st, G->state_size) == 0);
            }
            game_undo u;
            G->make(st, mv[rng_below(&rng, (uint32_t)k)], &u);
        }
        free(copy);
        free(st);
    }
}
END_TEST

START_TEST(test_naive_random_positions)
{
    uint64_t rng = 777;
    char pos[128];
    for (int i = 0; i < 3000; i++) {
        int pieces = 2 + 2 * (int)rng_below(&rng, 7);
        random_position(&rng, pieces, pos);
        void *st = state_from(pieces, pos);
        cross_check(st, i < 300 ? 3 : 2);
        free(st);
    }
}
END_TEST

START_TEST(test_naive_random_games)
{
    uint64_t rng = 4242;
    for (int i = 0; i < 600; i++) {
        int pieces = 2 + 2 * (int)rng_below(&rng, 7);
        void *st = new_state(pieces);
        random_walk(&rng, st, (int)rng_below(&rng, 8 * pieces + 10));
        cross_check(st, 3);
        free(st);
    }
    /* the start, deeper */
    void *st = new_state(4);
    struct nv n;
    char pos[128];
    G->format_position(st, pos, sizeof pos);
    nv_parse(&n, pos);
    ck_assert_uint_eq(nv_perft(&n, 5), game_perft(G, st, 5));
    free(st);
}
END_TEST

START_TEST(test_print)
{
    uint64_t rng = 99;
    char buf[4096], pos[128];
    for (int i = 0; i < 200; i++) {
        int pieces = 2 + 2 * (int)rng_below(&rng, 7);
        random_position(&rng, pieces, pos);
        void *st = state_from(pieces, pos);
        G->print(st, buf, sizeof buf);
        size_t len = strlen(buf);
        ck_assert(len > 0);
        ck_assert(buf[len - 1] != '\n');
        ck_assert(strstr(buf, "\n\n") == NULL);
        ck_assert(buf[0] != '\n');
        const char *line = buf;
        while (line) {
            const char *e = strchr(line, '\n');
            size_t l = e ? (size_t)(e - line) : strlen(line);
            ck_assert_msg(l <= 80, "line too long: %.*s", (int)l, line);
            line = e ? e + 1 : NULL;
        }
        free(st);
    }
    /* a small buffer is not overrun */
    void *st = new_state(14);
    memset(buf, 'x', sizeof buf);
    G->print(st, buf, 20);
    ck_assert(strlen(buf) < 20);
    free(st);
}
END_TEST

START_TEST(test_evaluate)
{
    uint64_t rng = 31337;
    char pos[128];
    for (int i = 0; i < 3000; i++) {
        int pieces = 2 + 2 * (int)rng_below(&rng, 7);
        random_position(&rng, pieces, pos);
        void *st = state_from(pieces, pos);
        int v = G->evaluate(st);
        ck_assert_msg(v >= -SCORE_EVAL_MAX && v <= SCORE_EVAL_MAX, "%s: %d", pos, v);
        free(st);
    }
    /* the last scorer with a wall in hand and the move is winning */
    void *st = state_from(4, "....../....../....b./W....b w 0,2 1,0 w");
    ck_assert_int_gt(G->evaluate(st), 1000);
    free(st);
    /* its opponent, unable to score first, is lost */
    st = state_from(4, "....../....../....b./W....b b 0,2 1,0 w");
    ck_assert_int_lt(G->evaluate(st), -1000);
    free(st);
    /* the start is balanced-ish */
    st = new_state(14);
    ck_assert_int_lt(abs(G->evaluate(st)), 200);
    free(st);
    /* A blockade: white's wall on 7 cuts off every black single in A,
     * A is full so the reserve cannot enter, and black (to move) must
     * pass. The same position with the wall on 12 leaves black free to
     * move; the blockade must cost black a great deal more than that. */
    st = state_from(14, "wbbbbb/W...../....../...... b 11,9 0,0 -");
    char mv[64];
    moves_text(st, mv, sizeof mv);
    ck_assert_str_eq(mv, "pass");
    int blocked = G->evaluate(st);
    free(st);
    st = state_from(14, "wbbbbb/.....W/....../...... b 11,9 0,0 -");
    int free_side = G->evaluate(st);
    free(st);
    ck_assert_msg(blocked < free_side - 500, "blockade %d, free %d", blocked, free_side);
}
END_TEST

/* ---- exact values: brute force with a small table ---- */

#define BF_SIZE (1u << 18)
struct bf_entry {
    uint64_t key;
    int16_t value, plies;
};
struct bf {
    struct bf_entry *tab;
    long nodes, budget;
    int over;
};

/* The value of st for the side to move (+1/0/-1) and the length of the
 * game with best play (a winner hurries, a loser holds out; 0 for a
 * draw). Uses the rules only, never exact_value. Sets bf->over when the
 * node budget runs out: the answer is then 0 in 0 plies and meaningless
 * (callers look at bf->over before using it). */
static void bf_value(struct bf *bf, void *st, int *value, int *plies)
{
    struct game_status s;
    *value = *plies = 0;
    G->status(st, &s);
    if (s.over) {
        *value = s.winner < 0 ? 0 : s.winner == G->side_to_move(st) ? 1 : -1;
        *plies = 0;
        return;
    }
    uint64_t k = G->hash(st);
    for (unsigned i = 0; i < 8; i++) {
        struct bf_entry *e = &bf->tab[(k + i) & (BF_SIZE - 1)];
        if (e->key == k) {
            *value = e->value;
            *plies = e->plies;
            return;
        }
    }
    if (++bf->nodes > bf->budget) {
        bf->over = 1;
        *value = *plies = 0;
        return;
    }
    move_t mv[GAME_MAX_MOVES];
    int n = G->gen_moves(st, mv), bv = -2, bp = 0;
    for (int i = 0; i < n && !bf->over; i++) {
        game_undo u;
        int cv, cp;
        G->make(st, mv[i], &u);
        bf_value(bf, st, &cv, &cp);
        G->unmake(st, mv[i], &u);
        cv = -cv;
        cp++;
        if (cv > bv || (cv == bv && ((cv > 0 && cp < bp) || (cv < 0 && cp > bp)))) {
            bv = cv;
            bp = cp;
        }
    }
    if (bf->over)
        return;
    if (bv == 0)
        bp = 0;
    for (unsigned i = 0; i < 8; i++) {
        struct bf_entry *e = &bf->tab[(k + i) & (BF_SIZE - 1)];
        if (!e->key) {
            e->key = k;
            e->value = (int16_t)bv;
            e->plies = (int16_t)bp;
            break;
        }
    }
    *value = bv;
    *plies = bp;
}

static void bf_reset(struct bf *bf, long budget)
{
    memset(bf->tab, 0, BF_SIZE * sizeof *bf->tab);
    bf->nodes = 0;
    bf->budget = budget;
    bf->over = 0;
}

/* exact_value agrees with brute force on st and the tree below it. */
static int check_exact_tree(struct bf *bf, void *st, int depth)
{
    struct game_status s;
    int known = 0, v, pl, ev, ep;
    G->status(st, &s);
    if (s.over)
        return 0;
    bf_value(bf, st, &v, &pl);
    if (bf->over)
        return known;           /* no brute-force value to compare with */
    if (G->exact_value(st, &ev, &ep)) {
        char pos[128];
        G->format_position(st, pos, sizeof pos);
        ck_assert_msg(ev == v, "%s: exact_value %d, brute force %d", pos, ev, v);
        ck_assert_msg(ep < 0 || v == 0 || ep == pl, "%s: exact plies %d, brute force %d",
                      pos, ep, pl);
        known = 1;
    }
    if (depth > 0) {
        move_t mv[GAME_MAX_MOVES];
        int n = G->gen_moves(st, mv);
        for (int i = 0; i < n; i++) {
            game_undo u;
            G->make(st, mv[i], &u);
            known += check_exact_tree(bf, st, depth - 1);
            G->unmake(st, mv[i], &u);
        }
    }
    return known;
}

/* bf_value out of budget sets its answer and says so (issue 11, defect 10:
 * it left the value unset, and a caller compared it). */
START_TEST(test_brute_force_exhaustion)
{
    struct bf bf;
    bf.tab = calloc(BF_SIZE, sizeof *bf.tab);
    void *st = new_state(6);
    for (long budget = 0; budget < 40; budget += 3) {
        int v = 99, pl = 99;
        bf_reset(&bf, budget);
        bf_value(&bf, st, &v, &pl);
        ck_assert(bf.over);
        ck_assert_int_eq(v, 0);
        ck_assert_int_eq(pl, 0);
        bf_reset(&bf, budget);
        ck_assert_int_eq(check_exact_tree(&bf, st, 2), 0);
    }
    free(st);
    free(bf.tab);
}
END_TEST

START_TEST(test_exact_value_brute)
{
    struct bf bf;
    bf.tab = calloc(BF_SIZE, sizeof *bf.tab);
    uint64_t rng = 4242;
    char pos[128];
    int used = 0, known = 0;
    /* the zugzwang that forbids counting the opponent's walls in D as
     * answers: white's only action is to bear off, then black scores twice */
    void *st = state_from(6, "b..b.b/....../b...../.w.w.W b 0,0 1,1 -");
    bf_reset(&bf, 1000000);
    ck_assert_int_gt(check_exact_tree(&bf, st, 1), -1);
    int v, pl;
    bf_value(&bf, st, &v, &pl);
    ck_assert(!bf.over);
    ck_assert_int_eq(v, 1);
    free(st);
    for (int i = 0; i < 2000 && used < 80; i++) {
        int pieces = 2 + 2 * (int)rng_below(&rng, 3);
        random_position(&rng, pieces, pos);
        st = state_from(pieces, pos);
        bf_reset(&bf, 20000);
        bf_value(&bf, st, &v, &pl);
        if (!bf.over) {
            used++;
            known += check_exact_tree(&bf, st, 2);
        }
        free(st);
    }
    ck_assert_int_ge(used, 80);
    ck_assert_int_gt(known, 150);
    free(bf.tab);
}
END_TEST

/* The solver proves the start of pieces=2 a draw (no side can score
 * twice), and its values agree with brute force on small positions. */
START_TEST(test_solve_small)
{
    void *ab = alphabeta_searcher.create(8);
    struct search_params p;
    struct search_result r;
    memset(&p, 0, sizeof p);
    void *st = new_state(2);
    ck_assert_int_eq(search_solve(ab, G, st, &p, &r), 1);
    ck_assert(r.exact);
    ck_assert_int_eq(r.score, 0);
    ck_assert(r.best != MOVE_NONE);
    free(st);

    struct bf bf;
    bf.tab = calloc(BF_SIZE, sizeof *bf.tab);
    uint64_t rng = 777;
    char pos[128];
    int used = 0, decisive = 0;
    for (int i = 0; i < 2000 && used < 40; i++) {
        int pieces = 2 + 2 * (int)rng_below(&rng, 3);
        random_position(&rng, pieces, pos);
        st = state_from(pieces, pos);
        struct game_status gs;
        G->status(st, &gs);
        int v, pl;
        bf_reset(&bf, 20000);
        bf_value(&bf, st, &v, &pl);
        if (gs.over || bf.over) {
            free(st);
            continue;
        }
        used++;
        decisive += v != 0;
        alphabeta_searcher.clear(ab);
        ck_assert_int_eq(search_solve(ab, G, st, &p, &r), 1);
        int sv = r.score > 0 ? 1 : r.score < 0 ? -1 : 0;
        ck_assert_msg(sv == v, "%s: solve %d, brute force %d", pos, sv, v);
        /* genmove with a node limit keeps the value */
        struct search_params gp;
        memset(&gp, 0, sizeof gp);
        gp.nodes = 200000;
        alphabeta_searcher.clear(ab);
        alphabeta_searcher.search(ab, G, st, &gp, &r);
        ck_assert(r.best != MOVE_NONE);
        game_undo u;
        int cv, cp;
        G->make(st, r.best, &u);
        bf_value(&bf, st, &cv, &cp);
        G->unmake(st, r.best, &u);
        ck_assert(!bf.over);
        char mt[16];
        G->format_move(st, r.best, mt, sizeof mt);
        ck_assert_msg(-cv == v, "%s: genmove %s gives %d, value %d", pos, mt, -cv, v);
        free(st);
    }
    ck_assert_int_ge(used, 30);
    ck_assert_int_gt(decisive, 5);
    free(bf.tab);
    alphabeta_searcher.destroy(ab);
}
END_TEST

static Suite *grasshopper_suite(void)
{
    Suite *s = suite_create("grasshopper");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_start);
    tcase_add_test(tc, test_start_small);
    tcase_add_test(tc, test_perft_positions);
    tcase_add_test(tc, test_variants);
    tcase_add_test(tc, test_position_roundtrip);
    tcase_add_test(tc, test_position_rejects);
    tcase_add_test(tc, test_parse_move);
    tcase_add_test(tc, test_singles_and_walls);
    tcase_add_test(tc, test_forced_pass);
    tcase_add_test(tc, test_frozen_draw);
    tcase_add_test(tc, test_two_in_succession);
    tcase_add_test(tc, test_winning_bearoff_freezes);
    tcase_add_test(tc, test_make_unmake_random);
    tcase_add_test(tc, test_naive_random_positions);
    tcase_add_test(tc, test_naive_random_games);
    tcase_add_test(tc, test_print);
    tcase_add_test(tc, test_evaluate);
    tcase_add_test(tc, test_brute_force_exhaustion);
    tcase_add_test(tc, test_exact_value_brute);
    tcase_add_test(tc, test_solve_small);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(grasshopper_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
