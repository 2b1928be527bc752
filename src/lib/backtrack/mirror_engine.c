/* The "mirror" engine: naive's search (naive_engine.c) with the first queen
 * in the left half, doubled (first_rows.c). */
#include "engines.h"
#include "first_rows.h"
#include "naive_engine.h"

static int mirror_count(int n, const volatile int *stop, uint64_t *total)
{
    return nq_first_rows_count(n, nq_naive_search, true, stop, total);
}

const nq_engine nq_mirror_engine = {
    .info = { .name = "mirror",
              .description = "classic: naive with the first queen in the left half, doubled",
              .seconds_16 = 10 },
    .count = mirror_count,
};
