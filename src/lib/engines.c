/* The engine table: the list of the engines, in the order of their public
 * indexes (NQ_ENG_* in engines.h); each engine is defined in its own file. */
#include "engines.h"

#include <string.h>

static const nq_engine *const engines[] = {
    [NQ_ENG_HALVES] = &nq_halves_engine,
    [NQ_ENG_SYM8] = &nq_parallel_sym8_engine,
    [NQ_ENG_PMIRROR] = &nq_parallel_mirror_engine,
    [NQ_ENG_NAIVE] = &nq_naive_engine,
    [NQ_ENG_MIRROR] = &nq_mirror_engine,
    [NQ_ENG_MARKING] = &nq_marking_engine,
    [NQ_ENG_AVAILABLE] = &nq_available_engine,
    [NQ_ENG_BITMASK] = &nq_bitmask_engine,
#ifdef NQ_EXAMPLE_ENGINE /* test_example_engine's build only */
    &nq_example_engine,
#endif
};

enum { TABLE_SIZE = sizeof engines / sizeof engines[0] };

const nq_engine *nq_engine_impl(int index)
{
    return index >= 0 && index < TABLE_SIZE ? engines[index] : NULL;
}

int nq_engine_count(void)
{
    return TABLE_SIZE;
}

const nq_engine_info *nq_engine_get(int index)
{
    const nq_engine *e = nq_engine_impl(index);
    return e ? &e->info : NULL;
}

int nq_engine_find(const char *name)
{
    for (int i = 0; name && i < TABLE_SIZE; i++)
        if (!strcmp(engines[i]->info.name, name))
            return i;
    return NQ_ERR(ENOENT);
}

uint64_t nq_classic_count(int engine, int n)
{
    const nq_engine *e = nq_engine_impl(engine);
    uint64_t total = 0;
    if (e && e->count && n >= NQ_MIN_N && n <= NQ_MAX_N)
        e->count(n, NULL, &total);
    return total;
}

double nq_seconds_by_q16(const nq_engine *self, int n, int threads)
{
    /* Q(n) is the work a backtracking count does, near enough; past the
     * published counts each row multiplies it by about ten. */
    nq_u128 q16, q, u;
    nq_published(16, &q16, &u);
    nq_published(n <= NQ_PUBLISHED_MAX_N ? n : NQ_PUBLISHED_MAX_N, &q, &u);
    double seconds = self->info.seconds_16 * ((double)(uint64_t)q / (double)(uint64_t)q16);
    for (int k = NQ_PUBLISHED_MAX_N; k < n; k++)
        seconds *= 10;
    return seconds / threads;
}

double nq_estimate_quick(int n, int engine, int threads)
{
    const nq_engine *e = nq_engine_impl(engine);
    if (!e || n < NQ_MIN_N || n > NQ_MAX_N || threads < 0)
        return -1;
    if (!e->info.parallel || threads == 0)
        threads = e->info.parallel ? nq_threads_for(0) : 1;
    return (e->seconds ? e->seconds : nq_seconds_by_q16)(e, n, threads);
}
