/* The tree a listing walks (solve_order.c): the first `depth` rows expanded
 * into prefixes in lexicographic order, each the root of one subproblem,
 * which solve_search.h's backtracker lists below it. */
#ifndef NQ_SOLVE_ORDER_H
#define NQ_SOLVE_ORDER_H

#include "util.h"

#include <stdint.h>

/* The tree a listing walks; set once, then only read. */
typedef struct nq_list_order {
    int n, depth;
    int unique;    /* only the lexicographically smallest board of each class */
    uint32_t full; /* the n low bits */
} nq_list_order;

NQ_HIDDEN void nq_list_order_init(nq_list_order *order, int n, int unique);

/* Whether a queen may stand at (row, c) given p[0], beyond the attacks.
 * For unique: the canonical board is at most each of its 8 images, whose
 * first entries are p[0]'s mirror, the last row's column and its mirror, and
 * the rows (and mirrors) of the queens in columns 0 and n-1. So p[0] is in
 * the left half and every queen on an edge is at least p[0] from a corner. */
static inline int nq_list_cell_allowed(const nq_list_order *o, const int8_t *p, int row, int c)
{
    if (!o->unique)
        return 1;
    const int m = o->n - 1;
    if (row == 0)
        return c <= m - c;
    const int a = p[0];
    if ((row < a || row > m - a) && (c == 0 || c == m))
        return 0;
    return row != m || (c >= a && c <= m - a);
}

/* Turns p (the prefix found last, if `started`) into the next prefix of
 * depth rows in lexicographic order; 0 when there is none. */
NQ_HIDDEN int nq_list_next_prefix(const nq_list_order *order, int8_t *p, int started);

#endif
