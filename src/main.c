/* main.c -- tabula: command-line options, then the protocol loop (piped)
 * or the readline shell (a terminal). */
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config.h"
#include "otep.h"
#include "protocol.h"
#include "shell.h"
#include "util.h"

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: tabula [OPTION]...\n"
        "A game engine for Rastros, Tablut and Grasshopper speaking a GTP-like\n"
        "protocol on standard input/output; an interactive shell on a terminal.\n\n"
        "  -g, --game GAME      start in GAME: rastros (default), tablut, grasshopper\n"
        "      --variant 'K=V...'  its variant options, e.g. size=8 (repeatable; also\n"
        "                       as words after the options: --game rastros size=8)\n"
        "  -e, --engine NAME    search: alphabeta (default), mcts, random\n"
        "  -t, --movetime MS    time per move in milliseconds\n"
        "  -d, --depth N        depth limit\n"
        "  -n, --nodes N        node limit\n"
        "  -H, --hash MB        transposition table size (default 64)\n"
        "  -s, --seed N         random seed\n"
        "  -c, --config FILE    run the protocol commands of FILE at start-up\n"
        "  -q, --quiet          no diagnostics on stderr\n"
        "  -v, --verbose        diagnostics on stderr (default on a terminal)\n"
        "      --protocol       pure protocol even on a terminal\n"
        "      --shell          the interactive shell even when piped\n"
        "      --otep           OpenTafl engine mode: Tablut for an OpenTafl host\n"
        "      --bench          print the search signature and exit\n"
        "  -h, --help           this help\n"
        "  -V, --version        version\n\n"
        "Documentation: man 6 tabula, doc/protocol.md.\n");
}

/* The session a SIGINT interrupts: a signal handler gets no context, so
 * main keeps the one pointer (see proto_interrupt in protocol.h). */
static struct proto *sigint_proto;

static void on_sigint(int sig)
{
    (void)sig;
    if (sigint_proto)
        proto_interrupt(sigint_proto);
}

/* SIGINT stops the running command and never ends the program: GoGui's
 * gogui-sigint and a controller's interrupt must not kill the engine, and
 * one that arrives while idle is forgotten when the next command starts. */
static void catch_sigint(struct proto *p)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigint_proto = p;
    sigaction(SIGINT, &sa, NULL);
}

/* Appends the variant words of s (separated by spaces or commas) to cmd;
 * -1 if one is not key=value. */
static int add_variant(char *cmd, size_t n, const char *s)
{
    size_t pos = strlen(cmd);
    char *copy = strdup(s);
    if (!copy)
        return -1;
    int rc = 0;
    for (char *w = strtok(copy, " ,\t"); w; w = strtok(NULL, " ,\t")) {
        if (!strchr(w, '=') || w[0] == '=') {
            fprintf(stderr, "tabula: variant option '%s' is not key=value\n", w);
            rc = -1;
            break;
        }
        buf_printf(cmd, n, &pos, " %s", w);
    }
    free(copy);
    return rc;
}

/* Runs one protocol command at start-up, its answer discarded; returns 0
 * if it succeeded. */
static int startup_command(struct proto *p, const char *cmd, const char *where)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        return -1;
    FILE *out = p->out;
    p->out = mem;
    char *line = strdup(cmd);
    if (line)
        proto_execute(p, line);
    free(line);
    fclose(mem);
    p->out = out;
    int ok = !buf || buf[0] != '?';
    if (!ok)
        fprintf(stderr, "tabula: %s: %s: %s", where, cmd, buf + 2);
    free(buf);
    return ok ? 0 : -1;
}

static int run_config(struct proto *p, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "tabula: cannot open %s\n", path);
        return -1;
    }
    char line[4096];
    int lineno = 0, rc = 0;
    while (fgets(line, sizeof line, f)) {
        char where[512];
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        snprintf(where, sizeof where, "%s:%d", path, lineno);
        if (startup_command(p, line, where)) {
            rc = -1;
            break;
        }
        if (p->quit)
            break;
    }
    fclose(f);
    return rc;
}

int main(int argc, char **argv)
{
    enum { OPT_PROTOCOL = 256, OPT_SHELL, OPT_BENCH, OPT_VARIANT, OPT_OTEP };
    static const struct option longopts[] = {
        {"game", required_argument, NULL, 'g'},
        {"variant", required_argument, NULL, OPT_VARIANT},
        {"engine", required_argument, NULL, 'e'},
        {"movetime", required_argument, NULL, 't'},
        {"depth", required_argument, NULL, 'd'},
        {"nodes", required_argument, NULL, 'n'},
        {"hash", required_argument, NULL, 'H'},
        {"seed", required_argument, NULL, 's'},
        {"config", required_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, 'q'},
        {"verbose", no_argument, NULL, 'v'},
        {"protocol", no_argument, NULL, OPT_PROTOCOL},
        {"shell", no_argument, NULL, OPT_SHELL},
        {"bench", no_argument, NULL, OPT_BENCH},
        {"otep", no_argument, NULL, OPT_OTEP},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}
    };
    struct { const char *name, *value; } opts[16];
    int nopts = 0, verbose = -1, force = 0, bench = 0, otep = 0;
    const char *game = NULL, *config = NULL;
    const char *variants[16];
    int nvariants = 0;
    int c;
    while ((c = getopt_long(argc, argv, "g:e:t:d:n:H:s:c:qvhV", longopts, NULL)) != -1) {
        const char *name = NULL;
        switch (c) {
        case 'g': game = optarg; break;
        case OPT_VARIANT:
            if (nvariants == 16) {
                fprintf(stderr, "tabula: too many --variant options\n");
                return 2;
            }
            variants[nvariants++] = optarg;
            break;
        case 'e': name = "engine"; break;
        case 't': name = "movetime"; break;
        case 'd': name = "depth"; break;
        case 'n': name = "nodes"; break;
        case 'H': name = "hash"; break;
        case 's': name = "seed"; break;
        case 'c': config = optarg; break;
        case 'q': verbose = 0; break;
        case 'v': verbose = 1; break;
        case OPT_PROTOCOL: force = 1; break;
        case OPT_SHELL: force = 2; break;
        case OPT_BENCH: bench = 1; break;
        case OPT_OTEP: otep = 1; break;
        case 'h': usage(stdout); return 0;
        case 'V': printf("tabula %s\n", PACKAGE_VERSION); return 0;
        default: usage(stderr); return 2;
        }
        if (name && nopts < 16) {
            opts[nopts].name = name;
            opts[nopts].value = optarg;
            nopts++;
        }
    }
    /* words after the options are variant options (key=value), so that no
     * program launcher needs nested quotes: --game rastros size=8 */
    for (int i = optind; i < argc; i++) {
        if (!strchr(argv[i], '=') || nvariants == 16) {
            fprintf(stderr, "tabula: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
        variants[nvariants++] = argv[i];
    }
    if (bench) {
        printf("Bench: %" PRIu64 "\n", proto_bench(verbose == 1 ? stderr : NULL));
        return 0;
    }
    int interactive = force ? force == 2 : isatty(0);
    struct proto p;
    if (proto_init(&p, stdout)) {
        fprintf(stderr, "tabula: out of memory\n");
        return 1;
    }
    p.verbose = verbose >= 0 ? verbose : isatty(0);
    for (int i = 0; i < nopts; i++) {
        int rc = proto_set_option(&p, opts[i].name, opts[i].value);
        if (rc) {
            fprintf(stderr, "tabula: --%s %s: %s\n", opts[i].name, opts[i].value,
                    rc == -1 ? "unknown option" : "invalid value");
            proto_free(&p);
            return 2;
        }
    }
    if (game || nvariants) {
        /* --variant alone changes the default game's variant */
        char cmd[4096];
        snprintf(cmd, sizeof cmd, "newgame %s", game ? game : p.s.g->name);
        for (int i = 0; i < nvariants; i++)
            if (add_variant(cmd, sizeof cmd, variants[i])) {
                proto_free(&p);
                return 2;
            }
        if (startup_command(&p, cmd, game ? "--game" : "--variant")) {
            proto_free(&p);
            return 2;
        }
    }
    catch_sigint(&p);
    if (config && run_config(&p, config)) {
        proto_free(&p);
        return 2;
    }
    int rc = 0;
    if (!p.quit) {
        if (otep) {
            rc = otep_run(&p, 0);
        } else if (interactive) {
            rc = shell_run(&p);
        } else {
            struct input in;
            input_init(&in, 0);
            rc = proto_loop(&p, &in);
        }
    }
    proto_free(&p);
    return rc;
}
