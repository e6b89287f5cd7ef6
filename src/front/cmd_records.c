/* cmd_records.c -- the records commands: savegame and loadgame, game
 * records in PGN (record.h). Knows the session, struct game and records. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "front/protocol.h"
#include "record.h"
#include "util.h"

static int cmd_savegame(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc != 1)
        return PROTO_ESYNTAX;
    struct game_record r;
    record_init(&r);
    int rc = proto_session_status(session_to_record(&p->s, &r));
    const char *why = NULL;
    FILE *f = rc == PROTO_OK ? util_fopen_file(argv[0], "w", &why) : NULL;
    if (rc == PROTO_OK && !f)
        rc = proto_fail(res, n, PROTO_EFILE, why);
    if (f && (record_write(f, &r) || fclose(f)))
        rc = proto_fail(res, n, PROTO_EFILE, "write failed");
    record_free(&r);
    return rc;
}

static int cmd_loadgame(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long upto = -1;
    if (argc < 1 || argc > 2 || (argc == 2 && proto_parse_int(argv[1], 0, 1000000, &upto)))
        return PROTO_ESYNTAX;
    const char *why;
    FILE *f = util_fopen_file(argv[0], "r", &why);    /* a FIFO: refused */
    if (!f)
        return proto_fail(res, n, PROTO_EFILE, why);
    struct game_record r;
    record_init(&r);
    char err[256];
    int got = record_read(f, &r, err, sizeof err);
    fclose(f);
    if (got != 1) {
        record_free(&r);
        return proto_fail(res, n, PROTO_EFILE, got == 0 ? "no record" : err);
    }
    int rc = session_from_record(&p->s, &r, (int)upto, res, n);
    record_free(&r);
    return proto_session_status(rc);
}

/* The fields of an entry: name, handler, arguments, their kinds, flags,
 * group, one line of help, and the reference text (doc/protocol.md's
 * section, made from it by tabula-docs). */
const struct proto_cmd record_commands[] = {
    {"savegame", cmd_savegame, "FILE", {ARG_FILE}, 0, PROTO_G_RECORDS,
     "save the game as a record",
     "Writes the game as a PGN [record](#game-records): the game, its variant, the position set "
     "by\n"
     "`setposition` if any, the result, today's date and the numbered moves, in the game's long\n"
     "notation where it has one (Tablut captures: `d7-d3xc3xe3`). Fails: `cannot open file: "
     "REASON`\n"
     "(a FIFO no one reads, a directory: at once, without waiting), `syntax error`."},
    {"loadgame", cmd_loadgame, "FILE [N]", {ARG_FILE, ARG_NONE}, CMD_CHANGES_GAME,
     PROTO_G_RECORDS, "load a record (its first N moves)",
     "Loads the first record of FILE and plays its first N moves (all by default): game, variant "
     "and\n"
     "start position are those of the record; engine options are kept. Records written by\n"
     "`tabula-match --records` and by the first format (`Player1`/`Player2`) load too. The reader "
     "is\n"
     "bounded: a line longer than 256 KiB, a record longer than 4 MiB, more than 100000 moves or a "
     "NUL\n"
     "byte is refused at once, and anything but a regular file before it is read (a FIFO would\n"
     "block the engine: `loadgame /dev/zero` answers `? cannot open file: not a regular file (a\n"
     "device)`). Fails, leaving the game unchanged: `cannot open file` (also `no "
     "record`\n"
     "in the file, a malformed or too large one), `unknown game`, `unknown option`/`invalid "
     "value`\n"
     "(variant), `invalid position`, `illegal move: MOVE`, `syntax error`.\n"
     "```\n"
     "savegame /tmp/game.rec\n"
     "= \n"
     "loadgame /tmp/game.rec 1\n"
     "= \n"
     "```"},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};
