/* doctext.c -- reading the commands' reference text (doctext.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/doctext.h"

void doc_blocks(const char *md, void (*fn)(void *ctx, enum doc_block kind, const char *text),
                void *ctx)
{
    size_t cap = strlen(md) + 1;
    char *para = malloc(cap), *line = malloc(cap);
    if (!para || !line) {
        free(para);
        free(line);
        return;
    }
    size_t plen = 0;
    enum doc_block pkind = DOC_PARA;
    int code = 0;
    const char *c = md;
    while (*c) {
        size_t l = strcspn(c, "\n");
        memcpy(line, c, l);
        line[l] = '\0';
        c += l + (c[l] == '\n');
        int fence = !strncmp(line, "```", 3);
        int blank = !line[strspn(line, " ")];
        int item = !code && !strncmp(line, "- ", 2);
        /* a paragraph ends at a blank line, a fence or a new item */
        if (plen && (fence || blank || item || code)) {
            fn(ctx, pkind, para);
            plen = 0;
        }
        if (fence) {
            code = !code;
        } else if (code) {
            fn(ctx, DOC_CODE, line);
        } else if (!blank) {
            const char *t = item ? line + 2 : line;
            if (!plen)
                pkind = item ? DOC_ITEM : DOC_PARA;
            plen += (size_t)snprintf(para + plen, cap - plen, "%s%s", plen ? " " : "",
                                     t + strspn(t, " "));
        }
    }
    if (plen)
        fn(ctx, pkind, para);
    free(para);
    free(line);
}

void doc_plain(const char *text, char *buf, size_t n)
{
    size_t k = 0;
    if (!n)
        return;
    for (const char *c = text; *c && k + 1 < n; c++) {
        if (*c == '`' || (c[0] == '*' && c[1] == '*')) {
            c += *c == '*';
            continue;
        }
        if (*c == ']' && c[1] == '(') {
            const char *close = strchr(c, ')');
            if (close) {
                c = close;
                continue;
            }
        }
        if (*c == '[' && strchr(c, ']') && strstr(c, "](") == strchr(c, ']'))
            continue;
        buf[k++] = *c;
    }
    buf[k] = '\0';
}
