/* The engine table: names users pass to --engine, and what each one is. */
#include "internal.h"

#include <string.h>

static const nq_engine_info engines[NQ_ENG_COUNT] = {
    [NQ_ENG_SYM8] = { "parallel-sym8",
                      "bitmask, all 8 symmetries of the square (corner/edge split), OpenMP; gives U(n)",
                      1, 1 },
    [NQ_ENG_PMIRROR] = { "parallel-mirror", "bitmask, left-right mirror symmetry, OpenMP", 1, 0 },
    [NQ_ENG_NAIVE] = { "naive", "classic: backtracking, each queen checked against every earlier one",
                       0, 0 },
    [NQ_ENG_MIRROR] = { "mirror", "classic: naive with the first queen in the left half, doubled", 0,
                        0 },
    [NQ_ENG_MARKING] = { "marking", "classic: mirror with column and diagonal marking arrays", 0, 0 },
    [NQ_ENG_AVAILABLE] = { "available", "classic: marking with a linked list of the free columns",
                           0, 0 },
    [NQ_ENG_BITMASK] = { "bitmask", "classic: bit operations with an explicit stack, no symmetry", 0,
                         0 },
};

int nq_engine_count(void)
{
    return NQ_ENG_COUNT;
}

const nq_engine_info *nq_engine_get(int index)
{
    return index >= 0 && index < NQ_ENG_COUNT ? &engines[index] : NULL;
}

int nq_engine_find(const char *name)
{
    for (int i = 0; i < NQ_ENG_COUNT; i++)
        if (!strcmp(engines[i].name, name))
            return i;
    return NQ_ERR(ENOENT);
}
