/* tool.c -- bench/rastros-learn's helper: bench/rastros-tool.c with more
 * commands (built by bench/rastros-learn/variant against a variant's rules).
 *   collect OUT SPEC PLY K/N  the won positions of shard K/N of ply PLY
 *       that genmove at NODES (default 3000) does not prove (ALL=1: every
 *       won one), with their winning moves, to the record file OUT
 *   score REC...              genmove at NODES on each record: moves that
 *       throw the win, positions proved
 *   train N SEED OPTIONS MINPLY MAXPLY  random game prefixes (plies
 *       uniform in MINPLY..MAXPLY) that no exact rule settles: the exact
 *       value (1 won for the side to move), feat.h's features, the
 *       squares the snail cannot reach, the snail, the side to move
 *   hard N SEED OPTIONS MINPLY MAXPLY  the same for the children of won
 *       prefixes genmove does not prove (a group number first, the
 *       child's value for its side to move, last whether genmove played it) */
#define main tool_main
#include "../rastros-tool.c"
#undef main

struct rec { unsigned char st[64]; uint64_t wins; };

/* genmove's node budget: NODES in the environment, default 3000 */
static uint64_t budget(void)
{
    return getenv("NODES") ? strtoull(getenv("NODES"), NULL, 10) : 3000;
}

/* Random game prefixes (N SEED OPTIONS MINPLY MAXPLY: the plies uniform in
 * MINPLY..MAXPLY, random legal moves) */
struct prefixes {
    char buf[128];
    const char *opts[4];
    int no, minp, maxp;
    unsigned long long seed;
};

static void prefixes_init(struct prefixes *pf, char **argv)
{
    pf->seed = strtoull(argv[1], NULL, 10);
    pf->minp = atoi(argv[3]);
    pf->maxp = atoi(argv[4]);
    snprintf(pf->buf, sizeof pf->buf, "%s", argv[2]);
    pf->no = 0;
    for (char *t = strtok(pf->buf, ","); t && pf->no < 4; t = strtok(NULL, ","))
        pf->opts[pf->no++] = t;
}

static unsigned long long next_random(struct prefixes *pf)
{
    pf->seed = pf->seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return pf->seed >> 33;
}

/* The next prefix into st; 0 if its game ended on the way (st unusable). */
static int random_prefix(struct prefixes *pf, void *st)
{
    const struct game *g = &rastros_game;
    char err[128];
    game_undo u;
    struct game_status gs;
    g->init(st, pf->no, pf->opts, err, sizeof err);
    int ply = pf->minp + (int)(next_random(pf) % (unsigned)(pf->maxp - pf->minp + 1));
    for (int i = 0; i < ply; i++) {
        move_t mv[GAME_MAX_MOVES];
        int k = g->gen_moves(st, mv);
        g->status(st, &gs);
        if (gs.over || k == 0)
            return 0;
        g->make(st, mv[next_random(pf) % (unsigned)k], &u);
    }
    g->status(st, &gs);
    return !gs.over;
}

/* genmove as the engine plays it at budget() nodes: a new game, one thread */
static void genmove(void *ab, void *st, struct search_result *res)
{
    struct search_params p;
    memset(&p, 0, sizeof p);
    p.nodes = budget();
    p.threads = 1;
    alphabeta_searcher.clear(ab);
    alphabeta_searcher.search(ab, &rastros_game, st, &p, res);
}

static FILE *open_or_die(const char *path, const char *mode)
{
    FILE *f = fopen(path, mode);
    if (!f) {
        perror(path);
        exit(1);
    }
    return f;
}

/* collect OUT SPEC PLY K/N : won positions genmove does not prove, with their winning moves */
static int collect(char **argv)
{
    const struct game *g = &rastros_game;
    size_t sz = g->state_size;
    int maxply, ply = atoi(argv[2]), shard, nsh;
    sscanf(argv[3], "%d/%d", &shard, &nsh);
    void *ab = alphabeta_searcher.create(64), *z = rastros_solver_create(1024);
    struct layer *layers = make_layers(argv[1], &maxply);
    FILE *f = open_or_die(argv[0], "wb");
    size_t n = 0, out = 0, thrown = 0;
    for (size_t i = (size_t)shard; i < layers[ply].n; i += (size_t)nsh) {
        unsigned char st[512];
        memcpy(st, layers[ply].st + i * sz, sz);
        n++;
        struct search_result res;
        genmove(ab, st, &res);
        if (res.exact && !getenv("ALL")) continue;
        move_t mv[GAME_MAX_MOVES];
        int k = g->gen_moves(st, mv);
        struct rec r; memset(&r, 0, sizeof r); memcpy(r.st, st, sz);
        for (int j = 0; j < k; j++)
            if (keeps_win(z, st, mv[j], 0, NULL)) r.wins |= 1ULL << mv[j];
        if (!r.wins) continue;
        if (!(r.wins >> res.best & 1)) thrown++;
        fwrite(&r, sizeof r, 1, f);
        out++;
    }
    fclose(f);
    printf("%s ply %d shard %d/%d: %zu positions, %zu won%s, %zu thrown\n", argv[1], ply, shard,
           nsh, n, out, getenv("ALL") ? "" : " not proved", thrown);
    return 0;
}

static int score(int argc, char **argv)
{
    void *ab = alphabeta_searcher.create(64);
    size_t tot = 0, thrown = 0;
    for (int a = 0; a < argc; a++) {
        FILE *f = open_or_die(argv[a], "rb");
        struct rec r;
        size_t n = 0, t = 0, pr = 0;
        while (fread(&r, sizeof r, 1, f) == 1) {
            struct search_result res;
            genmove(ab, r.st, &res);
            n++;
            if (res.exact) pr++;
            if (!(r.wins >> res.best & 1)) t++;
        }
        fclose(f);
        printf("  %s: %zu thrown of %zu, %zu proved\n", argv[a], t, n, pr);
        tot += n; thrown += t;
    }
    printf("total: %zu thrown of %zu\n", thrown, tot);
    return 0;
}

/* from eval.inc, in the variant's rules (NF: feat.h's, which needs rastros.c) */
#define NF 24
uint64_t ra_blocked_pub(const void *st);
void ra_features_pub(const void *st, int f[NF]);
/* train N SEED SPEC MINPLY MAXPLY: random prefixes, exact value, features */
static int train(char **argv)
{
    const struct game *g = &rastros_game;
    int n = atoi(argv[0]);
    struct prefixes pf;
    prefixes_init(&pf, argv);
    void *z = rastros_solver_create(1024);
    int done = 0;
    while (done < n) {
        unsigned char st[512];
        if (!random_prefix(&pf, st))
            continue;
        int v, pl;
        if (g->exact_value(st, &v, &pl)) continue;
        struct game_solve_result r;
        prove(z, st, 0, &r);
        int f[NF]; ra_features_pub(st, f);
        printf("%d", r.value > 0);
        for (int i = 0; i < NF; i++) printf(" %d", f[i]);
        { const struct rastros *q = (const void *)st; printf(" %llu %d %d", (unsigned long long)ra_blocked_pub(q), q->snail, q->stm); }
        printf("\n");
        done++;
    }
    return 0;
}

/* hard N SEED SPEC MINPLY MAXPLY: random prefixes that genmove at budget()
 * does not prove and that are won; prints each child no exact rule settles:
 * group, label, features, blocked squares, snail, side to move, played */
static int hard(char **argv)
{
    const struct game *g = &rastros_game;
    int n = atoi(argv[0]);
    struct prefixes pf;
    prefixes_init(&pf, argv);
    void *z = rastros_solver_create(1024), *ab = alphabeta_searcher.create(64);
    int done = 0;
    while (done < n) {
        unsigned char st[512];
        if (!random_prefix(&pf, st))
            continue;
        struct search_result res;
        genmove(ab, st, &res);
        if (res.exact) continue;
        move_t mv[GAME_MAX_MOVES]; int k = g->gen_moves(st, mv);
        int lab[GAME_MAX_MOVES], any = 0;
        for (int j = 0; j < k; j++) { lab[j] = keeps_win(z, st, mv[j], 0, NULL); any |= lab[j]; }
        if (!any) continue;
        for (int j = 0; j < k; j++) {
            unsigned char ch[512];
            struct game_status gs;
            child_of(st, mv[j], ch, &gs);
            int v, pl;
            if (gs.over || g->exact_value(ch, &v, &pl)) continue;
            int f[NF]; ra_features_pub(ch, f);
            const struct rastros *q = (const void *)ch;
            printf("%d %d", done, !lab[j]);   /* label: the child's side to move wins */
            for (int i = 0; i < NF; i++) printf(" %d", f[i]);
            printf(" %llu %d %d %d\n", (unsigned long long)ra_blocked_pub(q), q->snail, q->stm, mv[j] == res.best);
        }
        done++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 7 && !strcmp(argv[1], "hard")) return hard(argv + 2);
    if (argc >= 7 && !strcmp(argv[1], "train")) return train(argv + 2);
    if (argc >= 6 && !strcmp(argv[1], "collect")) return collect(argv + 2);
    if (argc >= 3 && !strcmp(argv[1], "score")) return score(argc - 2, argv + 2);
    return tool_main(argc, argv);
}
