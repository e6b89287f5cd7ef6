/* fake_bologna.c -- a stand-in for the Bologna Tablut Challenge's referee
 * server, for tests/run_bologna: one client on 127.0.0.1, frames of a
 * 4-byte big-endian length and JSON, a scenario that checks what the client
 * does. The rules library (Tablut rules=ashton) referees the whole-game
 * scenario.
 * Usage: fake_bologna SCENARIO PORTFILE [CLIENT_COLOR [LISTEN_AFTER_MS]]
 *   framing    the state in pieces; the move must be legal; then a draw
 *   game       a whole game, the server playing the other side at random
 *   timeout    the move must come within 2 s; then the connection closes
 *   malformed  a state that is not JSON
 *   badstate   JSON that is no state (a 10-row board)
 *   drop       the connection closes after the name
 *   reset      the state is sent, the client's move waits unread and the
 *              connection is reset (RST), as the real server's does when
 *              it exits on a time-out with our move in flight
 *   refused    the client's move is answered by the old board, black wins
 *   repeat     a position comes back (a draw by Tabula's rules) and the
 *              server asks for the client's move all the same
 * Writes the port to PORTFILE; with LISTEN_AFTER_MS, listens only that
 * long after (the port bound, so that a client started first is refused,
 * as by a server not started yet); prints the expected result line (game) on
 * standard output; exits 0 when the client behaved, 1 otherwise. */
#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "game.h"
#include "util.h"

static const struct game *G = &tablut_game;

static int fail(const char *msg)
{
    fprintf(stderr, "fake_bologna: %s\n", msg);
    return 1;
}

static int read_full(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, (char *)buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        got += (size_t)r;
    }
    return 0;
}

static int write_all(int fd, const void *buf, size_t n)
{
    return write(fd, buf, n) == (ssize_t)n ? 0 : -1;
}

/* A frame's JSON, or NULL at end of file or on a bad frame. */
static json_t *frame_read(int fd)
{
    unsigned char h[4];
    if (read_full(fd, h, 4))
        return NULL;
    uint32_t n = (uint32_t)h[0] << 24 | (uint32_t)h[1] << 16 | (uint32_t)h[2] << 8 | h[3];
    if (n > 65536)
        return NULL;
    char *buf = malloc(n + 1);
    if (!buf || read_full(fd, buf, n)) {
        free(buf);
        return NULL;
    }
    json_error_t e;
    json_t *v = json_loadb(buf, n, JSON_DECODE_ANY, &e);
    free(buf);
    return v;
}

/* Sends text as a frame; split: in pieces, with pauses. */
static int frame_send(int fd, const char *s, int split)
{
    size_t n = strlen(s);
    unsigned char h[4] = {(unsigned char)(n >> 24), (unsigned char)(n >> 16),
                          (unsigned char)(n >> 8), (unsigned char)n};
    if (!split)
        return write_all(fd, h, 4) || write_all(fd, s, n);
    struct timespec pause = {0, 30 * 1000 * 1000};
    if (write_all(fd, h, 1) || nanosleep(&pause, NULL) || write_all(fd, h + 1, 3))
        return -1;
    size_t a = n / 3, b = 2 * n / 3;
    nanosleep(&pause, NULL);
    if (write_all(fd, s, a))
        return -1;
    nanosleep(&pause, NULL);
    if (write_all(fd, s + a, b - a))
        return -1;
    nanosleep(&pause, NULL);
    return write_all(fd, s + b, n - b);
}

/* The server's JSON of a position, as its gson writes it: board[row][col],
 * row r = rank r+1; the empty throne is THRONE. */
static char *state_json(const void *st, const char *turn)
{
    char pos[160];
    G->format_position(st, pos, sizeof pos);
    const char *cell[9][9];
    int r = 8, f = 0;
    for (const char *p = pos; *p != ' '; p++) {
        if (*p == '/') {
            r--;
            f = 0;
        } else if (*p >= '1' && *p <= '9') {
            for (int i = 0; i < *p - '0'; i++, f++)
                cell[r][f] = r == 4 && f == 4 ? "THRONE" : "EMPTY";
        } else
            cell[r][f++] = *p == 't' ? "BLACK" : *p == 'T' ? "WHITE" : "KING";
    }
    json_t *board = json_array();
    for (r = 0; r < 9; r++) {
        json_t *row = json_array();
        for (f = 0; f < 9; f++)
            json_array_append_new(row, json_string(cell[r][f]));
        json_array_append_new(board, row);
    }
    json_t *v = json_pack("{s:o, s:s}", "board", board, "turn", turn);
    char *s = json_dumps(v, JSON_COMPACT);
    json_decref(v);
    return s;
}

static int send_state(int fd, const void *st, const char *turn, int split)
{
    char *s = state_json(st, turn);
    int rc = s ? frame_send(fd, s, split) : -1;
    free(s);
    return rc;
}

static const char *turn_of(const void *st)
{
    struct game_status gs;
    G->status(st, &gs);
    if (!gs.over)
        return G->side_to_move(st) ? "WHITE" : "BLACK";
    return gs.winner < 0 ? "DRAW" : gs.winner ? "WHITEWIN" : "BLACKWIN";
}

/* Reads the client's move and plays it in st: 0, or -1 (message printed). */
static int client_move(int fd, void *st, const char *color, game_undo *u)
{
    json_t *v = frame_read(fd);
    const char *from, *to, *turn;
    if (!v || json_unpack(v, "{s:s, s:s, s:s}", "from", &from, "to", &to, "turn", &turn)) {
        json_decref(v);
        return fail("no move frame {from, to, turn} from the client");
    }
    char text[16], err[128];
    snprintf(text, sizeof text, "%s-%s", from, to);
    move_t m;
    int rc = 0;
    if (strcmp(turn, color))
        rc = fail("the move's turn is not the client's colour");
    else if (G->parse_move(st, text, &m, err, sizeof err) != GAME_OK) {
        fprintf(stderr, "fake_bologna: illegal move %s: %s\n", text, err);
        rc = -1;
    } else
        G->make(st, m, u);
    json_decref(v);
    return rc;
}

/* The scenarios that play on a position st of the rules (Ashton's start). */
static int scenario(int fd, const char *sc, void *st, int me_white, const char *color)
{
    char err[128];
    game_undo u;
    if (!strcmp(sc, "framing") || !strcmp(sc, "refused") || !strcmp(sc, "timeout")) {
        if (!me_white)
            return fail("this scenario needs a white client");
        int64_t t0 = now_ms();
        if (send_state(fd, st, "WHITE", !strcmp(sc, "framing")))
            return fail("cannot send the state");
        char before[160];
        G->format_position(st, before, sizeof before);
        if (client_move(fd, st, color, &u))
            return 1;
        int64_t took = now_ms() - t0;
        if (!strcmp(sc, "timeout")) {
            fprintf(stderr, "fake_bologna: the move came after %lld ms\n", (long long)took);
            if (took >= 2000)
                return fail("the move came after the 2 s limit");
            if (took < 500)
                return fail("the move came before the client used its time");
            close(fd);          /* as the server does when a game ends badly */
            return 0;
        }
        if (!strcmp(sc, "refused")) {
            if (G->parse_position(st, before, err, sizeof err) != GAME_OK)
                return 1;
            return send_state(fd, st, "BLACKWIN", 0) ? 1 : (sleep(5), 0);
        }
        return send_state(fd, st, "DRAW", 0) ? 1 : (sleep(5), 0);
    }
    if (!strcmp(sc, "reset")) {
        /* the move is left unread; the connection is reset: the client
         * reads ECONNRESET where the next frame would begin */
        if (send_state(fd, st, "WHITE", 0))
            return fail("cannot send the state");
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 5000) != 1)
            return fail("no move from the client");
        struct linger l = {1, 0};
        if (setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l))
            return fail("cannot set SO_LINGER");
        close(fd);
        return 0;
    }
    if (!strcmp(sc, "nomove")) {
        /* the opponent has no legal move after the client's: the server
         * sends the position with the opponent to move, refuses its null
         * move and sends the board unchanged, the game over (Ashton: no
         * legal move loses) */
        if (!me_white)
            return fail("this scenario needs a white client");
        if (send_state(fd, st, "WHITE", 0))
            return fail("cannot send the state");
        if (client_move(fd, st, color, &u))
            return 1;
        if (send_state(fd, st, "BLACK", 0))
            return fail("cannot send the state");
        return send_state(fd, st, "WHITEWIN", 0) ? 1 : (sleep(1), 0);
    }
    if (!strcmp(sc, "repeat")) {
        /* the server plays on where Tabula's rules end the game: the
         * client (opening e3-f3,f3-e3,e3-f3) and d9-c9, c9-c8, c8-c9 bring
         * back a position (a draw at its second occurrence, Ashton's
         * default), and the server asks for white's move all the same, as
         * it does when run with -s N > 0; the client must move */
        static const char *black[] = {"d9-c9", "c9-c8", "c8-c9"};
        if (!me_white)
            return fail("this scenario needs a white client");
        if (send_state(fd, st, "WHITE", 0))
            return fail("cannot send the state");
        for (int i = 0; i < 3; i++) {
            move_t m;
            if (client_move(fd, st, color, &u) || send_state(fd, st, "BLACK", 0))
                return 1;
            if (G->parse_move(st, black[i], &m, err, sizeof err) != GAME_OK)
                return fail("the scenario's black move is not legal");
            G->make(st, m, &u);
            if (send_state(fd, st, "WHITE", 0))
                return fail("cannot send the state");
        }
        /* the referee's own rules end the game here: it plays on from the
         * position alone, as the server does */
        char pos[160];
        G->format_position(st, pos, sizeof pos);
        if (G->parse_position(st, pos, err, sizeof err) != GAME_OK)
            return fail("cannot set the position");
        if (client_move(fd, st, color, &u))
            return 1;
        return send_state(fd, st, "DRAW", 0) ? 1 : (sleep(1), 0);
    }
    if (!strcmp(sc, "game")) {
        uint64_t seed = 7;
        if (send_state(fd, st, "WHITE", 0))
            return fail("cannot send the state");
        for (int ply = 0; ply < 400; ply++) {
            struct game_status gs;
            G->status(st, &gs);
            if (gs.over)
                break;
            if (G->side_to_move(st) == me_white) {
                if (client_move(fd, st, color, &u))
                    return 1;
            } else {
                move_t moves[GAME_MAX_MOVES];
                int n = G->gen_moves(st, moves);
                G->make(st, moves[rng_below(&seed, (uint32_t)n)], &u);
            }
            if (send_state(fd, st, turn_of(st), 0))
                return fail("cannot send a state");
        }
        const char *t = turn_of(st);
        struct game_status gs;
        G->status(st, &gs);
        /* the line the client must print */
        printf("%s %s\n", t, gs.winner < 0 ? "draw" : gs.winner == me_white ? "won" : "lost");
        sleep(1);
        return 0;
    }
    return fail("unknown scenario");
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return fail("usage: fake_bologna SCENARIO PORTFILE [white|black]");
    const char *sc = argv[1];
    int me_white = argc < 4 || !strcasecmp(argv[3], "white");  /* the client's */
    const char *color = me_white ? "WHITE" : "BLACK";
    long late = argc > 4 ? atol(argv[4]) : 0;
    int ls = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t al = sizeof a;
    if (ls < 0 || bind(ls, (struct sockaddr *)&a, sizeof a) ||
        getsockname(ls, (struct sockaddr *)&a, &al) || (!late && listen(ls, 1)))
        return fail("cannot listen on 127.0.0.1");
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", argv[2]);
    FILE *pf = fopen(tmp, "w");
    if (!pf)
        return fail("cannot write the port file");
    fprintf(pf, "%d\n", ntohs(a.sin_port));
    fclose(pf);
    rename(tmp, argv[2]);
    if (late) {
        /* a connect to the bound port is refused (RST) until listen */
        struct timespec ts = {late / 1000, late % 1000 * 1000000L};
        while (nanosleep(&ts, &ts) && errno == EINTR)
            ;
        if (listen(ls, 1))
            return fail("cannot listen on 127.0.0.1");
    }
    /* a client that never comes (one that gave up) must not hang the test */
    struct pollfd lp = {.fd = ls, .events = POLLIN};
    int pr;
    while ((pr = poll(&lp, 1, 20000)) < 0 && errno == EINTR)
        ;
    if (pr <= 0)
        return fail("no client connected within 20 s");
    int fd = accept(ls, NULL, NULL);
    close(ls);
    if (fd < 0)
        return fail("accept failed");
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);

    json_t *name = frame_read(fd);
    if (!json_is_string(name) || !json_string_length(name))
        return fail("the first frame is not a name (a JSON string)");
    json_decref(name);
    if (!strcmp(sc, "drop")) {
        close(fd);
        return 0;
    }
    if (!strcmp(sc, "malformed"))
        return frame_send(fd, "{\"board\": [[\"EMPTY\"", 0) ? 1 : (sleep(5), 0);
    if (!strcmp(sc, "badstate")) {
        char *s = strdup("{\"board\":[[],[],[],[],[],[],[],[],[],[]],\"turn\":\"WHITE\"}");
        int rc = frame_send(fd, s, 0);
        free(s);
        return rc ? 1 : (sleep(5), 0);
    }

    void *st = calloc(1, G->state_size);
    char err[128];
    const char *opt[1] = {"rules=ashton"};
    if (!st || G->init(st, 1, opt, err, sizeof err) != GAME_OK) {
        free(st);
        return fail("cannot start the rules");
    }
    int rc = scenario(fd, sc, st, me_white, color);
    free(st);
    return rc;
}
