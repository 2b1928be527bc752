/* The ordered search of a listing: below each prefix (solve_order.h), a
 * backtracker that tries the lowest free column first, so that the
 * solutions of every subproblem, and of all of them taken by prefix, come
 * out in lexicographic order (solve_search_tmpl.c, compiled once per
 * instruction set). */
#ifndef NQ_SOLVE_SEARCH_H
#define NQ_SOLVE_SEARCH_H

#include "util.h"

/* Searches the subproblem below w->q[0..depth-1] and hands its solutions to
 * nq_list_emit (solve_worker.h) in order. Compiled once per instruction
 * set (dispatch.h); this plain name calls the copy in use. */
typedef struct nq_list_worker nq_list_worker;
NQ_HIDDEN void nq_list_search(nq_list_worker *w);

#endif
