/* referee.c -- tabula-match: the referee that plays one game between two
 * engine processes, deciding legality and the result itself.
 * Knows games only through struct game; knows nothing about the schedule,
 * the results files or the statistics. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "match/match.h"
#include "match/match_int.h"
#include "record.h"
#include "util.h"

static void warn_once(struct tour *t, int engine, unsigned bit,
                      const char *what, const char *msg)
{
    pthread_mutex_lock(&t->mu);
    if (!(t->warned[engine] & bit)) {
        t->warned[engine] |= bit;
        fprintf(stderr, "tabula-match: warning: %s rejected '%s': %s\n",
                t->c->engines[engine].name, what, msg);
    }
    pthread_mutex_unlock(&t->mu);
}

/* One game in progress. */
struct referee {
    struct worker *w;
    const struct match_slot *s;
    struct engine_proc *p[2];   /* by side: 0 moves first */
    int idx[2];                 /* engine indices by side */
    int broken[2];              /* restart this side's engine after */
    struct match_result *res;
    int over;
};

/* Ends the game: side `loser` forfeits for the reason given. */
static void forfeit(struct referee *rf, int loser, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void forfeit(struct referee *rf, int loser, const char *fmt, ...)
{
    va_list ap;
    char msg[96];
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rf->res->winner = 1 - loser;
    snprintf(rf->res->reason, sizeof rf->res->reason, "%.63s %.95s",
             rf->w->t->c->engines[rf->idx[loser]].name, msg);
    rf->broken[loser] = 1;
    rf->over = 1;
}

/* Forfeits for a failed exchange; returns r unless it forfeited. */
static int check_exchange(struct referee *rf, int side, int r,
                          const char *what, const char *text,
                          int fail_is_fatal, int64_t timeout_ms)
{
    char why[64];
    switch (r) {
    case ENG_OK:
        return 0;
    case ENG_FAIL:
        if (!fail_is_fatal) {
            unsigned h = 0;
            for (const char *q = what; *q; q++)
                h = h * 31 + (unsigned char)*q;
            warn_once(rf->w->t, rf->idx[side], 1u << (h % 32), what, text);
            return 0;
        }
        forfeit(rf, side, "error response to %s: %.60s", what, text);
        return -1;
    case ENG_TIMEOUT:
        forfeit(rf, side, "timed out on %s (%lld ms)", what,
                (long long)timeout_ms);
        return -1;
    case ENG_GARBAGE:
        forfeit(rf, side, "garbage response to %s: '%.60s'", what, text);
        return -1;
    default:
        eng_describe_exit(rf->p[side], why, sizeof why);
        forfeit(rf, side, "crashed (%s) on %s", why, what);
        return -1;
    }
}

static int ensure_engines(struct worker *w, int want0, int want1,
                          struct engine_proc **p0, struct engine_proc **p1,
                          char *err, size_t errlen, int *bad)
{
    const struct match_config *c = w->t->c;
    int want[2] = {want0, want1};
    struct engine_proc *got[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++)
        if (w->who[k] != want0 && w->who[k] != want1) {
            eng_stop(&w->eng[k]);
            w->who[k] = -1;
        }
    for (int i = 0; i < 2; i++) {
        int k;
        for (k = 0; k < 2; k++)
            if (w->who[k] == want[i])
                break;
        if (k == 2)
            for (k = 0; k < 2; k++)
                if (w->who[k] < 0)
                    break;
        if (w->who[k] == want[i] && w->eng[k].pid > 0) {
            got[i] = &w->eng[k];
            continue;
        }
        eng_stop(&w->eng[k]);
        w->who[k] = -1;
        char log[4096];
        snprintf(log, sizeof log, "%s/%s.log", c->logdir ? c->logdir : ".",
                 c->engines[want[i]].name);
        if (eng_start(&w->eng[k], c->engines[want[i]].name,
                      c->engines[want[i]].cmd, log, err, errlen)) {
            *bad = i;
            return -1;
        }
        w->who[k] = want[i];
        got[i] = &w->eng[k];
    }
    *p0 = got[0];
    *p1 = got[1];
    return 0;
}

static void sanitize(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 32 || *s == 127)
            *s = '?';
}

void match_play_game(struct worker *w, const struct match_slot *s,
               struct match_result *res, struct game_record *rec)
{
    struct tour *t = w->t;
    const struct match_config *c = t->c;
    const struct game *g = t->g;
    struct referee rf = {.w = w, .s = s, .res = res};
    char text[1024], err[256];
    void *st = calloc(1, g->state_size);

    memset(res, 0, sizeof *res);
    res->index = s->index;
    res->winner = -1;
    match_scopy(res->first, sizeof res->first, c->engines[s->first].name);
    match_scopy(res->second, sizeof res->second, c->engines[s->second].name);
    rf.idx[0] = s->first;
    rf.idx[1] = s->second;

    record_init(rec);
    match_scopy(rec->game, sizeof rec->game, g->name);
    match_scopy(rec->variant, sizeof rec->variant, t->variant);
    match_scopy(rec->players[0], sizeof rec->players[0], res->first);
    match_scopy(rec->players[1], sizeof rec->players[1], res->second);
    match_scopy(rec->date, sizeof rec->date, t->date);

    const char *optv[MATCH_MAX_OPTS];
    for (int i = 0; i < c->nopts; i++)
        optv[i] = c->opts[i];
    /* Both were checked before the tournament started. */
    if (!st || g->init(st, c->nopts, optv, err, sizeof err) != GAME_OK) {
        rf.res->winner = -1;
        snprintf(res->reason, sizeof res->reason, "referee error");
        goto done;
    }
    const char *opening = t->nopenings ? t->openings[s->round % t->nopenings]
                                       : NULL;
    if (opening) {
        g->parse_position(st, opening, err, sizeof err);
        match_scopy(rec->position, sizeof rec->position, opening);
    }

    int bad = 0;
    if (ensure_engines(w, s->first, s->second, &rf.p[0], &rf.p[1], err,
                       sizeof err, &bad)) {
        forfeit(&rf, bad, "could not start: %s", err);
        goto done;
    }

    /* Set-up: newgame, position, options. */
    for (int side = 0; side < 2 && !rf.over; side++) {
        struct engine_proc *e = rf.p[side];
        int64_t to = c->setup_timeout_ms;
        int r = eng_command(e, to, text, sizeof text, "%s", t->newgame);
        if (check_exchange(&rf, side, r, "newgame", text, 1, to))
            break;
        if (opening) {
            r = eng_command(e, to, text, sizeof text, "setposition %s",
                            opening);
            if (check_exchange(&rf, side, r, "setposition", text, 1, to))
                break;
        }
        if (c->movetime_ms) {
            r = eng_command(e, to, text, sizeof text,
                            "set_option movetime %lld",
                            (long long)c->movetime_ms);
            if (check_exchange(&rf, side, r, "set_option movetime", text, 0,
                               to))
                break;
        }
        if (c->depth) {
            r = eng_command(e, to, text, sizeof text, "set_option depth %d",
                            c->depth);
            if (check_exchange(&rf, side, r, "set_option depth", text, 0, to))
                break;
        }
        if (c->nodes) {
            r = eng_command(e, to, text, sizeof text, "set_option nodes %lld",
                            c->nodes);
            if (check_exchange(&rf, side, r, "set_option nodes", text, 0, to))
                break;
        }
        if (c->engine_seed) {
            uint64_t seed = c->seed * 1000003u + (uint64_t)s->index * 2 +
                            (uint64_t)side;
            r = eng_command(e, to, text, sizeof text, "set_option seed %llu",
                            (unsigned long long)(seed & 0x7fffffffffffull));
            if (check_exchange(&rf, side, r, "set_option seed", text, 0, to))
                break;
        }
        if (c->tc) {
            r = eng_command(e, to, text, sizeof text, "time_settings %g 0 0",
                            c->tc_base);
            if (check_exchange(&rf, side, r, "time_settings", text, 0, to))
                break;
        }
    }

    double clock_ms[2] = {c->tc_base * 1000, c->tc_base * 1000};
    while (!rf.over) {
        struct game_status gs;
        g->status(st, &gs);
        if (gs.over) {
            res->winner = gs.winner;
            match_scopy(res->reason, sizeof res->reason,
                  gs.reason ? gs.reason : "game over");
            break;
        }
        if (c->maxplies && res->plies >= c->maxplies) {
            res->winner = -1;
            snprintf(res->reason, sizeof res->reason,
                     "adjudicated draw at %d plies", c->maxplies);
            break;
        }
        int side = g->side_to_move(st);
        struct engine_proc *e = rf.p[side];
        int64_t to = c->timeout_ms;
        int r;
        if (c->tc) {
            r = eng_command(e, to, text, sizeof text, "time_left %d %.3f 0",
                            side + 1, clock_ms[side] / 1000.0);
            if (check_exchange(&rf, side, r, "time_left", text, 0, to))
                break;
            to = (int64_t)clock_ms[side] + c->grace_ms;
        }
        int64_t t0 = now_ms();
        r = eng_command(e, to, text, sizeof text, "genmove %d", side + 1);
        int64_t used = now_ms() - t0;
        if (c->tc && (r == ENG_TIMEOUT ||
                      (r == ENG_OK && used > clock_ms[side] + c->grace_ms))) {
            forfeit(&rf, side, "lost on time (%lld ms used, %.0f ms left)",
                    (long long)used, clock_ms[side]);
            break;
        }
        if (check_exchange(&rf, side, r, "genmove", text, 1, to))
            break;
        if (c->tc) {
            clock_ms[side] -= (double)used;
            if (clock_ms[side] < 0)
                clock_ms[side] = 0;
            clock_ms[side] += c->tc_inc * 1000;
        }
        sanitize(text);
        if (strcasecmp(text, "resign") == 0) {
            forfeit(&rf, side, "resigned");
            break;
        }
        if (!text[0] || strpbrk(text, " \t\n")) {
            forfeit(&rf, side, "garbage response to genmove: '%.60s'", text);
            break;
        }
        move_t m;
        err[0] = 0;
        if (g->parse_move(st, text, &m, err, sizeof err) != GAME_OK) {
            sanitize(err);
            forfeit(&rf, side, "illegal move '%.40s'%s%.80s", text,
                    err[0] ? ": " : "", err);
            break;
        }
        char mv[64];
        game_undo u;
        g->format_move(st, m, mv, sizeof mv);
        g->make(st, m, &u);
        record_add_move(rec, mv);
        res->plies++;
        g->status(st, &gs);
        if (gs.over)
            continue;
        to = c->timeout_ms;
        r = eng_command(rf.p[1 - side], to, text, sizeof text, "play %d %s",
                        side + 1, mv);
        char what[96];
        snprintf(what, sizeof what, "play %d %s", side + 1, mv);
        if (r == ENG_FAIL) {
            forfeit(&rf, 1 - side, "rejected the legal move %s: %.60s", mv,
                    text);
            break;
        }
        if (check_exchange(&rf, 1 - side, r, what, text, 1, to))
            break;
    }

done:
    match_scopy(rec->result, sizeof rec->result, match_result_string(res->winner));
    match_scopy(rec->reason, sizeof rec->reason, res->reason);
    /* A forfeiting engine is restarted before its next game. */
    for (int side = 0; side < 2; side++)
        if (rf.broken[side] && rf.p[side])
            eng_kill(rf.p[side]);
    free(st);
}
