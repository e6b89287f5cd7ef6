/* tablut-texel.c -- fits the Tablut evaluation weights to game results
 * ("Texel" tuning): the weights that make a logistic of the evaluation best
 * predict how games went from their quiet positions. A bench tool, built
 * by bench/tablut-texel; it includes src/games/tablut_eval.c to reach the
 * evaluation and its weights tables (nothing in the engine depends on it);
 * the rules come from the rules library, through struct game.
 *
 * Usage: tablut-texel [-s SKIP] [-p PASSES] [-w name=value ...] RECORDS...
 *   RECORDS  game records of tabula-match (--records): Tablut games played
 *            to a result, all of one rule set (the default rules or
 *            rules=ashton: the table of those rules is fitted); every
 *            position after SKIP plies [8] that is quiet (the side to move
 *            has no capture and no win in one) and not decided
 *            (|evaluation| < 10000) is a sample, labelled with the game's
 *            result for the defenders (1, 1/2, 0)
 *   -w       start from these weights instead of the source's
 *   -p       passes of the coordinate descent [4]
 *   -f       the weights not to fit, comma separated
 * Prints the loss as it goes (stderr) and the weights found (stdout), as
 * lines to paste into tablut_weights_default or tablut_weights_ashton. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include "../src/games/tablut_eval.c"
#include "record.h"

extern const struct game tablut_game;

/* A sample keeps the position without its repetition history (the
 * evaluation does not read it): the first POS_BYTES of struct tablut. */
#define POS_BYTES offsetof(struct tablut, hist)
struct sample {
    unsigned char pos[POS_BYTES];   /* the position, history left out */
    float result;                   /* for the defenders */
};

static struct sample *samples;
static size_t nsamples, capsamples;
static int rules_seen = -1;         /* the records' t->ashton */

/* The weights as an array of ints, in the struct's order. */
#define NW ((int)(sizeof(struct tablut_weights) / sizeof(int)))
static const char *const wname[] = {
    "attacker", "defender", "escape_now", "capture_now", "double_open",
    "open_line", "fork_now", "fork_square", "reach_open", "king_mobility",
    "king_adjacent", "king_edge", "blockade", "guard", "threat", "balance",
};
_Static_assert(sizeof wname / sizeof wname[0] == NW, "a name for every weight");

static void add_sample(const struct tablut *t, float result)
{
    if (nsamples == capsamples) {
        capsamples = capsamples ? 2 * capsamples : 4096;
        samples = realloc(samples, capsamples * sizeof *samples);
        if (!samples) {
            fprintf(stderr, "tablut-texel: out of memory\n");
            exit(1);
        }
    }
    memcpy(samples[nsamples].pos, t, POS_BYTES);
    samples[nsamples].result = result;
    nsamples++;
}

static void read_records(const char *path, int skip)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    struct game_record r;
    char err[256];
    record_init(&r);
    int got, games = 0;
    struct tablut *t = malloc(sizeof *t);
    if (!t) {
        fprintf(stderr, "tablut-texel: out of memory\n");
        exit(1);
    }
    while ((got = record_read(f, &r, err, sizeof err)) == 1) {
        /* "1-0": side 0 (the attackers) won, whoever moved first */
        float res = !strcmp(r.result, "1-0") ? 0.0f : !strcmp(r.result, "0-1") ? 1.0f :
                    !strcmp(r.result, "1/2-1/2") ? 0.5f : -1.0f;
        if (res < 0 || strcmp(r.game, "tablut"))
            continue;
        char vbuf[sizeof r.variant], *opts[16], *save = NULL;
        int nopts = 0;
        snprintf(vbuf, sizeof vbuf, "%s", r.variant);
        for (char *w = strtok_r(vbuf, " ,", &save); w && nopts < 16; w = strtok_r(NULL, " ,", &save))
            opts[nopts++] = w;
        if (tablut_game.init(t, nopts, (const char *const *)opts, err, sizeof err) != GAME_OK ||
            (r.position[0] && tablut_game.parse_position(t, r.position, err, sizeof err) != GAME_OK))
            continue;
        if (rules_seen < 0)
            rules_seen = t->ashton;
        else if (rules_seen != t->ashton) {
            fprintf(stderr, "tablut-texel: %s: records of both rule sets; fit one at a time\n",
                    path);
            exit(2);
        }
        games++;
        for (int i = 0; i < r.nmoves; i++) {
            move_t m, tact[GAME_MAX_MOVES];
            game_undo u;
            if (tablut_game.parse_move(t, r.moves[i], &m, err, sizeof err) != GAME_OK)
                break;
            tablut_game.make(t, m, &u);
            if (i + 1 < skip || game_ended(t) || tablut_gen_tactical(t, tact) > 0)
                continue;
            int e = eval_defenders(t, t->ashton ? &tablut_weights_ashton
                                                : &tablut_weights_default);
            if (e > -10000 && e < 10000)
                add_sample(t, res);
        }
    }
    if (got < 0)
        fprintf(stderr, "tablut-texel: %s: %s\n", path, err);
    free(t);
    record_free(&r);
    fclose(f);
    fprintf(stderr, "%s: %d games, %zu samples in all\n", path, games, nsamples);
}

static double loss_of(const struct tablut_weights *w, double k)
{
    double sum = 0;
    #pragma omp parallel
    {
        struct tablut *t = calloc(1, sizeof *t);
        #pragma omp for reduction(+:sum)
        for (size_t i = 0; i < nsamples; i++) {
            memcpy(t, samples[i].pos, POS_BYTES);
            double e = eval_defenders(t, w);
            double p = 1.0 / (1.0 + exp(-k * e / 400.0));
            double d = samples[i].result - p;
            sum += d * d;
        }
        free(t);
    }
    return sum / (double)nsamples;
}

int main(int argc, char **argv)
{
    struct tablut_weights w;
    int *wv = (int *)&w;
    int skip = 8, passes = 4, fixed[NW] = {0};
    int i = 1;
    struct { int j, v; } start[NW];
    int nstart = 0;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "-s") && i + 1 < argc)
            skip = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-p") && i + 1 < argc)
            passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-w") && i + 1 < argc) {
            char *kv = argv[++i], *eq = strchr(kv, '=');
            int j = 0;
            while (eq && j < NW && strncmp(wname[j], kv, (size_t)(eq - kv)))
                j++;
            if (!eq || j == NW) {
                fprintf(stderr, "tablut-texel: unknown weight %s\n", kv);
                return 2;
            }
            start[nstart].j = j;
            start[nstart++].v = atoi(eq + 1);
        } else if (!strcmp(argv[i], "-f") && i + 1 < argc) {
            char *list = argv[++i];
            for (char *s = strtok(list, ","); s; s = strtok(NULL, ","))
                for (int j = 0; j < NW; j++)
                    if (!strcmp(wname[j], s))
                        fixed[j] = 1;
        } else {
            fprintf(stderr, "usage: tablut-texel [-s SKIP] [-p PASSES] [-w name=value] "
                    "[-f name,...] RECORDS...\n");
            return 2;
        }
    }
    for (; i < argc; i++)
        read_records(argv[i], skip);
    if (!nsamples) {
        fprintf(stderr, "tablut-texel: no samples\n");
        return 1;
    }
    w = rules_seen ? tablut_weights_ashton : tablut_weights_default;
    for (int s = 0; s < nstart; s++)
        wv[start[s].j] = start[s].v;
    fprintf(stderr, "fitting tablut_weights_%s\n", rules_seen ? "ashton" : "default");
    /* the decided-position terms never show in quiet, undecided samples */
    for (int j = 0; j < NW; j++)
        if (!strcmp(wname[j], "escape_now") || !strcmp(wname[j], "capture_now") ||
            !strcmp(wname[j], "double_open"))
            fixed[j] = 1;

    /* the scale k: the logistic's slope that fits best with these weights */
    double k = 1.0, best = loss_of(&w, k);
    for (double step = 0.5; step > 0.001; step /= 2) {
        for (int dir = -1; dir <= 1; dir += 2) {
            double l;
            while (k + dir * step > 0 && (l = loss_of(&w, k + dir * step)) < best) {
                k += dir * step;
                best = l;
            }
        }
    }
    fprintf(stderr, "k %.4f, loss %.6f with the start weights\n", k, best);

    for (int pass = 0; pass < passes; pass++) {
        int changed = 0;
        for (int j = 0; j < NW; j++) {
            if (fixed[j])
                continue;
            int v0 = wv[j];
            int step = abs(v0) / 8 > 2 ? abs(v0) / 8 : 2;
            for (int dir = -1; dir <= 1; dir += 2) {
                int moved = 0;
                for (;;) {
                    wv[j] += dir * step;
                    double l = loss_of(&w, k);
                    if (l < best) {
                        best = l;
                        moved = 1;
                    } else {
                        wv[j] -= dir * step;
                        break;
                    }
                }
                if (moved)
                    break;
            }
            if (wv[j] != v0) {
                changed = 1;
                fprintf(stderr, "pass %d: %s %d -> %d, loss %.6f\n", pass + 1, wname[j], v0,
                        wv[j], best);
            }
        }
        if (!changed)
            break;
    }
    for (int j = 0; j < NW; j++)
        printf("    .%s = %d,\n", wname[j], wv[j]);
    return 0;
}
