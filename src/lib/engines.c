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
