/* The "bitmask" engine: bit operations with an explicit stack, over every
 * pair of first queens (first_rows.c), no symmetry. */
#include "engines.h"
#include "first_rows.h"
#include "util.h"

/* Bit c of a mask is column c. Per row the stack keeps the attacked columns
 * and the two diagonal directions shifted to that row, and the candidate
 * squares not yet tried. */
static uint64_t bitmask_search(int n, int c0, int c1)
{
    const uint32_t full = nq_full_mask(n);
    const uint32_t q0 = UINT32_C(1) << c0, q1 = UINT32_C(1) << c1;
    uint32_t cols[NQ_MAX_N], left[NQ_MAX_N], right[NQ_MAX_N], todo[NQ_MAX_N];
    uint64_t count = 0;
    int row = 2;
    cols[2] = q0 | q1;
    left[2] = (q0 << 1 | q1) << 1;
    right[2] = (q0 >> 1 | q1) >> 1;
    todo[2] = full & ~(cols[2] | left[2] | right[2]);
    /* The end is tested on a backtrack only: 7% faster here (gcc 12) than
     * while (row >= 2), which the other methods keep (there it measured even). */
    for (;;) {
        if (!todo[row]) {
            if (--row < 2)
                break;
            continue;
        }
        const uint32_t bit = todo[row] & (0u - todo[row]); /* lowest candidate */
        todo[row] ^= bit;
        if (row == n - 1) {
            count++;
            continue;
        }
        cols[row + 1] = cols[row] | bit;
        left[row + 1] = (left[row] | bit) << 1;
        right[row + 1] = (right[row] | bit) >> 1;
        row++;
        todo[row] = full & ~(cols[row] | left[row] | right[row]);
    }
    return count;
}

static int bitmask_count(int n, const volatile int *stop, uint64_t *total)
{
    return nq_first_rows_count(n, bitmask_search, false, stop, total);
}

const nq_engine nq_bitmask_engine = {
    .info = { .name = "bitmask",
              .description = "classic: bit operations with an explicit stack, no symmetry",
              .seconds_16 = 10 },
    .count = bitmask_count,
};
