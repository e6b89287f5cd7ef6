/* stats.c -- tabula-match's pure parts: the schedule and its shards, the
 * results-file lines, Elo/LOS/SPRT. No I/O, no processes, no game rules. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "match/match.h"

/* ---------------------------------------------------------------- */
/* Schedule                                                          */

int match_make_pairs(int nengines, int gauntlet, struct match_pair *out,
                     int max)
{
    int n = 0;
    for (int i = 0; i < nengines; i++)
        for (int j = i + 1; j < nengines; j++) {
            if (gauntlet && i != 0)
                continue;
            if (n < max) {
                out[n].a = i;
                out[n].b = j;
            }
            n++;
        }
    return n < max ? n : max;
}

int match_schedule(const struct match_pair *pairs, int npairs, int games,
                   struct match_slot **out)
{
    *out = NULL;
    if (npairs <= 0 || games <= 0)
        return 0;
    int rounds = (games + 1) / 2;
    struct match_slot *s = calloc((size_t)npairs * (size_t)games, sizeof *s);
    if (!s)
        return -1;
    int n = 0;
    for (int r = 0; r < rounds; r++)
        for (int p = 0; p < npairs; p++)
            for (int c = 0; c < 2; c++) {
                if (2 * r + c >= games)
                    continue;
                s[n].index = (r * npairs + p) * 2 + c + 1;
                s[n].pair = p;
                s[n].round = r;
                s[n].first = c ? pairs[p].b : pairs[p].a;
                s[n].second = c ? pairs[p].a : pairs[p].b;
                n++;
            }
    *out = s;
    return n;
}

int match_in_shard(const struct match_slot *s, int npairs, int k, int n)
{
    if (n <= 1)
        return 1;
    /* round + pair, not round * npairs + pair: when npairs is a multiple
     * of n, that gave each shard a fixed subset of the pairs (with 3
     * engines and --shard 1/3, only a vs b); this way every pair goes to
     * each shard in turn, round after round */
    (void)npairs;
    return ((long)s->round + s->pair) % n == k - 1;
}

static int parse_int(const char *s, const char **end, long *v)
{
    char *e;
    if (!isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    *v = strtol(s, &e, 10);
    if (errno || *v > 1000000000L)
        return -1;
    *end = e;
    return 0;
}

int match_parse_shard(const char *s, int *k, int *n)
{
    long a, b;
    const char *e;
    if (parse_int(s, &e, &a) || *e != '/' || parse_int(e + 1, &e, &b) || *e)
        return -1;
    if (b < 1 || a < 1 || a > b)
        return -1;
    *k = (int)a;
    *n = (int)b;
    return 0;
}

static int parse_double(const char *s, const char **end, double *v)
{
    char *e;
    errno = 0;
    *v = strtod(s, &e);
    if (e == s || errno || !isfinite(*v))
        return -1;
    *end = e;
    return 0;
}

int match_parse_tc(const char *s, double *base, double *inc)
{
    const char *e;
    *inc = 0;
    if (parse_double(s, &e, base) || *base <= 0 || *base > MATCH_TC_MAX_S)
        return -1;
    if (*e == '+') {
        if (parse_double(e + 1, &e, inc) || *inc < 0 ||
            *inc > MATCH_TC_MAX_S)
            return -1;
    }
    return *e ? -1 : 0;
}

int match_parse_sprt(const char *s, double *elo0, double *elo1,
                     double *alpha, double *beta)
{
    const char *e;
    *alpha = *beta = 0.05;
    if (parse_double(s, &e, elo0) || *e != ',' ||
        parse_double(e + 1, &e, elo1))
        return -1;
    if (*e == ',') {
        if (parse_double(e + 1, &e, alpha) || *e != ',' ||
            parse_double(e + 1, &e, beta))
            return -1;
    }
    if (*e || *elo1 <= *elo0 || *alpha <= 0 || *alpha >= 0.5 ||
        *beta <= 0 || *beta >= 0.5)
        return -1;
    return 0;
}

/* ---------------------------------------------------------------- */
/* Results lines                                                     */

const char *match_result_string(int winner)
{
    return winner == 0 ? "1-0" : winner == 1 ? "0-1" : "1/2-1/2";
}

void match_format_result(const struct match_result *r, char *buf, size_t n)
{
    char reason[sizeof r->reason];
    size_t i;
    /* The reason is the last field: keep it one line without tabs. */
    for (i = 0; r->reason[i] && i + 1 < sizeof reason; i++) {
        unsigned char c = (unsigned char)r->reason[i];
        /* printable ASCII only: an engine's garbage must not make the
         * file something other than text (issue 11, item 9) */
        reason[i] = c < 32 ? ' ' : c >= 127 ? '?' : (char)c;
    }
    reason[i] = 0;
    snprintf(buf, n, "%d\t%s\t%s\t%s\t%d\t%s\n", r->index, r->first,
             r->second, match_result_string(r->winner), r->plies, reason);
}

static int copy_field(char *dst, size_t n, const char *s, size_t len)
{
    if (len >= n)
        return -1;
    memcpy(dst, s, len);
    dst[len] = 0;
    return 0;
}

/* A count in a results file: digits only, at most INT_MAX (a larger
 * index once wrapped around to a small one and hid a game). */
static int parse_count(const char *s, long long *v)
{
    char *e;
    if (!isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    *v = strtoll(s, &e, 10);
    if (*e || errno || *v > INT_MAX)
        return -1;
    return 0;
}

int match_parse_result(const char *line, struct match_result *r)
{
    const char *f[6];
    size_t flen[6];
    const char *p = line;
    size_t total = strcspn(line, "\r\n");
    const char *end = line + total;
    int nf = 0;

    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p == end || *p == '#')
        return 0;
    p = line;
    while (nf < 6) {
        const char *q = p;
        if (nf < 5)
            while (q < end && *q != '\t')
                q++;
        else
            q = end;
        f[nf] = p;
        flen[nf] = (size_t)(q - p);
        nf++;
        if (nf < 6) {
            if (q >= end)
                return -1;
            p = q + 1;
        }
    }
    memset(r, 0, sizeof *r);
    char num[32];
    long long v;
    if (copy_field(num, sizeof num, f[0], flen[0]) || parse_count(num, &v) ||
        v < 1)
        return -1;
    r->index = (int)v;
    if (copy_field(r->first, sizeof r->first, f[1], flen[1]) || !flen[1] ||
        copy_field(r->second, sizeof r->second, f[2], flen[2]) || !flen[2])
        return -1;
    if (flen[3] == 3 && memcmp(f[3], "1-0", 3) == 0)
        r->winner = 0;
    else if (flen[3] == 3 && memcmp(f[3], "0-1", 3) == 0)
        r->winner = 1;
    else if (flen[3] == 7 && memcmp(f[3], "1/2-1/2", 7) == 0)
        r->winner = -1;
    else
        return -1;
    if (copy_field(num, sizeof num, f[4], flen[4]) || parse_count(num, &v))
        return -1;
    r->plies = (int)v;
    if (flen[5] >= sizeof r->reason)
        flen[5] = sizeof r->reason - 1;
    copy_field(r->reason, sizeof r->reason, f[5], flen[5]);
    return 1;
}

/* ---------------------------------------------------------------- */
/* Elo, LOS, SPRT                                                    */

double match_elo_from_score(double s)
{
    if (s <= 0)
        return -INFINITY;
    if (s >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / s - 1.0);
}

double match_score_from_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double match_los(int w, int l)
{
    if (w + l == 0)
        return 0.5;
    return 0.5 * (1.0 + erf((double)(w - l) / sqrt(2.0 * (w + l))));
}

/* Quantile of the standard normal distribution at 0.975. */
#define Z975 1.959963984540054

void match_elo_estimate(int w, int l, int d, struct match_elo_est *e)
{
    memset(e, 0, sizeof *e);
    e->n = w + l + d;
    e->los = match_los(w, l);
    if (e->n == 0) {
        e->score = e->elo = e->lo = e->hi = e->margin = NAN;
        return;
    }
    double n = e->n;
    double pw = w / n, pl = l / n, pd = d / n;
    double mu = pw + pd / 2;
    /* Per-game standard deviation of the score, then of the mean. */
    double dev = pw * (1 - mu) * (1 - mu) + pl * mu * mu +
                 pd * (0.5 - mu) * (0.5 - mu);
    double sd = sqrt(dev) / sqrt(n);
    e->score = mu;
    e->draw_ratio = pd;
    e->elo = match_elo_from_score(mu);
    if (dev <= 0) {
        /* Every game alike (a sweep, all draws): the sample says nothing
         * of the spread, so the interval is unknown, not exact. */
        e->lo = e->hi = e->margin = NAN;
        return;
    }
    e->lo = match_elo_from_score(mu - Z975 * sd);
    e->hi = match_elo_from_score(mu + Z975 * sd);
    e->margin = (e->hi - e->lo) / 2;
    if (isnan(e->margin))       /* +inf - +inf: a clean sweep */
        e->margin = INFINITY;
}

void match_sprt_eval(int w, int l, int d, double elo0, double elo1,
                     double alpha, double beta, struct match_sprt *out)
{
    out->lower = log(beta / (1 - alpha));
    out->upper = log((1 - beta) / alpha);
    out->llr = 0;
    out->state = SPRT_CONTINUE;
    /* Like cutechess, no verdict before each side has won a game: a
     * sweep of a few games would otherwise decide on the 1e-3 stand-ins. */
    if (w == 0 || l == 0)
        return;
    double cw = w > 0 ? w : 1e-3, cl = l > 0 ? l : 1e-3, cd = d > 0 ? d : 1e-3;
    double n = cw + cl + cd;
    double pw = cw / n, pl = cl / n, pd = cd / n;
    double s = pw + pd / 2;
    double var = pw * (1 - s) * (1 - s) + pl * s * s + pd * (0.5 - s) * (0.5 - s);
    double s0 = match_score_from_elo(elo0), s1 = match_score_from_elo(elo1);
    out->llr = (w + l + d) * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
    if (out->llr >= out->upper)
        out->state = SPRT_H1;
    else if (out->llr <= out->lower)
        out->state = SPRT_H0;
}

/* ---------------------------------------------------------------- */
/* Pentanomial                                                       */

static const double penta_score[5] = {0, 0.25, 0.5, 0.75, 1};

void match_penta_estimate(const int n[5], struct match_elo_est *e)
{
    int pairs = 0;
    memset(e, 0, sizeof *e);
    for (int k = 0; k < 5; k++)
        pairs += n[k];
    e->n = 2 * pairs;
    if (pairs == 0) {
        e->score = e->elo = e->lo = e->hi = e->margin = NAN;
        e->los = 0.5;
        return;
    }
    double mu = 0, var = 0;
    for (int k = 0; k < 5; k++)
        mu += penta_score[k] * n[k] / pairs;
    for (int k = 0; k < 5; k++)
        var += (double)n[k] / pairs * (penta_score[k] - mu) *
               (penta_score[k] - mu);
    double sd = sqrt(var / pairs);
    e->score = mu;
    e->elo = match_elo_from_score(mu);
    if (var <= 0) {
        /* Every pair in one bin (all split 1-1, a sweep, all draws): no
         * spread to measure, so the interval is unknown, not exact, and
         * LOS is the sign test of the pairs won (WD, WW) against those
         * lost (LL, LD), which needs no variance: one pair won 84.1%. */
        e->lo = e->hi = e->margin = NAN;
        e->los = match_los(n[3] + n[4], n[0] + n[1]);
        return;
    }
    e->lo = match_elo_from_score(mu - Z975 * sd);
    e->hi = match_elo_from_score(mu + Z975 * sd);
    e->margin = (e->hi - e->lo) / 2;
    if (isnan(e->margin))
        e->margin = INFINITY;
    e->los = 0.5 * (1 + erf((mu - 0.5) / (sd * sqrt(2.0))));
}

/* The distribution closest to p (in the likelihood sense) whose mean is
 * s: p_k / (1 + theta (a_k - s)), theta the root of
 * sum p_k (a_k - s) / (1 + theta (a_k - s)) = 0, which decreases in theta
 * on (-1 / (a_max - s), -1 / (a_min - s)). */
static void mle_with_mean(const double *a, const double *p, int n, double s,
                          double *out)
{
    double lo = -1 / (a[n - 1] - s), hi = -1 / (a[0] - s);
    for (int it = 0; it < 200; it++) {
        double th = (lo + hi) / 2, f = 0;
        for (int k = 0; k < n; k++)
            f += p[k] * (a[k] - s) / (1 + th * (a[k] - s));
        if (f > 0)
            lo = th;
        else
            hi = th;
    }
    double th = (lo + hi) / 2;
    for (int k = 0; k < n; k++)
        out[k] = p[k] / (1 + th * (a[k] - s));
}

void match_sprt_penta(const int n[5], double elo0, double elo1,
                      double alpha, double beta, struct match_sprt *out)
{
    double cnt[5], p[5], p0[5], p1[5], total = 0;
    int pairs = 0;
    out->lower = log(beta / (1 - alpha));
    out->upper = log((1 - beta) / alpha);
    out->llr = 0;
    out->state = SPRT_CONTINUE;
    for (int k = 0; k < 5; k++) {
        pairs += n[k];
        cnt[k] = n[k] > 0 ? n[k] : 1e-3;
        total += cnt[k];
    }
    if (pairs == 0)
        return;
    for (int k = 0; k < 5; k++)
        p[k] = cnt[k] / total;
    mle_with_mean(penta_score, p, 5, match_score_from_elo(elo0), p0);
    mle_with_mean(penta_score, p, 5, match_score_from_elo(elo1), p1);
    for (int k = 0; k < 5; k++)
        out->llr += p[k] * log(p1[k] / p0[k]);
    out->llr *= total;
    if (out->llr >= out->upper)
        out->state = SPRT_H1;
    else if (out->llr <= out->lower)
        out->state = SPRT_H0;
}

void match_fmt_num(char *buf, size_t n, double v, int decimals)
{
    if (isnan(v)) {
        snprintf(buf, n, "-");
        return;
    }
    if (isinf(v)) {
        snprintf(buf, n, "%sinf", v < 0 ? "-" : "+");
        return;
    }
    snprintf(buf, n, "%.*f", decimals, v);
    /* a negative number that rounds to zero prints as "-0.0" */
    if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
        memmove(buf, buf + 1, strlen(buf));
}
