/* otep.c -- the OpenTafl Engine Protocol (OTEP) front end: translates an
 * OpenTafl host's lines (rules, positions, moves, clocks) into session calls
 * and answers with moves. Sees Tablut only through the session, struct game
 * and the public position and move texts; knows nothing of a game's insides.
 * doc/otep.md says what the host sends and how its rules are mapped. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "front/otep.h"
#include "options.h"
#include "util.h"

#define OTEP_LINE 4096          /* longest line sent; host lines may be longer */
#define OTEP_MAX_KEYS 64        /* key:value entries read from a rules string */
#define OTEP_POLL_MS 10         /* how often a search looks at the input */

/* ------------------------------------------------------------ the rules */

static const char *rule_value(const char *const *all, const char *key);

static int has(const char *v, int c) { return strchr(v, c) != NULL; }
static int is_y(const char *v, const char *const *all) { (void)all; return !strcmp(v, "y"); }
static int is_n(const char *v, const char *const *all) { (void)all; return !strcmp(v, "n"); }
static int is_yn(const char *v, const char *const *all) { return is_y(v, all) || is_n(v, all); }
static int is_empty(const char *v, const char *const *all) { (void)all; return !v[0]; }
static int is_9(const char *v, const char *const *all) { (void)all; return !strcmp(v, "9"); }
static int is_e(const char *v, const char *const *all) { (void)all; return !strcmp(v, "e"); }
static int is_c(const char *v, const char *const *all) { (void)all; return !strcmp(v, "c"); }
static int is_d(const char *v, const char *const *all) { (void)all; return !strcmp(v, "d"); }
static int no_speed(const char *v, const char *const *all) { (void)all; return !strcmp(v, "-1"); }
static int all_tTK(const char *v, const char *const *all)
{
    (void)all;
    return has(v, 't') && has(v, 'T') && has(v, 'K');
}
static int no_T(const char *v, const char *const *all) { (void)all; return !has(v, 'T'); }
static int centre_e5(const char *v, const char *const *all)
{
    (void)all;
    return !strcmp(v, "default") || !strcmp(v, "e5") || !strcmp(v, "e5,");
}
/* No soldier may stop on the castle; the king may only if he can never
 * come back (cenre without K), as in Tabula's rules. */
static int castle_stop(const char *v, const char *const *all)
{
    return !has(v, 't') && !has(v, 'T') &&
           (!has(v, 'K') || !has(rule_value(all, "cenre"), 'K'));
}

/* Every key OpenTafl's rules strings know (its notation spec, and what its
 * serializer writes), with OpenTafl's defaults; ok NULL: cannot matter here
 * (pieces or squares that a Tablut position cannot hold). */
const struct otep_rule otep_rules[] = {
    {"dim", "", "9", is_9},
    {"name", "", "anything", NULL},
    {"esc", "c", "e (the king escapes to any edge square)", is_e},
    {"surf", "y", "n (an encircled side does not lose)", is_n},
    {"atkf", "y", "y or n (who moves first from the start position)", is_yn},
    {"tfr", "d", "d (the third repetition draws)", is_d},
    {"ka", "y", "y (the king captures, as hammer and anvil)", is_y},
    {"ks", "s", "c (the king is strong on and next to the castle, weak elsewhere)", is_c},
    {"kj", "n", "n (the king does not jump)", is_n},
    {"nj", "c", "anything (no knights)", NULL},
    {"cj", "j", "anything (no commanders)", NULL},
    {"mj", "n", "anything (no mercenaries)", NULL},
    {"gj", "n", "anything (no guards)", NULL},
    {"cor", "default", "empty (no corner squares)", is_empty},
    {"cen", "default", "e5 (the castle)", centre_e5},
    {"afor", "", "empty (no attacker forts)", is_empty},
    {"dfor", "", "empty (no defender forts)", is_empty},
    {"spd", "-1", "-1 (no speed limits)", no_speed},
    {"corp", "K", "anything (no corners)", NULL},
    {"cors", "K", "anything (no corners)", NULL},
    {"corh", "tcnkmTCNKM", "anything (no corners)", NULL},
    {"corre", "tcnkmTCNKM", "anything (no corners)", NULL},
    {"cenp", "tcnkmTCNKM", "t, T and K (every piece passes over the empty castle)", all_tTK},
    {"cens", "K", "no t or T; K only when cenre lacks K (nobody stops on the castle, "
                  "the king never returns)", castle_stop},
    {"cenre", "tcnkmTCNKM", "see cens", NULL},
    {"cenh", "tcnkm", "no T (the occupied castle is hostile to nobody but "
                      "through the armed king)", no_T},
    {"cenhe", "tcnkmTCNKM", "t, T and K (the empty castle is hostile to every piece)", all_tTK},
    {"aforp", "tcnkmTCNKM", "anything (no forts)", NULL},
    {"afors", "tcnkmTCNKM", "anything (no forts)", NULL},
    {"aforh", "TCNKM", "anything (no forts)", NULL},
    {"aforre", "tcnkmTCNKM", "anything (no forts)", NULL},
    {"dforp", "tcnkmTCNKM", "anything (no forts)", NULL},
    {"dfors", "TCNKM", "anything (no forts)", NULL},
    {"dforh", "tcnkm", "anything (no forts)", NULL},
    {"dforre", "tcnkmTCNKM", "anything (no forts)", NULL},
    {"sw", "n", "n (no shieldwall captures)", is_n},
    {"swf", "y", "anything (no shieldwalls)", NULL},
    {"efe", "n", "n (no edge fort escapes)", is_n},
    {"linc", "n", "n (no Linnaean capture)", is_n},
    {"ber", "n", "n (no berserk moves)", is_n},
    {"start", "", "a Tablut position (t, T and one K)", NULL},
    {"starti", "", "a Tablut position, top row first", NULL},
    {NULL, NULL, NULL, NULL}
};

static int rule_index(const char *key, size_t len)
{
    for (int i = 0; otep_rules[i].key; i++)
        if (strlen(otep_rules[i].key) == len && !strncmp(otep_rules[i].key, key, len))
            return i;
    return -1;
}

static const char *rule_value(const char *const *all, const char *key)
{
    int i = rule_index(key, strlen(key));
    return i >= 0 && all[i] ? all[i] : "";
}

/* Copies the rows of an OpenTafl record (empty rows skipped, as OpenTafl
 * does) into a position string, reversed unless the record is inverted. */
static int record_rows(const char *rec, size_t reclen, int inverted, int side,
                       char *pos, size_t n)
{
    const char *row[9];
    size_t len[9];
    int k = 0;
    for (size_t i = 0; i < reclen; ) {
        size_t j = i;
        while (j < reclen && rec[j] != '/')
            j++;
        if (j > i) {
            if (k == 9)
                return -1;
            row[k] = rec + i;
            len[k++] = j - i;
        }
        i = j + 1;
    }
    if (k != 9)
        return -1;
    size_t p = 0;
    pos[0] = '\0';
    for (int r = 0; r < 9; r++) {
        int src = inverted ? r : 8 - r;
        buf_printf(pos, n, &p, "%s%.*s", r ? "/" : "", (int)len[src], row[src]);
    }
    buf_printf(pos, n, &p, " %c", side ? 'w' : 'b');
    return 0;
}

int otep_record_to_position(const char *rec, int side, char *pos, size_t n)
{
    return record_rows(rec, strlen(rec), 0, side, pos, n);
}

void otep_position_to_record(const char *pos, char *rec, size_t n)
{
    size_t board = strcspn(pos, " ");
    const char *row[9];
    size_t len[9];
    int k = 0;
    for (size_t i = 0; i <= board && k < 9; ) {
        size_t j = i;
        while (j < board && pos[j] != '/')
            j++;
        row[k] = pos + i;
        len[k++] = j - i;
        i = j + 1;
    }
    size_t p = 0;
    rec[0] = '\0';
    buf_printf(rec, n, &p, "/");
    for (int r = k - 1; r >= 0; r--)
        buf_printf(rec, n, &p, "%.*s/", (int)len[r], row[r]);
}

int otep_map_rules(const char *rules, char *pos, size_t posn, char *err, size_t errn)
{
    const char *val[OTEP_MAX_KEYS] = {NULL};
    size_t vlen[OTEP_MAX_KEYS] = {0};
    char *copy = strdup(rules);
    int nkeys = 0;
    if (!copy) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    while (otep_rules[nkeys].key)
        nkeys++;
    /* key:value entries separated by spaces; the last of a key counts */
    int rc = -1;
    char *save = NULL;
    for (char *tok = strtok_r(copy, " \t\r", &save); tok; tok = strtok_r(NULL, " \t\r", &save)) {
        char *colon = strchr(tok, ':');
        size_t kl = colon ? (size_t)(colon - tok) : strlen(tok);
        int i = rule_index(tok, kl);
        if (i < 0) {
            snprintf(err, errn, "unknown rule '%.*s'", (int)kl, tok);
            goto out;
        }
        val[i] = colon ? colon + 1 : "";
        vlen[i] = strlen(val[i]);
    }
    const char *all[OTEP_MAX_KEYS];
    for (int i = 0; i < nkeys; i++)
        all[i] = val[i] ? val[i] : otep_rules[i].def;
    if (!val[rule_index("dim", 3)]) {
        snprintf(err, errn, "no dim: entry");
        goto out;
    }
    for (int i = 0; i < nkeys; i++) {
        const struct otep_rule *r = &otep_rules[i];
        if (r->ok && !r->ok(all[i], all)) {
            snprintf(err, errn, "%s:%s%s, Tabula needs %s:%s", r->key, all[i],
                     val[i] ? "" : " (OpenTafl's default)", r->key, r->need);
            goto out;
        }
    }
    int si = rule_index("starti", 6), s0 = rule_index("start", 5);
    int inverted = val[si] != NULL;     /* OpenTafl reads starti first */
    const char *rec = inverted ? val[si] : val[s0];
    if (!rec) {
        snprintf(err, errn, "no start position (start: or starti:)");
        goto out;
    }
    int side = strcmp(all[rule_index("atkf", 4)], "y") != 0;
    if (record_rows(rec, inverted ? vlen[si] : vlen[s0], inverted, side, pos, posn)) {
        snprintf(err, errn, "the start position has not 9 rows");
        goto out;
    }
    /* the rules library checks the pieces */
    const struct game *g = game_find("tablut");
    void *st = g ? calloc(1, g->state_size) : NULL;
    char e2[128] = "";
    if (!st) {
        snprintf(err, errn, "out of memory");
        goto out;
    }
    if (g->init(st, 0, NULL, e2, sizeof e2) != GAME_OK ||
        g->parse_position(st, pos, e2, sizeof e2) != GAME_OK)
        snprintf(err, errn, "start position: %s", e2);
    else
        rc = 0;
    free(st);
out:
    free(copy);
    return rc;
}

/* ------------------------------------------------------------- the input */

/* Lines from the host come through the protocol's reader (struct input),
 * with a look at what is already waiting (input_pull) so that a search can
 * stop when the host moves on (finish, goodbye, a new game); in_getline,
 * which needs the state, is below it. */

/* The first word of a line, into w. */
static void first_word(const char *line, size_t len, char *w, size_t n)
{
    size_t i = 0, k = 0;
    while (i < len && isspace((unsigned char)line[i]))
        i++;
    while (i < len && !isspace((unsigned char)line[i]) && k < n - 1)
        w[k++] = line[i++];
    w[k] = '\0';
}

/* Is a complete line waiting whose first word is in words (space
 * separated, with a space at both ends)? */
static int in_waiting(struct input *in, const char *words)
{
    const char *b = in->buf + in->start, *end = in->buf + in->end;
    while (b < end) {
        const char *nl = memchr(b, '\n', (size_t)(end - b));
        if (!nl)
            break;
        char w[32], pat[40];
        first_word(b, (size_t)(nl - b), w, sizeof w);
        snprintf(pat, sizeof pat, " %s ", w);
        if (w[0] && strstr(words, pat))
            return 1;
        b = nl + 1;
    }
    return 0;
}

/* The first word of the first complete line waiting, if there is one. */
static int next_word(struct input *in, char *w, size_t n)
{
    const char *b = in->buf + in->start;
    const char *nl = memchr(b, '\n', in->end - in->start);
    if (!nl)
        return 0;
    first_word(b, (size_t)(nl - b), w, n);
    return 1;
}

/* A line's first word into w, *args at what follows it. */
static void split_line(char *line, char *w, size_t n, char **args)
{
    char *a = line + strspn(line, " \t");
    first_word(a, strlen(a), w, n);
    a += strcspn(a, " \t");
    *args = a + strspn(a, " \t");
}

/* --------------------------------------------------------------- the bridge */

enum { REFUSED_RULES = 1, REFUSED_POSITION = 2 };

struct otep {
    struct proto *p;
    struct session *s;
    struct input in;
    int refused;                /* REFUSED_RULES until the next rules line;
                                 * REFUSED_POSITION until a usable position */
    char refusal[512];
    int sent_move;              /* our last move is in the session, unconfirmed */
    char start_pos[256];        /* the start position of the last rules line */
    char last_rec[256];         /* the record of the last move or opponent-move */
    int aborted;                /* a search stopped because the host moved on */
    int stop_at_eof;            /* the end of input stops this search */
    int64_t last_poll;
    /* the last clock line: milliseconds, in overtime, overtimes left */
    int have_clock;
    int64_t main_ms0, byo_ms0;  /* the session's clock settings at start */
    int byo_stones0;
    int64_t clock_ms[2];
    int clock_star[2], clock_ot[2];
    int ot_s;
};

/* Host lines that make a running search pointless: the host has left the
 * game. Anything else waits for the move (the host never sends it then). */
static const char abort_words[] =
    " rules position finish goodbye ";

/* Sends one line (no line break inside it) and flushes it: the host reads
 * chunks and splits them at newlines. */
static void send_line(struct otep *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void send_line(struct otep *o, const char *fmt, ...)
{
    char line[OTEP_LINE];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    /* one line of text: a host's bytes quoted back (a bad position, say)
     * never bring a line end or another control byte with them */
    for (char *c = line; *c; c++)
        if (*c == '\n' || *c == '\r' || *c == '\t')
            *c = ' ';
        else if ((unsigned char)*c < 32 || *c == 127)
            *c = '?';
    strcat(line, "\n");
    fputs(line, o->p->out);
    util_flush(o->p->out);
}

static void diag(struct otep *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void diag(struct otep *o, const char *fmt, ...)
{
    if (!o->p->verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("otep: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* The next line without CR and NUL bytes, cut to cap - 1 bytes; a line
 * longer than that is dropped whole. 0 at the end of input. */
static int in_getline(struct otep *o, char *line, size_t cap)
{
    int toolong;
    while (input_getline(&o->in, line, cap, &toolong)) {
        if (toolong) {
            /* said, not dropped in silence; a rules line lost so would
             * leave the host's new game played as the old one */
            fprintf(stderr, "tabula: --otep: a host line of more than %zu bytes ignored: "
                    "%.40s...\n", cap - 1, line);
            if (!strncmp(line, "rules", 5) && (line[5] == ' ' || line[5] == '\t')) {
                o->refused = REFUSED_RULES;
                snprintf(o->refusal, sizeof o->refusal,
                         "Tabula cannot play these rules: the rules line is too long");
            }
            continue;
        }
        size_t k = 0;
        for (size_t i = 0; line[i]; i++)
            if (line[i] != '\r')
                line[k++] = line[i];
        line[k] = '\0';
        return 1;
    }
    return 0;
}

static int side_word(const char *w)
{
    if (!w)
        return -1;
    if (!strcmp(w, "attackers"))
        return 0;
    if (!strcmp(w, "defenders"))
        return 1;
    return -1;
}

static const char *side_name(int side) { return side ? "defenders" : "attackers"; }

/* Starts a game with OTEP_VARIANT from pos ("" = the start position). */
static int new_game(struct otep *o, const char *pos, char *err, size_t n)
{
    char buf[sizeof OTEP_VARIANT], *opts[4], *save = NULL;
    int k = 0;
    snprintf(buf, sizeof buf, "%s", OTEP_VARIANT);
    for (char *t = strtok_r(buf, " ", &save); t && k < 4; t = strtok_r(NULL, " ", &save))
        opts[k++] = t;
    int rc = session_newgame(o->s, "tablut", k, (const char *const *)opts, err, n);
    if (rc == SESS_OK && pos[0]) {
        char now[256];
        o->s->g->format_position(o->s->st, now, sizeof now);
        if (strcmp(now, pos) != 0)
            rc = session_setposition(o->s, pos, err, n);
    }
    o->sent_move = 0;
    return rc;
}

/* The board part of the session's position as an OpenTafl record. */
static void current_record(struct otep *o, char *rec, size_t n)
{
    char pos[256];
    o->s->g->format_position(o->s->st, pos, sizeof pos);
    otep_position_to_record(pos, rec, n);
}

/* Does rec (an OpenTafl record) hold the session's pieces? Read through the
 * rules library, so that the host's spelling of a row does not matter. */
/* The host's record rec, side to move side, as a board of our game (on a
 * copy of our state: malloc'ed), or NULL when it cannot be read. */
static void *record_board(const struct otep *o, const char *rec, int side)
{
    const struct game *g = o->s->g;
    char pos[256], e[128];
    if (otep_record_to_position(rec, side, pos, sizeof pos))
        return NULL;
    void *st = malloc(g->state_size);
    if (!st)
        return NULL;
    memcpy(st, o->s->st, g->state_size);
    if (g->parse_position(st, pos, e, sizeof e) != GAME_OK) {
        free(st);
        return NULL;
    }
    return st;
}

static int same_board(struct otep *o, const char *rec)
{
    const struct game *g = o->s->g;
    char a[256], b[256];
    void *st = record_board(o, rec, 0);
    if (!st)
        return 0;
    g->format_position(st, a, sizeof a);
    g->format_position(o->s->st, b, sizeof b);
    free(st);
    size_t la = strcspn(a, " ");
    return la == strcspn(b, " ") && !strncmp(a, b, la);
}

/* Takes the host's word for the position: rec with side to move (the game's
 * repetition history starts again there). A position that cannot be used is
 * refused until one that can comes (position, opponent-move's record). */
static int resync(struct otep *o, const char *rec, int side, const char *why)
{
    char pos[256], err[256] = "";
    if (otep_record_to_position(rec, side, pos, sizeof pos) ||
        session_setposition(o->s, pos, err, sizeof err) != SESS_OK) {
        o->refused = REFUSED_POSITION;
        snprintf(o->refusal, sizeof o->refusal, "Tabula cannot use the host's position %s: %s",
                 rec, err[0] ? err : "not 9 rows");
        diag(o, "%s", o->refusal);
        return -1;
    }
    o->sent_move = 0;
    if (o->refused == REFUSED_POSITION) {
        o->refused = 0;         /* a usable position ends that refusal */
        diag(o, "the host's position can be used again");
    }
    diag(o, "took the host's position (%s): %s", why, pos);
    return 0;
}

/* Sets the side to move to side, keeping the pieces. */
static int set_side(struct otep *o, int side, const char *why)
{
    char rec[256];
    if (session_side_to_move(o->s) == side)
        return 0;
    current_record(o, rec, sizeof rec);
    return resync(o, rec, side, why);
}

/* rules <rules string>: a new game. Refused rules are remembered and
 * reported, as a status line and a critical error, when the host asks for a
 * move: OpenTafl dies on any engine line that comes before its game has
 * started (its status display does not exist yet). */
static void cmd_rules(struct otep *o, char *args)
{
    char pos[256], err[400];
    if (otep_map_rules(args, pos, sizeof pos, err, sizeof err)) {
        o->refused = REFUSED_RULES;
        snprintf(o->refusal, sizeof o->refusal, "Tabula cannot play these rules: %s", err);
        diag(o, "%s", o->refusal);
        return;
    }
    if (new_game(o, pos, err, sizeof err) != SESS_OK) {
        o->refused = REFUSED_RULES;
        snprintf(o->refusal, sizeof o->refusal, "Tabula cannot start the game: %s", err);
        return;
    }
    o->refused = 0;
    snprintf(o->start_pos, sizeof o->start_pos, "%s", pos);
    o->last_rec[0] = '\0';
    o->have_clock = 0;
    o->s->main_ms = o->main_ms0;    /* no clock line yet in this game */
    o->s->byo_ms = o->byo_ms0;
    o->s->byo_stones = o->byo_stones0;
    diag(o, "new game, Tablut %s from %s", OTEP_VARIANT, pos);
}

/* position <record>: the board (analysis, replays); the side to move stays
 * until a side line says otherwise. Refused rules stay refused. */
static void cmd_position(struct otep *o, char *args)
{
    char *save = NULL, *rec = strtok_r(args, " ", &save);
    if (rec && o->refused != REFUSED_RULES)
        resync(o, rec, session_side_to_move(o->s), "position");
}

/* side attackers|defenders: the side to move (analysis, replays). */
static void cmd_side(struct otep *o, char *args)
{
    char *save = NULL;
    int side = side_word(strtok_r(args, " ", &save));
    if (side >= 0 && !o->refused)
        set_side(o, side, "side");
}

/* Reads a host move in simple (e4-b4) or full notation (Ke5-f5,
 * c5-c3xd3/e2+, ...) into "from-to"; captures are checked afterwards
 * against the host's position. */
static int host_move(const char *m, char *out, size_t n)
{
    const char *p = m;
    if (isalpha((unsigned char)p[0]) && isalpha((unsigned char)p[1]))
        p++;                    /* a piece letter: K, t, ... */
    char sq[2][8];
    for (int k = 0; k < 2; k++) {
        size_t i = 0;
        if (!islower((unsigned char)*p))
            return -1;
        sq[k][i++] = *p++;
        while (isdigit((unsigned char)*p) && i < 7)
            sq[k][i++] = *p++;
        sq[k][i] = '\0';
        if (i < 2)
            return -1;
        if (k == 0 && *p++ != '-')
            return -1;          /* jumps (^) and berserk moves (=) are not Tablut */
    }
    snprintf(out, n, "%s-%s", sq[0], sq[1]);
    return 0;
}

/* Plays the host's moves (m1|m2|..., simple or full notation) on the
 * session's board: 0, or -1 at the first one it cannot play (the moves
 * before it stay played). moves is cut up. */
static int play_host_moves(struct otep *o, char *moves)
{
    char *s2 = NULL;
    for (char *m = strtok_r(moves, "|", &s2); m; m = strtok_r(NULL, "|", &s2)) {
        char mv[32], err[256];
        if (host_move(m, mv, sizeof mv) ||
            session_play(o->s, -1, mv, err, sizeof err) != SESS_OK) {
            diag(o, "cannot play the host's move %s", m);
            return -1;
        }
    }
    return 0;
}

/* Is rec, which differs from our board, a record the host did not update
 * (OpenTafl after "play-here" in a replay sends the position the previous
 * game ended in with every move and its answer to every move of ours)?
 * Either it is the record the host sent with its last move or answer,
 * although a move was made since (every move changes the board), or it is
 * a finished game by our rules (the king captured or escaped) while ours
 * goes on and the host asks for moves. */
static int stale_record(struct otep *o, const char *rec)
{
    if (o->last_rec[0] && !strcmp(rec, o->last_rec))
        return 1;
    struct game_status ours, theirs = {0, 0, NULL};
    if (session_status(o->s, &ours))
        return 0;
    void *st = record_board(o, rec, session_side_to_move(o->s));
    if (!st)
        return 0;
    o->s->g->status(st, &theirs);
    free(st);
    return theirs.over && theirs.reason && strcmp(theirs.reason, "no legal move") != 0;
}

/* Remembers the record of a move or opponent-move line. */
static void keep_record(struct otep *o, const char *rec)
{
    if (rec && strlen(rec) < sizeof o->last_rec)
        snprintf(o->last_rec, sizeof o->last_rec, "%s", rec);
    else
        o->last_rec[0] = '\0';
}

/* opponent-move <m1|m2...> <record>: the other side moved. After a move of
 * ours was refused the host repeats moves we already have: then the board
 * already is the record and nothing is played. Moves that cannot be played
 * on our board but can from the game's start are the whole game (OpenTafl
 * sends every move since the engine's last one it knows: after loading a
 * game or "play-here" in a replay, all of them); two or more such moves are
 * the game then, whatever the record says (after "play-here" it is the
 * previous game's). */
static void cmd_opponent_move(struct otep *o, char *args)
{
    char *save = NULL;
    char *moves = strtok_r(args, " ", &save), *rec = strtok_r(NULL, " ", &save);
    if (!moves || o->refused == REFUSED_RULES)
        return;
    o->sent_move = 0;
    if (o->refused) {
        /* no board to play the moves on: the record, if usable, is one
         * (play sets the side to move) */
        if (rec)
            resync(o, rec, session_side_to_move(o->s), "after a position we could not use");
        keep_record(o, rec);
        return;
    }
    if (rec && same_board(o, rec)) {
        keep_record(o, rec);
        return;
    }
    int mover = session_side_to_move(o->s), from_start = 0;
    char *copy = strdup(moves), err[256];
    int ok = play_host_moves(o, moves) == 0;
    /* a list of moves (Tablut has no berserk moves, so the host sends one
     * a turn but for a history); a single move we cannot play means that
     * our board is not the host's: the record settles it, as below */
    if (!ok && copy && strchr(copy, '|') &&
        new_game(o, o->start_pos, err, sizeof err) == SESS_OK &&
        play_host_moves(o, copy) == 0) {
        ok = from_start = 1;
        mover = !session_side_to_move(o->s);
        diag(o, "played the host's moves from the game's start");
    }
    free(copy);
    if (rec && !same_board(o, rec)) {
        if (from_start || (ok && stale_record(o, rec)))
            diag(o, "kept our board: the host's record %s is not the game's", rec);
        else
            resync(o, rec, !mover, ok ? "the host's board differs" : "a host move we cannot play");
    }
    keep_record(o, rec);
}

/* move <record>: the host took our move; rec is the board after it. */
static void cmd_move(struct otep *o, char *args)
{
    char *save = NULL, *rec = strtok_r(args, " ", &save);
    o->sent_move = 0;
    if (rec && !o->refused && !same_board(o, rec)) {
        if (stale_record(o, rec))
            diag(o, "kept our board: the host's record %s is not the game's", rec);
        else
            resync(o, rec, session_side_to_move(o->s), "the host's board after our move differs");
    }
    keep_record(o, rec);
}

/* error <code>: the host refused our move (1 wrong side, 2 illegal): take
 * it back; the host sends opponent-move and play again. */
static void cmd_error(struct otep *o, char *args)
{
    char *save = NULL, *code = strtok_r(args, " ", &save);
    if (o->sent_move && code && (!strcmp(code, "1") || !strcmp(code, "2") ||
                                 !strcmp(code, "3") || !strcmp(code, "4"))) {
        session_undo(o->s, 1);
        o->sent_move = 0;
        diag(o, "the host refused our move (error %s)", code);
    }
}

static int parse_ms(const char *t, int64_t *ms, int *star)
{
    char *end;
    errno = 0;
    long long v = strtoll(t, &end, 10);
    *star = *end == '*';
    if (errno || end == t || (*end && !(*star && !end[1])))
        return -1;
    *ms = v < 0 ? 0 : v;
    return 0;
}

/* clock <att_ms>[*] <def_ms>[*] <overtime_s> <att_overtimes> <def_overtimes>:
 * kept until the next play (a * means: in an overtime period). */
static void cmd_clock(struct otep *o, char *args)
{
    char *t[5], *save = NULL;
    int k = 0;
    for (char *w = strtok_r(args, " ", &save); w && k < 5; w = strtok_r(NULL, " ", &save))
        t[k++] = w;
    int64_t ms[2], ot_s;
    int star[2], dummy;
    long ot[2];
    char *end;
    if (k < 5 || parse_ms(t[0], &ms[0], &star[0]) || parse_ms(t[1], &ms[1], &star[1]) ||
        parse_ms(t[2], &ot_s, &dummy) || dummy)
        return;
    for (int i = 0; i < 2; i++) {
        ot[i] = strtol(t[3 + i], &end, 10);
        if (*end || end == t[3 + i])
            return;
    }
    for (int i = 0; i < 2; i++) {
        o->clock_ms[i] = ms[i];
        o->clock_star[i] = star[i];
        o->clock_ot[i] = ot[i] > 0 ? (int)ot[i] : 0;
    }
    o->ot_s = ot_s > 86400 ? 86400 : (int)ot_s;
    o->have_clock = 1;
}

/* The last clock line as the session's GTP-style clocks for side: main time
 * left, and OpenTafl's overtime periods as byo-yomi of one move each. */
static void apply_clock(struct otep *o, int side)
{
    struct session *s = o->s;
    if (!o->have_clock)
        return;
    int byo = o->clock_star[side] || o->clock_ot[side] > 0;
    s->main_ms = 0;
    s->byo_ms = byo ? (int64_t)o->ot_s * 1000 : 0;
    s->byo_stones = byo && s->byo_ms > 0 ? 1 : 0;
    s->left_ms[side] = o->clock_ms[side];
    s->left_stones[side] = o->clock_star[side] ? 1 : 0;
    s->have_left[side] = 1;
}

static int search_stop(void *ctx)
{
    struct otep *o = ctx;
    int64_t t = now_ms();
    if (t - o->last_poll < OTEP_POLL_MS)
        return 0;
    o->last_poll = t;
    input_pull(&o->in);
    /* a move search goes on at the end of input: a script that pipes its
     * lines in and closes still gets its move; an analysis (up to the
     * movetime cap, 24 hours) stops there, as the main protocol's analyze
     * does: the host is gone */
    if (in_waiting(&o->in, abort_words) || (o->stop_at_eof && o->in.eof))
        o->aborted = 1;
    return o->aborted;
}

static void score_text(int score, char *buf, size_t n)
{
    if (score >= SCORE_WIN_MIN)
        snprintf(buf, n, "win in %d", SCORE_WIN - score);
    else if (score <= -SCORE_WIN_MIN)
        snprintf(buf, n, "loss in %d", SCORE_WIN + score);
    else
        snprintf(buf, n, "%+d", score);
}

/* Searches the position (with a time of its own when movetime_ms > 0).
 * Returns SESS_OK with r filled, or an error; sets o->aborted when the host
 * moved on meanwhile. */
static int think(struct otep *o, int side, int64_t movetime_ms, struct search_result *r)
{
    int64_t keep = o->s->movetime_ms;
    if (movetime_ms > 0)
        o->s->movetime_ms = movetime_ms;
    o->aborted = 0;
    o->last_poll = 0;
    int rc = session_genmove(o->s, side, 0, r, search_stop, NULL, o);
    if (rc == SESS_OK)
        proto_note(o->p, r->note);
    o->s->movetime_ms = keep;
    return rc;
}

/* play attackers|defenders: choose a move for that side and send it. */
static void cmd_play(struct otep *o, char *args)
{
    char *save = NULL;
    int side = side_word(strtok_r(args, " ", &save));
    const struct game *g = o->s->g;
    if (side < 0)
        return;
    o->sent_move = 0;
    if (o->refused || set_side(o, side, "play for the side not to move")) {
        send_line(o, "status %s", o->refusal);
        send_line(o, "error -1 %s", o->refusal);
        return;
    }
    struct game_status gs;
    if (session_status(o->s, &gs) && gs.reason && strcmp(gs.reason, "no legal move") != 0) {
        /* over by our rules, not by the host's: the host referees */
        char rec[256], over[128];
        snprintf(over, sizeof over, "%s", gs.reason);
        current_record(o, rec, sizeof rec);
        resync(o, rec, side, "the host plays on");
        /* the board as it is, without the history, may still be over (a
         * king on the edge): then no move is announced (a QA pass: it said
         * "playing on", then that it had no move) */
        if (!session_status(o->s, &gs))
            send_line(o, "status Tabula: by Tabula's rules the game is over (%s); playing on",
                      over);
        else
            send_line(o, "status Tabula: by Tabula's rules the game is over (%s), and the "
                      "board as it is leaves no move to play", over);
    }
    if (session_status(o->s, &gs)) {
        send_line(o, "error -1 Tabula has no move: %s", gs.reason);
        return;
    }
    /* a clock sent just after play (as the protocol text has it) */
    input_pull(&o->in);
    for (char w[16]; next_word(&o->in, w, sizeof w) && !strcmp(w, "clock"); ) {
        char line[512], *args2;
        in_getline(o, line, sizeof line);
        split_line(line, w, sizeof w, &args2);
        cmd_clock(o, args2);
    }
    apply_clock(o, side);
    struct search_result r;
    void *before = malloc(g->state_size);
    if (!before)
        return;
    memcpy(before, o->s->st, g->state_size);
    int64_t t0 = now_ms();
    int rc = think(o, side, 0, &r);
    if (o->aborted) {
        diag(o, "search stopped: the host moved on");
        free(before);
        return;
    }
    if (rc != SESS_OK || r.best == MOVE_NONE) {
        free(before);
        send_line(o, "error -1 Tabula found no move");
        return;
    }
    char mv[64], sc[32];
    g->format_move(before, r.best, mv, sizeof mv);
    free(before);
    score_text(r.score, sc, sizeof sc);
    send_line(o, "status Tabula: %s score %s%s depth %d nodes %" PRIu64 " time %" PRId64 " ms",
              mv, sc, r.exact ? " (proven)" : "", r.depth, r.nodes, now_ms() - t0);
    if (session_play_move(o->s, r.best) != SESS_OK) {
        send_line(o, "error -1 Tabula is out of memory");
        return;
    }
    o->sent_move = 1;
    send_line(o, "move %s", mv);
}

int64_t otep_analyze_ms(const char *seconds)
{
    /* the movetime option's maximum: the one cap of a time per move */
    int64_t cap = (int64_t)option_find("movetime")->hi;
    errno = 0;
    char *end;
    long long t = seconds ? strtoll(seconds, &end, 10) : 0;
    if (!seconds || end == seconds || t <= 0)
        return 1000;
    if (errno == ERANGE || t > cap / 1000)
        return cap;
    return (int64_t)t * 1000;
}

/* analyze <n> <seconds>: the best line after a search of that long:
 * "analysis 1 m1|m2|... score" (score from the attackers' view). */
static void cmd_analyze(struct otep *o, char *args)
{
    char *save = NULL;
    char *n = strtok_r(args, " ", &save), *secs = strtok_r(NULL, " ", &save);
    int64_t ms = otep_analyze_ms(secs);
    struct game_status gs;
    (void)n;
    if (o->refused || session_status(o->s, &gs)) {
        send_line(o, "analysis 0");
        return;
    }
    struct search_result r;
    o->stop_at_eof = 1;         /* nobody is left to read the analysis */
    int rc = think(o, -1, ms, &r);
    o->stop_at_eof = 0;
    if (o->aborted)
        return;
    if (rc != SESS_OK || r.best == MOVE_NONE) {
        send_line(o, "analysis 0");
        return;
    }
    const struct game *g = o->s->g;
    unsigned char *copy = malloc(g->state_size);
    if (!copy)
        return;
    memcpy(copy, o->s->st, g->state_size);
    char pv[OTEP_LINE / 2];
    size_t pos = 0;
    pv[0] = '\0';
    if (r.pvlen == 0) {
        r.pv[0] = r.best;
        r.pvlen = 1;
    }
    for (int i = 0; i < r.pvlen; i++) {
        move_t legal[GAME_MAX_MOVES];
        int k = g->gen_moves(copy, legal), ok = 0;
        for (int j = 0; j < k; j++)
            ok |= legal[j] == r.pv[i];
        if (!ok)
            break;
        char mt[32];
        g->format_move(copy, r.pv[i], mt, sizeof mt);
        buf_printf(pv, sizeof pv, &pos, "%s%s", i ? "|" : "", mt);
        game_undo u;
        g->make(copy, r.pv[i], &u);
    }
    free(copy);
    /* from the attackers' view, as OpenTafl's own engine gives it (its
     * evaluation is the attackers' gain), since OpenTafl shows the number
     * alone: "b5-b3: -49" */
    send_line(o, "analysis 1 %s %d", pv,
              session_side_to_move(o->s) ? -r.score : r.score);
}

/* finish <code>: the game is over (0 stopped, 1 draw, 2 attackers won,
 * 3 defenders won); our own view goes to the diagnostics. */
static void cmd_finish(struct otep *o, char *args)
{
    struct game_status gs;
    char *save = NULL, *code = strtok_r(args, " ", &save);
    o->sent_move = 0;
    if (!session_status(o->s, &gs))
        diag(o, "finish %s; by Tabula's rules the game goes on", code ? code : "?");
    else
        diag(o, "finish %s; by Tabula's rules: %s (%s)", code ? code : "?",
             gs.winner < 0 ? "draw" : side_name(gs.winner), gs.reason);
}

static const struct {
    const char *name;
    void (*fn)(struct otep *o, char *args);
} otep_commands[] = {
    {"rules", cmd_rules},
    {"position", cmd_position},
    {"side", cmd_side},
    {"clock", cmd_clock},
    {"play", cmd_play},
    {"opponent-move", cmd_opponent_move},
    {"move", cmd_move},
    {"error", cmd_error},
    {"analyze", cmd_analyze},
    {"finish", cmd_finish},
    {NULL, NULL}
};

int otep_run(struct proto *p, int fd)
{
    struct otep *o = calloc(1, sizeof *o);
    char *line = malloc(sizeof o->in.buf);
    if (!o || !line) {
        free(o);
        free(line);
        return 1;
    }
    o->p = p;
    o->s = &p->s;
    input_init(&o->in, fd);
    o->main_ms0 = p->s.main_ms;
    o->byo_ms0 = p->s.byo_ms;
    o->byo_stones0 = p->s.byo_stones;
    char err[256];
    if (new_game(o, "", err, sizeof err) != SESS_OK) {
        fprintf(stderr, "tabula: --otep: %s\n", err);
        free(o);
        free(line);
        return 1;
    }
    send_line(o, "hello");
    while (in_getline(o, line, sizeof o->in.buf)) {
        char w[32], *args;
        split_line(line, w, sizeof w, &args);
        if (!strcmp(w, "goodbye"))
            break;
        int known = 0;
        for (int i = 0; otep_commands[i].name; i++)
            if (!strcmp(w, otep_commands[i].name)) {
                otep_commands[i].fn(o, args);
                known = 1;
                break;
            }
        if (!known && w[0])
            diag(o, "ignored: %.80s", line);
    }
    int rc = input_failed(&o->in, "standard input");
    free(line);
    free(o);
    return rc;
}
