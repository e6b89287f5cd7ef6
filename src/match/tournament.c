/* tournament.c -- tabula-match: the tournament driver: the schedule run by
 * worker threads, the results and records files, resume and merge, the
 * SPRT stop and the summary. Plays no game itself (referee.c does) and
 * sends no engine a command; it only stops the engines its workers leave. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "match/match.h"
#include "match/match_int.h"
#include "record.h"
#include "util.h"

/* Adds one finished game to the score; called with the lock held or
 * before the workers start. */
static void tally(struct tour *t, int slot, int winner)
{
    const struct match_slot *s = &t->slots[slot];
    struct pair_score *ps = &t->score[s->pair];
    if (winner < 0)
        ps->d++;
    else if ((winner == 0 ? s->first : s->second) == t->pairs[s->pair].a)
        ps->w++;
    else
        ps->l++;
    t->done[slot] = 1;
}

static void sprt_check(struct tour *t)
{
    const struct match_config *c = t->c;
    if (!c->sprt || t->npairs != 1)
        return;
    struct match_sprt sp;
    match_sprt_eval(t->score[0].w, t->score[0].l, t->score[0].d, c->elo0,
                    c->elo1, c->alpha, c->beta, &sp);
    if (sp.state != SPRT_CONTINUE)
        t->stop = 1;
}

static void finish_game(struct tour *t, int slot, struct match_result *res,
                        struct game_record *rec)
{
    const struct match_config *c = t->c;
    char line[512];
    pthread_mutex_lock(&t->mu);
    match_format_result(res, line, sizeof line);
    if (t->results_f) {
        fputs(line, t->results_f);
        if (fflush(t->results_f))
            t->write_error = 1;
    }
    if (t->records_f) {
        if (record_write(t->records_f, rec) || fflush(t->records_f))
            t->write_error = 1;
    }
    tally(t, slot, res->winner);
    t->finished++;
    if (!c->quiet) {
        fprintf(c->out, "Finished game %d (%s vs %s): %s {%s}, %d plies "
                "[%d/%d]\n", res->index, res->first, res->second,
                match_result_string(res->winner), res->reason, res->plies,
                t->finished, t->ntodo);
        fflush(c->out);
    }
    sprt_check(t);
    pthread_mutex_unlock(&t->mu);
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct tour *t = w->t;
    struct match_result res;
    struct game_record rec;
    record_init(&rec);
    for (;;) {
        pthread_mutex_lock(&t->mu);
        int k = -1;
        if (!t->stop && t->next < t->ntodo)
            k = t->todo[t->next++];
        pthread_mutex_unlock(&t->mu);
        if (k < 0)
            break;
        match_play_game(w, &t->slots[k], &res, &rec);
        finish_game(t, k, &res, &rec);
        record_free(&rec);
    }
    for (int i = 0; i < 2; i++)
        eng_stop(&w->eng[i]);
    return NULL;
}

/* ---- set-up ---- */

static int game_usable(const struct game *g)
{
    return g->init && g->parse_position && g->format_position &&
           g->side_to_move && g->gen_moves && g->make && g->unmake &&
           g->status && g->parse_move && g->format_move && g->state_size;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    size_t i = 0;
    while (s[i] && isspace((unsigned char)s[i]))
        i++;
    memmove(s, s + i, n - i + 1);
}

static int add_opening(struct tour *t, const char *pos)
{
    char **o = realloc(t->openings, (size_t)(t->nopenings + 1) * sizeof *o);
    if (!o)
        return -1;
    t->openings = o;
    if (!(o[t->nopenings] = strdup(pos)))
        return -1;
    t->nopenings++;
    return 0;
}

static int load_openings(struct tour *t, void *st, const char *const *optv)
{
    const struct match_config *c = t->c;
    const struct game *g = t->g;
    FILE *f = fopen(c->openings_file, "r");
    char err[256], *line = NULL;
    size_t cap = 0;
    int lineno = 0, ret = 0;
    if (!f) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->openings_file,
                strerror(errno));
        return 2;
    }
    while (getline(&line, &cap, f) >= 0) {
        lineno++;
        trim(line);
        if (!line[0] || line[0] == '#')
            continue;
        struct game_status gs;
        err[0] = 0;
        g->init(st, c->nopts, optv, err, sizeof err);
        if (g->parse_position(st, line, err, sizeof err) != GAME_OK) {
            fprintf(stderr, "tabula-match: %s:%d: invalid position: %s\n",
                    c->openings_file, lineno, err);
            ret = 2;
            break;
        }
        g->status(st, &gs);
        if (gs.over) {
            fprintf(stderr, "tabula-match: %s:%d: the game is already over\n",
                    c->openings_file, lineno);
            ret = 2;
            break;
        }
        if (add_opening(t, line)) {
            ret = 1;
            break;
        }
    }
    free(line);
    fclose(f);
    if (!ret && !t->nopenings) {
        fprintf(stderr, "tabula-match: %s: no positions\n", c->openings_file);
        ret = 2;
    }
    return ret;
}

/* Random openings, one per round: reproducible from --seed alone, and
 * never a position where the game is already over. */
static int make_random_openings(struct tour *t, void *st,
                                const char *const *optv, int rounds)
{
    const struct match_config *c = t->c;
    const struct game *g = t->g;
    char err[256], pos[2048];
    for (int r = 0; r < rounds; r++) {
        uint64_t rng = c->seed ^ ((uint64_t)(r + 1) * 0xd1342543de82ef95ull);
        g->init(st, c->nopts, optv, err, sizeof err);
        for (int ply = 0; ply < c->random_plies; ply++) {
            move_t moves[GAME_MAX_MOVES], ok[GAME_MAX_MOVES];
            int n = g->gen_moves(st, moves), k = 0;
            for (int i = 0; i < n; i++) {
                game_undo u;
                struct game_status gs;
                g->make(st, moves[i], &u);
                g->status(st, &gs);
                g->unmake(st, moves[i], &u);
                if (!gs.over)
                    ok[k++] = moves[i];
            }
            if (!k)
                break;
            game_undo u;
            g->make(st, ok[rng_below(&rng, (uint32_t)k)], &u);
        }
        g->format_position(st, pos, sizeof pos);
        if (add_opening(t, pos))
            return 1;
    }
    return 0;
}

/* Reads a results file: games of this schedule count as done. */
static int load_results(struct tour *t, const char *path, int must_exist)
{
    const struct match_config *c = t->c;
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, ret = 0, ignored = 0, bad = 0;
    if (!f) {
        if (!must_exist && errno == ENOENT)
            return 0;
        fprintf(stderr, "tabula-match: %s: %s\n", path, strerror(errno));
        return 2;
    }
    while (getline(&line, &cap, f) >= 0) {
        struct match_result r;
        lineno++;
        int k = match_parse_result(line, &r);
        if (k == 0)
            continue;
        if (k < 0) {
            /* e.g. a line cut short when a run was killed */
            bad++;
            continue;
        }
        int slot = r.index <= t->maxindex ? t->slot_of_index[r.index] : -1;
        if (slot < 0) {
            ignored++;
            continue;
        }
        const struct match_slot *s = &t->slots[slot];
        if (strcmp(r.first, c->engines[s->first].name) ||
            strcmp(r.second, c->engines[s->second].name)) {
            fprintf(stderr, "tabula-match: %s:%d: game %d was %s vs %s, but "
                    "this schedule has %s vs %s there (other options?)\n",
                    path, lineno, r.index, r.first, r.second,
                    c->engines[s->first].name, c->engines[s->second].name);
            ret = 2;
            break;
        }
        if (!t->done[slot])
            tally(t, slot, r.winner);
    }
    if (bad && !c->quiet)
        fprintf(stderr, "tabula-match: %s: %d malformed line(s) skipped\n",
                path, bad);
    if (ignored && !c->quiet)
        fprintf(stderr, "tabula-match: %s: %d game(s) outside this schedule "
                "ignored\n", path, ignored);
    free(line);
    fclose(f);
    return ret;
}

static void fmt_elo(char *buf, size_t n, double v)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else if (isinf(v))
        snprintf(buf, n, "%sinf", v < 0 ? "-" : "+");
    else
        snprintf(buf, n, "%.1f", v);
}

static void print_summary(struct tour *t)
{
    const struct match_config *c = t->c;
    FILE *o = c->out;
    int present = 0;
    for (int i = 0; i < t->nslots; i++)
        present += t->done[i];
    fprintf(o, "\n%s%s%s: %d of %d scheduled games played\n", t->g->name,
            t->variant[0] ? " " : "", t->variant, present, t->nslots);
    for (int p = 0; p < t->npairs; p++) {
        struct pair_score *ps = &t->score[p];
        struct match_elo_est e;
        char elo[32], lo[32], hi[32], mg[32];
        match_elo_estimate(ps->w, ps->l, ps->d, &e);
        fmt_elo(elo, sizeof elo, e.elo);
        fmt_elo(lo, sizeof lo, e.lo);
        fmt_elo(hi, sizeof hi, e.hi);
        if (isinf(e.margin))
            snprintf(mg, sizeof mg, "inf");
        else
            fmt_elo(mg, sizeof mg, e.margin);
        fprintf(o, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n",
                c->engines[t->pairs[p].a].name,
                c->engines[t->pairs[p].b].name, ps->w, ps->l, ps->d,
                e.n ? e.score : 0.0, e.n);
        if (!e.n)
            continue;
        fprintf(o, "  Elo difference: %s +/- %s, 95%% interval [%s, %s], "
                "LOS: %.1f %%, DrawRatio: %.1f %%\n", elo, mg, lo, hi,
                100 * e.los, 100 * e.draw_ratio);
        if (c->sprt && t->npairs == 1) {
            struct match_sprt sp;
            match_sprt_eval(ps->w, ps->l, ps->d, c->elo0, c->elo1, c->alpha,
                            c->beta, &sp);
            fprintf(o, "  SPRT: llr %.3f, lbound %.3f, ubound %.3f (elo0 %g, "
                    "elo1 %g, alpha %g, beta %g) - %s\n", sp.llr, sp.lower,
                    sp.upper, c->elo0, c->elo1, c->alpha, c->beta,
                    sp.state == SPRT_H1 ? "H1 was accepted"
                    : sp.state == SPRT_H0 ? "H0 was accepted" : "continue");
        }
    }
    if (c->nengines > 2) {
        double pts[MATCH_MAX_ENGINES] = {0};
        int games[MATCH_MAX_ENGINES] = {0}, order[MATCH_MAX_ENGINES];
        for (int p = 0; p < t->npairs; p++) {
            struct pair_score *ps = &t->score[p];
            int a = t->pairs[p].a, b = t->pairs[p].b, n = ps->w + ps->l + ps->d;
            pts[a] += ps->w + 0.5 * ps->d;
            pts[b] += ps->l + 0.5 * ps->d;
            games[a] += n;
            games[b] += n;
        }
        for (int i = 0; i < c->nengines; i++)
            order[i] = i;
        for (int i = 1; i < c->nengines; i++)   /* insertion sort by score */
            for (int j = i; j > 0; j--) {
                int x = order[j], y = order[j - 1];
                double sx = games[x] ? pts[x] / games[x] : -1;
                double sy = games[y] ? pts[y] / games[y] : -1;
                if (sx <= sy)
                    break;
                order[j] = y;
                order[j - 1] = x;
            }
        fprintf(o, "Rank Name                 Games  Points  Score\n");
        for (int i = 0; i < c->nengines; i++) {
            int x = order[i];
            fprintf(o, "%4d %-20s %5d %7.1f %5.1f%%\n", i + 1,
                    c->engines[x].name, games[x], pts[x],
                    games[x] ? 100 * pts[x] / games[x] : 0.0);
        }
    }
    fflush(o);
}

static void tour_free(struct tour *t)
{
    free(t->slots);
    free(t->slot_of_index);
    free(t->done);
    free(t->todo);
    free(t->score);
    for (int i = 0; i < t->nopenings; i++)
        free(t->openings[i]);
    free(t->openings);
    if (t->results_f)
        fclose(t->results_f);
    if (t->records_f)
        fclose(t->records_f);
    pthread_mutex_destroy(&t->mu);
}

int match_run(const struct match_config *c)
{
    struct tour t;
    int ret = 0;
    char err[256];
    void *st = NULL;
    const char *optv[MATCH_MAX_OPTS];

    memset(&t, 0, sizeof t);
    pthread_mutex_init(&t.mu, NULL);
    t.c = c;
    t.g = c->game;
    if (!t.g || !game_usable(t.g)) {
        fprintf(stderr, "tabula-match: game %s is not available in this "
                "build\n", t.g ? t.g->name : "(none)");
        ret = 2;
        goto out;
    }
    if (c->nengines < 2) {
        fprintf(stderr, "tabula-match: at least two engines are needed\n");
        ret = 2;
        goto out;
    }
    for (int i = 0; i < c->nopts; i++)
        optv[i] = c->opts[i];
    st = calloc(1, t.g->state_size);
    if (!st) {
        ret = 1;
        goto out;
    }
    err[0] = 0;
    if (t.g->init(st, c->nopts, optv, err, sizeof err) != GAME_OK) {
        fprintf(stderr, "tabula-match: invalid variant for %s: %s\n",
                t.g->name, err);
        ret = 2;
        goto out;
    }
    if (t.g->format_variant)
        t.g->format_variant(st, t.variant, sizeof t.variant);
    size_t pos = 0;
    buf_printf(t.newgame, sizeof t.newgame, &pos, "newgame %s", t.g->name);
    for (int i = 0; i < c->nopts; i++) {
        buf_printf(t.newgame, sizeof t.newgame, &pos, " %s", c->opts[i]);
        if (!t.g->format_variant) {
            size_t vp = strlen(t.variant);
            buf_printf(t.variant, sizeof t.variant, &vp, "%s%s", i ? " " : "",
                       c->opts[i]);
        }
    }
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(t.date, sizeof t.date, "%Y.%m.%d", &tm);

    /* The schedule. */
    t.npairs = match_make_pairs(c->nengines, c->gauntlet, t.pairs,
                                (int)(sizeof t.pairs / sizeof t.pairs[0]));
    t.nslots = match_schedule(t.pairs, t.npairs, c->games, &t.slots);
    if (t.nslots < 0) {
        ret = 1;
        goto out;
    }
    for (int i = 0; i < t.nslots; i++)
        if (t.slots[i].index > t.maxindex)
            t.maxindex = t.slots[i].index;
    t.slot_of_index = malloc(((size_t)t.maxindex + 1) * sizeof(int));
    t.done = calloc((size_t)t.nslots + 1, 1);
    t.todo = malloc(((size_t)t.nslots + 1) * sizeof(int));
    t.score = calloc((size_t)t.npairs + 1, sizeof *t.score);
    if (!t.slot_of_index || !t.done || !t.todo || !t.score) {
        ret = 1;
        goto out;
    }
    for (int i = 0; i <= t.maxindex; i++)
        t.slot_of_index[i] = -1;
    for (int i = 0; i < t.nslots; i++)
        t.slot_of_index[t.slots[i].index] = i;

    /* Results from earlier runs, other shards, --merge files. */
    for (int i = 0; i < c->nmerge && !ret; i++)
        ret = load_results(&t, c->merge[i], 1);
    if (!ret && c->results)
        ret = load_results(&t, c->results, 0);
    if (ret)
        goto out;
    sprt_check(&t);
    if (c->report_only) {
        print_summary(&t);
        goto out;
    }

    /* Openings. */
    if (c->openings_file)
        ret = load_openings(&t, st, optv);
    else if (c->random_plies > 0)
        ret = make_random_openings(&t, st, optv, (c->games + 1) / 2);
    if (ret)
        goto out;

    if (c->logdir && mkdir(c->logdir, 0777) && errno != EEXIST) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->logdir, strerror(errno));
        ret = 1;
        goto out;
    }
    if (c->results && !(t.results_f = fopen(c->results, "ae"))) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->results, strerror(errno));
        ret = 1;
        goto out;
    }
    if (c->records && !(t.records_f = fopen(c->records, "ae"))) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->records, strerror(errno));
        ret = 1;
        goto out;
    }

    int already = 0;
    for (int i = 0; i < t.nslots; i++) {
        if (!match_in_shard(&t.slots[i], t.npairs, c->shard_k, c->shard_n))
            continue;
        if (t.done[i])
            already++;
        else
            t.todo[t.ntodo++] = i;
    }
    if (!c->quiet) {
        fprintf(c->out, "Tournament: %s%s%s, %d engines, %d pair(s), %d "
                "games scheduled", t.g->name, t.variant[0] ? " " : "",
                t.variant, c->nengines, t.npairs, t.nslots);
        if (c->shard_n > 1)
            fprintf(c->out, ", shard %d/%d", c->shard_k, c->shard_n);
        fprintf(c->out, "; %d already played, %d to play%s\n", already,
                t.ntodo, t.stop ? " (SPRT already decided)" : "");
        fflush(c->out);
    }

    int nw = c->concurrency < 1 ? 1 : c->concurrency;
    if (nw > t.ntodo)
        nw = t.ntodo;
    if (nw > 0) {
        struct worker *w = calloc((size_t)nw, sizeof *w);
        pthread_t *th = calloc((size_t)nw, sizeof *th);
        int started = 0;
        if (!w || !th) {
            free(w);
            free(th);
            ret = 1;
            goto out;
        }
        for (int i = 0; i < nw; i++) {
            w[i].t = &t;
            for (int k = 0; k < 2; k++) {
                w[i].who[k] = -1;
                w[i].eng[k].to = w[i].eng[k].from = -1;
            }
            if (pthread_create(&th[i], NULL, worker_main, &w[i]) == 0)
                started++;
            else
                break;
        }
        if (!started)
            worker_main(&w[0]);
        for (int i = 0; i < started; i++)
            pthread_join(th[i], NULL);
        for (int i = 0; i < nw; i++)
            for (int k = 0; k < 2; k++)
                free(w[i].eng[k].buf);
        free(w);
        free(th);
    }
    if (t.write_error) {
        fprintf(stderr, "tabula-match: error writing the results or records "
                "file\n");
        ret = 1;
    }
    print_summary(&t);
out:
    free(st);
    tour_free(&t);
    return ret;
}
