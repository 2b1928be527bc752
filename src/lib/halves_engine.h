/* The "halves" engine's row of the engine table: the meet-in-the-middle
 * counter (halves.h) behind the plan, the driver and the checkpoints. */
#ifndef NQ_HALVES_ENGINE_H
#define NQ_HALVES_ENGINE_H

#include "nqueens.h"

int nq_halves_plan(nq_plan *plan, const volatile int *stop);
int nq_halves_work_new(const nq_plan *plan, void **work);
void nq_halves_work_free(void *work);
size_t nq_halves_work_size(const void *work);
int nq_halves_solve(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                  nq_sub_result *out);
int nq_halves_prefix(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N]);
int nq_halves_finish(const nq_plan *plan, nq_sub_result *sum);
uint64_t nq_halves_memory(int n, int threads, uint64_t limit, size_t *budget);
int nq_halves_plausible(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique);

#define NQ_HALVES_ENGINE                                                                          \
    .plan = nq_halves_plan, .work_create = nq_halves_work_new, .work_destroy = nq_halves_work_free,  \
    .work_bytes = nq_halves_work_size, .solve = nq_halves_solve, .prefix = nq_halves_prefix,         \
    .finish = nq_halves_finish, .memory = nq_halves_memory,      \
    .plausible = nq_halves_plausible

#endif
