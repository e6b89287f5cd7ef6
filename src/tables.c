/* tables.c -- tabula-tables: proves a small Grasshopper variant by
 * retrograde analysis and writes its value table (games/grasshopper_table.h),
 * one layer of progress at a time from the last down to the start; resumes a
 * table file left incomplete. A program of the rules layer: it links the
 * rules library alone and knows nothing of search, sessions or protocols. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "config.h"
#include "games/grasshopper_table.h"
#include "util.h"

/* progress on stdout unless --quiet; errors always on stderr */
static int say_quiet;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    if (say_quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

static void say_flush(void)
{
    if (!say_quiet)
        fflush(stdout);
}

static void syserr(const char *what)
{
    fprintf(stderr, "tabula-tables: %s: %s\n", what, strerror(errno));
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static long peak_mib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss / 1024;
}

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: tabula-tables [OPTION]... PIECES [FILE|DIR]\n"
            "Proves Grasshopper with PIECES pieces a side (2, 4 or 6) by retrograde analysis\n"
            "and writes its value table, which tabula's solve and genmove read from the\n"
            "directory of its tables option. The table goes to FILE, or to\n"
            "DIR/grasshopper-PIECES.tab, by default grasshopper-PIECES.tab in the current\n"
            "directory. A run that was interrupted resumes from the layers in the file.\n"
            "An existing file that is not a table is never written to; a table of another\n"
            "variant (or numbering), or one cut short, is replaced only with --force.\n"
            "\n"
            "  -f, --force         replace a table of another variant or numbering, or one\n"
            "                      cut short, with a new table of PIECES\n"
            "  -t, --threads N     share each layer among N threads (1 to %d; default 1)\n"
            "      --wall-bounds   settle positions by the wall bounds where they can (the\n"
            "                      same table)\n"
            "  -q, --quiet         print nothing but errors\n"
            "  -h, --help          print this help and exit\n"
            "  -V, --version       print the version and exit\n"
            "\n"
            "pieces=2 and 4 take seconds to a CPU minute (a 48 MB table); pieces=6 takes\n"
            "hours, 4.3 GiB of memory and 14 GB of disk. Exit status: 0 when the table is\n"
            "complete, 1 on an error (disk, memory, a file it will not replace), 2 for bad\n"
            "usage.\n",
            GHT_MAX_THREADS);
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"force", no_argument, NULL, 'f'},
        {"threads", required_argument, NULL, 't'},
        {"wall-bounds", no_argument, NULL, 'w'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}
    };
    int flags = 0, threads = 1, force = 0, c;
    long num;
    util_file_size_limit_fails_writes();
    while ((c = getopt_long(argc, argv, "ft:qhV", longopts, NULL)) != -1) {
        switch (c) {
        case 't':
            if (util_parse_long(optarg, 1, GHT_MAX_THREADS, &num)) {
                fprintf(stderr, "tabula-tables: --threads must be 1 to %d, not '%s'\n",
                        GHT_MAX_THREADS, optarg);
                return 2;
            }
            threads = (int)num;
            break;
        case 'f': force = 1; break;
        case 'w': flags = GHT_WALL_BOUNDS; break;
        case 'q': say_quiet = 1; break;
        case 'h': usage(stdout); return 0;
        case 'V': printf("tabula-tables %s\n", PACKAGE_VERSION); return 0;
        default:
            fprintf(stderr, "Try 'tabula-tables --help' for more information.\n");
            return 2;
        }
    }
    if (argc - optind < 1 || argc - optind > 2) {
        fprintf(stderr, "tabula-tables: %s\nTry 'tabula-tables --help' for more information.\n",
                argc - optind < 1 ? "PIECES is missing" : "too many arguments");
        return 2;
    }
    const char *parg = argv[optind];
    /* the word itself: "04", "+2" or " 2" is no count of pieces */
    if (strcmp(parg, "2") && strcmp(parg, "4") && strcmp(parg, "6")) {
        fprintf(stderr, "tabula-tables: PIECES must be 2, 4 or 6, not '%s'\n", parg);
        return 2;
    }
    const int pieces = parg[0] - '0';
    /* FILE, or DIR/grasshopper-N.tab: the name the solver looks for */
    char path[4096];
    struct stat sb;
    const char *dest = argc - optind == 2 ? argv[optind + 1] : ".";
    if (stat(dest, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        snprintf(path, sizeof path, "%s/" GHT_FILE_FMT, dest, pieces);
    } else if (dest[0] && dest[strlen(dest) - 1] == '/') {
        /* a DIR by its slash that is not there (open said "Is a directory") */
        fprintf(stderr, "tabula-tables: %s: no such directory\n", dest);
        return 1;
    } else {
        snprintf(path, sizeof path, "%s", dest);
    }

    const double t0 = now_s();
    struct ght *G = ght_create(pieces);
    if (!G) {
        fprintf(stderr, "tabula-tables: out of memory\n");
        return 1;
    }
    uint64_t total = 0, largest3 = 0;
    for (int t = 0; t < G->nlayers; t++) {
        uint64_t w = 0;
        for (int k = t; k < t + 3 && k < G->nlayers; k++)
            w += (G->layer_size[k] + 3) / 4;
        if (w > largest3)
            largest3 = w;
        total += G->layer_size[t];
    }
    say("pieces=%d: %d halves, %" PRIu64 " positions in %d layers; "
           "table %.2f GB, largest three layers %.2f GB; numbering made in %.1f s; "
           "%d thread%s\n",
           pieces, G->nhalves, total, G->nlayers, total / 4e9, largest3 / 1e9, now_s() - t0,
           threads, threads == 1 ? "" : "s");
    say_flush();

    struct ght_file_header h, want;
    ght_file_layout(G, &want);
    /* never O_TRUNC: an existing file is looked at first. An empty file
     * (or a new one) gets the header; a table of this variant resumes; a
     * file that is not a table is refused, and a table of another variant
     * or numbering, or one cut short, is replaced only with --force. */
    int fd = open(path, O_RDWR | O_CREAT, 0644);
    if (fd < 0 || fstat(fd, &sb)) {
        syserr(path);
        return 1;
    }
    const uint64_t fsize = (uint64_t)sb.st_size;
    const char *why = NULL;     /* why this table cannot be resumed */
    char whybuf[256];
    if (!S_ISREG(sb.st_mode)) {
        fprintf(stderr, "tabula-tables: %s: not a regular file: refusing to write to it\n", path);
        return 1;
    }
    const int fresh = fsize == 0;
    if (!fresh) {
        char magic[8];
        if (fsize < 8 || util_pread_all(fd, magic, 8, 0) || memcmp(magic, GHT_MAGIC, 8)) {
            fprintf(stderr, "tabula-tables: %s: not a table file (it does not start with "
                    "%s): refusing to write over it; give another FILE or DIR\n",
                    path, GHT_MAGIC);
            return 1;
        }
        memset(&h, 0, sizeof h);
        const int whole = fsize >= sizeof h && !util_pread_all(fd, &h, sizeof h, 0);
        if (!whole)
            why = "a table file cut short in its header";
        else if (h.pieces != want.pieces) {
            snprintf(whybuf, sizeof whybuf, "a table of pieces=%" PRIu32 ", not %d", h.pieces,
                     pieces);
            why = whybuf;
        } else if (h.nlayers != want.nlayers || h.fingerprint != want.fingerprint ||
                   memcmp(h.size, want.size, sizeof h.size) ||
                   memcmp(h.offset, want.offset, sizeof h.offset))
            /* a header whose checksum fails is damaged, not of another
             * version (a QA pass: one flipped byte was sent to --force
             * as "another numbering") */
            why = ght_file_header_intact(&h) ?
                  "a table made with another numbering of the positions (another version "
                  "of the program)" : "a damaged table: its header does not match its checksum";
        else
            for (int T = 0; T < G->nlayers && !why; T++) {
                const uint64_t end = h.offset[T] + (G->layer_size[T] + 3) / 4;
                if (h.done[T] && fsize < end) {
                    snprintf(whybuf, sizeof whybuf, "a table file shorter than its finished "
                             "layers (%" PRIu64 " bytes, layer %d ends at %" PRIu64 "): it "
                             "was cut", fsize, T, end);
                    why = whybuf;
                }
            }
        if (why && !force) {
            fprintf(stderr, "tabula-tables: %s: %s: left as it is; run with --force to "
                    "start it anew as a table of pieces=%d (what it holds is lost)\n",
                    path, why, pieces);
            return 1;
        }
    }
    if (fresh || why) {
        /* a new table: no byte of the old file is kept, and the file
         * grows to the new table's size as its layers are written */
        h = want;
        if ((why && ftruncate(fd, 0)) || util_pwrite_all(fd, &h, sizeof h, 0)) {
            syserr(path);
            return 1;
        }
        if (why)
            say("%s: %s: started anew\n", path, why);
    }

    int sealed = !memcmp(h.sums_tag, GHT_SUMS_TAG, 8);
    uint8_t *lay[10 * GHT_MAX_PIECES + 3] = {0};
    struct ght_stats all;
    memset(&all, 0, sizeof all);
    for (int T = G->nlayers - 1; T >= 0; T--) {
        const uint64_t bytes = (G->layer_size[T] + 3) / 4;
        lay[T] = calloc(bytes ? bytes : 1, 1);
        if (!lay[T]) {
            fprintf(stderr, "tabula-tables: out of memory for layer %d (%" PRIu64 " bytes)\n", T, bytes);
            return 1;
        }
        const double l0 = now_s(), c0 = cpu_s();
        struct ght_stats st;
        memset(&st, 0, sizeof st);
        if (h.done[T]) {
            errno = 0;
            if (util_pread_all(fd, lay[T], bytes, h.offset[T])) {
                if (errno)
                    syserr("reading a finished layer");
                else    /* a short read: the file was cut while we ran */
                    fprintf(stderr, "tabula-tables: %s: layer %d is cut short: the file is "
                            "shorter than its finished layers; run with --force to start "
                            "it anew\n", path, T);
                return 1;
            }
            const uint64_t sum = ght_sum(lay[T], bytes);
            if (sealed && sum != h.sum[T]) {
                fprintf(stderr, "tabula-tables: %s: layer %d does not match its checksum: the "
                        "file is damaged\n", path, T);
                return 1;
            }
            /* a file made before the checksums were written gets them:
             * the header is sealed with the next layer, or at the end */
            h.sum[T] = sum;
            say("layer %2d: %12" PRIu64 " positions, read back from the file\n", T,
                   G->layer_size[T]);
        } else {
            if (ght_solve_layer_mt(G, T, lay[T], lay[T + 1], lay[T + 2], flags, threads, &st)) {
                fprintf(stderr, "tabula-tables: out of memory in layer %d\n", T);
                return 1;
            }
            if (util_pwrite_all(fd, lay[T], bytes, h.offset[T]) || fsync(fd)) {
                syserr("writing a layer");
                return 1;
            }
            ght_file_set_done(&h, T, ght_sum(lay[T], bytes));
            sealed = 1;
            if (util_pwrite_all(fd, &h, sizeof h, 0) || fsync(fd)) {
                syserr("writing the header");
                return 1;
            }
            say("layer %2d: %12" PRIu64 " positions  win %12" PRIu64 "  draw %12" PRIu64
                   "  loss %12" PRIu64 "  passes %10" PRIu64 "  by walls %12" PRIu64 "  errors %" PRIu64
                   "  %8.1f s (cpu %8.1f s)  peak %ld MiB\n",
                   T, G->layer_size[T], st.count[GHT_WIN], st.count[GHT_DRAW],
                   st.count[GHT_LOSS], st.passes, st.by_walls, st.errors, now_s() - l0, cpu_s() - c0,
                   peak_mib());
            for (int k = 0; k < 4; k++)
                all.count[k] += st.count[k];
            all.passes += st.passes;
            all.by_walls += st.by_walls;
            all.errors += st.errors;
        }
        say_flush();
        if (st.errors) {
            fprintf(stderr, "tabula-tables: layer %d: %" PRIu64 " numbering errors: stopping\n", T, st.errors);
            return 1;
        }
        free(lay[T + 2]);
        lay[T + 2] = NULL;
    }
    if (!sealed) {
        ght_file_set_done(&h, 0, h.sum[0]);
        if (util_pwrite_all(fd, &h, sizeof h, 0) || fsync(fd)) {
            syserr("writing the header");
            return 1;
        }
        say("checksums of every layer written into the header\n");
    }
    static const char *const name[4] = {"?", "loss", "draw", "win"};
    const int v = ght_get(lay[0], 0);
    say("computed: win %" PRIu64 "  draw %" PRIu64 "  loss %" PRIu64 "  passes %" PRIu64
           "  by walls %" PRIu64 "  errors %" PRIu64 "\n",
           all.count[GHT_WIN], all.count[GHT_DRAW], all.count[GHT_LOSS], all.passes,
           all.by_walls, all.errors);
    say("pieces=%d start: %s for white (the side to move); %.1f s, cpu %.1f s, peak %ld MiB\n",
           pieces, name[v], now_s() - t0, cpu_s(), peak_mib());
    close(fd);
    free(lay[0]);
    free(lay[1]);
    ght_destroy(G);
    return all.errors ? 1 : 0;
}
