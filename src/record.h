/* record.h -- game records, shared by the engine (savegame/loadgame) and
 * tabula-match (--records). Plain text, PGN-like: tag lines, then the moves.
 *
 *   [Game "rastros"]
 *   [Variant "size=8"]          (omitted or "" for the default variant)
 *   [Position "..."]            (omitted when the game starts from the start)
 *   [Player1 "tabula"]          (side that moves first)
 *   [Player2 "other"]
 *   [Result "1-0"]              ("1-0" side 1 won, "0-1", "1/2-1/2", "*")
 *   [Reason "snail reached a1"]
 *   [Date "2026.12.02"]
 *   <blank line>
 *   d3 c2 b1 ...                (moves in canonical text, any line breaks)
 *   <blank line between records>
 *
 * Knows nothing about any game's rules: moves are strings here. */
#ifndef TABULA_RECORD_H
#define TABULA_RECORD_H

#include <stdio.h>

struct game_record {
    char game[32];
    char variant[256];
    char position[512];
    char players[2][128];
    char result[16];
    char reason[128];
    char date[32];
    int nmoves;
    int cap;
    char **moves;               /* nmoves strings, owned by the record */
};

void record_init(struct game_record *r);
void record_free(struct game_record *r);
int record_add_move(struct game_record *r, const char *move);   /* 0 ok */
int record_write(FILE *f, const struct game_record *r);          /* 0 ok */
/* Reads the next record: 1 read, 0 end of file, -1 error (detail in err).
 * r must have been through record_init; its previous moves are freed. */
int record_read(FILE *f, struct game_record *r, char *err, size_t errlen);

#endif
