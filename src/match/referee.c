/* referee.c -- tabula-match: the referee that plays one game between two
 * engine processes, deciding legality and the result itself, and keeps
 * the game's record (times measured here, scores as the engines report
 * them). Knows games only through struct game; knows nothing about the
 * schedule, the results files or the statistics. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <ctype.h>
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

static unsigned warn_bit(const char *what)
{
    unsigned h = 0;
    for (const char *q = what; *q; q++)
        h = h * 31 + (unsigned char)*q;
    return 1u << (h % 32);
}

/* PGN Termination words. */
#define TERM_NORMAL "normal"
#define TERM_ADJUDICATION "adjudication"
#define TERM_TIME "time forfeit"
#define TERM_RULES "rules infraction"
#define TERM_ABANDONED "abandoned"

/* One game in progress. */
struct referee {
    struct worker *w;
    const struct match_slot *s;
    struct engine_proc *p[2];   /* by side: 0 moves first */
    int idx[2];                 /* engine indices by side */
    int broken[2];              /* restart this side's engine after */
    struct match_result *res;
    const char *term;
    int setup;                  /* failures now void the game */
    int over;
};

/* A clock never holds more than this many ms (some 30000 years): the
 * options allow 100000 s a base and an increment, and a game of many moves
 * must not take the clock past what an int64_t of ms holds (a deadline
 * converted from a larger double is undefined behaviour, and a number of
 * more digits would not fit the reason). */
#define CLOCK_MAX_MS 1e15

static double clock_cap(double ms)
{
    return ms > CLOCK_MAX_MS ? CLOCK_MAX_MS : ms;
}

static void end_game(struct referee *rf, int side, int is_void,
                     const char *term, const char *fmt, va_list ap)
{
    char msg[112];
    vsnprintf(msg, sizeof msg, fmt, ap);
    snprintf(rf->res->reason, sizeof rf->res->reason, "%.47s %.111s",
             rf->w->t->c->engines[rf->idx[side]].name, msg);
    if (is_void) {
        rf->res->voided = 1;
        rf->res->void_engine = rf->idx[side];
        rf->res->winner = -1;
    } else {
        rf->res->winner = 1 - side;
    }
    rf->term = term;
    rf->broken[side] = 1;
    rf->over = 1;
}

/* Ends the game: side `loser` forfeits for the reason given. */
static void forfeit(struct referee *rf, int loser, const char *term,
                    const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void forfeit(struct referee *rf, int loser, const char *term,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    end_game(rf, loser, 0, term, fmt, ap);
    va_end(ap);
}

/* Ends the game before it began: it is void, `side`'s engine to blame. */
static void void_game(struct referee *rf, int side, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void void_game(struct referee *rf, int side, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    end_game(rf, side, 1, TERM_ABANDONED, fmt, ap);
    va_end(ap);
}

static void abandon(struct referee *rf)
{
    rf->res->abandoned = 1;
    rf->res->winner = -1;
    snprintf(rf->res->reason, sizeof rf->res->reason, "interrupted");
    rf->term = TERM_ABANDONED;
    rf->broken[0] = rf->broken[1] = 1;
    rf->over = 1;
}

/* Describes a failed exchange (r != ENG_OK) in why. */
static void describe(struct engine_proc *e, int r, const char *what,
                     const char *text, int64_t timeout_ms, char *why,
                     size_t n)
{
    char ex[64];
    switch (r) {
    case ENG_FAIL:
        snprintf(why, n, "error response to %s: %.60s", what, text);
        break;
    case ENG_TIMEOUT:
        snprintf(why, n, "timed out on %s (%lld ms)", what,
                 (long long)timeout_ms);
        break;
    case ENG_GARBAGE:
        snprintf(why, n, "garbage response to %s: '%.60s'", what, text);
        break;
    default:
        eng_describe_exit(e, ex, sizeof ex);
        snprintf(why, n, "crashed (%s) on %s", ex, what);
        break;
    }
}

/* Ends the game for a failed exchange (a forfeit, or during the set-up a
 * void game); a "?" is only a warning unless fail_is_fatal. Returns 0 when
 * the game goes on. */
static int check_exchange(struct referee *rf, int side, int r,
                          const char *what, const char *text,
                          int fail_is_fatal, int64_t timeout_ms)
{
    char why[160];
    if (r == ENG_OK)
        return 0;
    if (r == ENG_ABORT) {
        abandon(rf);
        return -1;
    }
    if (r == ENG_FAIL && !fail_is_fatal) {
        warn_once(rf->w->t, rf->idx[side], warn_bit(what), what, text);
        return 0;
    }
    describe(rf->p[side], r, what, text, timeout_ms, why, sizeof why);
    if (rf->setup)
        void_game(rf, side, "%s", why);
    else
        forfeit(rf, side, r == ENG_TIMEOUT ? TERM_ABANDONED
                : r == ENG_FAIL || r == ENG_GARBAGE ? TERM_RULES
                : TERM_ABANDONED, "%s", why);
    return -1;
}

/* A start-up exchange that failed (r, not ENG_OK): the process stopped,
 * why said, and match_engine_start's -2 for an interruption, else -1. */
static int start_failed(struct engine_proc *e, int r, const char *what, const char *text,
                        int64_t to, char *why, size_t n)
{
    if (r == ENG_ABORT)
        snprintf(why, n, "interrupted");
    else
        describe(e, r, what, text, to, why, n);
    eng_kill(e);
    return r == ENG_ABORT ? -2 : -1;
}

int match_engine_start(struct tour *t, int i, struct engine_proc *e, int abort_at,
                       char *why, size_t n)
{
    const struct match_config *c = t->c;
    const struct match_engine *me = &c->engines[i];
    char log[4200], text[256];
    int64_t to = c->setup_timeout_ms;
    if (t->logdir[0])
        snprintf(log, sizeof log, "%s/%s.log", t->logdir, me->name);
    if (eng_start(e, me->name, me->cmd, t->logdir[0] ? log : NULL, why, n))
        return -1;
    e->abort = c->interrupted;
    e->abort_at = abort_at;
    static const char *const hello[] = {"protocol_version", "name"};
    for (int k = 0; k < 2; k++) {
        int r = eng_command(e, to, text, sizeof text, "%s", hello[k]);
        /* any answer will do: it is alive and speaks the protocol */
        if (r != ENG_OK && r != ENG_FAIL)
            return start_failed(e, r, hello[k], text, to, why, n);
    }
    /* Options: the tournament's (--each), then its own, which win. */
    for (int k = 0; k < c->neach + me->nopts; k++) {
        const char *kv = k < c->neach ? c->each_opts[k]
                                      : me->opts[k - c->neach];
        const char *eq = strchr(kv, '=');
        char what[160];
        snprintf(what, sizeof what, "set_option %.*s", (int)(eq - kv), kv);
        int r = eng_command(e, to, text, sizeof text, "set_option %.*s %s",
                            (int)(eq - kv), kv, eq + 1);
        if (r == ENG_FAIL)
            warn_once(t, i, warn_bit(what), what, text);
        else if (r != ENG_OK)
            return start_failed(e, r, what, text, to, why, n);
    }
    return 0;
}

/* Gets engines want0 and want1 running in w (keeping those that are);
 * on failure *bad is the side whose engine would not start. */
static int ensure_engines(struct worker *w, int want0, int want1,
                          struct engine_proc **p0, struct engine_proc **p1,
                          char *err, size_t errlen, int *bad)
{
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
        if (match_engine_start(w->t, want[i], &w->eng[k], 2, err, errlen)) {
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
        if ((unsigned char)*s < 32 || (unsigned char)*s >= 127)
            *s = '?';
}

/* "score S depth D ..." of gomill-explain_last_move: "S/D" in out (a
 * score from the mover's view: +12, -3, W5, L), or "" when not there. */
static void explain_comment(const char *text, char *out, size_t n)
{
    char score[16] = "", depth[16] = "";
    const char *p = text;
    out[0] = 0;
    while (*p) {
        char key[16], val[16];
        int k = 0;
        if (sscanf(p, "%15s %15s%n", key, val, &k) != 2)
            break;
        p += k;
        if (!strcmp(key, "score") && !score[0])
            snprintf(score, sizeof score, "%s", val);
        else if (!strcmp(key, "depth") && !depth[0])
            snprintf(depth, sizeof depth, "%s", val);
        else if (!strcmp(key, "pv"))
            break;
    }
    if (!score[0])
        return;
    char *e;
    long v = strtol(score, &e, 10);
    if (e != score && !*e)
        snprintf(score, sizeof score, "%+ld", v);
    else if ((score[0] != 'W' && score[0] != 'L') ||
             strspn(score + 1, "0123456789") != strlen(score + 1))
        return;                 /* not a score we know how to read */
    if (strspn(depth, "0123456789") != strlen(depth) || !depth[0])
        snprintf(out, n, "%s", score);
    else
        snprintf(out, n, "%s/%s", score, depth);
}

void match_play_game(struct worker *w, const struct match_slot *s,
                     struct match_result *res, struct game_record *rec)
{
    struct tour *t = w->t;
    const struct match_config *c = t->c;
    const struct game *g = t->g;
    struct referee rf = {.w = w, .s = s, .res = res, .term = TERM_NORMAL};
    char text[1024], err[256];
    void *st = calloc(1, g->state_size);
    const struct engine_info *info[2];

    memset(res, 0, sizeof *res);
    res->index = s->index;
    res->winner = -1;
    res->void_engine = -1;
    match_scopy(res->first, sizeof res->first, c->engines[s->first].name);
    match_scopy(res->second, sizeof res->second, c->engines[s->second].name);
    rf.idx[0] = s->first;
    rf.idx[1] = s->second;
    info[0] = &t->info[s->first];
    info[1] = &t->info[s->second];

    record_init(rec);
    match_scopy(rec->event, sizeof rec->event, t->event);
    match_scopy(rec->site, sizeof rec->site, t->site);
    match_scopy(rec->date, sizeof rec->date, t->date);
    snprintf(rec->round, sizeof rec->round, "%d", s->index);
    match_scopy(rec->game, sizeof rec->game, g->name);
    match_scopy(rec->variant, sizeof rec->variant, t->variant);
    match_scopy(rec->players[0], sizeof rec->players[0], res->first);
    match_scopy(rec->players[1], sizeof rec->players[1], res->second);
    char tc[2][64];
    for (int k = 0; k < 2; k++)
        match_format_tc(&info[k]->lim, tc[k], sizeof tc[k]);
    if (strcmp(tc[0], tc[1]) == 0) {
        match_scopy(rec->timecontrol, sizeof rec->timecontrol, tc[0]);
    } else {
        match_scopy(rec->timecontrol, sizeof rec->timecontrol, "?");
        for (int k = 0; k < 2; k++)
            match_scopy(rec->player_tc[k], sizeof rec->player_tc[k], tc[k]);
    }

    const char *optv[MATCH_MAX_VARIANT];
    for (int i = 0; i < c->nopts; i++)
        optv[i] = c->opts[i];
    /* Both were checked before the tournament started. */
    if (!st || g->init(st, c->nopts, optv, err, sizeof err) != GAME_OK) {
        res->winner = -1;
        snprintf(res->reason, sizeof res->reason, "referee error");
        goto done;
    }
    const char *opening = t->nopenings ? t->openings[s->round % t->nopenings]
                                       : NULL;
    if (opening)
        g->parse_position(st, opening, err, sizeof err);
    g->format_position(st, rec->position, sizeof rec->position);
    rec->first_side = g->side_to_move(st);

    /* Until the first genmove, an engine that fails voids the game: it is
     * played again, and is no loss. */
    rf.setup = 1;
    int bad = 0;
    if (ensure_engines(w, s->first, s->second, &rf.p[0], &rf.p[1], err,
                       sizeof err, &bad)) {
        if (c->interrupted && *c->interrupted >= 2)
            abandon(&rf);
        else
            void_game(&rf, bad, "could not start: %s", err);
        goto done;
    }

    /* Set-up: newgame, position, limits. */
    for (int side = 0; side < 2 && !rf.over; side++) {
        struct engine_proc *e = rf.p[side];
        const struct match_limits *l = &info[side]->lim;
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
        if (l->movetime_ms) {
            r = eng_command(e, to, text, sizeof text,
                            "set_option movetime %lld",
                            (long long)l->movetime_ms);
            if (check_exchange(&rf, side, r, "set_option movetime", text, 0,
                               to))
                break;
        }
        if (l->depth) {
            r = eng_command(e, to, text, sizeof text, "set_option depth %d",
                            l->depth);
            if (check_exchange(&rf, side, r, "set_option depth", text, 0, to))
                break;
        }
        if (l->nodes) {
            r = eng_command(e, to, text, sizeof text, "set_option nodes %lld",
                            l->nodes);
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
        if (l->tc) {
            r = eng_command(e, to, text, sizeof text, "time_settings %g 0 0",
                            l->tc_base);
            if (check_exchange(&rf, side, r, "time_settings", text, 0, to))
                break;
        }
    }
    rf.setup = 0;

    double clock_ms[2] = {clock_cap(info[0]->lim.tc_base * 1000),
                          clock_cap(info[1]->lim.tc_base * 1000)};
    while (!rf.over) {
        struct game_status gs;
        if (c->interrupted && *c->interrupted >= 2) {
            abandon(&rf);
            break;
        }
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
            rf.term = TERM_ADJUDICATION;
            break;
        }
        int side = g->side_to_move(st);
        struct engine_proc *e = rf.p[side];
        const struct match_limits *l = &info[side]->lim;
        int64_t to = info[side]->timeout_ms;
        int r;
        if (l->tc) {
            r = eng_command(e, to, text, sizeof text, "time_left %d %.3f 0",
                            side + 1, clock_ms[side] / 1000.0);
            if (check_exchange(&rf, side, r, "time_left", text, 0, to))
                break;
            to = (int64_t)clock_ms[side] + c->grace_ms;
        }
        int64_t t0 = now_ms();
        r = eng_command(e, to, text, sizeof text, "genmove %d", side + 1);
        int64_t used = now_ms() - t0;
        if (r == ENG_ABORT) {
            abandon(&rf);
            break;
        }
        if (l->tc && (r == ENG_TIMEOUT ||
                      (r == ENG_OK && used > clock_ms[side] + c->grace_ms))) {
            forfeit(&rf, side, TERM_TIME,
                    "lost on time (%lld ms used, %lld ms left)",
                    (long long)used, (long long)(clock_ms[side] + 0.5));
            break;
        }
        if (check_exchange(&rf, side, r, "genmove", text, 1, to))
            break;
        if (l->tc) {
            clock_ms[side] -= (double)used;
            if (clock_ms[side] < 0)
                clock_ms[side] = 0;
            clock_ms[side] = clock_cap(clock_ms[side] + l->tc_inc * 1000);
        }
        /* one word, or garbage: looked at before sanitize turns a second
         * line's newline into '?' (a QA pass: "a1\nb2" was an illegal
         * move 'a1?b2', not garbage) */
        int words = !text[0] || strpbrk(text, " \t\n");
        sanitize(text);
        if (!words && strcasecmp(text, "resign") == 0) {
            forfeit(&rf, side, TERM_NORMAL, "resigned");
            break;
        }
        if (words) {
            forfeit(&rf, side, TERM_RULES,
                    "garbage response to genmove: '%.60s'", text);
            break;
        }
        move_t m;
        err[0] = 0;
        if (g->parse_move(st, text, &m, err, sizeof err) != GAME_OK) {
            sanitize(err);
            forfeit(&rf, side, TERM_RULES, "illegal move '%.40s'%s%.80s",
                    text, err[0] ? ": " : "", err);
            break;
        }
        /* The engine's own account of the move, where it gives one. */
        char expl[48] = "", comment[80];
        if (info[side]->explain) {
            int64_t eto = c->setup_timeout_ms;
            r = eng_command(e, eto, text, sizeof text,
                            "gomill-explain_last_move");
            /* "?" (nothing to explain) only leaves the score out */
            if (r != ENG_FAIL &&
                check_exchange(&rf, side, r, "gomill-explain_last_move",
                               text, 0, eto))
                break;
            if (r == ENG_OK)
                explain_comment(text, expl, sizeof expl);
        }
        snprintf(comment, sizeof comment, "%s%s%.3fs", expl,
                 expl[0] ? " " : "", (double)used / 1000);
        char mv[64], longmv[64];
        game_undo u;
        g->format_move(st, m, mv, sizeof mv);
        if (g->format_move_long)
            g->format_move_long(st, m, longmv, sizeof longmv);
        else
            match_scopy(longmv, sizeof longmv, mv);
        g->make(st, m, &u);
        record_add_move_comment(rec, longmv, comment);
        res->plies++;
        g->status(st, &gs);
        if (gs.over)
            continue;
        to = info[1 - side]->timeout_ms;
        r = eng_command(rf.p[1 - side], to, text, sizeof text, "play %d %s",
                        side + 1, mv);
        char what[96];
        snprintf(what, sizeof what, "play %d %s", side + 1, mv);
        if (r == ENG_FAIL) {
            sanitize(text);
            forfeit(&rf, 1 - side, TERM_RULES,
                    "rejected the legal move %s: %.60s", mv, text);
            break;
        }
        if (check_exchange(&rf, 1 - side, r, what, text, 1, to))
            break;
    }

done:
    sanitize(res->reason);
    match_scopy(rec->result, sizeof rec->result,
                res->voided || res->abandoned ? "*"
                : match_result_string(res->winner));
    match_scopy(rec->termination, sizeof rec->termination, rf.term);
    match_scopy(rec->reason, sizeof rec->reason, res->reason);
    /* A forfeiting engine is restarted before its next game. */
    for (int side = 0; side < 2; side++)
        if (rf.broken[side] && rf.p[side])
            eng_kill(rf.p[side]);
    free(st);
}
