/* alphabeta.c -- iterative-deepening negamax (principal variation search)
 * with a transposition table, killer/history move ordering, and an exact
 * win/loss/draw solver for finite games. Knows only struct game. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "search/search.h"
#include "search/tt.h"
#include "engine_limits.h"
#include "util.h"

#define HISTORY_SIZE 4096
#define UNKNOWN_PLIES SEARCH_UNKNOWN_PLIES
#define SOLVE_MAX_PLY SEARCH_SOLVE_MAX_PLY
/* Nodes a move's proof always gets before the heuristic search, whatever
 * the time limit (90% of a node limit below it: 2,700 of `nodes 3000`):
 * about a millisecond of a dedicated solver's work. A game's book or
 * tables are made so that what they leave out is proved within that
 * (doc/rules/rastros.md, "The opening book"). */
#define PROOF_FIRST_NODES 3000
/* Under a node budget, a proven win or draw is played after a look for a
 * shorter win of at most this many nodes (about a millisecond). */
#define PROVEN_LOOK_NODES 2000

/* The exact solver's moves at one ply (on the heap: its lines are long). */
struct solve_frame {
    move_t moves[GAME_MAX_MOVES];
    int keys[GAME_MAX_MOVES];
    uint64_t ckeys[GAME_MAX_MOVES];
};

struct ab_thread;

struct ab {
    struct tt tt;               /* heuristic search (shared by its threads) */
    struct tt stt;              /* solver: values -1/0/+1, no depth */
    int hash_mb;
    int dirty;                  /* tables used since the last clear */
    int solve_failed;           /* the last timed proof attempt ran out */
    void *probe_solver;         /* the game's solver, when an unfinished
                                 * proof left values in its tables */
    int nlosing;                /* root moves an unfinished proof of the */
    move_t losing[GAME_SOLVE_LOSING];   /* game's own solver showed lose */
    /* the game's own solver (struct game's solve entry), made on first use */
    const struct game *gsolver_game;
    void *gsolver;
    /* the heuristic search's threads, made on first use; thread 0 runs in
     * the caller's thread on the caller's position */
    struct ab_thread *threads[SEARCH_MAX_THREADS];
    int nthreads;               /* threads of the current search */
    uint8_t lmr[64][64];        /* late-move reductions by depth, move number */
    atomic_int halt;            /* set by thread 0: every thread stops */
    /* the exact solver's line: moves per ply (made on first use), the
     * positions on it, a scratch move list, the marks of the last result */
    struct solve_frame *sframes;
    uint64_t spath[SOLVE_MAX_PLY + 1];
    move_t sreplies[GAME_MAX_MOVES];
    int sdep;
    /* per search */
    const struct game *g;
    void *st;
    const struct search_params *p;
    uint64_t nodes;
    int64_t start, hard_deadline;
    int stopped;
    /* a searcher of its own for struct game's checked_nodes (made on first
     * use): a move as the checks played it, a new game for each; what its
     * search reported, shown when its move is played */
    struct ab *checked;
    struct checked_reports *creports;
};

#define CHECKED_REPORTS 64
struct checked_reports {
    const struct search_params *p;      /* the move's: its stop request */
    int n;
    struct search_info info[CHECKED_REPORTS];
};

/* One thread of the heuristic search: its position, counters, move-ordering
 * tables and principal variation. */
struct ab_thread {
    struct ab *a;
    int id;
    void *st;                   /* the position searched */
    void *own;                  /* threads > 0: their own copy of it */
    size_t own_size;
    pthread_t tid;
    uint64_t nodes;
    atomic_uint_least64_t nodes_pub;    /* nodes, published now and then */
    int stopped;
    move_t killers[SEARCH_MAX_PLY][2];
    uint32_t history[2][HISTORY_SIZE];
    move_t pv[SEARCH_MAX_PLY + 1][SEARCH_MAX_PLY + 1];
    int pvlen[SEARCH_MAX_PLY + 1];
    struct search_result res;   /* threads > 0: their last iteration */
    int64_t soft_deadline;
    int rootdepth;              /* depth of the current iteration */
    int root_score;             /* the root's best score so far in it */
    move_t root_prev;           /* the last iteration's best move, searched
                                 * first (MOVE_NONE: none yet) */
    /* set when the iteration scored a position by a guess: the evaluation
     * at the depth limit, a table score from a shallower search, a
     * repetition taken for a draw. An iteration that never did searched
     * the whole tree below the root: its score is the game's value. */
    int horizon;
    /* the root moves this search may not play (multi-PV: the lines already
     * scored in this iteration) */
    move_t excluded[GAME_MAX_MOVES];
    int nexcluded;
};

static void thread_clear(struct ab_thread *t)
{
    memset(t->killers, 0xff, sizeof t->killers);
    memset(t->history, 0, sizeof t->history);
}

static void thread_free(struct ab_thread *t)
{
    if (t) {
        free(t->own);
        free(t);
    }
}

static size_t tt_bytes(int hash_mb)
{
    if (hash_mb < 1)
        hash_mb = 1;
    return (size_t)hash_mb * 1024 * 1024 / 2;
}

static void *ab_create(int hash_mb)
{
    struct ab *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->hash_mb = hash_mb;
    /* late moves of a well-ordered list are searched shallower: by about
     * log(depth) log(move number) / 2.25 plies */
    for (int d = 1; d < 64; d++)
        for (int i = 1; i < 64; i++)
            a->lmr[d][i] = (uint8_t)(0.75 + log(d) * log(i) / 2.25);
    if (tt_init(&a->tt, tt_bytes(hash_mb)) || tt_init(&a->stt, tt_bytes(hash_mb))) {
        tt_free(&a->tt);
        tt_free(&a->stt);
        free(a);
        return NULL;
    }
    return a;
}

static void drop_game_solver(struct ab *a)
{
    if (a->gsolver)
        a->gsolver_game->solver_destroy(a->gsolver);
    a->gsolver = NULL;
    a->gsolver_game = NULL;
}

static void ab_destroy(void *self)
{
    struct ab *a = self;
    if (!a)
        return;
    drop_game_solver(a);
    ab_destroy(a->checked);
    free(a->creports);
    for (int i = 0; i < SEARCH_MAX_THREADS; i++)
        thread_free(a->threads[i]);
    tt_free(&a->tt);
    tt_free(&a->stt);
    free(a->sframes);
    free(a);
}

static void ab_clear(void *self)
{
    struct ab *a = self;
    if (a->dirty) {
        tt_clear(&a->tt);
        tt_clear(&a->stt);
        a->dirty = 0;
    }
    for (int i = 0; i < SEARCH_MAX_THREADS; i++)
        if (a->threads[i])
            thread_clear(a->threads[i]);
    a->solve_failed = 0;
    if (a->gsolver && a->gsolver_game->solver_clear)
        a->gsolver_game->solver_clear(a->gsolver);
}

static int ab_resize(void *self, int hash_mb)
{
    struct ab *a = self;
    struct tt t1, t2;
    /* out of memory keeps the old tables */
    if (tt_init(&t1, tt_bytes(hash_mb)))
        return -1;
    if (tt_init(&t2, tt_bytes(hash_mb))) {
        tt_free(&t1);
        return -1;
    }
    tt_free(&a->tt);
    tt_free(&a->stt);
    a->tt = t1;
    a->stt = t2;
    a->hash_mb = hash_mb;
    drop_game_solver(a);        /* made again, at the new size, when needed */
    return 0;
}

static int check_stop(struct ab *a)
{
    if (a->stopped)
        return 1;
    if (a->p->nodes && a->nodes >= a->p->nodes)
        a->stopped = 1;
    else if ((a->nodes & 1023) == 0) {
        if (a->hard_deadline && now_ms() >= a->hard_deadline)
            a->stopped = 1;
        else if (a->p->stop && a->p->stop(a->p->ctx))
            a->stopped = 1;
    }
    return a->stopped;
}

/* Score of a finished game, from the side to move at ply. */
static int terminal_score(const struct game *g, const void *st,
                          const struct game_status *s, int ply)
{
    if (s->winner < 0)
        return 0;
    return s->winner == g->side_to_move(st) ? SCORE_WIN - ply : -(SCORE_WIN - ply);
}

static int oracle_score(int value, int plies, int ply)
{
    if (value == 0)
        return 0;
    int len = plies >= 0 ? plies : UNKNOWN_PLIES;
    return value > 0 ? SCORE_WIN - ply - len : -(SCORE_WIN - ply - len);
}

/* A time limit as the clock can add it (SEARCH_MAX_MS at most). */
static int64_t clamp_ms(int64_t ms)
{
    return ms > SEARCH_MAX_MS ? SEARCH_MAX_MS : ms;
}

/* pct percent of x >= 0 (at least 1), without overflow. */
static int64_t share_of(int64_t x, int pct)
{
    int64_t s = x / 100 * pct + x % 100 * pct / 100;
    return s > 0 ? s : 1;
}

static void begin_search(struct ab *a, const struct game *g, void *st,
                         const struct search_params *p)
{
    a->g = g;
    a->st = st;
    a->p = p;
    a->nodes = 0;
    a->stopped = 0;
    a->dirty = 1;
    a->start = now_ms();
    a->hard_deadline = (p->movetime_ms > 0 && !p->infinite) ?
        a->start + clamp_ms(p->movetime_ms) : 0;
}

static int is_proven(int score)
{
    return score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN;
}

/* ---- the heuristic search: negamax on one or more threads ---- */

static unsigned hist_index(move_t m)
{
    return (unsigned)((m * 2654435761u) >> 20) & (HISTORY_SIZE - 1);
}

/* Thread 0 polls the limits and the stop callback and halts the others;
 * they look at the halt flag now and then. With one thread the node limit
 * is exact (a search by nodes is reproducible); with more it is the sum of
 * the threads' published counts, checked now and then. */
static int thread_stop(struct ab_thread *t)
{
    struct ab *a = t->a;
    const struct search_params *p = a->p;
    if (t->stopped)
        return 1;
    if (t->id > 0) {
        if ((t->nodes & 255) == 0) {
            atomic_store_explicit(&t->nodes_pub, t->nodes, memory_order_relaxed);
            if (atomic_load_explicit(&a->halt, memory_order_relaxed))
                t->stopped = 1;
        }
        return t->stopped;
    }
    if (t->rootdepth == 1) {
        /* the first iteration always ends (it is cheap): a move that loses
         * at once is never played for want of nodes or time left by the
         * proof; only an interrupt stops it */
        if ((t->nodes & 1023) == 0 && p->stop && p->stop(p->ctx))
            t->stopped = 1;
    } else if (a->nthreads == 1) {
        if (p->nodes && t->nodes >= p->nodes)
            t->stopped = 1;
    } else if (p->nodes && (t->nodes & 255) == 0) {
        uint64_t total = t->nodes;
        for (int i = 1; i < a->nthreads; i++)
            total += atomic_load_explicit(&a->threads[i]->nodes_pub, memory_order_relaxed);
        if (total >= p->nodes)
            t->stopped = 1;
    }
    if (!t->stopped && t->rootdepth != 1 && (t->nodes & 1023) == 0) {
        if (a->hard_deadline && now_ms() >= a->hard_deadline)
            t->stopped = 1;
        else if (p->stop && p->stop(p->ctx))
            t->stopped = 1;
    }
    if (t->stopped)
        atomic_store_explicit(&a->halt, 1, memory_order_relaxed);
    return t->stopped;
}

/* Orders moves: tt move, the game's tactical moves (in its order), killers,
 * then history (insertion sort). */
static void order_moves(struct ab_thread *t, move_t *moves, int n, move_t ttm,
                        const move_t *tact, int ntact, int ply, int side)
{
    int keys[GAME_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        move_t m = moves[i];
        int k = -1;
        for (int j = 0; j < ntact; j++)
            if (tact[j] == m) {
                k = (1 << 29) + 64 - j;
                break;
            }
        if (m == ttm)
            keys[i] = 1 << 30;
        else if (k >= 0)
            keys[i] = k;
        else if (ply < SEARCH_MAX_PLY && m == t->killers[ply][0])
            keys[i] = (1 << 28) + 1;
        else if (ply < SEARCH_MAX_PLY && m == t->killers[ply][1])
            keys[i] = 1 << 28;
        else
            keys[i] = (int)(t->history[side][hist_index(m)] >> 1);
    }
    /* insertion sort, stable: keeps the game's own order among equals */
    for (int i = 1; i < n; i++) {
        int k = keys[i];
        move_t m = moves[i];
        int j = i - 1;
        while (j >= 0 && keys[j] < k) {
            keys[j + 1] = keys[j];
            moves[j + 1] = moves[j];
            j--;
        }
        keys[j + 1] = k;
        moves[j + 1] = m;
    }
}

/* Is m one of the n moves of list? */
static int move_in(move_t m, const move_t *list, int n)
{
    for (int j = 0; j < n; j++)
        if (list[j] == m)
            return 1;
    return 0;
}

/* Past the depth limit, in games that list their tactical moves: the
 * static score unless a tactical move beats it ("stand pat"). A threatened
 * side stands pat too: answering with all its moves here made the tree
 * explode (Tablut: a king with open lines forks again and again), and the
 * evaluation knows a threat one move deep. */
/* What every node of the heuristic search does first: counts itself, polls
 * the limits, and scores a finished game or a position the game's oracle
 * knows. Returns 1 with *score set when that decides the node. */
static int node_decided(struct ab_thread *t, int ply, int *score)
{
    const struct game *g = t->a->g;
    void *st = t->st;
    struct game_status s;

    t->pvlen[ply] = 0;
    t->nodes++;
    *score = 0;
    if (thread_stop(t))
        return 1;
    g->status(st, &s);
    if (s.over) {
        *score = terminal_score(g, st, &s, ply);
        return 1;
    }
    if (ply > 0 && g->exact_value) {
        int v, plies;
        if (g->exact_value(st, &v, &plies)) {
            *score = oracle_score(v, plies, ply);
            return 1;
        }
    }
    if (ply > 0 && t->a->probe_solver) {
        /* what the proof before this search settled on its way */
        int v;
        if (g->solve_probe(t->a->probe_solver, st, &v)) {
            *score = oracle_score(v, -1, ply);
            return 1;
        }
    }
    return 0;
}

/* The root moves this search may play (search_params.root_moves, less
 * the excluded ones), kept in moves' order; returns their number. */
static int root_filter(struct ab_thread *t, move_t *moves, int n)
{
    const struct search_params *p = t->a->p;
    if (!p->root_moves && !t->nexcluded)
        return n;
    int k = 0;
    for (int i = 0; i < n; i++)
        if ((!p->root_moves || move_in(moves[i], p->root_moves, p->nroot_moves)) &&
            !move_in(moves[i], t->excluded, t->nexcluded))
            moves[k++] = moves[i];
    return k;
}

static int qsearch(struct ab_thread *t, int ply, int alpha, int beta)
{
    struct ab *a = t->a;
    const struct game *g = a->g;
    void *st = t->st;
    int decided;
    if (node_decided(t, ply, &decided))
        return decided;
    int best = g->evaluate(st);
    if (best >= beta || ply >= SEARCH_MAX_PLY)
        return best;
    if (best > alpha)
        alpha = best;
    move_t moves[GAME_MAX_MOVES];
    int n = g->gen_tactical(st, moves);
    for (int i = 0; i < n; i++) {
        game_undo u;
        g->make(st, moves[i], &u);
        int v = -qsearch(t, ply + 1, -beta, -alpha);
        g->unmake(st, moves[i], &u);
        if (t->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    return best;
}

static int negamax(struct ab_thread *t, int depth, int ply, int alpha, int beta)
{
    struct ab *a = t->a;
    const struct game *g = a->g;
    void *st = t->st;
    int decided;
    if (node_decided(t, ply, &decided))
        return decided;
    /* a position that came back may come back again: a draw, as far as
     * the search can tell (the rule may want a third time) */
    if (ply > 0 && g->repeated && g->repeated(st)) {
        t->horizon = 1;
        return 0;
    }
    /* a side that must answer a threat is searched a ply deeper (within
     * reason: twice the nominal depth at most) */
    int threatened = g->threatened && g->threatened(st);
    if (threatened && ply < 2 * t->rootdepth)
        depth++;
    if (depth <= 0 || ply >= SEARCH_MAX_PLY) {
        t->horizon = 1;
        return g->gen_tactical && ply < SEARCH_MAX_PLY ? qsearch(t, ply, alpha, beta)
                                                       : g->evaluate(st);
    }

    uint64_t key = g->hash(st);
    move_t ttm = MOVE_NONE;
    struct tt_entry e;
    if (tt_read(&a->tt, key, &e)) {
        ttm = e.move;
        int sc = tt_score_from(e.score, ply);
        if (ply > 0 && e.depth >= depth) {
            if (tt_cutoff(e.flag, sc, alpha, beta)) {
                if (!is_proven(sc))
                    t->horizon = 1;
                return sc;
            }
        }
    }

    move_t moves[GAME_MAX_MOVES], tact[GAME_MAX_MOVES];
    int n = g->gen_moves(st, moves), n_all = n;
    if (ply == 0) {
        n = root_filter(t, moves, n);
        /* the last iteration's best first, whatever the table holds (a
         * search of some root moves stores no root entry): a partial
         * iteration's best is then that move or one that beat it */
        if (t->root_prev != MOVE_NONE)
            ttm = t->root_prev;
    }
    int ntact = g->gen_tactical ? g->gen_tactical(st, tact) : 0;
    int side = g->side_to_move(st);
    order_moves(t, moves, n, ttm, tact, ntact, ply, side);

    int alpha0 = alpha, best = -SCORE_INF, pv = beta - alpha > 1;
    move_t bm = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        game_undo u;
        int v;
        /* a quiet move late in the order is searched shallower first, and
         * again at full depth only if it beats alpha */
        int r = 0;
        if (depth >= 3 && i >= 2 && !threatened && ply > 0 && !move_in(moves[i], tact, ntact) &&
            moves[i] != t->killers[ply][0] && moves[i] != t->killers[ply][1]) {
            r = a->lmr[depth < 64 ? depth : 63][i < 64 ? i : 63];
            if (pv && r > 0)
                r--;
            if (r > depth - 2)
                r = depth - 2;
        }
        g->make(st, moves[i], &u);
        if (i == 0) {
            v = -negamax(t, depth - 1, ply + 1, -beta, -alpha);
        } else {
            v = -negamax(t, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
            if (r > 0 && v > alpha && !t->stopped)
                v = -negamax(t, depth - 1, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && v < beta && !t->stopped)
                v = -negamax(t, depth - 1, ply + 1, -beta, -alpha);
        }
        g->unmake(st, moves[i], &u);
        if (t->stopped)
            return 0;
        if (v > best) {
            best = v;
            bm = moves[i];
            if (v > alpha) {
                alpha = v;
                if (ply == 0)
                    t->root_score = v;
                t->pv[ply][0] = bm;
                memcpy(&t->pv[ply][1], t->pv[ply + 1],
                       (size_t)t->pvlen[ply + 1] * sizeof(move_t));
                t->pvlen[ply] = t->pvlen[ply + 1] + 1;
                if (t->pvlen[ply] > SEARCH_MAX_PLY)
                    t->pvlen[ply] = SEARCH_MAX_PLY;
            }
            if (alpha >= beta) {
                if (ply < SEARCH_MAX_PLY && moves[i] != t->killers[ply][0]) {
                    t->killers[ply][1] = t->killers[ply][0];
                    t->killers[ply][0] = moves[i];
                }
                uint32_t *h = &t->history[side][hist_index(moves[i])];
                *h += (uint32_t)(depth * depth);
                if (*h > (1u << 28))
                    for (int k = 0; k < HISTORY_SIZE; k++)
                        t->history[side][k] >>= 1;
                break;
            }
        }
    }
    /* a draw score may come from a repetition on this path only: kept out
     * of the table, where another path would take it for the position's */
    int flag = tt_bound(best, alpha0, beta);
    /* (a root searched without some of its moves has no score of its own) */
    if (!(best == 0 && g->repeated) && !(ply == 0 && n < n_all))
        tt_store(&a->tt, key, bm, tt_score_to(best, ply), depth, flag);
    return best;
}

/* An iteration's result to the caller's report callback. */
static void report_iteration(struct ab_thread *t, const struct search_result *res, int d,
                             int score, int exact, int multipv)
{
    struct ab *a = t->a;
    const struct search_params *p = a->p;
    struct search_info info;
    memset(&info, 0, sizeof info);
    info.depth = d;
    info.score = score;
    info.exact = exact;
    info.multipv = multipv;
    info.nodes = t->nodes;
    for (int i = 1; i < a->nthreads; i++)
        info.nodes += atomic_load_explicit(&a->threads[i]->nodes_pub, memory_order_relaxed);
    info.time_ms = now_ms() - a->start;
    info.pvlen = res->pvlen;
    memcpy(info.pv, res->pv, (size_t)res->pvlen * sizeof(move_t));
    p->report(p->ctx, &info);
}

/* One iteration of a multi-PV search at depth d: the best root move, then
 * the best of the others, and so on, each with a full window. Fills lines
 * and returns their number, or -1 when stopped before the iteration was
 * complete (the lines are then those of the last complete one). */
static int lines_iteration(struct ab_thread *t, int d, struct search_line *lines, int *horizon)
{
    const struct search_params *p = t->a->p;
    struct search_line *out = malloc((size_t)p->multipv * sizeof *out);
    if (!out)
        return -1;
    int k = 0;
    *horizon = 0;
    t->nexcluded = 0;
    while (k < p->multipv) {
        t->horizon = 0;
        t->pvlen[0] = 0;
        int score = negamax(t, d, 0, -SCORE_INF, SCORE_INF);
        if (t->stopped || t->pvlen[0] == 0)
            break;              /* (no root move left: all are scored) */
        struct search_line *l = &out[k++];
        l->move = t->pv[0][0];
        l->score = score;
        l->exact = is_proven(score) || !t->horizon;
        l->depth = d;
        l->pvlen = t->pvlen[0] < SEARCH_LINE_PV ? t->pvlen[0] : SEARCH_LINE_PV;
        memcpy(l->pv, t->pv[0], (size_t)l->pvlen * sizeof(move_t));
        *horizon |= t->horizon;
        t->excluded[t->nexcluded++] = l->move;
    }
    t->nexcluded = 0;
    if (t->stopped) {
        free(out);
        return -1;
    }
    /* a later line may have scored above an earlier one (the table knew
     * more by then): best first, the order of the search among equals */
    for (int i = 1; i < k; i++) {
        struct search_line x = out[i];
        int j = i - 1;
        while (j >= 0 && out[j].score < x.score) {
            out[j + 1] = out[j];
            j--;
        }
        out[j + 1] = x;
    }
    memcpy(lines, out, (size_t)k * sizeof *out);
    free(out);
    return k;
}

/* One thread's iterative deepening; thread 0 fills res and reports, the
 * others keep their results to themselves. */
static void thread_iterate(struct ab_thread *t, struct search_result *res)
{
    struct ab *a = t->a;
    const struct search_params *p = a->p;
    int maxdepth = p->depth > 0 ? p->depth : SEARCH_MAX_PLY - 1;
    if (maxdepth > SEARCH_MAX_PLY - 1)
        maxdepth = SEARCH_MAX_PLY - 1;
    int multi = p->multipv >= 1 && p->lines && t->id == 0;
    t->nexcluded = 0;
    for (int d = 1; d <= maxdepth; d++) {
        /* the helpers skip every other depth, in turns: they run ahead of
         * thread 0 and fill the table with what it will need next */
        if (t->id > 0 && (d + t->id) % 2 == 0 && d < maxdepth)
            continue;
        t->rootdepth = d;
        t->root_prev = d > 1 && res->depth > 0 ? res->best : MOVE_NONE;
        if (multi) {
            int horizon;
            int k = lines_iteration(t, d, p->lines, &horizon);
            if (k <= 0)
                break;
            const struct search_line *l = &p->lines[0];
            res->nlines = k;
            res->best = l->move;
            res->score = l->score;
            res->depth = d;
            res->pvlen = l->pvlen;
            memcpy(res->pv, l->pv, (size_t)l->pvlen * sizeof(move_t));
            res->exact = l->exact;
            if (p->report)
                for (int i = 0; i < k; i++) {
                    struct search_result lr = *res;
                    lr.pvlen = p->lines[i].pvlen;
                    memcpy(lr.pv, p->lines[i].pv, (size_t)lr.pvlen * sizeof(move_t));
                    report_iteration(t, &lr, d, p->lines[i].score, p->lines[i].exact, i + 1);
                }
            /* every line's value proven: nothing deeper to see */
            if (!horizon)
                break;
            if (t->soft_deadline && now_ms() >= t->soft_deadline && !p->infinite)
                break;
            continue;
        }
        t->horizon = 0;
        int score = negamax(t, d, 0, -SCORE_INF, SCORE_INF);
        if (t->stopped && t->pvlen[0] == 0)
            break;
        /* stopped: negamax gave up with 0, but the moves searched in full
         * have their scores (a 0 here was a draw in clearly won games) */
        if (t->stopped)
            score = t->root_score;
        /* an iteration that guessed nowhere saw the whole game tree */
        int complete = !t->stopped && !t->horizon;
        if (t->pvlen[0] > 0) {
            /* a partial iteration's best move is used only if it was searched
             * first (the previous best) or beat it */
            res->best = t->pv[0][0];
            res->score = score;
            res->depth = d;
            res->pvlen = t->pvlen[0] < SEARCH_MAX_PV ? t->pvlen[0] : SEARCH_MAX_PV;
            memcpy(res->pv, t->pv[0], (size_t)res->pvlen * sizeof(move_t));
            res->exact = (is_proven(score) && !t->stopped) || complete;
        }
        if (t->stopped)
            break;
        if (p->report && t->id == 0)
            report_iteration(t, res, d, score, res->exact, 0);
        /* The whole tree seen: deeper iterations would only repeat it (and
         * report depths that were never searched). */
        if (complete && t->id == 0)
            break;
        /* A proven result of known length cannot get better by looking deeper. */
        if (is_proven(score) && search_score_plies(score) >= 0 && search_score_plies(score) <= d
            && !p->infinite)
            break;
        if (t->soft_deadline && now_ms() >= t->soft_deadline && !p->infinite)
            break;
    }
}

static void *helper_main(void *arg)
{
    struct ab_thread *t = arg;
    thread_iterate(t, &t->res);
    atomic_store_explicit(&t->nodes_pub, t->nodes, memory_order_relaxed);
    return NULL;
}

/* Thread i of the search, made on first use; NULL when out of memory. */
static struct ab_thread *get_thread(struct ab *a, int i)
{
    if (!a->threads[i]) {
        struct ab_thread *t = calloc(1, sizeof *t);
        if (!t)
            return NULL;
        t->a = a;
        t->id = i;
        thread_clear(t);
        a->threads[i] = t;
    }
    struct ab_thread *t = a->threads[i];
    if (i > 0 && t->own_size != a->g->state_size) {
        free(t->own);
        t->own = malloc(a->g->state_size);
        t->own_size = t->own ? a->g->state_size : 0;
        if (!t->own)
            return NULL;
    }
    return t;
}

/* The iterative deepening driver: thread 0 here, the others (Lazy SMP:
 * the same search on a shared table) on threads of their own until thread
 * 0 is done. Fills res (as far as a first iteration got). */
static void iterate(struct ab *a, struct search_result *res, int64_t soft_deadline)
{
    int n = a->p->threads > 1 && !a->p->lines ? a->p->threads : 1;
    if (n > SEARCH_MAX_THREADS)
        n = SEARCH_MAX_THREADS;
    for (int i = 0; i < n; i++) {
        struct ab_thread *t = get_thread(a, i);
        if (!t) {
            n = i > 0 ? i : 1;
            break;
        }
        t->nodes = 0;
        t->stopped = 0;
        t->soft_deadline = soft_deadline;
        atomic_store_explicit(&t->nodes_pub, 0, memory_order_relaxed);
        if (i > 0) {
            memcpy(t->own, a->st, a->g->state_size);
            t->st = t->own;
            t->res = *res;
        } else {
            t->st = a->st;
        }
    }
    if (!a->threads[0])
        return;
    atomic_store_explicit(&a->halt, 0, memory_order_relaxed);
    a->nthreads = n;
    for (int i = 1; i < a->nthreads; i++)
        if (util_thread_create(&a->threads[i]->tid, helper_main, a->threads[i])) {
            a->nthreads = i;
            break;
        }
    thread_iterate(a->threads[0], res);
    atomic_store_explicit(&a->halt, 1, memory_order_relaxed);
    a->nodes = a->threads[0]->nodes;
    for (int i = 1; i < a->nthreads; i++) {
        pthread_join(a->threads[i]->tid, NULL);
        a->nodes += a->threads[i]->nodes;
    }
    a->nthreads = 1;
}

/* ---- the exact solver ----
 * A win/loss/draw proof search (values +1/0/-1, side to move's view) that is
 * safe on every game: its line is at most SOLVE_MAX_PLY plies deep, and a
 * return to a position of its own line is a draw (a repetition: the side
 * that could win never needs one, so the value is that of the game with a
 * repetition rule). Both leaves are scored 0 and marked: a result of +1 or
 * -1 never rests on a 0 leaf, so it is a proof whatever the marks; a 0
 * that rests on a marked leaf is kept out of the table (it holds on this
 * line only), and a 0 at the root that rests on the ply bound is no proof. */

/* solve_rec's marks (a->sdep) */
#define DEP_HORIZON 1           /* a leaf at the ply bound */
#define DEP_CYCLE 2             /* a repetition of a position on the line */

/* key: the position's solve key (the parent has it already). */
static int solve_rec(struct ab *a, int ply, int alpha, int beta, move_t *best_move,
                     uint64_t key)
{
    const struct game *g = a->g;
    void *st = a->st;
    struct game_status s;
    uint64_t nodes0 = a->nodes;

    a->sdep = 0;
    a->nodes++;
    if (check_stop(a))
        return 0;
    g->status(st, &s);
    if (s.over && s.winner >= 0)
        return s.winner == g->side_to_move(st) ? 1 : -1;
    uint64_t h = g->hash(st);
    for (int i = ply - 1; i >= 0; i--)
        if (a->spath[i] == h) {
            a->sdep = DEP_CYCLE;
            return 0;
        }
    if (s.over)
        return 0;
    move_t ttm = MOVE_NONE;
    const struct tt_entry *e = tt_probe(&a->stt, key);
    if (e) {
        ttm = e->move;
        if (ply > 0 && tt_cutoff(e->flag, e->score, alpha, beta))
            return e->score;
    }
    if (ply > 0 && g->exact_value) {
        int v, plies;
        if (g->exact_value(st, &v, &plies)) {
            tt_store(&a->stt, key, MOVE_NONE, v, 0, TT_EXACT);
            return v;
        }
    }
    if (ply >= SOLVE_MAX_PLY) {
        a->sdep = DEP_HORIZON;
        return 0;
    }
    a->spath[ply] = h;

    struct solve_frame *f = &a->sframes[ply];
    move_t *moves = f->moves;
    int *keys = f->keys;
    uint64_t *ckeys = f->ckeys;
    int n = g->gen_moves(st, moves);
    int me = g->side_to_move(st);
    /* Order: the stored move, then the moves that leave the opponent the
     * fewest replies (small proofs first); immediate wins and children
     * already known lost for the opponent end the node at once. */
    for (int i = 0; i < n; i++) {
        game_undo u;
        g->make(st, moves[i], &u);
        g->status(st, &s);
        if (s.over && s.winner == me) {
            g->unmake(st, moves[i], &u);
            if (best_move)
                *best_move = moves[i];
            tt_store(&a->stt, key, moves[i], 1, 1, TT_EXACT);
            return 1;
        }
        ckeys[i] = 0;               /* a finished child needs no key */
        if (s.over) {
            keys[i] = s.winner < 0 ? 0 : SCORE_INF;
        } else {
            /* enhanced transposition cutoff: a child already known lost
             * for the opponent proves this node won */
            uint64_t ck = g->solve_key ? g->solve_key(st) : g->hash(st);
            const struct tt_entry *ce = tt_probe(&a->stt, ck);
            int cv, cplies;
            if (!ce && g->exact_value && g->exact_value(st, &cv, &cplies)) {
                /* the game knows the child's value: remember it */
                tt_store(&a->stt, ck, MOVE_NONE, cv, 0, TT_EXACT);
                ce = tt_probe(&a->stt, ck);
            }
            if (ce && ce->score == -1 && (ce->flag == TT_EXACT || ce->flag == TT_UPPER)) {
                g->unmake(st, moves[i], &u);
                if (best_move)
                    *best_move = moves[i];
                tt_store(&a->stt, key, moves[i], 1, 1, TT_EXACT);
                return 1;
            }
            keys[i] = g->gen_moves(st, a->sreplies);
            ckeys[i] = ck;
        }
        g->unmake(st, moves[i], &u);
        if (moves[i] == ttm)
            keys[i] = -SCORE_INF - 1;
    }
    for (int i = 1; i < n; i++) {
        int k = keys[i];
        move_t m = moves[i];
        uint64_t ck = ckeys[i];
        int j = i - 1;
        while (j >= 0 && keys[j] > k) {
            keys[j + 1] = keys[j];
            moves[j + 1] = moves[j];
            ckeys[j + 1] = ckeys[j];
            j--;
        }
        keys[j + 1] = k;
        moves[j + 1] = m;
        ckeys[j + 1] = ck;
    }

    int alpha0 = alpha, best = -2, dep = 0;
    move_t bm = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        game_undo u;
        g->make(st, moves[i], &u);
        int v = -solve_rec(a, ply + 1, -beta, -alpha, NULL, ckeys[i]);
        dep |= a->sdep;
        g->unmake(st, moves[i], &u);
        if (a->stopped)
            return 0;
        if (v > best) {
            best = v;
            bm = moves[i];
            if (v > alpha)
                alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    if (best_move)
        *best_move = bm;
    /* a win or a loss is proved by won and lost leaves alone */
    a->sdep = best != 0 ? 0 : dep;
    if (a->sdep)
        return best;
    int flag = tt_bound(best, alpha0, beta);
    /* the depth field holds log2 of the work below: big proofs stay */
    int work = 1;
    for (uint64_t w = a->nodes - nodes0; w > 1; w >>= 1)
        work++;
    tt_store(&a->stt, key, bm, best, work, flag);
    return best;
}

/* The game's own solver, when it has one (made for g on first use). */
static void *game_solver(struct ab *a, const struct game *g)
{
    if (!g->solve || !g->solver_create)
        return NULL;
    if (a->gsolver_game != g) {
        drop_game_solver(a);
        a->gsolver = g->solver_create(a->hash_mb);
        if (a->gsolver)
            a->gsolver_game = g;
    }
    return a->gsolver;
}

int search_solve(void *self, const struct game *g, void *st,
                 const struct search_params *p, struct search_result *res)
{
    struct ab *a = self;
    struct game_status s;
    memset(res, 0, sizeof *res);
    res->best = MOVE_NONE;
    begin_search(a, g, st, p);
    g->status(st, &s);
    if (s.over) {
        res->exact = 1;
        res->score = terminal_score(g, st, &s, 0);
        return 1;
    }
    void *gs = game_solver(a, g);
    if (gs) {
        struct game_solve_limits lim = {
            .nodes = p->nodes, .deadline_ms = a->hard_deadline,
            .stop = p->stop, .ctx = p->ctx, .threads = p->threads > 1 ? p->threads : 1,
            .no_book = p->no_book,
            .tables = p->tables,
            .value_only = p->value_only,
        };
        struct game_solve_result gr;
        memset(&gr, 0, sizeof gr);
        gr.best = MOVE_NONE;
        int ok = g->solve(gs, st, &lim, &gr);
        a->nodes = gr.nodes;
        for (int i = 0; !ok && i < gr.nlosing && a->nlosing < GAME_SOLVE_LOSING; i++)
            if (!move_in(gr.losing[i], a->losing, a->nlosing))
                a->losing[a->nlosing++] = gr.losing[i];
        res->nodes = gr.nodes;
        res->note = gr.note;
        if (!ok)
            return 0;
        res->exact = 1;
        res->distance_tried = gr.distance_tried;
        res->best = gr.best;
        res->pv[0] = gr.best;
        res->pvlen = gr.best != MOVE_NONE;
        res->score = oracle_score(gr.value, gr.plies, 0);
        return 1;
    }
    if (!a->sframes) {
        a->sframes = malloc(SOLVE_MAX_PLY * sizeof *a->sframes);
        if (!a->sframes)
            return 0;
    }
    move_t bm = MOVE_NONE;
    int v = solve_rec(a, 0, -1, 1, &bm, g->solve_key ? g->solve_key(st) : g->hash(st));
    res->nodes = a->nodes;
    /* a draw that rests on the ply bound is no proof; one that rests on
     * repetitions of the line alone is the game's value */
    if (a->stopped || (v == 0 && (a->sdep & DEP_HORIZON)))
        return 0;
    res->exact = 1;
    res->best = bm;
    res->pv[0] = bm;
    res->pvlen = bm != MOVE_NONE;
    res->score = v > 0 ? SCORE_WIN - UNKNOWN_PLIES : v < 0 ? -(SCORE_WIN - UNKNOWN_PLIES) : 0;
    return 1;
}

/* A search of some root moves, or of lines (search_params' root_moves,
 * lines, no_proof): the heuristic search alone, within the limits; what
 * the caller wants proved, it proves itself. */
static int lines_search(struct ab *a, const struct game *g, void *st,
                        const struct search_params *p, struct search_result *res)
{
    memset(res, 0, sizeof *res);
    res->best = MOVE_NONE;
    struct game_status s;
    g->status(st, &s);
    if (s.over)
        return 0;
    begin_search(a, g, st, p);
    int64_t soft = p->soft_ms > 0 && !p->infinite ? a->start + clamp_ms(p->soft_ms) : 0;
    iterate(a, res, soft);
    res->nodes = a->nodes;
    return 0;
}

/* The proof as an iteration of depth 0 (see search_params). */
static void report_proof(const struct search_params *p, const struct search_result *r,
                         uint64_t nodes, int64_t ms)
{
    struct search_info info;
    memset(&info, 0, sizeof info);
    info.score = r->score;
    info.exact = 1;
    info.nodes = nodes;
    info.time_ms = ms;
    info.pvlen = r->best != MOVE_NONE;
    info.pv[0] = r->best;
    p->report(p->ctx, &info);
}

static int prove_and_search(struct ab *a, const struct game *g, void *st,
                            const struct search_params *p, struct search_result *res)
{
    move_t moves[GAME_MAX_MOVES];
    int64_t t_solve = now_ms();
    memset(res, 0, sizeof *res);
    res->best = MOVE_NONE;
    a->nlosing = 0;             /* this search's (checked_search reads it) */
    int n = g->gen_moves(st, moves);
    if (n == 0)
        return 0;
    res->best = moves[0];
    res->pv[0] = moves[0];
    res->pvlen = 1;
    if (n == 1 && !p->infinite)
        return 0;

    /* A game that can tell exact values in its endgame is worth proving
     * first: a proven win is never thrown away by the heuristic search.
     * The proof comes in two steps. First it gets PROOF_FIRST_NODES nodes
     * (at most 90% of a node limit) whatever the clock says: a position that
     * so small a proof settles is never left to the heuristic search because
     * a loaded machine gave the move less CPU than its wall time, so what is
     * played there is the same at any load (the proof is interrupted only by
     * a stop request). Then, while unproved, a share of the rest of the
     * move's time and nodes. The limits hold for the whole move, the proof
     * included; the search gets what the proof left. A depth limit skips the
     * proof (it has no depth): the depth-limited search sees every win
     * within its horizon, and stays reproducible. */
    struct search_result solved;
    int have_solved = 0;
    uint64_t solve_nodes = 0;
    struct search_params rest = *p;
    move_t allowed[GAME_MAX_MOVES];
    a->probe_solver = NULL;
    if (g->exact_value && !p->infinite && p->depth == 0) {
        struct search_params sp = *p;
        sp.movetime_ms = 0;
        sp.soft_ms = 0;
        sp.nodes = PROOF_FIRST_NODES;
        if (p->nodes > 0) {
            /* a tenth of a node limit stays for the heuristic search */
            uint64_t most = (uint64_t)share_of(p->nodes > INT64_MAX ? INT64_MAX :
                                               (int64_t)p->nodes, 90);
            if (most < sp.nodes)
                sp.nodes = most;
        }
        have_solved = search_solve(a, g, st, &sp, &solved);
        solve_nodes = a->nodes;
        int interrupted = p->stop && p->stop(p->ctx);
        /* most of the time while proofs succeed; a little while they
         * don't (early in long games), so the search keeps its time. A
         * game's own solver proves so much more in the time that proving
         * is worth nearly all of it. */
        int share = g->solve ? (a->solve_failed ? SEARCH_PROOF_SHARE_FAILING : SEARCH_PROOF_SHARE) :
            (a->solve_failed ? SEARCH_PROOF_SHARE_GENERIC_FAILING : SEARCH_PROOF_SHARE_GENERIC);
        int64_t left_ms = p->movetime_ms > 0 ? share_of(clamp_ms(p->movetime_ms), share) -
                                                   (now_ms() - t_solve) : 0;
        uint64_t node_share = p->nodes > 0 ?
            (uint64_t)share_of(p->nodes > INT64_MAX ? INT64_MAX : (int64_t)p->nodes, share) : 0;
        int more = p->nodes > 0 ? node_share > solve_nodes : 1;
        if (p->movetime_ms > 0 && left_ms <= 0)
            more = 0;
        if (!have_solved && !interrupted && more) {
            sp = *p;
            if (p->movetime_ms > 0)
                sp.movetime_ms = left_ms;
            if (p->nodes > 0)
                sp.nodes = node_share - solve_nodes;
            have_solved = search_solve(a, g, st, &sp, &solved);
            solve_nodes += a->nodes;
            a->solve_failed = !have_solved;
        }
        if (have_solved)
            a->solve_failed = 0;
        if (p->nodes > 0)
            rest.nodes = p->nodes > solve_nodes ? p->nodes - solve_nodes : 1;
        if (!have_solved && g->solve_probe && a->gsolver_game == g)
            a->probe_solver = a->gsolver;
        if (!have_solved && a->nlosing > 0) {
            /* the unfinished proof showed some moves lose: the heuristic
             * search chooses among the others (all lost: among all) */
            int k = 0;
            for (int i = 0; i < n; i++)
                if (!move_in(moves[i], a->losing, a->nlosing))
                    allowed[k++] = moves[i];
            if (k > 0 && k < n) {
                rest.root_moves = allowed;
                rest.nroot_moves = k;
                res->best = res->pv[0] = allowed[0];
            }
        }
        if (have_solved && p->report)
            report_proof(p, &solved, solve_nodes, now_ms() - t_solve);
    }

    int64_t t0 = now_ms();
    begin_search(a, g, st, &rest);
    if (p->movetime_ms > 0 && !p->infinite)
        a->hard_deadline = t_solve + clamp_ms(p->movetime_ms);
    int64_t soft = p->soft_ms > 0 && !p->infinite ? t_solve + clamp_ms(p->soft_ms) : 0;
    if (have_solved && !p->depth && !p->nodes && !p->movetime_ms) {
        /* proven, and no limit given: look for a shorter win (or a longer
         * defence) for about as long as the proof took */
        int64_t used = t0 - t_solve < 100 ? 100 : t0 - t_solve;
        soft = t0 + used;
        a->hard_deadline = t0 + 4 * used;
    } else if (have_solved && solved.score >= 0 && (p->movetime_ms > 0 || p->nodes > 0) &&
               !p->depth) {
        /* a proven win or draw under a clock or a node budget: the proof's
         * move is played at once (unless a first iteration happens to see a
         * shorter win); the rest of the budget would only look for a
         * quicker win. A lost position still searches: its move should hold
         * out against a fallible opponent. Under a node budget alone that
         * look is bounded in nodes, not by the clock, so that the move is
         * the same at any load (with one thread, as a node budget promises;
         * a 1 ms look had played other winning moves from run to run). */
        if (p->movetime_ms > 0)
            soft = t0 + 1;
        else if (rest.nodes > PROVEN_LOOK_NODES)
            rest.nodes = PROVEN_LOOK_NODES;
    }
    iterate(a, res, soft);
    a->probe_solver = NULL;
    res->nodes = a->nodes + solve_nodes;
    if (g->exact_value && !p->infinite && p->depth == 0)
        res->note = solved.note;

    if (have_solved && solved.best != MOVE_NONE) {
        int sv = solved.score;
        if (sv > 0 && !(res->score >= SCORE_WIN_MIN && res->exact)) {
            /* keep the proven win; the heuristic search found no shorter one */
            res->best = solved.best;
            res->score = sv;
            res->pv[0] = solved.best;
            res->pvlen = 1;
        } else if (sv == 0) {
            /* a proven draw: the heuristic's move may lose, whatever its
             * score (no search proves a draw), so the proof's move is played */
            res->best = solved.best;
            res->score = 0;
            res->pv[0] = solved.best;
            res->pvlen = 1;
        } else if (sv < 0 && res->score > -SCORE_WIN_MIN) {
            res->score = sv;        /* lost anyway: the deep search's move holds out */
        }
        res->exact = 1;
    }
    return 0;
}

/* The checked search's stop request is the move's; its lines are kept,
 * to be shown if its move is played. */
static int checked_stop(void *ctx)
{
    const struct checked_reports *c = ctx;
    return c->p->stop && c->p->stop(c->p->ctx);
}

static void checked_report(void *ctx, const struct search_info *info)
{
    struct checked_reports *c = ctx;
    if (c->n < CHECKED_REPORTS)
        c->info[c->n++] = *info;
}

/* A move with more than the checked budget (struct game's checked_nodes):
 * first the move the checks saw, as genmove at that budget plays it in a
 * new game (its own tables, one thread, the hash option's default), then
 * the move's own search with the rest. Where neither settles the position
 * (a proof, or a win or loss the search saw) the checked move is played:
 * with more nodes, more time or another load the engine proves more, and
 * plays what the checks kept where it does not, instead of a move of a
 * longer heuristic search that nothing checked (at nodes 6,000 genmove had
 * thrown 7x7 wins that nodes 3000 keeps). Returns 0 when the checked move
 * cannot be had (out of memory: the move is searched as before). */
static int checked_search(struct ab *a, const struct game *g, void *st, int checked,
                          const struct search_params *p, struct search_result *res)
{
    if (!a->creports && !(a->creports = malloc(sizeof *a->creports)))
        return 0;
    if (!a->checked && !(a->checked = ab_create(TABULA_HASH_DEFAULT_MB)))
        return 0;
    struct checked_reports *c = a->creports;
    c->p = p;
    c->n = 0;
    struct search_params cp;
    memset(&cp, 0, sizeof cp);
    cp.nodes = (uint64_t)checked;
    cp.threads = 1;
    cp.no_book = p->no_book;
    cp.tables = p->tables;
    cp.seed = p->seed;
    cp.stop = checked_stop;
    cp.report = p->report ? checked_report : NULL;
    cp.ctx = c;
    struct search_result cr;
    ab_clear(a->checked);
    int64_t t0 = now_ms();
    prove_and_search(a->checked, g, st, &cp, &cr);
    if (cr.best == MOVE_NONE || (cr.exact && cr.score >= 0) || (p->stop && p->stop(p->ctx))) {
        /* over, one move, proved won or drawn (with its look for a shorter
         * win), or interrupted: the checked move, as genmove at that budget
         * shows it */
        for (int i = 0; i < c->n; i++)
            p->report(p->ctx, &c->info[i]);
        *res = cr;
        return 1;
    }
    struct search_params mp = *p;
    if (p->nodes > 0)
        mp.nodes = p->nodes > cr.nodes ? p->nodes - cr.nodes : 1;
    int64_t used = now_ms() - t0;
    if (p->movetime_ms > 0)
        mp.movetime_ms = p->movetime_ms > used + 1 ? p->movetime_ms - used : 1;
    if (p->soft_ms > 0)
        mp.soft_ms = p->soft_ms > used + 1 ? p->soft_ms - used : 1;
    prove_and_search(a, g, st, &mp, res);
    res->nodes += cr.nodes;
    if (res->exact)
        return 1;               /* settled by the move's own search */
    if (cr.exact) {
        res->score = cr.score;  /* a proven loss: the longer search's move */
        res->exact = 1;         /* holds out */
        return 1;
    }
    if (move_in(cr.best, a->losing, a->nlosing))
        return 1;               /* the longer proof showed the checked move
                                 * loses: the longer search's move */
    uint64_t nodes = res->nodes;
    *res = cr;
    res->nodes = nodes;
    return 1;
}

static int ab_search(void *self, const struct game *g, void *st,
                     const struct search_params *p, struct search_result *res)
{
    struct ab *a = self;
    if (p->lines || p->root_moves || p->no_proof)
        return lines_search(a, g, st, p, res);
    int checked = g->checked_nodes && !p->infinite && p->depth == 0 ? g->checked_nodes(st) : 0;
    if (checked > 0 && (p->nodes == 0 || p->nodes > (uint64_t)checked) &&
        checked_search(a, g, st, checked, p, res))
        return 0;
    return prove_and_search(a, g, st, p, res);
}

const struct searcher_ops alphabeta_searcher = {
    .name = "alphabeta", .default_nodes = 4000000, .create = ab_create, .destroy = ab_destroy,
    .clear = ab_clear, .resize = ab_resize, .search = ab_search,
};
