/* shell_input.c -- the shell's input: the words of a line, and the line
 * reader, GNU readline with completion of commands, games, variants,
 * options, moves and file names (from the argument kinds of the command
 * tables), a history file and Ctrl-C at the prompt; plain lines without
 * readline. Knows the command and option tables and struct game. */
#include <ctype.h>
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "config.h"
#include "front/shell_int.h"
#include "options.h"
#ifdef HAVE_READLINE
#include <readline/readline.h>
#include <readline/history.h>
#endif

#define HISTORY_MAX 1000

/* ------------------------------------------------------------- words */

int shell_split_words(const char *line, struct words *w)
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

char *shell_expand_tilde(const char *name)
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

char *shell_home_file(const char *name)
{
    char tilde[256];
    snprintf(tilde, sizeof tilde, "~/%s", name);
    char *path = shell_expand_tilde(tilde);
    if (path && path[0] == '~') {       /* no home directory to be found */
        free(path);
        path = NULL;
    }
    return path;
}

/* ---------------------------------------------------------- completion */

#ifdef HAVE_READLINE
/* Completion and the Ctrl-C getc need the shell: readline's callbacks take
 * no context, so the shell keeps one pointer while the reader is open. */
static struct shell *rl_shell;

/* The kind of word i (0: the first argument) of c, from its table entry. */
static int arg_kind(const struct proto_cmd *c, int i)
{
    int given = 0;
    while (given < PROTO_ARG_KINDS && c->kinds[given])
        given++;
    if (i < given)
        return c->kinds[i];
    return given && c->kinds[given - 1] == ARG_VARIANT ? ARG_VARIANT : ARG_NONE;
}

struct cands {
    const char **out;
    char (*store)[64];
    int n, max;
};

static void add(struct cands *c, const char *word)
{
    if (c->n < c->max) {
        snprintf(c->store[c->n], 64, "%s", word);
        c->out[c->n] = c->store[c->n];
        c->n++;
    }
}

static void add_commands(const struct shell *sh, struct cands *c)
{
    const struct proto_cmd *pc;
    for (int i = 0; (pc = proto_command_with(sh->own, i)); i++)
        if (proto_offered(sh->p, pc))       /* as help lists them */
            add(c, pc->name);
}

static void add_moves(struct proto *p, struct cands *c)
{
    const struct game *g = p->s.g;
    move_t moves[GAME_MAX_MOVES];
    int k = g->gen_moves(p->s.st, moves);
    for (int i = 0; i < k; i++) {
        char mt[64];
        g->format_move(p->s.st, moves[i], mt, sizeof mt);
        add(c, mt);
    }
}

/* The values of a variant key: "key=value" each (prefix 1) or the bare
 * values (prefix 0). */
static void add_key_values(struct cands *c, const struct variant_key *k, int prefix)
{
    char v[GAME_VARIANT_TEXT], word[64];
    for (int i = 0; k && game_variant_value(k, i, v, sizeof v); i++) {
        snprintf(word, sizeof word, "%s%s%s", prefix ? k->name : "", prefix ? "=" : "", v);
        add(c, word);
    }
}

/* The candidates of one kind of word; w is the line's words so far. */
static void add_kind(struct shell *sh, struct cands *c, int kind, struct words *w,
                     const char *text)
{
    struct proto *p = sh->p;
    const struct game *g = p->s.g;
    const char *second = w->n > 1 ? w->w[1] : "";
    switch (kind) {
    case ARG_SIDES:
        add(c, "both");
        add(c, "none");
        /* fall through */
    case ARG_COLOR:
        add(c, g->side_names[0]);
        add(c, g->side_names[1]);
        break;
    case ARG_MOVE:
        add_moves(p, c);
        break;
    case ARG_GAME:
        for (int i = 0; game_list[i]; i++)
            if (game_list[i]->gen_moves)
                add(c, game_list[i]->name);
        break;
    case ARG_VARIANT: {
        const struct game *ng = game_find(second);
        const char *eq = strchr(text, '=');
        if (ng && eq) {         /* the values of one key */
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)(eq - text), text);
            add_key_values(c, game_variant_key(ng, key), 1);
        } else {
            for (const struct variant_key *k = ng ? ng->variant_keys : NULL; k && k->name; k++) {
                char word[64];
                snprintf(word, sizeof word, "%s=", k->name);
                add(c, word);
            }
        }
        break;
    }
    case ARG_COMMAND:
        add_commands(sh, c);
        break;
    case ARG_OPTION:
        for (const struct option_desc *o = option_table; o->name; o++)
            add(c, o->name);
        break;
    case ARG_OPTION_VALUE: {
        const struct option_desc *o = option_find(second);
        char choices[256];
        if (o)
            option_choices(o, choices, sizeof choices);
        for (char *x = o ? strtok(choices, "|") : NULL; x; x = strtok(NULL, "|"))
            add(c, x);
        break;
    }
    case ARG_SIZE:
        add_key_values(c, game_size_key(g), 0);
        break;
    default:
        break;
    }
}

/* Candidate words for word widx (text: its start) after the words before. */
static int candidates(struct shell *sh, struct words *w, int widx, const char *text,
                      const char **out, char (*store)[64], int max)
{
    struct cands c = {out, store, 0, max};
    if (widx == 0) {
        add_commands(sh, &c);
        if (text[0])            /* a bare move; not listed on an empty word */
            add_moves(sh->p, &c);
        return c.n;
    }
    const struct proto_cmd *cmd = proto_find_command_with(sh->own, w->w[0]);
    if (!cmd)
        return 0;
    add_kind(sh, &c, arg_kind(cmd, widx - 1), w, text);
    /* in the shell a leading COLOR may be left out (play c3): then the
     * first word may be the next kind's */
    if ((cmd->flags & CMD_SHELL_SIDE) && widx == 1 && text[0])
        add_kind(sh, &c, arg_kind(cmd, 1), w, text);
    return c.n;
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
    int nw = shell_split_words(prefix, &w);
    free(prefix);
    if (nw < 0) {
        free(w.buf);
        return NULL;
    }
    /* the word being completed: after the complete words before it (a
     * quote that opens it counts as its start) */
    int widx = w.open ? nw - 1 : nw;
    const char *first = nw > 0 ? w.w[0] : "";
    const struct proto_cmd *fc = nw > 0 ? proto_find_command_with(sh->own, first) : NULL;
    if (widx == 1 && fc && fc->kinds[0] == ARG_FILE) {
        free(w.buf);
        rl_filename_completion_desired = 1;
        rl_filename_quoting_desired = 1;
        return rl_completion_matches(text, rl_filename_completion_function);
    }
    /* values in their own order: sizes 5 6 7 8, a game's keys */
    rl_sort_completion_matches = !(fc && widx >= 1 && (arg_kind(fc, widx - 1) == ARG_VARIANT ||
                                                       arg_kind(fc, widx - 1) == ARG_SIZE));
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
        if (sh && sh->p->hangup) {
            sh->leave = 1;      /* SIGHUP or SIGTERM: leave, the game kept */
            return '\n';
        }
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

/* $TABULA_HISTORY, else ~/.tabula_history: the home directory as the
 * shell's ~ finds it, from the password entry when HOME is unset (review
 * 6: no history at all with env -u HOME). NULL where there is no home. */
static char *history_path(void)
{
    const char *h = getenv("TABULA_HISTORY");
    return h ? strdup(h) : shell_home_file(".tabula_history");
}

/* rc, readline's errno from a history call on the file, said on stderr
 * (stdout is the shell's), and the file let go, so that it is said once: a
 * file that cannot be written used to lose every line in silence
 * (HOME=/nonexistent). */
static void history_failed(struct shell *sh, int rc, const char *what)
{
    if (!rc || !sh->history)
        return;
    fprintf(stderr, "tabula: cannot %s the history file %s: %s (no history is kept)\n", what,
            sh->history, strerror(rc));
    free(sh->history);
    sh->history = NULL;
}

/* ------------------------------------------------------------ the reader */

void shell_input_open(struct shell *sh)
{
    rl_shell = sh;
    rl_readline_name = "tabula";
    rl_attempted_completion_function = complete;
    /* '=' is part of a word: "size=" must not be completed as "s" */
    rl_completer_word_break_characters = " \t\n";
    rl_completer_quote_characters = "\"'";
    rl_filename_quote_characters = " \t\n\"\\'`@$><=;|&{(#";
    rl_char_is_quoted_p = char_is_quoted;
    rl_getc_function = shell_getc;
    sh->history = history_path();
    using_history();
    stifle_history(HISTORY_MAX);
    int rc = sh->history ? read_history(sh->history) : 0;
    if (rc == ENOENT)                           /* append_history needs the file */
        history_failed(sh, write_history(sh->history), "write");
    else
        /* a file that is there but cannot be read is left alone: not
         * emptied by write_history, nor cut at the end */
        history_failed(sh, rc, "read");
}

/* A line; keep: into the history too (a command, not an answer) */
static char *read_one(struct shell *sh, const char *prompt, int keep)
{
    rl_completion_append_character = ' ';
    char *line = readline(prompt);
    if (keep && line && !sh->cancelled && !sh->leave && line[strspn(line, " \t")]) {
        add_history(line);
        if (sh->history)
            history_failed(sh, append_history(1, sh->history), "write");
    }
    return line;
}

char *shell_read_line(struct shell *sh, const char *prompt)
{
    return read_one(sh, prompt, 1);
}

char *shell_read_answer(struct shell *sh, const char *prompt)
{
    return read_one(sh, prompt, 0);
}

void shell_input_close(struct shell *sh)
{
    if (sh->history)
        history_failed(sh, history_truncate_file(sh->history, HISTORY_MAX), "write");
    free(sh->history);
    sh->history = NULL;
    rl_shell = NULL;
}
#else
/* Without readline: plain lines, no completion or history. */
void shell_input_open(struct shell *sh)
{
    (void)sh;
}

char *shell_read_line(struct shell *sh, const char *prompt)
{
    FILE *o = sh->p->out;
    char *line = NULL;
    size_t cap = 0;
    fputs(prompt, o);
    fflush(o);
    if (getline(&line, &cap, stdin) < 0) {
        free(line);
        return NULL;
    }
    line[strcspn(line, "\n")] = '\0';
    return line;
}

char *shell_read_answer(struct shell *sh, const char *prompt)
{
    return shell_read_line(sh, prompt);
}

void shell_input_close(struct shell *sh)
{
    (void)sh;
}
#endif

int shell_ask_yes(struct shell *sh, const char *prompt)
{
    char *answer = shell_read_answer(sh, prompt);
    int yes = answer && (answer[0] == 'y' || answer[0] == 'Y');
    free(answer);
    sh->cancelled = 0;
    return yes;
}
