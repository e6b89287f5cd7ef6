/* record.c -- game records (record.h): PGN-like tags, then moves as plain
 * tokens. Moves are strings here: this file knows nothing about any rules.
 * The reader is lenient: CR LF, ';' '#' '%' comment lines, '{...}' and ';'
 * comments in the moves, move numbers ("12."), a trailing result token,
 * unknown tags and any number of blank lines between records. */
#define _GNU_SOURCE
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "record.h"

void record_init(struct game_record *r)
{
    memset(r, 0, sizeof *r);
    strcpy(r->result, "*");
}

void record_free(struct game_record *r)
{
    for (int i = 0; i < r->nmoves; i++)
        free(r->moves[i]);
    free(r->moves);
    r->moves = NULL;
    r->nmoves = r->cap = 0;
}

int record_add_move(struct game_record *r, const char *move)
{
    if (r->nmoves == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        char **m = realloc(r->moves, (size_t)cap * sizeof *m);
        if (!m)
            return -1;
        r->moves = m;
        r->cap = cap;
    }
    char *s = strdup(move);
    if (!s)
        return -1;
    r->moves[r->nmoves++] = s;
    return 0;
}

static void write_tag(FILE *f, const char *tag, const char *v)
{
    fprintf(f, "[%s \"", tag);
    for (; *v; v++) {
        unsigned char c = (unsigned char)*v;
        if (c == '"' || c == '\\')
            fputc('\\', f);
        fputc(c < 32 ? ' ' : c, f);
    }
    fputs("\"]\n", f);
}

int record_write(FILE *f, const struct game_record *r)
{
    write_tag(f, "Game", r->game);
    if (r->variant[0])
        write_tag(f, "Variant", r->variant);
    if (r->position[0])
        write_tag(f, "Position", r->position);
    write_tag(f, "Player1", r->players[0]);
    write_tag(f, "Player2", r->players[1]);
    write_tag(f, "Result", r->result[0] ? r->result : "*");
    if (r->reason[0])
        write_tag(f, "Reason", r->reason);
    if (r->date[0])
        write_tag(f, "Date", r->date);
    fputc('\n', f);
    size_t col = 0;
    for (int i = 0; i < r->nmoves; i++) {
        size_t len = strlen(r->moves[i]);
        if (col && col + 1 + len > 78) {
            fputc('\n', f);
            col = 0;
        }
        if (col) {
            fputc(' ', f);
            col++;
        }
        fputs(r->moves[i], f);
        col += len;
    }
    if (col)
        fputc('\n', f);
    fputc('\n', f);
    return ferror(f) ? -1 : 0;
}

/* ---- reading ---- */

static void strip_eol(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = 0;
}

static int blank(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s))
            return 0;
    return 1;
}

static int comment_line(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == ';' || *s == '#' || *s == '%';
}

/* Next char without consuming it; EOF at end. */
static int peek(FILE *f)
{
    int c = getc(f);
    if (c != EOF)
        ungetc(c, f);
    return c;
}

static int set_field(char *dst, size_t n, const char *v)
{
    if (strlen(v) >= n)
        return -1;
    strcpy(dst, v);
    return 0;
}

/* Parses `[Name "value"]`: 0 ok (unknown tags ignored), -1 malformed. */
static int parse_tag(struct game_record *r, const char *line, char *err,
                     size_t errlen)
{
    const char *p = line;
    char name[64], val[1024];
    size_t k = 0;
    while (isspace((unsigned char)*p))
        p++;
    if (*p++ != '[')
        goto bad;
    while (isspace((unsigned char)*p))
        p++;
    while (*p && !isspace((unsigned char)*p) && *p != '"' && *p != ']') {
        if (k + 1 >= sizeof name)
            goto bad;
        name[k++] = *p++;
    }
    name[k] = 0;
    while (isspace((unsigned char)*p))
        p++;
    if (!k || *p++ != '"')
        goto bad;
    k = 0;
    while (*p && *p != '"') {
        if (*p == '\\' && p[1])
            p++;
        if (k + 1 >= sizeof val)
            goto toolong;
        val[k++] = *p++;
    }
    val[k] = 0;
    if (*p++ != '"')
        goto bad;
    while (isspace((unsigned char)*p))
        p++;
    if (*p != ']')
        goto bad;

    static const struct { const char *tag; size_t off, size; } tags[] = {
#define T(t, f) { t, offsetof(struct game_record, f), \
                  sizeof(((struct game_record *)0)->f) }
        T("Game", game), T("Variant", variant), T("Position", position),
        T("Player1", players[0]), T("Player2", players[1]),
        T("Result", result), T("Reason", reason), T("Date", date),
#undef T
    };
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        if (strcasecmp(name, tags[i].tag) == 0) {
            if (set_field((char *)r + tags[i].off, tags[i].size, val))
                goto toolong;
            return 0;
        }
    return 0;
bad:
    snprintf(err, errlen, "malformed tag line: %.60s", line);
    return -1;
toolong:
    snprintf(err, errlen, "tag value too long: %.60s", line);
    return -1;
}

static int result_token(const char *t)
{
    return !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2") ||
           !strcmp(t, "*");
}

/* A move number such as "12." or "12..." */
static int move_number(const char *t)
{
    const char *p = t;
    while (isdigit((unsigned char)*p))
        p++;
    if (p == t || *p != '.')
        return 0;
    while (*p == '.')
        p++;
    return *p == 0;
}

/* Adds the moves of one movetext line; *brace carries an open '{'. */
static int parse_moves(struct game_record *r, char *s, int *brace)
{
    char *p = s;
    while (*p) {
        if (*brace) {
            char *e = strchr(p, '}');
            if (!e)
                return 0;
            *brace = 0;
            p = e + 1;
            continue;
        }
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        if (*p == ';' || *p == '#')
            return 0;
        if (*p == '{') {
            *brace = 1;
            p++;
            continue;
        }
        char *t = p;
        while (*p && !isspace((unsigned char)*p) && *p != '{' && *p != ';')
            p++;
        char save = *p;
        *p = 0;
        int ok = 0;
        if (!move_number(t) && !result_token(t))
            ok = record_add_move(r, t);
        *p = save;
        if (ok)
            return -1;
    }
    return 0;
}

int record_read(FILE *f, struct game_record *r, char *err, size_t errlen)
{
    char *line = NULL;
    size_t cap = 0;
    int ret = -1, brace = 0, seen_tag = 0;

    record_free(r);
    record_init(r);
    if (errlen)
        err[0] = 0;
    /* Tags: skip everything up to the first tag line. */
    for (;;) {
        if (getline(&line, &cap, f) < 0) {
            ret = seen_tag ? 1 : 0;
            goto out;
        }
        strip_eol(line);
        if (comment_line(line))
            continue;
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '[') {
            if (parse_tag(r, line, err, errlen))
                goto out;
            seen_tag = 1;
            continue;
        }
        if (!seen_tag)
            continue;           /* stray text before a record */
        if (blank(line))
            break;              /* the blank line after the tags */
        if (parse_moves(r, line, &brace)) /* moves straight after tags */
            goto nomem;
        break;
    }
    /* Moves: until a blank line after some moves, the next record's
     * first tag, or the end of the file. */
    for (;;) {
        int c = peek(f);
        if (c == EOF || (c == '[' && !brace))
            break;
        if (getline(&line, &cap, f) < 0)
            break;
        strip_eol(line);
        if (blank(line)) {
            if (r->nmoves && !brace)
                break;
            continue;
        }
        if (!brace && comment_line(line))
            continue;
        if (parse_moves(r, line, &brace))
            goto nomem;
    }
    ret = 1;
    goto out;
nomem:
    snprintf(err, errlen, "out of memory");
    ret = -1;
out:
    free(line);
    return ret;
}
