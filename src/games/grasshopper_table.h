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
/* a table's file name in the tables directory, of its pieces a side */
#define GHT_FILE_FMT "grasshopper-%d.tab"
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
 * layer's size and file offset, which layers are complete, each layer's
 * checksum and the header's own), then the layers, each at a multiple of
 * 4096 bytes. Files made before the checksums were written have zeros
 * there (sums_tag empty): they are read, but only their header and a
 * sample of their values can be checked. */
#define GHT_MAGIC "GHTABLE1"
#define GHT_SUMS_TAG "GHTSUMS1"
#define GHT_HEADER 4096

struct ght_file_header {
    char magic[8];
    uint32_t pieces, nlayers;
    uint64_t fingerprint;       /* of the numbering (ght.fingerprint) */
    uint64_t size[10 * GHT_MAX_PIECES + 1];
    uint64_t offset[10 * GHT_MAX_PIECES + 1];
    uint8_t done[10 * GHT_MAX_PIECES + 1];
    char sums_tag[8];           /* GHT_SUMS_TAG: sum[] and header_sum hold */
    uint64_t sum[10 * GHT_MAX_PIECES + 1];  /* ght_sum of each done layer */
    uint64_t header_sum;        /* ght_sum of this header with it 0 */
};

_Static_assert(sizeof(struct ght_file_header) <= GHT_HEADER, "table file header too big");

/* The header a table file of G must have (done all 0, no sums). */
void ght_file_layout(const struct ght *G, struct ght_file_header *h);

/* The checksum of a layer's bytes, in pieces: ght_sum_init, ght_sum_add
 * (every piece but the last a multiple of 32 bytes long), ght_sum_end. */
struct ght_sum { uint64_t lane[4], n; };
void ght_sum_init(struct ght_sum *c);
void ght_sum_add(struct ght_sum *c, const uint8_t *p, uint64_t n);
uint64_t ght_sum_end(const struct ght_sum *c);
uint64_t ght_sum(const uint8_t *p, uint64_t n);
/* Records layer T as done with the checksum of its bytes, and seals the
 * header (sums_tag, header_sum): what a writer calls before writing it. */
void ght_file_set_done(struct ght_file_header *h, int T, uint64_t layer_sum);
/* 0 when h is sealed (sums_tag) and its header_sum is not its checksum:
 * a damaged header, whatever else it says; 1 otherwise. */
int ght_file_header_intact(const struct ght_file_header *h);

/* A table file opened for reading. Values are read with pread, never from
 * a mapping: a file cut short or replaced while it is open gives a read
 * error (the table stops answering), never a signal. */
struct ght_table {
    struct ght *G;              /* NULL when not open (a zeroed struct) */
    int fd;
    struct ght_file_header h;
    uint64_t file_size;
    int sums;                   /* the header holds checksums */
    int broken;                 /* a read came short: the file changed */
};

/* What ght_table_open checks beyond the header (always checked: a regular
 * file, magic, numbering, every layer done, long enough, the header's
 * checksum when it has one). */
#define GHT_CHECK_SAMPLE 1      /* sampled positions against the rules */
#define GHT_CHECK_SUMS 2        /* every layer's checksum: reads it all */
/* Opens the complete table file at path for the given variant: 0, or -1
 * with a reason in err (the file name is the caller's to add). A FIFO, a
 * device or a directory is refused without reading from it. */
int ght_table_open(struct ght_table *t, const char *path, int pieces, int checks,
                   char *err, size_t n);
void ght_table_close(struct ght_table *t);
/* Value of b for the side to move (GHT_*), or GHT_UNSET when not in it or
 * when the file cannot be read any more (t->broken is then set). */
int ght_table_value(struct ght_table *t, const struct gh_board *b);

/* Checks every table file in dir (grasshopper-N.tab) in full and writes a
 * report, one line per file ("grasshopper-4.tab: pieces=4, ... verified" or
 * "grasshopper-6.tab: unusable: why"; "" when there is none). Returns the
 * number of unusable files, or -1 when dir is not a directory that can be
 * read (the reason in out). Grasshopper's struct game tables_check. */
int ght_tables_check(const char *dir, char *out, size_t n);

#endif
