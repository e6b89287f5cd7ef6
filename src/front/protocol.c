/* protocol.c -- the GTP-style loop: the line reader (with the interrupt
 * comment), the dispatcher and the one response writer, and the list of
 * commands made of the handler files' group tables. The handlers (cmd_*.c)
 * see the session and struct game only; they fail with fixed, lower-case
 * error strings and change nothing when they do. */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "front/protocol.h"
#include "options.h"
#include "util.h"

static const char *const error_text[PROTO_STATUS_COUNT] = {
    "", "unknown command", "syntax error", "illegal move", "invalid color",
    "cannot undo", "game over", "unknown game", "invalid position",
    "unknown option", "invalid value", "unacceptable size", "game not over",
    "not supported by this game", "wrong color", "cannot open file",
    "out of memory", "not solved", "no move to explain", "not allowed",
    "interrupted"
};

const char *const proto_group_names[PROTO_G_COUNT] = {
    "(no group)", "Administration", "Games", "Play", "Thinking", "Analysis", "Records",
    "GoGui"
};

/* ---------------------------------------------------------------- input */

void input_init(struct input *in, int fd)
{
    in->fd = fd;
    in->start = in->end = 0;
    in->eof = 0;
    in->err = 0;
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
        if (k < 0)
            in->err = errno;
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

int input_failed(const struct input *in, const char *what)
{
    if (!in->err)
        return 0;
    fprintf(stderr, "tabula: %s: %s\n", what, strerror(in->err));
    return 1;
}

void input_pull(struct input *in)
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

/* ------------------------------------------------------------ interrupt */

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

/* An interrupt request (proto_interrupt, SIGINT) or a "# interrupt" line
 * on the input. */
int proto_stop(void *ctx)
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

static void proto_report(void *ctx, const struct search_info *info)
{
    struct proto *p = ctx;
    if (p->watch)
        p->watch(p, info);
}

void proto_note(struct proto *p, const char *note)
{
    if (!note || !note[0])
        return;
    snprintf(p->note, sizeof p->note, "%s", note);
    if (p->verbose)             /* on stderr: stdout is the protocol's */
        fprintf(stderr, "tabula: %s\n", note);
}

void (*proto_reporter(const struct proto *p))(void *, const struct search_info *)
{
    return p->watch ? proto_report : NULL;
}

/* -------------------------------------------------------- the commands */

/* The group tables in the order of help and the docs. */
static const struct proto_cmd *const command_tables[] = {
    admin_commands, game_commands, thinking_commands, analysis_commands, record_commands,
    gogui_commands, NULL
};

const struct proto_cmd *proto_command(int i)
{
    for (int t = 0; command_tables[t] && i >= 0; t++)
        for (int k = 0; command_tables[t][k].name; k++)
            if (i-- == 0)
                return &command_tables[t][k];
    return NULL;
}

const struct proto_cmd *proto_find_command(const char *name)
{
    return proto_find_command_with(NULL, name);
}

const struct proto_cmd *proto_command_with(const struct proto_cmd *extra, int i)
{
    const struct proto_cmd *c = proto_command(i);
    if (c || !extra)
        return c;
    int np = 0;
    while (proto_command(np))
        np++;
    for (int k = 0; extra[k].name; k++)
        if (np + k == i)
            return &extra[k];
    return NULL;
}

const struct proto_cmd *proto_find_command_with(const struct proto_cmd *extra,
                                                const char *name)
{
    const struct proto_cmd *c;
    for (int i = 0; (c = proto_command_with(extra, i)); i++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}

/* The game has a board GoGui can show (Tablut's 9x9, Grasshopper's track
 * on 6x6). */
static int has_board(const struct proto *p)
{
    return p->s.g->board_size && p->s.g->board_size(p->s.st) > 0;
}

int proto_gogui_abilities(const struct proto *p)
{
    const struct game *g = p->s.g;
    int display = has_board(p), cells = display && g->gogui_board;
    /* the moves are points of a square board, or two clicks on it: GoGui
     * can be the ruler */
    int clicks = cells && !g->point_moves && g->gogui_move_points;
    return (cells && (g->point_moves || clicks) ? GOGUI_RULER : 0) |
           (display ? GOGUI_DISPLAY : 0) | (cells ? GOGUI_CELLS : 0) |
           (clicks ? GOGUI_CLICKS : 0) | (cells && g->gogui_pieces ? GOGUI_CAPTURES : 0);
}

/* GoGui's rules commands are offered only when the game the engine started
 * in can answer them: GoGui takes a program that lists them for a "ruler"
 * and then treats every refusal of one as fatal. The list is fixed when
 * the protocol loop starts (proto_loop), so that what a controller read at
 * attach stays true; a later newgame does not change it (doc/protocol.md). */
int proto_offered(const struct proto *p, const struct proto_cmd *c)
{
    if ((c->flags & CMD_GOGUI_RULER) && !(p->gogui_rules & GOGUI_RULER))
        return 0;
    if ((c->flags & CMD_GOGUI_DISPLAY) && !(p->gogui_rules & GOGUI_DISPLAY))
        return 0;
    if ((c->flags & CMD_GOGUI_CELLS) && !(p->gogui_rules & GOGUI_CELLS))
        return 0;
    if ((c->flags & CMD_GOGUI_CAPTURES) && !(p->gogui_rules & GOGUI_CAPTURES))
        return 0;
    return 1;
}

/* -------------------------------------------------- for the handlers */

int proto_parse_double(const char *s, double *out)
{
    /* decimal only (strtod also reads 0x10, inf and nan): a sign, digits
     * with at most one point, an exponent */
    const char *c = s + (*s == '+' || *s == '-');
    if (!isdigit((unsigned char)*c) && !(*c == '.' && isdigit((unsigned char)c[1])))
        return -1;
    if (strpbrk(s, "xXpPnN"))
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end)
        return -1;
    /* too large a number is a large one (1e400 s counts as the longest
     * time), too small a one 0 */
    if (isinf(v))
        v = v > 0 ? DBL_MAX : -DBL_MAX;
    *out = v;
    return 0;
}

int proto_session_status(int rc)
{
    switch (rc) {
    case SESS_OK: return PROTO_OK;
    case SESS_EUNKNOWN_GAME: return PROTO_EUNKNOWN_GAME;
    case SESS_EOPTION: return PROTO_EOPTION;
    case SESS_EINVALID: return PROTO_EVALUE;
    case SESS_EPOSITION: return PROTO_EPOSITION;
    case SESS_EUNSOLVED: return PROTO_EUNSOLVED;
    case SESS_ESYNTAX: return PROTO_ESYNTAX;
    case SESS_EILLEGAL: return PROTO_EILLEGAL;
    case SESS_ECOLOR: return PROTO_EWRONG_TURN;
    case SESS_EGAMEOVER: return PROTO_EGAMEOVER;
    case SESS_EUNDO: return PROTO_EUNDO;
    default: return PROTO_ENOMEM;
    }
}

int proto_fail(char *res, size_t n, int code, const char *detail)
{
    snprintf(res, n, "%s", detail ? detail : "");
    return code;
}

int proto_side_arg(struct proto *p, const char *word, int *side)
{
    *side = game_parse_color(p->s.g, word);
    return *side < 0 ? PROTO_ECOLOR : PROTO_OK;
}

/* ------------------------------------------------------------ dispatch */

int proto_init(struct proto *p, FILE *out)
{
    memset(p, 0, sizeof *p);
    p->out = out;
    p->id = "";
    p->gogui.planned = MOVE_NONE;
    p->res = malloc(PROTO_RES_SIZE);
    if (!p->res)
        return -1;
    if (session_init(&p->s) != SESS_OK || options_reset(&p->s) != SESS_OK)
        return -1;
    p->gogui_rules = proto_gogui_abilities(p);
    return 0;
}

void proto_free(struct proto *p)
{
    session_free(&p->s);
    free(p->gogui.step);
    p->gogui.step = NULL;
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
        util_flush(o);
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
    util_flush(o);
}

void proto_execute(struct proto *p, char *line)
{
    char *argv[PROTO_MAX_ARGS + 1];
    int argc = 0;
    char id[24] = "";
    int toomany = 0;
    clean_line(line);
    char *save;                 /* strtok_r: sessions may run in threads (the web board) */
    for (char *tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
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
        p->status = PROTO_ESYNTAX;
        write_response(p, 0, id, "syntax error: too many arguments");
        return;
    }
    if (argc == first) {
        p->status = PROTO_ESYNTAX;
        write_response(p, 0, id, "syntax error: no command");
        return;
    }
    const struct proto_cmd *c = proto_find_command_with(p->own, argv[first]);
    if (!c) {
        p->status = PROTO_EUNKNOWN_COMMAND;
        write_response(p, 0, id, error_text[PROTO_EUNKNOWN_COMMAND]);
        return;
    }
    proto_run_words(p, c, id, argc - first - 1, argv + first + 1);
}

const char *proto_error_text(int code)
{
    return code > 0 && code < PROTO_STATUS_COUNT ? error_text[code] : "";
}

int proto_check_arity(const struct proto_cmd *c, int argc, char *res, size_t n)
{
    if (c->args[0] == '\0' && argc > 0)
        return proto_fail(res, n, PROTO_ESYNTAX, "too many arguments");
    return PROTO_OK;
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
    p->note[0] = '\0';
    p->commands++;
    p->running = 1;
    p->id = id;
    rc = proto_check_arity(c, argc, res, PROTO_RES_SIZE);
    if (rc == PROTO_OK && p->gate)
        rc = p->gate(p, c, argc, argv, res, PROTO_RES_SIZE);
    if (rc == PROTO_OK)
        rc = c->fn(p, argc, argv, res, PROTO_RES_SIZE);
    p->id = "";
    p->running = 0;
    p->status = rc < 0 ? PROTO_OK : rc;
    if (rc == PROTO_WROTE)
        return;                 /* a streaming command wrote its response */
    if (rc == PROTO_OK) {
        if (c->flags & CMD_CHANGES_GAME)
            p->explain.valid = 0;
        if ((c->flags & CMD_CHANGES_GAME) && !(c->flags & CMD_GOGUI_STEPS))
            p->gogui.stale = 1; /* a new history: no pick survives it */
        write_response(p, 1, id, res);
        return;
    }
    char msg[PROTO_RES_SIZE / 2];
    const char *base = rc > 0 && rc < PROTO_STATUS_COUNT ? error_text[rc] : "error";
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
    p->gogui_rules = proto_gogui_abilities(p);    /* the start-up game decides */
    int toolong;
    while (!p->quit && input_getline(in, line, PROTO_MAX_LINE, &toolong)) {
        if (toolong) {
            write_response(p, 0, "", "syntax error: line too long");
            continue;
        }
        proto_execute(p, line);
    }
    free(line);
    return input_failed(in, "standard input");
}
