/* The "halves" engine (nq_halves_engine in engines.h): the meet-in-the-middle
 * counter (halves.h) behind the plan, the driver and the checkpoints. */
#ifndef NQ_HALVES_ENGINE_H
#define NQ_HALVES_ENGINE_H

#include "engines.h"
#include "halves.h"

int nq_halves_plan(nq_plan *plan, const volatile int *stop);
int nq_halves_work_new(const nq_plan *plan, void **work);
void nq_halves_work_free(void *work);
int nq_halves_count_one(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                        nq_sub_result *out);
int nq_halves_sample(const nq_plan *plan, size_t i, void *work, uint64_t pick,
                     const volatile int *stop, nq_sub_sample *out);
int nq_halves_prefix(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N]);
int nq_halves_finish(const nq_plan *plan, nq_sub_result *sum);
uint64_t nq_halves_memory(int n, int threads, uint64_t limit, size_t *budget);
int nq_halves_plausible(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique);

/* The plan's turn parts of n into out (room for n * n + n + 1); how many. */
size_t nq_halves_turn_parts(int n, nq_halves_piece *out);

#endif
