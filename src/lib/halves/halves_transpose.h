/* Even n: the four symmetries of the square that the row sets R cannot see
 * (the transpose and its products), used by splitting each R's pairs by the
 * columns of the north queens (private; halves.h says what the method is).
 *
 * A solution's west queens' rows R and north queens' columns C are both
 * h-sets of [0, n), written as two quadrant masks: R as (north rows, south
 * rows mirrored), C as (west columns, east columns mirrored, as the east
 * side stores them). The mirrors and the half turn map (R, C) to (m R, c C),
 * (c R, m C) and (mc R, mc C), where m swaps the two masks and c
 * complements both; the transpose maps it to (C, R). So with [X] the
 * orbit of X under {1, m, c, mc}, solutions with ([R], [C]) = (a, b) and
 * (b, a) are as many, and
 *     Q(n) = sum over the canonical R of weight(R) * sum over its solutions
 *            of 2 if [C] > [R], 1 if [C] = [R], 0 if [C] < [R],
 * for any order of the orbits. Here, with u(x) = min(x, ~x): by the least
 * u() of the two masks, then the greatest (both the same for every member
 * of an orbit), then the least image (first << 16 | second). For R with
 * u() values P <= S, a pair of north column sets (x, y) then weighs 2 if
 * both u() are above P (the main pass: half of the pairs), or one is P and
 * the other above S (two thin lines), 0 if either is below P, and is
 * weighed exactly in the few cases left (u() values P and S). */
#ifndef NQ_HALVES_TRANSPOSE_H
#define NQ_HALVES_TRANSPOSE_H

#include "halves_geom.h"

#include <stdint.h>

/* Passes per row set: the main one, the two lines (one side's u() equal
 * to R's least), and the few pairs weighed exactly. */
#define NQ_TRANSPOSE_PASSES 11

typedef struct transpose {
    const geom *G;
    uint64_t ord;   /* R's orbit: (least u(), greatest u(), least key) */
    uint32_t low, high; /* u() of R's masks, the least and the greatest */
    int queens[2];  /* queens of the west and east sides' north quadrants */
} transpose;

/* The orbit key of (a, b): the least of its four images' keys. */
uint32_t nq_transpose_key(const geom *G, uint32_t a, uint32_t b);

/* For the row set R = (north, south) of an even n. */
void nq_transpose_start(transpose *t, const geom *G, uint32_t north, uint32_t south);

/* Pass j's tables (per north column set of the west and the east side: 1
 * if its half-boards take part, 2^h bytes each), the side whose blocks the
 * matcher prepares (the smaller: 0 west, 1 east) and the weight of its
 * pairs. 0 if the pass has no half-boards on a side. */
int nq_transpose_pass(const transpose *t, int j, uint8_t *keep_west, uint8_t *keep_east,
                      int *prepared, unsigned *weight);

#endif
