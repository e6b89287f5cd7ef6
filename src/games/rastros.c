/* rastros.c -- the rules of Rastros (Bill Taylor's Slime Trail), one struct game,
 * with an exact endgame oracle (Undirected Vertex Geography by maximum matching).
 * Knows nothing about search, sessions or protocols. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "game.h"
#include "games/rastros_int.h"
#include "util.h"

struct rastros_undo {
    uint64_t hash;
    uint8_t snail;
};

static const struct variant_key ra_variant_keys[] = {
    {"size", VARIANT_INT, RA_MIN_SIZE, RA_MAX_SIZE, 1, NULL, STR(RA_DEFAULT_SIZE),
     VARIANT_BOARD_SIZE, "the board's width and height"},
    {"start", VARIANT_SQUARE, 0, 0, 0, NULL, NULL, 0,
     "the snail's first square (default: the centre; not a goal corner)"},
    {NULL, 0, 0, 0, 0, NULL, NULL, 0, NULL}
};

static int sq_of(int file, int rank) { return rank * 8 + file; }
static int sq_file(int sq) { return sq & 7; }
static int sq_rank(int sq) { return sq >> 3; }
static uint64_t bit(int sq) { return 1ULL << sq; }

/* King steps from every square of b (b itself not included unless a
 * neighbour of another member). */
static uint64_t king_of(uint64_t b)
{
    return ra_king_fill(b) & ~b;
}

static uint64_t board_mask(int size)
{
    uint64_t rank = (1ULL << size) - 1, m = 0;
    for (int r = 0; r < size; r++)
        m |= rank << (8 * r);
    return m;
}

static int default_start(int size)
{
    /* Centre; for even sizes the central square nearest player 2's
     * corner (e5 on 8x8). */
    return sq_of(size / 2, size / 2);
}

/* ---- Zobrist keys: a mixing function of the index, no table ---- */
static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}
static uint64_t key_slime(int sq) { return mix64(0x5a11e00ULL + (uint64_t)sq); }
static uint64_t key_snail(int sq) { return mix64(0x5a11100ULL + (uint64_t)sq); }
static uint64_t key_side(void) { return mix64(0x5a11200ULL); }
static uint64_t key_size(int n) { return mix64(0x5a11300ULL + (uint64_t)n); }

static uint64_t full_hash(const struct rastros *p)
{
    uint64_t h = key_size(p->size) ^ key_snail(p->snail);
    for (uint64_t s = p->slime; s; s &= s - 1)
        h ^= key_slime(__builtin_ctzll(s));
    if (p->stm)
        h ^= key_side();
    return h;
}

static void setup(struct rastros *p, int size, int start)
{
    memset(p, 0, sizeof *p);
    p->size = (uint8_t)size;
    p->board = board_mask(size);
    p->start = (uint8_t)start;
    p->snail = (uint8_t)start;
    p->goal[0] = (uint8_t)sq_of(0, 0);
    p->goal[1] = (uint8_t)sq_of(size - 1, size - 1);
    p->hash = full_hash(p);
}

static void square_name(int sq, char *buf, size_t n)
{
    char t[3] = {(char)('a' + sq_file(sq)), (char)('1' + sq_rank(sq)), 0};
    snprintf(buf, n, "%s", t);
}

/* Reads "c3" (case-insensitive) into file/rank; 0 if not of that shape.
 * The square may be off any board. */
static int read_square(const char *s, int *file, int *rank)
{
    if (!isalpha((unsigned char)s[0]))
        return 0;
    int f = tolower((unsigned char)s[0]) - 'a';
    const char *p = s + 1;
    if (!isdigit((unsigned char)*p))
        return 0;
    long r = 0;
    while (isdigit((unsigned char)*p)) {
        if (r < 1000)
            r = r * 10 + (*p - '0');
        p++;
    }
    if (*p)
        return 0;
    *file = f;
    *rank = (int)r - 1;
    return 1;
}

static uint64_t free_moves(const struct rastros *p)
{
    return king_of(bit(p->snail)) & p->board & ~p->slime;
}

static int on_goal(const struct rastros *p)
{
    return p->snail == p->goal[0] || p->snail == p->goal[1];
}

/* ---- struct game entries ---- */

static int ra_init(void *st, int nopts, const char *const *opts,
                   char *err, size_t errlen)
{
    struct variant_values v;
    int rc = game_variant_parse(&rastros_game, nopts, opts, &v, err, errlen);
    if (rc != GAME_OK)
        return rc;
    int size = v.num[0];
    const char *start = v.given[1] ? v.text[1] : NULL;
    int sq = default_start(size);
    if (start) {
        int f, r;
        if (!read_square(start, &f, &r) || f >= size || r < 0 || r >= size) {
            snprintf(err, errlen, "start must be a square of the %dx%d board, "
                     "not '%s'", size, size, start);
            return GAME_EINVALID;
        }
        sq = sq_of(f, r);
        if ((f == 0 && r == 0) || (f == size - 1 && r == size - 1)) {
            snprintf(err, errlen, "start cannot be a goal corner (%s)", start);
            return GAME_EINVALID;
        }
    }
    setup(st, size, sq);
    return GAME_OK;
}

static void ra_format_variant(const void *st, char *buf, size_t n)
{
    const struct rastros *p = st;
    char sq[8];
    int len = 0;
    if (n == 0)
        return;
    buf[0] = '\0';
    int odd_start = p->start != default_start(p->size);
    if (p->size != RA_DEFAULT_SIZE || odd_start)
        len = snprintf(buf, n, "size=%d", p->size);
    if (odd_start && len >= 0 && (size_t)len < n) {
        square_name(p->start, sq, sizeof sq);
        snprintf(buf + len, n - (size_t)len, "%sstart=%s", len ? " " : "", sq);
    }
}

static int ra_parse_position(void *st, const char *s, char *err, size_t errlen)
{
    struct rastros *p = st;
    uint64_t slime = 0;
    int snail = -1, nsnail = 0;
    int rows = 0, width = -1, col = 0;
    /* First pass: shape. Rank lengths must all equal the number of ranks,
     * so read the squares into a temporary 8x8 grid by (row from top, col). */
    char grid[RA_MAX_SIZE][RA_MAX_SIZE];
    while (*s == ' ' || *s == '\t')
        s++;
    /* the ranks are written from the top, numbered from the bottom: rank
     * n - rows is the one being read; the board is n squares wide */
    int n = 1;
    for (const char *c = s; *c && *c != ' ' && *c != '\t'; c++)
        n += *c == '/';
    const char *q = s;
    for (;; q++) {
        char c = *q;
        if (c == '/' || c == ' ' || c == '\t' || c == '\0') {
            if (col == 0) {
                snprintf(err, errlen, "empty rank %d", n - rows);
                return GAME_EINVALID;
            }
            if (col != n && n >= RA_MIN_SIZE && n <= RA_MAX_SIZE) {
                snprintf(err, errlen, "rank %d has %d squares, not %d (the board has %d ranks)",
                         n - rows, col, n, n);
                return GAME_EINVALID;
            }
            if (width < 0)
                width = col;
            rows++;
            col = 0;
            if (c != '/')
                break;
            if (rows >= RA_MAX_SIZE) {
                snprintf(err, errlen, "more than %d ranks", RA_MAX_SIZE);
                return GAME_EINVALID;
            }
            continue;
        }
        int cnt = 1;
        char what;
        if (c >= '1' && c <= '9') {
            cnt = c - '0';
            what = '.';
        } else if (c == 'x' || c == 'X') {
            what = 'x';
        } else if (c == 's' || c == 'S') {
            what = 's';
        } else {
            char q[8];
            snprintf(err, errlen, "unexpected character %s", game_quote_byte(c, q));
            return GAME_EINVALID;
        }
        if (col + cnt > RA_MAX_SIZE) {
            snprintf(err, errlen, "rank %d is too long", n - rows);
            return GAME_EINVALID;
        }
        for (int k = 0; k < cnt; k++)
            grid[rows][col++] = what;
    }
    if (rows != width || rows < RA_MIN_SIZE || rows > RA_MAX_SIZE) {
        snprintf(err, errlen, "board must be square, %d..%d, not %d ranks of %d",
                 RA_MIN_SIZE, RA_MAX_SIZE, rows, width);
        return GAME_EINVALID;
    }
    int size = rows;
    /* side to move */
    while (*q == ' ' || *q == '\t')
        q++;
    int stm;
    if (*q == '1')
        stm = 0;
    else if (*q == '2')
        stm = 1;
    else {
        snprintf(err, errlen, "side to move must be 1 or 2");
        return GAME_EINVALID;
    }
    q++;
    while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
        q++;
    if (*q) {
        snprintf(err, errlen, "trailing text '%s'", q);
        return GAME_EINVALID;
    }
    for (int r = 0; r < size; r++)
        for (int f = 0; f < size; f++) {
            int sq = sq_of(f, size - 1 - r);
            if (grid[r][f] == 'x')
                slime |= bit(sq);
            else if (grid[r][f] == 's') {
                snail = sq;
                nsnail++;
            }
        }
    if (nsnail != 1) {
        snprintf(err, errlen, nsnail ? "more than one snail" : "no snail");
        return GAME_EINVALID;
    }
    if (snail == sq_of(0, 0) || snail == sq_of(size - 1, size - 1)) {
        snprintf(err, errlen, "the snail cannot stand on a goal corner");
        return GAME_EINVALID;
    }
    int start = (size == p->size) ? p->start : default_start(size);
    struct rastros np;
    setup(&np, size, start);
    np.slime = slime;
    np.snail = (uint8_t)snail;
    np.stm = (uint8_t)stm;
    np.hash = full_hash(&np);
    *p = np;
    return GAME_OK;
}

static void ra_format_position(const void *st, char *buf, size_t n)
{
    const struct rastros *p = st;
    char tmp[128];
    size_t k = 0;
    for (int r = p->size - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < p->size; f++) {
            int sq = sq_of(f, r);
            char c = 0;
            if (sq == p->snail)
                c = 's';
            else if (p->slime & bit(sq))
                c = 'x';
            if (!c) {
                run++;
                continue;
            }
            if (run)
                tmp[k++] = (char)('0' + run);
            run = 0;
            tmp[k++] = c;
        }
        if (run)
            tmp[k++] = (char)('0' + run);
        if (r)
            tmp[k++] = '/';
    }
    tmp[k++] = ' ';
    tmp[k++] = p->stm ? '2' : '1';
    tmp[k] = '\0';
    snprintf(buf, n, "%s", tmp);
}

static int ra_side_to_move(const void *st)
{
    return ((const struct rastros *)st)->stm;
}

static int ra_gen_moves(const void *st, move_t *moves)
{
    const struct rastros *p = st;
    if (on_goal(p))
        return 0;
    int n = 0;
    for (uint64_t m = free_moves(p); m; m &= m - 1)
        moves[n++] = (move_t)__builtin_ctzll(m);
    return n;
}

static void ra_make(void *st, move_t m, game_undo *undo)
{
    struct rastros *p = st;
    struct rastros_undo u = {p->hash, p->snail};
    memcpy(undo->bytes, &u, sizeof u);
    p->hash ^= key_slime(p->snail) ^ key_snail(p->snail) ^ key_snail((int)m)
               ^ key_side();
    p->slime |= bit(p->snail);
    p->snail = (uint8_t)m;
    p->stm ^= 1;
}

static void ra_unmake(void *st, move_t m, const game_undo *undo)
{
    struct rastros *p = st;
    struct rastros_undo u;
    (void)m;
    memcpy(&u, undo->bytes, sizeof u);
    p->slime &= ~bit(u.snail);
    p->snail = u.snail;
    p->stm ^= 1;
    p->hash = u.hash;
}

static uint64_t ra_hash(const void *st)
{
    return ((const struct rastros *)st)->hash;
}

static const char *const reached_reason[64] = {
    [0] = "snail reached a1",
    [4 * 8 + 4] = "snail reached e5",
    [5 * 8 + 5] = "snail reached f6",
    [6 * 8 + 6] = "snail reached g7",
    [7 * 8 + 7] = "snail reached h8",
};

static void ra_status(const void *st, struct game_status *out)
{
    const struct rastros *p = st;
    for (int s = 0; s < 2; s++)
        if (p->snail == p->goal[s]) {
            out->over = 1;
            out->winner = s;
            out->reason = reached_reason[p->snail];
            return;
        }
    if (!free_moves(p)) {
        out->over = 1;
        out->winner = p->stm ^ 1;
        out->reason = "no legal move";
        return;
    }
    out->over = 0;
    out->winner = -1;
    out->reason = "";
}

/* Breadth-first distances from the snail over free squares, goal corners
 * being ends (entered, never crossed). dist[s] = steps to enter goal s,
 * or -1 if it cannot be reached. Returns the region reached (goals excluded,
 * the snail included). */
static uint64_t goal_distances(const struct rastros *p, int dist[2])
{
    uint64_t goals = bit(p->goal[0]) | bit(p->goal[1]);
    uint64_t open = p->board & ~p->slime & ~goals;
    uint64_t seen = bit(p->snail), front = seen;
    dist[0] = dist[1] = -1;
    for (int d = 1; front; d++) {
        uint64_t next = king_of(front) & p->board & ~p->slime;
        for (int s = 0; s < 2; s++)
            if (dist[s] < 0 && (next & bit(p->goal[s])))
                dist[s] = d;
        next &= open & ~seen;
        seen |= next;
        front = next;
    }
    return seen;
}

static int ra_evaluate(const void *st)
{
    const struct rastros *p = st;
    int dist[2];
    uint64_t region = goal_distances(p, dist);
    int me = p->stm, opp = me ^ 1;
    int mob = __builtin_popcountll(free_moves(p));
    if (mob == 0)
        return -SCORE_EVAL_MAX;
    if (dist[me] == 1)
        return SCORE_EVAL_MAX / 2;
    if (dist[me] < 0 && dist[opp] < 0) {
        /* Pure geography: a rough parity guess (exact_value knows better). */
        int rest = __builtin_popcountll(region) - 1;
        return (rest & 1) ? 300 : -300;
    }
    int far = 2 * p->size + 2;
    int dm = dist[me] < 0 ? far : dist[me];
    int dopp = dist[opp] < 0 ? far : dist[opp];
    /* The snail near my corner is good for me, near the opponent's corner
     * good for them; the side to move gets there first on a tie. */
    int score = 40 * (dopp - dm) + 20 + 4 * mob;
    if (dist[opp] == 1)
        score -= 60;        /* a step I must avoid, and may be all I have */
    if (score > SCORE_EVAL_MAX)
        score = SCORE_EVAL_MAX;
    if (score < -SCORE_EVAL_MAX)
        score = -SCORE_EVAL_MAX;
    return score;
}

static int ra_parse_move(const void *st, const char *s, move_t *m,
                         char *err, size_t errlen)
{
    const struct rastros *p = st;
    char tok[16];
    int f, r;
    while (isspace((unsigned char)*s))
        s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    if (len == 0 || len >= sizeof tok) {
        snprintf(err, errlen, "not a square");
        return GAME_ESYNTAX;
    }
    memcpy(tok, s, len);
    tok[len] = '\0';
    if (!read_square(tok, &f, &r)) {
        /* the token as it came, but a byte that is not printable ASCII as
         * \xHH: the message may go out in a protocol response */
        char shown[sizeof tok * 4], q[8];
        size_t k = 0;
        for (const char *c = tok; *c; c++) {
            unsigned char b = (unsigned char)*c;
            const char *part = b >= 0x20 && b < 0x7f ? (q[0] = (char)b, q[1] = '\0', q) :
                               game_quote_byte(b, q);
            size_t pl = strlen(part);
            memcpy(shown + k, part, pl);
            k += pl;
        }
        shown[k] = '\0';
        snprintf(err, errlen, "not a square: %s", shown);
        return GAME_ESYNTAX;
    }
    if (f >= p->size || r < 0 || r >= p->size) {
        snprintf(err, errlen, "%s is off the board", tok);
        return GAME_EILLEGAL;
    }
    int sq = sq_of(f, r);
    struct game_status gs;
    ra_status(p, &gs);
    if (gs.over) {
        snprintf(err, errlen, "the game is over");
        return GAME_EILLEGAL;
    }
    if (!(free_moves(p) & bit(sq))) {
        char nm[8];
        square_name(sq, nm, sizeof nm);
        if (sq == p->snail)
            snprintf(err, errlen, "the snail is on %s", nm);
        else if (p->slime & bit(sq))
            snprintf(err, errlen, "%s is slimed", nm);
        else
            snprintf(err, errlen, "%s is not next to the snail", nm);
        return GAME_EILLEGAL;
    }
    *m = (move_t)sq;
    return GAME_OK;
}

static void ra_format_move(const void *st, move_t m, char *buf, size_t n)
{
    (void)st;
    if (m >= 64) {
        snprintf(buf, n, "?");
        return;
    }
    square_name((int)m, buf, n);
}

/* The diagram; marked: the shell's (no side to move, last move `last` in
 * parentheses, see struct game's print_marked). */
static void ra_draw(const void *st, int marked, move_t last, char *buf, size_t n)
{
    const struct rastros *p = st;
    char out[1024];
    size_t k = 0;
    int sz = p->size;
#define PUT(...) (k += (size_t)snprintf(out + k, sizeof out - k, __VA_ARGS__))
    PUT("   ");
    for (int f = 0; f < sz; f++)
        PUT(" %c", 'a' + f);
    PUT("\n");
    for (int r = sz - 1; r >= 0; r--) {
        PUT(" %d ", r + 1);
        size_t row = k;         /* the cell of file f is at row + 2 f + 1 */
        for (int f = 0; f < sz; f++) {
            int sq = sq_of(f, r);
            char c = '.';
            if (sq == p->snail)
                c = '@';
            else if (p->slime & bit(sq))
                c = '#';
            else if (sq == p->goal[0])
                c = '1';
            else if (sq == p->goal[1])
                c = '2';
            PUT(" %c", c);
        }
        PUT("  %d", r + 1);
        if (marked && last < 64 && sq_rank((int)last) == r) {
            out[row + 2 * (size_t)sq_file((int)last)] = '(';
            out[row + 2 * (size_t)sq_file((int)last) + 2] = ')';
        }
        if (r == sz - 1)
            PUT("    @ snail  # slime");
        else if (r == sz - 2)
            PUT("    1 a1 goal of player 1 (black)");
        else if (r == sz - 3) {
            char g[8];
            square_name(p->goal[1], g, sizeof g);
            PUT("    2 %s goal of player 2 (white)", g);
        } else if (r == sz - 4 && !marked)
            PUT("    to move: player %d (%s)", p->stm + 1,
                p->stm ? "white" : "black");
        else if (r == sz - 4 && last < 64)
            PUT("    ( ) last move");
        PUT("\n");
    }
    PUT("   ");
    for (int f = 0; f < sz; f++)
        PUT(" %c", 'a' + f);
#undef PUT
    snprintf(buf, n, "%s", out);
}

static void ra_print(const void *st, char *buf, size_t n)
{
    ra_draw(st, 0, MOVE_NONE, buf, n);
}

static void ra_print_marked(const void *st, const void *before, move_t last, char *buf,
                            size_t n)
{
    (void)before;
    ra_draw(st, 1, last, buf, n);
}

static int ra_board_size(const void *st)
{
    return ((const struct rastros *)st)->size;
}

static void ra_gogui_board(const void *st, char *buf, size_t n)
{
    const struct rastros *p = st;
    size_t k = 0;
    if (n == 0)
        return;
    for (int r = p->size - 1; r >= 0; r--)
        for (int f = 0; f < p->size; f++) {
            int sq = sq_of(f, r);
            char c = sq == p->snail ? 'X' : (p->slime & bit(sq)) ? 'O' : '.';
            if (k + 1 < n)
                buf[k++] = c;
        }
    buf[k] = '\0';
}

/* GoGui's points skip the letter I (Rastros stops at h). */
static void gogui_point(int sq, char *buf, size_t n)
{
    char name[8];
    square_name(sq, name, sizeof name);
    snprintf(buf, n, "%c%s", toupper((unsigned char)name[0]), name + 1);
}

/* The goal corners, in the colour of the side that wins there. */
static void ra_gogui_gfx(const void *st, char *buf, size_t n)
{
    const struct rastros *p = st;
    char g0[8], g1[8];
    gogui_point(p->goal[0], g0, sizeof g0);
    gogui_point(p->goal[1], g1, sizeof g1);
    snprintf(buf, n, "COLOR #505050 %s\nCOLOR #f0f0f0 %s\nLABEL %s 1\nLABEL %s 2",
             g0, g1, g0, g1);
}

/* ---- fast perft ---- */
static uint64_t perft_rec(uint64_t board, uint64_t slime, int snail,
                          uint64_t goals, int depth)
{
    uint64_t moves = king_of(bit(snail)) & board & ~slime;
    if (depth == 1)
        return (uint64_t)__builtin_popcountll(moves);
    uint64_t total = 0;
    slime |= bit(snail);
    for (; moves; moves &= moves - 1) {
        int to = __builtin_ctzll(moves);
        if ((goals & bit(to)) || !(king_of(bit(to)) & board & ~slime))
            total++;            /* the game ends here: a leaf */
        else
            total += perft_rec(board, slime, to, goals, depth - 1);
    }
    return total;
}

static uint64_t ra_perft(void *st, int depth)
{
    const struct rastros *p = st;
    if (depth <= 0)
        return 1;
    if (on_goal(p))
        return 0;
    return perft_rec(p->board, p->slime, p->snail,
                     bit(p->goal[0]) | bit(p->goal[1]), depth);
}

/* ---- the exact endgame oracle ----
 * Once no goal corner can be entered, Rastros is Undirected Vertex
 * Geography on the snail's region: the player to move wins iff every
 * maximum matching covers the snail's square, i.e. iff a maximum matching
 * of the region without the snail can be augmented from the snail
 * (Fraenkel, Scheinerman and Ullman 1993). Matching by Edmonds' blossom
 * algorithm on at most 64 vertices (the king graph is not bipartite). */
struct blossom {
    uint64_t adj[64];
    int match[64], parent[64], base[64];
    int queue[64];
};

static int bl_lca(struct blossom *b, int x, int y)
{
    uint64_t seen = 0;
    for (;;) {
        x = b->base[x];
        seen |= bit(x);
        if (b->match[x] < 0)
            break;
        x = b->parent[b->match[x]];
    }
    for (;;) {
        y = b->base[y];
        if (seen & bit(y))
            return y;
        y = b->parent[b->match[y]];
    }
}

static void bl_mark(struct blossom *b, uint64_t *inblossom, int v, int lca,
                    int child)
{
    while (b->base[v] != lca) {
        *inblossom |= bit(b->base[v]) | bit(b->base[b->match[v]]);
        b->parent[v] = child;
        child = b->match[v];
        v = b->parent[b->match[v]];
    }
}

/* Looks for an augmenting path from the exposed vertex root within the
 * vertex set verts and applies it; returns 1 if the matching grew. */
static int bl_augment(struct blossom *b, uint64_t verts, int root)
{
    uint64_t used = bit(root);
    int qh = 0, qt = 0;
    for (uint64_t s = verts; s; s &= s - 1) {
        int i = __builtin_ctzll(s);
        b->parent[i] = -1;
        b->base[i] = i;
    }
    b->queue[qt++] = root;
    while (qh < qt) {
        int v = b->queue[qh++];
        for (uint64_t nb = b->adj[v] & verts; nb; nb &= nb - 1) {
            int to = __builtin_ctzll(nb);
            if (b->base[v] == b->base[to] || b->match[v] == to)
                continue;
            if (to == root || (b->match[to] >= 0 &&
                               b->parent[b->match[to]] >= 0)) {
                int cb = bl_lca(b, v, to);
                uint64_t inb = 0;
                bl_mark(b, &inb, v, cb, to);
                bl_mark(b, &inb, to, cb, v);
                for (uint64_t s = verts; s; s &= s - 1) {
                    int i = __builtin_ctzll(s);
                    if (inb & bit(b->base[i])) {
                        b->base[i] = cb;
                        if (!(used & bit(i))) {
                            used |= bit(i);
                            b->queue[qt++] = i;
                        }
                    }
                }
            } else if (b->parent[to] < 0) {
                b->parent[to] = v;
                if (b->match[to] < 0) {
                    /* flip the path */
                    int x = to;
                    while (x >= 0) {
                        int px = b->parent[x], nx = b->match[px];
                        b->match[x] = px;
                        b->match[px] = x;
                        x = nx;
                    }
                    return 1;
                }
                int m = b->match[to];
                used |= bit(m);
                b->queue[qt++] = m;
            }
        }
    }
    return 0;
}

/* 1 iff the player to move wins geography from snail on the region
 * (region holds the snail and every square still free to visit). */
int rastros_uvg_wins(uint64_t region, int snail)
{
    struct blossom b;
    uint64_t rest = region & ~bit(snail);
    for (uint64_t s = region; s; s &= s - 1) {
        int i = __builtin_ctzll(s);
        b.adj[i] = king_of(bit(i)) & region;
        b.match[i] = -1;
    }
    /* greedy start, then augment from every exposed vertex of G - snail */
    for (uint64_t s = rest; s; s &= s - 1) {
        int i = __builtin_ctzll(s);
        if (b.match[i] >= 0)
            continue;
        for (uint64_t nb = b.adj[i] & rest; nb; nb &= nb - 1) {
            int j = __builtin_ctzll(nb);
            if (b.match[j] < 0) {
                b.match[i] = j;
                b.match[j] = i;
                break;
            }
        }
    }
    for (uint64_t s = rest; s; s &= s - 1) {
        int i = __builtin_ctzll(s);
        if (b.match[i] < 0)
            bl_augment(&b, rest, i);
    }
    return bl_augment(&b, region, snail);
}

/* Exact geography with the length of the game: returns +(100 - plies) for
 * a win of the player to move, -(100 - plies) for a loss; the winner
 * hurries, the loser delays. Only for small regions. */
static int uvg_solve(uint64_t free, int snail)
{
    uint64_t moves = king_of(bit(snail)) & free;
    if (!moves)
        return -100;
    int best = -1000;
    for (; moves; moves &= moves - 1) {
        int to = __builtin_ctzll(moves);
        int v = -uvg_solve(free & ~bit(to), to);
        v += v > 0 ? -1 : 1;
        if (v > best)
            best = v;
    }
    return best;
}

/* struct game's checked_nodes: 8x8 moves were checked only where proved
 * (player 2's strategy), so a longer search there plays its own move. */
static int ra_checked_nodes(const void *st)
{
    const struct rastros *p = st;
    return p->size <= RASTROS_CHECKED_MAX_SIZE ? RASTROS_CHECKED_NODES : 0;
}

#define UVG_BRUTE_MAX 8         /* free squares for which plies are exact:
                                 * a dense region of 8 costs ~15 us */

static int ra_exact_value(void *st, int *value, int *plies)
{
    struct rastros *p = st;
    struct game_status gs;
    ra_status(p, &gs);
    if (gs.over) {
        *value = gs.winner == p->stm ? 1 : -1;
        *plies = 0;
        return 1;
    }
    uint64_t moves = free_moves(p);
    if (moves & bit(p->goal[p->stm])) {
        *value = 1;
        *plies = 1;
        return 1;
    }
    /* Every move enters the opponent's corner or stops next to it (the
     * opponent then steps in): lost, in 2 plies if a move of the second
     * kind exists. */
    uint64_t opp_goal = bit(p->goal[p->stm ^ 1]);
    if (!(p->slime & opp_goal)) {
        uint64_t near = king_of(opp_goal);
        if (!(moves & ~(near | opp_goal))) {
            *value = -1;
            *plies = (moves & near) ? 2 : 1;
            return 1;
        }
    }
    int dist[2];
    uint64_t region = goal_distances(p, dist);
    int me = p->stm, opp = me ^ 1;
    if (dist[me] >= 0 && dist[opp] >= 0)
        return 0;
    if (dist[me] >= 0 || dist[opp] >= 0) {
        /* One corner is cut off for good. Geography on the region without
         * the corners still decides one way: a side that wins it never
         * needs its own corner, and the other side cannot use the cut-off
         * one (entering the winner's corner only loses sooner). */
        int wins = rastros_uvg_wins(region, p->snail);
        if (dist[opp] < 0 && wins) {
            *value = 1;
            *plies = -1;
            return 1;
        }
        if (dist[me] < 0 && !wins) {
            *value = -1;
            *plies = -1;
            return 1;
        }
        return 0;
    }
    int nfree = __builtin_popcountll(region) - 1;
    if (nfree <= UVG_BRUTE_MAX) {
        int v = uvg_solve(region & ~bit(p->snail), p->snail);
        *value = v > 0 ? 1 : -1;
        *plies = 100 - (v > 0 ? v : -v);
        return 1;
    }
    *value = rastros_uvg_wins(region, p->snail) ? 1 : -1;
    *plies = -1;
    return 1;
}


static uint64_t region_key(uint64_t region, int snail, int stm, int reach)
{
    return mix64(region * 0x9e3779b97f4a7c15ULL + (uint64_t)snail) ^
           mix64(0x5a11400ULL + (uint64_t)(stm * 4 + reach));
}

/* The solver's key: only what can still matter -- the free squares the
 * snail can reach, which corners it can reach, the snail and the side to
 * move -- folded with the diagonal mirror image. */
static uint64_t ra_solve_key(const void *st)
{
    const struct rastros *p = st;
    int dist[2];
    uint64_t region = goal_distances(p, dist);
    int reach = (dist[0] >= 0) | (dist[1] >= 0) << 1;
    uint64_t k1 = region_key(region, p->snail, p->stm, reach);
    int ts = sq_of(sq_rank(p->snail), sq_file(p->snail));
    uint64_t k2 = region_key(ra_transpose(region), ts, p->stm, reach);
    return k1 < k2 ? k1 : k2;
}

const struct game rastros_game = {
    .name = "rastros",
    .title = "Rastros (Slime Trail)",
    .side_names = {"black", "white"},
    .side_aliases = {"b player1 p1", "w player2 p2"},
    .gtp_letter = {'B', 'W'},
    .variant_keys = ra_variant_keys,
    .state_size = sizeof(struct rastros),
    .undo_size = sizeof(struct rastros_undo),
    .init = ra_init,
    .format_variant = ra_format_variant,
    .parse_position = ra_parse_position,
    .format_position = ra_format_position,
    .side_to_move = ra_side_to_move,
    .gen_moves = ra_gen_moves,
    .make = ra_make,
    .unmake = ra_unmake,
    .hash = ra_hash,
    .status = ra_status,
    .evaluate = ra_evaluate,
    .parse_move = ra_parse_move,
    .format_move = ra_format_move,
    .print = ra_print,
    .print_marked = ra_print_marked,
    .exact_value = ra_exact_value,
    .checked_nodes = ra_checked_nodes,
    .solve_key = ra_solve_key,
    .no_draws = 1,
    .point_moves = 1,
    .perft = ra_perft,
    .max_moves = 8,             /* the snail's king steps */
    /* 8x8 self-play at 20,000 nodes a move (bench/score-scale): 509 and
     * 505 on two seeds; smaller boards are proved */
    .score_scale = 500,
    .solver_create = rastros_solver_create,
    .solver_destroy = rastros_solver_destroy,
    .solver_clear = rastros_solver_clear,
    .solve = rastros_solve,
    .solve_probe = rastros_solve_probe,
    .board_size = ra_board_size,
    .gogui_board = ra_gogui_board,
    .gogui_gfx = ra_gogui_gfx,
    .rules =
        "Rastros (Slime Trail): two players move one shared snail (@) on a square board,\n"
        "5x5 to 8x8 (size=N, 7x7 by default).\n"
        "Black (player 1) moves first and owns the corner a1; white (player 2) owns the\n"
        "opposite corner (g7 on 7x7, h8 on 8x8).\n"
        "The snail starts in the centre: d4 on 7x7, e5 on 8x8 (start=SQUARE moves it).\n"
        "On your turn move the snail one king step, in any of the eight directions, to a\n"
        "square that is not slimed. The square it leaves is slimed (#) for good.\n"
        "There is no passing and no capture.\n"
        "The moment the snail enters a corner, that corner's owner wins, whoever moved it\n"
        "there: stepping into the opponent's corner loses at once.\n"
        "A player with no legal move on their turn loses. There are no draws.\n"
        "A move is written as the square the snail goes to: c3.",
    .legend = "The snail steps one square any way onto a clean square and slimes the one it\n"
              "leaves; the corner it enters wins for that corner's owner.",
};
