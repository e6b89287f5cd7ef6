/* shell.c -- the interactive shell: the protocol's command table under GNU
 * readline, with play mode (the engine answers by itself), a live status
 * line while it thinks, Ctrl-C, errors that teach, grouped help, completion
 * and a board with the last move marked. Knows games only through struct
 * game and the session; the protocol's piped answers are not its business. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "config.h"
#include "shell.h"
#include "util.h"
#ifdef HAVE_READLINE
#include <readline/readline.h>
#include <readline/history.h>
#endif

#define HISTORY_MAX 1000
#define STATUS_DELAY_MS 250     /* no status line for a move faster than this */
#define STATUS_EVERY_MS 100

struct shell {
    struct proto *p;
    int live;                   /* stdout is a terminal: a live status line */
    int computer[2];            /* the engine plays this side by itself */
    int paused;                 /* Ctrl-C stopped the engine's moves */
    /* the command running now, for respond() and watch() */
    const char *cmd;            /* its name */
    const char *verb;           /* how to describe a genmove: "plays", "hint" */
    char **argv;
    int argc;
    int64_t t0;                 /* when it started */
    int64_t drawn;              /* when the status line was last drawn, 0: none */
    int have_info;
    struct search_info info;
    int search_side;
    /* the line reader */
    int cancelled;              /* Ctrl-C cleared the line */
    int leave;                  /* Ctrl-C twice */
    int hinted_leave;
};

/* Shell-only commands: the same record as the protocol's, so that help,
 * completion and the docs (tabula-docs) see them; run by shell_dispatch. */
static int sh_computer(struct proto *p, int argc, char **argv, char *res, size_t n);
static int sh_hint(struct proto *p, int argc, char **argv, char *res, size_t n);
static int sh_exit(struct proto *p, int argc, char **argv, char *res, size_t n);

const struct proto_cmd shell_commands[] = {
    {"computer", sh_computer, "[COLOR|both|none]", "the side(s) the engine plays by itself",
     PROTO_G_PLAY,
     "Play mode: a bare move (c3, e3-h3, 0/5) plays for the side to move, and the engine "
     "answers at once when it is its turn; undo then takes back a whole turn.\n"
     "both: the engine plays itself (Ctrl-C pauses it, Enter resumes); none: two people "
     "(the default). Without an argument, says who plays what."},
    {"hint", sh_hint, "", "the engine's move for the side to move, not played",
     PROTO_G_PLAY, "Searches as genmove does (the same options and limits)."},
    {"exit", sh_exit, "", "leave (the same as quit)", PROTO_G_ADMIN, NULL},
    {NULL, NULL, NULL, NULL, PROTO_G_NONE, NULL}
};

/* What the shell does differently from the protocol with a protocol
 * command; shown by "help COMMAND" and in the man page. */
const struct shell_note shell_notes[] = {
    {"play", "In the shell COLOR may be left out (play MOVE), or the command too: a bare "
     "move plays for the side to move."},
    {"genmove", "In the shell COLOR may be left out: the side to move."},
    {"reg_genmove", "In the shell COLOR may be left out: the side to move."},
    {"undo", "In play mode (computer COLOR) undo without N takes back a whole turn: back to "
     "your last move."},
    {"help", "In the shell: help (groups), help GROUP, help all, help COMMAND."},
    {"savegame", "In the shell FILE may start with ~ and be quoted (\"my game.rec\"); Tab "
     "completes file names."},
    {"loadgame", "In the shell FILE may start with ~ and be quoted; Tab completes file names."},
    {"quit", "In the shell also exit, Ctrl-D at an empty prompt, or Ctrl-C twice."},
    {NULL, NULL}
};

static const char *note_of(const char *name)
{
    for (int i = 0; shell_notes[i].name; i++)
        if (!strcmp(shell_notes[i].name, name))
            return shell_notes[i].text;
    return NULL;
}

static const struct proto_cmd *shell_find(const char *name)
{
    for (int i = 0; shell_commands[i].name; i++)
        if (!strcmp(shell_commands[i].name, name))
            return &shell_commands[i];
    return NULL;
}

static const struct proto_cmd *find_any(const char *name)
{
    const struct proto_cmd *c = shell_find(name);
    return c ? c : proto_find_command(name);
}

/* -------------------------------------------------------------- words */

/* Splits a line as a shell does: blanks separate words; '...' and "..."
 * quote (in "..." a backslash escapes " and \); outside quotes a backslash
 * escapes the next character; '#' at the start of a word starts a
 * comment; control characters are dropped (a tab is a blank). The words
 * point into w->buf. */
struct words {
    int n;
    int open;                   /* the line ended inside a word */
    char *buf;
    char *w[PROTO_MAX_ARGS + 2];
};

static int split_words(const char *line, struct words *w)
{
    size_t len = strlen(line);
    w->n = 0;
    w->open = 0;
    w->buf = malloc(2 * len + 2);
    if (!w->buf)
        return -1;
    char *o = w->buf;
    const char *c = line;
    for (;;) {
        while (*c == ' ' || *c == '\t' || (*c > 0 && *c < 32) || *c == 127)
            c++;
        if (!*c || *c == '#')
            break;
        if (w->n > PROTO_MAX_ARGS)
            return -2;
        w->w[w->n++] = o;
        char q = 0;
        w->open = 1;
        for (; *c; c++) {
            unsigned char ch = (unsigned char)*c;
            if (q) {
                if (ch == (unsigned char)q)
                    q = 0;
                else if (q == '"' && ch == '\\' && (c[1] == '"' || c[1] == '\\'))
                    *o++ = *++c;
                else if (ch >= 32 && ch != 127)
                    *o++ = (char)ch;
            } else if (ch == '\'' || ch == '"') {
                q = (char)ch;
            } else if (ch == '\\' && c[1]) {
                *o++ = *++c;
            } else if (ch == ' ' || ch == '\t') {
                break;
            } else if (ch >= 32 && ch != 127) {
                *o++ = (char)ch;
            }
        }
        *o++ = '\0';
        if (!*c && !q && len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
            w->open = 0;
        if (*c) {
            w->open = 0;
            c++;
        }
    }
    return w->n;
}

/* ~ and ~user at the start of a file name, as a shell expands them. */
static char *expand_tilde(const char *name)
{
    if (name[0] != '~')
        return strdup(name);
    const char *rest = strchr(name, '/');
    size_t ul = rest ? (size_t)(rest - name - 1) : strlen(name + 1);
    const char *home = NULL;
    if (ul == 0) {
        home = getenv("HOME");
        if (!home) {
            struct passwd *pw = getpwuid(getuid());
            home = pw ? pw->pw_dir : NULL;
        }
    } else {
        char user[256];
        snprintf(user, sizeof user, "%.*s", (int)ul, name + 1);
        struct passwd *pw = getpwnam(user);
        home = pw ? pw->pw_dir : NULL;
    }
    if (!home)
        return strdup(name);
    size_t n = strlen(home) + (rest ? strlen(rest) : 0) + 1;
    char *out = malloc(n);
    if (out)
        snprintf(out, n, "%s%s", home, rest ? rest : "");
    return out;
}

/* ------------------------------------------------------- words for a person */

static const char *side_name(const struct proto *p, int side)
{
    return p->s.g->side_names[side];
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
            snprintf(buf, n, "%s wins%s", side_name(p, winner), in);
        return;
    }
    if (exact && score == 0) {
        snprintf(buf, n, "a draw with best play");
        return;
    }
    int a = score < 0 ? -score : score;
    const char *who = side_name(p, score >= 0 ? side : 1 - side);
    /* the figure is the favoured side's: no sign to decode */
    if (a == 0)
        snprintf(buf, n, "even (0)");
    else if (a < 50)
        snprintf(buf, n, "about even (%d for %s)", a, who);
    else if (a < 200)
        snprintf(buf, n, "%s is slightly better (%d)", who, a);
    else if (a < 800)
        snprintf(buf, n, "%s is better (%d)", who, a);
    else
        snprintf(buf, n, "%s is winning (%d)", who, a);
}

static int term_width(FILE *f)
{
    struct winsize ws;
    if (ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10)
        return ws.ws_col;
    return 80;
}

static void clear_status(struct shell *sh)
{
    if (sh->drawn) {
        fputs("\r\033[K", sh->p->out);
        fflush(sh->p->out);
        sh->drawn = 0;
    }
}

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
    if (!strcmp(sh->cmd, "solve"))
        buf_printf(line, sizeof line, &pos, "solving");
    else
        buf_printf(line, sizeof line, &pos, "%s thinks", who);
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
               strcmp(sh->cmd, "solve") ? "move now" : "stop");
    int w = term_width(p->out) - 1;
    if ((int)strlen(line) > w)
        line[w] = '\0';
    fprintf(p->out, "\r\033[K%s", line);
    fflush(p->out);
    sh->drawn = t;
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
    fprintf(p->out, "%s\n", diagram);
    /* one line: who is to move, or the result; and the last move */
    struct game_status gs;
    char played[96] = "";
    if (last)
        snprintf(played, sizeof played, "%s played %s", side_name(p, last->side), last->text);
    if (session_status(s, &gs)) {
        if (gs.winner < 0)
            fprintf(p->out, "Game over: a draw (%s)", gs.reason);
        else
            fprintf(p->out, "Game over: %s wins (%s)", side_name(p, gs.winner), gs.reason);
        fprintf(p->out, "%s%s.\n", last ? " after " : "", played);
    } else {
        int stm = session_side_to_move(s);
        int human = human_side(sh);
        fprintf(p->out, "%s to move%s%s%s.\n", side_name(p, stm),
                human < 0 ? "" : stm == human ? " (you)" : " (the engine)",
                last ? "; " : "", played);
    }
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

static const char *nearest_command(const char *w)
{
    const char *names[160];
    int n = 0;
    for (int i = 0; proto_commands[i].name && n < 150; i++)
        names[n++] = proto_commands[i].name;
    for (int i = 0; shell_commands[i].name && n < 159; i++)
        names[n++] = shell_commands[i].name;
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

/* Lines the shell adds under a protocol error: how to do it right. */
static void teach(struct shell *sh, const char *msg)
{
    struct proto *p = sh->p;
    const struct game *g = p->s.g;
    FILE *o = p->out;
    const char *cmd = sh->cmd ? sh->cmd : "";
    const struct proto_cmd *c = find_any(cmd);
    const char *arg0 = sh->argc > 0 ? sh->argv[0] : "";
    int code = p->status;
    if (code == proto_error("syntax error") && c) {
        fprintf(o, "usage: %s%s%s\n", c->name, c->args[0] ? " " : "", c->args);
        const char *note = note_of(c->name);
        if (note)
            fprintf(o, "%s\n", note);
    } else if (code == proto_error("invalid value") || code == proto_error("unknown option")) {
        if (!strcmp(cmd, "newgame")) {
            const struct game *ng = game_find(arg0);
            if (ng) {
                char vh[256];
                game_variant_help(ng, vh, sizeof vh);
                fprintf(o, "%s variants: %s\n", ng->name, vh);
            }
        } else {
            const char *names[32] = {NULL};
            int n = 0;
            const struct option_desc *od = NULL;
            for (int i = 0; option_table[i].name && n < 32; i++) {
                names[n++] = option_table[i].name;
                if (!strcmp(option_table[i].name, arg0))
                    od = &option_table[i];
            }
            if (od) {
                char help[512];
                proto_option_help(od, help, sizeof help);
                if (od->lo <= od->hi)
                    fprintf(o, "%s: %s from %ld to %ld; %s\n", od->name, od->type, od->lo,
                            od->hi, help);
                else
                    fprintf(o, "%s (%s): %s\n", od->name, od->type, help);
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
    } else if (code == proto_error("unknown game")) {
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
    } else if (code == proto_error("invalid color")) {
        char cl[256];
        colour_list(g, cl, sizeof cl);
        fprintf(o, "colours in %s: %s%s\n", g->name, cl,
                !strcmp(cmd, "computer") ? "; or both, none" : "");
    } else if (code == proto_error("wrong color")) {
        fprintf(o, "it is %s's turn; a bare move plays for the side to move\n",
                side_name(p, session_side_to_move(&p->s)));
    } else if (code == proto_error("illegal move")) {
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
    } else if (code == proto_error("game over")) {
        fprintf(o, "'undo' takes back moves, 'newgame' starts again\n");
    } else if (code == proto_error("cannot undo")) {
        if (p->s.nmoves == 0)
            fprintf(o, "no move has been played%s\n", p->s.setup ? " since setposition" : "");
        else
            fprintf(o, "%d move%s can be taken back\n", p->s.nmoves,
                    p->s.nmoves == 1 ? "" : "s");
    } else if (code == proto_error("unacceptable size")) {
        fprintf(o, "sizes: rastros 5 to 8 (newgame rastros size=N); tablut 9 and "
                "grasshopper 6 only restart\n");
    } else if (code == proto_error("not solved") && !proto_was_interrupted(p)) {
        fprintf(o, "the movetime and nodes options limit solve (now %" PRId64 " ms, %" PRIu64
                " nodes; 0 is none)\n", p->s.movetime_ms, p->s.nodes);
    }
    (void)msg;
}

/* ------------------------------------------------------------ responses */

/* A genmove / reg_genmove / hint answer in words, with the time used. */
static void describe_move(struct shell *sh, const char *text)
{
    struct proto *p = sh->p;
    const struct proto_explain *e = &p->explain;
    if (!e->valid || !strcmp(text, "resign") || !strcmp(text, "pass")) {
        fprintf(p->out, "%s %s %s\n", side_name(p, sh->search_side),
                !strcmp(sh->verb, "plays") ? "plays" : "would play", text);
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
    if (!strcmp(sh->verb, "hint"))
        fprintf(p->out, "hint: %s could play %s", who, text);
    else if (!strcmp(sh->verb, "plays"))
        fprintf(p->out, "%s plays %s", who, text);
    else
        fprintf(p->out, "%s would play %s", who, text);
    fprintf(p->out, " (%.1f s, depth %d, %s nodes%s): %s\n", (double)e->ms / 1000,
            e->result.depth, nodes, proto_was_interrupted(p) ? ", stopped by Ctrl-C" : "", sc);
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

static void shell_respond(struct proto *p, int ok, const char *text)
{
    struct shell *sh = p->front;
    FILE *o = p->out;
    clear_status(sh);
    const char *cmd = sh->cmd ? sh->cmd : "";
    if (!ok) {
        if (!strcmp(cmd, "solve") && proto_was_interrupted(p))
            fprintf(o, "solve stopped by Ctrl-C after %.1f s: not solved\n",
                    (double)(now_ms() - sh->t0) / 1000);
        else {
            fprintf(o, "error: ");
            put_clean(o, text);
            fprintf(o, "\n");
        }
        teach(sh, text);
        fflush(o);
        return;
    }
    if (!strcmp(cmd, "genmove") || !strcmp(cmd, "reg_genmove"))
        describe_move(sh, text);
    else if (!strcmp(cmd, "solve"))
        describe_solve(sh, text);
    else if (!strcmp(cmd, "savegame") && sh->argc == 1)
        fprintf(o, "saved %d move%s of %s to %s\n", p->s.nmoves, p->s.nmoves == 1 ? "" : "s",
                p->s.g->name, sh->argv[0]);
    else if (!strcmp(cmd, "loadgame") && sh->argc >= 1)
        fprintf(o, "loaded %s: %s, %d move%s\n", sh->argv[0], p->s.g->name, p->s.nmoves,
                p->s.nmoves == 1 ? "" : "s");
    else if (text[0]) {
        put_clean(o, text[0] == '\n' ? text + 1 : text);
        fprintf(o, "\n");
    }
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
    proto_run_words(p, c, "", argc, argv);
    /* a Ctrl-C belonged to this command: the prompt must not see it again
     * (the repeat count stays, for "Ctrl-C twice leaves") */
    p->interrupt = 0;
    clear_status(sh);
    sh->cmd = NULL;
}

/* ------------------------------------------------------------- help */

/* Prints text wrapped at the terminal's width (at most 100), each '\n' a
 * new paragraph. */
static void print_wrapped(FILE *o, const char *text)
{
    int width = term_width(o) - 1;
    if (width > 100)
        width = 100;
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

static void help_group(FILE *o, int g, int full)
{
    const struct proto_cmd *tables[2] = {proto_commands, shell_commands};
    int col = 0;
    if (!full)
        col = fprintf(o, "  %-15s", proto_group_names[g]);
    for (int t = 0; t < 2; t++)
        for (int i = 0; tables[t][i].name; i++) {
            const struct proto_cmd *c = &tables[t][i];
            if ((int)c->group != g)
                continue;
            if (full) {
                char use[128];
                snprintf(use, sizeof use, "%s%s%s", c->name, c->args[0] ? " " : "", c->args);
                fprintf(o, "  %-34s %s%s\n", use, c->help, t ? " (shell)" : "");
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

/* The order of the groups in help: the issue's and doc/protocol.md's. */
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
            help_group(o, group_order[i], 0);
        print_wrapped(o, "To play, type a move (c3, e3-h3, 0/5): it is played for the side "
                      "to move. 'computer white' has the engine answer white's moves, "
                      "'hint' suggests one. Tab completes, Ctrl-C stops the engine's search "
                      "(it moves at once), Ctrl-D or 'quit' leaves.");
        return;
    }
    if (argc > 1) {
        fprintf(o, "error: syntax error\nusage: help [COMMAND|GROUP|all]\n");
        return;
    }
    if (!strcasecmp(argv[0], "all")) {
        for (int i = 0; i < NGROUPS; i++) {
            fprintf(o, "%s:\n", proto_group_names[group_order[i]]);
            help_group(o, group_order[i], 1);
        }
        return;
    }
    const struct proto_cmd *c = find_any(argv[0]);
    if (c) {
        fprintf(o, "usage: %s%s%s\n%c%s%s.\n", c->name, c->args[0] ? " " : "", c->args,
                toupper((unsigned char)c->help[0]), c->help + 1,
                shell_find(c->name) ? " (shell only)" : "");
        if (c->more) {
            char more[2048];
            proto_expand_help(c->more, more, sizeof more);
            print_wrapped(o, more);
        }
        const char *note = note_of(c->name);
        if (note)
            print_wrapped(o, note);
        fprintf(o, "Group: %s.\n", proto_group_names[c->group]);
        return;
    }
    int g = group_by_name(argv[0]);
    if (g) {
        fprintf(o, "%s:\n", proto_group_names[g]);
        help_group(o, g, 1);
        return;
    }
    fprintf(o, "error: unknown command: %s\n", argv[0]);
    const char *near = nearest_command(argv[0]);
    if (near)
        fprintf(o, "did you mean '%s'?\n", near);
    fprintf(o, "groups: games play thinking analysis records gogui administration; "
            "'help' lists the commands\n");
}

/* --------------------------------------------------- shell-only commands */

static int sh_exit(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)argv; (void)res; (void)n;
    if (argc)
        return proto_error("syntax error");
    p->quit = 1;
    return 0;
}

static int sh_computer(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    struct shell *sh = p->front;
    const struct game *g = p->s.g;
    if (argc > 1)
        return proto_error("syntax error");
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
            return proto_error("invalid color");
        }
        sh->paused = 0;
    }
    if (sh->computer[0] && sh->computer[1])
        snprintf(res, n, "the engine plays both sides (Ctrl-C pauses, Enter resumes)");
    else if (sh->computer[0] || sh->computer[1]) {
        int e = sh->computer[0] ? 0 : 1;
        snprintf(res, n, "the engine plays %s, you play %s: type your moves", g->side_names[e],
                 g->side_names[1 - e]);
    } else
        snprintf(res, n, "the engine plays no side: 'genmove' asks it for a move");
    return 0;
}

static int sh_hint(struct proto *p, int argc, char **argv, char *res, size_t n)
{
    (void)p; (void)argc; (void)argv; (void)res; (void)n;
    return 0;                   /* never called: shell_line runs reg_genmove */
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
        snprintf(side, sizeof side, "%s", side_name(p, session_side_to_move(&p->s)));
        char *argv[1] = {side};
        int before = p->s.nmoves;
        run(sh, gm, 1, argv, "plays");
        if (p->status || p->s.nmoves == before)
            break;
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

/* Is w a move of the current game (legal or not, but well formed)? */
static int looks_like_move(struct proto *p, const char *w)
{
    move_t m;
    char err[128];
    int rc = p->s.g->parse_move(p->s.st, w, &m, err, sizeof err);
    return rc == GAME_OK || rc == GAME_EILLEGAL;
}

/* The number of plies undo takes back in play mode: back to before the
 * human's last move. -1: the human has no move to take back. */
static int whole_turn(const struct shell *sh)
{
    const struct session *s = &sh->p->s;
    int human = human_side(sh);
    for (int i = s->nmoves - 1; i >= 0; i--)
        if (s->moves[i].side == human)
            return s->nmoves - i;
    return -1;
}

static void shell_line(struct shell *sh, const char *line)
{
    struct proto *p = sh->p;
    struct words w;
    int n = split_words(line, &w);
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
    snprintf(side, sizeof side, "%s", side_name(p, session_side_to_move(&p->s)));
    char *args[PROTO_MAX_ARGS + 2];
    int argc = n - 1;
    memcpy(args, argv + 1, sizeof(char *) * (size_t)argc);
    const struct proto_cmd *c = find_any(name);
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
        fprintf(p->out, "error: unknown command: %s\n", name);
        const char *near = nearest_command(name);
        if (near)
            fprintf(p->out, "did you mean '%s'?", near);
        else if (strpbrk(name, "0123456789"))
            fprintf(p->out, "(not a move of %s either: Tab Tab lists the legal moves)",
                    p->s.g->name);
        else
            fprintf(p->out, "'help' lists the commands");
        fprintf(p->out, "\n");
        fflush(p->out);
        free(w.buf);
        return;
    } else if (!strcmp(name, "hint")) {
        if (argc) {
            fprintf(p->out, "error: syntax error\nusage: hint\n");
            free(w.buf);
            return;
        }
        c = proto_find_command("reg_genmove");
        args[0] = side;
        argc = 1;
        verb = "hint";
    } else if ((!strcmp(name, "genmove") || !strcmp(name, "reg_genmove")) && argc == 0) {
        args[0] = side;
        argc = 1;
    } else if (!strcmp(name, "play") && argc == 1) {
        args[1] = args[0];
        args[0] = side;
        argc = 2;
    } else if ((!strcmp(name, "savegame") || !strcmp(name, "loadgame")) && argc >= 1) {
        expanded = expand_tilde(args[0]);
        if (expanded)
            args[0] = expanded;
    } else if (!strcmp(name, "undo")) {
        was_undo = 1;
        if (argc == 0 && human_side(sh) >= 0) {
            int k = whole_turn(sh);
            if (k < 0) {
                fprintf(p->out, "error: cannot undo: no move of yours to take back\n");
                free(w.buf);
                return;
            }
            snprintf(undo_n, sizeof undo_n, "%d", k);
            args[0] = undo_n;
            argc = 1;
        }
    }
    if (!strcmp(c->name, "reg_genmove") && strcmp(verb, "hint"))
        verb = "would play";
    int before = p->s.nmoves;
    const void *g_before = p->s.g;
    uint64_t h_before = p->s.g->hash(p->s.st);
    run(sh, c, argc, args, verb);
    free(expanded);
    free(w.buf);
    int changed = p->s.nmoves != before || p->s.g != g_before ||
                  p->s.g->hash(p->s.st) != h_before;
    if (p->status == 0 && (!strcmp(c->name, "newgame") || !strcmp(c->name, "clear_board") ||
                           !strcmp(c->name, "loadgame") || !strcmp(c->name, "setposition")))
        changed = 1;
    if (p->quit)
        return;
    if (p->status == 0 && (changed || !strcmp(c->name, "computer")))
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

/* ---------------------------------------------------------- completion */

#ifdef HAVE_READLINE
/* Completion and the Ctrl-C getc need the shell: readline's callbacks take
 * no context, so the shell keeps one pointer while shell_run runs. */
static struct shell *rl_shell;

/* The values of variant key `key` of game g ("size=5" ...) into store. */
static int option_values(const struct game *g, const char *key, char (*store)[64],
                         const char **out, int max)
{
    const struct variant_key *k = game_variant_key(g, key);
    int n = 0;
    char v[GAME_VARIANT_TEXT];
    while (k && n < max && game_variant_value(k, n, v, sizeof v)) {
        snprintf(store[n], 64, "%s=%s", k->name, v);
        out[n] = store[n];
        n++;
    }
    return n;
}

static int add_moves(struct proto *p, const char **out, char (*store)[64], int n, int max)
{
    const struct game *g = p->s.g;
    move_t moves[GAME_MAX_MOVES];
    int k = g->gen_moves(p->s.st, moves);
    for (int i = 0; i < k && n < max; i++) {
        g->format_move(p->s.st, moves[i], store[n], 64);
        out[n] = store[n];
        n++;
    }
    return n;
}

/* Candidate words for word widx (text: its start) after the words before. */
static int candidates(struct shell *sh, struct words *w, int widx, const char *text,
                      const char **out, char (*store)[64], int max)
{
    struct proto *p = sh->p;
    const struct game *g = p->s.g;
    const char *first = w->n > 0 ? w->w[0] : "", *second = w->n > 1 ? w->w[1] : "";
    int n = 0;
    if (widx == 0) {
        for (int i = 0; proto_commands[i].name && n < max; i++)
            out[n++] = proto_commands[i].name;
        for (int i = 0; shell_commands[i].name && n < max; i++)
            out[n++] = shell_commands[i].name;
        if (text[0])            /* a bare move; not listed on an empty word */
            n = add_moves(p, out, store, n, max);
        return n;
    }
    if ((!strcmp(first, "help") || !strcmp(first, "known_command")) && widx == 1) {
        for (int i = 0; proto_commands[i].name && n < max; i++)
            out[n++] = proto_commands[i].name;
        for (int i = 0; shell_commands[i].name && n < max; i++)
            out[n++] = shell_commands[i].name;
    } else if (!strcmp(first, "newgame")) {
        if (widx == 1) {
            for (int i = 0; game_list[i] && n < max; i++)
                if (game_list[i]->gen_moves)
                    out[n++] = game_list[i]->name;
        } else {
            const struct game *ng = game_find(second);
            const char *eq = strchr(text, '=');
            if (ng && eq) {     /* the values of one key */
                char key[64];
                snprintf(key, sizeof key, "%.*s", (int)(eq - text), text);
                n = option_values(ng, key, store, out, max);
            } else {
                for (int i = 0; ng && ng->variant_keys && ng->variant_keys[i].name && n < max;
                     i++) {
                    snprintf(store[n], 64, "%s=", ng->variant_keys[i].name);
                    out[n] = store[n];
                    n++;
                }
            }
        }
    } else if (!strcmp(first, "boardsize") && widx == 1) {
        n = option_values(g, "size", store, out, max);
        for (int i = 0; i < n; i++)
            out[i] = strchr(out[i], '=') + 1;
    } else if ((!strcmp(first, "set_option") || !strcmp(first, "get_option")) && widx == 1) {
        for (int i = 0; option_table[i].name && n < max; i++)
            out[n++] = option_table[i].name;
    } else if (!strcmp(first, "set_option") && widx == 2) {
        for (int i = 0; option_table[i].name; i++)
            if (!strcmp(option_table[i].name, second) && strchr(option_table[i].type, '|')) {
                /* "alphabeta|mcts|random" */
                const char *t = option_table[i].type;
                while (*t && n < max) {
                    size_t l = strcspn(t, "|");
                    snprintf(store[n], 64, "%.*s", (int)l, t);
                    out[n] = store[n];
                    n++;
                    t += l + (t[l] == '|');
                }
            } else if (!strcmp(option_table[i].name, second) &&
                       !strcmp(option_table[i].type, "bool")) {
                out[n++] = "true";
                out[n++] = "false";
            }
    } else if (!strcmp(first, "computer") && widx == 1) {
        out[n++] = g->side_names[0];
        out[n++] = g->side_names[1];
        out[n++] = "both";
        out[n++] = "none";
    } else if (!strcmp(first, "play") || !strcmp(first, "genmove") ||
               !strcmp(first, "reg_genmove") || !strcmp(first, "legal_moves") ||
               !strcmp(first, "analyze") || !strcmp(first, "time_left")) {
        if (widx == 1) {
            out[n++] = g->side_names[0];
            out[n++] = g->side_names[1];
            if (!strcmp(first, "play") && text[0])
                n = add_moves(p, out, store, n, max);
        } else if (widx == 2 && !strcmp(first, "play")) {
            n = add_moves(p, out, store, n, max);
        }
    }
    return n;
}

static char *dup_match(const char *s) { return strdup(s); }

static char **complete(const char *text, int start, int end)
{
    (void)end;
    struct shell *sh = rl_shell;
    rl_attempted_completion_over = 1;
    char *prefix = strndup(rl_line_buffer, (size_t)start);
    if (!prefix)
        return NULL;
    struct words w;
    int nw = split_words(prefix, &w);
    free(prefix);
    if (nw < 0) {
        free(w.buf);
        return NULL;
    }
    /* the word being completed: after the complete words before it (a
     * quote that opens it counts as its start) */
    int widx = w.open ? nw - 1 : nw;
    const char *first = nw > 0 ? w.w[0] : "";
    if (widx == 1 && (!strcmp(first, "savegame") || !strcmp(first, "loadgame"))) {
        free(w.buf);
        rl_filename_completion_desired = 1;
        rl_filename_quoting_desired = 1;
        return rl_completion_matches(text, rl_filename_completion_function);
    }
    rl_sort_completion_matches = !(nw >= 2 && !strcmp(first, "newgame")) &&
                                 strcmp(first, "boardsize");   /* 5 6 7 8 in order */
    static char store[GAME_MAX_MOVES + 64][64];
    const char *cand[GAME_MAX_MOVES + 64];
    int n = candidates(sh, &w, widx, text, cand, store, GAME_MAX_MOVES + 64);
    free(w.buf);
    size_t tl = strlen(text);
    char **matches = calloc((size_t)n + 2, sizeof *matches);
    if (!matches)
        return NULL;
    int k = 1;
    for (int i = 0; i < n; i++) {
        int dup = 0;
        for (int j = 1; j < k && !dup; j++)
            dup = !strcmp(matches[j], cand[i]);
        if (!dup && !strncasecmp(cand[i], text, tl))
            matches[k++] = dup_match(cand[i]);
    }
    if (k == 1) {
        free(matches);
        return NULL;
    }
    if (k == 2) {
        matches[0] = matches[1];
        matches[1] = NULL;
        /* an option "key=" wants no space after it */
        if (matches[0][strlen(matches[0]) - 1] == '=')
            rl_completion_append_character = '\0';
        return matches;
    }
    /* the longest common prefix; never shorter than what was typed */
    size_t lcp = strlen(matches[1]);
    for (int i = 2; i < k; i++) {
        size_t j = 0;
        while (j < lcp && tolower((unsigned char)matches[i][j]) ==
                              tolower((unsigned char)matches[1][j]))
            j++;
        lcp = j;
    }
    matches[0] = lcp < tl ? strdup(text) : strndup(matches[1], lcp);
    return matches;
}

/* A backslash escapes the next character (so "my\ game.rec" is one word). */
static int char_is_quoted(char *text, int index)
{
    return index > 0 && text[index - 1] == '\\' && !char_is_quoted(text, index - 1);
}

/* readline's getc: Ctrl-C (SIGINT) at the prompt clears the line as bash
 * does (the line is left on the screen with ^C, and not run); a second one
 * within PROTO_INTERRUPT_REPEAT_MS leaves. */
static int shell_getc(FILE *f)
{
    struct shell *sh = rl_shell;
    for (;;) {
        if (sh && sh->p->interrupt) {
            sh->p->interrupt = 0;
            if (sh->p->interrupt_repeat >= 2)
                sh->leave = 1;
            else
                sh->cancelled = 1;
            return '\n';        /* ends readline; the line is dropped */
        }
        unsigned char c;
        ssize_t k = read(fileno(f), &c, 1);
        if (k == 1)
            return c;
        if (k == 0)
            return EOF;
        if (errno != EINTR)
            return EOF;
        rl_check_signals();     /* readline's own: ^C echo, terminal, our handler */
    }
}

static char *history_path(void)
{
    const char *h = getenv("TABULA_HISTORY");
    if (h)
        return strdup(h);
    const char *home = getenv("HOME");
    if (!home)
        return NULL;
    size_t n = strlen(home) + 32;
    char *path = malloc(n);
    if (path)
        snprintf(path, n, "%s/.tabula_history", home);
    return path;
}
#endif

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
    sh.live = isatty(fileno(p->out));
    struct input in;
    input_init(&in, 0);
    p->in = &in;
    p->shell = 1;
    p->front = &sh;
    p->respond = shell_respond;
    p->watch = shell_watch;
    move_t first[GAME_MAX_MOVES];
    char example[64] = "c3";
    if (p->s.g->gen_moves(p->s.st, first) > 0)
        p->s.g->format_move(p->s.st, first[0], example, sizeof example);
    fprintf(p->out, "Tabula %s: Rastros, Tablut and Grasshopper.\n"
            "Type a move to play it (here e.g. %s), 'computer %s' to have the engine\n"
            "answer, 'help' for the commands. Tab completes, Ctrl-C stops the engine,\n"
            "Ctrl-D leaves.\n", PACKAGE_VERSION, example,
            p->s.g->side_names[1 - session_side_to_move(&p->s)]);
    show_board(&sh);
#ifdef HAVE_READLINE
    rl_shell = &sh;
    rl_readline_name = "tabula";
    rl_attempted_completion_function = complete;
    /* '=' is part of a word: "size=" must not be completed as "s" */
    rl_completer_word_break_characters = " \t\n";
    rl_completer_quote_characters = "\"'";
    rl_filename_quote_characters = " \t\n\"\\'`@$><=;|&{(#";
    rl_char_is_quoted_p = char_is_quoted;
    rl_getc_function = shell_getc;
    char *hist = history_path();
    using_history();
    stifle_history(HISTORY_MAX);
    if (hist && read_history(hist) != 0)
        write_history(hist);        /* append_history needs the file */
    while (!p->quit) {
        char prompt[128];
        prompt_text(&sh, prompt, sizeof prompt);
        rl_completion_append_character = ' ';
        sh.cancelled = 0;
        char *line = readline(prompt);
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
        if (line[strspn(line, " \t")]) {
            add_history(line);
            if (hist)
                append_history(1, hist);
        }
        shell_line(&sh, line);
        free(line);
    }
    if (hist)
        history_truncate_file(hist, HISTORY_MAX);
    free(hist);
    rl_shell = NULL;
#else
    char line[4096];
    while (!p->quit) {
        char prompt[128];
        prompt_text(&sh, prompt, sizeof prompt);
        fputs(prompt, p->out);
        fflush(p->out);
        if (!fgets(line, sizeof line, stdin))
            break;
        line[strcspn(line, "\n")] = '\0';
        shell_line(&sh, line);
    }
#endif
    fputc('\n', p->out);
    p->in = NULL;
    p->front = NULL;
    p->respond = NULL;
    p->watch = NULL;
    return 0;
}
