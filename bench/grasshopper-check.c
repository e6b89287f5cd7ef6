/* grasshopper-check.c -- checks the moves of one player in Grasshopper game
 * records (tabula-match --records) against a stored value table: a move is
 * perfect when it keeps the value of the position for its player. Built and
 * run by bench/grasshopper-perfect.
 * Usage: grasshopper-check TABLE-FILE PIECES RECORDS PLAYER */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "game.h"
#include "record.h"
#include "games/grasshopper_table.h"

static int value_of(struct ght_table *t, const struct gh_state *s)
{
    struct gh_board b;
    if (s->winner >= 0)
        return s->winner == s->side ? GHT_WIN : GHT_LOSS;
    gh_board_of(s, &b);
    if (!gh_board_any(&b, 0) && !gh_board_any(&b, 1))
        return GHT_DRAW;
    return ght_table_value(t, &b);
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: %s TABLE-FILE PIECES RECORDS PLAYER\n", argv[0]);
        return 2;
    }
    const int pieces = atoi(argv[2]);
    const char *player = argv[4];
    char err[256];
    struct ght_table t;
    if (ght_table_open(&t, argv[1], pieces, GHT_CHECK_SAMPLE | GHT_CHECK_SUMS, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    FILE *f = fopen(argv[3], "r");
    if (!f) {
        perror(argv[3]);
        return 2;
    }
    const struct game *g = &grasshopper_game;
    struct game_record r;
    long games = 0, moves = 0, kept = 0, dropped = 0, unknown = 0;
    long by_value[4] = {0, 0, 0, 0}, points2 = 0;
    record_init(&r);
    int rc;
    while ((rc = record_read(f, &r, err, sizeof err)) == 1) {
        int side = !strcmp(r.players[0], player) ? 0 : !strcmp(r.players[1], player) ? 1 : -1;
        if (side < 0) {
            record_free(&r);
            record_init(&r);
            continue;
        }
        char opt[32];
        const char *opts[1] = {opt};
        snprintf(opt, sizeof opt, "pieces=%d", pieces);
        struct gh_state s;
        if (g->init(&s, 1, opts, err, sizeof err) ||
            (r.position[0] && g->parse_position(&s, r.position, err, sizeof err))) {
            fprintf(stderr, "record %ld: %s\n", games + 1, err);
            return 2;
        }
        games++;
        int first = 1;
        for (int i = 0; i < r.nmoves; i++) {
            move_t m;
            game_undo u;
            if (g->parse_move(&s, r.moves[i], &m, err, sizeof err)) {
                fprintf(stderr, "record %ld move %d %s: %s\n", games, i + 1, r.moves[i], err);
                return 2;
            }
            const int mover = s.side;
            const int before = value_of(&t, &s);
            g->make(&s, m, &u);
            if (mover != side)
                continue;
            const int after = value_of(&t, &s);
            if (first && before != GHT_UNSET) {
                by_value[before]++;     /* the value of its first position */
                first = 0;
            }
            moves++;
            if (before == GHT_UNSET || after == GHT_UNSET)
                unknown++;
            else if (GHT_WIN + GHT_LOSS - after == before)
                kept++;
            else {
                dropped++;
                printf("record %ld move %d (%s): value %d -> %d\n", games, i + 1, r.moves[i],
                       before - GHT_DRAW, GHT_DRAW - after);
            }
        }
        struct game_status gs;
        g->status(&s, &gs);
        if (gs.over)
            points2 += gs.winner < 0 ? 1 : gs.winner == side ? 2 : 0;
        record_free(&r);
        record_init(&r);
    }
    if (rc < 0) {
        fprintf(stderr, "%s: %s\n", argv[3], err);
        return 2;
    }
    printf("%s: %ld games (from a won position %ld, drawn %ld, lost %ld), score %.1f%%\n",
           player, games, by_value[GHT_WIN], by_value[GHT_DRAW], by_value[GHT_LOSS],
           games ? 50.0 * points2 / games : 0.0);
    printf("%s: %ld moves checked, value kept %ld, value dropped %ld, not in the table %ld\n",
           player, moves, kept, dropped, unknown);
    ght_table_close(&t);
    return dropped ? 1 : 0;
}
