/* search.h -- the searchers: written once against struct game only.
 * No file under src/search/ includes a game's own source or header. */
#ifndef TABULA_SEARCH_H
#define TABULA_SEARCH_H

#include <stdint.h>
#include "../game.h"

#define SEARCH_MAX_PLY 128
#define SEARCH_MAX_PV 64
#define SEARCH_LINE_PV 16       /* the moves a multi-PV line keeps */
#define SEARCH_MAX_THREADS 64    /* the threads option's bound */
/* Alpha-beta's proof before a move, in a game with exact values and no depth
 * limit: its share of the move's time and nodes, in percent, while proofs
 * succeed and while they fail, for a game with a solver of its own (every
 * such game Tabula plays: Rastros, Grasshopper), and for one without, which
 * the generic proof serves. genmove's help states the first two
 * ({proof_share}, {proof_share_failing}). */
#define SEARCH_PROOF_SHARE 90
#define SEARCH_PROOF_SHARE_FAILING 40
#define SEARCH_PROOF_SHARE_GENERIC 60
#define SEARCH_PROOF_SHARE_GENERIC_FAILING 15
/* The longest time a limit or a clock may give, in ms: 10^9 s (about 31.7
 * years). Longer times count as this, so that sums and products of times
 * stay far from overflow. */
#define SEARCH_MAX_MS ((int64_t)1000000000 * 1000)

/* A line of analysis, reported while searching. */
struct search_info {
    int depth;
    int score;                  /* side to move's view; SCORE_WIN-p = win */
    int exact;                  /* score is a proven game value */
    int multipv;                /* a multi-PV search: the line's rank (1 is
                                 * the best); 0 in a search of one line */
    uint64_t nodes;
    int64_t time_ms;
    int pvlen;
    move_t pv[SEARCH_MAX_PV];
};

/* One root move's line of a multi-PV search (search_params.multipv). */
struct search_line {
    move_t move;
    int score;                  /* side to move's view, as search_result's */
    int exact;                  /* score is a proven game value */
    int depth;                  /* the iteration that scored it */
    int pvlen;
    move_t pv[SEARCH_LINE_PV];
};

struct search_params {
    int depth;                  /* 0 = no limit */
    uint64_t nodes;             /* 0 = no limit */
    int64_t movetime_ms;        /* hard budget for this move, 0 = none */
    int64_t soft_ms;            /* time manager's target, 0 = none */
    int infinite;               /* analyze: run until stop() says so */
    uint64_t seed;              /* for any randomness the searcher uses */
    int threads;                /* threads the search may use; 0 or 1 = one */
    int no_book;                /* 1: a game's own solver leaves its book */
    int value_only;             /* search_solve: the value is all the caller
                                 * wants (a game's own solver chooses no
                                 * move in a lost position) */
    const char *tables;         /* directory of stored value tables (a game's
                                 * own solver may read them), or NULL */
    /* Only these moves at the root (UCI's searchmoves); NULL: every one. */
    const move_t *root_moves;
    int nroot_moves;
    /* Multi-PV (alpha-beta): with lines set, scores multipv (>= 1) of the
     * root moves, each with a full window (the best, then the best of the
     * others, ...), into lines[0..multipv) best first (search_result.nlines
     * says how many). One thread. */
    int multipv;
    struct search_line *lines;
    /* 1: no proof before the search (alpha-beta proves first in games with
     * exact values): the caller proved what it wants proved, and wants the
     * heuristic search's own view (the distance of a proven win, ranked
     * lines). root_moves and lines imply it. */
    int no_proof;
    /* Polled now and then; nonzero asks the search to stop. */
    int (*stop)(void *ctx);
    /* Called after each completed iteration (may be NULL); depth 0 is a
     * proof by the exact solver before the iterations (its score exact). */
    void (*report)(void *ctx, const struct search_info *info);
    void *ctx;
};

struct search_result {
    move_t best;                /* MOVE_NONE if the game is over */
    int score;
    int depth;
    uint64_t nodes;
    int exact;                  /* score is a proven game value */
    int distance_tried;         /* search_solve: the game's own solver
                                 * already looked for the distance */
    int nlines;                 /* multi-PV: the lines filled (the last
                                 * iteration that scored them all) */
    int pvlen;
    move_t pv[SEARCH_MAX_PV];
    const char *note;           /* a word for the user from the game's own
                                 * solver (a stored table it cannot use), or
                                 * NULL; valid until the next search */
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
    /* may be NULL; 0 done, -1 out of memory (the old table is kept) */
    int (*resize)(void *self, int hash_mb);
    /* st is restored before returning. */
    int (*search)(void *self, const struct game *g, void *st,
                  const struct search_params *p, struct search_result *res);
};

extern const struct searcher_ops alphabeta_searcher;
extern const struct searcher_ops mcts_searcher;
extern const struct searcher_ops random_searcher;
/* The registry (src/search/registry.c), as game_list is the games': the
 * engine option's choices, its help and the docs come from it. The first
 * is the default. */
extern const struct searcher_ops *const searcher_list[];   /* NULL-terminated */
const struct searcher_ops *searcher_find(const char *name);
/* The searchers' names joined by sep: "alphabeta|mcts|random". */
void searcher_names(const char *sep, char *buf, size_t n);

/* A proven win whose length is not known scores SCORE_WIN - this (a loss
 * the negation): any score nearer to SCORE_WIN tells its length. */
#define SEARCH_UNKNOWN_PLIES 1000
/* The plies to the end that a score tells: those of a proven win or loss
 * of known length; -1 for any other score. */
static inline int search_score_plies(int score)
{
    if (score < SCORE_WIN_MIN && score > -SCORE_WIN_MIN)
        return -1;
    int d = score > 0 ? SCORE_WIN - score : SCORE_WIN + score;
    return d < SEARCH_UNKNOWN_PLIES / 2 ? d : -1;
}
/* The length of a proven score that a search of depth plies found, where
 * it is known: within the depth, every shorter win (and longer defence)
 * was seen too; past it the win is proven but its length is only a bound
 * (a shorter one may pass a leaf the search only guessed: hint said W11
 * where c2 wins in 9, at nodes 20000, a QA pass). -1 when not known. */
static inline int search_plies_within(int score, int depth)
{
    int p = search_score_plies(score);
    return p >= 0 && p <= depth ? p : -1;
}

/* The generic exact solver's lines are at most this long: a position whose
 * proof needs longer lines is not solved. */
#define SEARCH_SOLVE_MAX_PLY 512

/* Proves the value of st: with the game's own solver where it has one, else
 * with the generic one (any game: lines of at most SEARCH_SOLVE_MAX_PLY
 * plies, a return to a position of the line counts as a draw). p->nodes and
 * p->movetime_ms limit it (the first reached stops it); p->depth does not.
 * Returns 1 if proven (res->exact), 0 if a limit stopped it first or the
 * position cannot be proved so. */
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
 * clock sets no limit. ply = moves played so far in the game. Times above
 * SEARCH_MAX_MS count as SEARCH_MAX_MS, negative ones as 0. */
void timeman_budget(const struct clock_state *c, int ply, int64_t *soft, int64_t *hard);
/* The budget for a fixed time per move: a margin for the pipe. */
int64_t timeman_movetime(int64_t movetime_ms);
/* The clock after a move that took ms on it, as the engine keeps its own
 * clock between time_left commands (GTP 2, 4.2): without have_left the
 * clock starts full from time_settings (main time, or a first byo-yomi
 * period when there is none), and have_left is set. In main time ms comes
 * off left_ms; a move that runs past the main time goes on in a byo-yomi
 * period of byo_ms for byo_stones moves, and is the period's first stone
 * (a main time used up exactly starts a full period); in a period each
 * move takes a stone, and a period whose stones are all played starts
 * again full. A clock overstepped stays at 0. Returns 0 and changes
 * nothing when there is no clock to keep: no time_settings nor time_left,
 * or settings that mean no limit (see timeman_budget). */
int timeman_charge(struct clock_state *c, int64_t ms);

#endif
