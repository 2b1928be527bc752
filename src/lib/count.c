/* nq_count: the whole count of one n, by a classic engine or by a plan run
 * over the OpenMP driver. */
#include "internal.h"

#include <stdlib.h>
#include <unistd.h>

int nq_default_threads(void)
{
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > NQ_MAX_THREADS ? NQ_MAX_THREADS : (int)cpus;
}

int nq_count(const nq_count_params *params, nq_count_result *result)
{
    const int n = params->n;
    if (n < NQ_MIN_N || n > NQ_MAX_N || !nq_engine_get(params->engine) || params->threads < 0 ||
        params->threads > NQ_MAX_THREADS || params->depth < 0 || params->depth > NQ_MAX_DEPTH)
        return NQ_ERR(EINVAL);
    *result = (nq_count_result){ 0 };
    const double start = nq_now();

    if (!nq_engine_get(params->engine)->parallel) {
        result->total = nq_classic_count(params->engine, n);
        result->threads = 1;
        result->seconds = nq_now() - start;
        return 0;
    }

    nq_plan *plan;
    int err = nq_plan_create(&plan, n, params->engine, params->depth);
    if (err)
        return err;
    const size_t size = nq_plan_size(plan);
    unsigned char *done = calloc(size + 1, 1);
    nq_sub_result *results = calloc(size + 1, sizeof *results);
    const int threads = params->threads ? params->threads : nq_default_threads();
    nq_sub_result sum = { 0, 0 };
    err = !done || !results ? NQ_ERR(ENOMEM)
                            : nq_plan_run(plan, threads, done, results, params->hooks, &sum);
    if (!err) {
        result->total = sum.total;
        result->unique = sum.unique;
        result->unique_known = nq_engine_get(params->engine)->gives_unique;
        result->threads = threads;
        result->depth = nq_plan_depth(plan);
        result->subproblems = size;
        result->seconds = nq_now() - start;
    }
    free(done);
    free(results);
    nq_plan_destroy(plan);
    return err;
}
