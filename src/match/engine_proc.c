/* engine_proc.c -- tabula-match: engine child processes behind pipes (start,
 * send a command and read its response with a timeout, stop, kill).
 * Knows nothing about games, the referee or the tournament; trusts nothing
 * an engine says. The caller must ignore SIGPIPE (a dead engine must not
 * kill us). */
#define _GNU_SOURCE
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "match/match.h"
#include "match/match_int.h"
#include "util.h"

#define ENG_MAX_RESPONSE (1 << 20)
#define ENG_MORE 2              /* internal: response incomplete */

/* strlcpy-like: copies what fits, always terminated. */
void match_scopy(char *d, size_t n, const char *s)
{
    size_t l = strlen(s);
    if (!n)
        return;
    if (l >= n)
        l = n - 1;
    memcpy(d, s, l);
    d[l] = 0;
}

int eng_start(struct engine_proc *e, const char *name, const char *cmd,
              const char *logpath, char *err, size_t errlen)
{
    int in[2], out[2];
    match_scopy(e->name, sizeof e->name, name);
    e->pid = 0;
    e->len = 0;
    e->exit_status = -1;
    e->to = e->from = -1;
    if (pipe2(in, O_CLOEXEC)) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return -1;
    }
    if (pipe2(out, O_CLOEXEC)) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        return -1;
    }
    int logfd = open(logpath ? logpath : "/dev/null",
                     O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (logfd < 0) {
        snprintf(err, errlen, "%s: %s", logpath, strerror(errno));
        goto fail;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(logfd);
        goto fail;
    }
    if (pid == 0) {
        /* Only async-signal-safe calls between fork and exec. */
        setpgid(0, 0);
        signal(SIGPIPE, SIG_DFL);       /* ignored by the referee only */
        signal(SIGXFSZ, SIG_DFL);
        /* a worker thread blocks SIGINT and SIGTERM (util_thread_create);
         * the engine must not inherit that across exec */
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(logfd, 2);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);          /* also here, so kill(-pid) never races */
    close(in[0]);
    close(out[1]);
    close(logfd);
    e->pid = pid;
    e->to = in[1];
    e->from = out[0];
    return 0;
fail:
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    return -1;
}

static void eng_close_fds(struct engine_proc *e)
{
    if (e->to >= 0)
        close(e->to);
    if (e->from >= 0)
        close(e->from);
    e->to = e->from = -1;
}

/* Waits up to ms for the engine to exit; 1 reaped, 0 still running. */
static int eng_reap(struct engine_proc *e, int ms)
{
    int64_t end = now_ms() + ms;
    for (;;) {
        int st;
        pid_t r = waitpid(e->pid, &st, WNOHANG);
        if (r == e->pid || (r < 0 && errno == ECHILD)) {
            e->exit_status = r == e->pid ? st : 0;
            return 1;
        }
        if (now_ms() >= end)
            return 0;
        struct timespec ts = {0, 5 * 1000000};
        nanosleep(&ts, NULL);
    }
}

void eng_kill(struct engine_proc *e)
{
    if (e->pid > 0) {
        kill(-e->pid, SIGKILL);
        kill(e->pid, SIGKILL);
        if (e->exit_status < 0) {
            int st;
            while (waitpid(e->pid, &st, 0) < 0 && errno == EINTR)
                ;
            e->exit_status = st;
        }
    }
    eng_close_fds(e);
    e->pid = 0;
    e->len = 0;
}

void eng_stop(struct engine_proc *e)
{
    if (e->pid <= 0) {
        eng_close_fds(e);
        return;
    }
    if (e->exit_status < 0) {
        static const char quit[] = "quit\n";
        if (write(e->to, quit, sizeof quit - 1) < 0) {
            /* already gone: reaped below */
        }
        close(e->to);
        e->to = -1;
        if (eng_reap(e, 500)) {
            /* Anything it left in its group goes too. */
            kill(-e->pid, SIGKILL);
        }
    }
    eng_kill(e);
}

void eng_describe_exit(struct engine_proc *e, char *buf, size_t n)
{
    if (e->pid > 0 && e->exit_status < 0)
        eng_reap(e, 200);
    int st = e->exit_status;
    if (st < 0)
        snprintf(buf, n, "closed its output");
    else if (WIFEXITED(st))
        snprintf(buf, n, "exit %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
        snprintf(buf, n, "signal %d", WTERMSIG(st));
    else
        snprintf(buf, n, "status %d", st);
}

static int eng_write_all(struct engine_proc *e, const char *s, size_t n)
{
    if (e->to < 0)
        return -1;
    while (n) {
        ssize_t k = write(e->to, s, n);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        s += k;
        n -= (size_t)k;
    }
    return 0;
}

/* What an engine says may end up in the results and the records files,
 * which must stay text: printable ASCII only, anything else '?' (a byte
 * >= 0x80 of garbage is no UTF-8; issue 11, item 9). */
static char printable(unsigned char c)
{
    return c < 32 || c >= 127 ? '?' : (char)c;
}

/* Copies text to out with other bytes than printable ASCII made '?'. */
static void copy_printable(char *out, size_t n, const char *s, size_t len)
{
    size_t k = 0;
    if (!n)
        return;
    for (size_t i = 0; i < len && k + 1 < n; i++)
        out[k++] = printable((unsigned char)s[i]);
    out[k] = 0;
}

/* Tries to take one complete response from e->buf. Returns ENG_OK or
 * ENG_FAIL with the text in out, ENG_GARBAGE, or ENG_MORE when more is
 * needed. */
static int eng_take_response(struct engine_proc *e, char *out, size_t n)
{
    char *b = e->buf;
    size_t len = e->len, p = 0;

    /* Empty lines before a response are tolerated. */
    while (p < len && (b[p] == '\n' || b[p] == '\r'))
        p++;
    if (p == len)
        return ENG_MORE;
    if (b[p] != '=' && b[p] != '?') {
        char *nl = memchr(b + p, '\n', len - p);
        size_t l = nl ? (size_t)(nl - (b + p)) : len - p;
        copy_printable(out, n, b + p, l > 60 ? 60 : l);
        return ENG_GARBAGE;
    }
    /* Find the empty line that ends it. */
    size_t start = p, q = p;
    for (;;) {
        char *nl = memchr(b + q, '\n', len - q);
        if (!nl)
            return ENG_MORE;
        size_t next = (size_t)(nl - b) + 1;
        size_t l = (size_t)(nl - (b + q));
        if (l && b[q + l - 1] == '\r')
            l--;
        if (l == 0 && q > start)
            break;              /* the terminating empty line */
        q = next;
    }
    size_t end = q;             /* start of the empty line */
    int status = b[start] == '=' ? ENG_OK : ENG_FAIL;
    size_t s = start + 1;
    while (s < end && isdigit((unsigned char)b[s]))
        s++;
    /* Text: the first line (trimmed), then the others; CRs dropped. */
    size_t k = 0;
    if (n) {
        for (size_t i = s; i < end && k + 1 < n; i++) {
            if (b[i] == '\r')
                continue;
            if (k == 0 && (b[i] == ' ' || b[i] == '\t'))
                continue;
            out[k++] = b[i] == '\t' ? ' ' : b[i] == '\n' ? '\n'
                     : printable((unsigned char)b[i]);
        }
        while (k && isspace((unsigned char)out[k - 1]))
            k--;
        out[k] = 0;
    }
    /* Consume through the empty line. */
    char *nl = memchr(b + end, '\n', len - end);
    size_t used = (size_t)(nl - b) + 1;
    memmove(b, b + used, len - used);
    e->len = len - used;
    return status;
}

static int eng_read_response(struct engine_proc *e, int64_t timeout_ms,
                             char *out, size_t n)
{
    int64_t deadline = now_ms() + timeout_ms;
    if (n)
        out[0] = 0;
    for (;;) {
        int r = eng_take_response(e, out, n);
        if (r != ENG_MORE)
            return r;
        if (e->len >= ENG_MAX_RESPONSE) {
            copy_printable(out, n, e->buf, 60);
            return ENG_GARBAGE;
        }
        int64_t left = deadline - now_ms();
        if (left <= 0)
            return ENG_TIMEOUT;
        if (e->abort && *e->abort >= (e->abort_at ? e->abort_at : 2))
            return ENG_ABORT;
        /* short slices, so that an interruption is seen at once */
        struct pollfd pfd = {.fd = e->from, .events = POLLIN};
        int pr = poll(&pfd, 1, left > 100 ? 100 : (int)left);
        if (pr < 0) {
            if (errno == EINTR)
                continue;
            return ENG_EOF;
        }
        if (pr == 0)
            continue;           /* the deadline check above ends it */
        if (e->cap - e->len < 4096) {
            size_t cap = e->cap ? 2 * e->cap : 8192;
            char *nb = realloc(e->buf, cap);
            if (!nb)
                return ENG_GARBAGE;
            e->buf = nb;
            e->cap = cap;
        }
        ssize_t k = read(e->from, e->buf + e->len, e->cap - e->len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return ENG_EOF;
        e->len += (size_t)k;
    }
}

int eng_command(struct engine_proc *e, int64_t timeout_ms, char *out,
                size_t n, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= sizeof line - 1)
        k = (int)strlen(line);
    line[k++] = '\n';
    if (n)
        out[0] = 0;
    if (e->pid <= 0 || eng_write_all(e, line, (size_t)k))
        return ENG_WRITE;
    return eng_read_response(e, timeout_ms, out, n);
}
