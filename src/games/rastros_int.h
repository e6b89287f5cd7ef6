/* rastros_int.h -- what the Rastros rules share with the Rastros solver and
 * book (rastros.c, rastros_solve.c): the position and the geography oracle.
 * Rules-layer only: nothing here knows about search, sessions or protocols. */
#ifndef TABULA_RASTROS_INT_H
#define TABULA_RASTROS_INT_H

#include <stdint.h>

/* Squares use an 8x8 layout whatever the board size: sq = rank * 8 + file,
 * a1 = 0. Squares off a smaller board are simply absent from the board mask.
 * move_t is the destination square. */
#define RA_MIN_SIZE 5
#define RA_MAX_SIZE 8
#define RA_DEFAULT_SIZE 7

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

/* The dedicated solver's entries (rastros_solve.c). */
void *rastros_solver_create(int hash_mb);
void rastros_solver_destroy(void *solver);
void rastros_solver_clear(void *solver);
struct game_solve_limits;
struct game_solve_result;
int rastros_solve(void *solver, void *st, const struct game_solve_limits *lim,
                  struct game_solve_result *res);
/* rastros_solve with flags: RASTROS_SOLVE_DISTANCE looks for the distance
 * after the proof (what rastros_solve does). */
#define RASTROS_SOLVE_DISTANCE 1
int rastros_solve_ex(void *solver, void *st, const struct game_solve_limits *lim,
                     struct game_solve_result *res, int flags);

#endif
