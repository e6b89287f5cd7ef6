/* grasshopper-crosscheck.c -- checks a Grasshopper value table (made by
 * tabula-tables) by other methods, on random reachable positions spread
 * over every layer of progress:
 * - local consistency: the table's value of the position is the negamax of
 *   the values of its children: the legal moves written again here from the
 *   rules' text (and compared with the game's gen_moves), the children made
 *   by the game's make and judged by its status (passes and game ends
 *   included), their values read from the table or from the game's end;
 * - the proof search (the dedicated solver, reading no table) where it
 *   settles within its node budget, and the proof's move must lead to a
 *   position the table values as the proof says;
 * - a plain memoised minimax on the rules alone, where it finishes.
 * Works on an incomplete table too: only its finished layers are sampled.
 * Built and run by bench/grasshopper-crosscheck; knows the rules' headers
 * and the table's numbering, nothing of the search or the engine. */
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "game.h"
#include "util.h"
#include "games/grasshopper_table.h"

static const struct game *const G = &grasshopper_game;

/* A position's budget is never more than these, whatever its layer's pool
 * still holds: about 10 s of the proof search, 2 s of minimax, idle. */
#define PROOF_CAP 60000000ull
#define MM_CAP 10000000l

struct table {
    struct ght *T;
    const uint8_t *map;
    const struct ght_file_header *h;
};
static struct table tb;

typedef union { unsigned char b[512]; uint64_t a; } gstate;

/* The table's value (GHT_*) of a position that is not over, GHT_UNSET when
 * its layer is not done or it is no position of the table. */
static int table_value(const struct gh_state *s)
{
    struct gh_board b;
    int layer;
    uint64_t off;
    gh_board_of(s, &b);
    if (!ght_locate(tb.T, &b, &layer, &off) || !tb.h->done[layer])
        return GHT_UNSET;
    return ght_get(tb.map + tb.h->offset[layer], off);
}

static int layer_of(const struct gh_state *s)
{
    struct gh_board b;
    int layer;
    uint64_t off;
    gh_board_of(s, &b);
    return ght_locate(tb.T, &b, &layer, &off) ? layer : -1;
}

/* -1, 0, +1 for the side to move of a position the rules say is over */
static int over_value(void *st, const struct game_status *gs)
{
    return gs->winner < 0 ? 0 : gs->winner == G->side_to_move(st) ? 1 : -1;
}

/* ---- the legal moves written again from the rules' text (doc/rules/
 * grasshopper.md, "Moves"), on the points alone: the local consistency
 * check plays these, not the engine's mask generator (which the table's
 * generator shares), and compares the two lists ---- */

/* Actions of side c (0 white, 1 black) as text, the number of them. */
static int naive_actions(const struct gh_state *s, int c, char out[][16])
{
    const int own = c == 0 ? 1 : -1;
    int n = 0;
    if (s->res[c] > 0)
        for (int d = 1; d <= 6; d++)
            if (s->pt[d] == 0)
                snprintf(out[n++], 16, "0/%d", d);
    for (int p = 1; p <= 18; p++) {
        if (s->pt[p] != own && s->pt[p] != 2 * own)
            continue;
        const int first = (p - 1) / 6 * 6 + 7;     /* the next quadrant */
        for (int d = first; d < first + 6; d++) {
            if (!(s->pt[d] == 0 || (d == p + 6 && s->pt[d] == own)))
                continue;
            int blocked = 0;        /* a single stops at walls of either side */
            for (int x = p + 1; x < d && s->pt[p] == own; x++)
                blocked |= abs(s->pt[x]) == 2;
            if (!blocked)
                snprintf(out[n++], 16, "%d/%d", p, d);
        }
    }
    for (int p = 19; p <= 24; p++)
        if (s->pt[p] == 2 * own)
            snprintf(out[n++], 16, "%d/off", p);
    return n;
}

/* The legal moves of s: its actions, else a pass when the opponent has
 * one, else none (a draw); none once the game is won. */
static int naive_moves(const struct gh_state *s, char out[][16])
{
    if (s->winner >= 0)
        return 0;
    int n = naive_actions(s, s->side, out);
    if (n)
        return n;
    char other[GAME_MAX_MOVES][16];
    if (naive_actions(s, !s->side, other)) {
        strcpy(out[0], "pass");
        return 1;
    }
    return 0;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* ---- plain minimax on the rules alone, memoised by the hash ---- */
#define MM_BITS 24
struct mm_entry {
    uint64_t key;
    uint32_t gen;
    int8_t value;
};
struct mm {
    struct mm_entry *tab;
    uint32_t gen;
    long nodes, budget;
    int over;
};

static int mm_value(struct mm *m, void *st)
{
    struct game_status s;
    G->status(st, &s);
    if (s.over)
        return over_value(st, &s);
    uint64_t key = G->hash(st);
    const size_t mask = ((size_t)1 << MM_BITS) - 1;
    size_t i = (size_t)(key >> 20) & mask;
    while (m->tab[i].gen == m->gen) {
        if (m->tab[i].key == key)
            return m->tab[i].value;
        i = (i + 1) & mask;
    }
    if (++m->nodes > m->budget) {
        m->over = 1;
        return 0;
    }
    move_t mv[GAME_MAX_MOVES];
    int n = G->gen_moves(st, mv), best = -2;
    for (int k = 0; k < n && !m->over && best < 1; k++) {
        game_undo u;
        G->make(st, mv[k], &u);
        int v = -mm_value(m, st);
        G->unmake(st, mv[k], &u);
        if (v > best)
            best = v;
    }
    if (m->over)
        return 0;
    /* the slot found free above may have been taken below: find one again
     * (the budget, at most MM_CAP, keeps the table under half full) */
    while (m->tab[i].gen == m->gen)
        i = (i + 1) & mask;
    m->tab[i].key = key;
    m->tab[i].value = (int8_t)best;
    m->tab[i].gen = m->gen;
    return best;
}

/* ---- the sample and the results ---- */
static int nl, quota, all_layers;
static char **pos;              /* [layer * quota + i] */
static int *have;
static const char *opts[1];

/* A layer's pools of nodes: "250M@21,10M" gives layers 21 and up 250 M
 * nodes and the others 10 M (the entry with the highest first layer at
 * most the layer); a bare number is every layer's. */
#define MAX_POOLS 8
struct pools {
    int n;
    int from[MAX_POOLS];
    uint64_t nodes[MAX_POOLS];
};
static struct pools proof_pools, mm_pools;

struct layer_result {
    long n, by_value[4];
    long local, local_ok;       /* local consistency: checked, agreed */
    long passes;                /* positions whose only move is a pass */
    long proved, proof_ok, move_ok;
    long mm, mm_ok;
    long bad;
    uint64_t proof_nodes, mm_nodes;
    double cpu;
    char *lines;                /* disagreements, printed in layer order */
    size_t lines_len;
};
static struct layer_result *res;

static void say(struct layer_result *r, const char *fmt, const char *p, int a, int b)
{
    char line[400];
    int k = snprintf(line, sizeof line, fmt, p, a, b);
    r->lines = realloc(r->lines, r->lines_len + (size_t)k + 2);
    memcpy(r->lines + r->lines_len, line, (size_t)k);
    r->lines_len += (size_t)k;
    r->lines[r->lines_len++] = '\n';
    r->lines[r->lines_len] = 0;
    r->bad++;
}

static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* 1500000, 1.5M, 150M, 2G */
static uint64_t parse_count(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (*end == 'k' || *end == 'K')
        v *= 1e3;
    else if (*end == 'M')
        v *= 1e6;
    else if (*end == 'G')
        v *= 1e9;
    return (uint64_t)v;
}

static int parse_pools(const char *spec, struct pools *p)
{
    p->n = 0;
    for (const char *c = spec; *c;) {
        if (p->n == MAX_POOLS)
            return -1;
        p->nodes[p->n] = parse_count(c);
        const char *at = c + strcspn(c, "@,");
        p->from[p->n] = *at == '@' ? atoi(at + 1) : 0;
        p->n++;
        c = at + strcspn(at, ",");
        if (*c == ',')
            c++;
    }
    for (int i = 1; i < p->n; i++)     /* the highest first layer first */
        for (int j = i; j > 0 && p->from[j] > p->from[j - 1]; j--) {
            int f = p->from[j];
            uint64_t v = p->nodes[j];
            p->from[j] = p->from[j - 1];
            p->nodes[j] = p->nodes[j - 1];
            p->from[j - 1] = f;
            p->nodes[j - 1] = v;
        }
    return p->n ? 0 : -1;
}

static uint64_t pool_of(const struct pools *p, int layer)
{
    for (int i = 0; i < p->n; i++)
        if (layer >= p->from[i])
            return p->nodes[i];
    return 0;
}

/* One layer, its positions in order, by one thread with a solver of its
 * own made for the layer: the results do not depend on the threads. A
 * position gets what is left of the layer's pool shared among the
 * positions still to do (at most the cap), so what the easy ones do not
 * use goes to the harder ones after them. */
static void check_layer(int l, struct mm *m)
{
    struct layer_result *r = &res[l];
    const double c0 = thread_cpu();
    void *solver = G->solver_create(256);
    if (!solver) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    uint64_t proof_left = pool_of(&proof_pools, l);
    long mm_left = (long)pool_of(&mm_pools, l);
    r->n = have[l];
    for (int i = 0; i < have[l]; i++) {
        const char *p = pos[(size_t)l * (size_t)quota + (size_t)i];
        const int todo = have[l] - i;
        gstate st;
        char err[128];
        G->init(&st, 1, opts, err, sizeof err);
        if (G->parse_position(&st, p, err, sizeof err) != GAME_OK) {
            fprintf(stderr, "%s: %s\n", p, err);
            exit(2);
        }
        const int tv = table_value((const struct gh_state *)&st);
        if (tv == GHT_UNSET && tb.h->done[l]) {
            say(r, "UNSET in the table: %s", p, 0, 0);
            continue;
        }
        r->by_value[tv]++;
        const int want_v = tv - GHT_DRAW;   /* -1, 0, +1; meaningless when unset */

        /* local consistency: the negamax of the children, the moves
         * written again from the rules and checked against gen_moves, the
         * children made by the game's make and judged by its status */
        if (tv != GHT_UNSET) {
            char nm[GAME_MAX_MOVES][16], gm[GAME_MAX_MOVES][16];
            move_t mv[GAME_MAX_MOVES];
            const int n = naive_moves((const struct gh_state *)&st, nm);
            const int ng = G->gen_moves(&st, mv);
            int same = n == ng;
            for (int k = 0; k < ng; k++)
                G->format_move(&st, mv[k], gm[k], sizeof gm[k]);
            qsort(nm, (size_t)n, sizeof nm[0], cmp_text);
            qsort(gm, (size_t)ng, sizeof gm[0], cmp_text);
            for (int k = 0; k < n && same; k++)
                same = !strcmp(nm[k], gm[k]);
            int best = -2, unset = 0, illegal = 0;
            for (int k = 0; k < n; k++) {
                move_t m;
                game_undo u;
                struct game_status gs;
                if (G->parse_move(&st, nm[k], &m, err, sizeof err) != GAME_OK) {
                    illegal = 1;
                    continue;
                }
                G->make(&st, m, &u);
                G->status(&st, &gs);
                int cv;
                if (gs.over) {
                    cv = over_value(&st, &gs);
                } else {
                    int t = table_value((const struct gh_state *)&st);
                    unset |= t == GHT_UNSET;
                    cv = t - GHT_DRAW;
                }
                G->unmake(&st, m, &u);
                if (-cv > best)
                    best = -cv;
            }
            r->passes += n == 1 && !strcmp(nm[0], "pass");
            if (!same || illegal) {
                say(r, "MOVES: %s: the rules' text gives %d moves, gen_moves %d (or one is "
                    "refused)", p, n, ng);
            } else if (n == 0) {
                say(r, "NO MOVE by the rules in a position the table has: %s", p, 0, 0);
            } else if (unset) {
                say(r, "LOCAL: %s: a child is not in the table", p, 0, 0);
            } else {
                r->local++;
                if (best == want_v)
                    r->local_ok++;
                else
                    say(r, "LOCAL: %s: table %d, negamax of the children %d", p, want_v, best);
            }
        }

        /* the proof search, no table */
        uint64_t give = proof_left / (uint64_t)todo;
        if (give > PROOF_CAP)
            give = PROOF_CAP;
        if (give < 1000)
            give = 1000;
        struct game_solve_limits lim = {.nodes = give, .threads = 1};
        struct game_solve_result sr;
        memset(&sr, 0, sizeof sr);
        const int ok = G->solve(solver, &st, &lim, &sr);
        r->proof_nodes += sr.nodes;
        proof_left -= sr.nodes < proof_left ? sr.nodes : proof_left;
        if (ok) {
            r->proved++;
            if (tv == GHT_UNSET) {
                /* a layer not done (all_layers): settle rates only */
            } else if (sr.value == want_v) {
                r->proof_ok++;
            } else {
                say(r, "DISAGREE: %s table %d, proof %d", p, want_v, sr.value);
            }
            if (tv != GHT_UNSET && sr.best != MOVE_NONE) {
                game_undo u;
                struct game_status gs;
                G->make(&st, sr.best, &u);
                G->status(&st, &gs);
                int cv = gs.over ? over_value(&st, &gs)
                                 : table_value((const struct gh_state *)&st) - GHT_DRAW;
                G->unmake(&st, sr.best, &u);
                if (cv == -sr.value)
                    r->move_ok++;
                else
                    say(r, "MOVE: %s: the proof's move leads to table value %d (proof %d)", p,
                        cv, sr.value);
            }
        }

        /* plain minimax */
        long mgive = mm_left / todo;
        if (mgive > MM_CAP)
            mgive = MM_CAP;
        if (mgive < 1000)
            mgive = 1000;
        m->gen++;
        m->nodes = 0;
        m->over = 0;
        m->budget = mgive;
        int mvv = mm_value(m, &st);
        r->mm_nodes += (uint64_t)m->nodes;
        mm_left -= m->nodes < mm_left ? m->nodes : mm_left;
        if (!m->over) {
            r->mm++;
            if (tv == GHT_UNSET)
                ;
            else if (mvv == want_v)
                r->mm_ok++;
            else
                say(r, "DISAGREE: %s table %d, minimax %d", p, want_v, mvv);
        }
    }
    G->solver_destroy(solver);
    r->cpu = thread_cpu() - c0;
    /* progress for a long run; the table comes on stdout at the end */
    fprintf(stderr, "layer %d: %ld positions, local %ld/%ld, proof %ld/%ld, minimax %ld/%ld, "
            "%ld bad, %.1f s of CPU\n", l, r->n, r->local_ok, r->local, r->proof_ok, r->proved,
            r->mm_ok, r->mm, r->bad, r->cpu);
}

static int next_layer, *order;   /* the layers with the largest pools first */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    (void)arg;
    struct mm m = {0};
    m.tab = calloc((size_t)1 << MM_BITS, sizeof *m.tab);
    if (!m.tab) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (;;) {
        pthread_mutex_lock(&lock);
        int k = next_layer++;
        pthread_mutex_unlock(&lock);
        if (k >= nl)
            break;
        const int l = order[k];
        if (have[l])
            check_layer(l, &m);
    }
    free(m.tab);
    return NULL;
}

int main(int argc, char **argv)
{
    int a = 1;
    if (argc > 1 && !strcmp(argv[1], "--all-layers")) {
        all_layers = 1;         /* sample unfinished layers too: settle rates */
        a++;
    }
    if (argc - a < 6 || argc - a > 7) {
        fprintf(stderr,
                "usage: %s [--all-layers] TABLE-FILE PIECES N SEED PROOF-POOL MINIMAX-POOL "
                "[THREADS]\n",
                argv[0]);
        return 2;
    }
    const char *file = argv[a];
    const int pieces = atoi(argv[a + 1]), want = atoi(argv[a + 2]);
    uint64_t rng = strtoull(argv[a + 3], NULL, 10);
    const int threads = argc - a > 6 ? atoi(argv[a + 6]) : 2;
    tb.T = ght_create(pieces);
    if (!tb.T || threads < 1 || want < 1 || parse_pools(argv[a + 4], &proof_pools) ||
        parse_pools(argv[a + 5], &mm_pools)) {
        fprintf(stderr, "no table numbering for pieces=%d, or a bad count or pool\n", pieces);
        return 2;
    }
    struct ght_file_header want_h;
    ght_file_layout(tb.T, &want_h);
    int fd = open(file, O_RDONLY);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb)) {
        perror(file);
        return 2;
    }
    void *map = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    /* a value is a byte here and there: no read-ahead around it */
    madvise(map, (size_t)sb.st_size, MADV_RANDOM);
    tb.map = map;
    tb.h = map;
    if ((size_t)sb.st_size < GHT_HEADER || memcmp(tb.h->magic, GHT_MAGIC, 8) ||
        tb.h->pieces != want_h.pieces || tb.h->nlayers != want_h.nlayers ||
        tb.h->fingerprint != want_h.fingerprint ||
        memcmp(tb.h->offset, want_h.offset, sizeof want_h.offset)) {
        fprintf(stderr, "%s: not a table for pieces=%d\n", file, pieces);
        return 2;
    }
    nl = (int)tb.h->nlayers;
    int done = 0;
    for (int l = 0; l < nl; l++)
        done += tb.h->done[l] != 0;
    printf("table %s: pieces=%d, %d of %d layers done%s\n", file, pieces, done, nl,
           all_layers ? " (sampling every layer: unfinished ones for settle rates only)" : "");
    const int sampled_layers = all_layers ? nl : done;
    if (!sampled_layers)
        return 2;
    const int64_t t0 = now_ms();

    /* the sample: random games from the start, from each game at most one
     * position of a layer (one in four of those met), a position once, up
     * to the layer's quota; layers random play seldom reaches get what it
     * finds (the sampling stops after 20,000 games that added nothing) */
    quota = (want + sampled_layers - 1) / sampled_layers;
    pos = calloc((size_t)nl * (size_t)quota, sizeof *pos);
    have = calloc((size_t)nl, sizeof *have);
    uint64_t **seen = calloc((size_t)nl, sizeof *seen);
    int total = 0;
    long games = 0, idle = 0;
    const long max_games = 400L * want;
    char opt[32];
    snprintf(opt, sizeof opt, "pieces=%d", pieces);
    opts[0] = opt;
    while (total < want && games < max_games && idle < 20000) {
        gstate st;
        char err[128];
        if (G->init(&st, 1, opts, err, sizeof err) != GAME_OK) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        games++;
        idle++;
        for (;;) {
            struct game_status gs;
            G->status(&st, &gs);
            if (gs.over)
                break;
            int l = layer_of((const struct gh_state *)&st);
            if (l >= 0 && (all_layers || tb.h->done[l]) && have[l] < quota &&
                rng_below(&rng, 4) == 0) {
                const uint64_t k = G->hash(&st);
                int dup = 0;
                if (!seen[l])
                    seen[l] = calloc((size_t)quota, sizeof **seen);
                for (int i = 0; i < have[l] && !dup; i++)
                    dup = seen[l][i] == k;
                if (!dup) {
                    char buf[128];
                    G->format_position(&st, buf, sizeof buf);
                    seen[l][have[l]] = k;
                    pos[(size_t)l * (size_t)quota + (size_t)have[l]++] = strdup(buf);
                    total++;
                    idle = 0;
                }
            }
            move_t mv[GAME_MAX_MOVES];
            int n = G->gen_moves(&st, mv);
            game_undo u;
            G->make(&st, mv[rng_below(&rng, (uint32_t)n)], &u);
        }
    }
    printf("%d distinct positions from %ld random games (quota %d a layer) in %.0f s; a "
           "layer's pool of nodes: proof %s, minimax %s (a position at most %llu and %ld); %d "
           "threads\n",
           total, games, quota, (double)(now_ms() - t0) / 1000.0, argv[a + 4], argv[a + 5],
           PROOF_CAP, MM_CAP, threads);
    fflush(stdout);
    order = malloc((size_t)nl * sizeof *order);
    for (int l = 0; l < nl; l++)
        order[l] = l;
    for (int i = 1; i < nl; i++)        /* by pool, largest first; stable */
        for (int j = i; j > 0 && pool_of(&proof_pools, order[j]) >
                                      pool_of(&proof_pools, order[j - 1]); j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }

    res = calloc((size_t)nl, sizeof *res);
    pthread_t th[64];
    const int nth = threads < 64 ? threads : 64;
    for (int i = 0; i < nth; i++)
        pthread_create(&th[i], NULL, worker, NULL);
    for (int i = 0; i < nth; i++)
        pthread_join(th[i], NULL);

    struct layer_result sum;
    memset(&sum, 0, sizeof sum);
    printf("layer  sampled   won drawn  lost   local  agree   proved  agree  move-ok   "
           "minimax  agree  bad   proof-nodes  minimax-nodes   cpu-s\n");
    for (int l = 0; l < nl; l++) {
        const struct layer_result *r = &res[l];
        if (r->lines)
            fputs(r->lines, stdout);
        if (!r->n)
            continue;
        printf("%5d  %7ld  %5ld %5ld %5ld   %5ld  %5ld   %6ld  %5ld  %7ld   %7ld  %5ld  %3ld  "
               "%12" PRIu64 "  %13" PRIu64 "  %6.1f%s\n",
               l, r->n, r->by_value[GHT_WIN], r->by_value[GHT_DRAW], r->by_value[GHT_LOSS],
               r->local, r->local_ok, r->proved, r->proof_ok, r->move_ok, r->mm, r->mm_ok, r->bad,
               r->proof_nodes, r->mm_nodes, r->cpu, tb.h->done[l] ? "" : "  (not done)");
        sum.n += r->n;
        for (int v = 0; v < 4; v++)
            sum.by_value[v] += r->by_value[v];
        sum.local += r->local;
        sum.local_ok += r->local_ok;
        sum.passes += r->passes;
        sum.proved += r->proved;
        sum.proof_ok += r->proof_ok;
        sum.move_ok += r->move_ok;
        sum.mm += r->mm;
        sum.mm_ok += r->mm_ok;
        sum.bad += r->bad;
        sum.proof_nodes += r->proof_nodes;
        sum.mm_nodes += r->mm_nodes;
        sum.cpu += r->cpu;
    }
    printf("total  %7ld  %5ld %5ld %5ld   %5ld  %5ld   %6ld  %5ld  %7ld   %7ld  %5ld  %3ld  "
           "%12" PRIu64 "  %13" PRIu64 "  %6.1f\n",
           sum.n, sum.by_value[GHT_WIN], sum.by_value[GHT_DRAW], sum.by_value[GHT_LOSS],
           sum.local, sum.local_ok, sum.proved, sum.proof_ok, sum.move_ok, sum.mm, sum.mm_ok,
           sum.bad, sum.proof_nodes, sum.mm_nodes, sum.cpu);
    printf("sampled %ld positions (table: %ld won, %ld drawn, %ld lost for the side to move); "
           "local consistency checked %ld (%ld of them a pass), %ld agree; proof search settled %ld, %ld agree, its "
           "move consistent with the table %ld; minimax settled %ld, %ld agree; %ld "
           "disagreements; %.0f s wall, %.0f s of CPU in the checks\n",
           sum.n, sum.by_value[GHT_WIN], sum.by_value[GHT_DRAW], sum.by_value[GHT_LOSS],
           sum.local, sum.passes, sum.local_ok, sum.proved, sum.proof_ok, sum.move_ok, sum.mm,
           sum.mm_ok, sum.bad, (double)(now_ms() - t0) / 1000.0, sum.cpu);
    return sum.bad ? 1 : 0;
}
