/* cmd_game.c -- the commands of the games and of play: choosing a game and
 * a position, playing, genmove, undo and the questions about the game.
 * Knows the session and struct game; the search only through the session. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "front/protocol.h"
#include "util.h"

static int cmd_list_games(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv;
    size_t pos = 0;
    for (int i = 0; game_list[i]; i++) {
        if (!game_list[i]->gen_moves)
            continue;
        buf_printf(res, n, &pos, "%s%s", pos ? "\n" : "", game_list[i]->name);
    }
    return PROTO_OK;
}

/* rules [GAME]: the rules of the current game (or of GAME) in a dozen
 * lines, from the game's own table (struct game's rules). */
static int cmd_rules(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc > 1)
        return PROTO_ESYNTAX;
    const struct game *g = argc ? game_find(argv[0]) : p->s.g;
    if (!g || !g->gen_moves)
        return PROTO_EUNKNOWN_GAME;
    if (!g->rules)
        return PROTO_EUNSUPPORTED;
    snprintf(res, n, "%s", g->rules);
    return PROTO_OK;
}

static int cmd_newgame(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc < 1)
        return PROTO_ESYNTAX;
    int rc = session_newgame(&p->s, argv[0], argc - 1, (const char *const *)argv + 1,
                             res, n);
    return proto_session_status(rc);
}

static int cmd_clear_board(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv; (void)res; (void)n;
    return proto_session_status(session_clear(&p->s));
}

static int cmd_boardsize(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long v;
    if (argc != 1 || util_parse_long(argv[0], 1, 1000, &v))
        return PROTO_ESYNTAX;
    (void)res; (void)n;
    int rc = session_boardsize(&p->s, (int)v);
    return rc == SESS_OK ? PROTO_OK : rc == SESS_ENOMEM ? PROTO_ENOMEM : PROTO_ESIZE;
}

static int cmd_setposition(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc < 1)
        return PROTO_ESYNTAX;
    char pos[1024];
    size_t k = 0;
    pos[0] = '\0';
    for (int i = 0; i < argc; i++)
        buf_printf(pos, sizeof pos, &k, "%s%s", i ? " " : "", argv[i]);
    if (k >= sizeof pos - 1)
        return proto_fail(res, n, PROTO_EPOSITION, "too long");
    int rc = session_setposition(&p->s, pos, res, n);
    return rc == SESS_OK ? PROTO_OK : PROTO_EPOSITION;
}

static int cmd_getposition(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    p->s.g->format_position(p->s.st, res, n);
    return PROTO_OK;
}

static int cmd_showboard(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    res[0] = '\n';
    p->s.g->print(p->s.st, res + 1, n - 1);
    return PROTO_OK;
}

static int cmd_history(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    size_t pos = 0;
    res[0] = '\0';
    for (int i = 0; i < p->s.nmoves; i++)
        buf_printf(res, n, &pos, "%s%s", i ? " " : "", p->s.moves[i].text);
    if (buf_full(n, pos))
        return proto_fail(res, n, PROTO_ENOMEM, "the history is too long for a response; "
                          "savegame writes the whole game");
    return PROTO_OK;
}

static int cmd_play(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    int side;
    if (argc != 2)
        return PROTO_ESYNTAX;
    if (proto_side_arg(p, argv[0], &side))
        return PROTO_ECOLOR;
    struct game_status gs;
    if (session_status(&p->s, &gs)) {
        /* the passes a GTP controller relays once a game is over (the
         * winner's pass before the loser resigns, see genmove) are taken and
         * change nothing: a referee that refused them would make
         * gogui-twogtp record an error */
        if (strcasecmp(argv[1], "pass") == 0)
            return PROTO_OK;
        return PROTO_EGAMEOVER;
    }
    if (side != session_side_to_move(&p->s))
        return proto_fail(res, n, PROTO_EWRONG_TURN,
                          p->s.g->side_names[session_side_to_move(&p->s)]);
    int point;
    if (gogui_by_clicks(p) && gogui_parse_point(p, argv[1], &point))
        return gogui_click(p, point, res, n);
    int rc = session_play(&p->s, side, argv[1], res, n);
    if (rc == SESS_ESYNTAX)
        return PROTO_EILLEGAL;       /* GTP: an unparseable move is an illegal move */
    if (rc == SESS_OK)
        gogui_moved(p);
    return proto_session_status(rc);
}

/* The explanation of a search's choice, for gomill-explain_last_move:
 * "score S depth D nodes N time MS proven yes|no pv M1 M2 ...", the PV
 * played out from st (the position the search started from). */
static void set_explain(struct proto *p, const void *st, const struct search_result *r,
                        int64_t ms)
{
    char sc[32], pv[3000];
    session_score_text(r->score, sc, sizeof sc);
    session_pv_text(p->s.g, st, r->pv, r->pvlen, pv, sizeof pv);
    if (!pv[0] && r->best != MOVE_NONE)
        p->s.g->format_move(st, r->best, pv, sizeof pv);
    snprintf(p->explain.text, sizeof p->explain.text,
             "score %s depth %d nodes %" PRIu64 " time %" PRId64 " proven %s pv %s", sc,
             r->depth, r->nodes, ms, r->exact ? "yes" : "no", pv);
    p->explain.valid = 1;
    p->explain.result = *r;
    p->explain.side = p->s.g->side_to_move(st);
    p->explain.ms = ms;
}

/* genmove_analyze's stream: the info lines written as the search goes,
 * its "=id" line written before the first of them. */
struct genmove_stream {
    struct proto *p;
    int64_t interval_ms, last;
    int started;                /* "=id" written */
    char held[4200];            /* the last line the interval held back:
                                 * written before the move, so that the
                                 * stream ends with the search's last word */
    int lines;                  /* info lines the search reported */
    move_t last_first;          /* the last one's first move */
    int last_exact;             /* and whether its score was proven */
    move_t proof_move;          /* a proof's line (depth 0, proven): its
                                 * move, MOVE_NONE for none */
};

/* "=id " and the line break: the result starts on the next line, after
 * the space of GTP's "=[id] result" (as showboard's), which GoGui's
 * GtpClient and gogui-regress take the result after */
static void stream_start(struct genmove_stream *gs)
{
    if (!gs->started)
        fprintf(gs->p->out, "=%s \n", gs->p->id);
    gs->started = 1;
}

/* Writes the line held back, if any. */
static void stream_flush(struct genmove_stream *gs)
{
    if (!gs->held[0])
        return;
    stream_start(gs);
    fprintf(gs->p->out, "%s\n", gs->held);
    util_flush(gs->p->out);
    gs->held[0] = '\0';
}

static int stream_stop(void *ctx)
{
    return proto_stop(((struct genmove_stream *)ctx)->p);
}

/* Formats an info line into gs->held. */
static void stream_line(struct genmove_stream *gs, const struct search_info *info)
{
    struct proto *p = gs->p;
    char sc[32], pv[4096];
    session_score_text(info->score, sc, sizeof sc);
    session_pv_text(p->s.g, p->s.st, info->pv, info->pvlen, pv, sizeof pv);
    uint64_t nps = util_nps(info->nodes, info->time_ms);
    snprintf(gs->held, sizeof gs->held, "info depth %d score %s nodes %" PRIu64 " nps %" PRIu64
             " time %" PRId64 " pv %.4000s", info->depth, sc, info->nodes, nps, info->time_ms,
             pv[0] ? pv : "-");
}

static void stream_report(void *ctx, const struct search_info *info)
{
    struct genmove_stream *gs = ctx;
    struct proto *p = gs->p;
    if (p->watch)
        p->watch(p, info);
    gs->lines++;
    gs->last_first = info->pvlen > 0 ? info->pv[0] : MOVE_NONE;
    gs->last_exact = info->exact;
    if (info->depth == 0 && info->exact)
        gs->proof_move = gs->last_first;
    stream_line(gs, info);
    int64_t t = now_ms();
    if (gs->interval_ms > 0 && gs->last && t - gs->last < gs->interval_ms)
        return;
    gs->last = t;
    stream_flush(gs);
}

/* The stream's last word agrees with the move: when the move played is
 * not the first of the last line (a proof's move, kept over a short look
 * for a quicker win whose heuristic line began with another; the move a
 * smaller budget checked, played where the longer search settled
 * nothing), or the result is proven and the last line was not, one more
 * line gives the result (depth 0 when it is the proof's). */
static void stream_result(struct genmove_stream *gs, const struct search_result *r,
                          int64_t ms)
{
    if (!gs->lines || r->best == MOVE_NONE ||
        (r->best == gs->last_first && (!r->exact || gs->last_exact)))
        return;
    struct search_info info;
    memset(&info, 0, sizeof info);
    info.depth = r->exact && r->best == gs->proof_move ? 0 : r->depth;
    info.score = r->score;
    info.exact = r->exact;
    info.nodes = r->nodes;
    info.time_ms = ms;
    info.pvlen = r->pvlen > 0 && r->pv[0] == r->best ? r->pvlen : 1;
    if (info.pvlen > SEARCH_MAX_PV)
        info.pvlen = SEARCH_MAX_PV;
    memcpy(info.pv, r->pv, sizeof *info.pv * (size_t)info.pvlen);
    info.pv[0] = r->best;
    stream_flush(gs);
    stream_line(gs, &info);
    stream_flush(gs);
}

/* genmove and reg_genmove; genmove_analyze when gs is not NULL (its info
 * lines are then written as the search goes). */
static int genmove_common(struct proto *p, int argc, char **argv, char *res, size_t n,
                          int play, struct genmove_stream *stream)
{
    int side;
    if (argc != 1)
        return PROTO_ESYNTAX;
    if (proto_side_arg(p, argv[0], &side))
        return PROTO_ECOLOR;
    struct game_status gs;
    if (session_status(&p->s, &gs)) {
        if (p->s.resign) {
            /* only the loser resigns; the winner (or either side of a
             * draw) passes, which a GTP controller such as gogui-twogtp
             * records as the end of the game (see doc/protocol.md) */
            p->explain.valid = 0;       /* an answer, no search to explain */
            snprintf(res, n, "%s", gs.winner >= 0 && gs.winner != side ? "resign" : "pass");
            return PROTO_OK;
        }
        return PROTO_EGAMEOVER;
    }
    if (side != session_side_to_move(&p->s))
        return proto_fail(res, n, PROTO_EWRONG_TURN,
                          p->s.g->side_names[session_side_to_move(&p->s)]);
    /* this genmove replaces the explanation; one that fails above
     * changes nothing */
    p->explain.valid = 0;
    struct search_result r;
    void *before = malloc(p->s.g->state_size);
    if (!before)
        return PROTO_ENOMEM;
    memcpy(before, p->s.st, p->s.g->state_size);
    int64_t t0 = now_ms();
    int rc = stream ? session_genmove(&p->s, side, 0, &r, stream_stop, stream_report, stream)
                : session_genmove(&p->s, side, 0, &r, proto_stop, proto_reporter(p), p);
    if (rc == SESS_OK)
        proto_note(p, r.note);
    if (rc != SESS_OK) {
        free(before);
        return proto_session_status(rc);
    }
    set_explain(p, before, &r, now_ms() - t0);
    if (p->s.resign && r.score <= -SCORE_WIN_MIN && r.exact) {
        free(before);
        snprintf(res, n, "resign");
        return PROTO_OK;
    }
    if (stream)
        stream_result(stream, &r, now_ms() - t0);
    p->s.g->format_move(before, r.best, res, n);
    free(before);
    if (p->verbose) {
        char sc[32];
        session_score_text(r.score, sc, sizeof sc);
        fprintf(stderr, "genmove: %s score %s depth %d nodes %" PRIu64 "%s%s\n", res, sc,
                r.depth, r.nodes, r.exact ? " (proven)" : "",
                p->interrupted ? " (interrupted)" : "");
    }
    if (play) {
        int rc2 = session_play_move(&p->s, r.best);
        if (rc2 == SESS_OK) {
            /* the engine's own clock: the move's time comes off it */
            session_clock_charge(&p->s, side, now_ms() - t0);
            gogui_moved(p);
        }
        return proto_session_status(rc2);
    }
    return PROTO_OK;
}

static int cmd_genmove(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (gogui_by_clicks(p))
        return gogui_genmove(p, argc, argv, res, n);     /* in GoGui's two steps */
    return genmove_common(p, argc, argv, res, n, 1, NULL);
}

static int cmd_reg_genmove(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    return genmove_common(p, argc, argv, res, n, 0, NULL);
}

/* genmove_analyze COLOR [INTERVAL]: genmove, with the search's info lines
 * streamed after "=" and the move on a last line "play MOVE" (KataGo's and
 * Leela Zero's genmove_analyze). Errors found before the search starts are
 * ordinary "?" responses; the "=" line waits for the first info line, so
 * that a search that fails before reporting still answers "?". */
static int cmd_genmove_analyze(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long interval = 0;
    if (argc < 1 || argc > 2 || (argc == 2 && util_parse_long(argv[1], 0, 1000000, &interval)))
        return PROTO_ESYNTAX;
    if (p->respond)             /* a front end's face has no stream: genmove */
        return genmove_common(p, 1, argv, res, n, 1, NULL);
    struct genmove_stream gs = { .p = p, .interval_ms = interval * 10,
                                 .last_first = MOVE_NONE, .proof_move = MOVE_NONE };
    int rc = genmove_common(p, 1, argv, res, n, 1, &gs);
    if (rc != PROTO_OK && !gs.started)
        return rc;
    stream_flush(&gs);
    stream_start(&gs);
    if (rc == PROTO_OK)
        fprintf(p->out, "play %s\n\n", res);
    else                        /* cannot happen once the search reported */
        fprintf(p->out, "error %s\n\n", proto_error_text(rc));
    util_flush(p->out);
    return PROTO_WROTE;
}

/* list_variants [GAME]: the variant keys of GAME (the current game by
 * default) from its table, one line each, for programs that build a form. */
static int cmd_list_variants(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    const struct game *g = p->s.g;
    if (argc > 1)
        return PROTO_ESYNTAX;
    if (argc == 1 && !(g = game_find(argv[0])))
        return PROTO_EUNKNOWN_GAME;
    size_t pos = 0;
    res[0] = '\0';
    for (const struct variant_key *k = g->variant_keys; k && k->name; k++) {
        static const char *const kinds[] = { "int", "choice", "square" };
        buf_printf(res, n, &pos, "%s%s type %s default %s", pos ? "\n" : "", k->name,
                   kinds[k->kind], k->def ? k->def : "-");
        if (k->kind == VARIANT_INT)
            buf_printf(res, n, &pos, " min %d max %d step %d", k->lo, k->hi,
                       k->step > 0 ? k->step : 1);
        else if (k->kind == VARIANT_CHOICE)
            buf_printf(res, n, &pos, " choices %s", k->choices);
        if (k->flags & VARIANT_BOARD_SIZE)
            buf_printf(res, n, &pos, " boardsize");
        buf_printf(res, n, &pos, " help %s", k->help);
    }
    return PROTO_OK;
}

static int cmd_undo(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long k = 1;
    (void)res; (void)n;
    if (argc > 1 || (argc == 1 && util_parse_long(argv[0], 0, 1000000, &k)))
        return PROTO_ESYNTAX;
    if (gogui_by_clicks(p))
        return gogui_undo(p, (int)k);       /* GoGui's steps */
    if (session_undo(&p->s, (int)k) != SESS_OK)
        return PROTO_EUNDO;
    gogui_forget(p);
    return PROTO_OK;
}

static int cmd_legal_moves(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    int side = -1;
    if (argc > 1)
        return PROTO_ESYNTAX;
    if (argc == 1 && proto_side_arg(p, argv[0], &side))
        return PROTO_ECOLOR;
    res[0] = '\0';
    if (side >= 0 && side != session_side_to_move(&p->s))
        return PROTO_OK;
    move_t moves[GAME_MAX_MOVES];
    int k = p->s.g->gen_moves(p->s.st, moves);
    session_moves_text(p->s.g, p->s.st, moves, k, res, n);
    return PROTO_OK;
}

/* why_no_move: the game's words for the places of the side to move that
 * start no move, and for a forced pass (struct game's why_no_move). */
static int cmd_why_no_move(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    const struct game *g = p->s.g;
    if (!g->why_no_move) {
        char d[64];
        snprintf(d, sizeof d, "%s gives no reasons", g->name);
        return proto_fail(res, n, PROTO_EUNSUPPORTED, d);
    }
    g->why_no_move(p->s.st, NULL, res, n);
    return PROTO_OK;
}

static int cmd_side_to_move(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    snprintf(res, n, "%s", p->s.g->side_names[session_side_to_move(&p->s)]);
    return PROTO_OK;
}

static int cmd_game_over(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    session_result_text(&p->s, res, n);
    return PROTO_OK;
}

static int cmd_final_score(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    struct game_status gs;
    if (!session_status(&p->s, &gs))
        return PROTO_ENOTOVER;
    if (gs.winner < 0)
        snprintf(res, n, "0");
    else
        snprintf(res, n, "%c+", p->s.g->gtp_letter[gs.winner]);
    return PROTO_OK;
}

/* The fields of an entry: name, handler, arguments, their kinds, flags,
 * group, one line of help, and the reference text (doc/protocol.md's
 * section, made from it by tabula-docs). */
const struct proto_cmd game_commands[] = {
    {"list_games", cmd_list_games, "", {0}, 0, PROTO_G_GAMES, "the games this engine plays",
    
     "The games, one per line: `rastros`, `tablut`, `grasshopper`."},
    {"newgame", cmd_newgame, "GAME [key=value...]", {ARG_GAME, ARG_VARIANT}, CMD_CHANGES_GAME,
     PROTO_G_GAMES, "start GAME with variant options",
     "Starts GAME from its start position with variant options. The game name and the option keys "
     "are\n"
     "case-insensitive. Variants: {variants} (each game's keys, ranges and defaults:\n"
     "[Variants](#variants), `doc/rules/`). Engine options (depth, seed...) are kept. Fails: "
     "`unknown\n"
     "game`, `unknown option: KEY`, `invalid value: ...` (it says the allowed values), `syntax "
     "error`\n"
     "(no game, or an option that is not `key=value`). At most {max_variant_options} options\n"
     "(`invalid value: too many options: at most {max_variant_options}`); a key given twice "
     "counts once, the\n"
     "last value winning. At start-up the game is {default_game}.\n"
     "```\n"
     "newgame rastros size=8\n"
     "= \n"
     "```"},
    {"rules", cmd_rules, "[GAME]", {ARG_GAME}, 0, PROTO_G_GAMES,
     "the rules of the game in a dozen lines",
     "The rules of the current game (or of GAME) in about a dozen lines of plain text: the "
     "board and\n"
     "the pieces, the moves, how the game is won, the notation of moves. The text is the game's "
     "own\n"
     "(the same for every front end); `doc/rules/` has the full rules. In the shell also `help "
     "rules`\n"
     "and `help GAME`. Fails: `unknown game`, `syntax error`.\n"
     "```\n"
     "rules rastros\n"
     "= Rastros (Slime Trail): two players move one shared snail (@) on a square board,\n"
     "5x5 to 8x8 (size=N, 7x7 by default).\n"
     "...\n"
     "```"},
    {"list_variants", cmd_list_variants, "[GAME]", {ARG_GAME}, 0, PROTO_G_GAMES,
     "the variant keys of GAME (default: the current game)",
     "The variant keys `newgame` takes for GAME (the current game without an argument), one line "
     "each,\n"
     "from the game's own table: `KEY type int|choice|square default D`, then `min LO max HI "
     "step S`\n"
     "(int) or `choices A|B` (choice), then the word `boardsize` when `boardsize N` sets this "
     "key, and\n"
     "last `help` and a few words to the end of the line. `default -`: the game derives it (the "
     "help\n"
     "says how). Empty for a game without variants. A program builds its form from it (the web\n"
     "board does). Fails: `unknown game`, `syntax error`.\n"
     "```\n"
     "list_variants rastros\n"
     "= size type int default 7 min 5 max 8 step 1 boardsize help the board's width and height\n"
     "start type square default - help the snail's first square (default: the centre; not a "
     "goal corner)\n"
     "```"},
    {"clear_board", cmd_clear_board, "", {0}, CMD_CHANGES_GAME, PROTO_G_GAMES,
     "restart the current game",
     "Restarts the current game with the same variant options (and forgets any `setposition`)."},
    {"boardsize", cmd_boardsize, "N", {ARG_SIZE}, CMD_CHANGES_GAME, PROTO_G_GAMES,
     "board size, where the game has one",
     "Starts a new game of the current game with its size key set to N ({sizes}), keeping its "
     "other\n"
     "variant options but those that name a square (the start square goes back to its default). A "
     "game\n"
     "of one size takes the size of the board it shows GoGui (see [GoGui "
     "extensions](#gogui-extensions))\n"
     "and restarts, as `clear_board`: GTP controllers send `boardsize` before `clear_board`. "
     "Fails:\n"
     "`unacceptable size` (any other N), `syntax error`.\n"
     "```\n"
     "boardsize 6\n"
     "= \n"
     "getposition\n"
     "= 6/6/3s2/6/6/6 1\n"
     "```"},
    {"setposition", cmd_setposition, "POSITION", {0}, CMD_CHANGES_GAME, PROTO_G_GAMES,
     "set the position from a position string",
     "Sets the position from a position string: all the words after the command, joined by single\n"
     "spaces. The history starts again from this position (`undo` cannot go back past it); the\n"
     "variant stays. Formats: `doc/rules/rastros.md`, `tablut.md`, `grasshopper.md`. Fails: "
     "`invalid\n"
     "position: DETAIL`, `syntax error` (no argument).\n"
     "```\n"
     "setposition 7/7/7/3x3/2s4/7/7 2\n"
     "= \n"
     "```"},
    {"getposition", cmd_getposition, "", {0}, 0, PROTO_G_GAMES, "the current position string",
    
     "The current position string (the input format of `setposition`). A string is a position,\n"
     "not how its game ended: after a Rastros game won in a goal corner it shows the snail there,\n"
     "which `setposition` refuses (the rules reject a snail on a goal corner); the game's record\n"
     "(`getrecord`, `savegame`) carries such a game.\n"
     "```\n"
     "getposition\n"
     "= 7/7/7/3s3/7/7/7 1\n"
     "```"},
    {"showboard", cmd_showboard, "", {0}, 0, PROTO_G_GAMES, "a diagram of the position",
    
     "A text diagram of the position. The result starts on a new line and has no empty line.\n"
     "```\n"
     "showboard\n"
     "= \n"
     "    a b c d e\n"
     " 5  . . . . 2  5    @ snail  # slime\n"
     " 4  . . . . .  4    1 a1 goal of player 1 (black)\n"
     " 3  . . @ . .  3    2 e5 goal of player 2 (white)\n"
     " 2  . . . . .  2    to move: player 1 (black)\n"
     " 1  1 . . . .  1\n"
     "    a b c d e\n"
     "```"},
    {"history", cmd_history, "", {0}, 0, PROTO_G_GAMES, "the moves played so far",
    
     "The moves played since the start position (or the last `setposition`), space separated, in\n"
     "canonical text. Empty at the start. Fails: `out of memory` (more text than a response holds,\n"
     "64 KiB: `savegame` writes the whole game).\n"
     "```\n"
     "history\n"
     "= c3 b2\n"
     "```"},
    {"play", cmd_play, "COLOR MOVE", {ARG_COLOR, ARG_MOVE},
     CMD_CHANGES_GAME | CMD_SHELL_SIDE | CMD_GOGUI_STEPS,
     PROTO_G_PLAY, "play MOVE for COLOR",
     "Plays MOVE for COLOR. Moves are one word, in each game's notation (`c3` in Rastros, `e3-h3` "
     "in\n"
     "Tablut, `0/5`, `21/off`, `pass` in Grasshopper), case-insensitive. `play COLOR pass` in a\n"
     "finished game is accepted and changes nothing (the passes a GTP controller relays to end a "
     "game,\n"
     "see `genmove`). In [GoGui mode](#two-click-moves) a Tablut or Grasshopper MOVE may also be "
     "one\n"
     "point of GoGui's board (`E3`): one click, which picks a piece, completes its move, or, on the\n"
     "piece picked, drops the pick. Fails: `invalid color`,\n"
     "`wrong color: SIDE-TO-MOVE`, `illegal move` (refused or unparseable, with the rules' "
     "detail),\n"
     "`game over`, `syntax error` (not exactly two arguments).\n"
     "```\n"
     "play black c3\n"
     "= \n"
     "play black b2\n"
     "? wrong color: white\n"
     "play white c3\n"
     "? illegal move: the snail is on c3\n"
     "```"},
    {"genmove", cmd_genmove, "COLOR", {ARG_COLOR}, CMD_SHELL_SIDE, PROTO_G_PLAY,
     "choose, play and print a move for COLOR",
     "Chooses a move for COLOR with the current engine and limits (see [Options](#options)), plays "
     "it\n"
     "and prints it. `pass` where the rules force it (Grasshopper). Never `resign`, unless the\n"
     "`resign` option is on: then the answer is `resign` (nothing is played) when the search "
     "proved\n"
     "the position lost, and in a finished game `resign` **only for the side that lost**; the "
     "winner,\n"
     "and either side of a drawn game, answers `pass` (nothing is played). This is what GTP\n"
     "controllers that keep a Go board need (see [GTP "
     "controllers](#using-tabula-with-gtp-controllers)).\n"
     "An [interrupt](#interrupting-a-command) makes it play the best move found so far at once. "
     "In\n"
     "[GoGui mode](#two-click-moves), Tablut and Grasshopper moves come in two answers, as GoGui's "
     "two\n"
     "clicks: the point of the piece to move (nothing is played yet), then, at the next `genmove`, "
     "the\n"
     "point it goes to (the move is played).\n"
     "Fails: `invalid color`, `wrong color`, `game over` (a finished game, `resign` off), `syntax\n"
     "error`.\n"
     "```\n"
     "play black c3\n"
     "= \n"
     "play white b2\n"
     "= \n"
     "genmove black\n"
     "= a1\n"
     "```\n"
     "Without any limit set (no `movetime`, `depth`, `nodes`, no clock) a move gets the fixed "
     "budget\n"
     "that the [`movetime`](#options) option names (alpha-beta: that many nodes for the whole "
     "move, the\n"
     "proof included, a few seconds), so such games are reproducible. With the `nodes` option\n"
     "and no clock, each move is searched as in a new game (the engine's tables emptied first),\n"
     "so a position gets the same move whatever came before it, as at any load. With\n"
     "a `depth` limit, alpha-beta is a depth-limited search (it sees every win within its horizon) "
     "and\n"
     "runs no separate proof: with the depth alone it is reproducible, but blind beyond its "
     "horizon.\n"
     "Without a depth limit, in games with exact endgame values (Rastros, Grasshopper), it first "
     "tries\n"
     "to prove the position within part of the budget ({proof_share}% of the time and of the "
     "nodes, {proof_share_failing}% while\n"
     "proofs fail) and never gives up a proven win; the search gets the rest. A position proven "
     "won or\n"
     "drawn (the book, the `tables`, a quick proof) is answered at once with the proof's move, "
     "whatever\n"
     "the budget (a first search iteration may still find a quicker win); a proven loss searches "
     "on\n"
     "for a move that holds out. In Rastros up to 7x7, whose moves at `nodes 3000` were checked "
     "position by position, a move with more nodes or a clock plays the `nodes 3000` move "
     "wherever its own search settles nothing, so that no amount of time and no load throws a "
     "win that budget keeps (`doc/rules/rastros.md`, \"More time plays the checked move\"). "
     "At a `level` the move is the level's (see [Options](#options)). "
     "How\n"
     "the limits combine: [Options](#options)."},
    {"reg_genmove", cmd_reg_genmove, "COLOR", {ARG_COLOR}, CMD_SHELL_SIDE, PROTO_G_PLAY,
     "choose a move for COLOR without playing it",
     "Like `genmove`, but the move is not played."},
    {"undo", cmd_undo, "[N]", {0}, CMD_CHANGES_GAME | CMD_GOGUI_STEPS, PROTO_G_PLAY,
     "take back N moves (default 1)",
     "Takes back N moves (default 1; `undo 0` does nothing). In [GoGui mode](#two-click-moves), "
     "Tablut\n"
     "and Grasshopper take back N of GoGui's steps: a click that picked a piece, a click that "
     "dropped\n"
     "the pick (the pick is back), or the move a click completed, whose pick is then pending "
     "again.\n"
     "Fails: `cannot undo` (fewer than N moves since the start or the last `setposition`), "
     "`syntax\n"
     "error`."},
    {"legal_moves", cmd_legal_moves, "[COLOR]", {ARG_COLOR}, 0, PROTO_G_PLAY, "the legal moves",
    
     "The legal moves, space separated, in the rules' order. Empty when the game is over, and "
     "empty\n"
     "for the side not to move. Fails: `invalid color`, `syntax error`.\n"
     "```\n"
     "legal_moves\n"
     "= c3 d3 e3 c4 e4 c5 d5 e5\n"
     "legal_moves white\n"
     "= \n"
     "```"},
    {"why_no_move", cmd_why_no_move, "", {0}, 0, PROTO_G_PLAY,
     "why pieces of the side to move cannot move",
     "Why places of the side to move start no move, in the words the shell and the web board\n"
     "say: one line `FROM REASON` for each such place of its (FROM as its moves write where they\n"
     "start: in Grasshopper a point, `0` for the reserve), in the order of `legal_moves`, then,\n"
     "when a pass is its only move, a line `pass REASON` that says why for the whole side. Empty\n"
     "when every piece can move and when the game is over. Grasshopper gives reasons; the other\n"
     "games fail with `not supported by this game`.\n"
     "```\n"
     "newgame grasshopper pieces=4\n"
     "= \n"
     "setposition ....../wbW.../....../b..... w 1,2 0,0 -\n"
     "= \n"
     "why_no_move\n"
     "= 7 the wall on 9 blocks its way\n"
     "```"},
    {"side_to_move", cmd_side_to_move, "", {0}, 0, PROTO_G_PLAY, "the side to move",
    
     "The canonical name of the side to move (also in a finished game: the side that would move)."},
    {"game_over", cmd_game_over, "", {0}, 0, PROTO_G_PLAY,
     "ongoing, or who won (or draw) and why",
     "`ongoing`, or `SIDE wins: REASON`, or `draw: REASON`.\n"
     "```\n"
     "game_over\n"
     "= black wins: snail reached a1\n"
     "```\n"
     "Reasons include `snail reached a1`, `no legal move` (Rastros), the Tablut and Grasshopper\n"
     "reasons of `doc/rules/`. A loaded record's result decided off the board (time,\n"
     "resignation) is kept for `savegame` (see [Records](#records)), but `game_over` and\n"
     "`final_score` answer from the board."},
    {"final_score", cmd_final_score, "", {0}, 0, PROTO_G_PLAY,
     "B+, W+ or 0 for a finished game",
     "The GTP result of a finished game: `B+` or `W+` (the winner's letter, see "
     "[Colours](#colours)),\n"
     "`0` for a draw. Fails: `game not over`.\n"
     "```\n"
     "final_score\n"
     "= B+\n"
     "```"},
    {"genmove_analyze", cmd_genmove_analyze, "COLOR [INTERVAL]", {ARG_COLOR, ARG_NONE},
     CMD_STREAMS | CMD_SHELL_SIDE, PROTO_G_PLAY,
     "genmove, streaming the search's info lines",
     "`genmove` that shows its thinking, as KataGo's and Leela Zero's `genmove_analyze`: after "
     "`=`\n"
     "come [info lines](#the-analyze-info-line) as the search completes its iterations (at least\n"
     "INTERVAL centiseconds apart, the last one always; 0, the default, writes every one), then "
     "the\n"
     "line `play MOVE`, and\n"
     "the move is played. The score of an info line is from the view of the side that moves. "
     "Limits,\n"
     "the [interrupt](#interrupting-a-command) and the `resign` option work as for `genmove`.\n"
     "Fails as `genmove`, before `=`: `invalid color`, `wrong color`, `game over`, `syntax "
     "error`.\n"
     "In games with exact values the proof that comes first (see `genmove`) is a line of depth "
     "0;\n"
     "when it proves the position won, the lines after it are the short look for a quicker win, "
     "and\n"
     "their heuristic scores do not undo the proof: unless one of them is a win, the proof's move "
     "is\n"
     "played. The last line agrees with the move: when the move played is not the first of the "
     "last\n"
     "line, or the result is proven and the last line's score is not, one more line gives the "
     "result\n"
     "(depth 0 when it is the proof's). Here the proof says won (`W`, with no distance), a look "
     "to\n"
     "depth 3 ends on a line that begins b2 with the score 148, and a last line says `W` for c2, "
     "the\n"
     "move played (on boards up to 7x7 the move is what `nodes 3000` plays, checked position by\n"
     "position, wherever that settles the position: see the `movetime` option):\n"
     "```\n"
     "newgame rastros size=5\n"
     "= \n"
     "genmove_analyze black\n"
     "= \n"
     "info depth 0 score W nodes 2700 nps 675000 time 4 pv c2\n"
     "info depth 1 score 132 nodes 9 nps 9000 time 0 pv b2\n"
     "info depth 2 score 84 nodes 41 nps 41000 time 0 pv b2 c2\n"
     "info depth 3 score 148 nodes 116 nps 116000 time 0 pv b2 c1 b1\n"
     "info depth 0 score W nodes 3000 nps 750000 time 4 pv c2\n"
     "play c2\n"
     "```"},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};
