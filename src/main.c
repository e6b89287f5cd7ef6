/* main.c -- tabula: command-line options, then the protocol loop (piped)
 * or the readline shell (a terminal). */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config.h"
#include "bench.h"
#include "front/cli.h"
#include "front/otep.h"
#include "front/protocol.h"
#include "front/shell.h"
#include "record.h"
#include "util.h"

/* At exit (atexit): the answers are the program's work, so output that
 * could not be written (tabula > /dev/full) is an error, exit status 2 and
 * the reason on stderr, as for any program whose output is its work. A
 * stdout closed before the start with nothing written to it is left alone
 * (gnulib's close_stdout does the same). */
static void close_stdout(void)
{
    int pending = __fpending(stdout) > 0;
    int failed = ferror(stdout);
    errno = 0;
    if (fclose(stdout) != 0 && (failed || pending || errno != EBADF))
        failed = 1;
    if (!failed)
        return;
    int err = util_stdout_errno() ? util_stdout_errno() : errno;   /* the first failure */
    if (err)
        fprintf(stderr, "tabula: write error: %s\n", strerror(err));
    else
        fprintf(stderr, "tabula: write error\n");
    _exit(2);
}

/* The session a SIGINT interrupts: a signal handler gets no context, so
 * main keeps the one pointer (see proto_interrupt in protocol.h). */
static struct proto *sigint_proto;

/* Seconds a shell command gets to stop after Ctrl-C twice (on_sigint),
 * and the command they came during (struct proto's commands). */
#define SHELL_STUCK_S 2
static volatile sig_atomic_t stuck_command;

static void on_sigint(int sig)
{
    (void)sig;
    if (!sigint_proto)
        return;
    int saved = errno;          /* the code it interrupts may be reading it */
    int repeat = proto_interrupt(sigint_proto);
    /* In the shell, Ctrl-C twice within a second at the prompt leaves, in
     * order; the press that stopped a command does not count (shell.c), and
     * neither does a second press while the command is still stopping:
     * two presses a few milliseconds apart during hint all, solve or perft
     * had ended the program at once, status 130, the unsaved game lost (a
     * QA pass), where a second press that came a moment later, at the
     * prompt, only cleared the line. But a command that does not stop for
     * an interrupt (bench) would hold the shell: if it is still running
     * SHELL_STUCK_S seconds after the second press (on_alarm), or at a
     * third, the program ends at once (its history is already written,
     * line by line). */
    if (repeat >= 2 && sigint_proto->shell && sigint_proto->running) {
        if (repeat == 2) {
            stuck_command = sigint_proto->commands;
            alarm(SHELL_STUCK_S);
        } else {
            static const char msg[] = "\n(Ctrl-C three times: leaving at once)\n";
            ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
            (void)w;
            _exit(130);
        }
    }
    errno = saved;
}

/* The shell's command that Ctrl-C twice came during is still running
 * SHELL_STUCK_S seconds later: it does not stop, the program ends at once
 * (see on_sigint). */
static void on_alarm(int sig)
{
    (void)sig;
    if (!sigint_proto || !sigint_proto->running || sigint_proto->commands != stuck_command)
        return;                 /* it stopped */
    static const char msg[] = "\n(Ctrl-C twice, and the command does not stop: leaving at once)\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
    _exit(130);
}

/* SIGINT stops the running command and never ends the program: GoGui's
 * gogui-sigint and a controller's interrupt must not kill the engine, and
 * one that arrives while idle is forgotten when the next command starts.
 * (The shell's one exception: Ctrl-C twice, see on_sigint.) The shell
 * catches SIGHUP and SIGTERM too (on_hangup). */
static void catch_signal(struct proto *p, int sig, void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigint_proto = p;
    sigaction(sig, &sa, NULL);
}

/* The shell on SIGHUP (its terminal closed) and SIGTERM: the running
 * command stops as on Ctrl-C, and the shell leaves in order, keeping an
 * unsaved game (shell.c), where these signals had ended it at once and
 * lost the game. */
static void on_hangup(int sig)
{
    (void)sig;
    if (!sigint_proto)
        return;
    int saved = errno;
    sigint_proto->hangup = 1;
    proto_interrupt(sigint_proto);
    errno = saved;
}

/* Appends the variant words of s (separated by spaces or commas) to cmd
 * (newgame judges them: session_newgame); -1 out of memory. */
static int add_variant(char *cmd, size_t n, const char *s)
{
    size_t pos = strlen(cmd);
    char *copy = strdup(s);
    if (!copy)
        return -1;
    for (char *w = strtok(copy, " ,\t"); w; w = strtok(NULL, " ,\t"))
        buf_printf(cmd, n, &pos, " %s", w);
    free(copy);
    return 0;
}

/* The gate of the start-up commands: a streaming command (analyze) goes
 * on until input arrives, and input is not read yet, so it would never
 * end; it fails as an unknown command does. */
static int startup_gate(struct proto *p, const struct proto_cmd *c, int argc, char **argv,
                        char *res, size_t n)
{
    (void)p, (void)argc, (void)argv;
    if (c->flags & CMD_STREAMS)
        return proto_fail(res, n, PROTO_ENOT_ALLOWED, "it streams its answer, so it cannot "
                          "run at start-up");
    return PROTO_OK;
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
    p->gate = startup_gate;
    char *line = strdup(cmd);
    if (line)
        proto_execute(p, line);
    free(line);
    fclose(mem);
    p->gate = NULL;
    p->out = out;
    int ok = !buf || buf[0] != '?';
    if (!ok)                    /* "? message", then the response's empty line */
        fprintf(stderr, "tabula: %s: %s: %.*s\n", where, cmd, (int)strcspn(buf + 2, "\n"),
                buf + 2);
    free(buf);
    return ok ? 0 : -1;
}

/* The lines of FILE as protocol commands; a line may be as long as the
 * protocol takes (PROTO_MAX_LINE), so that it is never cut in two. A file
 * that cannot be opened or read (a directory: fopen takes it, reading
 * fails) is an error, with the reason. A UTF-8 byte order mark at the
 * start (Windows editors write one) is skipped, as the record readers skip
 * it (review 6: "<BOM>set_option ...: unknown command"). */
static int run_config(struct proto *p, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "tabula: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    /* a line of the protocol's length at most (an endless "line",
     * /dev/zero, used to take all the memory) */
    char *line = NULL;
    size_t cap = 0, len;
    int lineno = 0, rc = 0, got;
    while ((got = util_read_line(f, &line, &cap, PROTO_MAX_LINE - 1, &len)) != 0) {
        if (got == -1) {            /* not the end of the file */
            fprintf(stderr, "tabula: cannot read %s: %s\n", path, strerror(errno));
            rc = -1;
            break;
        }
        char where[512];
        lineno++;
        snprintf(where, sizeof where, "%s:%d", path, lineno);
        if (got == -2) {
            fprintf(stderr, "tabula: %s: line too long (the protocol takes %d bytes)\n",
                    where, PROTO_MAX_LINE - 1);
            rc = -1;
            break;
        }
        size_t k = 0;               /* NUL bytes dropped, as on standard input */
        for (size_t i = lineno == 1 ? record_bom(line, len) : 0; i < len; i++)
            if (line[i])
                line[k++] = line[i];
        line[k] = '\0';
        line[strcspn(line, "\r\n")] = '\0';
        if (startup_command(p, line, where)) {
            rc = -1;
            break;
        }
        if (p->quit)
            break;
    }
    free(line);
    fclose(f);
    return rc;
}

int main(int argc, char **argv)
{
    atexit(close_stdout);
    util_file_size_limit_fails_writes();
    /* getopt's tables from the two tables of options (src/front/cli.c) */
    struct option longopts[64];
    char shortopts[128];
    cli_getopt_tables(longopts, 64, shortopts, sizeof shortopts);
    struct { const struct option_desc *o; const char *value; } opts[64];
    int nopts = 0, verbose = -1, force = 0, bench = 0, otep = 0;
    const char *game = NULL;
    const char *variants[16], *configs[16];
    int nvariants = 0, nconfigs = 0;
    int c;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        const struct option_desc *eo = cli_engine_option(c);
        switch (c) {
        case 'g': game = optarg; break;
        case CLI_VARIANT:
            if (nvariants == 16) {
                fprintf(stderr, "tabula: too many --variant options\n");
                return 2;
            }
            variants[nvariants++] = optarg;
            break;
        case 'c':
            /* each --config runs, in the order given (the last one used
             * to drop the others without a word: review 6) */
            if (nconfigs == 16) {
                fprintf(stderr, "tabula: too many --config options (at most 16)\n");
                return 2;
            }
            configs[nconfigs++] = optarg;
            break;
        case 'q': verbose = 0; break;
        case 'v': verbose = 1; break;
        case CLI_PROTOCOL: force = 1; break;
        case CLI_SHELL: force = 2; break;
        case CLI_BENCH: bench = 1; break;
        case CLI_OTEP: otep = 1; break;
        case 'h': cli_usage(stdout); return 0;
        case 'V': printf("tabula %s\n", PACKAGE_VERSION); return 0;
        default:
            if (!eo) {
                cli_usage(stderr);
                return 2;
            }
        }
        if (eo && nopts < 64) {
            opts[nopts].o = eo;
            opts[nopts].value = optarg;
            nopts++;
        }
    }
    /* words after the options are variant options (key=value), so that no
     * program launcher needs nested quotes: --game rastros size=8 */
    for (int i = optind; i < argc; i++) {
        if (!strchr(argv[i], '=') || nvariants == 16) {
            fprintf(stderr, "tabula: unexpected argument '%s'\n", argv[i]);
            cli_usage(stderr);
            return 2;
        }
        variants[nvariants++] = argv[i];
    }
    if (bench) {
        struct bench_result b;
        int rc = bench_run(verbose == 1 ? stderr : NULL, &b);
        if (rc) {
            fprintf(stderr, "tabula: bench: %s\n", b.failed ? "a bench position did not load "
                    "(--verbose says which): no signature" : "out of memory");
            return 2;
        }
        printf("Bench: %" PRIu64 "\n", b.nodes);
        fflush(stdout);
        /* the machine's figures (Stockfish's lines), apart from the signature */
        fprintf(stderr, "%d positions, %" PRId64 " ms, %" PRIu64 " nodes/s\n", b.positions,
                b.ms, bench_nps(&b));
        return 0;
    }
    int interactive = force ? force == 2 : isatty(0);
    struct proto p;
    if (proto_init(&p, stdout)) {
        fprintf(stderr, "tabula: out of memory\n");
        return 2;               /* the man page's EXIT STATUS */
    }
    /* the shell describes each search itself (status line, final line) */
    p.verbose = verbose >= 0 ? verbose : isatty(0) && !interactive;
    for (int i = 0; i < nopts; i++) {
        char err[256];
        int rc = option_set(&p.s, opts[i].o, opts[i].value, err, sizeof err);
        if (rc != SESS_OK) {
            fprintf(stderr, "tabula: --%s %s: %s%s%s\n", opts[i].o->name, opts[i].value,
                    rc == SESS_ENOMEM ? "out of memory" : "invalid value",
                    err[0] ? ": " : "", err);
            proto_free(&p);
            return 2;
        }
    }
    if (otep && (game || nvariants || force) && verbose != 0)
        /* the host's rules line makes each game (review 5: said nothing);
         * every option it ignores is named (a QA pass: with --game too,
         * --shell went unnamed); not with --quiet (no diagnostics) */
        fprintf(stderr, "tabula: --otep plays the host's rules: %s%s%s are ignored\n",
                game || nvariants ? "--game and --variant" : "",
                (game || nvariants) && force ? ", " : "",
                force ? "--shell and --protocol" : "");
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
    if (!otep)              /* OTEP hosts never interrupt: Ctrl-C quits */
        catch_signal(&p, SIGINT, on_sigint);
    for (int i = 0; i < nconfigs && !p.quit; i++)
        if (run_config(&p, configs[i])) {
            proto_free(&p);
            return 2;
        }
    int rc = 0;
    if (!p.quit) {
        if (otep) {
            rc = otep_run(&p, 0);
        } else if (interactive) {
            catch_signal(&p, SIGHUP, on_hangup);
            catch_signal(&p, SIGTERM, on_hangup);
            catch_signal(&p, SIGALRM, on_alarm);
            rc = shell_run(&p);
        } else {
            struct input in;
            input_init(&in, 0);
            rc = proto_loop(&p, &in);
        }
    }
    proto_free(&p);
    return rc ? 2 : 0;          /* the loops fail when out of memory, or when
                                 * standard input cannot be read */
}
