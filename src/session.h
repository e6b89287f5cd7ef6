/* session.h -- one engine session: the current game, its history with
 * undo snapshots, clocks, search options and the seed. The front ends
 * (protocol, shell) see games only through this and struct game. */
#ifndef TABULA_SESSION_H
#define TABULA_SESSION_H

#include <stdint.h>
#include "game.h"
#include "search/search.h"

#define SESSION_MAX_OPTS 8
#define SESSION_MOVE_TEXT 48

enum session_err {
    SESS_OK = 0,
    SESS_EUNKNOWN_GAME,
    SESS_EOPTION,               /* unknown variant option */
    SESS_EINVALID,              /* bad option or variant value */
    SESS_EPOSITION,             /* bad position string */
    SESS_ESYNTAX,
    SESS_EILLEGAL,
    SESS_ECOLOR,
    SESS_EGAMEOVER,
    SESS_EUNDO,
    SESS_ENOMEM,
    SESS_EUNSOLVED              /* no proof within the limits */
};

struct session_move {
    move_t move;
    int side;
    char text[SESSION_MOVE_TEXT];
};

struct session {
    const struct game *g;
    char *opts[SESSION_MAX_OPTS];   /* variant options, "key=value" */
    int nopts;
    void *st;                   /* current position */
    void *start;                /* first position of the history */
    int setup;                  /* start came from setposition */
    struct session_move *moves;
    unsigned char *snaps;       /* state before each move, state_size each */
    int nmoves, cap;

    /* search */
    const struct searcher_ops *engine;
    void *engine_self;
    int hash_mb;
    int depth;
    int threads;                /* search threads (the threads option) */
    char tables[512];           /* stored value tables' directory, "" none */
    uint64_t nodes;
    int64_t movetime_ms;        /* 0 = use the clock or the default */
    uint64_t seed;
    int resign;                 /* genmove may answer resign when lost */
    int book;                   /* a game's own solver may use its book */
    /* GTP clocks (milliseconds); main_ms < 0 means no time settings */
    int64_t main_ms, byo_ms;
    int byo_stones;
    int64_t left_ms[2];
    int left_stones[2];
    int have_left[2];
};

/* A session in the registry's first game, with no engine yet: the engine
 * options (the searcher itself included) are the option table's, set by
 * options_reset (options.h), which every front end calls next. */
int session_init(struct session *s);
void session_free(struct session *s);
/* Starts game name with "key=value" options. err gets the detail. */
int session_newgame(struct session *s, const char *name, int nopts,
                    const char *const *opts, char *err, size_t errlen);
int session_clear(struct session *s);   /* same game and variant, new start */
/* boardsize: a new game whose size key (VARIANT_BOARD_SIZE) is size, the
 * other variant keys kept but square keys (they name squares of the old
 * board); in a game of one size, its own size restarts it. SESS_EINVALID
 * for a size the game refuses. */
int session_boardsize(struct session *s, int size);
int session_setposition(struct session *s, const char *pos, char *err, size_t errlen);
/* side: 0/1, or -1 for "whoever is to move". */
int session_play(struct session *s, int side, const char *move, char *err, size_t errlen);
int session_play_move(struct session *s, move_t m);
int session_undo(struct session *s, int n);
int session_status(const struct session *s, struct game_status *st);
int session_side_to_move(const struct session *s);
/* Chooses a move for side (which must be to move) and, if play, plays it.
 * res->best is MOVE_NONE when the game is over. When stop() cut the search
 * before one iteration was complete (and nothing was proved), a search too
 * small to be noticed picks the move rather than the first legal one:
 * every front end's "move now" gets a considered move. */
int session_genmove(struct session *s, int side, int play, struct search_result *res,
                    int (*stop)(void *), void (*report)(void *, const struct search_info *),
                    void *ctx);
int session_set_engine(struct session *s, const char *name);
int session_set_hash(struct session *s, int mb);
/* solve's time limit when neither the movetime nor the nodes option is
 * set: a person or a GUI asking for a proof gets an answer. */
#define SESSION_SOLVE_DEFAULT_MS 60000
/* The limits of a solve command: the movetime and nodes options (the first
 * reached stops it), or SESSION_SOLVE_DEFAULT_MS when neither is set. The
 * depth option and the clocks do not limit a proof. */
void session_solve_limits(const struct session *s, struct search_params *p);
/* What session_solve proved, for the side to move. */
struct session_proof {
    int value;                  /* +1 win, 0 draw, -1 loss */
    move_t best;                /* a move that keeps the value (the fastest
                                 * win where the distance is known);
                                 * MOVE_NONE for a loss */
    int plies;                  /* plies to the end with best play, -1 unknown */
    uint64_t nodes;             /* the proof's (and distance search's) work */
};
/* solve's policy, for every front end: proves the position within
 * session_solve_limits, then, where the proof did not tell the distance, a
 * short search looks for it (a node budget, an eighth of the proof's and at
 * least 100,000, within what is left of the limits; cut short, the value
 * stands without it). stop (may be NULL) interrupts both. SESS_OK,
 * SESS_EGAMEOVER, SESS_ENOMEM, or SESS_EUNSOLVED (a limit or stop came
 * first, or no proof the solver can find). */
int session_solve(struct session *s, int (*stop)(void *), void *ctx,
                  struct session_proof *out);
/* The legal moves proven to win for the side to move, in the rules' order,
 * into moves (*n of them; 0 when the position is not won). The movetime
 * option limits the whole call, nodes each proof. SESS_OK, SESS_EGAMEOVER,
 * SESS_ENOMEM, SESS_EUNSOLVED. */
int session_winning_moves(struct session *s, int (*stop)(void *), void *ctx, move_t *moves,
                          int *n);
/* Text of results, for every front end: */
/* "ongoing", "black wins: snail reached a1", "draw: repetition". */
void session_result_text(const struct session *s, char *buf, size_t n);
/* A score as the protocol writes it: an integer, "W12"/"L12" for a proven
 * win/loss in 12 plies, "W"/"L" when the length is unknown. */
void session_score_text(int score, char *buf, size_t n);
/* The moves of st (legal there), space separated, as the rules write them. */
void session_moves_text(const struct game *g, const void *st, const move_t *moves, int k,
                        char *buf, size_t n);
/* The moves of pv played out from st, space separated (stops at the first
 * move that is not legal there). */
void session_pv_text(const struct game *g, const void *st, const move_t *pv, int len,
                     char *buf, size_t n);
/* Budget for the next move of side: fills p->movetime_ms / p->soft_ms. */
void session_time_budget(const struct session *s, int side, struct search_params *p);
/* Search seed for the current position: fixed by seed, game and history. */
uint64_t session_search_seed(const struct session *s);
void session_variant(const struct session *s, char *buf, size_t n);

/* Records (session_record.c): */
struct game_record;
/* The game as a record (record_init'ed by the caller): game, variant, the
 * setposition start if any, the result and reason, today's date, the moves
 * in the game's long notation where it has one. SESS_OK or SESS_ENOMEM. */
int session_to_record(const struct session *s, struct game_record *r);
/* Replaces the game by the record's, played to its first upto moves (all
 * when upto < 0); the engine and its options are kept. On failure nothing
 * changes: SESS_EUNKNOWN_GAME, SESS_EOPTION, SESS_EINVALID (variant),
 * SESS_EPOSITION, SESS_EILLEGAL (err names the move), SESS_ENOMEM. */
int session_from_record(struct session *s, const struct game_record *r, int upto, char *err,
                        size_t errlen);

#endif
