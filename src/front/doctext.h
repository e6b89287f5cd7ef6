/* doctext.h -- the commands' reference text (struct proto_cmd's doc): a
 * small markdown (paragraphs of hard-wrapped lines, "- " list items,
 * examples between ``` lines, `code`, **bold** and [text](#anchor)), read
 * here for the faces that are not markdown: the shell's help and the man
 * page (tabula-docs). Knows text only. */
#ifndef TABULA_DOCTEXT_H
#define TABULA_DOCTEXT_H

#include <stddef.h>

enum doc_block {
    DOC_PARA,                   /* a paragraph, its lines joined by spaces */
    DOC_ITEM,                   /* a list item (without its "- ") */
    DOC_CODE                    /* one line of an example, as it is */
};

/* Calls fn for each block of md in order; the inline markup is left in the
 * text (doc_plain removes it). */
void doc_blocks(const char *md, void (*fn)(void *ctx, enum doc_block kind, const char *text),
                void *ctx);
/* text without its inline markup: `code` and **bold** lose their marks,
 * [text](#anchor) keeps its text. */
void doc_plain(const char *text, char *buf, size_t n);

#endif
