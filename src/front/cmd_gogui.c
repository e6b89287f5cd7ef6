/* cmd_gogui.c -- GoGui's extensions: interrupt, its analyze commands and
 * the rules commands that let GoGui draw a game's board and be its ruler
 * (doc/protocol.md, "GoGui extensions"). Knows the session and struct
 * game's GoGui entries. */
#include <ctype.h>
#include <string.h>
#include <unistd.h>
#include "front/protocol.h"
#include "util.h"

static int cmd_gogui_analyze(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if ((proto_gogui_abilities(p) & GOGUI_RULER))
        snprintf(res, n,
                 "plist/Legal moves/legal_moves\n"
                 "plist/Winning moves/winning_moves\n"
                 "pstring/Solve/solve\n"
                 "pstring/Best move (not played)/reg_genmove %%m\n"
                 "pstring/Explain last move/gomill-explain_last_move\n"
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
                 "string/Evaluation/eval\n"
                 "string/Game over/game_over\n"
                 "string/Position/getposition\n"
                 "none/Set position/setposition %%s\n"
                 "none/Load game record/loadgame %%r\n"
                 "string/Options/list_options\n"
                 "string/Perft 2/perft 2",
                 (proto_gogui_abilities(p) & GOGUI_DISPLAY) ?
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
    snprintf(res, n, "%s", p->s.g->name);
    res[0] = (char)toupper((unsigned char)res[0]);
    return PROTO_OK;
}

static int cmd_rules_board_size(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if (!(proto_gogui_abilities(p) & GOGUI_DISPLAY))
        return PROTO_EUNSUPPORTED;
    snprintf(res, n, "%d", p->s.g->board_size(p->s.st));
    return PROTO_OK;
}

static int cmd_rules_board(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if (!(proto_gogui_abilities(p) & GOGUI_CELLS))
        return PROTO_EUNSUPPORTED;
    int sz = p->s.g->board_size(p->s.st);
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

static int cmd_rules_legal_moves(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    if (!(proto_gogui_abilities(p) & GOGUI_RULER))
        return PROTO_EUNSUPPORTED;
    int rc = proto_find_command("legal_moves")->fn(p, 0, argv, res, n);
    (void)argc;
    for (char *c = res; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    return rc;
}

static int cmd_rules_side_to_move(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    int s = session_side_to_move(&p->s);
    snprintf(res, n, "%s", p->s.g->gtp_letter[s] == 'B' ? "black" : "white");
    return PROTO_OK;
}

static int cmd_rules_final_result(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    session_result_text(&p->s, res, n);
    return PROTO_OK;
}

static int cmd_rules_board_gfx(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv;
    if (!(proto_gogui_abilities(p) & GOGUI_DISPLAY))
        return PROTO_EUNSUPPORTED;
    size_t pos = 0;
    res[0] = '\0';
    if (p->s.g->gogui_gfx) {
        char gfx[1024];
        p->s.g->gogui_gfx(p->s.st, gfx, sizeof gfx);
        buf_printf(res, n, &pos, "%s", gfx);
    }
    if (p->s.nmoves > 0 && (proto_gogui_abilities(p) & GOGUI_RULER)) {
        char last[SESSION_MOVE_TEXT];
        snprintf(last, sizeof last, "%s", p->s.moves[p->s.nmoves - 1].text);
        for (char *c = last; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        if (strcmp(last, "PASS") != 0)
            buf_printf(res, n, &pos, "%sMARK %s", pos ? "\n" : "", last);
    }
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
    {"gogui-rules_game_id", cmd_rules_game_id, "", {0}, 0, PROTO_G_GUI, "GoGui: game name",
    
     "The game's name, capitalised as GoGui shows it (`Rastros`)."},
    {"gogui-rules_board_size", cmd_rules_board_size, "", {0}, CMD_GOGUI_DISPLAY, PROTO_G_GUI,
     "GoGui: board size",
     "The size of the square board GoGui shows for the current game (the table above). Listed "
     "only\n"
     "when the start-up game has such a board; `not supported by this game` otherwise."},
    {"gogui-rules_board", cmd_rules_board, "", {0}, CMD_GOGUI_CELLS, PROTO_G_GUI,
     "GoGui: board",
     "The board as rows of `X`, `O` and `.` (the top row first), for games whose board is such "
     "cells\n"
     "(the table above). Listed only when the start-up game has one; `not supported by this game`\n"
     "otherwise."},
    {"gogui-rules_legal_moves", cmd_rules_legal_moves, "", {0}, CMD_GOGUI_RULER, PROTO_G_GUI,
     "GoGui: legal moves",
     "The legal moves in upper case (GoGui's points); empty when the game is over. Listed only "
     "when the\n"
     "start-up game's moves are points (GoGui is then the ruler); `not supported by this game`\n"
     "otherwise."},
    {"gogui-rules_side_to_move", cmd_rules_side_to_move, "", {0}, 0, PROTO_G_GUI,
     "GoGui: side to move",
     "`black` or `white`: GoGui's word for the side to move, by the side's GTP letter."},
    {"gogui-rules_final_result", cmd_rules_final_result, "", {0}, 0, PROTO_G_GUI,
     "GoGui: result text",
     "The text of `game_over`."},
    {"gogui-rules_board_gfx", cmd_rules_board_gfx, "", {0}, CMD_GOGUI_DISPLAY, PROTO_G_GUI,
     "GoGui: goal corners, last move",
     "GoGui graphics (gfx lines) drawn over GoGui's board: what the board cells cannot show (the "
     "table\n"
     "above). Listed only when the start-up game has a board GoGui shows; `not supported by this "
     "game`\n"
     "otherwise."},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};
