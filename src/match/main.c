/* main.c -- tabula-match: engine-vs-engine tournaments. Only the process
 * set-up lives here (signals, the terminal); everything else is in
 * libtabula (match/). */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "match/match.h"
#include "util.h"

/* The one piece of global state: what the signal handler saw. */
static volatile sig_atomic_t interrupted, last_signal;

/* SIGINT: first start no more games, then abandon the running ones;
 * SIGTERM and SIGHUP (the terminal or the ssh session closed) abandon at
 * once; one more signal after that kills. */
static void on_signal(int sig)
{
    last_signal = sig;
    if (interrupted >= 2) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    interrupted = sig == SIGINT && interrupted == 0 ? 1 : 2;
}

int main(int argc, char **argv)
{
    struct match_config c;
    char err[512];

    /* A dead engine's pipe must give EPIPE, not kill the referee; a file
     * grown past the size limit (ulimit -f) must give EFBIG, which is
     * reported as any failed write (exit 1, the files repairable), not
     * kill it in the middle of a record (exit 153). */
    signal(SIGPIPE, SIG_IGN);
    util_file_size_limit_fails_writes();
    match_config_defaults(&c);
    int r = match_parse_args(&c, argc, argv, err, sizeof err);
    if (r == 1)
        return 0;
    if (r < 0) {
        fprintf(stderr, "tabula-match: %s\n"
                "Try 'tabula-match --help' for more information.\n", err);
        return 2;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    c.interrupted = &interrupted;
    c.live = !c.quiet && isatty(fileno(stdout));
    r = match_run(&c);
    if (r == 3)
        return 128 + (last_signal ? last_signal : SIGINT);
    return r;
}
