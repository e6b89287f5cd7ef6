/* invariants.c -- the protocol's promises as checks (see invariants.h).
 * Knows games only through struct game; knows nothing about the session. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "invariants.h"

/* Writes the message; returns -1 (a broken promise). */
static int report(char *msg, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, n, fmt, ap);
    va_end(ap);
    return -1;
}
#define MSG(...) report(msg, n, __VA_ARGS__)

int inv_line(const char *line, char *id, size_t idn, char *name, size_t namen)
{
    /* the cleaning of protocol.c: '#' ends the line, a tab is a space,
     * other control characters are dropped */
    char clean[64];
    size_t k = 0;
    int words = 0, inword = 0, first_digits = 1;
    size_t first_len = 0;
    id[0] = '\0';
    if (name)
        name[0] = '\0';
    char w2[64];
    size_t w2len = 0;
    for (const char *r = line; *r && *r != '#'; r++) {
        unsigned char c = (unsigned char)*r;
        if (c == '\t')
            c = ' ';
        else if (c < 32 || c == 127)
            continue;
        if (c == ' ') {
            inword = 0;
            continue;
        }
        if (!inword) {
            words++;
            inword = 1;
        }
        if (words == 1) {
            first_len++;
            first_digits &= isdigit(c) != 0;
            if (k < sizeof clean - 1)
                clean[k++] = (char)c;
        } else if (words == 2 && w2len < sizeof w2 - 1) {
            w2[w2len++] = (char)c;
        }
    }
    clean[k] = '\0';
    w2[w2len] = '\0';
    if (words == 0)
        return 0;
    int has_id = first_digits && first_len < 24;
    if (has_id)
        snprintf(id, idn, "%s", clean);
    if (name)
        snprintf(name, namen, "%s", has_id ? w2 : clean);
    return 1;
}

int inv_response(const char *out, size_t len, const char *id, char *msg, size_t n)
{
    size_t idl = strlen(id);
    if (len < 3 || (out[0] != '=' && out[0] != '?'))
        return MSG("no response start (%zu bytes)", len);
    if (len < 1 + idl + 2 || memcmp(out + 1, id, idl) != 0)
        return MSG("the id \"%s\" is not echoed", id);
    char after = out[1 + idl];
    if (after != ' ' && !(after == '\n' && out[0] == '='))
        return MSG("no space after \"%c%s\"", out[0], id);
    if (out[len - 1] != '\n' || out[len - 2] != '\n')
        return MSG("not ended by an empty line");
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)out[i];
        if ((c < 32 && c != '\n') || c == 127)
            return MSG("control byte %u at %zu", c, i);
        if (c == '\n' && i + 1 < len - 1 && out[i + 1] == '\n')
            return MSG("an empty line inside the response at %zu", i);
    }
    return 0;
}

int inv_position(const struct game *g, int nopts, const char *const *opts,
                 const void *st, char *msg, size_t n)
{
    char a[4096], b[4096], err[256];
    void *fresh = calloc(1, g->state_size);
    int rc = -1;
    if (!fresh)
        return MSG("out of memory");
    g->format_position(st, a, sizeof a);
    if (g->init(fresh, nopts, opts, err, sizeof err) != GAME_OK)
        MSG("%s: the session's variant does not init: %s", g->name, err);
    else if (g->parse_position(fresh, a, err, sizeof err) != GAME_OK) {
        /* a finished game may be refused: the rules reject a Rastros
         * snail on a goal corner in a position string */
        struct game_status gs;
        g->status(st, &gs);
        if (gs.over)
            rc = 0;
        else
            MSG("%s: \"%s\" does not parse back: %s", g->name, a, err);
    } else {
        /* a finished game may come back unfinished (a Grasshopper string
         * has no field for a won game): only its text must round-trip */
        struct game_status gs;
        g->status(st, &gs);
        g->format_position(fresh, b, sizeof b);
        if (strcmp(a, b) != 0)
            MSG("%s: \"%s\" parses back as \"%s\"", g->name, a, b);
        else if (gs.over)
            rc = 0;
        else if (g->hash(fresh) != g->hash(st))
            MSG("%s: \"%s\" parses back with another hash", g->name, a);
        else if (g->side_to_move(fresh) != g->side_to_move(st))
            MSG("%s: \"%s\" parses back with another side to move", g->name, a);
        else
            rc = 0;
    }
    free(fresh);
    return rc;
}

int inv_moves(const struct game *g, void *st, char *msg, size_t n)
{
    move_t moves[GAME_MAX_MOVES];
    struct game_status gs;
    char pos[4096], err[256];
    int k = g->gen_moves(st, moves);
    g->status(st, &gs);
    g->format_position(st, pos, sizeof pos);
    if (gs.over && k != 0)
        return MSG("%s %s: over (%s) but %d legal moves", g->name, pos, gs.reason, k);
    if (k < 0 || k > GAME_MAX_MOVES)
        return MSG("%s %s: %d legal moves", g->name, pos, k);
    unsigned char *copy = malloc(g->state_size);
    if (!copy)
        return MSG("out of memory");
    memcpy(copy, st, g->state_size);
    int rc = 0;
    for (int i = 0; i < k && rc == 0; i++) {
        char text[256], up[256];
        move_t m = MOVE_NONE;
        g->format_move(st, moves[i], text, sizeof text);
        size_t len = strlen(text);
        int printable = len > 0 && len < 48;
        for (size_t j = 0; j < len; j++)
            printable &= text[j] > 32 && text[j] < 127;
        if (!printable) {
            rc = MSG("%s %s: move %d formats as \"%s\"", g->name, pos, i, text);
            break;
        }
        if (g->parse_move(st, text, &m, err, sizeof err) != GAME_OK || m != moves[i]) {
            rc = MSG("%s %s: \"%s\" does not parse back (%s)", g->name, pos, text, err);
            break;
        }
        for (size_t j = 0; j <= len; j++)
            up[j] = (char)toupper((unsigned char)text[j]);
        if (g->parse_move(st, up, &m, err, sizeof err) != GAME_OK || m != moves[i]) {
            rc = MSG("%s %s: \"%s\" does not parse back (%s)", g->name, pos, up, err);
            break;
        }
        game_undo u;
        g->make(st, moves[i], &u);
        g->status(st, &gs);
        g->unmake(st, moves[i], &u);
        if (memcmp(st, copy, g->state_size) != 0) {
            memcpy(st, copy, g->state_size);
            rc = MSG("%s %s: make/unmake of %s does not restore the state", g->name, pos, text);
        }
    }
    free(copy);
    return rc;
}
