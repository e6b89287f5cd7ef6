/* bologna.c -- tabula-bologna: a player for the Bologna Tablut Challenge's
 * referee server (TCP; every message a 4-byte big-endian length and UTF-8
 * JSON; Ashton rules). Started as the challenge starts players: COLOR
 * TIMEOUT SERVER_IP. Drives the engine through the session and struct game
 * with the public position and move texts; knows nothing of Tablut's
 * insides. doc/bologna.md says what it does and how it exits. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <jansson.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>
#include "config.h"
#include "engine_limits.h"
#include "game.h"
#include "options.h"
#include "session.h"
#include "util.h"

/* Exit codes (doc/bologna.md). */
enum {
    EXIT_GAME_OVER = 0,         /* the server sent a final state */
    EXIT_USAGE = 1,             /* bad arguments (a SERVER_IP that does not
                                 * resolve among them) */
    EXIT_PROTOCOL = 2,          /* malformed frame, a state we cannot follow */
    EXIT_CLOSED = 3,            /* the server closed before the end */
    EXIT_REFUSED = 4,           /* the server refused our move */
    EXIT_NO_SERVER = 5          /* no connection, after --wait seconds */
};

#define FRAME_MAX (1 << 20)     /* a state is about 900 bytes */
#define PORT_WHITE 5800
#define PORT_BLACK 5801
#define POS_MAX 160
#define WAIT_DEFAULT 30         /* seconds --wait tries to connect */
#define WAIT_STEP_MS 200        /* between two tries */

struct client {
    int fd;
    int me;                     /* our side: 0 black, 1 white */
    int quiet;
    int64_t timeout_ms;         /* the server's limit per move */
    int64_t margin_ms;          /* kept back from it */
    int64_t movetime_ms;        /* a fixed search time (0: all we may) */
    char **opening;             /* our first moves, when legal */
    int nopening, opening_used;
    struct session s;
};

static void logf_(const struct client *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void logf_(const struct client *c, const char *fmt, ...)
{
    if (c && c->quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("tabula-bologna: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---------------------------------------------------------------- frames */

/* Reads exactly n bytes: 1 done, 0 end of file or a read error (errno set,
 * e.g. ECONNRESET) before the first byte, -1 an error or end of file in the
 * middle. *eof_only is 1 when 0 came from an end of file. */
static int read_full(int fd, void *buf, size_t n, int *eof_only)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, (char *)buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (eof_only)
                *eof_only = r == 0;
            return got == 0 ? 0 : -1;
        }
        got += (size_t)r;
    }
    return 1;
}

static int write_full(int fd, const void *buf, size_t n)
{
    size_t put = 0;
    while (put < n) {
        ssize_t w = write(fd, (const char *)buf + put, n - put);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        put += (size_t)w;
    }
    return 0;
}

/* One frame into a fresh NUL-terminated buffer: 1 read, 0 the connection
 * closed between frames (err empty after an end of file, the read error's
 * text after a reset), -1 a broken frame (detail in err). */
static int frame_read(int fd, char **out, size_t *len, char *err, size_t errlen)
{
    unsigned char h[4];
    int eof = 1;
    int r = read_full(fd, h, 4, &eof);
    if (r <= 0) {
        if (r < 0)
            snprintf(err, errlen, "connection lost inside a frame's length");
        else
            snprintf(err, errlen, "%s", eof ? "" : strerror(errno));
        return r;
    }
    uint32_t n = (uint32_t)h[0] << 24 | (uint32_t)h[1] << 16 |
                 (uint32_t)h[2] << 8 | h[3];
    if (n > FRAME_MAX) {
        snprintf(err, errlen, "a frame of %" PRIu32 " bytes (at most %d)", n,
                 FRAME_MAX);
        return -1;
    }
    char *buf = malloc((size_t)n + 1);
    if (!buf) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (n && read_full(fd, buf, n, NULL) != 1) {
        free(buf);
        snprintf(err, errlen, "connection lost inside a %" PRIu32 "-byte frame", n);
        return -1;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return 1;
}

static int frame_write(int fd, const char *json)
{
    size_t n = strlen(json);
    unsigned char h[4] = {(unsigned char)(n >> 24), (unsigned char)(n >> 16),
                          (unsigned char)(n >> 8), (unsigned char)n};
    return write_full(fd, h, 4) || write_full(fd, json, n) ? -1 : 0;
}

/* Sends a JSON value as one frame (and frees it). */
static int send_json(int fd, json_t *v)
{
    char *s = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    json_decref(v);
    if (!s)
        return -1;
    int rc = frame_write(fd, s);
    free(s);
    return rc;
}

/* ---------------------------------------------------------------- states */

enum turn { T_WHITE, T_BLACK, T_WHITEWIN, T_BLACKWIN, T_DRAW };
static const char *const turn_names[] = {"WHITE", "BLACK", "WHITEWIN",
                                         "BLACKWIN", "DRAW"};

/* A state frame: the board as the ranks of a Tabula position string (the
 * server's row r is Tabula's rank r+1, as the server names its squares) and
 * the turn. 0, or -1 with err. */
static int state_parse(const char *buf, size_t len, char *board, size_t n,
                       enum turn *turn, char *err, size_t errlen)
{
    json_error_t je;
    json_t *root = json_loadb(buf, len, 0, &je);
    if (!root) {
        snprintf(err, errlen, "not JSON: %s (line %d column %d)", je.text,
                 je.line, je.column);
        return -1;
    }
    int rc = -1;
    json_t *rows = json_object_get(root, "board");
    json_t *t = json_object_get(root, "turn");
    if (!json_is_array(rows) || json_array_size(rows) != 9) {
        snprintf(err, errlen, "a state needs a board of 9 rows");
        goto out;
    }
    if (!json_is_string(t)) {
        snprintf(err, errlen, "a state needs a turn");
        goto out;
    }
    int k = -1;
    for (int i = 0; i < 5; i++)
        if (!strcmp(json_string_value(t), turn_names[i]))
            k = i;
    if (k < 0) {
        snprintf(err, errlen, "unknown turn \"%.20s\"", json_string_value(t));
        goto out;
    }
    *turn = (enum turn)k;
    size_t pos = 0;
    board[0] = '\0';
    for (int r = 8; r >= 0; r--) {
        json_t *row = json_array_get(rows, (size_t)r);
        if (!json_is_array(row) || json_array_size(row) != 9) {
            snprintf(err, errlen, "row %d of the board is not 9 cells", r);
            goto out;
        }
        int empty = 0;
        for (int c = 0; c < 9; c++) {
            json_t *cell = json_array_get(row, (size_t)c);
            const char *v = json_is_string(cell) ? json_string_value(cell) : "";
            char p = !strcmp(v, "WHITE") ? 'T' : !strcmp(v, "BLACK") ? 't' :
                     !strcmp(v, "KING") ? 'K' : 0;
            if (!p && strcmp(v, "EMPTY") && !(strcmp(v, "THRONE") == 0 && r == 4 && c == 4)) {
                snprintf(err, errlen, "cell %c%d holds \"%.20s\"", 'a' + c, r + 1, v);
                goto out;
            }
            if (!p) {
                empty++;
                continue;
            }
            if (empty)
                buf_printf(board, n, &pos, "%d", empty);
            empty = 0;
            buf_printf(board, n, &pos, "%c", p);
        }
        if (empty)
            buf_printf(board, n, &pos, "%d", empty);
        if (r)
            buf_printf(board, n, &pos, "/");
    }
    rc = 0;
out:
    json_decref(root);
    return rc;
}

/* ----------------------------------------------------------- the engine */

static void current_position(const struct client *c, char *buf, size_t n)
{
    c->s.g->format_position(c->s.st, buf, n);
}

/* The legal move of the current position that gives board with side to
 * move (a position string); MOVE_NONE when none does. */
static move_t find_move(struct client *c, const char *want)
{
    const struct game *g = c->s.g;
    move_t moves[GAME_MAX_MOVES], found = MOVE_NONE;
    int n = g->gen_moves(c->s.st, moves);
    for (int i = 0; i < n && found == MOVE_NONE; i++) {
        game_undo u;
        char pos[POS_MAX];
        g->make(c->s.st, moves[i], &u);
        g->format_position(c->s.st, pos, sizeof pos);
        g->unmake(c->s.st, moves[i], &u);
        if (!strcmp(pos, want))
            found = moves[i];
    }
    return found;
}

/* Our move: the next opening move that is legal, else a search within the
 * time left of this turn (started at t0). */
static move_t choose(struct client *c, int64_t t0, char *info, size_t n)
{
    const struct game *g = c->s.g;
    char err[128];
    move_t m;
    info[0] = '\0';
    while (c->opening_used < c->nopening) {
        const char *text = c->opening[c->opening_used++];
        if (g->parse_move(c->s.st, text, &m, err, sizeof err) == GAME_OK) {
            snprintf(info, n, "opening");
            return m;
        }
        logf_(c, "opening move %s skipped: %s", text, err);
    }
    int64_t left = c->timeout_ms - c->margin_ms - (now_ms() - t0);
    if (c->movetime_ms > 0 && c->movetime_ms < left)
        left = c->movetime_ms;
    c->s.movetime_ms = left > 50 ? left : 50;
    struct search_result res;
    memset(&res, 0, sizeof res);
    int64_t start = now_ms();
    if (session_genmove(&c->s, c->me, 0, &res, NULL, NULL, NULL) != SESS_OK)
        return MOVE_NONE;
    if (res.note)
        logf_(c, "%s", res.note);
    char score[32];
    session_score_text(res.score, score, sizeof score);
    snprintf(info, n, "score %s depth %d nodes %" PRIu64 " time %.2f s", score, res.depth,
             res.nodes, (double)(now_ms() - start) / 1000);
    return res.best;
}

static int send_move(struct client *c, move_t m)
{
    char text[32];
    c->s.g->format_move(c->s.st, m, text, sizeof text);
    char *dash = strchr(text, '-');
    if (!dash)
        return -1;
    *dash = '\0';
    json_t *v = json_pack("{s:s, s:s, s:s}", "from", text, "to", dash + 1,
                          "turn", c->me ? "WHITE" : "BLACK");
    return send_json(c->fd, v);
}

static const char *result_text(enum turn t, int me)
{
    if (t == T_DRAW)
        return "draw";
    return (t == T_WHITEWIN) == (me == 1) ? "won" : "lost";
}

/* The game, frame by frame; returns the exit code. */
static int play(struct client *c)
{
    const struct game *g = c->s.g;
    char err[256], board[POS_MAX], want[POS_MAX], cur[POS_MAX], info[128];
    move_t sent = MOVE_NONE;
    char sent_from[POS_MAX] = "";   /* the position we moved in */
    int frames = 0;
    for (;;) {
        char *buf;
        size_t len;
        int r = frame_read(c->fd, &buf, &len, err, sizeof err);
        int64_t t0 = now_ms();
        if (r == 0) {
            /* an end of file or a reset (the server exits with our move
             * unread) where a frame would begin: the server is gone */
            char ours[80] = "";
            if (sent != MOVE_NONE) {
                char text[32];
                g->format_move(c->s.st, sent, text, sizeof text);
                snprintf(ours, sizeof ours, " and our move %s, sent", text);
            }
            logf_(NULL, "the server closed the connection before the game "
                  "ended (after %d moves%s; a time-out, or the server stopped)%s%s",
                  c->s.nmoves, ours, *err ? ": " : "", err);
            return EXIT_CLOSED;
        }
        if (r < 0) {
            logf_(NULL, "%s", err);
            return EXIT_PROTOCOL;
        }
        enum turn turn;
        int rc = state_parse(buf, len, board, sizeof board, &turn, err, sizeof err);
        free(buf);
        if (rc) {
            logf_(NULL, "malformed state frame: %s", err);
            return EXIT_PROTOCOL;
        }
        frames++;
        int final = turn >= T_WHITEWIN;
        int stm = g->side_to_move(c->s.st);
        /* who moves next: after a final state, the one who did not move */
        int next = final ? !stm : turn == T_WHITE;
        current_position(c, cur, sizeof cur);
        snprintf(want, sizeof want, "%s %c", board, next ? 'w' : 'b');
        size_t blen = strlen(board);
        if (sent != MOVE_NONE && !strncmp(sent_from, board, blen) &&
            sent_from[blen] == ' ') {
            /* the board we moved on, again: the move was not played (an
             * illegal move ends the game; with -e N the server asks again) */
            char text[32];
            g->format_move(c->s.st, sent, text, sizeof text);
            logf_(NULL, "the server refused our move %s%s", text,
                  final ? " and ended the game" : "");
            if (final)
                printf("%s %s\n", turn_names[turn], result_text(turn, c->me));
            return EXIT_REFUSED;
        }
        /* a final state on the board as it stands (the side to move had
         * no legal move, and the server refused its null move): nothing
         * was played */
        int same_board = !strncmp(cur, board, blen) && cur[blen] == ' ';
        if (strcmp(want, cur) && !(final && same_board)) {
            move_t m = find_move(c, want);
            if (m == MOVE_NONE) {
                /* keep playing from what the server says, without the
                 * history the repetition rule needs */
                if (frames == 1 && c->s.nmoves == 0)
                    logf_(c, "the server's first position %s is not the start: "
                          "taken as it is", want);
                else
                    logf_(c, "the server's position %s follows from no legal "
                          "move of %s: taken as it is", want, cur);
                if (session_setposition(&c->s, want, err, sizeof err) != SESS_OK) {
                    logf_(NULL, "the server's position cannot be played: %s", err);
                    return EXIT_PROTOCOL;
                }
            } else {
                char text[64];
                g->format_move_long ? g->format_move_long(c->s.st, m, text, sizeof text)
                                    : g->format_move(c->s.st, m, text, sizeof text);
                if (stm != c->me)
                    logf_(c, "%d. %s %s", c->s.nmoves + 1,
                          stm ? "white" : "black", text);
                else if (m != sent)
                    logf_(c, "the server played %s for us, not the move we sent", text);
                session_play_move(&c->s, m);
            }
        }
        sent = MOVE_NONE;
        if (final) {
            struct game_status gs;
            session_status(&c->s, &gs);
            logf_(c, "game over after %d moves: %s (%s), we %s", c->s.nmoves,
                  turn_names[turn], gs.over ? gs.reason : "the server's ruling",
                  result_text(turn, c->me));
            printf("%s %s\n", turn_names[turn], result_text(turn, c->me));
            return EXIT_GAME_OVER;
        }
        if (next != c->me)
            continue;
        /* the server plays on where the session's rules end the game (a
         * repeated position, with the server's -s N > 0): from its
         * position, without the history, as when it cannot be followed */
        struct game_status over;
        session_status(&c->s, &over);
        if (over.over) {
            logf_(c, "the server plays on after %s: from its position %s", over.reason, want);
            if (session_setposition(&c->s, want, err, sizeof err) != SESS_OK) {
                logf_(NULL, "the server's position cannot be played: %s", err);
                return EXIT_PROTOCOL;
            }
        }
        move_t m = choose(c, t0, info, sizeof info);
        if (m == MOVE_NONE) {
            logf_(NULL, "no legal move in %s", want);
            return EXIT_PROTOCOL;
        }
        char text[64];
        g->format_move(c->s.st, m, text, sizeof text);
        if (send_move(c, m)) {
            /* the same as a reset before the next frame: which of the two
             * meets it first is a race (the server exits with our move
             * unread) */
            logf_(NULL, "the server closed the connection before the game "
                  "ended (after %d moves; a time-out, or the server stopped): "
                  "cannot send our move %s: %s", c->s.nmoves, text, strerror(errno));
            return EXIT_CLOSED;
        }
        logf_(c, "%d. %s %s (%s, %.2f s after the state)", c->s.nmoves + 1,
              c->me ? "white" : "black", text, info,
              (double)(now_ms() - t0) / 1000);
        sent = m;
        snprintf(sent_from, sizeof sent_from, "%s", want);
    }
}

/* ------------------------------------------------------------- start-up */

/* The errors of a server not up yet, or of a network not up yet: tried
 * again while --wait lasts. */
static int worth_retrying(int e)
{
    return e == ECONNREFUSED || e == ENETUNREACH || e == EHOSTUNREACH ||
           e == ETIMEDOUT || e == ECONNRESET || e == ECONNABORTED ||
           e == ENETDOWN || e == EHOSTDOWN;
}

/* One connect to an address, no later than deadline (a now_ms() time; 0:
 * the system's own time-out): the socket, or -1 with errno set. */
static int connect_one(const struct addrinfo *ai, int64_t deadline)
{
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0)
        return -1;
    int flags = fcntl(fd, F_GETFL);
    int e = 0;
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK))
        e = errno;
    else if (connect(fd, ai->ai_addr, ai->ai_addrlen))
        e = errno;
    while (e == EINPROGRESS || e == EINTR) {
        struct pollfd p = {.fd = fd, .events = POLLOUT};
        int64_t left = deadline ? deadline - now_ms() : -1;
        if (deadline && left < 0)
            left = 0;
        int r = poll(&p, 1, left < 0 || left > INT_MAX ? -1 : (int)left);
        socklen_t len = sizeof e;
        if (r < 0)
            e = errno == EINTR ? EINPROGRESS : errno;
        else if (r == 0)
            e = ETIMEDOUT;
        else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &len))
            e = errno;
    }
    if (!e && fcntl(fd, F_SETFL, flags))
        e = errno;
    if (e) {
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

/* Connects to the server, trying again for wait_s seconds while it is not
 * up (the challenge's scripts start the players and the server in any
 * order): the socket and in *waited_ms how long it waited (0: the first try
 * connected), or -1 with the exit code in *status and the message written.
 * A name that does not resolve is not tried again. */
static int connect_to(const struct client *c, const char *host, int port, long wait_s,
                      int64_t *waited_ms, int *status)
{
    struct addrinfo hints, *res, *ai;
    char ps[16];
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    snprintf(ps, sizeof ps, "%d", port);
    int rc = getaddrinfo(host, ps, &hints, &res);
    if (rc) {
        logf_(NULL, "cannot resolve the server's name '%s': %s", host,
              rc == EAI_SYSTEM ? strerror(errno) : gai_strerror(rc));
        *status = EXIT_USAGE;
        return -1;
    }
    int64_t start = now_ms(), deadline = wait_s ? start + wait_s * 1000 : 0;
    int fd = -1, waiting = 0, e = 0;
    for (;;) {
        /* every address once; the error kept is one worth retrying, when
         * any is (localhost's ::1 may be unusable where 127.0.0.1 refuses) */
        int retry = 0;
        for (ai = res; ai && fd < 0; ai = ai->ai_next) {
            fd = connect_one(ai, deadline);
            if (fd < 0 && (!retry || worth_retrying(errno))) {
                e = errno;
                retry = worth_retrying(e);
            }
        }
        int64_t left = deadline - now_ms();
        if (fd >= 0 || !retry || !wait_s || left <= 0)
            break;
        if (!waiting)
            logf_(c, "no server at %s port %d yet (%s): waiting up to %ld s for it (--wait)",
                  host, port, strerror(e), wait_s);
        waiting = 1;
        poll(NULL, 0, (int)(left < WAIT_STEP_MS ? left : WAIT_STEP_MS));
    }
    freeaddrinfo(res);
    if (fd >= 0) {
        *waited_ms = waiting ? now_ms() - start : 0;
        return fd;
    }
    if (waiting)
        logf_(NULL, "cannot connect to %s port %d: %s (waited %ld s for the server; "
              "--wait sets how long)", host, port, strerror(e), wait_s);
    else
        logf_(NULL, "cannot connect to %s port %d: %s", host, port, strerror(e));
    *status = EXIT_NO_SERVER;
    return -1;
}

static void usage(FILE *f)
{
    fprintf(f,
"Usage: tabula-bologna [OPTION]... COLOR TIMEOUT [SERVER_IP]\n"
"Plays one game of Ashton Tablut on a Bologna Tablut Challenge server.\n"
"  COLOR       white (port 5800) or black (port 5801)\n"
"  TIMEOUT     the server's seconds per move (its -t); each move is sent\n"
"              before TIMEOUT minus the margin\n"
"  SERVER_IP   the server's address [localhost]\n"
"Options:\n"
"  --name NAME         the name sent to the server [Tabula]\n"
"  --port N            the server's port [5800 white, 5801 black]\n"
"  --margin MS         time kept back from TIMEOUT [1500, or a third of TIMEOUT if less]\n"
"  --movetime MS       search MS per move (within TIMEOUT minus the margin)\n"
"  --threads N         search threads [1]\n"
"  --hash MB           transposition table [" STR(TABULA_HASH_DEFAULT_MB) "]\n"
"  --opening MOVES     our first moves, comma-separated, each played when\n"
"                      legal (varied openings for matches), e.g. e3-f3,d5-d7\n"
"  --wait SECONDS      keep trying to connect while no server listens, for\n"
"                      up to SECONDS (0: try once) [" STR(WAIT_DEFAULT) "]\n"
"  --quiet             no log on standard error\n"
"  --help, --version\n"
"Prints the result (e.g. \"WHITEWIN won\") on standard output. Exit status:\n"
"0 the game ended, 1 bad arguments (a SERVER_IP that does not resolve\n"
"among them), 2 a malformed frame, 3 the server closed the connection\n"
"before the end (a time-out), 4 the server refused our move, 5 no\n"
"connection (no server listening within --wait seconds).\n");
}

/* An option's number, LO to HI, into *out; else says which option wants
 * what (as the other programs do) and returns 1. */
static int value_of(const char *opt, long lo, long hi, long *out)
{
    if (!util_parse_long(optarg, lo, hi, out))
        return 0;
    fprintf(stderr, "tabula-bologna: --%s must be %ld to %ld, not '%s'\n", opt, lo, hi, optarg);
    return 1;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"name", required_argument, NULL, 'n'},
        {"port", required_argument, NULL, 'p'},
        {"margin", required_argument, NULL, 'm'},
        {"movetime", required_argument, NULL, 'M'},
        {"threads", required_argument, NULL, 't'},
        {"hash", required_argument, NULL, 'H'},
        {"opening", required_argument, NULL, 'o'},
        {"wait", required_argument, NULL, 'w'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}
    };
    struct client c;
    memset(&c, 0, sizeof c);
    const char *name = "Tabula", *opening = NULL;
    int port = 0, threads = 1, hash = 0, opt;
    long margin = -1, movetime = 0, wait = WAIT_DEFAULT, n;
    int li = 0;
    while ((opt = getopt_long(argc, argv, "", longopts, &li)) != -1) {
        switch (opt) {
        case 'n': name = optarg; break;
        case 'p':
            if (value_of(longopts[li].name, 1, 65535, &n)) return EXIT_USAGE;
            port = (int)n;
            break;
        case 'm':
            if (value_of(longopts[li].name, 0, 86400000, &margin)) return EXIT_USAGE;
            break;
        case 'M':
            if (value_of(longopts[li].name, 1, 86400000, &movetime)) return EXIT_USAGE;
            break;
        case 't':
            if (value_of(longopts[li].name, 1, SEARCH_MAX_THREADS, &n)) return EXIT_USAGE;
            threads = (int)n;
            break;
        case 'H':
            if (value_of(longopts[li].name, 1, INT_MAX, &n)) return EXIT_USAGE;
            hash = (int)n;
            break;
        case 'o': opening = optarg; break;
        case 'w':
            if (value_of(longopts[li].name, 0, 86400, &wait)) return EXIT_USAGE;
            break;
        case 'q': c.quiet = 1; break;
        case 'h': usage(stdout); return 0;
        case 'V': printf("tabula-bologna (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
            return 0;
        default: usage(stderr); return EXIT_USAGE;
        }
    }
    if (argc - optind < 2 || argc - optind > 3) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *color = argv[optind], *host = argc - optind > 2 ? argv[optind + 2] : "localhost";
    if (!strcasecmp(color, "white"))
        c.me = 1;
    else if (!strcasecmp(color, "black"))
        c.me = 0;
    else {
        fprintf(stderr, "tabula-bologna: COLOR must be white or black, not '%s'\n", color);
        return EXIT_USAGE;
    }
    long timeout;
    if (util_parse_long(argv[optind + 1], 1, 86400, &timeout)) {
        fprintf(stderr, "tabula-bologna: TIMEOUT must be 1..86400 seconds, not '%s'\n",
                argv[optind + 1]);
        return EXIT_USAGE;
    }
    c.timeout_ms = timeout * 1000;
    c.margin_ms = margin >= 0 ? margin : 1500;
    if (margin < 0 && c.margin_ms > c.timeout_ms / 3)
        c.margin_ms = c.timeout_ms / 3;
    if (c.margin_ms >= c.timeout_ms) {
        fprintf(stderr, "tabula-bologna: the margin leaves no time to think\n");
        return EXIT_USAGE;
    }
    c.movetime_ms = movetime;
    char *ocopy = opening ? strdup(opening) : NULL;
    if (ocopy) {
        c.opening = calloc(strlen(ocopy) + 1, sizeof *c.opening);
        for (char *w = strtok(ocopy, ", "); w && c.opening; w = strtok(NULL, ", "))
            c.opening[c.nopening++] = w;
    }

    char err[256] = "out of memory", num[32];
    const char *variant[1] = {"rules=ashton"};
    /* the engine options' defaults (options_reset), then ours */
    int rc = session_init(&c.s);
    if (rc == SESS_OK)
        rc = options_reset(&c.s);
    if (rc == SESS_OK && hash) {
        snprintf(num, sizeof num, "%d", hash);
        rc = option_set(&c.s, option_find("hash"), num, err, sizeof err);
    }
    if (rc == SESS_OK) {
        snprintf(num, sizeof num, "%d", threads);
        rc = option_set(&c.s, option_find("threads"), num, err, sizeof err);
    }
    if (rc == SESS_OK)
        rc = session_newgame(&c.s, "tablut", 1, variant, err, sizeof err);
    if (rc != SESS_OK) {
        fprintf(stderr, "tabula-bologna: cannot start the engine: %s\n", err);
        return EXIT_USAGE;
    }

    /* a server that disappears must not kill us with SIGPIPE: write says so */
    signal(SIGPIPE, SIG_IGN);
    util_file_size_limit_fails_writes();
    int64_t waited;
    c.fd = connect_to(&c, host, port ? port : c.me ? PORT_WHITE : PORT_BLACK, wait,
                      &waited, &rc);
    if (c.fd < 0) {
        session_free(&c.s);
        free(c.opening);
        free(ocopy);
        return rc;
    }
    char after[48] = "";
    if (waited)
        snprintf(after, sizeof after, ", after waiting %.1f s", (double)waited / 1000);
    logf_(&c, "connected to %s as %s%s, %ld s per move (%" PRId64 " ms kept back)",
          host, c.me ? "white" : "black", after, timeout, c.margin_ms);
    if (send_json(c.fd, json_string(name))) {
        logf_(NULL, "cannot send our name: %s", strerror(errno));
        rc = EXIT_CLOSED;
    } else
        rc = play(&c);
    close(c.fd);
    session_free(&c.s);
    free(c.opening);
    free(ocopy);
    return rc;
}
