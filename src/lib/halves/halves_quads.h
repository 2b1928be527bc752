/* The halves engine's quadrant placements (private): enumerated a block at
 * a time, and the form the join reads them in. halves.h says what the
 * method is. */
#ifndef NQ_HALVES_QUADS_H
#define NQ_HALVES_QUADS_H

#include "halves_geom.h"

#include <stddef.h>
#include <stdint.h>

typedef struct qent {
    uint32_t cols, a, b; /* columns used; diagonals i+j and i-j+h-1 */
} qent;

/* The placements of one queen in each row of `rows` of an h x h quadrant,
 * in distinct columns of `cols`, none on a diagonal of another or on a
 * column of forbid[row], enumerated a block at a time. */
typedef struct qiter {
    const geom *G;
    const uint32_t *forbid;
    uint32_t rows, cols;
    int k, t, done;
    int row[32];
    uint32_t avail[32], used[33], ld[33], rd[33], a[33], b[33];
} qiter;

void nq_qiter_start(qiter *it, const geom *G, uint32_t rows, uint32_t cols, const uint32_t *forbid);
/* The next at most max placements into out; 0 once they are all out. */
size_t nq_qiter_next(qiter *it, qent *out, size_t max);

/* What an entry of the north (south = 0) or the south list must not share
 * with one of the other (c), and its part of the footprint (f): the
 * diagonals the other half of the board can reach, nd bits per direction.
 * West: A (the "/" diagonals, r + c) low, B ("\" ones, r - c) high; the
 * east half, built mirrored, has the two swapped. */
static inline void nq_quad_role(const geom *G, int east, int south, const qent *q, uint64_t *c,
                                uint64_t *f)
{
    const int s = G->s, nd = G->nd;
    const uint64_t m = (1ull << nd) - 1;
    uint64_t a, b;
    if (south) {
        a = q->a;
        b = ((uint64_t)q->b << s) & m;
        *c = ((a << s) & m) | b << 32;
    } else {
        *c = q->a | (uint64_t)q->b << 32;
        a = q->a >> s;
        b = q->b;
    }
    *f = east ? b | a << nd : a | b << nd;
}

#endif
