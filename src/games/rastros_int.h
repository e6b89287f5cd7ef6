/* rastros_int.h -- what the Rastros rules share with the Rastros solver and
 * book (rastros.c, rastros_solve.c): the position and the geography oracle.
 * Rules-layer only: nothing here knows about search, sessions or protocols. */
#ifndef TABULA_RASTROS_INT_H
#define TABULA_RASTROS_INT_H
#ifndef TABULA_RULES
#error "a game's own header is for the rules (src/games/) and their tests only: the layers above see struct game"
#endif

#include <stdint.h>

/* Squares use an 8x8 layout whatever the board size: sq = rank * 8 + file,
 * a1 = 0. Squares off a smaller board are simply absent from the board mask.
 * move_t is the destination square. */
#define RA_MIN_SIZE 5
#define RA_MAX_SIZE 8
#define RA_DEFAULT_SIZE 7
/* The node budget at which genmove's moves on boards up to 7x7 were
 * checked, position by position, a new game for each (the book's passes and
 * the walks of doc/rules/rastros.md): struct game's checked_nodes. */
#define RASTROS_CHECKED_NODES 3000
#define RASTROS_CHECKED_MAX_SIZE 7

#define RA_FILE_A 0x0101010101010101ULL
#define RA_FILE_H 0x8080808080808080ULL

struct rastros {
    uint64_t slime;             /* slimed squares */
    uint64_t board;             /* squares on the board */
    uint64_t hash;
    uint8_t snail;              /* the snail's square */
    uint8_t stm;                /* 0 player 1, 1 player 2 */
    uint8_t size;
    uint8_t start;              /* start square of the variant, for records */
    uint8_t goal[2];            /* goal[s] is owned by side s */
};

/* Transposes an 8x8-layout bitboard (file <-> rank): the symmetry of the
 * square board that keeps both goal corners where they are. */
static inline uint64_t ra_transpose(uint64_t x)
{
    uint64_t t;
    t = 0x0f0f0f0f00000000ULL & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
}

/* King steps from every square of b, b itself included. */
static inline uint64_t ra_king_fill(uint64_t b)
{
    uint64_t row = b | ((b & ~RA_FILE_A) >> 1) | ((b & ~RA_FILE_H) << 1);
    return row | (row << 8) | (row >> 8);
}

/* 1 iff the player to move wins Undirected Vertex Geography from snail on
 * region (the snail's square and every square still free to visit), by
 * maximum matching (rastros.c). */
int rastros_uvg_wins(uint64_t region, int snail);

/* ---- the opening book (rastros_book.c) ----
 * Positions keyed as the solver keys them (canonical under the board's
 * symmetries: the free squares the snail can reach with the reachable goal
 * corners, the snail, the side to move), with their value and, when won, a
 * winning move in the canonical frame. An entry of a size below 8 is one
 * word: the mask packed row by row (size * size bits) from bit 14 up, the
 * snail in bits 8-13, the side to move in bit 7, RB_WIN, the move in bits
 * 0-5 (RB_MOVE_NONE when lost). Size 8 takes two words: the 8x8 mask, then
 * the same low 14 bits. */
#define RASTROS_BOOK_MAGIC "RASTBK01"
#define RB_KEY_SHIFT 7               /* the key: the side to move and up */
#define RB_WIN 0x40u
#define RB_MOVE_NONE 63u

struct rastros_book {
    const unsigned char *e[4];  /* entries of sizes 5..8 */
    size_t n[4];
};

int rastros_book_open(struct rastros_book *b);          /* 0 ok */
/* Opens a book laid out as the book file in memory (for the generator). */
int rastros_book_open_mem(struct rastros_book *b, const unsigned char *data, size_t len);
long rastros_book_find(const struct rastros_book *b, int size, uint64_t mask, int snail,
                       int stm);
void rastros_book_entry(const struct rastros_book *b, int size, long i, uint64_t w[2]);
unsigned rastros_book_answer(const struct rastros_book *b, int size, long i);
uint64_t rastros_book_pack(int size, uint64_t mask, int snail, int stm);
uint64_t rastros_book_unpack_mask(int size, uint64_t entry);

/* ---- player 2's strategy on 8x8 (rastros_strategy.c) ----
 * Winner-to-move 8x8 positions with the winner's answer, for the positions
 * of player 2's strategy from e5 that a small proof does not settle. An
 * entry is a 61-bit hash of the canonical key with the answer's direction
 * (3 bits) in the key's frame, kept in 6 bytes under an index of the
 * hash's top 16 bits (the layout: rastros_strategy.c). */
#define RASTROS_STRATEGY_MAGIC "RASTST01"

struct rastros_strategy {
    const unsigned char *data;  /* the whole file */
    size_t len;
    const unsigned char *index; /* 2^16 + 1 entry numbers, 32 bits each */
    const unsigned char *e;     /* the entries, sorted */
    size_t n;
    uint64_t sum;               /* the checksum the file records */
    int size;                   /* its board: 8, or 7 (the 7x7 fixes) */
};

/* The compiled-in strategy (its layout checked, not its checksum): 0 ok. */
int rastros_strategy_open(struct rastros_strategy *s);
/* The compiled-in 7x7 answers (games/rastros7.strategy: positions of the
 * winner from the 7x7 starts where genmove at nodes 3000 threw the win,
 * found by the walk of bench/rastros-walk7), the same layout: 0 ok. */
int rastros_strategy7_open(struct rastros_strategy *s);
/* A strategy file in memory, its checksum verified: 0 ok. */
int rastros_strategy_open_mem(struct rastros_strategy *s, const unsigned char *data,
                              size_t len);
uint64_t rastros_strategy_hash(uint64_t mask, int snail, int stm);
/* The checksum of a file: over everything after its checksum field. */
uint64_t rastros_strategy_sum(const unsigned char *data, size_t len);
struct rastros_key;
/* The entry (hash << 3 | direction) for key k with the answer move (a
 * square of the key's frame): 0, or -1 when move is no king step. */
int rastros_strategy_entry(const struct rastros_key *k, int move, uint64_t *entry);
/* Lays out the file of n entries sorted as numbers, with no two of one
 * hash, in out (NULL: only the length); returns its length. */
size_t rastros_strategy_write(const uint64_t *entries, size_t n, unsigned char *out);
/* The entries of s as rastros_strategy_entry made them, into out (room for
 * s->n), in their order: the inverse of rastros_strategy_write. Returns
 * how many. */
size_t rastros_strategy_entries(const struct rastros_strategy *s, uint64_t *out);
/* The answer stored for st (a square of st's frame, legal there), or -1:
 * what the solver's root plays, and what the strategy's walk checks. */
int rastros_strategy_move(const struct rastros_strategy *s, const void *st);
/* The answer stored under a canonical key, as a square of the key's frame,
 * or -1 (rastros_strategy.c; the move above maps it back and checks it). */
int rastros_strategy_find(const struct rastros_strategy *s, const struct rastros_key *k);

/* The solver's canonical key of a position (see rastros_solve.c): sym is
 * the symmetry (0 none, 1 transposition, 2 rotation, 3 anti-transposition,
 * each its own inverse) that maps the position's squares to the key's. */
struct rastros_key {
    uint64_t mask;
    int snail, stm, size, sym;
};
void rastros_position_key(const void *st, struct rastros_key *k);
/* Maps a square of a size-n board by symmetry sym (its own inverse). */
int rastros_sym_square(int size, int sym, int sq);

/* The dedicated solver's entries (rastros_solve.c). */
void *rastros_solver_create(int hash_mb);
void rastros_solver_destroy(void *solver);
void rastros_solver_clear(void *solver);
/* What the solver's tables hold about st: 1 and the value, the proof's
 * move (-1 if none) and log2 of its nodes; 0 if nothing. */
int rastros_solver_lookup(void *solver, const void *st, int *value, int *move, int *work);
int rastros_solve_probe(void *solver, const void *st, int *value);
/* The book the solver uses (the compiled-in one by default; NULL: none). */
void rastros_solver_set_book(void *solver, const struct rastros_book *b);
/* The 8x8 strategy the solver's root answers from (the compiled-in one by
 * default; NULL: none). The book switch (no_book) turns it off too. */
void rastros_solver_set_strategy(void *solver, const struct rastros_strategy *s);
struct game_solve_limits;
struct game_solve_result;
int rastros_solve(void *solver, void *st, const struct game_solve_limits *lim,
                  struct game_solve_result *res);
/* rastros_solve with flags: RASTROS_SOLVE_DISTANCE looks for the distance
 * after the proof (what rastros_solve does); RASTROS_SOLVE_NO_BOOK proves
 * without the book (to check it); RASTROS_SOLVE_NO_POCKETS without taking
 * pockets out (to check that); RASTROS_SOLVE_ALL_POCKETS looking for every
 * pocket at every node, not only for those a move made (to check that the
 * same are found); RASTROS_SOLVE_NO_PROBES without the probes of big nodes,
 * RASTROS_SOLVE_ALL_PROBES with probes at every node (to check them). */
#define RASTROS_SOLVE_DISTANCE 1
#define RASTROS_SOLVE_NO_BOOK 2
#define RASTROS_SOLVE_NO_POCKETS 4
#define RASTROS_SOLVE_ALL_POCKETS 8
#define RASTROS_SOLVE_NO_PROBES 16
#define RASTROS_SOLVE_ALL_PROBES 32
int rastros_solve_ex(void *solver, void *st, const struct game_solve_limits *lim,
                     struct game_solve_result *res, int flags);

#endif
