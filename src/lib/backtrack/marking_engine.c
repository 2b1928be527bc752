/* The "marking" engine: mirror (first_rows.c) with column and diagonal
 * marking arrays (marking_engine.h), an O(1) check of a square. */
#include "engines.h"
#include "first_rows.h"
#include "marking_engine.h"

/* As naive's search (naive_engine.c), with the O(1) check; a row's queen
 * is unmarked when the search comes back to that row to move it. */
static uint64_t marking_search(int n, int c0, int c1)
{
    int col[NQ_MAX_N];
    board_marks m = { 0 };
    marks_set(&m, n, 0, c0, true);
    marks_set(&m, n, 1, c1, true);
    uint64_t count = 0;
    int row = 2;
    col[2] = -1;
    while (row >= 2) {
        int c = 0;
        if (col[row] >= 0) {
            marks_set(&m, n, row, col[row], false);
            c = col[row] + 1;
        }
        while (c < n && !marks_free(&m, n, row, c))
            c++;
        if (c >= n) {
            row--;
            continue;
        }
        col[row] = c;
        marks_set(&m, n, row, c, true);
        if (row == n - 1)
            count++;
        else
            col[++row] = -1;
    }
    return count;
}

static int marking_count(int n, const volatile int *stop, uint64_t *total)
{
    return nq_first_rows_count(n, marking_search, true, stop, total);
}

const nq_engine nq_marking_engine = {
    .info = { .name = "marking",
              .description = "classic: mirror with column and diagonal marking arrays",
              .seconds_16 = 10 },
    .count = marking_count,
};
