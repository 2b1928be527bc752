/* Every piece of n's halves plan timed as a T-thread count meets it:
 * thread t takes places t, t+T, ... of the queue order, so each piece is
 * warm from the ones T, 2T, ... places before. Prints: place, i, weight, seconds, total. */
#include "engines.h"
#include "plan.h"
#include "util.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]), T = atoi(argv[2]);
    nq_plan *plan;
    if (nq_plan_create(&plan, n, 0, 0, NULL)) return 1;
    const nq_engine *e = plan->engine;
    double *sec = calloc(plan->size, sizeof *sec);
    nq_u128 *tot = calloc(plan->size, sizeof *tot);
#pragma omp parallel num_threads(T)
    {
        int t = omp_get_thread_num();
        void *w = NULL;
        if (e->work_create) e->work_create(plan, &w);
        for (size_t k = t; k < plan->size; k += T) {
            nq_sub_result r = { 0, 0 };
            double b = nq_thread_cpu();
            e->count_one(plan, plan->order[k], w, NULL, &r);
            sec[k] = nq_thread_cpu() - b;
            tot[k] = r.total;
        }
        if (w) e->work_destroy(w);
    }
    for (size_t k = 0; k < plan->size; k++)
        printf("%zu\t%zu\t%.6g\t%.6f\t%.0f\n", k, plan->order[k], plan->weights[plan->order[k]], sec[k], (double)tot[k]);
    return 0;
}
