/* protocol.c -- the GTP-style command table, the line reader and the one
 * response writer. Handlers see the session and struct game only; they
 * fail with fixed, lower-case error strings and change nothing when they do. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "config.h"
#include "protocol.h"
#include "record.h"
#include "util.h"

#define RES_SIZE (64 * 1024)

/* Handler return values: 0 success, else a fixed error string index. */
enum {
    E_OK = 0, E_UNKNOWN_COMMAND, E_SYNTAX, E_ILLEGAL, E_COLOR, E_UNDO,
    E_GAMEOVER, E_UNKNOWN_GAME, E_POSITION, E_OPTION, E_VALUE, E_SIZE,
    E_NOTOVER, E_UNSUPPORTED, E_WRONG_TURN, E_FILE, E_NOMEM, E_UNSOLVED,
    E_NO_EXPLAIN
};

static const char *const error_text[] = {
    "", "unknown command", "syntax error", "illegal move", "invalid color",
    "cannot undo", "game over", "unknown game", "invalid position",
    "unknown option", "invalid value", "unacceptable size", "game not over",
    "not supported by this game", "wrong color", "cannot open file",
    "out of memory", "not solved", "no move to explain"
};

/* ---------------------------------------------------------------- input */

void input_init(struct input *in, int fd)
{
    in->fd = fd;
    in->start = in->end = 0;
    in->eof = 0;
}

static int input_fill(struct input *in)
{
    if (in->eof)
        return 0;
    if (in->start > 0 && in->start == in->end)
        in->start = in->end = 0;
    if (in->end == sizeof in->buf) {
        memmove(in->buf, in->buf + in->start, in->end - in->start);
        in->end -= in->start;
        in->start = 0;
    }
    for (;;) {
        ssize_t k = read(in->fd, in->buf + in->end, sizeof in->buf - in->end);
        if (k > 0) {
            in->end += (size_t)k;
            return 1;
        }
        if (k < 0 && errno == EINTR)
            continue;
        in->eof = 1;
        return 0;
    }
}

int input_getline(struct input *in, char *line, size_t cap, int *toolong)
{
    size_t len = 0;
    int got = 0;
    *toolong = 0;
    for (;;) {
        if (in->start == in->end && !input_fill(in)) {
            line[len < cap ? len : cap - 1] = '\0';
            return got;
        }
        got = 1;
        char *nl = memchr(in->buf + in->start, '\n', in->end - in->start);
        size_t take = nl ? (size_t)(nl - (in->buf + in->start)) : in->end - in->start;
        /* NUL bytes are dropped here: the line is a C string from now on */
        for (size_t i = 0; i < take; i++) {
            char c = in->buf[in->start + i];
            if (c == '\0')
                continue;
            if (len < cap - 1)
                line[len++] = c;
            else
                *toolong = 1;
        }
        in->start += take;
        if (nl) {
            in->start++;        /* the newline */
            line[len] = '\0';
            return 1;
        }
    }
}

int input_pending(struct input *in)
{
    if (!in)
        return 0;
    if (in->start < in->end || in->eof)
        return 1;
    struct pollfd pf = { .fd = in->fd, .events = POLLIN };
    return poll(&pf, 1, 0) > 0;
}

/* Reads what is already waiting, without blocking, while there is room. */
static void input_pull(struct input *in)
{
    while (!in->eof) {
        if (in->end == sizeof in->buf && in->start == 0)
            return;             /* full of unread lines: leave the rest in the pipe */
        struct pollfd pf = { .fd = in->fd, .events = POLLIN };
        if (poll(&pf, 1, 0) <= 0)
            return;
        if (!input_fill(in))
            return;
    }
}

/* 0: a command line; 1: blank or comment only; 2: the interrupt comment.
 * Characters are judged as clean_line() will judge them. */
static int line_kind(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t' || (unsigned char)s[i] < 32 ||
                       s[i] == 127))
        i++;
    if (i == len)
        return 1;
    if (s[i] != '#')
        return 0;
    i++;
    const char *word = "interrupt";
    size_t k = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    while (i < len && word[k] && s[i] == word[k])
        i++, k++;
    if (word[k])
        return 1;
    while (i < len && (s[i] == ' ' || s[i] == '\t' || (unsigned char)s[i] < 32))
        i++;
    return i == len ? 2 : 1;
}

int input_take_interrupt(struct input *in)
{
    if (!in)
        return 0;
    input_pull(in);
    size_t i = in->start;
    while (i < in->end) {
        char *nl = memchr(in->buf + i, '\n', in->end - i);
        if (!nl)
            return 0;           /* the next line is still arriving */
        size_t e = (size_t)(nl - in->buf);
        int kind = line_kind(in->buf + i, e - i);
        if (kind == 0)
            return 0;           /* a command comes first: not ours to touch */
        i = e + 1;
        if (kind == 2) {
            in->start = i;
            return 1;
        }
    }
    return 0;
}

/* -------------------------------------------------------------- helpers */

static int parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long u = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-' || !isdigit((unsigned char)s[0]))
        return -1;
    *out = u;
    return 0;
}

static int parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v))
        return -1;
    *out = v;
    return 0;
}

static int session_error(int rc)
{
    switch (rc) {
    case SESS_OK: return E_OK;
    case SESS_EUNKNOWN_GAME: return E_UNKNOWN_GAME;
    case SESS_EOPTION: return E_OPTION;
    case SESS_EINVALID: return E_VALUE;
    case SESS_ESYNTAX: return E_SYNTAX;
    case SESS_EILLEGAL: return E_ILLEGAL;
    case SESS_ECOLOR: return E_WRONG_TURN;
    case SESS_EGAMEOVER: return E_GAMEOVER;
    case SESS_EUNDO: return E_UNDO;
    default: return E_NOMEM;
    }
}

/* A detail after the error string: handlers write it into res. */
static int fail(char *res, size_t n, int code, const char *detail)
{
    snprintf(res, n, "%s", detail ? detail : "");
    return code;
}

static const struct game *G(struct proto *p) { return p->s.g; }
static int gogui_abilities(struct proto *p);

int proto_interrupt(struct proto *p)
{
    /* clock_gettime is async-signal-safe, unlike now_ms's callers' needs */
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    int64_t t = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    if (p->interrupt_last_ms && t - p->interrupt_last_ms <= PROTO_INTERRUPT_REPEAT_MS)
        p->interrupt_repeat++;
    else
        p->interrupt_repeat = 1;
    p->interrupt_last_ms = t;
    p->interrupt = 1;
    return p->interrupt_repeat;
}

int proto_was_interrupted(const struct proto *p)
{
    return p->interrupted;
}

/* The stop callback of every command that searches: an interrupt request
 * (proto_interrupt, SIGINT) or a "# interrupt" line on the input. */
static int proto_stop(void *ctx)
{
    struct proto *p = ctx;
    if (p->watch)
        p->watch(p, NULL);
    /* the shell's requests come as SIGINT (Ctrl-C); what the user types
     * meanwhile is readline's, not a comment line for us to take */
    if (!p->interrupt && !p->shell && input_take_interrupt(p->in))
        p->interrupt = 1;
    if (p->interrupt)
        p->interrupted = 1;
    return p->interrupted;
}

/* The search's report, passed on to a front end that watches. */
static void proto_report(void *ctx, const struct search_info *info)
{
    struct proto *p = ctx;
    if (p->watch)
        p->watch(p, info);
}

static void result_text(const struct game *g, const struct game_status *gs,
                        char *buf, size_t n)
{
    if (!gs->over)
        snprintf(buf, n, "ongoing");
    else if (gs->winner < 0)
        snprintf(buf, n, "draw: %s", gs->reason);
    else
        snprintf(buf, n, "%s wins: %s", g->side_names[gs->winner], gs->reason);
}

static void format_score(int score, char *buf, size_t n)
{
    if (score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN) {
        int d = score > 0 ? SCORE_WIN - score : SCORE_WIN + score;
        if (d >= 500)
            snprintf(buf, n, "%s", score > 0 ? "W" : "L");
        else
            snprintf(buf, n, "%s%d", score > 0 ? "W" : "L", d);
    } else {
        snprintf(buf, n, "%d", score);
    }
}

/* The PV as text, playing it out on a copy. */
static void format_pv(const struct game *g, const void *st, const move_t *pv, int len,
                      char *buf, size_t n)
{
    unsigned char copy[g->state_size];
    size_t pos = 0;
    memcpy(copy, st, g->state_size);
    buf[0] = '\0';
    for (int i = 0; i < len; i++) {
        move_t legal[GAME_MAX_MOVES];
        int k = g->gen_moves(copy, legal), ok = 0;
        for (int j = 0; j < k; j++)
            ok |= legal[j] == pv[i];
        if (!ok)
            break;
        char mt[64];
        g->format_move(copy, pv[i], mt, sizeof mt);
        buf_printf(buf, n, &pos, "%s%s", i ? " " : "", mt);
        game_undo u;
        g->make(copy, pv[i], &u);
    }
}

static int side_arg(struct proto *p, const char *word, int *side)
{
    *side = game_parse_color(G(p), word);
    return *side < 0 ? E_COLOR : E_OK;
}

/* ------------------------------------------------------ administration */

/* protocol_version: no arguments; answers 2. */
static int cmd_protocol_version(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    snprintf(res, n, "2");
    return E_OK;
}

/* name: the engine's name. */
static int cmd_name(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    snprintf(res, n, "Tabula");
    return E_OK;
}

/* version: the engine's version. */
static int cmd_version(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    snprintf(res, n, "%s", PACKAGE_VERSION);
    return E_OK;
}

const struct proto_cmd *proto_find_command(const char *name)
{
    for (int i = 0; proto_commands[i].name; i++)
        if (strcmp(proto_commands[i].name, name) == 0)
            return &proto_commands[i];
    return NULL;
}

/* Whether list_commands, known_command and help show c. GoGui's rules
 * commands are shown only when the game the engine started in has point
 * moves: GoGui takes a program that lists them for a "ruler" and then
 * treats every refusal of one as fatal. The list is fixed when the
 * protocol loop starts (proto_loop), so that what a controller read at
 * attach stays true; a later newgame does not change it (doc/protocol.md). */
static int offered(const struct proto *p, const struct proto_cmd *c)
{
    if (strncmp(c->name, "gogui-rules_", 12) != 0)
        return 1;
    const char *r = c->name + 12;
    if (!strcmp(r, "legal_moves"))
        return (p->gogui_rules & GOGUI_RULER) != 0;
    if (!strcmp(r, "board_size") || !strcmp(r, "board_gfx"))
        return (p->gogui_rules & GOGUI_DISPLAY) != 0;
    if (!strcmp(r, "board"))
        return (p->gogui_rules & GOGUI_CELLS) != 0;
    return 1;                   /* game_id, side_to_move, final_result */
}

/* known_command NAME: "true" or "false" (as list_commands). Fails: syntax
 * error. */
static int cmd_known_command(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc != 1)
        return E_SYNTAX;
    const struct proto_cmd *c = proto_find_command(argv[0]);
    snprintf(res, n, "%s", c && offered(p, c) ? "true" : "false");
    return E_OK;
}

/* list_commands: one command name per line (GoGui's rules commands only
 * when the start-up game's moves are points). */
static int cmd_list_commands(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    size_t pos = 0;
    for (int i = 0; proto_commands[i].name; i++)
        if (offered(p, &proto_commands[i]))
            buf_printf(res, n, &pos, "%s%s", pos ? "\n" : "", proto_commands[i].name);
    return E_OK;
}

/* help [COMMAND]: one line per command: name, arguments, what it does. */
static int cmd_help(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p;
    size_t pos = 0;
    if (argc > 1)
        return E_SYNTAX;
    for (int i = 0; proto_commands[i].name; i++) {
        const struct proto_cmd *c = &proto_commands[i];
        if ((argc == 1 && strcmp(argv[0], c->name) != 0) || !offered(p, c))
            continue;
        buf_printf(res, n, &pos, "%s%s%s%s - %s", pos ? "\n" : "", c->name,
                   c->args[0] ? " " : "", c->args, c->help);
    }
    if (argc == 1 && pos == 0)
        return E_UNKNOWN_COMMAND;
    return E_OK;
}

/* quit: answers and ends the program. */
static int cmd_quit(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv; (void)res; (void)n;
    p->quit = 1;
    return E_OK;
}

/* --------------------------------------------------------------- games */

/* list_games: one line per game: name, variant options, title. */
static int cmd_list_games(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    size_t pos = 0;
    for (int i = 0; game_list[i]; i++) {
        if (!game_list[i]->gen_moves)
            continue;
        buf_printf(res, n, &pos, "%s%s", pos ? "\n" : "", game_list[i]->name);
    }
    return E_OK;
}

/* newgame GAME [key=value ...]: starts GAME (variant options as key=value).
 * Fails: unknown game, unknown option, invalid value. */
static int cmd_newgame(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc < 1)
        return E_SYNTAX;
    for (int i = 1; i < argc; i++)
        if (!strchr(argv[i], '='))
            return fail(res, n, E_SYNTAX, "options are key=value");
    int rc = session_newgame(&p->s, argv[0], argc - 1, (const char *const *)argv + 1,
                             res, n);
    return session_error(rc);
}

/* clear_board: restarts the current game and variant. */
static int cmd_clear_board(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv; (void)res; (void)n;
    return session_error(session_clear(&p->s));
}

/* boardsize N: for games with a size option (Rastros); else unacceptable size. */
static int cmd_boardsize(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long v;
    if (argc != 1 || parse_int(argv[0], 1, 1000, &v))
        return E_SYNTAX;
    const struct game *g = G(p);
    int has_size = 0;
    for (int i = 0; g->option_names && g->option_names[i]; i++)
        has_size |= strcmp(g->option_names[i], "size") == 0;
    if (!has_size) {
        /* a board of one size: its own size restarts the game, as GTP
         * controllers (GoGui) send it before clear_board */
        if (g->board_size && v == g->board_size(p->s.st))
            return session_error(session_clear(&p->s));
        return E_SIZE;
    }
    char opt[32], *opts[SESSION_MAX_OPTS];
    int k = 0;
    snprintf(opt, sizeof opt, "size=%ld", v);
    opts[k++] = opt;
    for (int i = 0; i < p->s.nopts && k < SESSION_MAX_OPTS; i++)
        if (strncasecmp(p->s.opts[i], "size=", 5) != 0 &&
            strncasecmp(p->s.opts[i], "start=", 6) != 0)    /* keys are case-insensitive */
            opts[k++] = p->s.opts[i];
    char err[128];
    /* copies: the session frees its own option strings */
    char *dup[SESSION_MAX_OPTS];
    for (int i = 0; i < k; i++)
        dup[i] = strdup(opts[i]);
    int rc = session_newgame(&p->s, g->name, k, (const char *const *)dup, err, sizeof err);
    for (int i = 0; i < k; i++)
        free(dup[i]);
    (void)res; (void)n;
    return rc == SESS_OK ? E_OK : E_SIZE;
}

/* setposition STRING...: sets the position (the rest of the line). */
static int cmd_setposition(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc < 1)
        return E_SYNTAX;
    char pos[1024];
    size_t k = 0;
    pos[0] = '\0';
    for (int i = 0; i < argc; i++)
        buf_printf(pos, sizeof pos, &k, "%s%s", i ? " " : "", argv[i]);
    if (k >= sizeof pos - 1)
        return fail(res, n, E_POSITION, "too long");
    int rc = session_setposition(&p->s, pos, res, n);
    return rc == SESS_OK ? E_OK : E_POSITION;
}

/* getposition: the current position string. */
static int cmd_getposition(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    G(p)->format_position(p->s.st, res, n);
    return E_OK;
}

/* showboard: a text diagram of the position (starts on a new line). */
static int cmd_showboard(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    res[0] = '\n';
    G(p)->print(p->s.st, res + 1, n - 1);
    return E_OK;
}

/* history: the moves played since the start position, space separated. */
static int cmd_history(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    size_t pos = 0;
    res[0] = '\0';
    for (int i = 0; i < p->s.nmoves; i++)
        buf_printf(res, n, &pos, "%s%s", i ? " " : "", p->s.moves[i].text);
    return E_OK;
}

/* ---------------------------------------------------------------- play */

/* play COLOR MOVE: plays MOVE for COLOR. Fails: invalid color, wrong color
 * (not that side's turn), illegal move, game over, syntax error. */
static int cmd_play(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    int side;
    if (argc != 2)
        return E_SYNTAX;
    if (side_arg(p, argv[0], &side))
        return E_COLOR;
    struct game_status gs;
    if (session_status(&p->s, &gs)) {
        /* with resign on, the passes a GTP controller sends to end a game
         * (see genmove) are taken and change nothing */
        if (p->s.resign && strcasecmp(argv[1], "pass") == 0)
            return E_OK;
        return E_GAMEOVER;
    }
    if (side != session_side_to_move(&p->s))
        return fail(res, n, E_WRONG_TURN, G(p)->side_names[session_side_to_move(&p->s)]);
    int rc = session_play(&p->s, side, argv[1], res, n);
    if (rc == SESS_ESYNTAX)
        return E_ILLEGAL;       /* GTP: an unparseable move is an illegal move */
    return session_error(rc);
}

/* The explanation of a search's choice, for gomill-explain_last_move:
 * "score S depth D nodes N time MS proven yes|no pv M1 M2 ...", the PV
 * played out from st (the position the search started from). */
static void set_explain(struct proto *p, const void *st, const struct search_result *r,
                        int64_t ms)
{
    char sc[32], pv[3000];
    format_score(r->score, sc, sizeof sc);
    format_pv(G(p), st, r->pv, r->pvlen, pv, sizeof pv);
    if (!pv[0] && r->best != MOVE_NONE)
        G(p)->format_move(st, r->best, pv, sizeof pv);
    snprintf(p->explain.text, sizeof p->explain.text,
             "score %s depth %d nodes %" PRIu64 " time %" PRId64 " proven %s pv %s", sc,
             r->depth, r->nodes, ms, r->exact ? "yes" : "no", pv);
    p->explain.valid = 1;
    p->explain.result = *r;
    p->explain.side = G(p)->side_to_move(st);
    p->explain.ms = ms;
}

static int genmove_common(struct proto *p, int argc, char **argv, char *res, size_t n,
                          int play)
{
    int side;
    p->explain.valid = 0;       /* this genmove replaces the explanation */
    if (argc != 1)
        return E_SYNTAX;
    if (side_arg(p, argv[0], &side))
        return E_COLOR;
    struct game_status gs;
    if (session_status(&p->s, &gs)) {
        if (p->s.resign) {
            /* only the loser resigns; the winner (or either side of a
             * draw) passes, which a GTP controller such as gogui-twogtp
             * records as the end of the game (see doc/protocol.md) */
            snprintf(res, n, "%s", gs.winner >= 0 && gs.winner != side ? "resign" : "pass");
            return E_OK;
        }
        return E_GAMEOVER;
    }
    if (side != session_side_to_move(&p->s))
        return fail(res, n, E_WRONG_TURN, G(p)->side_names[session_side_to_move(&p->s)]);
    struct search_result r;
    void *before = malloc(G(p)->state_size);
    if (!before)
        return E_NOMEM;
    memcpy(before, p->s.st, G(p)->state_size);
    int64_t t0 = now_ms();
    int rc = session_genmove(&p->s, side, 0, &r, proto_stop,
                             p->watch ? proto_report : NULL, p);
    if (rc == SESS_OK && p->interrupted && r.depth < 1 && !r.exact) {
        /* interrupted before one iteration was complete: rather than the
         * first legal move, a search too small to be noticed */
        struct search_params qp;
        memset(&qp, 0, sizeof qp);
        qp.nodes = 2000;
        qp.movetime_ms = qp.soft_ms = 20;
        qp.seed = session_search_seed(&p->s);
        qp.threads = p->s.threads;
        p->s.engine->search(p->s.engine_self, G(p), p->s.st, &qp, &r);
        if (r.best == MOVE_NONE)
            rc = SESS_EGAMEOVER;
    }
    if (rc != SESS_OK) {
        free(before);
        return session_error(rc);
    }
    set_explain(p, before, &r, now_ms() - t0);
    if (p->s.resign && r.score <= -SCORE_WIN_MIN && r.exact) {
        free(before);
        snprintf(res, n, "resign");
        return E_OK;
    }
    G(p)->format_move(before, r.best, res, n);
    free(before);
    if (p->verbose) {
        char sc[32];
        format_score(r.score, sc, sizeof sc);
        fprintf(stderr, "genmove: %s score %s depth %d nodes %" PRIu64 "%s%s\n", res, sc,
                r.depth, r.nodes, r.exact ? " (proven)" : "",
                p->interrupted ? " (interrupted)" : "");
    }
    if (play)
        return session_error(session_play_move(&p->s, r.best));
    return E_OK;
}

/* genmove COLOR: chooses a move for COLOR, plays it and prints it ("pass"
 * where the rules force it; "resign" only with the resign option on). */
static int cmd_genmove(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    return genmove_common(p, argc, argv, res, n, 1);
}

/* reg_genmove COLOR: like genmove but does not play the move. */
static int cmd_reg_genmove(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    return genmove_common(p, argc, argv, res, n, 0);
}

/* undo [N]: takes back N moves (default 1). Fails: cannot undo. */
static int cmd_undo(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long k = 1;
    (void)res; (void)n;
    if (argc > 1 || (argc == 1 && parse_int(argv[0], 0, 1000000, &k)))
        return E_SYNTAX;
    return session_undo(&p->s, (int)k) == SESS_OK ? E_OK : E_UNDO;
}

/* legal_moves [COLOR]: the legal moves, space separated (none for the side
 * not to move, none when the game is over). */
static int cmd_legal_moves(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    int side = -1;
    if (argc > 1)
        return E_SYNTAX;
    if (argc == 1 && side_arg(p, argv[0], &side))
        return E_COLOR;
    res[0] = '\0';
    if (side >= 0 && side != session_side_to_move(&p->s))
        return E_OK;
    move_t moves[GAME_MAX_MOVES];
    int k = G(p)->gen_moves(p->s.st, moves);
    size_t pos = 0;
    for (int i = 0; i < k; i++) {
        char mt[64];
        G(p)->format_move(p->s.st, moves[i], mt, sizeof mt);
        buf_printf(res, n, &pos, "%s%s", i ? " " : "", mt);
    }
    return E_OK;
}

/* side_to_move: the canonical name of the side to move. */
static int cmd_side_to_move(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    snprintf(res, n, "%s", G(p)->side_names[session_side_to_move(&p->s)]);
    return E_OK;
}

/* game_over: "ongoing", or who won (or draw) and why. */
static int cmd_game_over(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    struct game_status gs;
    session_status(&p->s, &gs);
    result_text(G(p), &gs, res, n);
    return E_OK;
}

/* final_score: B+ / W+ (GTP letters of the winner) or 0 for a draw.
 * Fails: game not over. */
static int cmd_final_score(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    struct game_status gs;
    if (!session_status(&p->s, &gs))
        return E_NOTOVER;
    if (gs.winner < 0)
        snprintf(res, n, "0");
    else
        snprintf(res, n, "%c+", G(p)->gtp_letter[gs.winner]);
    return E_OK;
}

/* ------------------------------------------------------------ thinking */

/* Seconds of a clock command in ms, within 0..SEARCH_MAX_MS: a longer time
 * means "more than enough" and must not overflow (a negative one is 0). */
static int64_t clock_ms(double seconds)
{
    double ms = seconds * 1000;
    if (!(ms > 0))
        return 0;
    return ms >= (double)SEARCH_MAX_MS ? SEARCH_MAX_MS : (int64_t)ms;
}

/* time_settings MAIN BYOYOMI STONES: GTP clocks in seconds (0 to 10^9;
 * more counts as 10^9). Fails: syntax error (not 3 numbers, negative). */
static int cmd_time_settings(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    double m, b;
    long st;
    (void)res; (void)n;
    if (argc != 3 || parse_double(argv[0], &m) || parse_double(argv[1], &b) ||
        parse_int(argv[2], 0, 1000000, &st) || m < 0 || b < 0)
        return E_SYNTAX;
    p->s.main_ms = clock_ms(m);
    p->s.byo_ms = clock_ms(b);
    p->s.byo_stones = (int)st;
    p->s.have_left[0] = p->s.have_left[1] = 0;
    return E_OK;
}

/* time_left COLOR SECONDS STONES: the time COLOR has left (seconds, at most
 * 10^9 count; a negative time counts as 0). Fails: invalid color, syntax
 * error. */
static int cmd_time_left(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    int side;
    double t;
    long st;
    (void)res; (void)n;
    if (argc != 3)
        return E_SYNTAX;
    if (side_arg(p, argv[0], &side))
        return E_COLOR;
    if (parse_double(argv[1], &t) || parse_int(argv[2], 0, 1000000, &st))
        return E_SYNTAX;
    p->s.left_ms[side] = clock_ms(t);
    p->s.left_stones[side] = (int)st;
    p->s.have_left[side] = 1;
    return E_OK;
}

const struct option_desc option_table[] = {
    {"engine", "alphabeta|mcts|random", "alphabeta",
     "the search algorithm: iterative-deepening alpha-beta with a transposition table and an "
     "exact solver, Monte-Carlo tree search, or a uniformly random legal move", 1, 0},
    {"movetime", "ms", "0",
     "time per move in milliseconds; 0: the clock (time_settings, time_left), else the "
     "depth or node limit, else a fixed budget ({alphabeta} alpha-beta nodes for the whole "
     "move, {mcts} MCTS iterations); also limits solve", 0, 86400000L},
    {"depth", "plies", "0", "depth limit in plies (0: none)", 0, SEARCH_MAX_PLY - 1},
    {"nodes", "count", "0", "node limit for the whole move, the proof included (0: none); "
     "also limits solve", 1, 0},
    {"threads", "count", "1", "search threads: alpha-beta searches with them all (Lazy SMP on "
     "the shared table) and the Rastros solver proves with them all; MCTS and random use one; "
     "with one thread, the same seed and commands give the same moves", 1, SEARCH_MAX_THREADS},
    {"hash", "MB", "64", "transposition table / MCTS tree memory in MB; out of memory "
     "(nothing changed) when it cannot be had, or is more than the system has available "
     "now; a new game does not clear it page by page", 1, 65536},
    {"seed", "number", "0", "random seed: with one thread, the same seed and commands "
     "give the same moves", 1, 0},
    {"resign", "bool", "false", "genmove may answer resign in a proven lost or finished "
     "game (for GTP controllers)", 1, 0},
    {"book", "bool", "true", "a game's own solver may answer from its opening book of proved "
     "positions (Rastros)", 1, 0},
    {"tables", "path", "none", "directory of stored value tables (grasshopper-4.tab, ...) "
     "that solve and genmove read; none: no tables. Setting it checks every table in it "
     "in full and answers one line per table: valid, or why not", 1, 0},
    {NULL, NULL, NULL, NULL, 0, 0}
};

void proto_expand_help(const char *text, char *buf, size_t n)
{
    static const char *const budgets[] = {"alphabeta", "mcts"};
    size_t pos = 0;
    buf[0] = '\0';
    for (const char *c = text; *c; c++) {
        int done = 0;
        if (!strncmp(c, "{variants}", 10)) {
            /* the games' own words: "rastros size=5..8 start=SQ, ..." */
            for (int i = 0, k = 0; game_list[i]; i++)
                if (game_list[i]->gen_moves && game_list[i]->option_help)
                    buf_printf(buf, n, &pos, "%s%s %s", k++ ? ", " : "", game_list[i]->name,
                               game_list[i]->option_help);
            c += 9;
            continue;
        }
        for (size_t i = 0; i < sizeof budgets / sizeof *budgets && !done; i++) {
            size_t len = strlen(budgets[i]);
            if (c[0] == '{' && !strncmp(c + 1, budgets[i], len) && c[len + 1] == '}') {
                /* 4000000 as 4,000,000: a person reads the docs */
                char digits[32], grouped[48];
                snprintf(digits, sizeof digits, "%" PRIu64,
                         searcher_find(budgets[i])->default_nodes);
                size_t k = 0, nd = strlen(digits);
                for (size_t j = 0; j < nd; j++) {
                    if (j && (nd - j) % 3 == 0)
                        grouped[k++] = ',';
                    grouped[k++] = digits[j];
                }
                grouped[k] = '\0';
                buf_printf(buf, n, &pos, "%s", grouped);
                c += len + 1;
                done = 1;
            }
        }
        if (!done)
            buf_printf(buf, n, &pos, "%c", *c);
    }
}

void proto_option_help(const struct option_desc *o, char *buf, size_t n)
{
    proto_expand_help(o->help, buf, n);
}

static void option_value(struct proto *p, const char *name, char *buf, size_t n)
{
    struct session *s = &p->s;
    if (!strcmp(name, "engine")) snprintf(buf, n, "%s", s->engine->name);
    else if (!strcmp(name, "movetime")) snprintf(buf, n, "%" PRId64, s->movetime_ms);
    else if (!strcmp(name, "depth")) snprintf(buf, n, "%d", s->depth);
    else if (!strcmp(name, "nodes")) snprintf(buf, n, "%" PRIu64, s->nodes);
    else if (!strcmp(name, "threads")) snprintf(buf, n, "%d", s->threads);
    else if (!strcmp(name, "hash")) snprintf(buf, n, "%d", s->hash_mb);
    else if (!strcmp(name, "seed")) snprintf(buf, n, "%" PRIu64, s->seed);
    else if (!strcmp(name, "resign")) snprintf(buf, n, "%s", s->resign ? "true" : "false");
    else if (!strcmp(name, "book")) snprintf(buf, n, "%s", s->book ? "true" : "false");
    else if (!strcmp(name, "tables")) snprintf(buf, n, "%s", s->tables[0] ? s->tables : "none");
    else buf[0] = '\0';
}

static int parse_bool(const char *v, int *out)
{
    if (!strcasecmp(v, "true") || !strcmp(v, "1") || !strcasecmp(v, "on") || !strcasecmp(v, "yes"))
        *out = 1;
    else if (!strcasecmp(v, "false") || !strcmp(v, "0") || !strcasecmp(v, "off") || !strcasecmp(v, "no"))
        *out = 0;
    else
        return -1;
    return 0;
}

/* Shared by set_option and the command line. Returns an E_ code. */
static int set_option(struct proto *p, const char *name, const char *value)
{
    struct session *s = &p->s;
    long v;
    if (!strcmp(name, "engine")) {
        int rc = session_set_engine(s, value);
        return rc == SESS_OK ? E_OK : rc == SESS_ENOMEM ? E_NOMEM : E_VALUE;
    }
    if (!strcmp(name, "movetime")) {
        if (parse_int(value, 0, 86400000L, &v))
            return E_VALUE;
        s->movetime_ms = v;
    } else if (!strcmp(name, "depth")) {
        if (parse_int(value, 0, SEARCH_MAX_PLY - 1, &v))
            return E_VALUE;
        s->depth = (int)v;
    } else if (!strcmp(name, "nodes")) {
        if (parse_u64(value, &s->nodes))
            return E_VALUE;
    } else if (!strcmp(name, "threads")) {
        if (parse_int(value, 1, SEARCH_MAX_THREADS, &v))
            return E_VALUE;
        s->threads = (int)v;
    } else if (!strcmp(name, "hash")) {
        if (parse_int(value, 1, 65536, &v))
            return E_VALUE;
        if (session_set_hash(s, (int)v) != SESS_OK)
            return E_NOMEM;
    } else if (!strcmp(name, "seed")) {
        if (parse_u64(value, &s->seed))
            return E_VALUE;
    } else if (!strcmp(name, "resign")) {
        int b;
        if (parse_bool(value, &b))
            return E_VALUE;
        s->resign = b;
    } else if (!strcmp(name, "book")) {
        int b;
        if (parse_bool(value, &b))
            return E_VALUE;
        s->book = b;
    } else if (!strcmp(name, "tables")) {
        struct stat sb;
        if (strlen(value) >= sizeof s->tables ||
            (strcmp(value, "none") && (stat(value, &sb) || !S_ISDIR(sb.st_mode))))
            return E_VALUE;
        snprintf(s->tables, sizeof s->tables, "%s", strcmp(value, "none") ? value : "");
    } else {
        return E_OPTION;
    }
    return E_OK;
}

int proto_set_option(struct proto *p, const char *name, const char *value)
{
    int rc = set_option(p, name, value);
    return rc == E_OK ? 0 : rc == E_OPTION ? -1 : rc == E_NOMEM ? -3 : -2;
}

/* set_option NAME VALUE: sets an engine option (see list_options).
 * Fails: unknown option, invalid value. */
static int cmd_set_option(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc != 2)
        return E_SYNTAX;
    /* tables DIR: the answer is the report on each table in it */
    if (!strcmp(argv[0], "tables") && strcmp(argv[1], "none") &&
        game_tables_check(argv[1], res, n) < 0)
        return E_VALUE;
    return set_option(p, argv[0], argv[1]);
}

/* get_option NAME: the option's value. Fails: unknown option. */
static int cmd_get_option(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc != 1)
        return E_SYNTAX;
    for (int i = 0; option_table[i].name; i++)
        if (!strcmp(option_table[i].name, argv[0])) {
            option_value(p, argv[0], res, n);
            return E_OK;
        }
    return E_OPTION;
}

/* list_options: one line per option: name, type, default, value. */
static int cmd_list_options(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    size_t pos = 0;
    for (int i = 0; option_table[i].name; i++) {
        char v[64];
        option_value(p, option_table[i].name, v, sizeof v);
        buf_printf(res, n, &pos, "%s%s type %s default %s value %s", i ? "\n" : "",
                   option_table[i].name, option_table[i].type, option_table[i].def, v);
    }
    return E_OK;
}

/* set_random_seed N: the same as set_option seed N. */
static int cmd_set_random_seed(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)res; (void)n;
    if (argc != 1)
        return E_SYNTAX;
    return set_option(p, "seed", argv[0]) == E_OK ? E_OK : E_SYNTAX;
}

/* ------------------------------------------------------------ analysis */

struct analyze_ctx {
    struct proto *p;
    int64_t interval_ms, last;
};

static int analyze_stop(void *ctx)
{
    struct analyze_ctx *a = ctx;
    return proto_stop(a->p) || input_pending(a->p->in);
}

static void analyze_report(void *ctx, const struct search_info *info)
{
    struct analyze_ctx *a = ctx;
    struct proto *p = a->p;
    int64_t t = now_ms();
    if (a->interval_ms > 0 && a->last && t - a->last < a->interval_ms)
        return;
    a->last = t;
    char sc[32], pv[4096];
    format_score(info->score, sc, sizeof sc);
    format_pv(G(p), p->s.st, info->pv, info->pvlen, pv, sizeof pv);
    uint64_t nps = info->time_ms > 0 ? info->nodes * 1000 / (uint64_t)info->time_ms : info->nodes;
    fprintf(p->out, "info depth %d score %s nodes %" PRIu64 " nps %" PRIu64
            " time %" PRId64 " pv %s\n", info->depth, sc, info->nodes, nps,
            info->time_ms, pv[0] ? pv : "-");
    fflush(p->out);
}

/* analyze [COLOR] [INTERVAL]: streams "info depth D score S nodes N nps X
 * time T pv MOVES" lines (INTERVAL in centiseconds between lines) until the
 * next line of input arrives; then the response ends. Handled specially by
 * the dispatcher since the response streams. */
static int cmd_analyze(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv; (void)res; (void)n;
    return E_OK;                /* never called: see run_analyze */
}

static int run_analyze(struct proto *p, const char *id, int argc, char **argv, char *err,
                       size_t errn)
{
    long interval = 0;
    int side = -1;
    for (int i = 0; i < argc; i++) {
        long v;
        if (!parse_int(argv[i], 0, 1000000, &v))
            interval = v;
        else if (side < 0 && game_parse_color(G(p), argv[i]) >= 0)
            side = game_parse_color(G(p), argv[i]);
        else
            return E_SYNTAX;
    }
    struct game_status gs;
    if (session_status(&p->s, &gs))
        return E_GAMEOVER;
    if (side >= 0 && side != session_side_to_move(&p->s))
        return fail(err, errn, E_WRONG_TURN, G(p)->side_names[session_side_to_move(&p->s)]);
    if (!p->respond)            /* (a front end's face has no '=' to write) */
        fprintf(p->out, "=%s\n", id);
    fflush(p->out);
    struct analyze_ctx ctx = { .p = p, .interval_ms = interval * 10, .last = 0 };
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    sp.infinite = 1;
    sp.tables = p->s.tables[0] ? p->s.tables : NULL;
    sp.seed = session_search_seed(&p->s);
    sp.stop = analyze_stop;
    sp.report = analyze_report;
    sp.ctx = &ctx;
    struct search_result r;
    p->s.engine->search(p->s.engine_self, G(p), p->s.st, &sp, &r);
    /* the search may end by itself (a proven result): wait for input */
    if (p->in)
        while (!analyze_stop(&ctx)) {
            /* a signal ends the poll early (EINTR): the flag is seen at once */
            struct pollfd pf = { .fd = p->in->fd, .events = POLLIN };
            poll(&pf, 1, 1000);
        }
    if (!p->respond)
        fprintf(p->out, "\n");
    fflush(p->out);
    return -1;                  /* response already written */
}

/* solve: proves the value of the position for the side to move: "win
 * MOVE", "loss", or "draw MOVE", with " in N" (plies to the end) where
 * known. Limits: the movetime and nodes options, else 60 s (see
 * session_solve_limits). Fails: not solved (a limit reached, or no proof
 * the solver can find), game over. */
static int cmd_solve(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    struct game_status gs;
    if (session_status(&p->s, &gs)) {
        result_text(G(p), &gs, res, n);
        return E_GAMEOVER;
    }
    /* the session's own alpha-beta object, when it has one: its tables are
     * warm and already allocated */
    int own = p->s.engine == &alphabeta_searcher;
    void *ab = own ? p->s.engine_self : alphabeta_searcher.create(p->s.hash_mb);
    if (!ab)
        return E_NOMEM;
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    session_solve_limits(&p->s, &sp);
    sp.stop = proto_stop;
    sp.ctx = p;
    struct search_result r;
    int64_t t0 = now_ms();
    int ok = search_solve(ab, G(p), p->s.st, &sp, &r);
    if (r.note)
        fprintf(stderr, "tabula: %s\n", r.note);
    if (!ok) {
        if (!own)
            alphabeta_searcher.destroy(ab);
        return p->interrupted ? fail(res, n, E_UNSOLVED, "interrupted") : E_UNSOLVED;
    }
    int value = r.score > 0 ? 1 : r.score < 0 ? -1 : 0;
    if (p->verbose)
        fprintf(stderr, "solve: proved in %" PRIu64 " nodes, %" PRId64 " ms\n", r.nodes,
                now_ms() - t0);
    move_t best = r.best;
    int plies = -1;
    int known = value > 0 ? SCORE_WIN - r.score : SCORE_WIN + r.score;
    if (value != 0 && known < 500)
        plies = known;          /* the game's own solver knows the distance */
    /* else the distance, where a short search can tell it */
    struct search_params dp;
    memset(&dp, 0, sizeof dp);
    /* a node budget, not a clock: the same answer on every machine */
    dp.nodes = r.nodes / 8 < 100000 ? 100000 : r.nodes / 8;
    dp.stop = proto_stop;       /* cut short, the proven value stands alone */
    dp.ctx = p;
    /* within what is left of solve's limits: they bound the whole command */
    int room = 1;
    if (sp.nodes) {
        uint64_t left = sp.nodes > r.nodes ? sp.nodes - r.nodes : 0;
        dp.nodes = dp.nodes < left ? dp.nodes : left;
        room = left > 0;
    }
    if (sp.movetime_ms) {
        dp.movetime_ms = sp.movetime_ms - (now_ms() - t0);
        room &= dp.movetime_ms > 0;
    }
    struct search_result d;
    memset(&d, 0, sizeof d);
    /* a draw has no distance to look for; a game's own solver may have
     * looked for it already */
    if (value != 0 && plies < 0 && room && !r.distance_tried)
        alphabeta_searcher.search(ab, G(p), p->s.st, &dp, &d);
    if (!own)
        alphabeta_searcher.destroy(ab);
    if (plies < 0 && d.exact && (d.score > 0) == (value > 0) && value != 0 &&
        (d.score >= SCORE_WIN_MIN || d.score <= -SCORE_WIN_MIN)) {
        int dist = d.score > 0 ? SCORE_WIN - d.score : SCORE_WIN + d.score;
        if (dist < 500) {
            plies = dist;
            if (value > 0)
                best = d.best;
        }
    }
    char mt[64] = "";
    if (value >= 0 && best != MOVE_NONE)
        G(p)->format_move(p->s.st, best, mt, sizeof mt);
    size_t pos = 0;
    buf_printf(res, n, &pos, "%s", value > 0 ? "win" : value < 0 ? "loss" : "draw");
    if (mt[0])
        buf_printf(res, n, &pos, " %s", mt);
    if (plies >= 0)
        buf_printf(res, n, &pos, " in %d", plies);
    if (p->verbose)
        fprintf(stderr, "solve: %" PRId64 " ms with the distance search\n", now_ms() - t0);
    return E_OK;
}

struct deadline_ctx {
    struct proto *p;
    int64_t deadline;           /* 0: none */
};

static int deadline_stop(void *ctx)
{
    struct deadline_ctx *d = ctx;
    return proto_stop(d->p) || (d->deadline && now_ms() >= d->deadline);
}

/* winning_moves: the legal moves proven to win for the side to move, space
 * separated in the rules' order; empty when there is none (the position is
 * proven lost or drawn). Every move is proved with the exact solver, under
 * the movetime (for the whole command) and nodes (for each proof) options
 * when set. Fails: not solved (a limit or an interrupt stopped a proof),
 * game over. */
static int cmd_winning_moves(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    struct game_status gs;
    if (session_status(&p->s, &gs)) {
        result_text(G(p), &gs, res, n);
        return E_GAMEOVER;
    }
    const struct game *g = G(p);
    int own = p->s.engine == &alphabeta_searcher;
    void *ab = own ? p->s.engine_self : alphabeta_searcher.create(p->s.hash_mb);
    void *st = malloc(g->state_size);
    if (!ab || !st) {
        if (ab && !own)
            alphabeta_searcher.destroy(ab);
        free(st);
        return E_NOMEM;
    }
    memcpy(st, p->s.st, g->state_size);
    struct deadline_ctx dc = {
        .p = p, .deadline = p->s.movetime_ms > 0 ? now_ms() + p->s.movetime_ms : 0
    };
    struct search_params sp;
    memset(&sp, 0, sizeof sp);
    sp.nodes = p->s.nodes;
    sp.threads = p->s.threads;
    sp.stop = deadline_stop;
    sp.ctx = &dc;
    struct search_result r;
    /* the position first: no winning move unless it is won, and the
     * proof fills the table the moves' proofs then read */
    int ok = search_solve(ab, g, st, &sp, &r);
    size_t pos = 0;
    res[0] = '\0';
    if (ok && r.score > 0) {
        move_t moves[GAME_MAX_MOVES];
        int k = g->gen_moves(st, moves);
        int side = g->side_to_move(st);
        for (int i = 0; i < k && ok; i++) {
            char mt[64];
            g->format_move(st, moves[i], mt, sizeof mt);
            game_undo u;
            g->make(st, moves[i], &u);
            struct game_status cs;
            g->status(st, &cs);
            int wins;
            if (cs.over) {
                wins = cs.winner == side;
            } else {
                ok = search_solve(ab, g, st, &sp, &r);
                wins = ok && r.score < 0;
            }
            g->unmake(st, moves[i], &u);
            if (ok && wins)
                buf_printf(res, n, &pos, "%s%s", pos ? " " : "", mt);
        }
    }
    free(st);
    if (!own)
        alphabeta_searcher.destroy(ab);
    if (!ok)
        return p->interrupted ? fail(res, n, E_UNSOLVED, "interrupted") : fail(res, n, E_UNSOLVED, "");
    return E_OK;
}

/* eval: the static evaluation, from the side to move's view. */
static int cmd_eval(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    struct game_status gs;
    if (session_status(&p->s, &gs))
        return E_GAMEOVER;
    snprintf(res, n, "%d", G(p)->evaluate(p->s.st));
    return E_OK;
}

/* perft DEPTH: leaves of the legal-move tree cut at DEPTH (game-ending moves
 * are leaves). */
static int cmd_perft(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long d;
    if (argc != 1 || parse_int(argv[0], 0, 64, &d))
        return E_SYNTAX;
    void *copy = malloc(G(p)->state_size);
    if (!copy)
        return E_NOMEM;
    memcpy(copy, p->s.st, G(p)->state_size);
    uint64_t c = game_perft(G(p), copy, (int)d);
    free(copy);
    snprintf(res, n, "%" PRIu64, c);
    return E_OK;
}

struct bench_pos {
    const char *game, *opts, *position;
    int depth;
};

static const struct bench_pos bench_positions[] = {
    {"rastros", "", NULL, 12},
    {"rastros", "size=8", NULL, 10},
    {"rastros", "", "7/1x5/1xs4/1x5/7/7/7 2", 12},
    {"rastros", "size=6", NULL, 14},
    {"tablut", "", NULL, 4},
    {"tablut", "", "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 w", 4},
    {"grasshopper", "", NULL, 6},
    {"grasshopper", "pieces=4", NULL, 10},
    {NULL, NULL, NULL, 0}
};

uint64_t proto_bench(FILE *log)
{
    uint64_t total = 0;
    void *ab = alphabeta_searcher.create(16);
    if (!ab)
        return 0;
    for (int i = 0; bench_positions[i].game; i++) {
        const struct bench_pos *b = &bench_positions[i];
        const struct game *g = game_find(b->game);
        if (!g || !g->gen_moves)
            continue;
        void *st = calloc(1, g->state_size);
        char err[128];
        const char *opt = b->opts;
        if (!st || g->init(st, opt[0] ? 1 : 0, &opt, err, sizeof err) != GAME_OK ||
            (b->position && g->parse_position(st, b->position, err, sizeof err) != GAME_OK)) {
            free(st);
            continue;
        }
        alphabeta_searcher.clear(ab);
        struct search_params sp;
        memset(&sp, 0, sizeof sp);
        sp.depth = b->depth;
        struct search_result r;
        alphabeta_searcher.search(ab, g, st, &sp, &r);
        if (log) {
            char mt[64] = "-";
            if (r.best != MOVE_NONE)
                g->format_move(st, r.best, mt, sizeof mt);
            fprintf(log, "bench %s %s depth %d: %s nodes %" PRIu64 "\n", b->game,
                    b->opts, b->depth, mt, r.nodes);
        }
        total += r.nodes;
        free(st);
    }
    alphabeta_searcher.destroy(ab);
    return total;
}

/* bench: searches fixed positions to fixed depths; answers the total
 * node count (the same on every machine for the same code). */
static int cmd_bench(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    snprintf(res, n, "%" PRIu64, proto_bench(p->verbose ? stderr : NULL));
    return E_OK;
}

/* ------------------------------------------------------------- records */

/* savegame FILE: writes the game as a PGN record (see doc/protocol.md):
 * moves in the game's long notation where it has one (Tablut captures).
 * Fails: cannot open file. */
static int cmd_savegame(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc != 1)
        return E_SYNTAX;
    const struct game *g = G(p);
    struct game_record r;
    record_init(&r);
    snprintf(r.game, sizeof r.game, "%s", g->name);
    g->format_variant(p->s.st, r.variant, sizeof r.variant);
    if (p->s.setup)
        g->format_position(p->s.start, r.position, sizeof r.position);
    r.first_side = g->side_to_move(p->s.start);
    struct game_status gs;
    session_status(&p->s, &gs);
    snprintf(r.result, sizeof r.result, "%s", !gs.over ? "*" : gs.winner < 0 ? "1/2-1/2" :
             gs.winner == 0 ? "1-0" : "0-1");
    snprintf(r.reason, sizeof r.reason, "%s", gs.over ? gs.reason : "");
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(r.date, sizeof r.date, "%Y.%m.%d", &tm);
    int rc = E_OK;
    for (int i = 0; i < p->s.nmoves && rc == E_OK; i++) {
        char mv[64];
        if (g->format_move_long)
            g->format_move_long(p->s.snaps + (size_t)i * g->state_size,
                                p->s.moves[i].move, mv, sizeof mv);
        else
            snprintf(mv, sizeof mv, "%s", p->s.moves[i].text);
        if (record_add_move(&r, mv))
            rc = E_NOMEM;
    }
    const char *why = NULL;
    FILE *f = rc == E_OK ? util_fopen_file(argv[0], "w", &why) : NULL;
    if (rc == E_OK && !f)
        rc = fail(res, n, E_FILE, why);
    if (f) {
        if (record_write(f, &r) || fclose(f))
            rc = fail(res, n, E_FILE, "write failed");
    }
    record_free(&r);
    if (rc == E_OK)
        res[0] = '\0';
    return rc;
}

/* loadgame FILE [N]: loads the first record of FILE and plays its first N
 * moves (all by default). The record reader is bounded (record.h): an
 * endless or binary file is refused at once, and anything but a regular
 * file (a FIFO would block the engine) before it is read. Fails: cannot open file (also
 * for a file that is no record, or too large a one), invalid position,
 * unknown game, illegal move (the game is then unchanged). */
static int cmd_loadgame(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long upto = -1;
    if (argc < 1 || argc > 2 || (argc == 2 && parse_int(argv[1], 0, 1000000, &upto)))
        return E_SYNTAX;
    const char *why;
    FILE *f = util_fopen_file(argv[0], "r", &why);    /* a FIFO: refused */
    if (!f)
        return fail(res, n, E_FILE, why);
    struct game_record r;
    record_init(&r);
    char err[256];
    int got = record_read(f, &r, err, sizeof err);
    fclose(f);
    if (got != 1) {
        record_free(&r);
        return fail(res, n, E_FILE, got == 0 ? "no record" : err);
    }
    /* build the game in a scratch session so a failure changes nothing */
    struct session tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.engine = p->s.engine;
    char *opts[SESSION_MAX_OPTS];
    int nopts = 0;
    char vbuf[sizeof r.variant];
    snprintf(vbuf, sizeof vbuf, "%s", r.variant);
    for (char *tok = strtok(vbuf, " "); tok && nopts < SESSION_MAX_OPTS; tok = strtok(NULL, " "))
        opts[nopts++] = tok;
    int rc = session_newgame(&tmp, r.game, nopts, (const char *const *)opts, res, n);
    int code = session_error(rc);
    if (code == E_OK && r.position[0] &&
        session_setposition(&tmp, r.position, res, n) != SESS_OK)
        code = E_POSITION;
    for (int i = 0; code == E_OK && i < r.nmoves && (upto < 0 || i < upto); i++) {
        char e2[128];
        if (session_play(&tmp, -1, r.moves[i], e2, sizeof e2) != SESS_OK)
            code = fail(res, n, E_ILLEGAL, r.moves[i]);
    }
    record_free(&r);
    if (code != E_OK) {
        tmp.engine_self = NULL;
        session_free(&tmp);
        return code;
    }
    /* keep the engine and options of p->s, take the game of tmp */
    struct session *s = &p->s;
    for (int i = 0; i < s->nopts; i++)
        free(s->opts[i]);
    free(s->st);
    free(s->start);
    free(s->moves);
    free(s->snaps);
    s->g = tmp.g;
    memcpy(s->opts, tmp.opts, sizeof s->opts);
    s->nopts = tmp.nopts;
    s->st = tmp.st;
    s->start = tmp.start;
    s->setup = tmp.setup;
    s->moves = tmp.moves;
    s->snaps = tmp.snaps;
    s->nmoves = tmp.nmoves;
    s->cap = tmp.cap;
    s->engine->clear(s->engine_self);
    res[0] = '\0';
    return E_OK;
}

/* ------------------------------------------------------------- GoGui */

/* The game has a board GoGui can show (Tablut's 9x9, Grasshopper's track
 * on 6x6); GOGUI_DISPLAY. */
static int has_board(struct proto *p)
{
    return G(p)->board_size && G(p)->board_size(p->s.st) > 0;
}

/* The game's moves are points of a square board: GoGui can be its ruler. */
static int need_square(struct proto *p)
{
    return G(p)->point_moves && has_board(p) && G(p)->gogui_board;
}

/* What GoGui's rules commands can do for the current game (GOGUI_*). */
static int gogui_abilities(struct proto *p)
{
    return (need_square(p) ? GOGUI_RULER : 0) | (has_board(p) ? GOGUI_DISPLAY : 0) |
           (has_board(p) && G(p)->gogui_board ? GOGUI_CELLS : 0);
}

/* gogui-analyze_commands: the analysis commands GoGui may offer, as
 * "type/label/command" lines, for the current game. Where moves are
 * points (Rastros) results are drawn on GoGui's board: plist marks the
 * points, pstring marks the points in its text. Elsewhere GoGui's board is
 * not the game's, so everything is text (string: a window for several
 * lines). */
static int cmd_gogui_analyze(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if (need_square(p))
        snprintf(res, n,
                 "plist/Legal moves/legal_moves\n"
                 "plist/Winning moves/winning_moves\n"
                 "pstring/Solve/solve\n"
                 "pstring/Best move (not played)/reg_genmove %%m\n"
                 "pstring/Explain last move/gomill-explain_last_move\n"
                 "string/Evaluation/eval\n"
                 "string/Game over/game_over\n"
                 "string/Position/getposition\n"
                 "string/Show board/showboard\n"
                 "string/Options/list_options\n"
                 "string/Perft 3/perft 3");
    else
        snprintf(res, n, "%s"
                 "string/Show board/showboard\n"
                 "string/Legal moves/legal_moves\n"
                 "string/Side to move/side_to_move\n"
                 "string/History/history\n"
                 "string/Solve/solve\n"
                 "string/Evaluation/eval\n"
                 "string/Game over/game_over\n"
                 "string/Position/getposition\n"
                 "none/Set position/setposition %%s\n"
                 "none/Load game record/loadgame %%r\n"
                 "string/Options/list_options\n"
                 "string/Perft 2/perft 2",
                 has_board(p) ? "gfx/Position on the board/gogui-rules_board_gfx\n" : "");
    return E_OK;
}

/* gogui-interrupt: no arguments, empty answer. Its presence in
 * list_commands tells GoGui that a running command stops when the comment
 * line "# interrupt" arrives on the input (see proto_interrupt). */
static int cmd_gogui_interrupt(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv; (void)res; (void)n;
    return E_OK;
}

/* gogui-sigint: the engine's process id; SIGINT sent to it stops the
 * running command as "# interrupt" does. */
static int cmd_gogui_sigint(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    snprintf(res, n, "%ld", (long)getpid());
    return E_OK;
}

/* gomill-explain_last_move: one line about the last genmove/reg_genmove
 * search: "score S depth D nodes N time MS proven yes|no pv M1 M2 ...", S
 * from the view of the side that moved (as analyze writes scores). Fails:
 * "no move to explain" when no genmove has searched since the last change
 * of the game (newgame, clear_board, boardsize, setposition, loadgame,
 * play, undo) or the last genmove answered without a search. */
static int cmd_explain_last_move(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if (!p->explain.valid)
        return E_NO_EXPLAIN;
    snprintf(res, n, "%s", p->explain.text);
    return E_OK;
}

/* gogui-rules_game_id: the game's name, capitalised as GoGui asks
 * ("Rastros"). */
static int cmd_rules_game_id(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    snprintf(res, n, "%s", G(p)->name);
    res[0] = (char)toupper((unsigned char)res[0]);
    return E_OK;
}

/* gogui-rules_board_size: the size of the square board GoGui shows, a
 * bare integer ("7"; Tablut 9; Grasshopper's track on 6). Fails for games
 * without a board. */
static int cmd_rules_board_size(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if (!has_board(p))
        return E_UNSUPPORTED;
    snprintf(res, n, "%d", G(p)->board_size(p->s.st));
    return E_OK;
}

/* gogui-rules_board: the board as rows of X/O/. (top row first): Rastros'
 * snail X, slime O; Tablut's attackers X, defenders and king O. Fails for
 * games without a square board. */
static int cmd_rules_board(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if (!has_board(p) || !G(p)->gogui_board)
        return E_UNSUPPORTED;
    int sz = G(p)->board_size(p->s.st);
    char cells[1024];
    G(p)->gogui_board(p->s.st, cells, sizeof cells);
    size_t pos = 0;
    buf_printf(res, n, &pos, "\n");
    for (int r = 0; r < sz; r++) {
        for (int c = 0; c < sz; c++)
            buf_printf(res, n, &pos, "%s%c", c ? " " : "", cells[r * sz + c]);
        if (r + 1 < sz)
            buf_printf(res, n, &pos, "\n");
    }
    return E_OK;
}

/* gogui-rules_legal_moves: legal moves in upper case; empty when over. */
static int cmd_rules_legal_moves(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (!need_square(p))
        return E_UNSUPPORTED;
    int rc = cmd_legal_moves(p, 0, argv, res, n);
    (void)argc;
    for (char *c = res; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    return rc;
}

/* gogui-rules_side_to_move: "black" or "white" (GoGui's words). */
static int cmd_rules_side_to_move(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    int s = session_side_to_move(&p->s);
    snprintf(res, n, "%s", G(p)->gtp_letter[s] == 'B' ? "black" : "white");
    return E_OK;
}

/* gogui-rules_final_result: free text. */
static int cmd_rules_final_result(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    return cmd_game_over(p, argc, argv, res, n);
}

/* gogui-rules_board_gfx: GoGui graphics (gfx lines) for the board GoGui
 * shows, drawn after every move when GoGui is the ruler: Rastros' goal
 * corners (coloured as their owner, labelled 1 and 2) and a MARK on the
 * square of the last move; the whole position where GoGui's board knows
 * nothing of the game (Tablut's pieces, Grasshopper's track), for the
 * analyze command "Position on the board". Fails for games without a
 * board. */
static int cmd_rules_board_gfx(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if (!has_board(p))
        return E_UNSUPPORTED;
    size_t pos = 0;
    res[0] = '\0';
    if (G(p)->gogui_gfx) {
        char gfx[1024];
        G(p)->gogui_gfx(p->s.st, gfx, sizeof gfx);
        buf_printf(res, n, &pos, "%s", gfx);
    }
    if (p->s.nmoves > 0 && need_square(p)) {
        char last[SESSION_MOVE_TEXT];
        snprintf(last, sizeof last, "%s", p->s.moves[p->s.nmoves - 1].text);
        for (char *c = last; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        if (strcmp(last, "PASS") != 0)
            buf_printf(res, n, &pos, "%sMARK %s", pos ? "\n" : "", last);
    }
    return E_OK;
}

const char *const proto_group_names[PROTO_G_COUNT] = {
    "(no group)", "Administration", "Games", "Play", "Thinking", "Analysis", "Records",
    "GoGui"
};

/* The fields: name, handler, arguments, one line of help, group, and more
 * help (NULL or lines separated by '\n'). A new command needs all six: the
 * doc check (make check, tests/run_docsync) fails until it has them and
 * doc/protocol.md has its section. */
const struct proto_cmd proto_commands[] = {
    {"protocol_version", cmd_protocol_version, "", "protocol version (2)", PROTO_G_ADMIN,
     NULL},
    {"name", cmd_name, "", "engine name", PROTO_G_ADMIN, NULL},
    {"version", cmd_version, "", "engine version", PROTO_G_ADMIN, NULL},
    {"known_command", cmd_known_command, "COMMAND", "true if COMMAND exists", PROTO_G_ADMIN,
     NULL},
    {"list_commands", cmd_list_commands, "", "all commands, one per line", PROTO_G_ADMIN,
     "GoGui's rules commands are listed only where they can answer for the game tabula "
     "started in; a later newgame does not change the list."},
    {"help", cmd_help, "[COMMAND]", "one line per command", PROTO_G_ADMIN,
     "The shell groups the commands; help GROUP lists one group, help all every command."},
    {"quit", cmd_quit, "", "end the program", PROTO_G_ADMIN, NULL},
    {"list_games", cmd_list_games, "", "the games this engine plays", PROTO_G_GAMES, NULL},
    {"newgame", cmd_newgame, "GAME [key=value...]", "start GAME with variant options",
     PROTO_G_GAMES,
     "Variants: {variants}. Engine options are kept.\n"
     "Fails: unknown game, unknown option, invalid value, syntax error."},
    {"clear_board", cmd_clear_board, "", "restart the current game", PROTO_G_GAMES,
     "Same game and variant options; forgets any setposition."},
    {"boardsize", cmd_boardsize, "N", "board size, where the game has one", PROTO_G_GAMES,
     "Rastros: a new game of size N (5 to 8). Tablut takes 9 and Grasshopper 6 (the boards "
     "they show GoGui) and restart; any other size is an unacceptable size."},
    {"setposition", cmd_setposition, "POSITION", "set the position from a position string",
     PROTO_G_GAMES, "The formats are in doc/rules/. Fails: invalid position."},
    {"getposition", cmd_getposition, "", "the current position string", PROTO_G_GAMES, NULL},
    {"showboard", cmd_showboard, "", "a diagram of the position", PROTO_G_GAMES, NULL},
    {"history", cmd_history, "", "the moves played so far", PROTO_G_GAMES, NULL},
    {"play", cmd_play, "COLOR MOVE", "play MOVE for COLOR", PROTO_G_PLAY,
     "Moves: c3 (Rastros), e3-h3 (Tablut), 0/5, 21/off, pass (Grasshopper).\n"
     "Fails: invalid color, wrong color, illegal move, game over, syntax error."},
    {"genmove", cmd_genmove, "COLOR", "choose, play and print a move for COLOR", PROTO_G_PLAY,
     "Uses the engine options (set_option); an interrupt plays the best move so far.\n"
     "Fails: invalid color, wrong color, game over, syntax error."},
    {"reg_genmove", cmd_reg_genmove, "COLOR", "choose a move for COLOR without playing it",
     PROTO_G_PLAY, NULL},
    {"undo", cmd_undo, "[N]", "take back N moves (default 1)", PROTO_G_PLAY,
     "Fails: cannot undo (fewer than N moves since the start or setposition)."},
    {"legal_moves", cmd_legal_moves, "[COLOR]", "the legal moves", PROTO_G_PLAY, NULL},
    {"side_to_move", cmd_side_to_move, "", "the side to move", PROTO_G_PLAY, NULL},
    {"game_over", cmd_game_over, "", "ongoing, or who won (or draw) and why", PROTO_G_PLAY,
     NULL},
    {"final_score", cmd_final_score, "", "B+, W+ or 0 for a finished game", PROTO_G_PLAY,
     "Fails: game not over."},
    {"time_settings", cmd_time_settings, "MAIN BYOYOMI STONES", "clock settings (seconds)",
     PROTO_G_THINKING, "Used by genmove when the movetime option is 0."},
    {"time_left", cmd_time_left, "COLOR SECONDS STONES", "time left for COLOR",
     PROTO_G_THINKING, NULL},
    {"set_option", cmd_set_option, "NAME VALUE", "set an engine option", PROTO_G_THINKING,
     "Options: engine, movetime, depth, nodes, threads, hash, seed, resign (list_options).\n"
     "Fails: unknown option, invalid value, syntax error."},
    {"get_option", cmd_get_option, "NAME", "an engine option's value", PROTO_G_THINKING,
     NULL},
    {"list_options", cmd_list_options, "", "engine options with type, default, value",
     PROTO_G_THINKING, NULL},
    {"set_random_seed", cmd_set_random_seed, "N", "random seed", PROTO_G_THINKING, NULL},
    {"analyze", cmd_analyze, "[COLOR] [INTERVAL]", "stream info lines until input arrives",
     PROTO_G_ANALYSIS, "INTERVAL is in centiseconds; any input line (or an interrupt) ends "
     "it."},
    {"solve", cmd_solve, "", "prove the value of the position", PROTO_G_ANALYSIS,
     "Answers win MOVE, loss or draw MOVE, with \"in N\" (plies to the end) where known.\n"
     "Limited by the movetime and nodes options, or to 60 seconds when neither is set; not "
     "solved when the limit comes first or no proof fits in lines of 512 plies (a "
     "repetition on a line counts as a draw). An interrupt stops it."},
    {"winning_moves", cmd_winning_moves, "", "the moves proven to win (empty if none)",
     PROTO_G_ANALYSIS, "Each move is proved with the exact solver (movetime for the whole "
     "command, nodes for each proof). Fails: not solved, game over."},
    {"eval", cmd_eval, "", "static evaluation for the side to move", PROTO_G_ANALYSIS, NULL},
    {"perft", cmd_perft, "DEPTH", "count the leaves of the move tree", PROTO_G_ANALYSIS,
     "DEPTH 0 to 64."},
    {"bench", cmd_bench, "", "node count of the fixed benchmark searches", PROTO_G_ANALYSIS,
     NULL},
    {"savegame", cmd_savegame, "FILE", "save the game as a record", PROTO_G_RECORDS,
     "Fails: cannot open file."},
    {"loadgame", cmd_loadgame, "FILE [N]", "load a record (its first N moves)",
     PROTO_G_RECORDS, "Fails (the game unchanged): cannot open file, unknown game, "
     "invalid position, illegal move."},
    {"gomill-explain_last_move", cmd_explain_last_move, "",
     "score, depth, nodes, time and PV of the last genmove", PROTO_G_ANALYSIS, NULL},
    {"gogui-interrupt", cmd_gogui_interrupt, "", "GoGui: '# interrupt' stops a running command",
     PROTO_G_GUI, NULL},
    {"gogui-sigint", cmd_gogui_sigint, "", "GoGui: the pid to send SIGINT to", PROTO_G_GUI,
     NULL},
    {"gogui-analyze_commands", cmd_gogui_analyze, "", "analysis commands for GoGui",
     PROTO_G_GUI, NULL},
    {"gogui-rules_game_id", cmd_rules_game_id, "", "GoGui: game name", PROTO_G_GUI, NULL},
    {"gogui-rules_board_size", cmd_rules_board_size, "", "GoGui: board size", PROTO_G_GUI,
     NULL},
    {"gogui-rules_board", cmd_rules_board, "", "GoGui: board", PROTO_G_GUI, NULL},
    {"gogui-rules_legal_moves", cmd_rules_legal_moves, "", "GoGui: legal moves", PROTO_G_GUI,
     NULL},
    {"gogui-rules_side_to_move", cmd_rules_side_to_move, "", "GoGui: side to move",
     PROTO_G_GUI, NULL},
    {"gogui-rules_final_result", cmd_rules_final_result, "", "GoGui: result text",
     PROTO_G_GUI, NULL},
    {"gogui-rules_board_gfx", cmd_rules_board_gfx, "", "GoGui: goal corners, last move",
     PROTO_G_GUI, NULL},
    {NULL, NULL, NULL, NULL, PROTO_G_NONE, NULL}
};

/* ------------------------------------------------------------ dispatch */

int proto_init(struct proto *p, FILE *out)
{
    memset(p, 0, sizeof *p);
    p->out = out;
    p->res = malloc(RES_SIZE);
    if (!p->res)
        return -1;
    if (session_init(&p->s) != SESS_OK)
        return -1;
    p->gogui_rules = gogui_abilities(p);
    return 0;
}

void proto_free(struct proto *p)
{
    session_free(&p->s);
    free(p->res);
    p->res = NULL;
}

/* Cleans a raw line in place: tabs to spaces, other control characters
 * dropped, comments cut. */
static void clean_line(char *line)
{
    char *w = line;
    for (char *r = line; *r; r++) {
        unsigned char c = (unsigned char)*r;
        if (c == '#')
            break;
        if (c == '\t')
            *w++ = ' ';
        else if (c >= 32 && c != 127)
            *w++ = (char)c;
    }
    *w = '\0';
}

/* The one writer: "=id result" / "?id message", one blank line after, no
 * blank line inside. */
static void write_response(struct proto *p, int ok, const char *id, const char *text)
{
    FILE *o = p->out;
    if (p->respond) {
        p->respond(p, ok, text);
        return;
    }
    if (p->shell) {
        if (!ok)
            fprintf(o, "error: %s\n", text);
        else if (text[0])
            fprintf(o, "%s\n", text[0] == '\n' ? text + 1 : text);
        fflush(o);
        return;
    }
    fputc(ok ? '=' : '?', o);
    fputs(id, o);
    fputc(' ', o);
    int prev_nl = 0;
    for (const char *c = text; *c; c++) {
        if (*c == '\n' && prev_nl)
            continue;
        prev_nl = *c == '\n';
        /* a control character (say from a file's line quoted in an
         * error) would reach the controller raw: '?' stands for it */
        unsigned char u = (unsigned char)*c;
        fputc((u < 32 && u != '\n') || u == 127 ? '?' : *c, o);
    }
    if (!prev_nl)
        fputc('\n', o);
    fputc('\n', o);
    fflush(o);
}

/* Commands after whose success the last genmove no longer explains the
 * game (genmove itself replaces the explanation). */
static int changes_game(const struct proto_cmd *c)
{
    return c->fn == cmd_play || c->fn == cmd_undo || c->fn == cmd_newgame ||
           c->fn == cmd_clear_board || c->fn == cmd_boardsize ||
           c->fn == cmd_setposition || c->fn == cmd_loadgame;
}

void proto_execute(struct proto *p, char *line)
{
    char *argv[PROTO_MAX_ARGS + 1];
    int argc = 0;
    char id[24] = "";
    int toomany = 0;
    clean_line(line);
    for (char *tok = strtok(line, " "); tok; tok = strtok(NULL, " ")) {
        if (argc > PROTO_MAX_ARGS) {
            toomany = 1;        /* answered below, once the id is known */
            break;
        }
        argv[argc++] = tok;
    }
    if (argc == 0)
        return;
    int first = 0;
    if (isdigit((unsigned char)argv[0][0])) {
        size_t k = strspn(argv[0], "0123456789");
        if (argv[0][k] == '\0' && k < sizeof id) {
            memcpy(id, argv[0], k + 1);
            first = 1;
        }
    }
    if (toomany) {
        p->status = E_SYNTAX;
        write_response(p, 0, id, "syntax error: too many arguments");
        return;
    }
    if (argc == first) {
        p->status = E_SYNTAX;
        write_response(p, 0, id, "syntax error: no command");
        return;
    }
    const struct proto_cmd *c = proto_find_command(argv[first]);
    if (!c) {
        p->status = E_UNKNOWN_COMMAND;
        write_response(p, 0, id, error_text[E_UNKNOWN_COMMAND]);
        return;
    }
    proto_run_words(p, c, id, argc - first - 1, argv + first + 1);
}

int proto_error(const char *fixed)
{
    for (size_t i = 1; i < sizeof error_text / sizeof *error_text; i++)
        if (!strcmp(error_text[i], fixed))
            return (int)i;
    return E_SYNTAX;
}

const char *proto_error_text(int code)
{
    return code > 0 && (size_t)code < sizeof error_text / sizeof *error_text ?
        error_text[code] : "";
}

void proto_run_words(struct proto *p, const struct proto_cmd *c, const char *id, int argc,
               char **argv)
{
    char *res = p->res;
    res[0] = '\0';
    int rc;
    /* an interrupt request belongs to the command it arrives during */
    p->interrupt = 0;
    p->interrupted = 0;
    p->running = 1;
    if (c->fn == cmd_analyze) {
        rc = run_analyze(p, id, argc, argv, res, RES_SIZE);
    } else {
        rc = c->fn(p, argc, argv, res, RES_SIZE);
    }
    p->running = 0;
    p->status = rc < 0 ? E_OK : rc;
    if (rc < 0)
        return;                 /* analyze wrote its response */
    if (rc == E_OK) {
        if (changes_game(c))
            p->explain.valid = 0;
        write_response(p, 1, id, res);
        return;
    }
    char msg[RES_SIZE / 2];
    const char *base = (unsigned)rc < sizeof error_text / sizeof *error_text ?
        error_text[rc] : "error";
    size_t bl = strlen(base);
    if (res[0] && !(strncmp(res, base, bl) == 0 && res[bl] == ':'))
        snprintf(msg, sizeof msg, "%s: %s", base, res);
    else if (res[0])
        snprintf(msg, sizeof msg, "%s", res);   /* the detail already names it */
    else
        snprintf(msg, sizeof msg, "%s", base);
    for (char *m = msg; *m; m++)
        if (*m == '\n')
            *m = ' ';
    write_response(p, 0, id, msg);
}

int proto_loop(struct proto *p, struct input *in)
{
    char *line = malloc(PROTO_MAX_LINE);
    if (!line)
        return 1;
    p->in = in;
    p->gogui_rules = gogui_abilities(p);    /* the start-up game decides */
    int toolong;
    while (!p->quit && input_getline(in, line, PROTO_MAX_LINE, &toolong)) {
        if (toolong) {
            write_response(p, 0, "", "syntax error: line too long");
            continue;
        }
        proto_execute(p, line);
    }
    free(line);
    return 0;
}
