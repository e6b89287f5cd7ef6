/* docs.c -- tabula-docs: makes the command, option and variant sections of
 * doc/protocol.md and doc/tabula.6 from the tables in the code (the
 * commands with their reference text, the shell's commands, the engine
 * options, the command-line flags, the games' variant keys), and checks
 * that the docs and the tables agree (make check runs "tabula-docs check").
 *   tabula-docs check DOCDIR     exit 1, saying what to do, on any disagreement
 *   tabula-docs update DOCDIR    rewrite the generated blocks in place
 *   tabula-docs print BLOCK      print one block (md-commands, man-options, ...)
 *   tabula-docs example NAME     run the transcript on standard input as the
 *                                commands' examples are run (check runs them)
 * Knows the tables, not the games or the search. */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/cli.h"
#include "front/doctext.h"
#include "front/protocol.h"
#include "front/shell.h"
#include "options.h"
#include "util.h"

#define FIX "edit the tables in src/ (front/cmd_*.c, front/shell.c, front/cli.c, " \
    "options.c, the games' variant keys), then run 'make update-docs'"

/* A default under the install's data directory (the tables option's) is
 * written as the default prefix's, so that the docs do not depend on
 * configure: doc/Makefile.am puts the real directory in at install time. */
#ifndef TABULA_PKGDATADIR
#define TABULA_PKGDATADIR "/usr/local/share/tabula"
#endif
#define DOC_PKGDATADIR "/usr/local/share/tabula"

static const char *doc_default(const struct option_desc *o)
{
    static char buf[600];
    const size_t k = strlen(TABULA_PKGDATADIR);
    if (strncmp(o->def, TABULA_PKGDATADIR, k) || (o->def[k] && o->def[k] != '/'))
        return o->def;
    snprintf(buf, sizeof buf, "%s%s", DOC_PKGDATADIR, o->def + k);
    return buf;
}

struct text {
    char *s;
    size_t len, cap;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct text *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (k < 0)
            return;
        if (t->s && t->len + (size_t)k < t->cap) {
            t->len += (size_t)k;
            return;
        }
        size_t nc = (t->cap + (size_t)k + 1) * 2;
        char *ns = realloc(t->s, nc);
        if (!ns) {
            fprintf(stderr, "tabula-docs: out of memory\n");
            exit(1);
        }
        t->s = ns;
        t->cap = nc;
    }
}

/* ------------------------------------------------------------ markup */

/* Text for a roff line: backslashes as \e, an option's dashes as \-, and
 * no control character at the start of a line. */
static void roff(struct text *t, const char *s)
{
    char prev = ' ';
    if (*s == '.' || *s == '\'')
        put(t, "\\&");
    for (; *s; s++) {
        if (*s == '\\')
            put(t, "\\e");
        else if (*s == '-' && (prev == ' ' || prev == '(' || prev == '-' || prev == '\'' ||
                               prev == '"' || prev == '/'))
            put(t, "\\-");
        else if (*s == '\n') {
            put(t, "\n");
            if (s[1] == '.' || s[1] == '\'')
                put(t, "\\&");
        } else
            put(t, "%c", *s);
        prev = *s;
    }
}

/* Text for a markdown table cell: '|' escaped, no line breaks. */
static void md_cell(struct text *t, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            put(t, "\\|");
        else if (*s == '\n')
            put(t, " ");
        else
            put(t, "%c", *s);
    }
}

static void sentence(char *buf, size_t n, const char *s)
{
    snprintf(buf, n, "%c%s%s", toupper((unsigned char)s[0]), s + 1,
             s[0] && s[strlen(s) - 1] == '.' ? "" : ".");
}

static const int group_order[] = {
    PROTO_G_ADMIN, PROTO_G_GAMES, PROTO_G_PLAY, PROTO_G_THINKING, PROTO_G_ANALYSIS,
    PROTO_G_RECORDS, PROTO_G_GUI
};
#define NGROUPS ((int)(sizeof group_order / sizeof *group_order))

/* The text with its placeholders filled, and the install's data directory
 * (a {default:tables}) written as the default prefix's, as doc_default does. */
static const char *expanded(const char *text)
{
    static char buf[16384];
    char raw[16384];
    options_expand(text, raw, sizeof raw);
    size_t pos = 0;
    const size_t k = strlen(TABULA_PKGDATADIR);
    buf[0] = '\0';
    for (const char *s = raw; *s;)
        if (!strncmp(s, TABULA_PKGDATADIR, k)) {
            buf_printf(buf, sizeof buf, &pos, "%s", DOC_PKGDATADIR);
            s += k;
        } else
            buf_printf(buf, sizeof buf, &pos, "%c", *s++);
    return buf;
}

/* An option's values for the docs: "ms, 0 to 86400000", "alphabeta, mcts
 * or random", "true or false (also ...)", "a directory, or none". */
static void option_values(const struct option_desc *o, char *buf, size_t n)
{
    char range[200];
    option_range(o, range, sizeof range);
    if (o->kind == OPTION_INT)
        snprintf(buf, n, "%s, %s", o->type, range);
    else
        snprintf(buf, n, "%s", range);
}

/* ------------------------------------------------------------ blocks */

static void md_commands(struct text *t)
{
    const struct proto_cmd *c;
    put(t, "| group | command | what it does |\n|---|---|---|\n");
    for (int gi = 0; gi < NGROUPS; gi++)
        for (int i = 0; (c = proto_command(i)); i++) {
            if ((int)c->group != group_order[gi])
                continue;
            put(t, "| %s | `%s%s", proto_group_names[c->group], c->name,
                c->args[0] ? " " : "");
            md_cell(t, c->args);
            put(t, "` | ");
            md_cell(t, c->help);
            put(t, " |\n");
        }
}

/* The sections of one group: "#### `name args`" and the reference text. */
static void md_group(struct text *t, int g)
{
    const struct proto_cmd *c;
    int first = 1;
    for (int i = 0; (c = proto_command(i)); i++) {
        if ((int)c->group != g)
            continue;
        put(t, "%s#### `%s%s%s`\n%s\n", first ? "" : "\n", c->name, c->args[0] ? " " : "",
            c->args, expanded(c->doc));
        first = 0;
    }
}
static void md_admin(struct text *t) { md_group(t, PROTO_G_ADMIN); }
static void md_games(struct text *t) { md_group(t, PROTO_G_GAMES); }
static void md_play(struct text *t) { md_group(t, PROTO_G_PLAY); }
static void md_thinking(struct text *t) { md_group(t, PROTO_G_THINKING); }
static void md_analysis(struct text *t) { md_group(t, PROTO_G_ANALYSIS); }
static void md_records(struct text *t) { md_group(t, PROTO_G_RECORDS); }
static void md_gui(struct text *t) { md_group(t, PROTO_G_GUI); }

static void md_options(struct text *t)
{
    put(t, "| name | values | default | meaning |\n|---|---|---|---|\n");
    for (const struct option_desc *o = option_table; o->name; o++) {
        char v[256];
        option_values(o, v, sizeof v);
        put(t, "| `%s` | ", o->name);
        md_cell(t, v);
        put(t, " | `%s` | ", doc_default(o));
        md_cell(t, expanded(o->help));
        put(t, " |\n");
    }
}

static void md_variants(struct text *t)
{
    put(t, "| game | key | values | default | meaning |\n|---|---|---|---|---|\n");
    for (int i = 0; game_list[i]; i++)
        for (const struct variant_key *k = game_list[i]->variant_keys; k && k->name; k++) {
            char r[128];
            game_variant_range(k, r, sizeof r);
            put(t, "| `%s` | `%s` | ", game_list[i]->name, k->name);
            md_cell(t, r);
            put(t, " | %s%s%s | ", k->def ? "`" : "", k->def ? k->def : "see meaning",
                k->def ? "`" : "");
            md_cell(t, k->help);
            put(t, " |\n");
        }
}

static void md_shell(struct text *t)
{
    put(t, "| command | what it does |\n|---|---|\n");
    for (int i = 0; shell_commands[i].name; i++) {
        const struct proto_cmd *c = &shell_commands[i];
        put(t, "| `%s%s", c->name, c->args[0] ? " " : "");
        md_cell(t, c->args);
        put(t, "` | ");
        md_cell(t, c->help);
        if (c->doc[0]) {
            put(t, ". ");
            md_cell(t, expanded(c->doc));
        }
        put(t, " |\n");
    }
    put(t, "\n");
    const struct proto_cmd *c;
    for (int i = 0; (c = proto_command(i)); i++) {
        char note[512];
        shell_note(c, note, sizeof note);
        if (!note[0])
            continue;
        put(t, "- `%s`: ", c->name);
        md_cell(t, note);
        put(t, "\n");
    }
}

/* One block of a reference text in roff, inside a .TP item. */
struct man_ctx {
    struct text *t;
    int code;                   /* inside an example */
};

static void man_block(void *ctx, enum doc_block kind, const char *text)
{
    struct man_ctx *m = ctx;
    char plain[8192];
    if (kind != DOC_CODE && m->code) {
        put(m->t, ".fi\n");
        m->code = 0;
    }
    if (kind == DOC_CODE) {
        if (!m->code)
            put(m->t, ".IP\n.nf\n");
        m->code = 1;
        roff(m->t, text[0] ? text : " ");
        put(m->t, "\n");
        return;
    }
    doc_plain(text, plain, sizeof plain);
    put(m->t, kind == DOC_ITEM ? ".IP \\(bu 2\n" : ".IP\n");
    roff(m->t, plain);
    put(m->t, "\n");
}

static void man_command(struct text *t, const struct proto_cmd *c)
{
    char s[512];
    put(t, ".TP\n.B ");
    roff(t, c->name);
    if (c->args[0]) {
        put(t, " \\fI");
        roff(t, c->args);
        put(t, "\\fR");
    }
    put(t, "\n");
    sentence(s, sizeof s, c->help);
    roff(t, s);
    put(t, "\n");
    struct man_ctx m = {t, 0};
    doc_blocks(expanded(c->doc), man_block, &m);
    if (m.code)
        put(t, ".fi\n");
}

static void man_commands(struct text *t)
{
    const struct proto_cmd *c;
    for (int gi = 0; gi < NGROUPS; gi++) {
        int g = group_order[gi];
        put(t, ".SS %s\n", proto_group_names[g]);
        for (int i = 0; (c = proto_command(i)); i++)
            if ((int)c->group == g)
                man_command(t, c);
    }
}

static void man_engine_options(struct text *t)
{
    for (const struct option_desc *o = option_table; o->name; o++) {
        char v[256], s[2048];
        option_values(o, v, sizeof v);
        put(t, ".TP\n.B %s\n", o->name);
        snprintf(s, sizeof s, "Values: %s; default %s.", v, doc_default(o));
        roff(t, s);
        put(t, "\n");
        sentence(s, sizeof s, expanded(o->help));
        roff(t, s);
        put(t, "\n");
    }
}

static void man_flag(struct text *t, int key, const char *name, const char *arg)
{
    put(t, ".TP\n");
    if (key < 256)
        put(t, "\\fB\\-%c\\fR, ", key);
    put(t, "\\fB\\-\\-%s\\fR", name);
    if (arg) {
        put(t, " \\fI");
        roff(t, arg);
        put(t, "\\fR");
    }
    put(t, "\n");
}

static void man_options(struct text *t)
{
    char s[2048];
    for (const struct cli_option *o = cli_options; o->name; o++) {
        man_flag(t, o->key, o->name, o->arg);
        sentence(s, sizeof s, expanded(o->help));
        roff(t, s);
        put(t, "\n");
        if (o->more) {
            roff(t, o->more);
            put(t, "\n");
        }
    }
    /* every engine option is a flag too: its own words, once */
    for (const struct option_desc *o = option_table; o->name; o++) {
        char v[256];
        man_flag(t, cli_option_key(o), o->name, o->metavar);
        sentence(s, sizeof s, expanded(o->help));
        roff(t, s);
        put(t, "\n");
        option_values(o, v, sizeof v);
        snprintf(s, sizeof s, "Sets the engine option %s (%s; default %s).", o->name, v,
                 doc_default(o));
        roff(t, s);
        put(t, "\n");
    }
}

static void man_variants(struct text *t)
{
    for (int i = 0; game_list[i]; i++)
        for (const struct variant_key *k = game_list[i]->variant_keys; k && k->name; k++) {
            char r[128], s[512], line[512];
            game_variant_range(k, r, sizeof r);
            put(t, ".TP\n.B %s %s=\\fI%s\\fR\n", game_list[i]->name, k->name, r);
            snprintf(s, sizeof s, "%s%s%s%s", k->help, k->def ? " (default " : "",
                     k->def ? k->def : "", k->def ? ")" : "");
            sentence(line, sizeof line, s);
            roff(t, line);
            put(t, "\n");
        }
}

static void man_shell(struct text *t)
{
    const struct proto_cmd *c;
    for (int i = 0; shell_commands[i].name; i++)
        man_command(t, &shell_commands[i]);
    for (int i = 0; (c = proto_command(i)); i++) {
        char note[512];
        shell_note(c, note, sizeof note);
        if (!note[0])
            continue;
        put(t, ".TP\n.B %s\n", c->name);
        roff(t, note);
        put(t, "\n");
    }
}

struct block {
    const char *name;
    const char *file;           /* protocol.md or tabula.6 */
    void (*make)(struct text *t);
};

static const struct block blocks[] = {
    {"commands", "protocol.md", md_commands},
    {"group-admin", "protocol.md", md_admin},
    {"group-games", "protocol.md", md_games},
    {"group-play", "protocol.md", md_play},
    {"group-thinking", "protocol.md", md_thinking},
    {"group-analysis", "protocol.md", md_analysis},
    {"group-records", "protocol.md", md_records},
    {"group-gui", "protocol.md", md_gui},
    {"variants", "protocol.md", md_variants},
    {"options", "protocol.md", md_options},
    {"shell", "protocol.md", md_shell},
    {"options", "tabula.6", man_options},
    {"commands", "tabula.6", man_commands},
    {"variants", "tabula.6", man_variants},
    {"engine-options", "tabula.6", man_engine_options},
    {"shell", "tabula.6", man_shell},
    {NULL, NULL, NULL}
};

/* ------------------------------------------------------------ files */

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    struct text t = {0};
    char buf[4096];
    size_t k;
    put(&t, "%s", "");
    while ((k = fread(buf, 1, sizeof buf, f)) > 0)
        put(&t, "%.*s", (int)k, buf);
    fclose(f);
    return t.s;
}

static int is_md(const char *file) { return strstr(file, ".md") != NULL; }

static void marker(char *buf, size_t n, const char *file, const char *name, int end)
{
    if (is_md(file))
        snprintf(buf, n, end ? "<!-- end generated:%s -->\n" :
                 "<!-- generated:%s by tabula-docs from the tables in src/: edit them, then "
                 "run make update-docs -->\n", name);
    else
        snprintf(buf, n, end ? ".\\\" end generated:%s\n" :
                 ".\\\" generated:%s by tabula-docs from the tables in src/: edit them, then "
                 "run make update-docs\n", name);
}

/* Replaces (update) or compares (check) each generated block of file.
 * Returns the number of disagreements; *out gets the new text. */
static int process(const char *dir, const char *file, int update)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char *s = read_all(path);
    if (!s) {
        fprintf(stderr, "tabula-docs: cannot read %s\n", path);
        return 1;
    }
    struct text out = {0};
    put(&out, "%s", "");
    int bad = 0, changed = 0;
    const char *cur = s;
    for (int i = 0; blocks[i].name; i++) {
        if (strcmp(blocks[i].file, file))
            continue;
        char begin[512], end[256];
        marker(begin, sizeof begin, file, blocks[i].name, 0);
        marker(end, sizeof end, file, blocks[i].name, 1);
        /* the begin line is found by its start ("<!-- generated:NAME"); its
         * rest is rewritten */
        char head[128];
        snprintf(head, sizeof head, is_md(file) ? "<!-- generated:%s" : ".\\\" generated:%s",
                 blocks[i].name);
        const char *b = cur;
        while ((b = strstr(b, head)) && b[strlen(head)] != ' ' && b[strlen(head)] != '-' &&
               b[strlen(head)] != '\n')
            b++;
        const char *old = b ? strchr(b, '\n') : NULL;
        const char *e = old ? strstr(old, end) : NULL;
        if (!b || !old || !e) {
            fprintf(stderr, "%s: the generated block '%s' is missing (or out of order): put "
                    "the two lines\n  %s  %s where it belongs, then run make update-docs\n",
                    path, blocks[i].name, begin, end);
            bad++;
            continue;
        }
        old++;
        struct text gen = {0};
        put(&gen, "%s", "");
        blocks[i].make(&gen);
        if ((size_t)(old - b) != strlen(begin) || memcmp(b, begin, strlen(begin)) ||
            (size_t)(e - old) != gen.len || memcmp(old, gen.s, gen.len)) {
            if (!update)
                fprintf(stderr, "%s: the block '%s' disagrees with the tables in src/: run "
                        "'make update-docs' (the tables are the truth; %s)\n", path,
                        blocks[i].name, FIX);
            bad++;
            changed++;
        }
        put(&out, "%.*s%s%s", (int)(b - cur), cur, begin, gen.s);
        cur = e;
        free(gen.s);
    }
    put(&out, "%s", cur);
    if (update && bad && bad == changed) {
        FILE *f = fopen(path, "w");
        if (!f || fputs(out.s, f) < 0 || fclose(f)) {
            fprintf(stderr, "tabula-docs: cannot write %s\n", path);
            free(out.s);
            free(s);
            return 1;
        }
        fprintf(stderr, "tabula-docs: updated %d block%s of %s\n", bad, bad == 1 ? "" : "s",
                path);
        bad = 0;
    }
    free(out.s);
    free(s);
    return bad;
}

/* ------------------------------------------------------------ checks */

static int check_tables(void)
{
    int bad = 0;
    const struct proto_cmd *c;
    for (int i = 0; (c = shell_any_command(i)); i++) {
        if (c->group <= PROTO_G_NONE || c->group >= PROTO_G_COUNT || !c->args || !c->help ||
            !c->help[0] || !c->doc) {
            fprintf(stderr, "the command '%s' lacks %s: give its entry all eight fields "
                    "{name, handler, args, kinds, flags, group, help, doc}: group is one of "
                    "PROTO_G_ADMIN, _GAMES, _PLAY, _THINKING, _ANALYSIS, _RECORDS, _GUI; doc "
                    "is its reference text (doc/protocol.md's section)\n", c->name,
                    c->group <= PROTO_G_NONE || c->group >= PROTO_G_COUNT ? "a group" :
                    !c->doc ? "its reference text" : "its arguments or help");
            bad++;
        }
        for (int k = 0; k < i; k++)
            if (!strcmp(shell_any_command(k)->name, c->name)) {
                fprintf(stderr, "the command '%s' is in two tables\n", c->name);
                bad++;
            }
    }
    for (int i = 0; shell_notes[i].name; i++)
        if (!proto_find_command(shell_notes[i].name)) {
            fprintf(stderr, "shell_notes (src/front/shell.c): '%s' is not a command\n",
                    shell_notes[i].name);
            bad++;
        }
    return bad;
}

/* Runs one protocol command on p; returns 1 if it succeeded. */
static int run(struct proto *p, const char *cmd, char *answer, size_t n)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return 0;
    FILE *o = p->out;
    p->out = mem;
    char *line = strdup(cmd);
    if (line)
        proto_execute(p, line);
    free(line);
    fclose(mem);
    p->out = o;
    int ok = buf && buf[0] == '=';
    if (answer) {
        snprintf(answer, n, "%s", buf && len > 2 ? buf + 2 : "");
        answer[strcspn(answer, "\n")] = '\0';
    }
    free(buf);
    return ok;
}

/* The option table's defaults and bounds against what set_option and
 * get_option do: the table is what the docs say. */
static int check_options(void)
{
    struct proto p;
    if (proto_init(&p, stdout)) {
        fprintf(stderr, "tabula-docs: out of memory\n");
        return 1;
    }
    int bad = 0;
    for (const struct option_desc *o = option_table; o->name; o++) {
        char cmd[256], v[256];
        snprintf(cmd, sizeof cmd, "get_option %s", o->name);
        if (!run(&p, cmd, v, sizeof v) || strcmp(v, o->def)) {
            fprintf(stderr, "option_table (src/options.c): the default of '%s' is '%s', but "
                    "get_option answers '%s' at start-up: make them agree\n", o->name,
                    o->def, v);
            bad++;
        }
        if (o->kind != OPTION_INT)
            continue;
        struct { uint64_t v; int below, want; } probe[] = {
            {o->lo, 1, 0}, {o->lo, 0, 1}, {o->hi, 0, 1}, {o->hi, 2, 0}
        };
        for (int k = 0; k < 4; k++) {
            if (k >= 2 && !strcmp(o->name, "hash"))
                continue;       /* the upper bound would allocate it */
            if (probe[k].below == 1 && !o->lo)
                snprintf(cmd, sizeof cmd, "set_option %s -1", o->name);
            else if (probe[k].below == 1)
                snprintf(cmd, sizeof cmd, "set_option %s %" PRIu64, o->name, o->lo - 1);
            else if (probe[k].below == 2 && o->hi == UINT64_MAX)
                snprintf(cmd, sizeof cmd, "set_option %s 18446744073709551616", o->name);
            else if (probe[k].below == 2)
                snprintf(cmd, sizeof cmd, "set_option %s %" PRIu64, o->name, o->hi + 1);
            else
                snprintf(cmd, sizeof cmd, "set_option %s %" PRIu64, o->name, probe[k].v);
            if (run(&p, cmd, NULL, 0) != probe[k].want) {
                fprintf(stderr, "option_table (src/options.c): '%s' is documented as %" PRIu64
                        " to %" PRIu64 ", but '%s' %s: make the table's lo/hi and set_option "
                        "agree\n", o->name, o->lo, o->hi, cmd,
                        probe[k].want ? "fails" : "succeeds");
                bad++;
            }
        }
        snprintf(cmd, sizeof cmd, "set_option %s %s", o->name, o->def);
        run(&p, cmd, NULL, 0);
    }
    proto_free(&p);
    return bad;
}

/* ------------------------------------------------------------ examples */

/* The examples in the commands' reference texts are transcripts: a command,
 * its response, the next command... Each one is run on a new engine (Rastros
 * 7x7, default options) and must print what it shows, so that none goes
 * stale. In an example:
 * - a line "..." stands for any number of response lines, and a line
 *   ending in "..." for any line that starts like it;
 * - the figures that depend on the machine, an info line's "nps N" and
 *   "time N", are not compared;
 * - analyze's response waits for input: the line after its info lines is
 *   the input that ended it, then the empty line ending its response.
 * The examples of these commands continue a game the text around them
 * describes (or write a file), and are not run: */
static const char *const example_not_run[] = {
    "showboard",                /* a position after moves the text names */
    "history",
    "legal_moves",
    "game_over",
    "final_score",
    "loadgame",                 /* savegame writes /tmp/game.rec */
    "getrecord",                /* the record of some game */
    "gogui-gfx",                /* a Tablut position */
    NULL
};

/* s with the figures that depend on the machine starred out. */
static void example_norm(const char *s, char *buf, size_t n)
{
    size_t pos = 0;
    buf[0] = '\0';
    while (*s) {
        int fig = !strncmp(s, " nps ", 5) ? 5 : !strncmp(s, " time ", 6) ? 6 : 0;
        if (fig && isdigit((unsigned char)s[fig])) {
            buf_printf(buf, n, &pos, "%.*s*", fig, s);
            s += fig;
            while (isdigit((unsigned char)*s))
                s++;
            continue;
        }
        /* the install's data directory, as the docs write it (doc_default) */
        if (!strncmp(s, TABULA_PKGDATADIR, strlen(TABULA_PKGDATADIR))) {
            buf_printf(buf, n, &pos, "%s", DOC_PKGDATADIR);
            s += strlen(TABULA_PKGDATADIR);
            continue;
        }
        buf_printf(buf, n, &pos, "%c", *s++);
    }
}

static int example_line_matches(const char *want, const char *got)
{
    char w[4096], g[4096];
    example_norm(want, w, sizeof w);
    example_norm(got, g, sizeof g);
    size_t k = strlen(w);
    if (k > 3 && !strcmp(w + k - 3, "..."))
        return !strncmp(w, g, k - 3);
    return !strcmp(w, g);
}

/* Splits s (modified) into lines; returns their number. */
static int split_lines(char *s, char **line, int max)
{
    int n = 0;
    while (*s && n < max) {
        line[n++] = s;
        char *e = strchr(s, '\n');
        if (!e)
            break;
        *e = '\0';
        s = e + 1;
    }
    return n;
}

/* Runs one example (want: its n lines); returns 0 if the engine prints it. */
static int run_example(const char *name, char **want, int n)
{
    struct proto p;
    if (proto_init(&p, stdout)) {
        fprintf(stderr, "tabula-docs: out of memory\n");
        return 1;
    }
    int bad = 0, i = 0, blank = 0;
    while (i < n && !bad) {
        const char *said = want[i];
        char *cmd = strdup(want[i++]);
        char *buf = NULL;
        size_t len = 0;
        FILE *mem = cmd ? open_memstream(&buf, &len) : NULL;
        if (!mem) {
            free(cmd);
            bad = 1;
            break;
        }
        FILE *o = p.out;
        p.out = mem;
        int waits = !strncmp(cmd, "analyze", 7) && (!cmd[7] || cmd[7] == ' ');
        proto_execute(&p, cmd);
        fclose(mem);
        p.out = o;
        if (blank) {            /* this input ended analyze's response */
            if (i < n && !want[i][0])
                i++;
            else {
                fprintf(stderr, "example of '%s': no empty line after '%s', the input "
                        "that ended analyze\n", name, want[i - 1]);
                bad = 1;
            }
            blank = 0;
        }
        char *got[512];
        int m = split_lines(buf ? buf : "", got, 512);
        if (m > 0 && !got[m - 1][0])
            m--;                /* the empty line that ends a response */
        for (int j = 0; j < m && !bad;) {
            if (i < n && !strcmp(want[i], "...")) {
                int k = j;
                while (i + 1 < n && k < m && !example_line_matches(want[i + 1], got[k]))
                    k++;
                j = i + 1 < n && k < m ? k : m;
                i++;
            } else if (i < n && example_line_matches(want[i], got[j])) {
                i++;
                j++;
            } else {
                fprintf(stderr, "example of '%s': after '%s' the engine prints\n  %s\nwhere "
                        "the example says\n  %s\n", name, said, got[j],
                        i < n ? want[i] : "(nothing more)");
                bad = 1;
            }
        }
        if (!bad && i < n && !strcmp(want[i], "..."))
            i++;
        blank = waits;
        free(buf);
        free(cmd);
    }
    proto_free(&p);
    return bad;
}

/* Every example of the commands' reference texts that can be run. */
static int check_examples(void)
{
    int bad = 0;
    const struct proto_cmd *c;
    for (int i = 0; (c = proto_command(i)); i++) {
        int run_it = 1;
        for (int k = 0; example_not_run[k]; k++)
            run_it &= strcmp(c->name, example_not_run[k]) != 0;
        if (!run_it)
            continue;
        char *doc = strdup(expanded(c->doc));
        if (!doc)
            return bad + 1;
        for (char *b = strstr(doc, "```\n"); b; ) {
            char *e = strstr(b + 4, "\n```");
            if (!e)
                break;
            *e = '\0';
            char *want[512];
            int n = split_lines(b + 4, want, 512);
            /* a block that is not a transcript (a format) starts with no command */
            char first[128];
            snprintf(first, sizeof first, "%s", n ? want[0] : "");
            first[strcspn(first, " ")] = '\0';
            if (proto_find_command(first) && run_example(c->name, want, n)) {
                fprintf(stderr, "  (the example in %s's reference text, src/front/cmd_*.c: "
                        "make it what the engine prints, then run make update-docs)\n",
                        c->name);
                bad++;
            }
            b = strstr(e + 1, "```\n");
            b = b ? strstr(b + 4, "```\n") : NULL;
        }
        free(doc);
    }
    return bad;
}

/* Every "#### `" section of protocol.md is a generated one: a hand-written
 * section would say a command a second time. */
static int check_sections(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/protocol.md", dir);
    char *s = read_all(path);
    if (!s)
        return 1;
    int bad = 0, sections = 0, commands = 0;
    for (const char *h = strstr(s, "\n#### `"); h; h = strstr(h + 1, "\n#### `"))
        sections++;
    while (proto_command(commands))
        commands++;
    if (sections != commands) {
        fprintf(stderr, "%s: %d command sections for %d commands: every section is made "
                "from the command tables (the blocks group-*); a command is described in its "
                "table entry's doc, not by hand\n", path, sections, commands);
        bad++;
    }
    free(s);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "print")) {
        for (int i = 0; blocks[i].name; i++) {
            char name[128];
            snprintf(name, sizeof name, "%s-%s", is_md(blocks[i].file) ? "md" : "man",
                     blocks[i].name);
            if (!strcmp(name, argv[2])) {
                struct text t = {0};
                put(&t, "%s", "");
                blocks[i].make(&t);
                fputs(t.s, stdout);
                free(t.s);
                return 0;
            }
        }
        fprintf(stderr, "tabula-docs: no block %s\n", argv[2]);
        return 2;
    }
    if (argc == 3 && !strcmp(argv[1], "example")) {
        /* one transcript from standard input, as the examples are checked
         * (run_docsync's test of the checker) */
        char *text = read_all("/dev/stdin"), *want[512];
        if (!text)
            return 2;
        int bad = run_example(argv[2], want, split_lines(text, want, 512));
        free(text);
        return bad;
    }
    if (argc != 3 || (strcmp(argv[1], "check") && strcmp(argv[1], "update"))) {
        fprintf(stderr, "usage: tabula-docs check|update DOCDIR | print BLOCK | example NAME "
                "(a transcript on standard input)\n");
        return 2;
    }
    int update = !strcmp(argv[1], "update");
    int bad = check_tables();
    bad += process(argv[2], "protocol.md", update);
    bad += process(argv[2], "tabula.6", update);
    bad += check_sections(argv[2]);
    bad += check_options();
    if (!update)
        bad += check_examples();
    if (bad) {
        fprintf(stderr, "tabula-docs: %d disagreement%s between the docs and the tables\n",
                bad, bad == 1 ? "" : "s");
        return 1;
    }
    if (!update) {
        int nc = 0, ns = 0, no = 0, nl = 0;
        while (proto_command(nc))
            nc++;
        while (shell_commands[ns].name)
            ns++;
        while (option_table[no].name)
            no++;
        while (cli_options[nl].name)
            nl++;
        printf("docs agree with the tables: %d commands, %d shell commands, %d engine "
               "options, %d command-line options\n", nc, ns, no, nl);
    }
    return 0;
}
