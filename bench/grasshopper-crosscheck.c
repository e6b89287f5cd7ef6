/* grasshopper-crosscheck.c -- checks a Grasshopper value table (made by
 * bench/grasshopper-retro) by other methods: on random reachable positions
 * spread over every layer of progress, the proof search (the dedicated
 * solver, reading no table) and, where it finishes within its node budget,
 * a plain memoised minimax on the rules alone must give the table's value;
 * and the proof's move must lead to a position the table values as the
 * proof says. Works on an incomplete table too: only its finished layers
 * are sampled. Built and run by bench/grasshopper-crosscheck.
 * Usage: grasshopper-crosscheck TABLE-FILE PIECES N SEED SECONDS [MINIMAX-NODES] */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "game.h"
#include "util.h"
#include "games/grasshopper_table.h"

static const struct game *const G = &grasshopper_game;

struct table {
    struct ght *T;
    const uint8_t *map;
    const struct ght_file_header *h;
};

/* The table's value (GHT_*) of st, GHT_UNSET when its layer is not done. */
static int table_value(const struct table *t, const struct gh_state *s)
{
    struct gh_board b;
    int layer;
    uint64_t off;
    if (s->winner >= 0)
        return s->winner == s->side ? GHT_WIN : GHT_LOSS;
    gh_board_of(s, &b);
    if (!gh_board_any(&b, 0) && !gh_board_any(&b, 1))
        return GHT_DRAW;
    if (!ght_locate(t->T, &b, &layer, &off) || !t->h->done[layer])
        return GHT_UNSET;
    return ght_get(t->map + t->h->offset[layer], off);
}

static int layer_of(const struct table *t, const struct gh_state *s)
{
    struct gh_board b;
    int layer;
    uint64_t off;
    gh_board_of(s, &b);
    return ght_locate(t->T, &b, &layer, &off) ? layer : -1;
}

/* ---- plain minimax on the rules alone, memoised by the hash ---- */
#define MM_BITS 22
struct mm_entry {
    uint64_t key;
    uint32_t gen;
    int8_t value;
};
static struct mm_entry *mm_tab;
static uint32_t mm_gen;
static long mm_nodes, mm_budget;
static int mm_over;

static int mm_value(void *st)
{
    struct game_status s;
    G->status(st, &s);
    if (s.over)
        return s.winner < 0 ? 0 : s.winner == G->side_to_move(st) ? 1 : -1;
    uint64_t key = G->hash(st);
    size_t i = (size_t)(key >> 20) & ((1u << MM_BITS) - 1);
    while (mm_tab[i].gen == mm_gen) {
        if (mm_tab[i].key == key)
            return mm_tab[i].value;
        i = (i + 1) & ((1u << MM_BITS) - 1);
    }
    if (++mm_nodes > mm_budget) {
        mm_over = 1;
        return 0;
    }
    move_t mv[GAME_MAX_MOVES];
    int n = G->gen_moves(st, mv), best = -2;
    for (int k = 0; k < n && !mm_over && best < 1; k++) {
        game_undo u;
        G->make(st, mv[k], &u);
        int v = -mm_value(st);
        G->unmake(st, mv[k], &u);
        if (v > best)
            best = v;
    }
    if (mm_over)
        return 0;
    /* the slot found free above may have been taken below: find one again */
    while (mm_tab[i].gen == mm_gen)
        i = (i + 1) & ((1u << MM_BITS) - 1);
    mm_tab[i].key = key;
    mm_tab[i].value = (int8_t)best;
    mm_tab[i].gen = mm_gen;
    return best;
}

int main(int argc, char **argv)
{
    if (argc != 6 && argc != 7) {
        fprintf(stderr, "usage: %s TABLE-FILE PIECES N SEED SECONDS [MINIMAX-NODES]\n", argv[0]);
        return 2;
    }
    const int pieces = atoi(argv[2]), want = atoi(argv[3]);
    uint64_t rng = strtoull(argv[4], NULL, 10);
    const double seconds = atof(argv[5]);
    mm_budget = argc > 6 ? atol(argv[6]) : 1000000;
    struct table t;
    t.T = ght_create(pieces);
    if (!t.T) {
        fprintf(stderr, "no table numbering for pieces=%d\n", pieces);
        return 2;
    }
    struct ght_file_header want_h;
    ght_file_layout(t.T, &want_h);
    int fd = open(argv[1], O_RDONLY);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb)) {
        perror(argv[1]);
        return 2;
    }
    void *map = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        perror("mmap");
        return 2;
    }
    t.map = map;
    t.h = map;
    if ((size_t)sb.st_size < GHT_HEADER || memcmp(t.h->magic, GHT_MAGIC, 8) ||
        t.h->pieces != want_h.pieces || t.h->nlayers != want_h.nlayers ||
        t.h->fingerprint != want_h.fingerprint ||
        memcmp(t.h->offset, want_h.offset, sizeof want_h.offset)) {
        fprintf(stderr, "%s: not a table for pieces=%d\n", argv[1], pieces);
        return 2;
    }
    const int nl = (int)t.h->nlayers;
    int done = 0;
    for (int l = 0; l < nl; l++)
        done += t.h->done[l] != 0;
    printf("table %s: pieces=%d, %d of %d layers done\n", argv[1], pieces, done, nl);
    if (!done)
        return 2;
    mm_tab = calloc((size_t)1 << MM_BITS, sizeof *mm_tab);

    /* the sample: random games from the start, from each game at most one
     * position of a layer (one in four of those met), up to the layer's
     * quota; layers random play seldom reaches get what it finds (the
     * sampling stops after 20,000 games that added nothing) */
    const int quota = (want + done - 1) / done;
    char **pos = calloc((size_t)nl * (size_t)quota, sizeof *pos);
    int *have = calloc((size_t)nl, sizeof *have);
    int total = 0;
    long games = 0, idle = 0;
    const long max_games = 400L * want;
    char opt[32];
    snprintf(opt, sizeof opt, "pieces=%d", pieces);
    const char *opts[1] = {opt};
    while (total < want && games < max_games && idle < 20000) {
        union { unsigned char b[512]; uint64_t a; } st;
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
            int l = layer_of(&t, (const struct gh_state *)&st);
            if (l >= 0 && t.h->done[l] && have[l] < quota && rng_below(&rng, 4) == 0) {
                char buf[128];
                G->format_position(&st, buf, sizeof buf);
                pos[(size_t)l * (size_t)quota + (size_t)have[l]++] = strdup(buf);
                total++;
                idle = 0;
            }
            move_t mv[GAME_MAX_MOVES];
            int n = G->gen_moves(&st, mv);
            game_undo u;
            G->make(&st, mv[rng_below(&rng, (uint32_t)n)], &u);
        }
    }
    printf("%d positions from %ld random games (quota %d a layer)\n", total, games, quota);

    void *solver = G->solver_create(256);
    long settled = 0, agree = 0, by_mm = 0, mm_agree = 0, moves_ok = 0, bad = 0;
    long by_value[4] = {0, 0, 0, 0};
    int64_t t0 = now_ms();
    printf("layer  sampled  proved  agree  minimax  agree  move-ok\n");
    for (int l = 0; l < nl; l++) {
        long s_l = 0, a_l = 0, m_l = 0, ma_l = 0, mo_l = 0;
        for (int i = 0; i < have[l]; i++) {
            const char *p = pos[(size_t)l * (size_t)quota + (size_t)i];
            union { unsigned char b[512]; uint64_t a; } st;
            char err[128];
            G->init(&st, 1, opts, err, sizeof err);
            if (G->parse_position(&st, p, err, sizeof err) != GAME_OK) {
                fprintf(stderr, "%s: %s\n", p, err);
                return 2;
            }
            const int tv = table_value(&t, (const struct gh_state *)&st);
            if (tv == GHT_UNSET) {
                printf("UNSET in the table: %s\n", p);
                bad++;
                continue;
            }
            by_value[tv]++;
            const int want_v = tv - GHT_DRAW;   /* -1, 0, +1 */
            G->solver_clear(solver);
            struct game_solve_limits lim = {
                .deadline_ms = now_ms() + (int64_t)(seconds * 1000), .threads = 1,
            };
            struct game_solve_result r;
            memset(&r, 0, sizeof r);
            if (G->solve(solver, &st, &lim, &r)) {
                s_l++;
                if (r.value == want_v) {
                    a_l++;
                } else {
                    printf("DISAGREE: %s table %d, proof %d\n", p, want_v, r.value);
                    bad++;
                }
                if (r.best != MOVE_NONE) {
                    game_undo u;
                    G->make(&st, r.best, &u);
                    int cv = table_value(&t, (const struct gh_state *)&st);
                    G->unmake(&st, r.best, &u);
                    if (cv == GHT_UNSET || cv - GHT_DRAW == -r.value) {
                        mo_l++;
                    } else {
                        printf("MOVE: %s: the proof's move leads to table value %d\n", p,
                               cv - GHT_DRAW);
                        bad++;
                    }
                }
            }
            mm_gen++;
            mm_nodes = 0;
            mm_over = 0;
            int mv = mm_value(&st);
            if (!mm_over) {
                m_l++;
                if (mv == want_v) {
                    ma_l++;
                } else {
                    printf("DISAGREE: %s table %d, minimax %d\n", p, want_v, mv);
                    bad++;
                }
            }
        }
        if (have[l])
            printf("%5d  %7d  %6ld  %5ld  %7ld  %5ld  %7ld\n", l, have[l], s_l, a_l, m_l, ma_l,
                   mo_l);
        fflush(stdout);
        settled += s_l;
        agree += a_l;
        by_mm += m_l;
        mm_agree += ma_l;
        moves_ok += mo_l;
    }
    printf("sampled %d (table: %ld won, %ld drawn, %ld lost for the side to move); proof search "
           "within %.0f s settled %ld, %ld agree; minimax within %ld nodes settled %ld, %ld "
           "agree; proof's move consistent with the table %ld; %ld disagreements; %.0f s\n",
           total, by_value[GHT_WIN], by_value[GHT_DRAW], by_value[GHT_LOSS], seconds, settled,
           agree, mm_budget, by_mm, mm_agree, moves_ok, bad, (double)(now_ms() - t0) / 1000.0);
    G->solver_destroy(solver);
    return bad ? 1 : 0;
}
