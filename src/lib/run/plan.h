/* Plans (plan.c): the independent subproblems a parallel engine splits a
 * count into, in a fixed order, with the order the work queue takes them
 * in. What a subproblem is belongs to its engine (backtrack_plan.h,
 * halves.h); the plan holds them as an array it frees. */
#ifndef NQ_PLAN_H
#define NQ_PLAN_H

#include "nqueens.h"

#include <stddef.h>
#include <stdint.h>

struct nq_engine;

struct nq_plan {
    int n, depth;
    /* What the fingerprint holds for the engine: nq_engine_code of its name
     * (while nq_plan_fingerprint_as plans again: another code), so that no
     * row of the table moves a plan. */
    int engine_code;
    const struct nq_engine *engine;
    size_t size;
    /* The engine's own subproblems, one malloc'd array of its type (nq_sub,
     * nq_halves_piece): only its hooks read it; plan.c frees it. */
    void *subs;
    size_t *order; /* work-queue order: largest estimated subproblems first */
    double *weights;
    uint64_t fingerprint;
    /* 0, or the fingerprint this plan had in an earlier version whose
     * subproblems counted other shares (a checkpoint of it is refused by name). */
    uint64_t fingerprint_before;
    size_t work_budget; /* bytes a thread's work buffers may take; 0: the engine's default */
    /* NULL, or each subproblem's group (0 .. group_count - 1), set by the
     * plan hook where subproblems of one group share work a thread keeps
     * from one to the next (halves: the quadrant lists of its memo): the
     * queue deals whole groups to threads, which take from the others'
     * once theirs are done (queue.c). Not in the fingerprint. */
    uint32_t *groups;
    uint32_t group_count;
};

/* Estimates that are whole numbers up to this are ordered by a counting
 * sort in linear time (a comparison sort of millions took seconds that a
 * stop could not interrupt); others by a comparison sort. */
#define NQ_PLAN_COUNTING_MAX (NQ_MAX_N * NQ_MAX_N * NQ_MAX_N + 1)

/* The indexes 0..size-1 into order, largest weight first, ties by index (a
 * comparison sort: for a plan whose estimates are not small whole numbers,
 * and for an engine ranking its own pieces). 0, NQ_ERR(ENOMEM), or
 * NQ_ERR(EINTR) once *stop (if not NULL) is set. */
int nq_order_by_weight(const double *weights, size_t size, const volatile int *stop,
                       size_t *order);

/* An engine's code in fingerprints: FNV-1a of its name, in 31 bits. */
int32_t nq_engine_code(const char *name);

/* The start of a plan's fingerprint: n, plan->engine_code and the depth (after
 * the plan hook has chosen it); the hook goes on over its subproblems. */
uint64_t nq_plan_fingerprint_start(const nq_plan *plan);

/* The fingerprint plan would have with `code` in place of its engine's
 * (1.0 held the engine's index: old checkpoints are checked against it):
 * planned again, so it takes as long as nq_plan_create. 0 or the errors
 * of the plan hook. */
int nq_plan_fingerprint_as(const nq_plan *plan, int32_t code, uint64_t *out);

#endif
