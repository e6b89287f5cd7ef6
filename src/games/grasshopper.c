/* grasshopper.c -- the rules of Grasshopper (doc/rules/grasshopper.md,
 * shared/spec/grasshopper.md): a dice-less backgammon race on one track.
 * Fills struct game only; knows nothing about search, sessions or protocols. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "game.h"
#include "games/grasshopper_int.h"
#include "games/grasshopper_table.h"
#include "util.h"

/* The undo record is the whole previous state: 64 bytes, cheaper to copy
 * than to reason about, and exact by construction. */
struct gh_undo {
    struct gh_state prev;
};

static inline int sgn(int side) { return side ? -1 : 1; }
static inline int quad(int p) { return (p - 1) / 6; }     /* A=0 .. D=3 */

/* ---- Zobrist keys: a pure function of the index (splitmix64), so there
 * is no table to fill and no global state. ---- */
enum {
    ZK_CELL = 0,                        /* p * 4 + code, p 1..24 */
    ZK_SIDE = 100,
    ZK_RES = 101,                       /* + side * 16 + n */
    ZK_SCORE = ZK_RES + 32,             /* + side * 8 + n */
    ZK_LAST = ZK_SCORE + 16,            /* + last + 1 */
    ZK_WIN = ZK_LAST + 3                /* + winner */
};

static inline uint64_t zkey(unsigned i)
{
    uint64_t z = 0x5eed6a55c0ffee00ull + (uint64_t)(i + 1) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline uint64_t zcell(int p, int v)
{
    /* v in {1, 2, -1, -2} -> code 0..3 */
    unsigned code = v > 0 ? (unsigned)(v - 1) : (unsigned)(1 - v);
    return zkey(ZK_CELL + (unsigned)p * 4 + code);
}

static inline uint64_t zres(int s, int n) { return zkey(ZK_RES + (unsigned)(s * 16 + n)); }
static inline uint64_t zscore(int s, int n) { return zkey(ZK_SCORE + (unsigned)(s * 8 + n)); }
static inline uint64_t zlast(int l) { return zkey(ZK_LAST + (unsigned)(l + 1)); }

static uint64_t gh_hash_full(const struct gh_state *s)
{
    uint64_t h = 0;
    for (int p = 1; p <= GH_POINTS; p++)
        if (s->pt[p])
            h ^= zcell(p, s->pt[p]);
    if (s->side)
        h ^= zkey(ZK_SIDE);
    for (int c = 0; c < 2; c++)
        h ^= zres(c, s->res[c]) ^ zscore(c, s->score[c]);
    h ^= zlast(s->last);
    if (s->winner >= 0)
        h ^= zkey(ZK_WIN + (unsigned)s->winner);
    return h;
}

/* ---- move generation ---- */

/* Where the piece of `side` on p (1..18) may go: the rules' own
 * destinations (gh_dests), as points of the next quadrant. *cut gets how
 * many points of that quadrant a single cannot reach for a wall of either
 * colour before them (a wall's top piece jumps them: 0). */
static uint32_t piece_dests(const struct gh_state *s, int p, int side, int *cut)
{
    const int b = p - 1, q = b / 6;
    const uint32_t walls = s->wm[0] | s->wm[1];
    const uint32_t empty = ~(s->sm[0] | s->sm[1] | walls) & GH_TRACK;
    *cut = 0;
    if (s->sm[side] & (1u << b)) {
        uint32_t beyond = walls & (~0u << (b + 1));
        uint32_t first = beyond & (0u - beyond);
        if (first)
            *cut = gh_popcount(GH_QUAD(q + 1) & ~((first << 1) - 1));
    }
    return gh_dests(s->sm[side], empty, walls, b, q);
}

/* The legal actions of `side` (never a pass), in the fixed order: entries
 * 0/1..0/6, then by origin point and destination ascending (bear-offs
 * last). With mv == NULL only counts them. */
static int gen_actions(const struct gh_state *s, int side, move_t *mv)
{
    return gh_gen(s->sm[side], s->wm[side], s->sm[!side], s->wm[!side], s->res[side], mv);
}

static int has_action(const struct gh_state *s, int side)
{
    return gh_any(s->sm[side], s->wm[side], s->sm[!side], s->wm[!side], s->res[side]);
}

/* Puts v (+-1 single, +-2 wall, 0 empty) on point p, in pt[] and the masks. */
static inline void set_point(struct gh_state *s, int p, int v)
{
    const uint32_t bit = GH_BIT(p);
    s->pt[p] = (int8_t)v;
    for (int c = 0; c < 2; c++) {
        s->sm[c] &= ~bit;
        s->wm[c] &= ~bit;
    }
    if (v)
        (abs(v) == 2 ? s->wm : s->sm)[v < 0] |= bit;
}

static int gh_gen_moves(const void *vst, move_t *moves)
{
    const struct gh_state *s = vst;
    if (s->winner >= 0)
        return 0;
    int n = gen_actions(s, s->side, moves);
    if (n)
        return n;
    if (has_action(s, !s->side)) {
        moves[0] = GH_PASS;
        return 1;
    }
    return 0;                           /* frozen: a draw */
}

/* ---- perft on boards: copy-make, the last ply counted in bulk ---- */

/* Leaves below b (a position that is not over) cut at depth >= 1. */
static uint64_t board_perft(const struct gh_board *b, int depth)
{
    move_t mv[GAME_MAX_MOVES];
    struct gh_board c;
    int n = gh_gen(b->s[0], b->w[0], b->s[1], b->w[1], b->res[0], mv);
    if (n == 0) {
        /* not over, so the opponent has an action: a pass, and after it
         * the opponent is not stuck */
        if (depth == 1)
            return 1;
        gh_board_pass(b, &c);
        return board_perft(&c, depth - 1);
    }
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (gh_board_play(b, mv[i], &c)) {
            total++;                    /* a winning bear-off ends the game */
        } else if (depth == 2) {
            /* no action: a pass, or the game is over (a leaf): one each */
            int k = gh_board_count(&c);
            total += k ? (uint64_t)k : 1;
        } else if (!gh_board_any(&c, 0) && !gh_board_any(&c, 1)) {
            total++;                    /* nobody can move: a draw, a leaf */
        } else {
            total += board_perft(&c, depth - 1);
        }
    }
    return total;
}

/* game_perft calls this only for depth >= 1 and a game that is not over. */
static uint64_t gh_perft(void *vst, int depth)
{
    struct gh_board b;
    gh_board_of(vst, &b);
    return board_perft(&b, depth);
}

static void gh_make(void *vst, move_t m, game_undo *undo)
{
    struct gh_state *s = vst;
    struct gh_undo *u = (struct gh_undo *)undo->bytes;
    const int me = s->side, g = sgn(me);
    uint64_t h = s->hash;

    memcpy(&u->prev, s, sizeof *s);
    if (m != GH_PASS) {
        int f = GH_FROM(m), t = GH_TO(m);
        if (t == GH_OFF) {
            h ^= zcell(f, s->pt[f]);
            set_point(s, f, 0);
            h ^= zscore(me, s->score[me]);
            s->score[me]++;
            h ^= zscore(me, s->score[me]);
            if (s->last == me) {
                s->winner = (int8_t)me;
                h ^= zkey(ZK_WIN + (unsigned)me);
            } else {
                h ^= zlast(s->last) ^ zlast(me);
                s->last = (int8_t)me;
            }
        } else {
            if (f == 0) {
                h ^= zres(me, s->res[me]);
                s->res[me]--;
                h ^= zres(me, s->res[me]);
            } else {
                h ^= zcell(f, s->pt[f]);
                set_point(s, f, s->pt[f] == 2 * g ? g : 0);
                if (s->pt[f])
                    h ^= zcell(f, s->pt[f]);
            }
            if (s->pt[t])
                h ^= zcell(t, s->pt[t]);
            set_point(s, t, s->pt[t] == g ? 2 * g : g);
            h ^= zcell(t, s->pt[t]);
        }
    }
    s->side = (uint8_t)!me;
    s->hash = h ^ zkey(ZK_SIDE);
}

static void gh_unmake(void *vst, move_t m, const game_undo *undo)
{
    (void)m;
    const struct gh_undo *u = (const struct gh_undo *)undo->bytes;
    memcpy(vst, &u->prev, sizeof u->prev);
}

static uint64_t gh_hash(const void *vst)
{
    return ((const struct gh_state *)vst)->hash;
}

static int gh_side_to_move(const void *vst)
{
    return ((const struct gh_state *)vst)->side;
}

static const char *const gh_side_name[2] = {"white", "black"};

static void gh_status(const void *vst, struct game_status *out)
{
    const struct gh_state *s = vst;
    if (s->winner >= 0) {
        out->over = 1;
        out->winner = s->winner;
        out->reason = s->winner == 0 ? "white scored twice in succession"
                                     : "black scored twice in succession";
    } else if (!has_action(s, 0) && !has_action(s, 1)) {
        out->over = 1;
        out->winner = -1;
        out->reason = "no side can move";
    } else {
        out->over = 0;
        out->winner = -1;
        out->reason = "";
    }
}

/* ---- variants and positions ---- */

static const struct variant_key gh_variant_keys[] = {
    {"pieces", VARIANT_INT, 2, GH_MAX_PIECES, 2, NULL, STR(GH_DEFAULT_PIECES), 0,
     "pieces a side"},
    {NULL, 0, 0, 0, 0, NULL, NULL, 0, NULL}
};

static void gh_start(struct gh_state *s, int pieces)
{
    memset(s, 0, sizeof *s);
    s->pieces = (uint8_t)pieces;
    s->res[0] = s->res[1] = (uint8_t)pieces;
    s->last = -1;
    s->winner = -1;
    s->hash = gh_hash_full(s);
}

static int gh_init(void *vst, int nopts, const char *const *opts,
                   char *err, size_t errlen)
{
    struct variant_values v;
    int rc = game_variant_parse(&grasshopper_game, nopts, opts, &v, err, errlen);
    if (rc != GAME_OK)
        return rc;
    int pieces = v.num[0];
    gh_start(vst, pieces);
    return GAME_OK;
}

static void gh_format_variant(const void *vst, char *buf, size_t n)
{
    const struct gh_state *s = vst;
    if (s->pieces == GH_DEFAULT_PIECES)
        snprintf(buf, n, "%s", "");
    else
        snprintf(buf, n, "pieces=%d", s->pieces);
}

static const char *skip_ws(const char *p)
{
    while (*p && isspace((unsigned char)*p))
        p++;
    return p;
}

/* Reads a decimal number of 1 or 2 digits. */
static const char *read_small(const char *p, int *v)
{
    if (!isdigit((unsigned char)*p))
        return NULL;
    int x = 0, k = 0;
    while (isdigit((unsigned char)*p) && k < 3) {
        x = x * 10 + (*p++ - '0');
        k++;
    }
    if (k > 2)
        return NULL;
    *v = x;
    return p;
}

static int gh_parse_position(void *vst, const char *str, char *err, size_t errlen)
{
    struct gh_state *st = vst, s;
    const char *p = skip_ws(str);
    int onboard[2] = {0, 0};

    gh_start(&s, st->pieces);
    for (int i = 1; i <= GH_POINTS; i++) {
        int v;
        switch (*p) {
        case '.': v = 0; break;
        case 'w': v = 1; break;
        case 'W': v = 2; break;
        case 'b': v = -1; break;
        case 'B': v = -2; break;
        case '/':
            snprintf(err, errlen, "'/' may only follow points 6, 12 and 18");
            return GAME_EINVALID;
        case '\0': case ' ': case '\t': case '\n': case '\r':
            snprintf(err, errlen, "points: expected 24, got %d", i - 1);
            return GAME_EINVALID;
        default: {
            char q[8];
            snprintf(err, errlen, "bad point character %s", game_quote_byte(*p, q));
            return GAME_EINVALID;
        }
        }
        p++;
        if (v == 2 || v == -2) {
            if (i <= 6) {
                snprintf(err, errlen, "wall on point %d: no wall can stand in A", i);
                return GAME_EINVALID;
            }
        }
        set_point(&s, i, v);
        onboard[v < 0] += abs(v);
        if (*p == '/' && (i == 6 || i == 12 || i == 18))
            p++;
    }
    if (*p && !isspace((unsigned char)*p)) {
        if (*p == '/')
            snprintf(err, errlen, "'/' may only follow points 6, 12 and 18");
        else
            snprintf(err, errlen, "points: more than 24");
        return GAME_EINVALID;
    }
    p = skip_ws(p);
    if ((p[0] != 'w' && p[0] != 'b') || (p[1] && !isspace((unsigned char)p[1]))) {
        snprintf(err, errlen, "side to move must be w or b");
        return GAME_EINVALID;
    }
    s.side = p[0] == 'b';
    p = skip_ws(p + 1);

    int num[2][2];                      /* [reserve/score][colour] */
    static const char *const what[2] = {"reserves", "scores"};
    for (int k = 0; k < 2; k++) {
        const char *q = read_small(p, &num[k][0]);
        if (q && *q == ',')
            q = read_small(q + 1, &num[k][1]);
        else
            q = NULL;
        if (!q || (*q && !isspace((unsigned char)*q))) {
            snprintf(err, errlen, "%s must be two numbers as W,B", what[k]);
            return GAME_EINVALID;
        }
        p = skip_ws(q);
    }
    if ((p[0] != 'w' && p[0] != 'b' && p[0] != '-') ||
        (p[1] && !isspace((unsigned char)p[1]))) {
        snprintf(err, errlen, "last scorer must be w, b or -");
        return GAME_EINVALID;
    }
    s.last = (int8_t)(p[0] == '-' ? -1 : p[0] == 'b');
    p = skip_ws(p + 1);
    if (*p) {
        snprintf(err, errlen, "unexpected text after the last scorer");
        return GAME_EINVALID;
    }
    for (int c = 0; c < 2; c++) {
        int total = num[0][c] + onboard[c] + 2 * num[1][c];
        if (total != s.pieces) {
            snprintf(err, errlen,
                     "%s: reserve %d + %d on board + 2 x score %d = %d, not %d",
                     gh_side_name[c], num[0][c], onboard[c], num[1][c], total,
                     s.pieces);
            return GAME_EINVALID;
        }
        s.res[c] = (uint8_t)num[0][c];
        s.score[c] = (uint8_t)num[1][c];
    }
    s.hash = gh_hash_full(&s);
    memcpy(st, &s, sizeof s);
    return GAME_OK;
}

static void gh_format_position(const void *vst, char *buf, size_t n)
{
    const struct gh_state *s = vst;
    char pts[32];
    int k = 0;
    for (int i = 1; i <= GH_POINTS; i++) {
        pts[k++] = ".wWbB"[s->pt[i] >= 0 ? s->pt[i] : 2 - s->pt[i]];
        if (i % 6 == 0 && i < GH_POINTS)
            pts[k++] = '/';
    }
    pts[k] = '\0';
    snprintf(buf, n, "%s %c %d,%d %d,%d %c", pts, s->side ? 'b' : 'w',
             s->res[0], s->res[1], s->score[0], s->score[1],
             s->last < 0 ? '-' : s->last ? 'b' : 'w');
}

/* ---- GoGui display ---- */

/* The game on GoGui's 6x6 board (GoGui draws square boards only), from the
 * bottom up as the pieces go: row 1 holds the reserves (white's on A1,
 * black's on F1), rows 2 to 5 the track, a quadrant a row (A = points 1-6
 * on row 2 up to D = 19-24 on row 5), so that every move goes up, and row 6
 * the walls borne off (white's score on A6, black's on F6). A move is two
 * clicks: the piece (or the reserve), then where it goes (the score square
 * for a bear-off). */
enum { GH_GOGUI = 6 };

/* GoGui's index (row * 6 + column, row 0 at the bottom) of point p (1-24),
 * of side's reserve (p 0) or of side's score square (p GH_OFF). */
static int gh_gogui_index(int p, int side)
{
    if (p == 0)
        return side ? GH_GOGUI - 1 : 0;
    if (p == GH_OFF)
        return GH_GOGUI * (GH_GOGUI - 1) + (side ? GH_GOGUI - 1 : 0);
    return GH_GOGUI + p - 1;
}

static void gh_gogui_name(int idx, char *buf, size_t n)
{
    snprintf(buf, n, "%c%d", "ABCDEF"[idx % GH_GOGUI], idx / GH_GOGUI + 1);
}

static int gh_table_file(const void *st, char *name, size_t n)
{
    const struct gh_state *s = st;
    if (s->pieces > GHT_MAX_PIECES || s->pieces <= 2)   /* pieces=2: proved at once */
        return 0;
    snprintf(name, n, GHT_FILE_FMT, s->pieces);
    return 1;
}

static int gh_board_size(const void *st)
{
    (void)st;
    return GH_GOGUI;
}

/* Cells: white pieces (and a white reserve or score that is not empty) as
 * white stones 'O', black ones as 'X'. */
static void gh_gogui_board(const void *vst, char *buf, size_t n)
{
    const struct gh_state *s = vst;
    char cells[GH_GOGUI * GH_GOGUI + 1];
    memset(cells, '.', GH_GOGUI * GH_GOGUI);
    cells[GH_GOGUI * GH_GOGUI] = '\0';
    for (int side = 0; side < 2; side++) {
        int marks[2] = {gh_gogui_index(0, side), gh_gogui_index(GH_OFF, side)};
        int full[2] = {s->res[side] > 0, s->score[side] > 0};
        for (int k = 0; k < 2; k++)
            if (full[k])
                cells[(GH_GOGUI - 1 - marks[k] / GH_GOGUI) * GH_GOGUI + marks[k] % GH_GOGUI] =
                    side ? 'X' : 'O';
    }
    for (int p = 1; p <= GH_POINTS; p++)
        if (s->pt[p]) {
            int idx = gh_gogui_index(p, 0);
            cells[(GH_GOGUI - 1 - idx / GH_GOGUI) * GH_GOGUI + idx % GH_GOGUI] =
                s->pt[p] > 0 ? 'O' : 'X';
        }
    snprintf(buf, n, "%s", cells);
}

/* The numbers the stones cannot show: a wall is labelled x2 (two pieces
 * stacked), an empty point its number (as in the moves' notation), the
 * reserve and score squares their counts; the squares of rows 1 and 6 that
 * stand for nothing are greyed. */
static void gh_gogui_gfx(const void *vst, char *buf, size_t n)
{
    const struct gh_state *s = vst;
    char out[2048], pt[16];
    size_t k = 0;
    k += (size_t)snprintf(out + k, sizeof out - k, "COLOR #a8a8a8");
    for (int c = 1; c < GH_GOGUI - 1; c++)
        k += (size_t)snprintf(out + k, sizeof out - k, " %c1 %c6", "ABCDEF"[c], "ABCDEF"[c]);
    for (int side = 0; side < 2; side++) {
        gh_gogui_name(gh_gogui_index(0, side), pt, sizeof pt);
        k += (size_t)snprintf(out + k, sizeof out - k, "\nLABEL %s %d", pt, s->res[side]);
        gh_gogui_name(gh_gogui_index(GH_OFF, side), pt, sizeof pt);
        k += (size_t)snprintf(out + k, sizeof out - k, "\nLABEL %s %d", pt, s->score[side]);
    }
    for (int p = 1; p <= GH_POINTS; p++) {
        if (s->pt[p] == 1 || s->pt[p] == -1)
            continue;
        gh_gogui_name(gh_gogui_index(p, 0), pt, sizeof pt);
        if (s->pt[p] == 0)
            k += (size_t)snprintf(out + k, sizeof out - k, "\nLABEL %s %d", pt, p);
        else
            k += (size_t)snprintf(out + k, sizeof out - k, "\nLABEL %s x2", pt);
    }
    snprintf(out + k, sizeof out - k,
             "\nTEXT reserves %d-%d, scores %d-%d (white-black)%s",
             s->res[0], s->res[1], s->score[0], s->score[1],
             s->last < 0 ? "" : s->last ? ", black scored last" : ", white scored last");
    snprintf(buf, n, "%s", out);
}

/* GoGui's two clicks of a move: the piece, the reserve (an entry) then the
 * point, or the wall then the mover's score square (a bear-off). */
static void gh_gogui_move_points(const void *vst, move_t m, int *from, int *to)
{
    const struct gh_state *s = vst;
    if (m == GH_PASS) {
        *from = *to = -1;
        return;
    }
    *from = gh_gogui_index(GH_FROM(m), s->side);
    *to = gh_gogui_index(GH_TO(m), s->side);
}

/* ---- move text ---- */

static void gh_format_move(const void *vst, move_t m, char *buf, size_t n)
{
    (void)vst;
    if (m == GH_PASS)
        snprintf(buf, n, "pass");
    else if (GH_TO(m) == GH_OFF)
        snprintf(buf, n, "%d/off", GH_FROM(m));
    else
        snprintf(buf, n, "%d/%d", GH_FROM(m), GH_TO(m));
}

/* Why a single in D has no move: said by why_no_move and by the refusal
 * of its moves (explain_illegal). */
static const char d_single_why[] = "a single in D cannot move on (only a wall is borne off)";

/* Why a well-formed action is not legal, for the error text. */
static void explain_illegal(const struct gh_state *s, int f, int t,
                            char *err, size_t errlen)
{
    const int g = sgn(s->side);
    if (f == 0) {
        if (t == GH_OFF)
            snprintf(err, errlen, "cannot bear off from the reserve");
        else if (!s->res[s->side])
            snprintf(err, errlen, "no pieces in reserve");
        else if (t > 6)
            snprintf(err, errlen, "pieces enter on points 1-6 only");
        else
            snprintf(err, errlen, "point %d is not empty", t);
        return;
    }
    if (t == GH_OFF) {
        if (f < 19)
            snprintf(err, errlen, "walls bear off from points 19-24 only");
        else
            snprintf(err, errlen, "no wall of yours on %d", f);
        return;
    }
    int v = s->pt[f];
    if (v != g && v != 2 * g) {
        snprintf(err, errlen, "no piece of yours on %d", f);
        return;
    }
    if (f >= 19) {
        snprintf(err, errlen, "%s", v == g ? d_single_why :
                 "pieces in D leave only by bearing off a wall");
        return;
    }
    int lo = 6 * quad(f) + 7;
    if (t < lo || t > lo + 5) {
        snprintf(err, errlen, "%d is not in the next quadrant of %d", t, f);
        return;
    }
    if (s->pt[t] != 0 && !(t == f + 6 && s->pt[t] == g)) {
        snprintf(err, errlen, "point %d is occupied", t);
        return;
    }
    snprintf(err, errlen, "a wall stands between %d and %d", f, t);
}

static int gh_parse_move(const void *vst, const char *str, move_t *m,
                         char *err, size_t errlen)
{
    const struct gh_state *s = vst;
    const char *p = skip_ws(str);
    const char *e = p + strlen(p);
    while (e > p && isspace((unsigned char)e[-1]))
        e--;
    size_t len = (size_t)(e - p);
    move_t mv;
    int f = 0, t = 0;

    if (len == 4 && strncasecmp(p, "pass", 4) == 0) {
        mv = GH_PASS;
    } else {
        const char *q = read_small(p, &f);
        if (!q || (*q != '/' && *q != '-') || f > GH_POINTS) {
            snprintf(err, errlen, "expected FROM/TO, FROM/off or pass");
            return GAME_ESYNTAX;
        }
        q++;
        if ((size_t)(e - q) == 3 && strncasecmp(q, "off", 3) == 0) {
            t = GH_OFF;
            q += 3;
        } else {
            q = read_small(q, &t);
            if (!q || t < 1 || t > GH_POINTS) {
                snprintf(err, errlen, "destination must be a point 1-24 or off");
                return GAME_ESYNTAX;
            }
        }
        if (q != e) {
            snprintf(err, errlen, "expected FROM/TO, FROM/off or pass");
            return GAME_ESYNTAX;
        }
        mv = GH_MOVE(f, t);
    }

    move_t list[GAME_MAX_MOVES];
    int n = gh_gen_moves(s, list);
    for (int i = 0; i < n; i++)
        if (list[i] == mv) {
            *m = mv;
            return GAME_OK;
        }
    if (n == 0)
        snprintf(err, errlen, "the game is over");
    else if (mv == GH_PASS)
        snprintf(err, errlen, "pass is allowed only with no other action");
    else if (list[0] == GH_PASS)
        snprintf(err, errlen, "no action is possible: pass");
    else
        explain_illegal(s, f, t, err, errlen);
    return GAME_EILLEGAL;
}

/* ---- why a place has no move (struct game's why_no_move) ---- */

/* How a forced pass groups the places with no move: by what stops them. */
enum why_kind {
    WHY_D,              /* a single in D */
    WHY_FULL,           /* the next quadrant is full (key: the quadrant) */
    WHY_WALL,           /* a wall before the next quadrant (key: its point) */
    WHY_PART,           /* part of the next quadrant taken, a wall on the
                         * rest (key: the wall's point) */
    WHY_RESERVE
};
struct why {
    enum why_kind kind;
    int key;
    char text[96];
};

/* Why place p of the side to move (0 its reserve, 1..24 a point) starts no
 * move: 1 with *w filled; 0 when a move starts there or it is none of the
 * mover's. */
static int place_why(const struct gh_state *s, int p, struct why *w)
{
    const int me = s->side;
    if (p == 0) {
        if (!s->res[me] || (~(s->sm[0] | s->sm[1]) & GH_A))
            return 0;
        w->kind = WHY_RESERVE;
        w->key = 0;
        snprintf(w->text, sizeof w->text, "A is full");
        return 1;
    }
    const int v = s->pt[p] * sgn(me);
    if (v <= 0 || (p >= 19 && v == 2))
        return 0;                       /* not the mover's; a wall bears off */
    if (p >= 19) {
        w->kind = WHY_D;
        w->key = 0;
        snprintf(w->text, sizeof w->text, "%s", d_single_why);
        return 1;
    }
    int cut;
    if (piece_dests(s, p, me, &cut))
        return 0;
    const int q = quad(p), ns = 6 * q + 7, ne = ns + 5;
    int wall = 0;                       /* the first wall a single stops at */
    for (int x = p + 1; v == 1 && x < ne && !wall; x++)
        if (abs(s->pt[x]) == 2)
            wall = x;
    if (wall && wall <= ns) {
        w->kind = WHY_WALL;
        w->key = wall;
        snprintf(w->text, sizeof w->text, "the wall on %d blocks its way", wall);
    } else if (wall) {
        w->kind = WHY_PART;
        w->key = wall;
        if (wall - 1 > ns)
            snprintf(w->text, sizeof w->text, "%d-%d are taken and the wall on %d blocks the "
                     "rest of %c", ns, wall - 1, wall, "ABCD"[q + 1]);
        else
            snprintf(w->text, sizeof w->text, "%d is taken and the wall on %d blocks the "
                     "rest of %c", ns, wall, "ABCD"[q + 1]);
    } else {
        /* a wall's top piece jumps walls: only a full quadrant stops it */
        w->kind = WHY_FULL;
        w->key = q;
        snprintf(w->text, sizeof w->text, "%c (%d-%d) is full", "ABCD"[q + 1], ns, ne);
    }
    return 1;
}

/* Points as a person lists them: "3", "2-6" (a run), "2, 4 and 9". */
static void list_points(const int *pt, int k, char *buf, size_t n)
{
    size_t pos = 0;
    int run = 1;
    for (int i = 1; i < k; i++)
        run &= pt[i] == pt[i - 1] + 1;
    buf[0] = '\0';
    if (k > 1 && run) {
        buf_printf(buf, n, &pos, "%d-%d", pt[0], pt[k - 1]);
        return;
    }
    for (int i = 0; i < k; i++)
        buf_printf(buf, n, &pos, "%s%d", !i ? "" : i == k - 1 ? " and " : ", ", pt[i]);
}

/* Why the side to move has no action at all (its forced pass): the places
 * grouped by what stops them, in the order of their first point, then the
 * reserve: "the wall on 7 blocks 2-6; A is full, so the reserve cannot
 * enter". */
static void pass_why(const struct gh_state *s, char *buf, size_t n)
{
    struct group {
        struct why w;
        int pt[GH_POINTS], k;
    } gr[GH_POINTS];
    int ng = 0, reserve = 0;
    struct why w;
    if (place_why(s, 0, &w))
        reserve = 1;
    for (int p = 1; p <= GH_POINTS; p++) {
        if (!place_why(s, p, &w))
            continue;
        int i = 0;
        while (i < ng && (gr[i].w.kind != w.kind || gr[i].w.key != w.key))
            i++;
        if (i == ng) {
            gr[ng].w = w;
            gr[ng++].k = 0;
        }
        gr[i].pt[gr[i].k++] = p;
    }
    size_t pos = 0;
    buf[0] = '\0';
    for (int i = 0; i < ng; i++) {
        char pts[96];
        list_points(gr[i].pt, gr[i].k, pts, sizeof pts);
        buf_printf(buf, n, &pos, "%s", i ? "; " : "");
        if (gr[i].w.kind == WHY_D)
            buf_printf(buf, n, &pos, "%s in D (%s) cannot move on",
                       gr[i].k > 1 ? "singles" : "a single", pts);
        else if (gr[i].w.kind == WHY_WALL)
            buf_printf(buf, n, &pos, "the wall on %d blocks %s", gr[i].w.key, pts);
        else
            buf_printf(buf, n, &pos, "%s: %s", pts, gr[i].w.text);
    }
    if (reserve)
        buf_printf(buf, n, &pos, "%sA is full, so the reserve cannot enter", ng ? "; " : "");
    else if (!ng)
        buf_printf(buf, n, &pos, "no piece is left to move");
}

/* struct game's why_no_move: the lines "FROM REASON" (0 the reserve, then
 * the points), "pass REASON" for a forced pass; for a move's text, the
 * reason of the place it starts from ("pass": of the forced pass). */
static void gh_why_no_move(const void *vst, const char *move, char *buf, size_t n)
{
    const struct gh_state *s = vst;
    move_t mv[GAME_MAX_MOVES];
    struct why w;
    if (n == 0)
        return;
    buf[0] = '\0';
    const int k = gh_gen_moves(s, mv);
    if (!k)
        return;                         /* over: no move is anybody's */
    const int forced = k == 1 && mv[0] == GH_PASS;
    if (move) {
        const char *p = skip_ws(move), *q;
        int f;
        if (!strncasecmp(p, "pass", 4) && !*skip_ws(p + 4)) {
            if (forced)
                pass_why(s, buf, n);
        } else if ((q = read_small(p, &f)) && (*q == '/' || *q == '-') && f <= GH_POINTS &&
                   place_why(s, f, &w)) {
            snprintf(buf, n, "%s", w.text);
        }
        return;
    }
    size_t pos = 0;
    for (int p = 0; p <= GH_POINTS; p++)
        if (place_why(s, p, &w))
            buf_printf(buf, n, &pos, "%s%d %s", pos ? "\n" : "", p, w.text);
    if (forced) {
        char why[1024];
        pass_why(s, why, sizeof why);
        buf_printf(buf, n, &pos, "%spass %s", pos ? "\n" : "", why);
    }
}

/* ---- diagram ---- */

/* The diagram; marked: the shell's (see struct game's print_marked): no
 * side to move or result line, the point the last move reached (or left,
 * bearing off) in parentheses. */
static void gh_draw(const void *vst, int marked, move_t last, char *buf, size_t n)
{
    const struct gh_state *s = vst;
    size_t pos = 0;
    struct game_status st;
    int mark = 0;               /* the point to put in parentheses */

    if (n == 0)
        return;
    if (marked && last != MOVE_NONE && last != GH_PASS)
        mark = GH_TO(last) == GH_OFF ? GH_FROM(last) : GH_TO(last);
    buf[0] = '\0';
    /* Quadrant letters centred over groups of six 3-column cells. */
    buf_printf(buf, n, &pos, "%10s%20s%20s%20s\n", "A", "B", "C", "D");
    for (int i = 1; i <= GH_POINTS; i++)
        buf_printf(buf, n, &pos, "%3d%s", i,
                   i == GH_POINTS ? "\n" : i % 6 == 0 ? " |" : "");
    /* Walls are drawn as two stacked letters, singles as one. */
    char row[2][100];
    for (int r = 0; r < 2; r++) {
        int k = 0, at = -1;
        for (int i = 1; i <= GH_POINTS; i++) {
            int v = s->pt[i];
            char c;
            if (r == 0)
                c = v == 2 ? 'W' : v == -2 ? 'B' : ' ';
            else
                c = ".wWbB"[v >= 0 ? v : 2 - v];
            row[r][k++] = ' ';
            row[r][k++] = ' ';
            if (r == 1 && i == mark)
                at = k;
            row[r][k++] = c;
            if (i % 6 == 0 && i < GH_POINTS) {
                row[r][k++] = ' ';
                row[r][k++] = '|';
            }
        }
        if (at >= 0) {
            row[r][at - 1] = '(';
            if (at + 1 == k)
                k++;
            row[r][at + 1] = ')';
        }
        while (k > 0 && row[r][k - 1] == ' ')
            k--;
        row[r][k] = '\0';
        buf_printf(buf, n, &pos, "%s\n", row[r]);
    }
    for (int c = 0; c < 2; c++) {
        if (c)
            buf_printf(buf, n, &pos, "\n");
        buf_printf(buf, n, &pos, "%s %-5s (%c single, %c wall)  reserve %2d  score %d%s",
                   s->side == c ? ">" : " ", gh_side_name[c], c ? 'b' : 'w',
                   c ? 'B' : 'W', s->res[c], s->score[c],
                   s->last == c ? "  scored last" : "");
    }
    if (marked) {
        if (mark)
            buf_printf(buf, n, &pos, "\n( ) last move");
        if (s->pieces != GH_DEFAULT_PIECES)
            buf_printf(buf, n, &pos, "%s(pieces=%d)", mark ? "  " : "\n", s->pieces);
        return;
    }
    buf_printf(buf, n, &pos, "\n");
    gh_status(s, &st);
    if (st.over)
        buf_printf(buf, n, &pos, "game over: %s", st.reason);
    else
        buf_printf(buf, n, &pos, "%s to move", gh_side_name[s->side]);
    if (s->pieces != GH_DEFAULT_PIECES)
        buf_printf(buf, n, &pos, "  (pieces=%d)", s->pieces);
}

static void gh_print(const void *vst, char *buf, size_t n)
{
    gh_draw(vst, 0, MOVE_NONE, buf, n);
}

static void gh_print_marked(const void *st, const void *before, move_t last, char *buf,
                            size_t n)
{
    (void)before;
    gh_draw(st, 1, last, buf, n);
}

/* ---- exact values of settled positions ---- */

/* What one side can still do, counted generously (upper bounds). */
struct gh_bound {
    int ready;          /* walls in D: a score each, whenever it likes */
    int movers;         /* pieces in the reserve, A, B and C */
    int live;           /* singles in D a later piece could still join */
    int upper;          /* at most this many more scores */
};

static void side_bound(const struct gh_state *s, int side, struct gh_bound *b)
{
    const int g = sgn(side);
    int feeders = s->res[side];         /* pieces that can still reach C */
    b->ready = b->movers = b->live = 0;
    b->movers = s->res[side];
    for (int p = 1; p <= 18; p++) {
        int v = s->pt[p] * g;
        if (v > 0) {
            b->movers += v;
            if (p <= 12)
                feeders += v;
        }
    }
    for (int d = 19; d <= GH_POINTS; d++) {
        int v = s->pt[d] * g;
        if (v == 2)
            b->ready++;
        else if (v == 1 && (feeders || s->pt[d - 6] * g > 0))
            b->live++;
    }
    /* every new wall in D takes a piece that is not in D yet */
    int pairs = (b->movers + b->live) / 2;
    if (pairs > b->movers)
        pairs = b->movers;
    b->upper = b->ready + pairs;
}

/* Can side x still win at all? It needs one more score when it scored
 * last, two otherwise. (Walls the opponent holds in D do not lower this
 * bound: a side whose only action is a bear-off must take it, so they
 * cannot be counted on as answers.) */
static int may_win(const struct gh_state *s, int x, const struct gh_bound *bx)
{
    return bx->upper >= (s->last == x ? 1 : 2);
}

/* The exact value for the side to move where it is cheap to tell: the
 * last scorer with a wall in D and the move wins at once; its opponent
 * without a wall in D to answer is lost; and when neither side can ever
 * win the game is a draw. */
static int gh_exact_value(void *vst, int *value, int *plies)
{
    const struct gh_state *s = vst;
    const int me = s->side, op = !me;
    struct gh_bound a, b;

    if (s->winner >= 0) {
        *value = s->winner == me ? 1 : -1;
        *plies = 0;
        return 1;
    }
    side_bound(s, me, &a);
    side_bound(s, op, &b);
    if (s->last == me && a.ready) {
        *value = 1;
        *plies = 1;
        return 1;
    }
    /* The opponent scored last and has a wall in D: I must bear off at
     * once, then it must answer while I still hold one, and so on; the
     * side that runs out first while threatened loses. With fewer walls in
     * D than the opponent I lose after a exchanges; with two more I win
     * (after its last answer I bear off, it cannot score in one move, I
     * bear off again). No move but a bear-off changes these counts in
     * time, and a bear-off is always legal. */
    if (s->last == op && b.ready && a.ready < b.ready) {
        *value = -1;
        *plies = 2 * a.ready + 2;
        return 1;
    }
    if (s->last != me && a.ready >= b.ready + 2) {
        *value = 1;
        *plies = 2 * b.ready + 3;
        return 1;
    }
    if (!may_win(s, me, &a) && !may_win(s, op, &b)) {
        *value = 0;
        *plies = -1;
        return 1;
    }
    return 0;
}

/* ---- evaluation ---- */

/* Weights in centi-actions-ish units; kept together so they can be tuned. */
struct gh_weights {
    int pip;            /* per quadrant step still to travel */
    int ready_wall;     /* a wall in D: a score in hand */
    int dead_single;    /* a single in D that can never be paired */
    int live_single_d;  /* a single in D still waiting for a partner */
    int block;          /* per opponent single's destination cut by a wall */
    int score;          /* per point scored */
    int last;           /* being the last scorer */
    int race;           /* per action of lead in the race to the next score */
    int race_cap;       /* the lead is clamped to +-race_cap actions */
    int threat;         /* last scorer with a wall in hand and the move */
    int no_future;      /* opponent cannot score again, I am last scorer */
    int mobility;       /* per legal action that is not a bear-off */
    int stuck;          /* per piece not in D that has no move now */
    int no_move;        /* no action but bearing off (or passing) */
};

static const struct gh_weights gh_w = {
    .pip = 8,
    .ready_wall = 80,
    .dead_single = 40,
    .live_single_d = 6,
    .block = 2,
    .score = 20,
    .last = 30,
    .race = 70,
    .race_cap = 5,
    .threat = 8000,
    .no_future = 4000,
    .mobility = 6,
    .stuck = 110,
    .no_move = 400,
};

#define GH_NEVER 99

struct gh_side_eval {
    int pips;           /* quadrant steps (entering counts as one) */
    int ready;          /* walls in D */
    int dead;           /* singles in D that can never be paired */
    int live_d;         /* singles in D that can still be paired */
    int blocked;        /* destinations of its singles cut by walls */
    int potential;      /* scores it could still make */
    int next;           /* estimated own actions to its next score */
    int mob;            /* legal actions but bear-offs */
    int stuck;          /* pieces in the reserve, A, B or C with no move */
};

/* Own actions until a piece of `side` stands on the empty point q (in C
 * or D): one step per quadrant from its nearest piece behind, the reserve
 * counting as the quadrant before A. cnt: reserve, A, B, C, D. */
static int steps_to(const struct gh_state *s, int q, const int cnt[5])
{
    if (s->pt[q] != 0)
        return GH_NEVER;
    int qq = quad(q) + 1;               /* index of q's quadrant in cnt */
    for (int k = qq - 1; k >= 0; k--)
        if (cnt[k])
            return qq - k;
    return GH_NEVER;
}

static void eval_side(const struct gh_state *s, int side, struct gh_side_eval *e)
{
    const int g = sgn(side);
    int cnt[5] = {s->res[side], 0, 0, 0, 0};    /* reserve, A, B, C, D */

    memset(e, 0, sizeof *e);
    e->pips = 4 * s->res[side];
    for (int p = 1; p <= GH_POINTS; p++) {
        int v = s->pt[p] * g;
        if (v <= 0)
            continue;
        cnt[quad(p) + 1] += v;
        e->pips += v * (3 - quad(p));
    }
    int feeders = cnt[0] + cnt[1] + cnt[2];     /* can still reach any C point */
    for (int d = 19; d <= GH_POINTS; d++) {
        int v = s->pt[d] * g;
        if (v == 2)
            e->ready++;
        else if (v == 1) {
            int c = s->pt[d - 6] * g;
            if (c > 0 || feeders > 0)
                e->live_d++;
            else
                e->dead++;
        }
    }
    /* Pieces not yet in D that can be paired among themselves or with the
     * live singles in D. */
    int spare = cnt[0] + cnt[1] + cnt[2] + cnt[3];
    e->potential = e->ready + (spare + e->live_d) / 2;
    if (e->potential > 0 && spare == 0)
        e->potential = e->ready;

    /* Moves of the pieces not in D, and destinations of this side's
     * singles cut off by walls. */
    if (s->res[side]) {
        int empty_a = 0;
        for (int p = 1; p <= 6; p++)
            empty_a += s->pt[p] == 0;
        e->mob += empty_a;
        if (!empty_a)
            e->stuck += s->res[side];
    }
    for (int p = 1; p <= 18; p++) {
        int v = s->pt[p] * g, cut;
        if (v <= 0)
            continue;
        int moves = gh_popcount(piece_dests(s, p, side, &cut));
        e->blocked += cut;
        e->mob += moves;
        if (!moves)
            e->stuck += v;
    }

    /* Next score: bear off a wall in hand, or build one at some d in D from
     * a single on d (or one brought there) and a partner reaching d-6. */
    if (e->ready) {
        e->next = 1;
        return;
    }
    int best = GH_NEVER;
    for (int d = 19; d <= GH_POINTS; d++) {
        int v = s->pt[d] * g;
        if (v < 0 || v == 2)
            continue;
        int occ = v == 1 ? 0 : steps_to(s, d, cnt);
        if (occ >= GH_NEVER)
            continue;
        int c = s->pt[d - 6] * g;
        int partner;
        if (c == 2 || (c == 1 && occ == 0))
            partner = 1;
        else if (c < 0)
            partner = 3;                /* wait for it to move on */
        else {
            /* a piece from B (or earlier) to d-6, then up to d */
            int k;
            for (k = 2; k >= 0 && !cnt[k]; k--)
                ;
            if (k < 0)
                continue;
            partner = 1 + (3 - k);
            /* the same piece cannot be both on d and on d-6 */
            if (occ > 0 && cnt[0] + cnt[1] + cnt[2] + cnt[3] < 2)
                continue;
        }
        if (occ + partner + 1 < best)
            best = occ + partner + 1;
    }
    e->next = best;
}

static int gh_evaluate(const void *vst)
{
    const struct gh_state *s = vst;
    const struct gh_weights *w = &gh_w;
    const int me = s->side, op = !me;
    struct gh_side_eval a, b;

    if (s->winner >= 0)
        return s->winner == me ? SCORE_EVAL_MAX : -SCORE_EVAL_MAX;
    eval_side(s, me, &a);
    eval_side(s, op, &b);

    /* Settled tempo fights. */
    if (s->last == me && a.ready)
        return w->threat + 10 * a.ready;        /* I bear off and win now */
    if (s->last == op && b.ready && !a.ready)
        return -w->threat - 10 * b.ready;       /* nothing stops it */
    if (a.potential == 0 && b.potential == 0)
        return 0;                               /* nobody can score again */

    int v = 0;
    v += w->pip * (b.pips - a.pips);
    v += w->ready_wall * (a.ready - b.ready);
    v += w->dead_single * (b.dead - a.dead);
    v += w->live_single_d * (a.live_d - b.live_d);
    v += w->block * (b.blocked - a.blocked);
    v += w->score * (s->score[me] - s->score[op]);
    v += w->mobility * (a.mob - b.mob);
    v += w->stuck * (b.stuck - a.stuck);
    v += w->no_move * ((b.mob == 0) - (a.mob == 0));

    /* The race to the next score: I move first, so a tie is mine. */
    int lead = (b.next >= GH_NEVER ? a.next + w->race_cap : b.next) -
               (a.next >= GH_NEVER ? b.next + w->race_cap : a.next);
    if (lead > w->race_cap)
        lead = w->race_cap;
    if (lead < -w->race_cap)
        lead = -w->race_cap;
    if (s->last == me) {
        v += w->last;
        v += w->race * (lead + 1);
        if (b.potential == 0)
            v += w->no_future;          /* my next score wins, none stops it */
    } else if (s->last == op) {
        v -= w->last;
        v += w->race * (lead - 1);
        if (a.potential == 0)
            v -= w->no_future;
    } else {
        v += w->race * lead / 2;
        if (b.potential == 0 && a.potential >= 2)
            v += w->no_future;
        if (a.potential == 0 && b.potential >= 2)
            v -= w->no_future;
    }
    if (v > SCORE_EVAL_MAX)
        v = SCORE_EVAL_MAX;
    if (v < -SCORE_EVAL_MAX)
        v = -SCORE_EVAL_MAX;
    return v;
}

const struct game grasshopper_game = {
    .name = "grasshopper",
    .title = "Grasshopper",
    .side_names = {"white", "black"},
    .side_aliases = {"w", "b"},
    .gtp_letter = {'W', 'B'},
    .variant_keys = gh_variant_keys,
    .state_size = sizeof(struct gh_state),
    .undo_size = sizeof(struct gh_undo),
    .init = gh_init,
    .format_variant = gh_format_variant,
    .parse_position = gh_parse_position,
    .format_position = gh_format_position,
    .side_to_move = gh_side_to_move,
    .gen_moves = gh_gen_moves,
    .make = gh_make,
    .unmake = gh_unmake,
    .hash = gh_hash,
    .status = gh_status,
    .evaluate = gh_evaluate,
    /* self-play of pieces=14 at 20,000 nodes a move (bench/score-scale):
     * 1,034 and 1,078 on two seeds, 1,241 at pieces=10 */
    .score_scale = 1050,
    .exact_value = gh_exact_value,
    .perft = gh_perft,
    .solver_create = gh_solver_create,
    .solver_destroy = gh_solver_destroy,
    .solver_clear = gh_solver_clear,
    .solve = gh_solve,
    .tables_check = ght_tables_check,
    .table_file = gh_table_file,
    .parse_move = gh_parse_move,
    .format_move = gh_format_move,
    .print = gh_print,
    .board_size = gh_board_size,
    .gogui_board = gh_gogui_board,
    .gogui_gfx = gh_gogui_gfx,
    .gogui_move_points = gh_gogui_move_points,
    .print_marked = gh_print_marked,
    .why_no_move = gh_why_no_move,
    .rules =
        "Grasshopper: a backgammon race without dice on one track of 24 points in four\n"
        "quadrants, A (1-6), B (7-12), C (13-18), D (19-24). Both sides move from A to D.\n"
        "Each side starts with all its pieces (14 each: pieces=N) in reserve; white moves\n"
        "first. A point holds nothing, one single, or a wall (two pieces of one colour),\n"
        "never a wall in A.\n"
        "One action a turn:\n"
        "- enter a piece from the reserve onto an empty point of A: 0/5;\n"
        "- move a single (or the top piece of a wall) into the next quadrant, onto an\n"
        "  empty point or onto your own single at p+6 to build a wall: 3/9; a single\n"
        "  cannot pass a wall of either colour, a wall's top piece jumps them;\n"
        "- bear off a wall from D, 21/off: both pieces leave and you score a point.\n"
        "You win by scoring twice in succession (while you were the last to score).\n"
        "A side with no action passes (pass); when neither side can act it is a draw.",
    .legend = "A single moves into the next quadrant (never past a wall); two build a wall.\n"
              "Bear a wall off from D to score; two scores in succession win.",
};
