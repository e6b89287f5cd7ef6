/* check_tablut.c -- unit tests of the Tablut rules (src/games/tablut.c),
 * through struct game only, against doc/rules/tablut.md. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"

static const struct game *G = &tablut_game;
static const char *START =
    "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b";
/* The variant of the tests that run under both rules (loop tests: _i 0
 * the default rules, 1 rules=ashton). */
static const char *variant_opt;
static const char *const variants[2] = {NULL, "rules=ashton"};

static void *new_game(const char *opt)
{
    char err[128] = "";
    void *st = calloc(1, G->state_size);
    const char *opts[1] = {opt};
    ck_assert_ptr_nonnull(st);
    ck_assert_int_eq(G->init(st, opt ? 1 : 0, opts, err, sizeof err),
                     GAME_OK);
    return st;
}

/* A position from a piece list such as "Ke5 tc5 Td4" and a side 'b'/'w'. */
static void set_pieces(void *st, const char *pieces, char side)
{
    char grid[9][9], fen[128], err[128] = "";
    memset(grid, '.', sizeof grid);
    for (const char *p = pieces; *p; ) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        grid[p[2] - '1'][p[1] - 'a'] = p[0];
        p += 3;
    }
    size_t k = 0;
    for (int r = 8; r >= 0; r--) {
        int e = 0;
        for (int f = 0; f < 9; f++) {
            if (grid[r][f] == '.') {
                e++;
                continue;
            }
            if (e)
                fen[k++] = (char)('0' + e);
            e = 0;
            fen[k++] = grid[r][f];
        }
        if (e)
            fen[k++] = (char)('0' + e);
        if (r)
            fen[k++] = '/';
    }
    fen[k++] = ' ';
    fen[k++] = side;
    fen[k] = '\0';
    int rc = G->parse_position(st, fen, err, sizeof err);
    ck_assert_msg(rc == GAME_OK, "%s: %s", fen, err);
}

/* What stands on a square ('.', 't', 'T', 'K'), read from the position. */
static char at(const void *st, const char *sq)
{
    char buf[128];
    G->format_position(st, buf, sizeof buf);
    int r = 8, f = 0;
    for (const char *p = buf; *p != ' '; p++) {
        if (*p == '/') {
            r--;
            f = 0;
        } else if (*p >= '1' && *p <= '9') {
            for (int i = 0; i < *p - '0'; i++, f++)
                if (r == sq[1] - '1' && f == sq[0] - 'a')
                    return '.';
        } else {
            if (r == sq[1] - '1' && f == sq[0] - 'a')
                return *p;
            f++;
        }
    }
    return '?';
}

/* The whole board as 81 chars, a1 b1 .. i9. */
static void grid_of(const void *st, char *g)
{
    char buf[128];
    G->format_position(st, buf, sizeof buf);
    int r = 8, f = 0;
    for (const char *p = buf; *p != ' '; p++) {
        if (*p == '/') {
            r--;
            f = 0;
        } else if (*p >= '1' && *p <= '9') {
            for (int i = 0; i < *p - '0'; i++)
                g[r * 9 + f++] = '.';
        } else
            g[r * 9 + f++] = *p;
    }
}

/* Plays a move given as text (must be legal); returns the undo record. */
static move_t play(void *st, const char *mv, game_undo *u)
{
    char err[128] = "";
    move_t m;
    int rc = G->parse_move(st, mv, &m, err, sizeof err);
    ck_assert_msg(rc == GAME_OK, "%s: %s", mv, err);
    G->make(st, m, u);
    return m;
}

static void play_line(void *st, const char *line)
{
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", line);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        game_undo u;
        play(st, t, &u);
    }
}

static int parse_rc(const void *st, const char *mv)
{
    char err[128] = "";
    move_t m;
    return G->parse_move(st, mv, &m, err, sizeof err);
}

static struct game_status status_of(const void *st)
{
    struct game_status s;
    G->status(st, &s);
    return s;
}

/* ---- perft ------------------------------------------------------------ */
static uint64_t generic_perft(void *st, int depth)
{
    move_t moves[GAME_MAX_MOVES];
    int n = G->gen_moves(st, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        game_undo u;
        G->make(st, moves[i], &u);
        struct game_status s = status_of(st);
        total += s.over ? 1 : generic_perft(st, depth - 1);
        G->unmake(st, moves[i], &u);
    }
    return total;
}

START_TEST(test_perft_start)
{
    void *st = new_game(NULL);
    static const uint64_t want[] = {1, 80, 4400, 353200, 19913864};
    for (int d = 0; d <= 4; d++)
        ck_assert_uint_eq(game_perft(G, st, d), want[d]);
    ck_assert_uint_eq(generic_perft(st, 3), 353200);
    free(st);
}
END_TEST

START_TEST(test_defender_moves)
{
    void *st = new_game(NULL);
    char err[128];
    ck_assert_int_eq(G->parse_position(st,
        "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 w",
        err, sizeof err), GAME_OK);
    move_t moves[GAME_MAX_MOVES];
    ck_assert_int_eq(G->gen_moves(st, moves), 56);
    ck_assert_uint_eq(game_perft(G, st, 1), 56);
    free(st);
}
END_TEST

/* The fast perft agrees with the one built on the table entries, in
 * positions with captures, king captures and escapes in reach. */
START_TEST(test_perft_generic)
{
    static const char *pos[] = {
        "3t1t3/2T1t4/1t2T4/t3T3t/tt1TK1Tt1/t1T1T3t/3tT4/4t4/3t1t3 b",
        "9/2t6/3tKt3/4t4/9/9/1T5T1/3T5/t7t w",
        "9/9/2t1t4/3TK4/3t5/9/9/9/9 b",
        "t8/9/9/4T4/2T2t3/4K4/9/9/8t b",
    };
    for (size_t i = 0; i < sizeof pos / sizeof *pos; i++) {
        void *st = new_game(NULL);
        char err[128] = "";
        ck_assert_msg(G->parse_position(st, pos[i], err, sizeof err) ==
                      GAME_OK, "%s", err);
        for (int d = 1; d <= 3; d++)
            ck_assert_uint_eq(game_perft(G, st, d), generic_perft(st, d));
        free(st);
    }
}
END_TEST

/* game_perft_stop (the perft command, which an interrupt ends): the same
 * counts as game_perft where stop never answers (deep enough to be split
 * into subtrees between polls, games ending on the way); where it answers,
 * the count stops at once, partial (0), the position unchanged. */
static int polls;
static int stop_never(void *ctx)
{
    (void)ctx;
    polls++;
    return 0;
}
static int stop_third(void *ctx)
{
    (void)ctx;
    return ++polls >= 3;
}

START_TEST(test_perft_stop)
{
    static const char *pos[] = {
        NULL,
        "3t1t3/2T1t4/1t2T4/t3T3t/tt1TK1Tt1/t1T1T3t/3tT4/4t4/3t1t3 b",
        "9/2t6/3tKt3/4t4/9/9/1T5T1/3T5/t7t w",
    };
    for (size_t i = 0; i < sizeof pos / sizeof *pos; i++) {
        void *st = new_game(NULL);
        char err[128] = "", before[256], after[256];
        ck_assert_msg(!pos[i] || G->parse_position(st, pos[i], err, sizeof err) == GAME_OK,
                      "%s", err);
        G->format_position(st, before, sizeof before);
        int stopped = -1;
        polls = 0;
        int deepest = pos[i] ? 5 : 4;          /* above a million leaves */
        for (int d = 0; d <= deepest; d++) {
            ck_assert_uint_eq(game_perft_stop(G, st, d, stop_never, NULL, &stopped),
                              game_perft(G, st, d));
            ck_assert_int_eq(stopped, 0);
        }
        ck_assert_msg(polls > 0, "depth %d was counted in one piece, no poll", deepest);
        polls = 0;
        ck_assert_uint_eq(game_perft_stop(G, st, 8, stop_third, NULL, &stopped), 0);
        ck_assert_int_eq(stopped, 1);
        ck_assert_int_eq(polls, 3);
        G->format_position(st, after, sizeof after);
        ck_assert_str_eq(after, before);
        free(st);
    }
}
END_TEST

/* ---- positions -------------------------------------------------------- */
START_TEST(test_position_roundtrip)
{
    static const char *pos[] = {
        "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b",
        "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 w",
        "9/9/9/9/4K4/9/9/9/9 w",
        "K8/9/9/9/9/9/9/9/8t b",
        "tttttttt1/tttttttt1/9/9/9/9/TTTTTTTT1/9/7K1 w",
    };
    void *st = new_game(NULL);
    char buf[128], err[128];
    G->format_position(st, buf, sizeof buf);
    ck_assert_str_eq(buf, START);
    for (size_t i = 0; i < sizeof pos / sizeof *pos; i++) {
        ck_assert_int_eq(G->parse_position(st, pos[i], err, sizeof err),
                         GAME_OK);
        G->format_position(st, buf, sizeof buf);
        ck_assert_str_eq(buf, pos[i]);
    }
    /* consecutive digits add up; the side letter is case-insensitive */
    ck_assert_int_eq(G->parse_position(st, "45/9/9/9/4K4/9/9/9/9 W", err,
                                       sizeof err), GAME_OK);
    G->format_position(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "9/9/9/9/4K4/9/9/9/9 w");
    ck_assert_int_eq(G->side_to_move(st), 1);
    free(st);
}
END_TEST

START_TEST(test_position_rejects)
{
    static const struct { const char *s, *why; } bad[] = {
        {"", "empty"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt2 b", "8 squares"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt4 b", "10 squares"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3tttt3 b", "10 pieces"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4 b", "8 ranks"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/9 b", "10 ranks"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4//3ttt3 b", "empty rank"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtx/t3T3t/4T4/4t4/3ttt3 b", "letter x"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTkTTtt/t3T3t/4T4/4t4/3ttt3 b", "letter k"},
        {"3ttt3/4t4/4T4/t3T3t/ttTT0TTtt/t3T3t/4T4/4t4/3ttt3 b", "digit 0"},
        {"3ttt3/4t4/4T4/t3T3t/ttTT1TTtt/t3T3t/4T4/4t4/3ttt3 b", "no king"},
        {"3tKt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b", "two kings"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/2tttt2 b", "17 attackers"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/3Tt4/3ttt3 b", "9 defenders"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTtTTtt/t3T3t/4T4/4t4/3Ktt3 b", "attacker on castle"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTTTTtt/t3T3t/4T4/4t4/3Ktt3 b", "defender on castle"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3", "no side"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 x", "side x"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 bw", "side bw"},
        {"3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b x", "trailing"},
    };
    void *st = new_game(NULL);
    void *copy = malloc(G->state_size);
    memcpy(copy, st, G->state_size);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char err[128] = "";
        int rc = G->parse_position(st, bad[i].s, err, sizeof err);
        ck_assert_msg(rc == GAME_EINVALID, "%s accepted", bad[i].why);
        ck_assert_msg(err[0] != '\0', "%s: no error text", bad[i].why);
        ck_assert_msg(memcmp(st, copy, G->state_size) == 0,
                      "%s: state changed", bad[i].why);
    }
    free(copy);
    free(st);
}
END_TEST

START_TEST(test_options)
{
    char err[128], buf[64];
    void *st = calloc(1, G->state_size);
    const char *o1[] = {"repetition=3"};
    ck_assert_int_eq(G->init(st, 1, o1, err, sizeof err), GAME_OK);
    G->format_variant(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "repetition=3");
    const char *o2[] = {"repetition=2"};
    ck_assert_int_eq(G->init(st, 1, o2, err, sizeof err), GAME_OK);
    G->format_variant(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    ck_assert_int_eq(G->init(st, 0, NULL, err, sizeof err), GAME_OK);
    G->format_variant(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    const char *o3[] = {"size=7"};
    ck_assert_int_eq(G->init(st, 1, o3, err, sizeof err), GAME_EOPTION);
    ck_assert_str_eq(err, "unknown option: size");
    const char *o4[] = {"nomove=loss", "Repetition=3"};
    ck_assert_int_eq(G->init(st, 2, o4, err, sizeof err), GAME_OK);
    G->format_variant(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "repetition=3 nomove=loss");
    const char *o5[] = {"NOMOVE=Loss"};
    ck_assert_int_eq(G->init(st, 1, o5, err, sizeof err), GAME_OK);
    G->format_variant(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "nomove=loss");
    const char *o6[] = {"nomove=loss", "nomove=draw"};
    ck_assert_int_eq(G->init(st, 2, o6, err, sizeof err), GAME_OK);
    G->format_variant(st, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    const char *bad[] = {"repetition=1", "repetition=11", "repetition=x",
                         "repetition=", "repetition", "repetition=3x",
                         "nomove", "nomove=", "nomove=win", "nomove=losses"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_int_eq(G->init(st, 1, &bad[i], err, sizeof err),
                         GAME_EINVALID);
    ck_assert_int_eq(game_parse_color(G, "black"), 0);
    ck_assert_int_eq(game_parse_color(G, "Attackers"), 0);
    ck_assert_int_eq(game_parse_color(G, "w"), 1);
    ck_assert_int_eq(game_parse_color(G, "defender"), 1);
    ck_assert_ptr_eq(game_find("tablut"), G);
    free(st);
}
END_TEST

/* ---- moves ------------------------------------------------------------ */
START_TEST(test_move_parsing)
{
    void *st = new_game(NULL);
    char err[128], buf[32];
    move_t m, m2;
    ck_assert_int_eq(G->parse_move(st, "e2-c2", &m, err, sizeof err), GAME_OK);
    ck_assert_int_eq(G->parse_move(st, "E2-C2", &m2, err, sizeof err), GAME_OK);
    ck_assert_uint_eq(m, m2);
    G->format_move(st, m, buf, sizeof buf);
    ck_assert_str_eq(buf, "e2-c2");
    static const char *syntax[] = {"", "e2", "e2c2", "e2-", "e2-c", "j2-j4",
                                   "a0-a3", "e2-e10", "e2--c2", "e2-c2x",
                                   "e2-c2xz9", "e2-c2 x", "pass", "e2-c2c3"};
    for (size_t i = 0; i < sizeof syntax / sizeof *syntax; i++)
        ck_assert_msg(parse_rc(st, syntax[i]) == GAME_ESYNTAX, "%s",
                      syntax[i]);
    static const char *illegal[] = {
        "e3-d3",    /* white piece, black to move */
        "c3-c4",    /* empty square */
        "d1-c2",    /* diagonal */
        "e2-e2",    /* null */
        "e1-e3",    /* blocked */
        "a5-a5",
        "e2-c2xd2", /* captures nothing */
    };
    for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++) {
        err[0] = '\0';
        ck_assert_msg(G->parse_move(st, illegal[i], &m, err, sizeof err) ==
                      GAME_EILLEGAL, "%s", illegal[i]);
        ck_assert_msg(err[0], "%s: no detail", illegal[i]);
    }
    /* every generated move parses back to itself */
    move_t moves[GAME_MAX_MOVES];
    int n = G->gen_moves(st, moves);
    for (int i = 0; i < n; i++) {
        G->format_move(st, moves[i], buf, sizeof buf);
        ck_assert_int_eq(G->parse_move(st, buf, &m, err, sizeof err), GAME_OK);
        ck_assert_uint_eq(m, moves[i]);
    }
    free(st);
}
END_TEST

START_TEST(test_castle_moves)
{
    void *st = new_game(NULL);
    /* empty castle: may be passed over, never stopped on */
    set_pieces(st, "Kc3 te3 Te7 ta9", 'b');
    ck_assert_int_eq(parse_rc(st, "e3-e5"), GAME_EILLEGAL);
    ck_assert_int_eq(parse_rc(st, "e3-e6"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "e3-e7"), GAME_EILLEGAL);
    set_pieces(st, "Kc3 te3 Te7 ta9", 'w');
    ck_assert_int_eq(parse_rc(st, "e7-e4"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "e7-e5"), GAME_EILLEGAL);
    /* the king leaves the castle and may not come back */
    set_pieces(st, "Ke5 ta9 Tb8", 'w');
    ck_assert_int_eq(parse_rc(st, "e5-e6"), GAME_OK);
    game_undo u;
    play(st, "e5-e6", &u);
    play(st, "a9-a8", &u);
    ck_assert_int_eq(parse_rc(st, "e6-e5"), GAME_EILLEGAL);
    ck_assert_int_eq(parse_rc(st, "e6-e4"), GAME_OK);
    /* the king on the castle blocks it */
    set_pieces(st, "Ke5 te3 ta9", 'b');
    ck_assert_int_eq(parse_rc(st, "e3-e6"), GAME_EILLEGAL);
    ck_assert_int_eq(parse_rc(st, "e3-e4"), GAME_OK);
    free(st);
}
END_TEST

/* ---- captures --------------------------------------------------------- */
START_TEST(test_capture_basic)
{
    void *st = new_game(NULL);
    game_undo u;
    /* attacker captures a defender against another attacker */
    set_pieces(st, "Kb8 Td3 te3 tc8", 'b');
    play(st, "c8-c3xd3", &u);
    ck_assert_int_eq(at(st, "d3"), '.');
    ck_assert_int_eq(at(st, "c3"), 't');
    /* the suffix must name exactly the captures */
    set_pieces(st, "Kb8 Td3 te3 tc8", 'b');
    ck_assert_int_eq(parse_rc(st, "c8-c3"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "C8-C3XD3"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "c8-c3xe3"), GAME_EILLEGAL);
    ck_assert_int_eq(parse_rc(st, "c8-c3xd3xd3"), GAME_EILLEGAL);
    ck_assert_int_eq(parse_rc(st, "c8-c3xd3xb3"), GAME_EILLEGAL);
    /* moving between two enemies is safe */
    set_pieces(st, "Kb7 Tc3 Te3 td8 ti1", 'b');
    play(st, "d8-d3", &u);
    ck_assert_int_eq(at(st, "d3"), 't');
    ck_assert_int_eq(at(st, "c3"), 'T');
    ck_assert_int_eq(at(st, "e3"), 'T');
    /* between an enemy and the empty castle, too */
    set_pieces(st, "Kb7 tc5 Td8", 'w');
    play(st, "d8-d5", &u);
    ck_assert_int_eq(at(st, "d5"), 'T');
    ck_assert_int_eq(at(st, "c5"), 't');
    /* the edge is never hostile */
    set_pieces(st, "Ke7 Ta3 tb8 ti9", 'b');
    play(st, "b8-b3", &u);
    ck_assert_int_eq(at(st, "a3"), 'T');
    set_pieces(st, "Ke7 Tc1 th2 ti9", 'b');
    play(st, "h2-c2", &u);
    ck_assert_int_eq(at(st, "c1"), 'T');
    free(st);
}
END_TEST

START_TEST(test_capture_king_armed)
{
    void *st = new_game(NULL);
    game_undo u;
    /* the king as the moving piece */
    set_pieces(st, "Kc7 td3 Te3 ti9", 'w');
    play(st, "c7-c3xd3", &u);
    ck_assert_int_eq(at(st, "d3"), '.');
    ck_assert_int_eq(status_of(st).over, 0);
    /* the king as the far piece */
    set_pieces(st, "Kc3 td3 Te7 ti9", 'w');
    play(st, "e7-e3xd3", &u);
    ck_assert_int_eq(at(st, "d3"), '.');
    /* the king on the castle is a defender piece: c5 captures d5 */
    set_pieces(st, "Ke5 td5 Tc8 ti9", 'w');
    play(st, "c8-c5xd5", &u);
    ck_assert_int_eq(at(st, "d5"), '.');
    free(st);
}
END_TEST

START_TEST(test_capture_castle)
{
    void *st = new_game(NULL);
    game_undo u;
    /* the empty castle is hostile to attackers ... */
    set_pieces(st, "Kb8 td5 Tc8 ti9", 'w');
    play(st, "c8-c5xd5", &u);
    ck_assert_int_eq(at(st, "d5"), '.');
    /* ... and to defenders */
    set_pieces(st, "Kb8 Te6 te9 ti1", 'b');
    play(st, "e9-e7xe6", &u);
    ck_assert_int_eq(at(st, "e6"), '.');
    /* the occupied castle is hostile to nobody: the king is no attacker */
    set_pieces(st, "Ke5 Td5 tc8 ti9", 'b');
    ck_assert_int_eq(parse_rc(st, "c8-c5xd5"), GAME_EILLEGAL);
    play(st, "c8-c5", &u);
    ck_assert_int_eq(at(st, "d5"), 'T');
    free(st);
}
END_TEST

START_TEST(test_capture_triple)
{
    void *st = new_game(NULL);
    game_undo u;
    /* far pieces of the wrong side capture nothing */
    set_pieces(st, "Kb8 Tc3 Te3 Td2 td7 Tb3 Tf3 Td1 ti9", 'b');
    ck_assert_int_eq(parse_rc(st, "d7-d3xc3xe3"), GAME_EILLEGAL);
    ck_assert_int_eq(parse_rc(st, "d7-d3"), GAME_OK);
    set_pieces(st, "Kb8 Tc3 Te3 Td2 td7 tb3 tf3 td1 ti9", 'b');
    ck_assert_int_eq(parse_rc(st, "d7-d3xc3xe3"), GAME_EILLEGAL);
    ck_assert_int_eq(parse_rc(st, "d7-d3xc3xe3xd2"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "d7-d3xd2xe3xc3"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "d7-d3"), GAME_OK);
    move_t m = play(st, "d7-d3xc3xe3xd2", &u);
    ck_assert_int_eq(at(st, "c3"), '.');
    ck_assert_int_eq(at(st, "e3"), '.');
    ck_assert_int_eq(at(st, "d2"), '.');
    G->unmake(st, m, &u);
    ck_assert_int_eq(at(st, "c3"), 'T');
    ck_assert_int_eq(at(st, "d7"), 't');
    free(st);
}
END_TEST

/* ---- the king --------------------------------------------------------- */
START_TEST(test_king_capture_castle)
{
    void *st = new_game(NULL);
    game_undo u;
    set_pieces(st, "Ke5 td5 tf5 te4 tg6 Ta1", 'b');
    play(st, "g6-e6", &u);
    struct game_status s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_int_eq(at(st, "e5"), 'K');   /* the king stays */
    move_t moves[GAME_MAX_MOVES];
    ck_assert_int_eq(G->gen_moves(st, moves), 0);
    ck_assert_uint_eq(game_perft(G, st, 2), 0);
    G->unmake(st, 0, &u);
    ck_assert_int_eq(status_of(st).over, 0);
    /* three attackers do not capture the king on the castle */
    set_pieces(st, "Ke5 td5 tf5 tg4 Tb1", 'b');
    play(st, "g4-e4", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    /* nor two on one line */
    set_pieces(st, "Ke5 td5 tg5 Tb1", 'b');
    ck_assert_int_eq(parse_rc(st, "g5-f5"), GAME_OK);
    play(st, "g5-f5", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    free(st);
}
END_TEST

START_TEST(test_king_capture_next_to_castle)
{
    void *st = new_game(NULL);
    game_undo u;
    /* king on d5: attackers on c5 d4 d6 */
    set_pieces(st, "Kd5 tc5 td4 tb6 Ta1", 'b');
    play(st, "b6-d6", &u);
    ck_assert_int_eq(status_of(st).over, 1);
    ck_assert_int_eq(status_of(st).winner, 0);
    /* two attackers and the empty castle are not enough */
    set_pieces(st, "Kd5 td4 tb6 Ta1", 'b');
    play(st, "b6-d6", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    set_pieces(st, "Kd5 tb5 Ta1 ti9", 'b');
    play(st, "b5-c5", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    /* king on e6: attackers on e7 d6 f6 */
    set_pieces(st, "Ke6 td6 tf6 ta7 Ta1", 'b');
    play(st, "a7-e7", &u);
    ck_assert_int_eq(status_of(st).winner, 0);
    ck_assert_int_eq(status_of(st).over, 1);
    free(st);
}
END_TEST

START_TEST(test_king_capture_elsewhere)
{
    void *st = new_game(NULL);
    game_undo u;
    set_pieces(st, "Kc3 td3 tb8 Ti9", 'b');
    play(st, "b8-b3", &u);
    ck_assert_int_eq(status_of(st).over, 1);
    ck_assert_int_eq(status_of(st).winner, 0);
    /* on a file */
    set_pieces(st, "Kg6 tg7 ta5 Ti9", 'b');
    play(st, "a5-g5", &u);
    ck_assert_int_eq(status_of(st).winner, 0);
    /* no capture across a corner or with a defender on the far side */
    set_pieces(st, "Kc3 Td3 tb8 Ti9", 'b');
    play(st, "b8-b3", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    set_pieces(st, "Kc3 tc4 tb8 Ti9", 'b');
    play(st, "b8-b3", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    /* the king moving between two attackers is not captured */
    set_pieces(st, "Kc6 tb3 td3 ti9", 'w');
    play(st, "c6-c3", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    /* only an attacker's move captures: a sandwiched king lives on */
    set_pieces(st, "Kc3 tb3 td3 ti9 Ta1", 'w');
    ck_assert_int_eq(status_of(st).over, 0);
    play(st, "a1-a2", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    /* the king on f5 (next to the castle) needs three attackers */
    set_pieces(st, "Kf5 tg5 th4 Ta1", 'b');
    play(st, "h4-f4", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    free(st);
}
END_TEST

START_TEST(test_king_escape)
{
    void *st = new_game(NULL);
    game_undo u;
    set_pieces(st, "Kc3 te9 ti5", 'w');
    play(st, "c3-c1", &u);
    struct game_status s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    move_t moves[GAME_MAX_MOVES];
    ck_assert_int_eq(G->gen_moves(st, moves), 0);
    char err[128];
    ck_assert_int_eq(G->parse_move(st, "e9-e8", moves, err, sizeof err),
                     GAME_EILLEGAL);
    /* a given position with the king on the edge is a finished game */
    set_pieces(st, "Ka4 te9 Tc3", 'b');
    s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_int_eq(G->gen_moves(st, moves), 0);
    ck_assert_uint_eq(game_perft(G, st, 3), 0);
    free(st);
}
END_TEST

/* ---- draws ------------------------------------------------------------ */
START_TEST(test_repetition)
{
    void *st = new_game(NULL);
    play_line(st, "a4-a3 e3-d3 a3-a4");
    ck_assert_int_eq(status_of(st).over, 0);
    play_line(st, "d3-e3");
    struct game_status s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, -1);
    move_t moves[GAME_MAX_MOVES];
    ck_assert_int_eq(G->gen_moves(st, moves), 0);
    free(st);

    /* repetition=3: the third occurrence; the second is marked for the
     * search (repeated), not the position after a pass */
    st = new_game("repetition=3");
    play_line(st, "a4-a3");
    ck_assert_int_eq(G->repeated(st), 0);
    play_line(st, "e3-d3 a3-a4 d3-e3");
    ck_assert_int_eq(status_of(st).over, 0);
    ck_assert_int_ne(G->repeated(st), 0);
    play_line(st, "a4-a3");
    ck_assert_int_ne(G->repeated(st), 0);
    game_undo nu;
    ck_assert_int_eq(G->make_null(st, &nu), 1);
    ck_assert_int_eq(G->repeated(st), 0);
    G->unmake_null(st, &nu);
    ck_assert_int_ne(G->repeated(st), 0);
    play_line(st, "e3-d3 a3-a4");
    ck_assert_int_eq(status_of(st).over, 0);
    play_line(st, "d3-e3");
    ck_assert_int_eq(status_of(st).over, 1);
    ck_assert_int_eq(status_of(st).winner, -1);
    free(st);

    /* a repetition of a position in the middle of the game, and the
     * setposition position as the first occurrence */
    st = new_game(NULL);
    set_pieces(st, "Ke7 ta1 Tc3", 'b');
    play_line(st, "a1-a2 c3-c4 a2-a3 c4-c5 a3-a2");
    ck_assert_int_eq(status_of(st).over, 0);
    play_line(st, "c5-c4");
    ck_assert_int_eq(status_of(st).over, 1);
    set_pieces(st, "Ke7 ta1 Tc3", 'b');
    play_line(st, "a1-a2 c3-c4 a2-a1");
    ck_assert_int_eq(status_of(st).over, 0);
    play_line(st, "c4-c3");
    ck_assert_int_eq(status_of(st).over, 1);
    free(st);
}
END_TEST

START_TEST(test_repetition_after_capture)
{
    /* a capture wipes the history, but positions after it still count */
    void *st = new_game(NULL);
    set_pieces(st, "Kg7 td3 Te3 Tc8 ta1", 'w');
    play_line(st, "c8-c3xd3 a1-a2 c3-c4 a2-a1");
    ck_assert_int_eq(status_of(st).over, 0);
    play_line(st, "c4-c3");
    ck_assert_int_eq(status_of(st).over, 1);
    ck_assert_int_eq(status_of(st).winner, -1);
    free(st);
}
END_TEST

START_TEST(test_no_move_draw)
{
    void *st = new_game(NULL);
    /* the attacker in the corner is walled in */
    set_pieces(st, "Ke7 ta1 Ta2 Tb1", 'b');
    struct game_status s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, -1);
    ck_assert_uint_eq(game_perft(G, st, 2), 0);
    /* a move that leaves the other side without a move ends the game */
    set_pieces(st, "Ke7 ta1 Ta3 Tc1", 'w');
    game_undo u;
    play(st, "c1-b1", &u);
    ck_assert_int_eq(status_of(st).over, 0);   /* a2 is still free */
    set_pieces(st, "Ke7 ta1 Ta2 Tc1", 'w');
    ck_assert_uint_eq(game_perft(G, st, 3), game_perft(G, st, 3));
    play(st, "c1-b1", &u);
    s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, -1);
    /* a side without pieces has no move */
    set_pieces(st, "Ke7 Ta2", 'b');
    s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, -1);
    free(st);
}
END_TEST

/* nomove=loss (OpenTafl's rule): the side to move without a legal move
 * loses; the position and the moves are the same as with the default. */
START_TEST(test_no_move_loss)
{
    void *st = new_game("nomove=loss");
    set_pieces(st, "Ke7 ta1 Ta2 Tb1", 'b');
    struct game_status s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_str_eq(s.reason, "no legal move");
    /* a defenders' move that walls the attackers in: the defenders win */
    set_pieces(st, "Ke7 ta1 Ta2 Tc1", 'w');
    game_undo u;
    play(st, "c1-b1", &u);
    s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    /* the defenders unable to move: the king enclosed on the castle */
    set_pieces(st, "Ke5 td5 tf5 te4 te6 ta1", 'w');
    s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    /* the attackers without pieces */
    set_pieces(st, "Ke7 Ta2", 'b');
    s = status_of(st);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    /* the option survives setposition */
    set_pieces(st, "Ke5 td5 tf5 te4 te6 ta1", 'w');
    ck_assert_int_eq(status_of(st).winner, 0);
    free(st);
    st = new_game("nomove=draw");
    set_pieces(st, "Ke5 td5 tf5 te4 te6 ta1", 'w');
    ck_assert_int_eq(status_of(st).winner, -1);
    free(st);
}
END_TEST

/* ---- make / unmake ---------------------------------------------------- */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

START_TEST(test_unmake_random)
{
    enum { PLIES = 400 };
    uint64_t seed = 12345;
    unsigned char *snap = malloc((size_t)(PLIES + 1) * G->state_size);
    game_undo *undo = malloc(PLIES * sizeof *undo);
    move_t *line = malloc(PLIES * sizeof *line);
    variant_opt = variants[_i];
    void *st = new_game(variant_opt), *fresh = new_game(variant_opt);
    int games = 0, escapes = 0, captures = 0, reps = 0, captures_seen = 0;
    for (games = 0; games < 60; games++) {
        ck_assert_int_eq(G->init(st, _i, &variant_opt, (char[64]){0}, 64), GAME_OK);
        int n = 0;
        for (; n < PLIES; n++) {
            move_t moves[GAME_MAX_MOVES];
            memcpy(snap + (size_t)n * G->state_size, st, G->state_size);
            int k = G->gen_moves(st, moves);
            if (!k)
                break;
            line[n] = moves[rng_next(&seed) % (uint64_t)k];
            char before[81], after[81], text[64];
            grid_of(st, before);
            G->make(st, line[n], &undo[n]);
            grid_of(st, after);
            /* the capture suffix parse_move expects is what make removed */
            G->format_move(snap + (size_t)n * G->state_size, line[n], text,
                           sizeof text);
            int from = (text[1] - '1') * 9 + (text[0] - 'a');
            for (int q = 0; q < 81; q++)
                if (before[q] != '.' && after[q] == '.' && q != from) {
                    size_t l = strlen(text);
                    snprintf(text + l, sizeof text - l, "x%c%c", 'a' + q % 9,
                             '1' + q / 9);
                    captures_seen++;
                }
            move_t back;
            char perr[128];
            ck_assert_msg(G->parse_move(snap + (size_t)n * G->state_size, text,
                                        &back, perr, sizeof perr) == GAME_OK,
                          "%s: %s", text, perr);
            ck_assert_uint_eq(back, line[n]);
            /* the incremental hash is the hash of the position */
            char pos[128], err[128];
            G->format_position(st, pos, sizeof pos);
            ck_assert_int_eq(G->parse_position(fresh, pos, err, sizeof err),
                             GAME_OK);
            ck_assert_uint_eq(G->hash(fresh), G->hash(st));
        }
        struct game_status s = status_of(st);
        if (s.over && s.winner == 1)
            escapes++;
        if (s.over && s.winner == 0)
            captures++;
        if (s.over && s.winner == -1)
            reps++;
        while (n-- > 0) {
            G->unmake(st, line[n], &undo[n]);
            ck_assert_msg(memcmp(st, snap + (size_t)n * G->state_size,
                                 G->state_size) == 0,
                          "game %d ply %d: unmake differs", games, n);
        }
    }
    ck_assert_int_gt(escapes + captures + reps, 0);
    ck_assert_int_gt(captures_seen, 0);
    free(fresh);
    free(st);
    free(line);
    free(undo);
    free(snap);
}
END_TEST

START_TEST(test_sizes_and_print)
{
    ck_assert_uint_le(G->undo_size, GAME_UNDO_MAX);
    ck_assert_str_eq(G->name, "tablut");
    ck_assert_str_eq(G->side_names[0], "black");
    void *st = new_game(NULL);
    char buf[2048];
    G->print(st, buf, sizeof buf);
    size_t len = strlen(buf);
    ck_assert_uint_gt(len, 100);
    ck_assert_int_ne(buf[len - 1], '\n');
    ck_assert_ptr_null(strstr(buf, "\n\n"));
    ck_assert_ptr_nonnull(strstr(buf, "a b c d e f g h i"));
    ck_assert_ptr_nonnull(strstr(buf, "t t T T K T T t t"));
    set_pieces(st, "Kc3 te9", 'w');
    G->print(st, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, ". + ."));  /* the empty castle */
    ck_assert_int_eq(G->board_size(st), 9);
    free(st);
}
END_TEST

/* ---- evaluation ------------------------------------------------------- */
START_TEST(test_evaluate)
{
    void *st = new_game(NULL);
    int e = G->evaluate(st);
    ck_assert_int_le(abs(e), 1000);
    /* king with an open line, defenders to move: nearly won */
    set_pieces(st, "Kc3 tc4 td3 tb9 ti9 ta9 ta8", 'w');
    int a = G->evaluate(st);
    ck_assert_int_gt(a, 5000);
    ck_assert_int_le(a, SCORE_EVAL_MAX);
    /* two open lines, attackers to move: still bad for them */
    set_pieces(st, "Kc3 tc4 tb9 ti9 ta9 ta8", 'b');
    ck_assert_int_lt(G->evaluate(st), -5000);
    /* one open line, attackers to move: they can block */
    set_pieces(st, "Kc3 tc4 td3 tc1 tb9 ti9 ta9 ta8", 'b');
    ck_assert_int_gt(G->evaluate(st), -5000);
    /* more material is better */
    set_pieces(st, "Ke5 td5 tf5 te4 te6 Tb8", 'b');
    int x = G->evaluate(st);
    set_pieces(st, "Ke5 td5 tf5 te4 te6 tc7 Tb8", 'b');
    ck_assert_int_gt(G->evaluate(st), x);
    /* bounded on random positions */
    uint64_t seed = 7;
    ck_assert_int_eq(G->init(st, 0, NULL, (char[64]){0}, 64), GAME_OK);
    for (int i = 0; i < 2000; i++) {
        move_t moves[GAME_MAX_MOVES];
        game_undo u;
        int k = G->gen_moves(st, moves);
        if (!k) {
            G->init(st, 0, NULL, (char[64]){0}, 64);
            continue;
        }
        G->make(st, moves[rng_next(&seed) % (uint64_t)k], &u);
        e = G->evaluate(st);
        ck_assert_int_le(abs(e), SCORE_EVAL_MAX);
        /* a win in one for the side to move shows as a huge score */
        int me = G->side_to_move(st), wins = 0;
        k = G->gen_moves(st, moves);
        for (int j = 0; j < k && !wins; j++) {
            game_undo u2;
            G->make(st, moves[j], &u2);
            struct game_status gs = status_of(st);
            wins = gs.over && gs.winner == me;
            G->unmake(st, moves[j], &u2);
        }
        if (wins)
            ck_assert_int_ge(e, 10000);
        else if (me == 0)
            ck_assert_int_lt(e, 10000);
    }
    free(st);
}
END_TEST

/* ---- search helpers ---------------------------------------------------- */
/* The same position with the other side to move (a fresh history). */
static void *flipped(const void *st)
{
    char pos[128], err[128];
    G->format_position(st, pos, sizeof pos);
    size_t l = strlen(pos);
    pos[l - 1] = pos[l - 1] == 'b' ? 'w' : 'b';
    void *f = new_game(variant_opt);
    ck_assert_int_eq(G->parse_position(f, pos, err, sizeof err), GAME_OK);
    return f;
}

/* Does the side to move of st have a move that wins at once? */
static int wins_in_one(void *st)
{
    move_t moves[GAME_MAX_MOVES];
    int n = G->gen_moves(st, moves), me = G->side_to_move(st), w = 0;
    for (int i = 0; i < n && !w; i++) {
        game_undo u;
        G->make(st, moves[i], &u);
        struct game_status s = status_of(st);
        w = s.over && s.winner == me && strcmp(s.reason, "no legal move") != 0;
        G->unmake(st, moves[i], &u);
    }
    return w;
}

START_TEST(test_search_helpers)
{
    uint64_t seed = 99;
    variant_opt = variants[_i];
    void *st = new_game(variant_opt);
    int tactical_seen = 0, wins_seen = 0, threats[2] = {0, 0}, nulls = 0;
    for (int games = 0; games < 30; games++) {
        ck_assert_int_eq(G->init(st, _i, &variant_opt, (char[64]){0}, 64), GAME_OK);
        for (int ply = 0; ply < 300; ply++) {
            move_t moves[GAME_MAX_MOVES], tact[GAME_MAX_MOVES];
            int n = G->gen_moves(st, moves);
            int nt = G->gen_tactical(st, tact);
            if (!n) {
                ck_assert_int_eq(nt, 0);
                break;
            }
            /* the tactical moves: exactly the wins in one and the
             * captures, wins first, each once */
            int me = G->side_to_move(st), k = 0, last_win = -1, first_other = nt;
            for (int i = 0; i < n; i++) {
                char before[81], after[81];
                game_undo u;
                grid_of(st, before);
                G->make(st, moves[i], &u);
                grid_of(st, after);
                struct game_status s = status_of(st);
                /* (leaving the opponent no move wins under Ashton, but is
                 * no tactical move: the search finds it one ply on) */
                int win = s.over && s.winner == me &&
                          strcmp(s.reason, "no legal move") != 0, capt = 0;
                for (int q = 0; q < 81; q++)
                    capt += before[q] != '.' && after[q] == '.' &&
                            q != (int)(moves[i] & 0xff);
                G->unmake(st, moves[i], &u);
                int at = -1;
                for (int j = 0; j < nt; j++)
                    if (tact[j] == moves[i]) {
                        ck_assert_int_eq(at, -1);
                        at = j;
                    }
                ck_assert_msg((at >= 0) == (win || capt > 0),
                              "game %d ply %d: move %x win %d capt %d listed %d",
                              games, ply, moves[i], win, capt, at);
                if (at >= 0) {
                    k++;
                    if (win && at > last_win)
                        last_win = at;
                    if (!win && at < first_other)
                        first_other = at;
                }
                wins_seen += win;
            }
            ck_assert_int_eq(k, nt);
            ck_assert_int_lt(last_win, first_other);
            tactical_seen += nt;
            /* threatened: the opponent, were it to move, would win at once */
            void *f = flipped(st);
            int th = G->threatened(st);
            ck_assert_int_eq(th, wins_in_one(f));
            threats[me] += th;
            /* a pass: the flipped position, taken back exactly */
            unsigned char *snap = malloc(G->state_size);
            memcpy(snap, st, G->state_size);
            game_undo u;
            if (G->make_null(st, &u)) {
                nulls++;
                ck_assert_uint_eq(G->hash(st), G->hash(f));
                ck_assert_int_eq(G->side_to_move(st), !me);
                ck_assert_int_eq(G->gen_moves(st, tact), G->gen_moves(f, moves));
                ck_assert_int_eq(G->evaluate(st), G->evaluate(f));
                G->unmake_null(st, &u);
            }
            ck_assert(memcmp(snap, st, G->state_size) == 0);
            free(snap);
            free(f);
            n = G->gen_moves(st, moves);
            G->make(st, moves[rng_next(&seed) % (uint64_t)n], &u);
        }
    }
    ck_assert_int_gt(tactical_seen, 100);
    ck_assert_int_gt(wins_seen, 10);
    ck_assert_int_gt(threats[0], 10);
    ck_assert_int_gt(threats[1], 10);
    ck_assert_int_gt(nulls, 1000);
    free(st);
}
END_TEST


/* ---- Ashton rules (rules=ashton) -------------------------------------- */
/* Perft from the start: the counts of the Bologna challenge's referee
 * (its GameAshtonTablut as the move generator). */
START_TEST(test_ashton_perft)
{
    static const uint64_t want[] = {1, 56, 4408, 248456, 19159224};
    void *st = new_game("rules=ashton");
    char pos[128];
    G->format_position(st, pos, sizeof pos);
    ck_assert_str_eq(pos, "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 w");
    ck_assert_int_eq(G->side_to_move(st), 1);
    for (int d = 1; d <= 4; d++)
        ck_assert_uint_eq(game_perft(G, st, d), want[d]);
    ck_assert_uint_eq(generic_perft(st, 3), want[3]);
    free(st);
}
END_TEST

/* The fast perft and the generic one agree in Ashton middle games. */
START_TEST(test_ashton_perft_generic)
{
    static const char *pos[] = {
        "3tt2t1/4t4/3T5/t5T1t/ttTTKTT1t/t7t/4t2T1/9/3ttt3 b",
        "4t2t1/1t1t5/9/4t1T1t/tt1T1TT1t/t2t4t/4K1T2/4t4/5t3 w",
        "3t1t3/9/2t1T4/t2K4t/tt1T2Ttt/t3t3t/9/4t4/3t1t3 b",
    };
    for (size_t i = 0; i < sizeof pos / sizeof *pos; i++) {
        void *st = new_game("rules=ashton");
        char err[128] = "";
        ck_assert_msg(G->parse_position(st, pos[i], err, sizeof err) ==
                      GAME_OK, "%s", err);
        for (int d = 1; d <= 3; d++)
            ck_assert_uint_eq(game_perft(G, st, d), generic_perft(st, d));
        free(st);
    }
}
END_TEST

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every legal move of st as the cross-check data writes it: from-to, the
 * captured squares sorted, "!w"/"!b" when it wins; sorted, space-separated. */
static void ashton_move_set(void *st, char *out, size_t n)
{
    move_t moves[GAME_MAX_MOVES];
    static char texts[GAME_MAX_MOVES][40];
    char *ptr[GAME_MAX_MOVES];
    int k = G->gen_moves(st, moves);
    for (int i = 0; i < k; i++) {
        char before[81], after[81], capt[8][3];
        int nc = 0;
        game_undo u;
        grid_of(st, before);
        G->format_move(st, moves[i], texts[i], sizeof texts[i]);
        int from = (texts[i][1] - '1') * 9 + (texts[i][0] - 'a');
        G->make(st, moves[i], &u);
        grid_of(st, after);
        struct game_status gs = status_of(st);
        G->unmake(st, moves[i], &u);
        for (int q = 0; q < 81; q++)
            if (before[q] != '.' && after[q] == '.' && q != from) {
                capt[nc][0] = (char)('a' + q % 9);
                capt[nc][1] = (char)('1' + q / 9);
                capt[nc++][2] = '\0';
            }
        qsort(capt, (size_t)nc, sizeof capt[0],
              (int (*)(const void *, const void *))strcmp);
        for (int c = 0; c < nc; c++) {
            strcat(texts[i], "x");
            strcat(texts[i], capt[c]);
        }
        if (gs.over && gs.winner == 1 && !strcmp(gs.reason, "king escaped"))
            strcat(texts[i], "!w");
        if (gs.over && gs.winner == 0 && !strcmp(gs.reason, "king captured"))
            strcat(texts[i], "!b");
        ptr[i] = texts[i];
    }
    qsort(ptr, (size_t)k, sizeof *ptr, cmp_str);
    out[0] = '\0';
    for (int i = 0; i < k; i++) {
        ck_assert_uint_lt(strlen(out) + strlen(ptr[i]) + 2, n);
        strcat(out, " ");
        strcat(out, ptr[i]);
    }
}

/* tests/data/ashton-crosscheck.txt (made by bench/ashton-crosscheck with
 * the referee's own rules class): in every position the same legal moves,
 * captures and wins. */
START_TEST(test_ashton_crosscheck)
{
    const char *path = getenv("ASHTON_DATA");
    char def[4096];
    if (!path) {
        const char *top = getenv("top_srcdir");
        snprintf(def, sizeof def, "%s/tests/data/ashton-crosscheck.txt",
                 top ? top : "..");
        path = def;
    }
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char line[16384], mine[16384];
    int positions = 0, moves = 0, captures = 0, wins = 0;
    void *st = new_game("rules=ashton");
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        line[strcspn(line, "\n")] = '\0';
        char *semi = strstr(line, " ;");
        ck_assert_ptr_nonnull(semi);
        *semi = '\0';
        char err[128] = "";
        ck_assert_msg(G->parse_position(st, line, err, sizeof err) == GAME_OK,
                      "%s: %s", line, err);
        ashton_move_set(st, mine, sizeof mine);
        ck_assert_msg(!strcmp(mine, semi + 2),
                      "%s\nreferee:%s\ntabula: %s", line, semi + 2, mine);
        positions++;
        for (const char *p = semi + 2; *p; p++) {
            moves += *p == '-';
            captures += *p == 'x';
            wins += *p == '!';
        }
    }
    fclose(f);
    free(st);
    /* the data covers what it must */
    ck_assert_int_ge(positions, 500);
    ck_assert_int_ge(captures, 300);
    ck_assert_int_ge(wins, 50);
}
END_TEST

/* The camps, the throne, and what they change about captures. */
START_TEST(test_ashton_rules)
{
    void *st = new_game("rules=ashton");
    /* the start: white moves first; nothing crosses the throne, nobody
     * enters a camp from outside */
    ck_assert_int_eq(parse_rc(st, "e4-e3"), GAME_EILLEGAL);  /* e3 is white's */
    set_pieces(st, "Ke5 Tc3 tb9 ta5 tg7", 'w');
    ck_assert_int_eq(parse_rc(st, "c3-c2"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "e5-e1"), GAME_EILLEGAL);  /* camp e2 */
    ck_assert_int_eq(parse_rc(st, "e5-e3"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "c3-a3"), GAME_OK);
    set_pieces(st, "Kc5 Tg5 tb9 ta5 tg7", 'w');
    ck_assert_int_eq(parse_rc(st, "g5-c5"), GAME_EILLEGAL);  /* blocked */
    ck_assert_int_eq(parse_rc(st, "c5-d5"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "c5-f5"), GAME_EILLEGAL);  /* the throne */
    ck_assert_int_eq(parse_rc(st, "g5-f5"), GAME_OK);
    /* a black piece in a camp moves within and across camps, not 6+ into
     * the opposite camp; one that left may not come back */
    set_pieces(st, "Kc7 td1 ta4 tc3", 'b');
    ck_assert_int_eq(parse_rc(st, "d1-f1"), GAME_OK);        /* across e1 */
    ck_assert_int_eq(parse_rc(st, "a4-a6"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "a4-i4"), GAME_EILLEGAL);  /* 8 into i4 */
    ck_assert_int_eq(parse_rc(st, "a4-h4"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "d1-d9"), GAME_EILLEGAL);
    ck_assert_int_eq(parse_rc(st, "tc3-c1"), GAME_ESYNTAX);
    ck_assert_int_eq(parse_rc(st, "c3-e3"), GAME_OK);
    ck_assert_int_eq(parse_rc(st, "c3-c1"), GAME_OK);
    set_pieces(st, "Kc7 tc1", 'b');
    ck_assert_int_eq(parse_rc(st, "c1-d1"), GAME_EILLEGAL);  /* into d1 */
    ck_assert_int_eq(parse_rc(st, "c1-g1"), GAME_EILLEGAL);  /* across */
    /* anvils against black soldiers: camps but a5 e1 i5 e9, the throne
     * (empty or not), the king */
    set_pieces(st, "Kg7 Tc4 tc2 Tg4 tg2", 'w');
    ck_assert_int_eq(parse_rc(st, "c4-c3"), GAME_OK);        /* c1 is no camp */
    set_pieces(st, "Kg7 Td4 td2 Tg4 tg2", 'w');
    ck_assert_int_eq(parse_rc(st, "d4-d3xd2"), GAME_OK);     /* d1 a camp */
    set_pieces(st, "Kg7 Tf3 te2 Tg4", 'w');
    ck_assert_int_eq(parse_rc(st, "f3-e3"), GAME_OK);        /* e1: no anvil */
    ck_assert_int_eq(parse_rc(st, "f3-e3xe2"), GAME_EILLEGAL);
    set_pieces(st, "Ke5 Tc4 td5 Tg4", 'w');
    ck_assert_int_eq(parse_rc(st, "c4-c5xd5"), GAME_OK);     /* the king on the throne */
    set_pieces(st, "Kg7 Tc4 td5 Tg4 te6", 'w');
    ck_assert_int_eq(parse_rc(st, "c4-c5xd5"), GAME_OK);     /* the empty throne */
    /* anvils against white soldiers: every camp, the throne with the king */
    set_pieces(st, "Ke5 Td5 tc7", 'b');
    ck_assert_int_eq(parse_rc(st, "c7-c5xd5"), GAME_OK);     /* the king's throne */
    set_pieces(st, "Ke5 Te6 td7 Tg2", 'b');
    ck_assert_int_eq(parse_rc(st, "d7-d6"), GAME_OK);
    set_pieces(st, "Kg7 Te6 tc7 Tg2", 'b');
    ck_assert_int_eq(parse_rc(st, "c7-c6"), GAME_OK);
    set_pieces(st, "Kc7 Td6 tc5 Tg2", 'b');
    ck_assert_int_eq(parse_rc(st, "c5-c6xd6"), GAME_EILLEGAL); /* e6 empty */
    set_pieces(st, "Kc7 Tb3 tc2 Tg2", 'b');
    ck_assert_int_eq(parse_rc(st, "c2-c3xb3"), GAME_EILLEGAL); /* a3: no camp */
    set_pieces(st, "Kc7 Tb4 tc3 Tg2", 'b');
    ck_assert_int_eq(parse_rc(st, "c3-c4xb4"), GAME_OK);     /* against camp a4 */
    set_pieces(st, "Kc7 Tb6 tc3 Tg2", 'b');
    ck_assert_int_eq(parse_rc(st, "c3-c6xb6"), GAME_OK);     /* a6 */
    set_pieces(st, "Kc7 Tf2 tg3 Tg7", 'b');
    ck_assert_int_eq(parse_rc(st, "g3-g2xf2"), GAME_OK);     /* e2 */
    free(st);
}
END_TEST

/* The king: by four on the throne, three next to it, elsewhere by two or
 * by one against a camp; he escapes on the 20 edge squares outside camps. */
START_TEST(test_ashton_king)
{
    void *st = new_game("rules=ashton");
    game_undo u;
    set_pieces(st, "Ke5 td5 te6 tf5 tg4 Tb2", 'b');
    play(st, "g4-e4", &u);
    ck_assert_int_eq(status_of(st).over, 1);
    ck_assert_int_eq(status_of(st).winner, 0);
    set_pieces(st, "Ke4 td4 tf4 tg3 Tb2", 'b');
    play(st, "g3-e3", &u);
    ck_assert_int_eq(status_of(st).winner, 0);
    set_pieces(st, "Ke4 td4 tg3 Tb2", 'b');
    play(st, "g3-e3", &u);
    ck_assert_int_eq(status_of(st).over, 0);
    /* against the camp e2: one attacker */
    set_pieces(st, "Ke3 tg4 Tb7", 'b');
    play(st, "g4-e4", &u);
    ck_assert_int_eq(status_of(st).winner, 0);
    ck_assert_str_eq(status_of(st).reason, "king captured");
    /* against the camp b5 */
    set_pieces(st, "Kc5 tc8 Tg7", 'b');
    ck_assert_int_eq(parse_rc(st, "c8-c6"), GAME_OK);
    play(st, "c8-c6", &u);
    ck_assert_int_eq(status_of(st).over, 0);         /* c4 empty, b5 is beside */
    set_pieces(st, "Kc5 td8 Tg7", 'b');
    play(st, "d8-d5", &u);
    ck_assert_int_eq(status_of(st).winner, 0);        /* d5 and the camp b5 */
    /* escapes: not into a camp, on the other edge squares */
    set_pieces(st, "Kc3 th8 tf8", 'w');
    ck_assert_int_eq(parse_rc(st, "c3-c1"), GAME_OK);
    play(st, "c3-c1", &u);
    ck_assert_int_eq(status_of(st).winner, 1);
    ck_assert_str_eq(status_of(st).reason, "king escaped");
    set_pieces(st, "Kd3 th8 tf8", 'w');
    ck_assert_int_eq(parse_rc(st, "d3-d1"), GAME_EILLEGAL);
    /* no legal move loses: d2 is shut in by c2, d3 and the camps d1 e2 */
    set_pieces(st, "Kg7 td2 Tc2 Td3", 'b');
    ck_assert_int_eq(status_of(st).over, 1);
    ck_assert_int_eq(status_of(st).winner, 1);
    ck_assert_str_eq(status_of(st).reason, "no legal move");
    set_pieces(st, "Kg7 td2 Tc2", 'b');
    ck_assert_int_eq(status_of(st).over, 0);
    free(st);
}
END_TEST

/* A draw on the first recurrence since the last capture; the start position
 * is not remembered (the referee keeps the positions after each move). */
START_TEST(test_ashton_repetition)
{
    void *st = new_game("rules=ashton");
    play_line(st, "e3-d3 a4-a3 d3-e3 a3-a2 e3-d3");
    ck_assert_int_eq(status_of(st).over, 0);
    play_line(st, "a2-a3");                             /* after a4-a3 again */
    ck_assert_int_eq(status_of(st).over, 1);
    ck_assert_int_eq(status_of(st).winner, -1);
    ck_assert_str_eq(status_of(st).reason, "repetition");
    /* a set-up position comes back: no draw yet; the one after its first
     * move does */
    set_pieces(st, "Kc7 Tg3 td1", 'w');
    play_line(st, "g3-g4 d1-e1 g4-g3 e1-d1");
    ck_assert_int_eq(status_of(st).over, 0);
    play_line(st, "g3-g4");
    ck_assert_int_eq(status_of(st).over, 1);
    ck_assert_int_eq(status_of(st).winner, -1);
    ck_assert_str_eq(status_of(st).reason, "repetition");
    char var[64];
    G->format_variant(st, var, sizeof var);
    ck_assert_str_eq(var, "rules=ashton");
    free(st);
    /* options */
    char err[128] = "";
    const char *bad[1] = {"rules=modern"};
    void *t = calloc(1, G->state_size);
    ck_assert_int_eq(G->init(t, 1, bad, err, sizeof err), GAME_EINVALID);
    ck_assert_str_eq(err, "rules must be tablut or ashton, not 'modern'");
    const char *two[2] = {"rules=ashton", "nomove=draw"};
    ck_assert_int_eq(G->init(t, 2, two, err, sizeof err), GAME_OK);
    G->format_variant(t, var, sizeof var);
    ck_assert_str_eq(var, "rules=ashton nomove=draw");
    const char *tab[1] = {"rules=tablut"};
    ck_assert_int_eq(G->init(t, 1, tab, err, sizeof err), GAME_OK);
    G->format_variant(t, var, sizeof var);
    ck_assert_str_eq(var, "");
    /* a white piece cannot stand on a camp */
    ck_assert_int_eq(G->init(t, 1, two, err, sizeof err), GAME_OK);
    ck_assert_int_eq(G->parse_position(t, "9/9/9/9/T3K4/9/9/9/9 b", err, sizeof err),
                     GAME_EINVALID);
    free(t);
}
END_TEST

static Suite *tablut_suite(void)
{
    Suite *s = suite_create("tablut");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_perft_start);
    tcase_add_test(tc, test_defender_moves);
    tcase_add_test(tc, test_perft_generic);
    tcase_add_test(tc, test_perft_stop);
    tcase_add_test(tc, test_position_roundtrip);
    tcase_add_test(tc, test_position_rejects);
    tcase_add_test(tc, test_options);
    tcase_add_test(tc, test_no_move_loss);
    tcase_add_test(tc, test_move_parsing);
    tcase_add_test(tc, test_castle_moves);
    tcase_add_test(tc, test_capture_basic);
    tcase_add_test(tc, test_capture_king_armed);
    tcase_add_test(tc, test_capture_castle);
    tcase_add_test(tc, test_capture_triple);
    tcase_add_test(tc, test_king_capture_castle);
    tcase_add_test(tc, test_king_capture_next_to_castle);
    tcase_add_test(tc, test_king_capture_elsewhere);
    tcase_add_test(tc, test_king_escape);
    tcase_add_test(tc, test_repetition);
    tcase_add_test(tc, test_repetition_after_capture);
    tcase_add_test(tc, test_no_move_draw);
    tcase_add_loop_test(tc, test_unmake_random, 0, 2);
    tcase_add_test(tc, test_sizes_and_print);
    tcase_add_test(tc, test_evaluate);
    tcase_add_loop_test(tc, test_search_helpers, 0, 2);
    tcase_add_test(tc, test_ashton_perft);
    tcase_add_test(tc, test_ashton_perft_generic);
    tcase_add_test(tc, test_ashton_crosscheck);
    tcase_add_test(tc, test_ashton_rules);
    tcase_add_test(tc, test_ashton_king);
    tcase_add_test(tc, test_ashton_repetition);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(tablut_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
