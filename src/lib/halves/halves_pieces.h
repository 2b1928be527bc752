/* The halves engine's pieces (halves_pieces.c): the middle configurations
 * and north row sets a count of n is split into, their symmetry weights
 * and estimates. halves.h says what the method is. */
#ifndef NQ_HALVES_PIECES_H
#define NQ_HALVES_PIECES_H

#include "halves.h"

#include <stddef.h>

/* The pieces of n, in a fixed order: one per middle configuration and north
 * row set, the largest split into one per south row set, and then into at
 * most `parts` west parts, while there are at most `most` (0: none split).
 * NQ_ERR(ENOMEM), or NQ_ERR(EINTR) once *stop (if not NULL) is set. */
int nq_halves_pieces(int n, size_t most, unsigned parts, const volatile int *stop,
                     nq_halves_piece **out, size_t *count);
/* Whole pieces (of one north row set) merged into pieces of up to `norths`
 * north row sets each, of one middle configuration and size: by
 * configuration as they come, then by size, then by north set; other pieces
 * as they are. NQ_ERR(ENOMEM). */
int nq_halves_group_norths(int n, unsigned norths, nq_halves_piece **io, size_t *count);
/* The plan's `norths` for n: 1 (none merged) except where a middle
 * configuration's south lists outgrow a thread's memo (halves_pieces.c). */
unsigned nq_halves_norths_most(int n);
/* The plan's `most` for n: split from n = 23 on, where the largest whole
 * pieces take minutes, and 2^22 from n = 25. */
size_t nq_halves_pieces_most(int n);
/* The plan's `parts` for n: from n = 25, where a row set takes up to minutes. */
unsigned nq_halves_parts_most(int n);

/* A relative estimate of a piece's work, for the queue and the ETA. */
double nq_halves_estimate(int n, const nq_halves_piece *piece);

#endif
