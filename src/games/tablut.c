/* tablut.c -- Tablut (9x9 tafl) rules as ruled by doc/rules/tablut.md (and
 * rules=ashton, the Bologna Tablut Challenge's Ashton rules): move
 * generation, make/unmake, Zobrist hash, repetition, positions and moves
 * as text; the evaluation and search helpers are tablut_eval.c's.
 * Knows nothing about search, sessions or protocols: only struct game. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "game.h"
#include "games/tablut_int.h"
#include "util.h"

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

/* Number of legal moves, ignoring whether the game is over. */
static int count_moves(const struct tablut *t)
{
    const uint64_t *o = t->bb[t->side], *e = t->bb[!t->side];
    if (t->ashton) {
        int n = 0;
        FOR_EACH_SQ(o, sq)
            n += piece_count(t, sq);
        return n;
    }
    u128 own = U128(o[1], o[0]);
    u128 empty = ~(own | U128(e[1], e[0])) & ALL81;
    u128 dest = ~CASTLE_BIT;
    return popcount128(fill_east(own, empty) & empty & dest) +
           popcount128(fill_west(own, empty) & empty & dest) +
           popcount128(fill_north(own, empty) & empty & dest) +
           popcount128(fill_south(own, empty) & empty & dest);
}

int tablut_gen_raw(const struct tablut *t, move_t *moves)
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

/* The capture rule, for make and for the move texts alike: the soldiers the
 * move from-to captures (into capt, returning how many) and whether it
 * captures the king; the board is that before the move. The king on or next
 * to the castle needs attackers on every side but the castle's; elsewhere
 * the mover and an attacker opposite (Ashton: or a camp). */
int tablut_move_captures(const struct tablut *t, int from, int to,
                         uint8_t *capt, int *king_capt)
{
    int side = t->side, enemy = side ? ATT : DEF, n = 0;
    *king_capt = 0;
    for (int d = 0; d < 4; d++) {
        if (!two_steps_ok(to, d))
            continue;
        int s1 = to + dir_delta[d], s2 = s1 + dir_delta[d];
        int p1 = t->board[s1];
        if (p1 == enemy) {
            if (anvil(t, s2, from))
                capt[n++] = (uint8_t)s1;
        } else if (p1 == KING && side == 0) {
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
            } else if ((s2 != from && t->board[s2] == ATT) ||
                       (t->ashton && is_camp(s2)))
                *king_capt = 1;
        }
    }
    return n;
}

static void tablut_make_fast(struct tablut *t, int from, int to,
                             struct tablut_undo *u)
{
    int piece = t->board[from], side = t->side, kc;
    u->hash = t->hash;
    u->hist_start = t->hist_start;
    u->from = (uint8_t)from;
    u->to = (uint8_t)to;
    u->flags = t->flags;
    u->ncapt = (uint8_t)tablut_move_captures(t, from, to, u->capt, &kc);

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

    for (int i = 0; i < u->ncapt; i++)
        remove_piece(t, u->capt[i]);
    if (kc)
        t->flags |= F_KING_CAPTURED;

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
/* (the order is that of the values in tablut_init) */
static const struct variant_key tablut_variant_keys[] = {
    {"rules", VARIANT_CHOICE, 0, 0, 0, "tablut|ashton", "tablut", 0,
     "tablut (doc/rules/tablut.md) or ashton, the Bologna Tablut Challenge's"},
    {"repetition", VARIANT_INT, REP_MIN, REP_MAX, 1, NULL, STR(REP_DEFAULT), 0,
     "the occurrence of a position that ends the game"},
    {"nomove", VARIANT_CHOICE, 0, 0, 0, "draw|loss", NULL, 0,
     "the result for a side with no legal move (default: draw; loss under "
     "rules=ashton)"},
    {NULL, 0, 0, 0, 0, NULL, NULL, 0, NULL}
};

/* The same board under both rules; Ashton's white moves first. */
static const char start_position[] =
    "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b";
static const char ashton_start_position[] =
    "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 w";

static void reset_history(struct tablut *t)
{
    t->flags = 0;
    t->seen = 0;
    t->hist_len = 1;
    /* Ashton's referee remembers the positions after each move, not the
     * one the game starts from */
    t->hist_start = t->ashton ? 1 : 0;
    memset(t->hist, 0, sizeof t->hist);
    t->hist[0] = t->hash;
}

/* Parses a position string into t (whose variant options are kept). */
static int parse_into(struct tablut *t, const char *s, char *err,
                      size_t errlen)
{
    uint8_t rep = t->rep_limit, nomove = t->nomove_loss, ashton = t->ashton;
    memset(t, 0, sizeof *t);
    t->rep_limit = rep;
    t->nomove_loss = nomove;
    t->ashton = ashton;
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
            char q[8];
            snprintf(err, errlen, "unknown character %s in position", game_quote_byte(c, q));
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
        if (t->ashton && piece != ATT && is_camp(sq)) {
            snprintf(err, errlen, "a white piece on the camp %c%d",
                     'a' + file, rank + 1);
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
    int ashton = v.num[0] == 1, rep = v.num[1];
    /* the no-legal-move outcome: OpenTafl's rules make it a loss */
    int nomove_loss = v.given[2] ? v.num[2] == 1 : -1;
    t->rep_limit = (uint8_t)rep;
    /* Ashton: a side that cannot move has lost (it cannot answer the
     * referee in time) */
    t->nomove_loss = (uint8_t)(nomove_loss >= 0 ? nomove_loss : ashton);
    t->ashton = (uint8_t)ashton;
    return parse_into(t, ashton ? ashton_start_position : start_position,
                      err, errlen);
}

static void tablut_format_variant(const void *st, char *buf, size_t n)
{
    const struct tablut *t = st;
    char out[64] = "";
    if (t->ashton)
        strcat(out, "rules=ashton");
    if (t->rep_limit != REP_DEFAULT)
        snprintf(out + strlen(out), sizeof out - strlen(out),
                 "%srepetition=%d", out[0] ? " " : "", t->rep_limit);
    if (t->nomove_loss != t->ashton)
        snprintf(out + strlen(out), sizeof out - strlen(out),
                 "%snomove=%s", out[0] ? " " : "",
                 t->nomove_loss ? "loss" : "draw");
    snprintf(buf, n, "%s", out);
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
    tmp->ashton = ((struct tablut *)st)->ashton;
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
    return tablut_gen_raw(t, moves);
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
    int n = tablut_gen_raw(t, moves);
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
        if (t->ashton && s2 == CASTLE) {
            snprintf(err, errlen, "%s-%s crosses the throne", a, b);
            return GAME_EILLEGAL;
        }
        if (t->ashton && is_camp(s2) && !is_camp(from)) {
            snprintf(err, errlen, "%s-%s enters a camp from outside", a, b);
            return GAME_EILLEGAL;
        }
        if (s2 == to)
            break;
    }
    if (t->ashton && is_camp(from) && is_camp(to) &&
        abs(to - from) > 5 * abs(step)) {
        snprintf(err, errlen, "%s-%s goes more than 5 squares into a camp",
                 a, b);
        return GAME_EILLEGAL;
    }
    uint8_t capt[4];
    int kc, nc = tablut_move_captures(t, from, to, capt, &kc);
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
    int kc, nc = tablut_move_captures(t, mv_from(m), mv_to(m), capt, &kc);
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
    int kc = 0, ncapt = b ? tablut_move_captures(b, mv_from(last), mv_to(last), capt, &kc) : 0;
    k += (size_t)sprintf(out + k, "   a b c d e f g h i\n");
    for (int r = N - 1; r >= 0; r--) {
        k += (size_t)sprintf(out + k, "%d ", r + 1);
        size_t row = k;         /* the cell of file f is at row + 2 f + 1 */
        for (int f = 0; f < N; f++) {
            int sq = r * N + f, p = t->board[sq];
            char c = p ? " tTK"[p] : sq == CASTLE ? '+' :
                     t->ashton && is_camp(sq) ? '*' : '.';
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
        k += (size_t)sprintf(out + k, "t attacker, T defender, K king, + castle%s; "
                             "%d attackers, %d defenders",
                             t->ashton ? ", * camp" : "", t->count[0], t->count[1]);
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
    k += (size_t)sprintf(out + k, "; + castle%s, %d attackers, %d defenders",
                         t->ashton ? ", * camp" : "", t->count[0], t->count[1]);
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

/* Markup over GoGui's 9x9 board, whose cells (tablut_gogui_board) show the
 * attackers as black stones and the defenders and the king as white ones:
 * the king labelled K on a gold field, the empty castle squared (no piece
 * may stop there), under Ashton the empty camps marked with triangles, and
 * the pieces left in the status line. GoGui's columns skip the letter I,
 * so file i is GoGui's J. */
static void tablut_gogui_point(int sq, char *buf)
{
    sprintf(buf, "%c%d", "ABCDEFGHJ"[sq % N], sq / N + 1);
}

static void tablut_gogui_gfx(const void *st, char *buf, size_t n)
{
    const struct tablut *t = st;
    char k[4], camps[256] = "";
    size_t c = 0;
    tablut_gogui_point(t->king, k);
    if (t->ashton)
        for (int sq = 0; sq < NSQ; sq++)
            if (is_camp(sq) && t->board[sq] == EMPTY) {
                char pt[4];
                tablut_gogui_point(sq, pt);
                c += (size_t)snprintf(camps + c, sizeof camps - c, "%s %s",
                                      c ? "" : "\nTRIANGLE", pt);
            }
    snprintf(buf, n, "COLOR #e8c040 %s\nLABEL %s K%s%s\nTEXT %d attackers, %d defenders and the "
             "king%s", k, k, t->board[CASTLE] == EMPTY ? "\nSQUARE E5" : "", camps, t->count[0],
             t->count[1], (t->flags & F_KING_CAPTURED) ? " (captured)" : "");
}

/* GoGui's two clicks: the piece, then the square it goes to (GoGui's
 * points are the board's squares, row 0 the rank 1). */
static void tablut_gogui_move_points(const void *st, move_t m, int *from, int *to)
{
    (void)st;
    *from = mv_from(m);
    *to = mv_to(m);
}

/* The pieces side has, for GoGui's captured counts: soldiers, and the king
 * until he is captured. */
static int tablut_gogui_pieces(const void *st, int side)
{
    const struct tablut *t = st;
    return t->count[side] + (side == 1 && !(t->flags & F_KING_CAPTURED));
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
    .side_roles = {"attackers", "defenders"},
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
    /* self-play at 20,000 nodes a move (bench/score-scale): 563 and 540
     * on two seeds, 570 under rules=ashton */
    .score_scale = 550,
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
    .gogui_move_points = tablut_gogui_move_points,
    .gogui_pieces = tablut_gogui_pieces,
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
