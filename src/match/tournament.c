/* tournament.c -- tabula-match: the tournament driver: the start-up
 * check of the engines, the schedule run by worker threads, void games
 * played again, the results and records files, resume and merge, the SPRT
 * stop, interruptions and the summary. Plays no game itself (referee.c
 * does; report.c prints, results.c reads the results back). */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "match/match.h"
#include "match/match_int.h"
#include "record.h"
#include "util.h"

static int interrupt_level(const struct tour *t)
{
    return t->c->interrupted ? *t->c->interrupted : 0;
}

static void sprt_check(struct tour *t)
{
    const struct match_config *c = t->c;
    if (!c->sprt || t->npairs != 1)
        return;
    struct match_sprt sp;
    tour_sprt(t, &sp);
    if (sp.state != SPRT_CONTINUE)
        t->stop = 1;
}

/* A write to the results or records file failed (game `index`, or 0 on
 * closing the file): said at once; no new game is started and nothing more
 * is written to either file, so that the files end at most in a cut line
 * or record, which the next run repairs (a write after a short one would
 * glue a line to a cut one). Called with the lock held, or after the
 * workers. */
static void write_failed(struct tour *t, const char *path, int err,
                         int index)
{
    if (!err)
        err = EIO;
    if (index)
        t->unwritten++;
    if (t->write_error)
        return;
    t->write_error = 1;
    t->write_errno = err;
    t->write_file = path;
    if (index)
        fprintf(stderr, "tabula-match: %s: cannot write game %d: %s; no "
                "new games are started\n", path, index, strerror(err));
    else
        fprintf(stderr, "tabula-match: %s: cannot write it: %s\n", path,
                strerror(err));
}

/* A game's record, written and flushed in one write as a rule. With a
 * results file that has an id, the record names it after its other tags:
 * ResultsId, and ResultsOffset, the file's size now, where the game's
 * results line is to start. So a whole record at the end of the records
 * file whose game is not in the results is known for the one a kill
 * stopped between the two writes (tour_repair_records) only when the
 * results file is still as it was then. 0 ok, -1 (errno set). */
static int write_record(struct tour *t, const struct game_record *rec)
{
    struct stat rs;
    if (!t->results_f || !t->results_id[0])
        return record_write(t->records_f, rec) || fflush(t->records_f) ? -1
                                                                      : 0;
    if (fstat(fileno(t->results_f), &rs))
        return -1;
    char *text = NULL, off[32], tags[2 * RECORD_TAG_LINE_MAX];
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return -1;
    int bad = record_write(m, rec);
    if (fclose(m) || bad || !text) {
        free(text);
        errno = ENOMEM;
        return -1;
    }
    /* the tags end at the first blank line */
    const char *blank = strstr(text, "\n\n");
    size_t head = blank ? (size_t)(blank - text) + 1 : len;
    snprintf(off, sizeof off, "%lld", (long long)rs.st_size);
    size_t k = record_format_tag(tags, sizeof tags, MATCH_TAG_RESULTS_ID,
                                 t->results_id);
    record_format_tag(tags + k, sizeof tags - k, MATCH_TAG_RESULTS_OFFSET,
                      off);
    int r = fwrite(text, 1, head, t->records_f) != head ||
            fputs(tags, t->records_f) == EOF ||
            fwrite(text + head, 1, len - head, t->records_f) != len - head ||
            fflush(t->records_f) ? -1 : 0;
    free(text);
    return r;
}

/* A finished game: its record, then its results line (the commit), then
 * the count and the progress lines. A game whose record could not be
 * written gets no results line: it is played again on resume. Called with
 * the lock held. */
static void finish_game(struct tour *t, int slot, struct match_result *res,
                        struct game_record *rec)
{
    const struct match_config *c = t->c;
    char line[512];
    /* a new results file: its header goes in the first line's write, or,
     * with records, before the first record, which names its id */
    char header[1024] = "";
    if (t->results_header)
        tour_results_header(t, header, sizeof header);
    if (t->write_error)
        t->unwritten++;
    if (t->records_f && t->results_f && t->results_header &&
        !t->write_error) {
        if (fputs(header, t->results_f) == EOF || fflush(t->results_f))
            write_failed(t, c->results, errno, res->index);
        else
            t->results_header = 0;
        header[0] = 0;
    }
    if (t->records_f && !t->write_error && write_record(t, rec))
        write_failed(t, c->records, errno, res->index);
    match_format_result(res, line, sizeof line);
    if (t->results_f && !t->write_error) {
        if (fputs(header, t->results_f) == EOF ||
            fputs(line, t->results_f) == EOF || fflush(t->results_f))
            write_failed(t, c->results, errno, res->index);
        else
            t->results_header = 0;
    }
    tour_tally(t, slot, res->winner);
    t->finished++;
    if (!c->quiet)
        tour_printf(t, "Finished game %d (%s vs %s): %s {%s}, %d plies "
                    "[%d/%d]\n", res->index, res->first, res->second,
                    match_result_string(res->winner), res->reason, res->plies,
                    t->finished, t->ntodo);
    tour_report_game(t, t->slots[slot].pair);
    sprt_check(t);
}

/* A void game: logged and played again, unless its engine failed twice
 * in a row. Called with the lock held. */
static void void_game(struct tour *t, int slot, const struct match_result *res)
{
    const struct match_config *c = t->c;
    int e = res->void_engine;
    t->nvoid++;
    if (!c->quiet)
        tour_printf(t, "Game %d (%s vs %s) is void: %s%s\n", res->index,
                    res->first, res->second, res->reason,
                    e >= 0 && t->void_streak[e] >= 1 ? "" :
                    "; it will be played again");
    fprintf(stderr, "tabula-match: game %d (%s vs %s) is void: %s\n",
            res->index, res->first, res->second, res->reason);
    if (e >= 0 && ++t->void_streak[e] >= 2) {
        if (!t->halted)
            snprintf(t->halt_msg, sizeof t->halt_msg, "engine %s (%s) "
                     "failed twice in a row before a game could start "
                     "(last: %s); no more games are started. Fix it and run "
                     "the same command again to resume", c->engines[e].name,
                     c->engines[e].cmd, res->reason);
        t->halted = 1;
        return;
    }
    t->retry[t->nretry++] = slot;
}

/* The next game to play, or -1. Called with the lock held. */
static int take_game(struct tour *t)
{
    if (t->stop || t->halted || t->write_error || interrupt_level(t) >= 1)
        return -1;
    if (t->nretry)
        return t->retry[--t->nretry];
    if (t->next < t->ntodo)
        return t->todo[t->next++];
    return -1;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct tour *t = w->t;
    const struct match_config *c = t->c;
    struct match_result res;
    struct game_record rec;
    record_init(&rec);
    for (;;) {
        pthread_mutex_lock(&t->mu);
        int k = take_game(t);
        if (k >= 0) {
            const struct match_slot *s = &t->slots[k];
            t->running++;
            if (!t->t_start)
                t->t_start = now_ms();
            if (!c->quiet)
                tour_printf(t, "Started game %d of %d (%s vs %s)\n",
                            s->index, t->maxindex, c->engines[s->first].name,
                            c->engines[s->second].name);
        }
        pthread_mutex_unlock(&t->mu);
        if (k < 0)
            break;
        match_play_game(w, &t->slots[k], &res, &rec);
        pthread_mutex_lock(&t->mu);
        t->running--;
        if (res.abandoned) {
            if (!c->quiet)
                tour_printf(t, "Game %d (%s vs %s) abandoned\n", res.index,
                            res.first, res.second);
        } else if (res.voided) {
            void_game(t, k, &res);
        } else {
            t->void_streak[t->slots[k].first] = 0;
            t->void_streak[t->slots[k].second] = 0;
            finish_game(t, k, &res, &rec);
        }
        pthread_cond_signal(&t->cv);
        pthread_mutex_unlock(&t->mu);
        record_free(&rec);
    }
    for (int i = 0; i < 2; i++)
        eng_stop(&w->eng[i]);
    pthread_mutex_lock(&t->mu);
    t->workers--;
    pthread_cond_signal(&t->cv);
    pthread_mutex_unlock(&t->mu);
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
    t->openings_hash = UTIL_FNV1A_START;
    size_t cap = 0, len;
    int lineno = 0, ret = 0, got;
    if (!f) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->openings_file,
                strerror(errno));
        return 2;
    }
    while ((got = util_read_line(f, &line, &cap, MATCH_LINE_MAX, &len)) != 0) {
        lineno++;
        if (got == -1) {
            fprintf(stderr, "tabula-match: %s:%d: cannot read it: %s\n",
                    c->openings_file, lineno, strerror(errno));
            ret = 1;
            break;
        }
        if (got == -2) {
            fprintf(stderr, "tabula-match: %s:%d: a line longer than %zu "
                    "bytes: not a valid opening\n", c->openings_file, lineno,
                    MATCH_LINE_MAX);
            ret = 2;
            break;
        }
        /* a UTF-8 byte order mark (Windows Notepad writes one) */
        size_t bom = lineno == 1 ? record_bom(line, len) : 0;
        if (bom)
            memmove(line, line + bom, (len -= bom) + 1);
        if (memchr(line, 0, len)) {
            fprintf(stderr, "tabula-match: %s:%d: a NUL byte: not a valid "
                    "opening\n", c->openings_file, lineno);
            ret = 2;
            break;
        }
        trim(line);
        if (!line[0] || line[0] == '#')
            continue;
        struct game_status gs;
        err[0] = 0;
        g->init(st, c->nopts, optv, err, sizeof err);
        char want[128] = "", got[128] = "";
        if (g->format_variant)
            g->format_variant(st, want, sizeof want);
        if (g->parse_position(st, line, err, sizeof err) != GAME_OK) {
            /* the rules quote a refused byte as \xHH themselves */
            fprintf(stderr, "tabula-match: %s:%d: invalid position: %s\n",
                    c->openings_file, lineno, err);
            ret = 2;
            break;
        }
        /* a position string may carry its own board (Rastros' size): it
         * must be the tournament's variant, which the records name */
        if (g->format_variant)
            g->format_variant(st, got, sizeof got);
        if (strcmp(want, got)) {
            fprintf(stderr, "tabula-match: %s:%d: a position of %s, not of the "
                    "tournament's variant (%s)\n", c->openings_file, lineno,
                    got[0] ? got : "the default variant", want[0] ? want : "the default");
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
        /* the file's openings, in order, name it in the results' header */
        t->openings_hash = util_fnv1a(t->openings_hash, line, strlen(line) + 1);
    }
    free(line);
    fclose(f);
    if (!ret && !t->nopenings) {
        fprintf(stderr, "tabula-match: %s: no positions\n", c->openings_file);
        ret = 2;
    }
    snprintf(t->openings_id, sizeof t->openings_id, "file fnv1a64=%016llx",
             (unsigned long long)t->openings_hash);
    return ret;
}

/* Random openings, one per round: reproducible from --seed alone, and
 * never a position where the game is already over. One that stops short
 * of K plies (every move would end the game: K is longer than the game)
 * is said once, on stderr: its games are decided by their first move. */
static int make_random_openings(struct tour *t, void *st,
                                const char *const *optv, int rounds)
{
    const struct match_config *c = t->c;
    const struct game *g = t->g;
    char err[256], pos[2048];
    int nshort = 0, first_short = 0, first_plies = 0;
    snprintf(t->openings_id, sizeof t->openings_id,
             "random-plies %d seed %llu", c->random_plies,
             (unsigned long long)c->seed);
    for (int r = 0; r < rounds; r++) {
        uint64_t rng = c->seed ^ ((uint64_t)(r + 1) * 0xd1342543de82ef95ull);
        int ply;
        g->init(st, c->nopts, optv, err, sizeof err);
        for (ply = 0; ply < c->random_plies; ply++) {
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
        if (ply < c->random_plies && !nshort++) {
            first_short = r + 1;
            first_plies = ply;
        }
        g->format_position(st, pos, sizeof pos);
        if (add_opening(t, pos))
            return 1;
    }
    if (nshort) {
        fprintf(stderr, "tabula-match: opening %d stopped after %d of %d "
                "random plies: every move would end the game", first_short,
                first_plies, c->random_plies);
        if (nshort > 1)
            fprintf(stderr, " (%d of the %d openings stopped short)", nshort,
                    rounds);
        fputc('\n', stderr);
    }
    return 0;
}

/* Every engine that has games to play is started and must answer the
 * hello (protocol_version, name) and newgame of this tournament's game
 * within the set-up timeout; list_commands tells whether it explains its
 * moves. 0 ok, 1 (message printed), 3 interrupted. */
static int startup_check(struct tour *t)
{
    const struct match_config *c = t->c;
    int need[MATCH_MAX_ENGINES] = {0};
    char text[8192], why[256];
    for (int i = 0; i < t->ntodo; i++) {
        need[t->slots[t->todo[i]].first] = 1;
        need[t->slots[t->todo[i]].second] = 1;
    }
    for (int i = 0; i < c->nengines; i++) {
        struct engine_proc e;
        int64_t to = c->setup_timeout_ms;
        if (!need[i])
            continue;
        if (interrupt_level(t) >= 1)
            return 3;
        memset(&e, 0, sizeof e);
        e.to = e.from = -1;
        /* no game runs yet: a first Ctrl-C stops it (abort_at 1; an
         * interruption, -2, ends the check below) */
        int r = match_engine_start(t, i, &e, 1, why, sizeof why);
        if (!r) {
            r = eng_command(&e, to, text, sizeof text, "list_commands");
            if (r == ENG_OK) {
                for (char *p = text; *p;) {
                    size_t l = strcspn(p, "\n");
                    if (l == 24 && !memcmp(p, "gomill-explain_last_move", l))
                        t->info[i].explain = 1;
                    p += l + (p[l] == '\n');
                }
            }
            if (r == ENG_OK || r == ENG_FAIL)
                r = eng_command(&e, to, text, sizeof text, "%s", t->newgame);
            if (r != ENG_OK && r != ENG_ABORT) {
                char ex[64];
                if (r == ENG_FAIL)
                    snprintf(why, sizeof why, "error response to %.100s: "
                             "%.80s", t->newgame, text);
                else if (r == ENG_TIMEOUT)
                    snprintf(why, sizeof why, "no answer in %lld ms",
                             (long long)to);
                else if (r == ENG_GARBAGE)
                    snprintf(why, sizeof why, "garbage response: '%.60s'",
                             text);
                else {
                    eng_describe_exit(&e, ex, sizeof ex);
                    snprintf(why, sizeof why, "crashed (%s)", ex);
                }
            }
        }
        if (r && interrupt_level(t) >= 1) {
            /* an interruption (ENG_ABORT, or -2 from match_engine_start),
             * or an engine killed with the referee's process group by a
             * terminal's Ctrl-C: ours, not the engine's fault */
            eng_kill(&e);
            free(e.buf);
            return 3;
        }
        if (r) {
            fprintf(stderr, "tabula-match: engine %s failed the start-up "
                    "check: %s\n  command: %s\n%s", c->engines[i].name, why,
                    c->engines[i].cmd, t->logdir[0] ? "" :
                    "  (its stderr is not kept: give --logdir DIR or "
                    "--results FILE to keep it)\n");
            eng_kill(&e);
            free(e.buf);
            return interrupt_level(t) >= 2 ? 3 : 1;
        }
        eng_stop(&e);
        free(e.buf);
    }
    return 0;
}

static void tour_free(struct tour *t)
{
    free(t->slots);
    free(t->slot_of_index);
    free(t->done);
    free(t->points);
    free(t->from_path);
    free(t->from_line);
    free(t->todo);
    free(t->retry);
    free(t->score);
    for (int i = 0; i < t->nopenings; i++)
        free(t->openings[i]);
    free(t->openings);
    if (t->results_f)
        fclose(t->results_f);
    if (t->records_f)
        fclose(t->records_f);
    pthread_mutex_destroy(&t->mu);
    pthread_cond_destroy(&t->cv);
}

/* A new results file's id, for its header: 16 hex digits, random, so that
 * a file deleted and made again, or another tournament's, never has the
 * id its records name. */
static void new_results_id(char *buf, size_t n)
{
    uint64_t v = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0 || read(fd, &v, sizeof v) != (ssize_t)sizeof v) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t s = (uint64_t)ts.tv_sec * 1000000000ull +
                     (uint64_t)ts.tv_nsec + ((uint64_t)getpid() << 40) +
                     (uint64_t)now_ms();
        v = rng_next(&s);
    }
    if (fd >= 0)
        close(fd);
    snprintf(buf, n, "%016llx", (unsigned long long)v);
}

/* The default log folder: the results file's name with ".logs" for its
 * extension ("res.txt" -> "res.logs"), or none. */
static void default_logdir(const struct match_config *c, char *buf, size_t n)
{
    buf[0] = 0;
    if (c->logdir) {
        snprintf(buf, n, "%s", c->logdir);
        return;
    }
    if (!c->results)
        return;
    const char *base = strrchr(c->results, '/');
    base = base ? base + 1 : c->results;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot != base ? (size_t)(dot - c->results)
                                     : strlen(c->results);
    snprintf(buf, n, "%.*s.logs", (int)stem, c->results);
}

/* Runs the workers; the main thread keeps the live line and announces an
 * interruption. */
static int run_workers(struct tour *t)
{
    const struct match_config *c = t->c;
    int nw = c->concurrency < 1 ? 1 : c->concurrency;
    if (nw > t->ntodo)
        nw = t->ntodo;
    if (nw <= 0)
        return 0;
    struct worker *w = calloc((size_t)nw, sizeof *w);
    pthread_t *th = calloc((size_t)nw, sizeof *th);
    if (!w || !th) {
        free(w);
        free(th);
        return 1;
    }
    int started = 0;
    pthread_mutex_lock(&t->mu);
    for (int i = 0; i < nw; i++) {
        w[i].t = t;
        for (int k = 0; k < 2; k++) {
            w[i].who[k] = -1;
            w[i].eng[k].to = w[i].eng[k].from = -1;
        }
        if (util_thread_create(&th[i], worker_main, &w[i]) != 0)
            break;
        started++;
        t->workers++;
    }
    if (!started) {
        pthread_mutex_unlock(&t->mu);
        t->workers = 1;
        worker_main(&w[0]);
        pthread_mutex_lock(&t->mu);
    }
    while (t->workers > 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 200 * 1000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&t->cv, &t->mu, &ts);
        int lv = interrupt_level(t);
        if (lv > t->told_interrupt) {
            t->told_interrupt = lv;
            if (lv == 1 && t->running)
                tour_printf(t, "Interrupted: no new games; waiting for the "
                            "%d running game(s) to finish (interrupt again "
                            "to abandon them)\n", t->running);
            else if (lv >= 2 && t->running)
                tour_printf(t, "Interrupted: abandoning the %d running "
                            "game(s)\n", t->running);
        }
        tour_live(t);
    }
    if (t->live_shown)
        tour_printf(t, "%s", "");
    pthread_mutex_unlock(&t->mu);
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < nw; i++)
        for (int k = 0; k < 2; k++)
            free(w[i].eng[k].buf);
    free(w);
    free(th);
    return 0;
}

int match_run(const struct match_config *c)
{
    struct tour t;
    int ret = 0;
    char err[256];
    void *st = NULL;
    const char *optv[MATCH_MAX_VARIANT];

    memset(&t, 0, sizeof t);
    t.results_cut = -1;
    pthread_mutex_init(&t.mu, NULL);
    pthread_cond_init(&t.cv, NULL);
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
    /* The results and records files are read back (to resume) and
     * appended to, truncated on repair: a pipe, a FIFO or a terminal
     * would block the read for ever. */
    const char *files[2] = {c->results, c->records};
    const char *kind[2] = {"--results", "--records"};
    for (int i = 0; i < 2; i++) {
        struct stat fs;
        if (files[i] && !stat(files[i], &fs) && !S_ISREG(fs.st_mode)) {
            fprintf(stderr, "tabula-match: %s %s: not a regular file (it is read back to "
                    "resume a match, and appended to)\n", kind[i], files[i]);
            ret = 2;
            goto out;
        }
    }
    for (int i = 0; i < c->nopts; i++)
        optv[i] = c->opts[i];
    st = calloc(1, t.g->state_size);
    if (!st) {
        fprintf(stderr, "tabula-match: out of memory\n");
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
    if (c->event)
        snprintf(t.event, sizeof t.event, "%s", c->event);
    else
        snprintf(t.event, sizeof t.event, "tabula-match %s%s%s", t.g->name,
                 t.variant[0] ? " " : "", t.variant);
    if (gethostname(t.site, sizeof t.site - 1))
        snprintf(t.site, sizeof t.site, "?");
    default_logdir(c, t.logdir, sizeof t.logdir);
    for (int i = 0; i < c->nengines; i++) {
        match_engine_limits(c, i, &t.info[i].lim);
        t.info[i].timeout_ms = c->timeout_ms >= 0 ? c->timeout_ms
                             : 30000 + t.info[i].lim.movetime_ms;
    }

    /* The schedule. */
    t.npairs = match_make_pairs(c->nengines, c->gauntlet, t.pairs,
                                (int)(sizeof t.pairs / sizeof t.pairs[0]));
    t.nslots = match_schedule(t.pairs, t.npairs, c->games, &t.slots);
    if (t.nslots < 0) {
        fprintf(stderr, "tabula-match: out of memory (the schedule of %d games a pair)\n",
                c->games);
        ret = 1;
        goto out;
    }
    for (int i = 0; i < t.nslots; i++)
        if (t.slots[i].index > t.maxindex)
            t.maxindex = t.slots[i].index;
    t.slot_of_index = malloc(((size_t)t.maxindex + 2) * sizeof(int));
    t.done = calloc((size_t)t.nslots + 1, 1);
    t.points = malloc((size_t)t.nslots + 1);
    t.from_path = calloc((size_t)t.nslots + 1, sizeof *t.from_path);
    t.from_line = calloc((size_t)t.nslots + 1, sizeof *t.from_line);
    t.todo = malloc(((size_t)t.nslots + 1) * sizeof(int));
    t.retry = malloc(((size_t)t.nslots + 1) * sizeof(int));
    t.score = calloc((size_t)t.npairs + 1, sizeof *t.score);
    if (!t.slot_of_index || !t.done || !t.points || !t.from_path ||
        !t.from_line || !t.todo || !t.retry || !t.score) {
        fprintf(stderr, "tabula-match: out of memory (the table of %d games)\n", t.nslots);
        ret = 1;
        goto out;
    }
    memset(t.points, -1, (size_t)t.nslots + 1);
    for (int i = 0; i <= t.maxindex + 1; i++)
        t.slot_of_index[i] = -1;
    for (int i = 0; i < t.nslots; i++)
        t.slot_of_index[t.slots[i].index] = i;

    /* Openings: first, since the results files name them. */
    snprintf(t.openings_id, sizeof t.openings_id, "start");
    if (c->openings_file)
        ret = load_openings(&t, st, optv);
    else if (c->random_plies > 0)
        ret = make_random_openings(&t, st, optv, (c->games + 1) / 2);
    if (ret)
        goto out;

    /* Results from earlier runs, other shards, --merge files. */
    for (int i = 0; i < c->nmerge && !ret; i++)
        ret = tour_load_results(&t, c->merge[i], 1, 0);
    if (!ret && c->results)
        ret = tour_load_results(&t, c->results, 0, !c->report_only);
    /* --results and --records swapped: the results file is refused above
     * (PGN tags), the records file here, before anything is written */
    if (!ret && c->records && !c->report_only)
        ret = tour_check_records(c->records);
    if (ret)
        goto out;
    sprt_check(&t);
    if (c->report_only) {
        tour_summary(&t);
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
    if (t.logdir[0] && t.ntodo && !t.stop && mkdir(t.logdir, 0777) &&
        errno != EEXIST) {
        fprintf(stderr, "tabula-match: %s: %s\n", t.logdir, strerror(errno));
        ret = 1;
        goto out;
    }
    struct stat ls;
    if (t.logdir[0] && t.ntodo && !t.stop && (stat(t.logdir, &ls) || !S_ISDIR(ls.st_mode))) {
        /* a file of that name: said so, not blamed on the first engine's
         * start-up (a QA pass, 2026-12-07) */
        fprintf(stderr, "tabula-match: the log directory %s: not a directory\n", t.logdir);
        ret = 1;
        goto out;
    }
    /* Nothing is written before every engine has shown it can play. */
    if (t.ntodo && !t.stop && (ret = startup_check(&t)) != 0)
        goto out;
    if (c->records && t.ntodo && !t.stop &&
        (ret = tour_repair_records(&t, c->records)) != 0) {
        ret = ret < 0 ? 1 : 2;  /* 2: a file that is not ours to append to */
        goto out;
    }
    /* neither file is made when the other cannot be: a missing or
     * unwritable directory is found before either is created (a QA pass:
     * --records in a missing directory left an empty --results file) */
    for (int i = 0; i < 2; i++) {
        const char *f = i ? c->records : c->results;
        if (!f || !t.ntodo || t.stop || access(f, F_OK) == 0)
            continue;
        char dir[4200];
        snprintf(dir, sizeof dir, "%s", f);
        char *slash = strrchr(dir, '/');
        if (!slash)
            snprintf(dir, sizeof dir, ".");
        else if (slash == dir)
            dir[1] = '\0';
        else
            *slash = '\0';
        if (access(dir, W_OK | X_OK)) {
            fprintf(stderr, "tabula-match: %s: %s\n", f, strerror(errno));
            ret = 1;
            goto out;
        }
    }
    if (c->results && t.results_cut >= 0 &&
        truncate(c->results, (off_t)t.results_cut)) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->results, strerror(errno));
        ret = 1;
        goto out;
    }
    if (c->results && !(t.results_f = fopen(c->results, "ae"))) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->results, strerror(errno));
        ret = 1;
        goto out;
    }
    /* an empty results file (a new one) gets a header: the game, the
     * variant and the openings whose results it holds */
    struct stat rs;
    if (t.results_f && fstat(fileno(t.results_f), &rs) == 0 &&
        rs.st_size == 0) {
        t.results_header = 1;
        new_results_id(t.results_id, sizeof t.results_id);
    }
    if (t.results_f && t.results_nl &&
        (fputc('\n', t.results_f) == EOF || fflush(t.results_f))) {
        fprintf(stderr, "tabula-match: %s: %s\n", c->results, strerror(errno));
        ret = 1;
        goto out;
    }
    if (c->records) {
        if (!(t.records_f = fopen(c->records, "ae"))) {
            fprintf(stderr, "tabula-match: %s: %s\n", c->records,
                    strerror(errno));
            ret = 1;
            goto out;
        }
        /* one write per record, as a rule */
        setvbuf(t.records_f, NULL, _IOFBF, (size_t)1 << 20);
    }
    if (!c->quiet) {
        tour_printf(&t, "Tournament: %s%s%s, %d engines, %d pair(s), %d "
                    "games scheduled", t.g->name, t.variant[0] ? " " : "",
                    t.variant, c->nengines, t.npairs, t.nslots);
        if (c->shard_n > 1)
            tour_printf(&t, ", shard %d/%d", c->shard_k, c->shard_n);
        tour_printf(&t, "; %d already played, %d to play%s\n", already,
                    t.ntodo, t.stop ? " (SPRT already decided)" : "");
    }
    if (run_workers(&t)) {
        ret = 1;
        goto out;
    }
    /* Closed here, where an error can still be told. */
    if (t.records_f && fclose(t.records_f))
        write_failed(&t, c->records, errno, 0);
    t.records_f = NULL;
    if (t.results_f && fclose(t.results_f))
        write_failed(&t, c->results, errno, 0);
    t.results_f = NULL;
    tour_summary(&t);
    if (t.write_error) {
        if (t.unwritten)
            fprintf(stderr, "tabula-match: %s: %s: %d game(s) played but not "
                    "written; they are played again when the same command "
                    "is run once the file can be written\n", t.write_file,
                    strerror(t.write_errno), t.unwritten);
        else
            fprintf(stderr, "tabula-match: %s: %s: the file may be "
                    "incomplete\n", t.write_file, strerror(t.write_errno));
        ret = 1;
    }
    if (t.halted) {
        fprintf(stderr, "tabula-match: %s\n", t.halt_msg);
        ret = 1;
    } else if (interrupt_level(&t) >= 1) {
        int present = 0;
        for (int i = 0; i < t.nslots; i++)
            present += t.done[i];
        present -= t.unwritten;
        if (c->results)
            tour_printf(&t, "Interrupted: %d of %d scheduled games are in %s."
                        " Run the same command again to play the rest.\n",
                        present, t.nslots, c->results);
        else
            tour_printf(&t, "Interrupted: %d of %d scheduled games played; "
                        "without --results FILE nothing is kept for a "
                        "resume.\n", present, t.nslots);
        ret = ret ? ret : 3;
    }
out:
    free(st);
    tour_free(&t);
    return ret;
}
