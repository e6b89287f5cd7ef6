/* rastros-tool.c -- the Rastros benchmarks' helper, built and run by
 * bench/rastros-book and bench/rastros-perfect; uses the solver's internals
 * (games/rastros_int.h).
 *   book OUT BUDGET OPTIONS:PLY...  makes the opening book: every position
 *       reachable from the given variants up to a ply is tried, deepest
 *       first, as genmove meets it (an empty table, the book made so far, a
 *       node budget); a won position that does not fit goes into the book
 *       with a winning move; keep8:BOOK as an OPTIONS:PLY keeps the 8x8
 *       entries of BOOK, keep:BOOK all its entries (a run then adds what
 *       the book lacks)
 *   sample N SEED MAXPLY OPTIONS    prints N random game prefixes (plies
 *       uniform in 0..MAXPLY, random legal moves, games not over)
 *   check                           reads "OPTIONS MOVES... -> ANSWER" lines
 *       and says whether ANSWER keeps the value, by proofs without the book
 *   book8 IN OUT HASH_MB THREADS MINWORK [OPTIONS [MOVES]]  proves 8x8
 *       from e5 (or the variant OPTIONS after MOVES, a position lost for the
 *       side to move), then writes the book IN with, added, every position
 *       of the proof where the winner is to move and its proof took at least
 *       2^MINWORK nodes, with the winning move
 *   strategy [--with-book] [--only-new] [--policy P] IN OUT HASH_MB THREADS BUDGET
 *           [OPTIONS [MOVES]]  the winner's strategy from a lost position
 *       (8x8 from e5 by default): against every move of the loser, the
 *       winner's answer is stored unless a proof from an empty table (no
 *       book) settles the position within BUDGET nodes; then on against
 *       every reply. Writes IN with the answers added (--only-new: the
 *       answers alone). --with-book: the proofs that find the answers may
 *       use IN's entries. --policy 1: of the winning answers, the one that
 *       leaves the loser the fewest replies a small proof does not refute
 *       (default 0: the proof's move).
 *   estimate PROBES SEED POLICY HASH_MB BOOK OPTIONS [MOVES]  Knuth's
 *       estimate of the size of that strategy (random lines of the loser;
 *       transpositions ignored, so an overestimate)
 *   strategy-merge OUT IN...        one strategy file of the answers of
 *       the files IN ("-7": the compiled-in 7x7 fixes)
 *   pack8 BOOK OUT                  the strategy file (games/rastros8.strategy)
 *       of the 8x8 winner entries of BOOK (what strategy --only-new writes)
 *   deep8 N SEED FILE MINPLY MAXPLY  N positions deep in the strategy FILE
 *       (random moves of player 1, the strategy's answers), with every
 *       winning move there (for the unit tests)
 *   walk [--strategy FILE] [--genmove NODES [--carry] [--play|--defend] [--all]] [--fix OUT]
 *       [--oriented] BOOK BUDGET [OPTIONS [MOVES]]  checks the
 *       winner's strategy in FILE ("-": the compiled-in one, looked up by
 *       the function the solver's root uses), or else in BOOK ("-": none),
 *       from a lost position by walking it against every move of the
 *       loser: where it has no answer, a proof from an empty table without
 *       the book (genmove's, with the book, takes no more) must show the
 *       winner wins within BUDGET nodes. Prints the positions visited and
 *       exits 1 on any position lost or left unsettled. --genmove NODES:
 *       where that proof does not settle it, the engine's own move (genmove
 *       at NODES, the build's book) must keep the win (genmove's proof or a
 *       whole one), and the walk goes on after it. --carry (after --genmove):
 *       every winner's move is the engine's in one game from the start, as
 *       the protocol plays it (a session: genmove for the winner's earlier
 *       moves on the path, play for the loser's, whatever the engine keeps
 *       between moves kept); a position is a leaf where genmove proves it
 *       and a proof without the book settles it within BUDGET; positions
 *       are not merged (their games differ), so it walks every line.
 *       --play / --defend (after --genmove): every game the engine plays at
 *       NODES from the position of OPTIONS and MOVES, as the side to move
 *       (--play) or as the other side (--defend), against every move of
 *       the opponent: where the position is won for the engine, as above
 *       (its answer, or genmove's move that must keep the win); where it
 *       is lost, genmove's move (a new game, one thread), walked on unless
 *       a proof without the book settles the loss within BUDGET (a leaf).
 *       --all (after those): no leaves, every game to its end; a won
 *       position that a small proof settles is played by genmove too
 *       (its move must keep the win). With --play or --defend a position
 *       and its mirror image are walked apart (genmove breaks ties by
 *       square order, so its moves there need not mirror each other);
 *       --oriented: so are they in any walk (a leaf's proof takes its own
 *       nodes in each)
 *   throws [--mirror] OUT NODES OPTIONS:MAXPLY MINPLY [K/N]  every
 *       position from MAXPLY down to MINPLY (shard K of N) as genmove at
 *       NODES meets it (a new game, the build's book, one thread); a won
 *       position whose move throws the win goes into the book OUT (its
 *       entries alone) with a winning move. The positions are one of each
 *       mirror pair (across a1-g7; the solver's key folds them); --mirror:
 *       the other one instead (each position's mirror image, none where the
 *       two are one), and OUT is a strategy file of the thrown positions'
 *       winning moves (root only): each the mirror of genmove's move in the
 *       mirror image (the position checked before) where that wins, so that
 *       there the entry plays what genmove played and every check of those
 *       positions stands (else the proof's move, said in the log)
 *   mirror-fix OUT NODES  the same answers for the THROWN lines of a
 *       throws --mirror log on standard input, into the strategy file OUT;
 *       mirror-fix --check - NODES checks them as the build plays: genmove
 *       at NODES keeps the win in each thrown position and plays the mirror
 *       of that move in its mirror image (exit 1 if not)
 *   merge OUT IN...                 one book of the entries of books made
 *       apart (by variants run side by side), a key kept once (the
 *       first book's entry); an IN written 8:BOOK gives only its 8x8
 *       entries, 5-7:BOOK only the others */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "util.h"
#include "games/rastros_int.h"
#include "search/search.h"
#include "session.h"
#include "options.h"

struct entry {
    int size;
    uint64_t w[2];
};

static struct entry *book;
static size_t nbook, capbook;
static unsigned char *blob;
static size_t bloblen;

static int cmp_entry(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    if (x->size != y->size)
        return x->size < y->size ? -1 : 1;
    if (x->w[0] != y->w[0])
        return x->w[0] < y->w[0] ? -1 : 1;
    if (x->w[1] != y->w[1])
        return x->w[1] < y->w[1] ? -1 : 1;
    return 0;
}

static void put_word(unsigned char *p, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(w >> (8 * i));
}

/* Lays the entries out as the book file does. */
static void make_blob(void)
{
    qsort(book, nbook, sizeof *book, cmp_entry);
    size_t n[4] = {0, 0, 0, 0}, words = 5;
    for (size_t i = 0; i < nbook; i++) {
        n[book[i].size - 5]++;
        words += book[i].size == 8 ? 2 : 1;
    }
    free(blob);
    bloblen = words * 8;
    blob = calloc(1, bloblen);
    memcpy(blob, RASTROS_BOOK_MAGIC, 8);
    for (int i = 0; i < 4; i++)
        put_word(blob + 8 + 8 * i, n[i]);
    size_t off = 40;
    for (size_t i = 0; i < nbook; i++) {
        put_word(blob + off, book[i].w[0]);
        off += 8;
        if (book[i].size == 8) {
            put_word(blob + off, book[i].w[1]);
            off += 8;
        }
    }
}

/* Writes the book (make_blob's layout) to path; nonzero on failure, said. */
static int write_book(const char *path)
{
    make_blob();
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(blob, 1, bloblen, f) != bloblen || fclose(f) != 0) {
        perror(path);
        return 1;
    }
    return 0;
}

static void add_entry(const struct rastros_key *k, int win, int move)
{
    if (nbook == capbook) {
        capbook = capbook ? 2 * capbook : 4096;
        book = realloc(book, capbook * sizeof *book);
    }
    unsigned low = (win ? RB_WIN : 0) | (unsigned)(move & 63);
    struct entry *e = &book[nbook++];
    e->size = k->size;
    if (k->size < 8) {
        e->w[0] = rastros_book_pack(k->size, k->mask, k->snail, k->stm) | low;
        e->w[1] = 0;
    } else {
        e->w[0] = k->mask;
        e->w[1] = (uint64_t)k->snail << 8 | (uint64_t)k->stm << 7 | low;
    }
}

/* ---- a set of canonical keys ---- */
struct keyset {
    uint64_t *k;                /* mask, then snail | stm << 6 | 1 << 7 (| sym << 8) */
    size_t cap, n;
    int oriented;               /* the key's symmetry too: a position and its
                                 * mirror image are two positions */
};

static int keyset_add(struct keyset *s, const struct rastros_key *k)
{
    if (2 * (s->n + 1) > s->cap) {
        struct keyset t = {calloc(2 * (s->cap ? s->cap : 1024), 16), 2 * (s->cap ? s->cap : 1024), 0,
                           s->oriented};
        for (size_t i = 0; i < s->cap; i++)
            if (s->k[2 * i + 1]) {
                struct rastros_key kk = {s->k[2 * i], (int)(s->k[2 * i + 1] & 63),
                                         (int)(s->k[2 * i + 1] >> 6 & 1), 0,
                                         (int)(s->k[2 * i + 1] >> 8 & 3)};
                keyset_add(&t, &kk);
            }
        free(s->k);
        *s = t;
    }
    uint64_t x = (uint64_t)k->snail | (uint64_t)k->stm << 6 | 1u << 7 |
        (s->oriented ? (uint64_t)k->sym << 8 : 0);
    size_t h = (size_t)((k->mask * 0x9e3779b97f4a7c15ULL ^ x * 0xbf58476d1ce4e5b9ULL) >> 17);
    for (;; h++) {
        h &= s->cap - 1;
        if (!s->k[2 * h + 1]) {
            s->k[2 * h] = k->mask;
            s->k[2 * h + 1] = x;
            s->n++;
            return 1;
        }
        if (s->k[2 * h] == k->mask && s->k[2 * h + 1] == x)
            return 0;
    }
}

/* ---- positions by ply ---- */
struct layer {
    unsigned char *st;          /* state_size each */
    size_t n, cap;
};

static void layer_add(struct layer *l, const void *st, size_t sz)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->st = realloc(l->st, l->cap * sz);
    }
    memcpy(l->st + l->n++ * sz, st, sz);
}

static void install(void *a, void *z)
{
    struct rastros_book b;
    make_blob();
    if (rastros_book_open_mem(&b, blob, bloblen) != 0) {
        fprintf(stderr, "rastros-tool: bad blob\n");
        exit(1);
    }
    rastros_solver_set_book(a, &b);
    rastros_solver_set_book(z, &b);
}

/* Proves st to the end (no node limit, one thread) into r; a proof that
 * fails ends the program. */
static void prove(void *sv, void *st, int flags, struct game_solve_result *r)
{
    struct game_solve_limits all = {.threads = 1};
    if (!rastros_solve_ex(sv, st, &all, r, flags)) {
        fprintf(stderr, "rastros-tool: proof failed\n");
        exit(1);
    }
}

/* The child of st by move m into out (state_size bytes), its status in *gs. */
static void child_of(const void *st, move_t m, void *out, struct game_status *gs)
{
    const struct game *g = &rastros_game;
    game_undo u;
    memcpy(out, st, g->state_size);
    g->make(out, m, &u);
    g->status(out, gs);
}

/* Does move m keep the win of st (st unchanged)? The child proved with
 * flags; its nodes are added to *nodes (if not NULL). */
static int keeps_win(void *sv, const void *st, move_t m, int flags, uint64_t *nodes)
{
    const struct game *g = &rastros_game;
    unsigned char ch[512];
    struct game_status gs;
    child_of(st, m, ch, &gs);
    if (gs.over)
        return gs.winner == g->side_to_move(st);
    struct game_solve_result r;
    prove(sv, ch, flags, &r);
    if (nodes)
        *nodes += r.nodes;
    return r.value < 0;
}

/* Every position reachable from the variant spec's OPTIONS (comma-
 * separated) up to its PLY, by ply, each canonical key once; *maxply_out
 * gets PLY. */
static struct layer *make_layers(const char *spec, int *maxply_out)
{
    const struct game *g = &rastros_game;
    char buf[128], err[128];
    snprintf(buf, sizeof buf, "%s", spec);
    char *colon = strrchr(buf, ':');
    if (!colon) {
        fprintf(stderr, "rastros-tool: SPEC is OPTIONS:PLY, not %s\n", spec);
        exit(2);
    }
    *colon = '\0';
    int maxply = atoi(colon + 1);
    const char *opts[4];
    int no = 0;
    for (char *t = strtok(buf, ","); t && no < 4; t = strtok(NULL, ","))
        opts[no++] = t;
    size_t sz = g->state_size;
    unsigned char st[512], ch[512];
    if (g->init(st, no, opts, err, sizeof err) != GAME_OK) {
        fprintf(stderr, "rastros-tool: %s: %s\n", spec, err);
        exit(2);
    }
    struct layer *layers = calloc((size_t)maxply + 1, sizeof *layers);
    layer_add(&layers[0], st, sz);
    for (int ply = 0; ply < maxply; ply++) {
        struct keyset seen = {NULL, 0, 0, 0};
        for (size_t i = 0; i < layers[ply].n; i++) {
            memcpy(st, layers[ply].st + i * sz, sz);
            move_t m[GAME_MAX_MOVES];
            int k = g->gen_moves(st, m);
            for (int j = 0; j < k; j++) {
                struct game_status gs;
                child_of(st, m[j], ch, &gs);
                if (gs.over)
                    continue;
                struct rastros_key key;
                rastros_position_key(ch, &key);
                if (keyset_add(&seen, &key))
                    layer_add(&layers[ply + 1], ch, sz);
            }
        }
        free(seen.k);
    }
    *maxply_out = maxply;
    return layers;
}

static void run_spec(const char *spec, uint64_t budget, void *a, void *z)
{
    const struct game *g = &rastros_game;
    size_t sz = g->state_size;
    unsigned char st[512];
    int maxply;
    struct layer *layers = make_layers(spec, &maxply);
    printf("%s up to ply %d, budget %llu nodes\n", spec, maxply, (unsigned long long)budget);
    for (int ply = maxply; ply >= 0; ply--) {
        int64_t t0 = now_ms();
        size_t hard_won = 0, hard_lost = 0, won = 0;
        uint64_t tried = 0, proved = 0;
        for (size_t i = 0; i < layers[ply].n; i++) {
            if (i && i % 20000 == 0) {
                fprintf(stderr, "  ply %d: %zu of %zu, %zu hard won so far, %.0f s\n", ply, i,
                        layers[ply].n, hard_won, (double)(now_ms() - t0) / 1000.0);
            }
            memcpy(st, layers[ply].st + i * sz, sz);
            struct game_solve_limits lim = {.nodes = budget, .threads = 1};
            struct game_solve_result r;
            rastros_solver_clear(a);
            int ok = rastros_solve_ex(a, st, &lim, &r, 0);
            tried += r.nodes;
            if (ok) {
                won += r.value > 0;
                continue;
            }
            prove(z, st, 0, &r);
            proved += r.nodes;
            struct rastros_key key;
            rastros_position_key(st, &key);
            if (r.value > 0) {
                won++;
                hard_won++;
                add_entry(&key, 1, rastros_sym_square(key.size, key.sym, (int)r.best));
            } else {
                hard_lost++;
            }
        }
        install(a, z);
        printf("ply %2d: %8zu positions, %7zu won, %6zu hard won (in the book), %6zu hard lost;"
               " %llu + %llu nodes, %.1f s\n", ply, layers[ply].n, won, hard_won, hard_lost,
               (unsigned long long)tried, (unsigned long long)proved,
               (double)(now_ms() - t0) / 1000.0);
        fflush(stdout);
        free(layers[ply].st);
    }
    free(layers);
}

static void load_book(const char *path);
static int cmd_strategy(int argc, char **argv);
static int cmd_walk(int argc, char **argv);
static int cmd_strategy_merge(int argc, char **argv);
static int cmd_merge(int argc, char **argv);
static int cmd_sample(int argc, char **argv);
static int cmd_check(void);
static int cmd_book8(int argc, char **argv);
static int cmd_estimate(int argc, char **argv);
static int cmd_pack8(int argc, char **argv);
static int cmd_deep8(int argc, char **argv);
static int cmd_throws(int argc, char **argv);
static int cmd_mirror_fix(int argc, char **argv);

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "sample"))
        return cmd_sample(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "check"))
        return cmd_check();
    if (argc >= 2 && !strcmp(argv[1], "book8"))
        return cmd_book8(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "strategy"))
        return cmd_strategy(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "walk"))
        return cmd_walk(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "deep8"))
        return cmd_deep8(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "strategy-merge"))
        return cmd_strategy_merge(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "pack8"))
        return cmd_pack8(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "estimate"))
        return cmd_estimate(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "merge"))
        return cmd_merge(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "throws"))
        return cmd_throws(argc - 2, argv + 2);
    if (argc >= 2 && !strcmp(argv[1], "mirror-fix"))
        return cmd_mirror_fix(argc - 2, argv + 2);
    if (argc < 5 || strcmp(argv[1], "book")) {
        fprintf(stderr, "usage: rastros-tool book OUT BUDGET OPTIONS:PLY...\n"
                "       rastros-tool sample N SEED MAXPLY OPTIONS\n"
                "       rastros-tool check < LINES\n"
                "       rastros-tool book8 IN OUT HASH_MB THREADS MINWORK\n"
                "  e.g. rastros-tool book rastros.book 30000 size=6:8 size=7:9 size=7,start=e5:8\n");
        return 2;
    }
    argc--;
    argv++;
    uint64_t budget = strtoull(argv[2], NULL, 10);
    /* a: as genmove meets a position (an empty 64 MB table); z: the
     * prover, whose table keeps what earlier proofs found */
    void *a = rastros_solver_create(64), *z = rastros_solver_create(1024);
    if (!a || !z) {
        fprintf(stderr, "rastros-tool: out of memory\n");
        return 1;
    }
    rastros_solver_set_book(a, NULL);
    rastros_solver_set_book(z, NULL);
    for (int i = 3; i < argc; i++)
        if (!strncmp(argv[i], "keep:", 5)) {
            /* every entry of a book made before: this run adds what it lacks */
            load_book(argv[i] + 5);
            printf("%zu entries kept from %s\n", nbook, argv[i] + 5);
        } else if (!strncmp(argv[i], "keep8:", 6)) {
            /* the 8x8 entries of a book made before (bench/rastros-book 8x8) */
            load_book(argv[i] + 6);
            size_t k = 0;
            for (size_t j = 0; j < nbook; j++)
                if (book[j].size == 8)
                    book[k++] = book[j];
            nbook = k;
            printf("%zu 8x8 entries kept from %s\n", nbook, argv[i] + 6);
        }
    install(a, z);
    /* the book is written after each variant: a long run keeps what it did */
    for (int i = 3; i < argc; i++) {
        if (!strncmp(argv[i], "keep8:", 6) || !strncmp(argv[i], "keep:", 5))
            continue;
        run_spec(argv[i], budget, a, z);
        if (write_book(argv[1]))
            return 1;
    }
    printf("%zu entries, %zu bytes: %s\n", nbook, bloblen, argv[1]);
    rastros_solver_destroy(a);
    rastros_solver_destroy(z);
    return 0;
}

/* ---- sample and check ---- */

static uint64_t rng = 1;

static int init_variant(void *st, const char *options)
{
    char buf[128], err[128];
    const char *opts[4];
    int no = 0;
    snprintf(buf, sizeof buf, "%s", options);
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t && no < 4; t = strtok_r(NULL, ",", &save))
        if (strcmp(t, "-"))
            opts[no++] = t;
    if (rastros_game.init(st, no, opts, err, sizeof err) != GAME_OK) {
        fprintf(stderr, "rastros-tool: %s: %s\n", options, err);
        return -1;
    }
    return 0;
}

static int cmd_sample(int argc, char **argv)
{
    const struct game *g = &rastros_game;
    if (argc != 4)
        return 2;
    int n = atoi(argv[0]), maxply = atoi(argv[2]);
    rng = strtoull(argv[1], NULL, 10);
    for (int i = 0; i < n; i++) {
        unsigned char st[512];
        char line[512];
        int ply = (int)rng_below(&rng, (uint32_t)maxply + 1), ok, tries = 0;
        do {
            /* a ply that random games seldom live to (or never, past the
             * board's squares) is drawn again */
            if (++tries % 1000 == 0)
                ply = (int)rng_below(&rng, (uint32_t)ply);
            size_t pos = 0;
            if (init_variant(st, argv[3]))
                return 1;
            buf_printf(line, sizeof line, &pos, "%s", argv[3]);
            ok = 1;
            for (int j = 0; j < ply && ok; j++) {
                move_t m[GAME_MAX_MOVES];
                int k = g->gen_moves(st, m);
                move_t mv = m[rng_below(&rng, (uint32_t)k)];
                char txt[16];
                game_undo u;
                struct game_status gs;
                g->format_move(st, mv, txt, sizeof txt);
                buf_printf(line, sizeof line, &pos, " %s", txt);
                g->make(st, mv, &u);
                g->status(st, &gs);
                ok = !gs.over;
            }
        } while (!ok);
        printf("%s\n", line);
    }
    return 0;
}

/* Value for the side to move, proved without the book. */
static int value_of(void *sv, void *st)
{
    struct game_solve_result r;
    prove(sv, st, RASTROS_SOLVE_NO_BOOK, &r);
    return r.value;
}

static int cmd_check(void)
{
    const struct game *g = &rastros_game;
    void *sv = rastros_solver_create(256);
    char line[1024], err[128];
    int total = 0, won = 0, kept = 0, won_kept = 0;
    int by_ply[64][3];
    memset(by_ply, 0, sizeof by_ply);
    while (fgets(line, sizeof line, stdin)) {
        char *arrow = strstr(line, "->");
        if (!arrow)
            continue;
        *arrow = '\0';
        char answer[32] = "";
        sscanf(arrow + 2, "%31s", answer);
        unsigned char st[512];
        char *save = NULL;
        char *tok = strtok_r(line, " \t\n", &save);
        if (!tok || init_variant(st, tok))
            return 1;
        int ply = 0;
        for (tok = strtok_r(NULL, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
            move_t m;
            game_undo u;
            if (g->parse_move(st, tok, &m, err, sizeof err)) {
                fprintf(stderr, "rastros-tool: %s: %s\n", tok, err);
                return 1;
            }
            g->make(st, m, &u);
            ply++;
        }
        char pos[128];
        g->format_position(st, pos, sizeof pos);
        int v = value_of(sv, st), ok;
        move_t m;
        if (g->parse_move(st, answer, &m, err, sizeof err)) {
            ok = 0;                     /* no move or an illegal one */
        } else if (v < 0) {
            ok = 1;                     /* lost: every move keeps the value */
        } else {
            ok = keeps_win(sv, st, m, RASTROS_SOLVE_NO_BOOK, NULL);
        }
        total++;
        kept += ok;
        won += v > 0;
        won_kept += v > 0 && ok;
        if (ply < 64) {
            by_ply[ply][0]++;
            by_ply[ply][1] += v > 0;
            by_ply[ply][2] += ok;
        }
        if (!ok)
            printf("NOT KEPT: ply %d %s (%s) -> %s\n", ply, pos, v > 0 ? "won" : "lost", answer);
    }
    for (int p = 0; p < 64; p++)
        if (by_ply[p][0])
            printf("ply %2d: %4d positions, %4d won, %4d kept\n", p, by_ply[p][0], by_ply[p][1],
                   by_ply[p][2]);
    printf("value kept in %d of %d positions (%d of %d won positions)\n", kept, total,
           won_kept, won);
    rastros_solver_destroy(sv);
    return kept == total ? 0 : 1;
}

/* ---- the 8x8 book from the proof ---- */

static void load_book(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(1);
    }
    unsigned char *data = NULL;
    size_t len = 0, cap = 0, k;
    unsigned char buf[65536];
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) {
        if (len + k > cap) {
            cap = 2 * (len + k);
            data = realloc(data, cap);
        }
        memcpy(data + len, buf, k);
        len += k;
    }
    fclose(f);
    struct rastros_book b;
    if (rastros_book_open_mem(&b, data, len) != 0) {
        fprintf(stderr, "rastros-tool: %s is not a book\n", path);
        exit(1);
    }
    for (int size = 5; size <= 8; size++)
        for (long i = 0; i < (long)b.n[size - 5]; i++) {
            if (nbook == capbook) {
                capbook = capbook ? 2 * capbook : 4096;
                book = realloc(book, capbook * sizeof *book);
            }
            book[nbook].size = size;
            rastros_book_entry(&b, size, i, book[nbook].w);
            nbook++;
        }
    free(data);
}

/* ---- a lost position walked against every move of the loser ---- */

/* The winner's answer in c (the winner to move after the loser's move at
 * ply + 1, the game not over), or -1 where the walk goes no further. */
typedef int walk_answer_fn(void *ctx, void *c, int ply);

/* The loser to move in st at ply: every move of his, answer's move for the
 * winner, and on from there while the game goes on. With lost set (walk),
 * the game ends the walk must not meet are counted there and printed: a
 * move of the loser's that wins, a stored answer that loses at once;
 * book8 walks its own proof and passes NULL. */
static void loser_walk(void *st, int ply, walk_answer_fn *answer, void *ctx, size_t *lost)
{
    const struct game *g = &rastros_game;
    move_t m[GAME_MAX_MOVES];
    int k = g->gen_moves(st, m);
    for (int i = 0; i < k; i++) {
        unsigned char c[512];
        game_undo u;
        struct game_status gs;
        child_of(st, m[i], c, &gs);
        if (gs.over) {
            if (lost && gs.winner == g->side_to_move(st)) {
                (*lost)++;
                printf("LOST: the loser's move ends the game in his favour at ply %d\n", ply + 1);
            }
            continue;
        }
        int mv = answer(ctx, c, ply);
        if (mv < 0)
            continue;
        int winner = g->side_to_move(c);
        g->make(c, (move_t)mv, &u);
        g->status(c, &gs);
        if (gs.over) {
            if (lost && gs.winner != winner) {
                (*lost)++;
                printf("LOST: the stored move loses at once at ply %d\n", ply + 1);
            }
            continue;
        }
        loser_walk(c, ply + 2, answer, ctx, lost);
    }
}

struct walk {
    void *sv;
    int threads, minwork;
    struct keyset seen;
    size_t added, resolved;
    size_t by_work[64];
};

/* book8's answer in c, a position of the proof: the winner's move from the
 * proof's table (proved again where the table lost it); the position goes
 * into the book, and the walk on, while the proofs are big. */
static int walk8_answer(void *ctx, void *c, int ply)
{
    struct walk *w = ctx;
    int value, move, work;
    if (!rastros_solver_lookup(w->sv, c, &value, &move, &work) || move < 0) {
        struct game_solve_limits lim = {.threads = w->threads};
        struct game_solve_result r;
        if (!rastros_solve_ex(w->sv, c, &lim, &r, 0) || r.value <= 0) {
            fprintf(stderr, "rastros-tool: the winner does not win after a move at ply %d\n", ply);
            exit(1);
        }
        w->resolved++;
        value = r.value;
        move = (int)r.best;
        if (!rastros_solver_lookup(w->sv, c, &value, &move, &work))
            work = 0;
        move = (int)r.best;
    }
    if (value <= 0) {
        fprintf(stderr, "rastros-tool: the table says the winner loses at ply %d\n", ply);
        exit(1);
    }
    if (work < w->minwork)
        return -1;
    struct rastros_key key;
    rastros_position_key(c, &key);
    if (!keyset_add(&w->seen, &key))
        return -1;
    add_entry(&key, 1, rastros_sym_square(key.size, key.sym, move));
    w->added++;
    w->by_work[work & 63]++;
    return move;
}

static int cmd_book8(int argc, char **argv)
{
    const struct game *g = &rastros_game;
    if (argc < 5 || argc > 7)
        return 2;
    const char *variant = argc > 5 ? argv[5] : "size=8";
    load_book(argv[0]);
    struct walk w;
    memset(&w, 0, sizeof w);
    w.threads = atoi(argv[3]);
    w.minwork = atoi(argv[4]);
    w.sv = rastros_solver_create(atoi(argv[2]));
    if (!w.sv) {
        fprintf(stderr, "rastros-tool: out of memory\n");
        return 1;
    }
    rastros_solver_set_book(w.sv, NULL);
    unsigned char st[512];
    if (init_variant(st, variant))
        return 1;
    if (argc > 6) {
        char mv[512], err[128], *save = NULL;
        snprintf(mv, sizeof mv, "%s", argv[6]);
        for (char *tk = strtok_r(mv, " ", &save); tk; tk = strtok_r(NULL, " ", &save)) {
            move_t m;
            game_undo u;
            if (g->parse_move(st, tk, &m, err, sizeof err)) {
                fprintf(stderr, "rastros-tool: %s: %s\n", tk, err);
                return 1;
            }
            g->make(st, m, &u);
        }
    }
    struct game_solve_limits lim = {.threads = w.threads};
    struct game_solve_result r;
    int64_t t0 = now_ms();
    if (!rastros_solve_ex(w.sv, st, &lim, &r, 0)) {
        fprintf(stderr, "rastros-tool: not proved\n");
        return 1;
    }
    printf("%s %s: %s for the side to move, %llu nodes, %.1f s, %d threads, hash %s MB\n",
           variant, argc > 6 ? argv[6] : "", r.value > 0 ? "win" : "loss", (unsigned long long)r.nodes,
           (double)(now_ms() - t0) / 1000.0, w.threads, argv[2]);
    fflush(stdout);
    if (r.value > 0)
        return 1;
    t0 = now_ms();
    loser_walk(st, 0, walk8_answer, &w, NULL);
    for (int i = 0; i < 64; i++)
        if (w.by_work[i])
            printf("  %zu with proofs of 2^%d to 2^%d nodes\n", w.by_work[i], i - 1, i);
    printf("%zu positions of the winner added (proofs of at least 2^%d nodes; %zu proved again),"
           " %.1f s\n", w.added, w.minwork - 1, w.resolved, (double)(now_ms() - t0) / 1000.0);
    if (write_book(argv[1]))
        return 1;
    printf("%zu entries, %zu bytes: %s\n", nbook, bloblen, argv[1]);
    return 0;
}

/* ---- the winner's strategy ---- */

/* Sets st to the variant OPTIONS after MOVES (NULL: none). */
static int position_of(void *st, const char *options, const char *moves)
{
    const struct game *g = &rastros_game;
    if (init_variant(st, options))
        return -1;
    if (!moves)
        return 0;
    char mv[1024], err[128], *save = NULL;
    snprintf(mv, sizeof mv, "%s", moves);
    for (char *tk = strtok_r(mv, " ", &save); tk; tk = strtok_r(NULL, " ", &save)) {
        move_t m;
        game_undo u;
        if (g->parse_move(st, tk, &m, err, sizeof err)) {
            fprintf(stderr, "rastros-tool: %s: %s\n", tk, err);
            return -1;
        }
        g->make(st, m, &u);
    }
    return 0;
}

/* 1 when a proof from an empty table settles st as won for the side to
 * move within budget nodes (what genmove's first proof step does). */
static int cheap_win(void *sv, void *st, uint64_t budget, uint64_t *nodes)
{
    struct game_solve_limits lim = {.threads = 1, .nodes = budget};
    struct game_solve_result r;
    rastros_solver_clear(sv);
    int ok = rastros_solve_ex(sv, st, &lim, &r, 0);
    if (nodes)
        *nodes = r.nodes;
    return ok ? (r.value > 0 ? 1 : -1) : 0;
}

struct strat {
    void *w;                    /* the prover: a big table, its proof's */
    void *a;                    /* genmove's view: an empty table, budget */
    int threads, policy;
    uint64_t budget, try_nodes;
    struct keyset seen;         /* winner-to-move positions met */
    size_t visited, leaves, added, reproved, maxply;
    int64_t t0;
};

static int choose_answer(struct strat *S, void *c);

/* The loser to move in st: every move of his, then the winner's answer. */
static void strat_walk(struct strat *S, void *st, int ply)
{
    const struct game *g = &rastros_game;
    move_t m[GAME_MAX_MOVES];
    int k = g->gen_moves(st, m);
    for (int i = 0; i < k; i++) {
        unsigned char c[512];
        game_undo u;
        struct game_status gs;
        child_of(st, m[i], c, &gs);
        if (gs.over)
            continue;
        struct rastros_key key;
        rastros_position_key(c, &key);
        if (!keyset_add(&S->seen, &key))
            continue;
        S->visited++;
        if ((size_t)ply + 1 > S->maxply)
            S->maxply = (size_t)ply + 1;
        if (cheap_win(S->a, c, S->budget, NULL) > 0) {
            S->leaves++;
            continue;
        }
        int move = choose_answer(S, c);
        if (move < 0) {
            fprintf(stderr, "rastros-tool: the winner does not win at ply %d\n", ply + 1);
            exit(1);
        }
        add_entry(&key, 1, rastros_sym_square(key.size, key.sym, move));
        S->added++;
        if (S->added % 1000 == 0)
            fprintf(stderr, "  %zu answers, %zu positions, %zu settled by a small proof, "
                    "%.0f s\n", S->added, S->visited, S->leaves,
                    (double)(now_ms() - S->t0) / 1000.0);
        g->make(c, (move_t)move, &u);
        g->status(c, &gs);
        if (!gs.over)
            strat_walk(S, c, ply + 2);
        if (ply < 4)
            fprintf(stderr, "  ply %d move %d of %d done: %zu answers, %zu positions, %.0f s\n",
                    ply + 1, i + 1, k, S->added, S->visited, (double)(now_ms() - S->t0) / 1000.0);
    }
}

/* The prover's winning move in c (the winner to move), proved if its
 * table lacks it; -1 when the winner does not win. */
static int prover_move(struct strat *S, void *c)
{
    int value, move, work;
    if (!rastros_solver_lookup(S->w, c, &value, &move, &work) || move < 0) {
        struct game_solve_limits lim = {.threads = S->threads};
        struct game_solve_result r;
        if (!rastros_solve_ex(S->w, c, &lim, &r, 0))
            return -1;
        S->reproved++;
        value = r.value;
        move = (int)r.best;
    }
    return value > 0 ? move : -1;
}

/* The loser's replies after the winner's move mv in c that a small proof
 * does not refute (the answers the strategy would need there), counted up
 * to most; -1 when mv does not win within limit nodes of the prover. */
static int hard_replies(struct strat *S, const void *c, int mv, uint64_t limit, int most)
{
    const struct game *g = &rastros_game;
    unsigned char d[512], e[512];
    struct game_status gs;
    int winner = g->side_to_move(c);
    child_of(c, (move_t)mv, d, &gs);
    if (gs.over)
        return gs.winner == winner ? 0 : -1;
    /* the count first (cheap, and a losing move has a hard reply), then
     * the proof that mv wins for a move worth taking */
    move_t m[GAME_MAX_MOVES];
    int k = g->gen_moves(d, m), hard = 0;
    for (int i = 0; i < k && hard < most; i++) {
        child_of(d, m[i], e, &gs);
        if (gs.over) {
            if (gs.winner != winner)
                return -1;
            continue;
        }
        if (cheap_win(S->a, e, S->budget, NULL) <= 0)
            hard++;
    }
    if (hard >= most)
        return hard;
    struct game_solve_limits lim = {.threads = S->threads, .nodes = limit};
    struct game_solve_result r;
    if (!rastros_solve_ex(S->w, d, &lim, &r, 0) || r.value > 0)
        return -1;
    return hard;
}

/* The winner's answer in c by S->policy: 0 the prover's move; 1 of the
 * winning moves, the one that leaves the loser the fewest replies a small
 * proof does not refute (ties: the prover's move first). */
static int choose_answer(struct strat *S, void *c)
{
    int best = prover_move(S, c);
    if (best < 0 || S->policy == 0)
        return best;
    int best_hard = hard_replies(S, c, best, 0, 99);
    if (best_hard <= 0)
        return best;
    const struct game *g = &rastros_game;
    move_t m[GAME_MAX_MOVES];
    int k = g->gen_moves(c, m);
    for (int i = 0; i < k && best_hard > 0; i++) {
        if ((int)m[i] == best)
            continue;
        int h = hard_replies(S, c, (int)m[i], S->try_nodes, best_hard);
        if (h >= 0 && h < best_hard) {
            best = (int)m[i];
            best_hard = h;
        }
    }
    return best;
}

/* Knuth's estimate of the strategy's size: random lines of the loser, the
 * winner's answers by the policy; each answer counts for the product of
 * the loser's choices above it (transpositions ignored: an overestimate). */
static int cmd_estimate(int argc, char **argv)
{
    const struct game *g = &rastros_game;
    if (argc < 6)
        return 2;
    int probes = atoi(argv[0]);
    rng = strtoull(argv[1], NULL, 10);
    struct strat S;
    memset(&S, 0, sizeof S);
    S.policy = atoi(argv[2]);
    S.threads = 1;
    S.budget = 2700;
    S.try_nodes = 200000;
    S.w = rastros_solver_create(atoi(argv[3]));
    S.a = rastros_solver_create(64);
    load_book(argv[4]);
    make_blob();
    struct rastros_book inb;
    if (rastros_book_open_mem(&inb, blob, bloblen))
        return 1;
    rastros_solver_set_book(S.w, &inb);
    rastros_solver_set_book(S.a, NULL);
    rastros_solver_set_strategy(S.w, NULL);
    rastros_solver_set_strategy(S.a, NULL);
    unsigned char st0[512];
    if (position_of(st0, argv[5], argc > 6 ? argv[6] : NULL))
        return 1;
    double answers = 0, positions = 0, byply[128];
    memset(byply, 0, sizeof byply);
    int64_t t0 = now_ms();
    for (int pr = 0; pr < probes; pr++) {
        unsigned char st[512];
        memcpy(st, st0, g->state_size);
        double wgt = 1;
        for (int ply = 0; ply < 120; ply += 2) {
            move_t m[GAME_MAX_MOVES], ok[GAME_MAX_MOVES];
            int k = g->gen_moves(st, m), n = 0;
            for (int i = 0; i < k; i++) {
                unsigned char c[512];
                struct game_status gs;
                child_of(st, m[i], c, &gs);
                if (!gs.over)
                    ok[n++] = m[i];
            }
            if (!n)
                break;
            wgt *= n;
            game_undo u;
            struct game_status gs;
            g->make(st, ok[rng_below(&rng, (uint32_t)n)], &u);
            positions += wgt;
            if (cheap_win(S.a, st, S.budget, NULL) > 0)
                break;
            int mv = choose_answer(&S, st);
            if (mv < 0) {
                fprintf(stderr, "rastros-tool: no winning answer\n");
                return 1;
            }
            answers += wgt;
            byply[ply + 1] += wgt;
            g->make(st, (move_t)mv, &u);
            g->status(st, &gs);
            if (gs.over)
                break;
        }
        if ((pr + 1) % 100 == 0 || pr + 1 == probes)
            fprintf(stderr, "  %d probes: %.0f answers, %.0f positions, %.0f s\n", pr + 1,
                    answers / (pr + 1), positions / (pr + 1), (double)(now_ms() - t0) / 1000.0);
    }
    printf("policy %d, %d probes: about %.0f answers in %.0f winner-to-move positions\n",
           S.policy, probes, answers / probes, positions / probes);
    for (int p = 0; p < 128; p++)
        if (byply[p] > 0)
            printf("  ply %d: %.0f\n", p, byply[p] / probes);
    return 0;
}

static int same_key(const struct entry *x, const struct entry *y)
{
    if (x->size != y->size)
        return 0;
    if (x->size < 8)
        return x->w[0] >> RB_KEY_SHIFT == y->w[0] >> RB_KEY_SHIFT;
    return x->w[0] == y->w[0] && x->w[1] >> RB_KEY_SHIFT == y->w[1] >> RB_KEY_SHIFT;
}

/* Sorts the entries and keeps each key once. */
static void dedupe(void)
{
    make_blob();
    size_t k = 0;
    for (size_t i = 0; i < nbook; i++)
        if (k == 0 || !same_key(&book[k - 1], &book[i]))
            book[k++] = book[i];
    nbook = k;
}

static const struct entry *merge_book;

/* Orders entry numbers by size and key, then by number (input order). */
static int cmp_key_then_order(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    const struct entry *x = &merge_book[i], *y = &merge_book[j];
    uint64_t kx[2], ky[2];
    kx[0] = x->size < 8 ? x->w[0] >> RB_KEY_SHIFT : x->w[0];
    kx[1] = x->size < 8 ? 0 : x->w[1] >> RB_KEY_SHIFT;
    ky[0] = y->size < 8 ? y->w[0] >> RB_KEY_SHIFT : y->w[0];
    ky[1] = y->size < 8 ? 0 : y->w[1] >> RB_KEY_SHIFT;
    if (x->size != y->size)
        return x->size < y->size ? -1 : 1;
    if (kx[0] != ky[0])
        return kx[0] < ky[0] ? -1 : 1;
    if (kx[1] != ky[1])
        return kx[1] < ky[1] ? -1 : 1;
    return i < j ? -1 : i > j;
}

static int cmd_merge(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    for (int i = 1; i < argc; i++) {
        /* 8:BOOK takes only the 8x8 entries of BOOK, 5-7:BOOK the others */
        int only8 = !strncmp(argv[i], "8:", 2), no8 = !strncmp(argv[i], "5-7:", 4);
        size_t from = nbook;
        load_book(argv[i] + (only8 ? 2 : no8 ? 4 : 0));
        if (only8 || no8) {
            size_t k = from;
            for (size_t j = from; j < nbook; j++)
                if ((book[j].size == 8) == only8)
                    book[k++] = book[j];
            nbook = k;
        }
    }
    size_t all = nbook;
    /* a key in several books keeps the entry of the first book named
     * (strategies name their own answers: the first wins throughout) */
    struct entry *ord = malloc(nbook * sizeof *ord);
    size_t *idx = malloc(nbook * sizeof *idx);
    for (size_t i = 0; i < nbook; i++)
        idx[i] = i;
    merge_book = book;
    qsort(idx, nbook, sizeof *idx, cmp_key_then_order);
    size_t k = 0;
    for (size_t i = 0; i < nbook; i++)
        if (k == 0 || !same_key(&ord[k - 1], &book[idx[i]]))
            ord[k++] = book[idx[i]];
    free(book);
    free(idx);
    book = ord;
    nbook = k;
    capbook = all;
    if (write_book(argv[0]))
        return 1;
    size_t n[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < nbook; i++)
        n[book[i].size - 5]++;
    printf("%zu entries (%zu read): 5x5 %zu, 6x6 %zu, 7x7 %zu, 8x8 %zu; %zu bytes: %s\n", nbook,
           all, n[0], n[1], n[2], n[3], bloblen, argv[0]);
    return 0;
}

static int cmd_strategy(int argc, char **argv)
{
    int with_book = 0, policy = 0, only_new = 0;
    for (;;) {
        if (argc > 0 && !strcmp(argv[0], "--with-book")) {
            with_book = 1;
        } else if (argc > 0 && !strcmp(argv[0], "--only-new")) {
            only_new = 1;
        } else if (argc > 1 && !strcmp(argv[0], "--policy")) {
            policy = atoi(argv[1]);
            argc--;
            argv++;
        } else {
            break;
        }
        argc--;
        argv++;
    }
    if (argc < 5 || argc > 7)
        return 2;
    load_book(argv[0]);
    size_t before = nbook;
    struct strat S;
    memset(&S, 0, sizeof S);
    S.threads = atoi(argv[3]);
    S.budget = strtoull(argv[4], NULL, 10);
    S.policy = policy;
    S.try_nodes = 200000;
    S.w = rastros_solver_create(atoi(argv[2]));
    S.a = rastros_solver_create(64);
    if (!S.w || !S.a) {
        fprintf(stderr, "rastros-tool: out of memory\n");
        return 1;
    }
    struct rastros_book inb;
    make_blob();
    unsigned char *inblob = malloc(bloblen);
    memcpy(inblob, blob, bloblen);
    if (rastros_book_open_mem(&inb, inblob, bloblen))
        return 1;
    if (only_new)
        nbook = before = 0;     /* OUT gets the answers alone */
    /* the prover may stand on the book it starts from (its answers are
     * checked by the walk); the small proofs never do */
    rastros_solver_set_book(S.w, with_book ? &inb : NULL);
    rastros_solver_set_book(S.a, NULL);
    /* neither stands on a strategy made before */
    rastros_solver_set_strategy(S.w, NULL);
    rastros_solver_set_strategy(S.a, NULL);
    unsigned char st[512];
    if (position_of(st, argc > 5 ? argv[5] : "size=8", argc > 6 ? argv[6] : NULL))
        return 1;
    struct game_solve_limits lim = {.threads = S.threads};
    struct game_solve_result r;
    S.t0 = now_ms();
    if (!rastros_solve_ex(S.w, st, &lim, &r, 0) || r.value > 0) {
        fprintf(stderr, "rastros-tool: not a lost position\n");
        return 1;
    }
    printf("proved lost for the side to move: %llu nodes, %.1f s\n", (unsigned long long)r.nodes,
           (double)(now_ms() - S.t0) / 1000.0);
    fflush(stdout);
    int64_t t1 = now_ms();
    strat_walk(&S, st, 0);
    /* the answers the book had already are kept once */
    dedupe();
    printf("winner-to-move positions %zu (ply %zu at most), %zu settled by a proof of at most "
           "%llu nodes, %zu answers stored (%zu proved again), %.1f s; book %zu -> %zu entries\n",
           S.visited, S.maxply, S.leaves, (unsigned long long)S.budget, S.added, S.reproved,
           (double)(now_ms() - t1) / 1000.0, before, nbook);
    if (write_book(argv[1]))
        return 1;
    printf("%zu entries, %zu bytes: %s\n", nbook, bloblen, argv[1]);
    return 0;
}

/* ---- player 2's 8x8 strategy file (games/rastros8.strategy) ---- */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Drops the entries of a key (hash) met before, keeping the first: two
 * positions with one key (the region the snail can still reach; squares
 * it cannot reach do not count) are one game, and the file holds one
 * answer a key. Returns how many are left, in their order. */
static size_t first_of_each_key(uint64_t *e, size_t n)
{
    size_t cap = 16, k = 0;
    while (cap < 2 * n)
        cap *= 2;
    uint64_t *set = calloc(cap, sizeof *set);
    for (size_t i = 0; i < n; i++) {
        uint64_t h = (e[i] >> 3) | 1ULL << 63;  /* never 0 */
        size_t j = (size_t)(h * 0x9e3779b97f4a7c15ULL >> 20) & (cap - 1);
        while (set[j] && set[j] != h)
            j = (j + 1) & (cap - 1);
        if (set[j])
            continue;
        set[j] = h;
        e[k++] = e[i];
    }
    free(set);
    return k;
}

/* Sorts the n entries e and keeps each once; returns how many are left. */
static size_t sort_unique(uint64_t *e, size_t n)
{
    qsort(e, n, sizeof *e, cmp_u64);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!k || e[i] != e[k - 1])
            e[k++] = e[i];
    return k;
}

/* Writes the strategy file path of the n entries e (sorted here); *len
 * and *sum get its length and checksum. 0, or 1 with the reason said (two
 * entries of one hash, a file not written). */
static int write_strategy(uint64_t *e, size_t n, const char *path, size_t *len, uint64_t *sum)
{
    qsort(e, n, sizeof *e, cmp_u64);
    for (size_t i = 1; i < n; i++)
        if (e[i] >> 3 == e[i - 1] >> 3) {
            /* two keys of one hash: the format cannot tell them apart */
            fprintf(stderr, "rastros-tool: a hash collision between two entries\n");
            return 1;
        }
    *len = rastros_strategy_write(e, n, NULL);
    unsigned char *out = malloc(*len);
    rastros_strategy_write(e, n, out);
    struct rastros_strategy chk;
    FILE *f = fopen(path, "wb");
    if (rastros_strategy_open_mem(&chk, out, *len) || !f || fwrite(out, 1, *len, f) != *len ||
        fclose(f) != 0) {
        perror(path);
        return 1;
    }
    *sum = chk.sum;
    free(out);
    return 0;
}

/* Writes the strategy file OUT of the 8x8 winner entries of BOOK (the
 * answers rastros-tool strategy --only-new stored): 8 bytes an entry. */
static int cmd_pack8(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    load_book(argv[0]);
    uint64_t *e = malloc((nbook + 1) * sizeof *e);
    size_t n = 0;
    for (size_t i = 0; i < nbook; i++) {
        if (book[i].size != 8 || !(book[i].w[1] & RB_WIN))
            continue;
        struct rastros_key k = {book[i].w[0], (int)(book[i].w[1] >> 8 & 63),
                                (int)(book[i].w[1] >> 7 & 1), 8, 0};
        if (rastros_strategy_entry(&k, (int)(book[i].w[1] & 63), &e[n])) {
            fprintf(stderr, "rastros-tool: an answer that is no king step\n");
            return 1;
        }
        n++;
    }
    size_t len;
    uint64_t sum;
    if (write_strategy(e, n, argv[1], &len, &sum))
        return 1;
    printf("%zu answers (of %zu entries read), %zu bytes, checksum %016llx: %s\n", n, nbook, len,
           (unsigned long long)sum, argv[1]);
    return 0;
}

static int load_strategy(const char *path, struct rastros_strategy *s);

/* One strategy file OUT of the answers of the files IN... (a position
 * answered in two of them keeps one answer when they agree). */
static int cmd_strategy_merge(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    uint64_t *all = NULL;
    size_t n = 0;
    for (int i = 1; i < argc; i++) {
        struct rastros_strategy s;
        if (load_strategy(argv[i], &s)) {
            fprintf(stderr, "rastros-tool: %s is not a strategy file\n", argv[i]);
            return 1;
        }
        all = realloc(all, (n + s.n + 1) * sizeof *all);
        n += rastros_strategy_entries(&s, all + n);
    }
    size_t k = sort_unique(all, n);
    size_t len;
    uint64_t sum;
    if (write_strategy(all, k, argv[0], &len, &sum))
        return 1;
    printf("%s: %zu answers, %zu bytes, checksum %016llx\n", argv[0], k, len,
           (unsigned long long)sum);
    free(all);
    return 0;
}

/* Reads a strategy file ("-": the compiled-in one). */
static int load_strategy(const char *path, struct rastros_strategy *s)
{
    if (!strcmp(path, "-"))
        return rastros_strategy_open(s) ||
            rastros_strategy_sum(s->data + 24, s->len - 24) != s->sum ? -1 : 0;
    if (!strcmp(path, "-7"))            /* the compiled-in 7x7 fixes */
        return rastros_strategy7_open(s) ||
            rastros_strategy_sum(s->data + 24, s->len - 24) != s->sum ? -1 : 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc(len > 0 ? (size_t)len : 1);
    if (len <= 0 || fread(data, 1, (size_t)len, f) != (size_t)len) {
        fclose(f);
        return -1;
    }
    fclose(f);
    return rastros_strategy_open_mem(s, data, (size_t)len);
}

/* Prints N positions deep in the strategy FILE ("-": the compiled-in
 * one) for tests: random moves of the loser from 8x8 e5, the strategy's
 * answers (a small proof's move where it has none), stopping at a random
 * ply of MINPLY..MAXPLY where the strategy answers; each line gives the
 * moves, then every winning move there, proved without book or strategy. */
static int cmd_deep8(int argc, char **argv)
{
    const struct game *g = &rastros_game;
    if (argc != 5)
        return 2;
    int n = atoi(argv[0]), minply = atoi(argv[3]), maxply = atoi(argv[4]);
    rng = strtoull(argv[1], NULL, 10);
    struct rastros_strategy strat;
    if (load_strategy(argv[2], &strat))
        return 1;
    void *sv = rastros_solver_create(1024);
    rastros_solver_set_book(sv, NULL);
    rastros_solver_set_strategy(sv, NULL);
    for (int done = 0, tries = 0; done < n && tries < 100 * n; tries++) {
        unsigned char st[512];
        char line[1024];
        size_t pos = 0;
        position_of(st, "size=8", NULL);
        int stop = (minply + (int)rng_below(&rng, (uint32_t)(maxply - minply + 1))) | 1, ok = 1;
        for (int ply = 0; ok; ply++) {
            move_t m[GAME_MAX_MOVES];
            int k = g->gen_moves(st, m);
            game_undo u;
            struct game_status gs;
            char txt[16];
            move_t mv;
            if (ply % 2 == 0) {
                mv = m[rng_below(&rng, (uint32_t)k)];
            } else {
                int sm = rastros_strategy_move(&strat, st);
                if (sm >= 0 && ply >= stop)
                    break;
                if (sm < 0) {
                    struct game_solve_limits lim = {.threads = 1};
                    struct game_solve_result r;
                    rastros_solver_clear(sv);
                    rastros_solve_ex(sv, st, &lim, &r, RASTROS_SOLVE_NO_BOOK);
                    sm = (int)r.best;
                }
                mv = (move_t)sm;
            }
            g->format_move(st, mv, txt, sizeof txt);
            buf_printf(line, sizeof line, &pos, "%s%s", pos ? " " : "", txt);
            g->make(st, mv, &u);
            g->status(st, &gs);
            ok = !gs.over;
        }
        if (!ok)
            continue;
        buf_printf(line, sizeof line, &pos, " |");
        move_t m[GAME_MAX_MOVES];
        int k = g->gen_moves(st, m);
        for (int i = 0; i < k; i++) {
            unsigned char c[512];
            struct game_status gs;
            char txt[16];
            child_of(st, m[i], c, &gs);
            int wins = gs.over ? gs.winner != g->side_to_move(c) : 0;
            if (!gs.over) {
                struct game_solve_limits lim = {.threads = 1};
                struct game_solve_result r;
                rastros_solver_clear(sv);
                rastros_solve_ex(sv, c, &lim, &r, RASTROS_SOLVE_NO_BOOK);
                wins = r.value < 0;
            }
            g->format_move(st, m[i], txt, sizeof txt);
            if (wins)
                buf_printf(line, sizeof line, &pos, " %s", txt);
        }
        printf("%s (of %d moves)\n", line, k);
        done++;
    }
    return 0;
}

/* genmove in st as a new game meets it: the engine's tables cleared (ab:
 * an alpha-beta searcher), the build's book, one thread, a node budget. */
static void genmove_at(void *ab, void *st, uint64_t nodes, struct search_result *res)
{
    struct search_params p;
    memset(&p, 0, sizeof p);
    p.nodes = nodes;
    p.threads = 1;
    alphabeta_searcher.clear(ab);
    alphabeta_searcher.search(ab, &rastros_game, st, &p, res);
}

struct walkc {
    struct rastros_book b;
    struct rastros_strategy s;  /* n == 0: none */
    void *a;
    void *ab;                   /* --genmove: the engine's alpha-beta */
    uint64_t budget, leaf_nodes, max_leaf, gm_nodes;
    struct keyset seen;
    size_t visited, from_strategy, from_book, leaves, lost, unsettled, maxply;
    size_t gm_proved, gm_kept;
    uint64_t *fix;              /* --fix: the thrown positions' answers */
    size_t nfix, capfix;
    /* --carry: genmove as in one game, its tables kept from the winner's
     * earlier moves on the path (replayed from the start for each
     * position); path[d] the winner's d-th position, pmove[d] his move */
    int carry;
    struct session sess;
    char *opts[4];
    int nopts;
    unsigned char path[64][512];
    int pmove[64];
    size_t diverged, carry_unproved;
    /* --defend: the engine as the loser from the start */
    int defend, all;
    struct keyset dseen;
    size_t d_visited, d_won, d_lost_cheap, d_lost_proved, d_maxply;
    uint64_t d_proof_nodes;
};

/* --carry: the winner's move in c, the depth-th position of his on the
 * path, as the engine plays it in one game: a session (what the protocol
 * drives) from a new game, genmove for the winner's earlier moves on the
 * path (each checked against it) and play for the loser's, genmove at c.
 * Whatever the engine keeps from one move to the next is kept. */
static void genmove_carried(struct walkc *W, void *c, int depth, struct search_result *res)
{
    struct session *ss = &W->sess;
    char err[128];
    if (session_newgame(ss, "rastros", W->nopts, (const char *const *)W->opts, err,
                        sizeof err) != SESS_OK) {
        fprintf(stderr, "rastros-tool: %s\n", err);
        exit(1);
    }
    memcpy(W->path[depth], c, rastros_game.state_size);
    for (int d = 0; d < depth; d++) {
        session_genmove(ss, -1, 1, res, NULL, NULL, NULL);
        if ((int)res->best != W->pmove[d]) {
            W->diverged++;
            printf("DIVERGED at the winner's move %d\n", d);
        }
        const struct rastros *q = (const struct rastros *)W->path[d + 1];
        session_play_move(ss, (move_t)q->snail);
    }
    session_genmove(ss, -1, 0, res, NULL, NULL, NULL);
}

/* walk --carry's answer in c (see genmove_carried): a position a proof
 * without the book settles within the budget, and genmove proves too, is
 * a leaf; elsewhere genmove's move must be proved (by it, or by a whole
 * proof) to keep the win, and is walked on. */
static int carry_answer(void *ctx, void *c, int ply)
{
    struct walkc *W = ctx;
    const struct game *g = &rastros_game;
    int depth = ply / 2 + 1;
    if (depth >= 64) {
        fprintf(stderr, "rastros-tool: the path is too long\n");
        exit(1);
    }
    W->visited++;
    if ((size_t)ply + 1 > W->maxply)
        W->maxply = (size_t)ply + 1;
    struct search_result res;
    genmove_carried(W, c, depth, &res);
    int proved = res.exact && res.score > 0;
    uint64_t nodes = 0;
    int cheap = cheap_win(W->a, c, W->budget, &nodes) > 0;
    move_t legal[GAME_MAX_MOVES];
    if (cheap && !proved && g->gen_moves(c, legal) > 1) {
        /* (a single legal move is played at once, unproved) */
        char pos[128];          /* a new game's small proof settles it */
        g->format_position(c, pos, sizeof pos);
        printf("UNPROVED at ply %d: %s\n", ply + 1, pos);
        W->carry_unproved++;
    }
    if (proved && cheap) {
        W->leaves++;
        W->leaf_nodes += nodes;
        if (nodes > W->max_leaf)
            W->max_leaf = nodes;
        return -1;
    }
    if (proved) {
        W->gm_proved++;
    } else if (keeps_win(W->a, c, res.best, 0, NULL)) {
        W->gm_kept++;
    } else {
        char pos[128];
        g->format_position(c, pos, sizeof pos);
        W->lost++;
        printf("THROWN at ply %d: %s, the game:", ply + 1, pos);
        for (int d = 0; d <= depth; d++) {
            /* the winner's move, then the loser's (his square in the next) */
            char mv[16];
            const struct rastros *q = (const struct rastros *)W->path[d];
            if (d > 0)
                printf(" %c%d", 'a' + q->snail % 8, 1 + q->snail / 8);
            if (d < depth) {
                g->format_move(W->path[d], (move_t)W->pmove[d], mv, sizeof mv);
                printf(" %s", mv);
            }
        }
        printf(", genmove %c%d\n", 'a' + (int)res.best % 8, 1 + (int)res.best / 8);
        fflush(stdout);
        return -1;
    }
    W->pmove[depth] = (int)res.best;
    return (int)res.best;
}

/* --genmove: where nothing answers and no small proof without the book
 * settles c, the move genmove plays at gm_nodes (a new game: the engine's
 * tables cleared, the build's book, one thread), walked on when genmove
 * proved it (the book may have helped) or a whole proof shows it keeps the
 * win. Returns the move, or -2 for a thrown win. */
static int genmove_answer(struct walkc *W, void *c)
{
    struct search_result res;
    genmove_at(W->ab, c, W->gm_nodes, &res);
    if (res.exact && res.score > 0) {
        W->gm_proved++;                 /* proved with the book's help: its
                                         * later moves are walked too */
        return (int)res.best;
    }
    if (!keeps_win(W->a, c, res.best, 0, NULL))
        return -2;
    W->gm_kept++;
    return (int)res.best;
}

/* walk's answer in c: the strategy's (or the book's) move, checked legal;
 * where there is none, a proof within the budget must settle c. */
static int check_answer(void *ctx, void *c, int ply)
{
    struct walkc *W = ctx;
    const struct game *g = &rastros_game;
    struct rastros_key key;
    rastros_position_key(c, &key);
    if (!keyset_add(&W->seen, &key))
        return -1;
    W->visited++;
    if ((size_t)ply + 1 > W->maxply)
        W->maxply = (size_t)ply + 1;
    /* the strategy's answer as the solver's root finds it (the same
     * function). With a strategy, a position it does not answer must be
     * proved small without the book: the engine's root then asks the
     * book only where its proof runs out (rastros_solve.c). Without
     * one, the book's answers are the strategy. */
    int sm = rastros_strategy_move(&W->s, c);
    long e = sm < 0 && (!W->s.n || W->s.size != 8) ?
        rastros_book_find(&W->b, key.size, key.mask, key.snail, key.stm) : -1;
    unsigned a = e >= 0 ? rastros_book_answer(&W->b, key.size, e) : 0;
    int by_book = e >= 0 && (a & RB_WIN);
    if (sm < 0 && !by_book) {
        uint64_t nodes = 0;
        int v = cheap_win(W->a, c, W->budget, &nodes);
        if (v > 0 && W->all) {  /* no leaves: genmove's move, walked on */
            W->leaves++;
            W->leaf_nodes += nodes;
            if (nodes > W->max_leaf)
                W->max_leaf = nodes;
        }
        if ((v == 0 || (v > 0 && W->all)) && W->ab) {
            int gm = genmove_answer(W, c);
            if (gm >= 0)
                return gm;
            char pos[128];
            g->format_position(c, pos, sizeof pos);
            W->lost++;
            printf("THROWN at ply %d: %s\n", ply + 1, pos);
            fflush(stdout);
            if (W->capfix) {            /* --fix: the answer, walked on */
                struct game_solve_result r;
                prove(W->a, c, 0, &r);
                uint64_t e;
                if (r.value <= 0 || W->nfix == W->capfix ||
                    rastros_strategy_entry(&key, rastros_sym_square(key.size, key.sym,
                                                                   (int)r.best), &e)) {
                    fprintf(stderr, "rastros-tool: no answer to store\n");
                    exit(1);
                }
                W->fix[W->nfix++] = e;
                return (int)r.best;
            }
            return -1;
        }
        if (v > 0) {
            W->leaves++;
            W->leaf_nodes += nodes;
            if (nodes > W->max_leaf)
                W->max_leaf = nodes;
        } else {
            char pos[128];
            g->format_position(c, pos, sizeof pos);
            if (v < 0)
                W->lost++;
            else
                W->unsettled++;
            printf("%s at ply %d: %s\n", v < 0 ? "LOST" : "UNSETTLED", ply + 1, pos);
        }
        return -1;
    }
    if (sm >= 0)
        W->from_strategy++;
    else
        W->from_book++;
    int mv = sm >= 0 ? sm : rastros_sym_square(key.size, key.sym, (int)(a & 63));
    move_t legal[GAME_MAX_MOVES];
    int n = g->gen_moves(c, legal), ok = 0;
    for (int j = 0; j < n; j++)
        ok |= (int)legal[j] == mv;
    if (!ok) {
        W->lost++;
        printf("LOST: an illegal stored move at ply %d\n", ply + 1);
        return -1;
    }
    return mv;
}

/* --play/--defend: the engine's side to move in c at ply, the game not
 * over. Won (the opponent erred): the winner's walk from there
 * (check_answer, then every reply). Lost: a proof without the book within
 * the budget that settles it makes it a leaf (unless --all); otherwise the
 * engine's move (genmove at gm_nodes, a new game), and every reply of the
 * opponent's. */
static void defend_opponent(struct walkc *W, void *st, int ply);

static void defend_engine(struct walkc *W, void *c, int ply)
{
    struct rastros_key key;
    rastros_position_key(c, &key);
    if (!keyset_add(&W->dseen, &key))
        return;
    W->d_visited++;
    if ((size_t)ply > W->d_maxply)
        W->d_maxply = (size_t)ply;
    int v = cheap_win(W->a, c, W->budget, NULL);
    if (v == 0) {
        struct game_solve_result r;
        prove(W->a, c, 0, &r);
        W->d_proof_nodes += r.nodes;
        v = r.value > 0 ? 2 : -2;
    }
    if (v > 0) {                /* won: as the winner's walk (ply: the reply's) */
        W->d_won++;
        int mv = check_answer(W, c, ply - 1);
        if (mv < 0)
            return;
        unsigned char c2[512];
        struct game_status gs;
        child_of(c, (move_t)mv, c2, &gs);
        if (!gs.over)
            loser_walk(c2, ply + 1, check_answer, W, &W->lost);
        return;
    }
    if (v == -1) {
        W->d_lost_cheap++;
        if (!W->all)
            return;
    } else {
        W->d_lost_proved++;
    }
    struct search_result res;
    genmove_at(W->ab, c, W->gm_nodes, &res);
    unsigned char c2[512];
    struct game_status gs;
    child_of(c, res.best, c2, &gs);
    if (!gs.over)
        defend_opponent(W, c2, ply + 1);
}

static void defend_opponent(struct walkc *W, void *st, int ply)
{
    const struct game *g = &rastros_game;
    move_t m[GAME_MAX_MOVES];
    int k = g->gen_moves(st, m);
    for (int i = 0; i < k; i++) {
        unsigned char c[512];
        struct game_status gs;
        child_of(st, m[i], c, &gs);
        if (!gs.over)
            defend_engine(W, c, ply + 1);
    }
}

static int cmd_walk(int argc, char **argv)
{
    struct walkc W;
    memset(&W, 0, sizeof W);
    if (argc > 1 && !strcmp(argv[0], "--strategy")) {
        if (load_strategy(argv[1], &W.s)) {
            fprintf(stderr, "rastros-tool: %s is not a strategy file\n", argv[1]);
            return 1;
        }
        printf("strategy %s: %zu answers, checksum %016llx\n", argv[1], W.s.n,
               (unsigned long long)W.s.sum);
        argc -= 2;
        argv += 2;
    }
    if (argc > 1 && !strcmp(argv[0], "--genmove")) {
        W.gm_nodes = strtoull(argv[1], NULL, 10);
        W.ab = alphabeta_searcher.create(64);   /* the session's default hash */
        argc -= 2;
        argv += 2;
    }
    if (argc > 0 && !strcmp(argv[0], "--carry") && W.ab) {
        W.carry = 1;
        argc--;
        argv++;
    }
    if (argc > 0 && (!strcmp(argv[0], "--defend") || !strcmp(argv[0], "--play")) && W.ab &&
        !W.carry) {
        W.defend = argv[0][2] == 'd' ? 1 : 2;
        argc--;
        argv++;
    }
    /* a game meets a position and its mirror image apart, and genmove
     * need not play the mirrored move there (ties go by square order) */
    W.seen.oriented = W.dseen.oriented = W.defend != 0;
    if (argc > 0 && !strcmp(argv[0], "--all") && W.ab && !W.carry) {
        W.all = 1;
        argc--;
        argv++;
    }
    const char *fixout = NULL;
    if (argc > 1 && !strcmp(argv[0], "--fix") && W.ab) {
        fixout = argv[1];
        W.capfix = 1 << 20;
        W.fix = malloc(W.capfix * sizeof *W.fix);
        argc -= 2;
        argv += 2;
    }
    if (argc > 0 && !strcmp(argv[0], "--oriented")) {
        /* a position and its mirror image walked apart: a leaf's proof
         * takes its own nodes in each (its moves go by square order) */
        W.seen.oriented = W.dseen.oriented = 1;
        argc--;
        argv++;
    }
    if (argc < 2 || argc > 4)
        return 2;
    if (strcmp(argv[0], "-")) {         /* "-": no book */
        load_book(argv[0]);
        make_blob();
        if (rastros_book_open_mem(&W.b, blob, bloblen))
            return 1;
    }
    W.budget = strtoull(argv[1], NULL, 10);
    W.a = rastros_solver_create(64);
    rastros_solver_set_book(W.a, NULL);
    rastros_solver_set_strategy(W.a, NULL);
    unsigned char st[512];
    if (position_of(st, argc > 2 ? argv[2] : "size=8", argc > 3 ? argv[3] : NULL))
        return 1;
    if (W.s.n) {                        /* a strategy is of the walk's board */
        struct rastros_key k0;
        rastros_position_key(st, &k0);
        W.s.size = k0.size;
    }
    int64_t t0 = now_ms();
    if (W.carry) {
        /* the winner's first move, made in MOVES, from the variant's start */
        unsigned char st0[512];
        struct search_result res;
        if (argc < 4 || position_of(st0, argv[2], NULL))
            return 2;
        char ob[128], *save = NULL;
        snprintf(ob, sizeof ob, "%s", argv[2]);
        for (char *t = strtok_r(ob, ",", &save); t && W.nopts < 4; t = strtok_r(NULL, ",", &save))
            if (strcmp(t, "-"))
                W.opts[W.nopts++] = strdup(t);
        if (session_init(&W.sess) != SESS_OK || options_reset(&W.sess) != 0)
            return 1;
        W.sess.nodes = W.gm_nodes;
        W.sess.threads = 1;
        memcpy(W.path[0], st0, rastros_game.state_size);
        genmove_carried(&W, st0, 0, &res);
        W.pmove[0] = (int)res.best;
        char mv[16];
        rastros_game.format_move(st0, res.best, mv, sizeof mv);
        if (strcmp(mv, argv[3])) {
            printf("genmove plays %s at the start, not %s\n", mv, argv[3]);
            return 1;
        }
        loser_walk(st, 0, carry_answer, &W, &W.lost);
    } else if (W.defend) {
        struct game_status gs;
        rastros_game.status(st, &gs);
        if (gs.over)
            return 2;
        if (W.defend == 1)
            defend_opponent(&W, st, 0);
        else
            defend_engine(&W, st, 0);
        printf("defend: %zu positions of the engine's visited (ply %zu at most): %zu won "
               "(walked as the winner's), %zu lost and settled within %llu nodes (%s), %zu "
               "lost past them (proofs of %llu nodes in all; the engine's move walked on)\n",
               W.d_visited, W.d_maxply, W.d_won, W.d_lost_cheap,
               (unsigned long long)W.budget, W.all ? "walked on too" : "leaves",
               W.d_lost_proved, (unsigned long long)W.d_proof_nodes);
        printf("the engine's positions in all: %zu (the lost ones, and the winner's walk's)\n",
               W.d_visited - W.d_won + W.visited);
    } else {
        loser_walk(st, 0, check_answer, &W, &W.lost);
    }
    printf("strategy walk: %zu winner-to-move positions visited (ply %zu at most), %zu answered "
           "by the strategy, %zu by the book, %zu proved within %llu nodes (%llu nodes in all, "
           "%llu at most), %zu lost, %zu unsettled, %.1f s\n", W.visited, W.maxply,
           W.from_strategy, W.from_book, W.leaves, (unsigned long long)W.budget,
           (unsigned long long)W.leaf_nodes, (unsigned long long)W.max_leaf, W.lost, W.unsettled,
           (double)(now_ms() - t0) / 1000.0);
    if (W.ab)
        printf("genmove at nodes %llu: %zu positions it proved, %zu whose move a whole proof "
               "showed kept the win (both walked on); the thrown ones are among the lost\n",
               (unsigned long long)W.gm_nodes, W.gm_proved, W.gm_kept);
    if (W.carry)
        printf("--carry: %zu replays diverged from the path; %zu positions a proof without the "
               "book settles within %llu nodes from empty tables, genmove did not prove (of more "
               "than one move)\n",
               W.diverged, W.carry_unproved, (unsigned long long)W.budget);
    if (fixout) {
        /* the strategy's own entries and the new ones (a position the
         * strategy answers is never thrown): one file */
        uint64_t *all = malloc((W.s.n + W.nfix + 1) * sizeof *all);
        size_t n = rastros_strategy_entries(&W.s, all), len;
        memcpy(all + n, W.fix, W.nfix * sizeof *all);
        n += W.nfix;
        /* one answer twice: the walk keeps mirror images apart and can
         * throw a position and its image, one key, with the same answer
         * proved for both (the proof runs on the key's image); once */
        size_t k = sort_unique(all, n);
        if (k < n)
            printf("%zu answers stored twice (a position and its mirror image), kept once\n",
                   n - k);
        n = k;
        uint64_t sum;
        if (write_strategy(all, n, fixout, &len, &sum))
            return 1;
        printf("%s: %zu answers, %zu bytes, checksum %016llx\n", fixout, n, len,
               (unsigned long long)sum);
        free(all);
    }
    return W.lost || W.unsettled ? 1 : 0;
}

/* ---- won positions that genmove at a node budget throws ---- */

/* The mirror image of st across the a1-g7 diagonal (file <-> rank, both
 * goals kept) into out; 0 when it is st itself. */
static int mirror_of(const void *st, void *out)
{
    const struct game *g = &rastros_game;
    struct rastros m = *(const struct rastros *)st;
    m.slime = ra_transpose(m.slime);
    m.snail = (uint8_t)rastros_sym_square(m.size, 1, m.snail);
    if (m.slime == ((const struct rastros *)st)->slime &&
        m.snail == ((const struct rastros *)st)->snail)
        return 0;
    char pos[128], err[128];
    g->format_position(&m, pos, sizeof pos);
    memcpy(out, st, g->state_size);
    if (g->parse_position(out, pos, err, sizeof err) != GAME_OK) {
        fprintf(stderr, "rastros-tool: mirror %s: %s\n", pos, err);
        exit(1);
    }
    return 1;
}

/* The answer to store for st, a position whose win genmove at nodes throws
 * while in its mirror image (the position the passes checked) it keeps the
 * win: the mirror of genmove's move there when it wins here (the entry,
 * keyed for both, then changes nothing in the mirror image), else best
 * (*own set to 0). */
static int mirror_answer(void *ab, void *z, const void *st, uint64_t nodes, int best, int *own)
{
    unsigned char q[512];
    struct search_result res;
    *own = 0;
    if (!mirror_of(st, q))
        return best;
    genmove_at(ab, q, nodes, &res);
    int m = rastros_sym_square(((const struct rastros *)st)->size, 1, (int)res.best);
    if (res.best != MOVE_NONE && keeps_win(z, st, (move_t)m, 0, NULL)) {
        *own = 1;
        return m;
    }
    return best;
}

/* The strategy entry of answer (a square of st's frame) for st. */
static uint64_t answer_entry(const void *st, int answer)
{
    struct rastros_key key;
    uint64_t e;
    rastros_position_key(st, &key);
    if (rastros_strategy_entry(&key, rastros_sym_square(key.size, key.sym, answer), &e)) {
        fprintf(stderr, "rastros-tool: no answer to store\n");
        exit(1);
    }
    return e;
}

/* Every position of SPEC (OPTIONS:MAXPLY) from MAXPLY down to MINPLY (of
 * shard K of N: the positions whose index in their ply is K modulo N), as
 * genmove meets it: a new game (the engine's tables cleared) and alpha-
 * beta with the build's book, one thread and a budget of NODES. Where its
 * move is not proved, a full proof says whether the position is won and
 * whether the move keeps the win; a won position whose move throws the
 * win goes into the book OUT with a winning move. Prints each such
 * position and the figures by ply. --mirror: each position's mirror image
 * instead (mirror_of), and OUT is a strategy file of mirror_answer's
 * answers, one a key. */
static int cmd_throws(int argc, char **argv)
{
    int mirror = argc > 0 && !strcmp(argv[0], "--mirror");
    if (mirror) {
        argc--;
        argv++;
    }
    if (argc < 4 || argc > 5) {
        fprintf(stderr, "usage: rastros-tool throws [--mirror] OUT NODES OPTIONS:MAXPLY MINPLY"
                " [K/N]\n");
        return 2;
    }
    uint64_t *fix = malloc(sizeof *fix);
    size_t nfix = 0;
    const struct game *g = &rastros_game;
    size_t sz = g->state_size;
    uint64_t nodes = strtoull(argv[1], NULL, 10);
    int minply = atoi(argv[3]), shard = 0, nshards = 1, maxply;
    if (argc == 5 && (sscanf(argv[4], "%d/%d", &shard, &nshards) != 2 || nshards < 1 ||
                      shard < 0 || shard >= nshards)) {
        fprintf(stderr, "rastros-tool: K/N, not %s\n", argv[4]);
        return 2;
    }
    /* the session's default hash (64 MB): the same tables genmove has */
    void *ab = alphabeta_searcher.create(64), *z = rastros_solver_create(1024);
    if (!ab || !z) {
        fprintf(stderr, "rastros-tool: out of memory\n");
        return 1;
    }
    struct layer *layers = make_layers(argv[2], &maxply);
    printf("%s, plies %d-%d, shard %d/%d: genmove at nodes %llu%s\n", argv[2], maxply, minply,
           shard, nshards, (unsigned long long)nodes,
           mirror ? ", the mirror images (none where a position is its own)" : "");
    for (int ply = maxply; ply >= minply && ply >= 0; ply--) {
        int64_t t0 = now_ms();
        size_t n = 0, proved = 0, won = 0, kept = 0, thrown = 0;
        uint64_t searched = 0, proof = 0;
        for (size_t i = (size_t)shard; i < layers[ply].n; i += (size_t)nshards) {
            unsigned char st[512];
            if (!mirror)
                memcpy(st, layers[ply].st + i * sz, sz);
            else if (!mirror_of(layers[ply].st + i * sz, st))
                continue;
            if (++n % 50000 == 0)
                fprintf(stderr, "  %s ply %d: %zu of about %zu, %zu thrown so far, %.0f s\n",
                        argv[2], ply, n, layers[ply].n / (size_t)nshards, thrown,
                        (double)(now_ms() - t0) / 1000.0);
            struct search_result res;
            genmove_at(ab, st, nodes, &res);
            searched += res.nodes;
            if (res.exact) {
                proved++;
                continue;
            }
            /* the move's child first: lost for the opponent, the move keeps
             * a win (and then the root needs no proof of its own) */
            if (keeps_win(z, st, res.best, 0, &proof)) {
                won++;
                kept++;
                continue;
            }
            struct game_solve_result r;
            prove(z, st, 0, &r);
            proof += r.nodes;
            if (r.value < 0)
                continue;
            won++;
            thrown++;
            struct rastros_key key;
            rastros_position_key(st, &key);
            int answer = (int)r.best, own = 1;
            if (!mirror) {
                add_entry(&key, 1, rastros_sym_square(key.size, key.sym, answer));
            } else {
                answer = mirror_answer(ab, z, st, nodes, answer, &own);
                fix = realloc(fix, (nfix + 1) * sizeof *fix);
                fix[nfix++] = answer_entry(st, answer);
            }
            char pos[128], mv[16], best[16];
            g->format_position(st, pos, sizeof pos);
            g->format_move(st, res.best, mv, sizeof mv);
            g->format_move(st, (move_t)r.best, best, sizeof best);
            printf("THROWN: ply %d %s -> %s (wins: %s)", ply, pos, mv, best);
            if (mirror) {
                char am[16];
                g->format_move(st, (move_t)answer, am, sizeof am);
                printf(" stored %s (%s)", am, own ? "the mirror image's move" : "the proof's");
            }
            printf("\n");
        }
        printf("ply %2d: %8zu positions, %7zu proved by genmove, %6zu won not proved: %6zu kept,"
               " %4zu thrown; %llu + %llu nodes, %.1f s\n", ply, n, proved, won, kept, thrown,
               (unsigned long long)searched, (unsigned long long)proof,
               (double)(now_ms() - t0) / 1000.0);
        fflush(stdout);
    }
    if (mirror) {
        size_t len, all = nfix;
        uint64_t sum;
        nfix = first_of_each_key(fix, nfix);
        if (nfix < all)
            printf("%zu thrown positions share their key with one before\n", all - nfix);
        if (write_strategy(fix, nfix, argv[0], &len, &sum))
            return 1;
        printf("%zu answers, %zu bytes, checksum %016llx: %s\n", nfix, len,
               (unsigned long long)sum, argv[0]);
        free(fix);
    } else {
        if (write_book(argv[0]))
            return 1;
        printf("%zu entries, %zu bytes: %s\n", nbook, bloblen, argv[0]);
    }
    alphabeta_searcher.destroy(ab);
    rastros_solver_destroy(z);
    return 0;
}

/* Reads the THROWN lines of a throws --mirror log ("THROWN: ply N POSITION
 * -> MOVE (wins: MOVE)") and writes the strategy file OUT of their answers
 * as throws --mirror chooses them now (mirror_answer), each checked to keep
 * the win; the others are ignored. */
static int cmd_mirror_fix(int argc, char **argv)
{
    int check = argc == 3 && !strcmp(argv[0], "--check");
    if (check) {
        argc--;
        argv++;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: rastros-tool mirror-fix [--check] OUT NODES < LOG\n");
        return 2;
    }
    size_t bad = 0;
    const struct game *g = &rastros_game;
    uint64_t nodes = strtoull(argv[1], NULL, 10);
    void *ab = alphabeta_searcher.create(64), *z = rastros_solver_create(1024);
    uint64_t *fix = malloc(sizeof *fix);
    size_t nfix = 0, own = 0;
    char line[512];
    while (fgets(line, sizeof line, stdin)) {
        int ply, at = 0;
        if (sscanf(line, "THROWN: ply %d %n", &ply, &at) != 1 || !at)
            continue;
        char *arrow = strstr(line, " -> "), *wins = strstr(line, "(wins: ");
        if (!arrow || !wins)
            continue;
        *arrow = '\0';
        unsigned char st[512];
        char err[128], mv[16];
        const char *seven = "size=7";
        if (g->init(st, 1, &seven, err, sizeof err) != GAME_OK ||
            g->parse_position(st, line + at, err, sizeof err) != GAME_OK ||
            sscanf(wins + 7, "%15[a-h1-8]", mv) != 1) {
            fprintf(stderr, "rastros-tool: a THROWN line I cannot read: %s\n", line + at);
            return 1;
        }
        move_t best;
        if (g->parse_move(st, mv, &best, err, sizeof err) != GAME_OK ||
            !keeps_win(z, st, best, 0, NULL)) {
            fprintf(stderr, "rastros-tool: %s: %s is no winning move\n", line + at, mv);
            return 1;
        }
        if (check) {
            /* the build's genmove here and in the mirror image */
            unsigned char q[512];
            struct search_result rp, rq;
            genmove_at(ab, st, nodes, &rp);
            int mirrored = mirror_of(st, q);
            if (mirrored)
                genmove_at(ab, q, nodes, &rq);
            int kept = rp.best != MOVE_NONE && keeps_win(z, st, rp.best, 0, NULL);
            int size = ((const struct rastros *)st)->size;
            int same = !mirrored || (int)rq.best == rastros_sym_square(size, 1, (int)rp.best);
            g->format_move(st, rp.best, mv, sizeof mv);
            if (!kept || !same) {
                bad++;
                printf("%s: genmove %s%s%s\n", line + at, mv, kept ? "" : ", throws the win",
                       same ? "" : ", the mirror image plays otherwise");
            }
            nfix++;
            continue;
        }
        int o, answer = mirror_answer(ab, z, st, nodes, (int)best, &o);
        own += (size_t)o;
        fix = realloc(fix, (nfix + 1) * sizeof *fix);
        fix[nfix++] = answer_entry(st, answer);
        char am[16];
        g->format_move(st, (move_t)answer, am, sizeof am);
        printf("%s: %s%s\n", line + at, am, o ? " (the mirror image's move)" : " (the proof's)");
    }
    if (check) {
        printf("%zu positions: genmove at nodes %llu keeps the win in %zu and plays the mirror "
               "of that move in their mirror images; %zu not\n", nfix, (unsigned long long)nodes,
               nfix - bad, bad);
        return bad ? 1 : 0;
    }
    size_t len, lines = nfix;
    uint64_t sum;
    nfix = first_of_each_key(fix, nfix);
    if (write_strategy(fix, nfix, argv[0], &len, &sum))
        return 1;
    printf("%zu thrown positions (%zu the mirror image's move, %zu the proof's); %zu share their "
           "key with one before, so %zu answers, %zu bytes, checksum %016llx: %s\n", lines, own,
           lines - own, lines - nfix, nfix, len, (unsigned long long)sum, argv[0]);
    free(fix);
    alphabeta_searcher.destroy(ab);
    rastros_solver_destroy(z);
    return 0;
}
