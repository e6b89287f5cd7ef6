/* session_analysis.c -- what the engine knows, told to a person: the moves
 * ranked by value (hint), a move judged against the best (the shell's
 * tutor) and the review of a game. Policy for
 * every front end; knows the session, struct game and the searchers'
 * interface, nothing of protocols or terminals. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "session.h"
#include "util.h"

/* ------------------------------------------------------------- values */

void session_value_text(const struct session_value *v, char *buf, size_t n)
{
    if (!v->exact)
        snprintf(buf, n, "%d", v->score);
    else if (v->value == 0)
        snprintf(buf, n, "D");
    else if (v->plies >= 0)
        snprintf(buf, n, "%c%d", v->value > 0 ? 'W' : 'L', v->plies);
    else
        snprintf(buf, n, "%c", v->value > 0 ? 'W' : 'L');
}

static char value_letter(int value)
{
    return value > 0 ? 'W' : value < 0 ? 'L' : 'D';
}

void session_loss_text(const struct session_value *best, const struct session_value *v,
                       char *buf, size_t n)
{
    if (best->exact && v->exact) {
        if (v->value >= best->value)
            snprintf(buf, n, "0");
        else
            snprintf(buf, n, "%c>%c", value_letter(best->value), value_letter(v->value));
    } else if (!best->exact && !v->exact) {
        snprintf(buf, n, "%d", best->score > v->score ? best->score - v->score : 0);
    } else {
        snprintf(buf, n, "?");
    }
}

/* A value as one number, for ranking: a win by its length (the shorter the
 * better), a loss likewise (the longer the better), a draw 0, a search
 * score itself. */
static int value_key(const struct session_value *v)
{
    if (!v->exact)
        return v->score;
    if (v->value == 0)
        return 0;
    int len = v->plies >= 0 ? v->plies : SEARCH_UNKNOWN_PLIES;
    return v->value > 0 ? SCORE_WIN - len : -(SCORE_WIN - len);
}

/* The value a search score tells: a win or a loss the search proved, a
 * draw of a search that saw the whole tree, else the score. */
static struct session_value from_score(int score, int exact, int depth)
{
    struct session_value v;
    memset(&v, 0, sizeof v);
    v.plies = -1;
    if (score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN) {
        v.exact = 1;
        v.value = score > 0 ? 1 : -1;
        v.plies = search_plies_within(score, depth);
    } else if (exact && score == 0) {
        v.exact = 1;
    } else {
        v.score = score;
        v.depth = depth;
    }
    return v;
}

/* What a move is worth to its mover, from the value of the position it
 * leads to (the opponent's view). */
static struct session_value flip(const struct session_value *c)
{
    struct session_value v = *c;
    if (c->exact) {
        v.value = -c->value;
        v.plies = c->plies >= 0 ? c->plies + 1 : -1;
    } else {
        v.score = -c->score;
    }
    return v;
}

/* Words for a comment: "win in 21 plies", "draw", "score -120". */
static void value_words(const struct session_value *v, char *buf, size_t n)
{
    if (!v->exact)
        snprintf(buf, n, "score %d", v->score);
    else if (v->value == 0)
        snprintf(buf, n, "draw");
    else if (v->plies >= 0)
        snprintf(buf, n, "%s in %d %s", v->value > 0 ? "win" : "loss", v->plies,
                 v->plies == 1 ? "ply" : "plies");
    else
        snprintf(buf, n, "%s", v->value > 0 ? "win" : "loss");
}

const char *session_mark_text(int mark)
{
    switch (mark) {
    case SESSION_MARK_ONLY: return "!";
    case SESSION_MARK_MISTAKE: return "?";
    case SESSION_MARK_BLUNDER: return "??";
    default: return "";
    }
}

/* ------------------------------------------------------------ budgets */

/* What a command may spend: its stop callback, a deadline, and the nodes
 * spent so far. */
struct budget {
    int (*stop)(void *);
    void *ctx;
    int64_t deadline;           /* 0: none */
    uint64_t used;
    int stopped;
};

static int budget_over(struct budget *b)
{
    if (!b->stopped && ((b->stop && b->stop(b->ctx)) ||
                        (b->deadline && now_ms() >= b->deadline)))
        b->stopped = 1;
    return b->stopped;
}

/* The time left before until (0: none), for a search's movetime: at least
 * 1 ms. */
static int64_t ms_left(int64_t until)
{
    if (!until)
        return 0;
    int64_t left = until - now_ms();
    return left > 0 ? left : 1;
}

/* The position's value when it is over. */
static int over_value(const struct game *g, const void *st, struct session_value *v)
{
    struct game_status gs;
    g->status(st, &gs);
    if (!gs.over)
        return 0;
    memset(v, 0, sizeof *v);
    v->exact = 1;
    v->value = gs.winner < 0 ? 0 : gs.winner == g->side_to_move(st) ? 1 : -1;
    v->plies = 0;
    return 1;
}

/* Proves st (restored before returning) within nodes and until (0: no
 * deadline): 1 with *v and *best set, 0 when no proof came within them.
 * With dist_nodes, a proven win or loss whose length the proof did not tell
 * gets a short search for it, as solve's. */
static int prove(struct session *s, void *ab, void *st, uint64_t nodes, int64_t until,
                 uint64_t dist_nodes, struct budget *b, struct session_value *v, move_t *best)
{
    const struct game *g = s->g;
    *best = MOVE_NONE;
    if (over_value(g, st, v))
        return 1;
    memset(v, 0, sizeof *v);
    v->plies = -1;
    if (budget_over(b) || nodes == 0 || (until && now_ms() >= until))
        return 0;
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    sp.nodes = nodes;
    sp.movetime_ms = ms_left(until);
    sp.threads = s->threads;
    sp.no_book = !s->book;
    sp.tables = s->tables[0] ? s->tables : NULL;
    sp.stop = b->stop;
    sp.ctx = b->ctx;
    struct search_result r;
    int ok = search_solve(ab, g, st, &sp, &r);
    b->used += r.nodes;
    if (!ok)
        return 0;
    v->exact = 1;
    v->value = r.score > 0 ? 1 : r.score < 0 ? -1 : 0;
    v->plies = v->value ? search_score_plies(r.score) : -1;
    *best = r.best;
    if (v->value && v->plies < 0 && dist_nodes && !r.distance_tried && !budget_over(b)) {
        struct search_params dp;
        memset(&dp, 0, sizeof dp);
        dp.nodes = dist_nodes;
        dp.movetime_ms = ms_left(until);
        dp.no_proof = 1;
        dp.stop = b->stop;
        dp.ctx = b->ctx;
        struct search_result d;
        alphabeta_searcher.search(ab, g, st, &dp, &d);
        b->used += d.nodes;
        int dist = d.exact && (d.score > 0) == (v->value > 0) ? search_plies_within(d.score, d.depth)
                                                               : -1;
        if (dist >= 0) {
            /* with its move: the quickest win, the longest defence (a
             * lost position's proof names any move) */
            v->plies = dist;
            *best = d.best;
        }
    }
    return 1;
}

/* A heuristic search of st's moves in root_moves (all when NULL), lines
 * of them (at most want) into lines: the number filled. */
static int search_lines(struct session *s, void *ab, void *st, const move_t *root_moves,
                        int nroot, int want, uint64_t nodes, int64_t until, struct budget *b,
                        struct search_line *lines)
{
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    sp.depth = s->depth;
    sp.nodes = nodes;
    sp.movetime_ms = ms_left(until);
    sp.root_moves = root_moves;
    sp.nroot_moves = nroot;
    sp.multipv = want;
    sp.lines = lines;
    sp.seed = session_search_seed(s);
    sp.stop = b->stop;
    sp.ctx = b->ctx;
    struct search_result r;
    alphabeta_searcher.search(ab, s->g, st, &sp, &r);
    b->used += r.nodes;
    /* a search stop() cut short stops the command too: a review must not
     * go on judging with searches that each stop at once */
    budget_over(b);
    return r.nlines;
}

/* ------------------------------------------------------------ ranking */

/* Sorts r[0..n) by key, best first, keeping the order of equals. */
static void rank_sort(struct session_ranked *r, int *key, int n)
{
    for (int i = 1; i < n; i++) {
        struct session_ranked x = r[i];
        int k = key[i], j = i - 1;
        while (j >= 0 && key[j] < k) {
            r[j + 1] = r[j];
            key[j + 1] = key[j];
            j--;
        }
        r[j + 1] = x;
        key[j + 1] = k;
    }
}

int session_rank_moves(struct session *s, int want, int (*stop)(void *), void *ctx,
                       struct session_ranked *out, int *nout)
{
    const struct game *g = s->g;
    struct game_status gs;
    *nout = 0;
    if (session_status(s, &gs))
        return SESS_EGAMEOVER;
    move_t moves[GAME_MAX_MOVES], unproven[GAME_MAX_MOVES];
    int n = g->gen_moves(s->st, moves);
    if (want <= 0 || want > n)
        want = n;
    void *ab = session_proof_searcher(s);
    void *st = malloc(g->state_size);
    struct search_line *lines = malloc((size_t)n * sizeof *lines);
    int *key = malloc((size_t)n * sizeof *key);
    if (!ab || !st || !lines || !key) {
        session_proof_done(s, ab);
        free(st);
        free(lines);
        free(key);
        return SESS_ENOMEM;
    }
    memcpy(st, s->st, g->state_size);

    /* genmove's budget: the nodes option, else the clock or movetime, else
     * alpha-beta's default node budget; proofs take up to half of it */
    struct search_params lim;
    memset(&lim, 0, sizeof lim);
    session_time_budget(s, g->side_to_move(st), &lim);
    uint64_t total = s->nodes ? s->nodes : lim.movetime_ms ? 0 :
                     alphabeta_searcher.default_nodes;
    int64_t t0 = now_ms();
    int64_t until = lim.movetime_ms ? t0 + lim.movetime_ms : 0;
    int64_t proof_until = lim.movetime_ms ? t0 + lim.movetime_ms / 2 : 0;
    uint64_t pool = total ? total / 2 : UINT64_MAX / 4;
    struct budget b = { .stop = stop, .ctx = ctx };

    /* a game with neither exact values nor a solver of its own proves
     * only the ends of games (the generic proof would spend the budget on
     * lines that run out) */
    if (!g->exact_value && !g->solve)
        pool = 0;
    /* the position first: its value bounds every move's, and its proof
     * fills the table the moves' proofs read */
    struct session_value pos;
    move_t pbest;
    int pos_proven = prove(s, ab, st, pool / 2, proof_until ? t0 + lim.movetime_ms / 4 : 0,
                           0, &b, &pos, &pbest);
    /* the proof's move first among equals */
    for (int i = 1; i < n && pos_proven; i++)
        if (moves[i] == pbest) {
            memmove(moves + 1, moves, (size_t)i * sizeof *moves);
            moves[0] = pbest;
            break;
        }
    int nr = 0, nu = 0;
    for (int i = 0; i < n; i++) {
        int left = n - i;
        uint64_t room = pool > b.used ? pool - b.used : 0;
        uint64_t cap = room / (uint64_t)left;
        /* a position too hard to prove: its moves get a quick try only */
        if (!pos_proven && cap > SESSION_QUICK_PROOF_NODES)
            cap = SESSION_QUICK_PROOF_NODES;
        int64_t cu = proof_until ? now_ms() + ms_left(proof_until) / left : 0;
        game_undo u;
        struct session_value cv;
        move_t cb;
        g->make(st, moves[i], &u);
        int ok = prove(s, ab, st, cap, cu, cap / 4 < 100000 ? cap / 4 : 100000, &b, &cv, &cb);
        g->unmake(st, moves[i], &u);
        if (ok) {
            out[nr].move = moves[i];
            out[nr].v = flip(&cv);
            nr++;
        } else if (pos_proven && moves[i] == pbest && pos.value >= 0) {
            /* the move the position's proof names keeps its value (from
             * the book, a stored strategy or a table, where the move's own
             * proof did not fit in its share) */
            out[nr].move = moves[i];
            out[nr].v = pos;
            nr++;
        } else if (pos_proven && pos.value < 0) {
            /* every move of a lost position loses */
            memset(&out[nr].v, 0, sizeof out[nr].v);
            out[nr].move = moves[i];
            out[nr].v.exact = 1;
            out[nr].v.value = -1;
            out[nr].v.plies = -1;
            nr++;
        } else {
            unproven[nu++] = moves[i];
        }
    }
    for (int i = 0; i < nr; i++)
        key[i] = value_key(&out[i].v);
    /* the others by search, with what the proofs left */
    if (nu > 0) {
        uint64_t nodes = 0;
        if (total)
            nodes = total > b.used + total / 4 ? total - b.used : total / 4;
        int64_t su = until && until - now_ms() < lim.movetime_ms / 4 ?
                     now_ms() + lim.movetime_ms / 4 : until;
        int k = search_lines(s, ab, st, unproven, nu, nu < want ? nu : want, nodes, su, &b,
                             lines);
        for (int i = 0; i < k; i++) {
            out[nr].move = lines[i].move;
            out[nr].v = from_score(lines[i].score, lines[i].exact, lines[i].depth);
            key[nr] = value_key(&out[nr].v);
            /* in a proven draw a move not proven to draw may lose: below
             * the proven draws */
            if (pos_proven && pos.value == 0 && !out[nr].v.exact && key[nr] >= 0)
                key[nr] = -1;
            nr++;
        }
    }
    rank_sort(out, key, nr);
    *nout = nr < want ? nr : want;
    session_proof_done(s, ab);
    free(st);
    free(lines);
    free(key);
    return SESS_OK;
}

/* ------------------------------------------------------------ analyze */

struct analyze_ctx {
    int (*stop)(void *);
    void (*report)(void *, const struct search_info *);
    void *ctx;
    int proven;
};

static int analyze_stop(void *ctx)
{
    struct analyze_ctx *a = ctx;
    return a->proven || (a->stop && a->stop(a->ctx));
}

static void analyze_report(void *ctx, const struct search_info *info)
{
    struct analyze_ctx *a = ctx;
    int plies = search_score_plies(info->score);
    if (a->proven)
        return;                 /* (an iteration that ended before the stop) */
    if (a->report)
        a->report(a->ctx, info);
    /* a proven value of known length within the depth searched cannot get
     * better (a search that saw the whole tree ends by itself) */
    if (info->exact && plies >= 0 && plies <= info->depth)
        a->proven = 1;
}

int session_analyze(struct session *s, int (*stop)(void *),
                    void (*report)(void *, const struct search_info *), void *ctx)
{
    const struct game *g = s->g;
    struct game_status gs;
    if (session_status(s, &gs))
        return 0;
    /* (as hint's: only games with exact values or a solver of their own) */
    void *ab = g->exact_value || g->solve ? session_proof_searcher(s) : NULL;
    if (ab) {
        struct budget b = { .stop = stop, .ctx = ctx };
        struct session_value v;
        move_t best;
        int64_t t0 = now_ms();
        if (prove(s, ab, s->st, SESSION_QUICK_PROOF_NODES, 0, 2 * SESSION_QUICK_PROOF_NODES, &b,
                  &v, &best)) {
            struct search_info info;
            memset(&info, 0, sizeof info);
            info.exact = 1;
            info.score = v.value == 0 ? 0 : v.value > 0 ?
                         SCORE_WIN - (v.plies >= 0 ? v.plies : SEARCH_UNKNOWN_PLIES) :
                         -(SCORE_WIN - (v.plies >= 0 ? v.plies : SEARCH_UNKNOWN_PLIES));
            info.nodes = b.used;
            info.time_ms = now_ms() - t0;
            info.pvlen = best != MOVE_NONE;
            info.pv[0] = best;
            if (report)
                report(ctx, &info);
            session_proof_done(s, ab);
            return 1;
        }
        session_proof_done(s, ab);
    }
    struct analyze_ctx a = { .stop = stop, .report = report, .ctx = ctx };
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    sp.infinite = 1;
    sp.threads = s->threads;
    sp.tables = s->tables[0] ? s->tables : NULL;
    sp.no_book = !s->book;
    sp.seed = session_search_seed(s);
    sp.stop = analyze_stop;
    sp.report = analyze_report;
    sp.ctx = &a;
    struct search_result r;
    s->engine->search(s->engine_self, g, s->st, &sp, &r);
    return a.proven || r.exact;
}

/* ------------------------------------------------------------ judging */

/* A review's limits for one position. */
struct review_limits {
    uint64_t proof_nodes, search_nodes;
    int64_t per_ms;             /* 0: none */
};

static void review_limits(const struct session *s, struct review_limits *l)
{
    l->proof_nodes = s->nodes ? s->nodes : SESSION_REVIEW_PROOF_NODES;
    if (!s->g->exact_value && !s->g->solve)
        l->proof_nodes = 0;     /* only the ends of games (see hint's) */
    l->search_nodes = s->nodes ? s->nodes : SESSION_REVIEW_SEARCH_NODES;
    l->per_ms = s->movetime_ms;
}

static int64_t until_of(const struct review_limits *l)
{
    return l->per_ms ? now_ms() + l->per_ms : 0;
}

/* Is m the only move of st (restored) that keeps the proven value v (a
 * win or a draw)? Every other move must be proven to lose it. */
static int only_move(struct session *s, void *ab, void *st, move_t m,
                     const struct session_value *v, const struct review_limits *l,
                     struct budget *b)
{
    const struct game *g = s->g;
    move_t moves[GAME_MAX_MOVES];
    int n = g->gen_moves(st, moves);
    if (n < 2 || v->value < 0)
        return 0;
    int64_t until = until_of(l);
    for (int i = 0; i < n; i++) {
        if (moves[i] == m)
            continue;
        game_undo u;
        struct session_value cv;
        move_t cb;
        g->make(st, moves[i], &u);
        int ok = prove(s, ab, st, l->proof_nodes / 4, until, 0, &b[0], &cv, &cb);
        g->unmake(st, moves[i], &u);
        if (!ok || -cv.value >= v->value)
            return 0;
    }
    return 1;
}

double session_expected(const struct game *g, int score)
{
    return 1.0 / (1.0 + pow(10.0, -(double)score / game_score_scale(g)));
}

int session_mark_of_scores(const struct game *g, int best, int played)
{
    /* the drop of the expected result, in hundredths */
    double drop = 100 * (session_expected(g, best) - session_expected(g, played));
    return drop >= SESSION_BLUNDER_LOSS   ? SESSION_MARK_BLUNDER
           : drop >= SESSION_MISTAKE_LOSS ? SESSION_MARK_MISTAKE
                                          : SESSION_MARK_NONE;
}

static void set_mark_by_search(const struct game *g, struct session_judgement *j)
{
    const struct session_value *bv = &j->best, *pv = &j->played;
    j->mark = SESSION_MARK_NONE;
    if (bv->exact && pv->exact) {
        if (pv->value < bv->value)
            j->mark = SESSION_MARK_BLUNDER;
        return;
    }
    if ((bv->exact && bv->value > 0) || (pv->exact && pv->value < 0)) {
        /* a forced win (by search) not kept, or a forced loss walked into */
        j->mark = SESSION_MARK_BLUNDER;
        return;
    }
    if (bv->exact || pv->exact)
        return;                 /* a proven draw against a score: no measure */
    j->mark = session_mark_of_scores(g, bv->score, pv->score);
}

/* Judges move m of st (restored) by search: the best move's line, then the
 * played move's when it is another. */
static void judge_by_search(struct session *s, void *ab, void *st, move_t m,
                            const struct review_limits *l, struct budget *b,
                            struct session_judgement *j)
{
    struct search_line line;
    int64_t until = until_of(l);
    int k = search_lines(s, ab, st, NULL, 0, 1, l->search_nodes, until, b, &line);
    if (k < 1)
        return;
    j->best_move = line.move;
    j->best = from_score(line.score, line.exact, line.depth);
    if (line.move == m) {
        j->played = j->best;
    } else {
        k = search_lines(s, ab, st, &m, 1, 1, l->search_nodes, until, b, &line);
        if (k < 1)
            return;
        j->played = from_score(line.score, line.exact, line.depth);
        /* the same search saw the played move better than its best: the
         * deeper look stands */
        if (value_key(&j->played) > value_key(&j->best)) {
            j->best = j->played;
            j->best_move = m;
        }
    }
    set_mark_by_search(s->g, j);
}

static void judgement_init(const struct game *g, const void *st, int ply, move_t m,
                           struct session_judgement *j)
{
    memset(j, 0, sizeof *j);
    j->ply = ply;
    j->side = g->side_to_move(st);
    j->move = m;
    j->best_move = MOVE_NONE;
    j->played.plies = j->best.plies = -1;
    g->format_move(st, m, j->text, sizeof j->text);
}

/* Whether st has a single legal move. */
static int forced(const struct game *g, void *st)
{
    move_t moves[GAME_MAX_MOVES];
    return g->gen_moves(st, moves) == 1;
}

static void best_is_played(struct session_judgement *j)
{
    j->best = j->played;
    j->best_move = j->move;
}

/* The best move a review names for j, whose j->best is the best known
 * (the position's proven value, or the search's best line) with bm its
 * move, and j->played the move's value: the move played where it is known
 * to be as good, else bm (the move played, where it is bm, gets bm's
 * length where its own is not known). The one rule of every front end's
 * words (the protocol's BEST, the shell's, the tutor's, the record's
 * comments): a move is named the best only where that is known. Among
 * wins (losses) the best is the quickest (the longest defence), and a
 * budget proves a value before its length: where the position's length or
 * the move's is not known, the move played is not named the best, and
 * where it keeps the value no other move is either (MOVE_NONE), the best
 * value being that value without a length ("W", "L"). A review said "d2
 * L18, best d2 L18" on 6x6 after c3 at nodes 20000, where d3 and c4 hold
 * out 26 plies (a QA pass). */
static void name_best(struct session_judgement *j, move_t bm, int sole)
{
    struct session_value *pv = &j->played;
    const struct session_value *bv = &j->best;
    j->best_move = bm;
    if (pv->exact && bv->exact && pv->value == bv->value) {
        /* the best known's own move, or the only one: its length is the
         * move's, and the move's the position's */
        if ((bm == j->move || sole) && pv->plies < 0)
            pv->plies = bv->plies;
        if (sole && bv->plies < 0)
            j->best.plies = pv->plies;
    }
    /* the only move (that keeps the value), a win at once: none better */
    if ((sole && (!bv->exact || pv->value == bv->value)) ||
        (pv->exact && pv->value > 0 && pv->plies == 1)) {
        best_is_played(j);
        return;
    }
    if (!pv->exact || pv->value == 0) {
        if (value_key(pv) >= value_key(bv))
            best_is_played(j);  /* a score, a draw: by value */
        return;
    }
    if (bv->exact && bv->value == pv->value) {
        if (pv->plies >= 0 && bv->plies >= 0) {
            if (value_key(pv) >= value_key(bv))
                best_is_played(j);
            return;             /* else bm, of the length known */
        }
        if (bv->plies >= 0)
            return;             /* bm, of the length known, the move's not */
    } else if (value_key(pv) < value_key(bv)) {
        return;                 /* worse than the best known */
    }
    /* the best value known, but not which move wins quickest (or loses
     * slowest) */
    j->best = *pv;
    j->best.plies = -1;
    j->best_move = MOVE_NONE;
}

/* Judges the move of st to after (both proven or not: pos and child, with
 * pbest the proof's move), filling j. */
static void judge(struct session *s, void *ab, void *st, move_t m, int pos_ok,
                  const struct session_value *pos, move_t pbest, int child_ok,
                  const struct session_value *child, const struct review_limits *l,
                  struct budget *b, struct session_judgement *j)
{
    const struct game *g = s->g;
    if (pos_ok && child_ok) {
        j->best = *pos;
        j->best_move = pbest;
        j->played = flip(child);
        if (j->played.value < pos->value)
            j->mark = SESSION_MARK_BLUNDER;
        else if (only_move(s, ab, st, m, pos, l, b))
            j->mark = SESSION_MARK_ONLY;
        if (j->played.value == pos->value)
            name_best(j, pbest, j->mark == SESSION_MARK_ONLY || forced(g, st));
    } else {
        judge_by_search(s, ab, st, m, l, b, j);
        if (child_ok) {
            /* the position after the move proven where the one before is
             * not (a review proves each): that is the move's value, the
             * best where name_best says so. A review marked a winning
             * move a mistake by the search's scores ("d3 ? -80, d4 40" on
             * 6x6 from c3 at nodes 20000), and gave it a length taken from
             * the reply played, not the best defence (W23 for a W27): a QA
             * pass. */
            j->played = flip(child);
            name_best(j, j->best_move, forced(g, st));
            set_mark_by_search(g, j);
        }
    }
    if (j->best_move != MOVE_NONE)
        g->format_move(st, j->best_move, j->best_text, sizeof j->best_text);
}

int session_judge_move(struct session *s, move_t m, int (*stop)(void *), void *ctx,
                       struct session_judgement *j)
{
    const struct game *g = s->g;
    struct game_status gs;
    if (session_status(s, &gs))
        return SESS_EGAMEOVER;
    move_t moves[GAME_MAX_MOVES];
    int n = g->gen_moves(s->st, moves), legal = 0;
    for (int i = 0; i < n; i++)
        legal |= moves[i] == m;
    if (!legal)
        return SESS_EILLEGAL;
    void *st, *ab = session_proof_copy(s, &st);
    if (!ab)
        return SESS_ENOMEM;
    struct review_limits l;
    review_limits(s, &l);
    struct budget b = { .stop = stop, .ctx = ctx };
    judgement_init(g, st, s->nmoves, m, j);
    struct session_value pos, child;
    move_t pbest, cb;
    int pos_ok = prove(s, ab, st, l.proof_nodes, until_of(&l), l.proof_nodes / 8, &b, &pos,
                       &pbest);
    game_undo u;
    g->make(st, m, &u);
    int child_ok = pos_ok && prove(s, ab, st, l.proof_nodes, until_of(&l), l.proof_nodes / 8,
                                   &b, &child, &cb);
    g->unmake(st, m, &u);
    judge(s, ab, st, m, pos_ok, &pos, pbest, child_ok, &child, &l, &b, j);
    session_proof_done(s, ab);
    free(st);
    return SESS_OK;
}

/* ------------------------------------------------------------- review */

void session_review_free(struct session_review *r)
{
    free(r->moves);
    r->moves = NULL;
    r->n = 0;
}

/* The word a review's comment starts with, by mark (then ": "). */
static const char *const mark_word[] = {
    [SESSION_MARK_ONLY] = "only move",
    [SESSION_MARK_MISTAKE] = "mistake",
    [SESSION_MARK_BLUNDER] = "blunder",
};

/* The note a judgement leaves in the record: its NAG and a comment. */
static void note_of(const struct session_judgement *j, uint64_t hash, struct session_note *nt)
{
    char pv[40], bv[40];
    memset(nt, 0, sizeof *nt);
    nt->hash = hash;
    nt->move = j->move;
    value_words(&j->played, pv, sizeof pv);
    value_words(&j->best, bv, sizeof bv);
    switch (j->mark) {
    case SESSION_MARK_ONLY:
        nt->nag = 1;
        snprintf(nt->comment, sizeof nt->comment, "%s: %s", mark_word[j->mark], pv);
        break;
    case SESSION_MARK_MISTAKE:
    case SESSION_MARK_BLUNDER:
        nt->nag = j->mark == SESSION_MARK_MISTAKE ? 2 : 4;
        if (j->best_move != MOVE_NONE)
            snprintf(nt->comment, sizeof nt->comment, "%s: %s; best %s, %s", mark_word[j->mark],
                     pv, j->best_text, bv);
        else
            snprintf(nt->comment, sizeof nt->comment, "%s: %s", mark_word[j->mark], pv);
        break;
    default:
        break;
    }
}

int session_review_words(const char *text)
{
    for (size_t m = 1; text && m < sizeof mark_word / sizeof *mark_word; m++) {
        size_t len = strlen(mark_word[m]);
        if (!strncmp(text, mark_word[m], len) && text[len] == ':' && text[len + 1] == ' ')
            return 1;
    }
    return 0;
}

int session_review(struct session *s, int (*stop)(void *), void *ctx,
                   struct session_review *out)
{
    const struct game *g = s->g;
    size_t sz = g->state_size;
    int n = s->nmoves;
    memset(out, 0, sizeof *out);
    void *ab = session_proof_searcher(s);
    /* from empty tables, as after loadgame: the same game gets the same
     * review whatever was searched before it (a review, a hint, the moves
     * of the game played against the engine had changed its marks) */
    if (ab && ab == s->engine_self)
        s->engine->clear(ab);
    void *st = malloc(sz);
    struct session_value *val = malloc(((size_t)n + 1) * sizeof *val);
    move_t *best = malloc(((size_t)n + 1) * sizeof *best);
    char *ok = calloc((size_t)n + 1, 1);
    struct session_note *notes = calloc((size_t)n + 1, sizeof *notes);
    out->moves = calloc((size_t)n + 1, sizeof *out->moves);
    if (!ab || !st || !val || !best || !ok || !notes || !out->moves) {
        session_proof_done(s, ab);
        free(st);
        free(val);
        free(best);
        free(ok);
        free(notes);
        session_review_free(out);
        return SESS_ENOMEM;
    }
    struct review_limits l;
    review_limits(s, &l);
    struct budget b = { .stop = stop, .ctx = ctx };
    /* the positions' values, from the end back (the endgame's proofs fill
     * the table the earlier ones read) */
    for (int i = n; i >= 0 && !budget_over(&b); i--) {
        memcpy(st, i < n ? s->snaps + (size_t)i * sz : s->st, sz);
        ok[i] = (char)prove(s, ab, st, l.proof_nodes, until_of(&l), l.proof_nodes / 8, &b,
                            &val[i], &best[i]);
    }
    int k = 0;
    out->exact = 1;
    for (int i = 0; i < n && !b.stopped; i++) {
        struct session_judgement *j = &out->moves[i];
        memcpy(st, s->snaps + (size_t)i * sz, sz);
        judgement_init(g, st, i, s->moves[i].move, j);
        judge(s, ab, st, j->move, ok[i], &val[i], best[i], ok[i + 1], &val[i + 1], &l, &b, j);
        if (b.stopped)
            break;
        /* a length the judgement found for the move (its best line's, the
         * position's where it is the proof's move or the only one) is the
         * next position's, proven without one: the next move is judged
         * against it (the proof's move is then of no known length) */
        if (ok[i + 1] && val[i + 1].plies < 0 && j->played.exact && j->played.plies > 0 &&
            j->played.value == -val[i + 1].value) {
            val[i + 1].plies = j->played.plies - 1;
            best[i + 1] = MOVE_NONE;
        }
        out->exact &= ok[i] && ok[i + 1];
        struct session_review_side *sd = &out->side[j->side];
        sd->moves++;
        sd->only += j->mark == SESSION_MARK_ONLY;
        sd->mistakes += j->mark == SESSION_MARK_MISTAKE;
        sd->blunders += j->mark == SESSION_MARK_BLUNDER;
        note_of(j, g->hash(st), &notes[i]);
        k = i + 1;
    }
    /* a searched move's value as the next position's search saw it, when
     * that one proved it (a forced loss the search from before the move
     * did not reach): the deeper look stands */
    for (int i = k - 2; i >= 0; i--) {
        struct session_judgement *j = &out->moves[i];
        const struct session_judgement *next = &out->moves[i + 1];
        if (ok[i + 1] || j->played.exact || !next->best.exact)
            continue;
        struct session_review_side *sd = &out->side[j->side];
        sd->mistakes -= j->mark == SESSION_MARK_MISTAKE;
        sd->blunders -= j->mark == SESSION_MARK_BLUNDER;
        j->played = flip(&next->best);
        if (j->best_move == j->move)
            j->best = j->played;
        set_mark_by_search(g, j);
        sd->mistakes += j->mark == SESSION_MARK_MISTAKE;
        sd->blunders += j->mark == SESSION_MARK_BLUNDER;
        memcpy(st, s->snaps + (size_t)i * sz, sz);
        note_of(j, g->hash(st), &notes[i]);
    }
    out->n = k;
    out->stopped = b.stopped;
    out->nodes = b.used;
    if (k < n)
        out->exact = 0;
    /* What the game's notes had (a loaded record's comments and NAGs, an
     * earlier review's marks) stays: a reviewed move keeps its comment,
     * and its NAG unless the review marks it, but not an earlier review's
     * words read back from a record; a move the review did not reach (it
     * was stopped) keeps its note whole. */
    int kept = k;
    for (int i = 0; i < s->nnotes && i < n; i++) {
        struct session_note *o = &s->notes[i];
        if (session_move_note(s, i) != o)
            continue;
        if (i >= k) {
            notes[i] = *o;
        } else if (session_review_words(o->text)) {
            /* an earlier review's words, read back: this review's stand
             * in their place, with its NAG (one review's words a move) */
            free(o->text);
        } else {
            notes[i].text = o->text;
            if (!notes[i].nag)
                notes[i].nag = o->nag;
        }
        o->text = NULL;
        if (i + 1 > kept)
            kept = i + 1;
    }
    session_notes_free(s->notes, s->nnotes);
    s->notes = notes;
    s->nnotes = kept;
    session_proof_done(s, ab);
    free(st);
    free(val);
    free(best);
    free(ok);
    return SESS_OK;
}
