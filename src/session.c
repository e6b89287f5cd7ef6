/* session.c -- the current game and its history, the search options and
 * clocks, genmove's policy (the strength levels' moves included). Knows games only through struct game, searchers only through
 * struct searcher_ops; knows nothing about protocols or terminals. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "session.h"
#include "util.h"

static void free_opts(char **opts, int n)
{
    for (int i = 0; i < n; i++)
        free(opts[i]);
}

int session_init(struct session *s)
{
    memset(s, 0, sizeof *s);
    s->main_ms = -1;
    char err[128];
    return session_newgame(s, game_list[0]->name, 0, NULL, err, sizeof err);
}

void session_free(struct session *s)
{
    if (s->engine && s->engine_self)
        s->engine->destroy(s->engine_self);
    free_opts(s->opts, s->nopts);
    free(s->st);
    free(s->start);
    free(s->moves);
    free(s->snaps);
    session_notes_free(s->notes, s->nnotes);
    free(s->tags);
    memset(s, 0, sizeof *s);
}

void session_notes_free(struct session_note *notes, int n)
{
    for (int i = 0; notes && i < n; i++)
        free(notes[i].text);
    free(notes);
}

static int map_game_err(int rc)
{
    switch (rc) {
    case GAME_OK: return SESS_OK;
    case GAME_ESYNTAX: return SESS_ESYNTAX;
    case GAME_EILLEGAL: return SESS_EILLEGAL;
    case GAME_EOPTION: return SESS_EOPTION;
    default: return SESS_EINVALID;
    }
}

int session_newgame(struct session *s, const char *name, int nopts,
                    const char *const *opts, char *err, size_t errlen)
{
    const struct game *g = game_find(name);
    err[0] = '\0';
    if (!g || !g->gen_moves)
        return SESS_EUNKNOWN_GAME;
    if (nopts > SESSION_MAX_OPTS) {
        snprintf(err, errlen, "too many options: at most %d", SESSION_MAX_OPTS);
        return SESS_EINVALID;
    }
    for (int i = 0; i < nopts; i++)
        if (!game_option_form(opts[i])) {
            snprintf(err, errlen, "options are key=value");
            return SESS_ESYNTAX;
        }
    void *st = calloc(1, g->state_size);
    void *start = calloc(1, g->state_size);
    char *copies[SESSION_MAX_OPTS];
    int ncopies = 0;
    if (!st || !start) {
        free(st);
        free(start);
        return SESS_ENOMEM;
    }
    int rc = g->init(st, nopts, opts, err, errlen);
    if (rc != GAME_OK) {
        free(st);
        free(start);
        return map_game_err(rc);
    }
    for (; ncopies < nopts; ncopies++) {
        copies[ncopies] = strdup(opts[ncopies]);
        if (!copies[ncopies]) {
            free_opts(copies, ncopies);
            free(st);
            free(start);
            return SESS_ENOMEM;
        }
    }
    memcpy(start, st, g->state_size);
    free_opts(s->opts, s->nopts);
    memcpy(s->opts, copies, sizeof(char *) * (size_t)ncopies);
    s->nopts = ncopies;
    free(s->st);
    free(s->start);
    free(s->snaps);
    s->snaps = NULL;
    free(s->moves);
    s->moves = NULL;
    s->cap = s->nmoves = 0;
    s->g = g;
    s->st = st;
    s->start = start;
    s->setup = 0;
    s->have_left[0] = s->have_left[1] = 0;
    session_notes_free(s->notes, s->nnotes);    /* the old game's */
    free(s->tags);
    s->tags = NULL;
    s->notes = NULL;
    s->nnotes = 0;
    if (s->engine_self)
        s->engine->clear(s->engine_self);
    return SESS_OK;
}

int session_clear(struct session *s)
{
    char err[128];
    const char *opts[SESSION_MAX_OPTS] = {NULL};
    char *keep[SESSION_MAX_OPTS] = {NULL};
    int n = s->nopts;
    for (int i = 0; i < n; i++) {
        keep[i] = strdup(s->opts[i]);
        opts[i] = keep[i];
    }
    int rc = session_newgame(s, s->g->name, n, opts, err, sizeof err);
    free_opts(keep, n);
    return rc;
}

int session_boardsize(struct session *s, int size)
{
    const struct game *g = s->g;
    const struct variant_key *sk = game_size_key(g);
    if (!sk) {
        /* a board of one size: its own size restarts the game, as GTP
         * controllers (GoGui) send it before clear_board */
        if (g->board_size && size == g->board_size(s->st))
            return session_clear(s);
        return SESS_EINVALID;
    }
    char opt[64], err[128];
    const char *opts[SESSION_MAX_OPTS];
    char *keep[SESSION_MAX_OPTS];
    int k = 0;
    snprintf(opt, sizeof opt, "%s=%d", sk->name, size);
    opts[k++] = opt;
    for (int i = 0; i < s->nopts && k < SESSION_MAX_OPTS; i++) {
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(s->opts[i], "="), s->opts[i]);
        const struct variant_key *vk = game_variant_key(g, key);
        if (vk != sk && !(vk && vk->kind == VARIANT_SQUARE))
            opts[k++] = s->opts[i];
    }
    /* copies: session_newgame frees the session's own option strings */
    int nk = 0, rc = SESS_OK;
    for (; nk < k; nk++)
        if (!(keep[nk] = strdup(opts[nk]))) {
            rc = SESS_ENOMEM;
            break;
        }
    if (rc == SESS_OK)
        rc = session_newgame(s, g->name, k, (const char *const *)keep, err, sizeof err);
    free_opts(keep, nk);
    return rc == SESS_EOPTION ? SESS_EINVALID : rc;
}

int session_setposition(struct session *s, const char *pos, char *err, size_t errlen)
{
    const struct game *g = s->g;
    void *tmp = malloc(g->state_size);
    if (!tmp)
        return SESS_ENOMEM;
    /* parse into a fresh copy of the variant's start, so nothing changes on
     * failure */
    memcpy(tmp, s->start, g->state_size);
    if (s->nmoves > 0 || s->setup) {
        char e2[64];
        const char *opts[SESSION_MAX_OPTS] = {NULL};
        for (int i = 0; i < s->nopts; i++)
            opts[i] = s->opts[i];
        g->init(tmp, s->nopts, opts, e2, sizeof e2);
    }
    err[0] = '\0';
    int rc = g->parse_position(tmp, pos, err, errlen);
    if (rc != GAME_OK) {
        free(tmp);
        return SESS_EPOSITION;
    }
    memcpy(s->st, tmp, g->state_size);
    memcpy(s->start, tmp, g->state_size);
    free(tmp);
    s->nmoves = 0;
    s->setup = 1;
    free(s->tags);     /* another game than the record's */
    s->tags = NULL;
    if (s->engine_self)
        s->engine->clear(s->engine_self);
    return SESS_OK;
}

int session_status(const struct session *s, struct game_status *st)
{
    s->g->status(s->st, st);
    return st->over;
}

int session_side_to_move(const struct session *s)
{
    return s->g->side_to_move(s->st);
}

int session_play_move(struct session *s, move_t m)
{
    const struct game *g = s->g;
    if (s->nmoves == s->cap) {
        int nc = s->cap ? s->cap * 2 : 64;
        struct session_move *nm = realloc(s->moves, sizeof *nm * (size_t)nc);
        if (!nm)
            return SESS_ENOMEM;
        s->moves = nm;
        unsigned char *ns = realloc(s->snaps, g->state_size * (size_t)nc);
        if (!ns)
            return SESS_ENOMEM;
        s->snaps = ns;
        s->cap = nc;
    }
    struct session_move *sm = &s->moves[s->nmoves];
    sm->move = m;
    sm->side = g->side_to_move(s->st);
    g->format_move(s->st, m, sm->text, sizeof sm->text);
    memcpy(s->snaps + g->state_size * (size_t)s->nmoves, s->st, g->state_size);
    game_undo u;
    g->make(s->st, m, &u);
    s->nmoves++;
    return SESS_OK;
}

int session_play(struct session *s, int side, const char *move, char *err, size_t errlen)
{
    const struct game *g = s->g;
    struct game_status gs;
    err[0] = '\0';
    if (session_status(s, &gs))
        return SESS_EGAMEOVER;
    if (side >= 0 && side != g->side_to_move(s->st)) {
        snprintf(err, errlen, "not %s's turn", g->side_names[side]);
        return SESS_EILLEGAL;
    }
    move_t m;
    int rc = g->parse_move(s->st, move, &m, err, errlen);
    if (rc != GAME_OK)
        return map_game_err(rc);
    return session_play_move(s, m);
}

int session_undo(struct session *s, int n)
{
    if (n < 0 || n > s->nmoves)
        return SESS_EUNDO;
    while (n-- > 0) {
        s->nmoves--;
        memcpy(s->st, s->snaps + s->g->state_size * (size_t)s->nmoves,
               s->g->state_size);
    }
    return SESS_OK;
}

int session_set_engine(struct session *s, const char *name)
{
    const struct searcher_ops *e = searcher_find(name);
    if (!e)
        return SESS_EINVALID;
    if (e == s->engine)
        return SESS_OK;
    void *self = e->create(s->hash_mb);
    if (!self)
        return SESS_ENOMEM;
    if (s->engine)
        s->engine->destroy(s->engine_self);
    s->engine = e;
    s->engine_self = self;
    return SESS_OK;
}

int session_set_hash(struct session *s, int mb)
{
    if (mb < 1)
        return SESS_EINVALID;
    /* Linux lets a calloc of any size succeed and fails later, when the
     * search touches the pages (the OOM killer, not an error): a size the
     * system cannot give now is refused here (the current table's memory
     * counts, as it is given back) */
    int64_t avail = util_mem_available_mb();
    if (avail >= 0 && mb > avail + s->hash_mb)
        return SESS_ENOMEM;
    /* out of memory changes nothing: the old table and size stay */
    if (!s->engine) {
        /* session_init: the engine option makes the searcher next */
    } else if (s->engine->resize) {
        if (s->engine->resize(s->engine_self, mb) != 0)
            return SESS_ENOMEM;
    } else {
        void *self = s->engine->create(mb);
        if (!self)
            return SESS_ENOMEM;
        s->engine->destroy(s->engine_self);
        s->engine_self = self;
    }
    s->hash_mb = mb;
    return SESS_OK;
}

void session_time_budget(const struct session *s, int side, struct search_params *p)
{
    p->movetime_ms = p->soft_ms = 0;
    if (s->movetime_ms > 0) {
        p->movetime_ms = timeman_movetime(s->movetime_ms);
        p->soft_ms = p->movetime_ms;
        return;
    }
    struct clock_state c = {
        .main_ms = s->main_ms, .byo_ms = s->byo_ms, .byo_stones = s->byo_stones,
        .left_ms = s->left_ms[side], .left_stones = s->left_stones[side],
        .have_left = s->have_left[side],
    };
    int64_t soft, hard;
    timeman_budget(&c, s->nmoves, &soft, &hard);
    p->soft_ms = soft;
    p->movetime_ms = hard;
    if (!hard && !s->depth && !s->nodes)
        p->nodes = s->engine->default_nodes;
}

void session_clock_charge(struct session *s, int side, int64_t ms)
{
    struct clock_state c = {
        .main_ms = s->main_ms, .byo_ms = s->byo_ms, .byo_stones = s->byo_stones,
        .left_ms = s->left_ms[side], .left_stones = s->left_stones[side],
        .have_left = s->have_left[side],
    };
    if (!timeman_charge(&c, ms))
        return;
    s->left_ms[side] = c.left_ms;
    s->left_stones[side] = c.left_stones;
    s->have_left[side] = c.have_left;
}

void session_solve_limits(const struct session *s, struct search_params *p)
{
    p->depth = 0;
    p->soft_ms = 0;
    p->threads = s->threads;
    p->no_book = !s->book;
    p->tables = s->tables[0] ? s->tables : NULL;
    p->movetime_ms = s->movetime_ms;
    p->nodes = s->nodes;
    if (!p->movetime_ms && !p->nodes)
        p->movetime_ms = SESSION_SOLVE_DEFAULT_MS;
}

uint64_t session_search_seed(const struct session *s)
{
    uint64_t x = s->seed ^ 0x7461627564616c61ull;
    x ^= s->g->hash(s->st);
    x += (uint64_t)s->nmoves * 0x9e3779b97f4a7c15ull;
    return rng_next(&x);
}

/* ------------------------------------------------------------- levels */

/* A level: the depth it reads to, how many of the best moves (by that
 * search) it weighs (0: all), the size of its misjudgement (the standard
 * deviation of a normal error on each move's score, in evaluation units),
 * and a node cap that keeps it quick whatever the game. */
struct level_def {
    int depth;
    int lines;
    int error;
    uint64_t nodes;
};

static const struct level_def levels[SESSION_LEVELS] = {
    {1, 0, 150, 20000},
    {2, 12, 100, 60000},
    {3, 8, 60, 150000},
    {4, 6, 30, 300000},
    {7, 4, 10, 600000},
};

void session_level_text(int level, char *buf, size_t n)
{
    if (level < 1 || level > SESSION_LEVELS) {
        snprintf(buf, n, "full strength");
        return;
    }
    const struct level_def *d = &levels[level - 1];
    char lines[32];
    if (d->lines)
        snprintf(lines, sizeof lines, "the best %d moves", d->lines);
    else
        snprintf(lines, sizeof lines, "every move");
    snprintf(buf, n, "depth %d, %s, error %d", d->depth, lines, d->error);
}

/* A normal deviate (the sum of twelve uniforms, less six). */
static double normal(uint64_t *rng)
{
    double sum = 0;
    for (int i = 0; i < 12; i++)
        sum += (double)(rng_next(rng) >> 11) / (double)(1ull << 53);
    return sum - 6;
}

int session_level_move(struct session *s, struct search_result *res, int (*stop)(void *),
                       void *ctx)
{
    const struct game *g = s->g;
    const struct level_def *d = &levels[(s->level > SESSION_LEVELS ? SESSION_LEVELS :
                                         s->level) - 1];
    memset(res, 0, sizeof *res);
    res->best = MOVE_NONE;
    move_t moves[GAME_MAX_MOVES];
    int n = g->gen_moves(s->st, moves);
    if (n == 0)
        return SESS_EGAMEOVER;
    void *ab = session_proof_searcher(s);
    struct search_line *lines = malloc((size_t)n * sizeof *lines);
    if (!ab || !lines) {
        session_proof_done(s, ab);
        free(lines);
        return SESS_ENOMEM;
    }
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    session_time_budget(s, g->side_to_move(s->st), &sp);
    sp.soft_ms = 0;
    sp.depth = d->depth;
    sp.nodes = s->nodes && s->nodes < d->nodes ? s->nodes : d->nodes;
    sp.multipv = d->lines && d->lines < n ? d->lines : n;
    sp.lines = lines;
    sp.seed = session_search_seed(s);
    sp.stop = stop;
    sp.ctx = ctx;
    struct search_result r;
    alphabeta_searcher.search(ab, g, s->st, &sp, &r);
    session_proof_done(s, ab);
    *res = r;
    if (r.nlines < 1) {
        free(lines);
        return res->best == MOVE_NONE ? SESS_EGAMEOVER : SESS_OK;
    }
    /* each move's score misjudged by a normal error; a proven result is
     * seen as it is */
    uint64_t rng = sp.seed ^ 0x6c6576656c000000ull;
    int pick = 0;
    double top = 0;
    for (int i = 0; i < r.nlines; i++) {
        double v = lines[i].score;
        if (!lines[i].exact)
            v += d->error * normal(&rng);
        if (i == 0 || v > top) {
            top = v;
            pick = i;
        }
    }
    const struct search_line *l = &lines[pick];
    res->best = l->move;
    res->score = l->score;
    res->exact = l->exact;
    res->depth = l->depth;
    res->pvlen = l->pvlen;
    memcpy(res->pv, l->pv, (size_t)l->pvlen * sizeof(move_t));
    free(lines);
    return SESS_OK;
}

int session_genmove(struct session *s, int side, int play, struct search_result *res,
                    int (*stop)(void *), void (*report)(void *, const struct search_info *),
                    void *ctx)
{
    struct game_status gs;
    if (side >= 0 && side != s->g->side_to_move(s->st))
        return SESS_ECOLOR;
    if (session_status(s, &gs))
        return SESS_EGAMEOVER;
    if (s->level > 0) {
        int rc = session_level_move(s, res, stop, ctx);
        if (rc != SESS_OK)
            return rc;
        return play ? session_play_move(s, res->best) : SESS_OK;
    }
    struct search_params p;
    memset(&p, 0, sizeof p);
    p.depth = s->depth;
    p.nodes = s->nodes;
    p.threads = s->threads;
    p.no_book = !s->book;
    p.tables = s->tables[0] ? s->tables : NULL;
    p.seed = session_search_seed(s);
    p.stop = stop;
    p.report = report;
    p.ctx = ctx;
    session_time_budget(s, s->g->side_to_move(s->st), &p);
    if (s->nodes > 0 && p.movetime_ms == 0 && p.soft_ms == 0) {
        /* A node budget without a clock: the move is searched as in a new
         * game, its tables emptied, so that a position gets the same move
         * whatever earlier moves left in them (as the load cannot change
         * it either). What is checked position by position, a new game for
         * each (the Rastros book and walks at nodes 3000), then holds in
         * play: with the tables of its own earlier moves, genmove had thrown
         * won 7x7 positions those checks keep (bench/rastros-walk7 --carry). */
        s->engine->clear(s->engine_self);
    }
    s->engine->search(s->engine_self, s->g, s->st, &p, res);
    if (stop && res->depth < 1 && !res->exact && res->best != MOVE_NONE && stop(ctx)) {
        /* interrupted before one iteration was complete: rather than the
         * first legal move, a search too small to be noticed */
        struct search_params qp;
        memset(&qp, 0, sizeof qp);
        qp.nodes = 2000;
        qp.movetime_ms = qp.soft_ms = 20;
        qp.seed = p.seed;
        qp.threads = s->threads;
        const char *note = res->note;   /* the caller's to say, once */
        s->engine->search(s->engine_self, s->g, s->st, &qp, res);
        if (!res->note)
            res->note = note;
    }
    if (res->best == MOVE_NONE)
        return SESS_EGAMEOVER;
    if (play)
        return session_play_move(s, res->best);
    return SESS_OK;
}

/* The alpha-beta object proofs run on: the session's own when its engine
 * is alpha-beta (its tables are warm and allocated), else a new one that
 * proof_done frees. */
void *session_proof_searcher(struct session *s)
{
    return s->engine == &alphabeta_searcher ? s->engine_self :
           alphabeta_searcher.create(s->hash_mb);
}

void session_proof_done(struct session *s, void *ab)
{
    if (ab && ab != s->engine_self)
        alphabeta_searcher.destroy(ab);
}

void *session_proof_copy(struct session *s, void **st)
{
    void *ab = session_proof_searcher(s);
    *st = malloc(s->g->state_size);
    if (!ab || !*st) {
        session_proof_done(s, ab);
        free(*st);
        *st = NULL;
        return NULL;
    }
    memcpy(*st, s->st, s->g->state_size);
    return ab;
}

int session_solve(struct session *s, int (*stop)(void *), void *ctx,
                  struct session_proof *out)
{
    struct game_status gs;
    memset(out, 0, sizeof *out);
    out->best = MOVE_NONE;
    out->plies = -1;
    if (session_status(s, &gs))
        return SESS_EGAMEOVER;
    void *ab = session_proof_searcher(s);
    if (!ab)
        return SESS_ENOMEM;
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    session_solve_limits(s, &sp);
    sp.stop = stop;
    sp.ctx = ctx;
    sp.value_only = 1;          /* a loss is answered without a move */
    struct search_result r;
    int64_t t0 = now_ms();
    int solved = search_solve(ab, s->g, s->st, &sp, &r);
    if (r.note)
        snprintf(out->note, sizeof out->note, "%s", r.note);
    if (!solved) {
        session_proof_done(s, ab);
        return SESS_EUNSOLVED;
    }
    out->value = r.score > 0 ? 1 : r.score < 0 ? -1 : 0;
    out->best = out->value >= 0 ? r.best : MOVE_NONE;
    out->plies = out->value ? search_score_plies(r.score) : -1;
    out->nodes = r.nodes;
    /* else the distance, where a short search can tell it: a node budget,
     * not a clock, so that the answer is the same on every machine, within
     * what is left of solve's limits (they bound the whole command) */
    struct search_params dp;
    memset(&dp, 0, sizeof dp);
    dp.nodes = r.nodes / 8 < 100000 ? 100000 : r.nodes / 8;
    dp.no_proof = 1;            /* proved: the search tells the distance */
    dp.stop = stop;
    dp.ctx = ctx;
    int room = 1;
    if (sp.nodes) {
        uint64_t left = sp.nodes > r.nodes ? sp.nodes - r.nodes : 0;
        dp.nodes = dp.nodes < left ? dp.nodes : left;
        room = left > 0;
    }
    if (sp.movetime_ms) {
        dp.movetime_ms = sp.movetime_ms - (now_ms() - t0);
        room &= dp.movetime_ms > 0;
    }
    /* a draw has no distance to look for; a game's own solver may have
     * looked for it already */
    if (out->value != 0 && out->plies < 0 && room && !r.distance_tried) {
        struct search_result d;
        alphabeta_searcher.search(ab, s->g, s->st, &dp, &d);
        int dist = d.exact && (d.score > 0) == (out->value > 0) ? search_score_plies(d.score) :
                   -1;
        if (dist >= 0) {
            out->plies = dist;
            if (out->value > 0)
                out->best = d.best;
        }
        out->nodes += d.nodes;
    }
    session_proof_done(s, ab);
    return SESS_OK;
}

struct deadline_ctx {
    int (*stop)(void *);
    void *ctx;
    int64_t deadline;           /* 0: none */
};

static int deadline_stop(void *ctx)
{
    struct deadline_ctx *d = ctx;
    return (d->stop && d->stop(d->ctx)) || (d->deadline && now_ms() >= d->deadline);
}

int session_winning_moves(struct session *s, int (*stop)(void *), void *ctx, move_t *moves,
                          int *n)
{
    const struct game *g = s->g;
    struct game_status gs;
    *n = 0;
    if (session_status(s, &gs))
        return SESS_EGAMEOVER;
    void *st, *ab = session_proof_copy(s, &st);
    if (!ab)
        return SESS_ENOMEM;
    /* solve's limits (its default time when neither movetime nor nodes
     * is set): the time limits the whole call, nodes each proof */
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    session_solve_limits(s, &sp);
    struct deadline_ctx dc = {
        .stop = stop, .ctx = ctx, .deadline = sp.movetime_ms > 0 ? now_ms() + sp.movetime_ms : 0
    };
    sp.movetime_ms = 0;
    sp.stop = deadline_stop;
    sp.ctx = &dc;
    struct search_result r;
    /* the position first: no winning move unless it is won, and the
     * proof fills the table the moves' proofs then read */
    int ok = search_solve(ab, g, st, &sp, &r);
    if (ok && r.score > 0) {
        move_t legal[GAME_MAX_MOVES];
        int k = g->gen_moves(st, legal);
        int side = g->side_to_move(st);
        for (int i = 0; i < k && ok; i++) {
            game_undo u;
            g->make(st, legal[i], &u);
            struct game_status cs;
            g->status(st, &cs);
            int wins;
            if (cs.over) {
                wins = cs.winner == side;
            } else {
                ok = search_solve(ab, g, st, &sp, &r);
                wins = ok && r.score < 0;
            }
            g->unmake(st, legal[i], &u);
            if (ok && wins)
                moves[(*n)++] = legal[i];
        }
    }
    free(st);
    session_proof_done(s, ab);
    if (!ok)
        *n = 0;
    return ok ? SESS_OK : SESS_EUNSOLVED;
}

void session_result_text(const struct session *s, char *buf, size_t n)
{
    struct game_status gs;
    session_status(s, &gs);
    if (!gs.over)
        snprintf(buf, n, "ongoing");
    else if (gs.winner < 0)
        snprintf(buf, n, "draw: %s", gs.reason);
    else
        snprintf(buf, n, "%s wins: %s", s->g->side_names[gs.winner], gs.reason);
}

void session_score_text(int score, char *buf, size_t n)
{
    if (score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN) {
        int d = search_score_plies(score);
        if (d < 0)
            snprintf(buf, n, "%s", score > 0 ? "W" : "L");
        else
            snprintf(buf, n, "%s%d", score > 0 ? "W" : "L", d);
    } else {
        snprintf(buf, n, "%d", score);
    }
}

void session_moves_text(const struct game *g, const void *st, const move_t *moves, int k,
                        char *buf, size_t n)
{
    size_t pos = 0;
    if (n)
        buf[0] = '\0';
    for (int i = 0; i < k; i++) {
        char mt[64];
        g->format_move(st, moves[i], mt, sizeof mt);
        buf_printf(buf, n, &pos, "%s%s", i ? " " : "", mt);
    }
}

void session_pv_text(const struct game *g, const void *st, const move_t *pv, int len,
                     char *buf, size_t n)
{
    unsigned char copy[g->state_size];
    size_t pos = 0;
    memcpy(copy, st, g->state_size);
    buf[0] = '\0';
    for (int i = 0; i < len; i++) {
        move_t legal[GAME_MAX_MOVES];
        int k = g->gen_moves(copy, legal), ok = 0;
        for (int j = 0; j < k; j++)
            ok |= legal[j] == pv[i];
        if (!ok)
            break;
        char mt[64];
        g->format_move(copy, pv[i], mt, sizeof mt);
        buf_printf(buf, n, &pos, "%s%s", i ? " " : "", mt);
        game_undo u;
        g->make(copy, pv[i], &u);
    }
}

void session_variant(const struct session *s, char *buf, size_t n)
{
    s->g->format_variant(s->st, buf, n);
}
