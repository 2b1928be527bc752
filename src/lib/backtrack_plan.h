/* The backtracking engines' plans and subproblems (backtrack_plan.c):
 * parallel-sym8 (all 8 symmetries) and parallel-mirror (the left-right
 * mirror), their rows of the engine table. */
#ifndef NQ_BACKTRACK_PLAN_H
#define NQ_BACKTRACK_PLAN_H

#include "plan.h"

#include <stdint.h>

/* How the leaves of a subproblem are counted (backtrack_plan.c says why). */
enum {
    NQ_SUB_PLAIN,  /* every solution counts `weight` (mirror symmetry: 1 or 2) */
    NQ_SUB_CORNER, /* queen in the corner: each solution stands for a class of 8 */
    NQ_SUB_EDGE,   /* no corner queen: the class is found at the leaf */
};

typedef struct nq_sub {
    uint8_t kind;
    uint8_t weight; /* NQ_SUB_PLAIN only */
    uint8_t bound;  /* CORNER: row 1's column; EDGE: row 0's column */
    uint8_t rows;   /* queens in the prefix: rows 0..rows-1 */
    int8_t cols[NQ_MAX_DEPTH + 2];
} nq_sub;

/* Searched rows per piece of a subproblem between two looks at the stop
 * flag. */
#define NQ_PIECE_ROWS 8

/* The plans (plan->subs is nq_sub[]) and subproblems; a subproblem's search
 * gives up with NQ_ERR(EINTR) within a fraction of a second of *stop being
 * set (stop may be NULL). */
int nq_plan_sym8(nq_plan *plan, const volatile int *stop);
int nq_plan_mirror(nq_plan *plan, const volatile int *stop);
int nq_solve_backtrack(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                       nq_sub_result *out);
/* Whether (total, unique) can be the counts of subproblem i (checkpoints). */
int nq_plausible_backtrack(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique);
/* The queens of subproblem i's prefix (nq_plan_prefix). */
int nq_prefix_backtrack(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N]);

#endif
