/* util.c -- clocks, string buffers, opening a user's file. */
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "util.h"

static int stdout_errno;        /* only the main thread writes stdout */

int util_flush(FILE *f)
{
    int rc = fflush(f);
    if (rc && f == stdout && !stdout_errno)
        stdout_errno = errno;
    return rc;
}

int util_stdout_errno(void)
{
    return stdout_errno;
}

int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void buf_printf(char *buf, size_t n, size_t *pos, const char *fmt, ...)
{
    va_list ap;
    if (*pos >= n)
        return;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *pos, n - *pos, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    *pos += (size_t)k;
    if (*pos >= n)
        *pos = n - 1;
}

FILE *util_fopen_file(const char *path, const char *mode, const char **why)
{
    const int reading = mode[0] == 'r';
    struct stat sb;
    /* O_NONBLOCK: opening a FIFO waits for its other end otherwise (for
     * writing, one without a reader fails with ENXIO at once) */
    int fd = reading ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                     : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0666);
    if (fd < 0) {
        *why = errno == ENXIO ? "a FIFO that no one reads" : strerror(errno);
        return NULL;
    }
    if (fstat(fd, &sb)) {
        *why = strerror(errno);
        close(fd);
        return NULL;
    }
    if (S_ISFIFO(sb.st_mode) || S_ISSOCK(sb.st_mode) || S_ISDIR(sb.st_mode) ||
        (reading && !S_ISREG(sb.st_mode))) {
        *why = S_ISFIFO(sb.st_mode) ? "not a regular file (a FIFO)"
               : S_ISDIR(sb.st_mode) ? "not a regular file (a directory)"
               : S_ISSOCK(sb.st_mode) ? "not a regular file (a socket)"
               : "not a regular file (a device)";
        close(fd);
        return NULL;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    FILE *f = fdopen(fd, reading ? "r" : "w");
    if (!f) {
        *why = strerror(errno);
        close(fd);
    }
    return f;
}

FILE *util_create_file(const char *path, struct util_out *o, const char **why)
{
    static unsigned serial;
    struct stat sb;
    memset(o, 0, sizeof *o);
    char *real = realpath(path, NULL);      /* through a link to its file */
    const char *dest = real ? real : path;
    if (!real && lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode))
        return o->f = util_fopen_file(path, "w", why);   /* a link to no file yet */
    int exists = stat(dest, &sb) == 0;
    if (exists && !S_ISREG(sb.st_mode)) {
        free(real);
        return o->f = util_fopen_file(path, "w", why);   /* refused, or a device */
    }
    size_t len = strlen(dest) + 48;
    char *tmp = malloc(len);
    int fd = -1;
    for (int i = 0; tmp && fd < 0 && i < 100; i++) {
        snprintf(tmp, len, "%s.tabula-%ld-%u", dest, (long)getpid(), serial++);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        /* no file beside it: in place, as before */
        free(tmp);
        free(real);
        return o->f = util_fopen_file(path, "w", why);
    }
    if (exists)
        fchmod(fd, sb.st_mode & 07777);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        *why = strerror(errno);
        close(fd);
        unlink(tmp);
        free(tmp);
        free(real);
        return NULL;
    }
    o->tmp = tmp;
    o->dest = real ? real : strdup(path);
    if (!o->dest) {
        *why = strerror(ENOMEM);
        util_abandon_file(o);
        return NULL;
    }
    return o->f;
}

int util_commit_file(struct util_out *o, const char **why)
{
    int bad = fflush(o->f) != 0 || ferror(o->f);
    if (!bad && o->tmp && fsync(fileno(o->f)) != 0)
        bad = 1;
    int err = errno;
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    o->f = NULL;
    if (!bad && o->tmp && rename(o->tmp, o->dest) != 0) {
        bad = 1;
        err = errno;
    }
    if (bad) {
        *why = strerror(err ? err : EIO);
        util_abandon_file(o);
        return -1;
    }
    free(o->tmp);
    free(o->dest);
    o->tmp = o->dest = NULL;
    return 0;
}

void util_abandon_file(struct util_out *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    free(o->tmp);
    free(o->dest);
    memset(o, 0, sizeof *o);
}

int util_read_line(FILE *f, char **line, size_t *cap, size_t max, size_t *len)
{
    size_t n = 0;
    int ch = 0;
    errno = 0;
    while ((ch = getc(f)) != EOF) {
        if (n + 2 > *cap) {
            /* room for the character and the NUL; the newline of a line
             * of max bytes too */
            size_t want = *cap < 256 ? 256 : *cap * 2;
            if (want > max + 2)
                want = max + 2;
            char *p = realloc(*line, want);
            if (!p) {
                errno = ENOMEM;
                return -1;
            }
            *line = p;
            *cap = want;
        }
        (*line)[n++] = (char)ch;
        if (ch == '\n')
            break;
        if (n > max) {
            (*line)[n] = 0;
            *len = n;
            return -2;
        }
    }
    if (*line)
        (*line)[n] = 0;
    *len = n;
    if (ch == EOF && ferror(f)) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return n > 0 ? 1 : 0;
}

int64_t util_mem_available_mb(void)
{
    FILE *f = fopen("/proc/meminfo", "re");
    if (f) {
        char line[256];
        long long kb = -1;
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "MemAvailable: %lld kB", &kb) == 1)
                break;
        fclose(f);
        if (kb >= 0)
            return kb / 1024;
    }
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0)
        return (int64_t)pages * size / (1024 * 1024);
    return -1;
}

int util_thread_create(pthread_t *tid, void *(*fn)(void *), void *arg)
{
    sigset_t old;
    util_block_signals(&old);
    int rc = pthread_create(tid, NULL, fn, arg);  /* inherits the mask */
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}

int util_pread_all(int fd, void *buf, uint64_t n, uint64_t at)
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

int util_pwrite_all(int fd, const void *buf, uint64_t n, uint64_t at)
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

void util_block_signals(sigset_t *old)
{
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &block, old);
}

int util_check_dir(const char *dir, char *out, size_t n)
{
    struct stat sb;
    if (stat(dir, &sb)) {
        snprintf(out, n, "%s: %s", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(sb.st_mode)) {
        snprintf(out, n, "%s: not a directory", dir);
        return -1;
    }
    return 0;
}

int util_parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

void util_login_name(char *buf, size_t n)
{
    const struct passwd *pw = getpwuid(getuid());
    snprintf(buf, n, "%s", pw && pw->pw_name ? pw->pw_name : "");
}

void util_file_size_limit_fails_writes(void)
{
    signal(SIGXFSZ, SIG_IGN);
}
