/* cmd_gogui.c -- GoGui's extensions: interrupt, its analyze commands, the
 * rules commands that let GoGui draw a game's board and be its ruler, and
 * GoGui mode's two-click moves (the picks, genmove and undo by GoGui's
 * steps, GoGui's SGF files for loadgame) as front-end state beside the
 * session's whole moves (doc/protocol.md, "GoGui extensions"). Knows the
 * session, records and struct game's GoGui entries. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "front/protocol.h"
#include "record.h"
#include "util.h"

/* ------------------------------------------------- GoGui's board points */

/* GoGui's column letters: it skips I. */
static const char gogui_columns[] = "ABCDEFGHJKLMNOPQRST";

static int board_width(const struct proto *p)
{
    return p->s.g->board_size(p->s.st);
}

static void point_name(int size, int idx, char *buf, size_t n)
{
    snprintf(buf, n, "%c%d", gogui_columns[idx % size], idx / size + 1);
}

int gogui_parse_point(const struct proto *p, const char *word, int *point)
{
    if (!p->s.g->board_size)
        return 0;
    int size = board_width(p);
    const char *c = strchr(gogui_columns, toupper((unsigned char)word[0]));
    if (!word[0] || !c || c - gogui_columns >= size)
        return 0;
    long row;
    if (util_parse_long(word + 1, 1, size, &row) || !isdigit((unsigned char)word[1]))
        return 0;
    *point = (int)(row - 1) * size + (int)(c - gogui_columns);
    return 1;
}

/* "black (attackers)", or the colour alone where it says all. */
static void side_text(const struct game *g, int side, char *buf, size_t n)
{
    if (g->side_roles[side])
        snprintf(buf, n, "%s (%s)", g->side_names[side], g->side_roles[side]);
    else
        snprintf(buf, n, "%s", g->side_names[side]);
}

/* The result as GoGui shows it at the end: game_over's, with the sides'
 * roles ("black (attackers) wins: king captured"). */
static void result_text(const struct proto *p, char *buf, size_t n)
{
    struct game_status gs;
    if (!session_status(&p->s, &gs)) {
        snprintf(buf, n, "ongoing");
        return;
    }
    if (gs.winner < 0) {
        snprintf(buf, n, "draw: %s", gs.reason);
        return;
    }
    char side[64];
    side_text(p->s.g, gs.winner, side, sizeof side);
    snprintf(buf, n, "%s wins: %s", side, gs.reason);
}

/* ------------------------------------------------------ two-click moves */

/* What a click does (click_rule). */
enum { CLICK_REFUSED, CLICK_MOVE, CLICK_PICK, CLICK_DROP };

/* The click rule, on a bare position (the session's, or a scratch one when
 * an SGF file is replayed): with pick the point picked (-1 none), a click
 * on point completes the move of the picked piece that goes there (*m,
 * CLICK_MOVE), or drops the pick when point is the piece picked
 * (CLICK_DROP), or picks what stands on point when a move starts there
 * (CLICK_PICK), or is refused (CLICK_REFUSED). A point where the picked
 * piece can go completes the move even when another of the mover's pieces
 * stands there (Grasshopper's wall). */
static int click_rule(const struct game *g, const void *st, int pick, int point, move_t *m)
{
    move_t moves[GAME_MAX_MOVES];
    int k = g->gen_moves(st, moves), starts = 0;
    for (int i = 0; i < k; i++) {
        int from, to;
        g->gogui_move_points(st, moves[i], &from, &to);
        if (pick >= 0 && from == pick && to == point) {
            *m = moves[i];
            return CLICK_MOVE;
        }
        starts |= from == point;
    }
    if (pick >= 0 && point == pick)
        return CLICK_DROP;
    return starts ? CLICK_PICK : CLICK_REFUSED;
}

static int steps_moves(const struct gogui_steps *gs)
{
    int k = 0;
    for (int i = 0; i < gs->n; i++)
        k += gs->step[i] == GOGUI_STEP_MOVE;
    return k;
}

static int steps_push(struct gogui_steps *gs, int v)
{
    if (gs->n == gs->cap) {
        int nc = gs->cap ? gs->cap * 2 : 64;
        int *ns = realloc(gs->step, sizeof *ns * (size_t)nc);
        if (!ns)
            return -1;
        gs->step = ns;
        gs->cap = nc;
    }
    gs->step[gs->n++] = v;
    return 0;
}

void gogui_forget(struct proto *p)
{
    struct gogui_steps *gs = &p->gogui;
    gs->n = 0;
    gs->planned = MOVE_NONE;
    gs->stale = 0;
    gs->echo = 0;
    for (int i = 0; i < p->s.nmoves; i++)
        if (steps_push(gs, GOGUI_STEP_MOVE)) {
            gs->n = 0;          /* out of memory: checked again next time */
            return;
        }
}

/* The steps agree with the session's history (a front end that changed it
 * without a command is caught up with here). */
static void steps_sync(struct proto *p)
{
    if (p->gogui.stale || steps_moves(&p->gogui) != p->s.nmoves)
        gogui_forget(p);
}

/* The piece picked (its point), or -1. */
static int steps_pick(const struct gogui_steps *gs)
{
    return gs->n > 0 && gs->step[gs->n - 1] >= 0 ? gs->step[gs->n - 1] : -1;
}

int gogui_by_clicks(const struct proto *p)
{
    return p->gogui.on && (proto_gogui_abilities(p) & GOGUI_CLICKS);
}

/* The session's move m completed by a step. */
static int steps_play(struct proto *p, move_t m)
{
    int rc = session_play_move(&p->s, m);
    if (rc != SESS_OK)
        return proto_session_status(rc);
    if (steps_push(&p->gogui, GOGUI_STEP_MOVE))
        gogui_forget(p);
    p->gogui.planned = MOVE_NONE;
    p->gogui.echo = 0;
    return PROTO_OK;
}

void gogui_moved(struct proto *p)
{
    struct gogui_steps *gs = &p->gogui;
    while (gs->n > 0 && gs->step[gs->n - 1] != GOGUI_STEP_MOVE)
        gs->n--;
    if (steps_push(gs, GOGUI_STEP_MOVE))
        gs->n = 0;
    gs->planned = MOVE_NONE;
    gs->echo = 0;
    steps_sync(p);
}

/* GoGui has read the board (gogui-rules_board, which it asks only of its
 * ruler): after every step GoGui sends its ruler the whole game again
 * (clear_board, every step), reads the board, plays the step once more
 * (twice for the computer's) and reads it again; that repeat must change
 * nothing, where a second click on the picked piece drops the pick. A click
 * reaches the ruler in a replay, straight after the step before it, and
 * the player program without a board read between. */
static void steps_read(struct proto *p)
{
    if (p->gogui.echo)
        p->gogui.echo_read = 1;
}

int gogui_click(struct proto *p, int point, char *res, size_t n)
{
    steps_sync(p);
    struct gogui_steps *gs = &p->gogui;
    int pick = steps_pick(gs), size = board_width(p), rc;
    move_t m;
    char a[16], b[16];
    point_name(size, point, a, sizeof a);
    if (gs->echo == point + 1 && gs->echo_read) {
        snprintf(res, n, "%s again after the position was read: GoGui's repeat of its "
                 "last step, ignored", a);
        return PROTO_EILLEGAL;
    }
    switch (click_rule(p->s.g, p->s.st, pick, point, &m)) {
    case CLICK_MOVE:
        rc = steps_play(p, m);
        break;
    case CLICK_PICK:
    case CLICK_DROP:
        if (steps_push(gs, point == pick ? GOGUI_STEP_DROP : point))
            return PROTO_ENOMEM;
        gs->planned = MOVE_NONE;
        rc = PROTO_OK;
        break;
    default:
        if (pick < 0) {
            snprintf(res, n, "%s: no move starts there", a);
        } else {
            point_name(size, pick, b, sizeof b);
            snprintf(res, n, "%s: the piece picked on %s cannot go there, and no move starts "
                     "there", a, b);
        }
        return PROTO_EILLEGAL;
    }
    if (rc == PROTO_OK) {
        gs->echo = point + 1;
        gs->echo_read = 0;
    }
    return rc;
}

int gogui_genmove(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    const struct game *g = p->s.g;
    struct gogui_steps *gs = &p->gogui;
    int side, from, to;
    struct game_status st;
    if (argc != 1)
        return PROTO_ESYNTAX;
    if (proto_side_arg(p, argv[0], &side))
        return PROTO_ECOLOR;
    steps_sync(p);
    int pick = steps_pick(gs);
    /* the second step of the move whose first this genmove answered: no
     * new search, the same move */
    if (gs->planned != MOVE_NONE && pick >= 0 && !session_status(&p->s, &st) &&
        side == session_side_to_move(&p->s)) {
        move_t planned = gs->planned, dummy;
        g->gogui_move_points(p->s.st, planned, &from, &to);
        if (from == pick && click_rule(g, p->s.st, pick, to, &dummy) == CLICK_MOVE &&
            dummy == planned) {
            int rc = steps_play(p, planned);
            if (rc == PROTO_OK)
                point_name(board_width(p), to, res, n);
            return rc;
        }
    }
    /* the search, with every rule of genmove (resign, a finished game,
     * interrupt, the explanation), without playing; a planned move stays
     * when it fails (the wrong colour: a failing command changes nothing) */
    int64_t t0 = now_ms();
    int rc = proto_find_command("reg_genmove")->fn(p, argc, argv, res, n);
    if (rc != PROTO_OK)
        return rc;
    gs->planned = MOVE_NONE;
    if (session_status(&p->s, &st) || strcmp(res, "resign") == 0)
        return rc;
    move_t m;
    char err[128];
    if (g->parse_move(p->s.st, res, &m, err, sizeof err) != GAME_OK)
        return proto_fail(res, n, PROTO_EILLEGAL, err);
    /* the engine's own clock: the search is the move's time (its second
     * step, above, answers at once and takes nothing off) */
    int64_t spent = now_ms() - t0;
    g->gogui_move_points(p->s.st, m, &from, &to);
    if (from < 0 || from == pick) {
        rc = steps_play(p, m);              /* a pass is one step, "pass" */
        if (rc == PROTO_OK) {
            session_clock_charge(&p->s, side, spent);
            if (from >= 0)
                point_name(board_width(p), to, res, n);
        }
        return rc;
    }
    if (steps_push(gs, from))
        return PROTO_ENOMEM;
    gs->planned = m;
    gs->echo = 0;
    session_clock_charge(&p->s, side, spent);
    point_name(board_width(p), from, res, n);
    return PROTO_OK;
}

int gogui_undo(struct proto *p, int k)
{
    struct gogui_steps *gs = &p->gogui;
    steps_sync(p);
    if (k < 0 || k > gs->n)
        return PROTO_EUNDO;
    int moves = 0;
    for (int i = gs->n - k; i < gs->n; i++)
        moves += gs->step[i] == GOGUI_STEP_MOVE;
    if (session_undo(&p->s, moves) != SESS_OK)
        return PROTO_EUNDO;
    gs->n -= k;
    gs->planned = MOVE_NONE;
    gs->echo = 0;
    return PROTO_OK;
}

/* ------------------------------------------------------------ SGF files */

/* The main line of a GoGui SGF file (the first variation at every branch):
 * its board size and the points played, one per node with B or W. */
struct sgf_line {
    int size;
    int n, cap;
    char *color;                /* 'B' or 'W' */
    int *point;                 /* GoGui index, -1 for a pass */
};

static int sgf_add(struct sgf_line *l, char color, int point)
{
    if (l->n == l->cap) {
        int nc = l->cap ? l->cap * 2 : 128;
        char *c = realloc(l->color, (size_t)nc);
        if (!c)
            return -1;
        l->color = c;
        int *pt = realloc(l->point, sizeof *pt * (size_t)nc);
        if (!pt)
            return -1;
        l->point = pt;
        l->cap = nc;
    }
    l->color[l->n] = color;
    l->point[l->n++] = point;
    return 0;
}

/* The move of a node that has one: "B" or "W" and its value ("" a pass). */
static int sgf_node_move(struct sgf_line *l, const char *id, const char *v, char *err,
                         size_t errlen)
{
    int point = -1;
    /* a pass: an empty value, or tt on boards up to 19x19 (FF[3]) */
    if (v[0] && strcmp(v, "tt") != 0) {
        if (strlen(v) != 2 || v[0] < 'a' || v[0] >= 'a' + l->size || v[1] < 'a' ||
            v[1] >= 'a' + l->size) {
            snprintf(err, errlen, "%s[%s]: not a point of the %dx%d board", id, v, l->size,
                     l->size);
            return -1;
        }
        point = (l->size - 1 - (v[1] - 'a')) * l->size + (v[0] - 'a');
    }
    if (sgf_add(l, id[0], point)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* A property value from its '[' (escapes taken off) into val (cap bytes,
 * cut to fit; NULL: only skipped): the ']' that ends it, or NULL when the
 * text ends first. */
static const char *sgf_value(const char *c, char *val, size_t cap)
{
    size_t vn = 0;
    for (c++; *c && *c != ']'; c++) {
        if (*c == '\\' && c[1])
            c++;
        if (val && vn + 1 < cap)
            val[vn++] = *c;
    }
    if (val)
        val[vn] = '\0';
    return *c ? c : NULL;
}

/* Reads what GoGui writes: properties ID[value]... in nodes ;..., the
 * first variation of every branch. A property value or a game tree left
 * open (a file cut short) is refused: the move being written would be lost
 * without a word. Returns 0, or -1 with the detail. */
static int sgf_parse(const char *s, struct sgf_line *l, char *err, size_t errlen)
{
    char id[8] = "", val[64];
    int node_moves = 0;
    long depth = 1;             /* the game trees open, the first '(' on */
    l->size = 19;               /* SGF's default */
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
        s++;
    if (s[0] != '(' || s[1 + strspn(s + 1, " \t\r\n")] != ';') {
        snprintf(err, errlen, "not an SGF file");
        return -1;
    }
    const char *c;
    for (c = s + 1; *c && *c != ')'; c++) {  /* the first ')' ends the main line */
        if (*c == '(') {
            depth++;
        } else if (*c == ';') {
            node_moves = 0;
            id[0] = '\0';
        } else if (isupper((unsigned char)*c)) {
            size_t k = 0;
            while (isupper((unsigned char)*c) || islower((unsigned char)*c)) {
                if (isupper((unsigned char)*c) && k + 1 < sizeof id)
                    id[k++] = *c;
                c++;
            }
            id[k] = '\0';
            c--;
        } else if (*c == '[') {
            if (!(c = sgf_value(c, val, sizeof val))) {
                snprintf(err, errlen, "malformed SGF: unterminated property value "
                         "('%s[' has no ']')", id);
                return -1;
            }
            if (strcmp(id, "SZ") == 0) {
                long sz;
                if (util_parse_long(val, 2, 19, &sz)) {
                    snprintf(err, errlen, "SZ[%s]: not a board size", val);
                    return -1;
                }
                l->size = (int)sz;
            } else if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
                if (node_moves++) {
                    snprintf(err, errlen, "a node with two moves");
                    return -1;
                }
                if (sgf_node_move(l, id, val, err, errlen))
                    return -1;
            } else if (strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 ||
                       strcmp(id, "AE") == 0) {
                snprintf(err, errlen, "set-up stones (%s) cannot be replayed", id);
                return -1;
            }
        }
    }
    /* the other variations are not read, but must be closed */
    for (; *c; c++) {
        if (*c == '(') {
            depth++;
        } else if (*c == ')') {
            if (--depth == 0)
                return 0;
        } else if (*c == '[' && !(c = sgf_value(c, NULL, 0))) {
            snprintf(err, errlen, "malformed SGF: unterminated property value "
                     "(a '[' has no ']')");
            return -1;
        }
    }
    snprintf(err, errlen, "malformed SGF: unterminated game tree ('(' has no ')')");
    return -1;
}

int gogui_load_sgf(struct proto *p, const char *text, int upto, char *res, size_t n)
{
    const struct game *g = p->s.g;
    struct sgf_line l;
    char err[160];
    memset(&l, 0, sizeof l);
    if (!(proto_gogui_abilities(p) & GOGUI_RULER))
        return proto_fail(res, n, PROTO_EUNSUPPORTED, "GoGui does not play this game");
    if (sgf_parse(text, &l, err, sizeof err)) {
        free(l.color);
        free(l.point);
        return proto_fail(res, n, PROTO_EFILE, err);
    }
    /* the clicks replayed on a scratch game of the current variant, from
     * its start, then loaded as a record: a failure changes nothing */
    struct session tmp;
    memset(&tmp, 0, sizeof tmp);
    int rc = proto_session_status(session_newgame(&tmp, g->name, p->s.nopts,
                                                  (const char *const *)p->s.opts, err,
                                                  sizeof err));
    if (rc == PROTO_OK && l.size != g->board_size(tmp.st) &&
        session_boardsize(&tmp, l.size) != SESS_OK)
        rc = proto_fail(res, n, PROTO_EFILE, "the record's board is not one of this game");
    int pick = -1;
    for (int i = 0; rc == PROTO_OK && i < l.n; i++) {
        char pt[16] = "pass";
        int side = game_parse_color(g, l.color[i] == 'B' ? "black" : "white");
        if (l.point[i] >= 0)
            point_name(l.size, l.point[i], pt, sizeof pt);
        struct game_status gs;
        if (session_status(&tmp, &gs))
            snprintf(err, sizeof err, "the game is over");
        else if (side != session_side_to_move(&tmp))
            snprintf(err, sizeof err, "%s is not to move", g->side_names[side < 0 ? 0 : side]);
        else if (l.point[i] < 0 || g->point_moves) {
            char e2[128], mv[16];
            snprintf(mv, sizeof mv, "%s", pt);
            for (char *c = mv; *c; c++)
                *c = (char)tolower((unsigned char)*c);
            if (session_play(&tmp, side, mv, e2, sizeof e2) == SESS_OK)
                continue;
            snprintf(err, sizeof err, "%s", e2);
        } else {
            move_t m;
            switch (click_rule(g, tmp.st, pick, l.point[i], &m)) {
            case CLICK_MOVE:
                pick = -1;
                if (session_play_move(&tmp, m) == SESS_OK)
                    continue;
                snprintf(err, sizeof err, "out of memory");
                break;
            case CLICK_PICK:
                pick = l.point[i];
                continue;
            case CLICK_DROP:
                pick = -1;
                continue;
            default:
                snprintf(err, sizeof err, "no move picks or completes there");
            }
        }
        char detail[256];
        snprintf(detail, sizeof detail, "node %d, %c[%s]: %s", i + 1, l.color[i], pt, err);
        rc = proto_fail(res, n, PROTO_EILLEGAL, detail);
    }
    free(l.color);
    free(l.point);
    if (rc == PROTO_OK) {
        struct game_record r;
        record_init(&r);
        rc = proto_session_status(session_to_record(&tmp, &r));
        if (rc == PROTO_OK)
            rc = proto_session_status(session_from_record(&p->s, &r, upto, res, n));
        record_free(&r);
    }
    session_free(&tmp);
    return rc;
}

/* ------------------------------------------------------------- handlers */

/* Every rules command: GoGui (or a controller like it) is talking, so
 * clicks, genmove and undo go by its steps from now on. Only in the piped
 * protocol: a front end of its own (the shell, a board that answers through
 * p->respond) keeps whole moves whatever it is asked. */
static void gogui_mode(struct proto *p)
{
    if (!p->shell && !p->respond)
        p->gogui.on = 1;
}

static int cmd_gogui_analyze(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    int ab = proto_gogui_abilities(p);
    if ((ab & GOGUI_CLICKS))
        snprintf(res, n,
                 "gfx/Status line/gogui-rules_board_gfx\n"
                 "plist/Points to click/gogui-rules_legal_moves\n"
                 "gfx/Winning moves/gogui-gfx winning_moves\n"
                 "gfx/Solve/gogui-gfx solve\n"
                 "gfx/Best move (not played)/gogui-gfx reg_genmove %%m\n"
                 "string/Explain last move/gomill-explain_last_move\n"
                 "string/Hint: the best 5 moves/hint 5\n"
                 "string/Review the game/review\n"
                 "string/Legal moves/legal_moves\n"
                 "string/Evaluation/eval\n"
                 "string/Game over/game_over\n"
                 "string/History/history\n"
                 "string/Position/getposition\n"
                 "string/Show board/showboard\n"
                 "string/Options/list_options\n"
                 "string/Perft 2/perft 2");
    else if ((ab & GOGUI_RULER))
        snprintf(res, n,
                 "plist/Legal moves/legal_moves\n"
                 "plist/Winning moves/winning_moves\n"
                 "pstring/Solve/solve\n"
                 "pstring/Best move (not played)/reg_genmove %%m\n"
                 "pstring/Explain last move/gomill-explain_last_move\n"
                 "pstring/Hint: the best 5 moves/hint 5\n"
                 "string/Review the game/review\n"
                 "string/Evaluation/eval\n"
                 "string/Game over/game_over\n"
                 "string/Position/getposition\n"
                 "string/Show board/showboard\n"
                 "string/Options/list_options\n"
                 "string/Perft 3/perft 3");
    else
        snprintf(res, n, "%s"
                 "string/Show board/showboard\n"
                 "string/Legal moves/legal_moves\n"
                 "string/Side to move/side_to_move\n"
                 "string/History/history\n"
                 "string/Solve/solve\n"
                 "string/Hint: the best 5 moves/hint 5\n"
                 "string/Review the game/review\n"
                 "string/Evaluation/eval\n"
                 "string/Game over/game_over\n"
                 "string/Position/getposition\n"
                 "none/Set position/setposition %%s\n"
                 "none/Load game record/loadgame %%r\n"
                 "string/Options/list_options\n"
                 "string/Perft 2/perft 2",
                 (ab & GOGUI_DISPLAY) ?
                 "gfx/Position on the board/gogui-rules_board_gfx\n" : "");
    return PROTO_OK;
}

static int cmd_gogui_interrupt(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv; (void)res; (void)n;
    return PROTO_OK;
}

static int cmd_gogui_sigint(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    snprintf(res, n, "%ld", (long)getpid());
    return PROTO_OK;
}

static int cmd_rules_game_id(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    gogui_mode(p);
    snprintf(res, n, "%s", p->s.g->name);
    res[0] = (char)toupper((unsigned char)res[0]);
    return PROTO_OK;
}

static int cmd_rules_board_size(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    gogui_mode(p);
    if (!(proto_gogui_abilities(p) & GOGUI_DISPLAY))
        return PROTO_EUNSUPPORTED;
    snprintf(res, n, "%d", board_width(p));
    return PROTO_OK;
}

static int cmd_rules_board(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    gogui_mode(p);
    if (!(proto_gogui_abilities(p) & GOGUI_CELLS))
        return PROTO_EUNSUPPORTED;
    steps_read(p);
    int sz = board_width(p);
    char cells[1024];
    p->s.g->gogui_board(p->s.st, cells, sizeof cells);
    size_t pos = 0;
    buf_printf(res, n, &pos, "\n");
    for (int r = 0; r < sz; r++) {
        for (int c = 0; c < sz; c++)
            buf_printf(res, n, &pos, "%s%c", c ? " " : "", cells[r * sz + c]);
        if (r + 1 < sz)
            buf_printf(res, n, &pos, "\n");
    }
    return PROTO_OK;
}

/* The points a click may go to now, in a game of two-click moves: without
 * a pick, where moves start; with one, where the picked piece can go, then
 * the starts, the pick's own point among them (a click there drops the
 * pick, on another start changes it); PASS where the rules force a pass.
 * Ascending points in each part. */
static void click_targets(struct proto *p, char *res, size_t n)
{
    const struct game *g = p->s.g;
    move_t moves[GAME_MAX_MOVES];
    int k = g->gen_moves(p->s.st, moves), size = board_width(p);
    int pick = steps_pick(&p->gogui), pass = 0;
    unsigned char dest[19 * 19] = {0}, start[19 * 19] = {0};
    for (int i = 0; i < k; i++) {
        int from, to;
        g->gogui_move_points(p->s.st, moves[i], &from, &to);
        if (from < 0)
            pass = 1;
        else if (from == pick)
            dest[to] = 1;
        else
            start[from] = 1;
    }
    if (pick >= 0)
        start[pick] = 1;
    size_t pos = 0;
    res[0] = '\0';
    for (int part = 0; part < 2; part++)
        for (int i = 0; i < size * size; i++)
            if (part ? start[i] && !dest[i] : dest[i]) {
                char pt[16];
                point_name(size, i, pt, sizeof pt);
                buf_printf(res, n, &pos, "%s%s", pos ? " " : "", pt);
            }
    if (pass)
        buf_printf(res, n, &pos, "%sPASS", pos ? " " : "");
}

static int cmd_rules_legal_moves(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    gogui_mode(p);
    if (!(proto_gogui_abilities(p) & GOGUI_RULER))
        return PROTO_EUNSUPPORTED;
    if ((proto_gogui_abilities(p) & GOGUI_CLICKS)) {
        steps_sync(p);
        click_targets(p, res, n);
        return PROTO_OK;
    }
    int rc = proto_find_command("legal_moves")->fn(p, 0, argv, res, n);
    (void)argc;
    for (char *c = res; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    return rc;
}

static int cmd_rules_side_to_move(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    gogui_mode(p);
    int s = session_side_to_move(&p->s);
    snprintf(res, n, "%s", p->s.g->gtp_letter[s] == 'B' ? "black" : "white");
    return PROTO_OK;
}

static int cmd_rules_final_result(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    gogui_mode(p);
    result_text(p, res, n);
    return PROTO_OK;
}

/* The markup of a game of two-click moves, after the game's own: the last
 * move's squares tinted, what it captured crossed, the piece picked and
 * where it can go coloured, and the status line: the side to move (and
 * what it picked) or the result, then the game's own text. */
static void click_gfx(struct proto *p, const char *game_text, char *res, size_t n, size_t *pos)
{
    const struct game *g = p->s.g;
    const struct session *s = &p->s;
    int size = board_width(p), pick = steps_pick(&p->gogui);
    char pt[16];
    if (s->nmoves > 0) {
        const void *before = s->snaps + g->state_size * (size_t)(s->nmoves - 1);
        int from, to;
        g->gogui_move_points(before, s->moves[s->nmoves - 1].move, &from, &to);
        char was[19 * 19 + 1], now[19 * 19 + 1];
        g->gogui_board(before, was, sizeof was);
        g->gogui_board(s->st, now, sizeof now);
        if (from >= 0 && pick < 0) {
            /* where the last move came from (GoGui marks where it went,
             * or, once a piece is picked, the pick) */
            point_name(size, from, pt, sizeof pt);
            buf_printf(res, n, pos, "\nCOLOR #c0c0e8 %s", pt);
        }
        int any = 0;
        for (int i = 0; i < size * size; i++) {
            /* the cells run from the top row; points from the bottom */
            int idx = (size - 1 - i / size) * size + i % size;
            if (was[i] != '.' && now[i] == '.' && idx != from) {
                point_name(size, idx, pt, sizeof pt);
                buf_printf(res, n, pos, "%s%s", any ? " " : "\nMARK ", pt);
                any = 1;
            }
        }
    }
    if (pick >= 0) {
        move_t moves[GAME_MAX_MOVES];
        int k = g->gen_moves(s->st, moves), any = 0;
        for (int i = 0; i < k; i++) {
            int from, to;
            g->gogui_move_points(s->st, moves[i], &from, &to);
            if (from == pick && to >= 0) {
                point_name(size, to, pt, sizeof pt);
                buf_printf(res, n, pos, "%s %s", any ? "" : "\nCOLOR #90e090", pt);
                any = 1;
            }
        }
        point_name(size, pick, pt, sizeof pt);
        buf_printf(res, n, pos, "\nCOLOR #70b0ff %s\nCIRCLE %s", pt, pt);
    }
    char text[256], side[64];
    struct game_status gs;
    if (session_status(s, &gs)) {
        result_text(p, text, sizeof text);
    } else {
        side_text(g, session_side_to_move(s), side, sizeof side);
        if (pick >= 0) {
            point_name(size, pick, pt, sizeof pt);
            snprintf(text, sizeof text, "%s to move, %s picked", side, pt);
        } else {
            snprintf(text, sizeof text, "%s to move", side);
        }
    }
    buf_printf(res, n, pos, "\nTEXT %s%s%s", text, game_text[0] ? "; " : "", game_text);
}

static int cmd_rules_board_gfx(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    gogui_mode(p);
    int ab = proto_gogui_abilities(p);
    if (!(ab & GOGUI_DISPLAY))
        return PROTO_EUNSUPPORTED;
    size_t pos = 0;
    res[0] = '\0';
    char gfx[2048] = "", *text = NULL;
    if (p->s.g->gogui_gfx)
        p->s.g->gogui_gfx(p->s.st, gfx, sizeof gfx);
    if ((ab & GOGUI_CLICKS)) {
        /* the game's status text joins the front end's in one TEXT line
         * (GoGui's status bar shows the last one) */
        text = strstr(gfx, "TEXT ");
        while (text && text != gfx && text[-1] != '\n')
            text = strstr(text + 1, "TEXT ");
        if (text) {
            if (text != gfx)
                text[-1] = '\0';
            else
                gfx[0] = '\0';
            text += 5;
        }
        steps_sync(p);
        buf_printf(res, n, &pos, "%s", gfx);
        click_gfx(p, text ? text : "", res, n, &pos);
        if (res[0] == '\n')
            memmove(res, res + 1, strlen(res));     /* no empty first line */
        return PROTO_OK;
    }
    buf_printf(res, n, &pos, "%s", gfx);
    if (p->s.nmoves > 0 && (ab & GOGUI_RULER)) {
        char last[SESSION_MOVE_TEXT];
        snprintf(last, sizeof last, "%s", p->s.moves[p->s.nmoves - 1].text);
        for (char *c = last; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        if (strcmp(last, "PASS") != 0)
            buf_printf(res, n, &pos, "%sMARK %s", pos ? "\n" : "", last);
    }
    return PROTO_OK;
}

/* GoGui's captured counts: the pieces of GoGui's white that were captured,
 * then black's (GoGui shows each under the other side, the side that took
 * them), counted from the start of the history (the game's, or the last
 * setposition's). GoGui asks after every board it reads from its ruler. */
static int cmd_rules_captured_count(struct proto *p, int argc, char **argv, char *res,
                                    size_t n)
{
    (void)argc; (void)argv;
    gogui_mode(p);
    if (!(proto_gogui_abilities(p) & GOGUI_CAPTURES))
        return PROTO_EUNSUPPORTED;
    const struct game *g = p->s.g;
    const void *start = p->s.nmoves > 0 ? (const void *)p->s.snaps : p->s.st;
    int lost[2];
    for (int side = 0; side < 2; side++)
        lost[side] = g->gogui_pieces(start, side) - g->gogui_pieces(p->s.st, side);
    int white = g->gtp_letter[0] == 'W' ? 0 : 1;
    snprintf(res, n, "%d %d", lost[white], lost[!white]);
    return PROTO_OK;
}

/* gogui-gfx COMMAND [ARG...]: COMMAND's answer drawn on GoGui's board. */
static int cmd_gogui_gfx(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc < 1)
        return PROTO_ESYNTAX;
    const struct proto_cmd *c = proto_find_command(argv[0]);
    if (!c || (c->flags & (CMD_STREAMS | CMD_CHANGES_GAME)) || c->fn == cmd_gogui_gfx ||
        strcmp(c->name, "genmove") == 0)
        return proto_fail(res, n, PROTO_ESYNTAX, "not a command whose answer can be drawn");
    if (!(proto_gogui_abilities(p) & GOGUI_RULER))
        return PROTO_EUNSUPPORTED;
    /* the inner command passes the front end's gate as if it came alone
     * (the web board's refusals and caps, with their reasons) */
    int rc = proto_check_arity(c, argc - 1, res, n);
    if (rc == PROTO_OK && p->gate)
        rc = p->gate(p, c, argc - 1, argv + 1, res, n);
    if (rc != PROTO_OK)
        return rc;
    /* one that does more than answer draws nothing (quit ended the
     * engine, set_option set the option) */
    if (c->flags & CMD_ACTS)
        return proto_fail(res, n, PROTO_ESYNTAX, "not a command whose answer can be drawn");
    rc = c->fn(p, argc - 1, argv + 1, res, n);
    if (rc != PROTO_OK)
        return rc;
    /* the legal moves of the position the answer names: each one's piece
     * circled and its square marked */
    const struct game *g = p->s.g;
    int size = board_width(p);
    char *text = strdup(res), words[PROTO_RES_SIZE / 8];
    if (!text)
        return PROTO_ENOMEM;
    size_t pos = 0;
    char circles[1024] = "", marks[1024] = "";
    unsigned char circled[19 * 19] = {0};
    size_t cp = 0, mp = 0;
    snprintf(words, sizeof words, "%s", text);
    for (char *w = strtok(words, " \n"); w; w = strtok(NULL, " \n")) {
        move_t m;
        char err[64], pt[16];
        if (g->parse_move(p->s.st, w, &m, err, sizeof err) != GAME_OK)
            continue;
        int from = -1, to = -1;
        if (g->gogui_move_points)
            g->gogui_move_points(p->s.st, m, &from, &to);
        else if (!gogui_parse_point(p, w, &to))
            continue;
        if (from >= 0 && !circled[from]) {
            circled[from] = 1;
            point_name(size, from, pt, sizeof pt);
            buf_printf(circles, sizeof circles, &cp, " %s", pt);
        }
        if (to >= 0) {
            point_name(size, to, pt, sizeof pt);
            buf_printf(marks, sizeof marks, &mp, " %s", pt);
        }
    }
    res[0] = '\0';
    if (circles[0])
        buf_printf(res, n, &pos, "CIRCLE%s\n", circles);
    if (marks[0])
        buf_printf(res, n, &pos, "MARK%s\n", marks);
    for (char *c2 = text; *c2; c2++)
        if (*c2 == '\n')
            *c2 = ' ';
    buf_printf(res, n, &pos, "TEXT %s", text[0] == ' ' ? text + 1 : text);
    free(text);
    return PROTO_OK;
}

/* The fields of an entry: name, handler, arguments, their kinds, flags,
 * group, one line of help, and the reference text (doc/protocol.md's
 * section, made from it by tabula-docs). */
const struct proto_cmd gogui_commands[] = {
    {"gogui-interrupt", cmd_gogui_interrupt, "", {0}, 0, PROTO_G_GUI,
     "GoGui: '# interrupt' stops a running command",
     "No arguments; an empty answer. Its presence in `list_commands` tells GoGui and gogui-twogtp "
     "that\n"
     "a running command stops when the comment line `# interrupt` arrives on the input (see\n"
     "[Interrupting a command](#interrupting-a-command))."},
    {"gogui-sigint", cmd_gogui_sigint, "", {0}, 0, PROTO_G_GUI,
     "GoGui: the pid to send SIGINT to",
     "The engine's process id: SIGINT sent to it stops the running command as `# interrupt` does."},
    {"gogui-analyze_commands", cmd_gogui_analyze, "", {0}, 0, PROTO_G_GUI,
     "analysis commands for GoGui",
     "The analysis commands GoGui may offer for the current game, one `type/label/command` line "
     "each\n"
     "(the list is below)."},
    {"gogui-gfx", cmd_gogui_gfx, "COMMAND [ARG...]", {ARG_COMMAND}, CMD_GOGUI_RULER, PROTO_G_GUI,
     "GoGui: a command's moves drawn on the board",
     "Runs COMMAND (one that only answers: `winning_moves`, `solve`, `reg_genmove COLOR`, ...) "
     "and\n"
     "answers GoGui graphics: every legal move its answer names drawn on GoGui's board (`CIRCLE` "
     "on\n"
     "the piece or reserve it starts from, `MARK` where it goes), and the answer itself as the "
     "status\n"
     "line (`TEXT`). COMMAND's errors are its own, and a front end refuses it as it would refuse\n"
     "it alone (`not allowed`). Fails: `syntax error` (no COMMAND, or one that changes the game,\n"
     "streams, is `genmove`, or does more than answer: `quit`, `set_option`, `set_random_seed`,\n"
     "`time_settings`, `time_left`, `savegame`). Listed only when GoGui is the start-up game's "
     "ruler.\n"
     "```\n"
     "gogui-gfx reg_genmove b\n"
     "= CIRCLE E8\n"
     "MARK C8\n"
     "TEXT e8-c8\n"
     "```"},
    {"gogui-rules_game_id", cmd_rules_game_id, "", {0}, 0, PROTO_G_GUI, "GoGui: game name",
     "The game's name, capitalised as GoGui shows it (`Rastros`)."},
    {"gogui-rules_board_size", cmd_rules_board_size, "", {0}, CMD_GOGUI_DISPLAY, PROTO_G_GUI,
     "GoGui: board size",
     "The size of the square board GoGui shows for the current game (the table above). Listed "
     "only\n"
     "when the start-up game has such a board; `not supported by this game` otherwise."},
    {"gogui-rules_board", cmd_rules_board, "", {0}, CMD_GOGUI_CELLS, PROTO_G_GUI,
     "GoGui: board",
     "The board as rows of `X`, `O` and `.` (the top row first), GoGui's black and white stones "
     "(the\n"
     "table above). Listed only when the start-up game has such a board; `not supported by this "
     "game`\n"
     "otherwise."},
    {"gogui-rules_legal_moves", cmd_rules_legal_moves, "", {0}, CMD_GOGUI_RULER, PROTO_G_GUI,
     "GoGui: the points a click may go to",
     "The points GoGui may play now, upper case: in Rastros the legal moves; in Tablut and "
     "Grasshopper\n"
     "the points a click may go to ([two-click moves](#two-click-moves)): where moves start, or, "
     "with a\n"
     "piece picked, where it can go and then the starts, the piece picked among them (a click "
     "there\n"
     "drops the pick); `PASS` where the rules force a pass.\n"
     "Empty when the game is over. Listed only when GoGui can be the start-up game's ruler; `not\n"
     "supported by this game` otherwise."},
    {"gogui-rules_side_to_move", cmd_rules_side_to_move, "", {0}, 0, PROTO_G_GUI,
     "GoGui: side to move",
     "`black` or `white`: GoGui's word for the side to move, by the side's GTP letter. A pick "
     "does not\n"
     "change it."},
    {"gogui-rules_final_result", cmd_rules_final_result, "", {0}, 0, PROTO_G_GUI,
     "GoGui: result text",
     "The text of `game_over`, with the sides' roles where the colour does not say them: `black\n"
     "(attackers) wins: king captured`."},
    {"gogui-rules_board_gfx", cmd_rules_board_gfx, "", {0}, CMD_GOGUI_DISPLAY, PROTO_G_GUI,
     "GoGui: what the stones cannot show",
     "GoGui graphics (gfx lines) drawn over GoGui's board: what the stones cannot show (the "
     "table\n"
     "above), and in Tablut and Grasshopper the piece picked and where it can go, and a status line\n"
     "(`TEXT`). Listed only when the start-up game has a board GoGui shows; `not supported by this "
     "game`\n"
     "otherwise."},
    {"gogui-rules_captured_count", cmd_rules_captured_count, "", {0}, CMD_GOGUI_CAPTURES,
     PROTO_G_GUI, "GoGui: pieces captured",
     "Two numbers, `W B`: how many of white's pieces were captured, then of black's, since the\n"
     "start of the game (or the last `setposition`). GoGui asks it after every position it reads\n"
     "from its ruler and shows each number beside the side that took the pieces (a stone of the\n"
     "other colour and the count, under the player's clock). In Tablut white is the defenders, "
     "the\n"
     "king counted once captured: `3 5` is three defenders taken by the attackers, five attackers\n"
     "taken by the defenders. Listed only when the start-up game is Tablut (Rastros and "
     "Grasshopper\n"
     "capture nothing; GoGui, not finding it, leaves its counts at 0); `not supported by this "
     "game`\n"
     "otherwise."},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};
