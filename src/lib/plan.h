/* Plans (plan.c): the independent subproblems a parallel engine splits a
 * count into, in a fixed order, with the order the work queue takes them
 * in. What a subproblem is belongs to its engine (backtrack_plan.h,
 * halves.h); the plan holds them as an array it frees. */
#ifndef NQ_PLAN_H
#define NQ_PLAN_H

#include "nqueens.h"

#include <stddef.h>
#include <stdint.h>

struct nq_plan {
    int n, engine, depth;
    size_t size;
    void *subs;    /* the engine's subproblems (one malloc'd array) */
    size_t *order; /* work-queue order: largest estimated subproblems first */
    double *weights;
    uint64_t fingerprint;
    size_t work_budget; /* bytes a thread's work buffers may take; 0: the engine's default */
};

/* Estimates that are whole numbers up to this are ordered by a counting
 * sort in linear time (a comparison sort of millions took seconds that a
 * stop could not interrupt); others by a comparison sort. */
#define NQ_PLAN_COUNTING_MAX (NQ_MAX_N * NQ_MAX_N * NQ_MAX_N + 1)

/* The indexes 0..size-1 into order, largest weight first, ties by index (a
 * comparison sort: for a plan whose estimates are not small whole numbers,
 * and for an engine ranking its own pieces). 0 or NQ_ERR(ENOMEM). */
int nq_order_by_weight(const double *weights, size_t size, size_t *order);

#endif
