/* main.c -- tabula-match: engine-vs-engine tournaments. Only the process
 * set-up lives here; everything else is in libtabula (match/). */
#include <signal.h>
#include <stdio.h>
#include "match/match.h"

int main(int argc, char **argv)
{
    struct match_config c;
    char err[512];

    /* A dead engine's pipe must give EPIPE, not kill the referee. */
    signal(SIGPIPE, SIG_IGN);
    match_config_defaults(&c);
    int r = match_parse_args(&c, argc, argv, err, sizeof err);
    if (r == 1)
        return 0;
    if (r < 0) {
        fprintf(stderr, "tabula-match: %s\n"
                "Try 'tabula-match --help' for more information.\n", err);
        return 2;
    }
    return match_run(&c);
}
