/* record.h -- game records, shared by the engine (savegame/loadgame) and
 * tabula-match (--records): PGN with the Seven Tag Roster, then tags of our
 * own, then numbered moves with optional {comments}.
 *
 *   [Event "tabula-match rastros"]
 *   [Site "host"]
 *   [Date "2026.12.02"]
 *   [Round "17"]                (tabula-match: the game's results index)
 *   [White "ab"]                (player 1: colour 1, the side that moves
 *   [Black "mcts"]               first in the default rules; player 2)
 *   [Result "0-1"]              ("1-0" player 1 won, "0-1", "1/2-1/2", "*")
 *   [Game "rastros"]
 *   [Variant "size=8"]          (omitted for the default variant)
 *   [Position "8/8/..."]        (the start position; may be omitted when it
 *   [PlyCount "3"]               is the variant's start)
 *   [Termination "normal"]      (PGN's words; Reason has the detail)
 *   [Reason "snail reached h8"]
 *   [TimeControl "1/0.2"]
 *   <blank line>
 *   1. d4 {+12/5 0.101s} c3 {-3/4 0.200s} 2. d2 {snail reached h8} 0-1
 *
 * A move may carry a NAG ("c3 $4", PGN's "??") before its comment.
 *
 * Old records (Player1/Player2 tags, bare moves) still read. Moves are
 * strings here: this file knows nothing about any game's rules. The
 * reader never reads more than RECORD_MAX_BYTES for one record, nor a line
 * longer than RECORD_MAX_LINE, nor more than RECORD_MAX_MOVES moves, and
 * refuses NUL bytes: any input gives a
 * record or an error, promptly. */
#ifndef TABULA_RECORD_H
#define TABULA_RECORD_H

#include <stddef.h>
#include <stdio.h>

#define RECORD_MAX_LINE ((size_t)1 << 18)
#define RECORD_MAX_BYTES ((size_t)1 << 22)
#define RECORD_MAX_MOVES 100000
#define RECORD_MAX_COMMENT 1024         /* longer comments are cut */

struct game_record {
    char event[128];
    char site[128];
    char date[32];              /* YYYY.MM.DD */
    char round[32];
    char players[2][128];       /* White = player 1, Black = player 2 */
    char result[16];
    char game[32];
    char variant[256];
    char position[512];
    char termination[32];       /* normal, adjudication, time forfeit,
                                 * rules infraction, abandoned */
    char reason[160];
    char timecontrol[64];       /* PGN TimeControl (both players') */
    char player_tc[2][64];      /* WhiteTimeControl/BlackTimeControl,
                                 * when the players' differ */
    int first_side;             /* 1 if player 2 makes the first move */
    int complete;               /* read: the movetext ended in a result
                                 * token (a record not cut short) */
    int nmoves;
    int cap;
    char **moves;               /* nmoves strings, owned by the record */
    char **comments;            /* per move, NULL when none; owned */
    char **comments2;           /* per move, a second comment written after
                                 * the first (a review's words next to the
                                 * record's own), NULL when none; owned.
                                 * Written only: the reader keeps a move's
                                 * first comment */
    unsigned char *nags;        /* per move, a PGN NAG (1 "!", 2 "?", 4
                                 * "??", ...), 0 when none; owned */
};

void record_init(struct game_record *r);
void record_free(struct game_record *r);
int record_add_move(struct game_record *r, const char *move);   /* 0 ok */
/* A move and the comment written after it (NULL: none). 0 ok. */
int record_add_move_comment(struct game_record *r, const char *move,
                            const char *comment);
/* The same with a second comment written after the first (NULL: none). */
int record_add_move_comments(struct game_record *r, const char *move,
                             const char *comment, const char *comment2);
/* Sets move i's NAG (0: none), written "$nag" after the move. */
void record_set_nag(struct game_record *r, int i, int nag);
/* Writes r as PGN; empty roster tags are written as PGN's unknowns ("?",
 * "????.??.??"). Control characters and bytes that are not UTF-8 become
 * '?'. 0 ok, -1 write error. */
int record_write(FILE *f, const struct game_record *r);
/* The tag line record_write writes, `[Tag "value"]` and a newline: the
 * value cleaned as it cleans it (control characters and bytes that are not
 * UTF-8 made '?', cut at 1023 bytes, whole characters), '"' and '\\'
 * escaped. Returns the line's length, as snprintf: out (n bytes) gets what
 * fits, terminated; RECORD_TAG_LINE_MAX always holds a tag name of up to
 * 64 bytes. Lets a caller compare a file's tag line with what it wrote. */
#define RECORD_TAG_LINE_MAX (2 * 1023 + 64 + 8)
size_t record_format_tag(char *out, size_t n, const char *tag,
                         const char *v);
/* Reads the next record: 1 read, 0 end of input, -1 error (detail in
 * err). A line that is not UTF-8 is read as Latin-1 (Windows-1252) and
 * kept in UTF-8. r must have been through record_init; its previous moves are
 * freed. */
int record_read(FILE *f, struct game_record *r, char *err, size_t errlen);
/* The same from memory: parses the first record of text[0..len) (which
 * need not end with a NUL); *used (if not NULL) gets the bytes consumed,
 * so that a caller can go on with the next record. */
int record_parse(const char *text, size_t len, size_t *used,
                 struct game_record *r, char *err, size_t errlen);
/* The length of the UTF-8 byte order mark that s[0..len) starts with (3),
 * or 0 (Windows editors write one; the readers skip it). */
size_t record_bom(const char *s, size_t len);

#endif
