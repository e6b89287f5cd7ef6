/* search.h -- the searchers: written once against struct game only.
 * No file under src/search/ includes a game's own source or header. */
#ifndef TABULA_SEARCH_H
#define TABULA_SEARCH_H

#include <stdint.h>
#include "../game.h"

#define SEARCH_MAX_PLY 128
#define SEARCH_MAX_PV 64
#define SEARCH_MAX_THREADS 64    /* the threads option's bound */

/* A line of analysis, reported while searching. */
struct search_info {
    int depth;
    int score;                  /* side to move's view; SCORE_WIN-p = win */
    uint64_t nodes;
    int64_t time_ms;
    int pvlen;
    move_t pv[SEARCH_MAX_PV];
};

struct search_params {
    int depth;                  /* 0 = no limit */
    uint64_t nodes;             /* 0 = no limit */
    int64_t movetime_ms;        /* hard budget for this move, 0 = none */
    int64_t soft_ms;            /* time manager's target, 0 = none */
    int infinite;               /* analyze: run until stop() says so */
    uint64_t seed;              /* for any randomness the searcher uses */
    int threads;                /* threads the search may use; 0 or 1 = one */
    /* Polled now and then; nonzero asks the search to stop. */
    int (*stop)(void *ctx);
    /* Called after each completed iteration (may be NULL). */
    void (*report)(void *ctx, const struct search_info *info);
    void *ctx;
};

struct search_result {
    move_t best;                /* MOVE_NONE if the game is over */
    int score;
    int depth;
    uint64_t nodes;
    int exact;                  /* score is a proven game value */
    int pvlen;
    move_t pv[SEARCH_MAX_PV];
};

/* A searcher keeps what it wants between moves (a table, a tree). */
struct searcher_ops {
    const char *name;
    /* node (or iteration) budget of a move when no limit of any kind is
     * set: a fixed budget keeps such games reproducible */
    uint64_t default_nodes;
    void *(*create)(int hash_mb);
    void (*destroy)(void *self);
    void (*clear)(void *self);              /* new game */
    void (*resize)(void *self, int hash_mb); /* may be NULL */
    /* st is restored before returning. */
    int (*search)(void *self, const struct game *g, void *st,
                  const struct search_params *p, struct search_result *res);
};

extern const struct searcher_ops alphabeta_searcher;
extern const struct searcher_ops mcts_searcher;
extern const struct searcher_ops random_searcher;
const struct searcher_ops *searcher_find(const char *name);

/* Proves the value of st with the alpha-beta solver (no depth limit).
 * Returns 1 if proven (res->exact), 0 if stopped first. */
int search_solve(void *alphabeta_self, const struct game *g, void *st,
                 const struct search_params *p, struct search_result *res);

/* Time management (timeman.c): a move's budget from GTP clocks. */
struct clock_state {
    int64_t main_ms, byo_ms;    /* time_settings; main_ms < 0: none given */
    int byo_stones;
    int64_t left_ms;            /* time_left, when have_left */
    int left_stones;
    int have_left;
};
/* soft: stop starting new iterations; hard: stop at once. Both 0 when the
 * clock sets no limit. ply = moves played so far in the game. */
void timeman_budget(const struct clock_state *c, int ply, int64_t *soft, int64_t *hard);
/* The budget for a fixed time per move: a margin for the pipe. */
int64_t timeman_movetime(int64_t movetime_ms);

#endif
