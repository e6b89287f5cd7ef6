/* bench.c -- the search signature (bench.h): the list of bench positions
 * and the runner. A position is a game, its variant options, a position
 * string (NULL: the start) and a depth; a change to the list changes the
 * signature (bench/bench.sig). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "game.h"
#include "search/search.h"
#include "util.h"

struct bench_pos {
    const char *game, *opts, *position;
    int depth;
};

static const struct bench_pos bench_positions[] = {
    {"rastros", "", NULL, 12},
    {"rastros", "size=8", NULL, 10},
    {"rastros", "", "7/1x5/1xs4/1x5/7/7/7 2", 12},
    {"rastros", "size=6", NULL, 14},
    {"tablut", "", NULL, 4},
    {"tablut", "", "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 w", 4},
    {"grasshopper", "", NULL, 6},
    {"grasshopper", "pieces=4", NULL, 10},
    {NULL, NULL, NULL, 0}
};

int bench_run(FILE *log, struct bench_result *out)
{
    memset(out, 0, sizeof *out);
    void *ab = alphabeta_searcher.create(16);
    if (!ab)
        return -1;
    int64_t t0 = now_ms();
    for (int i = 0; bench_positions[i].game; i++) {
        const struct bench_pos *b = &bench_positions[i];
        const struct game *g = game_find(b->game);
        void *st = g ? calloc(1, g->state_size) : NULL;
        char err[128] = "unknown game";
        const char *opt = b->opts;
        if (!st || g->init(st, opt[0] ? 1 : 0, &opt, err, sizeof err) != GAME_OK ||
            (b->position && g->parse_position(st, b->position, err, sizeof err) != GAME_OK)) {
            /* a position that does not load makes the signature a lie:
             * said, and counted */
            if (log)
                fprintf(log, "bench %s %s: cannot load: %s\n", b->game, b->opts,
                        st ? err : g ? "out of memory" : err);
            out->failed++;
            free(st);
            continue;
        }
        alphabeta_searcher.clear(ab);
        struct search_params sp;
        memset(&sp, 0, sizeof sp);
        sp.depth = b->depth;
        struct search_result r;
        alphabeta_searcher.search(ab, g, st, &sp, &r);
        if (log) {
            char mt[64] = "-";
            if (r.best != MOVE_NONE)
                g->format_move(st, r.best, mt, sizeof mt);
            fprintf(log, "bench %s %s depth %d: %s nodes %" PRIu64 "\n", b->game,
                    b->opts, b->depth, mt, r.nodes);
        }
        out->nodes += r.nodes;
        out->positions++;
        free(st);
    }
    out->ms = now_ms() - t0;
    alphabeta_searcher.destroy(ab);
    return out->failed ? -1 : 0;
}

uint64_t bench_nps(const struct bench_result *r)
{
    return r->ms > 0 ? r->nodes * 1000 / (uint64_t)r->ms : 0;
}

