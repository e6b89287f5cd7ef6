/* registry.c -- the list of searchers, as games/registry.c lists the
 * games: the engine option, its help and the docs are made from it. Knows
 * the searchers only through struct searcher_ops. */
#include <stdio.h>
#include <string.h>
#include "search/search.h"

const struct searcher_ops *const searcher_list[] = {
    &alphabeta_searcher, &mcts_searcher, &random_searcher, NULL
};

const struct searcher_ops *searcher_find(const char *name)
{
    for (int i = 0; searcher_list[i]; i++)
        if (strcmp(searcher_list[i]->name, name) == 0)
            return searcher_list[i];
    return NULL;
}

void searcher_names(const char *sep, char *buf, size_t n)
{
    size_t pos = 0;
    if (n)
        buf[0] = '\0';
    for (int i = 0; searcher_list[i]; i++) {
        int k = snprintf(buf + pos, n - pos, "%s%s", i ? sep : "", searcher_list[i]->name);
        if (k < 0 || (size_t)k >= n - pos)
            return;
        pos += (size_t)k;
    }
}
