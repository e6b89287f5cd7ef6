/* score-scale.c -- how a game's search scores turn into results: the scale
 * s of the logistic P(score) = 1 / (1 + 10^(-score / s)) that best predicts,
 * from the search score of the side to move, how self-play games went for
 * that side (a win 1, a draw 1/2, a loss 0; least squares, as Texel
 * tuning). Struct game's score_scale is this figure: review and the tutor
 * judge a move by the drop of its expected result, not of raw units, so
 * that "?" and "??" mean the same in every game. A bench tool, built by
 * bench/score-scale; nothing in the engine depends on it.
 *
 * Usage: score-scale GAME [-v VARIANT] [-g GAMES] [-n NODES] [-r PLIES]
 *                    [-m MAXPLIES] [-s SEED]
 *   each game: PLIES random legal plies (uniform in 0..PLIES, from SEED)
 *   [8], then both sides play genmove at NODES nodes a move [20000] (one
 *   thread, the default hash) until the game ends or MAXPLIES plies [300]
 *   (then it counts as a draw); every position whose search score is not
 *   a proven value is a sample. GAMES [200].
 * Prints the fitted scale, the loss, and a table of score bins: the mean
 * result seen against the logistic's. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "options.h"
#include "session.h"
#include "util.h"

struct sample {
    int score;                  /* the side to move's */
    int side;
    int game;
};

static struct sample *smp;
static size_t ns, cap;
static float *result_of;        /* per game: the first mover's result */

static void add(int score, int side, int game)
{
    if (ns == cap) {
        cap = cap ? 2 * cap : 4096;
        smp = realloc(smp, cap * sizeof *smp);
        if (!smp) {
            fprintf(stderr, "score-scale: out of memory\n");
            exit(1);
        }
    }
    smp[ns++] = (struct sample){score, side, game};
}

static double label(const struct sample *x)
{
    double r = result_of[x->game];
    return x->side == 0 ? r : 1.0 - r;
}

static double predict(double score, double s)
{
    return 1.0 / (1.0 + pow(10.0, -score / s));
}

static double loss(double s)
{
    double sum = 0;
    for (size_t i = 0; i < ns; i++) {
        double d = label(&smp[i]) - predict(smp[i].score, s);
        sum += d * d;
    }
    return sum / (double)ns;
}

static int cmp_score(const void *a, const void *b)
{
    const struct sample *x = a, *y = b;
    return (x->score > y->score) - (x->score < y->score);
}

int main(int argc, char **argv)
{
    const char *game = NULL, *variant = NULL;
    int games = 200, plies = 8, maxplies = 300;
    uint64_t nodes = 20000, seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-' && !game)
            game = a;
        else if (!v)
            goto usage;
        else if (!strcmp(a, "-v"))
            variant = argv[++i];
        else if (!strcmp(a, "-g"))
            games = atoi(argv[++i]);
        else if (!strcmp(a, "-n"))
            nodes = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(a, "-r"))
            plies = atoi(argv[++i]);
        else if (!strcmp(a, "-m"))
            maxplies = atoi(argv[++i]);
        else if (!strcmp(a, "-s"))
            seed = strtoull(argv[++i], NULL, 10);
        else
            goto usage;
    }
    if (!game || games < 1 || plies < 0 || maxplies < 1 || !nodes)
        goto usage;
    result_of = calloc((size_t)games, sizeof *result_of);
    struct session s;
    char err[256];
    if (session_init(&s) != SESS_OK || options_reset(&s) != SESS_OK) {
        fprintf(stderr, "score-scale: no session\n");
        return 1;
    }
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1;
    int wins[3] = {0, 0, 0};
    for (int gi = 0; gi < games; gi++) {
        char vbuf[256];
        const char *opts[8];
        int nopt = 0;
        if (variant) {
            snprintf(vbuf, sizeof vbuf, "%s", variant);
            for (char *t = strtok(vbuf, " ,"); t && nopt < 8; t = strtok(NULL, " ,"))
                opts[nopt++] = t;
        }
        if (session_newgame(&s, game, nopt, opts, err, sizeof err) != SESS_OK) {
            fprintf(stderr, "score-scale: %s\n", err);
            return 2;
        }
        s.nodes = nodes;
        struct game_status gs = {0};
        int k = (int)rng_below(&rng, (uint32_t)plies + 1), ply = 0;
        for (; ply < k && !session_status(&s, &gs); ply++) {
            move_t moves[GAME_MAX_MOVES];
            int n = s.g->gen_moves(s.st, moves);
            session_play_move(&s, moves[rng_below(&rng, (uint32_t)n)]);
        }
        size_t first = ns;
        for (; ply < maxplies && !session_status(&s, &gs); ply++) {
            struct search_result r;
            int side = session_side_to_move(&s);
            if (session_genmove(&s, side, 1, &r, NULL, NULL, NULL) != SESS_OK)
                break;
            if (!r.exact && r.score < SCORE_WIN_MIN && r.score > -SCORE_WIN_MIN)
                add(r.score, side, gi);
        }
        if (!session_status(&s, &gs)) {
            gs.over = 1;
            gs.winner = -1;     /* adjudicated */
        }
        result_of[gi] = gs.winner < 0 ? 0.5f : gs.winner == 0 ? 1.0f : 0.0f;
        wins[gs.winner < 0 ? 2 : gs.winner]++;
        fprintf(stderr, "game %d: %d plies, %s, %zu samples\n", gi + 1, ply,
                gs.winner < 0 ? "draw" : gs.winner == 0 ? "first mover wins" : "second mover wins",
                ns - first);
    }
    if (ns < 10) {
        fprintf(stderr, "score-scale: %zu samples, too few\n", ns);
        return 1;
    }
    /* the scale by golden-section search on log s */
    double lo = log(5.0), hi = log(100000.0);
    const double gr = (sqrt(5.0) - 1) / 2;
    double c = hi - gr * (hi - lo), d = lo + gr * (hi - lo);
    for (int it = 0; it < 100; it++) {
        if (loss(exp(c)) < loss(exp(d)))
            hi = d;
        else
            lo = c;
        c = hi - gr * (hi - lo);
        d = lo + gr * (hi - lo);
    }
    double sc = exp((lo + hi) / 2);
    printf("# score-scale %s%s%s: %d games (first mover %d, second %d, draws %d), "
           "%zu samples, nodes %llu, random plies 0-%d, seed %llu\n",
           game, variant ? " " : "", variant ? variant : "", games, wins[0], wins[1], wins[2],
           ns, (unsigned long long)nodes, plies, (unsigned long long)seed);
    printf("scale %.0f  loss %.5f (constant 1/2: %.5f)\n", sc, loss(sc), loss(1e12));
    /* ten bins of equal counts */
    qsort(smp, ns, sizeof *smp, cmp_score);
    printf("%-17s %8s %9s %9s\n", "score bin", "samples", "results", "logistic");
    for (int b = 0; b < 10; b++) {
        size_t i0 = ns * (size_t)b / 10, i1 = ns * (size_t)(b + 1) / 10;
        double sr = 0, sp = 0;
        for (size_t i = i0; i < i1; i++) {
            sr += label(&smp[i]);
            sp += predict(smp[i].score, sc);
        }
        char bin[32];
        snprintf(bin, sizeof bin, "%d..%d", smp[i0].score, smp[i1 - 1].score);
        printf("%-17s %8zu %9.3f %9.3f\n", bin, i1 - i0, sr / (double)(i1 - i0),
               sp / (double)(i1 - i0));
    }
    session_free(&s);
    free(smp);
    free(result_of);
    return 0;
usage:
    fprintf(stderr, "usage: score-scale GAME [-v VARIANT] [-g GAMES] [-n NODES] [-r PLIES] "
                    "[-m MAXPLIES] [-s SEED]\n");
    return 2;
}
