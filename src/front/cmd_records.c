/* cmd_records.c -- the records commands: savegame and loadgame, game
 * records in PGN (record.h). Knows the session, struct game and records. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "front/protocol.h"
#include "record.h"
#include "util.h"

int proto_write_record(const struct game_record *r, const char *path, char *res, size_t n)
{
    /* written whole or not at all: a failed write leaves the old file */
    const char *why = NULL;
    struct util_out o;
    FILE *f = util_create_file(path, &o, &why);
    if (!f)
        return proto_fail(res, n, PROTO_EFILE, why);
    int kept = o.tmp != NULL;   /* else written in place (a device...) */
    int bad = record_write(f, r);
    if (bad)
        util_abandon_file(&o);
    else if (util_commit_file(&o, &why))
        bad = 1;
    if (!bad)
        return PROTO_OK;
    char msg[256];
    snprintf(msg, sizeof msg, "write failed%s%s%s", why ? " (" : "", why ? why : "",
             why ? ")" : "");
    if (kept)
        snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "; the file is as it was");
    return proto_fail(res, n, PROTO_EFILE, msg);
}

static int cmd_savegame(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc != 1)
        return PROTO_ESYNTAX;
    struct game_record r;
    record_init(&r);
    int rc = proto_session_status(session_to_record(&p->s, &r));
    if (rc == PROTO_OK)
        rc = proto_write_record(&r, argv[0], res, n);
    record_free(&r);
    return rc;
}

/* A GoGui SGF file (f has read its '('): its moves replayed as GoGui's
 * clicks in the current game (gogui_load_sgf). Closes f. */
#define SGF_MAX_BYTES (4L << 20)
static int load_sgf(struct proto *p, FILE *f, int upto, char *res, size_t n)
{
    char *text = malloc(SGF_MAX_BYTES + 2);
    if (!text) {
        fclose(f);
        return PROTO_ENOMEM;
    }
    text[0] = '(';
    size_t len = 1 + fread(text + 1, 1, SGF_MAX_BYTES, f);
    int more = getc(f) != EOF;
    fclose(f);
    int rc;
    if (more || len > (size_t)SGF_MAX_BYTES)
        rc = proto_fail(res, n, PROTO_EFILE, "an SGF file over 4 MiB");
    else if (memchr(text, '\0', len))
        rc = proto_fail(res, n, PROTO_EFILE, "not a text file");
    else {
        text[len] = '\0';
        rc = gogui_load_sgf(p, text, upto, res, n);
    }
    free(text);
    return rc;
}

static int cmd_loadgame(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long upto = -1;
    if (argc < 1 || argc > 2 || (argc == 2 && util_parse_long(argv[1], 0, 1000000, &upto)))
        return PROTO_ESYNTAX;
    const char *why;
    FILE *f = util_fopen_file(argv[0], "r", &why);    /* a FIFO: refused */
    if (!f)
        return proto_fail(res, n, PROTO_EFILE, why);
    /* a UTF-8 byte order mark before an SGF file's '(' as before a PGN
     * record (a regular file: it can be read again from the start) */
    char head[3];
    size_t nhead = fread(head, 1, sizeof head, f);
    if (fseek(f, (long)record_bom(head, nhead), SEEK_SET)) {
        fclose(f);
        return proto_fail(res, n, PROTO_EFILE, strerror(errno));
    }
    int c;
    while ((c = getc(f)) == ' ' || c == '\t' || c == '\r' || c == '\n')
        ;
    if (c == '(')
        return load_sgf(p, f, (int)upto, res, n);
    if (c != EOF)
        ungetc(c, f);
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

/* Records as one word, for clients that cannot name a file on the
 * engine's machine (the web board): the PGN text percent-encoded (RFC
 * 3986: letters, digits and "-._~" stand for themselves, every other byte
 * is %XX), so that its line breaks, spaces and '#' survive a protocol
 * line. */
static int percent_encode(const char *text, size_t len, char *out, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        int plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                    (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~';
        if (k + (plain ? 1 : 3) >= n)
            return -1;
        if (plain) {
            out[k++] = (char)c;
        } else {
            out[k++] = '%';
            out[k++] = hex[c >> 4];
            out[k++] = hex[c & 15];
        }
    }
    out[k] = '\0';
    return 0;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
           c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Decodes in place; the length, or -1 for a '%' not followed by two hex
 * digits. */
static long percent_decode(char *s)
{
    size_t k = 0;
    for (size_t i = 0; s[i]; i++) {
        if (s[i] != '%') {
            s[k++] = s[i];
            continue;
        }
        int h = hex_digit(s[i + 1]), l = h < 0 ? -1 : hex_digit(s[i + 2]);
        if (l < 0)
            return -1;
        s[k++] = (char)(h * 16 + l);
        i += 2;
    }
    s[k] = '\0';
    return (long)k;
}

static int cmd_getrecord(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc;
    (void)argv;
    struct game_record r;
    record_init(&r);
    int rc = proto_session_status(session_to_record(&p->s, &r));
    char *text = NULL;
    size_t len = 0;
    FILE *f = rc == PROTO_OK ? open_memstream(&text, &len) : NULL;
    if (rc == PROTO_OK && !f)
        rc = PROTO_ENOMEM;
    if (f && (record_write(f, &r) | fclose(f)))
        rc = PROTO_ENOMEM;
    if (rc == PROTO_OK && percent_encode(text, len, res, n))
        rc = proto_fail(res, n, PROTO_ENOMEM, "the record is too long for a response");
    free(text);
    record_free(&r);
    return rc;
}

static int cmd_setrecord(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long upto = -1;
    if (argc < 1 || argc > 2 || (argc == 2 && util_parse_long(argv[1], 0, 1000000, &upto)))
        return PROTO_ESYNTAX;
    long len = percent_decode(argv[0]);
    if (len < 0)
        return proto_fail(res, n, PROTO_ESYNTAX, "not percent-encoded");
    struct game_record r;
    record_init(&r);
    char err[256];
    int got = record_parse(argv[0], (size_t)len, NULL, &r, err, sizeof err);
    if (got != 1) {
        record_free(&r);
        return proto_fail(res, n, PROTO_EPOSITION, got == 0 ? "no record" : err);
    }
    int rc = session_from_record(&p->s, &r, (int)upto, res, n);
    record_free(&r);
    return proto_session_status(rc);
}

/* The fields of an entry: name, handler, arguments, their kinds, flags,
 * group, one line of help, and the reference text (doc/protocol.md's
 * section, made from it by tabula-docs). */
const struct proto_cmd record_commands[] = {
    {"savegame", cmd_savegame, "FILE", {ARG_FILE}, CMD_ACTS, PROTO_G_RECORDS,
     "save the game as a record",
     "Writes the game as a PGN [record](#game-records): the game, its variant, the position set "
     "by\n"
     "`setposition` if any, the result, today's date and the numbered moves, in the game's long\n"
     "notation where it has one (Tablut captures: `d7-d3xc3xe3`). The file is written whole or\n"
     "not at all: the record goes to a new file beside FILE (beside the file a symbolic link\n"
     "names), which replaces it once on disk, with the old file's permissions; a write that fails\n"
     "(a full disk) leaves the old file as it was. Where no file can be made beside it, or FILE is\n"
     "a device, it is written in place. Fails: `cannot open file: REASON` (a FIFO no one reads, a\n"
     "directory: at once, without waiting; `write failed (REASON); the file is as it was`),\n"
     "`syntax error`."},
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
     "in the file, a malformed or too large one), `unknown game` (also `the record has no Game\n"
     "tag`), `unknown option`/`invalid value` (variant), `invalid position`, `illegal move: MOVE`,\n"
     "`syntax error`.\n"
     "\n"
     "A file that starts with `(` (after blanks and a UTF-8 byte order mark, if any) is read as an "
     "SGF\n"
     "file saved by GoGui (File > Save): its points are\n"
     "replayed in the **current** game and variant (SGF names no game of ours), Tablut and "
     "Grasshopper\n"
     "points as [GoGui's clicks](#two-click-moves) (a last click that picked a piece and moved "
     "nothing\n"
     "is left out); the board size is the file's `SZ` (Rastros: a new size). Only the main line is "
     "read;\n"
     "N counts whole moves. Fails as above, and `illegal move: node K, B[E3]: WHY`, `not supported "
     "by\n"
     "this game` (one GoGui cannot play), `cannot open file: malformed SGF: unterminated property\n"
     "value` (or `game tree`) for a file cut short (a `[` without its `]`, a `(` without its `)`).\n"
     "```\n"
     "savegame /tmp/game.rec\n"
     "= \n"
     "loadgame /tmp/game.rec 1\n"
     "= \n"
     "```"},
    {"getrecord", cmd_getrecord, "", {0}, 0, PROTO_G_RECORDS,
     "the game's record, percent-encoded",
     "The record `savegame` would write, as one word: the PGN text percent-encoded (RFC 3986: "
     "letters,\n"
     "digits and `-._~` stand for themselves, every other byte is `%XX`), so that a client that "
     "cannot\n"
     "read the engine's files (the web board) can keep it; `decodeURIComponent` in a browser "
     "gives\n"
     "the file back byte for byte. Fails: `out of memory`, `syntax error`.\n"
     "```\n"
     "getrecord\n"
     "= %5BEvent%20%22%3F%22%5D%0A%5BSite%20%22%3F%22%5D%0A...\n"
     "```"},
    {"setrecord", cmd_setrecord, "TEXT [N]", {ARG_NONE, ARG_NONE}, CMD_CHANGES_GAME,
     PROTO_G_RECORDS, "load a percent-encoded record (its first N moves)",
     "`loadgame` from text instead of a file: TEXT is a record percent-encoded as `getrecord` "
     "writes\n"
     "it (any byte may be `%XX`; `encodeURIComponent` makes it). Its first record is loaded and "
     "its\n"
     "first N moves played (all by default); engine options are kept. A record as long as a "
     "protocol\n"
     "line can carry is read (the limits of `loadgame` apply too). Fails, leaving the game "
     "unchanged:\n"
     "`syntax error` (also `not percent-encoded`), `invalid position` (`no record`, a malformed "
     "one, or\n"
     "the record's start position), `unknown game` (also `the record has no Game tag`), `unknown\n"
     "option`/`invalid value` (variant), `illegal move: MOVE`."},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};
