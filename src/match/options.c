/* options.c -- tabula-match: the command line (match_parse_args), its
 * defaults and the usage text. Knows nothing about engine processes, the
 * referee or how the tournament runs; only fills struct match_config. */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "match/match.h"

void match_config_defaults(struct match_config *c)
{
    memset(c, 0, sizeof *c);
    c->games = 2;
    c->seed = 1;
    c->concurrency = 1;
    c->grace_ms = 100;
    c->maxplies = 1000;
    c->timeout_ms = -1;         /* 30 s + movetime, set after parsing */
    c->setup_timeout_ms = 30000;
    c->shard_k = c->shard_n = 1;
    c->out = stdout;
}

void match_usage(FILE *f)
{
    fputs(
"Usage: tabula-match --game GAME --engine NAME=COMMAND --engine NAME=COMMAND\n"
"                    [options]\n"
"Plays engine-vs-engine tournaments, refereed by tabula's rules library.\n"
"\n"
"Game:\n"
"  --game GAME            rastros, tablut or grasshopper\n"
"  --variant \"K=V ...\"    variant options, e.g. \"size=8\" (space or comma\n"
"                         separated); --option K=V adds one (repeatable)\n"
"Engines and schedule:\n"
"  --engine NAME=COMMAND  an engine (repeatable, at least two); COMMAND runs\n"
"                         under /bin/sh -c. Round robin between all engines\n"
"  --gauntlet             the first engine plays every other one\n"
"  --games N              games per pair (default 2); pairs of games share\n"
"                         an opening with colours swapped\n"
"  --openings FILE        position strings, one per line, used in turn\n"
"  --random-plies K       random legal openings of K plies (from --seed)\n"
"  --seed S               seed for random openings (default 1)\n"
"  --engine-seed          send 'set_option seed N' to each engine every game\n"
"  --concurrency K        games played at the same time (default 1)\n"
"  --shard K/N            play only slice K of N of the schedule\n"
"Limits:\n"
"  --movetime MS          set_option movetime MS\n"
"  --tc BASE[+INC]        clock per game in seconds, kept by the referee\n"
"  --grace-ms MS          overrun allowed per move under --tc (default 100)\n"
"  --depth N, --nodes N   set_option depth / nodes\n"
"  --maxplies N           adjudicate a draw after N plies (default 1000,\n"
"                         0 = never)\n"
"  --timeout-ms MS        answer time for genmove without a clock, and for\n"
"                         play and time_left (default 30000 + movetime)\n"
"  --setup-timeout-ms MS  answer time for the commands that start a game\n"
"                         and for a new engine's first answer (default 30000)\n"
"Statistics and files:\n"
"  --sprt ELO0,ELO1[,ALPHA,BETA]  stop when the SPRT decides (two engines)\n"
"  --results FILE         append one line per game; games already in it are\n"
"                         not played again (resume) and count in the totals\n"
"  --merge FILE           also count the games of this results file\n"
"                         (repeatable; read only)\n"
"  --report               play nothing; print the statistics of the files\n"
"  --records FILE         append each game's record\n"
"  --logdir DIR           engine stderr goes to DIR/NAME.log (default .)\n"
"  --quiet                no progress lines\n"
"  --help, --version\n"
"Exit status: 0 the tournament ran, 1 runtime error, 2 usage error.\n",
          f);
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

static int add_opt(struct match_config *c, const char *kv, size_t len,
                   char *err, size_t errlen)
{
    if (c->nopts >= MATCH_MAX_OPTS || len >= sizeof c->opts[0]) {
        snprintf(err, errlen, "too many or too long variant options");
        return -1;
    }
    memcpy(c->opts[c->nopts], kv, len);
    c->opts[c->nopts][len] = 0;
    if (!strchr(c->opts[c->nopts], '=') || c->opts[c->nopts][0] == '=') {
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

enum {
    OPT_GAME = 256, OPT_VARIANT, OPT_OPTION, OPT_ENGINE, OPT_GAUNTLET,
    OPT_GAMES, OPT_OPENINGS, OPT_RANDOM_PLIES, OPT_SEED, OPT_ENGINE_SEED,
    OPT_CONCURRENCY, OPT_MOVETIME, OPT_TC, OPT_GRACE, OPT_DEPTH, OPT_NODES,
    OPT_MAXPLIES, OPT_SPRT, OPT_RECORDS, OPT_RESULTS, OPT_MERGE, OPT_REPORT,
    OPT_LOGDIR, OPT_SHARD, OPT_TIMEOUT, OPT_SETUP_TIMEOUT, OPT_QUIET, OPT_HELP, OPT_VERSION
};

int match_parse_args(struct match_config *c, int argc, char **argv,
                     char *err, size_t errlen)
{
    static const struct option longopts[] = {
        {"game", required_argument, NULL, OPT_GAME},
        {"variant", required_argument, NULL, OPT_VARIANT},
        {"option", required_argument, NULL, OPT_OPTION},
        {"engine", required_argument, NULL, OPT_ENGINE},
        {"gauntlet", no_argument, NULL, OPT_GAUNTLET},
        {"games", required_argument, NULL, OPT_GAMES},
        {"openings", required_argument, NULL, OPT_OPENINGS},
        {"random-plies", required_argument, NULL, OPT_RANDOM_PLIES},
        {"seed", required_argument, NULL, OPT_SEED},
        {"engine-seed", no_argument, NULL, OPT_ENGINE_SEED},
        {"concurrency", required_argument, NULL, OPT_CONCURRENCY},
        {"movetime", required_argument, NULL, OPT_MOVETIME},
        {"tc", required_argument, NULL, OPT_TC},
        {"grace-ms", required_argument, NULL, OPT_GRACE},
        {"depth", required_argument, NULL, OPT_DEPTH},
        {"nodes", required_argument, NULL, OPT_NODES},
        {"maxplies", required_argument, NULL, OPT_MAXPLIES},
        {"sprt", required_argument, NULL, OPT_SPRT},
        {"records", required_argument, NULL, OPT_RECORDS},
        {"results", required_argument, NULL, OPT_RESULTS},
        {"merge", required_argument, NULL, OPT_MERGE},
        {"report", no_argument, NULL, OPT_REPORT},
        {"logdir", required_argument, NULL, OPT_LOGDIR},
        {"shard", required_argument, NULL, OPT_SHARD},
        {"timeout-ms", required_argument, NULL, OPT_TIMEOUT},
        {"setup-timeout-ms", required_argument, NULL, OPT_SETUP_TIMEOUT},
        {"quiet", no_argument, NULL, OPT_QUIET},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0}
    };
    const char *game = NULL;
    long long v;
    int o;

    err[0] = 0;
    optind = 0;                 /* GNU: full re-initialisation */
    opterr = 0;
    while ((o = getopt_long(argc, argv, ":hq", longopts, NULL)) != -1) {
        const char *a = optarg;
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
            break;
        }
        case OPT_GAUNTLET:
            c->gauntlet = 1;
            break;
        case OPT_GAMES:
            if (parse_long(a, 1, 1000000, &v))
                goto badnum;
            c->games = (int)v;
            break;
        case OPT_OPENINGS:
            c->openings_file = a;
            break;
        case OPT_RANDOM_PLIES:
            if (parse_long(a, 0, 10000, &v))
                goto badnum;
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
            if (parse_long(a, 1, 256, &v))
                goto badnum;
            c->concurrency = (int)v;
            break;
        case OPT_MOVETIME:
            if (parse_long(a, 1, 100000000, &v))
                goto badnum;
            c->movetime_ms = v;
            break;
        case OPT_TC:
            if (match_parse_tc(a, &c->tc_base, &c->tc_inc)) {
                snprintf(err, errlen, "--tc wants BASE[+INC] in seconds, "
                         "e.g. 10+0.1 (got '%s')", a);
                return -1;
            }
            c->tc = 1;
            break;
        case OPT_GRACE:
            if (parse_long(a, 0, 100000000, &v))
                goto badnum;
            c->grace_ms = v;
            break;
        case OPT_DEPTH:
            if (parse_long(a, 1, 10000, &v))
                goto badnum;
            c->depth = (int)v;
            break;
        case OPT_NODES:
            if (parse_long(a, 1, (long long)1 << 60, &v))
                goto badnum;
            c->nodes = v;
            break;
        case OPT_MAXPLIES:
            if (parse_long(a, 0, 100000000, &v))
                goto badnum;
            c->maxplies = (int)v;
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
        case OPT_RECORDS:
            c->records = a;
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
        case OPT_LOGDIR:
            c->logdir = a;
            break;
        case OPT_SHARD:
            if (match_parse_shard(a, &c->shard_k, &c->shard_n)) {
                snprintf(err, errlen, "--shard wants K/N with 1 <= K <= N "
                         "(got '%s')", a);
                return -1;
            }
            break;
        case OPT_TIMEOUT:
            if (parse_long(a, 1, 100000000, &v))
                goto badnum;
            c->timeout_ms = v;
            break;
        case OPT_SETUP_TIMEOUT:
            if (parse_long(a, 1, 100000000, &v))
                goto badnum;
            c->setup_timeout_ms = v;
            break;
        case 'q':
        case OPT_QUIET:
            c->quiet = 1;
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
        snprintf(err, errlen, "bad number for %s: '%s'", argv[optind - 1 -
                 (argv[optind - 1] == a)], a);
        return -1;
    }
    if (optind < argc) {
        snprintf(err, errlen, "unexpected argument '%s'", argv[optind]);
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
    if (c->timeout_ms < 0)
        c->timeout_ms = 30000 + c->movetime_ms;
    return 0;
}
