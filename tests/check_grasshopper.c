/* check_grasshopper.c -- unit tests of the Grasshopper rules, through
 * struct game only, cross-checked against a deliberately naive second
 * implementation written here from the spec text. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "game.h"
#include "games/grasshopper_table.h"
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

/* why_no_move on pos (of the variant pieces): all its lines (move NULL),
 * or the reason for the place move starts from. */
static void why_is(int pieces, const char *pos, const char *move, const char *want)
{
    void *st = state_from(pieces, pos);
    char buf[2048];
    G->why_no_move(st, move, buf, sizeof buf);
    ck_assert_msg(!strcmp(buf, want), "%s, %s:\n got  [%s]\n want [%s]", pos,
                  move ? move : "all", buf, want);
    free(st);
}

/* The words the shell and the web board say for a place with no move and
 * a forced pass (they were the page's own, data/web/games.js, until the
 * engine said them). */
START_TEST(test_why_no_move)
{
    /* no stuck piece: every place has a move, or the mover has none there */
    why_is(14, START, NULL, "");
    why_is(4, "....../wbW.../....../b..... w 1,2 0,0 -", "9/13", "");
    why_is(4, "....../wbW.../....../b..... w 1,2 0,0 -", "8/14", "");   /* black's */
    why_is(4, "....../wbW.../....../b..... w 1,2 0,0 -", "12/18", "");  /* empty */
    why_is(4, "....../wbW.../....../b..... w 1,2 0,0 -", "pass", "");   /* not forced */
    /* a wall in the way (the web board's click test) */
    why_is(4, "....../wbW.../....../b..... w 1,2 0,0 -", NULL,
           "7 the wall on 9 blocks its way");
    why_is(4, "....../wbW.../....../b..... w 1,2 0,0 -", "07-8", "the wall on 9 blocks its way");
    /* the next quadrant full, for a single and for a wall's top piece */
    why_is(8, "..w.../bbbbbb/....../...... w 7,2 0,0 -", NULL, "3 B (7-12) is full");
    why_is(6, "....../...W../bbbbbb/...... w 4,0 0,0 -", NULL, "10 C (13-18) is full");
    /* part of the next quadrant taken, a wall on the rest */
    why_is(4, "....w./bbB.../....../...... w 3,0 0,0 -", NULL,
           "5 7-8 are taken and the wall on 9 blocks the rest of B");
    why_is(4, "....w./bB..../....../...... w 3,1 0,0 -", "5/10",
           "7 is taken and the wall on 8 blocks the rest of B");
    /* singles in D, and the refusal of their moves says the same */
    why_is(2, "..w.../....../....../.b.b.. b 1,0 0,0 -", NULL,
           "20 a single in D cannot move on (only a wall is borne off)\n"
           "22 a single in D cannot move on (only a wall is borne off)\n"
           "pass singles in D (20 and 22) cannot move on");
    void *st = state_from(2, "..w.../....../....../.b.b.. w 1,0 0,0 -");
    move_t m;
    char err[128];
    play(st, "3/7");
    ck_assert_int_eq(G->parse_move(st, "20/21", &m, err, sizeof err), GAME_EILLEGAL);
    ck_assert_str_eq(err, "no action is possible: pass");
    free(st);
    st = state_from(4, "..w.../....../....../.b.bB. b 3,0 0,0 -");
    ck_assert_int_eq(G->parse_move(st, "20/21", &m, err, sizeof err), GAME_EILLEGAL);
    ck_assert_str_eq(err, "a single in D cannot move on (only a wall is borne off)");
    ck_assert_int_eq(G->parse_move(st, "23/24", &m, err, sizeof err), GAME_EILLEGAL);
    ck_assert_str_eq(err, "pieces in D leave only by bearing off a wall");
    free(st);
    /* the reserve, A full; a forced pass grouped by what stops each piece
     * (the position of the web board's forced-pass test) */
    why_is(14, "wbbbbb/W...../.b..../W...b. b 9,7 0,0 -", NULL,
           "0 A is full\n"
           "2 the wall on 7 blocks its way\n3 the wall on 7 blocks its way\n"
           "4 the wall on 7 blocks its way\n5 the wall on 7 blocks its way\n"
           "6 the wall on 7 blocks its way\n14 the wall on 19 blocks its way\n"
           "23 a single in D cannot move on (only a wall is borne off)\n"
           "pass the wall on 7 blocks 2-6; the wall on 19 blocks 14; a single in D (23) "
           "cannot move on; A is full, so the reserve cannot enter");
    why_is(14, "wbbbbb/W...../.b..../W...b. b 9,7 0,0 -", "0/1", "A is full");
    why_is(14, "wbbbbb/W...../.b..../W...b. b 9,7 0,0 -", " Pass ",
           "the wall on 7 blocks 2-6; the wall on 19 blocks 14; a single in D (23) "
           "cannot move on; A is full, so the reserve cannot enter");
    why_is(6, "wbwbwb/W...../....../...... b 1,3 0,0 -", "pass",
           "the wall on 7 blocks 2, 4 and 6; A is full, so the reserve cannot enter");
    why_is(6, "wbwbww/W...../....../.b.b.. b 0,2 0,0 -", "pass",
           "the wall on 7 blocks 2 and 4; singles in D (20 and 22) cannot move on; A is full, "
           "so the reserve cannot enter");
    why_is(6, "wbwbww/W...../....../.b.b.. b 0,2 0,0 -", "2/9", "the wall on 7 blocks its way");
    /* a side with nothing left passes too; a game over has no words */
    why_is(2, "....../....../....../...... w 0,2 1,0 w", NULL, "pass no piece is left to move");
    why_is(2, "....../....../....../...... w 0,0 1,1 w", NULL, "");
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

/* ---- the dedicated solver, against the generic one and plain minimax ---- */

/* Plain minimax on the rules alone (gen_moves, make, status), memoised by
 * the position's hash: +1/0/-1 for the side to move; m->over when the node
 * budget ran out. */
struct mm_entry {
    uint64_t key;
    uint32_t gen;               /* the slot is used in run gen only */
    int8_t value;
};
#define MM_SIZE (1u << 16)
struct mm {
    struct mm_entry *tab;
    long nodes, budget;
    uint32_t gen;
    int over;
};

static int mm_value(struct mm *m, void *st)
{
    struct game_status s;
    G->status(st, &s);
    if (s.over)
        return s.winner < 0 ? 0 : s.winner == G->side_to_move(st) ? 1 : -1;
    uint64_t key = G->hash(st);
    unsigned i = (unsigned)(key >> 40) & (MM_SIZE - 1);
    while (m->tab[i].gen == m->gen) {
        if (m->tab[i].key == key)
            return m->tab[i].value;
        i = (i + 1) & (MM_SIZE - 1);
    }
    if (++m->nodes > m->budget || m->nodes > (long)MM_SIZE / 2) {
        m->over = 1;
        return 0;
    }
    move_t mv[GAME_MAX_MOVES];
    int n = G->gen_moves(st, mv), best = -2;
    for (int k = 0; k < n && !m->over && best < 1; k++) {
        game_undo u;
        G->make(st, mv[k], &u);
        int v = -mm_value(m, st);
        G->unmake(st, mv[k], &u);
        if (v > best)
            best = v;
    }
    if (m->over)
        return 0;
    /* the slot found free above is still the first free one */
    m->tab[i].key = key;
    m->tab[i].value = (int8_t)best;
    m->tab[i].gen = m->gen;
    return best;
}

static int mm_solve(struct mm *m, void *st, long budget)
{
    m->gen++;
    m->nodes = 0;
    m->budget = budget;
    m->over = 0;
    return mm_value(m, st);
}

/* The generic solver of src/search/: the same game without its own. */
static struct game generic_game(void)
{
    struct game g = *G;
    g.solver_create = NULL;
    g.solver_destroy = NULL;
    g.solver_clear = NULL;
    g.solve = NULL;
    return g;
}

static int dedicated_value(void *solver, void *st, uint64_t nodes, move_t *best)
{
    struct game_solve_limits lim = {.nodes = nodes, .threads = 1};
    struct game_solve_result r;
    if (!G->solve(solver, st, &lim, &r))
        return 2;
    *best = r.best;
    return r.value;
}

START_TEST(test_solver_agrees)
{
    struct game gg = generic_game();
    void *ab = alphabeta_searcher.create(2);
    void *solver = G->solver_create(4);
    ck_assert_ptr_nonnull(solver);
    /* and one whose table grew (1 MB to 16 MB, in place) while it proved
     * the pieces=4 start: what it stored before must stay true after */
    void *grown = G->solver_create(64);
    ck_assert_ptr_nonnull(grown);
    {
        void *st4 = new_state(4);
        move_t bm;
        ck_assert_int_eq(dedicated_value(grown, st4, 0, &bm), 0);
        free(st4);
    }
    struct mm m = {.tab = calloc(MM_SIZE, sizeof(struct mm_entry))};
    uint64_t rng = 9001;
    char pos[128];
    int used = 0, moves_checked = 0, value_count[3] = {0, 0, 0};
    for (int i = 0; i < 6000 && used < 400; i++) {
        int pieces = 2 + 2 * (int)rng_below(&rng, 3);
        void *st;
        if (i % 2) {
            random_position(&rng, pieces, pos);
            st = state_from(pieces, pos);
        } else {
            st = new_state(pieces);
            random_walk(&rng, st, 4 + (int)rng_below(&rng, 6 * pieces));
        }
        struct game_status gs;
        G->status(st, &gs);
        int v = gs.over ? 0 : mm_solve(&m, st, 10000);
        if (gs.over || m.over) {
            free(st);
            continue;
        }
        used++;
        value_count[v + 1]++;
        G->format_position(st, pos, sizeof pos);
        /* a fresh solver every few positions, a warm one otherwise: its
         * table must stay true from one position (and variant) to the next */
        if (used % 8 == 0) {
            G->solver_destroy(solver);
            solver = G->solver_create(4);
        }
        move_t best = MOVE_NONE;
        int dv = dedicated_value(solver, st, 0, &best);
        ck_assert_msg(dv == v, "%s (pieces=%d): dedicated %d, minimax %d", pos, pieces, dv, v);
        move_t gbest;
        dv = dedicated_value(grown, st, 0, &gbest);
        ck_assert_msg(dv == v, "%s (pieces=%d): grown table %d, minimax %d", pos, pieces, dv, v);
        struct search_params sp;
        struct search_result r;
        memset(&sp, 0, sizeof sp);
        alphabeta_searcher.clear(ab);
        ck_assert_int_eq(search_solve(ab, &gg, st, &sp, &r), 1);
        int gv = r.score > 0 ? 1 : r.score < 0 ? -1 : 0;
        ck_assert_msg(gv == v, "%s (pieces=%d): generic %d, minimax %d", pos, pieces, gv, v);
        /* the move it keeps has the value it reports */
        ck_assert(best != MOVE_NONE);
        game_undo u;
        G->make(st, best, &u);
        int cv = -mm_solve(&m, st, 20000);
        G->unmake(st, best, &u);
        if (!m.over) {
            moves_checked++;
            if (v >= 0)
                ck_assert_msg(cv == v, "%s: best move keeps %d, value %d", pos, cv, v);
        }
        free(st);
    }
    ck_assert_int_ge(used, 400);
    ck_assert_int_ge(moves_checked, 300);
    /* the sample has every kind of value */
    ck_assert_int_gt(value_count[0], 20);
    ck_assert_int_gt(value_count[1], 20);
    ck_assert_int_gt(value_count[2], 20);
    free(m.tab);
    G->solver_destroy(solver);
    G->solver_destroy(grown);
    alphabeta_searcher.destroy(ab);
}
END_TEST

static int stop_now(void *ctx)
{
    return ++*(int *)ctx > 2;
}

/* The start of pieces=4 is a draw; every limit stops the proof cleanly
 * and a later run still proves it. */
START_TEST(test_solver_start4)
{
    void *st = new_state(4);
    void *solver = G->solver_create(64);
    struct game_solve_result r;
    int calls = 0;
    struct game_solve_limits by_nodes = {.nodes = 1000, .threads = 1};
    ck_assert_int_eq(G->solve(solver, st, &by_nodes, &r), 0);
    ck_assert_uint_le(r.nodes, 1000);
    struct game_solve_limits by_clock = {.deadline_ms = now_ms() - 1, .threads = 1};
    ck_assert_int_eq(G->solve(solver, st, &by_clock, &r), 0);
    struct game_solve_limits by_stop = {.stop = stop_now, .ctx = &calls, .threads = 1};
    ck_assert_int_eq(G->solve(solver, st, &by_stop, &r), 0);
    ck_assert_int_gt(calls, 2);

    struct game_solve_limits none = {.threads = 1};
    ck_assert_int_eq(G->solve(solver, st, &none, &r), 1);
    ck_assert_int_eq(r.value, 0);
    ck_assert(r.best != MOVE_NONE);
    /* a fraction of what the generic solver needs (15.9 M nodes) */
    ck_assert_uint_lt(r.nodes, 5000000);
    /* once proved, the table knows it */
    ck_assert_int_eq(G->solve(solver, st, &none, &r), 1);
    ck_assert_int_eq(r.value, 0);
    ck_assert_uint_lt(r.nodes, 1000);
    G->solver_destroy(solver);
    free(st);
}
END_TEST

/* The fast perft agrees with the generic one (gen_moves, make, status) on
 * random positions of every variant. */
START_TEST(test_fast_perft)
{
    struct game slow = *G;
    slow.perft = NULL;
    ck_assert_ptr_nonnull(G->perft);
    uint64_t rng = 31337;
    char pos[128];
    for (int i = 0; i < 300; i++) {
        int pieces = 2 + 2 * (int)rng_below(&rng, 7);
        void *st;
        if (i % 2) {
            random_position(&rng, pieces, pos);
            st = state_from(pieces, pos);
        } else {
            st = new_state(pieces);
            random_walk(&rng, st, (int)rng_below(&rng, 8 * pieces + 10));
        }
        for (int d = 1; d <= 4; d++) {
            uint64_t a = game_perft(G, st, d), b = game_perft(&slow, st, d);
            G->format_position(st, pos, sizeof pos);
            ck_assert_msg(a == b, "%s: perft %d fast %llu, generic %llu", pos, d,
                          (unsigned long long)a, (unsigned long long)b);
        }
        free(st);
    }
}
END_TEST

/* A proven draw keeps the proof's move: the heuristic search preferred a
 * losing move in these (16/22, 14/20 and 12/13 lose, each with a score
 * >= 0), and the draw was played only when the heuristic score was < 0. */
START_TEST(test_genmove_keeps_draw)
{
    static const char *const pos[] = {
        ".b..../..wwb./...b.w/w...b. b 0,0 0,0 -",
        "....../w.w.../.bw.b./wb.... b 0,1 0,0 -",
        "....../bbb..w/....../b...ww w 1,0 0,0 -",
    };
    void *ab = alphabeta_searcher.create(16);
    void *solver = G->solver_create(16);
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        void *st = state_from(4, pos[i]);
        move_t best;
        ck_assert_int_eq(dedicated_value(solver, st, 0, &best), 0);
        struct search_params sp;
        struct search_result r;
        memset(&sp, 0, sizeof sp);
        sp.nodes = 20000;
        alphabeta_searcher.clear(ab);
        alphabeta_searcher.search(ab, G, st, &sp, &r);
        game_undo u;
        char mt[16];
        G->format_move(st, r.best, mt, sizeof mt);
        G->make(st, r.best, &u);
        ck_assert_msg(dedicated_value(solver, st, 0, &best) == 0, "%s: %s loses", pos[i], mt);
        free(st);
    }
    G->solver_destroy(solver);
    alphabeta_searcher.destroy(ab);
}
END_TEST

/* ---- value tables by retrograde analysis ---- */

/* The layers of a table from the last down to layer `lowest`, each shared
 * by `threads` workers. */
static uint8_t **solve_layers_mt(const struct ght *T, int lowest, int threads)
{
    uint8_t **lay = calloc((size_t)T->nlayers + 2, sizeof *lay);
    for (int t = T->nlayers - 1; t >= lowest; t--) {
        struct ght_stats st;
        lay[t] = calloc(T->layer_size[t] / 4 + 1, 1);
        ck_assert_int_eq(
            ght_solve_layer_mt(T, t, lay[t], lay[t + 1], lay[t + 2], 0, threads, &st), 0);
        /* every slot written exactly once: the numbering is dense */
        ck_assert_msg(st.errors == 0, "layer %d: %llu errors", t, (unsigned long long)st.errors);
        ck_assert_uint_eq(st.count[1] + st.count[2] + st.count[3], T->layer_size[t]);
    }
    return lay;
}

static uint8_t **solve_layers(const struct ght *T, int lowest)
{
    return solve_layers_mt(T, lowest, 1);
}

/* Workers sharing a layer (tabula-tables --threads) write the
 * same table as one: pieces=2 whole, and the last layers of pieces=4. */
START_TEST(test_table_threads)
{
    const int pieces[2] = {2, 4};
    for (int i = 0; i < 2; i++) {
        struct ght *T = ght_create(pieces[i]);
        ck_assert_ptr_nonnull(T);
        const int lowest = pieces[i] == 2 ? 0 : T->nlayers - 13;
        uint8_t **one = solve_layers_mt(T, lowest, 1);
        uint8_t **three = solve_layers_mt(T, lowest, 3);
        for (int t = lowest; t < T->nlayers; t++)
            ck_assert_msg(memcmp(one[t], three[t], T->layer_size[t] / 4 + 1) == 0,
                          "pieces=%d layer %d differs with 3 workers", pieces[i], t);
        for (int t = 0; t < T->nlayers + 2; t++) {
            free(one[t]);
            free(three[t]);
        }
        free(one);
        free(three);
        ght_destroy(T);
    }
}
END_TEST

/* The pieces=2 table agrees with the dedicated solver and with minimax,
 * through memory and through a table file, and search_solve answers from
 * the file when the tables option points at it. */
START_TEST(test_table_pieces2)
{
    struct ght *T2 = ght_create(2);
    ck_assert_ptr_nonnull(T2);
    ck_assert_ptr_null(ght_create(8));
    ck_assert_ptr_null(ght_create(3));
    uint8_t **lay = solve_layers(T2, 0);
    uint64_t total = 0;
    for (int k = 0; k < T2->nlayers; k++)
        total += T2->layer_size[k];
    ck_assert_uint_eq(total, 87971);
    ck_assert_int_eq(ght_get(lay[0], 0), GHT_DRAW);       /* the start */

    /* a table file in a temporary directory */
    char dir[] = "/tmp/tabula-ght-XXXXXX", path[128];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/grasshopper-2.tab", dir);
    struct ght_file_header h;
    ght_file_layout(T2, &h);
    FILE *f = fopen(path, "w+b");
    ck_assert_ptr_nonnull(f);
    for (int t = 0; t < T2->nlayers; t++) {
        ck_assert_int_eq(fseek(f, (long)h.offset[t], SEEK_SET), 0);
        size_t bytes = (T2->layer_size[t] + 3) / 4;
        ck_assert_uint_eq(fwrite(lay[t], 1, bytes, f), bytes);
    }
    char err[200];
    struct ght_table t;
    /* not complete yet: refused */
    ck_assert_int_eq(fseek(f, 0, SEEK_SET), 0);
    ck_assert_uint_eq(fwrite(&h, sizeof h, 1, f), 1);
    fflush(f);
    ck_assert_int_eq(ght_table_open(&t, path, 2, 0, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "incomplete"));
    memset(h.done, 1, sizeof h.done);
    ck_assert_int_eq(fseek(f, 0, SEEK_SET), 0);
    ck_assert_uint_eq(fwrite(&h, sizeof h, 1, f), 1);
    fclose(f);
    ck_assert_int_eq(ght_table_open(&t, path, 4, 0, err, sizeof err), -1);   /* wrong variant */
    ck_assert_int_eq(ght_table_open(&t, path, 2, GHT_CHECK_SAMPLE | GHT_CHECK_SUMS, err,
                                    sizeof err), 0);

    /* one side can make one wall at most, never two scores: every
     * position of pieces=2 is a draw, in memory and in the file */
    for (int k = 0; k < T2->nlayers; k++)
        for (uint64_t i = 0; i < T2->layer_size[k]; i++)
            ck_assert_int_eq(ght_get(lay[k], i), GHT_DRAW);
    uint64_t rng = 2024;
    char pos[128];
    for (int i = 0; i < 200; i++) {
        void *st = new_state(2);
        random_walk(&rng, st, (int)rng_below(&rng, 20));
        struct gh_board b;
        gh_board_of(st, &b);
        struct game_status gs;
        G->status(st, &gs);
        if (!gs.over)
            ck_assert_int_eq(ght_table_value(&t, &b), GHT_DRAW);
        free(st);
    }

    /* search_solve reads the table where the tables option points: no node searched */
    void *ab = alphabeta_searcher.create(2);
    struct search_params sp;
    struct search_result r;
    memset(&sp, 0, sizeof sp);
    sp.tables = dir;
    void *st = state_from(2, "....../....../b....w/...... b 1,1 0,0 -");
    ck_assert_int_eq(search_solve(ab, G, st, &sp, &r), 1);
    ck_assert_uint_eq(r.nodes, 0);
    ck_assert_int_eq(r.score > 0 ? 1 : r.score < 0 ? -1 : 0, 0);
    free(st);
    alphabeta_searcher.destroy(ab);

    ght_table_close(&t);
    unlink(path);
    rmdir(dir);
    (void)pos;
    for (int k = 0; k < T2->nlayers; k++)
        free(lay[k]);
    free(lay);
    ght_destroy(T2);
}
END_TEST

/* Writes the pieces=2 table (layers lay) to path: sealed with checksums,
 * or as files were before them (sums 0). */
static void write_table2(const struct ght *T2, uint8_t **lay, const char *path, int sums)
{
    struct ght_file_header h;
    ght_file_layout(T2, &h);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    for (int t = 0; t < T2->nlayers; t++) {
        size_t bytes = (T2->layer_size[t] + 3) / 4;
        ck_assert_int_eq(fseek(f, (long)h.offset[t], SEEK_SET), 0);
        ck_assert_uint_eq(fwrite(lay[t], 1, bytes, f), bytes);
        if (sums)
            ght_file_set_done(&h, t, ght_sum(lay[t], bytes));
        else
            h.done[t] = 1;
    }
    ck_assert_int_eq(fseek(f, 0, SEEK_SET), 0);
    ck_assert_uint_eq(fwrite(&h, sizeof h, 1, f), 1);
    ck_assert_int_eq(fclose(f), 0);
}

/* The tables layer's report on one file of dir that `make` damages:
 * *report gets it, the return value is ght_tables_check's. */
static int report_on(const char *dir, char *report, size_t n)
{
    int bad = ght_tables_check(dir, report, n);
    return bad;
}

static void patch(const char *path, long at, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "r+b");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, at, SEEK_SET), 0);
    ck_assert_uint_eq(fwrite(bytes, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

/* Table files that are damaged in every way issue 28 found are reported
 * unusable with the reason, by ght_tables_check (set_option tables) and
 * by the solver, which then proves by search and says so; a file fixed
 * later is read anew; a FIFO or a device is refused without blocking. */
START_TEST(test_table_files_checked)
{
    struct ght *T2 = ght_create(2);
    uint8_t **lay = solve_layers(T2, 0);
    char dir[] = "/tmp/tabula-ghtc-XXXXXX", path[128], tmp[160], report[2048];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/grasshopper-2.tab", dir);
    snprintf(tmp, sizeof tmp, "%s/new", dir);
    struct ght_file_header h;
    ght_file_layout(T2, &h);
    const long layer3 = (long)h.offset[3];

    ck_assert_int_eq(report_on(dir, report, sizeof report), 0);
    ck_assert_str_eq(report, "");                   /* none there */
    ck_assert_int_eq(game_tables_check(dir, report, sizeof report), 0);
    ck_assert_ptr_nonnull(strstr(report, "no table files"));
    ck_assert_int_eq(game_tables_check("/nonexistent-dir", report, sizeof report), -1);
    ck_assert_int_eq(game_tables_check("/etc/passwd", report, sizeof report), -1);
    ck_assert_ptr_nonnull(strstr(report, "not a directory"));

    write_table2(T2, lay, path, 1);
    ck_assert_int_eq(report_on(dir, report, sizeof report), 0);
    ck_assert_msg(strstr(report, "grasshopper-2.tab: pieces=2, 87971 positions") &&
                  strstr(report, "checksums verified"), "%s", report);
    /* made before the checksums: usable, and said so */
    write_table2(T2, lay, path, 0);
    ck_assert_int_eq(report_on(dir, report, sizeof report), 0);
    ck_assert_msg(strstr(report, "no checksums"), "%s", report);

    static const struct {
        const char *why;        /* in the report */
        int kind;
    } cases[] = {
        {"cut short", 0}, {"too short", 1}, {"not a table file", 2}, {"incomplete", 3},
        {"header does not match", 4}, {"layer 3 does not match its checksum", 5},
        {"wrong values", 6}, {"not a regular file (a device)", 7},
        {"not a regular file (a FIFO)", 8}, {"a table of pieces=2, not pieces=4", 9},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        unlink(path);
        write_table2(T2, lay, path, 1);
        const char *name = path;
        char other[160];
        switch (cases[c].kind) {
        case 0: ck_assert_int_eq(truncate(path, layer3 + 10), 0); break;
        case 1: ck_assert_int_eq(truncate(path, 0), 0); break;
        case 2: patch(path, 0, "GHTABLE0", 8); break;
        case 3: {
            ght_file_layout(T2, &h);
            for (int t = 0; t < T2->nlayers; t++)
                if (t != 5)
                    ght_file_set_done(&h, t, ght_sum(lay[t], (T2->layer_size[t] + 3) / 4));
            patch(path, 0, &h, sizeof h);
            break;
        }
        case 4: patch(path, 8, "\x03", 1); break;          /* pieces 2 -> 3 */
        case 5: patch(path, layer3 + 1, "\xff", 1); break;
        case 6: {
            /* values of another variant under a good header and good sums */
            uint64_t x = 88172645463325252ull;
            ght_file_layout(T2, &h);
            for (int t = 0; t < T2->nlayers; t++) {
                size_t bytes = (T2->layer_size[t] + 3) / 4;
                uint8_t *junk = malloc(bytes);
                for (size_t i = 0; i < bytes; i++) {
                    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                    junk[i] = (uint8_t)(x | 0x55);      /* every value set */
                }
                patch(path, (long)h.offset[t], junk, bytes);
                ght_file_set_done(&h, t, ght_sum(junk, bytes));
                free(junk);
            }
            patch(path, 0, &h, sizeof h);
            break;
        }
        case 7:
            unlink(path);
            ck_assert_int_eq(symlink("/dev/zero", path), 0);
            break;
        case 8:
            unlink(path);
            ck_assert_int_eq(mkfifo(path, 0600), 0);
            break;
        case 9:
            snprintf(other, sizeof other, "%s/grasshopper-4.tab", dir);
            ck_assert_int_eq(rename(path, other), 0);
            name = other;
            break;
        }
        int64_t t0 = now_ms();
        ck_assert_int_eq(report_on(dir, report, sizeof report), 1);
        ck_assert_msg(strstr(report, "unusable") && strstr(report, cases[c].why),
                      "case %s: %s", cases[c].why, report);
        ck_assert_int_lt(now_ms() - t0, 5000);      /* a FIFO did not block */
        unlink(name);
    }

    /* The solver: a damaged table is not used, with a word; the same file
     * fixed (a new one renamed onto it) is read at the next solve. */
    write_table2(T2, lay, path, 1);
    patch(path, layer3 + 1, "\xff", 1);
    void *ab = alphabeta_searcher.create(2);
    struct search_params sp;
    struct search_result r;
    memset(&sp, 0, sizeof sp);
    sp.tables = dir;
    void *st = state_from(2, "....../....../b....w/...... b 1,1 0,0 -");
    ck_assert_int_eq(search_solve(ab, G, st, &sp, &r), 1);
    ck_assert_uint_gt(r.nodes, 0);
    ck_assert_msg(r.note && strstr(r.note, "grasshopper-2.tab: unusable") &&
                  strstr(r.note, "checksum"), "note %s", r.note ? r.note : "(none)");
    ck_assert_int_eq(search_solve(ab, G, st, &sp, &r), 1);
    ck_assert_ptr_null(r.note);                     /* said once */
    write_table2(T2, lay, tmp, 1);
    ck_assert_int_eq(rename(tmp, path), 0);
    ck_assert_int_eq(search_solve(ab, G, st, &sp, &r), 1);
    ck_assert_uint_eq(r.nodes, 0);                  /* from the table */
    ck_assert_ptr_null(r.note);
    /* cut short while open: no signal, the solver proves by search and
     * says so; put back, it is read again */
    ck_assert_int_eq(truncate(path, layer3), 0);
    ck_assert_int_eq(search_solve(ab, G, st, &sp, &r), 1);
    ck_assert_ptr_nonnull(r.note);
    write_table2(T2, lay, tmp, 1);
    ck_assert_int_eq(rename(tmp, path), 0);
    ck_assert_int_eq(search_solve(ab, G, st, &sp, &r), 1);
    ck_assert_uint_eq(r.nodes, 0);
    free(st);
    alphabeta_searcher.destroy(ab);

    unlink(path);
    rmdir(dir);
    for (int k = 0; k < T2->nlayers; k++)
        free(lay[k]);
    free(lay);
    ght_destroy(T2);
}
END_TEST

/* The last layers of pieces=4 (the end of the game, a million positions)
 * by retrograde analysis agree with the dedicated solver and with minimax
 * on random positions in them. */
START_TEST(test_table_pieces4_end)
{
    enum { LOWEST = 29 };
    struct ght *T4 = ght_create(4);
    uint8_t **lay = solve_layers(T4, LOWEST);
    void *solver = G->solver_create(4);
    struct mm m = {.tab = calloc(MM_SIZE, sizeof(struct mm_entry))};
    uint64_t rng = 2024;
    char pos[128];
    int checked = 0, by_minimax = 0, values[3] = {0, 0, 0};
    for (int i = 0; i < 20000 && checked < 300; i++) {
        random_position(&rng, 4, pos);
        void *st = state_from(4, pos);
        struct game_status gs;
        struct gh_board b;
        int layer;
        uint64_t off;
        G->status(st, &gs);
        gh_board_of(st, &b);
        if (gs.over || !ght_locate(T4, &b, &layer, &off) || layer < LOWEST) {
            free(st);
            continue;
        }
        checked++;
        const int tv = ght_get(lay[layer], off) - GHT_DRAW;
        values[tv + 1]++;
        move_t best;
        ck_assert_msg(dedicated_value(solver, st, 0, &best) == tv, "%s: solver, table %d", pos, tv);
        const int mv = mm_solve(&m, st, 30000);
        if (!m.over) {
            ck_assert_msg(mv == tv, "%s: minimax %d, table %d", pos, mv, tv);
            by_minimax++;
        }
        free(st);
    }
    ck_assert_int_ge(checked, 300);
    ck_assert_int_gt(by_minimax, 250);
    ck_assert_int_gt(values[0], 20);
    ck_assert_int_gt(values[1], 20);
    ck_assert_int_gt(values[2], 20);
    G->solver_destroy(solver);
    free(m.tab);
    for (int k = 0; k < T4->nlayers; k++)
        free(lay[k]);
    free(lay);
    ght_destroy(T4);
}
END_TEST

/* The pieces=4 numbering: its size, and distinct positions of random games
 * in distinct slots. */
START_TEST(test_table_numbering4)
{
    struct ght *T4 = ght_create(4);
    ck_assert_ptr_nonnull(T4);
    uint64_t total = 0;
    for (int t = 0; t < T4->nlayers; t++)
        total += T4->layer_size[t];
    ck_assert_uint_eq(total, 189787879);
    ck_assert_uint_eq(T4->layer_size[0], 1);
    ck_assert_uint_eq(T4->layer_size[20], 22348682);
    enum { NPOS = 3000 };
    static struct { int layer; uint64_t off; char pos[72]; } seen[NPOS];
    uint64_t rng = 77;
    int k = 0;
    while (k < NPOS) {
        void *st = new_state(4);
        random_walk(&rng, st, (int)rng_below(&rng, 40));
        struct game_status gs;
        struct gh_board b;
        G->status(st, &gs);
        gh_board_of(st, &b);
        if (!gs.over) {
            ck_assert(ght_locate(T4, &b, &seen[k].layer, &seen[k].off));
            ck_assert_uint_lt(seen[k].off, T4->layer_size[seen[k].layer]);
            /* the side to move's view: the same board from either colour */
            G->format_position(st, seen[k].pos, sizeof seen[k].pos);
            if (G->side_to_move(st))
                for (char *c = seen[k].pos; *c && *c != ' '; c++)
                    *c = *c == 'w' ? 'b' : *c == 'b' ? 'w' : *c == 'W' ? 'B' : *c == 'B' ? 'W' : *c;
            char *sp = strchr(seen[k].pos, ' ');
            sp[1] = '?';        /* the side and the counts follow from the board */
            sp[3] = sp[4] = sp[5] = sp[6] = sp[7] = sp[8] = sp[9] = sp[10] = '\0';
            k++;
        }
        free(st);
    }
    for (int i = 0; i < NPOS; i++)
        for (int j = i + 1; j < NPOS; j++)
            if (seen[i].layer == seen[j].layer && seen[i].off == seen[j].off)
                ck_assert_msg(strcmp(seen[i].pos, seen[j].pos) == 0, "%s and %s share a slot",
                              seen[i].pos, seen[j].pos);
    ght_destroy(T4);
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
    tcase_add_test(tc, test_why_no_move);
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
    tcase_add_test(tc, test_solver_agrees);
    tcase_add_test(tc, test_solver_start4);
    tcase_add_test(tc, test_fast_perft);
    tcase_add_test(tc, test_genmove_keeps_draw);
    tcase_add_test(tc, test_table_pieces2);
    tcase_add_test(tc, test_table_files_checked);
    tcase_add_test(tc, test_table_threads);
    tcase_add_test(tc, test_table_pieces4_end);
    tcase_add_test(tc, test_table_numbering4);
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
