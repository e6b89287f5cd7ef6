/* incbin.h -- data files compiled into the program as they are: the
 * assembler's .incbin lays their pieces one after the other in read-only
 * data. Knows nothing of what the data means (rastros_book.c,
 * rastros_strategy.c). */
#ifndef TABULA_INCBIN_H
#define TABULA_INCBIN_H

/* A piece, PATH a string literal; the pieces BASE.0 to BASE.3 (or .7) of
 * a file kept cut in parts (the last ones may be empty). */
#define INCBIN_PIECE(path) ".incbin \"" path "\"\n"
#define INCBIN_PIECES4(base)                                                    \
    INCBIN_PIECE(base ".0") INCBIN_PIECE(base ".1") INCBIN_PIECE(base ".2")    \
    INCBIN_PIECE(base ".3")
#define INCBIN_PIECES8(base)                                                    \
    INCBIN_PIECES4(base) INCBIN_PIECE(base ".4") INCBIN_PIECE(base ".5")       \
    INCBIN_PIECE(base ".6") INCBIN_PIECE(base ".7")

/* At file scope: NAME, the bytes of PIECES (INCBIN_PIECE strings) aligned
 * to 16 in .rodata, and NAME_end just after them; both local to the
 * object file, named as written (no C name decoration). */
#define INCBIN(name, pieces)                                                    \
    __asm__(".section .rodata\n"                                                \
            ".balign 16\n"                                                      \
            #name ":\n"                                                         \
            pieces                                                              \
            #name "_end:\n"                                                     \
            ".previous\n");                                                     \
    extern const unsigned char name[] __asm__(#name);                           \
    extern const unsigned char name##_end[] __asm__(#name "_end")

#endif
