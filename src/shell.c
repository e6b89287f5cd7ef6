/* shell.c -- the interactive shell: readline, history kept across runs, tab
 * completion of commands, games, options and legal moves, and the board
 * after each move. Runs the same command table as the protocol. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "config.h"
#include "shell.h"
#include "util.h"
#ifdef HAVE_READLINE
#include <readline/readline.h>
#include <readline/history.h>
#endif

#define HISTORY_MAX 1000

static void show_board(struct proto *p)
{
    const struct game *g = p->s.g;
    char diagram[8192];
    struct game_status gs;
    g->print(p->s.st, diagram, sizeof diagram);
    fprintf(p->out, "%s\n", diagram);
    session_status(&p->s, &gs);
    if (gs.over) {
        if (gs.winner < 0)
            fprintf(p->out, "Game over: draw (%s).\n", gs.reason);
        else
            fprintf(p->out, "Game over: %s wins (%s).\n", g->side_names[gs.winner], gs.reason);
    } else {
        fprintf(p->out, "%s to move.\n", g->side_names[session_side_to_move(&p->s)]);
    }
    fflush(p->out);
}

/* Commands after which a person wants to see the board. */
static int changes_board(const char *cmd)
{
    static const char *const list[] = {
        "play", "genmove", "undo", "newgame", "clear_board", "setposition",
        "loadgame", "boardsize", NULL
    };
    for (int i = 0; list[i]; i++)
        if (!strcmp(cmd, list[i]))
            return 1;
    return 0;
}

static void prompt_text(struct proto *p, char *buf, size_t n)
{
    struct game_status gs;
    if (session_status(&p->s, &gs))
        snprintf(buf, n, "%s (over)> ", p->s.g->name);
    else
        snprintf(buf, n, "%s (%s)> ", p->s.g->name,
                 p->s.g->side_names[session_side_to_move(&p->s)]);
}

/* Runs one line; shows the board after a successful move-like command. */
static void shell_line(struct proto *p, const char *line)
{
    char cmd[64] = "";
    sscanf(line, " %63s", cmd);
    if (!strcmp(cmd, "help") && !strchr(line + strspn(line, " ") + 4, ' ')) {
        fprintf(p->out, "Commands (type 'help COMMAND' for one):\n");
    }
    char *copy = strdup(line);
    if (!copy)
        return;
    int before = p->s.nmoves;
    const void *g_before = p->s.g;
    uint64_t h_before = p->s.g->hash(p->s.st);
    proto_execute(p, copy);
    free(copy);
    if (changes_board(cmd) && (p->s.nmoves != before || p->s.g != g_before ||
                               p->s.g->hash(p->s.st) != h_before || !strcmp(cmd, "newgame") ||
                               !strcmp(cmd, "clear_board")))
        show_board(p);
}

#ifdef HAVE_READLINE
/* Completion needs the session: readline's callbacks take no context, so
 * the shell keeps one pointer for the duration of shell_run. */
static struct proto *completion_proto;

static char *dup_match(const char *s) { return strdup(s); }

/* Candidate words for the word at index widx of the line so far. */
static int candidates(struct proto *p, const char *line, int widx, const char **out,
                      char (*store)[64], int max)
{
    char first[64] = "", second[64] = "";
    sscanf(line, " %63s %63s", first, second);
    int n = 0;
    if (widx == 0) {
        for (int i = 0; proto_commands[i].name && n < max; i++)
            out[n++] = proto_commands[i].name;
        return n;
    }
    if ((!strcmp(first, "help") || !strcmp(first, "known_command")) && widx == 1) {
        for (int i = 0; proto_commands[i].name && n < max; i++)
            out[n++] = proto_commands[i].name;
    } else if (!strcmp(first, "newgame")) {
        if (widx == 1) {
            for (int i = 0; game_list[i] && n < max; i++)
                if (game_list[i]->gen_moves)
                    out[n++] = game_list[i]->name;
        } else {
            const struct game *g = game_find(second);
            for (int i = 0; g && g->option_names && g->option_names[i] && n < max; i++) {
                snprintf(store[n], 64, "%s=", g->option_names[i]);
                out[n] = store[n];
                n++;
            }
        }
    } else if ((!strcmp(first, "set_option") || !strcmp(first, "get_option")) && widx == 1) {
        static const char *const opts[] = {
            "engine", "movetime", "depth", "nodes", "threads", "hash", "seed", "resign", "tables",
            NULL
        };
        for (int i = 0; opts[i] && n < max; i++)
            out[n++] = opts[i];
    } else if (!strcmp(first, "set_option") && !strcmp(second, "engine") && widx == 2) {
        out[n++] = "alphabeta";
        out[n++] = "mcts";
        out[n++] = "random";
    } else if (!strcmp(first, "play") || !strcmp(first, "genmove") ||
               !strcmp(first, "reg_genmove") || !strcmp(first, "legal_moves") ||
               !strcmp(first, "analyze")) {
        const struct game *g = p->s.g;
        if (widx == 1) {
            out[n++] = g->side_names[0];
            out[n++] = g->side_names[1];
        } else if (widx == 2 && !strcmp(first, "play")) {
            move_t moves[GAME_MAX_MOVES];
            int k = g->gen_moves(p->s.st, moves);
            for (int i = 0; i < k && n < max; i++) {
                g->format_move(p->s.st, moves[i], store[n], 64);
                out[n] = store[n];
                n++;
            }
        }
    }
    return n;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    struct proto *p = completion_proto;
    /* which word is being completed */
    int widx = 0, inword = 0;
    for (int i = 0; i < start; i++) {
        int sp = rl_line_buffer[i] == ' ' || rl_line_buffer[i] == '\t';
        if (!sp && !inword)
            inword = 1;
        else if (sp && inword) {
            inword = 0;
            widx++;
        }
    }
    static char store[GAME_MAX_MOVES][64];
    const char *cand[GAME_MAX_MOVES];
    char line[1024];
    snprintf(line, sizeof line, "%.*s", start, rl_line_buffer);
    int n = candidates(p, line, widx, cand, store, GAME_MAX_MOVES);
    size_t tl = strlen(text);
    char **matches = calloc((size_t)n + 2, sizeof *matches);
    if (!matches)
        return NULL;
    int k = 1;
    for (int i = 0; i < n; i++)
        if (!strncasecmp(cand[i], text, tl))
            matches[k++] = dup_match(cand[i]);
    rl_attempted_completion_over = 1;
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
    /* the longest common prefix */
    size_t lcp = strlen(matches[1]);
    for (int i = 2; i < k; i++) {
        size_t j = 0;
        while (j < lcp && matches[i][j] == matches[1][j])
            j++;
        lcp = j;
    }
    matches[0] = strndup(matches[1], lcp);
    return matches;
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

int shell_run(struct proto *p)
{
    struct input in;
    input_init(&in, 0);
    p->in = &in;
    p->shell = 1;
    fprintf(p->out, "Tabula %s: Rastros, Tablut and Grasshopper. Type 'help' for the "
            "commands, Tab to complete, Ctrl-D to leave.\n", PACKAGE_VERSION);
    show_board(p);
#ifdef HAVE_READLINE
    completion_proto = p;
    rl_readline_name = "tabula";
    rl_attempted_completion_function = complete;
    char *hist = history_path();
    using_history();
    stifle_history(HISTORY_MAX);
    if (hist && read_history(hist) != 0)
        write_history(hist);        /* append_history needs the file */
    while (!p->quit) {
        char prompt[128];
        prompt_text(p, prompt, sizeof prompt);
        rl_completion_append_character = ' ';
        char *line = readline(prompt);
        if (!line)
            break;
        if (line[strspn(line, " \t")]) {
            add_history(line);
            if (hist)
                append_history(1, hist);
        }
        shell_line(p, line);
        free(line);
    }
    if (hist)
        history_truncate_file(hist, HISTORY_MAX);
    free(hist);
    completion_proto = NULL;
#else
    char line[4096];
    while (!p->quit) {
        char prompt[128];
        prompt_text(p, prompt, sizeof prompt);
        fputs(prompt, p->out);
        fflush(p->out);
        if (!fgets(line, sizeof line, stdin))
            break;
        line[strcspn(line, "\n")] = '\0';
        shell_line(p, line);
    }
#endif
    fputc('\n', p->out);
    p->in = NULL;
    return 0;
}
