/* random.c -- the random player: a uniformly random legal move. */
#include <stdlib.h>
#include <string.h>
#include "search/search.h"
#include "util.h"

static void *random_create(int hash_mb) { (void)hash_mb; return calloc(1, 1); }
static void random_destroy(void *self) { free(self); }
static void random_clear(void *self) { (void)self; }

static int random_search(void *self, const struct game *g, void *st,
                         const struct search_params *p, struct search_result *res)
{
    (void)self;
    move_t moves[GAME_MAX_MOVES];
    uint64_t s = p->seed;
    memset(res, 0, sizeof *res);
    res->best = MOVE_NONE;
    int n = g->gen_moves(st, moves);
    if (n > 0) {
        res->best = moves[rng_below(&s, (uint32_t)n)];
        res->pv[0] = res->best;
        res->pvlen = 1;
    }
    res->nodes = 1;
    return 0;
}

const struct searcher_ops random_searcher = {
    .name = "random", .default_nodes = 1, .create = random_create, .destroy = random_destroy,
    .clear = random_clear, .search = random_search,
};
