/* The halves engine's per-thread workspace, shared by its modules
 * (private): halves_work.c makes it and walks a piece's row sets,
 * halves_rows.c counts one row set's pairs. halves.h says what the method
 * is. */
#ifndef NQ_HALVES_WORK_H
#define NQ_HALVES_WORK_H

#include "halves.h"
#include "halves_geom.h"
#include "halves_stream.h"
#include "halves_transpose.h"

/* A thread's buffers, all sized from its budget (nq_halves_sizes). Each
 * side has a stream; one memo holds the quadrant lists of both. */
struct nq_halves_work {
    geom G;
    nq_halves_sizes z;
    int middle_col, middle_row; /* the configuration the memo is for */
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

#endif
