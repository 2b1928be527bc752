/* The backtracking engines' plans and subproblems (backtrack_plan.c):
 * parallel-sym8 (all 8 symmetries) and parallel-mirror (the left-right
 * mirror), their rows of the engine table. */
#ifndef NQ_BACKTRACK_PLAN_H
#define NQ_BACKTRACK_PLAN_H

#include "backtrack_search.h"
#include "run/plan.h"

#include <stdint.h>

/* Searched rows per piece of a subproblem between two looks at the stop
 * flag. */
#define NQ_PIECE_ROWS 8

/* The plans (plan->subs is nq_sub[]) and subproblems; a subproblem's search
 * gives up with NQ_ERR(EINTR) within a fraction of a second of *stop being
 * set (stop may be NULL). */
int nq_parallel_sym8_plan(nq_plan *plan, const volatile int *stop);
int nq_parallel_mirror_plan(nq_plan *plan, const volatile int *stop);
int nq_backtrack_count_one(const nq_plan *plan, size_t i, void *work,
                           const volatile int *stop, nq_sub_result *out);
/* Whether (total, unique) can be the counts of subproblem i (checkpoints). */
int nq_plausible_backtrack(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique);
/* The queens of subproblem i's prefix (nq_plan_prefix). */
int nq_prefix_backtrack(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N]);

#endif
