/* The "example" engine, in the test build only (tests/meson.build): a plain
 * counter, to show that an engine is one file and one row of the table
 * (doc/hacking.md, Where to add an engine). Bitmask backtracking with no
 * symmetry; a stop is seen between the first row's columns. */
#include "engines.h"
#include "util.h"

static uint64_t below(uint32_t full, uint32_t cols, uint32_t left, uint32_t right)
{
    if (cols == full)
        return 1;
    uint64_t count = 0;
    for (uint32_t free = full & ~(cols | left | right); free; free &= free - 1) {
        const uint32_t bit = free & -free;
        count += below(full, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return count;
}

static int example_count(int n, const volatile int *stop, uint64_t *total)
{
    const uint32_t full = n == 32 ? UINT32_MAX : (1u << n) - 1;
    *total = 0;
    for (int c = 0; c < n; c++) {
        if (nq_stop_seen(stop))
            return NQ_ERR(EINTR);
        const uint32_t bit = 1u << c;
        *total += below(full, bit, bit << 1, bit >> 1);
    }
    return 0;
}

const nq_engine nq_example_engine = {
    .info = { .name = "example",
              .description = "test build only: plain bitmask backtracking, one thread",
              .seconds_16 = 10 },
    .count = example_count,
};
