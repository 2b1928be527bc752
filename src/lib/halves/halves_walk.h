/* The row sets R = (north, south) of a piece in the order its count takes
 * them (private): shared by the count, its slices and the progress, so
 * that a position (the row sets done) means the same to all three.
 * halves.h says what the method is. */
#ifndef NQ_HALVES_WALK_H
#define NQ_HALVES_WALK_H

#include "halves.h"
#include "halves_geom.h"

/* A piece of several north row sets takes its south row sets outermost,
 * so that each south set's quadrant lists are made once for all of them. */
typedef struct rows_walk {
    const geom *G;
    const frame *f;
    const nq_halves_piece *piece;
    nq_halves_piece row; /* the current row set's piece: one north set */
    uint32_t norths[NQ_HALVES_NORTHS_MOST];
    int count, at;  /* the north row sets; the next one for this south set */
    uint32_t south; /* the south set being walked */
    uint32_t next;  /* the next south subset to try */
    int done, queens, by_rows;
} rows_walk;

/* The walk of piece's row sets in frame f (both must outlive the walk). */
void nq_rows_walk_start(rows_walk *r, const geom *G, const frame *f, const nq_halves_piece *piece);
/* The next row set with a weight: its north set in r->row, *south and
 * *weight; 1, or 0 at the end. */
int nq_rows_walk_next(rows_walk *r, uint32_t *south, int *weight);
/* How many row sets the walk of piece gives. */
uint32_t nq_rows_walk_sets(const geom *G, const frame *f, const nq_halves_piece *piece);
/* The north set after x that a piece of several takes: the next subset of
 * the frame's north rows with as many rows, in increasing order; 0 if none. */
uint32_t nq_rows_next_north(const frame *f, uint32_t x);

#endif
