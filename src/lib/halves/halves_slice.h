/* Slices of a row set's passes, for estimates (private): each pass of R
 * (the main one, and for even n with the transpose its tie passes) as one
 * block pair picked at random, scaled by the block counts, and the time
 * its whole count would take (two-stage sampling; doc/estimate.md). For
 * nq_halves_count_slice and the tests. Defined beside what they slice: the
 * passes in halves_rows.c, the row set in halves_work.c; a header of its
 * own, so that the count's workspace (halves_work.h) says nothing of them. */
#ifndef NQ_HALVES_SLICE_H
#define NQ_HALVES_SLICE_H

#include "halves.h"
#include "halves_transpose.h"

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
typedef struct nq_rows_slice {
    uint32_t sets, set; /* the piece's row sets that count; the one taken */
    int weight;         /* its weight */
    double setup_seconds; /* CPU seconds of its start, as a count's */
    unsigned pass_weight[NQ_TRANSPOSE_PASSES];
    nq_pass_slice pass[NQ_TRANSPOSE_PASSES];
} nq_rows_slice;

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

/* Row set pick[0] of piece, every pass sliced (sets 0: the piece counts
 * nothing). 0, NQ_ERR(ENOMEM), or NQ_ERR(EINTR). In halves_work.c, which
 * walks the row sets. */
int nq_halves_slice_rows(nq_halves_work *w, const nq_halves_piece *piece,
                         const uint64_t pick[NQ_SLICE_PICKS], const volatile int *stop,
                         nq_rows_slice *out);

/* Of passes from..to-1 (0 the main one, 1.. the ties): the estimate of
 * their weighted pairs (nq_rows_count's, summed) and of the CPU seconds
 * their whole counts take. */
nq_u128 nq_rows_slice_pairs(const nq_rows_slice *s, int from, int to);
double nq_rows_slice_seconds(const nq_rows_slice *s, int from, int to);

/* nq_halves_count_slice's picks of every pass from its three. */
void nq_halves_slice_picks(const uint64_t pick[3], uint64_t out[NQ_SLICE_PICKS]);

#endif
