/* options.c -- the engine options' one table and the code that reads and
 * writes them through it (options.h). Knows the session and the searcher
 * and game registries; nothing of protocols or terminals. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "engine_limits.h"
#include "options.h"
#include "util.h"

/* the search keeps a ply more than the deepest depth limit */
_Static_assert(TABULA_DEPTH_MAX < SEARCH_MAX_PLY, "TABULA_DEPTH_MAX is beyond the search");

/* ------------------------------------------------ how each is applied */

static int set_engine(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)num; (void)err; (void)n;
    return session_set_engine(s, text);
}
static void get_engine(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%s", s->engine ? s->engine->name : "");
}

static int set_movetime(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)text; (void)err; (void)n;
    s->movetime_ms = (int64_t)num;
    return SESS_OK;
}
static void get_movetime(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%" PRId64, s->movetime_ms);
}

static int set_depth(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)text; (void)err; (void)n;
    s->depth = (int)num;
    return SESS_OK;
}
static void get_depth(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%d", s->depth);
}

static int set_nodes(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)text; (void)err; (void)n;
    s->nodes = num;
    return SESS_OK;
}
static void get_nodes(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%" PRIu64, s->nodes);
}

static int set_threads(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)text; (void)err; (void)n;
    s->threads = (int)num;
    return SESS_OK;
}
static void get_threads(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%d", s->threads);
}

static int set_hash(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)text; (void)err; (void)n;
    return session_set_hash(s, (int)num);
}
static void get_hash(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%d", s->hash_mb);
}

static int set_seed(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)text; (void)err; (void)n;
    s->seed = num;
    return SESS_OK;
}
static void get_seed(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%" PRIu64, s->seed);
}

static int set_resign(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)text; (void)err; (void)n;
    s->resign = num != 0;
    return SESS_OK;
}
static void get_resign(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%s", s->resign ? "true" : "false");
}

static int set_book(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)text; (void)err; (void)n;
    s->book = num != 0;
    return SESS_OK;
}
static void get_book(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%s", s->book ? "true" : "false");
}

/* the directory `make install` puts the value tables in: the default */
#ifndef TABULA_PKGDATADIR
#define TABULA_PKGDATADIR "/usr/local/share/tabula"
#endif
#define TABULA_TABLES_DIR TABULA_PKGDATADIR "/tables"

static int set_tables(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)num;
    if (strlen(text) >= sizeof s->tables) {
        snprintf(err, n, "tables: a path of at most %zu bytes", sizeof s->tables - 1);
        return SESS_EINVALID;
    }
    /* the games' report on each table in DIR (valid, or why not) is the
     * answer; a path that is no directory is refused with the reason. The
     * default is taken as it is: every engine starts with it, so it must
     * neither read its tables in full (the solver checks a table when it
     * opens it) nor fail where nothing was installed (no tables there). */
    if (strcmp(text, "none") && strcmp(text, TABULA_TABLES_DIR) &&
        game_tables_check(text, err, n) < 0)
        return SESS_EINVALID;
    snprintf(s->tables, sizeof s->tables, "%s", strcmp(text, "none") ? text : "");
    return SESS_OK;
}
static void get_tables(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%s", s->tables[0] ? s->tables : "none");
}

static int set_level(struct session *s, uint64_t num, const char *text, char *err, size_t n)
{
    (void)text; (void)err; (void)n;
    s->level = (int)num;
    return SESS_OK;
}
static void get_level(const struct session *s, char *buf, size_t n)
{
    snprintf(buf, n, "%d", s->level);
}


/* The order is list_options' and the docs'. */
const struct option_desc option_table[] = {
    {"engine", OPTION_CHOICE, NULL, "alphabeta", 0, 0, "NAME", 'e',
     "the search algorithm: {engines}",
     "the search algorithm: iterative-deepening alpha-beta with a transposition table and an "
     "exact solver, Monte-Carlo tree search, or a uniformly random legal move",
     set_engine, get_engine},
    {"movetime", OPTION_INT, "ms", "0", 0, TABULA_MOVETIME_MAX, "MS", 't',
     "time per move in milliseconds (0: the clock or a node budget)",
     "time per move in milliseconds; 0: the clock (time_settings, time_left), else the "
     "depth or node limit, else a fixed budget ({alphabeta} alpha-beta nodes for the whole "
     "move, {mcts} MCTS iterations); also limits solve. Alpha-beta's proof gets its first "
     "3000 nodes whatever the time (about a millisecond), so that a loaded machine never "
     "turns a small proof into a guess; where a game's moves were checked at a node budget "
     "(Rastros up to 7x7: nodes 3000), a move that more time does not settle is that budget's "
     "move, so no load and no amount of time throws a win the checks kept",
     set_movetime, get_movetime},
    {"depth", OPTION_INT, "plies", "0", 0, TABULA_DEPTH_MAX, "N", 'd',
     "depth limit in plies (0: none)", "depth limit in plies (0: none)", set_depth, get_depth},
    {"nodes", OPTION_INT, "count", "0", 0, UINT64_MAX, "N", 'n', "node limit (0: none)",
     "node limit for the whole move, the proof included (0: none; alpha-beta's proof gets "
     "up to 90% of it, the same move at any load); without a clock each genmove starts from "
     "empty tables, as in a new game, so a position gets the same move whatever came before "
     "it; above a game's checked budget (see movetime) an unsettled position gets that "
     "budget's move; also limits solve",
     set_nodes, get_nodes},
    {"threads", OPTION_INT, "count", "1", 1, SEARCH_MAX_THREADS, "N", 0, "search threads",
     "search threads: alpha-beta searches with them all (Lazy SMP on the shared table) and the "
     "Rastros solver proves with them all; MCTS and random use one; with one thread, the same "
     "seed and commands give the same moves", set_threads, get_threads},
    {"hash", OPTION_INT, "MB", STR(TABULA_HASH_DEFAULT_MB), 1, TABULA_HASH_MAX_MB, "MB", 'H',
     "transposition table / MCTS tree memory in MB",
     "transposition table / MCTS tree memory in MB; out of memory (nothing changed) when it "
     "cannot be had, or is more than the system has available now; a new game does not clear "
     "it page by page", set_hash, get_hash},
    {"seed", OPTION_INT, "number", "0", 0, UINT64_MAX, "N", 's', "random seed",
     "random seed: with one thread, the same seed and commands give the same moves",
     set_seed, get_seed},
    {"resign", OPTION_BOOL, "bool", "false", 0, 0, "BOOL", 0,
     "genmove may resign a lost game",
     "genmove may answer resign in a proven lost or finished game (for GTP controllers)",
     set_resign, get_resign},
    {"book", OPTION_BOOL, "bool", "true", 0, 0, "BOOL", 0,
     "a game's solver may use its opening book",
     "a game's own solver may answer from its opening book of proved positions (Rastros)",
     set_book, get_book},
    {"level", OPTION_INT, "number", "0", 0, SESSION_LEVELS, "N", 'l',
     "playing strength 1..{levels} (0: full strength)",
     "playing strength, from 1 (a beginner) to {levels}; 0, the default, is full strength. At a "
     "level genmove reads only a few plies ({level_table}) and misjudges every move's score by a "
     "random error of that size (in the evaluation's units), so it makes the mistakes a person "
     "of that strength makes: never a random move, and it always sees a win or a loss within its "
     "depth. It plays with alpha-beta whatever the engine option, without the book, the tables or "
     "proofs; the seed option varies its games. Each level is measurably stronger than the one "
     "below in every game (bench/results/levels.txt)",
     set_level, get_level},
    {"tables", OPTION_PATH, "path", TABULA_TABLES_DIR, 0, 0, "DIR", 0,
     "directory of stored value tables",
     "directory of stored value tables (grasshopper-4.tab, ...) that solve and genmove read, "
     "made by tabula-tables; the default is where the installation puts the tables of "
     "Grasshopper pieces=2 and 4; none: no tables. Setting another directory checks every "
     "table in it in full and answers one line per table: valid, or why not", set_tables,
     get_tables},
    {NULL, 0, NULL, NULL, 0, 0, NULL, 0, NULL, NULL, NULL, NULL}
};

/* ------------------------------------------------------------ reading */

const struct option_desc *option_find(const char *name)
{
    for (const struct option_desc *o = option_table; o->name; o++)
        if (!strcmp(o->name, name))
            return o;
    return NULL;
}

void option_choices(const struct option_desc *o, char *buf, size_t n)
{
    if (o->kind == OPTION_CHOICE)
        searcher_names("|", buf, n);    /* the one choice option: engine */
    else if (o->kind == OPTION_BOOL)
        snprintf(buf, n, "true|false");
    else if (n)
        buf[0] = '\0';
}

void option_range(const struct option_desc *o, char *buf, size_t n)
{
    switch (o->kind) {
    case OPTION_INT:
        if (o->hi == UINT64_MAX)
            snprintf(buf, n, "%" PRIu64 " or more", o->lo);
        else
            snprintf(buf, n, "%" PRIu64 " to %" PRIu64, o->lo, o->hi);
        break;
    case OPTION_BOOL:
        snprintf(buf, n, "true or false (also on/off, yes/no, 1/0)");
        break;
    case OPTION_CHOICE: {
        char c[256];
        size_t pos = 0;
        option_choices(o, c, sizeof c);
        buf[0] = '\0';
        int words = 1;
        for (char *x = c; *x; x++)
            words += *x == '|';
        int i = 0;
        char *save;
        for (char *w = strtok_r(c, "|", &save); w; w = strtok_r(NULL, "|", &save), i++)
            buf_printf(buf, n, &pos, "%s%s", i == 0 ? "" : i == words - 1 ? " or " : ", ", w);
        break;
    }
    case OPTION_PATH:
        snprintf(buf, n, "a directory, or none");
        break;
    }
}

static int parse_bool(const char *v, uint64_t *out)
{
    if (!strcasecmp(v, "true") || !strcmp(v, "1") || !strcasecmp(v, "on") ||
        !strcasecmp(v, "yes"))
        *out = 1;
    else if (!strcasecmp(v, "false") || !strcmp(v, "0") || !strcasecmp(v, "off") ||
             !strcasecmp(v, "no"))
        *out = 0;
    else
        return -1;
    return 0;
}

/* A decimal number with nothing around it, within [lo, hi]. */
static int parse_number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    if (!isdigit((unsigned char)s[0]))
        return -1;
    errno = 0;
    unsigned long long u = strtoull(s, &end, 10);
    if (errno || *end || u < lo || u > hi)
        return -1;
    *out = u;
    return 0;
}

int option_set(struct session *s, const struct option_desc *o, const char *value,
               char *err, size_t n)
{
    uint64_t num = 0;
    int ok = 1;
    char choices[256];
    switch (o->kind) {
    case OPTION_INT:
        ok = !parse_number(value, o->lo, o->hi, &num);
        break;
    case OPTION_BOOL:
        ok = !parse_bool(value, &num);
        break;
    case OPTION_CHOICE: {
        /* in any case, as the bool words are (review 6: 'engine MCTS' was
         * refused where 'resign TRUE' was taken); applied as the table
         * spells it */
        char *save;
        option_choices(o, choices, sizeof choices);
        ok = 0;
        for (char *w = strtok_r(choices, "|", &save); w && !ok; w = strtok_r(NULL, "|", &save))
            if (!strcasecmp(w, value)) {
                ok = 1;
                value = w;
            }
        break;
    }
    case OPTION_PATH:
        break;
    }
    if (n)
        err[0] = '\0';
    if (!ok) {
        char range[256];
        if (o->kind == OPTION_INT && value[0] && !value[strspn(value, "0123456789")])
            /* a number out of range: the real bounds, where "0 or more"
             * would call a number too big a valid one */
            snprintf(range, sizeof range, "%" PRIu64 " to %" PRIu64, o->lo, o->hi);
        else
            option_range(o, range, sizeof range);
        snprintf(err, n, "%s must be %s%s%s%s, not '%s'", o->name, range,
                 o->kind == OPTION_INT ? " (" : "", o->kind == OPTION_INT ? o->type : "",
                 o->kind == OPTION_INT ? ")" : "", value);
        return SESS_EINVALID;
    }
    return o->apply(s, num, value, err, n);
}

void option_get(const struct session *s, const struct option_desc *o, char *buf, size_t n)
{
    o->get(s, buf, n);
}

void option_line(const struct session *s, const struct option_desc *o, char *buf, size_t n)
{
    char v[600], type[256];
    size_t pos = 0;
    option_get(s, o, v, sizeof v);
    if (o->type)
        snprintf(type, sizeof type, "%s", o->type);
    else
        option_choices(o, type, sizeof type);
    buf[0] = '\0';
    buf_printf(buf, n, &pos, "%s type %s default %s value %s", o->name, type, o->def, v);
    if (o->kind == OPTION_INT)
        buf_printf(buf, n, &pos, " min %" PRIu64 " max %" PRIu64, o->lo, o->hi);
    else if (o->kind == OPTION_CHOICE || o->kind == OPTION_BOOL) {
        char c[256];
        option_choices(o, c, sizeof c);
        buf_printf(buf, n, &pos, " choices %s", c);
    }
}

int options_reset(struct session *s)
{
    /* hash first: the engine option makes its searcher of that size */
    const struct option_desc *hash = option_find("hash");
    char err[128];
    int rc = option_set(s, hash, hash->def, err, sizeof err);
    for (const struct option_desc *o = option_table; o->name && rc == SESS_OK; o++)
        if (o != hash)
            rc = option_set(s, o, o->def, err, sizeof err);
    return rc;
}

/* 4000000 as 4,000,000: a person reads the docs. */
static void grouped(uint64_t v, char *buf, size_t n)
{
    char digits[32];
    size_t k = 0, nd;
    snprintf(digits, sizeof digits, "%" PRIu64, v);
    nd = strlen(digits);
    for (size_t j = 0; j < nd && k + 2 < n; j++) {
        if (j && (nd - j) % 3 == 0)
            buf[k++] = ',';
        buf[k++] = digits[j];
    }
    buf[k] = '\0';
}

void options_expand(const char *text, char *buf, size_t n)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (const char *c = text; *c; c++) {
        const char *close = *c == '{' ? strchr(c, '}') : NULL;
        if (!close) {
            buf_printf(buf, n, &pos, "%c", *c);
            continue;
        }
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(close - c - 1), c + 1);
        const struct searcher_ops *e = searcher_find(name);
        if (e) {
            char g[48];
            grouped(e->default_nodes, g, sizeof g);
            buf_printf(buf, n, &pos, "%s", g);
        } else if (!strncmp(name, "default:", 8) && option_find(name + 8)) {
            /* an option's default, as list_options and get_option say it */
            buf_printf(buf, n, &pos, "%s", option_find(name + 8)->def);
        } else if (!strcmp(name, "proof_share")) {
            buf_printf(buf, n, &pos, "%d", SEARCH_PROOF_SHARE);
        } else if (!strcmp(name, "proof_share_failing")) {
            buf_printf(buf, n, &pos, "%d", SEARCH_PROOF_SHARE_FAILING);
        } else if (!strcmp(name, "mistake_loss")) {
            buf_printf(buf, n, &pos, "%d", SESSION_MISTAKE_LOSS);
        } else if (!strcmp(name, "blunder_loss")) {
            buf_printf(buf, n, &pos, "%d", SESSION_BLUNDER_LOSS);
        } else if (!strcmp(name, "score_scales")) {
            /* "563 in Tablut, 1,034 in Grasshopper, ..." */
            for (int i = 0, k = 0; game_list[i]; i++)
                if (game_list[i]->gen_moves) {
                    const struct game *g = game_list[i];
                    char sc[48];
                    grouped((uint64_t)game_score_scale(g), sc, sizeof sc);
                    buf_printf(buf, n, &pos, "%s%s in %s", k++ ? ", " : "", sc, g->title);
                }
        } else if (!strcmp(name, "max_variant_options")) {
            buf_printf(buf, n, &pos, "%d", SESSION_MAX_OPTS);
        } else if (!strcmp(name, "levels")) {
            buf_printf(buf, n, &pos, "%d", SESSION_LEVELS);
        } else if (!strcmp(name, "level_table")) {
            for (int l = 1; l <= SESSION_LEVELS; l++) {
                char t[96];
                session_level_text(l, t, sizeof t);
                buf_printf(buf, n, &pos, "%s%d: %s", l > 1 ? "; " : "", l, t);
            }
        } else if (!strcmp(name, "engines")) {
            char names[256];
            searcher_names(", ", names, sizeof names);
            buf_printf(buf, n, &pos, "%s", names);
        } else if (!strcmp(name, "options")) {
            for (const struct option_desc *o = option_table; o->name; o++)
                buf_printf(buf, n, &pos, "%s%s", o == option_table ? "" : ", ", o->name);
        } else if (!strcmp(name, "variants")) {
            /* the games' own words: "rastros size=5..8 start=SQUARE, ..." */
            for (int i = 0, k = 0; game_list[i]; i++) {
                char vh[256];
                game_variant_help(game_list[i], vh, sizeof vh);
                if (game_list[i]->gen_moves && vh[0])
                    buf_printf(buf, n, &pos, "%s%s %s", k++ ? ", " : "", game_list[i]->name,
                               vh);
            }
        } else if (!strcmp(name, "games")) {
            for (int i = 0, k = 0; game_list[i]; i++)
                if (game_list[i]->gen_moves)
                    buf_printf(buf, n, &pos, "%s%s%s", k++ ? ", " : "", game_list[i]->name,
                               i == 0 ? " (default)" : "");
        } else if (!strcmp(name, "default_game")) {
            /* session_init's game: the registry's first, in its defaults */
            const struct game *g = game_list[0];
            buf_printf(buf, n, &pos, "%s", g->name);
            int k = 0;
            for (const struct variant_key *v = g->variant_keys; v && v->name; v++)
                if (v->def)
                    buf_printf(buf, n, &pos, "%s%s=%s", k++ ? " " : " (", v->name, v->def);
            buf_printf(buf, n, &pos, "%s", k ? ")" : "");
        } else if (!strcmp(name, "sizes")) {
            /* boardsize's sizes: a size key's range, or a game's one board */
            for (int i = 0, k = 0; game_list[i]; i++) {
                const struct game *g = game_list[i];
                const struct variant_key *sk = game_size_key(g);
                void *st = sk || !g->board_size ? NULL : calloc(1, g->state_size);
                char err[64];
                if (sk)
                    buf_printf(buf, n, &pos, "%s%s %d to %d", k++ ? ", " : "", g->name, sk->lo,
                               sk->hi);
                else if (st && g->init(st, 0, NULL, err, sizeof err) == GAME_OK &&
                         g->board_size(st) > 0)
                    buf_printf(buf, n, &pos, "%s%s %d only", k++ ? ", " : "", g->name,
                               g->board_size(st));
                free(st);
            }
        } else {
            buf_printf(buf, n, &pos, "%c", *c);
            continue;
        }
        c = close;
    }
}
