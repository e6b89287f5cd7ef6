/* tablut_eval.c -- Tablut's evaluation (the weights of both rules) and
 * the search helpers of struct game: tactical moves, threats to win.
 * Rules-layer only: it reads the position (tablut_int.h), knows nothing
 * about search, sessions or protocols. */
#include <stdlib.h>
#include <string.h>
#include "games/tablut_int.h"

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

/* Ashton's: its camps make a different game (tuned apart, bench/sprt).
 * The material and blockade terms are fitted to Ashton self-play games
 * (bench/tablut-texel) and kept by an SPRT: +40 Elo against the default
 * rules' values at 40,000 nodes a move. The king's terms stay the default
 * rules': fitted too they lost 160-260 Elo (bench/results/tablut-texel-
 * ashton-20261205.txt). */
static const struct tablut_weights tablut_weights_ashton = {
    .attacker = 124,
    .defender = 140,
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
    .blockade = 21,
    .guard = 0,
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

/* Ashton: the lines' blockers for the king and every piece outside the
 * camps: the pieces, the throne and the camps. */
static void ashton_blockers(const struct tablut *t, uint16_t *rows,
                            uint16_t *cols)
{
    for (int i = 0; i < N; i++) {
        rows[i] = (uint16_t)(t->rows[i] | camp_line[i]);
        cols[i] = (uint16_t)(t->cols[i] | camp_line[i]);
    }
    rows[4] |= 1u << 4;
    cols[4] |= 1u << 4;
}

/* Ashton: the pieces that could move onto the empty square sq, as far as
 * the lines allow (the nearest piece of each ray, the throne blocking, the
 * camps' rules kept); into from[], returns how many (0..4). */
static int ashton_movers_onto(const struct tablut *t, int sq, int *from)
{
    int k = 0, in_path;
    for (int d = 0; d < 4; d++) {
        in_path = 0;
        for (int s = sq, prev = sq;; prev = s) {
            if (((d == 0 && sq_file(prev) == N - 1) ||
                 (d == 1 && sq_file(prev) == 0) ||
                 (d == 2 && sq_rank(prev) == N - 1) ||
                 (d == 3 && sq_rank(prev) == 0)))
                break;
            s = prev + dir_delta[d];
            if (s == CASTLE) {
                /* only the king leaves the throne; nothing crosses it */
                if (t->board[s] == KING && !in_path && !is_camp(sq))
                    from[k++] = s;
                break;
            }
            if (t->board[s] == EMPTY) {
                in_path |= is_camp(s);
                continue;
            }
            /* from s onto sq: crosses camps (in_path) or ends in one */
            int dist = abs(s - sq) / (d < 2 ? 1 : N);
            if (is_camp(s) ? !(is_camp(sq) && dist > 5)
                           : !in_path && !is_camp(sq))
                from[k++] = s;
            break;
        }
    }
    return k;
}

/* Can an attacker move onto sq? (sq empty) */
static int attacker_reaches(const struct tablut *t, int sq)
{
    int f = sq_file(sq), r = sq_rank(sq), lo, hi;
    if (t->ashton) {
        int from[4], k = ashton_movers_onto(t, sq, from);
        for (int i = 0; i < k; i++)
            if (t->board[from[i]] == ATT)
                return 1;
        return 0;
    }
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
    if (t->ashton) {
        /* pieces outside the camps go round them; the throne blocks (a
         * piece in a camp may reach the opposite camp here: a guess) */
        u128 out = own & ~CAMPS, in = own & CAMPS;
        u128 po = empty & ~CAMPS & ~CASTLE_BIT, pi = empty & ~CASTLE_BIT;
        reach = ((fill_east(out, po) | fill_west(out, po) |
                  fill_north(out, po) | fill_south(out, po)) & po) |
                ((fill_east(in, pi) | fill_west(in, pi) |
                  fill_north(in, pi) | fill_south(in, pi)) & pi);
        hostile = own | CASTLE_BIT | (t->side ? CAMPS_VS_BLACK : CAMPS);
    }
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
    /* Ashton: the camps and the throne close the king's lines too */
    uint16_t brows[N], bcols[N];
    if (t->ashton)
        ashton_blockers(t, brows, bcols);
    else {
        memcpy(brows, t->rows, sizeof brows);
        memcpy(bcols, t->cols, sizeof bcols);
    }
    int open = open_lines(brows, bcols, k);
    if (open && dtm)
        return w->escape_now;
    if (open >= 2)
        return w->double_open;

    int score = w->defender * t->count[1] - w->attacker * t->count[0];
    if (open)
        score += w->open_line;

    /* Where the king can go, and what it sees from there. */
    uint16_t rows[N], cols[N];
    memcpy(rows, brows, sizeof rows);
    memcpy(cols, bcols, sizeof cols);
    if (!t->ashton || k != CASTLE) {
        rows[kr] &= (uint16_t)~(1u << kf);
        cols[kf] &= (uint16_t)~(1u << kr);
    }
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
        adj += t->board[s] == ATT || (t->ashton && is_camp(s));
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

int tablut_evaluate(const void *st)
{
    const struct tablut *t = st;
    int s = eval_defenders(t, t->ashton ? &tablut_weights_ashton
                                        : &tablut_weights_default);
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
            closed = t->board[k - dir_delta[d]] == ATT ||
                     (t->ashton && is_camp(k - dir_delta[d]));
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
    if (t->ashton)
        k = ashton_movers_onto(t, sq, from);
    else {
        line_span(t->rows[r], f, &lo, &hi);
        if (lo >= 0) from[k++] = r * N + lo;
        if (hi < N) from[k++] = r * N + hi;
        line_span(t->cols[f], r, &lo, &hi);
        if (lo >= 0) from[k++] = lo * N + f;
        if (hi < N) from[k++] = hi * N + f;
    }
    for (int i = 0; i < k; i++) {
        int p = t->board[from[i]];
        if (king_only ? p == KING : p != EMPTY && side_of(p) == t->side)
            moves[n++] = mk_move(from[i], sq);
    }
    return n;
}

/* Ashton's tactical moves, from the legal moves (the camps' rules make
 * the bitboard shortcuts of the default rules wrong): wins, then captures. */
static int ashton_tactical(const struct tablut *t, move_t *moves)
{
    move_t all[GAME_MAX_MOVES];
    uint8_t kind[GAME_MAX_MOVES], capt[4];
    int na = tablut_gen_raw(t, all), n = 0, kc;
    for (int i = 0; i < na; i++) {
        int from = mv_from(all[i]), to = mv_to(all[i]);
        int nc = tablut_move_captures(t, from, to, capt, &kc);
        kind[i] = (uint8_t)(kc || (t->board[from] == KING && on_edge(to))
                                ? 2 : nc > 0);
    }
    for (int want = 2; want >= 1; want--)
        for (int i = 0; i < na; i++)
            if (kind[i] == want)
                moves[n++] = all[i];
    return n;
}

int tablut_gen_tactical(const void *st, move_t *moves)
{
    const struct tablut *t = st;
    int n = 0;
    if (game_ended(t))
        return 0;
    if (t->ashton)
        return ashton_tactical(t, moves);
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
                tablut_move_captures(t, mv_from(moves[i]), sq, c, &kc);
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
int tablut_threatened(const void *st)
{
    const struct tablut *t = st;
    if (game_ended(t))
        return 0;
    if (t->side == 0 && t->ashton) {
        uint16_t rows[N], cols[N];
        ashton_blockers(t, rows, cols);
        return open_lines(rows, cols, t->king) > 0;
    }
    if (t->side == 0)
        return open_lines(t->rows, t->cols, t->king) > 0;
    return king_capturable(t);
}

