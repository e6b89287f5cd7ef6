/* game.h -- the rules interface: every game fills one struct game.
 * Rules know nothing about search, sessions or protocols; the layers above
 * see a game only through this table. */
#ifndef TABULA_GAME_H
#define TABULA_GAME_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t move_t;        /* game-specific encoding */
#define MOVE_NONE ((move_t)0xffffffffu)

#define GAME_MAX_MOVES 512      /* bound on gen_moves for every game */
#define GAME_UNDO_MAX 256       /* bound on undo_size for every game */

/* Scores, always from the side to move. A win in p plies is SCORE_WIN - p. */
#define SCORE_INF 32000
#define SCORE_WIN 30000
#define SCORE_WIN_MIN (SCORE_WIN - 2000)
#define SCORE_EVAL_MAX 20000    /* evaluate() stays within +-this */
#define GAME_SCORE_SCALE 400    /* struct game's score_scale when 0 */

/* Return codes of the parsing entries. */
enum {
    GAME_OK = 0,
    GAME_ESYNTAX = -1,          /* not a well-formed move / string */
    GAME_EILLEGAL = -2,         /* well-formed move, not legal here */
    GAME_EINVALID = -3,         /* bad position string or option value */
    GAME_EOPTION = -4           /* unknown variant option */
};

/* Limits of a dedicated solver's run (see struct game's solve entry). */
struct game_solve_limits {
    uint64_t nodes;             /* 0 = no node limit */
    int64_t deadline_ms;        /* absolute, on now_ms()'s clock; 0 = none */
    int (*stop)(void *ctx);     /* polled now and then; nonzero stops */
    void *ctx;
    int threads;                /* threads the solver may use, >= 1 */
    int no_book;                /* 1: prove without an opening book */
    const char *tables;         /* a directory of stored value tables the
                                 * solver may read, or NULL */
    int value_only;             /* 1: the value is all the caller wants (no
                                 * move is chosen in a lost position) */
};

/* What a dedicated solver proved. */
#define GAME_SOLVE_LOSING 16
struct game_solve_result {
    int value;                  /* +1 side to move wins, 0 draw, -1 loses */
    int plies;                  /* plies to the end with best play, -1 unknown */
    move_t best;                /* a move that keeps the value (the fastest
                                 * win / longest defence where known);
                                 * MOVE_NONE when the game is over */
    uint64_t nodes;             /* work done, for reports */
    int distance_tried;         /* 1: the solver looked for plies itself
                                 * (plies -1: not within its budget), so
                                 * callers need not search for it; 0 (what
                                 * callers preset) lets them try */
    const char *note;           /* a word for the user (a stored table that
                                 * cannot be used), or NULL (preset); valid
                                 * until the solver's next run */
    /* When the proof did not finish (solve returned 0): root moves it
     * proved to lose, for the heuristic search that plays then to leave
     * out (nlosing 0: none known). */
    int nlosing;
    move_t losing[GAME_SOLVE_LOSING];
};

/* One variant key of a game, as data (Fairy-Stockfish's struct Variant):
 * parsing (game_variant_parse), help, completion, boardsize and the docs all
 * derive from it, so that no front end names a game's key in prose. */
enum variant_kind {
    VARIANT_INT,                /* a number from lo to hi in steps of step */
    VARIANT_CHOICE,             /* one of the words of choices, "draw|loss" */
    VARIANT_SQUARE              /* a square of the board; the game checks it */
};
/* flags of a variant key */
#define VARIANT_BOARD_SIZE 1u   /* boardsize N sets this key (a square key
                                 * is then forgotten: it names a square of
                                 * the old board) */
struct variant_key {
    const char *name;           /* "size" */
    enum variant_kind kind;
    int lo, hi, step;           /* VARIANT_INT */
    const char *choices;        /* VARIANT_CHOICE: "draw|loss" */
    const char *def;            /* the default value; NULL when the game
                                 * derives it (help says how) */
    unsigned flags;             /* VARIANT_* */
    const char *help;           /* a few words: what it changes */
};
#define GAME_MAX_VARIANT_KEYS 8
#define GAME_VARIANT_TEXT 16

/* A variant's values, parsed by game_variant_parse: one slot per key of
 * the game's table, in its order. */
struct variant_values {
    int given[GAME_MAX_VARIANT_KEYS];   /* 1: the key was given */
    int num[GAME_MAX_VARIANT_KEYS];     /* INT: the number (the default when
                                         * not given); CHOICE: the index of
                                         * the word in choices */
    char text[GAME_MAX_VARIANT_KEYS][GAME_VARIANT_TEXT]; /* SQUARE: the
                                         * square as given, lower case */
};

struct game_status {
    int over;                   /* 0 ongoing, 1 finished */
    int winner;                 /* 0 first mover, 1 second mover, -1 draw */
    const char *reason;         /* static text, e.g. "snail reached a1" */
};

/* Undo records are opaque bytes of undo_size <= GAME_UNDO_MAX. */
typedef union game_undo {
    unsigned char bytes[GAME_UNDO_MAX];
    uint64_t align_;
} game_undo;

struct game {
    const char *name;           /* "rastros" */
    const char *title;          /* "Rastros (Slime Trail)" */
    const char *side_names[2];  /* canonical names; side 0 is colour 1 and
                                 * moves first in the default rules (not
                                 * always: Tablut's rules=ashton) */
    const char *side_aliases[2];/* extra accepted names, space separated;
                                 * "1"/"2" are always accepted */
    const char *side_roles[2];  /* what a side is where its colour does not
                                 * say it ("attackers"), for texts people
                                 * read (GoGui's); NULL when the colour says
                                 * all */
    char gtp_letter[2];         /* 'B' or 'W' for each side (final_score) */
    const struct variant_key *variant_keys; /* ended by a NULL name */
    size_t state_size;
    size_t undo_size;
    int no_draws;               /* 1 if the rules allow no draw */
    int point_moves;            /* 1 if every move is written as one square */

    /* Set up the start position of the variant given by "key=value"
     * strings (read with game_variant_parse against variant_keys). On error
     * returns GAME_EOPTION/GAME_EINVALID and writes a short detail into
     * err. */
    int (*init)(void *st, int nopts, const char *const *opts,
                char *err, size_t errlen);
    /* "size=7" etc.: the variant of st, for records; "" when default. */
    void (*format_variant)(const void *st, char *buf, size_t n);

    /* st holds an inited game of the wanted variant; on success it is
     * replaced by the position, on failure it is left unchanged. */
    int (*parse_position)(void *st, const char *s, char *err, size_t errlen);
    void (*format_position)(const void *st, char *buf, size_t n);

    int (*side_to_move)(const void *st);           /* 0 or 1 */
    /* All legal moves (a forced pass included); 0 when the game is over. */
    int (*gen_moves)(const void *st, move_t *moves);
    void (*make)(void *st, move_t m, game_undo *undo);
    void (*unmake)(void *st, move_t m, const game_undo *undo);
    uint64_t (*hash)(const void *st);              /* incremental Zobrist */
    void (*status)(const void *st, struct game_status *out);
    int (*evaluate)(const void *st);               /* side to move's view */

    /* Parses a move and checks that it is legal in st. */
    int (*parse_move)(const void *st, const char *s, move_t *m,
                      char *err, size_t errlen);
    /* Canonical text of a legal move of st (the position before it). */
    void (*format_move)(const void *st, move_t m, char *buf, size_t n);
    /* Text diagram, lines separated by '\n', no blank line, no final '\n'. */
    void (*print)(const void *st, char *buf, size_t n);

    /* ---- optional entries (NULL when the game lacks them) ---- */
    /* Exact game-theoretic value when the game can tell it cheaply:
     * returns 1 and sets *value (+1 side to move wins, -1 loses, 0 draw)
     * and *plies (length of the rest of the game with best play, or -1 if
     * unknown); returns 0 when unknown. */
    int (*exact_value)(void *st, int *value, int *plies);
    /* Key for the exact solver's table: positions with equal keys have
     * equal game values (so a game may fold symmetric positions or drop
     * what can no longer matter). g->hash is used when NULL. */
    uint64_t (*solve_key)(const void *st);
    /* Fast perft; the generic one is used when NULL. */
    uint64_t (*perft)(void *st, int depth);
    /* A bound on gen_moves in this game, when it is far below
     * GAME_MAX_MOVES (Rastros: 8); 0 for GAME_MAX_MOVES. An interruptible
     * perft counts a subtree in one call where this bound to its depth is
     * at most a million leaves, so a tight bound keeps the calls long. */
    int max_moves;
    /* How the search's scores turn into results: a score s of the side to
     * move goes with an expected result (a win 1, a draw 1/2) of
     * 1 / (1 + 10^(-s / score_scale)), fitted to self-play games
     * (bench/score-scale); 0 for GAME_SCORE_SCALE. Review and the tutor
     * judge a move by the drop of this expected result, and the shell says
     * "better" or "winning" by it, so that words mean the same in every
     * game whatever its evaluation's units. */
    int score_scale;
    /* A dedicated exact solver with its own table (a game-specific proof
     * search, book or database). The generic solver of src/search/ is used
     * when these are NULL. solver_create gets the table size in MB and
     * returns NULL when out of memory; solver_clear forgets what is cached
     * for a new game (it may keep what stays true, such as a book). */
    void *(*solver_create)(int hash_mb);
    void (*solver_destroy)(void *solver);
    void (*solver_clear)(void *solver);
    /* Proves st (restored before returning): 1 and *res filled when
     * proved; 0 when a limit stopped it or the position cannot be proved. */
    int (*solve)(void *solver, void *st, const struct game_solve_limits *lim,
                 struct game_solve_result *res);
    /* What the solver's tables already hold about st, without a search
     * (what earlier proofs settled on their way): 1 and *value (+1 side
     * to move wins, -1 loses), or 0. The heuristic search asks it at its
     * nodes when a proof ran out before it. Optional. */
    int (*solve_probe)(void *solver, const void *st, int *value);
    /* Long notation of a legal move of st (the position before it): the
     * canonical text and what the move does that it leaves out, such as
     * Tablut's captures ("d7-d3xc3xe3"); parse_move accepts it. Records
     * use it; format_move is used when NULL. */
    void (*format_move_long)(const void *st, move_t m, char *buf, size_t n);
    /* The node budget at which the game's genmove moves in st's game were
     * checked position by position (a new game for each, one thread, the
     * hash option's default), or 0: none were. A move with a larger budget
     * (more nodes, a clock, any load) plays that budget's move wherever its
     * own proof does not settle the position, so that it never throws a win
     * the checks kept (alpha-beta). Optional. */
    int (*checked_nodes)(const void *st);
    /* ---- optional search helpers: the search is exact without them ---- */
    /* The moves that change the material or end the game at once (wins in
     * one, captures), best first: the quiescence search plays only these
     * past the depth limit, and the search tries them early. 0 when the
     * game is over. NULL: the search stops at the depth limit. */
    int (*gen_tactical)(const void *st, move_t *moves);
    /* Nonzero when the opponent threatens to win with their next move (the
     * side to move is "in check" and must answer): the search extends such
     * nodes and never prunes them on a static guess. */
    int (*threatened)(const void *st);
    /* A pass for null-move pruning: returns 0 (and leaves st alone) where
     * passing could be better than every move (zugzwang); NULL in games
     * where that is common, which the search then never tries. The
     * position after it is seen only by the search (hash, evaluate,
     * gen_moves, make...); unmake_null takes it back. */
    int (*make_null)(void *st, game_undo *undo);
    void (*unmake_null)(void *st, const game_undo *undo);
    /* Nonzero when the position occurred before in the game and may come
     * again (where the rules need more than two occurrences for a draw):
     * the search scores it as a draw, since the side that came back could
     * keep coming back, and keeps no such score in its table. */
    int (*repeated)(const void *st);
    /* The square board GoGui shows: its width (= height). GoGui's rules
     * commands that make it a ruler are offered where gogui_board gives its
     * cells and a move is one point (point_moves) or two clicks
     * (gogui_move_points); elsewhere GoGui's board is only drawn on. */
    int (*board_size)(const void *st);
    /* GoGui board: size*size chars, top row first, 'X' 'O' '.' '?'. */
    void (*gogui_board)(const void *st, char *buf, size_t n);
    /* GoGui markup of the squares the rules single out (goals...): gfx
     * lines ("LABEL A1 1", "COLOR #rrggbb A1 G7"), upper-case points, no
     * final newline; "" when there is nothing to mark. A last "TEXT ..."
     * line says what the board cannot (reserves, scores), not the side to
     * move nor the result: the front end writes those. */
    void (*gogui_gfx)(const void *st, char *buf, size_t n);
    /* GoGui's two clicks, for a game whose moves are not single points:
     * where the legal move m of st starts and ends on GoGui's board, as
     * indices row * size + column, row 0 the bottom one (GoGui's row 1).
     * The first click picks what moves (a piece, or a square that stands
     * for a reserve), the second where it goes; two moves of st never
     * share both points. A move of no point (a pass) gives -1 and -1. */
    void (*gogui_move_points)(const void *st, move_t m, int *from, int *to);
    /* For GoGui's captured counts (gogui-rules_captured_count), in a game
     * where only a capture takes a piece away: how many pieces side has,
     * taken or not (a captured king that stays on the board is not
     * counted). NULL: the game captures nothing, or GoGui could not count
     * it; the command is then not offered. */
    int (*gogui_pieces)(const void *st, int side);
    /* The diagram for a person at the shell: print's, but with no words
     * about the side to move or the result (the shell writes one line for
     * those), and with the last move marked: `last` was played from
     * `before` to reach st (MOVE_NONE and NULL when there is none). The
     * square (or point) it reached is drawn in parentheses, "(@)", and
     * where it captured, the emptied squares as 'x'; the legend says so. */
    void (*print_marked)(const void *st, const void *before, move_t last,
                         char *buf, size_t n);
    /* Checks the game's stored value tables in dir (what solve reads
     * through game_solve_limits.tables): one line per table file found,
     * valid or why not ("" for none). Returns the number of unusable
     * files, or -1 when dir cannot be read (the reason in out). */
    int (*tables_check)(const char *dir, char *out, size_t n);
    /* The file name in the tables directory of the table st's variant
     * needs to be played perfectly ("grasshopper-4.tab"): 1, or 0 when it
     * has none or needs none (a proof settles it at once). For words to
     * people; the solver finds its tables itself. */
    int (*table_file)(const void *st, char *name, size_t n);

    /* ---- words for people (the shell, the browser board) ---- */
    /* The rules in about a dozen short lines, '\n' between them (none at
     * the end): the board, the moves, how the game is won, the notation. */
    const char *rules;
    /* The board's legend for a person, one or two lines: how the pieces
     * move and how the game is won (the diagram names its symbols). */
    const char *legend;
    /* The sides' names on faces meant for people ("attackers"); NULL: the
     * side_names. The protocol always says side_names (black/white). */
    const char *display_names[2];
    int display_plural;         /* 1: the display names take a plural verb */
    /* Why places of the side to move start no move, in the words the shell
     * and the browser board say (the protocol's why_no_move), so that no
     * front end restates the rules. move NULL: one line "FROM REASON" for
     * each place of the mover's that no move starts from (FROM as the
     * game's moves write where they start: Grasshopper's point, 0 for its
     * reserve), in the order of gen_moves ("7 the wall on 9 blocks its
     * way"), then, where a pass is the mover's only move, "pass REASON":
     * why, for the whole side. move a move's text, as typed (legal or
     * not): the REASON alone of the line its start names ("pass": the
     * forced pass's). Lines are separated by '\n', none at the end; ""
     * when there is nothing to say (every place has a move, the start is
     * none of the mover's, the game is over). Optional. */
    void (*why_no_move)(const void *st, const char *move, char *buf, size_t n);
};

/* A side's name for a person: display_names where the game has them. */
static inline const char *game_display_name(const struct game *g, int side)
{
    return g->display_names[side] ? g->display_names[side] : g->side_names[side];
}

/* The registry (src/games/registry.c). */
extern const struct game *const game_list[];   /* NULL-terminated */
const struct game *game_find(const char *name);
/* g's score_scale, GAME_SCORE_SCALE where it gives none. */
static inline int game_score_scale(const struct game *g)
{
    return g->score_scale > 0 ? g->score_scale : GAME_SCORE_SCALE;
}
/* Whether kv is a variant option's form, key=value with a key (newgame's
 * words, --game and --variant, a record's Variant tag, tabula-match's
 * options): 1 or 0. What keys and values a game takes, its init says. */
int game_option_form(const char *kv);

/* Generic helpers built on the table (src/games/registry.c). */
uint64_t game_perft(const struct game *g, void *st, int depth);
/* game_perft that polls stop(ctx) between subtrees of about a million
 * leaves (a few ms): when it answers nonzero, *stopped is set and the
 * count returned is partial (0). stopped is set to 0 otherwise. A NULL
 * stop is never polled (game_perft). */
uint64_t game_perft_stop(const struct game *g, void *st, int depth, int (*stop)(void *),
                         void *ctx, int *stopped);
/* The report on the stored value tables in dir, every game's (see
 * tables_check): 0 all usable (or none there), > 0 that many unusable, -1
 * dir is not a directory (the reason in out). */
int game_tables_check(const char *dir, char *out, size_t n);
/* Parses a colour word for g: side 0/1, or -1. Case-insensitive. */
int game_parse_color(const struct game *g, const char *word);
/* A byte of a text the rules refuse, for a message: 'c' when printable
 * ASCII, else \xHH (a message stays ASCII: it may go out in a protocol
 * response). buf holds at least 8 bytes; returns buf. */
const char *game_quote_byte(int c, char *buf);

/* Variant keys (struct variant_key): */
/* Reads "key=value" strings against g's keys (case-insensitive keys and
 * words): GAME_OK and v filled, GAME_EOPTION for an unknown key, or
 * GAME_EINVALID for a value outside the key's range or choices, with the
 * detail in err ("size must be 5..8, not '9'"). */
int game_variant_parse(const struct game *g, int nopts, const char *const *opts,
                       struct variant_values *v, char *err, size_t errlen);
/* The key named name (case-insensitive), or NULL. */
const struct variant_key *game_variant_key(const struct game *g, const char *name);
/* The key boardsize sets (VARIANT_BOARD_SIZE), or NULL. */
const struct variant_key *game_size_key(const struct game *g);
/* A key's values in short: "5..8", "2..14 (even)", "draw|loss", "SQUARE". */
void game_variant_range(const struct variant_key *k, char *buf, size_t n);
/* All of g's keys in short: "size=5..8 start=SQUARE" ("" for none). */
void game_variant_help(const struct game *g, char *buf, size_t n);
/* The i-th value of key k as text ("6", "loss"), for completion: 0 when
 * there is no i-th (a square key lists none). */
int game_variant_value(const struct variant_key *k, int i, char *buf, size_t n);

extern const struct game rastros_game;
extern const struct game tablut_game;
extern const struct game grasshopper_game;

#endif
