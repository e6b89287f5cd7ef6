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
    SESS_EINVALID,              /* bad option value / position string */
    SESS_ESYNTAX,
    SESS_EILLEGAL,
    SESS_ECOLOR,
    SESS_EGAMEOVER,
    SESS_EUNDO,
    SESS_ENOMEM
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

int session_init(struct session *s);    /* rastros 7x7, alpha-beta */
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
 * *out gets MOVE_NONE when the game is over. */
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
/* Budget for the next move of side: fills p->movetime_ms / p->soft_ms. */
void session_time_budget(const struct session *s, int side, struct search_params *p);
/* Search seed for the current position: fixed by seed, game and history. */
uint64_t session_search_seed(const struct session *s);
void session_variant(const struct session *s, char *buf, size_t n);

#endif
