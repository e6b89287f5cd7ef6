/* docs.c -- tabula-docs: makes the command and option sections of
 * doc/protocol.md and doc/tabula.6 from the tables in the code (commands,
 * shell commands, engine options, command-line options), and checks that
 * the docs and the tables agree (make check runs "tabula-docs check").
 *   tabula-docs check DOCDIR     exit 1, saying what to do, on any disagreement
 *   tabula-docs update DOCDIR    rewrite the generated blocks in place
 *   tabula-docs print BLOCK      print one block (md-commands, man-options, ...)
 * Knows the tables, not the games or the search. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "protocol.h"
#include "shell.h"
#include "util.h"

#define FIX "edit the tables in src/ (protocol.c, shell.c, cli.c), then run 'make update-docs'"

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

static const char *option_help(const struct option_desc *o)
{
    static char buf[1024];
    proto_option_help(o, buf, sizeof buf);
    return buf;
}

static void option_values(const struct option_desc *o, char *buf, size_t n)
{
    if (o->lo <= o->hi)
        snprintf(buf, n, "%s, %ld to %ld", o->type, o->lo, o->hi);
    else if (!strcmp(o->type, "bool"))
        snprintf(buf, n, "true/false (also on/off, yes/no, 1/0)");
    else if (strchr(o->type, '|')) {
        size_t k = 0;
        buf[0] = '\0';
        for (const char *c = o->type; *c; c++)
            buf_printf(buf, n, &k, "%s", *c == '|' ? ", " : (char[2]){*c, 0});
    } else
        snprintf(buf, n, "%s, 0 or more", o->type);
}

/* ------------------------------------------------------------ blocks */

static void md_commands(struct text *t)
{
    put(t, "| group | command | what it does |\n|---|---|---|\n");
    for (int gi = 0; gi < NGROUPS; gi++)
        for (int i = 0; proto_commands[i].name; i++) {
            const struct proto_cmd *c = &proto_commands[i];
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

static void md_options(struct text *t)
{
    put(t, "| name | values | default | meaning |\n|---|---|---|---|\n");
    for (int i = 0; option_table[i].name; i++) {
        const struct option_desc *o = &option_table[i];
        char v[256];
        option_values(o, v, sizeof v);
        put(t, "| `%s` | ", o->name);
        md_cell(t, v);
        put(t, " | `%s` | ", o->def);
        md_cell(t, option_help(o));
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
        if (c->more) {
            char more[2048];
            proto_expand_help(c->more, more, sizeof more);
            put(t, ". ");
            md_cell(t, more);
        }
        put(t, " |\n");
    }
    put(t, "\n");
    for (int i = 0; shell_notes[i].name; i++) {
        put(t, "- `%s`: ", shell_notes[i].name);
        md_cell(t, shell_notes[i].text);
        put(t, "\n");
    }
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
    if (c->more) {
        /* one paragraph per line of more */
        char more[2048];
        proto_expand_help(c->more, more, sizeof more);
        const char *m = more;
        while (*m) {
            size_t l = strcspn(m, "\n");
            char para[1024];
            snprintf(para, sizeof para, "%.*s", (int)l, m);
            roff(t, para);
            put(t, "\n");
            m += l + (m[l] == '\n');
            if (*m)
                put(t, ".br\n");
        }
    }
}

static void man_commands(struct text *t)
{
    for (int gi = 0; gi < NGROUPS; gi++) {
        int g = group_order[gi];
        put(t, ".SS %s\n", proto_group_names[g]);
        for (int i = 0; proto_commands[i].name; i++)
            if ((int)proto_commands[i].group == g)
                man_command(t, &proto_commands[i]);
    }
}

static void man_engine_options(struct text *t)
{
    for (int i = 0; option_table[i].name; i++) {
        const struct option_desc *o = &option_table[i];
        char v[256], s[2048];
        option_values(o, v, sizeof v);
        put(t, ".TP\n.B %s\n", o->name);
        snprintf(s, sizeof s, "Values: %s; default %s.", v, o->def);
        roff(t, s);
        put(t, "\n");
        sentence(s, sizeof s, option_help(o));
        roff(t, s);
        put(t, "\n");
    }
}

static void man_options(struct text *t)
{
    for (int i = 0; cli_options[i].name; i++) {
        const struct cli_option *o = &cli_options[i];
        char s[2048];
        put(t, ".TP\n");
        if (o->key < 256)
            put(t, "\\fB\\-%c\\fR, ", o->key);
        put(t, "\\fB\\-\\-%s\\fR", o->name);
        if (o->arg) {
            put(t, " \\fI");
            roff(t, o->arg);
            put(t, "\\fR");
        }
        put(t, "\n");
        const struct option_desc *eo = NULL;
        for (int k = 0; o->option && option_table[k].name; k++)
            if (!strcmp(option_table[k].name, o->option))
                eo = &option_table[k];
        if (eo) {
            /* the engine option's own words, once */
            char v[256];
            sentence(s, sizeof s, option_help(eo));
            roff(t, s);
            put(t, "\n");
            option_values(eo, v, sizeof v);
            snprintf(s, sizeof s, "Sets the engine option %s (%s; default %s).", eo->name, v,
                     eo->def);
        } else {
            sentence(s, sizeof s, o->help);
        }
        roff(t, s);
        put(t, "\n");
        if (o->more) {
            roff(t, o->more);
            put(t, "\n");
        }
    }
}

static void man_shell(struct text *t)
{
    for (int i = 0; shell_commands[i].name; i++)
        man_command(t, &shell_commands[i]);
    for (int i = 0; shell_notes[i].name; i++) {
        put(t, ".TP\n.B %s\n", shell_notes[i].name);
        roff(t, shell_notes[i].text);
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
    {"options", "protocol.md", md_options},
    {"shell", "protocol.md", md_shell},
    {"options", "tabula.6", man_options},
    {"commands", "tabula.6", man_commands},
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
    const struct proto_cmd *tables[2] = {proto_commands, shell_commands};
    const char *where[2] = {"proto_commands (src/protocol.c)", "shell_commands (src/shell.c)"};
    for (int t = 0; t < 2; t++)
        for (int i = 0; tables[t][i].name; i++) {
            const struct proto_cmd *c = &tables[t][i];
            if (c->group <= PROTO_G_NONE || c->group >= PROTO_G_COUNT || !c->args || !c->help ||
                !c->help[0]) {
                fprintf(stderr, "%s: command '%s' lacks %s: give its entry all six fields "
                        "{name, handler, args, help, group, more}: group is one of "
                        "PROTO_G_ADMIN, _GAMES, _PLAY, _THINKING, _ANALYSIS, _RECORDS, _GUI; "
                        "more is NULL or more help (how it fails, ranges)\n", where[t],
                        c->name, c->group <= PROTO_G_NONE || c->group >= PROTO_G_COUNT ?
                        "a group" : "its arguments or help");
                bad++;
            }
            if (t == 1 && proto_find_command(c->name)) {
                fprintf(stderr, "%s: '%s' is a protocol command too\n", where[t], c->name);
                bad++;
            }
        }
    for (int i = 0; shell_notes[i].name; i++)
        if (!proto_find_command(shell_notes[i].name)) {
            fprintf(stderr, "shell_notes (src/shell.c): '%s' is not a command\n",
                    shell_notes[i].name);
            bad++;
        }
    for (int i = 0; cli_options[i].name; i++) {
        const char *o = cli_options[i].option;
        int found = !o;
        for (int k = 0; o && option_table[k].name; k++)
            found |= !strcmp(option_table[k].name, o);
        if (!found) {
            fprintf(stderr, "cli_options (src/cli.c): --%s sets '%s', which is not an engine "
                    "option of option_table (src/protocol.c)\n", cli_options[i].name, o);
            bad++;
        }
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
    for (int i = 0; option_table[i].name; i++) {
        const struct option_desc *o = &option_table[i];
        char cmd[256], v[256];
        snprintf(cmd, sizeof cmd, "get_option %s", o->name);
        if (!run(&p, cmd, v, sizeof v) || strcmp(v, o->def)) {
            fprintf(stderr, "option_table (src/protocol.c): the default of '%s' is '%s', but "
                    "get_option answers '%s' at start-up: make them agree\n", o->name,
                    o->def, v);
            bad++;
        }
        if (o->lo > o->hi)
            continue;
        struct { long v; int want; } probe[] = {
            {o->lo - 1, 0}, {o->lo, 1}, {o->hi + 1, 0}, {o->hi, 1}
        };
        for (int k = 0; k < 4; k++) {
            if (k == 3 && !strcmp(o->name, "hash"))
                continue;       /* the upper bound would allocate it */
            if (probe[k].v < 0 && k == 0 && o->lo == 0) {
                snprintf(cmd, sizeof cmd, "set_option %s -1", o->name);
            } else
                snprintf(cmd, sizeof cmd, "set_option %s %ld", o->name, probe[k].v);
            if (run(&p, cmd, NULL, 0) != probe[k].want) {
                fprintf(stderr, "option_table (src/protocol.c): '%s' is documented as %ld to "
                        "%ld, but '%s' %s: make the table's lo/hi and set_option agree\n",
                        o->name, o->lo, o->hi, cmd, probe[k].want ? "fails" : "succeeds");
                bad++;
            }
        }
        snprintf(cmd, sizeof cmd, "set_option %s %s", o->name, o->def);
        run(&p, cmd, NULL, 0);
    }
    proto_free(&p);
    return bad;
}

/* doc/protocol.md has a section "#### `name args`" for each protocol
 * command outside the GoGui group, under "### GROUP" and in the table's
 * order, and names each GoGui command in its GoGui section. */
static int check_sections(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/protocol.md", dir);
    char *s = read_all(path);
    if (!s)
        return 1;
    int bad = 0;
    /* the end of the generated index: sections come after it */
    const char *body = strstr(s, "<!-- end generated:commands -->");
    body = body ? body : s;
    const char *prev = body;
    int prev_group = -1;
    for (int i = 0; proto_commands[i].name; i++) {
        const struct proto_cmd *c = &proto_commands[i];
        char want[512], grp[128];
        snprintf(grp, sizeof grp, "\n### %s", proto_group_names[c->group]);
        const char *gs = strstr(body, grp);
        if (!gs) {
            fprintf(stderr, "%s: no section '### %s' for the command '%s'\n", path,
                    proto_group_names[c->group], c->name);
            bad++;
            continue;
        }
        const char *ge = strstr(gs + 1, "\n### ");
        const char *ge2 = strstr(gs + 1, "\n## ");
        if (!ge || (ge2 && ge2 < ge))
            ge = ge2 ? ge2 : gs + strlen(gs);
        if (c->group == PROTO_G_GUI) {
            snprintf(want, sizeof want, "`%s`", c->name);
            const char *at = strstr(gs, want);
            if (!at || at > ge) {
                fprintf(stderr, "%s: the GoGui command '%s' is not named in '### %s': add it "
                        "(its table)\n", path, c->name, proto_group_names[c->group]);
                bad++;
            }
            continue;
        }
        snprintf(want, sizeof want, "\n#### `%s%s%s`\n", c->name, c->args[0] ? " " : "",
                 c->args);
        const char *at = strstr(gs, want);
        if (!at || at > ge) {
            fprintf(stderr, "%s: no section \"#### `%s%s%s`\" under '### %s' for the command "
                    "'%s': write it (what it does, how it fails, an example), with exactly "
                    "the table's arguments\n", path, c->name, c->args[0] ? " " : "", c->args,
                    proto_group_names[c->group], c->name);
            bad++;
            continue;
        }
        if ((int)c->group == prev_group && at < prev) {
            fprintf(stderr, "%s: the section of '%s' comes before the one of the command "
                    "above it in proto_commands: keep the table's order\n", path, c->name);
            bad++;
        }
        prev = at;
        prev_group = (int)c->group;
    }
    /* and no section for a command that does not exist */
    for (const char *h = strstr(body, "\n#### `"); h; h = strstr(h + 1, "\n#### `")) {
        char name[128];
        if (sscanf(h + 7, "%127[^ `]", name) == 1 && !proto_find_command(name)) {
            fprintf(stderr, "%s: a section for '%s', which is not a command\n", path, name);
            bad++;
        }
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
    if (argc != 3 || (strcmp(argv[1], "check") && strcmp(argv[1], "update"))) {
        fprintf(stderr, "usage: tabula-docs check|update DOCDIR | print BLOCK\n");
        return 2;
    }
    int update = !strcmp(argv[1], "update");
    int bad = check_tables();
    bad += process(argv[2], "protocol.md", update);
    bad += process(argv[2], "tabula.6", update);
    bad += check_sections(argv[2]);
    bad += check_options();
    if (bad) {
        fprintf(stderr, "tabula-docs: %d disagreement%s between the docs and the tables\n",
                bad, bad == 1 ? "" : "s");
        return 1;
    }
    if (!update) {
        int nc = 0, ns = 0, no = 0, nl = 0;
        while (proto_commands[nc].name)
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
