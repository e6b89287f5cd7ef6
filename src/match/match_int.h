/* match_int.h -- tabula-match internals shared by engine_proc.c, referee.c
 * and tournament.c: the tournament state the referee reads and the helpers
 * that cross files. Not for the tests or for main.c (they use match.h). */
#ifndef TABULA_MATCH_INT_H
#define TABULA_MATCH_INT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "match/match.h"
#include "record.h"

/* The tournament's state: tournament.c owns it; referee.c only reads it,
 * but for warned[] under mu. */
struct pair_score {                     /* from pairs[p].a's view */
    int w, l, d;
    int penta[5];               /* complete pairs of games by points 0..4 */
};

/* What the start-up check learnt about an engine. */
struct engine_info {
    int explain;                /* it lists gomill-explain_last_move */
    struct match_limits lim;    /* the limits it plays under */
    int64_t timeout_ms;         /* genmove without a clock, play */
};

struct tour {
    const struct match_config *c;
    const struct game *g;
    char newgame[1024];         /* "newgame <game> <opts>" */
    char variant[256];          /* for records */
    char event[128], site[128]; /* for records */
    char logdir[4096];          /* "" = no engine logs */
    struct match_pair pairs[MATCH_MAX_ENGINES * MATCH_MAX_ENGINES];
    int npairs;
    struct match_slot *slots;
    int nslots;
    int *slot_of_index;         /* index -> slot number, or -1 */
    int maxindex;
    char *done;                 /* per slot */
    signed char *points;        /* per slot: half-points of pairs[].a */
    const char **from_path;     /* per slot: the results file its game */
    int *from_line;             /* was read from, and the line (0: played) */
    int *todo;
    int ntodo, next;
    int *retry;                 /* void games to play again */
    int nretry;
    int finished, running, nvoid;
    char **openings;
    int nopenings;
    uint64_t openings_hash;     /* FNV-1a of a file's openings, in order */
    char openings_id[96];       /* for the results file's header: "start",
                                 * "random-plies K seed S" or
                                 * "file fnv1a64=HEX" */
    int results_header;         /* the results file is empty: its header
                                 * goes before the first line */
    struct pair_score *score;
    FILE *results_f, *records_f;
    long long results_cut;      /* cut last line of --results, or -1 */
    long long results_end;      /* its size once that line is cut off */
    char results_id[24];        /* its header's id= (16 hex digits), or a
                                 * new one for a new file; "" for a file
                                 * without one (an older run's) */
    int results_nl;             /* its last line (not ours) lacks a newline */
    int stop;                   /* SPRT decided: take no new games */
    int halted;                 /* an engine failed twice: take no more */
    char halt_msg[512];
    int void_streak[MATCH_MAX_ENGINES];
    int write_error;            /* a write failed: no new games, no writes */
    int write_errno;            /* the first failed write's errno */
    const char *write_file;     /* ... and its file */
    int unwritten;              /* games finished but not written since */
    unsigned warned[MATCH_MAX_ENGINES];
    struct engine_info info[MATCH_MAX_ENGINES];
    char date[32];
    int64_t t_start;            /* when this run's first game started */
    int workers;                /* worker threads still running */
    int live_shown;             /* the live line is on the terminal */
    int told_interrupt;         /* the interruption level announced */
    pthread_mutex_t mu;
    pthread_cond_t cv;          /* a game ended or a worker left */
};

struct worker {
    struct tour *t;
    struct engine_proc eng[2];
    int who[2];                 /* engine index run by eng[k], -1 none */
};

/* engine_proc.c */
/* strlcpy-like: copies what fits, always terminated. */
void match_scopy(char *d, size_t n, const char *s);

/* referee.c */
/* Starts engine i's process into e and says hello (protocol_version,
 * name), then sends its option.NAME=VALUE settings. 0 ok; -1 with the
 * reason in why, -2 interrupted (the interruption level reached
 * abort_at, see struct engine_proc); the process is then stopped. */
int match_engine_start(struct tour *t, int i, struct engine_proc *e, int abort_at,
                       char *why, size_t n);
/* Plays slot s with w's engines (starting or restarting them as needed);
 * the result goes to res, the record to rec. A game that an engine could
 * not start is void (res->voided), one stopped by an interruption
 * abandoned (res->abandoned). Reads w->t, which the caller keeps alive;
 * takes w->t->mu only to warn once per engine. */
void match_play_game(struct worker *w, const struct match_slot *s,
                     struct match_result *res, struct game_record *rec);

/* results.c: the results file (read, repaired, counted) and the repair of
 * the records file's end. */
/* The longest line read from the results or openings file, its newline
 * left out: far more than any line of ours, so that an endless "line"
 * (/dev/zero, a file that is not ours) is an error, not all the memory. */
#define MATCH_LINE_MAX ((size_t)1 << 20)     /* read by util_read_line */
/* Counts a finished game (winner 0, 1 or -1 draw) in slot's pair. */
void tour_tally(struct tour *t, int slot, int winner);
/* Reads a results file: games of this schedule count as done, a game
 * read twice with the same result once; one read with another result
 * than before (a shard played twice, an edited line) is refused. With
 * repair, the offset of a cut last line (no newline) goes to
 * t->results_cut, for the caller to cut the file there before it appends.
 * 0 ok, 1 a read error, 2 a file that cannot be opened, one with a line
 * too long (not a results file), one of another tournament or two results
 * for one game. */
int tour_load_results(struct tour *t, const char *path, int must_exist,
                      int repair);
/* The results file's first line (a comment, so every reader skips it):
 * "# tabula-match results", then tab-separated game=, variant=, openings=
 * and, for a file of openings, openings-file=, then id= (t->results_id:
 * random, made for a new file; the records written for it name it). A file whose header names
 * another game, variant or openings is refused when it is read back. */
#define MATCH_HEADER "# tabula-match results"
void tour_results_header(const struct tour *t, char *buf, size_t n);
/* The tags a record gets after record_write's, naming the results file
 * its results line is to go to: ResultsId (the file's id=) and
 * ResultsOffset (its size when the record was written, where the line is
 * to start). */
#define MATCH_TAG_RESULTS_ID "ResultsId"
#define MATCH_TAG_RESULTS_OFFSET "ResultsOffset"
/* Refuses (2, message printed) a --records file that holds a results
 * file's lines or header (--results and --records swapped): appended to,
 * both files would be mixed. Reads only, the file's last
 * RECORD_MAX_BYTES. 0 ok (also a missing or empty file), 1 a read error. */
int tour_check_records(const char *path);
/* Removes from the end of the records file a cut record of this
 * tournament, or a whole record of a game that is not in the results
 * when it was written for this results file just before the kill (its
 * ResultsId and ResultsOffset name the file as it is); another whole
 * record is kept, with a word on stderr. 0 ok, -1 on an I/O error, 2 when
 * the file ends in a record of someone else's cut short (message
 * printed). */
int tour_repair_records(struct tour *t, const char *path);

/* report.c: what is printed (the caller holds t->mu once the workers
 * run). */
int tour_penta(const struct tour *t);   /* pentanomial statistics in use */
void tour_penta_counts(const struct tour *t, int pair, int n[5]);
void tour_sprt(const struct tour *t, struct match_sprt *sp);
/* printf to the output, clearing the live line first. */
void tour_printf(struct tour *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void tour_live(struct tour *t);         /* (re)draws the live line */
/* After game of pair `pair` finished: the score, every K games the Elo
 * block or the standings. */
void tour_report_game(struct tour *t, int pair);
void tour_summary(struct tour *t);

#endif
