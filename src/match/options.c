/* options.c -- tabula-match: the command line (match_parse_args) from one
 * table of options, which also gives --help (and, through it, the man page
 * doc/tabula-match.6); per-engine settings; the defaults. Knows nothing
 * about engine processes, the referee or how the tournament runs; only
 * fills struct match_config. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "engine_limits.h"
#include "match/match.h"

#define LIMIT_TEXT_(x) #x
#define LIMIT_TEXT(x) LIMIT_TEXT_(x)      /* a constant's digits, for the help */

void match_config_defaults(struct match_config *c)
{
    memset(c, 0, sizeof *c);
    c->games = 2;
    c->seed = 1;
    c->concurrency = 1;
    c->grace_ms = 100;
    c->maxplies = 1000;
    c->timeout_ms = -1;         /* 30 s + the engine's movetime */
    c->setup_timeout_ms = 30000;
    c->rating_interval = 10;
    c->shard_k = c->shard_n = 1;
    c->out = stdout;
}

/* the largest --nodes: far beyond any search, and room to count in */
#define MATCH_NODES_MAX ((long long)1 << 60)

enum {
    OPT_GAME = 256, OPT_VARIANT, OPT_OPTION, OPT_ENGINE, OPT_EACH,
    OPT_GAUNTLET, OPT_GAMES, OPT_OPENINGS, OPT_RANDOM_PLIES, OPT_SEED,
    OPT_ENGINE_SEED, OPT_CONCURRENCY, OPT_SHARD, OPT_MOVETIME, OPT_TC,
    OPT_GRACE, OPT_DEPTH, OPT_NODES, OPT_MAXPLIES, OPT_TIMEOUT,
    OPT_SETUP_TIMEOUT, OPT_SPRT, OPT_TRINOMIAL, OPT_RATING_INTERVAL,
    OPT_QUIET, OPT_RESULTS, OPT_MERGE, OPT_REPORT, OPT_RECORDS, OPT_EVENT,
    OPT_LOGDIR, OPT_HELP, OPT_VERSION
};

/* The options, in --help order; `section` starts a group. --help wraps
 * the help texts; doc/tabula-match.6 is made from --help (and a test
 * checks that it still is). */
static const struct optdef {
    const char *section;
    const char *name;
    int has_arg;
    const char *arg;
    int id;
    long long lo, hi;           /* a number's range (hi 0: not a number) */
    const char *help;           /* {range} is "LO to HI" */
} optdefs[] = {
    {"Game", "game", 1, "GAME", OPT_GAME, 0, 0,
     "rastros, tablut or grasshopper (required)"},
    {NULL, "variant", 1, "\"K=V ...\"", OPT_VARIANT, 0, 0,
     "variant options, e.g. \"size=8\" (space or comma separated; at most "
     LIMIT_TEXT(TABULA_VARIANT_OPTS_MAX) " with --option)"},
    {NULL, "option", 1, "K=V", OPT_OPTION, 0, 0,
     "adds one variant option (repeatable)"},
    {"Engines and schedule", "engine", 1, "NAME=COMMAND [SETTING...]",
     OPT_ENGINE, 0, 0,
     "an engine (repeatable, at least two); COMMAND runs under /bin/sh -c. "
     "The SETTINGs after it are its own: tc=BASE[+INC], movetime=MS, "
     "depth=N, nodes=N (in the ranges of --movetime, --depth and --nodes), "
     "option.NAME=VALUE (sent as set_option NAME VALUE)"},
    {NULL, "each", 0, "SETTING...", OPT_EACH, 0, 0,
     "settings for every engine (where it has none of its own)"},
    {NULL, "gauntlet", 0, NULL, OPT_GAUNTLET, 0, 0,
     "the first engine plays every other one (default: round robin)"},
    {NULL, "games", 1, "N", OPT_GAMES, 1, 1000000,
     "games per pair of engines ({range}, default 2); two games from one opening "
     "with the colours swapped"},
    {NULL, "openings", 1, "FILE", OPT_OPENINGS, 0, 0,
     "position strings, one per line, used in turn"},
    {NULL, "random-plies", 1, "K", OPT_RANDOM_PLIES, 0, 10000,
     "random legal openings of K plies ({range}; from --seed)"},
    {NULL, "seed", 1, "S", OPT_SEED, 0, 0, "seed for random openings (default 1)"},
    {NULL, "engine-seed", 0, NULL, OPT_ENGINE_SEED, 0, 0,
     "send 'set_option seed N' to each engine every game"},
    {NULL, "concurrency", 1, "K", OPT_CONCURRENCY, 1, 256,
     "games played at the same time ({range}, default 1)"},
    {NULL, "shard", 1, "K/N", OPT_SHARD, 0, 0,
     "play only slice K of N of the schedule"},
    {"Limits (for every engine; an engine's own settings win)", "movetime",
     1, "MS", OPT_MOVETIME, 1, TABULA_MOVETIME_MAX,
     "set_option movetime MS ({range}; as --each movetime=MS)"},
    {NULL, "tc", 1, "BASE[+INC]", OPT_TC, 0, 0,
     "clock per game in seconds, kept by the referee"},
    {NULL, "grace-ms", 1, "MS", OPT_GRACE, 0, 100000000,
     "overrun allowed per move under a clock ({range}, default 100)"},
    {NULL, "depth", 1, "N", OPT_DEPTH, 1, TABULA_DEPTH_MAX,
     "set_option depth N ({range}; without it, no depth limit)"},
    {NULL, "nodes", 1, "N", OPT_NODES, 1, MATCH_NODES_MAX, "set_option nodes N ({range})"},
    {NULL, "maxplies", 1, "N", OPT_MAXPLIES, 0, 100000000,
     "adjudicate a draw after N plies ({range}, default 1000, 0 = never)"},
    {NULL, "timeout-ms", 1, "MS", OPT_TIMEOUT, 1, 100000000,
     "answer time for genmove without a clock, and for play and "
     "time_left ({range}, default 30000 + the engine's movetime)"},
    {NULL, "setup-timeout-ms", 1, "MS", OPT_SETUP_TIMEOUT, 1, 100000000,
     "answer time for the start-up check and the commands that start a "
     "game ({range}, default 30000)"},
    {"Statistics and output", "sprt", 1, "ELO0,ELO1[,ALPHA,BETA]", OPT_SPRT, 0, 0,
     "stop when the SPRT decides (two engines)"},
    {NULL, "trinomial", 0, NULL, OPT_TRINOMIAL, 0, 0,
     "statistics of single games (default: of pairs of games, pentanomial)"},
    {NULL, "rating-interval", 1, "K", OPT_RATING_INTERVAL, 0, 100000000,
     "print the Elo block every K games ({range}, default 10, 0 = never)"},
    {NULL, "quiet", 0, NULL, OPT_QUIET, 0, 0,
     "no progress lines (-q); the final statistics are printed"},
    {"Files", "results", 1, "FILE", OPT_RESULTS, 0, 0,
     "append one line per game; games already in it are not played "
     "again (resume) and count in the totals"},
    {NULL, "merge", 1, "FILE", OPT_MERGE, 0, 0,
     "also count the games of this results file (repeatable; read only); "
     "a game in two files counts once, and with two different results "
     "nothing is counted (exit 2)"},
    {NULL, "report", 0, NULL, OPT_REPORT, 0, 0,
     "play nothing; print the statistics of the results files"},
    {NULL, "records", 1, "FILE", OPT_RECORDS, 0, 0, "append each game's PGN record"},
    {NULL, "event", 1, "TEXT", OPT_EVENT, 0, 0,
     "the records' Event tag (default \"tabula-match GAME VARIANT\", the "
     "variant when it is not the default one)"},
    {NULL, "logdir", 1, "DIR", OPT_LOGDIR, 0, 0,
     "engine stderr goes to DIR/NAME.log (default: the results file's "
     "name with .logs for its extension; without --results, no logs)"},
    {NULL, "help", 0, NULL, OPT_HELP, 0, 0, "this help (-h)"},
    {NULL, "version", 0, NULL, OPT_VERSION, 0, 0, "the version"},
};
#define NOPTDEFS (sizeof optdefs / sizeof optdefs[0])

/* A number's range for a person: "1 to 127", "1 to 2^60". */
static void range_text(const struct optdef *o, char *buf, size_t n)
{
    int k = 0;
    while (k < 62 && ((long long)1 << k) < o->hi)
        k++;
    if (k >= 40 && ((long long)1 << k) == o->hi)
        snprintf(buf, n, "%lld to 2^%d", o->lo, k);
    else
        snprintf(buf, n, "%lld to %lld", o->lo, o->hi);
}

/* o's help with its {range} filled. */
static void help_text(const struct optdef *o, char *buf, size_t n)
{
    const char *r = strstr(o->help, "{range}");
    char range[64];
    range_text(o, range, sizeof range);
    if (r && o->hi)
        snprintf(buf, n, "%.*s%s%s", (int)(r - o->help), o->help, range, r + 7);
    else
        snprintf(buf, n, "%s", o->help);
}

static const struct optdef *optdef_of(int id)
{
    for (size_t i = 0; i < NOPTDEFS; i++)
        if (optdefs[i].id == id)
            return &optdefs[i];
    return NULL;
}

/* Prints text from column 25, wrapped before column 80. */
static void put_wrapped(FILE *f, const char *text, int col)
{
    const char *p = text;
    while (*p) {
        size_t room = 79 - 25, n = strlen(p);
        if (n > room) {
            n = room;
            while (n > 0 && p[n] != ' ')
                n--;
            if (n == 0)
                n = strcspn(p, " ");
        }
        fprintf(f, "%*s%.*s\n", col < 25 ? 25 - col : 0, "", (int)n, p);
        col = 0;
        p += n;
        while (*p == ' ')
            p++;
    }
}

void match_usage(FILE *f)
{
    fputs("Usage: tabula-match --game GAME --engine NAME=COMMAND "
          "--engine NAME=COMMAND\n"
          "                    [options]\n"
          "Plays engine-vs-engine tournaments, refereed by tabula's rules "
          "library.\n", f);
    for (size_t i = 0; i < NOPTDEFS; i++) {
        const struct optdef *o = &optdefs[i];
        if (o->section)
            fprintf(f, "\n%s:\n", o->section);
        int col = fprintf(f, "  --%s%s%s", o->name, o->arg ? " " : "",
                          o->arg ? o->arg : "");
        if (col > 23) {
            fputc('\n', f);
            col = 0;
        }
        char help[512];
        help_text(o, help, sizeof help);
        put_wrapped(f, help, col);
    }
    fputs("\nExit status: 0 the tournament ran; 1 runtime error (an engine "
          "that does not\nstart, a file that cannot be written); 2 usage "
          "error; 128+N stopped by\nsignal N.\n", f);
}

static int parse_long(const char *s, long long lo, long long hi,
                      long long *v)
{
    char *e;
    errno = 0;
    long long x = strtoll(s, &e, 10);
    if (e == s || *e || errno || x < lo || x > hi)
        return -1;
    *v = x;
    return 0;
}

/* The number s for the option id, in the table's range; -1 with the range
 * in err ("--depth must be a number from 1 to 127, not '200'"; what names
 * it: "--depth", or "depth=" for a setting). */
static int parse_number(int id, const char *what, const char *s, long long *v,
                        char *err, size_t errlen)
{
    const struct optdef *o = optdef_of(id);
    if (!parse_long(s, o->lo, o->hi, v))
        return 0;
    char range[64];
    range_text(o, range, sizeof range);
    snprintf(err, errlen, "%s must be a number from %s, not '%s'", what, range, s);
    return -1;
}

static int add_opt(struct match_config *c, const char *kv, size_t len,
                   char *err, size_t errlen)
{
    if (c->nopts >= MATCH_MAX_VARIANT) {
        snprintf(err, errlen, "at most %d variant options (the engine's newgame takes no more)",
                 MATCH_MAX_VARIANT);
        return -1;
    }
    if (len >= sizeof c->opts[0]) {
        snprintf(err, errlen, "variant option '%.*s...' is too long (at most %zu characters)",
                 20, kv, sizeof c->opts[0] - 1);
        return -1;
    }
    memcpy(c->opts[c->nopts], kv, len);
    c->opts[c->nopts][len] = 0;
    if (!game_option_form(c->opts[c->nopts])) {
        snprintf(err, errlen, "variant option '%s' is not KEY=VALUE",
                 c->opts[c->nopts]);
        return -1;
    }
    c->nopts++;
    return 0;
}

static int valid_name(const char *s, size_t n)
{
    if (n == 0 || n >= MATCH_NAME_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && !strchr("_.+-", s[i]))
            return 0;
    return 1;
}

/* A word that is a per-engine setting (after --engine or --each). */
static int is_setting(const char *s)
{
    static const char *const keys[] = {"tc=", "movetime=", "depth=",
                                       "nodes=", "option."};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strncmp(s, keys[i], strlen(keys[i])) == 0)
            return 1;
    return 0;
}

/* Applies one setting to limits l (marking it in *set) or adds an option
 * to opts. 0 ok, -1 (message in err). */
static int apply_setting(const char *s, struct match_limits *l,
                         unsigned *set, const char **opts, int *nopts,
                         char *err, size_t errlen)
{
    const char *v = strchr(s, '=') + 1;
    long long x;
    char why[128];
    if (strncmp(s, "tc=", 3) == 0) {
        if (match_parse_tc(v, &l->tc_base, &l->tc_inc)) {
            snprintf(err, errlen, "bad setting '%s' (tc=BASE[+INC] in "
                     "seconds, BASE above 0, each at most %.0f)", s,
                     MATCH_TC_MAX_S);
            return -1;
        }
        l->tc = 1;
        *set |= MATCH_SET_TC;
    } else if (strncmp(s, "movetime=", 9) == 0) {
        if (parse_number(OPT_MOVETIME, "movetime", v, &x, why, sizeof why))
            goto bad_number;
        l->movetime_ms = x;
        *set |= MATCH_SET_MOVETIME;
    } else if (strncmp(s, "depth=", 6) == 0) {
        if (parse_number(OPT_DEPTH, "depth", v, &x, why, sizeof why))
            goto bad_number;
        l->depth = (int)x;
        *set |= MATCH_SET_DEPTH;
    } else if (strncmp(s, "nodes=", 6) == 0) {
        if (parse_number(OPT_NODES, "nodes", v, &x, why, sizeof why))
            goto bad_number;
        l->nodes = x;
        *set |= MATCH_SET_NODES;
    } else {
        const char *kv = s + 7;         /* after "option." */
        const char *eq = strchr(kv, '=');
        if (eq == kv || strcspn(kv, " \t") < (size_t)(eq - kv))
            goto bad;
        if (*nopts >= MATCH_MAX_OPTS) {
            snprintf(err, errlen, "at most %d option.NAME=VALUE settings",
                     MATCH_MAX_OPTS);
            return -1;
        }
        opts[(*nopts)++] = kv;
    }
    return 0;
bad:
    snprintf(err, errlen, "bad setting '%s' (tc=BASE[+INC], movetime=MS, "
             "depth=N, nodes=N or option.NAME=VALUE)", s);
    return -1;
bad_number:
    snprintf(err, errlen, "bad setting '%s': %s", s, why);
    return -1;
}

void match_engine_limits(const struct match_config *c, int i,
                         struct match_limits *out)
{
    const struct match_engine *e = &c->engines[i];
    out->movetime_ms = e->set & MATCH_SET_MOVETIME ? e->lim.movetime_ms
                                                   : c->movetime_ms;
    out->depth = e->set & MATCH_SET_DEPTH ? e->lim.depth : c->depth;
    out->nodes = e->set & MATCH_SET_NODES ? e->lim.nodes : c->nodes;
    if (e->set & MATCH_SET_TC) {
        out->tc = e->lim.tc;
        out->tc_base = e->lim.tc_base;
        out->tc_inc = e->lim.tc_inc;
    } else {
        out->tc = c->tc;
        out->tc_base = c->tc_base;
        out->tc_inc = c->tc_inc;
    }
}

void match_format_tc(const struct match_limits *l, char *buf, size_t n)
{
    if (l->tc && l->tc_inc > 0)
        snprintf(buf, n, "%g+%g", l->tc_base, l->tc_inc);
    else if (l->tc)
        snprintf(buf, n, "%g", l->tc_base);
    else if (l->movetime_ms)
        snprintf(buf, n, "1/%g", (double)l->movetime_ms / 1000);
    else
        snprintf(buf, n, "-");
}

/* 1 if the two paths name one file: the same name, or (both there) the
 * same device and inode (a link, another spelling of the path). */
static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!strcmp(a, b))
        return 1;
    return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

int match_parse_args(struct match_config *c, int argc, char **argv,
                     char *err, size_t errlen)
{
    struct option longopts[NOPTDEFS + 1];
    const char *game = NULL;
    long long v;
    int o;

    for (size_t i = 0; i < NOPTDEFS; i++) {
        longopts[i].name = optdefs[i].name;
        /* --each takes its settings as the words after it */
        longopts[i].has_arg = optdefs[i].has_arg ? required_argument
                                                 : no_argument;
        longopts[i].flag = NULL;
        longopts[i].val = optdefs[i].id;
    }
    memset(&longopts[NOPTDEFS], 0, sizeof longopts[NOPTDEFS]);
    err[0] = 0;
    optind = 0;                 /* GNU: full re-initialisation */
    opterr = 0;
    /* '+': stop at the first word that is not an option, so that the
     * settings after --engine and --each stay where they are */
    while ((o = getopt_long(argc, argv, "+:hq", longopts, NULL)) != -1) {
        const char *a = optarg;
        char name[48];
        snprintf(name, sizeof name, "--%s", optdef_of(o) ? optdef_of(o)->name : "");
        switch (o) {
        case OPT_GAME:
            game = a;
            break;
        case OPT_VARIANT:
            for (const char *p = a; *p;) {
                size_t n = strcspn(p, " ,\t");
                if (n && add_opt(c, p, n, err, errlen))
                    return -1;
                p += n;
                if (*p)
                    p++;
            }
            break;
        case OPT_OPTION:
            if (add_opt(c, a, strlen(a), err, errlen))
                return -1;
            break;
        case OPT_ENGINE: {
            const char *eq = strchr(a, '=');
            if (!eq || !valid_name(a, (size_t)(eq - a)) || !eq[1]) {
                snprintf(err, errlen, "--engine wants NAME=COMMAND, NAME of "
                         "letters, digits and _.+- (got '%s')", a);
                return -1;
            }
            if (c->nengines >= MATCH_MAX_ENGINES) {
                snprintf(err, errlen, "at most %d engines", MATCH_MAX_ENGINES);
                return -1;
            }
            struct match_engine *e = &c->engines[c->nengines];
            memcpy(e->name, a, (size_t)(eq - a));
            e->name[eq - a] = 0;
            e->cmd = eq + 1;
            for (int i = 0; i < c->nengines; i++)
                if (strcmp(c->engines[i].name, e->name) == 0) {
                    snprintf(err, errlen, "two engines named %s", e->name);
                    return -1;
                }
            c->nengines++;
            for (; optind < argc && is_setting(argv[optind]); optind++)
                if (apply_setting(argv[optind], &e->lim, &e->set, e->opts,
                                  &e->nopts, err, errlen))
                    return -1;
            break;
        }
        case OPT_EACH: {
            struct match_limits l;
            unsigned set = 0;
            int any = 0;
            for (; optind < argc && is_setting(argv[optind]); optind++) {
                memset(&l, 0, sizeof l);
                set = 0;
                if (apply_setting(argv[optind], &l, &set, c->each_opts,
                                  &c->neach, err, errlen))
                    return -1;
                if (set & MATCH_SET_TC) {
                    c->tc = 1;
                    c->tc_base = l.tc_base;
                    c->tc_inc = l.tc_inc;
                }
                if (set & MATCH_SET_MOVETIME)
                    c->movetime_ms = l.movetime_ms;
                if (set & MATCH_SET_DEPTH)
                    c->depth = l.depth;
                if (set & MATCH_SET_NODES)
                    c->nodes = l.nodes;
                any = 1;
            }
            if (!any) {
                snprintf(err, errlen, "--each wants settings after it, e.g. "
                         "--each movetime=100 option.hash=64");
                return -1;
            }
            break;
        }
        case OPT_GAUNTLET:
            c->gauntlet = 1;
            break;
        case OPT_GAMES:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->games = (int)v;
            break;
        case OPT_OPENINGS:
            c->openings_file = a;
            break;
        case OPT_RANDOM_PLIES:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->random_plies = (int)v;
            break;
        case OPT_SEED: {
            char *e;
            errno = 0;
            c->seed = strtoull(a, &e, 10);
            if (e == a || *e || errno || a[0] == '-')
                goto badnum;
            break;
        }
        case OPT_ENGINE_SEED:
            c->engine_seed = 1;
            break;
        case OPT_CONCURRENCY:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->concurrency = (int)v;
            break;
        case OPT_SHARD:
            if (match_parse_shard(a, &c->shard_k, &c->shard_n)) {
                snprintf(err, errlen, "--shard wants K/N with 1 <= K <= N "
                         "(got '%s')", a);
                return -1;
            }
            break;
        case OPT_MOVETIME:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->movetime_ms = v;
            break;
        case OPT_TC:
            if (match_parse_tc(a, &c->tc_base, &c->tc_inc)) {
                snprintf(err, errlen, "--tc wants BASE[+INC] in seconds, "
                         "e.g. 10+0.1, BASE above 0, each at most %.0f "
                         "(got '%s')", MATCH_TC_MAX_S, a);
                return -1;
            }
            c->tc = 1;
            break;
        case OPT_GRACE:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->grace_ms = v;
            break;
        case OPT_DEPTH:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->depth = (int)v;
            break;
        case OPT_NODES:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->nodes = v;
            break;
        case OPT_MAXPLIES:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->maxplies = (int)v;
            break;
        case OPT_TIMEOUT:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->timeout_ms = v;
            break;
        case OPT_SETUP_TIMEOUT:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->setup_timeout_ms = v;
            break;
        case OPT_SPRT:
            if (match_parse_sprt(a, &c->elo0, &c->elo1, &c->alpha, &c->beta)) {
                snprintf(err, errlen, "--sprt wants ELO0,ELO1[,ALPHA,BETA] "
                         "with ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5 "
                         "(got '%s')", a);
                return -1;
            }
            c->sprt = 1;
            break;
        case OPT_TRINOMIAL:
            c->trinomial = 1;
            break;
        case OPT_RATING_INTERVAL:
            if (parse_number(o, name, a, &v, err, errlen))
                return -1;
            c->rating_interval = (int)v;
            break;
        case 'q':
        case OPT_QUIET:
            c->quiet = 1;
            break;
        case OPT_RESULTS:
            c->results = a;
            break;
        case OPT_MERGE:
            if (c->nmerge >= MATCH_MAX_MERGE) {
                snprintf(err, errlen, "at most %d --merge files",
                         MATCH_MAX_MERGE);
                return -1;
            }
            c->merge[c->nmerge++] = a;
            break;
        case OPT_REPORT:
            c->report_only = 1;
            break;
        case OPT_RECORDS:
            c->records = a;
            break;
        case OPT_EVENT:
            c->event = a;
            break;
        case OPT_LOGDIR:
            c->logdir = a;
            break;
        case 'h':
        case OPT_HELP:
            match_usage(c->out);
            return 1;
        case OPT_VERSION:
            fprintf(c->out, "tabula-match (tabula) %s\n",
#ifdef PACKAGE_VERSION
                    PACKAGE_VERSION
#else
                    "unknown"
#endif
                    );
            return 1;
        case ':':
            snprintf(err, errlen, "option %s needs an argument",
                     argv[optind - 1]);
            return -1;
        default:
            snprintf(err, errlen, "unknown option %s", argv[optind - 1]);
            return -1;
        }
        continue;
badnum:
        snprintf(err, errlen, "%s must be a number from 0 to %llu, not '%s'", name,
                 (unsigned long long)UINT64_MAX, a);
        return -1;
    }
    if (optind < argc) {
        snprintf(err, errlen, "unexpected argument '%s'%s", argv[optind],
                 strchr(argv[optind], '=') ? " (settings follow --engine "
                 "NAME=COMMAND or --each)" : "");
        return -1;
    }
    if (!game) {
        snprintf(err, errlen, "--game is required");
        return -1;
    }
    if (!(c->game = game_find(game))) {
        snprintf(err, errlen, "unknown game '%s'", game);
        return -1;
    }
    if (c->nengines < 2) {
        snprintf(err, errlen, "at least two --engine NAME=COMMAND are needed");
        return -1;
    }
    if (c->openings_file && c->random_plies) {
        snprintf(err, errlen, "--openings and --random-plies exclude each "
                 "other");
        return -1;
    }
    if (c->sprt && c->nengines != 2) {
        snprintf(err, errlen, "--sprt needs exactly two engines");
        return -1;
    }
    if (c->report_only && !c->results && !c->nmerge) {
        snprintf(err, errlen, "--report needs --results or --merge");
        return -1;
    }
    if (c->results && c->records && same_file(c->results, c->records)) {
        snprintf(err, errlen, "--results and --records are one file (%s): its "
                 "lines and records would be mixed", c->records);
        return -1;
    }
    return 0;
}
