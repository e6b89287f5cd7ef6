/* grasshopper_table.h -- value tables of Grasshopper's small variants: a
 * dense numbering of every position of one variant (pieces <= 6) in layers
 * of progress, the retrograde analysis that fills a layer from the two
 * above it, and the table file the solver reads. Rules only: knows nothing
 * about search, sessions or protocols. */
#ifndef TABULA_GRASSHOPPER_TABLE_H
#define TABULA_GRASSHOPPER_TABLE_H
#ifndef TABULA_RULES
#error "a game's own header is for the rules (src/games/) and their tests only: the layers above see struct game"
#endif

#include <stdint.h>
#include <stddef.h>
#include "games/grasshopper_int.h"

#define GHT_MAX_PIECES 6
#define GHT_NC 7                /* piece counts 0..6 in one quadrant */

/* Values in a table, 2 bits each, for the side to move. */
enum { GHT_UNSET = 0, GHT_LOSS = 1, GHT_DRAW = 2, GHT_WIN = 3 };

/* One side's pieces. Its score follows from the variant (reserve + pieces
 * on the board + 2 x score = pieces), its progress from where they stand:
 * a piece counts 0 in the reserve, 1..4 in A..D, 5 once borne off. Every
 * action but a pass raises the mover's progress, by 1 (by 2 for a
 * bear-off), so a position's children lie in the next two layers. */
struct ght_half {
    uint32_t s, w;              /* singles, walls */
    uint8_t r, sc, prog;        /* reserve, score, progress */
    uint8_t fv;                 /* which free-point vector its complement has */
};

struct ght {
    int pieces, nsc, max_prog, nlayers;
    int nhalves;
    struct ght_half *half;      /* by progress, then by masks and reserve */
    int prog_first[5 * GHT_MAX_PIECES + 2];  /* first half of each progress */
    uint64_t *hkey;             /* half lookup, open addressing */
    int32_t *hid;
    uint64_t hmask;
    int nfv;
    int16_t fv_index[7 * 7 * 7 * 7];         /* free points per quadrant -> fv */
    uint8_t (*fv_free)[4];
    uint8_t pext6[64][64];      /* [free points][mask]: mask packed onto them */
    uint8_t qpieces[64][64];    /* [singles][walls]: pieces */
    uint16_t qrank[2][7][64][64];           /* [walls allowed][points][s][w] */
    uint16_t qcount[2][7][GHT_NC];          /* configurations of n pieces */
    uint32_t *dig;              /* [walls allowed][free points][s][w]: a
                                 * quadrant's digit | pieces << 8 | radix << 16 */
    uint32_t *classoff;         /* [fv][sc][nA][nB][nC][nD] */
    uint64_t *segsize;          /* [fv][sc][progress] */
    uint64_t layer_size[10 * GHT_MAX_PIECES + 1];
    uint64_t *cp[10 * GHT_MAX_PIECES + 1];  /* block starts, every 64th half */
    uint64_t fingerprint;       /* a hash of the numbering: files made with
                                 * another one are refused */
};

struct ght_stats {
    uint64_t count[4];          /* positions by value (GHT_*) */
    uint64_t passes;            /* positions whose only move is a pass */
    uint64_t errors;            /* index slots written twice or left empty */
    uint64_t by_walls;          /* positions settled by gh_wall_bounds */
};

/* Numbering tables for `pieces` per side (2..6, even); NULL if out of memory
 * or out of range. */
struct ght *ght_create(int pieces);
void ght_destroy(struct ght *G);

static inline int ght_get(const uint8_t *tab, uint64_t i)
{
    return tab[i >> 2] >> ((i & 3) * 2) & 3;
}

/* Layer and offset of board b in this variant; 0 when b is not one of its
 * positions (pieces that do not add up, or scores no game can reach). */
int ght_locate(const struct ght *G, const struct gh_board *b, int *layer, uint64_t *off);

/* Fills layer T (ceil(size / 4) zeroed bytes at out) from layers T+1 and
 * T+2 (NULL past the last layer): from the rules alone, or with
 * GHT_WALL_BOUNDS in flags taking the value of a position from
 * gh_wall_bounds where that settles it. Returns 0, or -1 when out of memory. */
#define GHT_WALL_BOUNDS 1
int ght_solve_layer(const struct ght *G, int T, uint8_t *out, const uint8_t *up1,
                    const uint8_t *up2, int flags, struct ght_stats *st);
/* The same with `threads` workers (1..GHT_MAX_THREADS): the same table. */
#define GHT_MAX_THREADS 16
int ght_solve_layer_mt(const struct ght *G, int T, uint8_t *out, const uint8_t *up1,
                       const uint8_t *up2, int flags, int threads, struct ght_stats *st);

/* ---- table files ----
 * A header of 4096 bytes ("GHTABLE1", the pieces, the layer count, each
 * layer's size and file offset, and which layers are complete), then the
 * layers, each at a multiple of 4096 bytes. */
#define GHT_MAGIC "GHTABLE1"
#define GHT_HEADER 4096

struct ght_file_header {
    char magic[8];
    uint32_t pieces, nlayers;
    uint64_t fingerprint;       /* of the numbering (ght.fingerprint) */
    uint64_t size[10 * GHT_MAX_PIECES + 1];
    uint64_t offset[10 * GHT_MAX_PIECES + 1];
    uint8_t done[10 * GHT_MAX_PIECES + 1];
};

_Static_assert(sizeof(struct ght_file_header) <= GHT_HEADER, "table file header too big");

/* The header a table file of G must have (done all 0). */
void ght_file_layout(const struct ght *G, struct ght_file_header *h);

/* A table file opened for reading (mapped, read on demand). */
struct ght_table {
    struct ght *G;
    const uint8_t *map;
    size_t map_size;
    const struct ght_file_header *h;
};

/* Opens the complete table file at path for the given variant: 0, or -1
 * with a reason in err. */
int ght_table_open(struct ght_table *t, const char *path, int pieces, char *err, size_t n);
void ght_table_close(struct ght_table *t);
/* Value of b for the side to move (GHT_*), or GHT_UNSET when not in it. */
int ght_table_value(const struct ght_table *t, const struct gh_board *b);

#endif
