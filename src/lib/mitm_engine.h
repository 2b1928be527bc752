/* The "halves" engine's row of the engine table: the meet-in-the-middle
 * counter (mitm.h) behind the plan, the driver and the checkpoints. */
#ifndef NQ_MITM_ENGINE_H
#define NQ_MITM_ENGINE_H

#include "nqueens.h"

int nq_mitm_plan(nq_plan *plan, const volatile int *stop);
int nq_mitm_work_new(const nq_plan *plan, void **work);
void nq_mitm_work_free(void *work);
size_t nq_mitm_work_size(const void *work);
int nq_mitm_solve(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                  nq_sub_result *out);
int nq_mitm_prefix(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N]);
int nq_mitm_finish(const nq_plan *plan, nq_sub_result *sum);
uint64_t nq_mitm_memory(int n, int threads);
int nq_mitm_plausible(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique);

#define NQ_MITM_ENGINE                                                                          \
    .plan = nq_mitm_plan, .work_create = nq_mitm_work_new, .work_destroy = nq_mitm_work_free,  \
    .work_bytes = nq_mitm_work_size, .solve = nq_mitm_solve, .prefix = nq_mitm_prefix,         \
    .finish = nq_mitm_finish, .memory = nq_mitm_memory,      \
    .plausible = nq_mitm_plausible

#endif
