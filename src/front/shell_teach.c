/* shell_teach.c -- what the engine knows, in words at the shell: the ranked
 * hint and the review of a game read from the protocol's answers, the tutor
 * that warns before a move that throws a win, and the forced passes the
 * shell plays by itself. The judging is the session's (session_analysis.c);
 * this file only words it. Knows the session, struct game and the shell. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "front/shell_int.h"
#include "util.h"

/* A score's expected result for its side in game g, in per cent
 * (session_expected): "45%". */
static void expect_text(const struct game *g, int score, char *buf, size_t n)
{
    snprintf(buf, n, "%d%%", (int)(100 * session_expected(g, score) + 0.5));
}

/* A value token of hint or review ("W12", "W", "L4", "D", "-35") in words,
 * for the move's mover in game g: "wins in 6 moves", "draws", "score -35
 * (45%)" (with its expected result). Moves are the winner's, as chess's
 * "mate in 3". */
static void value_words(const struct game *g, const char *tok, char *buf, size_t n)
{
    if ((tok[0] == 'W' || tok[0] == 'L') && (tok[1] == '\0' || (tok[1] >= '0' && tok[1] <= '9'))) {
        int win = tok[0] == 'W';
        if (!tok[1]) {
            snprintf(buf, n, "%s", win ? "wins" : "loses");
            return;
        }
        int plies = atoi(tok + 1);
        /* a win of p plies counting the move: (p + 1) / 2 of the mover's
         * moves; a loss: p / 2 of the opponent's */
        int moves = win ? (plies + 1) / 2 : plies / 2;
        if (moves == 0)         /* L1: the move itself loses (into the
                                 * opponent's corner); it said "in 0 moves" */
            snprintf(buf, n, "loses at once");
        else
            snprintf(buf, n, "%s in %d move%s", win ? "wins" : "loses", moves,
                     moves == 1 ? "" : "s");
    } else if (!strcmp(tok, "D")) {
        snprintf(buf, n, "draws");
    } else {
        int v = atoi(tok);
        char e[16];
        expect_text(g, v, e, sizeof e);
        snprintf(buf, n, "score %+d (%s)", v, e);
    }
}

/* A value token as what a move does, after "it" or a move: "wins in 6
 * moves", "draws", or for a score "scores -35" (the search's). */
static void value_verb(const struct game *g, const char *tok, char *buf, size_t n)
{
    char w[64];
    value_words(g, tok, w, sizeof w);
    if (!strncmp(w, "score ", 6))
        snprintf(buf, n, "scores %.32s", w + 6);
    else
        snprintf(buf, n, "%s", w);
}

/* A hint's LOSS token in words: "" for none. */
static void loss_words(const char *tok, char *buf, size_t n)
{
    if (!strcmp(tok, "W>D"))
        snprintf(buf, n, ": throws the win (a draw)");
    else if (!strcmp(tok, "W>L"))
        snprintf(buf, n, ": throws the win");
    else if (!strcmp(tok, "D>L"))
        snprintf(buf, n, ": throws the draw");
    else if (strcmp(tok, "0") && strcmp(tok, "?"))
        snprintf(buf, n, " (%s worse)", tok);
    else if (n)
        buf[0] = '\0';
}

void shell_describe_hint(struct shell *sh, const char *text)
{
    struct proto *p = sh->p;
    FILE *o = p->out;
    move_t moves[GAME_MAX_MOVES];
    int total = p->s.g->gen_moves(p->s.st, moves), k = 0;
    for (const char *c = text; *c; c++)
        k += *c == '\n';
    k += text[0] != '\0';
    int stm = session_side_to_move(&p->s);
    if (k == total)
        fprintf(o, "all %d moves, best first (%s to move):\n", total, shell_side_name(p, stm));
    else
        fprintf(o, "the best %d of %d moves (%s to move):\n", k, total, shell_side_name(p, stm));
    int scores = 0, i = 0;
    for (const char *line = text; *line; i++) {
        size_t len = strcspn(line, "\n");
        char mt[64] = "", v[32] = "", loss[32] = "", vw[64], lw[64];
        char buf[256];
        snprintf(buf, sizeof buf, "%.*s", (int)len, line);
        if (sscanf(buf, "%63s %31s %31s", mt, v, loss) == 3) {
            value_words(p->s.g, v, vw, sizeof vw);
            loss_words(loss, lw, sizeof lw);
            fprintf(o, "  %2d. %-10s %s%s\n", i + 1, mt, vw, lw);
            scores |= strncmp(vw, "score", 5) == 0;
        }
        line += len;
        if (*line)
            line++;
    }
    if (scores)
        fprintf(o, "(a score is the search's, from the mover's view, in the evaluation's "
                "units: 'help hint' gives them; its per cent is the expected result that goes "
                "with it: 'help review'; the values that are not scores are proven)\n");
}

void shell_describe_review(struct shell *sh, const char *text)
{
    struct proto *p = sh->p;
    FILE *o = p->out;
    int moves = 0, marked = 0;
    for (const char *line = text; *line;) {
        size_t len = strcspn(line, "\n");
        char buf[512];
        snprintf(buf, sizeof buf, "%.*s", (int)len, line);
        int ply;
        char side[32], mt[64], mark[8], v[32], best[64], bv[32];
        if (sscanf(buf, "%d %31s %63s %7s %31s %63s %31s", &ply, side, mt, mark, v, best, bv) ==
            7) {
            moves++;
            if (strcmp(mark, "-")) {
                char vw[64], bw[64];
                int s = game_parse_color(p->s.g, side);
                value_words(p->s.g, v, vw, sizeof vw);
                value_words(p->s.g, bv, bw, sizeof bw);
                if (!marked++)
                    fprintf(o, "the marked moves:\n");
                /* numbered as savegame numbers the record's moves: "7." for
                 * the first side's, "7..." for the other's (ply 13, 14) */
                int first = p->s.g->side_to_move(p->s.start) ? 1 : 0;
                char num[24];
                snprintf(num, sizeof num, "%d%s", 1 + (ply - 1 + first) / 2,
                         s == 1 ? "..." : ".");
                fprintf(o, "  %7s %-9s %-10s %-2s  ", num, s >= 0 ? shell_side_name(p, s) : side,
                        mt, mark);
                if (!strcmp(mark, "!"))
                    fprintf(o, "the only move that keeps it: %s\n", vw);
                else if (!strcmp(best, "-"))
                    fprintf(o, "%s; the best move is not known\n", vw);
                else
                    fprintf(o, "%s; %s %s\n", vw, best, bw);
            }
        } else if (!strncmp(buf, "stopped", 7)) {
            fprintf(o, "(%s)\n", buf);
        } else {
            int n, only, mis, blu;
            double err;
            if (sscanf(buf, "%31s moves %d only %d mistakes %d blunders %d errors %lf", side, &n,
                       &only, &mis, &blu, &err) == 6) {
                int s = game_parse_color(p->s.g, side);
                if (s < 0)
                    continue;
                if (s == 0 && !marked)
                    fprintf(o, "no move marked\n");
                fprintf(o, "%s: %d move%s, %d only move%s, %d mistake%s, %d blunder%s "
                        "(errors %.1f%%)\n", shell_side_name(p, s), n, n == 1 ? "" : "s", only,
                        only == 1 ? "" : "s", mis, mis == 1 ? "" : "s", blu, blu == 1 ? "" : "s",
                        err);
            }
        }
        line += len;
        if (*line)
            line++;
    }
    if (moves)
        fprintf(o, "(?? a win or a draw thrown, or by search an expected result (the per cent "
                "after a score) %d or more below the best move's; ? %d or more below; ! the "
                "only move that keeps the value; savegame FILE writes the marks into the "
                "record)\n",
                SESSION_BLUNDER_LOSS, SESSION_MISTAKE_LOSS);
}

/* ------------------------------------------------------------ the tutor */

int sh_tutor(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    struct shell *sh = p->front;
    if (argc > 1)
        return PROTO_ESYNTAX;
    if (argc == 1) {
        if (!strcasecmp(argv[0], "on"))
            sh->tutor = 1;
        else if (!strcasecmp(argv[0], "off"))
            sh->tutor = 0;
        else
            return PROTO_ESYNTAX;
    }
    snprintf(res, n, "the tutor is %s%s", sh->tutor ? "on" : "off",
             sh->tutor ? ": it warns before a move that throws a win or a draw, or loses much "
                         "by search" : "");
    return 0;
}

int shell_tutor_allows(struct shell *sh, const char *move)
{
    struct proto *p = sh->p;
    const struct game *g = p->s.g;
    FILE *o = p->out;
    struct game_status gs;
    move_t m;
    char err[128];
    if (!sh->tutor || session_status(&p->s, &gs) ||
        g->parse_move(p->s.st, move, &m, err, sizeof err) != GAME_OK)
        return 1;
    int side = session_side_to_move(&p->s);
    if (sh->computer[side])
        return 1;
    struct session_judgement j;
    int rc = session_judge_move(&p->s, m, proto_stop, p, &j);
    int stopped = p->interrupt;
    p->interrupt = 0;
    if (rc != SESS_OK || stopped ||
        (j.mark != SESSION_MARK_BLUNDER && j.mark != SESSION_MARK_MISTAKE))
        return 1;
    char pv[32], bv[32], pw[128], bw[64];
    session_value_text(&j.played, pv, sizeof pv);
    session_value_text(&j.best, bv, sizeof bv);
    /* what the move does: "it loses in 2 moves", or by search "the search
     * scores it -69 for white" (a bare "it score -69" had neither verb
     * nor whose score it was) */
    if (j.played.exact) {
        char t[64];
        value_verb(p->s.g, pv, t, sizeof t);
        snprintf(pw, sizeof pw, "it %s", t);
    } else {
        char e[16];
        expect_text(p->s.g, atoi(pv), e, sizeof e);
        snprintf(pw, sizeof pw, "the search scores it %+d (%s) for %s", atoi(pv), e,
                 shell_side_name(p, side));
    }
    value_verb(p->s.g, bv, bw, sizeof bw);
    /* the best move where the review's rule names one (name_best) */
    char where[128] = "";
    if (j.best_move != MOVE_NONE)
        snprintf(where, sizeof where, ", where %s %s", j.best_text, bw);
    if (j.mark == SESSION_MARK_BLUNDER && j.best.exact && j.best.value > j.played.value)
        fprintf(o, "tutor: %s throws the %s: %s%s.\n", j.text,
                j.best.value > 0 ? "win" : "draw", pw, where);
    else
        fprintf(o, "tutor: %s is a %s: %s%s.\n", j.text,
                j.mark == SESSION_MARK_BLUNDER ? "blunder" : "mistake", pw, where);
    char prompt[160];
    snprintf(prompt, sizeof prompt, "play %s anyway? (y/N) ", j.text);
    int yes = shell_ask_yes(sh, prompt);
    if (!yes)
        fprintf(o, "(not played: 'hint' shows the best moves)\n");
    fflush(o);
    return yes;
}

/* ------------------------------------------------------- forced passes */

int shell_auto_pass(struct shell *sh)
{
    struct proto *p = sh->p;
    const struct game *g = p->s.g;
    int played = 0;
    for (;;) {
        struct game_status gs;
        if (session_status(&p->s, &gs))
            break;
        int side = session_side_to_move(&p->s);
        move_t moves[GAME_MAX_MOVES];
        char mt[64];
        if (sh->computer[side] || g->gen_moves(p->s.st, moves) != 1)
            break;
        g->format_move(p->s.st, moves[0], mt, sizeof mt);
        if (strcmp(mt, "pass"))
            break;
        /* and why, in the game's words (Grasshopper's walls, a full A) */
        char why[1024] = "";
        if (g->why_no_move)
            g->why_no_move(p->s.st, "pass", why, sizeof why);
        if (session_play_move(&p->s, moves[0]) != SESS_OK)
            break;
        fprintf(p->out, "%s %s: no other move%s%s.\n", shell_side_name(p, side),
                shell_verb(p, "passes", "pass"), why[0] ? ": " : "", why);
        played++;
    }
    return played;
}
