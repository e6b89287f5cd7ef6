/* mcts.c -- Monte-Carlo tree search (UCT with an MCTS-Solver), written
 * against struct game only: it must not know any game's rules or headers.
 * The tree lives in one fixed pool; nothing is allocated per iteration. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "search/search.h"
#include "util.h"

/* Tunables. Rewards are in [0,1] (win 1, draw 0.5, loss 0). */
#define MCTS_C            1.0     /* UCB1 exploration constant */
#define MCTS_FPU          10.0    /* value of an unvisited child: > any UCB,
                                   * so every child is tried once first */
#define MCTS_PLAYOUT_CAP  200     /* plies before a playout is scored by
                                   * evaluate() */
#define MCTS_EVAL_SCALE   400.0   /* logistic: 400 units = odds of 10:1 */
#define MCTS_MAX_DEPTH    512     /* tree depth beyond which nodes stay
                                   * leaves */
#define MCTS_DEFAULT_ITERS 10000  /* when no limit at all is given */
#define MCTS_MIN_NODES    4096    /* pool floor: a root of GAME_MAX_MOVES
                                   * children always fits */
#define MCTS_REPORT_MS    500

#define NIL 0xffffffffu

/* solved codes: who wins with best play from the node's position */
enum { UNSOLVED = 0, WIN0 = 1, WIN1 = 2, DRAWN = 3 };

struct mnode {
    double wins;        /* rewards, seen by the side that moved into it */
    uint32_t visits;
    uint32_t parent;
    uint32_t child;     /* first child; children are contiguous; NIL */
    move_t move;        /* the move that led here */
    uint16_t nchild;
    uint8_t stm;        /* side to move in this node's position */
    uint8_t solved;
    int16_t plies;      /* when solved: plies to the end with best play */
    uint16_t pad_;
};

struct mcts {
    struct mnode *pool;
    uint32_t *remap;    /* scratch for re-rooting, one per pool node */
    uint32_t cap, used; /* the root, when used > 0, is pool[0] */

    game_undo *undo;    /* tree path then playout */
    uint32_t path[MCTS_MAX_DEPTH + 1];
    move_t playout_moves[MCTS_PLAYOUT_CAP];

    /* what the tree's root is, for reuse at the next search */
    const struct game *game;
    void *root_state, *scratch;
    size_t state_size;
    uint64_t root_hash;
    int root_stm;

    double c, fpu;
    int playout_cap;
    uint64_t rng;
    int max_depth;      /* deepest path in the current search */
};

static uint32_t pool_cap(int hash_mb)
{
    size_t per = sizeof(struct mnode) + sizeof(uint32_t);
    size_t n = hash_mb > 0 ? ((size_t)hash_mb << 20) / per : 0;
    if (n < MCTS_MIN_NODES)
        n = MCTS_MIN_NODES;
    if (n > 0xfffffff0u)
        n = 0xfffffff0u;
    return (uint32_t)n;
}

/* Makes the node pool for hash_mb; on failure m is left as it was. */
static int pool_alloc(struct mcts *m, int hash_mb)
{
    uint32_t cap = pool_cap(hash_mb);
    struct mnode *pool = malloc((size_t)cap * sizeof *pool);
    uint32_t *remap = malloc((size_t)cap * sizeof *remap);
    if (!pool || !remap) {
        free(pool);
        free(remap);
        return -1;
    }
    free(m->pool);
    free(m->remap);
    m->pool = pool;
    m->remap = remap;
    m->cap = cap;
    m->used = 0;
    return 0;
}

static void mcts_destroy(void *self)
{
    struct mcts *m = self;
    if (!m)
        return;
    free(m->pool);
    free(m->remap);
    free(m->undo);
    free(m->root_state);
    free(m->scratch);
    free(m);
}

static void *mcts_create(int hash_mb)
{
    struct mcts *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->undo = malloc((MCTS_MAX_DEPTH + MCTS_PLAYOUT_CAP) * sizeof *m->undo);
    if (!m->undo || pool_alloc(m, hash_mb) < 0) {
        mcts_destroy(m);
        return NULL;
    }
    m->c = MCTS_C;
    m->fpu = MCTS_FPU;
    m->playout_cap = MCTS_PLAYOUT_CAP;
    return m;
}

static void mcts_clear(void *self)
{
    struct mcts *m = self;
    m->used = 0;
    m->game = NULL;
}

static int mcts_resize(void *self, int hash_mb)
{
    struct mcts *m = self;
    /* out of memory keeps the old pool */
    if (pool_alloc(m, hash_mb) < 0)
        return -1;
    mcts_clear(m);
    return 0;
}

/* ---- solved values ---- */

static int solved_winner(int code) { return code == DRAWN ? -1 : code - 1; }
static uint8_t solved_code(int winner)
{
    return winner < 0 ? DRAWN : (uint8_t)(winner + 1);
}

/* Reward for side 0 of a solved node. */
static double solved_v0(int code)
{
    return code == WIN0 ? 1.0 : code == WIN1 ? 0.0 : 0.5;
}

static int16_t plies_add1(int p)
{
    return (int16_t)(p >= 30000 ? 30000 : p + 1);
}

/* MCTS-Solver: x is won for its side to move if one child is, lost if
 * every child is won by the other side, drawn if every child is solved
 * and the best is a draw. Returns 1 if x became solved. */
static int try_solve(struct mcts *m, uint32_t x)
{
    struct mnode *n = &m->pool[x];
    if (n->solved)
        return 1;
    if (n->child == NIL)
        return 0;
    int s = n->stm, all = 1, draw = 0, win_plies = -1, loss_plies = 0;
    for (uint32_t i = 0; i < n->nchild; i++) {
        const struct mnode *c = &m->pool[n->child + i];
        if (!c->solved) {
            all = 0;
            continue;
        }
        int w = solved_winner(c->solved);
        if (w == s) {
            if (win_plies < 0 || c->plies < win_plies)
                win_plies = c->plies;
        } else if (w < 0) {
            draw = 1;
        } else if (c->plies > loss_plies) {
            loss_plies = c->plies;
        }
    }
    if (win_plies >= 0) {
        n->solved = solved_code(s);
        n->plies = plies_add1(win_plies);
        return 1;
    }
    if (!all)
        return 0;
    if (draw) {
        n->solved = DRAWN;
        n->plies = 0;
    } else {
        n->solved = solved_code(1 - s);
        n->plies = plies_add1(loss_plies);
    }
    return 1;
}

/* ---- tree building ---- */

static void node_init(struct mnode *n, uint32_t parent, move_t mv, int stm)
{
    memset(n, 0, sizeof *n);
    n->parent = parent;
    n->child = NIL;
    n->move = mv;
    n->stm = (uint8_t)stm;
}

/* Does move mv end the game? (undo: scratch space for one move) */
static int ends_game(const struct game *g, void *st, move_t mv, game_undo *undo)
{
    struct game_status gs;
    g->make(st, mv, undo);
    g->status(st, &gs);
    g->unmake(st, mv, undo);
    return gs.over;
}

/* Gives x (whose position is st) all its children, each checked for a
 * finished game. Returns 0 when x has no moves or the pool is full. */
static int expand(struct mcts *m, const struct game *g, void *st, uint32_t x,
                  int depth)
{
    move_t moves[GAME_MAX_MOVES];
    int n = g->gen_moves(st, moves);
    if (n <= 0 || (uint32_t)n > m->cap - m->used)
        return 0;
    /* a shuffled order: unvisited children are tried in this order */
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&m->rng, (uint32_t)i + 1);
        move_t t = moves[i];
        moves[i] = moves[j];
        moves[j] = t;
    }
    uint32_t base = m->used;
    m->used += (uint32_t)n;
    game_undo *u = &m->undo[depth];
    for (int i = 0; i < n; i++) {
        struct mnode *c = &m->pool[base + (uint32_t)i];
        struct game_status gs;
        g->make(st, moves[i], u);
        node_init(c, x, moves[i], g->side_to_move(st));
        g->status(st, &gs);
        if (gs.over)
            c->solved = solved_code(gs.winner);
        g->unmake(st, moves[i], u);
    }
    m->pool[x].child = base;
    m->pool[x].nchild = (uint16_t)n;
    try_solve(m, x);
    return 1;
}

/* UCB1 over the children of x, skipping children lost for its mover. */
static uint32_t select_child(const struct mcts *m, uint32_t x)
{
    const struct mnode *n = &m->pool[x];
    int s = n->stm;
    double k = m->c * sqrt(log((double)(n->visits ? n->visits : 1)));
    uint32_t best = NIL;
    double bestv = -1e300;
    for (uint32_t i = 0; i < n->nchild; i++) {
        uint32_t ci = n->child + i;
        const struct mnode *c = &m->pool[ci];
        double v;
        if (c->solved) {
            int w = solved_winner(c->solved);
            if (w == s)
                return ci;
            if (w >= 0)
                continue;
        }
        if (c->visits == 0)
            v = m->fpu;
        else
            v = c->wins / c->visits + k / sqrt((double)c->visits);
        if (v > bestv) {
            bestv = v;
            best = ci;
        }
    }
    return best != NIL ? best : n->child;
}

/* A uniformly random game from st (at tree depth d); st is restored.
 * Returns the reward of side 0. */
static double playout(struct mcts *m, const struct game *g, void *st, int d)
{
    move_t moves[GAME_MAX_MOVES];
    int k = 0;
    double v0;
    for (;;) {
        int n = g->gen_moves(st, moves);
        if (n <= 0) {
            struct game_status gs;
            g->status(st, &gs);
            v0 = !gs.over || gs.winner < 0 ? 0.5 : gs.winner == 0 ? 1.0 : 0.0;
            break;
        }
        if (k >= m->playout_cap) {
            double e = g->evaluate ? (double)g->evaluate(st) : 0.0;
            double v = 1.0 / (1.0 + pow(10.0, -e / MCTS_EVAL_SCALE));
            v0 = g->side_to_move(st) == 0 ? v : 1.0 - v;
            break;
        }
        move_t mv = moves[rng_below(&m->rng, (uint32_t)n)];
        m->playout_moves[k] = mv;
        g->make(st, mv, &m->undo[d + k]);
        k++;
    }
    while (k > 0) {
        k--;
        g->unmake(st, m->playout_moves[k], &m->undo[d + k]);
    }
    return v0;
}

/* One iteration: select, expand one node, play out, back up. */
static void iterate(struct mcts *m, const struct game *g, void *st)
{
    uint32_t x = 0;
    int d = 0;
    m->path[0] = 0;
    for (;;) {
        struct mnode *n = &m->pool[x];
        if (n->solved || d >= MCTS_MAX_DEPTH)
            break;
        if (n->child == NIL) {
            /* expand sooner while the pool is empty, later as it fills */
            uint32_t need = 1 + (uint32_t)((uint64_t)m->used * 8 / m->cap);
            if ((x != 0 && n->visits < need) || !expand(m, g, st, x, d) ||
                n->solved)
                break;
        }
        uint32_t c = select_child(m, x);
        g->make(st, m->pool[c].move, &m->undo[d]);
        m->path[++d] = x = c;
        if (m->pool[c].visits == 0)
            break;
    }
    if (d > m->max_depth)
        m->max_depth = d;

    struct mnode *leaf = &m->pool[x];
    double v0;
    if (!leaf->solved && leaf->visits == 0 && g->exact_value) {
        int val, plies;
        if (g->exact_value(st, &val, &plies)) {
            int s = leaf->stm;
            leaf->solved = val > 0 ? solved_code(s) : val < 0 ?
                solved_code(1 - s) : DRAWN;
            leaf->plies = (int16_t)(plies < 0 || plies > 1000 ? 1000 : plies);
        }
    }
    v0 = leaf->solved ? solved_v0(leaf->solved) : playout(m, g, st, d);

    for (int k = d; k > 0; k--)
        g->unmake(st, m->pool[m->path[k]].move, &m->undo[k - 1]);

    int solving = leaf->solved != UNSOLVED;
    for (int k = d; k >= 0; k--) {
        struct mnode *n = &m->pool[m->path[k]];
        int mover = k > 0 ? m->pool[m->path[k - 1]].stm : 1 - n->stm;
        n->visits++;
        n->wins += mover == 0 ? v0 : 1.0 - v0;
        if (solving && k < d)
            solving = try_solve(m, m->path[k]);
    }
}

/* ---- choosing and reporting ---- */

/* The move to play at x: a proven win (shortest), else the most visited
 * child not proven lost, else (all lost) the longest resistance. */
static uint32_t best_child(const struct mcts *m, uint32_t x)
{
    const struct mnode *n = &m->pool[x];
    if (n->child == NIL)
        return NIL;
    int s = n->stm;
    uint32_t best = NIL, win = NIL, lose = NIL;
    for (uint32_t i = 0; i < n->nchild; i++) {
        uint32_t ci = n->child + i;
        const struct mnode *c = &m->pool[ci];
        if (c->solved && solved_winner(c->solved) == s) {
            if (win == NIL || c->plies < m->pool[win].plies)
                win = ci;
            continue;
        }
        if (c->solved && solved_winner(c->solved) >= 0) {
            if (lose == NIL || c->plies > m->pool[lose].plies ||
                (c->plies == m->pool[lose].plies &&
                 c->visits > m->pool[lose].visits))
                lose = ci;
            continue;
        }
        if (best == NIL)
            best = ci;
        else {
            const struct mnode *b = &m->pool[best];
            /* proven draws rank by their exact value 0.5 */
            double cv = c->solved == DRAWN ? 0.5 :
                c->visits ? c->wins / c->visits : 0.0;
            double bv = b->solved == DRAWN ? 0.5 :
                b->visits ? b->wins / b->visits : 0.0;
            if (n->solved == DRAWN && (c->solved == DRAWN) != (b->solved == DRAWN)) {
                if (c->solved == DRAWN)
                    best = ci;
            } else if (c->visits > b->visits ||
                       (c->visits == b->visits && cv > bv))
                best = ci;
        }
    }
    return win != NIL ? win : best != NIL ? best : lose;
}

static int root_score(const struct mcts *m, uint32_t bc, int *exact)
{
    const struct mnode *r = &m->pool[0];
    *exact = 0;
    if (r->solved) {
        *exact = 1;
        int w = solved_winner(r->solved);
        int p = r->plies < 2000 ? r->plies : 2000;
        return w < 0 ? 0 : w == r->stm ? SCORE_WIN - p : -(SCORE_WIN - p);
    }
    if (bc == NIL || m->pool[bc].visits == 0)
        return 0;
    const struct mnode *c = &m->pool[bc];
    double w = c->solved == DRAWN ? 0.5 : c->wins / c->visits;
    if (w < 1e-6)
        w = 1e-6;
    if (w > 1 - 1e-6)
        w = 1 - 1e-6;
    double sc = MCTS_EVAL_SCALE * log10(w / (1 - w));
    if (sc > SCORE_EVAL_MAX)
        sc = SCORE_EVAL_MAX;
    if (sc < -SCORE_EVAL_MAX)
        sc = -SCORE_EVAL_MAX;
    return (int)sc;
}

static int principal_variation(const struct mcts *m, move_t *pv)
{
    int len = 0;
    uint32_t x = 0;
    while (len < SEARCH_MAX_PV) {
        uint32_t c = best_child(m, x);
        if (c == NIL || (m->pool[c].visits == 0 && !m->pool[c].solved))
            break;
        pv[len++] = m->pool[c].move;
        x = c;
    }
    return len;
}

static void fill_info(const struct mcts *m, uint64_t iters, int64_t t0,
                      struct search_info *info)
{
    int exact;
    memset(info, 0, sizeof *info);
    info->depth = m->max_depth;
    info->score = root_score(m, best_child(m, 0), &exact);
    info->exact = exact;
    info->nodes = iters;
    info->time_ms = now_ms() - t0;
    info->pvlen = principal_variation(m, info->pv);
}

/* ---- tree reuse ---- */

/* Makes nr the root, keeping its subtree and packing it to the front of
 * the pool. Parents always precede their children in the pool, so one
 * ascending pass finds the live nodes and moves each one down. */
static void reroot(struct mcts *m, uint32_t nr)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < m->used; i++) {
        struct mnode *n = &m->pool[i];
        int live = i == nr ||
            (i > nr && n->parent != NIL && m->remap[n->parent] != NIL);
        if (!live) {
            m->remap[i] = NIL;
            continue;
        }
        m->remap[i] = k;
        struct mnode t = *n;
        t.parent = i == nr ? NIL : m->remap[t.parent];
        m->pool[k++] = t;
    }
    m->used = k;
    for (uint32_t i = 0; i < k; i++)
        if (m->pool[i].child != NIL)
            m->pool[i].child = m->remap[m->pool[i].child];
}

/* The node of the old tree, down to two plies, whose position has this
 * hash and side to move; NIL if none. */
static uint32_t find_descendant(struct mcts *m, const struct game *g,
                                uint64_t h, int stm)
{
    const struct mnode *r = &m->pool[0];
    if (r->child == NIL)
        return NIL;
    for (int depth = 1; depth <= 2; depth++) {
        for (uint32_t i = 0; i < r->nchild; i++) {
            uint32_t ci = r->child + i;
            const struct mnode *c = &m->pool[ci];
            if (depth == 2 && c->child == NIL)
                continue;
            memcpy(m->scratch, m->root_state, m->state_size);
            g->make(m->scratch, c->move, &m->undo[0]);
            if (depth == 1) {
                if (g->hash(m->scratch) == h && g->side_to_move(m->scratch) == stm)
                    return ci;
                continue;
            }
            for (uint32_t j = 0; j < c->nchild; j++) {
                uint32_t gi = c->child + j;
                move_t mv = m->pool[gi].move;
                g->make(m->scratch, mv, &m->undo[1]);
                int hit = g->hash(m->scratch) == h &&
                    g->side_to_move(m->scratch) == stm;
                g->unmake(m->scratch, mv, &m->undo[1]);
                if (hit)
                    return gi;
            }
        }
    }
    return NIL;
}

/* Keeps what the old tree knows about st, or starts a new tree. */
static int prepare_root(struct mcts *m, const struct game *g, void *st)
{
    uint64_t h = g->hash(st);
    int stm = g->side_to_move(st);
    int keep = 0;
    if (m->used > 0 && m->game == g && m->state_size == g->state_size) {
        if (h == m->root_hash && stm == m->root_stm && m->pool[0].stm == stm)
            keep = 1;
        else {
            uint32_t nr = find_descendant(m, g, h, stm);
            if (nr != NIL && m->pool[nr].stm == stm) {
                reroot(m, nr);
                keep = 1;
            }
        }
    }
    if (!keep) {
        m->used = 1;
        node_init(&m->pool[0], NIL, MOVE_NONE, stm);
    }
    if (m->pool[0].child == NIL) {
        /* a leaf solved by exact_value() has no moves to show: prove it
         * again through its children */
        m->pool[0].solved = UNSOLVED;
    }
    if (m->pool[0].child == NIL && !expand(m, g, st, 0, 0)) {
        /* a kept leaf root with no room to grow: start afresh */
        m->used = 1;
        node_init(&m->pool[0], NIL, MOVE_NONE, stm);
        if (!expand(m, g, st, 0, 0))
            return -1;
    }
    return 0;
}

/* Remembers st as the root position for the next search. */
static void save_root(struct mcts *m, const struct game *g, const void *st)
{
    if (m->state_size != g->state_size || !m->root_state) {
        free(m->root_state);
        free(m->scratch);
        m->root_state = malloc(g->state_size);
        m->scratch = malloc(g->state_size);
        m->state_size = g->state_size;
        if (!m->root_state || !m->scratch) {
            free(m->root_state);
            free(m->scratch);
            m->root_state = m->scratch = NULL;
            m->state_size = 0;
            m->game = NULL;
            return;
        }
    }
    memcpy(m->root_state, st, g->state_size);
    m->game = g;
    m->root_hash = g->hash(st);
    m->root_stm = g->side_to_move(st);
}

/* ---- the search ---- */

static void sleep_1ms(void)
{
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
}

static int mcts_search(void *self, const struct game *g, void *st,
                       const struct search_params *p, struct search_result *res)
{
    struct mcts *m = self;
    move_t moves[GAME_MAX_MOVES];
    int64_t t0 = now_ms();

    memset(res, 0, sizeof *res);
    res->best = MOVE_NONE;
    int nmoves = g->gen_moves(st, moves);
    if (nmoves <= 0) {
        struct game_status gs;
        g->status(st, &gs);
        if (gs.over) {
            res->exact = 1;
            res->score = gs.winner < 0 ? 0 :
                gs.winner == g->side_to_move(st) ? SCORE_WIN : -SCORE_WIN;
        }
        return 0;
    }
    if (nmoves == 1 && !p->infinite && m->undo && !ends_game(g, st, moves[0], m->undo)) {
        /* forced, and not the last move: nothing to think about */
        res->best = moves[0];
        res->pv[0] = moves[0];
        res->pvlen = 1;
        return 0;
    }
    if (m->cap < MCTS_MIN_NODES)
        return random_searcher.search(NULL, g, st, p, res);

    m->rng = p->seed;
    m->max_depth = 0;
    if (prepare_root(m, g, st) < 0)
        return random_searcher.search(NULL, g, st, p, res);

    int infinite = p->infinite && p->stop;
    uint64_t limit = infinite ? 0 : p->nodes;
    int64_t hard = infinite ? 0 : p->movetime_ms;
    int64_t soft = infinite ? 0 : p->soft_ms;
    if (!infinite && !limit && hard <= 0 && soft <= 0)
        limit = MCTS_DEFAULT_ITERS;

    uint64_t iters = 0;
    int64_t last_report = t0;
    struct search_info info;
    for (;;) {
        if ((iters & 15) == 0) {
            /* a Tablut playout can take 50 us: the stop request (an
             * interrupt must be seen within milliseconds) is asked as
             * often as the clock */
            if (p->stop && p->stop(p->ctx))
                break;
            int64_t t = now_ms();
            if ((hard > 0 && t - t0 >= hard) || (soft > 0 && t - t0 >= soft))
                break;
            if (p->report && t - last_report >= MCTS_REPORT_MS) {
                last_report = t;
                fill_info(m, iters, t0, &info);
                p->report(p->ctx, &info);
            }
        }
        if (m->pool[0].solved) {
            /* analysis waits for stop(); a timed search is simply done */
            if (!infinite)
                break;
            sleep_1ms();
            if (p->stop(p->ctx))
                break;
            continue;
        }
        if (limit && iters >= limit)
            break;
        iterate(m, g, st);
        iters++;
    }

    uint32_t bc = best_child(m, 0);
    res->best = bc != NIL ? m->pool[bc].move : moves[0];
    res->score = root_score(m, bc, &res->exact);
    res->depth = m->max_depth;
    res->nodes = iters;
    res->pvlen = principal_variation(m, res->pv);
    if (res->pvlen == 0) {
        res->pv[0] = res->best;
        res->pvlen = 1;
    }
    if (p->report) {
        fill_info(m, iters, t0, &info);
        p->report(p->ctx, &info);
    }
    save_root(m, g, st);
    return 0;
}

const struct searcher_ops mcts_searcher = {
    .name = "mcts", .default_nodes = MCTS_DEFAULT_ITERS, .create = mcts_create, .destroy = mcts_destroy,
    .clear = mcts_clear, .resize = mcts_resize, .search = mcts_search,
};
