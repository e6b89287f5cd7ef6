/* tablut_int.h -- what Tablut's rules (tablut.c) share with its
 * evaluation and search helpers (tablut_eval.c): the position, the board's
 * geometry and bit tricks, the move encoding and destinations, the capture
 * rule's pieces. Rules-layer only: nothing here knows about search,
 * sessions or protocols. */
#ifndef TABULA_TABLUT_INT_H
#define TABULA_TABLUT_INT_H
#ifndef TABULA_RULES
#error "a game's own header is for the rules (src/games/) and their tests only: the layers above see struct game"
#endif

#include <stdint.h>
#include "game.h"

/* ---- board geometry ------------------------------------------------- */
/* Square index sq = rank * 9 + file, rank 0 = "1", file 0 = "a". */
enum { N = 9, NSQ = 81, CASTLE = 40 };
enum { EMPTY = 0, ATT = 1, DEF = 2, KING = 3 };     /* board[] contents */

/* Positions since the last capture kept for the repetition rule. Positions
 * older than this (a capture-free stretch longer than TABLUT_HIST_CAP plies)
 * are forgotten: a repetition of one of them is not detected. */
#define TABLUT_HIST_CAP 1024
#define REP_DEFAULT 2
#define REP_MIN 2
#define REP_MAX 10

/* flags */
#define F_KING_CAPTURED 1u
#define F_REPETITION 2u

struct tablut {
    uint64_t hash;              /* Zobrist of pieces + side to move */
    uint64_t bb[2][2];          /* pieces of each side (king with side 1):
                                 * word 0 squares 0..63, word 1 64..80 */
    uint16_t rows[N];           /* occupancy of each rank, bit = file */
    uint16_t cols[N];           /* occupancy of each file, bit = rank */
    uint8_t board[NSQ];
    uint8_t side;               /* side to move: 0 attackers, 1 defenders */
    uint8_t king;               /* king's square */
    uint8_t flags;              /* F_* : how the last move ended the game */
    uint8_t rep_limit;          /* repetition=N */
    uint8_t count[2];           /* soldiers: attackers, defenders (no king) */
    uint8_t nomove_loss;        /* nomove=loss: no legal move loses (else draw) */
    uint8_t ashton;             /* rules=ashton: camps, throne, white first */
    uint8_t seen;               /* the position occurred before (no draw yet) */
    uint32_t hist_len;          /* positions recorded in the game so far */
    uint32_t hist_start;        /* index of the first one since a capture */
    uint64_t hist[TABLUT_HIST_CAP]; /* ring: index i at hist[i % CAP] */
};

struct tablut_undo {
    uint64_t hash;
    uint64_t old_slot;          /* ring entry overwritten by the move */
    uint32_t hist_start;
    uint8_t from, to, flags, ncapt;
    uint8_t capt[4];
    uint8_t seen;
};

/* ---- small helpers ---------------------------------------------------- */
static inline int sq_file(int sq) { return sq % N; }
static inline int sq_rank(int sq) { return sq / N; }
static inline int on_edge(int sq)
{
    int f = sq_file(sq), r = sq_rank(sq);
    return f == 0 || f == N - 1 || r == 0 || r == N - 1;
}
static inline int side_of(int piece) { return piece == ATT ? 0 : 1; }

/* ---- Ashton rules: the camps -------------------------------------------- */
/* The camps are the attackers' 16 start squares. camp_line[i]: the camps of
 * rank i (bit = file), which are also those of file i (bit = rank): the set
 * is its own transpose. */
static const uint16_t camp_line[N] = {0x38, 0x10, 0, 0x101, 0x183, 0x101, 0, 0x10, 0x38};
/* camp_far[p]: the squares of a line more than 5 steps from p: a piece in a
 * camp may cross camps but not move into a camp so far away (the opposite
 * camp) */
static const uint16_t camp_far[N] = {0x1c0, 0x180, 0x100, 0, 0, 0, 0x1, 0x3, 0x7};
static inline int is_camp(int sq)
{
    return camp_line[sq_rank(sq)] >> sq_file(sq) & 1;
}
/* The middle squares of the four camps' edge sides (a5 e1 i5 e9) are no
 * anvil against black soldiers; every other camp square is. */
static inline int camp_anvil_vs_black(int sq)
{
    return is_camp(sq) && sq != 4 && sq != 36 && sq != 44 && sq != 76;
}

static inline void bb_toggle(uint64_t *w, int sq)
{
    w[sq >> 6] ^= 1ull << (sq & 63);
}

/* On a line with occupancy occ (9 bits), the nearest blockers around p:
 * *lo in -1..p-1 and *hi in p+1..9 (-1 and 9 stand for the edge). */
static inline void line_span(unsigned occ, int p, int *lo, int *hi)
{
    unsigned above = (occ | 0x200u) >> (p + 1);
    unsigned below = ((occ << 1) | 1u) & ((2u << p) - 1u);
    *hi = p + 1 + __builtin_ctz(above);
    *lo = 30 - __builtin_clz(below);
}

static inline int game_ended(const struct tablut *t)
{
    return t->flags || on_edge(t->king);
}

/* ---- move generation -------------------------------------------------- */
static inline move_t mk_move(int from, int to)
{
    return (move_t)from | ((move_t)to << 8);
}
static inline int mv_from(move_t m) { return (int)(m & 0xff); }
static inline int mv_to(move_t m) { return (int)((m >> 8) & 0xff); }

/* Ashton's piece_dests: the throne blocks every line, empty or not; a piece
 * outside the camps may neither enter nor cross one; one in a camp may
 * cross camps, but not stop in a camp more than 5 squares away. */
static inline void ashton_dests(const struct tablut *t, int sq,
                                unsigned *rmask, unsigned *cmask)
{
    int f = sq_file(sq), r = sq_rank(sq), lo, hi, in = is_camp(sq);
    unsigned occ = t->rows[r] | (r == 4 ? 1u << 4 : 0u) |
                   (in ? 0u : camp_line[r]);
    line_span(occ, f, &lo, &hi);
    unsigned m = ((1u << hi) - 1u) & ~((1u << (lo + 1)) - 1u) & ~(1u << f);
    if (in)
        m &= ~(unsigned)(camp_line[r] & camp_far[f]);
    *rmask = m;
    occ = t->cols[f] | (f == 4 ? 1u << 4 : 0u) | (in ? 0u : camp_line[f]);
    line_span(occ, r, &lo, &hi);
    m = ((1u << hi) - 1u) & ~((1u << (lo + 1)) - 1u) & ~(1u << r);
    if (in)
        m &= ~(unsigned)(camp_line[f] & camp_far[r]);
    *cmask = m;
}

/* Destinations of the piece on sq as 9-bit line masks along its rank and
 * its file (the castle removed: no piece stops there). */
static inline void piece_dests(const struct tablut *t, int sq,
                               unsigned *rmask, unsigned *cmask)
{
    int f = sq_file(sq), r = sq_rank(sq), lo, hi;
    if (t->ashton) {
        ashton_dests(t, sq, rmask, cmask);
        return;
    }
    line_span(t->rows[r], f, &lo, &hi);
    unsigned m = ((1u << hi) - 1u) & ~((1u << (lo + 1)) - 1u) & ~(1u << f);
    if (r == 4)
        m &= ~(1u << 4);
    *rmask = m;
    line_span(t->cols[f], r, &lo, &hi);
    m = ((1u << hi) - 1u) & ~((1u << (lo + 1)) - 1u) & ~(1u << r);
    if (f == 4)
        m &= ~(1u << 4);
    *cmask = m;
}

static inline int piece_count(const struct tablut *t, int sq)
{
    int f = sq_file(sq), r = sq_rank(sq), lo, hi, n;
    if (t->ashton) {
        unsigned rm, cm;
        ashton_dests(t, sq, &rm, &cm);
        return __builtin_popcount(rm) + __builtin_popcount(cm);
    }
    line_span(t->rows[r], f, &lo, &hi);
    n = hi - lo - 2 - (r == 4 && lo < 4 && hi > 4 && f != 4);
    line_span(t->cols[f], r, &lo, &hi);
    n += hi - lo - 2 - (f == 4 && lo < 4 && hi > 4 && r != 4);
    return n;
}

#define FOR_EACH_SQ(words, sq)                                            \
    for (int w_ = 0; w_ < 2; w_++)                                        \
        for (uint64_t b_ = (words)[w_]; b_; b_ &= b_ - 1)                 \
            for (int sq = w_ * 64 + __builtin_ctzll(b_), o_ = 1; o_; o_ = 0)

/* Counting moves is perft's inner loop: occluded fills (Kogge-Stone) on
 * the 81-bit board count each direction's destinations at once. */
typedef unsigned __int128 u128;
#define U128(hi, lo) (((u128)(hi) << 64) | (u128)(lo))
static const u128 ALL81 = U128(0x1ffffull, 0xffffffffffffffffull);
/* all squares but file a, resp. file i */
#define NOT_A U128(0x1fefful, 0x7fbfdfeff7fbfdfeull)
#define NOT_I U128(0x0ff7full, 0xbfdfeff7fbfdfeffull)
#define CASTLE_BIT ((u128)1 << CASTLE)
#define CAMPS U128(0x3808ull, 0x20383808002038ull)
#define CAMPS_VS_BLACK U128(0x2808ull, 0x20282808002028ull)

static inline int popcount128(u128 x)
{
    uint64_t v[2] = {(uint64_t)x, (uint64_t)(x >> 64)};
    int n = 0;
    for (int i = 0; i < 2; i++) {
        uint64_t y = v[i] - ((v[i] >> 1) & 0x5555555555555555ull);
        y = (y & 0x3333333333333333ull) + ((y >> 2) & 0x3333333333333333ull);
        y = (y + (y >> 4)) & 0x0f0f0f0f0f0f0f0full;
        n += (int)((y * 0x0101010101010101ull) >> 56);
    }
    return n;
}

#define FILL_UP(name, sh, mask)                                           \
    static inline u128 name(u128 gen, u128 pro)                           \
    {                                                                     \
        pro &= (mask);                                                    \
        gen |= pro & (gen << (sh));                                       \
        pro &= pro << (sh);                                               \
        gen |= pro & (gen << 2 * (sh));                                   \
        pro &= pro << 2 * (sh);                                           \
        gen |= pro & (gen << 4 * (sh));                                   \
        return (gen << (sh)) & (mask);                                    \
    }
#define FILL_DOWN(name, sh, mask)                                         \
    static inline u128 name(u128 gen, u128 pro)                           \
    {                                                                     \
        pro &= (mask);                                                    \
        gen |= pro & (gen >> (sh));                                       \
        pro &= pro >> (sh);                                               \
        gen |= pro & (gen >> 2 * (sh));                                   \
        pro &= pro >> 2 * (sh);                                           \
        gen |= pro & (gen >> 4 * (sh));                                   \
        return (gen >> (sh)) & (mask);                                    \
    }
FILL_UP(fill_east, 1, NOT_A)
FILL_DOWN(fill_west, 1, NOT_I)
FILL_UP(fill_north, N, ALL81)
FILL_DOWN(fill_south, N, ALL81)


static const int dir_delta[4] = {1, -1, N, -N};

/* Is the square two steps from sq in direction d on the board? */
static inline int two_steps_ok(int sq, int d)
{
    switch (d) {
    case 0: return sq_file(sq) <= N - 3;
    case 1: return sq_file(sq) >= 2;
    case 2: return sq_rank(sq) <= N - 3;
    default: return sq_rank(sq) >= 2;
    }
}

static inline int next_to_castle(int sq)
{
    return sq == CASTLE - 1 || sq == CASTLE + 1 || sq == CASTLE - N ||
           sq == CASTLE + N;
}

/* Is s2, beyond an enemy soldier, an anvil for the side to move, which
 * moves from-to? The board is that before the move. Default rules: a piece
 * of the mover's side (the king included) or the empty castle. Ashton: the
 * same, the throne whoever stands on it, and the camps, occupied or not
 * (against black soldiers all but a5 e1 i5 e9). */
static inline int anvil(const struct tablut *t, int s2, int from)
{
    int p2 = s2 == from ? EMPTY : t->board[s2];
    if (p2 != EMPTY && side_of(p2) == t->side)
        return 1;
    if (!t->ashton)
        return p2 == EMPTY && s2 == CASTLE;
    return s2 == CASTLE ||
           (t->side ? camp_anvil_vs_black(s2) : is_camp(s2));
}

/* tablut.c: every move of the side to move (the game's end aside), and
 * the capture rule (see its comment there). */
int tablut_gen_raw(const struct tablut *t, move_t *moves);
int tablut_move_captures(const struct tablut *t, int from, int to, uint8_t *capt,
                         int *king_capt);

/* tablut_eval.c: struct game's evaluate, gen_tactical and threatened. */
int tablut_evaluate(const void *st);
int tablut_gen_tactical(const void *st, move_t *moves);
int tablut_threatened(const void *st);

#endif
