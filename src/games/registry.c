/* registry.c -- the list of games and the generic helpers built only on
 * struct game (perft, colour names). Knows no game's internals. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <strings.h>
#include "game.h"

const struct game *const game_list[] = {
    &rastros_game, &tablut_game, &grasshopper_game, NULL
};

const struct game *game_find(const char *name)
{
    for (int i = 0; game_list[i]; i++)
        if (strcasecmp(game_list[i]->name, name) == 0)
            return game_list[i];
    return NULL;
}

static uint64_t perft_rec(const struct game *g, void *st, int depth)
{
    move_t moves[GAME_MAX_MOVES];
    int n = g->gen_moves(st, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        game_undo u;
        struct game_status s;
        g->make(st, moves[i], &u);
        g->status(st, &s);
        total += s.over ? 1 : perft_rec(g, st, depth - 1);
        g->unmake(st, moves[i], &u);
    }
    return total;
}

uint64_t game_perft(const struct game *g, void *st, int depth)
{
    struct game_status s;
    if (depth <= 0)
        return 1;
    g->status(st, &s);
    if (s.over)
        return 0;
    if (g->perft)
        return g->perft(st, depth);
    return perft_rec(g, st, depth);
}

static int word_in_list(const char *list, const char *word)
{
    size_t wl = strlen(word);
    const char *p = list;
    while (p && *p) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        if ((size_t)(e - p) == wl && strncasecmp(p, word, wl) == 0)
            return 1;
        p = e;
    }
    return 0;
}

int game_parse_color(const struct game *g, const char *word)
{
    if (strcmp(word, "1") == 0)
        return 0;
    if (strcmp(word, "2") == 0)
        return 1;
    for (int s = 0; s < 2; s++)
        if (strcasecmp(word, g->side_names[s]) == 0 ||
            word_in_list(g->side_aliases[s], word))
            return s;
    return -1;
}

int game_tables_check(const char *dir, char *out, size_t n)
{
    struct stat sb;
    if (stat(dir, &sb)) {
        snprintf(out, n, "%s: %s", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(sb.st_mode)) {
        snprintf(out, n, "%s: not a directory", dir);
        return -1;
    }
    size_t len = 0;
    int bad = 0;
    out[0] = 0;
    for (int i = 0; game_list[i] && len + 1 < n; i++) {
        if (!game_list[i]->tables_check)
            continue;
        if (len)
            out[len++] = '\n';
        int k = game_list[i]->tables_check(dir, out + len, n - len);
        if (k < 0) {
            memmove(out, out + len, strlen(out + len) + 1);
            return -1;
        }
        bad += k;
        len += strlen(out + len);
        if (len && out[len - 1] == '\n')
            out[--len] = 0;     /* that game had none */
    }
    if (!len)
        snprintf(out, n, "no table files in %s", dir);
    return bad;
}
