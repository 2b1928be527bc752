/* How many warm-up pieces a timed draw of the estimate needs: K random places
 * k of N's plan (the default engine), each timed twice on two sets of
 * per-thread buffers kept from draw to draw, as a sampling thread's are: on
 * the first after one warm-up piece (place k - T), on the second after W
 * (k - WT, ..., k - T). Alternate draws time the second set first.
 * Prints one line a draw: place, seconds after one warm-up, after W.
 * usage: warm_pairs N T K W SEED (bench/warmup.sh runs it) */
#include "engines.h"
#include "run/plan.h"
#include "util.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double timed(const nq_plan *plan, void *work, size_t k, int warm, int threads)
{
    nq_sub_result r = { 0, 0 };
    for (int m = warm; m >= 1; m--)
        if (k >= (size_t)m * (size_t)threads)
            plan->engine->count_one(plan, plan->order[k - (size_t)m * (size_t)threads], work,
                                    NULL, &r);
    const double start = nq_thread_cpu();
    plan->engine->count_one(plan, plan->order[k], work, NULL, &r);
    return nq_thread_cpu() - start;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: warm_pairs N T K W SEED\n");
        return 2;
    }
    const int n = atoi(argv[1]), threads = atoi(argv[2]), draws = atoi(argv[3]),
              warm = atoi(argv[4]);
    if (n < 1 || n > NQ_MAX_N || threads < 1 || draws < 1 || warm < 1) {
        fprintf(stderr, "usage: warm_pairs N T K W SEED\n");
        return 2;
    }
    nq_plan *plan;
    if (nq_plan_create(&plan, n, 0, 0, NULL))
        return 1;
    const nq_engine *e = plan->engine;
    srand((unsigned)atoi(argv[5]));
    size_t *places = malloc((size_t)draws * sizeof *places);
    double *one = calloc((size_t)draws, sizeof *one), *several = calloc((size_t)draws, sizeof *several);
    if (!places || !one || !several)
        return 1;
    for (int j = 0; j < draws; j++)
        places[j] = (size_t)rand() % plan->size;
#pragma omp parallel num_threads(threads)
    {
        void *a = NULL, *b = NULL;
        if (e->work_create) {
            e->work_create(plan, &a);
            e->work_create(plan, &b);
        }
#pragma omp for schedule(dynamic, 1)
        for (int j = 0; j < draws; j++) {
            if (j & 1) {
                several[j] = timed(plan, b, places[j], warm, threads);
                one[j] = timed(plan, a, places[j], 1, threads);
            } else {
                one[j] = timed(plan, a, places[j], 1, threads);
                several[j] = timed(plan, b, places[j], warm, threads);
            }
        }
        if (a)
            e->work_destroy(a);
        if (b)
            e->work_destroy(b);
    }
    for (int j = 0; j < draws; j++)
        printf("%zu\t%.6f\t%.6f\n", places[j], one[j], several[j]);
    free(places);
    free(one);
    free(several);
    nq_plan_destroy(plan);
    return 0;
}
