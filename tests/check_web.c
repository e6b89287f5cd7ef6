/* check_web.c -- the web board's server (src/front/web.c) through real
 * sockets: the framing (a protocol line a WebSocket message), the page's
 * files, and every limit that keeps a client inside its own session
 * (refused commands and options, caps on lines, memory, threads, time,
 * analyses and connections, the origin check), a client that leaves during
 * a search, and the port already taken. The client here is a small
 * WebSocket client of its own, so that it can send what browsers never
 * send (fragments, binary frames, foreign origins). */
#define _GNU_SOURCE             /* memmem */
#include <arpa/inet.h>
#include <check.h>
#include <ctype.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include "front/protocol.h"
#include "front/web.h"
#include "options.h"
#include "util.h"

/* ------------------------------------------------------------ a client */

struct ws {
    int fd;
    char buf[1 << 20];
    size_t len;
    int close_code;             /* the server's close frame, 0 none yet */
    char close_reason[128];
};

static char root[256];

static int64_t ms_since(int64_t t0) { return now_ms() - t0; }

static int tcp_connect(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
    inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static void send_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t k = send(fd, c, n, MSG_NOSIGNAL);
        ck_assert(k > 0);
        c += k;
        n -= (size_t)k;
    }
}

/* Reads more into w->buf, waiting at most ms; 0 at the end of the stream
 * or on a timeout. */
static int fill(struct ws *w, int ms)
{
    struct pollfd pf = { .fd = w->fd, .events = POLLIN };
    if (poll(&pf, 1, ms) <= 0)
        return 0;
    ssize_t k = recv(w->fd, w->buf + w->len, sizeof w->buf - w->len, 0);
    if (k <= 0)
        return 0;
    w->len += (size_t)k;
    return 1;
}

/* An HTTP request; the response's status code (-1: the server closed). */
/* the headers of http_status's last response */
static char last_head[4096];

static int http_status(int port, const char *request, char *body, size_t n)
{
    static struct ws w;
    w.fd = tcp_connect(port);
    w.len = 0;
    send_all(w.fd, request, strlen(request));
    while (fill(&w, 5000))
        ;
    close(w.fd);
    w.buf[w.len < sizeof w.buf ? w.len : sizeof w.buf - 1] = '\0';
    char *e = strstr(w.buf, "\r\n\r\n");
    snprintf(last_head, sizeof last_head, "%.*s", e ? (int)(e - w.buf) : 0, w.buf);
    if (body) {
        char *b = strstr(w.buf, "\r\n\r\n");
        snprintf(body, n, "%s", b ? b + 4 : "");
    }
    int code;
    return sscanf(w.buf, "HTTP/1.%*d %d", &code) == 1 ? code : -1;
}

/* Opens a WebSocket; NULL when the server refuses the handshake. */
static struct ws *ws_open_with(int port, const char *host, const char *origin)
{
    struct ws *w = calloc(1, sizeof *w);
    w->fd = tcp_connect(port);
    char req[1024];
    snprintf(req, sizeof req,
             "GET /ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
             "%s%s%s\r\n", host, origin ? "Origin: " : "", origin ? origin : "",
             origin ? "\r\n" : "");
    send_all(w->fd, req, strlen(req));
    char *end = NULL;
    while (!(end = memmem(w->buf, w->len, "\r\n\r\n", 4)))
        if (!fill(w, 5000))
            break;
    if (!end || strncmp(w->buf, "HTTP/1.1 101", 12)) {
        close(w->fd);
        free(w);
        return NULL;
    }
    size_t head = (size_t)(end - w->buf) + 4;
    memmove(w->buf, w->buf + head, w->len - head);
    w->len -= head;
    return w;
}

static struct ws *ws_open(int port)
{
    char host[64];
    snprintf(host, sizeof host, "127.0.0.1:%d", port);
    return ws_open_with(port, host, NULL);
}

/* A frame, masked as a client's must be. */
static void ws_frame(struct ws *w, int fin, int op, const char *data, size_t n)
{
    unsigned char h[14];
    size_t hl = 0;
    h[hl++] = (unsigned char)((fin ? 0x80 : 0) | op);
    if (n < 126) {
        h[hl++] = (unsigned char)(0x80 | n);
    } else if (n < 65536) {
        h[hl++] = 0x80 | 126;
        h[hl++] = (unsigned char)(n >> 8);
        h[hl++] = (unsigned char)n;
    } else {
        h[hl++] = 0x80 | 127;
        for (int i = 7; i >= 0; i--)
            h[hl++] = (unsigned char)((uint64_t)n >> (8 * i));
    }
    const unsigned char mask[4] = { 0x12, 0x34, 0x56, 0x78 };
    memcpy(h + hl, mask, 4);
    hl += 4;
    char *m = malloc(n + hl);
    memcpy(m, h, hl);
    for (size_t i = 0; i < n; i++)
        m[hl + i] = (char)(data[i] ^ mask[i & 3]);
    send_all(w->fd, m, n + hl);
    free(m);
}

static void ws_send(struct ws *w, const char *text)
{
    ws_frame(w, 1, 1, text, strlen(text));
}

static int utf8_ok(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t len = s[i] < 0x80 ? 1 : (s[i] >> 5) == 6 ? 2 : (s[i] >> 4) == 14 ? 3 :
                     (s[i] >> 3) == 30 ? 4 : 0;
        if (!len || i + len > n)
            return 0;
        for (size_t k = 1; k < len; k++)
            if ((s[i + k] >> 6) != 2)
                return 0;
        i += len;
    }
    return 1;
}

/* The next text message into out (NUL-terminated): 1; 0 on a timeout;
 * -1 when the server closed (its close frame in close_code). Pings are
 * answered. Every text message must be UTF-8. */
static int ws_recv(struct ws *w, char *out, size_t cap, int ms)
{
    int64_t t0 = now_ms();
    for (;;) {
        if (w->len >= 2) {
            unsigned char *b = (unsigned char *)w->buf;
            int op = b[0] & 15;
            uint64_t n = b[1] & 127;
            size_t hl = 2;
            if (n == 126 && w->len >= 4) {
                n = ((uint64_t)b[2] << 8) | b[3];
                hl = 4;
            } else if (n == 127 && w->len >= 10) {
                n = 0;
                for (int i = 0; i < 8; i++)
                    n = (n << 8) | b[2 + i];
                hl = 10;
            } else if (n >= 126) {
                n = UINT64_MAX;
            }
            if (n != UINT64_MAX && w->len >= hl + n) {
                char *data = w->buf + hl;
                int rc = 1;
                if (op == 8) {
                    w->close_code = n >= 2 ? ((unsigned char)data[0] << 8) | (unsigned char)data[1] : 1005;
                    snprintf(w->close_reason, sizeof w->close_reason, "%.*s",
                             n >= 2 ? (int)n - 2 : 0, data + 2);
                    rc = -1;
                } else if (op == 9) {
                    ws_frame(w, 1, 10, data, n);
                    rc = 0;
                } else {
                    ck_assert_msg(op == 1, "a frame of opcode %d", op);
                    ck_assert_msg(utf8_ok((unsigned char *)data, n), "not UTF-8");
                    ck_assert(n < cap);
                    memcpy(out, data, n);
                    out[n] = '\0';
                }
                memmove(w->buf, w->buf + hl + n, w->len - hl - n);
                w->len -= hl + n;
                if (rc)
                    return rc;
                continue;
            }
        }
        int left = ms - (int)ms_since(t0);
        if (left <= 0)
            return 0;
        if (!fill(w, left))
            return w->len ? 0 : (ms_since(t0) >= ms ? 0 : -1);
    }
}

/* One response: its lines joined by '\n' into out, up to the empty
 * message; the number of lines, or -1 / 0 (closed / timeout). */
static int ws_response(struct ws *w, char *out, size_t cap, int ms)
{
    char line[65536 * 3];
    size_t pos = 0;
    int lines = 0;
    out[0] = '\0';
    for (;;) {
        int rc = ws_recv(w, line, sizeof line, ms);
        if (rc <= 0)
            return rc;
        if (!line[0])
            return lines;
        pos += (size_t)snprintf(out + pos, cap - pos, "%s%s", lines ? "\n" : "", line);
        lines++;
    }
}

static char res[1 << 18];

static const char *ask(struct ws *w, const char *cmd)
{
    ws_send(w, cmd);
    ck_assert_msg(ws_response(w, res, sizeof res, 20000) > 0, "no answer to %s", cmd);
    return res;
}

static void ws_close(struct ws *w)
{
    close(w->fd);
    free(w);
}

/* ------------------------------------------------------------ a server */

static struct web_server *serve(struct web_config *c)
{
    c->port = 0;
    c->root = root;
    c->log = NULL;
    char err[256];
    struct web_server *s = web_start(c, err, sizeof err);
    ck_assert_msg(s != NULL, "web_start: %s", err);
    return s;
}

static struct web_server *serve_default(void)
{
    struct web_config c;
    web_config_default(&c);
    return serve(&c);
}

/* Waits until the server has n sessions (at most ms). */
static int sessions_within(struct web_server *s, int n, int ms)
{
    int64_t t0 = now_ms();
    while (web_sessions(s) != n && ms_since(t0) < ms)
        usleep(5000);
    return web_sessions(s) == n;
}

static void setup(void)
{
    snprintf(root, sizeof root, "/tmp/check_web.%d", (int)getpid());
    mkdir(root, 0700);
    char path[300];
    snprintf(path, sizeof path, "%s/index.html", root);
    FILE *f = fopen(path, "w");
    fprintf(f, "<!doctype html><title>t</title>the page\n");
    fclose(f);
}

static void teardown(void)
{
    char path[300];
    snprintf(path, sizeof path, "%s/index.html", root);
    unlink(path);
    rmdir(root);
}

/* -------------------------------------------------------------- tests */

START_TEST(test_every_command_and_option_decided)
{
    /* a new command or option is refused until web.c decides about it:
     * this test says which */
    const struct proto_cmd *c;
    for (int i = 0; (c = proto_command(i)); i++) {
        int found = 0;
        for (const struct web_rule *r = web_rules; r->command; r++)
            found |= !strcmp(r->command, c->name);
        ck_assert_msg(found, "web_rules[] (src/front/web.c) does not decide about %s", c->name);
    }
    for (const struct web_rule *r = web_rules; r->command; r++) {
        ck_assert_msg(proto_find_command(r->command), "web_rules[] names %s: no such command",
                      r->command);
        ck_assert(r->policy != WEB_REFUSE || r->why);
    }
    for (const struct option_desc *o = option_table; o->name; o++) {
        int found = 0;
        for (const struct web_option_cap *w = web_option_caps; w->option; w++)
            found |= !strcmp(w->option, o->name);
        ck_assert_msg(found, "web_option_caps[] (src/front/web.c) does not decide about %s",
                      o->name);
    }
    /* doc/web.md names every refusal and every cap */
    char path[4096], *doc = NULL;
    size_t len = 0;
    snprintf(path, sizeof path, "%s/doc/web.md", getenv("top_srcdir") ? getenv("top_srcdir") :
             "..");
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot read %s", path);
    doc = calloc(1, 1 << 20);
    len = fread(doc, 1, (1 << 20) - 1, f);
    fclose(f);
    ck_assert(len > 0);
    char want[128];
    for (const struct web_rule *r = web_rules; r->command; r++) {
        snprintf(want, sizeof want, "`%s`", r->command);
        ck_assert_msg(r->policy == WEB_ALLOW || r->policy == WEB_OPTION || strstr(doc, want),
                      "doc/web.md does not say what a web client may do with %s", want);
    }
    for (const struct web_option_cap *w = web_option_caps; w->option; w++) {
        snprintf(want, sizeof want, "`set_option %s`", w->option);
        ck_assert_msg(w->cap == WEB_CAP_NONE || strstr(doc, want),
                      "doc/web.md does not say what a web client may do with %s", want);
    }
    free(doc);
}
END_TEST

START_TEST(test_framing)
{
    struct web_server *s = serve_default();
    struct ws *w = ws_open(web_port(s));
    ck_assert_ptr_nonnull(w);
    char line[4096];
    ws_send(w, "7 name");
    ck_assert_int_eq(ws_recv(w, line, sizeof line, 5000), 1);
    ck_assert_str_eq(line, "=7 Tabula");
    ck_assert_int_eq(ws_recv(w, line, sizeof line, 5000), 1);
    ck_assert_str_eq(line, "");         /* the empty line ends a response */
    /* a response of several lines: a message a line */
    ws_send(w, "list_games");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 3);
    ck_assert_str_eq(res, "= rastros\ntablut\ngrasshopper");
    /* comments and empty lines get no answer; answers keep their order */
    ws_send(w, "# a comment");
    ws_send(w, "");
    ws_send(w, "1 protocol_version");
    ws_send(w, "2 fly");
    ws_send(w, "3 newgame tablut");
    ws_send(w, "4 getposition");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "=1 2");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "?2 unknown command");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "=3 ");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "=4 3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b");
    /* a message in fragments is one line; a line break inside a message
     * is a space */
    ws_frame(w, 0, 1, "5 new", 5);
    ws_frame(w, 0, 0, "game rast", 9);
    ws_frame(w, 1, 0, "ros size=5", 10);
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "=5 ");
    ck_assert_str_eq(ask(w, "getposition"), "= 5/5/2s2/5/5 1");
    ws_send(w, "6 play black\nc3");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "?6 illegal move: the snail is on c3");
    /* bytes that are not UTF-8 never reach the browser raw */
    const char bad[] = "play black \xff\xfe";
    ws_frame(w, 1, 1, bad, sizeof bad - 1);
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_msg(res[0] == '?', "%s", res);
    ws_close(w);
    web_stop(s);
}
END_TEST

START_TEST(test_streaming)
{
    struct web_server *s = serve_default();
    struct ws *w = ws_open(web_port(s));
    ask(w, "newgame rastros size=5");
    ask(w, "play black d4");
    /* genmove_analyze: "=id " (GTP's space), info lines, "play MOVE", a message each */
    ws_send(w, "9 genmove_analyze white");
    ck_assert(ws_response(w, res, sizeof res, 20000) >= 3);
    ck_assert_msg(!strncmp(res, "=9 \ninfo depth ", 15), "%s", res);
    ck_assert_msg(strstr(res, "\nplay e5") && !strcmp(strstr(res, "\nplay e5"), "\nplay e5"), "%s", res);
    ck_assert_str_eq(ask(w, "game_over"), "= white wins: snail reached e5");
    /* analyze streams until the next line arrives */
    ask(w, "undo");
    ws_send(w, "analyze white");
    char line[4096];
    ck_assert_int_eq(ws_recv(w, line, sizeof line, 5000), 1);
    ck_assert_str_eq(line, "= ");
    ck_assert_int_eq(ws_recv(w, line, sizeof line, 5000), 1);
    ck_assert_msg(!strncmp(line, "info depth", 10), "%s", line);
    ws_send(w, "name");
    int infos = 0, rc;
    while ((rc = ws_recv(w, line, sizeof line, 5000)) == 1 && line[0])
        infos++;
    ck_assert_int_eq(rc, 1);            /* the empty line ends analyze */
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "= Tabula");
    ws_close(w);
    web_stop(s);
}
END_TEST

/* The commands that name the server's files or signal it, asked with
 * prefix before them ("gogui-gfx ": run by another command), all refused
 * with the web board's reason (NULL: any; one that changes the game is
 * refused by gogui-gfx itself), and no file written. */
static void server_refused(struct ws *w, const char *prefix)
{
    static const struct { const char *cmd, *why; } refused[] = {
        {"savegame /tmp/check_web.rec",
         "? not allowed: savegame writes a file on the server; getrecord gives the record"},
        {"loadgame /etc/passwd",
         "? not allowed: loadgame reads a file on the server; setrecord takes a record"},
        {"review /etc/passwd",
         "? not allowed: review FILE reads a file on the server; review (the session's game) "
         "after setrecord reviews a record"},
        {"set_option tables /tmp", "? not allowed: tables names a directory on the server"},
        /* a path is the rest of the line: several words are one path */
        {"set_option tables /tmp/a dir", "? not allowed: tables names a directory on the server"},
        {"gogui-sigint", NULL},
        {"perft 2", NULL},
        {"bench", NULL},
    };
    unlink("/tmp/check_web.rec");
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "%s%s", prefix, refused[i].cmd);
        ask(w, cmd);
        if (prefix[0] && !strncmp(refused[i].cmd, "loadgame", 8))
            ck_assert_msg(!strncmp(res, "? ", 2), "%s: %s", cmd, res);
        else if (refused[i].why)
            ck_assert_msg(!strcmp(res, refused[i].why), "%s: %s", cmd, res);
        else
            ck_assert_msg(!strncmp(res, "? not allowed", 13), "%s: %s", cmd, res);
    }
    ck_assert_int_eq(access("/tmp/check_web.rec", F_OK), -1);
    /* unchanged: the option table's default (the installed tables) */
    static char tables[600];
    snprintf(tables, sizeof tables, "= %s", option_find("tables")->def);
    ck_assert_str_eq(ask(w, "get_option tables"), tables);
}

START_TEST(test_records_travel)
{
    struct web_server *s = serve_default();
    struct ws *w = ws_open(web_port(s));
    ask(w, "newgame rastros size=6");
    ask(w, "play black c3");
    ask(w, "play white b2");
    ask(w, "getrecord");
    ck_assert_msg(!strncmp(res, "= %5BEvent", 10), "%s", res);
    static char rec[sizeof res], cmd[sizeof res + 16];
    snprintf(rec, sizeof rec, "%s", res + 2);
    ask(w, "newgame tablut");
    snprintf(cmd, sizeof cmd, "setrecord %s", rec);
    ck_assert_str_eq(ask(w, cmd), "= ");
    ck_assert_str_eq(ask(w, "history"), "= c3 b2");
    ck_assert_str_eq(ask(w, "getposition"), "= 6/6/3x2/2x3/1s4/6 1");
    /* but no file of the server */
    server_refused(w, "");
    /* review of the session's own game is offered */
    ck_assert_msg(!strncmp(ask(w, "review"), "= ", 2), "%s", res);
    /* a refused command changes nothing */
    ck_assert_str_eq(ask(w, "history"), "= c3 b2");
    ws_close(w);
    web_stop(s);
}
END_TEST

/* The value of a tag of the record getrecord gives ([White "..."]), ""
 * when it has none; the names here need no escapes. */
static const char *record_tag(struct ws *w, const char *tag)
{
    static char rec[1 << 16], val[256];
    ask(w, "getrecord");
    ck_assert_msg(!strncmp(res, "= ", 2), "%s", res);
    size_t k = 0;
    for (const char *p = res + 2; *p && k + 1 < sizeof rec; p++) {
        unsigned v;
        if (*p == '%' && sscanf(p + 1, "%2x", &v) == 1) {
            rec[k++] = (char)v;
            p += 2;
        } else {
            rec[k++] = *p;
        }
    }
    rec[k] = '\0';
    char want[80];
    snprintf(want, sizeof want, "\n[%s \"", tag);
    const char *t = strstr(rec, want);
    if (!t)
        return "";
    t += strlen(want);
    snprintf(val, sizeof val, "%.*s", (int)strcspn(t, "\""), t);
    return val;
}

/* setrecord of text, percent-encoded: its answer. */
static const char *set_record(struct ws *w, const char *text)
{
    static char cmd[1 << 14];
    size_t k = (size_t)snprintf(cmd, sizeof cmd, "setrecord ");
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        k += (size_t)snprintf(cmd + k, sizeof cmd - k, isalnum(*p) ? "%c" : "%%%02X", *p);
    return ask(w, cmd);
}

/* The names a record gives the players: a QA pass found the web board's
 * saved games naming both "?", where the shell's play mode names the
 * engine and the person (a3e715b). players says who plays; the record
 * names them as the shell does (session_set_roster). */
START_TEST(test_players_name_the_record)
{
    struct web_server *s = serve_default();     /* no name of the server's */
    struct ws *w = ws_open(web_port(s));
    char engine[64], level3[80], answer[160];
    ask(w, "version");
    snprintf(engine, sizeof engine, "Tabula %.40s", res + 2);
    snprintf(level3, sizeof level3, "%s (level 3)", engine);
    ask(w, "newgame rastros size=5");
    ask(w, "play black d4");
    /* a client that says nothing of its players: PGN's unknowns, as before */
    ck_assert_str_eq(record_tag(w, "White"), "?");
    ck_assert_str_eq(record_tag(w, "Black"), "?");
    /* the engine plays white (Rastros' player 2), the person names herself */
    snprintf(answer, sizeof answer, "= Ada Lovelace\n%s", engine);
    ck_assert_str_eq(ask(w, "players white Ada Lovelace"), answer);
    ck_assert_str_eq(record_tag(w, "White"), "Ada Lovelace");
    ck_assert_str_eq(record_tag(w, "Black"), engine);
    /* at a level the engine's name says it, the level of the save */
    ask(w, "set_option level 3");
    ck_assert_str_eq(record_tag(w, "White"), "Ada Lovelace");
    ck_assert_str_eq(record_tag(w, "Black"), level3);
    snprintf(answer, sizeof answer, "= Ada Lovelace\n%s", level3);
    ck_assert_str_eq(ask(w, "players"), answer);
    /* no name, and none of the server's (open to the network): "?" */
    ask(w, "players black");
    ck_assert_str_eq(record_tag(w, "White"), level3);
    ck_assert_str_eq(record_tag(w, "Black"), "?");
    /* the engine on both sides, then nobody's engine */
    ask(w, "players both Ada");
    ck_assert_str_eq(record_tag(w, "White"), level3);
    ck_assert_str_eq(record_tag(w, "Black"), level3);
    ck_assert_str_eq(ask(w, "players none Ada"), "= ?\n?");
    ck_assert_str_eq(record_tag(w, "White"), "?");
    ck_assert_str_eq(record_tag(w, "Black"), "?");
    /* an id and a comment as for any command; a refusal changes nothing */
    ask(w, "set_option level 0");
    snprintf(answer, sizeof answer, "=5 %s\nAda", engine);
    ck_assert_str_eq(ask(w, "5 players\tblack Ada # the person"), answer);
    ck_assert_str_eq(ask(w, "6 players purple Bob"), "?6 invalid color");
    ck_assert_str_eq(ask(w, "players white "
                         "Abcdefghijklmnopqrstuvwxyz Abcdefghijklmnopqrstuvwxyz Abcdefghijkl"),
                     "? invalid value: a name is at most 64 bytes");
    ck_assert_str_eq(record_tag(w, "White"), engine);
    ck_assert_str_eq(record_tag(w, "Black"), "Ada");
    /* a loaded record's names stay until a new game */
    ck_assert_str_eq(set_record(w, "[Game \"rastros\"]\n[White \"Bob\"]\n[Black \"Carol\"]\n"
                                "\n1. c3 *\n"), "= ");
    ck_assert_str_eq(record_tag(w, "White"), "Bob");
    ck_assert_str_eq(record_tag(w, "Black"), "Carol");
    ask(w, "newgame rastros");
    ck_assert_str_eq(record_tag(w, "White"), engine);
    ck_assert_str_eq(record_tag(w, "Black"), "Ada");
    /* the gate: players is the board's own, and gogui-gfx does not run it */
    ck_assert_msg(!strncmp(ask(w, "gogui-gfx players none"), "? ", 2), "%s", res);
    ck_assert_str_eq(record_tag(w, "White"), engine);
    /* the board's own command is a command like the others: listed,
     * known, with its help (they knew only the protocol's) */
    ck_assert_str_eq(ask(w, "known_command players"), "= true");
    ck_assert_msg(strstr(ask(w, "list_commands"), "\nplayers"), "%s", res);
    ck_assert_str_eq(ask(w, "help players"), "= players [COLOR|both|none [NAME]] - who plays, "
                     "for the names a record gives the players");
    ws_close(w);
    web_stop(s);
}
END_TEST

/* review_legend: the marks of a review in words with the engine's own
 * thresholds, and the game's score scale, for the page's legend (it had
 * no way to learn them: help review is one line) */
START_TEST(test_review_legend)
{
    struct web_server *s = serve_default();
    struct ws *w = ws_open(web_port(s));
    static char want[1024];
    for (int i = 0; i < 2; i++) {
        const char *name = i ? "tablut" : "rastros";
        const struct game *g = game_find(name);
        char cmd[64];
        snprintf(cmd, sizeof cmd, "newgame %s", name);
        ask(w, cmd);
        snprintf(want, sizeof want,
                 "= ?\? blunder: a win or a draw thrown, or by search an expected result %d or "
                 "more below the best move's, out of 100\n"
                 "? mistake: by search an expected result %d or more below the best move's, "
                 "out of 100\n"
                 "! only move: the only move that keeps the value, a win or a draw\n"
                 "scale %d", SESSION_BLUNDER_LOSS, SESSION_MISTAKE_LOSS,
                 game_score_scale(g));
        ck_assert_str_eq(ask(w, "review_legend"), want);
    }
    ck_assert_str_eq(ask(w, "review_legend x"), "? syntax error: too many arguments");
    ck_assert_str_eq(ask(w, "known_command review_legend"), "= true");
    ck_assert_msg(strstr(ask(w, "help review_legend"), "score scale"), "%s", res);
    ws_close(w);
    web_stop(s);
}
END_TEST

/* The person's name where the client gives none: the server's (tabula-web
 * gives its login name on a loopback address). */
START_TEST(test_players_server_name)
{
    struct web_config c;
    web_config_default(&c);
    c.person = "tester";
    struct web_server *s = serve(&c);
    struct ws *w = ws_open(web_port(s));
    char engine[64];
    ask(w, "version");
    snprintf(engine, sizeof engine, "Tabula %.40s", res + 2);
    ask(w, "newgame tablut");
    ask(w, "players white");
    ck_assert_str_eq(record_tag(w, "White"), "tester");
    ck_assert_str_eq(record_tag(w, "Black"), engine);
    ask(w, "players white Ada");                /* a name given is the person's */
    ck_assert_str_eq(record_tag(w, "White"), "Ada");
    ask(w, "players black");
    ck_assert_str_eq(record_tag(w, "White"), engine);
    ck_assert_str_eq(record_tag(w, "Black"), "tester");
    ck_assert_str_eq(ask(w, "players none"), "= ?\n?");
    /* each session its own players */
    struct ws *w2 = ws_open(web_port(s));
    ck_assert_str_eq(ask(w2, "players"), "= ?\n?");
    ws_close(w2);
    ws_close(w);
    web_stop(s);
}
END_TEST

/* gogui-gfx COMMAND runs COMMAND: the web board's refusals and caps hold
 * for it as for the command alone (they did not: it saved files, set 4
 * threads and 4 GB of hash) */
START_TEST(test_gfx_passes_the_gate)
{
    struct web_server *s = serve_default();
    struct ws *w = ws_open(web_port(s));
    ask(w, "newgame rastros size=6");
    ck_assert_msg(!strncmp(ask(w, "gogui-gfx legal_moves"), "= ", 2), "%s", res);
    server_refused(w, "gogui-gfx ");
    ck_assert_str_eq(ask(w, "history"), "= ");      /* the caps: test_option_caps */
    ws_close(w);
    web_stop(s);
}
END_TEST

START_TEST(test_option_caps)
{
    struct web_config c;
    web_config_default(&c);
    c.max_hash_mb = 16;
    c.memory_mb = 24;
    c.max_threads = 2;
    c.max_movetime_ms = 5000;
    struct web_server *s = serve(&c);
    struct ws *a = ws_open(web_port(s));
    /* a session starts within the cap; the caps hold for gogui-gfx
     * set_option too (they did not: it set 4 threads and 4 GB of hash) */
    ck_assert_str_eq(ask(a, "get_option hash"), "= 16");
    for (int gfx = 1; gfx >= 0; gfx--) {
        char cmd[64];
        const char *pre = gfx ? "gogui-gfx " : "";
        snprintf(cmd, sizeof cmd, "%sset_option hash 17", pre);
        ck_assert_str_eq(ask(a, cmd),
                         "? not allowed: hash is at most 16 MB a connection on this server");
        snprintf(cmd, sizeof cmd, "%sset_option threads 3", pre);
        ck_assert_str_eq(ask(a, cmd), "? not allowed: threads is at most 2 on this server");
        snprintf(cmd, sizeof cmd, "%sset_option movetime 5001", pre);
        ck_assert_str_eq(ask(a, cmd), "? not allowed: movetime is at most 5000 ms on this server");
    }
    ck_assert_str_eq(ask(a, "get_option hash"), "= 16");
    ck_assert_str_eq(ask(a, "get_option threads"), "= 1");
    ck_assert_str_eq(ask(a, "set_option threads 2"), "= ");
    ck_assert_str_eq(ask(a, "set_option movetime 5000"), "= ");
    /* the option's own refusals are its own */
    ck_assert_msg(!strncmp(ask(a, "set_option hash lots"), "? invalid value", 15), "%s", res);
    /* the memory of all sessions together: 16 + 16 > 24 */
    struct ws *b = ws_open(web_port(s));
    ck_assert_ptr_nonnull(b);
    char line[256];
    ck_assert_int_eq(ws_recv(b, line, sizeof line, 5000), -1);
    ck_assert_int_eq(b->close_code, 1013);
    ck_assert_msg(strstr(b->close_reason, "memory"), "%s", b->close_reason);
    ws_close(b);
    ck_assert(sessions_within(s, 1, 5000));
    ck_assert_str_eq(ask(a, "set_option hash 8"), "= ");
    b = ws_open(web_port(s));
    ck_assert_str_eq(ask(b, "get_option hash"), "= 16");
    ck_assert_str_eq(ask(a, "set_option hash 16"),
                     "? not allowed: the server's memory for hash tables is taken: at most 8 MB "
                     "for this connection now");
    ck_assert_str_eq(ask(a, "get_option hash"), "= 8");
    ws_close(b);
    ck_assert(sessions_within(s, 1, 5000));
    ck_assert_str_eq(ask(a, "set_option hash 16"), "= ");
    ws_close(a);
    web_stop(s);
}
END_TEST

START_TEST(test_line_cap)
{
    struct web_config c;
    web_config_default(&c);
    c.max_line = 300;
    struct web_server *s = serve(&c);
    struct ws *w = ws_open(web_port(s));
    char big[100000];
    memset(big, ' ', sizeof big);
    memcpy(big, "1 name", 6);
    big[300] = '\0';                    /* 300 bytes: taken */
    ck_assert_str_eq(ask(w, big), "=1 Tabula");
    big[300] = ' ';
    big[301] = '\0';                    /* 301: refused, in its turn */
    ws_send(w, big);
    ws_send(w, "2 name");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "? syntax error: line too long");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "=2 Tabula");
    /* far too long, in fragments: still one refusal */
    big[sizeof big - 1] = '\0';
    ws_frame(w, 0, 1, big, 50000);
    ws_frame(w, 1, 0, big, 49999);
    ck_assert_str_eq(ask(w, "3 name"), "? syntax error: line too long");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "=3 Tabula");
    ws_close(w);
    web_stop(s);
}
END_TEST

START_TEST(test_time_caps)
{
    struct web_config c;
    web_config_default(&c);
    c.command_ms = 400;
    c.analyze_ms = 400;
    struct web_server *s = serve(&c);
    struct ws *w = ws_open(web_port(s));
    /* no option caps depth, nodes or the clock: the command's time does */
    ask(w, "newgame tablut");
    int64_t t0 = now_ms();
    ck_assert_str_eq(ask(w, "solve"), "? not solved: interrupted");
    ck_assert_msg(ms_since(t0) < 5000, "solve took %lld ms", (long long)ms_since(t0));
    ask(w, "set_option depth 60");
    t0 = now_ms();
    ask(w, "genmove black");
    ck_assert_msg(res[0] == '=' && ms_since(t0) < 5000, "%s after %lld ms", res,
                  (long long)ms_since(t0));
    t0 = now_ms();
    ws_send(w, "analyze");
    ck_assert(ws_response(w, res, sizeof res, 10000) >= 1);    /* ends by itself */
    ck_assert_msg(ms_since(t0) < 5000, "analyze took %lld ms", (long long)ms_since(t0));
    /* review (the page's Review game): nodes make it long, the command's
     * time ends it with the moves reviewed so far */
    ask(w, "newgame tablut");
    ask(w, "set_option depth 0");
    ask(w, "set_option movetime 20");
    for (int i = 0; i < 3; i++) {
        ask(w, i % 2 ? "genmove white" : "genmove black");
        ck_assert_msg(res[0] == '=', "%s", res);
    }
    ask(w, "set_option movetime 0");
    ask(w, "set_option nodes 1000000000");
    t0 = now_ms();
    ask(w, "review");
    ck_assert_msg(!strncmp(res, "= ", 2) && strstr(res, "\nstopped after ") &&
                  strstr(res, " of 3 moves") && ms_since(t0) < 5000, "%s after %lld ms", res,
                  (long long)ms_since(t0));
    ck_assert_str_eq(ask(w, "name"), "= Tabula");
    ws_close(w);
    web_stop(s);
}
END_TEST

START_TEST(test_interrupt)
{
    struct web_server *s = serve_default();
    struct ws *w = ws_open(web_port(s));
    ask(w, "newgame tablut");
    ask(w, "set_option movetime 30000");
    ws_send(w, "genmove black");
    usleep(300000);
    int64_t t0 = now_ms();
    ws_send(w, "# interrupt");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 10000), 1);
    ck_assert_msg(res[0] == '=' && ms_since(t0) < 3000, "%s after %lld ms", res,
                  (long long)ms_since(t0));
    ws_close(w);
    web_stop(s);
}
END_TEST

START_TEST(test_analyses_and_connections)
{
    struct web_config c;
    web_config_default(&c);
    c.max_analyses = 1;
    c.max_connections = 2;
    struct web_server *s = serve(&c);
    struct ws *a = ws_open(web_port(s)), *b = ws_open(web_port(s));
    char line[4096];
    ws_send(a, "analyze");
    ck_assert_int_eq(ws_recv(a, line, sizeof line, 5000), 1);
    ck_assert_str_eq(line, "= ");
    ck_assert_str_eq(ask(b, "analyze"), "? not allowed: 1 analyses run on this server already "
                     "(its limit); try again later");
    /* sessions are their own: b's game is not a's */
    ask(b, "newgame grasshopper");
    ws_send(a, "getposition");
    while (ws_recv(a, line, sizeof line, 5000) == 1 && line[0])
        ;
    ck_assert_int_eq(ws_response(a, res, sizeof res, 5000), 1);
    ck_assert_str_eq(res, "= 7/7/7/3s3/7/7/7 1");
    ws_send(b, "analyze");              /* a's analysis has ended */
    ck_assert_int_eq(ws_recv(b, line, sizeof line, 5000), 1);
    ck_assert_str_eq(line, "= ");
    /* a third connection: closed with the reason */
    struct ws *x = ws_open(web_port(s));
    ck_assert_ptr_nonnull(x);
    ck_assert_int_eq(ws_recv(x, line, sizeof line, 5000), -1);
    ck_assert_int_eq(x->close_code, 1013);
    ck_assert_msg(strstr(x->close_reason, "full"), "%s", x->close_reason);
    ws_close(x);
    ws_close(a);
    ck_assert(sessions_within(s, 1, 5000));
    x = ws_open(web_port(s));           /* room again */
    ck_assert_str_eq(ask(x, "name"), "= Tabula");
    ws_close(x);
    ws_close(b);
    web_stop(s);
}
END_TEST

/* Refused clients that never read nor close: two are told why (close 1013)
 * and wait, the others get no WebSocket; the pages and a session that
 * closes stay served (12 such clients on a server of 8 used to take every
 * worker: GET / waited for ever). */
START_TEST(test_idle_refused_clients)
{
    struct web_config c;
    web_config_default(&c);
    c.max_connections = 1;
    struct web_server *s = serve(&c);
    int port = web_port(s);
    struct ws *a = ws_open(port), *idle[8];
    ck_assert_str_eq(ask(a, "name"), "= Tabula");
    int open = 0;
    for (int i = 0; i < 8; i++)
        open += (idle[i] = ws_open(port)) != NULL;
    ck_assert_int_eq(open, 2);
    char body[4096], req[256];
    snprintf(req, sizeof req, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    ck_assert_int_eq(http_status(port, req, body, sizeof body), 200);
    ck_assert_str_eq(ask(a, "name"), "= Tabula");
    for (int i = 0; i < 8; i++)
        if (idle[i])
            ws_close(idle[i]);
    ws_close(a);
    ck_assert(sessions_within(s, 0, 5000));
    a = ws_open(port);                  /* room again */
    ck_assert_str_eq(ask(a, "name"), "= Tabula");
    ws_close(a);
    web_stop(s);
}
END_TEST

START_TEST(test_client_leaves_during_search)
{
    struct web_config c;
    web_config_default(&c);
    struct web_server *s = serve(&c);
    struct ws *w = ws_open(web_port(s));
    ask(w, "newgame tablut");
    ask(w, "set_option movetime 60000");
    ws_send(w, "genmove black");
    ws_send(w, "genmove white");        /* queued: must never run */
    usleep(300000);
    ck_assert_int_eq(web_sessions(s), 1);
    int64_t t0 = now_ms();
    ws_close(w);
    /* the session ends (its thread joined) once the search has stopped */
    ck_assert_msg(sessions_within(s, 0, 5000), "the session is still open");
    ck_assert_msg(ms_since(t0) < 5000, "%lld ms", (long long)ms_since(t0));
    /* the same for analyze, and the server goes on */
    w = ws_open(web_port(s));
    ws_send(w, "analyze");
    usleep(200000);
    ws_close(w);
    ck_assert(sessions_within(s, 0, 5000));
    w = ws_open(web_port(s));
    ck_assert_str_eq(ask(w, "name"), "= Tabula");
    /* quit ends the session with a close frame */
    ws_send(w, "quit");
    ck_assert_int_eq(ws_response(w, res, sizeof res, 5000), 1);
    char line[64];
    ck_assert_int_eq(ws_recv(w, line, sizeof line, 5000), -1);
    ck_assert_int_eq(w->close_code, 1000);
    ws_close(w);
    ck_assert(sessions_within(s, 0, 5000));
    web_stop(s);
}
END_TEST

START_TEST(test_binary_and_origin)
{
    struct web_server *s = serve_default();
    int port = web_port(s);
    struct ws *w = ws_open(port);
    ws_frame(w, 1, 2, "name", 4);
    char line[64];
    ck_assert_int_eq(ws_recv(w, line, sizeof line, 5000), -1);
    ck_assert_int_eq(w->close_code, 1003);
    ws_close(w);
    /* a message in two frames is one line; a continuation with no message
     * open fails the connection (review 5: it ran as a command) */
    w = ws_open(port);
    ws_frame(w, 0, 1, "na", 2);
    ws_frame(w, 1, 0, "me", 2);
    ck_assert_int_gt(ws_response(w, res, sizeof res, 5000), 0);
    ck_assert_str_eq(res, "= Tabula");
    ws_frame(w, 1, 0, "name", 4);
    ck_assert_int_eq(ws_recv(w, line, sizeof line, 5000), -1);
    ck_assert_int_eq(w->close_code, 1002);
    ws_close(w);
    char host[64], origin[80];
    snprintf(host, sizeof host, "127.0.0.1:%d", port);
    snprintf(origin, sizeof origin, "http://127.0.0.1:%d", port);
    ck_assert_ptr_null(ws_open_with(port, host, "http://evil.example"));
    ck_assert_ptr_null(ws_open_with(port, "evil.example", NULL));
    /* names that only start like a loopback address (review 5: they were
     * taken for one, so a DNS-rebinding page got a session) */
    ck_assert_ptr_null(ws_open_with(port, "127.evil.example", NULL));
    ck_assert_ptr_null(ws_open_with(port, "127.0.0.1.evil.example", NULL));
    snprintf(host, sizeof host, "127.0.0.2:%d", port);
    w = ws_open_with(port, host, NULL);
    ck_assert_ptr_nonnull(w);
    ws_close(w);
    snprintf(host, sizeof host, "127.0.0.1:%d", port);
    w = ws_open_with(port, host, origin);
    ck_assert_ptr_nonnull(w);
    ck_assert_str_eq(ask(w, "name"), "= Tabula");
    ws_close(w);
    snprintf(host, sizeof host, "localhost:%d", port);
    snprintf(origin, sizeof origin, "http://localhost:%d", port);
    w = ws_open_with(port, host, origin);
    ck_assert_ptr_nonnull(w);
    ws_close(w);
    web_stop(s);
}
END_TEST

START_TEST(test_files)
{
    struct web_server *s = serve_default();
    int port = web_port(s);
    char body[4096], req[512];
    snprintf(req, sizeof req, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    ck_assert_int_eq(http_status(port, req, body, sizeof body), 200);
    ck_assert_msg(strstr(body, "the page"), "%s", body);
    /* one Cache-Control, revalidating (review 5: civetweb's max-age=3600
     * came with our no-cache) */
    const char *cc = strstr(last_head, "Cache-Control:");
    ck_assert_msg(cc && strstr(cc, "no-cache") && !strstr(cc + 1, "Cache-Control:"), "%s",
                  last_head);
    const char *bad[] = { "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/.hidden.html",
                          "/nothere.html", "/index.exe", "/sub/index.html" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                 bad[i]);
        ck_assert_msg(http_status(port, req, body, sizeof body) == 404, "%s", bad[i]);
    }
    snprintf(req, sizeof req, "POST /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n"
             "Content-Length: 0\r\nConnection: close\r\n\r\n");
    ck_assert_int_eq(http_status(port, req, body, sizeof body), 405);
    web_stop(s);
}
END_TEST

START_TEST(test_port_taken)
{
    struct web_server *s = serve_default();
    struct web_config c;
    web_config_default(&c);
    c.port = web_port(s);
    c.root = root;
    c.log = NULL;
    char err[256];
    ck_assert_ptr_null(web_start(&c, err, sizeof err));
    ck_assert_msg(strstr(err, "Address already in use"), "%s", err);
    web_stop(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("web");
    TCase *t = tcase_create("tables");
    tcase_add_test(t, test_every_command_and_option_decided);
    suite_add_tcase(s, t);
    /* a server a test (stopping one takes civetweb a second or two) */
    t = tcase_create("server");
    tcase_add_unchecked_fixture(t, setup, teardown);
    tcase_set_timeout(t, 120);
    tcase_add_test(t, test_framing);
    tcase_add_test(t, test_streaming);
    tcase_add_test(t, test_records_travel);
    tcase_add_test(t, test_players_name_the_record);
    tcase_add_test(t, test_players_server_name);
    tcase_add_test(t, test_review_legend);
    tcase_add_test(t, test_gfx_passes_the_gate);
    tcase_add_test(t, test_interrupt);
    tcase_add_test(t, test_binary_and_origin);
    tcase_add_test(t, test_files);
    tcase_add_test(t, test_port_taken);
    tcase_add_test(t, test_option_caps);
    tcase_add_test(t, test_line_cap);
    tcase_add_test(t, test_time_caps);
    tcase_add_test(t, test_analyses_and_connections);
    tcase_add_test(t, test_idle_refused_clients);
    tcase_add_test(t, test_client_leaves_during_search);
    suite_add_tcase(s, t);
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? 1 : 0;
}
