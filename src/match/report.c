/* report.c -- tabula-match: what the tournament prints: progress lines,
 * the running score, the Elo/LOS/SPRT block (pentanomial or trinomial),
 * the standings, the live line on a terminal and the final summary. Reads
 * the tournament's state (the caller holds its lock); plays nothing and
 * writes no file. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "match/match.h"
#include "match/match_int.h"
#include "util.h"

int tour_penta(const struct tour *t)
{
    return !t->c->trinomial && t->c->games >= 2;
}

void tour_penta_counts(const struct tour *t, int pair, int n[5])
{
    memcpy(n, t->score[pair].penta, sizeof t->score[pair].penta);
}

void tour_sprt(const struct tour *t, struct match_sprt *sp)
{
    const struct match_config *c = t->c;
    const struct pair_score *ps = &t->score[0];
    if (tour_penta(t)) {
        int n[5];
        tour_penta_counts(t, 0, n);
        match_sprt_penta(n, c->elo0, c->elo1, c->alpha, c->beta, sp);
    } else {
        match_sprt_eval(ps->w, ps->l, ps->d, c->elo0, c->elo1, c->alpha,
                        c->beta, sp);
    }
}

/* ---- the live line ---- */

static void live_clear(struct tour *t)
{
    if (t->live_shown) {
        fputs("\r\033[K", t->c->out);
        t->live_shown = 0;
    }
}

static void fmt_duration(char *buf, size_t n, int64_t ms)
{
    long s = (long)(ms / 1000);
    if (s >= 3600)
        snprintf(buf, n, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, n, "%ld:%02ld", s / 60, s % 60);
}

void tour_live(struct tour *t)
{
    const struct match_config *c = t->c;
    if (!c->live)
        return;
    int64_t el = t->t_start ? now_ms() - t->t_start : 0;
    int left_games = t->ntodo - t->finished;
    char elapsed[32], left[32] = "?", score[160];
    fmt_duration(elapsed, sizeof elapsed, el);
    if (t->finished > 0 && left_games >= 0)
        fmt_duration(left, sizeof left,
                     (int64_t)((double)el / t->finished * left_games));
    if (c->nengines == 2) {
        const struct pair_score *ps = &t->score[0];
        int n = ps->w + ps->l + ps->d;
        snprintf(score, sizeof score, "%s vs %s %d - %d - %d [%.3f]",
                 c->engines[0].name, c->engines[1].name, ps->w, ps->l, ps->d,
                 n ? (ps->w + 0.5 * ps->d) / n : 0.5);
    } else {
        /* the leader, by score against the field */
        double pts[MATCH_MAX_ENGINES] = {0};
        int n[MATCH_MAX_ENGINES] = {0}, best = -1;
        for (int p = 0; p < t->npairs; p++) {
            const struct pair_score *ps = &t->score[p];
            int a = t->pairs[p].a, b = t->pairs[p].b, k = ps->w + ps->l + ps->d;
            pts[a] += ps->w + 0.5 * ps->d;
            pts[b] += ps->l + 0.5 * ps->d;
            n[a] += k;
            n[b] += k;
        }
        for (int i = 0; i < c->nengines; i++)
            if (n[i] && (best < 0 || pts[i] / n[i] > pts[best] / n[best]))
                best = i;
        if (best >= 0)
            snprintf(score, sizeof score, "leader %s %.1f%% of %d",
                     c->engines[best].name, 100 * pts[best] / n[best],
                     n[best]);
        else
            snprintf(score, sizeof score, "%d running", t->running);
    }
    fprintf(c->out, "\r\033[K%d of %d games done, %s, %s elapsed, %s left",
            t->finished, t->ntodo, score, elapsed, left);
    fflush(c->out);
    t->live_shown = 1;
}

void tour_printf(struct tour *t, const char *fmt, ...)
{
    va_list ap;
    live_clear(t);
    va_start(ap, fmt);
    vfprintf(t->c->out, fmt, ap);
    va_end(ap);
    fflush(t->c->out);
}

/* ---- statistics ---- */

static void print_score(struct tour *t, int p)
{
    const struct pair_score *ps = &t->score[p];
    int n = ps->w + ps->l + ps->d;
    char score[32] = "-";       /* no games: no score */
    if (n)
        snprintf(score, sizeof score, "%.3f", (ps->w + 0.5 * ps->d) / n);
    tour_printf(t, "Score of %s vs %s: %d - %d - %d  [%s] %d\n",
                t->c->engines[t->pairs[p].a].name,
                t->c->engines[t->pairs[p].b].name, ps->w, ps->l, ps->d,
                score, n);
}

/* The Elo, LOS, pentanomial and SPRT lines of pair p (indented). */
static void print_elo_block(struct tour *t, int p)
{
    const struct match_config *c = t->c;
    const struct pair_score *ps = &t->score[p];
    struct match_elo_est e;
    char elo[32], lo[32], hi[32], mg[32];
    int n = ps->w + ps->l + ps->d, pn[5];
    if (!n)
        return;
    if (tour_penta(t)) {
        tour_penta_counts(t, p, pn);
        match_penta_estimate(pn, &e);
    } else {
        match_elo_estimate(ps->w, ps->l, ps->d, &e);
    }
    match_fmt_num(elo, sizeof elo, e.elo, 1);
    match_fmt_num(lo, sizeof lo, e.lo, 1);
    match_fmt_num(hi, sizeof hi, e.hi, 1);
    if (isinf(e.margin))
        snprintf(mg, sizeof mg, "inf");
    else
        match_fmt_num(mg, sizeof mg, e.margin, 1);
    tour_printf(t, "  Elo difference: %s +/- %s, 95%% interval [%s, %s], "
                "LOS: %.1f %%, DrawRatio: %.1f %%\n", elo, mg, lo, hi,
                100 * e.los, 100.0 * ps->d / n);
    if (tour_penta(t))
        tour_printf(t, "  Ptnml(0-2): [%d, %d, %d, %d, %d], %d pair(s)\n",
                    pn[0], pn[1], pn[2], pn[3], pn[4],
                    pn[0] + pn[1] + pn[2] + pn[3] + pn[4]);
    if (c->sprt && t->npairs == 1) {
        struct match_sprt sp;
        tour_sprt(t, &sp);
        char llr[32];
        match_fmt_num(llr, sizeof llr, sp.llr, 3);
        tour_printf(t, "  SPRT (%s): llr %s, lbound %.3f, ubound %.3f (elo0 "
                    "%g, elo1 %g, alpha %g, beta %g) - %s\n",
                    tour_penta(t) ? "pentanomial" : "trinomial", llr,
                    sp.lower, sp.upper, c->elo0, c->elo1, c->alpha, c->beta,
                    sp.state == SPRT_H1 ? "H1 was accepted"
                    : sp.state == SPRT_H0 ? "H0 was accepted" : "continue");
    }
}

/* Rank Name Elo +/- Games Score Draw: each engine against the field
 * (its games against every opponent, per game). */
static void print_standings(struct tour *t)
{
    const struct match_config *c = t->c;
    int w[MATCH_MAX_ENGINES] = {0}, l[MATCH_MAX_ENGINES] = {0};
    int d[MATCH_MAX_ENGINES] = {0}, order[MATCH_MAX_ENGINES];
    double sc[MATCH_MAX_ENGINES];
    for (int p = 0; p < t->npairs; p++) {
        const struct pair_score *ps = &t->score[p];
        int a = t->pairs[p].a, b = t->pairs[p].b;
        w[a] += ps->w;
        l[a] += ps->l;
        d[a] += ps->d;
        w[b] += ps->l;
        l[b] += ps->w;
        d[b] += ps->d;
    }
    for (int i = 0; i < c->nengines; i++) {
        int n = w[i] + l[i] + d[i];
        sc[i] = n ? (w[i] + 0.5 * d[i]) / n : -1;
        order[i] = i;
    }
    for (int i = 1; i < c->nengines; i++)   /* insertion sort by score */
        for (int j = i; j > 0 && sc[order[j]] > sc[order[j - 1]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    tour_printf(t, "Rank Name                    Elo     +/-  Games   Score"
                "    Draw\n");
    for (int i = 0; i < c->nengines; i++) {
        int x = order[i], n = w[x] + l[x] + d[x];
        struct match_elo_est e;
        char elo[32], mg[32];
        match_elo_estimate(w[x], l[x], d[x], &e);
        match_fmt_num(elo, sizeof elo, e.elo, 1);
        if (isinf(e.margin))
            snprintf(mg, sizeof mg, "inf");
        else
            match_fmt_num(mg, sizeof mg, e.margin, 1);
        char score[32] = "-", draw[32] = "-";   /* no games: no figures */
        if (n) {
            snprintf(score, sizeof score, "%.1f%%", 100 * sc[x]);
            snprintf(draw, sizeof draw, "%.1f%%", 100.0 * d[x] / n);
        }
        tour_printf(t, "%4d %-20s %7s %7s %6d %7s %7s\n", i + 1,
                    c->engines[x].name, n ? elo : "-", n ? mg : "-", n,
                    score, draw);
    }
}

void tour_report_game(struct tour *t, int pair)
{
    const struct match_config *c = t->c;
    if (c->quiet)
        return;
    print_score(t, pair);
    if (c->rating_interval > 0 && t->finished % c->rating_interval == 0) {
        if (c->nengines == 2)
            print_elo_block(t, 0);
        else
            print_standings(t);
    }
}

void tour_summary(struct tour *t)
{
    const struct match_config *c = t->c;
    int present = 0;
    for (int i = 0; i < t->nslots; i++)
        present += t->done[i];
    tour_printf(t, "\n%s%s%s: %d of %d scheduled games played\n", t->g->name,
                t->variant[0] ? " " : "", t->variant, present, t->nslots);
    if (c->shard_n > 1) {
        /* a shard's figures are not the tournament's: say so */
        int mine = 0, mine_done = 0;
        for (int i = 0; i < t->nslots; i++)
            if (match_in_shard(&t->slots[i], t->npairs, c->shard_k,
                               c->shard_n)) {
                mine++;
                mine_done += t->done[i];
            }
        tour_printf(t, "Shard %d/%d: %d of its %d games played; ", c->shard_k,
                    c->shard_n, mine_done, mine);
        if (present == mine_done)
            tour_printf(t, "the figures below are of this shard alone (for "
                        "the whole tournament: the same options, --merge "
                        "every shard's results file, --report)\n");
        else
            tour_printf(t, "the figures below count %d game(s) of other "
                        "shards too, read from the results files\n",
                        present - mine_done);
    }
    for (int p = 0; p < t->npairs; p++) {
        print_score(t, p);
        print_elo_block(t, p);
    }
    if (c->nengines > 2)
        print_standings(t);
}
