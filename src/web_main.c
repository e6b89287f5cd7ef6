/* web_main.c -- tabula-web: the web board's server program. Reads its
 * flags (one table: getopt, --help and the man page's list come from it),
 * finds the page and runs the server (front/web.c) until SIGINT/SIGTERM. */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "config.h"
#include "engine_limits.h"
#include "front/protocol.h"
#include "front/web.h"
#include "util.h"

/* The flags: the long name, the short letter (0: none), the argument's
 * name (NULL: none), its bounds, and the help line. */
enum { F_PORT, F_ADDRESS, F_ROOT, F_CONNECTIONS, F_LINE, F_HASH, F_MEMORY, F_THREADS,
       F_MOVETIME, F_COMMAND, F_ANALYSES, F_ANALYZE, F_QUIET, F_HELP, F_VERSION };
static const struct web_flag {
    int id;
    const char *name;
    char letter;
    const char *arg;
    long long lo, hi;
    const char *help;           /* {range} is "LO to HI" */
} flags[] = {
    {F_PORT, "port", 'p', "N", 0, 65535, "listen on port N ({range}, default 8080; 0: any free port)"},
    {F_ADDRESS, "address", 'a', "ADDR", 0, 0,
     "listen on IPv4 address ADDR (default 127.0.0.1, this machine only)"},
    {F_ROOT, "root", 0, "DIR", 0, 0, "the page's files (default: where make install put them)"},
    {F_CONNECTIONS, "max-connections", 0, "N", 1, 1000,
     "sessions at once ({range}, default 8)"},
    {F_LINE, "max-line", 0, "BYTES", 256, PROTO_MAX_LINE - 1,
     "longest command line a client may send ({range}, default 65536)"},
    {F_HASH, "max-hash", 0, "MB", 1, TABULA_HASH_MAX_MB,
     "hash option's cap per session ({range}, default 64)"},
    {F_MEMORY, "memory", 0, "MB", 1, 1 << 20,
     "hash of all sessions together ({range}, default 512)"},
    {F_THREADS, "max-threads", 0, "N", 1, SEARCH_MAX_THREADS,
     "threads option's cap per session ({range}, default 1)"},
    {F_MOVETIME, "max-movetime", 0, "MS", 1, TABULA_MOVETIME_MAX,
     "movetime option's cap in ms ({range}, default 60000)"},
    {F_COMMAND, "max-command", 0, "MS", 100, 86400000,
     "a command is interrupted after MS ms ({range}, default 120000)"},
    {F_ANALYSES, "max-analyses", 0, "N", 0, 1000,
     "analyze commands running at once, all sessions ({range}, default 2)"},
    {F_ANALYZE, "max-analyze", 0, "MS", 100, 86400000,
     "an analyze is interrupted after MS ms ({range}, default 600000)"},
    {F_QUIET, "quiet", 'q', NULL, 0, 0, "no line on stderr per connection"},
    {F_HELP, "help", 'h', NULL, 0, 0, "this help"},
    {F_VERSION, "version", 'V', NULL, 0, 0, "version"},
    {-1, NULL, 0, NULL, 0, 0, NULL}
};

static void usage(FILE *f)
{
    fprintf(f, "Usage: tabula-web [OPTION]...\n"
            "Serves Tabula's board for Rastros, Tablut and Grasshopper to a web browser:\n"
            "open the address it prints. Each browser tab is an engine session of its own.\n\n");
    for (const struct web_flag *o = flags; o->name; o++) {
        char left[64];
        if (o->letter)
            snprintf(left, sizeof left, "  -%c, --%s%s%s", o->letter, o->name,
                     o->arg ? " " : "", o->arg ? o->arg : "");
        else
            snprintf(left, sizeof left, "      --%s%s%s", o->name, o->arg ? " " : "",
                     o->arg ? o->arg : "");
        char help[256];
        const char *r = strstr(o->help, "{range}");
        if (r)
            snprintf(help, sizeof help, "%.*s%lld to %lld%s", (int)(r - o->help), o->help,
                     o->lo, o->hi, r + 7);
        else
            snprintf(help, sizeof help, "%s", o->help);
        if (strlen(left) < 26)
            fprintf(f, "%-26s%s\n", left, help);
        else
            fprintf(f, "%s\n%26s%s\n", left, "", help);
    }
    fprintf(f, "\nDocumentation: man 6 tabula-web, doc/web.md.\n");
}

static volatile sig_atomic_t stop_now;

static void on_signal(int sig)
{
    (void)sig;
    stop_now = 1;
}

/* The page: --root, else the source tree's data/web when this is the
 * build's program (src/ of a build directory), else the installed one. */
static void find_root(char *buf, size_t n)
{
    char exe[PATH_MAX];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k > 0) {
        exe[k] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = '\0';
        char *real = realpath(TABULA_BUILD_DIR, NULL);
        int in_build = real && !strcmp(real, exe);
        free(real);
        if (in_build) {
            snprintf(buf, n, "%s", TABULA_SOURCE_WEB_DIR);
            return;
        }
    }
    snprintf(buf, n, "%s", TABULA_WEB_DIR);
}

static int is_loopback(const char *addr)
{
    return !strncmp(addr, "127.", 4);
}

int main(int argc, char **argv)
{
    struct web_config cfg;
    util_file_size_limit_fails_writes();
    web_config_default(&cfg);
    struct option longopts[32];
    char shortopts[64];
    size_t s = 0;
    int k = 0;
    for (const struct web_flag *o = flags; o->name; o++, k++) {
        longopts[k] = (struct option){o->name, o->arg ? required_argument : no_argument, NULL,
                                      256 + o->id};
        if (o->letter) {
            shortopts[s++] = o->letter;
            if (o->arg)
                shortopts[s++] = ':';
        }
    }
    memset(&longopts[k], 0, sizeof longopts[k]);
    shortopts[s] = '\0';
    char root[PATH_MAX] = "";
    int c;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        const struct web_flag *o = NULL;
        for (const struct web_flag *x = flags; x->name; x++)
            if (c == 256 + x->id || (x->letter && c == x->letter))
                o = x;
        if (!o) {
            usage(stderr);
            return 2;
        }
        long long v = 0;
        if (o->arg && o->hi > 0) {
            char *end;
            errno = 0;
            v = strtoll(optarg, &end, 10);
            if (errno || end == optarg || *end || v < o->lo || v > o->hi) {
                fprintf(stderr, "tabula-web: --%s must be a number from %lld to %lld, not '%s'\n",
                        o->name, o->lo, o->hi, optarg);
                return 2;
            }
        }
        switch (o->id) {
        case F_PORT: cfg.port = (int)v; break;
        case F_ADDRESS: cfg.address = optarg; break;
        case F_ROOT: snprintf(root, sizeof root, "%s", optarg); break;
        case F_CONNECTIONS: cfg.max_connections = (int)v; break;
        case F_LINE: cfg.max_line = (size_t)v; break;
        case F_HASH: cfg.max_hash_mb = (int)v; break;
        case F_MEMORY: cfg.memory_mb = (int)v; break;
        case F_THREADS: cfg.max_threads = (int)v; break;
        case F_MOVETIME: cfg.max_movetime_ms = v; break;
        case F_COMMAND: cfg.command_ms = v; break;
        case F_ANALYSES: cfg.max_analyses = (int)v; break;
        case F_ANALYZE: cfg.analyze_ms = v; break;
        case F_QUIET: cfg.log = NULL; break;
        case F_HELP: usage(stdout); return 0;
        case F_VERSION: printf("tabula-web %s\n", PACKAGE_VERSION); return 0;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "tabula-web: unexpected argument '%s'\n", argv[optind]);
        usage(stderr);
        return 2;
    }
    if (!root[0])
        find_root(root, sizeof root);
    char index[PATH_MAX + 16];
    struct stat st;
    snprintf(index, sizeof index, "%s/index.html", root);
    if (stat(index, &st)) {
        fprintf(stderr, "tabula-web: the page is not in %s (no index.html); --root DIR names "
                "the directory of data/web\n", root);
        return 1;
    }
    cfg.root = root;
    struct in_addr ia;
    if (inet_pton(AF_INET, cfg.address, &ia) != 1) {
        fprintf(stderr, "tabula-web: --address wants an IPv4 address such as 127.0.0.1 or "
                "0.0.0.0, not '%s'\n", cfg.address);
        return 2;
    }
    /* a record's name for the person where the page gives none: on the
     * loopback the browser is on this machine, its person the one who
     * started the server (as the shell names its player); open to the
     * network, a visitor is nobody we know ("?") */
    char person[64] = "";
    if (is_loopback(cfg.address))
        util_login_name(person, sizeof person);
    if (person[0])
        cfg.person = person;
    if (!is_loopback(cfg.address))
        fprintf(stderr, "tabula-web: warning: listening on %s, not on this machine's loopback: "
                "anyone who reaches it can use the engine (no password, no encryption); the "
                "caps of --help hold for them all\n", cfg.address);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    char err[512];
    struct web_server *w = web_start(&cfg, err, sizeof err);
    if (!w) {
        fprintf(stderr, "tabula-web: %s%s\n", err,
                strstr(err, "in use") ? " (is another server on that port? --port N chooses "
                "another)" : "");
        return 1;
    }
    const char *host = is_loopback(cfg.address) || !strcmp(cfg.address, "0.0.0.0") ?
                       (is_loopback(cfg.address) ? cfg.address : "127.0.0.1") : cfg.address;
    printf("tabula-web: the board is at http://%s:%d/ (Ctrl-C stops the server)\n", host,
           web_port(w));
    fflush(stdout);
    while (!stop_now)
        pause();
    if (cfg.log)
        fprintf(cfg.log, "tabula-web: stopping (%d sessions open)\n", web_sessions(w));
    web_stop(w);
    return 0;
}
