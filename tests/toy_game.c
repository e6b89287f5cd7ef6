/* toy_game.c -- a game for the tests of the layers above the rules: a race
 * to `target` (10 by default): a move adds 1 or 2, whoever reaches the
 * target wins. With target 10 the side to move loses at totals 1, 4 and 7,
 * so the first mover wins by adding 1. It fills struct game alone: a test
 * that links it needs no rules library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "toy_game.h"


static int toy_init(void *st, int nopts, const char *const *opts,
                    char *err, size_t errlen)
{
    struct toy *t = st;
    t->total = t->side = 0;
    t->target = 10;
    for (int i = 0; i < nopts; i++) {
        if (strncmp(opts[i], "target=", 7)) {
            snprintf(err, errlen, "unknown option");
            return GAME_EOPTION;
        }
        t->target = atoi(opts[i] + 7);
        if (t->target < 1) {
            snprintf(err, errlen, "bad target");
            return GAME_EINVALID;
        }
    }
    return GAME_OK;
}
static void toy_format_variant(const void *st, char *buf, size_t n)
{
    const struct toy *t = st;
    if (t->target == 10)
        snprintf(buf, n, "%s", "");
    else
        snprintf(buf, n, "target=%d", t->target);
}
static int toy_parse_position(void *st, const char *s, char *err, size_t n)
{
    struct toy *t = st;
    int total, side;
    char extra;
    if (sscanf(s, "%d %d %c", &total, &side, &extra) != 2 || total < 0 ||
        total >= t->target || side < 1 || side > 2) {
        snprintf(err, n, "bad position");
        return GAME_EINVALID;
    }
    t->total = total;
    t->side = side - 1;
    return GAME_OK;
}
static void toy_format_position(const void *st, char *buf, size_t n)
{
    const struct toy *t = st;
    snprintf(buf, n, "%d %d", t->total, t->side + 1);
}
static int toy_side(const void *st) { return ((const struct toy *)st)->side; }
static int toy_gen(const void *st, move_t *m)
{
    const struct toy *t = st;
    if (t->total >= t->target)
        return 0;
    m[0] = 1;
    m[1] = 2;
    return 2;
}
static void toy_make(void *st, move_t m, game_undo *u)
{
    struct toy *t = st;
    (void)u;
    t->total += (int)m;
    t->side ^= 1;
}
static void toy_unmake(void *st, move_t m, const game_undo *u)
{
    struct toy *t = st;
    (void)u;
    t->total -= (int)m;
    t->side ^= 1;
}
static uint64_t toy_hash(const void *st)
{
    const struct toy *t = st;
    return (uint64_t)t->total * 2 + (uint64_t)t->side;
}
static void toy_status(const void *st, struct game_status *s)
{
    const struct toy *t = st;
    s->over = t->total >= t->target;
    s->winner = s->over ? 1 - t->side : -1;
    s->reason = s->over ? "reached the target" : "";
}
static int toy_eval(const void *st) { (void)st; return 0; }
static int toy_parse_move(const void *st, const char *s, move_t *m,
                          char *err, size_t n)
{
    const struct toy *t = st;
    if (!s[0] || strspn(s, "0123456789") != strlen(s)) {
        snprintf(err, n, "not a number");
        return GAME_ESYNTAX;
    }
    if (strcmp(s, "1") && strcmp(s, "2")) {
        snprintf(err, n, "adds 1 or 2");
        return GAME_EILLEGAL;
    }
    if (t->total >= t->target) {
        snprintf(err, n, "game over");
        return GAME_EILLEGAL;
    }
    *m = (move_t)(s[0] - '0');
    return GAME_OK;
}
static void toy_format_move(const void *st, move_t m, char *buf, size_t n)
{
    (void)st;
    snprintf(buf, n, "%u", (unsigned)m);
}
static void toy_print(const void *st, char *buf, size_t n)
{
    toy_format_position(st, buf, n);
}

static const struct variant_key toy_options[] = {
    {"target", VARIANT_INT, 1, 100, 1, NULL, "10", 0, "the number to reach"},
    {NULL, 0, 0, 0, 0, NULL, NULL, 0, NULL}
};
const struct game toy_game = {
    .name = "toy", .title = "Race to ten", .side_names = {"first", "second"},
    .side_aliases = {"", ""}, .gtp_letter = {'B', 'W'},
    .variant_keys = toy_options,
    .state_size = sizeof(struct toy), .undo_size = 1,
    .init = toy_init, .format_variant = toy_format_variant,
    .parse_position = toy_parse_position,
    .format_position = toy_format_position, .side_to_move = toy_side,
    .gen_moves = toy_gen, .make = toy_make, .unmake = toy_unmake,
    .hash = toy_hash, .status = toy_status, .evaluate = toy_eval,
    .parse_move = toy_parse_move, .format_move = toy_format_move,
    .print = toy_print,
};
