/* fuzz_otep.c -- libFuzzer harness over the OpenTafl Engine Protocol front
 * end: every input is what a host writes to the engine, fed through a real
 * pipe by a writer thread in pieces whose sizes the input decides (so lines
 * arrive cut anywhere), and, when the input's first byte is odd, followed
 * by 80 KB of clock lines: more than the reader's buffer, while the engine
 * may be searching (the full pipe of issue 28). After the session: every
 * line the engine wrote is one OTEP message of printable text, and the
 * session's position round-trips. Build and run: ./quickstart fuzz. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz_common.h"
#include "front/otep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct feed {
    int fd;
    const uint8_t *data;
    size_t size;
};

static void write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k <= 0)
            return;             /* the engine left: the rest is not read */
        p += k;
        n -= (size_t)k;
    }
}

static void *feed_main(void *arg)
{
    struct feed *f = arg;
    size_t at = 0, k = 0;
    while (at < f->size) {
        /* piece sizes from the input itself: 1 .. 64 bytes */
        size_t piece = (size_t)(f->data[k++ % f->size] & 63) + 1;
        if (piece > f->size - at)
            piece = f->size - at;
        write_all(f->fd, (const char *)f->data + at, piece);
        at += piece;
    }
    if (f->size && (f->data[0] & 1)) {
        static char fill[82000];
        static size_t len;
        if (!len)
            while (len + 40 < sizeof fill)
                len += (size_t)snprintf(fill + len, sizeof fill - len,
                                        "clock 60000 60000 30 1 3 \n");
        write_all(f->fd, fill, len);
    }
    close(f->fd);
    return NULL;
}

static void check_output(const char *out, size_t len)
{
    static const char *const ok[] = {"hello", "status ", "move ", "error ", "analysis ", NULL};
    const char *p = out, *end = out + len;
    if (len && out[len - 1] != '\n') {
        fprintf(stderr, "fuzz_otep: output does not end with a line end\n");
        abort();
    }
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = (size_t)(nl - p);
        int good = 0;
        for (int i = 0; ok[i]; i++)
            good |= n >= strlen(ok[i]) && !strncmp(p, ok[i], strlen(ok[i]));
        for (size_t i = 0; i < n; i++)
            if ((unsigned char)p[i] < 32 || (unsigned char)p[i] == 127)
                good = 0;
        if (!good) {
            fprintf(stderr, "fuzz_otep: not an OTEP message: '%.*s'\n", (int)(n > 200 ? 200 : n),
                    p);
            abort();
        }
        p = nl + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct fuzz f;
    static int once;
    if (!once) {
        signal(SIGPIPE, SIG_IGN);
        once = 1;
    }
    fuzz_open(&f);
    int fds[2];
    if (pipe(fds))
        abort();
    struct feed feed = {fds[1], data, size};
    pthread_t t;
    if (pthread_create(&t, NULL, feed_main, &feed))
        abort();
    /* every search stops at a few hundred nodes: the host's lines, not the
     * search, are what is fuzzed */
    f.p.s.nodes = 500;
    f.p.s.movetime_ms = 0;
    size_t at = f.len;
    otep_run(&f.p, fds[0]);
    close(fds[0]);              /* the writer, if still writing, stops */
    pthread_join(t, NULL);
    fflush(f.out);
    check_output(f.buf + at, f.len - at);
    fuzz_check_position(&f, "after the OTEP session");
    fuzz_close(&f);
    return 0;
}
