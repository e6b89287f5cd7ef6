/* web.c -- the web board's server: civetweb serves the page's files and a
 * WebSocket per visitor on which the page speaks the engine's protocol,
 * one line a message both ways, each connection a session of its own in
 * a thread of its own. Drives struct proto and the command table; knows
 * no game's insides. A client is kept inside its session by data: the
 * commands' rules (web_rules[]) and the options' caps (web_option_caps[]),
 * checked by the protocol's gate before a command runs. */
#define _GNU_SOURCE             /* fopencookie, pipe2 */
#include <arpa/inet.h>
#include <civetweb.h>
#include <errno.h>
#include <netinet/in.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include "front/protocol.h"
#include "front/web.h"
#include "options.h"
#include "util.h"

/* ------------------------------------------------------------ the rules */

/* Every command, in the order of help. A client reaches nothing outside
 * its own session: no file of the server, no signal, nothing that holds a
 * core without stopping when asked. */
const struct web_rule web_rules[] = {
    {"protocol_version", WEB_ALLOW, NULL},
    {"name", WEB_ALLOW, NULL},
    {"version", WEB_ALLOW, NULL},
    {"known_command", WEB_ALLOW, NULL},
    {"list_commands", WEB_ALLOW, NULL},
    {"help", WEB_ALLOW, NULL},
    {"quit", WEB_ALLOW, NULL},          /* ends this connection's session */
    {"list_games", WEB_ALLOW, NULL},
    {"rules", WEB_ALLOW, NULL},
    {"newgame", WEB_ALLOW, NULL},
    {"list_variants", WEB_ALLOW, NULL},
    {"clear_board", WEB_ALLOW, NULL},
    {"boardsize", WEB_ALLOW, NULL},
    {"setposition", WEB_ALLOW, NULL},
    {"getposition", WEB_ALLOW, NULL},
    {"showboard", WEB_ALLOW, NULL},
    {"history", WEB_ALLOW, NULL},
    {"play", WEB_ALLOW, NULL},
    {"genmove", WEB_ALLOW, NULL},
    {"reg_genmove", WEB_ALLOW, NULL},
    {"undo", WEB_ALLOW, NULL},
    {"legal_moves", WEB_ALLOW, NULL},
    {"why_no_move", WEB_ALLOW, NULL},
    {"side_to_move", WEB_ALLOW, NULL},
    {"game_over", WEB_ALLOW, NULL},
    {"final_score", WEB_ALLOW, NULL},
    {"genmove_analyze", WEB_ALLOW, NULL},
    {"time_settings", WEB_ALLOW, NULL},
    {"time_left", WEB_ALLOW, NULL},
    {"set_option", WEB_OPTION, NULL},
    {"get_option", WEB_ALLOW, NULL},
    {"list_options", WEB_ALLOW, NULL},
    {"set_random_seed", WEB_ALLOW, NULL},
    {"analyze", WEB_ANALYSIS, NULL},
    {"solve", WEB_ALLOW, NULL},
    {"winning_moves", WEB_ALLOW, NULL},
    {"hint", WEB_ALLOW, NULL},
    /* the session's game only; the command's time cap (command_ms) ends a
     * review that a large nodes option makes long, answering the moves
     * reviewed so far: it ends by itself, so it is no analysis */
    {"review", WEB_NO_FILE, "review FILE reads a file on the server; review (the session's game) "
     "after setrecord reviews a record"},
    {"eval", WEB_ALLOW, NULL},
    {"perft", WEB_REFUSE, "perft may count for hours: it would hold a core of the server"},
    {"bench", WEB_REFUSE, "bench cannot be interrupted: it would hold a core of the server"},
    {"gomill-explain_last_move", WEB_ALLOW, NULL},
    {"savegame", WEB_REFUSE, "savegame writes a file on the server; getrecord gives the record"},
    {"loadgame", WEB_REFUSE, "loadgame reads a file on the server; setrecord takes a record"},
    {"getrecord", WEB_ALLOW, NULL},
    {"setrecord", WEB_ALLOW, NULL},
    {"gogui-interrupt", WEB_ALLOW, NULL},
    {"gogui-sigint", WEB_REFUSE, "gogui-sigint names the server's process; send '# interrupt'"},
    {"gogui-analyze_commands", WEB_ALLOW, NULL},
    {"gogui-gfx", WEB_ALLOW, NULL},
    {"gogui-rules_game_id", WEB_ALLOW, NULL},
    {"gogui-rules_board_size", WEB_ALLOW, NULL},
    {"gogui-rules_board", WEB_ALLOW, NULL},
    {"gogui-rules_legal_moves", WEB_ALLOW, NULL},
    {"gogui-rules_side_to_move", WEB_ALLOW, NULL},
    {"gogui-rules_final_result", WEB_ALLOW, NULL},
    {"gogui-rules_board_gfx", WEB_ALLOW, NULL},
    {"gogui-rules_captured_count", WEB_ALLOW, NULL},
    {NULL, WEB_REFUSE, NULL}
};

/* Every engine option. Time that no option caps (depth, nodes, the
 * clocks) is capped by the command's time limit (web_config.command_ms). */
const struct web_option_cap web_option_caps[] = {
    {"engine", WEB_CAP_NONE, NULL},
    {"movetime", WEB_CAP_TIME, NULL},
    {"depth", WEB_CAP_NONE, NULL},
    {"nodes", WEB_CAP_NONE, NULL},
    {"threads", WEB_CAP_THREADS, NULL},
    {"hash", WEB_CAP_MEMORY, NULL},
    {"seed", WEB_CAP_NONE, NULL},
    {"resign", WEB_CAP_NONE, NULL},
    {"book", WEB_CAP_NONE, NULL},
    {"level", WEB_CAP_NONE, NULL},
    {"tables", WEB_CAP_REFUSE, "tables names a directory on the server"},
    {NULL, WEB_CAP_REFUSE, NULL}
};

/* The names a record gives the players (players; session_set_roster):
 * the person's name is at most this many bytes. */
#define WEB_NAME_MAX 64

static int web_players(struct proto *p, int argc, char **argv, char *res, size_t n);
static int web_review_legend(struct proto *p, int argc, char **argv, char *res, size_t n);

/* The board's own commands: as the protocol's tables (struct proto_cmd),
 * the proto's own (proto_execute runs them; list_commands, known_command
 * and help show them). */
const struct proto_cmd web_commands[] = {
    {"players", web_players, "[COLOR|both|none [NAME]]", {ARG_SIDES}, CMD_ACTS,
     PROTO_G_RECORDS, "who plays, for the names a record gives the players",
     "Says who plays, so that `getrecord` names the players where no loaded record names "
     "them: COLOR\n"
     "the side the engine plays (`both`, `none`), NAME the person's (the rest of the line, at "
     "most\n"
     "64 bytes; none: tabula-web's login name on a loopback address, else `?`). The engine's "
     "side is\n"
     "`Tabula VERSION (level N)` (without the level at full strength), the person's NAME; with "
     "the\n"
     "engine on both sides both are the engine's, with `none` both are `?` (the shell's play "
     "mode\n"
     "names its players so). Answers the two names, player 1's then player 2's; without "
     "arguments\n"
     "it only answers them. Fails: `invalid color`, `invalid value` (a longer NAME).\n"
     "```\n"
     "players white Ada\n"
     "= Ada\n"
     "Tabula 0.1.0\n"
     "```"},
    {"review_legend", web_review_legend, "", {0}, 0, PROTO_G_ANALYSIS,
     "the marks review gives, in words, and the game's score scale",
     "What the marks of `review` mean, so that a client shows the engine's own thresholds: "
     "one line a\n"
     "mark, `MARK NAME: WORDS`, then `scale S`, the current game's score of 10-to-1 odds: a "
     "search\n"
     "score's expected result, out of 100 (a win 100, a draw 50), is 100 / (1 + 10^(-SCORE / "
     "S)), the\n"
     "measure by which `review` marks a move by search. Fails: `syntax error` (an argument)."},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};

void web_config_default(struct web_config *c)
{
    memset(c, 0, sizeof *c);
    c->address = "127.0.0.1";
    c->port = 8080;
    c->root = NULL;
    c->max_connections = 8;
    c->max_line = 65536;
    c->max_hash_mb = 64;
    c->memory_mb = 512;
    c->max_threads = 1;
    c->max_movetime_ms = 60000;
    c->command_ms = 120000;
    c->max_analyses = 2;
    c->analyze_ms = 600000;
    c->log = stderr;
}

/* ------------------------------------------------------- the server */

struct web_conn {
    struct web_server *w;
    struct web_conn *next;
    char peer[64];
    /* the client's side: civetweb's thread */
    struct mg_connection *conn; /* NULL once it has gone (under wlock) */
    pthread_mutex_t wlock;
    atomic_int gone;            /* the client has gone: stop everything */
    const char *refused;        /* why the connection is refused, or NULL */
    int in_w;                   /* the client's lines go in here... */
    char *ibuf;                 /* a message arriving in fragments */
    size_t ilen;
    int itoolong;
    int inmsg;                  /* a text message's frames are coming */
    /* the session's side: its own thread */
    struct input in;            /* ...and come out here */
    struct proto p;
    int have_proto;
    pthread_t thread;
    int have_thread;
    char *obuf;                 /* a response line being assembled */
    size_t olen, ocap;
    int64_t started_ms, cap_ms; /* the running command's start and limit */
    int analysis;               /* it holds one of the server's analyses */
    int hash_mb;                /* what it holds of the server's memory */
    int engine[2];              /* players: the sides the engine plays */
    char person[WEB_NAME_MAX + 1];  /* players: the person's name, "" none */
};

struct web_server {
    struct web_config cfg;
    char root[4096];
    struct mg_context *ctx;
    int port;
    pthread_mutex_t lock;       /* the list and the totals */
    struct web_conn *conns;
    int nconns, analyses, hash_total;
    int nrefused;               /* refused connections waiting for their close */
};

/* Refused connections that are told why (close 1013) wait for the client's
 * close, each holding a worker of the server; beyond these few, a refused
 * client gets no WebSocket at all (its handshake fails), so that idle
 * clients cannot take the workers the pages need. */
#define WEB_REFUSED_OPEN 2

static void web_log(struct web_server *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void web_log(struct web_server *w, const char *fmt, ...)
{
    if (!w->cfg.log)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(w->cfg.log, "tabula-web: ");
    vfprintf(w->cfg.log, fmt, ap);
    fputc('\n', w->cfg.log);
    fflush(w->cfg.log);
    va_end(ap);
}

/* ------------------------------------------------- the client's lines */

/* A text message may not carry bytes that are not UTF-8 (the browser
 * would drop the connection): each such byte becomes '?'. */
static size_t utf8_clean(char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        int ok = len > 0 && i + len <= n;
        for (size_t k = 1; ok && k < len; k++)
            ok = ((unsigned char)s[i + k] >> 6) == 2;
        if (ok && len == 2 && c < 0xc2)
            ok = 0;             /* overlong */
        if (!ok) {
            s[i++] = '?';
            continue;
        }
        i += len;
    }
    return n;
}

static void send_message(struct web_conn *c, int opcode, const char *data, size_t len)
{
    pthread_mutex_lock(&c->wlock);
    if (c->conn && !atomic_load(&c->gone) &&
        mg_websocket_write(c->conn, opcode, data, len) <= 0)
        atomic_store(&c->gone, 1);  /* the client stopped reading */
    pthread_mutex_unlock(&c->wlock);
}

/* The session's output (p->out): each line a text message, the empty line
 * that ends a response an empty message. */
static ssize_t out_write(void *cookie, const char *buf, size_t size)
{
    struct web_conn *c = cookie;
    for (size_t i = 0; i < size; i++) {
        if (buf[i] == '\n') {
            utf8_clean(c->obuf, c->olen);
            send_message(c, MG_WEBSOCKET_OPCODE_TEXT, c->obuf, c->olen);
            c->olen = 0;
            continue;
        }
        if (c->olen == c->ocap) {
            size_t cap = c->ocap ? 2 * c->ocap : 1024;
            char *nb = realloc(c->obuf, cap);
            if (!nb)
                return -1;
            c->obuf = nb;
            c->ocap = cap;
        }
        c->obuf[c->olen++] = buf[i];
    }
    return (ssize_t)size;
}

static int out_close(void *cookie)
{
    struct web_conn *c = cookie;
    free(c->obuf);
    c->obuf = NULL;
    c->olen = c->ocap = 0;
    return 0;
}

/* A close frame: the status code and a reason the page shows. */
static void send_close(struct web_conn *c, int code, const char *reason)
{
    char buf[125];
    size_t len = strlen(reason);
    if (len > sizeof buf - 2)
        len = sizeof buf - 2;
    buf[0] = (char)(code >> 8);
    buf[1] = (char)(code & 255);
    memcpy(buf + 2, reason, len);
    send_message(c, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, buf, len + 2);
}

/* ------------------------------------------------------------ the gate */

static const struct web_rule *web_rule(const char *name)
{
    for (const struct web_rule *r = web_rules; r->command; r++)
        if (!strcmp(r->command, name))
            return r;
    return NULL;
}

static const struct web_option_cap *web_cap(const char *name)
{
    for (const struct web_option_cap *o = web_option_caps; o->option; o++)
        if (!strcmp(o->option, name))
            return o;
    return NULL;
}

/* A whole number, or -1. */
static long long web_number(const char *s)
{
    char *end;
    if (!*s || *s == '-' || *s == '+')
        return -1;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    return errno || *end ? -1 : v;
}

/* set_option NAME VALUE against the option's cap. A value the option
 * itself refuses is left to set_option (its own "invalid value"). */
static int gate_option(struct web_conn *c, int argc, char **argv, char *res, size_t n)
{
    struct web_server *w = c->w;
    if (argc < 2 || !option_find(argv[0]))
        return PROTO_OK;
    const struct web_option_cap *cap = web_cap(argv[0]);
    long long v = web_number(argv[1]);
    if (!cap)
        return proto_fail(res, n, PROTO_ENOT_ALLOWED, "this option is not offered on the web "
                          "board");
    switch (cap->cap) {
    case WEB_CAP_NONE:
        return PROTO_OK;
    case WEB_CAP_REFUSE:
        return proto_fail(res, n, PROTO_ENOT_ALLOWED, cap->why);
    case WEB_CAP_TIME:
        if (v > w->cfg.max_movetime_ms) {
            snprintf(res, n, "%s is at most %" PRId64 " ms on this server", cap->option,
                     w->cfg.max_movetime_ms);
            return PROTO_ENOT_ALLOWED;
        }
        return PROTO_OK;
    case WEB_CAP_THREADS:
        if (v > w->cfg.max_threads) {
            snprintf(res, n, "%s is at most %d on this server", cap->option,
                     w->cfg.max_threads);
            return PROTO_ENOT_ALLOWED;
        }
        return PROTO_OK;
    case WEB_CAP_MEMORY: {
        if (v < 0)
            return PROTO_OK;
        if (v > w->cfg.max_hash_mb) {
            snprintf(res, n, "%s is at most %d MB a connection on this server", cap->option,
                     w->cfg.max_hash_mb);
            return PROTO_ENOT_ALLOWED;
        }
        int rc = PROTO_OK;
        pthread_mutex_lock(&w->lock);
        int others = w->hash_total - c->hash_mb;
        if (others + v > w->cfg.memory_mb) {
            snprintf(res, n, "the server's memory for hash tables is taken: at most %d MB for "
                     "this connection now", w->cfg.memory_mb - others);
            rc = PROTO_ENOT_ALLOWED;
        } else {                /* held now; set right after the command */
            w->hash_total = others + (int)v;
            c->hash_mb = (int)v;
        }
        pthread_mutex_unlock(&w->lock);
        return rc;
    }
    }
    return PROTO_OK;
}

static int web_gate(struct proto *p, const struct proto_cmd *cmd, int argc, char **argv,
                    char *res, size_t n)
{
    struct web_conn *c = p->front;
    struct web_server *w = c->w;
    if (atomic_load(&c->gone))
        return proto_fail(res, n, PROTO_ENOT_ALLOWED, "the connection is closing");
    const struct web_rule *r = web_rule(cmd->name);
    /* the board's own commands (p->own: web_commands[], set once in
     * session_start) are allowed whole */
    int own = 0;
    for (const struct proto_cmd *k = p->own; k && k->name; k++)
        own |= cmd == k;
    if (!r && !own)
        return proto_fail(res, n, PROTO_ENOT_ALLOWED, "this command is not offered on the "
                          "web board");
    int rc = PROTO_OK;
    int64_t cap = w->cfg.command_ms;
    switch (own ? WEB_ALLOW : r->policy) {
    case WEB_ALLOW:
        break;
    case WEB_REFUSE:
        return proto_fail(res, n, PROTO_ENOT_ALLOWED, r->why);
    case WEB_NO_FILE:
        if (argc > 0)
            return proto_fail(res, n, PROTO_ENOT_ALLOWED, r->why);
        break;
    case WEB_OPTION:
        rc = gate_option(c, argc, argv, res, n);
        break;
    case WEB_ANALYSIS:
        pthread_mutex_lock(&w->lock);
        if (w->analyses >= w->cfg.max_analyses) {
            snprintf(res, n, "%d analyses run on this server already (its limit); try again "
                     "later", w->analyses);
            rc = PROTO_ENOT_ALLOWED;
        } else {
            w->analyses++;
            c->analysis = 1;
            cap = w->cfg.analyze_ms;
        }
        pthread_mutex_unlock(&w->lock);
        break;
    }
    if (rc == PROTO_OK) {
        c->started_ms = now_ms();
        c->cap_ms = cap;
    }
    return rc;
}

/* Called from every search's stop poll (proto_stop): the running command
 * stops when its client has gone or its time is up. */
static void web_watch(struct proto *p, const struct search_info *info)
{
    struct web_conn *c = p->front;
    if (info || p->interrupt)
        return;
    if (atomic_load(&c->gone) || (c->started_ms && now_ms() - c->started_ms > c->cap_ms))
        proto_interrupt(p);
}

/* After a command: the analysis slot back, the memory it holds as set. */
static void command_done(struct web_conn *c)
{
    struct web_server *w = c->w;
    c->started_ms = 0;
    pthread_mutex_lock(&w->lock);
    if (c->analysis)
        w->analyses--;
    c->analysis = 0;
    w->hash_total += c->p.s.hash_mb - c->hash_mb;
    c->hash_mb = c->p.s.hash_mb;
    pthread_mutex_unlock(&w->lock);
}

/* --------------------------------------------------------- a session */

/* The names a record gives the players where no loaded record names them
 * (session_set_roster): who plays as players said last, the engine at the
 * session's level now; the person's name the client's, else the
 * server's. */
static void web_roster(struct web_conn *c)
{
    session_set_roster(&c->p.s, c->engine, c->person[0] ? c->person : c->w->cfg.person);
}

/* players [COLOR|both|none [NAME]] (web_commands[]) */
static int web_players(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    struct web_conn *c = p->front;
    if (argc > 0) {
        int engine[2] = {0, 0}, side;
        if (!strcasecmp(argv[0], "both")) {
            engine[0] = engine[1] = 1;
        } else if (strcasecmp(argv[0], "none")) {
            if (proto_side_arg(p, argv[0], &side))
                return PROTO_ECOLOR;
            engine[side] = 1;
        }
        char name[WEB_NAME_MAX + 1] = "";
        size_t len = 0;
        for (int i = 1; i < argc; i++) {
            size_t k = strlen(argv[i]);
            if (len + (i > 1) + k > WEB_NAME_MAX)
                return proto_fail(res, n, PROTO_EVALUE, "a name is at most "
                                  STR(WEB_NAME_MAX) " bytes");
            if (i > 1)
                name[len++] = ' ';
            memcpy(name + len, argv[i], k + 1);
            len += k;
        }
        memcpy(c->engine, engine, sizeof c->engine);
        memcpy(c->person, name, sizeof c->person);
        web_roster(c);
    }
    const struct session *s = &p->s;
    snprintf(res, n, "%s\n%s", s->roster[0][0] ? s->roster[0] : "?",
             s->roster[1][0] ? s->roster[1] : "?");
    return PROTO_OK;
}

/* review_legend (web_commands[]): the review's marks in words, their
 * thresholds the engine's own (options_expand's {blunder_loss} and
 * {mistake_loss}, session.h's), and the game's score scale (as
 * session_expected takes it), for the page's legend and values. */
static int web_review_legend(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argv;
    if (argc > 0)
        return PROTO_ESYNTAX;
    char legend[1024];
    options_expand("?? blunder: a win or a draw thrown, or by search an expected result "
                   "{blunder_loss} or more below the best move's, out of 100\n"
                   "? mistake: by search an expected result {mistake_loss} or more below the "
                   "best move's, out of 100\n"
                   "! only move: the only move that keeps the value, a win or a draw",
                   legend, sizeof legend);
    snprintf(res, n, "%s\nscale %d", legend, game_score_scale(p->s.g));
    return PROTO_OK;
}

/* Runs one line (the board's own commands, web_commands[], are the
 * proto's own: proto_execute runs them as the protocol's). */
static void web_execute(struct web_conn *c, char *line)
{
    web_roster(c);              /* the level may have changed since */
    proto_execute(&c->p, line);
}

static void *session_main(void *arg)
{
    struct web_conn *c = arg;
    size_t cap = c->w->cfg.max_line + 1;
    char *line = malloc(cap);
    int toolong;
    if (line) {
        while (!c->p.quit && !atomic_load(&c->gone) &&
               input_getline(&c->in, line, cap, &toolong)) {
            if (toolong) {
                fprintf(c->p.out, "? syntax error: line too long\n\n");
                fflush(c->p.out);
                continue;
            }
            web_execute(c, line);
            command_done(c);
        }
    }
    free(line);
    fflush(c->p.out);
    /* nobody reads the pipe any more: the client's next line closes it */
    close(c->in.fd);
    c->in.fd = -1;
    if (!atomic_load(&c->gone))
        send_close(c, 1000, c->p.quit ? "quit" : "end of input");
    return NULL;
}

/* The session's start: its protocol, the pipe its lines come through and
 * its thread. -1 on failure (nothing left to undo but what c records). */
static int session_start(struct web_conn *c)
{
    struct web_server *w = c->w;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC))
        return -1;
    input_init(&c->in, fds[0]);
    c->in_w = fds[1];
    cookie_io_functions_t io = { .read = NULL, .write = out_write, .seek = NULL,
                                 .close = out_close };
    FILE *out = fopencookie(c, "w", io);
    if (!out)
        return -1;
    /* out_write gathers the lines itself; unbuffered, exit() (a forked
     * test's) has nothing of the session's to flush */
    setvbuf(out, NULL, _IONBF, 0);
    if (proto_init(&c->p, out)) {
        fclose(out);
        return -1;
    }
    c->have_proto = 1;
    c->p.front = c;
    c->p.gate = web_gate;
    c->p.own = web_commands;
    c->p.watch = web_watch;
    c->p.in = &c->in;
    c->p.gogui_rules = proto_gogui_abilities(&c->p);
    /* the session starts within the caps (on_connect held its memory) */
    if (c->p.s.hash_mb > w->cfg.max_hash_mb) {
        char v[32], err[128];
        snprintf(v, sizeof v, "%d", w->cfg.max_hash_mb);
        option_set(&c->p.s, option_find("hash"), v, err, sizeof err);
    }
    command_done(c);
    if (util_thread_create(&c->thread, session_main, c))
        return -1;
    c->have_thread = 1;
    return 0;
}

static void conn_free(struct web_conn *c)
{
    if (c->have_proto) {
        fclose(c->p.out);
        proto_free(&c->p);
    }
    if (c->in.fd >= 0)
        close(c->in.fd);
    if (c->in_w >= 0)
        close(c->in_w);
    free(c->ibuf);
    pthread_mutex_destroy(&c->wlock);
    free(c);
}

/* ---------------------------------------------- civetweb's callbacks */

/* 1 when s is an IPv4 address of the loopback (127.0.0.0/8), written as
 * one: "127.evil.example" is a name, which DNS may point anywhere. */
static int is_loopback_v4(const char *s)
{
    struct in_addr a;
    return inet_pton(AF_INET, s, &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

/* The Host header names this server as the browser reached it: a page of
 * another site must not use the engine through the visitor's browser
 * (cross-site WebSocket use, DNS rebinding). */
static int host_is_local(const char *host)
{
    if (!host)
        return 0;
    char h[256];
    snprintf(h, sizeof h, "%s", host);
    char *colon = strrchr(h, ':');
    if (colon && !strchr(colon, ']'))
        *colon = '\0';
    return !strcasecmp(h, "localhost") || is_loopback_v4(h) || !strcmp(h, "[::1]");
}

static int same_origin(const struct mg_connection *conn, const struct web_server *w)
{
    const char *origin = mg_get_header(conn, "Origin");
    const char *host = mg_get_header(conn, "Host");
    if (!host)
        return 0;
    /* bound to the loopback, only loopback names reach it */
    if (is_loopback_v4(w->cfg.address) && !host_is_local(host))
        return 0;
    if (!origin)
        return 1;               /* not a browser: nothing to protect */
    const char *o = strstr(origin, "://");
    return o && !strcasecmp(o + 3, host);
}

static int on_connect(const struct mg_connection *conn, void *cbdata)
{
    struct web_server *w = cbdata;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    if (!same_origin(conn, w)) {
        web_log(w, "%s:%d: refused a WebSocket from another site (Origin %s, Host %s)",
                ri->remote_addr, ri->remote_port, mg_get_header(conn, "Origin") ? mg_get_header(conn, "Origin")
                : "none", mg_get_header(conn, "Host") ? mg_get_header(conn, "Host") : "none");
        return 1;
    }
    struct web_conn *c = calloc(1, sizeof *c);
    if (!c)
        return 1;
    c->w = w;
    c->in.fd = c->in_w = -1;
    pthread_mutex_init(&c->wlock, NULL);
    snprintf(c->peer, sizeof c->peer, "%s:%d", ri->remote_addr, ri->remote_port);
    /* a session starts with the hash option's default, within the cap */
    int start_mb = atoi(option_find("hash")->def);
    if (start_mb > w->cfg.max_hash_mb)
        start_mb = w->cfg.max_hash_mb;
    pthread_mutex_lock(&w->lock);
    if (w->nconns >= w->cfg.max_connections) {
        c->refused = "the server is full (its limit of connections); try again later";
    } else if (w->hash_total + start_mb > w->cfg.memory_mb) {
        c->refused = "the server's memory for sessions is taken; try again later";
    } else {
        c->hash_mb = start_mb;
        w->hash_total += start_mb;
    }
    if (c->refused && w->nrefused >= WEB_REFUSED_OPEN) {
        pthread_mutex_unlock(&w->lock);
        web_log(w, "%s refused at the handshake: %s (%d refused ones wait already)", c->peer,
                c->refused, WEB_REFUSED_OPEN);
        pthread_mutex_destroy(&c->wlock);
        free(c);
        return 1;
    }
    if (c->refused)
        w->nrefused++;
    c->next = w->conns;
    w->conns = c;
    if (!c->refused)            /* a refused one holds no session */
        w->nconns++;
    int n = w->nconns;
    pthread_mutex_unlock(&w->lock);
    mg_set_user_connection_data(conn, c);
    if (!c->refused)
        web_log(w, "%s connected (%d of %d)", c->peer, n, w->cfg.max_connections);
    return 0;
}

static void on_ready(struct mg_connection *conn, void *cbdata)
{
    (void)cbdata;
    struct web_conn *c = mg_get_user_connection_data(conn);
    if (!c)
        return;
    pthread_mutex_lock(&c->wlock);
    c->conn = conn;
    pthread_mutex_unlock(&c->wlock);
    if (c->refused) {
        web_log(c->w, "%s refused: %s", c->peer, c->refused);
        send_close(c, 1013, c->refused);
        return;
    }
    if (session_start(c)) {
        web_log(c->w, "%s: out of memory for a session", c->peer);
        send_close(c, 1011, "the server has no memory for a session");
    }
}

/* Writes all of buf into the session's pipe; blocks while the session is
 * busy (civetweb then stops reading the socket: the client waits). */
static int pipe_write(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t k = write(fd, buf, len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        buf += k;
        len -= (size_t)k;
    }
    return 0;
}

static int on_data(struct mg_connection *conn, int bits, char *data, size_t len, void *cbdata)
{
    (void)cbdata;
    struct web_conn *c = mg_get_user_connection_data(conn);
    int op = bits & 0xf, fin = bits & 0x80;
    if (!c || op == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
        return 0;
    if (op == MG_WEBSOCKET_OPCODE_PING || op == MG_WEBSOCKET_OPCODE_PONG)
        return 1;
    if (c->refused)
        return 0;               /* it was told why; it has no more to say */
    if (!c->have_thread)
        return 1;               /* its close frame is on the way */
    if (op == MG_WEBSOCKET_OPCODE_BINARY) {
        send_close(c, 1003, "text messages only: one protocol line each");
        return 0;
    }
    /* RFC 6455 5.4: a continuation belongs to an open message, a new
     * message waits for the last one's end */
    if ((op == MG_WEBSOCKET_OPCODE_CONTINUATION) != c->inmsg) {
        send_close(c, 1002, op == MG_WEBSOCKET_OPCODE_CONTINUATION ?
                   "a continuation frame with no message open" :
                   "a new message before the last one ended");
        return 0;
    }
    if (op == MG_WEBSOCKET_OPCODE_TEXT) {
        c->ilen = 0;
        c->itoolong = 0;
    }
    c->inmsg = !fin;
    size_t max = c->w->cfg.max_line;
    size_t take = len;
    if (c->ilen + take > max) {
        take = c->ilen < max ? max - c->ilen : 0;
        c->itoolong = 1;
    }
    if (!c->ibuf) {
        c->ibuf = malloc(max + 2);
        if (!c->ibuf)
            return 0;
    }
    memcpy(c->ibuf + c->ilen, data, take);
    c->ilen += take;
    if (!fin)
        return 1;
    /* one message, one line: line breaks inside it count as spaces; a
     * line too long goes on one byte longer than the session reads, so
     * that it answers "line too long" in its turn */
    for (size_t i = 0; i < c->ilen; i++)
        if (c->ibuf[i] == '\n' || c->ibuf[i] == '\r')
            c->ibuf[i] = ' ';
    if (c->itoolong)
        c->ibuf[c->ilen++] = 'x';
    c->ibuf[c->ilen++] = '\n';
    int rc = pipe_write(c->in_w, c->ibuf, c->ilen);
    c->ilen = 0;
    c->itoolong = 0;
    return rc == 0;
}

static void on_close(const struct mg_connection *conn, void *cbdata)
{
    struct web_server *w = cbdata;
    struct web_conn *c = mg_get_user_connection_data(conn);
    if (!c)
        return;
    pthread_mutex_lock(&c->wlock);
    atomic_store(&c->gone, 1);
    c->conn = NULL;
    pthread_mutex_unlock(&c->wlock);
    /* the search in progress stops at its next poll (web_watch); the
     * session reads the end of its input and ends */
    if (c->in_w >= 0) {
        close(c->in_w);
        c->in_w = -1;
    }
    if (c->have_thread)
        pthread_join(c->thread, NULL);
    pthread_mutex_lock(&w->lock);
    for (struct web_conn **pp = &w->conns; *pp; pp = &(*pp)->next)
        if (*pp == c) {
            *pp = c->next;
            break;
        }
    if (!c->refused)
        w->nconns--;
    else
        w->nrefused--;
    if (c->analysis)
        w->analyses--;
    w->hash_total -= c->hash_mb;
    int n = w->nconns;
    pthread_mutex_unlock(&w->lock);
    if (!c->refused)
        web_log(w, "%s left (%d open)", c->peer, n);
    conn_free(c);
}

/* ------------------------------------------------------------ the page */

static const struct { const char *ext, *mime; } mime_types[] = {
    {".html", "text/html; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".ico", "image/x-icon"},
    {".txt", "text/plain; charset=utf-8"},
    {NULL, NULL}
};

/* The page's files: a plain name of the page's directory (no path), of a
 * known type. Nothing else of the server is reachable. */
static int on_file(struct mg_connection *conn, void *cbdata)
{
    struct web_server *w = cbdata;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    if (strcmp(ri->request_method, "GET") && strcmp(ri->request_method, "HEAD")) {
        mg_send_http_error(conn, 405, "%s", "GET only");
        return 405;
    }
    const char *name = ri->local_uri ? ri->local_uri : "/";
    if (!strcmp(name, "/"))
        name = "/index.html";
    name++;
    size_t len = strlen(name);
    int ok = len > 0 && len < 64 && name[0] != '.';
    for (size_t i = 0; ok && i < len; i++)
        ok = (name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z') ||
             (name[i] >= '0' && name[i] <= '9') || name[i] == '-' || name[i] == '_' ||
             name[i] == '.';
    const char *mime = NULL;
    for (int i = 0; ok && mime_types[i].ext; i++) {
        size_t el = strlen(mime_types[i].ext);
        if (len > el && !strcmp(name + len - el, mime_types[i].ext))
            mime = mime_types[i].mime;
    }
    char path[4200];
    struct stat st;
    if (mime)
        snprintf(path, sizeof path, "%s/%s", w->root, name);
    if (!mime || stat(path, &st) || !S_ISREG(st.st_mode)) {
        mg_send_http_error(conn, 404, "%s", "Not found");
        return 404;
    }
    mg_send_mime_file2(conn, path, mime,
                       "X-Content-Type-Options: nosniff\r\n"
                       "Referrer-Policy: no-referrer\r\n"
                       "Content-Security-Policy: default-src 'self'; connect-src 'self' ws: "
                       "wss:; img-src 'self' data:; frame-ancestors 'none'\r\n");
    return 200;
}

static int on_log(const struct mg_connection *conn, const char *message)
{
    struct web_server *w = conn ? mg_get_user_data(mg_get_context(conn)) : NULL;
    if (w && w->ctx)            /* start-up errors: web_start says them */
        web_log(w, "civetweb: %s", message);
    return 1;
}

/* ------------------------------------------------------- start and stop */

struct web_server *web_start(const struct web_config *cfg, char *err, size_t n)
{
    struct web_server *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    w->cfg = *cfg;
    snprintf(w->root, sizeof w->root, "%s", cfg->root ? cfg->root : ".");
    pthread_mutex_init(&w->lock, NULL);
    /* a client that vanished must not kill the server with SIGPIPE */
    signal(SIGPIPE, SIG_IGN);
    mg_init_library(0);
    char ports[128], threads[16];
    snprintf(ports, sizeof ports, "%s:%d", cfg->address, cfg->port);
    /* every WebSocket holds a worker: room for the sessions, the refused
     * ones that wait for their close (WEB_REFUSED_OPEN) and the files */
    snprintf(threads, sizeof threads, "%d", cfg->max_connections + WEB_REFUSED_OPEN + 4);
    const char *opts[] = {
        "listening_ports", ports,
        "num_threads", threads,
        "request_timeout_ms", "10000",
        "websocket_timeout_ms", "10000",
        "enable_websocket_ping_pong", "yes",
        "enable_directory_listing", "no",
        /* the files: revalidated at every load (an edited page is seen at
         * the next reload); civetweb writes that Cache-Control header */
        "static_file_max_age", "0",
        "tcp_nodelay", "1",         /* a line a message: no 40 ms Nagle waits */
        NULL
    };
    struct mg_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.log_message = on_log;
    struct mg_init_data init = { .callbacks = &cb, .user_data = w,
                                 .configuration_options = opts };
    char text[256] = "";
    unsigned code = 0;
    struct mg_error_data e = { .code = &code, .text = text, .text_buffer_size = sizeof text };
    /* civetweb's threads inherit this thread's signal mask: the program's
     * SIGINT and SIGTERM are for its main thread (util_thread_create's
     * rule for every helper thread) */
    sigset_t old;
    util_block_signals(&old);
    w->ctx = mg_start2(&init, &e);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!w->ctx) {
        /* civetweb says "Failed to setup server ports": the system says why */
        const char *why = text[0] ? text : "civetweb failed";
        struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)cfg->port) };
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (inet_pton(AF_INET, cfg->address, &sa.sin_addr) != 1)
            why = "not an IPv4 address";
        else if (fd >= 0 && bind(fd, (struct sockaddr *)&sa, sizeof sa))
            why = strerror(errno);
        if (fd >= 0)
            close(fd);
        snprintf(err, n, "cannot listen on %s: %s", ports, why);
        pthread_mutex_destroy(&w->lock);
        free(w);
        return NULL;
    }
    struct mg_server_port sp[4];
    int k = mg_get_server_ports(w->ctx, 4, sp);
    w->port = k > 0 ? sp[0].port : cfg->port;
    mg_set_websocket_handler(w->ctx, "/ws", on_connect, on_ready, on_data, on_close, w);
    mg_set_request_handler(w->ctx, "/", on_file, w);
    return w;
}

int web_port(const struct web_server *w)
{
    return w->port;
}

int web_sessions(struct web_server *w)
{
    pthread_mutex_lock(&w->lock);
    int n = w->nconns;
    pthread_mutex_unlock(&w->lock);
    return n;
}

void web_stop(struct web_server *w)
{
    if (!w)
        return;
    mg_stop(w->ctx);            /* closes every connection: on_close for each */
    pthread_mutex_destroy(&w->lock);
    free(w);
}
