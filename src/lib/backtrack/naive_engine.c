/* The "naive" engine: plain backtracking, each queen checked against every
 * earlier one, over every pair of first queens (first_rows.c). Like every
 * classic engine it takes about ten times parallel-sym8's time on one
 * thread, hence seconds_16. */
#include "engines.h"
#include "first_rows.h"
#include "naive_engine.h"

#include <stdbool.h>

/* A queen at (row, c) against every earlier queen: same column or same
 * diagonal (|row difference| == |column difference|). */
static bool naive_safe(const int *col, int row, int c)
{
    for (int i = 0; i < row; i++) {
        const int dc = col[i] > c ? col[i] - c : c - col[i];
        if (dc == 0 || dc == row - i)
            return false;
    }
    return true;
}

/* col[] is the stack: col[row] is the queen being tried in row, -1 before
 * the first try. */
uint64_t nq_naive_search(int n, int c0, int c1)
{
    int col[NQ_MAX_N];
    col[0] = c0;
    col[1] = c1;
    uint64_t count = 0;
    int row = 2;
    col[2] = -1;
    while (row >= 2) { /* rows 0 and 1 are given */
        int c = col[row] + 1;
        while (c < n && !naive_safe(col, row, c))
            c++;
        if (c >= n) {
            row--; /* row exhausted: back to the previous one */
            continue;
        }
        col[row] = c;
        if (row == n - 1) {
            count++;
        } else {
            col[++row] = -1;
        }
    }
    return count;
}

static int naive_count(int n, const volatile int *stop, uint64_t *total)
{
    return nq_first_rows_count(n, nq_naive_search, false, stop, total);
}

const nq_engine nq_naive_engine = {
    .info = { .name = "naive",
              .description = "classic: backtracking, each queen checked against every "
                             "earlier one",
              .seconds_16 = 10 },
    .count = naive_count,
};
