/* The "available" engine: marking (marking_engine.h, first_rows.c) with a
 * linked list of the free columns, so a row walks only those. */
#include "engines.h"
#include "first_rows.h"
#include "marking_engine.h"

/* The free columns as a doubly linked list in increasing order, with node n
 * as its head. A placed queen's column is unlinked and later relinked in
 * LIFO order, so its own links still say where it belongs (Knuth's dancing
 * links). */
typedef struct col_list {
    int next[NQ_MAX_N + 1];
    int prev[NQ_MAX_N + 1];
} col_list;

static void list_init(col_list *l, int n)
{
    for (int i = 0; i <= n; i++) {
        l->next[i] = i == n ? 0 : i + 1;
        l->prev[i] = i == 0 ? n : i - 1;
    }
}

static void list_unlink(col_list *l, int c)
{
    l->next[l->prev[c]] = l->next[c];
    l->prev[l->next[c]] = l->prev[c];
}

static void list_relink(col_list *l, int c)
{
    l->next[l->prev[c]] = c;
    l->prev[l->next[c]] = c;
}

/* As marking_search, but a row walks only the free columns; the diagonals
 * are still checked with the marking arrays. */
static uint64_t available_search(int n, int c0, int c1)
{
    int col[NQ_MAX_N];
    board_marks m = { 0 };
    marks_set(&m, n, 0, c0, true);
    marks_set(&m, n, 1, c1, true);
    col_list free_cols;
    list_init(&free_cols, n);
    list_unlink(&free_cols, c0);
    list_unlink(&free_cols, c1);
    uint64_t count = 0;
    int row = 2;
    col[2] = -1;
    while (row >= 2) {
        int c;
        if (col[row] < 0) {
            c = free_cols.next[n];
        } else {
            c = col[row];
            marks_set(&m, n, row, c, false);
            list_relink(&free_cols, c);
            c = free_cols.next[c];
        }
        /* The list ends at its head, n. */
        while (c < n && !marks_free(&m, n, row, c))
            c = free_cols.next[c];
        if (c >= n) {
            row--;
            continue;
        }
        col[row] = c;
        marks_set(&m, n, row, c, true);
        list_unlink(&free_cols, c);
        if (row == n - 1)
            count++;
        else
            col[++row] = -1;
    }
    return count;
}

static int available_count(int n, const volatile int *stop, uint64_t *total)
{
    return nq_first_rows_count(n, available_search, true, stop, total);
}

const nq_engine nq_available_engine = {
    .info = { .name = "available",
              .description = "classic: marking with a linked list of the free columns",
              .seconds_16 = 10 },
    .count = available_count,
};
