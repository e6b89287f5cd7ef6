/* shell.c -- the interactive shell: the protocol's command table under GNU
 * readline, with play mode (the engine answers by itself), a live status
 * line while it thinks, Ctrl-C, errors that teach, grouped help, completion
 * and a board with the last move marked. Knows games only through struct
 * game and the session; the protocol's piped answers are not its business. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "config.h"
#include "front/doctext.h"
#include "front/shell_int.h"
#include "options.h"
#include "record.h"
#include "util.h"

#define STATUS_DELAY_MS 250     /* no status line for a move faster than this */
#define STATUS_EVERY_MS 100

/* Shell-only commands: the same record as the protocol's, so that help,
 * completion and the docs (tabula-docs) see them; run by shell_dispatch. */
static int sh_computer(struct proto *p, int argc, char **argv, char *res, size_t n);
static int sh_exit(struct proto *p, int argc, char **argv, char *res, size_t n);
static void print_wrapped(FILE *o, const char *text);

const struct proto_cmd shell_commands[] = {
    {"computer", sh_computer, "[COLOR|both|none]", {ARG_SIDES}, 0, PROTO_G_PLAY,
     "the side(s) the engine plays by itself",
     "Play mode: a bare move plays for the side to move, and the engine answers at once when "
     "it is its turn; `undo` then takes back a whole turn.\n"
     "`both`: the engine plays itself (Ctrl-C pauses it, Enter resumes); `none`: two people "
     "(the default). Without an argument, says who plays what."},
    {"tutor", sh_tutor, "[on|off]", {0}, 0, PROTO_G_PLAY,
     "warn before a move that throws a win",
     "With the tutor on, a move you type (in play mode, your side's; else every move) is first "
     "judged as `review` judges a move: when it throws a proven win or draw, or is a mistake by "
     "search (its expected result {mistake_loss} or more below the best move's, out of 100: "
     "`help review`), the shell says so, with the best move and its value, and "
     "asks before playing it (Enter or n: not played). Off by default. Without an argument, "
     "says whether it is on."},
    {"exit", sh_exit, "", {0}, 0, PROTO_G_ADMIN, "leave (the same as quit)", ""},
    {NULL, NULL, NULL, {0}, 0, PROTO_G_NONE, NULL, NULL}
};

/* What the shell does differently from the protocol with a protocol
 * command (besides CMD_SHELL_SIDE, which shell_note words itself); shown
 * by "help COMMAND" and in the docs. */
const struct shell_note shell_notes[] = {
    {"play", "A bare move, without the command, plays for the side to move."},
    {"undo", "Without N, undo also takes back the forced passes the shell played: back to "
     "before the last move that was not a pass; in play mode (computer COLOR) a whole turn: "
     "back to your last move. The shell plays a forced pass again only after a command that "
     "changes the game."},
    {"help", "In the shell: help (groups), help GROUP, help all, help COMMAND, help rules (the "
     "current game's rules), help GAME (that game's), help OPTION (an engine option: what it "
     "means, its values and its value now: help level)."},
    {"savegame", "In the shell FILE may start with ~ and be quoted (\"my game.rec\"); Tab "
     "completes file names. Before it replaces a file (not empty) it asks (y/N), saying what the "
     "file holds (m.pgn holds 4 games: replace it with this one?), unless the shell last wrote "
     "or read it and it holds only this game, or its first moves: nothing lost. In play mode "
     "the record names the engine's side (Tabula, its version and level) and yours (your login "
     "name)."},
    {"loadgame", "In the shell FILE may start with ~ and be quoted; Tab completes file names."},
    {"hint", "In the shell the answer is in words, one move a line, ranked: its value (wins in "
     "N moves, loses in N moves, draws, or the search's score with its expected result in per "
     "cent, as `help review` says) and what it gives away against the first."},
    {"review", "In the shell the answer is in words: the marked moves only, numbered as the "
     "record numbers them, with their value and the best move's (a score with its expected result in per cent), "
     "then each side's figures and a legend of the marks. review FILE is loadgame FILE (which "
     "says so), then review: the game loaded is FILE's, the review's marks are unsaved until "
     "a savegame writes them (quit keeps them)."},
    {"set_option", "In the shell it says the option's new value: level is now 2."},
    {"winning_moves", "In the shell no winning move is said in words: none: no move of SIDE "
     "wins with best play."},
    {"quit", "In the shell also exit, Ctrl-D at an empty prompt, or Ctrl-C twice. A game with "
     "moves, a review's marks or a position set by setposition that no savegame wrote (nor "
     "loadgame read) is first kept, with its marks, in ~/.tabula_unsaved.pgn "
     "($TABULA_UNSAVED), as it is once newgame, loadgame, review FILE, setposition, "
     "boardsize, clear_board or setrecord has replaced it (one that fails leaves the game, and "
     "keeps nothing); the shell says so."},
    {NULL, NULL}
};

void shell_note(const struct proto_cmd *c, char *buf, size_t n)
{
    size_t pos = 0;
    if (n)
        buf[0] = '\0';
    if (c->flags & CMD_SHELL_SIDE)
        buf_printf(buf, n, &pos, "In the shell COLOR may be left out: the side to move.");
    for (int i = 0; shell_notes[i].name; i++)
        if (!strcmp(shell_notes[i].name, c->name))
            buf_printf(buf, n, &pos, "%s%s", pos ? " " : "", shell_notes[i].text);
}

/* Whether c is one of the shell's own commands. */
static int shell_only(const struct proto_cmd *c)
{
    return c >= shell_commands && c < shell_commands + sizeof shell_commands /
                                                       sizeof *shell_commands;
}

const struct proto_cmd *shell_any_command(int i)
{
    return proto_command_with(shell_commands, i);
}

static const struct proto_cmd *shell_find_command(const char *name)
{
    return proto_find_command_with(shell_commands, name);
}

/* ------------------------------------------------------- words for a person */

/* A side as a person calls it (Tablut's attackers and defenders); the
 * protocol's words (COLOR arguments) stay the canonical side names. */
static const char *side_name(const struct proto *p, int side)
{
    return shell_side_name(p, side);
}

/* A verb agreeing with the display names: "wins" or "win". */
static const char *verb(const struct proto *p, const char *one, const char *many)
{
    return shell_verb(p, one, many);
}

/* 1234567 as 1.2M: the status line is narrow. */
static void short_count(uint64_t v, char *buf, size_t n)
{
    if (v >= 10000000)
        snprintf(buf, n, "%" PRIu64 "M", v / 1000000);
    else if (v >= 1000000)
        snprintf(buf, n, "%.1fM", (double)v / 1e6);
    else if (v >= 10000)
        snprintf(buf, n, "%" PRIu64 "k", v / 1000);
    else
        snprintf(buf, n, "%" PRIu64, v);
}

/* The human's side in play mode, or -1. */
static int human_side(const struct shell *sh)
{
    if (sh->computer[0] == sh->computer[1])
        return -1;
    return sh->computer[0] ? 1 : 0;
}

/* A variant that has a stored value table (Grasshopper up to pieces=6)
 * whose file the tables option's directory lacks is played by search, not
 * perfectly, and nothing said so: a person started from the build tree
 * (./quickstart play: no tables installed) met it. Said once a table, after
 * the command that brought the variant (or the tables option) in. */
static void table_note(struct shell *sh)
{
    struct proto *p = sh->p;
    const struct game *g = p->s.g;
    char name[64], path[sizeof sh->table_seen];
    if (!g->table_file || !g->table_file(p->s.st, name, sizeof name) || !p->s.tables[0]) {
        sh->table_seen[0] = '\0';        /* none, or 'tables none': the person's choice */
        return;
    }
    snprintf(path, sizeof path, "%s/%s", p->s.tables, name);
    if (!strcmp(path, sh->table_seen))
        return;
    snprintf(sh->table_seen, sizeof sh->table_seen, "%s", path);
    struct stat sb;
    if (!stat(path, &sb))
        return;
    char line[1024];
    snprintf(line, sizeof line, "(no value table %s: here the engine and hint play by search, "
             "not perfectly. tabula-tables makes the table (man tabula-tables), and 'set_option "
             "tables DIR' reads it from another directory.)", path);
    print_wrapped(p->out, line);
}

/* The names a saved game gives the players where no loaded record names
 * them (session_set_roster): in play mode the engine's side is "Tabula
 * VERSION" (with its level) and the person's the login name; with the
 * engine on both sides both are the engine's; else none ("?"). Set before
 * each command, so that a savegame (or the unsaved game's file) names who
 * plays now; the login name was looked up once, at the start. */
static void shell_roster(struct shell *sh)
{
    session_set_roster(&sh->p->s, sh->computer, sh->person);
}

/* The words of a score, by the expected result of the side it favours
 * (session_expected): "about even" below the first, "slightly better"
 * below the second, "better" below the third, else "winning". */
#define SHELL_EVEN_BELOW 0.57
#define SHELL_SLIGHTLY_BELOW 0.75
#define SHELL_BETTER_BELOW 0.90

/* A score of side's search (side's view) in words: "white is winning
 * (+740)", "black wins in 3 moves" (moves of the winner, as chess's "mate
 * in 3"), "you are lost in 12 moves" in play mode. */
static void score_words(const struct shell *sh, int side, int score, int exact, char *buf,
                        size_t n)
{
    const struct proto *p = sh->p;
    int human = human_side(sh);
    if (score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN) {
        int plies = score > 0 ? SCORE_WIN - score : SCORE_WIN + score;
        int winner = score > 0 ? side : 1 - side;
        int moves = winner == side ? (plies + 1) / 2 : plies / 2;
        char in[32] = "";
        if (plies < 500)
            snprintf(in, sizeof in, " in %d move%s", moves, moves == 1 ? "" : "s");
        if (human >= 0 && winner == human)
            snprintf(buf, n, "you win%s with best play", in);
        else if (human >= 0)
            snprintf(buf, n, "you are lost%s", in);
        else
            snprintf(buf, n, "%s %s%s", side_name(p, winner), verb(p, "wins", "win"), in);
        return;
    }
    if (exact && score == 0) {
        snprintf(buf, n, "a draw with best play");
        return;
    }
    int a = score < 0 ? -score : score;
    const char *who = side_name(p, score >= 0 ? side : 1 - side);
    /* the figure is the favoured side's: no sign to decode; the words go
     * by the expected result that goes with it in this game */
    double e = session_expected(p->s.g, a);
    if (a == 0)
        snprintf(buf, n, "even (0)");
    else if (e < SHELL_EVEN_BELOW)
        snprintf(buf, n, "about even (%d for %s)", a, who);
    else if (e < SHELL_SLIGHTLY_BELOW)
        snprintf(buf, n, "%s %s slightly better (%d)", who, verb(p, "is", "are"), a);
    else if (e < SHELL_BETTER_BELOW)
        snprintf(buf, n, "%s %s better (%d)", who, verb(p, "is", "are"), a);
    else
        snprintf(buf, n, "%s %s winning (%d)", who, verb(p, "is", "are"), a);
}

static void wrap_to(FILE *o, const char *text, int width);

static int term_width(FILE *f)
{
    struct winsize ws;
    if (ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10)
        return ws.ws_col;
    return 80;
}

/* Clears the status line, and the terminal's ^C echo: behind the status
 * line (which leaves room for it), or on a line of its own under a
 * command's output (analyze's info lines: the prompt came after it,
 * "^Ctablut (defenders)>"). The output before is whole lines, so the
 * echo is all there is to clear. */
static void clear_status(struct shell *sh)
{
    struct proto *p = sh->p;
    if (sh->live && (sh->drawn || p->interrupt || proto_was_interrupted(p))) {
        fputs("\r\033[K", p->out);
        fflush(p->out);
    }
    sh->drawn = 0;
}

/* What the status line says each search is doing, and what Ctrl-C does to
 * it (protocol.md's Interrupting a command); NULL: "SIDE thinks", with
 * the search's depth, score and best move when it reports them. */
static const struct {
    const char *cmd, *doing, *ctrl_c;
} status_words[] = {
    {"genmove", NULL, "move now"},
    {"genmove_analyze", NULL, "move now"},
    {"reg_genmove", NULL, "answer now"},
    {"solve", "solving", "stop"},
    {"winning_moves", "looking for winning moves", "stop"},
    {"hint", "weighing the moves", "hint now"},
    {"review", "reviewing the game", "stop"},
    {"perft", "counting", "stop"},
};

/* The live status line, replaced in place (never wider than the terminal,
 * which would make it scroll). */
static void shell_watch(struct proto *p, const struct search_info *info)
{
    struct shell *sh = p->front;
    if (!sh || !sh->live || !sh->cmd || !strcmp(sh->cmd, "analyze"))
        return;
    if (info) {
        sh->info = *info;
        sh->have_info = 1;
    }
    int64_t t = now_ms();
    if (t - sh->t0 < STATUS_DELAY_MS || (sh->drawn && t - sh->drawn < STATUS_EVERY_MS))
        return;
    char line[512], sc[96], nodes[32];
    size_t pos = 0;
    const char *who = side_name(p, sh->search_side);
    const char *doing = NULL, *ctrl_c = "stop";
    for (size_t i = 0; i < sizeof status_words / sizeof *status_words; i++)
        if (!strcmp(sh->cmd, status_words[i].cmd)) {
            doing = status_words[i].doing;
            ctrl_c = status_words[i].ctrl_c;
        }
    if (doing)
        buf_printf(line, sizeof line, &pos, "%s", doing);
    else
        buf_printf(line, sizeof line, &pos, "%s %s", who, verb(p, "thinks", "think"));
    if (sh->have_info) {
        score_words(sh, sh->search_side, sh->info.score, 0, sc, sizeof sc);
        short_count(sh->info.nodes, nodes, sizeof nodes);
        if (sh->info.depth > 0)
            buf_printf(line, sizeof line, &pos, ": depth %d, %s", sh->info.depth, sc);
        else
            buf_printf(line, sizeof line, &pos, ": proved %s", sc);
        if (sh->info.pvlen > 0) {
            char mt[64];
            p->s.g->format_move(p->s.st, sh->info.pv[0], mt, sizeof mt);
            buf_printf(line, sizeof line, &pos, ", best %s", mt);
        }
        buf_printf(line, sizeof line, &pos, ", %s nodes", nodes);
    }
    buf_printf(line, sizeof line, &pos, ", %.1f s  (Ctrl-C: %s)", (double)(t - sh->t0) / 1000,
               ctrl_c);
    /* room for the terminal's ^C echo behind it: at the last column it
     * wrapped to a line clear_status does not clear ("mo^" / "C") */
    int w = term_width(p->out) - 3;
    if ((int)strlen(line) > w)
        line[w] = '\0';
    fprintf(p->out, "\r\033[K%s", line);
    fflush(p->out);
    sh->drawn = t;
}

/* One of analyze's reports in words, for a person: "depth 9: black is
 * better (310); best c3 d4 e5 ... (1.2M nodes, 0.4 s)", or "proved: black
 * wins in 9 moves; best c3 ..." (the proof's line; wrapped at spaces). */
#define ANALYSIS_PV_MOVES 10
static void shell_analysis(struct proto *p, const struct search_info *info)
{
    struct shell *sh = p->front;
    char line[1024], sc[96], nodes[32], pv[768];
    size_t pos = 0;
    score_words(sh, session_side_to_move(&p->s), info->score, info->exact, sc, sizeof sc);
    if (info->depth > 0)
        buf_printf(line, sizeof line, &pos, "depth %d: %s", info->depth, sc);
    else
        buf_printf(line, sizeof line, &pos, "%s: %s", info->exact ? "proved" : "depth 0", sc);
    int n = info->pvlen < ANALYSIS_PV_MOVES ? info->pvlen : ANALYSIS_PV_MOVES;
    session_pv_text(p->s.g, p->s.st, info->pv, n, pv, sizeof pv);
    if (pv[0])
        buf_printf(line, sizeof line, &pos, "; best %s%s", pv,
                   info->pvlen > n ? " ..." : "");
    short_count(info->nodes, nodes, sizeof nodes);
    buf_printf(line, sizeof line, &pos, " (%s node%s, %.1f s)", nodes,
               info->nodes == 1 ? "" : "s", (double)info->time_ms / 1000);
    /* a line starts where the last one ended, at the first column, where
     * the terminal echoes a Ctrl-C: a report that comes after it, before
     * the search stops, writes over the ^C instead of behind it
     * ("^Cdepth 6: ..."; clear_status clears only the line after) */
    if (sh->live)
        fputs("\r\033[K", p->out);
    print_wrapped(p->out, line);
    fflush(p->out);
}

/* ------------------------------------------------------------- the board */

static void show_board(struct shell *sh)
{
    struct proto *p = sh->p;
    const struct game *g = p->s.g;
    char diagram[8192];
    const struct session *s = &p->s;
    const struct session_move *last = s->nmoves ? &s->moves[s->nmoves - 1] : NULL;
    if (g->print_marked)
        g->print_marked(s->st, last ? s->snaps + g->state_size * (size_t)(s->nmoves - 1) : NULL,
                        last ? last->move : MOVE_NONE, diagram, sizeof diagram);
    else
        g->print(s->st, diagram, sizeof diagram);
    /* a line wider than the terminal (a key beside or under the board)
     * breaks at a space, not inside a word; the others are as they are
     * (a diagram has no empty line) */
    wrap_to(p->out, diagram, term_width(p->out) - 1);
    /* how the pieces move and how the game is won, once a game (the prose
     * wrapped at the terminal's width, as help is) */
    char text[1024];
    if (g->legend && sh->legend_shown != g) {
        snprintf(text, sizeof text, "%s ('rules' says more.)", g->legend);
        print_wrapped(p->out, text);
        sh->legend_shown = g;
    }
    /* one line: who is to move, or the result; and the last move */
    struct game_status gs;
    char played[96] = "";
    size_t pos = 0;
    if (last)
        snprintf(played, sizeof played, "%s played %s", side_name(p, last->side), last->text);
    if (session_status(s, &gs)) {
        if (gs.winner < 0)
            buf_printf(text, sizeof text, &pos, "Game over: a draw (%s)", gs.reason);
        else
            buf_printf(text, sizeof text, &pos, "Game over: %s %s (%s)",
                       side_name(p, gs.winner), verb(p, "wins", "win"), gs.reason);
        buf_printf(text, sizeof text, &pos, "%s%s.", last ? " after " : "", played);
    } else {
        int stm = session_side_to_move(s);
        int human = human_side(sh);
        buf_printf(text, sizeof text, &pos, "%s to move%s%s%s.", side_name(p, stm),
                   human < 0 ? "" : stm == human ? " (you)" : " (the engine)",
                   last ? "; " : "", played);
    }
    print_wrapped(p->out, text);
    fflush(p->out);
}

/* --------------------------------------------------------------- hints */

/* Edit distance (with transpositions), for "did you mean". */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    int d[41][41];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < v)
                v = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb];
}

/* The nearest of the words (NULL-terminated list or a table) to w, or NULL
 * when none is near: a prefix of a longer name, or a few typos away. */
static const char *nearest(const char *w, const char *const *list, int n)
{
    const char *best = NULL;
    int bd = 99;
    size_t wl = strlen(w);
    for (int i = 0; i < n; i++) {
        int d = distance(w, list[i]);
        if (wl >= 3 && !strncasecmp(list[i], w, wl))
            d = 1;              /* "genm" for genmove */
        if (d < bd) {
            bd = d;
            best = list[i];
        }
    }
    int limit = wl <= 4 ? 1 : wl <= 8 ? 2 : 3;
    return bd <= limit ? best : NULL;
}

static const char *nearest_command(const struct proto *p, const char *w)
{
    const char *names[160];
    const struct proto_cmd *c;
    int n = 0;
    for (int i = 0; n < 160 && (c = shell_any_command(i)); i++)
        if (proto_offered(p, c))
            names[n++] = c->name;
    return nearest(w, names, n);
}

static void colour_list(const struct game *g, char *buf, size_t n)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (int s = 0; s < 2; s++) {
        buf_printf(buf, n, &pos, "%s%s (", s ? ", " : "", g->side_names[s]);
        for (const char *a = g->side_aliases[s]; *a; a++)
            buf_printf(buf, n, &pos, "%s", *a == ' ' ? ", " : (char[2]){*a, 0});
        buf_printf(buf, n, &pos, ", %d)", s + 1);
    }
}

/* What an engine option means, "NAME: HELP", wrapped at the terminal's
 * width as help is. */
static void option_meaning(FILE *o, const struct option_desc *od)
{
    char help[4096], line[4200];
    options_expand(od->help, help, sizeof help);
    size_t len = strlen(help);
    snprintf(line, sizeof line, "%s: %s%s", od->name, help,
             len && help[len - 1] != '.' ? "." : "");
    print_wrapped(o, line);
}

/* Lines the shell adds under a protocol error: how to do it right. */
static void teach(struct shell *sh, const char *msg)
{
    struct proto *p = sh->p;
    const struct game *g = p->s.g;
    FILE *o = p->out;
    const char *cmd = sh->cmd ? sh->cmd : "";
    const struct proto_cmd *c = shell_find_command(cmd);
    const char *arg0 = sh->argc > 0 ? sh->argv[0] : "";
    int code = p->status;
    int kind0 = c ? c->kinds[0] : ARG_NONE;
    if (code == PROTO_ESYNTAX && c) {
        char note[512];
        fprintf(o, "usage: %s%s%s\n", c->name, c->args[0] ? " " : "", c->args);
        shell_note(c, note, sizeof note);
        if (note[0])
            fprintf(o, "%s\n", note);
    } else if ((code == PROTO_EVALUE || code == PROTO_EOPTION) &&
               (kind0 == ARG_GAME || kind0 == ARG_OPTION)) {
        if (kind0 == ARG_GAME) {
            const struct game *ng = game_find(arg0);
            if (ng) {
                char vh[256];
                game_variant_help(ng, vh, sizeof vh);
                fprintf(o, "%s variants: %s\n", ng->name, vh);
            }
        } else {
            const char *names[32] = {NULL};
            int n = 0;
            const struct option_desc *od = option_find(arg0);
            for (const struct option_desc *x = option_table; x->name && n < 32; x++)
                names[n++] = x->name;
            if (od) {
                /* the error said the allowed values; this, what it means
                 * (whole: movetime's and level's are long) */
                option_meaning(o, od);
            } else {
                const char *near = nearest(arg0, names, n);
                fprintf(o, "options:");
                for (int i = 0; i < n; i++)
                    fprintf(o, " %s", names[i]);
                fprintf(o, "\n");
                if (near)
                    fprintf(o, "did you mean '%s'?\n", near);
            }
        }
    } else if (code == PROTO_EUNKNOWN_GAME) {
        const char *names[16] = {NULL};
        int n = 0;
        for (int i = 0; game_list[i] && n < 16; i++)
            if (game_list[i]->gen_moves)
                names[n++] = game_list[i]->name;
        fprintf(o, "games:");
        for (int i = 0; i < n; i++)
            fprintf(o, " %s", names[i]);
        fprintf(o, "\n");
        const char *near = nearest(arg0, names, n);
        if (near)
            fprintf(o, "did you mean '%s'?\n", near);
    } else if (code == PROTO_ECOLOR) {
        char cl[256];
        colour_list(g, cl, sizeof cl);
        fprintf(o, "colours in %s: %s%s\n", g->name, cl,
                kind0 == ARG_SIDES ? "; or both, none" : "");
    } else if (code == PROTO_EWRONG_TURN) {
        fprintf(o, "it is the turn of %s; a bare move plays for the side to move\n",
                side_name(p, session_side_to_move(&p->s)));
    } else if (code == PROTO_EILLEGAL) {
        /* a move typed from a place that starts no move at all: why,
         * where the refusal does not say it already */
        char why[512] = "";
        if (g->why_no_move && !strcmp(cmd, "play") && sh->argc == 2)
            g->why_no_move(p->s.st, sh->argv[1], why, sizeof why);
        if (why[0] && !strstr(msg, why))
            fprintf(o, "no move starts there: %s\n", why);
        move_t moves[GAME_MAX_MOVES];
        int k = g->gen_moves(p->s.st, moves);
        if (k > 0 && k <= 24) {
            fprintf(o, "legal moves:");
            for (int i = 0; i < k; i++) {
                char mt[64];
                g->format_move(p->s.st, moves[i], mt, sizeof mt);
                fprintf(o, " %s", mt);
            }
            fprintf(o, "\n");
        } else if (k > 0) {
            fprintf(o, "%d legal moves: 'legal_moves' lists them, Tab completes them\n", k);
        }
    } else if (code == PROTO_EGAMEOVER) {
        fprintf(o, "'undo' takes back moves, 'newgame' starts again\n");
    } else if (code == PROTO_EUNDO) {
        if (p->s.nmoves == 0)
            fprintf(o, "no move has been played%s\n", p->s.setup ? " since setposition" : "");
        else
            fprintf(o, "%d move%s can be taken back\n", p->s.nmoves,
                    p->s.nmoves == 1 ? "" : "s");
    } else if (code == PROTO_ESIZE) {
        char sizes[256];
        options_expand("sizes: {sizes}", sizes, sizeof sizes);
        fprintf(o, "%s\n", sizes);
    } else if (code == PROTO_EUNSOLVED && !proto_was_interrupted(p)) {
        fprintf(o, "the movetime and nodes options limit %s (now %" PRId64 " ms, %" PRIu64
                " nodes; with both 0, %d s)\n", sh->cmd ? sh->cmd : "solve", p->s.movetime_ms,
                p->s.nodes, SESSION_SOLVE_DEFAULT_MS / 1000);
    }
}

/* ------------------------------------------------------------ responses */

/* A genmove / reg_genmove / hint answer in words, with the time used. */
static void describe_move(struct shell *sh, const char *text)
{
    struct proto *p = sh->p;
    const struct proto_explain *e = &p->explain;
    if (!e->valid || !strcmp(text, "resign") || !strcmp(text, "pass")) {
        fprintf(p->out, "%s %s %s\n", side_name(p, sh->search_side),
                !strcmp(sh->verb, "plays") ? verb(p, "plays", "play") : "would play", text);
        return;
    }
    char sc[96], nodes[32];
    int score = e->result.score, side = e->side;
    struct game_status gs;
    if (!strcmp(sh->verb, "plays")) {
        /* the words are about the position after the move: the side to
         * move now, one ply nearer the end */
        side = 1 - side;
        score = score >= SCORE_WIN_MIN ? -(score + 1) : score <= -SCORE_WIN_MIN ?
                -(score - 1) : -score;
    }
    if (!strcmp(sh->verb, "plays") && session_status(&p->s, &gs))
        snprintf(sc, sizeof sc, "the game is over");
    else
        score_words(sh, side, score, e->result.exact, sc, sizeof sc);
    short_count(e->result.nodes, nodes, sizeof nodes);
    const char *who = side_name(p, e->side);
    char line[512];
    size_t pos = 0;
    if (!strcmp(sh->verb, "plays"))
        buf_printf(line, sizeof line, &pos, "%s %s %s", who, verb(p, "plays", "play"), text);
    else
        buf_printf(line, sizeof line, &pos, "%s would play %s", who, text);
    buf_printf(line, sizeof line, &pos, " (%.1f s, depth %d, %s nodes%s): %s",
               (double)e->ms / 1000, e->result.depth, nodes,
               proto_was_interrupted(p) ? ", stopped by Ctrl-C" : "", sc);
    print_wrapped(p->out, line);
}

/* solve's "win MOVE in N" in words. */
static void describe_solve(struct shell *sh, const char *text)
{
    struct proto *p = sh->p;
    char value[16] = "", move[64] = "";
    int plies = -1;
    const char *in = strstr(text, " in ");
    sscanf(text, "%15s", value);
    if (in)
        plies = atoi(in + 4);
    if (strcmp(value, "loss") && sscanf(text, "%*s %63s", move) == 1 && !strcmp(move, "in"))
        move[0] = '\0';
    int stm = session_side_to_move(&p->s);
    int64_t ms = now_ms() - sh->t0;
    fprintf(p->out, "%s\n", text);
    if (!strcmp(value, "draw")) {
        fprintf(p->out, "a draw with best play%s%s (%.1f s)\n", move[0] ? ", e.g. " : "", move,
                (double)ms / 1000);
        return;
    }
    int winner = !strcmp(value, "win") ? stm : 1 - stm;
    int score = plies >= 0 ? SCORE_WIN - plies : SCORE_WIN - 1000;
    char sc[96];
    score_words(sh, stm, winner == stm ? score : -score, 1, sc, sizeof sc);
    fprintf(p->out, "%s (%s to move)%s%s (%.1f s)\n", sc, side_name(p, stm),
            move[0] ? ", with " : "", move, (double)ms / 1000);
}

/* Text for the terminal: a control character (from a file's line quoted in
 * an error, say) is written '?', as the protocol's writer does. */
static void put_clean(FILE *o, const char *text)
{
    for (const char *c = text; *c; c++) {
        unsigned char u = (unsigned char)*c;
        fputc((u < 32 && u != '\n') || u == 127 ? '?' : *c, o);
    }
}

/* The search's note (a stored table the solver cannot use, proto_note),
 * in the shell's words, where --verbose did not put it on stderr. */
static void say_note(struct proto *p)
{
    if (p->note[0] && !p->verbose) {
        fprintf(p->out, "note: ");
        put_clean(p->out, p->note);
        fprintf(p->out, "\n");
    }
}

static void shell_respond(struct proto *p, int ok, const char *text)
{
    struct shell *sh = p->front;
    FILE *o = p->out;
    clear_status(sh);
    const char *cmd = sh->cmd ? sh->cmd : "";
    if (!ok) {
        if ((!strcmp(cmd, "solve") || !strcmp(cmd, "winning_moves")) &&
            proto_was_interrupted(p))
            fprintf(o, "%s stopped by Ctrl-C after %.1f s: not solved\n", cmd,
                    (double)(now_ms() - sh->t0) / 1000);
        else if (!strcmp(cmd, "perft") && proto_was_interrupted(p))
            fprintf(o, "perft stopped by Ctrl-C after %.1f s: no count\n",
                    (double)(now_ms() - sh->t0) / 1000);
        else {
            fprintf(o, "error: ");
            put_clean(o, text);
            fprintf(o, "\n");
        }
        teach(sh, text);
        say_note(p);
        fflush(o);
        return;
    }
    if (!strcmp(cmd, "genmove") || !strcmp(cmd, "reg_genmove"))
        describe_move(sh, text);
    else if (!strcmp(cmd, "hint"))
        shell_describe_hint(sh, text);
    else if (!strcmp(cmd, "review"))
        shell_describe_review(sh, text);
    else if (!strcmp(cmd, "solve"))
        describe_solve(sh, text);
    else if (!strcmp(cmd, "winning_moves") && !text[0])
        /* (an empty answer had printed nothing at all) */
        fprintf(o, "none: no move of %s wins with best play ('solve' says whether it draws "
                "or loses)\n", side_name(p, session_side_to_move(&p->s)));
    else if (!strcmp(cmd, "savegame") && sh->argc == 1)
        fprintf(o, "saved %d move%s of %s to %s\n", p->s.nmoves, p->s.nmoves == 1 ? "" : "s",
                p->s.g->name, sh->argv[0]);
    else if (!strcmp(cmd, "loadgame") && sh->argc >= 1)
        fprintf(o, "loaded %s: %s, %d move%s\n", sh->argv[0], p->s.g->name, p->s.nmoves,
                p->s.nmoves == 1 ? "" : "s");
    else if (!strcmp(cmd, "set_option") && !text[0] && sh->argc >= 1 &&
             option_find(sh->argv[0])) {
        /* (a person saw nothing and could not tell it took) */
        char now[1024];
        const struct option_desc *od = option_find(sh->argv[0]);
        option_get(&p->s, od, now, sizeof now);
        fprintf(o, "%s is now ", od->name);
        put_clean(o, now);
        fprintf(o, " ('help %s' says what it means)\n", od->name);
    } else if (text[0]) {
        put_clean(o, text[0] == '\n' ? text + 1 : text);
        fprintf(o, "\n");
    }
    say_note(p);
    fflush(o);
}

/* Runs command c with its words; the face is shell_respond's. */
static void run(struct shell *sh, const struct proto_cmd *c, int argc, char **argv,
                const char *verb)
{
    struct proto *p = sh->p;
    sh->cmd = c->name;
    sh->verb = verb;
    sh->argc = argc;
    sh->argv = argv;
    sh->t0 = now_ms();
    sh->drawn = 0;
    sh->have_info = 0;
    sh->search_side = session_side_to_move(&p->s);
    /* a Ctrl-C before this command (one that cleared the prompt's line) and
     * one during it are not "Ctrl-C twice": a person who typed a command in
     * between and stops it within the second must not leave (run_shell had
     * left so after "history" and "computer both") */
    p->interrupt_repeat = 0;
    p->interrupt_last_ms = 0;
    proto_run_words(p, c, "", argc, argv);
    /* a Ctrl-C during the command was the command's: the prompt neither
     * sees it (below) nor counts it towards "Ctrl-C twice leaves" (the press
     * that stopped a search and one that clears the line ended an unsaved
     * game); during the command a second press still ends the program
     * (on_sigint) */
    p->interrupt_repeat = 0;
    p->interrupt_last_ms = 0;
    clear_status(sh);           /* (before the Ctrl-C is forgotten) */
    p->interrupt = 0;
    sh->cmd = NULL;
}

/* ------------------------------------------------------------- help */

/* Prints text wrapped at width columns (at a space where there is one),
 * each '\n' a new paragraph. */
static void wrap_to(FILE *o, const char *text, int width)
{
    while (*text) {
        size_t para = strcspn(text, "\n");
        const char *c = text, *end = text + para;
        while (c < end) {
            const char *brk = NULL;
            for (const char *x = c; x < end && x - c <= width; x++)
                if (*x == ' ')
                    brk = x;
            if (end - c <= width || !brk)
                brk = end - c <= width ? end : (brk ? brk : end);
            fprintf(o, "%.*s\n", (int)(brk - c), c);
            c = brk;
            while (c < end && *c == ' ')
                c++;
        }
        text = *end ? end + 1 : end;
    }
}

/* Prints text wrapped at the terminal's width (at most 100), written
 * whole: wrapped into memory and then handed to o
 * in one piece, with whatever o holds before it (analyze's escape that
 * takes a ^C echo away). Written a line at a time (stdout to a terminal is
 * line-buffered), a Ctrl-C typed between two lines was echoed inside the
 * text ("(58k" / "^Cnodes, 0.0 s)"). */
static void print_wrapped(FILE *o, const char *text)
{
    int width = term_width(o) - 1;
    if (width > 100)
        width = 100;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) {
        wrap_to(o, text, width);        /* no memory: a line at a time */
        return;
    }
    wrap_to(m, text, width);
    if (fclose(m) == 0)
        fwrite(buf, 1, len, o);
    else
        wrap_to(o, text, width);
    free(buf);
}

/* One block of a command's reference text, for a person at a terminal. */
static void help_block(void *ctx, enum doc_block kind, const char *text)
{
    FILE *o = ctx;
    char plain[4096];
    if (kind == DOC_CODE) {
        fprintf(o, "    %s\n", text);
        return;
    }
    doc_plain(text, plain, sizeof plain);
    if (kind == DOC_ITEM) {
        fprintf(o, "  - ");
    }
    print_wrapped(o, plain);
}

/* The GoGui rules commands the start-up game cannot answer are not listed,
 * as list_commands and the protocol's help leave them out (proto_offered). */
static void help_group(const struct proto *p, FILE *o, int g, int full)
{
    int col = 0;
    if (!full)
        col = fprintf(o, "  %-15s", proto_group_names[g]);
    const struct proto_cmd *c;
    for (int i = 0; (c = shell_any_command(i)); i++) {
        if ((int)c->group != g || !proto_offered(p, c))
            continue;
        if (full) {
            char use[128];
            snprintf(use, sizeof use, "%s%s%s", c->name, c->args[0] ? " " : "", c->args);
            fprintf(o, "  %-34s %s%s\n", use, c->help, shell_only(c) ? " (shell)" : "");
            continue;
        }
        int w = (int)strlen(c->name) + 1;
        if (col + w > 78) {
            fprintf(o, "\n%17s", "");
            col = 17;
        }
        col += fprintf(o, " %s", c->name);
    }
    if (!full)
        fprintf(o, "\n");
}

static int group_by_name(const char *w)
{
    for (int g = 1; g < PROTO_G_COUNT; g++)
        if (!strncasecmp(proto_group_names[g], w, strlen(w)) && strlen(w) >= 3)
            return g;
    if (!strcasecmp(w, "gui"))
        return PROTO_G_GUI;
    return 0;
}

/* The order of the groups in help: the and doc/protocol.md's. */
static const int group_order[] = {
    PROTO_G_GAMES, PROTO_G_PLAY, PROTO_G_THINKING, PROTO_G_ANALYSIS, PROTO_G_RECORDS,
    PROTO_G_GUI, PROTO_G_ADMIN
};
#define NGROUPS ((int)(sizeof group_order / sizeof *group_order))

static void shell_help(struct shell *sh, int argc, char **argv)
{
    FILE *o = sh->p->out;
    if (argc == 0) {
        fprintf(o, "Commands by group ('help GROUP' for what each one does, 'help COMMAND'\n"
                "for one command, 'help all' for all):\n");
        for (int i = 0; i < NGROUPS; i++)
            help_group(sh->p, o, group_order[i], 0);
        print_wrapped(o, "To play, type a move (c3, e3-h3, 0/5): it is played for the side "
                      "to move. 'computer white' has the engine answer white's moves, "
                      "'hint' ranks the best moves, 'review' marks the mistakes of the game, "
                      "'tutor on' warns before a bad move, 'set_option level 1' makes the "
                      "engine a beginner, 'rules' explains the game. Tab completes, Ctrl-C "
                      "stops the engine's search (it moves at once), Ctrl-D or 'quit' leaves.");
        return;
    }
    if (argc > 1) {
        fprintf(o, "error: syntax error\nusage: help [COMMAND|GROUP|GAME|OPTION|rules|all]\n");
        return;
    }
    if (!strcasecmp(argv[0], "all")) {
        for (int i = 0; i < NGROUPS; i++) {
            fprintf(o, "%s:\n", proto_group_names[group_order[i]]);
            help_group(sh->p, o, group_order[i], 1);
        }
        return;
    }
    /* help rules: the current game's rules; help GAME: that game's */
    const struct game *rg = !strcasecmp(argv[0], "rules") ? sh->p->s.g : game_find(argv[0]);
    if (rg && rg->gen_moves && rg->rules) {
        fprintf(o, "%s\n(also the command 'rules %s'; doc/rules/%s.md has the rules in "
                "full)\n", rg->rules, rg->name, rg->name);
        return;
    }
    const struct proto_cmd *c = shell_find_command(argv[0]);
    if (c && proto_offered(sh->p, c)) {
        fprintf(o, "usage: %s%s%s\n%c%s%s.\n", c->name, c->args[0] ? " " : "", c->args,
                toupper((unsigned char)c->help[0]), c->help + 1,
                shell_only(c) ? " (shell only)" : "");
        if (c->doc && c->doc[0]) {
            char *doc = malloc(16384);
            if (doc) {
                options_expand(c->doc, doc, 16384);
                doc_blocks(doc, help_block, o);
                free(doc);
            }
        }
        char note[512];
        shell_note(c, note, sizeof note);
        if (note[0])
            print_wrapped(o, note);
        fprintf(o, "Group: %s.\n", proto_group_names[c->group]);
        return;
    }
    int g = group_by_name(argv[0]);
    if (g) {
        fprintf(o, "%s:\n", proto_group_names[g]);
        help_group(sh->p, o, g, 1);
        return;
    }
    /* help OPTION: an engine option's meaning, values and value now (the
     * README's 'set_option level 2' sends a person to 'help level') */
    const struct option_desc *od = option_find(argv[0]);
    if (od) {
        char range[256], now[1024];
        option_range(od, range, sizeof range);
        option_get(&sh->p->s, od, now, sizeof now);
        fprintf(o, "usage: set_option %s %s\n", od->name, od->metavar);
        option_meaning(o, od);
        char line[2048];
        snprintf(line, sizeof line, "Values: %s; default %s; now %s. ('list_options' lists "
                 "the options.)", range, od->def, now);
        print_wrapped(o, line);
        return;
    }
    fprintf(o, "error: unknown command: %s\n", argv[0]);
    const char *near = nearest_command(sh->p, argv[0]);
    if (near)
        fprintf(o, "did you mean '%s'?\n", near);
    fprintf(o, "groups: games play thinking analysis records gogui administration; "
            "'help' lists the commands\n");
}

/* --------------------------------------------------- shell-only commands */

static int sh_exit(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argc; (void)argv; (void)res; (void)n;
    p->quit = 1;
    return 0;
}

static int sh_computer(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    struct shell *sh = p->front;
    const struct game *g = p->s.g;
    if (argc > 1)
        return PROTO_ESYNTAX;
    if (argc == 1) {
        int side;
        if (!strcasecmp(argv[0], "both"))
            sh->computer[0] = sh->computer[1] = 1;
        else if (!strcasecmp(argv[0], "none") || !strcasecmp(argv[0], "off"))
            sh->computer[0] = sh->computer[1] = 0;
        else if ((side = game_parse_color(g, argv[0])) >= 0) {
            sh->computer[side] = 1;
            sh->computer[1 - side] = 0;
        } else {
            (void)res; (void)n;     /* teach() lists the choices */
            return PROTO_ECOLOR;
        }
        sh->paused = 0;
    }
    if (sh->computer[0] && sh->computer[1])
        snprintf(res, n, "the engine plays both sides (Ctrl-C pauses, Enter resumes)");
    else if (sh->computer[0] || sh->computer[1]) {
        int e = sh->computer[0] ? 0 : 1;
        snprintf(res, n, "the engine plays %s, you play %s: type your moves",
                 game_display_name(g, e), game_display_name(g, 1 - e));
    } else
        snprintf(res, n, "the engine plays no side: 'genmove' asks it for a move");
    return 0;
}

/* ---------------------------------------------------------- the engine's turn */

static int engine_to_move(const struct shell *sh)
{
    struct game_status gs;
    const struct proto *p = sh->p;
    return !session_status(&p->s, &gs) && sh->computer[session_side_to_move(&p->s)];
}

/* The engine plays while it is its turn (one move, or the whole game with
 * computer both), showing the board after each move; Ctrl-C pauses it. */
static void autoplay(struct shell *sh)
{
    struct proto *p = sh->p;
    const struct proto_cmd *gm = proto_find_command("genmove");
    while (!sh->paused && !p->quit && engine_to_move(sh)) {
        char side[32];
        snprintf(side, sizeof side, "%s", p->s.g->side_names[session_side_to_move(&p->s)]);
        char *argv[1] = {side};
        int before = p->s.nmoves;
        run(sh, gm, 1, argv, "plays");
        if (p->status || p->s.nmoves == before)
            break;
        shell_auto_pass(sh);
        show_board(sh);
        if (proto_was_interrupted(p)) {
            sh->paused = sh->computer[0] && sh->computer[1];
            if (sh->paused)
                fprintf(p->out, "(paused: Enter lets the engine go on, 'computer none' "
                        "stops it)\n");
            break;
        }
    }
}

/* ------------------------------------------------------------ one line */

/* The number of words c's usage asks for (its argument kinds given). */
static int arg_count(const struct proto_cmd *c)
{
    int k = 0;
    while (k < PROTO_ARG_KINDS && c->kinds[k])
        k++;
    return k;
}

/* Is w a move of the current game (legal or not, but well formed)? */
static int looks_like_move(struct proto *p, const char *w)
{
    move_t m;
    char err[128];
    int rc = p->s.g->parse_move(p->s.st, w, &m, err, sizeof err);
    return rc == GAME_OK || rc == GAME_EILLEGAL;
}

/* The number of plies a bare undo takes back: back to before the last
 * move that was not a pass (a pass is forced: the shell played it), in
 * play mode the human's. -1: no such move to take back. */
static int whole_turn(const struct shell *sh)
{
    const struct session *s = &sh->p->s;
    int human = human_side(sh);
    for (int i = s->nmoves - 1; i >= 0; i--)
        if ((human < 0 || s->moves[i].side == human) && strcmp(s->moves[i].text, "pass"))
            return s->nmoves - i;
    return -1;
}

/* ------------------------------------------------- unsaved games kept */

/* The note savegame writes with move i (session_move_note's: a review's
 * mark, a loaded record's comment), or NULL where it writes none. */
static const struct session_note *move_note(const struct session *s, int i)
{
    const struct session_note *nt = session_move_note(s, i);
    return nt && (nt->nag || nt->comment[0] || (nt->text && nt->text[0])) ? nt : NULL;
}

/* What savegame would write of the game now (struct shell_print). */
static void game_print(const struct session *s, struct shell_print *pr)
{
    const struct game *g = s->g;
    memset(pr, 0, sizeof *pr);
    pr->g = g;
    pr->nmoves = s->nmoves;
    pr->setup = s->setup;
    pr->start = g->hash(s->start);
    pr->hash = g->hash(s->st);
    uint64_t h = UTIL_FNV1A_START;
    for (int i = 0; i < s->nmoves; i++) {
        const struct session_note *nt = move_note(s, i);
        if (!nt)
            continue;
        /* as written: the record's comment, then the review's words (a
         * review that redoes the words a record had read back is no change) */
        const char *c1 = nt->text && nt->text[0] ? nt->text : nt->comment;
        const char *c2 = c1 == nt->comment ? "" : nt->comment;
        h = util_fnv1a(h, &i, sizeof i);
        h = util_fnv1a(h, &nt->nag, sizeof nt->nag);
        h = util_fnv1a(h, c1, strlen(c1) + 1);
        h = util_fnv1a(h, c2, strlen(c2) + 1);
    }
    pr->notes = h;
}

/* The game as it is now counts as saved (path: the file it was saved to
 * or loaded from, NULL for none). */
static void mark_saved(struct shell *sh, const char *path)
{
    game_print(&sh->p->s, &sh->saved);
    free(sh->saved_path);
    sh->saved_path = path ? strdup(path) : NULL;
}

/* Nothing of the game as it is now was saved: a position a person set
 * (setposition) is theirs to keep, as moves are. */
static void mark_unsaved(struct shell *sh)
{
    memset(&sh->saved, 0, sizeof sh->saved);
    free(sh->saved_path);
    sh->saved_path = NULL;
}

/* What of the game no savegame wrote: unsaved() says. */
enum unsaved_kind {
    UNSAVED_NONE = 0,
    UNSAVED_MOVES,              /* moves played since */
    UNSAVED_POSITION,           /* a position set, no moves */
    UNSAVED_MARKS               /* the same moves, a review's marks since */
};

/* The one rule for "unsaved", on every way out of a game (quit, Ctrl-D,
 * Ctrl-C twice, SIGHUP, SIGTERM, newgame, loadgame, review FILE,
 * setposition...): the game differs from what was last saved, loaded or
 * begun in what savegame would write of it, its moves, the position
 * setposition set, or the review's marks. A game begun (newgame) with no
 * moves has nothing to lose. */
static int unsaved(const struct shell *sh)
{
    const struct session *s = &sh->p->s;
    const struct shell_print *was = &sh->saved;
    struct shell_print now;
    if (s->nmoves == 0 && !s->setup)
        return UNSAVED_NONE;
    game_print(s, &now);
    if (s->nmoves == 0)         /* the position set: saved with it? */
        return was->g != now.g || !was->setup || was->start != now.start ? UNSAVED_POSITION
                                                                           : UNSAVED_NONE;
    if (was->g != now.g || was->nmoves != now.nmoves || was->setup != now.setup ||
        was->start != now.start || was->hash != now.hash)
        return UNSAVED_MOVES;
    return was->notes != now.notes ? UNSAVED_MARKS : UNSAVED_NONE;
}

/* $TABULA_UNSAVED, else ~/.tabula_unsaved.pgn; NULL without a home. */
static char *unsaved_path(void)
{
    const char *e = getenv("TABULA_UNSAVED");
    if (e)
        return e[0] ? strdup(e) : NULL;        /* empty: keep nothing */
    return shell_home_file(".tabula_unsaved.pgn");
}

/* The game's record as savegame takes it (malloc'ed, free it with
 * free_record), when it is unsaved (*kind: what of it, enum unsaved_kind);
 * NULL when it is not (or out of memory). Taken before a command that may
 * put another game in its place, and kept by keep_unsaved only once it
 * has. */
static struct game_record *unsaved_record(struct shell *sh, int *kind)
{
    if (!(*kind = unsaved(sh)))
        return NULL;
    shell_roster(sh);
    struct game_record *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    record_init(r);
    if (session_to_record(&sh->p->s, r) != SESS_OK) {
        record_free(r);
        free(r);
        return NULL;
    }
    return r;
}

static void free_record(struct game_record *r)
{
    if (r)
        record_free(r);
    free(r);
}

/* Before the game is left (the shell leaves, or newgame, loadgame, review
 * FILE... have put another in its place) unsaved, its record
 * (unsaved_record, taken before, and what of it is unsaved: kind) is
 * written to the unsaved game's file, with its marks, and the person is
 * told where: a game, a position set or a review is never lost to a quit,
 * a Ctrl-D or a newgame typed too soon. loading: the file a loadgame
 * (review FILE) read, or NULL. */
static void keep_unsaved(struct shell *sh, const struct game_record *r, int kind,
                         const char *loading)
{
    struct proto *p = sh->p;
    if (!r)
        return;
    char *path = unsaved_path();
    if (!path)
        return;
    /* loadgame of the unsaved game's own file (to have it back): the game
     * left goes beside it, PATH~, not over what was read */
    struct stat a, b;
    if (loading && !stat(loading, &a) && !stat(path, &b) && a.st_dev == b.st_dev &&
        a.st_ino == b.st_ino) {
        size_t len = strlen(path);
        char *side = malloc(len + 2);
        if (!side) {
            free(path);
            return;
        }
        memcpy(side, path, len);
        memcpy(side + len, "~", 2);
        free(path);
        path = side;
    }
    char res[512] = "";
    const char *what = kind == UNSAVED_MARKS ? "the review was not saved: the game is kept "
                       "with its marks" : kind == UNSAVED_POSITION ? "the position set was not "
                       "saved: it is kept" : "the game was not saved: it is kept";
    if (proto_write_record(r, path, res, sizeof res) == PROTO_OK)
        fprintf(p->out, "(%s in %s, until the next unsaved game; 'loadgame %s' brings it "
                "back)\n", what, path, path);
    else
        fprintf(stderr, "tabula: cannot keep the unsaved game in %s: %s\n", path, res);
    fflush(p->out);
    free(path);
}

/* Whether name (with argc arguments) is a command that puts another game
 * in the current one's place: loadgame too, and review FILE, which loads
 * FILE's game first. */
static int replaces_game(const char *name, int argc)
{
    static const char *const names[] = {"newgame", "clear_board", "boardsize", "setposition",
                                        "loadgame", "setrecord"};
    if (!strcmp(name, "review"))
        return argc >= 1;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(name, names[i]))
            return 1;
    return 0;
}

/* Move i of s as the record numbers it: "2. c2", "1... c5". */
static void move_label(const struct session *s, int i, char *buf, size_t n)
{
    int first = s->g->side_to_move(s->start) ? 1 : 0;
    snprintf(buf, n, "%d%s %s", 1 + (i + first) / 2, s->moves[i].side == 1 ? "..." : ".",
             s->moves[i].text);
}

/* What a savegame of s over path would lose, by what path holds now:
 * nothing (0) where it holds one record, of this game (its variant and
 * start), whose moves are this game's first moves or all of them, with no
 * mark or comment of its own on a move that this game's record lacks (a
 * review's words a review has since redone are not lost). Else 1, and lost
 * (n bytes) says what it holds: "m.pgn holds 4 games". 2: path is not a
 * record of a game of ours (lost: "PATH exists"). */
static int file_would_lose(const struct session *s, const char *path, char *lost, size_t n)
{
    snprintf(lost, n, "%s exists", path);
    FILE *f = fopen(path, "r");
    if (!f)
        return 2;
    struct game_record r, more;
    char err[256];
    record_init(&r);
    record_init(&more);
    int got = record_read(f, &r, err, sizeof err), count = 0, k = 0;
    if (got == 1)
        for (count = 1; (k = record_read(f, &more, err, sizeof err)) == 1; count++)
            ;
    fclose(f);
    record_free(&more);
    if (got != 1 || k < 0) {
        record_free(&r);
        return 2;
    }
    if (count > 1) {
        snprintf(lost, n, "%s holds %d games", path, count);
        record_free(&r);
        return 1;
    }
    struct session t;
    int rc = 2;
    if (session_replay_record(&t, &r, -1, err, sizeof err) == SESS_OK) {
        const struct game *g = s->g;
        char v1[256], v2[256];
        g->format_variant(s->st, v1, sizeof v1);
        if (t.g == g)
            g->format_variant(t.st, v2, sizeof v2);
        int same = t.g == g && !strcmp(v1, v2) && g->hash(t.start) == g->hash(s->start);
        int i = 0;
        while (same && i < t.nmoves && i < s->nmoves && t.moves[i].move == s->moves[i].move)
            i++;
        rc = 1;
        if (!same)
            snprintf(lost, n, "%s holds another game (%s, %d move%s)", path, t.g->name,
                     t.nmoves, t.nmoves == 1 ? "" : "s");
        else if (i < t.nmoves && i < s->nmoves) {
            char there[96], here[96];
            move_label(&t, i, there, sizeof there);
            move_label(s, i, here, sizeof here);
            snprintf(lost, n, "%s holds a game that plays %s where this one plays %s (%d "
                     "move%s in all)", path, there, here, t.nmoves, t.nmoves == 1 ? "" : "s");
        } else if (t.nmoves > s->nmoves)
            snprintf(lost, n, "%s holds this game with %d more move%s (%d in all)", path,
                     t.nmoves - s->nmoves, t.nmoves - s->nmoves == 1 ? "" : "s", t.nmoves);
        else
            rc = 0;
        for (i = 0; rc == 0 && i < t.nmoves; i++) {
            const struct session_note *nt = move_note(s, i);
            const char *c = r.comments[i];
            if (c && session_review_words(c))
                continue;
            if ((c && c[0] && !(nt && (nt->comment[0] || (nt->text && nt->text[0])))) ||
                (r.nags[i] && !(nt && nt->nag))) {
                char here[96];
                move_label(s, i, here, sizeof here);
                snprintf(lost, n, "%s holds a comment or mark on %s that this game has not",
                         path, here);
                rc = 1;
            }
        }
    }
    session_free(&t);
    record_free(&r);
    return rc;
}

/* savegame over a file (not empty): asks first, saying what the file
 * holds, unless this shell last wrote or read it and writing it loses
 * nothing (file_would_lose). 1 to go on. */
static int may_overwrite(struct shell *sh, const char *path)
{
    struct stat sb;
    if (stat(path, &sb) || !S_ISREG(sb.st_mode) || sb.st_size == 0)
        return 1;
    char lost[4200];
    int loses = file_would_lose(&sh->p->s, path, lost, sizeof lost);
    if (!loses && sh->saved_path && !strcmp(sh->saved_path, path))
        return 1;
    char prompt[4300];
    snprintf(prompt, sizeof prompt, "%s: replace it%s? (y/N) ", lost,
             loses == 1 ? " with this one" : "");
    int yes = shell_ask_yes(sh, prompt);
    if (!yes)
        fprintf(sh->p->out, "(not saved)\n");
    fflush(sh->p->out);
    return yes;
}

/* Whether the game's last move was a pass. */
static int last_was_pass(const struct shell *sh)
{
    const struct session *s = &sh->p->s;
    return s->nmoves > 0 && !strcmp(s->moves[s->nmoves - 1].text, "pass");
}

static void shell_line(struct shell *sh, const char *line)
{
    struct proto *p = sh->p;
    struct words w;
    int n = shell_split_words(line, &w);
    if (n == -2) {
        fprintf(p->out, "error: syntax error: too many arguments\n");
        free(w.buf);
        return;
    }
    if (n <= 0) {
        free(w.buf);
        if (n == 0 && engine_to_move(sh)) {     /* Enter: the engine goes on */
            sh->paused = 0;
            autoplay(sh);
        }
        return;
    }
    char **argv = w.w;
    /* a protocol id in front is accepted and ignored */
    if (n > 1 && strspn(argv[0], "0123456789") == strlen(argv[0])) {
        argv++;
        n--;
    }
    const char *name = argv[0];
    if (!strcmp(name, "help")) {
        shell_help(sh, n - 1, argv + 1);
        fflush(p->out);
        free(w.buf);
        return;
    }
    char side[32];
    snprintf(side, sizeof side, "%s", p->s.g->side_names[session_side_to_move(&p->s)]);
    char *args[PROTO_MAX_ARGS + 2];
    int argc = n - 1;
    memcpy(args, argv + 1, sizeof(char *) * (size_t)argc);
    const struct proto_cmd *c = shell_find_command(name);
    const char *verb = "plays";
    char *expanded = NULL, undo_n[16];
    int was_undo = 0;
    if (!c && n == 1 && looks_like_move(p, name)) {
        /* a bare move: play it for the side to move */
        c = proto_find_command("play");
        args[0] = side;
        args[1] = argv[0];
        argc = 2;
    } else if (!c) {
        const char *near = nearest_command(p, name);
        move_t m;
        char why[128] = "";
        if (!near && n == 1 && strpbrk(name, "0123456789"))
            p->s.g->parse_move(p->s.st, name, &m, why, sizeof why);
        if (why[0]) {
            /* a move mistyped: what is wrong with it, as play and the web
             * board's Move box say it, where it was "unknown command: 3/8x"
             * (a QA pass) */
            fprintf(p->out, "error: %s is not a move of %s: %s\n", name, p->s.g->name, why);
            fprintf(p->out, "(Tab Tab lists the legal moves)");
        } else {
            fprintf(p->out, "error: unknown command: %s\n", name);
            if (near)
                fprintf(p->out, "did you mean '%s'?", near);
            else if (strpbrk(name, "0123456789"))
                fprintf(p->out, "(not a move of %s either: Tab Tab lists the legal moves)",
                        p->s.g->name);
            else
                fprintf(p->out, "'help' lists the commands");
        }
        fprintf(p->out, "\n");
        fflush(p->out);
        free(w.buf);
        return;
    } else if ((c->flags & CMD_SHELL_SIDE) && argc == arg_count(c) - 1) {
        /* COLOR left out: the side to move */
        memmove(args + 1, args, sizeof(char *) * (size_t)argc);
        args[0] = side;
        argc++;
    } else if (c->kinds[0] == ARG_FILE && argc >= 1) {
        expanded = shell_expand_tilde(args[0]);
        if (expanded)
            args[0] = expanded;
    } else if (!strcmp(name, "undo")) {
        was_undo = 1;
        int k = argc == 0 && (human_side(sh) >= 0 || last_was_pass(sh)) ? whole_turn(sh) : 0;
        if (k < 0 && human_side(sh) >= 0) {
            fprintf(p->out, "error: cannot undo: no move of yours to take back\n");
            free(w.buf);
            return;
        }
        if (k > 0) {
            snprintf(undo_n, sizeof undo_n, "%d", k);
            args[0] = undo_n;
            argc = 1;
        }
    }
    if (!strcmp(c->name, "reg_genmove"))
        verb = "would play";
    if (!strcmp(c->name, "play") && argc == 2 && !shell_tutor_allows(sh, args[1])) {
        free(expanded);
        free(w.buf);
        return;
    }
    if (!strcmp(c->name, "savegame") && argc == 1 && !may_overwrite(sh, args[0])) {
        free(expanded);
        free(w.buf);
        return;
    }
    /* review FILE: a loadgame FILE, then a review, so that the game as
     * loaded counts as FILE's (saved) and the review's marks do not */
    const struct proto_cmd *then = NULL;
    if (!strcmp(c->name, "review") && argc == 1) {
        then = c;
        c = proto_find_command("loadgame");
    }
    /* the game a command may replace, kept once it has (a command that
     * fails leaves the game as it was, and keeps nothing) */
    shell_roster(sh);
    int replacing = replaces_game(c->name, argc), kind = UNSAVED_NONE;
    struct game_record *leaving = replacing ? unsaved_record(sh, &kind) : NULL;
    int before = p->s.nmoves;
    const void *g_before = p->s.g;
    uint64_t h_before = p->s.g->hash(p->s.st);
    run(sh, c, argc, args, verb);
    table_note(sh);
    int replaced = replacing && (p->status == 0 || p->s.nmoves != before ||
                                 p->s.g != g_before || p->s.g->hash(p->s.st) != h_before);
    if (replaced)
        keep_unsaved(sh, leaving, kind,
                     c->kinds[0] == ARG_FILE && argc >= 1 ? args[0] : NULL);
    free_record(leaving);
    if (p->status == 0 && (!strcmp(c->name, "savegame") || !strcmp(c->name, "loadgame")))
        mark_saved(sh, args[0]);
    else if (replaced && !strcmp(c->name, "setposition"))
        mark_unsaved(sh);       /* a position typed is unsaved work */
    else if (replaced)
        mark_saved(sh, NULL);
    if (then && p->status == 0 && !p->quit)
        run(sh, then, 0, args, verb);
    free(expanded);
    free(w.buf);
    int changed = p->s.nmoves != before || p->s.g != g_before ||
                  p->s.g->hash(p->s.st) != h_before;
    if (p->status == 0 && (c->flags & CMD_CHANGES_GAME))
        changed = 1;
    if (p->quit)
        return;
    /* a person whose only move is a pass: the shell plays it, after a
     * command that changed the game (not after undo, nor after one that
     * only reads it: the position an undo left stays) */
    if (p->status == 0 && !was_undo && (changed || c->fn == sh_computer) &&
        shell_auto_pass(sh))
        changed = 1;
    if (p->status == 0 && (changed || c->fn == sh_computer))
        sh->paused = 0;
    if (p->status == 0 && (sh->computer[0] || sh->computer[1]) && p->s.g != g_before) {
        /* the engine keeps its side by order of play, whose colour the
         * new game may name differently (Grasshopper's white moves first) */
        char who[160];
        sh_computer(p, 0, NULL, who, sizeof who);
        fprintf(p->out, "(%s)\n", who);
    }
    /* the board now, unless the engine is about to answer (then after it) */
    int answer = !was_undo && p->status == 0 && engine_to_move(sh) && !sh->paused;
    if (changed && !answer)
        show_board(sh);
    if (answer)
        autoplay(sh);
}

/* ------------------------------------------------------------- the loop */

static void prompt_text(struct shell *sh, char *buf, size_t n)
{
    struct proto *p = sh->p;
    struct game_status gs;
    if (session_status(&p->s, &gs))
        snprintf(buf, n, "%s (over)> ", p->s.g->name);
    else
        snprintf(buf, n, "%s (%s)> ", p->s.g->name,
                 side_name(p, session_side_to_move(&p->s)));
}

int shell_run(struct proto *p)
{
    struct shell sh;
    memset(&sh, 0, sizeof sh);
    sh.p = p;
    util_login_name(sh.person, sizeof sh.person);  /* once: shell_roster names the person */
    sh.own = shell_commands;
    sh.live = isatty(fileno(p->out));
    struct input in;
    input_init(&in, 0);
    p->in = &in;
    p->shell = 1;
    p->front = &sh;
    p->respond = shell_respond;
    p->watch = shell_watch;
    p->analysis = shell_analysis;
    /* the start-up game decides the GoGui commands offered, as in
     * proto_loop (proto_init's was the default game's, before --game) */
    p->gogui_rules = proto_gogui_abilities(p);
    move_t first[GAME_MAX_MOVES];
    char example[64] = "c3";
    if (p->s.g->gen_moves(p->s.st, first) > 0)
        p->s.g->format_move(p->s.st, first[0], example, sizeof example);
    char welcome[512];
    snprintf(welcome, sizeof welcome, "Tabula %s: Rastros, Tablut and Grasshopper.\n"
             "Type a move to play it (here e.g. %s), 'computer %s' to have the engine "
             "answer, 'help' for the commands. Tab completes, Ctrl-C stops the engine, "
             "Ctrl-D leaves.", PACKAGE_VERSION, example,
             game_display_name(p->s.g, 1 - session_side_to_move(&p->s)));
    print_wrapped(p->out, welcome);
    mark_saved(&sh, NULL);
    show_board(&sh);
    table_note(&sh);
    shell_input_open(&sh);
    while (!p->quit) {
        char prompt[128];
        prompt_text(&sh, prompt, sizeof prompt);
        sh.cancelled = 0;
        char *line = shell_read_line(&sh, prompt);
        if (sh.leave) {
            free(line);
            break;
        }
        if (sh.cancelled) {
            /* the first Ctrl-C at an empty prompt says how to leave */
            if (line && !line[strspn(line, " \t")] && !sh.hinted_leave) {
                fprintf(p->out, "(Ctrl-C again or Ctrl-D leaves)\n");
                sh.hinted_leave = 1;
            }
            free(line);
            continue;
        }
        if (!line)
            break;
        shell_line(&sh, line);
        free(line);
    }
    fputc('\n', p->out);
    int kind;
    struct game_record *leaving = unsaved_record(&sh, &kind);
    keep_unsaved(&sh, leaving, kind, NULL);
    free_record(leaving);
    free(sh.saved_path);
    shell_input_close(&sh);
    p->in = NULL;
    p->front = NULL;
    p->respond = NULL;
    p->watch = NULL;
    p->analysis = NULL;
    return 0;
}
