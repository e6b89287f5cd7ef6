/* record.c -- game records (record.h): PGN tags, then numbered moves with
 * {comments}. Moves are strings here: this file knows nothing about any
 * rules. The reader is lenient (CR LF, ';' '#' '%' comment lines, {...}
 * and ';' comments, move numbers, NAGs, (variations), a result token,
 * unknown tags, any blank lines between records, the old Player1/Player2
 * records) but bounded: a line, a record and a comment have a size cap,
 * and a NUL byte is an error, so that no input makes it read without end
 * or crash. */
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
    for (int i = 0; i < r->nmoves; i++) {
        free(r->moves[i]);
        if (r->comments)
            free(r->comments[i]);
        if (r->comments2)
            free(r->comments2[i]);
    }
    free(r->moves);
    free(r->comments);
    free(r->comments2);
    free(r->nags);
    r->moves = r->comments = r->comments2 = NULL;
    r->nags = NULL;
    r->nmoves = r->cap = 0;
}

int record_add_move_comment(struct game_record *r, const char *move,
                            const char *comment)
{
    return record_add_move_comments(r, move, comment, NULL);
}

int record_add_move_comments(struct game_record *r, const char *move,
                             const char *comment, const char *comment2)
{
    if (r->nmoves == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        char **m = realloc(r->moves, (size_t)cap * sizeof *m);
        if (!m)
            return -1;
        r->moves = m;
        char **c = realloc(r->comments, (size_t)cap * sizeof *c);
        if (!c)
            return -1;
        r->comments = c;
        char **c2 = realloc(r->comments2, (size_t)cap * sizeof *c2);
        if (!c2)
            return -1;
        r->comments2 = c2;
        unsigned char *g = realloc(r->nags, (size_t)cap);
        if (!g)
            return -1;
        r->nags = g;
        r->cap = cap;
    }
    char *s = strdup(move);
    char *k = comment ? strdup(comment) : NULL;
    char *k2 = comment2 ? strdup(comment2) : NULL;
    if (!s || (comment && !k) || (comment2 && !k2)) {
        free(s);
        free(k);
        free(k2);
        return -1;
    }
    r->moves[r->nmoves] = s;
    r->comments[r->nmoves] = k;
    r->comments2[r->nmoves] = k2;
    r->nags[r->nmoves] = 0;
    r->nmoves++;
    return 0;
}

void record_set_nag(struct game_record *r, int i, int nag)
{
    if (i >= 0 && i < r->nmoves && nag >= 0 && nag <= 255)
        r->nags[i] = (unsigned char)nag;
}

int record_add_move(struct game_record *r, const char *move)
{
    return record_add_move_comment(r, move, NULL);
}

/* ---- writing ---- */

/* Length of the valid UTF-8 sequence at s (1..4), 0 if not valid. */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    size_t n;
    unsigned min;
    if (c < 0x80)
        return 1;
    if ((c & 0xe0) == 0xc0)
        n = 2, min = 0x80;
    else if ((c & 0xf0) == 0xe0)
        n = 3, min = 0x800;
    else if ((c & 0xf8) == 0xf0)
        n = 4, min = 0x10000;
    else
        return 0;
    unsigned v = c & (0x7f >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    return n;
}

/* Copies s to out (at most n-1 bytes, whole characters), control
 * characters and invalid UTF-8 made '?', the characters in `bad` made
 * `subst`. */
static void clean_text(char *out, size_t n, const char *s, const char *bad,
                       char subst)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t k = 0;
    while (*p && k + 1 < n) {
        size_t l = utf8_len(p);
        if (l <= 1) {
            unsigned char c = *p;
            out[k++] = l == 0 || c < 32 || c == 127 ? '?'
                     : strchr(bad, c) ? subst : (char)c;
            p++;
            continue;
        }
        if (k + l >= n)
            break;
        memcpy(out + k, p, l);
        k += l;
        p += l;
    }
    out[k] = 0;
}

size_t record_format_tag(char *out, size_t n, const char *tag,
                         const char *v)
{
    char clean[1024];
    size_t k = 0;
    clean_text(clean, sizeof clean, v, "", '?');
#define PUT(ch) do { if (k + 1 < n) out[k] = (ch); k++; } while (0)
    PUT('[');
    for (const char *p = tag; *p; p++)
        PUT(*p);
    PUT(' ');
    PUT('"');
    for (const char *p = clean; *p; p++) {
        if (*p == '"' || *p == '\\')
            PUT('\\');
        PUT(*p);
    }
    PUT('"');
    PUT(']');
    PUT('\n');
#undef PUT
    if (n)
        out[k < n ? k : n - 1] = 0;
    return k;
}

static void write_tag(FILE *f, const char *tag, const char *v)
{
    char line[RECORD_TAG_LINE_MAX];
    record_format_tag(line, sizeof line, tag, v);
    fputs(line, f);
}

/* Movetext tokens, wrapped before column 80. */
struct wrap {
    FILE *f;
    size_t col;
};

static void put_token(struct wrap *w, const char *t)
{
    size_t len = strlen(t);
    if (w->col && w->col + 1 + len > 79) {
        fputc('\n', w->f);
        w->col = 0;
    }
    if (w->col) {
        fputc(' ', w->f);
        w->col++;
    }
    fputs(t, w->f);
    w->col += len;
}

static void put_comment(struct wrap *w, const char *text)
{
    char c[RECORD_MAX_COMMENT + 3];
    c[0] = '{';
    /* '}' would end the comment early, and a newline inside is only
     * a word break */
    clean_text(c + 1, RECORD_MAX_COMMENT, text, "}", ')');
    strcat(c, "}");
    put_token(w, c);
}

int record_write(FILE *f, const struct game_record *r)
{
    char num[32];
    const char *result = r->result[0] ? r->result : "*";
    write_tag(f, "Event", r->event[0] ? r->event : "?");
    write_tag(f, "Site", r->site[0] ? r->site : "?");
    write_tag(f, "Date", r->date[0] ? r->date : "????.??.??");
    write_tag(f, "Round", r->round[0] ? r->round : "?");
    write_tag(f, "White", r->players[0][0] ? r->players[0] : "?");
    write_tag(f, "Black", r->players[1][0] ? r->players[1] : "?");
    write_tag(f, "Result", result);
    write_tag(f, "Game", r->game);
    if (r->variant[0])
        write_tag(f, "Variant", r->variant);
    if (r->position[0])
        write_tag(f, "Position", r->position);
    snprintf(num, sizeof num, "%d", r->nmoves);
    write_tag(f, "PlyCount", num);
    if (r->termination[0])
        write_tag(f, "Termination", r->termination);
    if (r->reason[0])
        write_tag(f, "Reason", r->reason);
    if (r->timecontrol[0])
        write_tag(f, "TimeControl", r->timecontrol);
    if (r->player_tc[0][0])
        write_tag(f, "WhiteTimeControl", r->player_tc[0]);
    if (r->player_tc[1][0])
        write_tag(f, "BlackTimeControl", r->player_tc[1]);
    fputc('\n', f);

    struct wrap w = {f, 0};
    int side = r->first_side ? 1 : 0, moveno = 1;
    for (int i = 0; i < r->nmoves; i++) {
        if (side == 0) {
            snprintf(num, sizeof num, "%d.", moveno);
            put_token(&w, num);
        } else if (i == 0) {
            snprintf(num, sizeof num, "%d...", moveno);
            put_token(&w, num);
        }
        char mv[256];
        clean_text(mv, sizeof mv, r->moves[i], "{}();[]", '?');
        put_token(&w, mv[0] ? mv : "?");
        if (r->nags && r->nags[i]) {
            snprintf(num, sizeof num, "$%d", r->nags[i]);
            put_token(&w, num);
        }
        if (r->comments && r->comments[i])
            put_comment(&w, r->comments[i]);
        if (r->comments2 && r->comments2[i])
            put_comment(&w, r->comments2[i]);
        if (side == 1)
            moveno++;
        side ^= 1;
    }
    if (r->reason[0] && strcmp(result, "*"))
        put_comment(&w, r->reason);
    put_token(&w, result);
    fputs("\n\n", f);
    return ferror(f) ? -1 : 0;
}

/* ---- reading ---- */

/* Input: a FILE or a block of memory; counts what it hands out. */
struct src {
    FILE *f;
    const unsigned char *mem;
    size_t len, pos;
    size_t nread;
};

static int src_getc(struct src *s)
{
    int c = s->f ? getc(s->f) : s->pos < s->len ? s->mem[s->pos++] : EOF;
    if (c != EOF)
        s->nread++;
    return c;
}

static int src_peek(struct src *s)
{
    if (!s->f)
        return s->pos < s->len ? s->mem[s->pos] : EOF;
    int c = getc(s->f);
    if (c != EOF)
        ungetc(c, s->f);
    return c;
}

enum { RL_EOF = -1, RL_LONG = -2, RL_NUL = -3, RL_NOMEM = -4 };

struct line {
    char *s;
    size_t len, cap;
};

/* Windows-1252's characters for the bytes 0x80-0x9f (0: none there), where
 * Latin-1 has control characters: what a "Latin-1" file holds in practice. */
static const unsigned short cp1252_high[32] = {
    0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021,
    0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
    0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
    0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
};

/* A line that is not UTF-8 is Latin-1 (PGN's own character set, in
 * practice Windows-1252): each byte that does not begin a UTF-8 character
 * becomes its character in UTF-8 ("caf\xe9" is "café"), where it became
 * '?' on the next save (a QA pass); an undefined byte becomes '?'. A UTF-8
 * line is left as it is. 0, or -1 out of memory. */
static int from_latin1(struct line *b)
{
    size_t bad = 0;
    for (size_t i = 0; i < b->len;) {
        size_t l = utf8_len((const unsigned char *)b->s + i);
        bad += l == 0;
        i += l ? l : 1;
    }
    if (!bad)
        return 0;
    size_t cap = b->len + 2 * bad + 1;  /* 3 bytes at most a byte */
    char *out = malloc(cap);
    if (!out)
        return -1;
    size_t k = 0;
    for (size_t i = 0; i < b->len;) {
        const unsigned char *p = (const unsigned char *)b->s + i;
        size_t l = utf8_len(p);
        if (l) {
            memcpy(out + k, p, l);
            k += l;
            i += l;
            continue;
        }
        unsigned c = p[0] < 0xa0 ? cp1252_high[p[0] - 0x80] : p[0];
        if (c == 0) {
            out[k++] = '?';
        } else if (c < 0x800) {
            out[k++] = (char)(0xc0 | c >> 6);
            out[k++] = (char)(0x80 | (c & 0x3f));
        } else {
            out[k++] = (char)(0xe0 | c >> 12);
            out[k++] = (char)(0x80 | (c >> 6 & 0x3f));
            out[k++] = (char)(0x80 | (c & 0x3f));
        }
        i++;
    }
    out[k] = 0;
    free(b->s);
    b->s = out;
    b->len = k;
    b->cap = cap;
    return 0;
}

/* Reads one line without its end (LF, CR LF): its length, or RL_*. */
static long read_line(struct src *s, struct line *b)
{
    b->len = 0;
    int c = src_getc(s);
    if (c == EOF)
        return RL_EOF;
    for (; c != EOF && c != '\n'; c = src_getc(s)) {
        if (c == 0)
            return RL_NUL;
        if (b->len >= RECORD_MAX_LINE)
            return RL_LONG;
        if (b->len + 1 >= b->cap) {
            size_t cap = b->cap ? 2 * b->cap : 256;
            char *p = realloc(b->s, cap);
            if (!p)
                return RL_NOMEM;
            b->s = p;
            b->cap = cap;
        }
        b->s[b->len++] = (char)c;
    }
    if (b->len && b->s[b->len - 1] == '\r')
        b->len--;
    if (!b->s) {
        b->s = malloc(1);
        if (!b->s)
            return RL_NOMEM;
        b->cap = 1;
    }
    b->s[b->len] = 0;
    return from_latin1(b) ? RL_NOMEM : (long)b->len;
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
        T("Event", event), T("Site", site), T("Date", date),
        T("Round", round), T("White", players[0]), T("Black", players[1]),
        T("Result", result), T("Game", game), T("Variant", variant),
        T("Position", position), T("Termination", termination),
        T("Reason", reason), T("TimeControl", timecontrol),
        T("WhiteTimeControl", player_tc[0]),
        T("BlackTimeControl", player_tc[1]),
        /* the first format's names */
        T("Player1", players[0]), T("Player2", players[1]),
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

/* Length of a move-number prefix such as "12." or "12..." (0 if none);
 * *dots gets the number of dots. */
static size_t move_number(const char *t, int *dots)
{
    const char *p = t;
    while (isdigit((unsigned char)*p))
        p++;
    if (p == t || *p != '.')
        return 0;
    *dots = 0;
    while (*p == '.')
        p++, (*dots)++;
    return (size_t)(p - t);
}

/* The state of the movetext reader across lines. */
struct mtext {
    int brace;                  /* inside {...} */
    int paren;                  /* depth of (variations) */
    int keep;                   /* the open comment belongs to `target` */
    int target;                 /* move whose comment may follow, or -1 */
    int done;                   /* the result token was read */
    int brace_at, paren_at;     /* moves read when the open '{', the
                                 * outermost open '(' began */
    char com[RECORD_MAX_COMMENT];
    size_t clen;
};

static void comment_add(struct mtext *m, const char *s, size_t n)
{
    for (size_t i = 0; i < n && m->clen + 1 < sizeof m->com; i++) {
        char c = s[i];
        if (isspace((unsigned char)c)) {
            if (!m->clen || m->com[m->clen - 1] == ' ')
                continue;
            c = ' ';
        }
        m->com[m->clen++] = c;
    }
}

/* A comment ended: it becomes the comment of its move. 0 ok, -1 no
 * memory. */
static int comment_end(struct game_record *r, struct mtext *m)
{
    if (m->clen + 1 == sizeof m->com) {
        /* cut short: not in the middle of a UTF-8 character */
        size_t lead = m->clen;
        while (lead > 0 && m->clen - lead < 4 &&
               ((unsigned char)m->com[lead - 1] & 0xC0) == 0x80)
            lead--;
        if (lead > 0) {
            unsigned char c = (unsigned char)m->com[lead - 1];
            size_t want = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
            if (m->clen - (lead - 1) < want)
                m->clen = lead - 1;
        }
    }
    while (m->clen && m->com[m->clen - 1] == ' ')
        m->clen--;
    m->com[m->clen] = 0;
    if (m->keep && m->target >= 0 && m->target < r->nmoves &&
        !r->comments[m->target] && m->clen) {
        if (!(r->comments[m->target] = strdup(m->com)))
            return -1;
    }
    m->target = -1;             /* one comment per move */
    m->brace = m->keep = 0;
    m->clen = 0;
    return 0;
}

/* The NAG of a suffix annotation ("!", "??", "!?"...), 0 for none. */
static int suffix_nag(const char *s)
{
    static const char *const suffix[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (int i = 0; i < 6; i++)
        if (!strcmp(s, suffix[i]))
            return i + 1;
    return 0;
}

/* Reads the moves of one movetext line. 0 ok, -1 no memory, 1 too many
 * moves. */
static int parse_moves(struct game_record *r, char *s, struct mtext *m)
{
    char *p = s;
    while (*p && !m->done) {
        if (m->brace) {
            char *e = strchr(p, '}');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            if (m->keep) {
                comment_add(m, p, n);
                comment_add(m, " ", 1);
            }
            if (!e)
                return 0;
            if (comment_end(r, m))
                return -1;
            p = e + 1;
            continue;
        }
        if (isspace((unsigned char)*p)) {
            p++;
            continue;
        }
        if (*p == ';')
            return 0;
        if (*p == '{') {
            m->brace = 1;
            m->brace_at = r->nmoves;
            m->keep = m->paren == 0;
            m->clen = 0;
            p++;
            continue;
        }
        if (*p == '(' || *p == ')') {
            if (*p == '(' && m->paren++ == 0)
                m->paren_at = r->nmoves;
            else if (*p == ')' && m->paren)
                m->paren--;
            m->target = -1;
            p++;
            continue;
        }
        char *t = p;
        while (*p && !isspace((unsigned char)*p) && !strchr("{}();", *p))
            p++;
        char save = *p;
        *p = 0;
        int dots = 0;
        size_t num = move_number(t, &dots);
        const char *mv = t + num;
        int bad = 0;
        if (!m->paren && *t == '$' && m->target >= 0 && isdigit((unsigned char)t[1])) {
            /* a NAG: the move's first one is kept */
            long nag = strtol(t + 1, NULL, 10);
            if (!r->nags[m->target] && nag > 0 && nag <= 255)
                r->nags[m->target] = (unsigned char)nag;
        } else if (m->paren || *t == '$' || *t == '}') {
            /* a variation's move, another NAG, a stray brace: skipped */
        } else if (result_token(t)) {
            m->done = 1;
        } else {
            if (num && dots >= 3 && r->nmoves == 0)
                r->first_side = 1;
            if (*mv && !mv[strspn(mv, "!?")] && suffix_nag(mv)) {
                /* an annotation on its own ("c3 ??"): the last move's */
                if (m->target >= 0 && !r->nags[m->target])
                    r->nags[m->target] = (unsigned char)suffix_nag(mv);
            } else if (*mv && r->nmoves >= RECORD_MAX_MOVES) {
                bad = 1;
            } else if (*mv) {
                /* PGN's suffix annotations ("c3??") are the NAGs 1-6 */
                char *e = (char *)mv + strlen(mv);
                while (e > mv + 1 && (e[-1] == '!' || e[-1] == '?'))
                    e--;
                int nag = suffix_nag(e);
                if (nag)
                    *e = '\0';
                bad = record_add_move(r, mv) ? -1 : 0;
                m->target = r->nmoves - 1;
                if (!bad && nag)
                    r->nags[m->target] = (unsigned char)nag;
            }
        }
        *p = save;
        if (bad)
            return bad;
        if (*p == '}')
            p++;
    }
    return 0;
}

size_t record_bom(const char *s, size_t len)
{
    return len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) ? 3 : 0;
}

static int read_record(struct src *s, struct game_record *r, char *err,
                       size_t errlen)
{
    struct line b = {NULL, 0, 0};
    struct mtext *m = calloc(1, sizeof *m);
    int ret = -1, seen_tag = 0;
    size_t start = s->nread;
    long n;

    record_free(r);
    record_init(r);
    if (errlen)
        err[0] = 0;
    if (!m)
        goto nomem;
    m->target = -1;
    /* Tags: skip everything up to the first tag line. */
    for (int first = 1;; first = 0) {
        if ((n = read_line(s, &b)) < 0) {
            if (n != RL_EOF)
                goto linerr;
            ret = seen_tag ? 1 : 0;
            goto out;
        }
        if (s->nread - start > RECORD_MAX_BYTES)
            goto toolong;
        size_t bom = first ? record_bom(b.s, b.len) : 0;
        if (bom)
            memmove(b.s, b.s + bom, (b.len -= bom) + 1);
        if (comment_line(b.s))
            continue;
        const char *p = b.s;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '[') {
            if (parse_tag(r, b.s, err, errlen))
                goto out;
            seen_tag = 1;
            continue;
        }
        if (!seen_tag)
            continue;           /* stray text before a record */
        if (blank(b.s))
            break;              /* the blank line after the tags */
        if ((n = parse_moves(r, b.s, m)) != 0) /* moves straight after tags */
            goto moverr;
        break;
    }
    /* Moves: until the result token, a blank line after some moves, the
     * next record's first tag, or the end of the input. */
    while (!m->done) {
        int c = src_peek(s);
        if (c == EOF || (c == '[' && !m->brace))
            break;
        if ((n = read_line(s, &b)) < 0) {
            if (n != RL_EOF)
                goto linerr;
            break;
        }
        if (s->nread - start > RECORD_MAX_BYTES)
            goto toolong;
        if (!m->brace && blank(b.s)) {
            if (r->nmoves && !m->paren)
                break;
            continue;
        }
        if (!m->brace && comment_line(b.s))
            continue;
        if ((n = parse_moves(r, b.s, m)) != 0)
            goto moverr;
    }
    /* a '{' or '(' left open would have swallowed the rest silently */
    if (m->brace) {
        snprintf(err, errlen, "malformed record: unterminated comment "
                 "('{' after ply %d has no '}')", m->brace_at);
        ret = -1;
        goto out;
    }
    if (m->paren) {
        snprintf(err, errlen, "malformed record: unterminated variation "
                 "('(' after ply %d has no ')')", m->paren_at);
        ret = -1;
        goto out;
    }
    r->complete = m->done;
    /* the writer ends a finished game with the Reason again as a comment:
     * that one is not the last move's own (else it would be written twice) */
    if (r->nmoves && r->comments && r->comments[r->nmoves - 1] && r->reason[0] &&
        !strcmp(r->comments[r->nmoves - 1], r->reason)) {
        free(r->comments[r->nmoves - 1]);
        r->comments[r->nmoves - 1] = NULL;
    }
    ret = 1;
    goto out;
moverr:
    if (n < 0)
        goto nomem;
    snprintf(err, errlen, "more than %d moves", RECORD_MAX_MOVES);
    ret = -1;
    goto out;
linerr:
    if (n == RL_NOMEM)
        goto nomem;
    if (n == RL_NUL)
        snprintf(err, errlen, "not a text file (a NUL byte at byte %zu)",
                 s->nread);
    else
        snprintf(err, errlen, "line longer than %zu bytes at byte %zu",
                 (size_t)RECORD_MAX_LINE, s->nread);
    ret = -1;
    goto out;
toolong:
    snprintf(err, errlen, "record longer than %zu bytes",
             (size_t)RECORD_MAX_BYTES);
    ret = -1;
    goto out;
nomem:
    snprintf(err, errlen, "out of memory");
    ret = -1;
out:
    free(b.s);
    free(m);
    return ret;
}

int record_read(FILE *f, struct game_record *r, char *err, size_t errlen)
{
    struct src s = {.f = f};
    return read_record(&s, r, err, errlen);
}

int record_parse(const char *text, size_t len, size_t *used,
                 struct game_record *r, char *err, size_t errlen)
{
    struct src s = {.mem = (const unsigned char *)text, .len = len};
    int ret = read_record(&s, r, err, errlen);
    if (used)
        *used = s.pos;
    return ret;
}
