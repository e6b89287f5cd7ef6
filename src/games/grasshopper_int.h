/* grasshopper_int.h -- what the Grasshopper rules (grasshopper.c) share with
 * their dedicated solver (grasshopper_solve.c) and the bench programs: the
 * state, the track as bit masks, and the move generator on masks.
 * Rules only: knows nothing about search, sessions or protocols. */
#ifndef TABULA_GRASSHOPPER_INT_H
#define TABULA_GRASSHOPPER_INT_H
#ifndef TABULA_RULES
#error "a game's own header is for the rules (src/games/) and their tests only: the layers above see struct game"
#endif

#include <stdint.h>
#include "game.h"

#define GH_POINTS 24
#define GH_MAX_PIECES 14
#define GH_DEFAULT_PIECES 14

/* A move is from | to << 5: from 0 (reserve) or 1..24, to 1..24 or
 * GH_OFF. The pass has from = to = 31, so no move encodes as 0. */
#define GH_OFF 25
#define GH_PASS ((move_t)(31u | 31u << 5))
#define GH_MOVE(f, t) ((move_t)(f) | (move_t)(t) << 5)
#define GH_FROM(m) ((int)((m) & 31u))
#define GH_TO(m) ((int)(((m) >> 5) & 31u))

/* The track as bits: bit p-1 stands for point p. */
#define GH_QUAD(q) (0x3Fu << (6 * (q)))         /* q = 0 (A) .. 3 (D) */
#define GH_A GH_QUAD(0)
#define GH_D GH_QUAD(3)
#define GH_TRACK 0xFFFFFFu
#define GH_BIT(p) (1u << ((p) - 1))

/* Plain bytes, copied with memcpy: no pointers. A point holds +1/+2 for a
 * white single/wall, -1/-2 for black, 0 when empty; the masks say the same
 * by colour (sm singles, wm walls) for the move generator. */
struct gh_state {
    uint64_t hash;
    uint32_t sm[2];             /* singles of white, black */
    uint32_t wm[2];             /* walls of white, black (never in A) */
    int8_t pt[GH_POINTS + 1];   /* index 1..24; pt[0] unused */
    uint8_t side;               /* to move: 0 white, 1 black */
    uint8_t res[2];             /* pieces in reserve */
    uint8_t score[2];           /* walls borne off */
    int8_t last;                /* last scorer, -1 for none */
    int8_t winner;              /* side that scored twice in succession */
    uint8_t pieces;             /* per side: the variant */
};

/* A position seen from the side to move, [0], against the other, [1]:
 * the rules are the same for both colours, so this is all the future of a
 * game depends on (the scores only fill the pieces' count). */
struct gh_board {
    uint32_t s[2];              /* singles */
    uint32_t w[2];              /* walls */
    uint8_t res[2];             /* reserves */
    int8_t last;                /* who scored last: 0, 1, or -1 nobody */
};

static inline int gh_popcount(uint32_t x)
{
    /* portable: the default x86-64 target has no popcnt instruction */
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static inline int gh_ctz(uint32_t x)
{
    return __builtin_ctz(x);
}

/* Where the piece on bit b (point b+1, in A, B or C, quadrant q = b / 6)
 * of the side owning the singles `own_s` may go: the empty points of the
 * next quadrant, and b+6 when it holds a single of its own (a new wall).
 * A single stops before the first wall of either colour; a wall's top
 * piece jumps them. */
static inline uint32_t gh_dests(uint32_t own_s, uint32_t empty, uint32_t walls,
                                int b, int q)
{
    uint32_t t = GH_QUAD(q + 1) & (empty | (own_s & (1u << (b + 6))));
    if (own_s & (1u << b)) {
        uint32_t beyond = walls & (~0u << (b + 1));
        t &= (beyond & (0u - beyond)) - 1;
    }
    return t;
}

/* The actions (never a pass) of the side owning os/ow with `res` pieces in
 * reserve against xs/xw, in the fixed order: entries 0/1..0/6, then by
 * origin and destination ascending, bear-offs last. Returns how many; with
 * mv == NULL only counts them. */
static inline int gh_gen(uint32_t os, uint32_t ow, uint32_t xs, uint32_t xw,
                         int res, move_t *mv)
{
    const uint32_t empty = ~(os | ow | xs | xw) & GH_TRACK, walls = ow | xw;
    int n = 0;
    if (res) {
        if (!mv)
            n += gh_popcount(empty & GH_A);
        else
            for (uint32_t e = empty & GH_A; e; e &= e - 1)
                mv[n++] = GH_MOVE(0, gh_ctz(e) + 1);
    }
    for (int q = 0; q < 3; q++)
        for (uint32_t pcs = (os | ow) & GH_QUAD(q); pcs; pcs &= pcs - 1) {
            int b = gh_ctz(pcs);
            uint32_t d = gh_dests(os, empty, walls, b, q);
            if (!mv)
                n += gh_popcount(d);
            else
                for (; d; d &= d - 1)
                    mv[n++] = GH_MOVE(b + 1, gh_ctz(d) + 1);
        }
    if (!mv)
        n += gh_popcount(ow & GH_D);
    else
        for (uint32_t o = ow & GH_D; o; o &= o - 1)
            mv[n++] = GH_MOVE(gh_ctz(o) + 1, GH_OFF);
    return n;
}

/* Does the side owning os/ow have an action at all? */
static inline int gh_any(uint32_t os, uint32_t ow, uint32_t xs, uint32_t xw, int res)
{
    const uint32_t empty = ~(os | ow | xs | xw) & GH_TRACK, walls = ow | xw;
    if ((ow & GH_D) || (res && (empty & GH_A)))
        return 1;
    for (int q = 0; q < 3; q++)
        for (uint32_t pcs = (os | ow) & GH_QUAD(q); pcs; pcs &= pcs - 1)
            if (gh_dests(os, empty, walls, gh_ctz(pcs), q))
                return 1;
    return 0;
}

static inline int gh_board_count(const struct gh_board *b)
{
    return gh_gen(b->s[0], b->w[0], b->s[1], b->w[1], b->res[0], NULL);
}

static inline int gh_board_any(const struct gh_board *b, int side)
{
    return gh_any(b->s[side], b->w[side], b->s[!side], b->w[!side], b->res[side]);
}

/* The board after the side to move plays the action m (not a pass), seen
 * from the other side. Returns 1 when m wins (a bear-off by the last
 * scorer); c is then not a position to play on. */
static inline int gh_board_play(const struct gh_board *b, move_t m, struct gh_board *c)
{
    const int f = GH_FROM(m), t = GH_TO(m);
    uint32_t s = b->s[0], w = b->w[0];
    int res = b->res[0], won = 0;
    c->s[0] = b->s[1];
    c->w[0] = b->w[1];
    c->res[0] = b->res[1];
    c->last = (int8_t)(b->last < 0 ? -1 : !b->last);
    if (t == GH_OFF) {
        w &= ~GH_BIT(f);
        won = b->last == 0;
        c->last = 1;
    } else {
        const uint32_t tb = GH_BIT(t);
        if (f == 0) {
            res--;
        } else {
            const uint32_t fb = GH_BIT(f);
            if (w & fb) {
                w &= ~fb;
                s |= fb;
            } else {
                s &= ~fb;
            }
        }
        if (s & tb) {
            s &= ~tb;
            w |= tb;
        } else {
            s |= tb;
        }
    }
    c->s[1] = s;
    c->w[1] = w;
    c->res[1] = (uint8_t)res;
    return won;
}

/* The same board with the other side to move (after a pass). */
static inline void gh_board_pass(const struct gh_board *b, struct gh_board *c)
{
    c->s[0] = b->s[1];
    c->s[1] = b->s[0];
    c->w[0] = b->w[1];
    c->w[1] = b->w[0];
    c->res[0] = b->res[1];
    c->res[1] = b->res[0];
    c->last = (int8_t)(b->last < 0 ? -1 : !b->last);
}

/* The board of a game state, from its side to move. */
static inline void gh_board_of(const struct gh_state *s, struct gh_board *b)
{
    const int me = s->side;
    b->s[0] = s->sm[me];
    b->s[1] = s->sm[!me];
    b->w[0] = s->wm[me];
    b->w[1] = s->wm[!me];
    b->res[0] = s->res[me];
    b->res[1] = s->res[!me];
    b->last = (int8_t)(s->last < 0 ? -1 : s->last != me);
}

/* ---- what the counts of walls tell (as exact_value in grasshopper.c) ---- */

/* At most how many more scores side x can make: its walls in D, plus one
 * for every new wall, each taking a piece not yet in D (a single in D
 * counts while a piece of its colour can still reach the point 6 below). */
static inline int gh_max_scores(const struct gh_board *b, int x)
{
    const uint32_t s = b->s[x], w = b->w[x];
    const uint32_t early = GH_QUAD(0) | GH_QUAD(1);
    const int feeders = b->res[x] + gh_popcount(s & early) + 2 * gh_popcount(w & early);
    const int movers = b->res[x] + gh_popcount(s & ~GH_D) + 2 * gh_popcount(w & ~GH_D);
    const uint32_t partners = feeders ? GH_D : ((s | w) & GH_QUAD(2)) << 6;
    const int live = gh_popcount(s & GH_D & partners);
    int pairs = (movers + live) / 2;
    if (pairs > movers)
        pairs = movers;
    return gh_popcount(w & GH_D) + pairs;
}

/* Bounds on the value of b for the side to move from the walls alone:
 * returns 1 when they settle it (*lo == *hi). */
static inline int gh_wall_bounds(const struct gh_board *b, int *lo, int *hi)
{
    const int a = gh_popcount(b->w[0] & GH_D), c = gh_popcount(b->w[1] & GH_D);
    if (b->last == 0 && a) {
        *lo = *hi = 1;          /* the last scorer bears off and wins */
        return 1;
    }
    if (b->last == 1 && c && a < c) {
        *lo = *hi = -1;         /* it runs out of answers first */
        return 1;
    }
    if (b->last != 0 && a >= c + 2) {
        *lo = *hi = 1;
        return 1;
    }
    *hi = gh_max_scores(b, 0) >= (b->last == 0 ? 1 : 2) ? 1 : 0;
    *lo = gh_max_scores(b, 1) >= (b->last == 1 ? 1 : 2) ? -1 : 0;
    return *lo == *hi;
}

/* The dedicated solver (grasshopper_solve.c), struct game's solver entry. */
void *gh_solver_create(int hash_mb);
void gh_solver_destroy(void *solver);
void gh_solver_clear(void *solver);
int gh_solve(void *solver, void *st, const struct game_solve_limits *lim,
             struct game_solve_result *res);

#endif
