/* grasshopper-retro.c -- proves a small Grasshopper variant by retrograde
 * analysis and writes its value table (src/games/grasshopper_table.h), one
 * layer of progress at a time from the last down to the start; resumes a
 * table file left incomplete. Built and run by bench/grasshopper-retro.
 * Usage: grasshopper-retro [--wall-bounds] [--threads N] PIECES FILE */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "games/grasshopper_table.h"

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

static int write_all(int fd, const void *buf, uint64_t n, uint64_t at)
{
    const uint8_t *p = buf;
    while (n) {
        ssize_t k = pwrite(fd, p, n > (1u << 30) ? (1u << 30) : (size_t)n, (off_t)at);
        if (k <= 0)
            return -1;
        p += k;
        n -= (uint64_t)k;
        at += (uint64_t)k;
    }
    return 0;
}

static int read_all(int fd, void *buf, uint64_t n, uint64_t at)
{
    uint8_t *p = buf;
    while (n) {
        ssize_t k = pread(fd, p, n > (1u << 30) ? (1u << 30) : (size_t)n, (off_t)at);
        if (k <= 0)
            return -1;
        p += k;
        n -= (uint64_t)k;
        at += (uint64_t)k;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int flags = 0, threads = 1;
    for (;;) {
        if (argc >= 2 && strcmp(argv[1], "--wall-bounds") == 0) {
            flags = GHT_WALL_BOUNDS;
            argv++;
            argc--;
        } else if (argc >= 3 && strcmp(argv[1], "--threads") == 0) {
            threads = atoi(argv[2]);
            argv += 2;
            argc -= 2;
        } else {
            break;
        }
    }
    if (argc != 3 || threads < 1 || threads > GHT_MAX_THREADS) {
        fprintf(stderr, "usage: %s [--wall-bounds] [--threads N] PIECES FILE\n", argv[0]);
        return 2;
    }
    const int pieces = atoi(argv[1]);
    const double t0 = now_s();
    struct ght *G = ght_create(pieces);
    if (!G) {
        fprintf(stderr, "pieces must be 2, 4 or 6 (or out of memory)\n");
        return 2;
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
    printf("pieces=%d: %d halves, %" PRIu64 " positions in %d layers; "
           "table %.2f GB, largest three layers %.2f GB; numbering made in %.1f s; "
           "%d thread%s\n",
           pieces, G->nhalves, total, G->nlayers, total / 4e9, largest3 / 1e9, now_s() - t0,
           threads, threads == 1 ? "" : "s");
    fflush(stdout);

    struct ght_file_header h, want;
    ght_file_layout(G, &want);
    int fd = open(argv[2], O_RDWR | O_CREAT, 0644);
    if (fd < 0) {
        perror(argv[2]);
        return 1;
    }
    if (read_all(fd, &h, sizeof h, 0) || memcmp(h.magic, GHT_MAGIC, 8) ||
        memcmp(h.size, want.size, sizeof h.size) || h.pieces != want.pieces ||
        h.fingerprint != want.fingerprint) {
        h = want;               /* a new file */
        if (write_all(fd, &h, sizeof h, 0)) {
            perror(argv[2]);
            return 1;
        }
    }

    int sealed = !memcmp(h.sums_tag, GHT_SUMS_TAG, 8);
    uint8_t *lay[10 * GHT_MAX_PIECES + 3] = {0};
    struct ght_stats all;
    memset(&all, 0, sizeof all);
    for (int T = G->nlayers - 1; T >= 0; T--) {
        const uint64_t bytes = (G->layer_size[T] + 3) / 4;
        lay[T] = calloc(bytes ? bytes : 1, 1);
        if (!lay[T]) {
            fprintf(stderr, "out of memory for layer %d (%" PRIu64 " bytes)\n", T, bytes);
            return 1;
        }
        const double l0 = now_s(), c0 = cpu_s();
        struct ght_stats st;
        memset(&st, 0, sizeof st);
        if (h.done[T]) {
            if (read_all(fd, lay[T], bytes, h.offset[T])) {
                perror("reading a finished layer");
                return 1;
            }
            const uint64_t sum = ght_sum(lay[T], bytes);
            if (sealed && sum != h.sum[T]) {
                fprintf(stderr, "layer %d does not match its checksum: the file is damaged\n",
                        T);
                return 1;
            }
            /* a file made before the checksums were written gets them:
             * the header is sealed with the next layer, or at the end */
            h.sum[T] = sum;
            printf("layer %2d: %12" PRIu64 " positions, read back from the file\n", T,
                   G->layer_size[T]);
        } else {
            if (ght_solve_layer_mt(G, T, lay[T], lay[T + 1], lay[T + 2], flags, threads, &st)) {
                fprintf(stderr, "out of memory in layer %d\n", T);
                return 1;
            }
            if (write_all(fd, lay[T], bytes, h.offset[T]) || fsync(fd)) {
                perror("writing a layer");
                return 1;
            }
            ght_file_set_done(&h, T, ght_sum(lay[T], bytes));
            sealed = 1;
            if (write_all(fd, &h, sizeof h, 0) || fsync(fd)) {
                perror("writing the header");
                return 1;
            }
            printf("layer %2d: %12" PRIu64 " positions  win %12" PRIu64 "  draw %12" PRIu64
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
        fflush(stdout);
        if (st.errors) {
            fprintf(stderr, "layer %d: %" PRIu64 " numbering errors: stopping\n", T, st.errors);
            return 1;
        }
        free(lay[T + 2]);
        lay[T + 2] = NULL;
    }
    if (!sealed) {
        ght_file_set_done(&h, 0, h.sum[0]);
        if (write_all(fd, &h, sizeof h, 0) || fsync(fd)) {
            perror("writing the header");
            return 1;
        }
        printf("checksums of every layer written into the header\n");
    }
    static const char *const name[4] = {"?", "loss", "draw", "win"};
    const int v = ght_get(lay[0], 0);
    printf("computed: win %" PRIu64 "  draw %" PRIu64 "  loss %" PRIu64 "  passes %" PRIu64
           "  by walls %" PRIu64 "  errors %" PRIu64 "\n",
           all.count[GHT_WIN], all.count[GHT_DRAW], all.count[GHT_LOSS], all.passes,
           all.by_walls, all.errors);
    printf("pieces=%d start: %s for white (the side to move); %.1f s, cpu %.1f s, peak %ld MiB\n",
           pieces, name[v], now_s() - t0, cpu_s(), peak_mib());
    close(fd);
    free(lay[0]);
    free(lay[1]);
    ght_destroy(G);
    return all.errors ? 1 : 0;
}
