/* The engine table: names users pass to --engine, and what each one is. */
#include "engines.h"

#include "classic.h"
#include "halves_engine.h"
#include "backtrack_plan.h"

#include <string.h>

#define CLASSIC(fn) .count = fn
#define BACKTRACK(roots)                                                               \
    .plan = roots, .solve = nq_solve_backtrack, .plausible = nq_plausible_backtrack, \
    .prefix = nq_prefix_backtrack

/* The classic engines take about ten times parallel-sym8's time. */
static const nq_engine engines[NQ_ENG_COUNT] = {
    [NQ_ENG_HALVES] = { { .name = "halves",
                          .description = "meet in the middle: half-boards matched by their "
                                         "diagonals, OpenMP; gives U(n)",
                          .parallel = 1, .gives_unique = 1, .seconds_16 = 0.3 },
                        NQ_HALVES_ENGINE },
    [NQ_ENG_SYM8] = { { .name = "parallel-sym8",
                        .description = "bitmask, all 8 symmetries of the square (corner/edge "
                                       "split), OpenMP; gives U(n)",
                        .parallel = 1, .gives_unique = 1, .uses_depth = 1, .seconds_16 = 1.0 },
                      BACKTRACK(nq_plan_sym8) },
    [NQ_ENG_PMIRROR] = { { .name = "parallel-mirror",
                           .description = "bitmask, left-right mirror symmetry, OpenMP",
                           .parallel = 1, .uses_depth = 1, .seconds_16 = 1.5 },
                         BACKTRACK(nq_plan_mirror) },
    [NQ_ENG_NAIVE] = { { .name = "naive",
                         .description = "classic: backtracking, each queen checked against "
                                        "every earlier one",
                         .seconds_16 = 10 },
                       CLASSIC(nq_classic_naive) },
    [NQ_ENG_MIRROR] = { { .name = "mirror",
                          .description = "classic: naive with the first queen in the left "
                                         "half, doubled",
                          .seconds_16 = 10 },
                        CLASSIC(nq_classic_mirror) },
    [NQ_ENG_MARKING] = { { .name = "marking",
                           .description = "classic: mirror with column and diagonal marking "
                                          "arrays",
                           .seconds_16 = 10 },
                         CLASSIC(nq_classic_marking) },
    [NQ_ENG_AVAILABLE] = { { .name = "available",
                             .description = "classic: marking with a linked list of the free "
                                            "columns",
                             .seconds_16 = 10 },
                           CLASSIC(nq_classic_available) },
    [NQ_ENG_BITMASK] = { { .name = "bitmask",
                           .description = "classic: bit operations with an explicit stack, no "
                                          "symmetry",
                           .seconds_16 = 10 },
                         CLASSIC(nq_classic_bitmask) },
};

const nq_engine *nq_engine_impl(int index)
{
    return index >= 0 && index < NQ_ENG_COUNT ? &engines[index] : NULL;
}

int nq_engine_count(void)
{
    return NQ_ENG_COUNT;
}

const nq_engine_info *nq_engine_get(int index)
{
    return index >= 0 && index < NQ_ENG_COUNT ? &engines[index].info : NULL;
}

int nq_engine_find(const char *name)
{
    for (int i = 0; i < NQ_ENG_COUNT; i++)
        if (!strcmp(engines[i].info.name, name))
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
