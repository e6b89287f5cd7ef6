/* cmd_analysis.c -- the analysis commands: analyze (streamed), solve,
 * winning_moves, eval, perft, bench and the explanation of the last
 * genmove. The policy (how solve spends its budget) is the session's;
 * this file asks and writes the answers. */
#include <inttypes.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "bench.h"
#include "front/protocol.h"
#include "util.h"

struct analyze_ctx {
    struct proto *p;
    int64_t interval_ms, last;
};

static int analyze_stop(void *ctx)
{
    struct analyze_ctx *a = ctx;
    return proto_stop(a->p) || input_pending(a->p->in);
}

static void analyze_report(void *ctx, const struct search_info *info)
{
    struct analyze_ctx *a = ctx;
    struct proto *p = a->p;
    int64_t t = now_ms();
    if (a->interval_ms > 0 && a->last && t - a->last < a->interval_ms && !info->exact)
        return;
    a->last = t;
    if (p->analysis) {
        p->analysis(p, info);
        return;
    }
    char sc[32], pv[4096];
    session_score_text(info->score, sc, sizeof sc);
    session_pv_text(p->s.g, p->s.st, info->pv, info->pvlen, pv, sizeof pv);
    uint64_t nps = util_nps(info->nodes, info->time_ms);
    fprintf(p->out, "info depth %d score %s nodes %" PRIu64 " nps %" PRIu64
            " time %" PRId64 " pv %s\n", info->depth, sc, info->nodes, nps,
            info->time_ms, pv[0] ? pv : "-");
    util_flush(p->out);
}

static int cmd_analyze(struct proto *p, int argc, char **argv, char *err, size_t errn)
{
    long interval = 0;
    int side = -1;
    for (int i = 0; i < argc; i++) {
        long v;
        if (!util_parse_long(argv[i], 0, 1000000, &v))
            interval = v;
        else if (side < 0 && game_parse_color(p->s.g, argv[i]) >= 0)
            side = game_parse_color(p->s.g, argv[i]);
        else
            return PROTO_ESYNTAX;
    }
    struct game_status gs;
    if (session_status(&p->s, &gs))
        return PROTO_EGAMEOVER;
    if (side >= 0 && side != session_side_to_move(&p->s))
        return proto_fail(err, errn, PROTO_EWRONG_TURN,
                          p->s.g->side_names[session_side_to_move(&p->s)]);
    if (!p->respond)            /* (a front end's face has no '=' to write) */
        fprintf(p->out, "=%s \n", p->id);
    util_flush(p->out);
    struct analyze_ctx ctx = { .p = p, .interval_ms = interval * 10, .last = 0 };
    /* the session's policy: a quick proof, else the search until a proof */
    session_analyze(&p->s, analyze_stop, analyze_report, &ctx);
    /* the search may end by itself (a proven result): wait for input */
    if (p->in)
        while (!analyze_stop(&ctx)) {
            /* a signal ends the poll early (EINTR): the flag is seen at once */
            struct pollfd pf = { .fd = p->in->fd, .events = POLLIN };
            poll(&pf, 1, 1000);
        }
    if (!p->respond)
        fprintf(p->out, "\n");
    util_flush(p->out);
    return PROTO_WROTE;
}

static int cmd_solve(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    struct session_proof pr;
    int64_t t0 = now_ms();
    int rc = session_solve(&p->s, proto_stop, p, &pr);
    proto_note(p, pr.note);
    if (rc == SESS_EGAMEOVER) {
        session_result_text(&p->s, res, n);
        return PROTO_EGAMEOVER;
    }
    if (rc == SESS_EUNSOLVED && p->interrupted)
        return proto_fail(res, n, PROTO_EUNSOLVED, "interrupted");
    if (rc != SESS_OK)
        return proto_session_status(rc);
    if (p->verbose)
        fprintf(stderr, "solve: proved in %" PRIu64 " nodes, %" PRId64 " ms\n", pr.nodes,
                now_ms() - t0);
    size_t pos = 0;
    buf_printf(res, n, &pos, "%s", pr.value > 0 ? "win" : pr.value < 0 ? "loss" : "draw");
    if (pr.best != MOVE_NONE) {
        char mt[64];
        p->s.g->format_move(p->s.st, pr.best, mt, sizeof mt);
        buf_printf(res, n, &pos, " %s", mt);
    }
    if (pr.plies >= 0)
        buf_printf(res, n, &pos, " in %d", pr.plies);
    return PROTO_OK;
}

static int cmd_winning_moves(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    move_t moves[GAME_MAX_MOVES];
    int k;
    int rc = session_winning_moves(&p->s, proto_stop, p, moves, &k);
    if (rc == SESS_EGAMEOVER) {
        session_result_text(&p->s, res, n);
        return PROTO_EGAMEOVER;
    }
    if (rc == SESS_EUNSOLVED)
        return proto_fail(res, n, PROTO_EUNSOLVED, p->interrupted ? "interrupted" : "");
    if (rc != SESS_OK)
        return proto_session_status(rc);
    session_moves_text(p->s.g, p->s.st, moves, k, res, n);
    return PROTO_OK;
}

/* hint [N|all]: the best N moves (3 by default, all with all), one a line:
 * MOVE VALUE LOSS. Fails: syntax error, game over, out of memory. */
static int cmd_hint(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long want = 3;
    if (argc > 1)
        return PROTO_ESYNTAX;
    if (argc == 1 && !strcasecmp(argv[0], "all"))     /* as colours: any case */
        want = 0;
    else if (argc == 1 && util_parse_long(argv[0], 1, GAME_MAX_MOVES, &want)) {
        snprintf(res, n, "N must be 1 to %d or all, not '%.24s'", GAME_MAX_MOVES, argv[0]);
        return PROTO_ESYNTAX;
    }
    struct session_ranked *r = malloc(GAME_MAX_MOVES * sizeof *r);
    if (!r)
        return PROTO_ENOMEM;
    int k;
    int rc = session_rank_moves(&p->s, (int)want, proto_stop, p, r, &k);
    if (rc == SESS_EGAMEOVER) {
        free(r);
        session_result_text(&p->s, res, n);
        return PROTO_EGAMEOVER;
    }
    if (rc != SESS_OK) {
        free(r);
        return proto_session_status(rc);
    }
    size_t pos = 0;
    res[0] = '\0';
    for (int i = 0; i < k; i++) {
        char mt[64], v[32], loss[32];
        p->s.g->format_move(p->s.st, r[i].move, mt, sizeof mt);
        session_value_text(&r[i].v, v, sizeof v);
        session_loss_text(&r[0].v, &r[i].v, loss, sizeof loss);
        buf_printf(res, n, &pos, "%s%s %s %s", i ? "\n" : "", mt, v, loss);
    }
    free(r);
    return PROTO_OK;
}

/* review [FILE]: the current game's (or FILE's, loaded first) moves judged,
 * one a line, then each side's figures. */
static int cmd_review(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (argc > 1)
        return PROTO_ESYNTAX;
    if (argc == 1) {
        /* a thin layer: the record is loaded as loadgame loads it */
        const struct proto_cmd *load = proto_find_command("loadgame");
        int rc = load->fn(p, 1, argv, res, n);
        if (rc != PROTO_OK)
            return rc;
        /* another game, as after loadgame (CMD_CHANGES_GAME): the last
         * genmove is gone, and so are GoGui's click steps */
        p->explain.valid = 0;
        p->gogui.stale = 1;
    }
    struct session_review rv;
    int rc = session_review(&p->s, proto_stop, p, &rv);
    if (rc != SESS_OK)
        return proto_session_status(rc);
    const struct game *g = p->s.g;
    size_t pos = 0;
    res[0] = '\0';
    for (int i = 0; i < rv.n; i++) {
        const struct session_judgement *j = &rv.moves[i];
        char pv[32], bv[32];
        const char *mark = session_mark_text(j->mark);
        session_value_text(&j->played, pv, sizeof pv);
        session_value_text(&j->best, bv, sizeof bv);
        /* BEST "-" where no move is named (session_analysis.c's name_best);
         * BESTVALUE then the value, where it is known (a proven win or
         * loss of a length not known: "W", "L") */
        buf_printf(res, n, &pos, "%d %s %s %s %s %s %s\n", j->ply + 1, g->side_names[j->side],
                   j->text, mark[0] ? mark : "-", pv, j->best_text[0] ? j->best_text : "-",
                   j->best_move != MOVE_NONE || j->best.exact ? bv : "-");
    }
    for (int side = 0; side < 2; side++) {
        const struct session_review_side *sd = &rv.side[side];
        int errors = sd->mistakes + sd->blunders;
        buf_printf(res, n, &pos, "%s moves %d only %d mistakes %d blunders %d errors %.1f%%%s",
                   g->side_names[side], sd->moves, sd->only, sd->mistakes, sd->blunders,
                   sd->moves ? 100.0 * errors / sd->moves : 0.0, side == 0 ? "\n" : "");
    }
    if (rv.stopped)
        buf_printf(res, n, &pos, "\nstopped after %d of %d moves", rv.n, p->s.nmoves);
    session_review_free(&rv);
    if (buf_full(n, pos))
        return proto_fail(res, n, PROTO_ENOMEM, "the review is too long for a response; "
                          "savegame writes its marks into the record");
    return PROTO_OK;
}

static int cmd_eval(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    struct game_status gs;
    if (session_status(&p->s, &gs))
        return PROTO_EGAMEOVER;
    snprintf(res, n, "%d", p->s.g->evaluate(p->s.st));
    return PROTO_OK;
}

static int cmd_perft(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    long d;
    if (argc != 1 || util_parse_long(argv[0], 0, 64, &d))
        return PROTO_ESYNTAX;
    void *copy = malloc(p->s.g->state_size);
    if (!copy)
        return PROTO_ENOMEM;
    memcpy(copy, p->s.st, p->s.g->state_size);
    int stopped;
    uint64_t c = game_perft_stop(p->s.g, copy, (int)d, proto_stop, p, &stopped);
    free(copy);
    if (stopped)                /* a part of the count would be no count */
        return PROTO_EINTERRUPTED;
    snprintf(res, n, "%" PRIu64, c);
    return PROTO_OK;
}

static int cmd_bench(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    struct bench_result b;
    if (bench_run(p->verbose ? stderr : NULL, &b))
        return b.failed ? proto_fail(res, n, PROTO_EPOSITION, "a bench position did not load")
                        : PROTO_ENOMEM;
    snprintf(res, n, "%" PRIu64, b.nodes);
    if (p->verbose)
        fprintf(stderr, "bench: %" PRIu64 " nodes, %" PRId64 " ms, %" PRIu64 " nodes/s\n",
                b.nodes, b.ms, bench_nps(&b));
    return PROTO_OK;
}

static int cmd_explain_last_move(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if (!p->explain.valid)
        return PROTO_ENO_EXPLAIN;
    snprintf(res, n, "%s", p->explain.text);
    return PROTO_OK;
}

/* The fields of an entry: name, handler, arguments, their kinds, flags,
 * group, one line of help, and the reference text (doc/protocol.md's
 * section, made from it by tabula-docs). */
const struct proto_cmd analysis_commands[] = {
    {"analyze", cmd_analyze, "[COLOR] [INTERVAL]", {ARG_COLOR, ARG_NONE}, CMD_STREAMS,
     PROTO_G_ANALYSIS, "stream info lines until input arrives",
     "Searches the current position without a limit and streams [info "
     "lines](#the-analyze-info-line)\n"
     "after `=` until the next line of input arrives; then the response ends with its empty line, "
     "and\n"
     "that next line is run as a command. A number argument is INTERVAL (the minimum time between "
     "two\n"
     "info lines in centiseconds, 0 by default: a line per completed depth); so COLOR must be a "
     "name\n"
     "(`black`), not `1`/`2`.\n"
     "\n"
     "In games with exact values (Rastros, Grasshopper) a quick proof comes first (50,000 nodes, "
     "the\n"
     "book, the `tables`): when it settles the position, one line of depth 0 gives the proven "
     "value and\n"
     "its distance where a short search tells it, and the search is not run. The search stops "
     "once its\n"
     "value is proven: a win or a loss in n plies found at a depth of n or more (the last line "
     "says\n"
     "`W<n>`/`L<n>`, like UCI's `score mate`), or a search that saw the whole tree (no line "
     "reports a\n"
     "depth beyond it). The response then still waits for input. Fails (before `=`): `game "
     "over`,\n"
     "`wrong color`, `syntax error`. In the shell (a person at a terminal) each line is in "
     "words\n"
     "instead: the depth, the score, the best line (10 moves at most), the nodes and the time; a "
     "proof's\n"
     "line begins `proved:`, e.g. `proved: white wins in 1 move; best e5 (1 node, 0.0 s)`.\n"
     "In the example, `newgame tablut` and `name` are the input that ends each `analyze`: the "
     "empty\n"
     "line after them ends analyze's response, and then comes theirs.\n"
     "```\n"
     "newgame rastros size=5\n"
     "= \n"
     "analyze black\n"
     "= \n"
     "info depth 0 score W17 nodes 5778 nps 963000 time 6 pv d3\n"
     "newgame tablut\n"
     "\n"
     "= \n"
     "setposition 9/9/9/9/4K4/9/2t6/9/9 w\n"
     "= \n"
     "analyze\n"
     "= \n"
     "info depth 1 score W1 nodes 88 nps 88000 time 0 pv e5-a5\n"
     "name\n"
     "\n"
     "= Tabula\n"
     "```"},
    {"solve", cmd_solve, "", {0}, 0, PROTO_G_ANALYSIS, "prove the value of the position",
    
     "Proves the value of the position for the side to move with the exact solver: `win MOVE`,\n"
     "`loss` or `draw MOVE`, followed by ` in N` (plies to the end with best play) when a short\n"
     "search after the proof can tell the distance; the move is then one that wins fastest. An\n"
     "[interrupt](#interrupting-a-command) ends it with `not solved: interrupted`, or, when only "
     "the\n"
     "distance search was cut, with the proven value without ` in N`. Rastros\n"
     "boards up to 7x7 can be solved (small boards and endgames at once, the 7x7 start in "
     "seconds).\n"
     "\n"
     "Limits: the `movetime` and `nodes` options, when set; the first one reached stops the whole\n"
     "command (the proof and the distance search). When **neither is set, solve stops after 60\n"
     "seconds**, so a person or a GUI always gets an answer; for a longer proof set `movetime` (up "
     "to\n"
     "86400000, 24 hours). The `depth` option and the clocks do not limit a proof. A game with its "
     "own\n"
     "solver gets the same limits.\n"
     "\n"
     "The solver works on every game: a proof's lines are at most 512 plies long, and a return to "
     "a\n"
     "position already on the line counts as a draw (the side that can win never needs a "
     "repetition,\n"
     "so the values are those of the game with its repetition rule). A position whose proof would\n"
     "need longer lines, such as most of Tablut, answers `not solved` once the limit is reached "
     "(or at\n"
     "once when the lines run out). Fails: `game over: RESULT`, `not solved`. Which winning move "
     "is\n"
     "printed, and whether ` in N` appears, may depend on timing; the value does not.\n"
     "```\n"
     "newgame rastros size=5\n"
     "= \n"
     "play black d4\n"
     "= \n"
     "solve\n"
     "= win e5 in 1\n"
     "```"},
    {"winning_moves", cmd_winning_moves, "", {0}, 0, PROTO_G_ANALYSIS,
     "the moves proven to win (empty if none)",
     "The legal moves proven to win for the side to move, space separated in the rules' order; "
     "empty\n"
     "when there is none (the position is proven lost or drawn). The position is proved first, "
     "then\n"
     "each move, with the exact solver and `solve`'s limits: the `movetime` option limits the "
     "whole\n"
     "command, `nodes` each proof, and with neither set the command stops at `solve`'s default "
     "time,\n"
     "so a person or a GUI always gets an answer. GoGui marks them on the board (`plist`). Fails:\n"
     "`not solved` (a limit was reached; `not solved: interrupted`), `game over`.\n"
     "```\n"
     "newgame rastros size=5\n"
     "= \n"
     "winning_moves\n"
     "= c2 b3 d3 c4\n"
     "```"},
    {"hint", cmd_hint, "[N|all]", {0}, 0, PROTO_G_ANALYSIS,
     "the best N moves with their values",
     "The best N moves of the side to move (N 1 to " STR(GAME_MAX_MOVES) ", 3 by default; every "
     "legal move with `all`), best first,\n"
     "one a line: `MOVE VALUE LOSS`.\n"
     "\n"
     "VALUE is exact wherever the book, the `tables` or a proof within the budget settle it: "
     "`W12`\n"
     "(the move wins, in 12 plies counting itself, with best play), `W` (a win of unknown "
     "length),\n"
     "`L12`/`L` likewise for a loss, `D` a draw. Elsewhere it is the score of a multi-PV search "
     "of the\n"
     "moves left, from the mover's view in the evaluation's units (as `analyze`'s: about 100 "
     "for a\n"
     "Tablut soldier, 8 for a Grasshopper quadrant step, 40 for a Rastros step of the snail "
     "towards\n"
     "its goal). LOSS compares the move with the first: `0` for the same value (a slower win "
     "still\n"
     "wins), `W>D`, `W>L` or `D>L` for a proven value thrown, the score lost when both are "
     "scores,\n"
     "`?` when one is proven and the other not. Among equal values the proof's own move comes "
     "first.\n"
     "A win of unknown length comes after the wins whose length is known, a loss of unknown "
     "length\n"
     "before the losses whose length is known: a length is known where the search saw the "
     "game's\n"
     "end, so those losses are the short ones (`L2`: the opponent wins at once).\n"
     "\n"
     "The budget is `genmove`'s (the `nodes` and `movetime` options, the clock, else "
     "alpha-beta's\n"
     "{alphabeta} nodes): the position and then each move are proved with up to half of it, "
     "the moves\n"
     "left are searched with the rest (alpha-beta, whatever the `engine` option). An "
     "[interrupt](#interrupting-a-command)\n"
     "answers with what is known: the proofs so far and the search's last complete iteration. "
     "The\n"
     "proofs and the search start from the engine's tables as earlier commands left them (a "
     "review's\n"
     "start from empty ones), so a hint sees further after a long search or `solve`, and where "
     "nothing\n"
     "is proven two hints in a row, or `hint 3` and `hint all` (N lines share the search), "
     "can rank\n"
     "and score the moves differently. Fails: `game over: RESULT`, `syntax error`.\n"
     "```\n"
     "newgame rastros size=5\n"
     "= \n"
     "play black d4\n"
     "= \n"
     "hint all\n"
     "= e5 W1 0\n"
     "e4 L16 W>L\n"
     "d5 L16 W>L\n"
     "d3 L14 W>L\n"
     "c4 L14 W>L\n"
     "e3 L12 W>L\n"
     "c5 L12 W>L\n"
     "```"},
    {"review", cmd_review, "[FILE]", {ARG_FILE}, 0, PROTO_G_ANALYSIS,
     "every move of the game judged against the best",
     "Reviews the current game (with FILE, the first record of FILE, loaded first as "
     "`loadgame FILE`\n"
     "loads it: the game is then that record's): every move is compared with the best. One line "
     "a\n"
     "move, `PLY SIDE MOVE MARK VALUE BEST BESTVALUE`, then one line a side,\n"
     "`SIDE moves N only K mistakes M blunders B errors E%`.\n"
     "- MARK: `??` (a blunder: the move threw a win to a draw or a loss, or a draw to a "
     "loss),\n"
     "  `?` (a mistake, by search: the move's expected result {mistake_loss} or more below the "
     "best\n"
     "  move's, out of 100), `!` (the only move that kept the value, a win or a draw), `-` "
     "none. By\n"
     "  search, {blunder_loss} or more below, or a forced win (as the search proved it) not "
     "kept, is a\n"
     "  blunder. A score's expected result is what self-play games of the game scored from "
     "such\n"
     "  scores, a win 100 and a draw 50: 1 / (1 + 10^(-SCORE / S)), where S, the score of "
     "10-to-1\n"
     "  odds, is {score_scales}\n"
     "  (`bench/score-scale`). So a drop of score counts less where a side is already far "
     "ahead: a\n"
     "  move that leaves a won position won is no mistake.\n"
     "- VALUE: the move's value for its mover, BESTVALUE the best move's, written as "
     "`hint` writes\n"
     "  them (`W21`, `L`, `D`, a score); BEST the best move (`-` when unknown). A move known to "
     "be as\n"
     "  good as the best is its own BEST. Among wins (losses) the best is the quickest win (the\n"
     "  longest defence): where the budget proved the value but not every length, the move "
     "played\n"
     "  is not named the best, and BEST is `-` with BESTVALUE the value alone (on 6x6 after c3,"
     "\n"
     "  at `nodes` 20000, `2 white d2 - L18 - L`: d3 holds out 26 plies).\n"
     "- The figures: moves, only moves, mistakes, blunders, and errors (mistakes and "
     "blunders) per\n"
     "  move.\n"
     "\n"
     "Exact where proofs reach: each position of the game is proved (within the `nodes` "
     "option,\n"
     "else 1,000,000 nodes; `movetime`, when set, limits each position), and a move whose "
     "position\n"
     "and result are both proven is judged by their values; `!` needs every other move proven "
     "to\n"
     "lose the value. Elsewhere (Tablut, the 8x8 opening) two searches judge it (the `nodes`\n"
     "option, else 200,000 nodes each): the best line, and the move played (so at a small "
     "budget\n"
     "its scores need not be `hint`'s, whose lines share one search). A review starts "
     "from\n"
     "empty tables, as after `loadgame`: a game gets the same review whatever was searched before "
     "it\n"
     "(the engine's next move then starts from the tables the review left). Rastros 7x7 and "
     "smaller\n"
     "boards are exact from the first move (a 36-ply 7x7 game in under a second); so is "
     "Grasshopper\n"
     "where its variant's value table is found (`tables`: those of `pieces=2` and `4` are "
     "installed\n"
     "with Tabula). Without it a `pieces=4` game is exact as far as the proofs within the budget\n"
     "reach, which need not be its first moves (in a fresh engine, `review` after one move answers\n"
     "scores). The marks are kept: `savegame` writes them into the record as PGN NAGs (`$1` !,\n"
     "`$2` ?, `$4` ?\?) with a comment naming the best move (where one is named). An\n"
     "[interrupt](#interrupting-a-command) answers the moves reviewed so far and a last line "
     "`stopped\n"
     "after N of M moves`. Fails: those of `loadgame` (with FILE), `out of memory` (also: more\n"
     "text than a response holds, 64 KiB), `syntax error`.\n"
     "```\n"
     "newgame rastros size=5\n"
     "= \n"
     "play black d4\n"
     "= \n"
     "play white c5\n"
     "= \n"
     "review\n"
     "= 1 black d4 ?\? L2 d3 W17\n"
     "2 white c5 ?\? L12 e5 W1\n"
     "black moves 1 only 0 mistakes 0 blunders 1 errors 100.0%\n"
     "white moves 1 only 0 mistakes 0 blunders 1 errors 100.0%\n"
     "```\n"
     "Black's d4 let white win at once with e5 (d3 wins in 17 plies); white's c5 let it go."},
    {"eval", cmd_eval, "", {0}, 0, PROTO_G_ANALYSIS, "static evaluation for the side to move",
    
     "The static evaluation of the position from the side to move's view (an integer; positive is "
     "good\n"
     "for the side to move). Fails: `game over`."},
    {"perft", cmd_perft, "DEPTH", {0}, 0, PROTO_G_ANALYSIS, "count the leaves of the move tree",
    
     "The number of leaves of the legal-move tree cut at DEPTH (0 to 64); moves that end the game "
     "are\n"
     "leaves; a finished position has perft 0 at any depth above 0. An\n"
     "[interrupt](#interrupting-a-command) ends it with `interrupted` (no count). Fails: `syntax "
     "error`,\n"
     "`interrupted`.\n"
     "```\n"
     "newgame rastros\n"
     "= \n"
     "perft 3\n"
     "= 368\n"
     "```"},
    {"bench", cmd_bench, "", {0}, 0, PROTO_G_ANALYSIS,
     "node count of the fixed benchmark searches",
     "Searches a fixed list of positions of all three games to fixed depths with a fresh "
     "alpha-beta\n"
     "engine and answers the total node count: the search signature, the same on every machine "
     "and\n"
     "build for the same code (`tabula --bench` prints it as `Bench: N`). It takes well under a second."},
    {"gomill-explain_last_move", cmd_explain_last_move, "", {0}, 0, PROTO_G_ANALYSIS,
     "score, depth, nodes, time and PV of the last genmove",
     "One line about the search of the last `genmove` or `reg_genmove` (gomill's ringmaster asks "
     "for it\n"
     "after every `genmove` and stores it; `tabula-match` records parse it):\n"
     "```\n"
     "score S depth D nodes N time MS proven yes|no pv M1 M2 ...\n"
     "```\n"
     "- `score S`: as in [analyze](#the-analyze-info-line), from the view of the side that moved: "
     "an\n"
     "  integer, `W<n>`/`L<n>` for a proven win/loss in n plies, `W`/`L` when the length is "
     "unknown.\n"
     "- `depth D`: the last completed iteration (alpha-beta), the deepest tree path (MCTS).\n"
     "- `nodes N`: nodes (MCTS: iterations) of the whole move, solver included; `time MS`: "
     "milliseconds\n"
     "  the move took.\n"
     "- `proven yes|no`: whether S is a proven game value.\n"
     "- `pv M1 ...`: the principal variation, starting with the move chosen (played, or "
     "`resign`ed\n"
     "  over); at least that move.\n"
     "The format is fixed: fields in this order, one space apart, nothing after the PV.\n"
     "Fails: `no move to explain` when there is none: at start, after a successful `newgame`,\n"
     "`clear_board`, `boardsize`, `setposition`, `loadgame`, `play` or `undo`, and after a "
     "`genmove`\n"
     "that answered without a search (`resign`/`pass` in a finished game) or failed.\n"
     "```\n"
     "play black c3\n"
     "= \n"
     "play white b2\n"
     "= \n"
     "genmove black\n"
     "= a1\n"
     "gomill-explain_last_move\n"
     "= score W1 depth 1 nodes 9 time 0 proven yes pv a1\n"
     "```"},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};
