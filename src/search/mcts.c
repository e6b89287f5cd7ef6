/* mcts.c -- placeholder for the Monte-Carlo tree search (plays randomly). */
#include <stdlib.h>
#include "search/search.h"

static void *mcts_create(int hash_mb) { (void)hash_mb; return malloc(1); }
static void mcts_destroy(void *self) { free(self); }
static void mcts_clear(void *self) { (void)self; }
static int mcts_search(void *self, const struct game *g, void *st,
                       const struct search_params *p, struct search_result *res)
{
    (void)self;
    return random_searcher.search(NULL, g, st, p, res);
}

const struct searcher_ops mcts_searcher = {
    .name = "mcts", .create = mcts_create, .destroy = mcts_destroy,
    .clear = mcts_clear, .search = mcts_search,
};
