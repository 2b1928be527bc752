/* For random places k, paired: on buffers A, count place k-T then time k (one warm-up);
 * on buffers B, count k-2T, k-T, then time k (two). Each buffer keeps what earlier draws left,
 * as a sampling thread's does. Prints k, seconds with one, with two. */
#include "engines.h"
#include "plan.h"
#include "util.h"
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static double timed(const nq_plan *p, void *w, size_t k, int warm, int T)
{
    nq_sub_result r = { 0, 0 };
    for (int m = warm; m >= 1; m--)
        if (k >= (size_t)m * T) p->engine->count_one(p, p->order[k - (size_t)m * T], w, NULL, &r);
    double b = nq_thread_cpu();
    p->engine->count_one(p, p->order[k], w, NULL, &r);
    return nq_thread_cpu() - b;
}
int main(int argc, char **argv)
{
    int n = atoi(argv[1]), T = atoi(argv[2]), K = atoi(argv[3]), W = atoi(argv[4]);
    nq_plan *plan;
    if (nq_plan_create(&plan, n, 0, 0, NULL)) return 1;
    const nq_engine *e = plan->engine;
    srand(atoi(argv[5]));
    size_t *ks = malloc(K * sizeof *ks); double *a = calloc(K, sizeof *a), *b = calloc(K, sizeof *b);
    for (int j = 0; j < K; j++) ks[j] = (size_t)rand() % plan->size;
#pragma omp parallel num_threads(T)
    {
        void *wa = NULL, *wb = NULL;
        e->work_create(plan, &wa); e->work_create(plan, &wb);
#pragma omp for schedule(dynamic,1)
        for (int j = 0; j < K; j++) {
            if (j & 1) { b[j] = timed(plan, wb, ks[j], W, T); a[j] = timed(plan, wa, ks[j], 1, T); }
            else { a[j] = timed(plan, wa, ks[j], 1, T); b[j] = timed(plan, wb, ks[j], W, T); }
        }
    }
    for (int j = 0; j < K; j++) printf("%zu\t%.6f\t%.6f\n", ks[j], a[j], b[j]);
    return 0;
}
