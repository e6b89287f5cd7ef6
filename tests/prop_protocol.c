/* prop_protocol.c -- property test: random command sessions in all three
 * games through the real engine over pipes (a fixed seed; a few seconds),
 * with the checks of the fuzz harnesses (tests/invariants.h): every answer
 * framed and carrying its id, a failing or read-only command changes
 * nothing the engine reports (position, history, options, result), the
 * position string round-trips, the engine's legal moves are the rules'
 * and each formats and parses back, a legal move is accepted. Prints a
 * summary; exits non-zero at the first broken promise, with the session
 * so far (to replay: tabula < FILE). Environment: TABULA (the engine),
 * else $top_builddir/src/tabula; PROP_SEED, PROP_COMMANDS. */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "game.h"
#include "invariants.h"
#include "util.h"

#define RESP_MAX (1 << 20)

static pid_t child;
static int to_engine = -1, from_engine = -1;
static char rbuf[RESP_MAX];
static size_t rlen;
static FILE *script;            /* every line sent, for a replay */
static char script_path[] = "/tmp/prop_protocol-XXXXXX";
static uint64_t rng;
static long sent, answered, failures_ok, checks;

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stdout, "FAIL: ");
    vfprintf(stdout, fmt, ap);
    fprintf(stdout, "\n  the session so far: %s (replay: tabula < that file)\n", script_path);
    va_end(ap);
    fflush(script);
    if (child > 0)
        kill(child, SIGKILL);
    exit(1);
}

static void start_engine(const char *engine)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        die("pipe: %s", strerror(errno));
    child = fork();
    if (child < 0)
        die("fork: %s", strerror(errno));
    if (child == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execl(engine, engine, "--protocol", "--quiet", (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_engine = in[1];
    from_engine = out[0];
}

static void send_raw(const char *line)
{
    size_t n = strlen(line);
    fwrite(line, 1, n, script);
    fputc('\n', script);
    while (n > 0) {
        ssize_t k = write(to_engine, line, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            die("the engine stopped reading (exit?) at: %.200s", line);
        line += k;
        n -= (size_t)k;
    }
    if (write(to_engine, "\n", 1) != 1)
        die("the engine stopped reading at: %.200s", line);
    sent++;
}

/* Reads one response (up to its empty line) into rbuf; what came after it
 * waits in pend for the next one. */
static char pend[RESP_MAX];
static size_t plen;

static void read_response(const char *cmd)
{
    for (;;) {
        /* a response ends at the first empty line */
        for (size_t i = 1; i < plen; i++)
            if (pend[i] == '\n' && pend[i - 1] == '\n') {
                rlen = i + 1;
                memcpy(rbuf, pend, rlen);
                rbuf[rlen] = '\0';
                memmove(pend, pend + rlen, plen - rlen);
                plen -= rlen;
                answered++;
                return;
            }
        if (plen >= RESP_MAX - 1)
            die("a response over 1 MB to: %.200s", cmd);
        struct pollfd pf = {.fd = from_engine, .events = POLLIN};
        int r = poll(&pf, 1, 120000);
        if (r == 0)
            die("no answer within 120 s to: %.200s", cmd);
        if (r < 0 && errno == EINTR)
            continue;
        ssize_t k = read(from_engine, pend + plen, RESP_MAX - 1 - plen);
        if (k <= 0)
            die("the engine closed its output (crash?) after: %.200s", cmd);
        plen += (size_t)k;
    }
}

/* Sends a line; if it is due an answer, reads it and checks its framing.
 * Returns 1 if an answer came, 0 if none was due. */
static int run_line(const char *line)
{
    char id[32], name[64], msg[512];
    int due = inv_line(line, id, sizeof id, name, sizeof name);
    send_raw(line);
    if (!due)
        return 0;
    read_response(line);
    if (inv_response(rbuf, rlen, id, msg, sizeof msg))
        die("framing of the answer to \"%.200s\": %s\n  answer: %.300s", line, msg, rbuf);
    return 1;
}

/* A query that must succeed; its result text (after "= ") in out. */
static void query(const char *cmd, char *out, size_t n)
{
    run_line(cmd);
    if (rbuf[0] != '=')
        die("%s failed: %.300s", cmd, rbuf);
    const char *t = rbuf + 2;
    size_t len = strlen(t);
    while (len > 0 && t[len - 1] == '\n')
        len--;
    if (len >= n)
        die("%s: answer too long", cmd);
    memcpy(out, t, len);
    out[len] = '\0';
}

/* ---- what the engine reports, and the variant the tester knows ---- */

struct view {
    char pos[4096], history[65536], options[4096], result[256], moves[8192];
};

static struct view cur;
static char game[32] = "rastros";
static char opts[4][32];
static int nopts;
static char saved_game[32], saved_opts[4][32];
static int saved_nopts = -1;

static void observe(struct view *v)
{
    query("getposition", v->pos, sizeof v->pos);
    query("history", v->history, sizeof v->history);
    query("list_options", v->options, sizeof v->options);
    query("game_over", v->result, sizeof v->result);
    query("legal_moves", v->moves, sizeof v->moves);
}

static int same_view(const struct view *a, const struct view *b)
{
    return !strcmp(a->pos, b->pos) && !strcmp(a->history, b->history) &&
           !strcmp(a->options, b->options) && !strcmp(a->result, b->result) &&
           !strcmp(a->moves, b->moves);
}

/* The rules' view of cur.pos: position round trip, legal moves. */
static void check_rules(const char *after)
{
    const struct game *g = game_find(game);
    const char *o[4];
    char err[256], msg[1024];
    for (int i = 0; i < nopts; i++)
        o[i] = opts[i];
    if (!g)
        die("unknown game %s", game);
    void *st = calloc(1, g->state_size);
    if (!st || g->init(st, nopts, o, err, sizeof err) != GAME_OK)
        die("init %s: %s", game, err);
    if (g->parse_position(st, cur.pos, err, sizeof err) != GAME_OK) {
        if (!strcmp(cur.result, "ongoing"))
            die("after \"%.200s\": getposition \"%s\" does not parse: %s", after, cur.pos, err);
        free(st);               /* a finished game may be refused */
        return;
    }
    if (inv_position(g, nopts, o, st, msg, sizeof msg))
        die("after \"%.200s\": %s", after, msg);
    if (inv_moves(g, st, msg, sizeof msg))
        die("after \"%.200s\": %s", after, msg);
    if (!strcmp(cur.result, "ongoing")) {
        move_t m[GAME_MAX_MOVES];
        int k = g->gen_moves(st, m);
        char list[8192];
        size_t pos = 0;
        list[0] = '\0';
        for (int i = 0; i < k; i++) {
            char t[64];
            g->format_move(st, m[i], t, sizeof t);
            buf_printf(list, sizeof list, &pos, "%s%s", i ? " " : "", t);
        }
        if (strcmp(list, cur.moves) != 0)
            die("after \"%.200s\": legal_moves \"%.300s\", the rules \"%.300s\"", after,
                cur.moves, list);
    }
    checks++;
    free(st);
}

/* ---- the random commands ---- */

static unsigned rnd(unsigned n) { return n ? (unsigned)(rng_next(&rng) % n) : 0; }

static const char *pick(const char *const *a, unsigned n) { return a[rnd(n)]; }
#define PICK(a) pick(a, sizeof a / sizeof *a)

static const char *const colors[] = {"b", "w", "black", "white", "1", "2", "B", "red", ""};
static const char *const numbers[] = {"0", "1", "2", "3", "5", "-1", "7", "12", "x", "1e300",
                                      "9000000000000000", "-0", "0.5", "100", "nan", ""};

/* A word of the current legal moves, or a made-up one. */
static void some_move(char *out, size_t n)
{
    const char *m = cur.moves;
    int count = 0;
    for (const char *c = m; *c; c++)
        count += *c == ' ';
    if (m[0] && rnd(8)) {
        int k = (int)rnd((unsigned)count + 1);
        while (k-- > 0)
            m = strchr(m, ' ') + 1;
        size_t len = strcspn(m, " ");
        snprintf(out, n, "%.*s", (int)len, m);
        if (rnd(4) == 0)
            for (char *c = out; *c; c++)
                *c = (char)toupper((unsigned char)*c);
        return;
    }
    static const char *const odd[] = {"a1", "c3", "z9", "e3-h3", "a4-a3", "0/5", "21/off",
                                      "pass", "resign", "", "h8", "e5-e5", "1/1"};
    snprintf(out, n, "%s", PICK(odd));
}

/* A position string: the current one, mutated, or a known one. */
static void some_position(char *out, size_t n)
{
    static const char *const known[] = {
        "7/7/7/3s3/7/7/7 1", "5/5/2s2/5/5 2", "7/7/7/3x3/2s4/7/7 2", "xxxxx/xxxxx/xxsxx/xxxxx/xxxxx 1",
        "3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3 b",
        "7t1/t4t3/3T5/t2tt1TK1/9/1t2t4/3t5/T1tt1t3/5T3 b",
        "....../....../....../...... w 14,14 0,0 -", "....../....../....../w.w... w 0,2 0,0 -",
        "wbbbbb/W...../....../...... b 11,9 0,0 -"};
    snprintf(out, n, "%s", rnd(3) ? cur.pos : PICK(known));
    size_t len = strlen(out);
    int edits = (int)rnd(3);
    static const char alphabet[] = "xsKTt.wbWB/0123456789 -,12";
    for (int i = 0; i < edits && len > 0; i++)
        out[rnd((unsigned)len)] = alphabet[rnd(sizeof alphabet - 1)];
}

static void newgame_line(char *line, size_t n, const char *g)
{
    static const char *const ra[] = {"size=5", "size=6", "size=7", "size=8", "size=9", "start=a1",
                                     "start=c3", "colour=red"};
    static const char *const ta[] = {"repetition=2", "repetition=3", "repetition=10",
                                     "repetition=1"};
    static const char *const ga[] = {"pieces=2", "pieces=4", "pieces=6", "pieces=14", "pieces=3"};
    size_t pos = 0;
    buf_printf(line, n, &pos, "newgame %s", g);
    if (rnd(2)) {
        const char *o = !strcmp(g, "rastros") ? PICK(ra) : !strcmp(g, "tablut") ? PICK(ta)
                                                                                 : PICK(ga);
        buf_printf(line, n, &pos, " %s", o);
    }
}

/* After a successful line: what the tester must now know of the variant. */
static void track(const char *line)
{
    char words[8][64];
    int nw = 0;
    const char *c = line;
    while (*c && nw < 8) {
        while (*c == ' ')
            c++;
        if (!*c)
            break;
        size_t len = strcspn(c, " ");
        snprintf(words[nw++], sizeof words[0], "%.*s", (int)len, c);
        c += len;
    }
    int f = nw && isdigit((unsigned char)words[0][0]) ? 1 : 0;
    if (nw <= f)
        return;
    const char *cmd = words[f];
    if (!strcmp(cmd, "newgame")) {
        snprintf(game, sizeof game, "%s", words[f + 1]);
        for (char *p = game; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        nopts = 0;
        for (int i = f + 2; i < nw && nopts < 4; i++)
            snprintf(opts[nopts++], sizeof opts[0], "%s", words[i]);
    } else if (!strcmp(cmd, "boardsize")) {
        /* a game of one size takes its own size as a restart: no option */
        const struct game *g = game_find(game);
        const struct variant_key *sk = g ? game_size_key(g) : NULL;
        if (!sk)
            return;
        /* the size key is replaced, square keys are forgotten */
        int k = 0;
        for (int i = 0; i < nopts; i++) {
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)strcspn(opts[i], "="), opts[i]);
            const struct variant_key *vk = game_variant_key(g, key);
            if (vk != sk && !(vk && vk->kind == VARIANT_SQUARE))
                memmove(opts[k++], opts[i], sizeof opts[0]);
        }
        nopts = k;
        if (nopts < 4)
            snprintf(opts[nopts++], sizeof opts[0], "%s=%s", sk->name, words[f + 1]);
    } else if (!strcmp(cmd, "savegame")) {
        snprintf(saved_game, sizeof saved_game, "%s", game);
        memcpy(saved_opts, opts, sizeof opts);
        saved_nopts = nopts;
    } else if (!strcmp(cmd, "loadgame")) {
        snprintf(game, sizeof game, "%s", saved_game);
        memcpy(opts, saved_opts, sizeof opts);
        nopts = saved_nopts;
    }
}

static const char *const read_only[] = {
    "protocol_version", "name", "version", "known_command", "list_commands", "help",
    "list_games", "getposition", "showboard", "history", "legal_moves", "side_to_move",
    "game_over", "final_score", "get_option", "list_options", "eval", "perft", "solve",
    "reg_genmove", "savegame", "analyze", "gogui-rules_board", "gogui-rules_legal_moves",
    "gogui-rules_side_to_move", "gogui-rules_final_result", "gogui-rules_board_size",
    "gogui-rules_game_id", "gogui-analyze_commands", NULL};

static int is_read_only(const char *name)
{
    for (int i = 0; read_only[i]; i++)
        if (!strcmp(read_only[i], name))
            return 1;
    return 0;
}

/* One random line (without an id). Returns 1 when it is not a command at
 * all (garbage: any answer is only checked for its framing). */
static int random_line(char *line, size_t n, const char *file)
{
    char a[4096], b[256];
    unsigned r = rnd(100);
    if (r < 28) {
        some_move(a, sizeof a);
        snprintf(line, n, "play %s %s", rnd(6) ? (rnd(2) ? "b" : "w") : PICK(colors), a);
    } else if (r < 38) {
        static const char *const gm[] = {"genmove", "reg_genmove"};
        snprintf(line, n, "%s %s", PICK(gm), rnd(5) ? (rnd(2) ? "b" : "w") : PICK(colors));
    } else if (r < 46) {
        snprintf(line, n, "undo%s%s", rnd(2) ? " " : "", rnd(2) ? PICK(numbers) : "");
    } else if (r < 50) {
        static const char *const gs[] = {"rastros", "tablut", "grasshopper", "chess", "RASTROS"};
        newgame_line(line, n, rnd(4) ? game : PICK(gs));
    } else if (r < 55) {
        some_position(a, sizeof a);
        snprintf(line, n, "setposition %s", a);
    } else if (r < 64) {
        static const char *const on[] = {"engine", "movetime", "depth", "nodes", "hash", "seed",
                                         "resign", "threads", "colour"};
        static const char *const ev[] = {"alphabeta", "mcts", "random", "minimax"};
        const char *o = PICK(on);
        if (!strcmp(o, "engine"))
            snprintf(b, sizeof b, "%s", PICK(ev));
        else if (!strcmp(o, "nodes"))
            snprintf(b, sizeof b, "%u", 1 + rnd(1500));     /* never 0: searches stay short */
        else if (!strcmp(o, "hash"))
            snprintf(b, sizeof b, "%s", rnd(4) ? (const char *[]){"1", "2", "8"}[rnd(3)]
                                              : (const char *[]){"0", "70000", "x"}[rnd(3)]);
        else if (!strcmp(o, "movetime"))
            snprintf(b, sizeof b, "%u", rnd(40));
        else if (!strcmp(o, "depth"))
            snprintf(b, sizeof b, "%u", rnd(10) < 9 ? rnd(8) : 200);
        else
            snprintf(b, sizeof b, "%s", PICK(numbers));
        snprintf(line, n, "set_option %s %s", o, b);
    } else if (r < 68) {
        if (rnd(2))
            snprintf(line, n, "time_settings %s %s %s", PICK(numbers), PICK(numbers),
                     PICK(numbers));
        else
            snprintf(line, n, "time_left %s %s %s", PICK(colors), PICK(numbers), PICK(numbers));
    } else if (r < 80) {
        static const char *const ro[] = {
            "showboard", "history", "legal_moves", "legal_moves b", "legal_moves w",
            "side_to_move", "game_over", "final_score", "eval", "perft 1", "perft 2",
            "list_games", "list_options", "help", "help play", "known_command solve",
            "get_option nodes", "get_option hash", "get_option x", "name", "version",
            "protocol_version", "list_commands", "gogui-rules_board", "gogui-rules_legal_moves",
            "gogui-rules_side_to_move", "gogui-rules_final_result", "gogui-rules_board_size",
            "gogui-rules_game_id", "gogui-analyze_commands", "solve", "clear_board",
            "boardsize 5", "boardsize 6", "boardsize 9", "boardsize 7", "set_random_seed 3"};
        snprintf(line, n, "%s", PICK(ro));
    } else if (r < 84) {
        snprintf(line, n, "%s %s", rnd(2) ? "savegame" : "loadgame", file);
    } else if (r < 86) {
        snprintf(line, n, "analyze");
    } else {
        /* garbage: random bytes, many words, comments, blanks */
        unsigned kind = rnd(5);
        size_t len = 0;
        if (kind == 0) {
            size_t k = 1 + rnd(60);
            for (size_t i = 0; i < k && len < n - 1; i++) {
                char ch = (char)(1 + rnd(255));
                if (ch != '\n')
                    line[len++] = ch;
            }
            line[len] = '\0';
        } else if (kind == 1) {
            for (unsigned i = 0; i < 70 + rnd(10); i++)
                buf_printf(line, n, &len, "%sw%u", i ? " " : "", i);
        } else if (kind == 2) {
            snprintf(line, n, "%s# a comment play b c3", rnd(2) ? "   " : "");
        } else if (kind == 3) {
            snprintf(line, n, "%s", rnd(2) ? "" : " \t ");
        } else {
            snprintf(line, n, "%s\tc3\r", rnd(2) ? "play\tb" : "PLAY b");
        }
        return 1;
    }
    return 0;
}

static void session(const char *g, int commands, const char *file)
{
    char line[8192], cmdline[8400];
    snprintf(line, sizeof line, "newgame %s", g);
    query(line, cmdline, sizeof cmdline);
    track(line);
    query("set_option nodes 300", cmdline, sizeof cmdline);
    observe(&cur);
    check_rules("newgame");
    for (int i = 0; i < commands; i++) {
        int garbage = random_line(line, sizeof line, file);
        char id[32] = "";
        unsigned r = rnd(10);
        if (r < 3)
            snprintf(id, sizeof id, "%u ", rnd(1000));
        else if (r == 3)
            snprintf(id, sizeof id, "%s ", rnd(2) ? "000123" : "123456789012345678901234567");
        snprintf(cmdline, sizeof cmdline, "%s%s", id, line);
        char name[64], idc[32];
        int due = inv_line(cmdline, idc, sizeof idc, name, sizeof name);
        int analyze = due && !strcmp(name, "analyze");
        int answered_line;
        if (analyze) {
            /* analyze streams until the next line arrives: send one at
             * once, then read both answers */
            char msg[512];
            send_raw(cmdline);
            send_raw("name");
            read_response(cmdline);
            if (inv_response(rbuf, rlen, idc, msg, sizeof msg))
                die("framing of the answer to \"%.200s\": %s\n  answer: %.300s", cmdline, msg,
                    rbuf);
            read_response("name");
            if (strcmp(rbuf, "= Tabula\n\n") != 0)
                die("the line after analyze got: %.300s", rbuf);
            answered_line = 1;
        } else {
            answered_line = run_line(cmdline);
        }
        char status = answered_line ? rbuf[0] : 0;
        if (analyze)
            status = '=';       /* its own answer was checked by run_line */
        if (status == '?')
            failures_ok++;
        struct view before = cur;
        if (status == '=' && !garbage)
            track(cmdline);
        observe(&cur);
        if ((status == '?' || (status == '=' && is_read_only(name)) || !answered_line) &&
            !same_view(&before, &cur))
            die("\"%.200s\" (%s) changed what the engine reports:\n  before %s | %.200s\n"
                "  after  %s | %.200s", cmdline, status == '?' ? "failed" :
                answered_line ? "read-only" : "no answer", before.pos, before.history,
                cur.pos, cur.history);
        check_rules(cmdline);
        /* a legal move of the list is accepted */
        if (cur.moves[0] && rnd(4) == 0 && !strcmp(cur.result, "ongoing")) {
            char mv[64];
            size_t len = strcspn(cur.moves, " ");
            snprintf(mv, sizeof mv, "%.*s", (int)len, cur.moves);
            snprintf(line, sizeof line, "play %s %s", rnd(2) ? "" : "", mv);
            char side[32];
            query("side_to_move", side, sizeof side);
            snprintf(line, sizeof line, "play %s %s", side, mv);
            query(line, cmdline, sizeof cmdline);
            observe(&cur);
            check_rules(line);
        }
    }
}

int main(void)
{
    const char *engine = getenv("TABULA");
    char path[4096];
    if (!engine) {
        const char *b = getenv("top_builddir");
        snprintf(path, sizeof path, "%s/src/tabula", b ? b : "..");
        engine = path;
    }
    if (access(engine, X_OK) != 0) {
        printf("prop_protocol: no engine at %s\n", engine);
        return 1;
    }
    int fd = mkstemp(script_path);
    script = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!script) {
        printf("prop_protocol: cannot write %s\n", script_path);
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);
    const char *s = getenv("PROP_SEED");
    rng = s ? strtoull(s, NULL, 10) : 20261203;
    const char *c = getenv("PROP_COMMANDS");
    int commands = c ? atoi(c) : 1000;
    char file[64];
    snprintf(file, sizeof file, "%s.rec", script_path);
    start_engine(engine);
    static const char *const games[] = {"rastros", "tablut", "grasshopper"};
    for (int i = 0; i < 3; i++)
        session(games[i], commands, file);
    send_raw("quit");
    int status;
    waitpid(child, &status, 0);
    fclose(script);
    unlink(script_path);
    unlink(file);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        printf("FAIL: the engine exited with status %d\n", status);
        return 1;
    }
    printf("prop_protocol: seed %llu, %d random lines a game in 3 games: %ld lines sent, "
           "%ld answers, %ld refused (and changed nothing), %ld rule checks\n",
           (unsigned long long)(s ? strtoull(s, NULL, 10) : 20261203), commands, sent, answered,
           failures_ok, checks);
    return 0;
}
