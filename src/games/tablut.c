/* tablut.c -- Tablut (9x9 tafl) rules as ruled by doc/rules/tablut.md: move
 * generation, make/unmake, Zobrist hash, repetition, evaluation.
 * Knows nothing about search, sessions or protocols: only struct game. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

/* ---- Zobrist keys, computed at compile time (splitmix64 of the index) -- */
#define SM_A(i) ((uint64_t)(i) * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull)
#define SM_B(z) (((z) ^ ((z) >> 30)) * 0xbf58476d1ce4e5b9ull)
#define SM_C(z) (((z) ^ ((z) >> 27)) * 0x94d049bb133111ebull)
#define SM_D(z) ((z) ^ ((z) >> 31))
#define SPLITMIX(i) SM_D(SM_C(SM_B(SM_A(i))))
#define K3(b) SPLITMIX(b), SPLITMIX((b) + 1), SPLITMIX((b) + 2)
#define K9(b) K3(b), K3((b) + 3), K3((b) + 6)
#define K27(b) K9(b), K9((b) + 9), K9((b) + 18)
#define K81(b) K27(b), K27((b) + 27), K27((b) + 54)

/* zkey[piece][sq]; zkey[0][0] is the side-to-move key (EMPTY has none). */
static const uint64_t zkey[4][NSQ] = {
    {SPLITMIX(1000)}, {K81(0)}, {K81(81)}, {K81(162)}
};
#define ZSIDE (zkey[0][0])

/* ---- small helpers ---------------------------------------------------- */
static inline int sq_file(int sq) { return sq % N; }
static inline int sq_rank(int sq) { return sq / N; }
static inline int on_edge(int sq)
{
    int f = sq_file(sq), r = sq_rank(sq);
    return f == 0 || f == N - 1 || r == 0 || r == N - 1;
}
static inline int side_of(int piece) { return piece == ATT ? 0 : 1; }

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

static void put_piece(struct tablut *t, int sq, int piece)
{
    t->board[sq] = (uint8_t)piece;
    t->rows[sq_rank(sq)] ^= (uint16_t)(1u << sq_file(sq));
    t->cols[sq_file(sq)] ^= (uint16_t)(1u << sq_rank(sq));
    bb_toggle(t->bb[side_of(piece)], sq);
    t->hash ^= zkey[piece][sq];
    if (piece == KING)
        t->king = (uint8_t)sq;
    else
        t->count[side_of(piece)]++;
}

static void remove_piece(struct tablut *t, int sq)
{
    int piece = t->board[sq];
    t->board[sq] = EMPTY;
    t->rows[sq_rank(sq)] ^= (uint16_t)(1u << sq_file(sq));
    t->cols[sq_file(sq)] ^= (uint16_t)(1u << sq_rank(sq));
    bb_toggle(t->bb[side_of(piece)], sq);
    t->hash ^= zkey[piece][sq];
    if (piece != KING)
        t->count[side_of(piece)]--;
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

/* Destinations of the piece on sq as 9-bit line masks along its rank and
 * its file (the castle removed: no piece stops there). */
static inline void piece_dests(const struct tablut *t, int sq,
                               unsigned *rmask, unsigned *cmask)
{
    int f = sq_file(sq), r = sq_rank(sq), lo, hi;
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

/* Number of legal moves, ignoring whether the game is over. */
static int count_moves(const struct tablut *t)
{
    const uint64_t *o = t->bb[t->side], *e = t->bb[!t->side];
    u128 own = U128(o[1], o[0]);
    u128 empty = ~(own | U128(e[1], e[0])) & ALL81;
    u128 dest = ~CASTLE_BIT;
    return popcount128(fill_east(own, empty) & empty & dest) +
           popcount128(fill_west(own, empty) & empty & dest) +
           popcount128(fill_north(own, empty) & empty & dest) +
           popcount128(fill_south(own, empty) & empty & dest);
}

static int gen_raw(const struct tablut *t, move_t *moves)
{
    int n = 0;
    FOR_EACH_SQ(t->bb[t->side], sq) {
        unsigned rm, cm;
        int f = sq_file(sq), r = sq_rank(sq);
        piece_dests(t, sq, &rm, &cm);
        for (; rm; rm &= rm - 1)
            moves[n++] = mk_move(sq, r * N + __builtin_ctz(rm));
        for (; cm; cm &= cm - 1)
            moves[n++] = mk_move(sq, __builtin_ctz(cm) * N + f);
    }
    return n;
}

static int has_move(const struct tablut *t)
{
    FOR_EACH_SQ(t->bb[t->side], sq)
        if (piece_count(t, sq))
            return 1;
    return 0;
}

/* ---- make / unmake ---------------------------------------------------- */
/* How many times the new position (index hist_len-1) occurred before since
 * the last capture, counting up to the repetition limit's need. */
static int repeated(const struct tablut *t)
{
    /* earlier ones with the same side to move are 2, 4, ... plies back */
    uint32_t last = t->hist_len - 1, lo = t->hist_start;
    if (t->hist_len > TABLUT_HIST_CAP && lo < t->hist_len - TABLUT_HIST_CAP)
        lo = t->hist_len - TABLUT_HIST_CAP;
    int need = t->rep_limit - 1, found = 0;
    for (uint32_t i = last; i >= lo + 2; ) {
        i -= 2;
        if (t->hist[i % TABLUT_HIST_CAP] == t->hash && ++found == need)
            break;
    }
    return found;
}

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

/* The king on k is surrounded as the castle rules need (k is the castle or
 * next to it): every neighbour but the castle holds an attacker. */
static int king_enclosed(const struct tablut *t, int k)
{
    for (int d = 0; d < 4; d++) {
        int s = k + dir_delta[d];
        if (s != CASTLE && t->board[s] != ATT)
            return 0;
    }
    return 1;
}

/* Squares the move would capture (soldiers), and whether it captures the
 * king; the board is that before the move. Returns the number of soldiers. */
static int move_captures(const struct tablut *t, int from, int to,
                         uint8_t *capt, int *king_capt)
{
    int side = t->side, enemy = side ? ATT : DEF, n = 0;
    *king_capt = 0;
    for (int d = 0; d < 4; d++) {
        if (!two_steps_ok(to, d))
            continue;
        int s1 = to + dir_delta[d], s2 = s1 + dir_delta[d];
        int p1 = t->board[s1];
        int p2 = s2 == from ? EMPTY : t->board[s2];
        int hostile = p2 == EMPTY ? s2 == CASTLE : side_of(p2) == side;
        if (p1 == enemy && hostile)
            capt[n++] = (uint8_t)s1;
        else if (p1 == KING && side == 0) {
            if (s1 == CASTLE || next_to_castle(s1)) {
                /* the mover counts as standing on to */
                int ok = 1;
                for (int e = 0; e < 4; e++) {
                    int s = s1 + dir_delta[e];
                    if (s != CASTLE && s != to &&
                        (s == from || t->board[s] != ATT))
                        ok = 0;
                }
                *king_capt = ok;
            } else if (p2 == ATT)
                *king_capt = 1;
        }
    }
    return n;
}

static void tablut_make_fast(struct tablut *t, int from, int to,
                             struct tablut_undo *u)
{
    int piece = t->board[from], side = t->side;
    int enemy = side ? ATT : DEF;
    u->hash = t->hash;
    u->hist_start = t->hist_start;
    u->from = (uint8_t)from;
    u->to = (uint8_t)to;
    u->flags = t->flags;
    u->ncapt = 0;

    /* move the piece */
    t->board[from] = EMPTY;
    t->board[to] = (uint8_t)piece;
    int ff = sq_file(from), fr = sq_rank(from);
    int tf = sq_file(to), tr = sq_rank(to);
    t->rows[fr] ^= (uint16_t)(1u << ff);
    t->cols[ff] ^= (uint16_t)(1u << fr);
    t->rows[tr] ^= (uint16_t)(1u << tf);
    t->cols[tf] ^= (uint16_t)(1u << tr);
    bb_toggle(t->bb[side], from);
    bb_toggle(t->bb[side], to);
    t->hash ^= zkey[piece][from] ^ zkey[piece][to];
    if (piece == KING)
        t->king = (uint8_t)to;

    /* captures */
    for (int d = 0; d < 4; d++) {
        if (!two_steps_ok(to, d))
            continue;
        int s1 = to + dir_delta[d], s2 = s1 + dir_delta[d];
        int p1 = t->board[s1];
        if (p1 == enemy) {
            int p2 = t->board[s2];
            if (p2 == EMPTY ? s2 == CASTLE : side_of(p2) == side) {
                u->capt[u->ncapt++] = (uint8_t)s1;
                remove_piece(t, s1);
            }
        } else if (p1 == KING && side == 0) {
            if (s1 == CASTLE || next_to_castle(s1)
                    ? king_enclosed(t, s1) : t->board[s2] == ATT)
                t->flags |= F_KING_CAPTURED;
        }
    }

    t->side ^= 1;
    t->hash ^= ZSIDE;

    /* repetition history */
    uint32_t slot = t->hist_len % TABLUT_HIST_CAP;
    u->old_slot = t->hist[slot];
    if (u->ncapt)
        t->hist_start = t->hist_len;
    t->hist[slot] = t->hash;
    t->hist_len++;
    u->seen = t->seen;
    t->seen = 0;
    if (!u->ncapt) {
        int r = repeated(t);
        if (r >= t->rep_limit - 1)
            t->flags |= F_REPETITION;
        t->seen = r > 0;
    }
}

static void tablut_unmake_fast(struct tablut *t, const struct tablut_undo *u)
{
    int from = u->from, to = u->to;
    t->hist_len--;
    t->hist[t->hist_len % TABLUT_HIST_CAP] = u->old_slot;
    t->hist_start = u->hist_start;
    t->flags = u->flags;
    t->seen = u->seen;
    t->side ^= 1;
    int side = t->side, piece = t->board[to];
    for (int i = 0; i < u->ncapt; i++)
        put_piece(t, u->capt[i], side ? ATT : DEF);
    t->board[to] = EMPTY;
    t->board[from] = (uint8_t)piece;
    int ff = sq_file(from), fr = sq_rank(from);
    int tf = sq_file(to), tr = sq_rank(to);
    t->rows[fr] ^= (uint16_t)(1u << ff);
    t->cols[ff] ^= (uint16_t)(1u << fr);
    t->rows[tr] ^= (uint16_t)(1u << tf);
    t->cols[tf] ^= (uint16_t)(1u << tr);
    bb_toggle(t->bb[side], from);
    bb_toggle(t->bb[side], to);
    if (piece == KING)
        t->king = (uint8_t)from;
    t->hash = u->hash;
}

/* ---- struct game entries ---------------------------------------------- */
#define STR_(x) #x
#define STR(x) STR_(x)
static const struct variant_key tablut_variant_keys[] = {
    {"repetition", VARIANT_INT, REP_MIN, REP_MAX, 1, NULL, STR(REP_DEFAULT), 0,
     "the occurrence of a position that ends the game"},
    {"nomove", VARIANT_CHOICE, 0, 0, 0, "draw|loss", "draw", 0,
     "the result for a side with no legal move"},
    {NULL, 0, 0, 0, 0, NULL, NULL, 0, NULL}
};

static const char start_position[] =
    "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b";

static void reset_history(struct tablut *t)
{
    t->flags = 0;
    t->seen = 0;
    t->hist_len = 1;
    t->hist_start = 0;
    memset(t->hist, 0, sizeof t->hist);
    t->hist[0] = t->hash;
}

/* Parses a position string into t (whose variant options are kept). */
static int parse_into(struct tablut *t, const char *s, char *err,
                      size_t errlen)
{
    uint8_t rep = t->rep_limit, nomove = t->nomove_loss;
    memset(t, 0, sizeof *t);
    t->rep_limit = rep;
    t->nomove_loss = nomove;
    int rank = N - 1, file = 0, kings = 0, natt = 0, ndef = 0;
    const char *p = s;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p) {
        snprintf(err, errlen, "empty position string");
        return GAME_EINVALID;
    }
    for (; *p && !isspace((unsigned char)*p); p++) {
        char c = *p;
        if (c == '/') {
            if (file != N) {
                snprintf(err, errlen, "rank %d has %d squares, not 9",
                         rank + 1, file);
                return GAME_EINVALID;
            }
            if (rank == 0) {
                snprintf(err, errlen, "more than 9 ranks");
                return GAME_EINVALID;
            }
            rank--;
            file = 0;
            continue;
        }
        if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > N) {
                snprintf(err, errlen, "rank %d has more than 9 squares",
                         rank + 1);
                return GAME_EINVALID;
            }
            continue;
        }
        int piece = c == 't' ? ATT : c == 'T' ? DEF : c == 'K' ? KING : -1;
        if (piece < 0) {
            snprintf(err, errlen, "unknown character '%c' in position", c);
            return GAME_EINVALID;
        }
        if (file >= N) {
            snprintf(err, errlen, "rank %d has more than 9 squares",
                     rank + 1);
            return GAME_EINVALID;
        }
        int sq = rank * N + file;
        if (sq == CASTLE && piece != KING) {
            snprintf(err, errlen, "only the king may stand on the castle e5");
            return GAME_EINVALID;
        }
        if (piece == KING)
            kings++;
        else if (piece == ATT)
            natt++;
        else
            ndef++;
        if (kings <= 1)
            put_piece(t, sq, piece);
        file++;
    }
    if (rank != 0 || file != N) {
        if (file != N)
            snprintf(err, errlen, "rank %d has %d squares, not 9",
                     rank + 1, file);
        else
            snprintf(err, errlen, "%d ranks, not 9", N - rank);
        return GAME_EINVALID;
    }
    if (kings != 1) {
        snprintf(err, errlen, kings ? "more than one king" : "no king");
        return GAME_EINVALID;
    }
    if (natt > 16) {
        snprintf(err, errlen, "%d attackers, at most 16", natt);
        return GAME_EINVALID;
    }
    if (ndef > 8) {
        snprintf(err, errlen, "%d defender soldiers, at most 8", ndef);
        return GAME_EINVALID;
    }
    while (isspace((unsigned char)*p))
        p++;
    if (!*p) {
        snprintf(err, errlen, "side to move (b or w) missing");
        return GAME_EINVALID;
    }
    char c = (char)tolower((unsigned char)*p);
    if ((c != 'b' && c != 'w') ||
        (p[1] && !isspace((unsigned char)p[1]))) {
        snprintf(err, errlen, "side to move must be b or w");
        return GAME_EINVALID;
    }
    p++;
    while (isspace((unsigned char)*p))
        p++;
    if (*p) {
        snprintf(err, errlen, "unexpected text after side to move");
        return GAME_EINVALID;
    }
    t->side = c == 'w';
    if (t->side)
        t->hash ^= ZSIDE;
    reset_history(t);
    return GAME_OK;
}

static int tablut_init(void *st, int nopts, const char *const *opts,
                       char *err, size_t errlen)
{
    struct tablut *t = st;
    struct variant_values v;
    int rc = game_variant_parse(&tablut_game, nopts, opts, &v, err, errlen);
    if (rc != GAME_OK)
        return rc;
    int rep = v.num[0];
    /* the no-legal-move outcome: OpenTafl's rules make it a loss */
    int nomove_loss = v.num[1] == 1;
    t->rep_limit = (uint8_t)rep;
    t->nomove_loss = (uint8_t)nomove_loss;
    return parse_into(t, start_position, err, errlen);
}

static void tablut_format_variant(const void *st, char *buf, size_t n)
{
    const struct tablut *t = st;
    char rep[32] = "";
    if (t->rep_limit != REP_DEFAULT)
        snprintf(rep, sizeof rep, "repetition=%d", t->rep_limit);
    snprintf(buf, n, "%s%s%s", rep, rep[0] && t->nomove_loss ? " " : "",
             t->nomove_loss ? "nomove=loss" : "");
}

static int tablut_parse_position(void *st, const char *s, char *err,
                                 size_t errlen)
{
    struct tablut *tmp = malloc(sizeof *tmp);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return GAME_EINVALID;
    }
    tmp->rep_limit = ((struct tablut *)st)->rep_limit;
    tmp->nomove_loss = ((struct tablut *)st)->nomove_loss;
    int rc = parse_into(tmp, s, err, errlen);
    if (rc == GAME_OK)
        memcpy(st, tmp, sizeof *tmp);
    free(tmp);
    return rc;
}

static void tablut_format_position(const void *st, char *buf, size_t n)
{
    const struct tablut *t = st;
    char out[128];
    size_t k = 0;
    for (int r = N - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < N; f++) {
            int p = t->board[r * N + f];
            if (p == EMPTY) {
                empty++;
                continue;
            }
            if (empty)
                out[k++] = (char)('0' + empty);
            empty = 0;
            out[k++] = " tTK"[p];
        }
        if (empty)
            out[k++] = (char)('0' + empty);
        if (r)
            out[k++] = '/';
    }
    out[k++] = ' ';
    out[k++] = t->side ? 'w' : 'b';
    out[k] = '\0';
    snprintf(buf, n, "%s", out);
}

static int tablut_side_to_move(const void *st)
{
    return ((const struct tablut *)st)->side;
}

static int tablut_gen_moves(const void *st, move_t *moves)
{
    const struct tablut *t = st;
    if (game_ended(t))
        return 0;
    return gen_raw(t, moves);
}

static void tablut_make(void *st, move_t m, game_undo *undo)
{
    tablut_make_fast(st, mv_from(m), mv_to(m), (struct tablut_undo *)undo);
}

static void tablut_unmake(void *st, move_t m, const game_undo *undo)
{
    (void)m;
    tablut_unmake_fast(st, (const struct tablut_undo *)undo);
}

static uint64_t tablut_hash(const void *st)
{
    return ((const struct tablut *)st)->hash;
}

static void tablut_status(const void *st, struct game_status *out)
{
    const struct tablut *t = st;
    out->over = 1;
    if (on_edge(t->king)) {
        out->winner = 1;
        out->reason = "king escaped";
    } else if (t->flags & F_KING_CAPTURED) {
        out->winner = 0;
        out->reason = "king captured";
    } else if (t->flags & F_REPETITION) {
        out->winner = -1;
        out->reason = "repetition";
    } else if (!has_move(t)) {
        out->winner = t->nomove_loss ? !t->side : -1;
        out->reason = "no legal move";
    } else {
        out->over = 0;
        out->winner = -1;
        out->reason = "";
    }
}

/* ---- perft -------------------------------------------------------------- */
/* The position is not over by flags or escape; depth >= 1. Returns 0 only
 * when the side to move has no move. */
static uint64_t perft_rec(struct tablut *t, int depth)
{
    if (depth == 1)
        return (uint64_t)count_moves(t);
    move_t moves[GAME_MAX_MOVES];
    int n = gen_raw(t, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        struct tablut_undo u;
        tablut_make_fast(t, mv_from(moves[i]), mv_to(moves[i]), &u);
        if (game_ended(t))
            total++;
        else {
            uint64_t sub = perft_rec(t, depth - 1);
            total += sub ? sub : 1;
        }
        tablut_unmake_fast(t, &u);
    }
    return total;
}

static uint64_t tablut_perft(void *st, int depth)
{
    struct tablut *t = st;
    if (depth <= 0)
        return 1;
    if (game_ended(t))
        return 0;
    return perft_rec(t, depth);
}

/* ---- moves as text ---------------------------------------------------- */
/* Reads a square like "e5" (case-insensitive); returns its index or -1. */
static int read_square(const char **pp)
{
    const char *p = *pp;
    int f = tolower((unsigned char)p[0]) - 'a';
    if (f < 0 || f >= N || p[1] < '1' || p[1] > '9' || isdigit((unsigned char)p[2]))
        return -1;
    *pp = p + 2;
    return (p[1] - '1') * N + f;
}

static void square_name(int sq, char *buf)
{
    buf[0] = (char)('a' + sq_file(sq));
    buf[1] = (char)('1' + sq_rank(sq));
    buf[2] = '\0';
}

static int tablut_parse_move(const void *st, const char *s, move_t *m,
                             char *err, size_t errlen)
{
    const struct tablut *t = st;
    const char *p = s;
    while (isspace((unsigned char)*p))
        p++;
    int from = read_square(&p);
    int to = from >= 0 && *p == '-' ? (p++, read_square(&p)) : -1;
    int named[8], nnamed = 0;
    while (to >= 0 && (*p == 'x' || *p == 'X')) {
        p++;
        int c = read_square(&p);
        if (c < 0 || nnamed == 8) {
            to = -1;
            break;
        }
        named[nnamed++] = c;
    }
    while (to >= 0 && isspace((unsigned char)*p))
        p++;
    if (from < 0 || to < 0 || *p) {
        snprintf(err, errlen, "expected a move like e2-c2");
        return GAME_ESYNTAX;
    }
    char a[3], b[3];
    square_name(from, a);
    square_name(to, b);
    if (game_ended(t)) {
        snprintf(err, errlen, "the game is over");
        return GAME_EILLEGAL;
    }
    int piece = t->board[from];
    if (piece == EMPTY || side_of(piece) != t->side) {
        snprintf(err, errlen, "no %s piece on %s",
                 t->side ? "white" : "black", a);
        return GAME_EILLEGAL;
    }
    if (from == to || (sq_file(from) != sq_file(to) &&
                       sq_rank(from) != sq_rank(to))) {
        snprintf(err, errlen, "%s-%s is not along a rank or a file", a, b);
        return GAME_EILLEGAL;
    }
    if (to == CASTLE) {
        snprintf(err, errlen, "no piece may stop on the castle");
        return GAME_EILLEGAL;
    }
    int step = sq_rank(from) == sq_rank(to) ? (to > from ? 1 : -1)
                                            : (to > from ? N : -N);
    for (int s2 = from + step;; s2 += step) {
        if (t->board[s2] != EMPTY) {
            char c[3];
            square_name(s2, c);
            snprintf(err, errlen, "%s-%s is blocked on %s", a, b, c);
            return GAME_EILLEGAL;
        }
        if (s2 == to)
            break;
    }
    uint8_t capt[4];
    int kc, nc = move_captures(t, from, to, capt, &kc);
    int ok = nnamed == 0 || nnamed == nc;   /* no suffix: no claim */
    for (int i = 0; ok && i < nnamed; i++) {
        int found = 0;
        for (int j = 0; j < nc; j++)
            found |= capt[j] == named[i];
        for (int j = 0; j < i; j++)
            found &= named[j] != named[i];
        ok = found;
    }
    if (!ok) {
        if (nc == 0)
            snprintf(err, errlen, "%s-%s captures nothing", a, b);
        else {
            char c[3], list[16] = "";
            for (int j = 0; j < nc; j++) {
                square_name(capt[j], c);
                strcat(list, j ? " " : "");
                strcat(list, c);
            }
            snprintf(err, errlen, "%s-%s captures %s, no other", a, b, list);
        }
        return GAME_EILLEGAL;
    }
    *m = mk_move(from, to);
    return GAME_OK;
}

static void tablut_format_move(const void *st, move_t m, char *buf, size_t n)
{
    (void)st;
    char a[3], b[3];
    square_name(mv_from(m), a);
    square_name(mv_to(m), b);
    snprintf(buf, n, "%s-%s", a, b);
}

/* The move and the soldiers it captures ("d7-d3xc3xe3"), which
 * parse_move reads back; a captured king is not named (it ends the game,
 * and the result says so). */
static void tablut_format_move_long(const void *st, move_t m, char *buf,
                                    size_t n)
{
    const struct tablut *t = st;
    uint8_t capt[4];
    int kc, nc = move_captures(t, mv_from(m), mv_to(m), capt, &kc);
    char out[32], c[3];
    tablut_format_move(st, m, out, sizeof out);
    for (int i = 0; i < nc; i++) {
        square_name(capt[i], c);
        strcat(out, "x");
        strcat(out, c);
    }
    snprintf(buf, n, "%s", out);
}

/* The diagram; marked: the shell's (see struct game's print_marked): no
 * side to move or result, the last move's square in parentheses and the
 * squares it emptied by capture as 'x'. */
static void tablut_draw(const void *st, int marked, const void *before, move_t last,
                        char *buf, size_t n)
{
    const struct tablut *t = st;
    const struct tablut *b = marked && last != MOVE_NONE ? before : NULL;
    char out[1024];
    size_t k = 0;
    uint8_t capt[4];
    int kc = 0, ncapt = b ? move_captures(b, mv_from(last), mv_to(last), capt, &kc) : 0;
    k += (size_t)sprintf(out + k, "   a b c d e f g h i\n");
    for (int r = N - 1; r >= 0; r--) {
        k += (size_t)sprintf(out + k, "%d ", r + 1);
        size_t row = k;         /* the cell of file f is at row + 2 f + 1 */
        for (int f = 0; f < N; f++) {
            int sq = r * N + f, p = t->board[sq];
            char c = p ? " tTK"[p] : sq == CASTLE ? '+' : '.';
            for (int i = 0; i < ncapt; i++)
                if (capt[i] == sq && !p)
                    c = 'x';
            out[k++] = ' ';
            out[k++] = c;
        }
        k += (size_t)sprintf(out + k, "  %d\n", r + 1);
        if (b && sq_rank(mv_to(last)) == r) {
            out[row + 2 * (size_t)sq_file(mv_to(last))] = '(';
            out[row + 2 * (size_t)sq_file(mv_to(last)) + 2] = ')';
        }
    }
    k += (size_t)sprintf(out + k, "   a b c d e f g h i\n");
    if (marked) {
        if (b)
            k += (size_t)sprintf(out + k, "( ) last move%s; ", ncapt ? ", x captured" : "");
        k += (size_t)sprintf(out + k, "t attacker, T defender, K king, + castle; "
                             "%d attackers, %d defenders", t->count[0], t->count[1]);
        snprintf(buf, n, "%s", out);
        return;
    }
    struct game_status gs;
    tablut_status(t, &gs);
    if (gs.over)
        k += (size_t)sprintf(out + k, "%s: %s",
                             gs.winner < 0 ? "draw" :
                             gs.winner ? "white wins" : "black wins",
                             gs.reason);
    else
        k += (size_t)sprintf(out + k, "%s to move",
                             t->side ? "white (T K)" : "black (t)");
    k += (size_t)sprintf(out + k, "; + castle, %d attackers, %d defenders",
                         t->count[0], t->count[1]);
    snprintf(buf, n, "%s", out);
}

static void tablut_print(const void *st, char *buf, size_t n)
{
    tablut_draw(st, 0, NULL, MOVE_NONE, buf, n);
}

static void tablut_print_marked(const void *st, const void *before, move_t last,
                                char *buf, size_t n)
{
    tablut_draw(st, 1, before, last, buf, n);
}

static int tablut_board_size(const void *st)
{
    (void)st;
    return N;
}

static void tablut_gogui_board(const void *st, char *buf, size_t n)
{
    const struct tablut *t = st;
    char out[NSQ + 1];
    for (int r = N - 1, k = 0; r >= 0; r--)
        for (int f = 0; f < N; f++, k++)
            out[k] = "XOO."[t->board[r * N + f] ? t->board[r * N + f] - 1 : 3];
    out[NSQ] = '\0';
    snprintf(buf, n, "%s", out);
}

/* The position drawn over GoGui's 9x9 board (which knows no Tablut):
 * attackers on dark fields (GoGui's black territory), defenders on light
 * ones, the king's gold, each labelled as in the position string (t, T,
 * K); the empty castle squared. GoGui's columns skip the letter
 * I, so file i is GoGui's J. */
static void tablut_gogui_gfx(const void *st, char *buf, size_t n)
{
    const struct tablut *t = st;
    static const char *const head[3] = {"BLACK", "WHITE", "COLOR #e8c040"};
    char out[1024];
    size_t k = 0;
    out[0] = '\0';
    for (int piece = ATT; piece <= KING; piece++) {
        size_t start = k;
        k += (size_t)snprintf(out + k, sizeof out - k, "%s%s", k ? "\n" : "", head[piece - 1]);
        int any = 0;
        for (int sq = 0; sq < NSQ && k < sizeof out - 8; sq++)
            if (t->board[sq] == piece) {
                k += (size_t)sprintf(out + k, " %c%d", "ABCDEFGHJ"[sq % N], sq / N + 1);
                any = 1;
            }
        if (!any) {
            k = start;
            out[k] = '\0';
        }
    }
    for (int sq = 0; sq < NSQ && k < sizeof out - 16; sq++)
        if (t->board[sq] != EMPTY)
            k += (size_t)sprintf(out + k, "%sLABEL %c%d %c", k ? "\n" : "",
                                 "ABCDEFGHJ"[sq % N], sq / N + 1, " tTK"[t->board[sq]]);
    if (t->board[CASTLE] == EMPTY)
        k += (size_t)snprintf(out + k, sizeof out - k, "\nSQUARE E5");
    snprintf(out + k, sizeof out - k, "\nTEXT %s to move",
             t->side ? "white (defenders)" : "black (attackers)");
    snprintf(buf, n, "%s", out);
}

/* ---- evaluation ------------------------------------------------------- */
/* Weights in centipawn-like units; kept together so they can be tuned. */
struct tablut_weights {
    int attacker;       /* per attacker on the board */
    int defender;       /* per defender soldier */
    int escape_now;     /* defenders to move and the king sees an edge */
    int capture_now;    /* attackers to move and can take the king */
    int double_open;    /* attackers to move, the king sees two edges */
    int open_line;      /* attackers to move, the king sees one edge */
    int fork_now;       /* defenders to move, the king reaches a fork */
    int fork_square;    /* per king destination seeing two edges */
    int reach_open;     /* per king destination seeing one edge */
    int king_mobility;  /* per king move */
    int king_adjacent;  /* per attacker next to the king (attackers' gain) */
    int king_edge;      /* per step the king is nearer an edge */
    int blockade;       /* per attacker on a corner-diagonal square */
    int guard;          /* per attacker on the second line (b..h 2, etc.) */
    int threat;         /* side to move can capture a soldier: percent of
                         * its value */
    int balance;        /* the defenders' share of an even game: material
                         * alone makes the start look 3 soldiers down, and
                         * the search's draws (0) would look good to them */
};

static const struct tablut_weights tablut_weights_default = {
    .attacker = 100,
    .defender = 160,
    .escape_now = 15000,
    .capture_now = 15000,
    .double_open = 12000,
    .open_line = 150,
    .fork_now = 8000,
    .fork_square = 140,
    .reach_open = 25,
    .king_mobility = 6,
    .king_adjacent = 45,
    .king_edge = 25,
    .blockade = 30,
    .guard = 8,
    .threat = 50,
    .balance = 410,
};

/* Squares that close the corners' diagonals (b3 c2 g2 h3 b7 c8 g8 h7). */
static const uint64_t blockade_bb[2] = {0x2080000002088800ull, 0x22ull};
/* The second lines: ranks 2 and 8, files b and h, between b and h. */
static const uint64_t guard_bb[2] = {0x209048241209fc00ull, 0x7full};

/* Open lines from sq (0..4) to the edge on occupancy rows/cols. */
static inline int open_lines(const uint16_t *rows, const uint16_t *cols,
                             int sq)
{
    int f = sq_file(sq), r = sq_rank(sq), lo, hi, n = 0;
    line_span(rows[r], f, &lo, &hi);
    n += (lo < 0) + (hi >= N);
    line_span(cols[f], r, &lo, &hi);
    n += (lo < 0) + (hi >= N);
    return n;
}

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* Can an attacker move onto sq? (sq empty) */
static int attacker_reaches(const struct tablut *t, int sq)
{
    int f = sq_file(sq), r = sq_rank(sq), lo, hi;
    line_span(t->rows[r], f, &lo, &hi);
    if ((lo >= 0 && t->board[r * N + lo] == ATT) ||
        (hi < N && t->board[r * N + hi] == ATT))
        return 1;
    line_span(t->cols[f], r, &lo, &hi);
    return (lo >= 0 && t->board[lo * N + f] == ATT) ||
           (hi < N && t->board[hi * N + f] == ATT);
}

/* Number of enemy soldiers the side to move can capture with one move
 * (each counted once, whatever move takes it), on bitboards: a soldier is
 * taken along a line when one neighbour is hostile to it (a piece of the
 * side to move, the king included, or the empty castle) and the opposite
 * one is an empty square a piece of the side to move reaches. The piece on
 * the hostile square never is the one that reaches: the soldier blocks it. */
static int capturable_soldiers(const struct tablut *t)
{
    const uint64_t *o = t->bb[t->side], *e = t->bb[!t->side];
    u128 own = U128(o[1], o[0]), en = U128(e[1], e[0]);
    u128 empty = ~(own | en) & ALL81;
    u128 reach = (fill_east(own, empty) | fill_west(own, empty) |
                  fill_north(own, empty) | fill_south(own, empty)) &
                 empty & ~CASTLE_BIT;
    u128 hostile = own | (empty & CASTLE_BIT);
    u128 victims = en;
    if (t->side == 0)
        victims &= ~((u128)1 << t->king);
    /* squares whose west / east / south / north neighbour is in the set */
    u128 hw = (hostile << 1) & NOT_A, he = (hostile >> 1) & NOT_I;
    u128 rw = (reach << 1) & NOT_A, re = (reach >> 1) & NOT_I;
    u128 hs = (hostile << N) & ALL81, hn = hostile >> N;
    u128 rs = (reach << N) & ALL81, rn = reach >> N;
    return popcount128(victims & ((hw & re) | (rw & he) | (hs & rn) |
                                  (rs & hn)));
}


/* From the defenders' point of view. */
static int king_capturable(const struct tablut *t);   /* below, by the search helpers */

static int eval_defenders(const struct tablut *t,
                          const struct tablut_weights *w)
{
    int k = t->king, kf = sq_file(k), kr = sq_rank(k);
    int dtm = t->side == 1;     /* defenders to move */
    if (!dtm && king_capturable(t))
        return -w->capture_now;
    int open = open_lines(t->rows, t->cols, k);
    if (open && dtm)
        return w->escape_now;
    if (open >= 2)
        return w->double_open;

    int score = w->defender * t->count[1] - w->attacker * t->count[0];
    if (open)
        score += w->open_line;

    /* Where the king can go, and what it sees from there. */
    uint16_t rows[N], cols[N];
    memcpy(rows, t->rows, sizeof rows);
    memcpy(cols, t->cols, sizeof cols);
    rows[kr] &= (uint16_t)~(1u << kf);
    cols[kf] &= (uint16_t)~(1u << kr);
    unsigned rm, cm;
    piece_dests(t, k, &rm, &cm);
    int mob = 0, forks = 0, reach = 0;
    for (; rm; rm &= rm - 1, mob++) {
        int o = open_lines(rows, cols, kr * N + __builtin_ctz(rm));
        forks += o >= 2;
        reach += o == 1;
    }
    for (; cm; cm &= cm - 1, mob++) {
        int o = open_lines(rows, cols, __builtin_ctz(cm) * N + kf);
        forks += o >= 2;
        reach += o == 1;
    }
    if (forks && dtm && !open)
        score += w->fork_now;
    score += forks * w->fork_square + reach * w->reach_open +
             mob * w->king_mobility;

    /* Attackers closing in on the king. */
    int adj = 0;
    for (int d = 0; d < 4; d++) {
        int s = k + dir_delta[d];
        if ((d == 0 && kf == N - 1) || (d == 1 && kf == 0) ||
            (d == 2 && kr == N - 1) || (d == 3 && kr == 0))
            continue;
        adj += t->board[s] == ATT;
    }
    score -= adj * w->king_adjacent;

    int edge = kf < N - 1 - kf ? kf : N - 1 - kf;
    int e2 = kr < N - 1 - kr ? kr : N - 1 - kr;
    if (e2 < edge)
        edge = e2;
    score += (4 - edge) * w->king_edge;

    /* Attackers' blockade: corner diagonals and the second lines. */
    const uint64_t *a = t->bb[0];
    score -= w->blockade * (popcount64(a[0] & blockade_bb[0]) +
                            popcount64(a[1] & blockade_bb[1]));
    score -= w->guard * (popcount64(a[0] & guard_bb[0]) +
                         popcount64(a[1] & guard_bb[1]));

    score += w->balance;

    /* A capture the side to move has in hand (one is made, the other
     * piece can usually be saved). */
    if (w->threat && capturable_soldiers(t))
        score += dtm ? w->threat * w->attacker / 100
                     : -w->threat * w->defender / 100;
    return score;
}

static int tablut_evaluate(const void *st)
{
    const struct tablut *t = st;
    int s = eval_defenders(t, &tablut_weights_default);
    if (s > SCORE_EVAL_MAX)
        s = SCORE_EVAL_MAX;
    if (s < -SCORE_EVAL_MAX)
        s = -SCORE_EVAL_MAX;
    return t->side ? s : -s;
}

/* ---- search helpers: tactical moves, threats, a pass --------------------- */
/* Squares an attacker may land on to capture the king (at most four). */
static u128 king_capture_squares(const struct tablut *t)
{
    int k = t->king, kf = sq_file(k), kr = sq_rank(k);
    int near = k == CASTLE || next_to_castle(k);
    u128 out = 0;
    if (kf == 0 || kf == N - 1 || kr == 0 || kr == N - 1)
        return 0;
    for (int d = 0; d < 4; d++) {
        int s = k + dir_delta[d];
        if (s == CASTLE || t->board[s] != EMPTY)
            continue;
        int closed = 1;
        if (near) {
            for (int e = 0; e < 4; e++) {
                int o = k + dir_delta[e];
                if (o != s && o != CASTLE && t->board[o] != ATT)
                    closed = 0;
            }
        } else
            closed = t->board[k - dir_delta[d]] == ATT;
        if (closed)
            out |= (u128)1 << s;
    }
    return out;
}

/* With the attackers to move: does one of their moves capture the king? */
static int king_capturable(const struct tablut *t)
{
    for (u128 b = king_capture_squares(t); b; b &= b - 1) {
        int sq = (uint64_t)b ? __builtin_ctzll((uint64_t)b)
                             : 64 + __builtin_ctzll((uint64_t)(b >> 64));
        if (attacker_reaches(t, sq))
            return 1;
    }
    return 0;
}

/* Empty squares where a piece of the side to move, landing, captures a
 * soldier: one neighbour holds an enemy soldier whose far side is hostile
 * (a piece of the mover's side, the king included, or the empty castle).
 * The hostile piece never is the mover: the soldier stands in its way. */
static u128 capture_squares(const struct tablut *t)
{
    const uint64_t *o = t->bb[t->side], *e = t->bb[!t->side];
    u128 own = U128(o[1], o[0]), en = U128(e[1], e[0]);
    u128 empty = ~(own | en) & ALL81;
    u128 hostile = own | (empty & CASTLE_BIT);
    u128 v = en;
    if (t->side == 0)
        v &= ~((u128)1 << t->king);
    /* east(x): each square's east neighbour; west, north, south alike */
#define EAST(x) (((x) << 1) & NOT_A)
#define WEST(x) (((x) >> 1) & NOT_I)
#define NORTH(x) (((x) << N) & ALL81)
#define SOUTH(x) ((x) >> N)
    u128 tg = WEST(v & WEST(hostile)) | EAST(v & EAST(hostile)) |
              SOUTH(v & SOUTH(hostile)) | NORTH(v & NORTH(hostile));
#undef EAST
#undef WEST
#undef NORTH
#undef SOUTH
    return tg & empty & ~CASTLE_BIT;
}

/* Appends the moves of the side to move onto sq (empty, not the castle):
 * the nearest piece along each of the four rays, if it is its own. With
 * king_only, only a king's move. */
static int moves_onto(const struct tablut *t, int sq, move_t *moves, int n,
                      int king_only)
{
    int f = sq_file(sq), r = sq_rank(sq), lo, hi, from[4], k = 0;
    line_span(t->rows[r], f, &lo, &hi);
    if (lo >= 0) from[k++] = r * N + lo;
    if (hi < N) from[k++] = r * N + hi;
    line_span(t->cols[f], r, &lo, &hi);
    if (lo >= 0) from[k++] = lo * N + f;
    if (hi < N) from[k++] = hi * N + f;
    for (int i = 0; i < k; i++) {
        int p = t->board[from[i]];
        if (king_only ? p == KING : p != EMPTY && side_of(p) == t->side)
            moves[n++] = mk_move(from[i], sq);
    }
    return n;
}

static int tablut_gen_tactical(const void *st, move_t *moves)
{
    const struct tablut *t = st;
    int n = 0;
    if (game_ended(t))
        return 0;
    if (t->side == 1) {
        /* the king's moves to an edge win */
        unsigned rm, cm;
        int k = t->king, kf = sq_file(k), kr = sq_rank(k);
        piece_dests(t, k, &rm, &cm);
        for (; rm; rm &= rm - 1) {
            int to = kr * N + __builtin_ctz(rm);
            if (on_edge(to))
                moves[n++] = mk_move(k, to);
        }
        for (; cm; cm &= cm - 1) {
            int to = __builtin_ctz(cm) * N + kf;
            if (on_edge(to))
                moves[n++] = mk_move(k, to);
        }
    } else {
        for (u128 b = king_capture_squares(t); b; b &= b - 1) {
            int sq = (uint64_t)b ? __builtin_ctzll((uint64_t)b)
                                 : 64 + __builtin_ctzll((uint64_t)(b >> 64));
            int n0 = n;
            n = moves_onto(t, sq, moves, n, 0);
            /* keep only the moves that really take him (the mover must
             * not be one of the surrounding attackers); a square may also
             * be a capture square: such moves come again below */
            for (int i = n0; i < n; i++) {
                uint8_t c[4];
                int kc;
                move_captures(t, mv_from(moves[i]), sq, c, &kc);
                if (!kc)
                    moves[i--] = moves[--n];
            }
        }
    }
    int nwin = n;
    u128 tg = capture_squares(t);
    for (; tg; tg &= tg - 1) {
        int sq = (uint64_t)tg ? __builtin_ctzll((uint64_t)tg)
                              : 64 + __builtin_ctzll((uint64_t)(tg >> 64));
        n = moves_onto(t, sq, moves, n, 0);
    }
    /* (a capture by the king to an edge is listed once, as a win) */
    for (int i = nwin; i < n; i++)
        for (int j = 0; j < nwin; j++)
            if (moves[i] == moves[j]) {
                moves[i--] = moves[--n];
                break;
            }
    return n;
}

/* The attackers must block a line of the king to an edge, or the defenders
 * must stop a capture of the king. */
static int tablut_threatened(const void *st)
{
    const struct tablut *t = st;
    if (game_ended(t))
        return 0;
    if (t->side == 0)
        return open_lines(t->rows, t->cols, t->king) > 0;
    return king_capturable(t);
}

/* The position occurred before since the last capture (and is not yet a
 * draw by the repetition rule). */
static int tablut_repeated(const void *st)
{
    return ((const struct tablut *)st)->seen;
}

/* A pass: the side flips; no repetition reaches back across it. Refused
 * when the side to move has fewer than three soldiers (a lone king, or a
 * few pieces, may have to move into harm: zugzwang). */
static int tablut_make_null(void *st, game_undo *undo)
{
    struct tablut *t = st;
    struct tablut_undo *u = (struct tablut_undo *)undo;
    if (t->count[t->side] < 3)
        return 0;
    u->hash = t->hash;
    u->hist_start = t->hist_start;
    u->flags = t->flags;
    u->seen = t->seen;
    t->seen = 0;
    t->side ^= 1;
    t->hash ^= ZSIDE;
    uint32_t slot = t->hist_len % TABLUT_HIST_CAP;
    u->old_slot = t->hist[slot];
    t->hist_start = t->hist_len;
    t->hist[slot] = t->hash;
    t->hist_len++;
    return 1;
}

static void tablut_unmake_null(void *st, const game_undo *undo)
{
    struct tablut *t = st;
    const struct tablut_undo *u = (const struct tablut_undo *)undo;
    t->hist_len--;
    t->hist[t->hist_len % TABLUT_HIST_CAP] = u->old_slot;
    t->hist_start = u->hist_start;
    t->flags = u->flags;
    t->seen = u->seen;
    t->side ^= 1;
    t->hash = u->hash;
}

const struct game tablut_game = {
    .name = "tablut",
    .title = "Tablut",
    .side_names = {"black", "white"},
    .side_aliases = {"b attacker attackers", "w defender defenders"},
    .gtp_letter = {'B', 'W'},
    .variant_keys = tablut_variant_keys,
    .state_size = sizeof(struct tablut),
    .undo_size = sizeof(struct tablut_undo),
    .init = tablut_init,
    .format_variant = tablut_format_variant,
    .parse_position = tablut_parse_position,
    .format_position = tablut_format_position,
    .side_to_move = tablut_side_to_move,
    .gen_moves = tablut_gen_moves,
    .make = tablut_make,
    .unmake = tablut_unmake,
    .hash = tablut_hash,
    .status = tablut_status,
    .evaluate = tablut_evaluate,
    .parse_move = tablut_parse_move,
    .format_move = tablut_format_move,
    .print = tablut_print,
    .print_marked = tablut_print_marked,
    .perft = tablut_perft,
    .format_move_long = tablut_format_move_long,
    .gen_tactical = tablut_gen_tactical,
    .threatened = tablut_threatened,
    .make_null = tablut_make_null,
    .unmake_null = tablut_unmake_null,
    .repeated = tablut_repeated,
    .board_size = tablut_board_size,
    .gogui_board = tablut_gogui_board,
    .gogui_gfx = tablut_gogui_gfx,
    .rules =
        "Tablut, the 9x9 tafl game. The attackers (black, t) have 16 soldiers and move\n"
        "first; the defenders (white, T) have 8 soldiers and the king (K), who starts on\n"
        "the castle, e5.\n"
        "Every piece, the king too, moves like a rook: any number of empty squares along\n"
        "a rank or a file, never jumping. No piece may stop on the castle; the king may\n"
        "leave it but never come back.\n"
        "A soldier is captured when an enemy moves so that it stands between that enemy\n"
        "and another enemy (or the empty castle) on a rank or a file. The king captures\n"
        "as a defender. A piece that moves between two enemies is safe.\n"
        "The king is captured by attackers on his four sides on the castle, on his three\n"
        "free sides next to it, elsewhere on two opposite sides.\n"
        "The defenders win when the king reaches an edge square; the attackers win when\n"
        "they capture him. A position that comes back (the second time: repetition=N)\n"
        "is a draw, so is having no legal move (nomove=draw|loss).\n"
        "A move is written from-to: e2-c2 (captures may follow: d7-d3xc3xe3).",
    .legend = "Every piece moves like a rook. Trap a soldier between two of yours to take it.\n"
              "The king escapes to any edge square to win; the attackers win by surrounding him.",
    .display_names = {"attackers", "defenders"},
    .display_plural = 1,
};
