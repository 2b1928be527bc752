/* The pairs of one row set R (halves_rows.c), for the halves modules
 * (private): the per-thread workspace they are counted in (halves_work.c
 * makes it and walks a piece's row sets), the count of R's passes, and
 * their slices for estimates: each pass as one block pair picked at
 * random, scaled by the block counts, and the time its whole count would
 * take (two-stage sampling; doc/estimate.md). halves.h says what the
 * method is. */
#ifndef NQ_HALVES_ROWS_H
#define NQ_HALVES_ROWS_H

#include "halves.h"
#include "halves_geom.h"
#include "halves_match.h"
#include "halves_stream.h"
#include "halves_transpose.h"

/* A thread's buffers, all sized from its budget (nq_halves_sizes). Each
 * side has a stream; one memo holds the quadrant lists of both. */
struct nq_halves_work {
    geom G;
    nq_halves_sizes z;    /* the blocks now: own's, or a resumed mark's smaller ones */
    nq_halves_sizes own;  /* the ones its block was made for */
    uint32_t config; /* the configuration the memo is for (nq_halves_config) */
    int have_config;
    uint32_t forbid[2][2][32]; /* side, quadrant (north, south), local row */
    memo memo; /* the quadrant lists of both sides */
    stream sides[2];           /* west, east */
    uint64_t *west, *east;     /* one block of each */
    uint64_t *all[2];          /* nq_halves_halves: every block, for tests */
    size_t all_cap[2];
    nq_match *match;
    join_fn join;
    uint8_t *keep[2]; /* even n: the current pass's column sets, per side (2^h each) */
    void *block;      /* the buffers above but all and match: one allocation */
    size_t block_bytes;
    int transpose;    /* even n: the transpose's symmetries too */
    nq_live live[2];  /* the band: the east placements the west block may meet, north and south */
};

/* Reads side k's blocks into buf until `blocks` are read (SIZE_MAX: all);
 * *read gets how many were, *last the size of the last one. */
int nq_rows_read(nq_halves_work *w, int k, uint64_t *buf, size_t cap, size_t blocks,
                 const volatile int *stop, size_t *read, size_t *last);

/* Tells `tell` (if not NULL) the position now. */
void nq_rows_tell(nq_halves_tell *tell, const nq_halves_pos *pos);

/* The streams begun for R = (piece->north, south): its pairs, weighted for
 * the symmetries (halves_rows.c says how), into pos->pairs, from where pos
 * says; tells `tell` (NULL: no one) where it is. */
int nq_rows_count(nq_halves_work *w, const nq_halves_piece *piece, uint32_t south,
                  const volatile int *stop, nq_halves_pos *pos, nq_halves_tell *tell);

/* With the transpose: the main pass's tables on both streams, and the tie
 * passes' weighted pairs, each counted whole. */
void nq_rows_keep_main(nq_halves_work *w, transpose *t, const nq_halves_piece *piece,
                       uint32_t south);
int nq_rows_ties(nq_halves_work *w, const transpose *t, const volatile int *stop,
                 uint64_t *ties);

/* ------------------------------------------------ slices, for estimates */

/* One pass of R: its blocks by role, [0] the scanned side's (the west in
 * the main pass), [1] the prepared side's (the east), as count_rows reads
 * them; the pair of blocks taken and its disjoint pairs; CPU seconds of a
 * pass over each side, the prepared block's tables and the block's scan. */
typedef struct nq_pass_slice {
    size_t blocks[2], block[2];
    uint64_t pairs;
    double pass_seconds[2], prepare_seconds, scan_seconds;
} nq_pass_slice;

/* Picks: the row set, then per pass j (0: the main one) its prepared
 * side's block pick[1 + 2j] and its scanned side's pick[2 + 2j], each
 * modulo the blocks there are. */
#define NQ_SLICE_PICKS (1 + 2 * NQ_TRANSPOSE_PASSES)

/* A slice of every pass of one row set of a piece. pass_weight[j]: what
 * pass j's pairs count (0: the pass is not made). The row set's weighted
 * pairs are estimated without bias by the sum over j of pass_weight[j] x
 * pairs x blocks[0] x blocks[1] (nq_rows_slice_pairs), exactly when every
 * pass has at most one block per side. */
struct nq_rows_slice {
    uint32_t sets, set; /* the piece's row sets that count; the one taken */
    int weight;         /* its weight */
    double setup_seconds; /* CPU seconds of its start, as a count's */
    unsigned pass_weight[NQ_TRANSPOSE_PASSES];
    nq_pass_slice pass[NQ_TRANSPOSE_PASSES];
};

/* Side k prepared, the other scanned, both streams ready (keep tables
 * set): a pass over each side, then the picked pair of blocks counted
 * (pick NULL: the blocks only). */
int nq_slice_pass(nq_halves_work *w, int k, const uint64_t pick[2], const volatile int *stop,
                  nq_pass_slice *out);
/* The CPU seconds the whole pass would take, as count_rows spends them. */
double nq_slice_pass_seconds(const nq_pass_slice *s);

/* The tie passes 1.. of R (nq_rows_keep_main done), each sliced with
 * pick[1 + 2j], pick[2 + 2j] as above. */
int nq_slice_ties(nq_halves_work *w, const transpose *t, const uint64_t pick[NQ_SLICE_PICKS],
                  const volatile int *stop, nq_rows_slice *out);

/* Of passes from..to-1 (0 the main one, 1.. the ties): the estimate of
 * their weighted pairs (nq_rows_count's, summed) and of the CPU seconds
 * their whole counts take. */
nq_u128 nq_rows_slice_pairs(const nq_rows_slice *s, int from, int to);
double nq_rows_slice_seconds(const nq_rows_slice *s, int from, int to);

/* nq_halves_count_slice's picks of every pass from its three. */
void nq_halves_slice_picks(const uint64_t pick[3], uint64_t out[NQ_SLICE_PICKS]);

#endif
