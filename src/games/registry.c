/* registry.c -- the list of games and the generic helpers built only on
 * struct game (perft, colour names). Knows no game's internals. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "game.h"
#include "util.h"

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

int game_option_form(const char *kv)
{
    return kv[0] != '=' && strchr(kv, '=') != NULL;
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

/* A subtree is counted in one call (the game's fast perft) only where its
 * leaves are at most this many whatever the moves below: the game's bound
 * on its moves (max_moves, else GAME_MAX_MOVES) to the depth left, which
 * bounds its tree (a guess from the
 * moves at the subtree's root did not: a forced move, or two, with many
 * plies left counted the rest in one call, which a deep Rastros perft
 * made hours long and deaf to an interrupt). Above those subtrees the
 * tree is walked here, and stop is polled once PERFT_POLL_WORK work
 * (leaves counted in one call, moves made here) was done since the last
 * poll: a few milliseconds at most. */
#define PERFT_CHUNK_LEAVES (1u << 20)
#define PERFT_POLL_WORK (1u << 18)

struct perft_poll {
    int (*stop)(void *);
    void *ctx;
    int *stopped;
    uint64_t work;              /* since the last poll */
};

static int perft_small(const struct game *g, int depth)
{
    uint64_t moves = g->max_moves > 0 && g->max_moves < GAME_MAX_MOVES ? (uint64_t)g->max_moves
                                                                        : GAME_MAX_MOVES;
    uint64_t bound = 1;
    for (int i = 0; i < depth; i++)
        if ((bound *= moves) > PERFT_CHUNK_LEAVES)
            return 0;
    return 1;
}

/* a position that is not over, depth >= 1, too deep to count in one call */
static uint64_t perft_stop_rec(const struct game *g, void *st, int depth, struct perft_poll *pp)
{
    if (pp->work >= PERFT_POLL_WORK) {
        pp->work = 0;
        if (pp->stop(pp->ctx)) {
            *pp->stopped = 1;
            return 0;
        }
    }
    move_t moves[GAME_MAX_MOVES];
    int n = g->gen_moves(st, moves);
    uint64_t total = 0;
    pp->work += 1 + (uint64_t)n;
    for (int i = 0; i < n && !*pp->stopped; i++) {
        game_undo u;
        struct game_status s;
        uint64_t c;
        g->make(st, moves[i], &u);
        g->status(st, &s);
        if (s.over || perft_small(g, depth - 1)) {
            c = s.over ? 1 : g->perft ? g->perft(st, depth - 1) : perft_rec(g, st, depth - 1);
            pp->work += c;
        } else {
            c = perft_stop_rec(g, st, depth - 1, pp);
        }
        g->unmake(st, moves[i], &u);
        total += c;
    }
    return *pp->stopped ? 0 : total;
}

uint64_t game_perft_stop(const struct game *g, void *st, int depth, int (*stop)(void *),
                         void *ctx, int *stopped)
{
    struct game_status s;
    *stopped = 0;
    if (depth <= 0)
        return 1;
    g->status(st, &s);
    if (s.over)
        return 0;
    if (!stop || perft_small(g, depth))
        return g->perft ? g->perft(st, depth) : perft_rec(g, st, depth);
    struct perft_poll pp = {stop, ctx, stopped, PERFT_POLL_WORK};    /* a poll first */
    return perft_stop_rec(g, st, depth, &pp);
}

uint64_t game_perft(const struct game *g, void *st, int depth)
{
    int stopped;
    return game_perft_stop(g, st, depth, NULL, NULL, &stopped);
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

const char *game_quote_byte(int c, char *buf)
{
    unsigned char b = (unsigned char)c;
    if (b >= 0x20 && b < 0x7f)
        snprintf(buf, 8, "'%c'", b);
    else
        snprintf(buf, 8, "\\x%02X", b);
    return buf;
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

/* ------------------------------------------------------------ variants */

const struct variant_key *game_variant_key(const struct game *g, const char *name)
{
    for (const struct variant_key *k = g->variant_keys; k && k->name; k++)
        if (strcasecmp(k->name, name) == 0)
            return k;
    return NULL;
}

const struct variant_key *game_size_key(const struct game *g)
{
    for (const struct variant_key *k = g->variant_keys; k && k->name; k++)
        if (k->flags & VARIANT_BOARD_SIZE)
            return k;
    return NULL;
}

/* The index of word in a "a|b|c" list, or -1. */
static int choice_index(const char *choices, const char *word)
{
    size_t wl = strlen(word);
    int i = 0;
    for (const char *c = choices; *c; i++) {
        size_t l = strcspn(c, "|");
        if (l == wl && strncasecmp(c, word, l) == 0)
            return i;
        c += l + (c[l] == '|');
    }
    return -1;
}

/* "draw or loss", "a, b or c": the words of a choice for a message. */
static void choice_words(const char *choices, char *buf, size_t n)
{
    size_t pos = 0;
    int count = 1;
    for (const char *c = choices; *c; c++)
        count += *c == '|';
    buf[0] = '\0';
    int i = 0;
    for (const char *c = choices; *c && pos < n; i++) {
        size_t l = strcspn(c, "|");
        int k = snprintf(buf + pos, n - pos, "%s%.*s",
                         i == 0 ? "" : i == count - 1 ? " or " : ", ", (int)l, c);
        if (k < 0)
            break;
        pos += (size_t)k;
        c += l + (c[l] == '|');
    }
}

static void int_range_words(const struct variant_key *k, char *buf, size_t n)
{
    if (k->step == 2 && k->lo % 2 == 0)
        snprintf(buf, n, "an even number from %d to %d", k->lo, k->hi);
    else if (k->step > 1)
        snprintf(buf, n, "%d..%d in steps of %d", k->lo, k->hi, k->step);
    else
        snprintf(buf, n, "%d..%d", k->lo, k->hi);
}

/* Reads a decimal number with nothing after it, within int. */
static int read_int(const char *s, long *out)
{
    char *end;
    if (!isdigit((unsigned char)s[0]) && !((s[0] == '-' || s[0] == '+') &&
                                           isdigit((unsigned char)s[1])))
        return 0;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < INT_MIN || v > INT_MAX)
        return 0;
    *out = v;
    return 1;
}

int game_variant_parse(const struct game *g, int nopts, const char *const *opts,
                       struct variant_values *v, char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    int nkeys = 0;
    for (const struct variant_key *k = g->variant_keys; k && k->name; k++, nkeys++) {
        if (k->kind == VARIANT_INT && k->def)
            v->num[nkeys] = atoi(k->def);
        else if (k->kind == VARIANT_CHOICE && k->def)
            v->num[nkeys] = choice_index(k->choices, k->def);
    }
    for (int i = 0; i < nopts; i++) {
        const char *o = opts[i], *eq = strchr(o, '=');
        size_t kl = eq ? (size_t)(eq - o) : strlen(o);
        const char *val = eq ? eq + 1 : "";
        int idx = -1;
        for (int j = 0; j < nkeys; j++)
            if (strlen(g->variant_keys[j].name) == kl &&
                strncasecmp(g->variant_keys[j].name, o, kl) == 0)
                idx = j;
        if (idx < 0) {
            snprintf(err, errlen, "unknown option: %.*s", (int)kl, o);
            return GAME_EOPTION;
        }
        const struct variant_key *k = &g->variant_keys[idx];
        char range[96];
        long num;
        switch (k->kind) {
        case VARIANT_INT:
            if (!read_int(val, &num) || num < k->lo || num > k->hi ||
                (k->step > 1 && (num - k->lo) % k->step)) {
                int_range_words(k, range, sizeof range);
                snprintf(err, errlen, "%s must be %s, not '%s'", k->name, range, val);
                return GAME_EINVALID;
            }
            v->num[idx] = (int)num;
            break;
        case VARIANT_CHOICE:
            num = choice_index(k->choices, val);
            if (num < 0 || !val[0]) {
                choice_words(k->choices, range, sizeof range);
                snprintf(err, errlen, "%s must be %s, not '%s'", k->name, range, val);
                return GAME_EINVALID;
            }
            v->num[idx] = (int)num;
            break;
        case VARIANT_SQUARE:
            if (!val[0] || strlen(val) >= GAME_VARIANT_TEXT) {
                snprintf(err, errlen, "%s must be a square, not '%s'", k->name, val);
                return GAME_EINVALID;
            }
            for (size_t c = 0; val[c]; c++)
                v->text[idx][c] = (char)tolower((unsigned char)val[c]);
            break;
        }
        v->given[idx] = 1;
    }
    return GAME_OK;
}

void game_variant_range(const struct variant_key *k, char *buf, size_t n)
{
    switch (k->kind) {
    case VARIANT_INT:
        if (k->step == 2 && k->lo % 2 == 0)
            snprintf(buf, n, "%d..%d (even)", k->lo, k->hi);
        else if (k->step > 1)
            snprintf(buf, n, "%d..%d (step %d)", k->lo, k->hi, k->step);
        else
            snprintf(buf, n, "%d..%d", k->lo, k->hi);
        break;
    case VARIANT_CHOICE:
        snprintf(buf, n, "%s", k->choices);
        break;
    case VARIANT_SQUARE:
        snprintf(buf, n, "SQUARE");
        break;
    }
}

void game_variant_help(const struct game *g, char *buf, size_t n)
{
    size_t pos = 0;
    if (n)
        buf[0] = '\0';
    for (const struct variant_key *k = g->variant_keys; k && k->name; k++) {
        char r[64];
        game_variant_range(k, r, sizeof r);
        int w = snprintf(buf + pos, n - pos, "%s%s=%s", pos ? " " : "", k->name, r);
        if (w < 0 || (size_t)w >= n - pos)
            return;
        pos += (size_t)w;
    }
}

int game_variant_value(const struct variant_key *k, int i, char *buf, size_t n)
{
    if (i < 0)
        return 0;
    if (k->kind == VARIANT_INT) {
        long v = (long)k->lo + (long)i * (k->step > 0 ? k->step : 1);
        if (v > k->hi)
            return 0;
        snprintf(buf, n, "%ld", v);
        return 1;
    }
    if (k->kind == VARIANT_CHOICE) {
        const char *c = k->choices;
        for (int j = 0; *c; j++) {
            size_t l = strcspn(c, "|");
            if (j == i) {
                snprintf(buf, n, "%.*s", (int)l, c);
                return 1;
            }
            c += l + (c[l] == '|');
        }
    }
    return 0;
}

int game_tables_check(const char *dir, char *out, size_t n)
{
    if (util_check_dir(dir, out, n))
        return -1;
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
