/* Every piece of N's plan (the default engine) timed as a T-thread count
 * meets it: thread t takes places t, t + T, ... of the queue's order, so each
 * piece follows the one T places before, on buffers kept from piece to piece.
 * The sum of the seconds is the count's CPU time: the census the estimate's
 * sampling is checked against (bench/warmup.sh, doc/estimate.md).
 * Prints one line a piece: place, piece, weight, CPU seconds, solutions.
 * usage: census N T */
#include "engines.h"
#include "run/plan.h"
#include "util.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const int n = argc == 3 ? atoi(argv[1]) : 0, threads = argc == 3 ? atoi(argv[2]) : 0;
    if (n < 1 || n > NQ_MAX_N || threads < 1) {
        fprintf(stderr, "usage: census N T\n");
        return 2;
    }
    nq_plan *plan;
    if (nq_plan_create(&plan, n, 0, 0, NULL))
        return 1;
    const nq_engine *e = plan->engine;
    double *seconds = calloc(plan->size, sizeof *seconds);
    nq_u128 *totals = calloc(plan->size, sizeof *totals);
    if (!seconds || !totals)
        return 1;
#pragma omp parallel num_threads(threads)
    {
        const int t = omp_get_thread_num();
        void *work = NULL;
        if (e->work_create)
            e->work_create(plan, &work);
        for (size_t k = (size_t)t; k < plan->size; k += (size_t)threads) {
            nq_sub_result r = { 0, 0 };
            const double start = nq_thread_cpu();
            e->count_one(plan, plan->order[k], work, NULL, &r);
            seconds[k] = nq_thread_cpu() - start;
            totals[k] = r.total;
        }
        if (work)
            e->work_destroy(work);
    }
    for (size_t k = 0; k < plan->size; k++)
        printf("%zu\t%zu\t%.6g\t%.6f\t%.0f\n", k, plan->order[k], plan->weights[plan->order[k]],
               seconds[k], (double)totals[k]);
    free(seconds);
    free(totals);
    nq_plan_destroy(plan);
    return 0;
}
