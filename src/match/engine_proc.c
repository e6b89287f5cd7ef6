/* engine_proc.c -- tabula-match: engine processes behind pipes, the referee
 * that plays one game between two of them, the tournament driver (worker
 * threads, results file, resume) and the command-line options.
 * Knows games only through struct game; trusts nothing an engine says.
 * The caller must ignore SIGPIPE (a dead engine must not kill us). */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "match/match.h"
#include "record.h"
#include "util.h"

#define ENG_MAX_RESPONSE (1 << 20)
#define ENG_MORE 2              /* internal: response incomplete */

/* ================================================================ */
/* Engine processes                                                  */

/* strlcpy-like: copies what fits, always terminated. */
static void scopy(char *d, size_t n, const char *s)
{
    size_t l = strlen(s);
    if (!n)
        return;
    if (l >= n)
        l = n - 1;
    memcpy(d, s, l);
    d[l] = 0;
}

int eng_start(struct engine_proc *e, const char *name, const char *cmd,
              const char *logpath, char *err, size_t errlen)
{
    int in[2], out[2];
    scopy(e->name, sizeof e->name, name);
    e->pid = 0;
    e->len = 0;
    e->exit_status = -1;
    e->to = e->from = -1;
    if (pipe2(in, O_CLOEXEC)) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return -1;
    }
    if (pipe2(out, O_CLOEXEC)) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        return -1;
    }
    int logfd = open(logpath ? logpath : "/dev/null",
                     O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (logfd < 0) {
        snprintf(err, errlen, "%s: %s", logpath, strerror(errno));
        goto fail;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(logfd);
        goto fail;
    }
    if (pid == 0) {
        /* Only async-signal-safe calls between fork and exec. */
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(logfd, 2);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);          /* also here, so kill(-pid) never races */
    close(in[0]);
    close(out[1]);
    close(logfd);
    e->pid = pid;
    e->to = in[1];
    e->from = out[0];
    return 0;
fail:
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    return -1;
}

static void eng_close_fds(struct engine_proc *e)
{
    if (e->to >= 0)
        close(e->to);
    if (e->from >= 0)
        close(e->from);
    e->to = e->from = -1;
}

/* Waits up to ms for the engine to exit; 1 reaped, 0 still running. */
static int eng_reap(struct engine_proc *e, int ms)
{
    int64_t end = now_ms() + ms;
    for (;;) {
        int st;
        pid_t r = waitpid(e->pid, &st, WNOHANG);
        if (r == e->pid || (r < 0 && errno == ECHILD)) {
            e->exit_status = r == e->pid ? st : 0;
            return 1;
        }
        if (now_ms() >= end)
            return 0;
        struct timespec ts = {0, 5 * 1000000};
        nanosleep(&ts, NULL);
    }
}

void eng_kill(struct engine_proc *e)
{
    if (e->pid > 0) {
        kill(-e->pid, SIGKILL);
        kill(e->pid, SIGKILL);
        if (e->exit_status < 0) {
            int st;
            while (waitpid(e->pid, &st, 0) < 0 && errno == EINTR)
                ;
            e->exit_status = st;
        }
    }
    eng_close_fds(e);
    e->pid = 0;
    e->len = 0;
}

void eng_stop(struct engine_proc *e)
{
    if (e->pid <= 0) {
        eng_close_fds(e);
        return;
    }
    if (e->exit_status < 0) {
        static const char quit[] = "quit\n";
        if (write(e->to, quit, sizeof quit - 1) < 0) {
            /* already gone: reaped below */
        }
        close(e->to);
        e->to = -1;
        if (eng_reap(e, 500)) {
            /* Anything it left in its group goes too. */
            kill(-e->pid, SIGKILL);
        }
    }
    eng_kill(e);
}

void eng_describe_exit(struct engine_proc *e, char *buf, size_t n)
{
    if (e->pid > 0 && e->exit_status < 0)
        eng_reap(e, 200);
    int st = e->exit_status;
    if (st < 0)
        snprintf(buf, n, "closed its output");
    else if (WIFEXITED(st))
        snprintf(buf, n, "exit %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
        snprintf(buf, n, "signal %d", WTERMSIG(st));
    else
        snprintf(buf, n, "status %d", st);
}

static int eng_write_all(struct engine_proc *e, const char *s, size_t n)
{
    if (e->to < 0)
        return -1;
    while (n) {
        ssize_t k = write(e->to, s, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        s += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Copies text to out with control characters made visible as '?'. */
static void copy_printable(char *out, size_t n, const char *s, size_t len)
{
    size_t k = 0;
    if (!n)
        return;
    for (size_t i = 0; i < len && k + 1 < n; i++) {
        unsigned char c = (unsigned char)s[i];
        out[k++] = (c < 32 || c == 127) ? '?' : (char)c;
    }
    out[k] = 0;
}

/* Tries to take one complete response from e->buf. Returns ENG_OK or
 * ENG_FAIL with the text in out, ENG_GARBAGE, or ENG_MORE when more is
 * needed. */
static int eng_take_response(struct engine_proc *e, char *out, size_t n)
{
    char *b = e->buf;
    size_t len = e->len, p = 0;

    /* Empty lines before a response are tolerated. */
    while (p < len && (b[p] == '\n' || b[p] == '\r'))
        p++;
    if (p == len)
        return ENG_MORE;
    if (b[p] != '=' && b[p] != '?') {
        char *nl = memchr(b + p, '\n', len - p);
        size_t l = nl ? (size_t)(nl - (b + p)) : len - p;
        copy_printable(out, n, b + p, l > 60 ? 60 : l);
        return ENG_GARBAGE;
    }
    /* Find the empty line that ends it. */
    size_t start = p, q = p;
    for (;;) {
        char *nl = memchr(b + q, '\n', len - q);
        if (!nl)
            return ENG_MORE;
        size_t next = (size_t)(nl - b) + 1;
        size_t l = (size_t)(nl - (b + q));
        if (l && b[q + l - 1] == '\r')
            l--;
        if (l == 0 && q > start)
            break;              /* the terminating empty line */
        q = next;
    }
    size_t end = q;             /* start of the empty line */
    int status = b[start] == '=' ? ENG_OK : ENG_FAIL;
    size_t s = start + 1;
    while (s < end && isdigit((unsigned char)b[s]))
        s++;
    /* Text: the first line (trimmed), then the others; CRs dropped. */
    size_t k = 0;
    if (n) {
        for (size_t i = s; i < end && k + 1 < n; i++) {
            if (b[i] == '\r')
                continue;
            if (k == 0 && (b[i] == ' ' || b[i] == '\t'))
                continue;
            out[k++] = b[i] == '\t' ? ' ' : b[i];
        }
        while (k && isspace((unsigned char)out[k - 1]))
            k--;
        out[k] = 0;
    }
    /* Consume through the empty line. */
    char *nl = memchr(b + end, '\n', len - end);
    size_t used = (size_t)(nl - b) + 1;
    memmove(b, b + used, len - used);
    e->len = len - used;
    return status;
}

static int eng_read_response(struct engine_proc *e, int64_t timeout_ms,
                             char *out, size_t n)
{
    int64_t deadline = now_ms() + timeout_ms;
    if (n)
        out[0] = 0;
    for (;;) {
        int r = eng_take_response(e, out, n);
        if (r != ENG_MORE)
            return r;
        if (e->len >= ENG_MAX_RESPONSE) {
            copy_printable(out, n, e->buf, 60);
            return ENG_GARBAGE;
        }
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return ENG_TIMEOUT;
        struct pollfd pfd = {.fd = e->from, .events = POLLIN};
        int pr = poll(&pfd, 1, left > 1000000 ? 1000000 : (int)left);
        if (pr < 0) {
            if (errno == EINTR)
                continue;
            return ENG_EOF;
        }
        if (pr == 0)
            continue;           /* the deadline check above ends it */
        if (e->cap - e->len < 4096) {
            size_t cap = e->cap ? 2 * e->cap : 8192;
            char *nb = realloc(e->buf, cap);
            if (!nb)
                return ENG_GARBAGE;
            e->buf = nb;
            e->cap = cap;
        }
        ssize_t k = read(e->from, e->buf + e->len, e->cap - e->len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return ENG_EOF;
        e->len += (size_t)k;
    }
}

int eng_command(struct engine_proc *e, int64_t timeout_ms, char *out,
                size_t n, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= sizeof line - 1)
        k = (int)strlen(line);
    line[k++] = '\n';
    if (n)
        out[0] = 0;
    if (e->pid <= 0 || eng_write_all(e, line, (size_t)k))
        return ENG_WRITE;
    return eng_read_response(e, timeout_ms, out, n);
}

/* ================================================================ */
/* The tournament                                                    */

struct pair_score { int w, l, d; };     /* from pairs[p].a's view */

struct tour {
    const struct match_config *c;
    const struct game *g;
    char newgame[1024];         /* "newgame <game> <opts>" */
    char variant[256];          /* for records */
    struct match_pair pairs[MATCH_MAX_ENGINES * MATCH_MAX_ENGINES];
    int npairs;
    struct match_slot *slots;
    int nslots;
    int *slot_of_index;         /* index -> slot number, or -1 */
    int maxindex;
    char *done;                 /* per slot */
    int *todo;
    int ntodo, next, finished;
    char **openings;
    int nopenings;
    struct pair_score *score;
    FILE *results_f, *records_f;
    int stop;                   /* SPRT decided: take no new games */
    int write_error;
    unsigned warned[MATCH_MAX_ENGINES];
    char date[32];
    pthread_mutex_t mu;
};

struct worker {
    struct tour *t;
    struct engine_proc eng[2];
    int who[2];                 /* engine index run by eng[k], -1 none */
};

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

static void play_game(struct worker *w, const struct match_slot *s,
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
    scopy(res->first, sizeof res->first, c->engines[s->first].name);
    scopy(res->second, sizeof res->second, c->engines[s->second].name);
    rf.idx[0] = s->first;
    rf.idx[1] = s->second;

    record_init(rec);
    scopy(rec->game, sizeof rec->game, g->name);
    scopy(rec->variant, sizeof rec->variant, t->variant);
    scopy(rec->players[0], sizeof rec->players[0], res->first);
    scopy(rec->players[1], sizeof rec->players[1], res->second);
    scopy(rec->date, sizeof rec->date, t->date);

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
        scopy(rec->position, sizeof rec->position, opening);
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
            scopy(res->reason, sizeof res->reason,
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
    scopy(rec->result, sizeof rec->result, match_result_string(res->winner));
    scopy(rec->reason, sizeof rec->reason, res->reason);
    /* A forfeiting engine is restarted before its next game. */
    for (int side = 0; side < 2; side++)
        if (rf.broken[side] && rf.p[side])
            eng_kill(rf.p[side]);
    free(st);
}

/* Adds one finished game to the score; called with the lock held or
 * before the workers start. */
static void tally(struct tour *t, int slot, int winner)
{
    const struct match_slot *s = &t->slots[slot];
    struct pair_score *ps = &t->score[s->pair];
    if (winner < 0)
        ps->d++;
    else if ((winner == 0 ? s->first : s->second) == t->pairs[s->pair].a)
        ps->w++;
    else
        ps->l++;
    t->done[slot] = 1;
}

static void sprt_check(struct tour *t)
{
    const struct match_config *c = t->c;
    if (!c->sprt || t->npairs != 1)
        return;
    struct match_sprt sp;
    match_sprt_eval(t->score[0].w, t->score[0].l, t->score[0].d, c->elo0,
                    c->elo1, c->alpha, c->beta, &sp);
    if (sp.state != SPRT_CONTINUE)
        t->stop = 1;
}

static void finish_game(struct tour *t, int slot, struct match_result *res,
                        struct game_record *rec)
{
    const struct match_config *c = t->c;
    char line[512];
    pthread_mutex_lock(&t->mu);
    match_format_result(res, line, sizeof line);
    if (t->results_f) {
        fputs(line, t->results_f);
        if (fflush(t->results_f))
            t->write_error = 1;
    }
    if (t->records_f) {
        if (record_write(t->records_f, rec) || fflush(t->records_f))
            t->write_error = 1;
    }
    tally(t, slot, res->winner);
    t->finished++;
    if (!c->quiet) {
        fprintf(c->out, "Finished game %d (%s vs %s): %s {%s}, %d plies "
                "[%d/%d]\n", res->index, res->first, res->second,
                match_result_string(res->winner), res->reason, res->plies,
                t->finished, t->ntodo);
        fflush(c->out);
    }
    sprt_check(t);
    pthread_mutex_unlock(&t->mu);
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct tour *t = w->t;
    struct match_result res;
    struct game_record rec;
    record_init(&rec);
    for (;;) {
        pthread_mutex_lock(&t->mu);
        int k = -1;
        if (!t->stop && t->next < t->ntodo)
            k = t->todo[t->next++];
        pthread_mutex_unlock(&t->mu);
        if (k < 0)
            break;
        play_game(w, &t->slots[k], &res, &rec);
        finish_game(t, k, &res, &rec);
        record_free(&rec);
    }
    for (int i = 0; i < 2; i++)
        eng_stop(&w->eng[i]);
    return NULL;
}

/* ---- set-up ---- */

static int game_usable(const struct game *g)
{
    return g->init && g->parse_position && g->format_position &&
           g->side_to_move && g->gen_moves && g->make && g->unmake &&
           g->status && g->parse_move && g->format_move && g->state_size;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    size_t i = 0;
    while (s[i] && isspace((unsigned char)s[i]))
        i++;
    memmove(s, s + i, n - i + 1);
}

static int add_opening(struct tour *t, const char *pos)
{
    char **o = realloc(t->openings, (size_t)(t->nopenings + 1) * sizeof *o);
    if (!o)
        return -1;
    t->openings = o;
    if (!(o[t->nopenings] = strdup(pos)))
        return -1;
    t->nopenings++;
    return 0;
}

static int load_openings(struct tour *t, void *st, const char *const *optv)
{
    const struct match_config *c = t->c;
    const struct game *g = t->g;
    FILE *f = fopen(c->openings_file, "r");
    char err[256], *line = NULL;
    size_t cap = 0;
    int lineno = 0, ret = 0;
    if (!f) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->openings_file,
                strerror(errno));
        return 2;
    }
    while (getline(&line, &cap, f) >= 0) {
        lineno++;
        trim(line);
        if (!line[0] || line[0] == '#')
            continue;
        struct game_status gs;
        err[0] = 0;
        g->init(st, c->nopts, optv, err, sizeof err);
        if (g->parse_position(st, line, err, sizeof err) != GAME_OK) {
            fprintf(stderr, "tabula-match: %s:%d: invalid position: %s\n",
                    c->openings_file, lineno, err);
            ret = 2;
            break;
        }
        g->status(st, &gs);
        if (gs.over) {
            fprintf(stderr, "tabula-match: %s:%d: the game is already over\n",
                    c->openings_file, lineno);
            ret = 2;
            break;
        }
        if (add_opening(t, line)) {
            ret = 1;
            break;
        }
    }
    free(line);
    fclose(f);
    if (!ret && !t->nopenings) {
        fprintf(stderr, "tabula-match: %s: no positions\n", c->openings_file);
        ret = 2;
    }
    return ret;
}

/* Random openings, one per round: reproducible from --seed alone, and
 * never a position where the game is already over. */
static int make_random_openings(struct tour *t, void *st,
                                const char *const *optv, int rounds)
{
    const struct match_config *c = t->c;
    const struct game *g = t->g;
    char err[256], pos[2048];
    for (int r = 0; r < rounds; r++) {
        uint64_t rng = c->seed ^ ((uint64_t)(r + 1) * 0xd1342543de82ef95ull);
        g->init(st, c->nopts, optv, err, sizeof err);
        for (int ply = 0; ply < c->random_plies; ply++) {
            move_t moves[GAME_MAX_MOVES], ok[GAME_MAX_MOVES];
            int n = g->gen_moves(st, moves), k = 0;
            for (int i = 0; i < n; i++) {
                game_undo u;
                struct game_status gs;
                g->make(st, moves[i], &u);
                g->status(st, &gs);
                g->unmake(st, moves[i], &u);
                if (!gs.over)
                    ok[k++] = moves[i];
            }
            if (!k)
                break;
            game_undo u;
            g->make(st, ok[rng_below(&rng, (uint32_t)k)], &u);
        }
        g->format_position(st, pos, sizeof pos);
        if (add_opening(t, pos))
            return 1;
    }
    return 0;
}

/* Reads a results file: games of this schedule count as done. */
static int load_results(struct tour *t, const char *path, int must_exist)
{
    const struct match_config *c = t->c;
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0, ret = 0, ignored = 0, bad = 0;
    if (!f) {
        if (!must_exist && errno == ENOENT)
            return 0;
        fprintf(stderr, "tabula-match: %s: %s\n", path, strerror(errno));
        return 2;
    }
    while (getline(&line, &cap, f) >= 0) {
        struct match_result r;
        lineno++;
        int k = match_parse_result(line, &r);
        if (k == 0)
            continue;
        if (k < 0) {
            /* e.g. a line cut short when a run was killed */
            bad++;
            continue;
        }
        int slot = r.index <= t->maxindex ? t->slot_of_index[r.index] : -1;
        if (slot < 0) {
            ignored++;
            continue;
        }
        const struct match_slot *s = &t->slots[slot];
        if (strcmp(r.first, c->engines[s->first].name) ||
            strcmp(r.second, c->engines[s->second].name)) {
            fprintf(stderr, "tabula-match: %s:%d: game %d was %s vs %s, but "
                    "this schedule has %s vs %s there (other options?)\n",
                    path, lineno, r.index, r.first, r.second,
                    c->engines[s->first].name, c->engines[s->second].name);
            ret = 2;
            break;
        }
        if (!t->done[slot])
            tally(t, slot, r.winner);
    }
    if (bad && !c->quiet)
        fprintf(stderr, "tabula-match: %s: %d malformed line(s) skipped\n",
                path, bad);
    if (ignored && !c->quiet)
        fprintf(stderr, "tabula-match: %s: %d game(s) outside this schedule "
                "ignored\n", path, ignored);
    free(line);
    fclose(f);
    return ret;
}

static void fmt_elo(char *buf, size_t n, double v)
{
    if (isnan(v))
        snprintf(buf, n, "-");
    else if (isinf(v))
        snprintf(buf, n, "%sinf", v < 0 ? "-" : "+");
    else
        snprintf(buf, n, "%.1f", v);
}

static void print_summary(struct tour *t)
{
    const struct match_config *c = t->c;
    FILE *o = c->out;
    int present = 0;
    for (int i = 0; i < t->nslots; i++)
        present += t->done[i];
    fprintf(o, "\n%s%s%s: %d of %d scheduled games played\n", t->g->name,
            t->variant[0] ? " " : "", t->variant, present, t->nslots);
    for (int p = 0; p < t->npairs; p++) {
        struct pair_score *ps = &t->score[p];
        struct match_elo_est e;
        char elo[32], lo[32], hi[32], mg[32];
        match_elo_estimate(ps->w, ps->l, ps->d, &e);
        fmt_elo(elo, sizeof elo, e.elo);
        fmt_elo(lo, sizeof lo, e.lo);
        fmt_elo(hi, sizeof hi, e.hi);
        if (isinf(e.margin))
            snprintf(mg, sizeof mg, "inf");
        else
            fmt_elo(mg, sizeof mg, e.margin);
        fprintf(o, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n",
                c->engines[t->pairs[p].a].name,
                c->engines[t->pairs[p].b].name, ps->w, ps->l, ps->d,
                e.n ? e.score : 0.0, e.n);
        if (!e.n)
            continue;
        fprintf(o, "  Elo difference: %s +/- %s, 95%% interval [%s, %s], "
                "LOS: %.1f %%, DrawRatio: %.1f %%\n", elo, mg, lo, hi,
                100 * e.los, 100 * e.draw_ratio);
        if (c->sprt && t->npairs == 1) {
            struct match_sprt sp;
            match_sprt_eval(ps->w, ps->l, ps->d, c->elo0, c->elo1, c->alpha,
                            c->beta, &sp);
            fprintf(o, "  SPRT: llr %.3f, lbound %.3f, ubound %.3f (elo0 %g, "
                    "elo1 %g, alpha %g, beta %g) - %s\n", sp.llr, sp.lower,
                    sp.upper, c->elo0, c->elo1, c->alpha, c->beta,
                    sp.state == SPRT_H1 ? "H1 was accepted"
                    : sp.state == SPRT_H0 ? "H0 was accepted" : "continue");
        }
    }
    if (c->nengines > 2) {
        double pts[MATCH_MAX_ENGINES] = {0};
        int games[MATCH_MAX_ENGINES] = {0}, order[MATCH_MAX_ENGINES];
        for (int p = 0; p < t->npairs; p++) {
            struct pair_score *ps = &t->score[p];
            int a = t->pairs[p].a, b = t->pairs[p].b, n = ps->w + ps->l + ps->d;
            pts[a] += ps->w + 0.5 * ps->d;
            pts[b] += ps->l + 0.5 * ps->d;
            games[a] += n;
            games[b] += n;
        }
        for (int i = 0; i < c->nengines; i++)
            order[i] = i;
        for (int i = 1; i < c->nengines; i++)   /* insertion sort by score */
            for (int j = i; j > 0; j--) {
                int x = order[j], y = order[j - 1];
                double sx = games[x] ? pts[x] / games[x] : -1;
                double sy = games[y] ? pts[y] / games[y] : -1;
                if (sx <= sy)
                    break;
                order[j] = y;
                order[j - 1] = x;
            }
        fprintf(o, "Rank Name                 Games  Points  Score\n");
        for (int i = 0; i < c->nengines; i++) {
            int x = order[i];
            fprintf(o, "%4d %-20s %5d %7.1f %5.1f%%\n", i + 1,
                    c->engines[x].name, games[x], pts[x],
                    games[x] ? 100 * pts[x] / games[x] : 0.0);
        }
    }
    fflush(o);
}

static void tour_free(struct tour *t)
{
    free(t->slots);
    free(t->slot_of_index);
    free(t->done);
    free(t->todo);
    free(t->score);
    for (int i = 0; i < t->nopenings; i++)
        free(t->openings[i]);
    free(t->openings);
    if (t->results_f)
        fclose(t->results_f);
    if (t->records_f)
        fclose(t->records_f);
    pthread_mutex_destroy(&t->mu);
}

int match_run(const struct match_config *c)
{
    struct tour t;
    int ret = 0;
    char err[256];
    void *st = NULL;
    const char *optv[MATCH_MAX_OPTS];

    memset(&t, 0, sizeof t);
    pthread_mutex_init(&t.mu, NULL);
    t.c = c;
    t.g = c->game;
    if (!t.g || !game_usable(t.g)) {
        fprintf(stderr, "tabula-match: game %s is not available in this "
                "build\n", t.g ? t.g->name : "(none)");
        ret = 2;
        goto out;
    }
    if (c->nengines < 2) {
        fprintf(stderr, "tabula-match: at least two engines are needed\n");
        ret = 2;
        goto out;
    }
    for (int i = 0; i < c->nopts; i++)
        optv[i] = c->opts[i];
    st = calloc(1, t.g->state_size);
    if (!st) {
        ret = 1;
        goto out;
    }
    err[0] = 0;
    if (t.g->init(st, c->nopts, optv, err, sizeof err) != GAME_OK) {
        fprintf(stderr, "tabula-match: invalid variant for %s: %s\n",
                t.g->name, err);
        ret = 2;
        goto out;
    }
    if (t.g->format_variant)
        t.g->format_variant(st, t.variant, sizeof t.variant);
    size_t pos = 0;
    buf_printf(t.newgame, sizeof t.newgame, &pos, "newgame %s", t.g->name);
    for (int i = 0; i < c->nopts; i++) {
        buf_printf(t.newgame, sizeof t.newgame, &pos, " %s", c->opts[i]);
        if (!t.g->format_variant) {
            size_t vp = strlen(t.variant);
            buf_printf(t.variant, sizeof t.variant, &vp, "%s%s", i ? " " : "",
                       c->opts[i]);
        }
    }
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(t.date, sizeof t.date, "%Y.%m.%d", &tm);

    /* The schedule. */
    t.npairs = match_make_pairs(c->nengines, c->gauntlet, t.pairs,
                                (int)(sizeof t.pairs / sizeof t.pairs[0]));
    t.nslots = match_schedule(t.pairs, t.npairs, c->games, &t.slots);
    if (t.nslots < 0) {
        ret = 1;
        goto out;
    }
    for (int i = 0; i < t.nslots; i++)
        if (t.slots[i].index > t.maxindex)
            t.maxindex = t.slots[i].index;
    t.slot_of_index = malloc(((size_t)t.maxindex + 1) * sizeof(int));
    t.done = calloc((size_t)t.nslots + 1, 1);
    t.todo = malloc(((size_t)t.nslots + 1) * sizeof(int));
    t.score = calloc((size_t)t.npairs + 1, sizeof *t.score);
    if (!t.slot_of_index || !t.done || !t.todo || !t.score) {
        ret = 1;
        goto out;
    }
    for (int i = 0; i <= t.maxindex; i++)
        t.slot_of_index[i] = -1;
    for (int i = 0; i < t.nslots; i++)
        t.slot_of_index[t.slots[i].index] = i;

    /* Results from earlier runs, other shards, --merge files. */
    for (int i = 0; i < c->nmerge && !ret; i++)
        ret = load_results(&t, c->merge[i], 1);
    if (!ret && c->results)
        ret = load_results(&t, c->results, 0);
    if (ret)
        goto out;
    sprt_check(&t);
    if (c->report_only) {
        print_summary(&t);
        goto out;
    }

    /* Openings. */
    if (c->openings_file)
        ret = load_openings(&t, st, optv);
    else if (c->random_plies > 0)
        ret = make_random_openings(&t, st, optv, (c->games + 1) / 2);
    if (ret)
        goto out;

    if (c->logdir && mkdir(c->logdir, 0777) && errno != EEXIST) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->logdir, strerror(errno));
        ret = 1;
        goto out;
    }
    if (c->results && !(t.results_f = fopen(c->results, "ae"))) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->results, strerror(errno));
        ret = 1;
        goto out;
    }
    if (c->records && !(t.records_f = fopen(c->records, "ae"))) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->records, strerror(errno));
        ret = 1;
        goto out;
    }

    int already = 0;
    for (int i = 0; i < t.nslots; i++) {
        if (!match_in_shard(&t.slots[i], t.npairs, c->shard_k, c->shard_n))
            continue;
        if (t.done[i])
            already++;
        else
            t.todo[t.ntodo++] = i;
    }
    if (!c->quiet) {
        fprintf(c->out, "Tournament: %s%s%s, %d engines, %d pair(s), %d "
                "games scheduled", t.g->name, t.variant[0] ? " " : "",
                t.variant, c->nengines, t.npairs, t.nslots);
        if (c->shard_n > 1)
            fprintf(c->out, ", shard %d/%d", c->shard_k, c->shard_n);
        fprintf(c->out, "; %d already played, %d to play%s\n", already,
                t.ntodo, t.stop ? " (SPRT already decided)" : "");
        fflush(c->out);
    }

    int nw = c->concurrency < 1 ? 1 : c->concurrency;
    if (nw > t.ntodo)
        nw = t.ntodo;
    if (nw > 0) {
        struct worker *w = calloc((size_t)nw, sizeof *w);
        pthread_t *th = calloc((size_t)nw, sizeof *th);
        int started = 0;
        if (!w || !th) {
            free(w);
            free(th);
            ret = 1;
            goto out;
        }
        for (int i = 0; i < nw; i++) {
            w[i].t = &t;
            for (int k = 0; k < 2; k++) {
                w[i].who[k] = -1;
                w[i].eng[k].to = w[i].eng[k].from = -1;
            }
            if (pthread_create(&th[i], NULL, worker_main, &w[i]) == 0)
                started++;
            else
                break;
        }
        if (!started)
            worker_main(&w[0]);
        for (int i = 0; i < started; i++)
            pthread_join(th[i], NULL);
        for (int i = 0; i < nw; i++)
            for (int k = 0; k < 2; k++)
                free(w[i].eng[k].buf);
        free(w);
        free(th);
    }
    if (t.write_error) {
        fprintf(stderr, "tabula-match: error writing the results or records "
                "file\n");
        ret = 1;
    }
    print_summary(&t);
out:
    free(st);
    tour_free(&t);
    return ret;
}

/* ================================================================ */
/* Options                                                           */

void match_config_defaults(struct match_config *c)
{
    memset(c, 0, sizeof *c);
    c->games = 2;
    c->seed = 1;
    c->concurrency = 1;
    c->grace_ms = 100;
    c->maxplies = 1000;
    c->timeout_ms = -1;         /* 30 s + movetime, set after parsing */
    c->setup_timeout_ms = 30000;
    c->shard_k = c->shard_n = 1;
    c->out = stdout;
}

void match_usage(FILE *f)
{
    fputs(
"Usage: tabula-match --game GAME --engine NAME=COMMAND --engine NAME=COMMAND\n"
"                    [options]\n"
"Plays engine-vs-engine tournaments, refereed by tabula's rules library.\n"
"\n"
"Game:\n"
"  --game GAME            rastros, tablut or grasshopper\n"
"  --variant \"K=V ...\"    variant options, e.g. \"size=8\" (space or comma\n"
"                         separated); --option K=V adds one (repeatable)\n"
"Engines and schedule:\n"
"  --engine NAME=COMMAND  an engine (repeatable, at least two); COMMAND runs\n"
"                         under /bin/sh -c. Round robin between all engines\n"
"  --gauntlet             the first engine plays every other one\n"
"  --games N              games per pair (default 2); pairs of games share\n"
"                         an opening with colours swapped\n"
"  --openings FILE        position strings, one per line, used in turn\n"
"  --random-plies K       random legal openings of K plies (from --seed)\n"
"  --seed S               seed for random openings (default 1)\n"
"  --engine-seed          send 'set_option seed N' to each engine every game\n"
"  --concurrency K        games played at the same time (default 1)\n"
"  --shard K/N            play only slice K of N of the schedule\n"
"Limits:\n"
"  --movetime MS          set_option movetime MS\n"
"  --tc BASE[+INC]        clock per game in seconds, kept by the referee\n"
"  --grace-ms MS          overrun allowed per move under --tc (default 100)\n"
"  --depth N, --nodes N   set_option depth / nodes\n"
"  --maxplies N           adjudicate a draw after N plies (default 1000,\n"
"                         0 = never)\n"
"  --timeout-ms MS        answer time for genmove without a clock, and for\n"
"                         play and time_left (default 30000 + movetime)\n"
"  --setup-timeout-ms MS  answer time for the commands that start a game\n"
"                         and for a new engine's first answer (default 30000)\n"
"Statistics and files:\n"
"  --sprt ELO0,ELO1[,ALPHA,BETA]  stop when the SPRT decides (two engines)\n"
"  --results FILE         append one line per game; games already in it are\n"
"                         not played again (resume) and count in the totals\n"
"  --merge FILE           also count the games of this results file\n"
"                         (repeatable; read only)\n"
"  --report               play nothing; print the statistics of the files\n"
"  --records FILE         append each game's record\n"
"  --logdir DIR           engine stderr goes to DIR/NAME.log (default .)\n"
"  --quiet                no progress lines\n"
"  --help, --version\n"
"Exit status: 0 the tournament ran, 1 runtime error, 2 usage error.\n",
          f);
}

static int parse_long(const char *s, long long lo, long long hi,
                      long long *v)
{
    char *e;
    errno = 0;
    long long x = strtoll(s, &e, 10);
    if (e == s || *e || errno || x < lo || x > hi)
        return -1;
    *v = x;
    return 0;
}

static int add_opt(struct match_config *c, const char *kv, size_t len,
                   char *err, size_t errlen)
{
    if (c->nopts >= MATCH_MAX_OPTS || len >= sizeof c->opts[0]) {
        snprintf(err, errlen, "too many or too long variant options");
        return -1;
    }
    memcpy(c->opts[c->nopts], kv, len);
    c->opts[c->nopts][len] = 0;
    if (!strchr(c->opts[c->nopts], '=') || c->opts[c->nopts][0] == '=') {
        snprintf(err, errlen, "variant option '%s' is not KEY=VALUE",
                 c->opts[c->nopts]);
        return -1;
    }
    c->nopts++;
    return 0;
}

static int valid_name(const char *s, size_t n)
{
    if (n == 0 || n >= MATCH_NAME_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && !strchr("_.+-", s[i]))
            return 0;
    return 1;
}

enum {
    OPT_GAME = 256, OPT_VARIANT, OPT_OPTION, OPT_ENGINE, OPT_GAUNTLET,
    OPT_GAMES, OPT_OPENINGS, OPT_RANDOM_PLIES, OPT_SEED, OPT_ENGINE_SEED,
    OPT_CONCURRENCY, OPT_MOVETIME, OPT_TC, OPT_GRACE, OPT_DEPTH, OPT_NODES,
    OPT_MAXPLIES, OPT_SPRT, OPT_RECORDS, OPT_RESULTS, OPT_MERGE, OPT_REPORT,
    OPT_LOGDIR, OPT_SHARD, OPT_TIMEOUT, OPT_SETUP_TIMEOUT, OPT_QUIET, OPT_HELP, OPT_VERSION
};

int match_parse_args(struct match_config *c, int argc, char **argv,
                     char *err, size_t errlen)
{
    static const struct option longopts[] = {
        {"game", required_argument, NULL, OPT_GAME},
        {"variant", required_argument, NULL, OPT_VARIANT},
        {"option", required_argument, NULL, OPT_OPTION},
        {"engine", required_argument, NULL, OPT_ENGINE},
        {"gauntlet", no_argument, NULL, OPT_GAUNTLET},
        {"games", required_argument, NULL, OPT_GAMES},
        {"openings", required_argument, NULL, OPT_OPENINGS},
        {"random-plies", required_argument, NULL, OPT_RANDOM_PLIES},
        {"seed", required_argument, NULL, OPT_SEED},
        {"engine-seed", no_argument, NULL, OPT_ENGINE_SEED},
        {"concurrency", required_argument, NULL, OPT_CONCURRENCY},
        {"movetime", required_argument, NULL, OPT_MOVETIME},
        {"tc", required_argument, NULL, OPT_TC},
        {"grace-ms", required_argument, NULL, OPT_GRACE},
        {"depth", required_argument, NULL, OPT_DEPTH},
        {"nodes", required_argument, NULL, OPT_NODES},
        {"maxplies", required_argument, NULL, OPT_MAXPLIES},
        {"sprt", required_argument, NULL, OPT_SPRT},
        {"records", required_argument, NULL, OPT_RECORDS},
        {"results", required_argument, NULL, OPT_RESULTS},
        {"merge", required_argument, NULL, OPT_MERGE},
        {"report", no_argument, NULL, OPT_REPORT},
        {"logdir", required_argument, NULL, OPT_LOGDIR},
        {"shard", required_argument, NULL, OPT_SHARD},
        {"timeout-ms", required_argument, NULL, OPT_TIMEOUT},
        {"setup-timeout-ms", required_argument, NULL, OPT_SETUP_TIMEOUT},
        {"quiet", no_argument, NULL, OPT_QUIET},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0}
    };
    const char *game = NULL;
    long long v;
    int o;

    err[0] = 0;
    optind = 0;                 /* GNU: full re-initialisation */
    opterr = 0;
    while ((o = getopt_long(argc, argv, ":hq", longopts, NULL)) != -1) {
        const char *a = optarg;
        switch (o) {
        case OPT_GAME:
            game = a;
            break;
        case OPT_VARIANT:
            for (const char *p = a; *p;) {
                size_t n = strcspn(p, " ,\t");
                if (n && add_opt(c, p, n, err, errlen))
                    return -1;
                p += n;
                if (*p)
                    p++;
            }
            break;
        case OPT_OPTION:
            if (add_opt(c, a, strlen(a), err, errlen))
                return -1;
            break;
        case OPT_ENGINE: {
            const char *eq = strchr(a, '=');
            if (!eq || !valid_name(a, (size_t)(eq - a)) || !eq[1]) {
                snprintf(err, errlen, "--engine wants NAME=COMMAND, NAME of "
                         "letters, digits and _.+- (got '%s')", a);
                return -1;
            }
            if (c->nengines >= MATCH_MAX_ENGINES) {
                snprintf(err, errlen, "at most %d engines", MATCH_MAX_ENGINES);
                return -1;
            }
            struct match_engine *e = &c->engines[c->nengines];
            memcpy(e->name, a, (size_t)(eq - a));
            e->name[eq - a] = 0;
            e->cmd = eq + 1;
            for (int i = 0; i < c->nengines; i++)
                if (strcmp(c->engines[i].name, e->name) == 0) {
                    snprintf(err, errlen, "two engines named %s", e->name);
                    return -1;
                }
            c->nengines++;
            break;
        }
        case OPT_GAUNTLET:
            c->gauntlet = 1;
            break;
        case OPT_GAMES:
            if (parse_long(a, 1, 1000000, &v))
                goto badnum;
            c->games = (int)v;
            break;
        case OPT_OPENINGS:
            c->openings_file = a;
            break;
        case OPT_RANDOM_PLIES:
            if (parse_long(a, 0, 10000, &v))
                goto badnum;
            c->random_plies = (int)v;
            break;
        case OPT_SEED: {
            char *e;
            errno = 0;
            c->seed = strtoull(a, &e, 10);
            if (e == a || *e || errno || a[0] == '-')
                goto badnum;
            break;
        }
        case OPT_ENGINE_SEED:
            c->engine_seed = 1;
            break;
        case OPT_CONCURRENCY:
            if (parse_long(a, 1, 256, &v))
                goto badnum;
            c->concurrency = (int)v;
            break;
        case OPT_MOVETIME:
            if (parse_long(a, 1, 100000000, &v))
                goto badnum;
            c->movetime_ms = v;
            break;
        case OPT_TC:
            if (match_parse_tc(a, &c->tc_base, &c->tc_inc)) {
                snprintf(err, errlen, "--tc wants BASE[+INC] in seconds, "
                         "e.g. 10+0.1 (got '%s')", a);
                return -1;
            }
            c->tc = 1;
            break;
        case OPT_GRACE:
            if (parse_long(a, 0, 100000000, &v))
                goto badnum;
            c->grace_ms = v;
            break;
        case OPT_DEPTH:
            if (parse_long(a, 1, 10000, &v))
                goto badnum;
            c->depth = (int)v;
            break;
        case OPT_NODES:
            if (parse_long(a, 1, (long long)1 << 60, &v))
                goto badnum;
            c->nodes = v;
            break;
        case OPT_MAXPLIES:
            if (parse_long(a, 0, 100000000, &v))
                goto badnum;
            c->maxplies = (int)v;
            break;
        case OPT_SPRT:
            if (match_parse_sprt(a, &c->elo0, &c->elo1, &c->alpha, &c->beta)) {
                snprintf(err, errlen, "--sprt wants ELO0,ELO1[,ALPHA,BETA] "
                         "with ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5 "
                         "(got '%s')", a);
                return -1;
            }
            c->sprt = 1;
            break;
        case OPT_RECORDS:
            c->records = a;
            break;
        case OPT_RESULTS:
            c->results = a;
            break;
        case OPT_MERGE:
            if (c->nmerge >= MATCH_MAX_MERGE) {
                snprintf(err, errlen, "at most %d --merge files",
                         MATCH_MAX_MERGE);
                return -1;
            }
            c->merge[c->nmerge++] = a;
            break;
        case OPT_REPORT:
            c->report_only = 1;
            break;
        case OPT_LOGDIR:
            c->logdir = a;
            break;
        case OPT_SHARD:
            if (match_parse_shard(a, &c->shard_k, &c->shard_n)) {
                snprintf(err, errlen, "--shard wants K/N with 1 <= K <= N "
                         "(got '%s')", a);
                return -1;
            }
            break;
        case OPT_TIMEOUT:
            if (parse_long(a, 1, 100000000, &v))
                goto badnum;
            c->timeout_ms = v;
            break;
        case OPT_SETUP_TIMEOUT:
            if (parse_long(a, 1, 100000000, &v))
                goto badnum;
            c->setup_timeout_ms = v;
            break;
        case 'q':
        case OPT_QUIET:
            c->quiet = 1;
            break;
        case 'h':
        case OPT_HELP:
            match_usage(c->out);
            return 1;
        case OPT_VERSION:
            fprintf(c->out, "tabula-match (tabula) %s\n",
#ifdef PACKAGE_VERSION
                    PACKAGE_VERSION
#else
                    "unknown"
#endif
                    );
            return 1;
        case ':':
            snprintf(err, errlen, "option %s needs an argument",
                     argv[optind - 1]);
            return -1;
        default:
            snprintf(err, errlen, "unknown option %s", argv[optind - 1]);
            return -1;
        }
        continue;
badnum:
        snprintf(err, errlen, "bad number for %s: '%s'", argv[optind - 1 -
                 (argv[optind - 1] == a)], a);
        return -1;
    }
    if (optind < argc) {
        snprintf(err, errlen, "unexpected argument '%s'", argv[optind]);
        return -1;
    }
    if (!game) {
        snprintf(err, errlen, "--game is required");
        return -1;
    }
    if (!(c->game = game_find(game))) {
        snprintf(err, errlen, "unknown game '%s'", game);
        return -1;
    }
    if (c->nengines < 2) {
        snprintf(err, errlen, "at least two --engine NAME=COMMAND are needed");
        return -1;
    }
    if (c->openings_file && c->random_plies) {
        snprintf(err, errlen, "--openings and --random-plies exclude each "
                 "other");
        return -1;
    }
    if (c->sprt && c->nengines != 2) {
        snprintf(err, errlen, "--sprt needs exactly two engines");
        return -1;
    }
    if (c->report_only && !c->results && !c->nmerge) {
        snprintf(err, errlen, "--report needs --results or --merge");
        return -1;
    }
    if (c->timeout_ms < 0)
        c->timeout_ms = 30000 + c->movetime_ms;
    return 0;
}
