/* match.h -- tabula-match: engine-vs-engine tournaments refereed by the
 * rules library. Engines are child processes spoken to through pipes; no
 * engine's claim about legality or results is trusted. Knows games only
 * through struct game. */
#ifndef TABULA_MATCH_H
#define TABULA_MATCH_H

#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>
#include "game.h"
#include "engine_limits.h"

#define MATCH_MAX_ENGINES 32
#define MATCH_MAX_OPTS 16              /* option.NAME=VALUE settings of an engine */
#define MATCH_MAX_VARIANT TABULA_VARIANT_OPTS_MAX   /* variant options */
#define MATCH_MAX_MERGE 64
#define MATCH_NAME_MAX 64

/* ------------------------------------------------------------------ */
/* Configuration (options.c: match_parse_args, or by hand in tests).   */

/* Per-engine settings: an engine's own, or the tournament's (--each and
 * the plain options) where it sets none. */
enum {
    MATCH_SET_MOVETIME = 1, MATCH_SET_DEPTH = 2, MATCH_SET_NODES = 4,
    MATCH_SET_TC = 8
};

struct match_limits {
    int64_t movetime_ms;        /* 0 = not sent */
    int depth;                  /* 0 = not sent */
    long long nodes;            /* 0 = not sent */
    int tc;                     /* a per-game clock */
    double tc_base, tc_inc;     /* seconds */
};

struct match_engine {
    char name[MATCH_NAME_MAX];
    const char *cmd;            /* run through /bin/sh -c */
    unsigned set;               /* MATCH_SET_*: limits of its own */
    struct match_limits lim;
    int nopts;                  /* option.NAME=VALUE, as "NAME=VALUE" */
    const char *opts[MATCH_MAX_OPTS];
};

struct match_config {
    const struct game *game;
    int nopts;                  /* variant options, "key=value" */
    char opts[MATCH_MAX_VARIANT][128];
    int nengines;
    struct match_engine engines[MATCH_MAX_ENGINES];
    int neach;                  /* --each option.NAME=VALUE, "NAME=VALUE" */
    const char *each_opts[MATCH_MAX_OPTS];
    int gauntlet;               /* engine 0 plays every other engine */
    int games;                  /* games per pair */
    const char *openings_file;  /* position strings, one per line */
    int random_plies;           /* random openings of this many plies */
    uint64_t seed;
    int engine_seed;            /* send set_option seed per game */
    int concurrency;
    /* The limits of every engine that sets none of its own (--each). */
    int64_t movetime_ms;        /* 0 = not sent */
    int tc;                     /* per-game clock in use */
    double tc_base, tc_inc;     /* seconds */
    int depth;                  /* 0 = not sent */
    long long nodes;            /* 0 = not sent */
    int64_t grace_ms;           /* overrun allowed per move under --tc */
    int maxplies;               /* 0 = no limit; else a draw there */
    int sprt;
    double elo0, elo1, alpha, beta;
    int trinomial;              /* statistics per game, not per pair */
    int rating_interval;        /* games between rating blocks; 0 never */
    const char *event;          /* records' Event tag; NULL: default */
    const char *records;        /* append game records here */
    const char *results;        /* append one line per game; resume */
    int nmerge;
    const char *merge[MATCH_MAX_MERGE]; /* extra results files, read only */
    int report_only;            /* play nothing, print the statistics */
    const char *logdir;         /* engine stderr: <logdir>/<name>.log;
                                 * NULL: next to --results, or none */
    int shard_k, shard_n;       /* play slice k (1-based) of n */
    int64_t timeout_ms;         /* genmove without a clock, play; -1:
                                 * 30 s + the engine's movetime */
    int64_t setup_timeout_ms;   /* hello, newgame, setposition... */
    int quiet;
    int live;                   /* a live status line (a terminal) */
    FILE *out;                  /* progress and summary (stdout) */
    /* Set by a signal handler (main.c): 1 = start no more games, 2 =
     * abandon the running ones too. NULL: no interruption. */
    const volatile sig_atomic_t *interrupted;
};

/* The limits engine i plays under: its own, else the tournament's. */
void match_engine_limits(const struct match_config *c, int i,
                         struct match_limits *out);
/* PGN TimeControl of limits: "40+0.4", "40", "1/0.2" (movetime), "-". */
void match_format_tc(const struct match_limits *l, char *buf, size_t n);

void match_config_defaults(struct match_config *c);
/* Parses argv into c. Returns 0 ok, 1 when --help/--version was printed
 * (to c->out), -1 on a usage error (message in err). Strings in c point
 * into argv. */
int match_parse_args(struct match_config *c, int argc, char **argv,
                     char *err, size_t errlen);
/* --help: every option, from the one table of options.c. */
void match_usage(FILE *f);

/* ------------------------------------------------------------------ */
/* Schedule (stats.c; pure).                                           */

struct match_pair { int a, b; };        /* engine indices */

struct match_slot {
    int index;                  /* 1-based, stable for given pairs/rounds */
    int pair;                   /* index into the pair list */
    int round;                  /* opening number, 0-based */
    int first, second;          /* engine indices: who moves first */
};

/* Round robin (i<j) or gauntlet (0 vs j); returns the number of pairs. */
int match_make_pairs(int nengines, int gauntlet, struct match_pair *out,
                     int max);
/* Every pair plays `games` games: rounds of two games from one opening
 * with colours swapped (an odd count leaves one game of the last round).
 * Order: round, then pair, then colour, so index =
 * (round*npairs + pair)*2 + colour + 1 does not depend on `games`.
 * Returns the number of slots written to out (malloc'd), -1 on no memory. */
int match_schedule(const struct match_pair *pairs, int npairs, int games,
                   struct match_slot **out);
/* 1 if slot s belongs to shard k of n (1 <= k <= n); both games of a
 * round-and-pair go to the same shard, and each pair goes to every shard
 * in turn. */
int match_in_shard(const struct match_slot *s, int npairs, int k, int n);
/* "K/N" -> 0 ok, -1 bad. */
int match_parse_shard(const char *s, int *k, int *n);
/* The most seconds a clock's base or increment may have: 100000 s, the
 * 100000000 ms of --movetime and the other times. */
#define MATCH_TC_MAX_S 100000.0
/* "BASE+INC" or "BASE" seconds -> 0 ok, -1 bad (BASE not above 0, INC
 * below 0, either above MATCH_TC_MAX_S). */
int match_parse_tc(const char *s, double *base, double *inc);
/* "elo0,elo1[,alpha,beta]" -> 0 ok, -1 bad. */
int match_parse_sprt(const char *s, double *elo0, double *elo1,
                     double *alpha, double *beta);

/* ------------------------------------------------------------------ */
/* Results file lines (stats.c; pure).                                 */

struct match_result {
    int index;
    char first[MATCH_NAME_MAX], second[MATCH_NAME_MAX];
    int winner;                 /* 0 first mover, 1 second, -1 draw */
    int plies;
    char reason[160];
    /* Not in the results file: a game that is not counted. */
    int voided;                 /* an engine failed before the first move */
    int void_engine;            /* engine index to blame, -1 none */
    int abandoned;              /* stopped by an interruption */
};

/* "index\tfirst\tsecond\tresult\tplies\treason\n" into buf. */
void match_format_result(const struct match_result *r, char *buf, size_t n);
/* Parses one line (CR/LF tolerated): 1 ok, 0 blank or '#' comment,
 * -1 malformed (also an index or ply count out of int range). */
int match_parse_result(const char *line, struct match_result *r);
const char *match_result_string(int winner);    /* "1-0" "0-1" "1/2-1/2" */

/* ------------------------------------------------------------------ */
/* Statistics (stats.c; pure).                                         */

/* Elo difference for an expected score 0 < s < 1 (logistic):
 * -400 log10(1/s - 1); +-INFINITY at 1 and 0. */
double match_elo_from_score(double s);
double match_score_from_elo(double elo);

struct match_elo_est {
    int n;
    double score;               /* (W + D/2) / N */
    double elo;                 /* from score */
    double lo, hi;              /* 95% interval, normal approximation;
                                 * NaN (unknown) when the sample has no
                                 * variance: every game, or pair, alike */
    double margin;              /* (hi - lo) / 2, cutechess's "+/-"; NaN
                                 * with lo and hi */
    double los;                 /* likelihood of superiority, 0..1 */
    double draw_ratio;
};
/* LOS is match_los(W, L). */
void match_elo_estimate(int w, int l, int d, struct match_elo_est *e);
/* 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))); 0.5 when W + L = 0. */
double match_los(int w, int l);

enum { SPRT_CONTINUE = 0, SPRT_H1 = 1, SPRT_H0 = -1 };
struct match_sprt {
    double llr, lower, upper;
    int state;                  /* SPRT_* */
};
/* Logistic trinomial model (fishtest's LLR_logistic): elo0/elo1 are
 * logistic Elo; LLR = N (s1-s0)(2s-s0-s1) / (2 var), a zero draw count
 * replaced by 1e-3; LLR 0 (continue) until W > 0 and L > 0.
 * Bounds log(beta/(1-alpha)), log((1-beta)/alpha). */
void match_sprt_eval(int w, int l, int d, double elo0, double elo1,
                     double alpha, double beta, struct match_sprt *out);

/* Pentanomial statistics: games come in pairs from one opening with the
 * colours swapped; n[k] counts the pairs in which the first engine scored
 * k/2 points (k = 0..4: LL, LD, WL+DD, WD, WW). The score of a pair is
 * its mean, and the variance is that of the pairs (fastchess's model). */
/* LOS is Phi((s - 1/2) / sd); with no variance (every pair in one bin)
 * match_los(WD + WW pairs, LL + LD pairs). */
void match_penta_estimate(const int n[5], struct match_elo_est *e);
/* The generalised SPRT of the logistic model for pentanomial counts (as
 * fastchess's "logistic" model, after Van den Bergh): the maximum
 * likelihood distributions with expected scores s0, s1, each found by
 * bisection; LLR = N * sum p^_k log(p1_k / p0_k); empty counts are
 * replaced by 1e-3. Same bounds as match_sprt_eval. */
void match_sprt_penta(const int n[5], double elo0, double elo1,
                      double alpha, double beta, struct match_sprt *out);
/* "%.1f" that never prints "-0.0"; "-" for NaN, "+inf"/"-inf". */
void match_fmt_num(char *buf, size_t n, double v, int decimals);

/* ------------------------------------------------------------------ */
/* Engine processes (engine_proc.c).                                   */

enum eng_status {
    ENG_OK = 0,                 /* "=" response */
    ENG_FAIL = 1,               /* "?" response */
    ENG_EOF = -1,               /* closed its output / exited */
    ENG_TIMEOUT = -2,
    ENG_GARBAGE = -3,           /* not a protocol response */
    ENG_WRITE = -4,             /* could not write its input */
    ENG_ABORT = -5              /* the tournament was interrupted */
};

struct engine_proc {
    pid_t pid;                  /* 0 when not running */
    int to, from;               /* pipe ends: its stdin, its stdout */
    char name[MATCH_NAME_MAX];
    char *buf;                  /* unread output */
    size_t len, cap;
    int exit_status;            /* wait status once reaped, else -1 */
    /* When *abort >= abort_at (0: 2), a waiting eng_command gives up
     * (ENG_ABORT); 1 during the start-up check, when no game runs that a
     * first Ctrl-C would let finish. */
    const volatile sig_atomic_t *abort;
    int abort_at;
};

/* Starts cmd under /bin/sh -c in its own process group; its stderr is
 * appended to logpath (NULL: /dev/null). 0 ok, -1 (detail in err). */
int eng_start(struct engine_proc *e, const char *name, const char *cmd,
              const char *logpath, char *err, size_t errlen);
/* Sends one command line and reads its response within timeout_ms:
 * returns ENG_*; the result text (after "=" or "?" and any id, trimmed;
 * for garbage, the offending line) goes to out, printable ASCII only
 * (other bytes become '?'; lines are separated by '\n'). */
int eng_command(struct engine_proc *e, int64_t timeout_ms, char *out,
                size_t n, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* "quit", a short wait, then SIGKILL to the group; reaps it. */
void eng_stop(struct engine_proc *e);
void eng_kill(struct engine_proc *e);
/* "exit 3", "signal 9" or "EOF" for a dead engine (reaps it if needed). */
void eng_describe_exit(struct engine_proc *e, char *buf, size_t n);

/* ------------------------------------------------------------------ */
/* The tournament (tournament.c; one game is played by referee.c).     */

/* Runs (or, with report_only, only reports) the tournament described by
 * c. Returns 0 when it ran, 1 on a runtime error (an engine that fails
 * the start-up check or twice in a row before a game, a file that cannot
 * be written), 2 on an error in the options found late (bad openings
 * file, mismatching results file), 3 when interrupted (main.c exits with
 * 128 + the signal's number then). */
int match_run(const struct match_config *c);

#endif
