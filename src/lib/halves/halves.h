/* The meet-in-the-middle engine ("halves"): Q(n) counted by halves.
 *
 * For n = 2h + g (g = n mod 2) the board minus its middle row and column
 * (odd n) is four h x h quadrants. Every solution has h queens in the west
 * columns and h in the east ones, less the middle row's queen for odd n.
 * A piece fixes the rows R of the west queens (and, for odd n, the queens
 * of the middle row and column). A west half-board is the west queens alone,
 * an east one the east queens; a west and an east half-board make a
 * solution exactly when their diagonal footprints are disjoint. Half-boards
 * are built by joining a north and a south quadrant placement; their
 * disjoint pairs are counted by halves_match.c. The method is the published
 * one of Kluev's N-Queens-Count-Sol (doc/engines.md names it); this code is our own.
 *
 * Symmetry: even n, the rows of the west queens R, their mirror image, their
 * complement and the mirror of that count alike, so only one of each orbit is
 * counted, weighted; from NQ_HALVES_TRANSPOSE_FROM the transpose too, which
 * swaps R and the north queens' columns C: R's pairs weighed by C's orbit
 * against R's (halves_transpose.h). Odd n, the queens of the middle row and column are
 * taken up to all 8 symmetries of the square (the centre queen by the 4 that
 * act on R). U(n) comes from Burnside's lemma: (Q + S180 + 2 S90) / 8, where
 * S180 and S90 count the solutions a half or a quarter turn leaves as they
 * are (a small search of their own, nq_halves_invariant).
 *
 * This header holds the types the halves modules share and declares no
 * function: each module's header declares its own (halves_pieces.h,
 * halves_work.h, halves_turns.h, halves_engine.h, ...). */
#ifndef NQ_HALVES_H
#define NQ_HALVES_H

#include "nqueens.h"

#include <stddef.h>
#include <stdint.h>

/* A piece: the queens of the middle row and column (odd n; -1 for even n),
 * the west queens' north rows, and their south rows or NQ_HALVES_ANY (all
 * that fit). Rows are local to their quadrant: bit i of north is row i,
 * bit i of south is row i + h + g. */
#define NQ_HALVES_ANY UINT32_MAX
typedef struct nq_halves_piece {
    int8_t middle_col; /* column of the middle row's queen */
    int8_t middle_row; /* row of the middle column's queen */
    uint8_t weight;    /* boards the piece stands for, by symmetry */
    uint8_t turns;     /* 0: a piece of Q(n); 2 (S180) or 1 (S90): a part of that count, with
                        * its first queens' columns in north and south (halves_engine.c) */
    uint16_t part, parts; /* parts > 1: only the west half-boards whose north placement's place
                           * in its list is part modulo parts (one R's work cut finer) */
    uint16_t norths;      /* > 1: this many north row sets, north and the next ones of its size
                           * (halves_walk.h) */
    int8_t band_col;      /* the band (even n, NQ_HALVES_BAND_FROM): the columns of the queens */
    int8_t band_row;      /* of middle row h + 1 and the row of middle column h + 1's */
    uint32_t north, south;
} nq_halves_piece;

/* The most north row sets a piece takes (nq_halves_group_norths, and the
 * band's pieces: halves_pieces.c). */
#define NQ_HALVES_NORTHS_MOST 1024

/* A thread's buffers are bounded by its budget, whatever n: the half-boards
 * come in blocks of at most `west` and `east` footprints, from quadrant
 * lists memoized up to `memo` entries per kind and held in chunks of
 * `held`. The default measured as fast as any larger one at n = 16..21. */
#define NQ_HALVES_BUDGET_DEFAULT ((size_t)40 << 20)
#define NQ_HALVES_BUDGET_MIN ((size_t)64 << 10)
typedef struct nq_halves_sizes {
    size_t budget, memo, held, west, east;
} nq_halves_sizes;

/* A thread's buffers, kept from one piece to the next (halves_work.h),
 * and a slice of one row set's passes (halves_rows.h). */
typedef struct nq_halves_work nq_halves_work;
typedef struct nq_rows_slice nq_rows_slice;

/* Even n: the transpose's symmetries too (halves_transpose.h), which halve
 * the pairs a count matches but add passes over the sides: they save CPU
 * time from n = 18 on and cost it below (doc/performance.md). A piece counts
 * another share of Q(n) with them: the plan's fingerprint says which. */
#define NQ_HALVES_TRANSPOSE_FROM 18

/* Even n from here: the band, two middle rows and columns whose queens a
 * piece fixes first, as odd n fixes its middle row's and column's, so
 * that each half holds fewer queens, with the diagonals those bar left
 * out before the pairs are matched (halves_geom.h); the transpose is then
 * not used. Below it the band's many small row sets cost more than they
 * save (doc/halves.md). NQUEENS_BAND_FROM in the environment moves it, for
 * tests: read once as the library loads (nq_halves_band_from). */
#define NQ_HALVES_BAND_FROM 26

/* A slice of a piece, for estimates of pieces too large to count whole
 * (two-stage sampling): one of its south row sets that count, one block of
 * its east half-boards and one of its west ones (the thread's budget sets
 * the blocks); for even n from NQ_HALVES_TRANSPOSE_FROM, one block pair
 * of each tie pass too (halves_rows.h). A piece's count is estimated by
 * the slice's pairs times its blocks and scale, plus its ties (each pass's
 * pairs times its blocks and weight), times the sets and the weight. */
typedef struct nq_halves_slice {
    uint32_t sets, set;         /* the piece's row sets that count; the one taken */
    int weight;                 /* its weight */
    size_t blocks[2], block[2]; /* west, east: the row set's blocks; the ones taken */
    uint64_t pairs;             /* the disjoint pairs of the two blocks */
    unsigned scale;             /* what each counts: 2 for even n, whose ties come apart */
    uint64_t ties;              /* even n: the tie passes' weighted pairs, scaled by their blocks */
    /* CPU seconds: a pass over each side's blocks, the east block's
     * tables, the scan of the west block against them; the tie passes,
     * projected to their whole; the row set's start (the streams, the
     * transpose's kept sets), which a count pays for every row set. */
    double pass_seconds[2], prepare_seconds, scan_seconds, tie_seconds, setup_seconds;
} nq_halves_slice;

/* Where a piece's count is, so that a stopped one goes on from there: the
 * row sets done (of those that count) and their weighted pairs, and in the
 * current one, the east blocks done and the west blocks scanned against
 * the next east block, with their pairs. Blocks are the budget's: a
 * thread of another goes on from it in the mark's blocks where they fit in
 * its own, else from the row set's start (halves_marks.c). */
typedef struct nq_halves_pos {
    uint32_t set;
    uint64_t east, west, pairs;
    nq_u128 sum;
} nq_halves_pos;
/* Told the position about once every `every` seconds, and at a stop.
 * For the progress, with find_blocks set: as each row set's main pass
 * starts, its blocks (west in the high half, east in the low one) are
 * found by a pass over each side (no pair counted) into blocks, and
 * blocks_set says whose they are; a row set whose blocks are already there
 * (a resumed mark's) is not passed over again. */
typedef struct nq_halves_tell {
    void (*tell)(void *ctx, const nq_halves_pos *pos);
    void *ctx;
    double every, next;
    int find_blocks;
    uint32_t blocks_set;
    uint64_t blocks; /* 0: not known */
} nq_halves_tell;

#endif
