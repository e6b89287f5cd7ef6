/* util.c -- clocks and string buffers. */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include "util.h"

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
