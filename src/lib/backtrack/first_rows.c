/* The classic engines' common frame: the five textbook backtracking
 * methods, from the plainest to the bit-parallel one, each a step on the one
 * before (as in the usual comparison: naive, mirror, marking, available,
 * bitmask), each in its NAME_engine.c.
 *
 * They are single-threaded and iterative (an explicit stack, one entry per
 * row), slow on purpose and easy to read: every fast engine is checked
 * against them. Each gives Q(n); counts are 64-bit, which is exact far
 * beyond any n these methods can finish (Q(28) < 2^64). A caller's stop is
 * seen between the choices of the first two rows' queens (n^2 pieces, each
 * searched as before), so the searches themselves never test it. */
#include "first_rows.h"
#include "util.h"

/* Which columns the first two rows' queens may take. The mirror methods
 * split the board by the first queen's column; everything else is open. */
typedef struct span {
    int lo0, hi0; /* row 0: columns lo0 <= c < hi0 */
    int lo1, hi1; /* row 1: columns lo1 <= c < hi1 */
} span;

/* Adds to *count the solutions whose first two queens lie in s, one pair
 * at a time, with a look at *stop before each. */
static int span_count(int n, nq_pair_search search, const span *s, const volatile int *stop,
                      uint64_t *count)
{
    for (int c0 = s->lo0; c0 < s->hi0; c0++)
        for (int c1 = s->lo1; c1 < s->hi1; c1++) {
            if (nq_stop_seen(stop))
                return NQ_ERR(EINTR);
            if (c1 - c0 > 1 || c0 - c1 > 1) /* else same column or diagonal */
                *count += search(n, c0, c1);
        }
    return 0;
}

/* With `mirror`: every solution with the first queen in the left half has a
 * mirror image with it in the right half, so the left half is counted
 * twice. For odd n the middle column is its own mirror: there the second
 * queen (never in the middle column, nor next to it) is kept to the left
 * half and doubled. */
int nq_first_rows_count(int n, nq_pair_search search, bool mirror, const volatile int *stop,
                        uint64_t *total)
{
    *total = 0;
    if (n == 1) {
        *total = 1; /* the lone queen has no second row to split on */
        return 0;
    }
    if (!mirror)
        return span_count(n, search, &(span){ 0, n, 0, n }, stop, total);
    const int half = n / 2;
    uint64_t count = 0;
    int err = span_count(n, search, &(span){ 0, half, 0, n }, stop, &count);
    if (!err && n % 2)
        err = span_count(n, search, &(span){ half, half + 1, 0, half }, stop, &count);
    *total = 2 * count;
    return err;
}
