/* util.h -- small helpers shared by every layer: random numbers, clocks,
 * string buffers. Knows nothing about games or protocols. */
#ifndef TABULA_UTIL_H
#define TABULA_UTIL_H

#include <stddef.h>
#include <signal.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>

/* A macro's value as a string literal: STR(TABULA_HASH_DEFAULT_MB) is
 * "64" (defaults said once, in a header, and quoted in help and tables). */
#define STR_(x) #x
#define STR(x) STR_(x)

/* splitmix64: reproducible, seedable, state is one word. */
static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0. */
static inline uint32_t rng_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)(((rng_next(s) >> 32) * (uint64_t)n) >> 32);
}

int64_t now_ms(void);           /* monotonic milliseconds */

/* fflush(f), remembering the reason of the first failure on stdout: the
 * stream drops what it could not write and keeps only its error flag, so
 * at exit (main.c) util_stdout_errno() is the only way to say why the
 * answers were lost. 0 or EOF, as fflush. */
int util_flush(FILE *f);
int util_stdout_errno(void);    /* 0 when no flush of stdout failed */

/* A write past the file-size limit (ulimit -f) fails with EFBIG, as a full
 * disk does, rather than ending the program with SIGXFSZ: every program
 * of ours calls this first, so a write that fails takes its error path
 * (the shell says so and keeps the game, a table is resumed). */
void util_file_size_limit_fails_writes(void);

/* The name of the person running the program (the password entry of the
 * real user) in buf, as records name a player; "" when it has none. The
 * shell names its player so, and tabula-web the person on the loopback. */
void util_login_name(char *buf, size_t n);

/* FNV-1a, 64 bits: h (UTIL_FNV1A_START to begin) gone on over n bytes. */
#define UTIL_FNV1A_START UINT64_C(0xcbf29ce484222325)
static inline uint64_t util_fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * UINT64_C(0x100000001b3);
    return h;
}

/* Appends printf-style text to buf (size n) at *pos, never overflowing. */
void buf_printf(char *buf, size_t n, size_t *pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Nodes a second over ms milliseconds; a time under 1 ms counts as 1 ms
 * (it used to give the nodes themselves as the rate, 1000 times too low). */
static inline uint64_t util_nps(uint64_t nodes, int64_t ms)
{
    return nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1);
}
/* buf_printf's text reached the end of buf: it may have been cut. */
static inline int buf_full(size_t n, size_t pos)
{
    return pos + 1 >= n;
}

/* pthread_create for a helper thread of a search, a solver or a worker:
 * the new thread has SIGINT, SIGTERM and SIGHUP blocked, so that their
 * handlers run in the thread that owns the program's state (a handler run
 * in a helper raced with the main thread: TSan, issue 28). 0 or an error
 * number. */
int util_thread_create(pthread_t *tid, void *(*fn)(void *), void *arg);

/* Memory the system could give now without swapping, in MB (Linux's
 * MemAvailable, else the free pages); -1 when it cannot tell. */
int64_t util_mem_available_mb(void);

/* fopen for a file the user names (mode "r" or "w"), that never waits: a
 * FIFO, a socket or a directory is refused, and for reading anything but a
 * regular file (a device such as /dev/zero); *why then says so, else it
 * is strerror(errno). NULL on failure. */
FILE *util_fopen_file(const char *path, const char *mode, const char **why);

/* A file the user names, written whole or not at all: util_create_file
 * opens a new file beside it (that of a symbolic link: the link stays),
 * util_commit_file flushes it to disk and renames it over path, keeping an
 * old file's permissions; util_abandon_file removes it. A failed write or
 * commit leaves what was at path as it was. Where no file can be made
 * beside it (a directory one may not write in), or path is a device such as
 * /dev/null, the file is written in place as util_fopen_file opens it.
 * Failures: NULL or -1, *why set as util_fopen_file sets it. */
struct util_out {
    FILE *f;
    char *tmp;                  /* the new file's name; NULL: in place */
    char *dest;                 /* what it replaces */
};
FILE *util_create_file(const char *path, struct util_out *o, const char **why);
int util_commit_file(struct util_out *o, const char **why);
void util_abandon_file(struct util_out *o);

/* Reads one line of f into *line (grown as needed, to max + 2 bytes at
 * most, *cap its size; NUL-terminated, its newline kept, NUL bytes kept)
 * and its length into *len. 1 a line (the last one may lack its newline),
 * 0 the end of the file, -1 a read error or no memory (errno says which),
 * -2 a line of more than max bytes before its newline (the rest of it
 * left unread): a file that is one endless line (/dev/zero) is an error,
 * not all the memory. */
int util_read_line(FILE *f, char **line, size_t *cap, size_t max, size_t *len);

/* A whole decimal number within [lo, hi] with nothing around it into
 * *out: 0, or -1 (a number past a long is none, not one wrapped). */
int util_parse_long(const char *s, long lo, long hi, long *out);

/* dir is a directory: 0; else -1 with "DIR: why" in out. */
int util_check_dir(const char *dir, char *out, size_t n);

/* Blocks SIGINT, SIGTERM and SIGHUP in the calling thread (the old mask in
 * *old): threads started now inherit the mask, so that those signals reach
 * the program's main thread. */
void util_block_signals(sigset_t *old);

/* All n bytes at offset at, in pieces of at most 1 GB (pread and pwrite
 * may do less than asked); 0, or -1 on an error or the file's end. */
int util_pread_all(int fd, void *buf, uint64_t n, uint64_t at);
int util_pwrite_all(int fd, const void *buf, uint64_t n, uint64_t at);

#endif
