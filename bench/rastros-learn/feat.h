/* feat.h -- the features of bench/rastros-learn's evaluators, from the side
 * to move's view (in a copy of rastros.c: needs its bit, king_of, free_moves,
 * goal_distances and rastros_uvg_wins) */
#define NF 24
static void ra_features(const struct rastros *p, int f[NF])
{
    int dist[2];
    uint64_t region = goal_distances(p, dist);
    int me = p->stm, opp = me ^ 1;
    uint64_t mv = free_moves(p);
    int mob = __builtin_popcountll(mv);
    for (int i = 0; i < NF; i++) f[i] = 0;
    f[0] = 1;
    int dm = dist[me], dp = dist[opp];
    if (dm < 0) f[5] = 1; else if (dm >= 5) f[4] = 1; else if (dm >= 2) f[dm - 1] = 1;
    if (dp < 0) f[11] = 1; else if (dp >= 5) f[10] = 1; else f[5 + dp] = 1;
    f[12] = mob;
    f[13] = mob == 1;
    uint64_t gm = bit(p->goal[me]), go = bit(p->goal[opp]);
    uint64_t dangers = (p->slime & go) ? 0 : king_of(go);
    f[14] = __builtin_popcountll(mv & ~dangers & ~go);       /* safe moves */
    int w = rastros_uvg_wins(region, p->snail);
    f[15] = w ? 1 : -1;
    uint64_t r1m = king_of(gm) & region & ~bit(p->snail), r1o = king_of(go) & region & ~bit(p->snail);
    f[16] = __builtin_popcountll(r1m);
    f[17] = __builtin_popcountll(r1o);
    int rest = __builtin_popcountll(region) - 1;
    f[18] = (rest & 1) ? 1 : -1;
    f[19] = rest;
    /* geography win, weighted by the far goals */
    f[20] = (dm >= 0 && dp >= 0) ? f[15] * (dm + dp > 6) : 0;
    /* the opponent's safe replies after my best-looking move: min over my safe moves */
    int best = 99;
    for (uint64_t m = mv & ~dangers & ~go; m; m &= m - 1) {
        int to = __builtin_ctzll(m);
        uint64_t om = king_of(bit(to)) & p->board & ~p->slime & ~bit(p->snail);
        uint64_t od = (p->slime & gm) ? 0 : king_of(gm);
        int c = __builtin_popcountll(om & ~od & ~gm);
        if (c < best) best = c;
    }
    f[21] = best == 99 ? 0 : best;
    f[22] = best == 0;
    f[23] = (dm >= 0 && dp >= 0) ? (dp - dm) : 0;
}
