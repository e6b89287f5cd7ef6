/* results.c -- tabula-match: the results file read back (resume, shards,
 * merge), with a cut last line removed before anything is appended, and
 * the end of the records file brought back in step with it. A game is
 * written as its record first, then its results line (the commit), each
 * flushed: a kill leaves at most a cut line or a record too many at the
 * ends of the files, which is what is repaired here. Plays nothing. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "match/match.h"
#include "match/match_int.h"
#include "record.h"
#include "util.h"

void tour_tally(struct tour *t, int slot, int winner)
{
    const struct match_slot *s = &t->slots[slot];
    struct pair_score *ps = &t->score[s->pair];
    int a_first = s->first == t->pairs[s->pair].a;
    if (winner < 0) {
        ps->d++;
        t->points[slot] = 1;
    } else if ((winner == 0) == a_first) {
        ps->w++;
        t->points[slot] = 2;
    } else {
        ps->l++;
        t->points[slot] = 0;
    }
    t->done[slot] = 1;
    /* the other game of its opening: the index next to it (2k-1, 2k) */
    int other = s->index % 2 ? s->index + 1 : s->index - 1;
    int os = other >= 1 && other <= t->maxindex ? t->slot_of_index[other]
                                                : -1;
    if (os >= 0 && t->done[os] && t->points[os] >= 0)
        ps->penta[t->points[slot] + t->points[os]]++;
}

/* The winner (0 player 1, 1 player 2, -1 a draw) of a slot counted. */
static int slot_winner(const struct tour *t, int slot)
{
    const struct match_slot *s = &t->slots[slot];
    int a_first = s->first == t->pairs[s->pair].a;
    if (t->points[slot] == 1)
        return -1;
    return (t->points[slot] == 2) == a_first ? 0 : 1;
}

/* s with control bytes made '?' (a header field: one line without tabs),
 * and with ascii every byte past ASCII too (a cut line on the terminal:
 * no half of a character). */
static void printable(char *out, size_t n, const char *s, int ascii)
{
    size_t k = 0;
    for (; *s && k + 1 < n; s++) {
        unsigned char c = (unsigned char)*s;
        out[k++] = c < 32 || c == 127 || (ascii && c > 127) ? '?' : *s;
    }
    out[k] = 0;
}

/* The header's fields: what a results file says of its tournament, and
 * the file's id (which the records written for it name). */
struct header {
    char game[64], variant[256], openings[96], file[256], id[24];
};

static void our_header(const struct tour *t, struct header *h)
{
    printable(h->game, sizeof h->game, t->g->name, 0);
    printable(h->variant, sizeof h->variant, t->variant, 0);
    printable(h->openings, sizeof h->openings, t->openings_id, 0);
    printable(h->file, sizeof h->file,
              t->c->openings_file ? t->c->openings_file : "", 0);
    printable(h->id, sizeof h->id, t->results_id, 0);
}

void tour_results_header(const struct tour *t, char *buf, size_t n)
{
    struct header h;
    size_t pos = 0;
    our_header(t, &h);
    buf_printf(buf, n, &pos, "%s\tgame=%s\tvariant=%s\topenings=%s",
               MATCH_HEADER, h.game, h.variant, h.openings);
    if (h.file[0])
        buf_printf(buf, n, &pos, "\topenings-file=%s", h.file);
    if (h.id[0])
        buf_printf(buf, n, &pos, "\tid=%s", h.id);
    buf_printf(buf, n, &pos, "\n");
}

/* Reads a header line's fields into h (those it lacks stay ""). */
static void parse_header(const char *line, struct header *h)
{
    static const struct { const char *key; size_t off, size; } keys[] = {
        {"game=", offsetof(struct header, game), sizeof h->game},
        {"variant=", offsetof(struct header, variant), sizeof h->variant},
        {"openings=", offsetof(struct header, openings), sizeof h->openings},
        {"openings-file=", offsetof(struct header, file), sizeof h->file},
        {"id=", offsetof(struct header, id), sizeof h->id},
    };
    memset(h, 0, sizeof *h);
    const char *p = line + strlen(MATCH_HEADER);
    while (*p == '\t') {
        p++;
        size_t len = strcspn(p, "\t\r\n");
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
            size_t kl = strlen(keys[i].key);
            if (len >= kl && memcmp(p, keys[i].key, kl) == 0) {
                size_t vl = len - kl;
                char *dst = (char *)h + keys[i].off;
                if (vl >= keys[i].size)
                    vl = keys[i].size - 1;
                memcpy(dst, p + kl, vl);
                dst[vl] = 0;
            }
        }
        p += len;
    }
}

static void describe_openings(char *buf, size_t n, const struct header *h)
{
    if (strcmp(h->openings, "start") == 0)
        snprintf(buf, n, "the start position");
    else if (strncmp(h->openings, "file ", 5) == 0)
        snprintf(buf, n, "file %s (%s)", h->file[0] ? h->file : "?",
                 h->openings + 5);
    else
        snprintf(buf, n, "%s", h->openings);
}

/* A header line of a results file (or --merge file): 0 if it names this
 * tournament's game, variant and openings, else 2 with the message. A
 * file of openings counts by its content, not its name: moved or
 * renamed, it is the same openings. */
static int check_header(const struct tour *t, const char *path, int lineno,
                        const char *line)
{
    struct header ours, theirs;
    char why[1024], a[400], b[400];
    size_t pos = 0;
    our_header(t, &ours);
    parse_header(line, &theirs);
    if (strcmp(theirs.game, ours.game))
        buf_printf(why, sizeof why, &pos, "%sits game is %s, not %s",
                   pos ? "; " : "", theirs.game, ours.game);
    if (strcmp(theirs.variant, ours.variant))
        buf_printf(why, sizeof why, &pos, "%sits variant is %s, not %s",
                   pos ? "; " : "",
                   theirs.variant[0] ? theirs.variant : "the default",
                   ours.variant[0] ? ours.variant : "the default");
    if (strcmp(theirs.openings, ours.openings)) {
        describe_openings(a, sizeof a, &theirs);
        describe_openings(b, sizeof b, &ours);
        buf_printf(why, sizeof why, &pos, "%sits openings are %s, not %s",
                   pos ? "; " : "", a, b);
    }
    if (!pos)
        return 0;
    fprintf(stderr, "tabula-match: %s:%d: the results of another tournament "
            "(%s): not counted, the file left as it is (other options? "
            "another file?)\n", path, lineno, why);
    return 2;
}

/* 1 if line[0..len) is a PGN tag pair, [Name "value"], white space
 * after it aside: a line of a records file, never one of a results file
 * (which starts with a number, or '#'). */
static int pgn_tag_line(const char *line, size_t len)
{
    size_t k;
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
                   line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    if (len < 5 || line[0] != '[' || line[len - 1] != ']' ||
        line[len - 2] != '"')
        return 0;
    for (k = 1; k < len && (line[k] == '_' || (line[k] >= '0' && line[k] <= '9') ||
                            ((line[k] | 0x20) >= 'a' && (line[k] | 0x20) <= 'z'));
         k++)
        ;
    if (k == 1 || k >= len || line[k] != ' ')
        return 0;
    while (k < len && line[k] == ' ')
        k++;
    return k < len - 2 && line[k] == '"';
}

int tour_load_results(struct tour *t, const char *path, int must_exist,
                      int repair)
{
    const struct match_config *c = t->c;
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    off_t off = 0, cut = -1;
    size_t len;
    int lineno = 0, ret = 0, ignored = 0, bad = 0, got;
    if (!f) {
        if (!must_exist && errno == ENOENT)
            return 0;
        fprintf(stderr, "tabula-match: %s: %s\n", path, strerror(errno));
        return 2;
    }
    while ((got = util_read_line(f, &line, &cap, MATCH_LINE_MAX, &len)) != 0) {
        struct match_result r;
        lineno++;
        if (got == -1) {
            fprintf(stderr, "tabula-match: %s:%d: cannot read it: %s\n",
                    path, lineno, strerror(errno));
            ret = 1;
            break;
        }
        if (got == -2) {
            fprintf(stderr, "tabula-match: %s:%d: a line longer than %zu "
                    "bytes: not a results file\n", path, lineno,
                    MATCH_LINE_MAX);
            ret = 2;
            break;
        }
        /* --results and --records swapped: a records file (PGN) given as
         * a results file is refused, before anything is appended to it */
        size_t bom = lineno == 1 ? record_bom(line, len) : 0;
        if (pgn_tag_line(line + bom, len - bom)) {
            char tag[64], text[64];
            snprintf(tag, sizeof tag, "%.*s", (int)strcspn(line + bom, "\r\n"),
                     line + bom);
            printable(text, sizeof text, tag, 1);
            fprintf(stderr, "tabula-match: %s:%d: a PGN tag ('%s'): this is a "
                    "records file, not a results file (--results and "
                    "--records swapped?); nothing played, the file left as "
                    "it is\n", path, lineno, text);
            ret = 2;
            break;
        }
        int unended = len > 0 && line[len - 1] != '\n';
        /* A line of ours starts with its game's number, then a tab: a
         * last line without a newline that could not be the start of one
         * (a note a person added, an editor that writes no last newline)
         * is kept, read as any other, and ended before anything is
         * appended. */
        size_t digits = strspn(line, "0123456789");
        int header = strncmp(line, MATCH_HEADER "\t",
                             sizeof MATCH_HEADER) == 0;
        if (unended && !header &&
            (digits == 0 || (line[digits] && line[digits] != '\t'))) {
            if (repair)
                t->results_nl = 1;
            unended = 0;
        }
        if (unended) {
            /* No newline: the write of this line was cut short (a kill,
             * a power loss). Its game was not finished for us. */
            char text[64];
            printable(text, sizeof text, line, 1);
            cut = off;
            fprintf(stderr, "tabula-match: %s:%d: the last line is cut "
                    "short ('%s'); %s\n", path, lineno, text,
                    repair ? "it is removed, and its game played again"
                           : "ignored");
            break;
        }
        off += (off_t)len;
        if (header && (ret = check_header(t, path, lineno, line)) != 0)
            break;
        if (header && repair) {
            /* the file's id: what its records name (the last header's,
             * in files put together with cat) */
            struct header h;
            parse_header(line, &h);
            snprintf(t->results_id, sizeof t->results_id, "%s", h.id);
        }
        int k = match_parse_result(line, &r);
        if (k == 0)
            continue;
        if (k < 0) {
            bad++;
            continue;
        }
        int slot = r.index <= t->maxindex ? t->slot_of_index[r.index] : -1;
        if (slot < 0) {
            ignored++;
            continue;
        }
        const struct match_slot *s = &t->slots[slot];
        if (strcmp(r.first, c->engines[s->first].name) ||
            strcmp(r.second, c->engines[s->second].name)) {
            fprintf(stderr, "tabula-match: %s:%d: game %d was %s vs %s, but "
                    "this schedule has %s vs %s there (other options?)\n",
                    path, lineno, r.index, r.first, r.second,
                    c->engines[s->first].name, c->engines[s->second].name);
            ret = 2;
            break;
        }
        if (!t->done[slot]) {
            tour_tally(t, slot, r.winner);
            t->from_path[slot] = path;
            t->from_line[slot] = lineno;
            continue;
        }
        /* Read before: the same result counts once; another one would
         * make the figures those of whichever file came first. */
        int was = slot_winner(t, slot);
        if (was == r.winner)
            continue;
        fprintf(stderr, "tabula-match: %s:%d: game %d (%s vs %s) is %s "
                "here but %s in %s:%d: two results for one game (a shard "
                "played twice? a line edited?); nothing counted, the files "
                "left as they are: keep the line that counts and remove the "
                "other\n", path, lineno, r.index, r.first, r.second,
                match_result_string(r.winner), match_result_string(was),
                t->from_path[slot] ? t->from_path[slot] : "?",
                t->from_line[slot]);
        ret = 2;
        break;
    }
    if (bad)
        fprintf(stderr, "tabula-match: %s: %d malformed line(s) skipped\n",
                path, bad);
    if (ignored && !c->quiet)
        fprintf(stderr, "tabula-match: %s: %d game(s) outside this schedule "
                "ignored\n", path, ignored);
    free(line);
    fclose(f);
    if (repair) {
        t->results_cut = cut;
        t->results_end = cut >= 0 ? (long long)cut : (long long)off;
    }
    return ret;
}

/* The end of a records file: its last RECORD_MAX_BYTES (a record written
 * by us is far smaller) into *buf (malloc'd, NUL-terminated), their
 * number in *len, their offset in the file in *base, the file's size in
 * *size. 0 read, 1 nothing to read (no file, an empty one), -1 a read
 * error (message printed). */
static int read_tail(const char *path, char **buf, size_t *len, off_t *base,
                     off_t *size)
{
    struct stat sb;
    *buf = NULL;
    if (stat(path, &sb) || sb.st_size == 0)
        return 1;
    size_t want = sb.st_size > (off_t)RECORD_MAX_BYTES ? RECORD_MAX_BYTES
                                                       : (size_t)sb.st_size;
    *base = sb.st_size - (off_t)want;
    *size = sb.st_size;
    *len = want;
    *buf = malloc(want + 1);
    FILE *f = fopen(path, "r");
    int ok = *buf && f && !fseeko(f, *base, SEEK_SET) &&
             fread(*buf, 1, want, f) == want;
    if (f)
        fclose(f);
    if (!ok) {
        fprintf(stderr, "tabula-match: %s: cannot read it back\n", path);
        free(*buf);
        *buf = NULL;
        return -1;
    }
    (*buf)[want] = 0;
    return 0;
}

int tour_check_records(const char *path)
{
    char *buf, line[512];
    size_t len;
    off_t base = 0, size = 0;
    int r = read_tail(path, &buf, &len, &base, &size);
    if (r)
        return r < 0 ? 1 : 0;
    /* line by line; the first may be the end of one cut by the tail */
    for (size_t i = 0, n; i < len; i += n + 1) {
        n = strcspn(buf + i, "\n");
        if (i + n > len)
            n = len - i;
        if ((i == 0 && base > 0) || n >= sizeof line)
            continue;
        memcpy(line, buf + i, n);
        line[n] = 0;
        struct match_result res;
        if (strncmp(line, MATCH_HEADER, sizeof MATCH_HEADER - 1) &&
            match_parse_result(line, &res) != 1)
            continue;
        char text[64];
        printable(text, sizeof text, line, 1);
        fprintf(stderr, "tabula-match: %s: a results file's line ('%s'): "
                "this is a results file, not a records file (--results and "
                "--records swapped?); nothing played, the file left as it "
                "is\n", path, text);
        free(buf);
        return 2;
    }
    free(buf);
    return 0;
}

/* The value of tag `name` among the tags of the record at s (n bytes), up
 * to its first blank line, into out (as written: our values need no
 * escapes); 0 when it has none. */
static int record_tag(const char *s, size_t n, const char *name, char *out,
                      size_t outn)
{
    size_t kl = strlen(name);
    for (size_t i = 0, l; i < n && s[i] == '['; i += l + 1) {
        const char *nl = memchr(s + i, '\n', n - i);
        l = nl ? (size_t)(nl - (s + i)) : n - i;
        if (l > kl + 4 && memcmp(s + i + 1, name, kl) == 0 &&
            s[i + 1 + kl] == ' ' && s[i + 2 + kl] == '"') {
            const char *v = s + i + 3 + kl;
            const char *q = memchr(v, '"', l - (size_t)(v - (s + i)));
            if (!q || (size_t)(q - v) >= outn)
                return 0;
            memcpy(out, v, (size_t)(q - v));
            out[q - v] = 0;
            return 1;
        }
    }
    return 0;
}

/* 1 if the whole record at s (n bytes) was written for this results file
 * as it is now: its ResultsId is the file's id and its ResultsOffset the
 * file's size (a cut last line left out). Then the record's game was
 * started by the run that wrote this file's last line, and its own
 * results line is what the kill stopped. A new or empty results file (no
 * id) owns no record; nor does one with a line written after it. */
static int record_is_awaited(const struct tour *t, const char *s, size_t n)
{
    char id[sizeof t->results_id], off[32], *e;
    if (!t->results_id[0] ||
        !record_tag(s, n, MATCH_TAG_RESULTS_ID, id, sizeof id) ||
        !record_tag(s, n, MATCH_TAG_RESULTS_OFFSET, off, sizeof off) ||
        strcmp(id, t->results_id))
        return 0;
    errno = 0;
    long long v = strtoll(off, &e, 10);
    return e != off && !*e && !errno && v == t->results_end;
}

/* Offset of the last record's first line ("[Event " at the start of a
 * line: the reader takes a '[' there for the next record's first tag)
 * within buf, or -1. */
static long last_record_start(const char *buf, size_t len, int at_file_start)
{
    static const char tag[] = "[Event ";
    for (size_t i = len; i-- > 0;) {
        if (buf[i] != '[' || len - i < sizeof tag - 1 ||
            memcmp(buf + i, tag, sizeof tag - 1))
            continue;
        if (i == 0 ? at_file_start : buf[i - 1] == '\n')
            return (long)i;
    }
    return -1;
}

/* 2 if s[0..n) is the start of a record's first line cut short ("[Ev"),
 * after white space: what a kill leaves after the last whole record; 1 if
 * it is white space only; else 0. */
static int only_a_cut_start(const char *s, size_t n)
{
    static const char tag[] = "[Event ";
    size_t i = 0;
    while (i < n && (s[i] == '\n' || s[i] == '\r' || s[i] == ' ' ||
                     s[i] == '\t'))
        i++;
    if (i == n)
        return 1;
    return n - i < sizeof tag - 1 && memcmp(s + i, tag, n - i) == 0 ? 2 : 0;
}

/* 1 if the record at s (n bytes) is this tournament's, by its Event tag:
 * parsed, the tag itself; cut short inside its tags, its first line, or
 * the start of it (a record of another program's, or a person's, is not
 * ours to remove). Compared with the tag as record_write writes it: '"'
 * and '\\' escaped, control bytes made '?', the value cut. */
static int record_is_ours(const struct tour *t, const struct game_record *r, int parsed,
                          const char *s, size_t n)
{
    char first[RECORD_TAG_LINE_MAX], got[RECORD_TAG_LINE_MAX];
    size_t k = record_format_tag(first, sizeof first, "Event",
                                 t->event[0] ? t->event : "?");
    if (k >= sizeof first)
        return 0;
    if (parsed) {
        /* the reader undid the escapes: written again, it is the line */
        record_format_tag(got, sizeof got, "Event",
                          r->event[0] ? r->event : "?");
        return strcmp(got, first) == 0;
    }
    const char *nl = memchr(s, '\n', n);
    size_t len = nl ? (size_t)(nl - s) + 1 : n;
    return len <= k && memcmp(s, first, len) == 0;
}

/* The records file is brought back in step with the results: a game is
 * written as its record, then its results line. So the last record may be
 * cut short (its game is not in the results: removed, played again), or
 * whole while its results line is missing (removed, played again), or be
 * followed by the start of a record cut short (that start is removed). A
 * record is whole when its movetext ends in the result token, whatever
 * white space follows it (an editor may have dropped the blank line): one
 * is never removed for that, nor any record whose game is in the results.
 * A whole record of a game that is not in the results is removed only when
 * it was written for this results file as it is (record_is_awaited): a
 * records file shared by two tournaments of the same engines and event,
 * or a results file deleted to play a tournament again, once lost the
 * earlier run's last record here (a QA pass, 2026-12-07). Any other is
 * kept, said on stderr: appending after a whole record is safe, and at
 * worst its game has two records. The file is then made to end in a blank
 * line, so that the next record starts on a line of its own. */
int tour_repair_records(struct tour *t, const char *path)
{
    char *buf;
    size_t want;
    off_t base = 0, size = 0;
    int ret = read_tail(path, &buf, &want, &base, &size);
    if (ret)
        return ret < 0 ? -1 : 0;
    struct game_record r;
    record_init(&r);
    long start = last_record_start(buf, want, base == 0);
    if (start < 0)
        goto out;               /* not our records: leave them alone */
    char err[128];
    size_t used = 0;
    int parsed = record_parse(buf + start, want - (size_t)start, &used, &r,
                              err, sizeof err) == 1;
    int whole = parsed && r.complete;
    /* Its game, when the record says which it is. */
    int slot = -1;
    if (parsed) {
        char *e;
        long idx = strtol(r.round, &e, 10);
        slot = e != r.round && !*e && idx >= 1 && idx <= t->maxindex
               ? t->slot_of_index[idx] : -1;
        if (slot >= 0 &&
            (strcmp(r.players[0], t->c->engines[t->slots[slot].first].name) ||
             strcmp(r.players[1], t->c->engines[t->slots[slot].second].name)))
            slot = -1;          /* another schedule's game */
    }
    int in_results = slot >= 0 && t->done[slot];
    int ours = record_is_ours(t, &r, parsed, buf + start, want - (size_t)start);
    if (!whole && !in_results && !ours) {
        /* someone else's record, cut short: not removed, and nothing is
         * appended after it (the next record would be read as its rest) */
        fprintf(stderr, "tabula-match: %s: the last record is cut short and is not "
                "of this tournament (Event \"%s\"): left as it is; give --records "
                "another file\n", path, t->event);
        ret = 2;
        goto out;
    }
    const char *why = NULL;
    off_t keep = size;          /* the file is cut there */
    if (!whole && !in_results)
        why = "is cut short";
    else if (whole && slot >= 0 && ours && !in_results) {
        if (record_is_awaited(t, buf + start, used))
            why = "is of a game that is not in the results";
        else
            fprintf(stderr, "tabula-match: %s: the last record (game %s, "
                    "%s vs %s) is of a game that is not in the results, but "
                    "it was not written for this results file as it is "
                    "(another run's record?): kept; new records go after "
                    "it\n", path, r.round, r.players[0], r.players[1]);
    }
    if (why) {
        fprintf(stderr, "tabula-match: %s: the last record %s; removed\n",
                path, why);
        keep = base + start;
    } else {
        if (!whole)
            fprintf(stderr, "tabula-match: %s: the last record (game %s) "
                    "has no result token, but its game is in the results: "
                    "kept as it is\n", path, r.round);
        size_t end = whole ? (size_t)start + used : want;
        int tail = end < want ? only_a_cut_start(buf + end, want - end) : 0;
        if (tail) {
            if (tail == 2)      /* white space alone goes without a word */
                fprintf(stderr, "tabula-match: %s: the start of a record cut "
                        "short follows the last one; removed\n", path);
            keep = base + (off_t)end;
            while (keep > base && buf[keep - base - 1] != '\n' &&
                   (buf[keep - base - 1] == ' ' || buf[keep - base - 1] == '\t'
                    || buf[keep - base - 1] == '\r'))
                keep--;
        }
    }
    if (keep < size && truncate(path, keep)) {
        fprintf(stderr, "tabula-match: %s: %s\n", path, strerror(errno));
        ret = -1;
        goto out;
    }
    /* A blank line after the last record: no message, nothing is lost. */
    if (keep > base) {
        size_t k = (size_t)(keep - base);
        const char *add = k >= 2 && buf[k - 1] == '\n' && buf[k - 2] == '\n'
                          ? "" : buf[k - 1] == '\n' ? "\n" : "\n\n";
        FILE *a = *add ? fopen(path, "ae") : NULL;
        int bad = *add && (!a || fputs(add, a) < 0);
        if ((a && fclose(a)) || bad) {
            fprintf(stderr, "tabula-match: %s: %s\n", path, strerror(errno));
            ret = -1;
        }
    }
out:
    record_free(&r);
    free(buf);
    return ret;
}
