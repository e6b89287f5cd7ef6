/* timeman.c -- how long to think about one move, from GTP clocks.
 * Knows nothing about games or protocols. */
#include "search/search.h"

#define MARGIN_MS 30            /* pipes, process switches, output */

/* Any time into 0..SEARCH_MAX_MS: the arithmetic below stays in range. */
static int64_t clamp_time(int64_t ms)
{
    return ms < 0 ? 0 : ms > SEARCH_MAX_MS ? SEARCH_MAX_MS : ms;
}

int64_t timeman_movetime(int64_t movetime_ms)
{
    movetime_ms = clamp_time(movetime_ms);
    int64_t margin = movetime_ms / 20;
    if (margin > MARGIN_MS)
        margin = MARGIN_MS;
    if (margin < 1)
        margin = 1;
    return movetime_ms - margin > 1 ? movetime_ms - margin : 1;
}

int timeman_charge(struct clock_state *c, int64_t ms)
{
    if (!c->have_left) {
        if (c->main_ms < 0 || (c->byo_ms > 0 && c->byo_stones == 0) ||
            (c->main_ms == 0 && c->byo_ms == 0))
            return 0;           /* no clock, or no limit */
        int in_main = c->main_ms > 0;
        c->left_ms = in_main ? c->main_ms : c->byo_ms;
        c->left_stones = in_main ? 0 : c->byo_stones;
        c->have_left = 1;
    }
    int64_t byo = clamp_time(c->byo_ms);
    int periods = byo > 0 && c->byo_stones > 0;
    ms = clamp_time(ms);
    c->left_ms = clamp_time(c->left_ms);
    if (c->left_stones <= 0) {
        /* main time */
        c->left_stones = 0;
        c->left_ms -= ms;
        if (c->left_ms > 0)
            return 1;
        if (!periods) {
            c->left_ms = 0;     /* overstepped: sudden death */
            return 1;
        }
        ms = -c->left_ms;       /* the part of the move in the period */
        c->left_ms = byo;
        c->left_stones = c->byo_stones;
        if (ms == 0)
            return 1;
    }
    c->left_ms -= ms;
    c->left_stones--;
    if (c->left_ms < 0) {
        c->left_ms = 0;         /* overstepped in the period */
        if (c->left_stones == 0)
            c->left_stones = 1;
    } else if (c->left_stones == 0 && periods) {
        c->left_ms = byo;       /* the period's stones played: a new one */
        c->left_stones = c->byo_stones;
    }
    return 1;
}

void timeman_budget(const struct clock_state *c, int ply, int64_t *soft, int64_t *hard)
{
    *soft = *hard = 0;
    if (c->main_ms < 0 && !c->have_left)
        return;
    /* GTP: byo-yomi time > 0 with 0 stones means no time limit */
    if (!c->have_left && c->byo_ms > 0 && c->byo_stones == 0)
        return;
    if (!c->have_left && c->main_ms == 0 && c->byo_ms == 0)
        return;
    int64_t left = c->have_left ? c->left_ms : c->main_ms;
    int64_t byo = clamp_time(c->byo_ms);
    int stones = c->have_left ? c->left_stones : 0;
    if (!c->have_left && c->main_ms == 0 && c->byo_stones > 0) {
        left = byo;
        stones = c->byo_stones;
    }
    left = clamp_time(left);
    if (stones < 0)
        stones = 0;
    int64_t s, h;
    if (stones > 0) {
        /* in a byo-yomi period: left must cover `stones` moves, and an
         * overrun loses the game, so a quarter of the move's share is kept
         * for a loaded machine (at 9/10, 1.5 s left took 1.64 s at load 4) */
        int64_t per = left / stones;
        s = per / 2;
        h = per * 3 / 4 - MARGIN_MS;
    } else {
        int to_go = 40 - ply / 2;
        if (to_go < 15)
            to_go = 15;
        int64_t per = byo > 0 && c->byo_stones > 0 ? byo / c->byo_stones : 0;
        s = left / to_go + per / 2;
        h = s * 4;
        if (h > left / 3)
            h = left / 3;
        h -= MARGIN_MS;
        /* byo-yomi follows: a move that outlasts the main time is the
         * first stone of a period, so it may take at least what a move in
         * the period may take (the branch above). Capped at a third of the main time
         * alone, the last seconds of main time went by in moves of a few
         * milliseconds with whole periods unused (a QA pass: 30 s + 3 x 3 s
         * in OpenTafl, eight moves under 100 ms each) */
        if (per > 0 && h < per * 3 / 4 - MARGIN_MS)
            h = per * 3 / 4 - MARGIN_MS;
    }
    if (h < 5)
        h = 5;
    if (s > h)
        s = h;
    if (s < 1)
        s = 1;
    *soft = s;
    *hard = h;
}
