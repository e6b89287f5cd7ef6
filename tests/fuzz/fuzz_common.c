/* fuzz_common.c -- what both libFuzzer harnesses share (fuzz_common.h): a
 * session per input writing into memory, limits that keep every command
 * short, the snapshot of what a command may change, the checks after each
 * line. Only for tests/fuzz/; it looks into struct session on purpose. */
#define _GNU_SOURCE
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <sys/stat.h>
#include "fuzz_common.h"
#include "games/grasshopper_table.h"
#include "invariants.h"
#include "options.h"

/* every search a line starts stops at this many nodes (or iterations) */
#define FUZZ_NODES 1000
/* hash option values above this are skipped: memory, not behaviour */
#define FUZZ_HASH_MB 8
/* perft deeper than this is skipped (Tablut perft 3 is 4.7 million) */
#define FUZZ_PERFT 2
/* threads option values above this are skipped: a machine's cores, not
 * behaviour */
#define FUZZ_THREADS 2
/* the tables directories a line may name besides none: one that does not
 * exist, and those of make_tables (set_option tables t0 .. t3) */
#define FUZZ_NO_TABLES "/nonexistent/tables"
#define FUZZ_TABLE_DIRS 4

static void fail(const char *what, const char *line, const char *detail)
{
    fprintf(stderr, "fuzz: %s\n  line: %.300s\n  %s\n", what, line, detail);
    abort();
}

/* ---- the snapshot: everything a failing command must leave alone ---- */

struct snap {
    const struct game *g;
    char opts[512];
    unsigned char *st, *start;
    int setup, nmoves;
    char *history;
    const struct searcher_ops *engine;
    int hash_mb, depth, threads, resign, book, byo_stones;
    char tables[sizeof ((struct session *)0)->tables];
    uint64_t nodes, seed;
    int64_t movetime_ms, main_ms, byo_ms, left_ms[2];
    int left_stones[2], have_left[2];
};

static void snap_take(const struct session *s, struct snap *n)
{
    size_t pos = 0, hl = 1;
    memset(n, 0, sizeof *n);
    n->g = s->g;
    for (int i = 0; i < s->nopts; i++)
        pos += (size_t)snprintf(n->opts + pos, pos < sizeof n->opts ? sizeof n->opts - pos : 0,
                                "%s ", s->opts[i]);
    n->st = malloc(s->g->state_size);
    n->start = malloc(s->g->state_size);
    for (int i = 0; i < s->nmoves; i++)
        hl += strlen(s->moves[i].text) + 1;
    n->history = malloc(hl);
    if (!n->st || !n->start || !n->history)
        abort();
    memcpy(n->st, s->st, s->g->state_size);
    memcpy(n->start, s->start, s->g->state_size);
    n->history[0] = '\0';
    for (int i = 0; i < s->nmoves; i++) {
        strcat(n->history, s->moves[i].text);
        strcat(n->history, " ");
    }
    n->setup = s->setup;
    n->nmoves = s->nmoves;
    n->engine = s->engine;
    n->hash_mb = s->hash_mb;
    n->depth = s->depth;
    n->threads = s->threads;
    n->resign = s->resign;
    n->book = s->book;
    memcpy(n->tables, s->tables, sizeof n->tables);
    n->nodes = s->nodes;
    n->seed = s->seed;
    n->movetime_ms = s->movetime_ms;
    n->main_ms = s->main_ms;
    n->byo_ms = s->byo_ms;
    n->byo_stones = s->byo_stones;
    for (int i = 0; i < 2; i++) {
        n->left_ms[i] = s->left_ms[i];
        n->left_stones[i] = s->left_stones[i];
        n->have_left[i] = s->have_left[i];
    }
}

static void snap_free(struct snap *n)
{
    free(n->st);
    free(n->start);
    free(n->history);
}

/* NULL when s is as n saw it, else what changed. */
static const char *snap_diff(const struct session *s, const struct snap *n)
{
    struct snap now;
    const char *d = NULL;
    snap_take(s, &now);
    if (now.g != n->g) d = "the game";
    else if (strcmp(now.opts, n->opts)) d = "the variant";
    else if (memcmp(now.st, n->st, n->g->state_size)) d = "the position";
    else if (memcmp(now.start, n->start, n->g->state_size)) d = "the start position";
    else if (now.setup != n->setup || now.nmoves != n->nmoves || strcmp(now.history, n->history))
        d = "the history";
    else if (now.engine != n->engine || now.hash_mb != n->hash_mb || now.depth != n->depth ||
             now.threads != n->threads || now.resign != n->resign || now.nodes != n->nodes ||
             now.seed != n->seed || now.movetime_ms != n->movetime_ms ||
             now.book != n->book || strcmp(now.tables, n->tables))
        d = "an option";
    else if (now.main_ms != n->main_ms || now.byo_ms != n->byo_ms ||
             now.byo_stones != n->byo_stones || now.left_ms[0] != n->left_ms[0] ||
             now.left_ms[1] != n->left_ms[1] || now.left_stones[0] != n->left_stones[0] ||
             now.left_stones[1] != n->left_stones[1] || now.have_left[0] != n->have_left[0] ||
             now.have_left[1] != n->have_left[1])
        d = "a clock";
    snap_free(&now);
    return d;
}

/* Commands that change nothing even when they succeed. */
static int read_only(const char *name)
{
    static const char *const ro[] = {
        "protocol_version", "name", "version", "known_command", "list_commands", "help",
        "list_games", "getposition", "showboard", "history", "legal_moves", "side_to_move",
        "game_over", "final_score", "get_option", "list_options", "eval", "perft", "solve",
        "analyze", "reg_genmove", "savegame", "gogui-analyze_commands", "gogui-rules_game_id",
        "gogui-rules_board_size", "gogui-rules_board", "gogui-rules_legal_moves",
        "gogui-rules_side_to_move", "gogui-rules_final_result", NULL
    };
    for (int i = 0; ro[i]; i++)
        if (strcmp(ro[i], name) == 0)
            return 1;
    return 0;
}

/* ---- sessions ---- */

static char fuzz_dir[64];

static void remove_tables(void);

static void remove_dir(void)
{
    char path[128];
    remove_tables();
    static const char *const names[] = {"record", "record2", NULL};
    for (int i = 0; names[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", fuzz_dir, names[i]);
        unlink(path);
    }
    rmdir(fuzz_dir);
}

/* ---- value tables: directories of good and damaged table files ----
 * t0: the pieces=2 table, whole; t1: it cut short, and an empty pieces=4
 * file; t2: a FIFO and /dev/zero as tables; t3: the pieces=2 table with a
 * byte of a layer changed, and a file of another variant's name. A line
 * names one as "t0" .. "t3" (the harness gives the full path). */
static const char *const table_files[] = {
    "t0/grasshopper-2.tab", "t1/grasshopper-2.tab", "t1/grasshopper-4.tab",
    "t2/grasshopper-2.tab", "t2/grasshopper-4.tab", "t3/grasshopper-2.tab",
    "t3/grasshopper-6.tab", NULL
};

static void remove_tables(void)
{
    char path[160];
    for (int i = 0; table_files[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", fuzz_dir, table_files[i]);
        unlink(path);
    }
    for (int d = 0; d < FUZZ_TABLE_DIRS; d++) {
        snprintf(path, sizeof path, "%s/t%d", fuzz_dir, d);
        rmdir(path);
    }
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f))
        abort();
}

static void make_tables(void)
{
    struct ght *T = ght_create(2);
    struct ght_file_header h;
    if (!T)
        abort();
    ght_file_layout(T, &h);
    const uint64_t end = h.offset[T->nlayers - 1] + (T->layer_size[T->nlayers - 1] + 3) / 4;
    uint8_t *file = calloc(1, end);
    uint8_t *lay[10 * GHT_MAX_PIECES + 3] = {0};
    if (!file)
        abort();
    for (int t = T->nlayers - 1; t >= 0; t--) {
        struct ght_stats st;
        lay[t] = file + h.offset[t];
        if (ght_solve_layer(T, t, lay[t], lay[t + 1], lay[t + 2], 0, &st))
            abort();
        ght_file_set_done(&h, t, ght_sum(lay[t], (T->layer_size[t] + 3) / 4));
    }
    memcpy(file, &h, sizeof h);
    char path[160];
    for (int d = 0; d < FUZZ_TABLE_DIRS; d++) {
        snprintf(path, sizeof path, "%s/t%d", fuzz_dir, d);
        if (mkdir(path, 0700))
            abort();
    }
#define P(name) (snprintf(path, sizeof path, "%s/%s", fuzz_dir, name), path)
    write_file(P("t0/grasshopper-2.tab"), file, end);
    write_file(P("t1/grasshopper-2.tab"), file, end / 2);
    write_file(P("t1/grasshopper-4.tab"), "", 0);
    if (mkfifo(P("t2/grasshopper-2.tab"), 0600) || symlink("/dev/zero", P("t2/grasshopper-4.tab")))
        abort();
    file[h.offset[3] + 1] ^= 0xff;
    write_file(P("t3/grasshopper-2.tab"), file, end);
    write_file(P("t3/grasshopper-6.tab"), file, end);
#undef P
    free(file);
    ght_destroy(T);
}

/* The start-up state again, without making the 64 MB default tables anew
 * for every input (under ASan that alone took 0.2 s an input): the game,
 * the options and the clocks as session_init leaves them, the engine
 * alpha-beta with a 1 MB table. fuzz_open checks list_options against the
 * first session's, so an option added later cannot escape the reset. */
static void fuzz_reset(struct fuzz *f)
{
    struct session *s = &f->p.s;
    char err[256];
    if (s->engine != &alphabeta_searcher && session_set_engine(s, "alphabeta") != SESS_OK)
        abort();
    if (s->hash_mb != 1 && session_set_hash(s, 1) != SESS_OK)
        abort();
    if (session_newgame(s, "rastros", 0, NULL, err, sizeof err) != SESS_OK)
        abort();
    s->depth = 0;
    s->threads = 1;
    s->nodes = 0;
    s->movetime_ms = 0;
    s->seed = 0;
    s->resign = 0;
    s->book = 1;
    s->tables[0] = '\0';
    s->main_ms = -1;
    s->byo_ms = 0;
    s->byo_stones = 0;
    for (int i = 0; i < 2; i++) {
        s->left_ms[i] = 0;
        s->left_stones[i] = 0;
        s->have_left[i] = 0;
    }
    f->p.quit = 0;
    f->p.interrupt = 0;
    f->p.interrupted = 0;
}

void fuzz_open(struct fuzz *f)
{
    static char options[4096];
    if (!fuzz_dir[0]) {
        snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/tabula-fuzz-XXXXXX");
        if (!mkdtemp(fuzz_dir))
            abort();
        atexit(remove_dir);
        make_tables();
    }
    snprintf(f->dir, sizeof f->dir, "%s", fuzz_dir);
    snprintf(f->file, sizeof f->file, "%s/record", fuzz_dir);
    f->buf = NULL;
    f->len = 0;
    f->out = open_memstream(&f->buf, &f->len);
    if (!f->out)
        abort();
    if (!f->open) {
        if (proto_init(&f->p, f->out) != 0)
            abort();
        /* a small table: the default 64 MB would be cleared on every newgame */
        char err[128];
        if (option_set(&f->p.s, option_find("hash"), "1", err, sizeof err) != SESS_OK)
            abort();
        input_init(&f->eof_in, -1);
        f->eof_in.eof = 1;
        f->p.in = &f->eof_in;
        f->open = 1;
    } else {
        f->p.out = f->out;
        fuzz_reset(f);
    }
    char line[] = "list_options";
    proto_execute(&f->p, line);
    fflush(f->out);
    if (!options[0])
        snprintf(options, sizeof options, "%s", f->buf);
    else if (strcmp(options, f->buf) != 0)
        fail("the reset between inputs missed an option", "list_options", f->buf);
    fuzz_check_position(f, "start");
}

void fuzz_close(struct fuzz *f)
{
    fclose(f->out);
    free(f->buf);
    f->buf = NULL;
    f->out = NULL;
}

void fuzz_check_position(struct fuzz *f, const char *context)
{
    struct session *s = &f->p.s;
    char msg[1024];
    if (inv_position(s->g, s->nopts, (const char *const *)s->opts, s->st, msg, sizeof msg))
        fail("position string round trip", context, msg);
    if (inv_moves(s->g, s->st, msg, sizeof msg))
        fail("legal moves round trip", context, msg);
    /* no lost game state: the history replayed from the start is the
     * position */
    const struct game *g = s->g;
    unsigned char *st = malloc(g->state_size);
    if (!st)
        abort();
    memcpy(st, s->start, g->state_size);
    for (int i = 0; i < s->nmoves; i++) {
        move_t m;
        char err[256];
        if (g->parse_move(st, s->moves[i].text, &m, err, sizeof err) != GAME_OK) {
            snprintf(msg, sizeof msg, "move %d \"%s\" of the history: %s", i,
                     s->moves[i].text, err);
            fail("history replay", context, msg);
        }
        game_undo u;
        g->make(st, m, &u);
    }
    char a[4096], b[4096];
    g->format_position(st, a, sizeof a);
    g->format_position(s->st, b, sizeof b);
    if (strcmp(a, b) != 0 || g->hash(st) != g->hash(s->st)) {
        snprintf(msg, sizeof msg, "replayed \"%s\", current \"%s\"", a, b);
        fail("history replay", context, msg);
    }
    free(st);
}

/* Splits a cleaned line into at most max words (in place). */
static int split_words(char *line, char **w, int max)
{
    int n = 0;
    char *c = line;
    for (char *r = line; *r && *r != '#'; r++) {
        unsigned char ch = (unsigned char)*r;
        if (ch == '\t')
            ch = ' ';
        else if (ch < 32 || ch == 127)
            continue;
        *c++ = (char)ch;
    }
    *c = '\0';
    for (char *tok = strtok(line, " "); tok && n < max; tok = strtok(NULL, " "))
        w[n++] = tok;
    return n;
}

int fuzz_line(struct fuzz *f, const char *line)
{
    struct session *s = &f->p.s;
    char id[32], name[64];
    int due = inv_line(line, id, sizeof id, name, sizeof name);
    size_t ll = strlen(line);
    char *run = malloc(ll + sizeof f->file + 2);
    char *copy = malloc(ll + 1);
    if (!run || !copy)
        abort();
    memcpy(run, line, ll + 1);
    memcpy(copy, line, ll + 1);

    /* what the harness does not let a line do: run long, use much memory,
     * touch files of its own choosing */
    char *w[8];
    int nw = split_words(copy, w, 8);
    int first = due && id[0] ? 1 : 0;
    int skip = 0;
    if (due && nw > first) {
        const char *cmd = w[first];
        const char *a1 = nw > first + 1 ? w[first + 1] : "";
        const char *a2 = nw > first + 2 ? w[first + 2] : "";
        if (!strcmp(cmd, "bench"))
            skip = 1;
        else if (!strcmp(cmd, "perft") && strtol(a1, NULL, 10) > FUZZ_PERFT)
            skip = 1;
        else if (!strcmp(cmd, "set_option") && !strcmp(a1, "hash") &&
                 strtol(a2, NULL, 10) > FUZZ_HASH_MB)
            skip = 1;
        else if (!strcmp(cmd, "set_option") && !strcmp(a1, "threads") &&
                 strtol(a2, NULL, 10) > FUZZ_THREADS)
            skip = 1;
        else if (!strcmp(cmd, "set_option") && !strcmp(a1, "tables") && strcmp(a2, "none") &&
                 strcmp(a2, FUZZ_NO_TABLES)) {
            /* no directory of the line's choosing is read: t0 .. t3 are
             * the harness's (good and damaged tables), the rest skipped */
            if (a2[0] == 't' && a2[1] >= '0' && a2[1] < '0' + FUZZ_TABLE_DIRS && !a2[2])
                sprintf(run, "%s%sset_option tables %s/%s", id, id[0] ? " " : "", f->dir, a2);
            else
                skip = 1;
        }
        else if ((!strcmp(cmd, "savegame") || !strcmp(cmd, "loadgame")) && nw > first + 1) {
            /* the same words, the file name replaced (and the rest kept) */
            size_t pos = 0;
            pos += (size_t)sprintf(run + pos, "%s%s%s %s", id, id[0] ? " " : "", cmd, f->file);
            for (int i = first + 2; i < nw; i++)
                pos += (size_t)sprintf(run + pos, " %s", w[i]);
        }
    }
    if (skip) {
        free(run);
        free(copy);
        return 0;
    }
    if (s->nodes == 0 || s->nodes > FUZZ_NODES)
        s->nodes = FUZZ_NODES;

    struct snap before;
    snap_take(s, &before);
    size_t at = f->len;
    proto_execute(&f->p, run);
    fflush(f->out);
    const char *resp = f->buf + at;
    size_t rl = f->len - at;
    char msg[1024];
    if (!due) {
        if (rl != 0) {
            snprintf(msg, sizeof msg, "%zu bytes: %.200s", rl, resp);
            fail("a response to an empty line", line, msg);
        }
    } else {
        if (inv_response(resp, rl, id, msg, sizeof msg)) {
            char full[1400];
            snprintf(full, sizeof full, "%s; response: %.300s", msg, resp);
            fail("framing", line, full);
        }
        const char *d = NULL;
        if (resp[0] == '?' || read_only(name))
            d = snap_diff(s, &before);
        if (d) {
            snprintf(msg, sizeof msg, "%s changed; response: %.300s", d, resp);
            fail(resp[0] == '?' ? "a failing command changed something" :
                 "a read-only command changed something", line, msg);
        }
    }
    snap_free(&before);
    fuzz_check_position(f, line);
    int quit = f->p.quit;
    free(run);
    free(copy);
    return quit;
}

void fuzz_session(struct fuzz *f, const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char *line;
    if (fd < 0) {
        fd = memfd_create("fuzz-input", 0);
        line = malloc(PROTO_MAX_LINE);
        if (fd < 0 || !line)
            abort();
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size ||
        lseek(fd, 0, SEEK_SET) != 0)
        abort();
    static struct input in;
    input_init(&in, fd);
    /* as in proto_loop: a search sees the lines still to come (analyze
     * ends when one is there, "# interrupt" stops a search) */
    f->p.in = &in;
    int toolong;
    while (input_getline(&in, line, PROTO_MAX_LINE, &toolong)) {
        if (toolong)
            continue;           /* refused by the loop itself (run_robust) */
        if (fuzz_line(f, line))
            break;
    }
    f->p.in = &f->eof_in;
}
