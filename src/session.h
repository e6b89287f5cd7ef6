/* session.h -- one engine session: the current game, its history with
 * undo snapshots, clocks, search options and the seed. The front ends
 * (protocol, shell) see games only through this and struct game. */
#ifndef TABULA_SESSION_H
#define TABULA_SESSION_H

#include <stdint.h>
#include "game.h"
#include "search/search.h"
#include "engine_limits.h"

#define SESSION_MAX_OPTS TABULA_VARIANT_OPTS_MAX
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

/* A move's annotation, written into records: a loaded record's NAG and
 * comment (loadgame), and a review's mark (session_review) as a NAG and
 * words of its own, written after the record's comment. */
#define SESSION_NOTE_TEXT 160
struct session_note {
    uint64_t hash;              /* the position the move was played in */
    move_t move;
    int nag;                    /* PGN: 1 "!", 2 "?", 4 "??"; 0 none */
    char comment[SESSION_NOTE_TEXT];    /* the review's words, "" for none */
    char *text;                 /* the record's comment, NULL for none;
                                 * owned (session_notes_free) */
};
void session_notes_free(struct session_note *notes, int n);

/* A loaded record's header (loadgame), written again by savegame while the
 * game is that record's: the roster tags until a new game, the result and
 * how it ended while the game stands where the record left it. One block,
 * freed with free() (session_record.c). */
struct session_tags;

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
    int level;                  /* playing strength 1..SESSION_LEVELS; 0:
                                 * full strength (session_analysis.c) */
    /* the last review's marks, one per ply reviewed (savegame writes those
     * whose position and move are still the game's) */
    struct session_note *notes;
    int nnotes;
    struct session_tags *tags;  /* NULL, or the loaded record's; owned */
    char roster[2][128];        /* the record's White and Black where no
                                 * loaded record names them (the shell's
                                 * play mode, the web board: the engine
                                 * and the person; session_set_roster);
                                 * empty: "?" */
    /* GTP clocks (milliseconds); main_ms < 0 means no time settings. A
     * side's left_ms/left_stones are its clock when have_left: from
     * time_left, or kept by the engine (session_clock_charge); without
     * have_left the clock is full (time_settings). */
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
 * res->note is the caller's to say (a diagnostic: the session writes
 * nothing on stderr). res->best is MOVE_NONE when the game is over. When stop() cut the search
 * before one iteration was complete (and nothing was proved), a search too
 * small to be noticed picks the move rather than the first legal one:
 * every front end's "move now" gets a considered move. */
int session_genmove(struct session *s, int side, int play, struct search_result *res,
                    int (*stop)(void *), void (*report)(void *, const struct search_info *),
                    void *ctx);
int session_set_engine(struct session *s, const char *name);
int session_set_hash(struct session *s, int mb);
/* The time limit of solve and winning_moves when neither the movetime nor
 * the nodes option is set: a person or a GUI asking for a proof gets an
 * answer. */
#define SESSION_SOLVE_DEFAULT_MS 60000
/* The limits of solve and winning_moves: the movetime and nodes options
 * (the first reached stops it), or SESSION_SOLVE_DEFAULT_MS when neither is
 * set. The depth option and the clocks do not limit a proof. */
void session_solve_limits(const struct session *s, struct search_params *p);
/* What session_solve proved, for the side to move. */
struct session_proof {
    int value;                  /* +1 win, 0 draw, -1 loss */
    move_t best;                /* a move that keeps the value (the fastest
                                 * win where the distance is known);
                                 * MOVE_NONE for a loss */
    int plies;                  /* plies to the end with best play, -1 unknown */
    uint64_t nodes;             /* the proof's (and distance search's) work */
    char note[1024];            /* the solver's word for the user (a stored
                                 * table it cannot use), as search_result's
                                 * note, copied (the proof's searcher may be
                                 * gone): the caller says it (a diagnostic);
                                 * "" for none; set whether solved or not */
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
 * into moves (*n of them; 0 when the position is not won), within
 * session_solve_limits: movetime (or the default) limits the whole call,
 * nodes each proof. SESS_OK, SESS_EGAMEOVER, SESS_ENOMEM, SESS_EUNSOLVED. */
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
/* The engine keeps side's clock: its move took ms (timeman_charge). The
 * front ends call it after a genmove that plays the engine's move (not
 * reg_genmove, which plays nothing); time_left sets the clock again,
 * time_settings and a new game start it full. undo gives nothing back. */
void session_clock_charge(struct session *s, int side, int64_t ms);
/* Search seed for the current position: fixed by seed, game and history. */
uint64_t session_search_seed(const struct session *s);
void session_variant(const struct session *s, char *buf, size_t n);

/* The alpha-beta object that proofs and analysis run on: the session's own
 * when its engine is alpha-beta (its tables are warm), else a new one that
 * session_proof_done frees. NULL out of memory. */
void *session_proof_searcher(struct session *s);
void session_proof_done(struct session *s, void *ab);
/* session_proof_searcher and a malloc'ed copy of the position in *st (the
 * caller frees both); NULL, with nothing held, out of memory. */
void *session_proof_copy(struct session *s, void **st);

/* ---- What the engine knows, for a person (session_analysis.c) ---- */

/* The value of a position or a move for the side to move (a move's for
 * its mover): proven, or a search score. */
struct session_value {
    int exact;                  /* 1: a proven game value */
    int value;                  /* exact: +1 win, 0 draw, -1 loss */
    int plies;                  /* exact: plies to the end with best play
                                 * (a move's counts the move), -1 unknown */
    int score;                  /* not exact: the search score, in the
                                 * evaluation's units (about 100 a soldier
                                 * in Tablut; doc/protocol.md) */
    int depth;                  /* not exact: the depth searched */
};
/* "W12" / "W" (a win in 12 plies / of unknown length), "L12" / "L", "D"
 * (a proven draw), or the score ("35", "-120"). */
void session_value_text(const struct session_value *v, char *buf, size_t n);
/* What a move is worth compared with the best: "0" (the same value: a
 * slower win is still a win), "W>D" "W>L" "D>L" (a proven value thrown),
 * the score lost ("120") when both are search scores, "?" when one is
 * proven and the other not. */
void session_loss_text(const struct session_value *best, const struct session_value *v,
                       char *buf, size_t n);

/* Ranked moves (hint): the legal moves by value, best first. */
struct session_ranked {
    move_t move;
    struct session_value v;     /* the move's value for the side to move */
};
/* The best want moves (all when want <= 0 or more than there are) of the
 * position, best first, into out (GAME_MAX_MOVES of room), *n of them.
 * Exact wherever the book, the tables or a proof within the budget settle
 * it; the others by a multi-PV search. The budget is genmove's (the nodes
 * and movetime options, the clock, else alpha-beta's default node budget):
 * proofs take up to half, the search the rest. SESS_OK, SESS_EGAMEOVER,
 * SESS_ENOMEM. An interrupt (stop) answers with what is known (the proofs
 * so far and the search's last complete iteration). */
int session_rank_moves(struct session *s, int want, int (*stop)(void *), void *ctx,
                       struct session_ranked *out, int *n);

/* The marks of a review. */
enum session_mark {
    SESSION_MARK_NONE = 0,
    SESSION_MARK_ONLY,          /* "!": the only move that keeps the value */
    SESSION_MARK_MISTAKE,       /* "?": a large score drop (by search) */
    SESSION_MARK_BLUNDER        /* "??": a win thrown (to a draw or a loss),
                                 * or a draw thrown to a loss */
};
/* "!", "?", "??", "" */
const char *session_mark_text(int mark);
/* By search, a move whose expected result (session_expected, in
 * hundredths: a win 100, a draw 50) is at least this far below the best
 * move's is a mistake; at least SESSION_BLUNDER_LOSS below, or a
 * search-proven value thrown, a blunder. */
#define SESSION_MISTAKE_LOSS 10
#define SESSION_BLUNDER_LOSS 25
/* The expected result (0 to 1) that goes with a search score of the side
 * to move in game g (struct game's score_scale). */
double session_expected(const struct game *g, int score);
/* The mark by search (SESSION_MARK_NONE, _MISTAKE or _BLUNDER) of a move
 * scored played where the best move is scored best, both search scores of
 * the mover in game g. */
int session_mark_of_scores(const struct game *g, int best, int played);

/* One move judged against the best. */
struct session_judgement {
    int ply;                    /* the move's index in the game (0: first) */
    int side;
    move_t move;
    char text[SESSION_MOVE_TEXT];
    struct session_value played;        /* the move's value for its mover */
    struct session_value best;          /* the best move's (with no move
                                         * named, the value where known:
                                         * a win or a loss without its
                                         * length) */
    move_t best_move;           /* MOVE_NONE when unknown (session_analysis.c's
                                 * name_best: named only where known) */
    char best_text[SESSION_MOVE_TEXT];
    int mark;                   /* enum session_mark */
};
/* The judgement of move m in the current position (the shell's tutor):
 * proofs and searches within the review's budget (below). SESS_OK,
 * SESS_EGAMEOVER, SESS_EILLEGAL, SESS_ENOMEM. */
int session_judge_move(struct session *s, move_t m, int (*stop)(void *), void *ctx,
                       struct session_judgement *j);

/* A review of the game: every move judged, and each side's figures. */
struct session_review_side {
    int moves, only, mistakes, blunders;
};
struct session_review {
    int n;                      /* moves reviewed (the whole game unless
                                 * stopped) */
    struct session_judgement *moves;    /* n of them, malloc'ed */
    struct session_review_side side[2];
    int exact;                  /* moves judged by proofs alone */
    uint64_t nodes;
    int stopped;                /* stop() cut it short */
};
/* A review's budget for one position when the nodes option is 0. */
#define SESSION_REVIEW_PROOF_NODES 1000000
#define SESSION_REVIEW_SEARCH_NODES 200000
/* Whether a record's comment is a review's words ("blunder: ...", as
 * session_review writes them in a move's note), as savegame wrote them
 * after a review and loadgame read them back: a review redoes those. */
int session_review_words(const char *text);
/* Reviews the current game from its start: each position is proved (the
 * nodes option, else SESSION_REVIEW_PROOF_NODES; movetime, when set,
 * limits each position's work), and a move is judged by the proven values
 * where both ends are proven, else by searches (the nodes option, else
 * SESSION_REVIEW_SEARCH_NODES) of the best move and of the move played.
 * Keeps the marks in s->notes for savegame. out->moves is the caller's to
 * free (session_review_free). SESS_OK (also when stop cut it short:
 * out->stopped), SESS_ENOMEM. */
int session_review(struct session *s, int (*stop)(void *), void *ctx,
                   struct session_review *out);
void session_review_free(struct session_review *r);

/* analyze's policy: in games with exact values or a solver of their own, a
 * quick proof first (SESSION_QUICK_PROOF_NODES, the book, the tables),
 * reported as an iteration of depth 0 with its exact score (and the
 * distance where a short search tells it); else the search without limit,
 * reporting each iteration, until stop() or until the value is proven (a
 * win or loss of known length within the depth searched: no line after
 * it; or the whole tree seen). Returns 1 when it ended on a proof, 0 on
 * stop(). */
#define SESSION_QUICK_PROOF_NODES 50000
int session_analyze(struct session *s, int (*stop)(void *),
                    void (*report)(void *, const struct search_info *), void *ctx);

/* Strength levels: the level option's number, 1 (a beginner) to
 * SESSION_LEVELS; 0 is full strength. genmove at a level plays a move a
 * person of that strength could choose (a shallow search whose scores are
 * misjudged by a random error), never an opening book or a proof. */
#define SESSION_LEVELS 5
/* The level's move (session_genmove's when s->level > 0). */
int session_level_move(struct session *s, struct search_result *res, int (*stop)(void *),
                       void *ctx);
/* A one-line description of level l for help: "depth 2, error 300". */
void session_level_text(int level, char *buf, size_t n);

/* Records (session_record.c): */
struct game_record;
/* The game as a record (record_init'ed by the caller): game, variant, the
 * setposition start if any, the result and reason, today's date, the moves
 * in the game's long notation where it has one. SESS_OK or SESS_ENOMEM. */
int session_to_record(const struct session *s, struct game_record *r);
/* Move i's note (s->notes[i]) while it is still this game's move i (the
 * same move from the same position), else NULL: what savegame writes with
 * the move and what a review keeps (session_record.c). */
const struct session_note *session_move_note(const struct session *s, int i);
/* Replaces the game by the record's, played to its first upto moves (all
 * when upto < 0); the engine and its options are kept. On failure nothing
 * changes: SESS_EUNKNOWN_GAME, SESS_EOPTION, SESS_EINVALID (variant),
 * SESS_EPOSITION, SESS_EILLEGAL (err names the move), SESS_ENOMEM. */
int session_from_record(struct session *s, const struct game_record *r, int upto, char *err,
                        size_t errlen);
/* The record's game, played to its first upto moves (all when upto < 0),
 * in t, a session of its own with no engine (free it with session_free,
 * also on failure): its variant, its start position and its moves. The
 * errors of session_from_record. */
int session_replay_record(struct session *t, const struct game_record *r, int upto, char *err,
                          size_t errlen);
/* Sets the roster (the names a record gives the players where no loaded
 * record names them) by who plays: engine[side] is 1 where the engine
 * plays that side. The engine's side is "Tabula VERSION", "Tabula VERSION
 * (level N)" when s plays at a level; against the engine the other side is
 * person ("" or NULL: none); the engine on both sides names both, nobody's
 * engine neither ("": PGN's "?"). The shell's play mode and the web board
 * name their players so. */
void session_set_roster(struct session *s, const int engine[2], const char *person);

#endif
