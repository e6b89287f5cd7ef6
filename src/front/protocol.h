/* protocol.h -- the GTP-style command loop: the line reader, the dispatcher
 * and the one response writer, and the record every command is described
 * by. The handlers live in the cmd_*.c files of this folder, one group a
 * file; the shell, OTEP and the web board reuse all of it. */
#ifndef TABULA_PROTOCOL_H
#define TABULA_PROTOCOL_H

#include <signal.h>
#include <stdio.h>
#include "session.h"

#define PROTO_MAX_LINE (256 * 1024)
#define PROTO_MAX_ARGS 64
#define PROTO_RES_SIZE (64 * 1024)

/* Buffered reader on a file descriptor that can tell if input is waiting
 * (for analyze, which streams until the next line arrives). */
struct input {
    int fd;
    char buf[65536];
    size_t start, end;
    int eof;
    int err;                    /* errno of a failed read (then eof too) */
};

/* What a handler returns: 0, or one of the fixed error strings of
 * doc/protocol.md (proto_error_text). Front ends test these codes, never
 * the strings. */
enum proto_status {
    PROTO_OK = 0,
    PROTO_EUNKNOWN_COMMAND,     /* "unknown command" */
    PROTO_ESYNTAX,              /* "syntax error" */
    PROTO_EILLEGAL,             /* "illegal move" */
    PROTO_ECOLOR,               /* "invalid color" */
    PROTO_EUNDO,                /* "cannot undo" */
    PROTO_EGAMEOVER,            /* "game over" */
    PROTO_EUNKNOWN_GAME,        /* "unknown game" */
    PROTO_EPOSITION,            /* "invalid position" */
    PROTO_EOPTION,              /* "unknown option" */
    PROTO_EVALUE,               /* "invalid value" */
    PROTO_ESIZE,                /* "unacceptable size" */
    PROTO_ENOTOVER,             /* "game not over" */
    PROTO_EUNSUPPORTED,         /* "not supported by this game" */
    PROTO_EWRONG_TURN,          /* "wrong color" */
    PROTO_EFILE,                /* "cannot open file" */
    PROTO_ENOMEM,               /* "out of memory" */
    PROTO_EUNSOLVED,            /* "not solved" */
    PROTO_ENO_EXPLAIN,          /* "no move to explain" */
    PROTO_ENOT_ALLOWED,         /* "not allowed": the front end's gate */
    PROTO_EINTERRUPTED,         /* "interrupted": a count (perft) cut short */
    PROTO_STATUS_COUNT
};
/* A streaming handler (CMD_STREAMS) that wrote its whole response itself. */
#define PROTO_WROTE (-1)

/* The groups of commands, in the order of help and of doc/protocol.md. */
enum proto_group {
    PROTO_G_NONE = 0,           /* not filled in: the doc check fails */
    PROTO_G_ADMIN, PROTO_G_GAMES, PROTO_G_PLAY, PROTO_G_THINKING,
    PROTO_G_ANALYSIS, PROTO_G_RECORDS, PROTO_G_GUI,
    PROTO_G_COUNT
};
/* "Administration", "Games", ... indexed by enum proto_group. */
extern const char *const proto_group_names[PROTO_G_COUNT];

/* The kind of a command's argument, for the shell's completion. */
enum proto_arg {
    ARG_NONE = 0,
    ARG_COLOR,                  /* a side of the current game */
    ARG_MOVE,                   /* a legal move */
    ARG_GAME,                   /* a game's name */
    ARG_VARIANT,                /* key=value of the game named before */
    ARG_COMMAND,                /* a command's name */
    ARG_OPTION,                 /* an engine option's name */
    ARG_OPTION_VALUE,           /* a value of the option named before */
    ARG_FILE,                   /* a file name */
    ARG_SIZE,                   /* a board size of the current game */
    ARG_SIDES                   /* a side, both or none (the shell's computer) */
};
#define PROTO_ARG_KINDS 3       /* a word past the kinds given has the last
                                 * kind given when that is ARG_VARIANT (it
                                 * repeats), else none */

/* Facts about a command (struct proto_cmd's flags). */
#define CMD_CHANGES_GAME 1u     /* success changes the game: the last
                                 * genmove no longer explains it */
#define CMD_STREAMS 2u          /* writes its response itself, as it goes */
#define CMD_GOGUI_RULER 4u      /* listed only when GoGui can be the start-up
                                 * game's ruler (its moves are points) */
#define CMD_GOGUI_DISPLAY 8u    /* listed only when GoGui can show its board */
#define CMD_GOGUI_CELLS 16u     /* listed only when the board is X/O cells */
#define CMD_SHELL_SIDE 32u      /* in the shell a leading COLOR may be left
                                 * out: the side to move */
#define CMD_GOGUI_STEPS 64u     /* keeps GoGui's click steps itself (play,
                                 * undo); any other command that changes the
                                 * game makes them its moves (gogui_forget) */
#define CMD_ACTS 128u           /* does more than answer, though it leaves
                                 * the game as it is: ends the program, sets
                                 * an option or a clock, writes a file
                                 * (gogui-gfx refuses it) */
#define CMD_GOGUI_CAPTURES 256u /* listed only when the start-up game counts
                                 * captured pieces for GoGui */

struct proto;

/* One command: its table entry is the one source of its name, usage,
 * help, list_commands, the shell's help and completion, and its section of
 * doc/protocol.md and doc/tabula.6 (tabula-docs makes them). */
struct proto_cmd {
    const char *name;
    /* 0 or a proto_status; the result (or an error's detail) in res */
    int (*fn)(struct proto *p, int argc, char **argv, char *res, size_t n);
    const char *args;           /* the usage after the name, "" for none */
    unsigned char kinds[PROTO_ARG_KINDS]; /* enum proto_arg of each word */
    unsigned flags;             /* CMD_* */
    enum proto_group group;
    const char *help;           /* one line: what it does */
    const char *doc;            /* the reference: paragraphs, `code`,
                                 * examples between ``` lines; may hold
                                 * {placeholders} (options_expand) */
};

/* What GoGui's rules commands can do for a game: be its ruler (moves are
 * points, or two clicks), show its board, give the board as X/O cells, take
 * a move as two clicks (a piece, then where it goes), count the pieces
 * each side captured. */
enum { GOGUI_RULER = 1, GOGUI_DISPLAY = 2, GOGUI_CELLS = 4, GOGUI_CLICKS = 8,
       GOGUI_CAPTURES = 16 };

/* GoGui's steps, for a game whose moves GoGui enters as two clicks
 * (GOGUI_CLICKS). GoGui plays one point a step: the first click picks a
 * piece, the side to move stays, the second completes the move. The
 * session's history holds whole moves only; the picks are this front-end
 * state, owned by cmd_gogui.c (doc/protocol.md, "Two-click moves"). steps
 * has one entry per step GoGui played since the history began: a picked
 * point (>= 0), GOGUI_STEP_DROP for a click on the piece picked, which
 * drops the pick, or GOGUI_STEP_MOVE for the step that completed one of the
 * session's moves (a move played whole counts as one step). The steps after
 * the last GOGUI_STEP_MOVE are pending; the last one is the piece picked,
 * or, a drop, none. */
#define GOGUI_STEP_MOVE (-1)
#define GOGUI_STEP_DROP (-2)
struct gogui_steps {
    int on;                     /* GoGui mode: a gogui-rules_ command came;
                                 * clicks, genmove and undo go by steps */
    int *step;
    int n, cap;
    move_t planned;             /* the move whose first click genmove
                                 * answered, MOVE_NONE when none */
    int stale;                  /* a command gave the game a new history:
                                 * the steps are rebuilt from it before
                                 * their next use (cmd_gogui.c) */
    int echo;                   /* the last click play took: its point + 1;
                                 * 0 none, or the steps changed since */
    int echo_read;              /* GoGui read the board since that click
                                 * (gogui-rules_board): the same click
                                 * again is GoGui's repeat of the step to
                                 * its ruler, not a click */
};

/* What genmove/reg_genmove found, for gomill-explain_last_move (text) and
 * for a front end that describes the move in words (the shell). */
struct proto_explain {
    int valid;
    char text[4096];
    struct search_result result; /* the search's own figures */
    int side;                   /* the side that searched */
    int64_t ms;                 /* the time the command took */
};

struct proto {
    struct session s;
    FILE *out;
    struct input *in;           /* for analyze's "until input arrives" */
    int shell;                  /* friendly output for a person */
    int verbose;                /* diagnostics on stderr */
    int quit;
    char *res;                  /* the response being built */
    const char *id;             /* the running command's id ("" for none) */
    volatile sig_atomic_t interrupt;    /* see proto_interrupt */
    volatile sig_atomic_t interrupt_repeat; /* requests in quick succession */
    int64_t interrupt_last_ms;  /* by proto_interrupt; the shell clears it after
                                 * a command a Ctrl-C stopped */
    volatile sig_atomic_t running;      /* a command is running */
    volatile sig_atomic_t commands;     /* commands begun (wraps): which one
                                         * runs, for a signal handler */
    volatile sig_atomic_t hangup;       /* the shell: SIGHUP or SIGTERM came
                                         * (leave, keeping the game) */
    int interrupted;            /* the last command was cut short */
    int status;                 /* the last command's proto_status */
    char note[1024];            /* the running command's search note (a
                                 * stored table the solver cannot use), ""
                                 * for none: see proto_note */
    int gogui_rules;            /* GOGUI_*: GoGui's rules commands offered,
                                 * fixed by the start-up game (proto_loop) */
    struct gogui_steps gogui;   /* GoGui's clicks (cmd_gogui.c) */
    struct proto_explain explain;
    /* ---- a front end's face (the shell); all NULL when piped ---- */
    void *front;                /* the front end's own state */
    /* Called instead of writing "=id text" / "?id text": ok, and the
     * result or the full error message. */
    void (*respond)(struct proto *p, int ok, const char *text);
    /* Called while a command searches: after each completed iteration with
     * its figures, and now and then (from the stop poll) with info NULL. */
    void (*watch)(struct proto *p, const struct search_info *info);
    /* analyze's lines in the front end's own words, called instead of
     * writing an info line (NULL: the info line). */
    void (*analysis)(struct proto *p, const struct search_info *info);
    /* A front end's gate (the web board keeps its clients in their own
     * session): called with a command's words before it runs; PROTO_OK
     * lets it run, any other status refuses it, with the detail in res,
     * and the command changes nothing. NULL: every command runs. */
    int (*gate)(struct proto *p, const struct proto_cmd *c, int argc, char **argv,
                char *res, size_t n);
    /* A front end's own commands (a NULL-terminated table, as the
     * protocol's; NULL for none): proto_execute runs them, and
     * list_commands, known_command and help show them after the
     * protocol's (the web board's). */
    const struct proto_cmd *own;
};

/* Interrupting the running command ("move now").
 *
 * One mechanism serves every front end: GoGui's Interrupt (the comment line
 * "# interrupt" written to stdin while a command runs, advertised by the
 * command gogui-interrupt), gogui-sigint (GoGui sends SIGINT to the pid it
 * answers), SIGINT itself, and the shell's Ctrl-C.
 *
 * - proto_interrupt(p) asks the running command to stop. It only stores
 *   into a volatile sig_atomic_t, so a signal handler may call it (main.c
 *   keeps the one pointer a handler needs). No terminal code is involved.
 * - Commands that search poll the request through their stop callback
 *   (proto_stop: alpha-beta every 1024 nodes, MCTS every 256 iterations)
 *   together with the input: a "# interrupt" line that is the next line of
 *   input (blank and comment lines before it aside) is taken out of the
 *   input and counts as a request; any other pending line is left alone.
 * - What stops: genmove / reg_genmove answer the best move found so far
 *   (never a half-searched nothing: the session's policy, session_genmove),
 *   and genmove plays it; solve fails with "not solved: interrupted" (or,
 *   when only the distance search after a proof was cut, answers the proven
 *   value without "in N"); analyze ends its response. The session changes
 *   exactly as for a normal answer.
 * - A request is forgotten when the next command starts, so a SIGINT or
 *   Ctrl-C while idle never leaks into the next command, and a "# interrupt"
 *   read while idle is an ordinary comment.
 * - proto_was_interrupted(p) tells whether the command that ran last was
 *   cut short by a request (for a front end that wants to say so).
 * - proto_interrupt returns how many requests came in quick succession
 *   (each within PROTO_INTERRUPT_REPEAT_MS of the one before): 1 for a lone
 *   one. The shell takes a quick second Ctrl-C as "leave"; the protocol
 *   ignores the count (SIGINT never ends a piped engine). It reads the
 *   monotonic clock, which is async-signal-safe. */
#define PROTO_INTERRUPT_REPEAT_MS 1000
int proto_interrupt(struct proto *p);
int proto_was_interrupted(const struct proto *p);
/* The stop callback of every command that searches (ctx: the proto). */
int proto_stop(void *ctx);
/* A search's note for the user (search_result's or session_proof's; NULL
 * or "" for none): a diagnostic, "tabula: NOTE" on stderr when p->verbose
 * (not by default when piped, never with --quiet), and kept in p->note for
 * the running command (the shell says it in its own words). */
void proto_note(struct proto *p, const char *note);
/* The search's report callback: passes it to the front end that watches
 * (ctx: the proto); NULL when nobody watches. */
void (*proto_reporter(const struct proto *p))(void *, const struct search_info *);

/* The commands: the group tables of the handler files, in help's order,
 * seen as one list. proto_command(i) is the i-th, NULL past the last. */
const struct proto_cmd *proto_command(int i);
const struct proto_cmd *proto_find_command(const char *name);
/* The same with a front end's own commands (NULL-terminated table, or
 * NULL) after the protocol's: the shell's. */
const struct proto_cmd *proto_command_with(const struct proto_cmd *extra, int i);
const struct proto_cmd *proto_find_command_with(const struct proto_cmd *extra,
                                                const char *name);
/* Whether list_commands, known_command and help show c (GoGui's rules
 * commands only where they can answer for the start-up game). */
int proto_offered(const struct proto *p, const struct proto_cmd *c);
/* What GoGui's rules commands can do for the current game (GOGUI_*). */
int proto_gogui_abilities(const struct proto *p);

int proto_init(struct proto *p, FILE *out);
void proto_free(struct proto *p);

void input_init(struct input *in, int fd);
/* Reads one line into line (NUL-terminated; NUL bytes are dropped, other
 * control characters kept).
 * Returns 1 for a line, 0 at end of input; *toolong is set when the line
 * was longer than PROTO_MAX_LINE (the rest was discarded). */
int input_getline(struct input *in, char *line, size_t cap, int *toolong);
int input_pending(struct input *in);
/* Reads what is already waiting, without blocking, while there is room. */
void input_pull(struct input *in);
/* 0, or 1 after saying on stderr that reading failed ("tabula: WHAT:
 * reason"): a read error ends the input as its end does. */
int input_failed(const struct input *in, const char *what);
/* Takes the interrupt comment "# interrupt" out of the input if it is the
 * next line (blank and comment-only lines before it go with it); never
 * blocks and never takes a command. Returns 1 if it took one. */
int input_take_interrupt(struct input *in);

/* Runs one raw input line: cleans it, parses the id, dispatches, writes the
 * response (nothing for an empty line). */
void proto_execute(struct proto *p, char *line);
/* Runs command c on words already split (the shell splits its own lines:
 * quotes, ~), writes the response and sets p->status. */
void proto_run_words(struct proto *p, const struct proto_cmd *c, const char *id, int argc,
                     char **argv);
/* PROTO_OK, or a syntax error (in res) for arguments to a command whose
 * usage is empty: such a command takes none. */
int proto_check_arity(const struct proto_cmd *c, int argc, char *res, size_t n);
/* The fixed error string of a code, "" for PROTO_OK. */
const char *proto_error_text(int code);
/* The proto_status of a session error (SESS_*). */
int proto_session_status(int sess_err);
/* Runs the protocol loop on in until EOF or quit. */
int proto_loop(struct proto *p, struct input *in);

/* ---- for the handlers (cmd_*.c) ---- */
struct game_record;
/* Writes record r to path as savegame does, whole or not at all: PROTO_OK,
 * or PROTO_EFILE with why in res. */
int proto_write_record(const struct game_record *r, const char *path, char *res, size_t n);
/* A detail after the error string: returns code with detail in res. */
int proto_fail(char *res, size_t n, int code, const char *detail);
/* A decimal number (no hex, inf or nan; one too large for a double is
 * +-DBL_MAX): 0, or -1. */
int proto_parse_double(const char *s, double *out);
/* A colour of the current game: PROTO_OK and *side, or PROTO_ECOLOR. */
int proto_side_arg(struct proto *p, const char *word, int *side);

/* GoGui's two-click moves (cmd_gogui.c), for the handlers of play, genmove,
 * undo and loadgame: */
/* 1 when GoGui mode is on and the current game takes moves as two clicks. */
int gogui_by_clicks(const struct proto *p);
/* word names a point of GoGui's board in the current game ("E3"): 1 and
 * its index (row * size + column, row 0 at the bottom), else 0. */
int gogui_parse_point(const struct proto *p, const char *word, int *point);
/* One click of the side to move on point: picks a piece or completes the
 * move. PROTO_OK, or PROTO_EILLEGAL with the reason in res. */
int gogui_click(struct proto *p, int point, char *res, size_t n);
/* A whole move was played (not by clicks): the pending picks are dropped
 * and the move is one step. */
void gogui_moved(struct proto *p);
/* genmove by GoGui's steps: the picked piece's point, then where it goes
 * (the move is played at the second step). */
int gogui_genmove(struct proto *p, int argc, char **argv, char *res, size_t n);
/* Takes back k of GoGui's steps: PROTO_OK or PROTO_EUNDO (nothing done). */
int gogui_undo(struct proto *p, int k);
/* The game changed otherwise: no pick, each move of the history a step. */
void gogui_forget(struct proto *p);
/* Replays a GoGui SGF file's moves (clicks and passes) in the current game
 * from its start: PROTO_OK or an error with the detail in res. */
int gogui_load_sgf(struct proto *p, const char *text, int upto, char *res, size_t n);

/* The group tables (NULL-terminated), each beside its handlers. */
extern const struct proto_cmd admin_commands[];     /* cmd_admin.c */
extern const struct proto_cmd game_commands[];      /* cmd_game.c: games, play */
extern const struct proto_cmd thinking_commands[];  /* cmd_thinking.c */
extern const struct proto_cmd analysis_commands[];  /* cmd_analysis.c */
extern const struct proto_cmd record_commands[];    /* cmd_records.c */
extern const struct proto_cmd gogui_commands[];     /* cmd_gogui.c */

#endif
