/* check_rastros.c -- unit tests of the Rastros rules, through struct game
 * only, against naive independent re-implementations written here
 * (perft counter, minimax solver) that share no code with rastros.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"

static const struct game *const G = &rastros_game;

typedef union {
    unsigned char bytes[512];
    uint64_t align_;
} state_buf;

static void init_opts(state_buf *st, int n, const char *const *opts)
{
    char err[128] = "";
    ck_assert_uint_le(G->state_size, sizeof st->bytes);
    int rc = G->init(st, n, opts, err, sizeof err);
    ck_assert_msg(rc == GAME_OK, "init failed: %s", err);
}

static void init_size(state_buf *st, int size)
{
    char o[16];
    snprintf(o, sizeof o, "size=%d", size);
    const char *opts[] = {o};
    init_opts(st, 1, opts);
}

static void set_pos(state_buf *st, const char *pos)
{
    char err[128] = "";
    init_size(st, 7);
    int rc = G->parse_position(st, pos, err, sizeof err);
    ck_assert_msg(rc == GAME_OK, "position '%s' rejected: %s", pos, err);
}

/* A tiny deterministic generator, so failures reproduce. */
static uint64_t rng_state = 88172645463325252ULL;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static int rnd_below(int n) { return (int)(rnd() % (uint64_t)n); }

/* ------------------------------------------------------------------
 * An independent model of the rules: a grid of chars.
 * ------------------------------------------------------------------ */
struct naive {
    int n;
    char cell[8][8];            /* [rank][file]: '.' free, 'x' slimed */
    int sf, sr;                 /* snail */
    int stm;
};

static int naive_is_goal(const struct naive *p, int f, int r, int *owner)
{
    if (f == 0 && r == 0) {
        *owner = 0;
        return 1;
    }
    if (f == p->n - 1 && r == p->n - 1) {
        *owner = 1;
        return 1;
    }
    return 0;
}

/* Legal destinations into fs/rs; returns their number. */
static int naive_moves(const struct naive *p, int *fs, int *rs)
{
    int k = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++) {
            int f = p->sf + df, r = p->sr + dr;
            if ((df || dr) && f >= 0 && r >= 0 && f < p->n && r < p->n &&
                p->cell[r][f] == '.') {
                fs[k] = f;
                rs[k] = r;
                k++;
            }
        }
    return k;
}

static void naive_to_string(const struct naive *p, char *buf)
{
    char *o = buf;
    for (int r = p->n - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < p->n; f++) {
            char c = (f == p->sf && r == p->sr) ? 's' : p->cell[r][f];
            if (c == '.') {
                run++;
                continue;
            }
            if (run)
                *o++ = (char)('0' + run);
            run = 0;
            *o++ = c;
        }
        if (run)
            *o++ = (char)('0' + run);
        if (r)
            *o++ = '/';
    }
    sprintf(o, " %d", p->stm + 1);
}

/* perft with the spec's leaf rule: a move ending the game is a leaf. */
static uint64_t naive_perft(struct naive *p, int depth)
{
    int fs[8], rs[8], own;
    int k = naive_moves(p, fs, rs);
    if (depth == 1)
        return (uint64_t)k;
    uint64_t t = 0;
    for (int i = 0; i < k; i++) {
        int of = p->sf, orr = p->sr;
        p->cell[orr][of] = 'x';
        p->sf = fs[i];
        p->sr = rs[i];
        p->stm ^= 1;
        int f2[8], r2[8];
        if (naive_is_goal(p, p->sf, p->sr, &own) || naive_moves(p, f2, r2) == 0)
            t++;
        else
            t += naive_perft(p, depth - 1);
        p->stm ^= 1;
        p->sf = of;
        p->sr = orr;
        p->cell[orr][of] = '.';
    }
    return t;
}

/* Number of games over exactly at depth d (leaves that end the game). */
static uint64_t naive_over_at(struct naive *p, int depth)
{
    int fs[8], rs[8], own;
    int k = naive_moves(p, fs, rs);
    uint64_t t = 0;
    for (int i = 0; i < k; i++) {
        int of = p->sf, orr = p->sr;
        p->cell[orr][of] = 'x';
        p->sf = fs[i];
        p->sr = rs[i];
        p->stm ^= 1;
        int f2[8], r2[8];
        int over = naive_is_goal(p, p->sf, p->sr, &own) ||
                   naive_moves(p, f2, r2) == 0;
        if (depth == 1)
            t += over;
        else if (!over)
            t += naive_over_at(p, depth - 1);
        p->stm ^= 1;
        p->sf = of;
        p->sr = orr;
        p->cell[orr][of] = '.';
    }
    return t;
}

static void naive_start(struct naive *p, int n)
{
    memset(p, 0, sizeof *p);
    p->n = n;
    memset(p->cell, '.', sizeof p->cell);
    p->sf = p->sr = n / 2;
}

/* Full minimax with the length of the game: +(1000 - plies) when the side
 * to move wins, -(1000 - plies) when it loses; the winner hurries and the
 * loser delays. Exponential: only for small free regions. */
static int naive_solve(struct naive *p)
{
    int fs[8], rs[8], own;
    int k = naive_moves(p, fs, rs);
    if (k == 0)
        return -1000;
    int best = -100000;
    for (int i = 0; i < k; i++) {
        int v;
        if (naive_is_goal(p, fs[i], rs[i], &own)) {
            v = own == p->stm ? 999 : -999;
        } else {
            int of = p->sf, orr = p->sr;
            p->cell[orr][of] = 'x';
            p->sf = fs[i];
            p->sr = rs[i];
            p->stm ^= 1;
            v = -naive_solve(p);
            v += v > 0 ? -1 : 1;
            p->stm ^= 1;
            p->sf = of;
            p->sr = orr;
            p->cell[orr][of] = '.';
        }
        if (v > best)
            best = v;
    }
    return best;
}

/* Value-only minimax with memo (win/loss of the side to move), for larger
 * regions. The key is the free-square set, snail and side to move. */
#define MEMO_BITS 21
#define MEMO_MASK ((1u << MEMO_BITS) - 1)
struct memo_entry {
    uint64_t free;
    uint32_t gen;               /* entries of older generations are empty */
    uint16_t tag;               /* snail * 2 + stm */
    int8_t val;
};
static struct memo_entry *memo;
static uint32_t memo_gen;
static size_t memo_fill;

static uint64_t naive_free_mask(const struct naive *p)
{
    uint64_t m = 0;
    for (int r = 0; r < p->n; r++)
        for (int f = 0; f < p->n; f++)
            if (p->cell[r][f] == '.' && !(f == p->sf && r == p->sr))
                m |= 1ULL << (r * 8 + f);
    return m;
}

static int naive_win(struct naive *p)
{
    uint64_t fm = naive_free_mask(p);
    uint16_t tag = (uint16_t)((p->sr * 8 + p->sf) * 2 + p->stm);
    uint64_t h = (fm ^ ((uint64_t)(tag + 1) * 0x9e3779b97f4a7c15ULL)) *
                 0xbf58476d1ce4e5b9ULL;
    size_t idx = (size_t)(h >> (64 - MEMO_BITS));
    while (memo[idx].gen == memo_gen) {
        if (memo[idx].tag == tag && memo[idx].free == fm)
            return memo[idx].val;
        idx = (idx + 1) & MEMO_MASK;
    }
    int fs[8], rs[8], own, win = 0;
    int k = naive_moves(p, fs, rs);
    for (int i = 0; i < k && !win; i++) {
        if (naive_is_goal(p, fs[i], rs[i], &own)) {
            win = own == p->stm;
            continue;
        }
        int of = p->sf, orr = p->sr;
        p->cell[orr][of] = 'x';
        p->sf = fs[i];
        p->sr = rs[i];
        p->stm ^= 1;
        win = !naive_win(p);
        p->stm ^= 1;
        p->sf = of;
        p->sr = orr;
        p->cell[orr][of] = '.';
    }
    /* re-probe: the table may have been filled meanwhile; stop storing
     * when three quarters full so that probing always ends */
    if (memo_fill < (size_t)MEMO_MASK / 4 * 3) {
        idx = (size_t)(h >> (64 - MEMO_BITS));
        while (memo[idx].gen == memo_gen)
            idx = (idx + 1) & MEMO_MASK;
        memo[idx].free = fm;
        memo[idx].gen = memo_gen;
        memo[idx].tag = tag;
        memo[idx].val = (int8_t)win;
        memo_fill++;
    }
    return win;
}

static void memo_reset(void)
{
    if (!memo) {
        memo = calloc((size_t)1 << MEMO_BITS, sizeof *memo);
        ck_assert_ptr_nonnull(memo);
    }
    memo_gen++;
    memo_fill = 0;
}

/* Region reachable from the snail through free non-goal squares; sets
 * *goal_reachable if a free goal corner touches it. Returns its size
 * (free squares, snail excluded). */
static int naive_region(const struct naive *p, int *goal_reachable)
{
    char seen[8][8] = {{0}};
    int qf[64], qr[64], qh = 0, qt = 0, count = 0, own;
    *goal_reachable = 0;
    seen[p->sr][p->sf] = 1;
    qf[qt] = p->sf;
    qr[qt++] = p->sr;
    while (qh < qt) {
        int f0 = qf[qh], r0 = qr[qh++];
        for (int dr = -1; dr <= 1; dr++)
            for (int df = -1; df <= 1; df++) {
                int f = f0 + df, r = r0 + dr;
                if (f < 0 || r < 0 || f >= p->n || r >= p->n || seen[r][f] ||
                    p->cell[r][f] != '.')
                    continue;
                if (naive_is_goal(p, f, r, &own)) {
                    *goal_reachable = 1;
                    continue;
                }
                seen[r][f] = 1;
                count++;
                qf[qt] = f;
                qr[qt++] = r;
            }
    }
    return count;
}

/* ------------------------------------------------------------------ */

START_TEST(test_table)
{
    ck_assert_str_eq(G->name, "rastros");
    ck_assert_str_eq(G->title, "Rastros (Slime Trail)");
    ck_assert_str_eq(G->side_names[0], "black");
    ck_assert_str_eq(G->side_names[1], "white");
    ck_assert_int_eq(G->gtp_letter[0], 'B');
    ck_assert_int_eq(G->gtp_letter[1], 'W');
    ck_assert_ptr_eq(game_find("rastros"), G);
    ck_assert_int_eq(game_parse_color(G, "black"), 0);
    ck_assert_int_eq(game_parse_color(G, "P1"), 0);
    ck_assert_int_eq(game_parse_color(G, "player1"), 0);
    ck_assert_int_eq(game_parse_color(G, "W"), 1);
    ck_assert_int_eq(game_parse_color(G, "p2"), 1);
    ck_assert_int_eq(game_parse_color(G, "2"), 1);
    ck_assert_int_eq(game_parse_color(G, "red"), -1);
    ck_assert_uint_le(G->undo_size, GAME_UNDO_MAX);
    ck_assert_ptr_nonnull(G->init);
    ck_assert_ptr_nonnull(G->format_variant);
    ck_assert_ptr_nonnull(G->parse_position);
    ck_assert_ptr_nonnull(G->format_position);
    ck_assert_ptr_nonnull(G->side_to_move);
    ck_assert_ptr_nonnull(G->gen_moves);
    ck_assert_ptr_nonnull(G->make);
    ck_assert_ptr_nonnull(G->unmake);
    ck_assert_ptr_nonnull(G->hash);
    ck_assert_ptr_nonnull(G->status);
    ck_assert_ptr_nonnull(G->evaluate);
    ck_assert_ptr_nonnull(G->parse_move);
    ck_assert_ptr_nonnull(G->format_move);
    ck_assert_ptr_nonnull(G->print);
    ck_assert_ptr_nonnull(G->exact_value);
    ck_assert_ptr_nonnull(G->board_size);
    ck_assert_ptr_nonnull(G->gogui_board);
    ck_assert_ptr_nonnull(game_variant_key(G, "size"));
    ck_assert_ptr_nonnull(game_variant_key(G, "start"));
    ck_assert_ptr_eq(game_size_key(G), game_variant_key(G, "SIZE"));
    ck_assert_int_eq(game_variant_key(G, "start")->kind, VARIANT_SQUARE);
    char h[128];
    game_variant_help(G, h, sizeof h);
    ck_assert_str_eq(h, "size=5..8 start=SQUARE");
}
END_TEST

START_TEST(test_perft_spec)
{
    static const uint64_t want[] = {1, 8, 56, 368, 2014, 9858};
    state_buf st;
    init_opts(&st, 0, NULL);
    for (int d = 0; d <= 5; d++)
        ck_assert_uint_eq(game_perft(G, &st, d), want[d]);
    /* the generic perft agrees with the game's own */
    struct game generic = *G;
    generic.perft = NULL;
    for (int d = 1; d <= 5; d++)
        ck_assert_uint_eq(game_perft(&generic, &st, d), want[d]);
    struct naive nv;
    naive_start(&nv, 7);
    ck_assert_uint_eq(naive_over_at(&nv, 1), 0);
    ck_assert_uint_eq(naive_over_at(&nv, 2), 0);
    ck_assert_uint_eq(naive_over_at(&nv, 3), 2);
    ck_assert_uint_eq(naive_perft(&nv, 5), 9858);
}
END_TEST

/* game_perft_stop (the perft command, which an interrupt ends) polls its
 * stop function however the tree is shaped: from a position with one
 * legal move, the tree below (millions of leaves) used to be counted in
 * one piece, guessed from that one move, and a deep perft (8x8, 30) ran
 * for hours without a poll. */
static int polls;
static int stop_never(void *ctx)
{
    (void)ctx;
    polls++;
    return 0;
}
static int stop_first(void *ctx)
{
    (void)ctx;
    polls++;
    return 1;
}

START_TEST(test_perft_stop_forced)
{
    state_buf st;
    char err[128] = "";
    init_opts(&st, 0, NULL);
    /* d4 hemmed in by slime but for e5 */
    ck_assert_msg(G->parse_position(&st, "7/7/2xx3/2xsx2/2xxx2/7/7 1", err, sizeof err)
                  == GAME_OK, "%s", err);
    ck_assert_uint_eq(game_perft(G, &st, 1), 1);
    int stopped = -1;
    polls = 0;
    uint64_t want = game_perft(G, &st, 14);
    ck_assert_uint_gt(want, 4u << 20);
    ck_assert_uint_eq(game_perft_stop(G, &st, 14, stop_never, NULL, &stopped), want);
    ck_assert_int_eq(stopped, 0);
    ck_assert_int_ge(polls, 2);
    polls = 0;
    ck_assert_uint_eq(game_perft_stop(G, &st, 14, stop_first, NULL, &stopped), 0);
    ck_assert_int_eq(stopped, 1);
    ck_assert_int_eq(polls, 1);
    char pos[128];
    G->format_position(&st, pos, sizeof pos);
    ck_assert_str_eq(pos, "7/7/2xx3/2xsx2/2xxx2/7/7 1");
}
END_TEST

/* Figures for other sizes, each checked against the naive counter. */
START_TEST(test_perft_sizes)
{
    static const uint64_t want[4][7] = {
        {8, 56, 262, 1038, 3670, 12322, 40170},        /* 5x5 c3 */
        {8, 56, 314, 1506, 6540, 26702, 105232},       /* 6x6 d4 */
        {8, 56, 368, 2014, 9858, 44486, 191514},       /* 7x7 d4 */
        {8, 56, 368, 2174, 11702, 58586, 278728},      /* 8x8 e5 */
    };
    struct game generic = *G;
    generic.perft = NULL;
    for (int n = 5; n <= 8; n++) {
        state_buf st;
        struct naive nv;
        init_size(&st, n);
        naive_start(&nv, n);
        for (int d = 1; d <= 7; d++) {
            uint64_t p = game_perft(G, &st, d);
            ck_assert_uint_eq(p, want[n - 5][d - 1]);
            ck_assert_uint_eq(p, naive_perft(&nv, d));
            if (d <= 5)
                ck_assert_uint_eq(p, game_perft(&generic, &st, d));
        }
    }
}
END_TEST

/* perft from random positions, fast vs generic vs naive. */
START_TEST(test_perft_random)
{
    struct game generic = *G;
    generic.perft = NULL;
    for (int iter = 0; iter < 200; iter++) {
        struct naive nv;
        char pos[128];
        int n = 5 + iter % 4;
        naive_start(&nv, n);
        for (int r = 0; r < n; r++)
            for (int f = 0; f < n; f++)
                if (rnd_below(100) < 30)
                    nv.cell[r][f] = 'x';
        do {
            nv.sf = rnd_below(n);
            nv.sr = rnd_below(n);
        } while ((nv.sf == 0 && nv.sr == 0) ||
                 (nv.sf == n - 1 && nv.sr == n - 1));
        nv.cell[nv.sr][nv.sf] = '.';
        nv.stm = rnd_below(2);
        naive_to_string(&nv, pos);
        state_buf st;
        set_pos(&st, pos);
        int fs[8], rs[8];
        int over = naive_moves(&nv, fs, rs) == 0;
        for (int d = 1; d <= 4; d++) {
            uint64_t want = over ? 0 : naive_perft(&nv, d);
            ck_assert_uint_eq(game_perft(G, &st, d), want);
            ck_assert_uint_eq(game_perft(&generic, &st, d), want);
        }
    }
}
END_TEST

START_TEST(test_status)
{
    state_buf st;
    struct game_status s;
    move_t m, moves[GAME_MAX_MOVES];
    game_undo u;
    char err[128];

    init_opts(&st, 0, NULL);
    G->status(&st, &s);
    ck_assert_int_eq(s.over, 0);

    /* player 2 steps into a1: player 1 (the owner) wins */
    set_pos(&st, "5/5/5/1s3/5 2");
    ck_assert_int_eq(G->side_to_move(&st), 1);
    ck_assert_int_eq(G->parse_move(&st, "a1", &m, err, sizeof err), GAME_OK);
    G->make(&st, m, &u);
    G->status(&st, &s);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 0);
    ck_assert_str_eq(s.reason, "snail reached a1");
    ck_assert_int_eq(G->gen_moves(&st, moves), 0);
    ck_assert_int_eq(G->parse_move(&st, "b1", &m, err, sizeof err),
                     GAME_EILLEGAL);
    G->unmake(&st, m, &u);

    /* player 1 steps into e5 on 5x5: player 2 wins */
    set_pos(&st, "5/3s1/5/5/5 1");
    ck_assert_int_eq(G->parse_move(&st, "e5", &m, err, sizeof err), GAME_OK);
    G->make(&st, m, &u);
    G->status(&st, &s);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_str_eq(s.reason, "snail reached e5");

    /* own corner */
    set_pos(&st, "7/5s1/7/7/7/7/7 2");
    ck_assert_int_eq(G->parse_move(&st, "g7", &m, err, sizeof err), GAME_OK);
    G->make(&st, m, &u);
    G->status(&st, &s);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_str_eq(s.reason, "snail reached g7");

    set_pos(&st, "8/6s1/8/8/8/8/8/8 1");
    ck_assert_int_eq(G->parse_move(&st, "h8", &m, err, sizeof err), GAME_OK);
    G->make(&st, m, &u);
    G->status(&st, &s);
    ck_assert_int_eq(s.winner, 1);
    ck_assert_str_eq(s.reason, "snail reached h8");

    set_pos(&st, "6/6/6/6/6/1s4 1");
    ck_assert_int_eq(G->parse_move(&st, "f6", &m, err, sizeof err),
                     GAME_EILLEGAL);
    set_pos(&st, "6/4s1/6/6/6/6 1");
    ck_assert_int_eq(G->parse_move(&st, "f6", &m, err, sizeof err), GAME_OK);
    G->make(&st, m, &u);
    G->status(&st, &s);
    ck_assert_str_eq(s.reason, "snail reached f6");

    /* side to move without a move loses */
    for (int side = 1; side <= 2; side++) {
        char pos[64];
        snprintf(pos, sizeof pos, "5/1xxx1/1xsx1/1xxx1/5 %d", side);
        set_pos(&st, pos);
        G->status(&st, &s);
        ck_assert_int_eq(s.over, 1);
        ck_assert_int_eq(s.winner, 2 - side);
        ck_assert_str_eq(s.reason, "no legal move");
        ck_assert_int_eq(G->gen_moves(&st, moves), 0);
        ck_assert_uint_eq(game_perft(G, &st, 3), 0);
        int v, p;
        ck_assert_int_eq(G->exact_value(&st, &v, &p), 1);
        ck_assert_int_eq(v, -1);
        ck_assert_int_eq(p, 0);
    }
    /* snail in a corner, boxed in */
    set_pos(&st, "1xs2/1xx2/5/5/5 1");
    G->status(&st, &s);
    ck_assert_int_eq(s.over, 0);
    set_pos(&st, "xsx2/xxx2/5/5/5 1");
    G->status(&st, &s);
    ck_assert_int_eq(s.over, 1);
    ck_assert_int_eq(s.winner, 1);
}
END_TEST

static void variant_of(const char *const *opts, int n, const char *want)
{
    state_buf st;
    char buf[64];
    init_opts(&st, n, opts);
    G->format_variant(&st, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
}

static void option_fails(const char *const *opts, int n, int code,
                         const char *err_want)
{
    state_buf st;
    char err[128] = "";
    ck_assert_int_eq(G->init(&st, n, opts, err, sizeof err), code);
    ck_assert_msg(err[0] != '\0', "no error detail");
    if (err_want)
        ck_assert_str_eq(err, err_want);
}

START_TEST(test_options)
{
    state_buf st;
    char buf[128];
    variant_of(NULL, 0, "");
    {
        const char *o[] = {"size=7"};
        variant_of(o, 1, "");
    }
    {
        const char *o[] = {"size=8"};
        variant_of(o, 1, "size=8");
        init_opts(&st, 1, o);
        G->format_position(&st, buf, sizeof buf);
        ck_assert_str_eq(buf, "8/8/8/4s3/8/8/8/8 1");
        ck_assert_int_eq(G->board_size(&st), 8);
    }
    {
        const char *o[] = {"size=5"};
        init_opts(&st, 1, o);
        G->format_position(&st, buf, sizeof buf);
        ck_assert_str_eq(buf, "5/5/2s2/5/5 1");
        ck_assert_int_eq(G->board_size(&st), 5);
        variant_of(o, 1, "size=5");
    }
    {
        const char *o[] = {"size=6"};
        init_opts(&st, 1, o);
        G->format_position(&st, buf, sizeof buf);
        ck_assert_str_eq(buf, "6/6/3s2/6/6/6 1");      /* d4 */
    }
    {
        const char *o[] = {"start=e5"};
        variant_of(o, 1, "size=7 start=e5");
        init_opts(&st, 1, o);
        G->format_position(&st, buf, sizeof buf);
        ck_assert_str_eq(buf, "7/7/4s2/7/7/7/7 1");
    }
    {
        const char *o[] = {"start=E5", "size=7"};
        variant_of(o, 2, "size=7 start=e5");
    }
    {
        const char *o[] = {"start=g7", "size=8"};     /* order free */
        variant_of(o, 2, "size=8 start=g7");
    }
    {
        const char *o[] = {"size=8", "start=e5"};
        variant_of(o, 2, "size=8");
    }
    {
        const char *o[] = {"start=d4"};
        variant_of(o, 1, "");
    }
    /* the variant string reads back */
    {
        const char *o[] = {"size=6", "start=b5"};
        char v[64], *tok[4], *save;
        int k = 0;
        init_opts(&st, 2, o);
        G->format_variant(&st, v, sizeof v);
        for (char *t = strtok_r(v, " ", &save); t; t = strtok_r(NULL, " ", &save))
            tok[k++] = t;
        state_buf st2;
        init_opts(&st2, k, (const char *const *)tok);
        ck_assert_int_eq(memcmp(&st, &st2, G->state_size), 0);
    }
    const char *bad1[] = {"foo=3"};
    option_fails(bad1, 1, GAME_EOPTION, "unknown option: foo");
    const char *bad2[] = {"size=4"};
    option_fails(bad2, 1, GAME_EINVALID, NULL);
    const char *bad3[] = {"size=9"};
    option_fails(bad3, 1, GAME_EINVALID, NULL);
    const char *bad4[] = {"size=seven"};
    option_fails(bad4, 1, GAME_EINVALID, NULL);
    const char *bad5[] = {"size="};
    option_fails(bad5, 1, GAME_EINVALID, NULL);
    const char *bad6[] = {"start=a1"};
    option_fails(bad6, 1, GAME_EINVALID, NULL);
    const char *bad7[] = {"start=g7"};
    option_fails(bad7, 1, GAME_EINVALID, NULL);
    const char *bad8[] = {"start=h8"};
    option_fails(bad8, 1, GAME_EINVALID, NULL);
    const char *bad9[] = {"size=5", "start=f2"};
    option_fails(bad9, 1 + 1, GAME_EINVALID, NULL);
    const char *bad10[] = {"start=zz"};
    option_fails(bad10, 1, GAME_EINVALID, NULL);
    const char *bad11[] = {"size=5", "start=e5"};
    option_fails(bad11, 2, GAME_EINVALID, NULL);
    const char *bad12[] = {"start"};
    option_fails(bad12, 1, GAME_EINVALID, NULL);
    const char *bad13[] = {"size=7x"};
    option_fails(bad13, 1, GAME_EINVALID, NULL);
    const char *bad14[] = {"colour=red", "size=7"};
    option_fails(bad14, 2, GAME_EOPTION, "unknown option: colour");
}
END_TEST

START_TEST(test_position_strings)
{
    static const char *const good[] = {
        "7/7/7/3s3/7/7/7 1",
        "7/7/7/3s3/7/7/7 2",
        "5/5/2s2/5/5 1",
        "xxxxx/xxxxx/xxsxx/xxxxx/xxxxx 2",
        "x5/6/2xs2/6/6/5x 1",
        "8/8/8/4s3/8/8/8/8 1",
        "s7/8/8/8/8/8/8/8 2",
        "7/7/7/7/7/7/1s5 1",
        "6x/7/7/7/7/7/xs5 2",
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        state_buf st;
        char buf[128];
        set_pos(&st, good[i]);
        G->format_position(&st, buf, sizeof buf);
        ck_assert_str_eq(buf, good[i]);
    }
    /* accepted with another spelling, printed canonically */
    {
        state_buf st;
        char buf[128];
        set_pos(&st, "  7/7/7/3S3/7/7/7   2 ");
        G->format_position(&st, buf, sizeof buf);
        ck_assert_str_eq(buf, "7/7/7/3s3/7/7/7 2");
    }
    static const char *const bad[] = {
        "",
        "7/7/7/3s3/7/7/7",              /* no side */
        "7/7/7/3s3/7/7/7 3",            /* bad side */
        "7/7/7/3s3/7/7/7 1 x",          /* trailing */
        "7/7/7/3s3/7/7/7 12",
        "7/7/3s3/7/7/7 1",              /* 6 ranks of 7 */
        "7/7/7/3s3/7/7/6 1",            /* short rank */
        "7/7/7/3s3/7/7/8 1",            /* long rank */
        "7/7/7/3s3/7/7/7/7 1",          /* 8 ranks of 7 */
        "7/7/7/3s4/7/7/7 1",
        "7/7/7/3q3/7/7/7 1",            /* unknown letter */
        "7/7/7/3s3/7/7/7-1",
        "7/7/7/3s3/7/7/7/ 1",
        "7//7/3s3/7/7/7 1",
        "7/7/7/3s3/7/7/0 1",
        "7/7/7/7/7/7/7 1",              /* no snail */
        "s6/7/7/3s3/7/7/7 1",           /* two snails */
        "6s/7/7/7/7/7/7 1",             /* snail on g7 */
        "7/7/7/7/7/7/s6 1",             /* snail on a1 */
        "4/4/1s2/4 1",                  /* too small */
        "9/9/9/9/4s4/9/9/9/9 1",        /* too big */
        "8/8/8/8/4s4/8/8/8/8 1",
        "7s/8/8/8/8/8/8/8 1",           /* snail on h8 */
        "7/7/7/3s3/7/7/7 b",
    };
    /* ranks are named as the board labels them, rank 1 at the bottom
     * (they were counted from the top: a QA pass, 2026-12-07) */
    static const char *const said[][2] = {
        {"9/5/2s2/5/5 1", "rank 5 is too long"},
        {"5/5/2s2/5/9 1", "rank 1 is too long"},
        {"5/5/2s2/5/5x 1", "rank 1 has 6 squares, not 5"},
        {"5//2s2/5/5 1", "empty rank 4"},
        {"4/5/2s2/5/5 1", "rank 5 has 4 squares, not 5"},
    };
    for (size_t i = 0; i < sizeof said / sizeof *said; i++) {
        state_buf st;
        char err[128] = "";
        init_opts(&st, 0, NULL);
        ck_assert_int_eq(G->parse_position(&st, said[i][0], err, sizeof err), GAME_EINVALID);
        ck_assert_msg(strstr(err, said[i][1]), "'%s': '%s', not '%s'", said[i][0], err,
                      said[i][1]);
    }
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        state_buf st, before;
        char err[128] = "";
        const char *o[] = {"size=6", "start=b5"};
        init_opts(&st, 2, o);
        memset(&before, 0, sizeof before);
        memcpy(&before, &st, G->state_size);
        int rc = G->parse_position(&st, bad[i], err, sizeof err);
        ck_assert_msg(rc == GAME_EINVALID, "'%s' gave %d", bad[i], rc);
        ck_assert_msg(err[0] != '\0', "no detail for '%s'", bad[i]);
        ck_assert_msg(memcmp(&before, &st, G->state_size) == 0,
                      "'%s' changed the state", bad[i]);
    }
    /* a refused byte is quoted in ASCII (the message may go out in a
     * protocol response): it was written raw */
    {
        state_buf st;
        char err[128] = "";
        init_size(&st, 5);
        ck_assert_int_eq(G->parse_position(&st, "5/5/5/1s3/5\xff 1", err, sizeof err),
                         GAME_EINVALID);
        ck_assert_str_eq(err, "unexpected character \\xFF");
    }
    /* the size comes from the string */
    {
        state_buf st;
        char err[128];
        init_size(&st, 5);
        ck_assert_int_eq(G->parse_position(&st, "8/8/8/8/8/8/s7/8 2", err,
                                           sizeof err), GAME_OK);
        ck_assert_int_eq(G->board_size(&st), 8);
        ck_assert_int_eq(G->side_to_move(&st), 1);
        move_t moves[GAME_MAX_MOVES];
        ck_assert_int_eq(G->gen_moves(&st, moves), 5);
    }
}
END_TEST

START_TEST(test_moves)
{
    state_buf st;
    move_t m, m2, moves[GAME_MAX_MOVES];
    char err[128], buf[16];
    game_undo u;
    init_opts(&st, 0, NULL);
    ck_assert_int_eq(G->gen_moves(&st, moves), 8);
    /* every generated move formats and parses back */
    for (int i = 0; i < 8; i++) {
        G->format_move(&st, moves[i], buf, sizeof buf);
        ck_assert_int_eq(G->parse_move(&st, buf, &m, err, sizeof err), GAME_OK);
        ck_assert_uint_eq(m, moves[i]);
        ck_assert_int_eq(strlen(buf), 2);
        ck_assert(buf[0] >= 'c' && buf[0] <= 'e' && buf[1] >= '3' && buf[1] <= '5');
    }
    ck_assert_int_eq(G->parse_move(&st, "c3", &m, err, sizeof err), GAME_OK);
    ck_assert_int_eq(G->parse_move(&st, "C3", &m2, err, sizeof err), GAME_OK);
    ck_assert_uint_eq(m, m2);
    ck_assert_int_eq(G->parse_move(&st, " c3 ", &m2, err, sizeof err), GAME_OK);
    ck_assert_uint_eq(m, m2);
    G->format_move(&st, m, buf, sizeof buf);
    ck_assert_str_eq(buf, "c3");
    static const char *const junk[] = {"", "pass", "3c", "c", "c3x", "c-3",
                                       "33", "@3", "c 3", "resign"};
    for (size_t i = 0; i < sizeof junk / sizeof *junk; i++)
        ck_assert_msg(G->parse_move(&st, junk[i], &m, err, sizeof err) ==
                      GAME_ESYNTAX, "'%s' not a syntax error", junk[i]);
    /* the bad token is named, a byte that is not printable ASCII as \xHH
     * (review6 finding 6: the raw bytes went out in the protocol answer) */
    static const char *const bytes[][2] = {
        {"c3x", "not a square: c3x"}, {"\xff\xfe", "not a square: \\xFF\\xFE"},
        {"c\xc3", "not a square: c\\xC3"}, {"c\t3", "not a square: c\\x093"},
        {"\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac",
         "not a square: \\xE2\\x82\\xAC\\xE2\\x82\\xAC\\xE2\\x82\\xAC\\xE2\\x82\\xAC"
         "\\xE2\\x82\\xAC"}};
    for (size_t i = 0; i < sizeof bytes / sizeof *bytes; i++) {
        ck_assert_int_eq(G->parse_move(&st, bytes[i][0], &m, err, sizeof err), GAME_ESYNTAX);
        ck_assert_str_eq(err, bytes[i][1]);
    }
    static const char *const illegal[] = {"d4", "a1", "b2", "g7", "h8", "d6",
                                          "a9", "z1", "i4", "c0", "D6"};
    for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++) {
        err[0] = '\0';
        ck_assert_msg(G->parse_move(&st, illegal[i], &m, err, sizeof err) ==
                      GAME_EILLEGAL, "'%s' not illegal", illegal[i]);
        ck_assert(err[0] != '\0');
    }
    /* the square left is slimed */
    G->parse_move(&st, "c3", &m, err, sizeof err);
    G->make(&st, m, &u);
    ck_assert_int_eq(G->side_to_move(&st), 1);
    ck_assert_int_eq(G->parse_move(&st, "d4", &m2, err, sizeof err),
                     GAME_EILLEGAL);
    ck_assert_int_eq(G->gen_moves(&st, moves), 7);
    char pos[64];
    G->format_position(&st, pos, sizeof pos);
    ck_assert_str_eq(pos, "7/7/7/3x3/2s4/7/7 2");
    /* the opponent's corner is a legal (losing) move */
    ck_assert_int_eq(G->parse_move(&st, "b2", &m2, err, sizeof err), GAME_OK);
    G->make(&st, m2, &u);
    ck_assert_int_eq(G->parse_move(&st, "a1", &m2, err, sizeof err), GAME_OK);
}
END_TEST

/* Random playouts: make/unmake restore the state and hash exactly; the
 * incremental hash equals the hash of the same position parsed afresh. */
START_TEST(test_make_unmake)
{
    for (int game = 0; game < 400; game++) {
        state_buf st, snap[70];
        move_t line[70], moves[GAME_MAX_MOVES];
        game_undo undo[70];
        uint64_t hashes[70];
        int n = 5 + game % 4, len = 0;
        init_size(&st, n);
        if (game % 3 == 0) {
            /* a random start square */
            char o1[16], o2[16];
            int f, r;
            do {
                f = rnd_below(n);
                r = rnd_below(n);
            } while ((f == 0 && r == 0) || (f == n - 1 && r == n - 1));
            snprintf(o1, sizeof o1, "size=%d", n);
            snprintf(o2, sizeof o2, "start=%c%d", 'a' + f, r + 1);
            const char *o[] = {o1, o2};
            init_opts(&st, 2, o);
        }
        for (;;) {
            struct game_status s;
            char pos[128], err[128];
            state_buf fresh;
            G->format_position(&st, pos, sizeof pos);
            G->status(&st, &s);
            if (!s.over || strncmp(s.reason, "snail reached", 13) != 0) {
                /* a parsable position: same hash when parsed afresh */
                init_size(&fresh, 5);
                ck_assert_int_eq(G->parse_position(&fresh, pos, err, sizeof err),
                                 GAME_OK);
                ck_assert_uint_eq(G->hash(&fresh), G->hash(&st));
            }
            snap[len] = st;
            hashes[len] = G->hash(&st);
            int k = G->gen_moves(&st, moves);
            ck_assert_int_eq(k == 0, s.over);
            if (k == 0)
                break;
            line[len] = moves[rnd_below(k)];
            G->make(&st, line[len], &undo[len]);
            ck_assert_uint_ne(G->hash(&st), hashes[len]);
            len++;
        }
        while (len > 0) {
            len--;
            G->unmake(&st, line[len], &undo[len]);
            ck_assert_uint_eq(G->hash(&st), hashes[len]);
            ck_assert_int_eq(memcmp(&st, &snap[len], G->state_size), 0);
        }
    }
}
END_TEST

START_TEST(test_hash_distinct)
{
    state_buf a, b;
    set_pos(&a, "7/7/7/3s3/7/7/7 1");
    set_pos(&b, "7/7/7/3s3/7/7/7 2");
    ck_assert_uint_ne(G->hash(&a), G->hash(&b));
    set_pos(&b, "7/7/7/2s4/7/7/7 1");
    ck_assert_uint_ne(G->hash(&a), G->hash(&b));
    set_pos(&b, "7/7/7/3s3/7/7/6x 1");
    ck_assert_uint_ne(G->hash(&a), G->hash(&b));
    /* the incremental hash after moves equals the hash of the parsed result */
    state_buf c, d;
    move_t m;
    game_undo u;
    char err[64];
    set_pos(&c, "7/7/7/7/2s4/7/7 1");
    const char *p1[] = {"d3", "e4", "d5"};
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(G->parse_move(&c, p1[i], &m, err, sizeof err), GAME_OK);
        G->make(&c, m, &u);
    }
    set_pos(&d, "7/7/3s3/4x2/2xx3/7/7 2");
    ck_assert_uint_eq(G->hash(&c), G->hash(&d));
}
END_TEST

START_TEST(test_print_gogui)
{
    state_buf st;
    char buf[2048];
    move_t m;
    game_undo u;
    char err[64];
    init_opts(&st, 0, NULL);
    G->parse_move(&st, "c3", &m, err, sizeof err);
    G->make(&st, m, &u);
    G->gogui_board(&st, buf, sizeof buf);
    ck_assert_str_eq(buf,
                     "......."
                     "......."
                     "......."
                     "...O..."
                     "..X...."
                     "......."
                     ".......");
    const char *o[] = {"size=5"};
    init_opts(&st, 1, o);
    G->gogui_board(&st, buf, sizeof buf);
    ck_assert_str_eq(buf, "............X............");
    /* print: no blank line, no final newline, labels and marks */
    init_opts(&st, 0, NULL);
    G->print(&st, buf, sizeof buf);
    size_t len = strlen(buf);
    ck_assert(len > 0 && buf[len - 1] != '\n');
    ck_assert_ptr_null(strstr(buf, "\n\n"));
    ck_assert_ptr_nonnull(strstr(buf, "a b c d e f g"));
    ck_assert_ptr_nonnull(strstr(buf, " 7  . . . . . . 2"));
    ck_assert_ptr_nonnull(strstr(buf, " 4  . . . @ . . ."));
    ck_assert_ptr_nonnull(strstr(buf, " 1  1 . . . . . ."));
    const char *o8[] = {"size=8"};
    init_opts(&st, 1, o8);
    G->print(&st, buf, sizeof buf);
    ck_assert_ptr_nonnull(strstr(buf, " 8  . . . . . . . 2"));
    ck_assert_ptr_null(strstr(buf, "\n\n"));
    /* a small buffer is cut, never overrun */
    char small[10];
    G->print(&st, small, sizeof small);
    ck_assert_int_eq(strlen(small), 9);
    G->gogui_board(&st, small, sizeof small);
    ck_assert_int_eq(strlen(small), 9);
}
END_TEST

START_TEST(test_evaluate)
{
    for (int game = 0; game < 200; game++) {
        state_buf st;
        move_t moves[GAME_MAX_MOVES];
        game_undo u;
        init_size(&st, 5 + game % 4);
        for (;;) {
            int e = G->evaluate(&st);
            ck_assert_int_le(e, SCORE_EVAL_MAX);
            ck_assert_int_ge(e, -SCORE_EVAL_MAX);
            int k = G->gen_moves(&st, moves);
            if (!k)
                break;
            G->make(&st, moves[rnd_below(k)], &u);
        }
    }
}
END_TEST

/* Builds a random position; kind selects the slime pattern. */
static void random_position(struct naive *nv, int n, int kind)
{
    naive_start(nv, n);
    int density = 15 + rnd_below(45);
    if (kind == 0) {
        /* cut both corners off, then random slime */
        nv->cell[0][1] = nv->cell[1][0] = nv->cell[1][1] = 'x';
        nv->cell[n - 1][n - 2] = nv->cell[n - 2][n - 1] =
            nv->cell[n - 2][n - 2] = 'x';
    }
    if (kind == 1) {
        /* a random wall: a row or column fully slimed, others random */
        int w = 1 + rnd_below(n - 2);
        for (int i = 0; i < n; i++) {
            if (rnd() & 1)
                nv->cell[w][i] = 'x';
            else
                nv->cell[i][w] = 'x';
        }
    }
    for (int r = 0; r < n; r++)
        for (int f = 0; f < n; f++)
            if (rnd_below(100) < density)
                nv->cell[r][f] = 'x';
    do {
        nv->sf = rnd_below(n);
        nv->sr = rnd_below(n);
    } while ((nv->sf == 0 && nv->sr == 0) ||
             (nv->sf == n - 1 && nv->sr == n - 1));
    nv->cell[nv->sr][nv->sf] = '.';
    nv->stm = rnd_below(2);
}

/* Positions from real play: random moves that avoid the goal corners, until
 * the free region gets small. */
static int playout_position(struct naive *nv, int n, int max_region)
{
    naive_start(nv, n);
    for (int ply = 0; ply < 64; ply++) {
        int reach, own;
        int region = naive_region(nv, &reach);
        if (region <= max_region && (!reach || (rnd() & 3) == 0))
            return 1;
        int fs[8], rs[8], k = naive_moves(nv, fs, rs), ok = 0;
        int cf[8], cr[8];
        for (int i = 0; i < k; i++)
            if (!naive_is_goal(nv, fs[i], rs[i], &own)) {
                cf[ok] = fs[i];
                cr[ok++] = rs[i];
            }
        if (!ok)
            return 0;
        int i = rnd_below(ok);
        nv->cell[nv->sr][nv->sf] = 'x';
        nv->sf = cf[i];
        nv->sr = cr[i];
        nv->stm ^= 1;
    }
    return 0;
}

/* Checks exact_value on one position against the naive solvers; returns
 * 1 if the oracle answered. */
static int plies_checked;
static int doomed_count;
static int one_sided_count;
static int check_exact(struct naive *nv, int *cut_count)
{
    char pos[128];
    state_buf st;
    int reach, v = 9, p = 9, own;
    int region = naive_region(nv, &reach);
    int fs[8], rs[8], k = naive_moves(nv, fs, rs);
    int own_adjacent = 0;
    for (int i = 0; i < k; i++)
        if (naive_is_goal(nv, fs[i], rs[i], &own) && own == nv->stm)
            own_adjacent = 1;
    /* every move enters the opponent's corner or stops next to it */
    int doomed = k > 0 && !own_adjacent;
    for (int i = 0; i < k && doomed; i++) {
        if (naive_is_goal(nv, fs[i], rs[i], &own))
            continue;
        int next_to = 0;
        for (int j = 0; j < 2; j++) {
            int gf = j ? nv->n - 1 : 0, gr = gf;
            if (j != nv->stm && nv->cell[gr][gf] == '.' &&
                abs(gf - fs[i]) <= 1 && abs(gr - rs[i]) <= 1)
                next_to = 1;
        }
        doomed = next_to;
    }
    if (doomed)
        doomed_count++;
    naive_to_string(nv, pos);
    set_pos(&st, pos);
    int rc = G->exact_value(&st, &v, &p);
    /* exact_value must leave the state alone */
    char pos2[128];
    G->format_position(&st, pos2, sizeof pos2);
    ck_assert_str_eq(pos, pos2);
    if (reach && k > 0 && !own_adjacent && !doomed) {
        /* with a corner in reach the oracle may still answer when one
         * corner is cut off and geography decides (checked below) */
        if (rc == 0)
            return 0;
        ck_assert_int_eq(p, -1);
    }
    ck_assert_msg(rc == 1, "oracle silent on %s", pos);
    ck_assert(v == 1 || v == -1);
    if (!reach)
        (*cut_count)++;
    else if (k > 0 && !own_adjacent && !doomed)
        one_sided_count++;
    if (region <= 9) {
        int s = naive_solve(nv);
        int want_v = s > 0 ? 1 : -1, want_p = 1000 - (s > 0 ? s : -s);
        ck_assert_msg(v == want_v, "value %d, want %d: %s", v, want_v, pos);
        if (p != -1) {
            ck_assert_msg(p == want_p, "plies %d, want %d: %s", p, want_p, pos);
            plies_checked++;
        }
    } else {
        memo_reset();
        int want_v = naive_win(nv) ? 1 : -1;
        ck_assert_msg(v == want_v, "value %d, want %d: %s", v, want_v, pos);
        ck_assert(p == -1 || p >= 1);
    }
    if (own_adjacent)
        ck_assert_int_eq(p, 1);
    if (doomed) {
        ck_assert_int_eq(v, -1);
        ck_assert(p == 1 || p == 2);
    }
    return 1;
}

START_TEST(test_exact_value)
{
    int answered = 0, cut = 0, silent = 0, big = 0;
    for (int iter = 0; iter < 3000; iter++) {
        struct naive nv;
        int n = 5 + iter % 3;
        random_position(&nv, n, iter % 3);
        int reach;
        if (naive_region(&nv, &reach) > 22)
            continue;
        if (check_exact(&nv, &cut))
            answered++;
        else
            silent++;
    }
    for (int iter = 0; iter < 6000; iter++) {
        struct naive nv;
        int n = 5 + iter % 4;
        if (!playout_position(&nv, n, 22))
            continue;
        int reach;
        if (naive_region(&nv, &reach) > 10 && !reach)
            big++;
        if (check_exact(&nv, &cut))
            answered++;
        else
            silent++;
    }
    /* the test must have exercised the matching and the silent case */
    ck_assert_int_gt(cut, 1000);
    ck_assert_int_gt(big, 100);
    ck_assert_int_gt(silent, 200);
    ck_assert_int_gt(answered, 1000);
    ck_assert_int_gt(plies_checked, 500);
    ck_assert_int_gt(doomed_count, 20);
    ck_assert_int_gt(one_sided_count, 50);   /* one corner cut off, decided */
    printf("one corner cut off and decided: %d\n", one_sided_count);
    printf("exact_value: %d answered (%d cut off, %d from play with >10 "
           "squares, %d lost in 2), %d silent, %d plies checked\n",
           answered, cut, big, doomed_count, silent, plies_checked);
}
END_TEST

/* Hand-made geography cases. */
START_TEST(test_exact_cases)
{
    state_buf st;
    int v, p;
    /* own corner adjacent: win in 1 */
    set_pos(&st, "7/7/7/7/7/1s5/7 1");
    ck_assert_int_eq(G->exact_value(&st, &v, &p), 1);
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(p, 1);
    /* the opponent's corner adjacent and reachable otherwise too: unknown */
    set_pos(&st, "7/7/7/7/7/1s5/7 2");
    ck_assert_int_eq(G->exact_value(&st, &v, &p), 0);
    /* the start position: goals reachable */
    init_opts(&st, 0, NULL);
    ck_assert_int_eq(G->exact_value(&st, &v, &p), 0);
    /* a corridor of 3 free squares behind the snail: mover wins (odd) */
    set_pos(&st, "xxxxx/xxxxx/xxxxx/x111x/xsxxx 1");
    ck_assert_int_eq(G->exact_value(&st, &v, &p), 1);
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(p, 3);
    /* 2 free squares in a line: mover loses after 2 plies */
    set_pos(&st, "xxxxx/xxxxx/xxxxx/x11xx/xsxxx 2");
    ck_assert_int_eq(G->exact_value(&st, &v, &p), 1);
    ck_assert_int_eq(v, -1);
    ck_assert_int_eq(p, 2);
    /* 8x8 with a1, b1, a2 and g8, h8, h7 slimed: both corners cut off and
     * 57 free squares besides the snail. G (58 squares) has a perfect
     * matching (rank by rank in a snake), G - snail (57) cannot: every
     * maximum matching covers the snail, the mover wins. */
    set_pos(&st, "6xx/7x/8/8/3s4/8/x7/xx6 1");
    ck_assert_int_eq(G->exact_value(&st, &v, &p), 1);
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(p, -1);
    /* walls on ranks 3 and 6 shut the snail (e4) in a box with d4, d5, e5,
     * f5: those four have a perfect matching (d4-d5, e5-f5), so some
     * maximum matching leaves the snail out and the mover loses, at best
     * after 4 plies (e.g. f5 e5 d5 d4) */
    set_pos(&st, "8/8/xxxxxxxx/xxx3xx/xxx1sxxx/xxxxxxxx/8/8 1");
    ck_assert_int_eq(G->exact_value(&st, &v, &p), 1);
    ck_assert_int_eq(v, -1);
    ck_assert_int_eq(p, 4);
    /* with f4 free too the box has a perfect matching: the mover wins, in 3
     * plies with best play */
    set_pos(&st, "8/8/xxxxxxxx/xxx3xx/xxx1s1xx/xxxxxxxx/8/8 1");
    ck_assert_int_eq(G->exact_value(&st, &v, &p), 1);
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(p, 3);
}
END_TEST

static Suite *rastros_suite(void)
{
    Suite *s = suite_create("rastros");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_perft_spec);
    tcase_add_test(tc, test_perft_sizes);
    tcase_add_test(tc, test_perft_random);
    tcase_add_test(tc, test_perft_stop_forced);
    tcase_add_test(tc, test_status);
    tcase_add_test(tc, test_options);
    tcase_add_test(tc, test_position_strings);
    tcase_add_test(tc, test_moves);
    tcase_add_test(tc, test_make_unmake);
    tcase_add_test(tc, test_hash_distinct);
    tcase_add_test(tc, test_print_gogui);
    tcase_add_test(tc, test_evaluate);
    suite_add_tcase(s, tc);
    TCase *tx = tcase_create("exact");
    tcase_set_timeout(tx, 300);
    tcase_add_test(tx, test_exact_cases);
    tcase_add_test(tx, test_exact_value);
    suite_add_tcase(s, tx);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(rastros_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    free(memo);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
