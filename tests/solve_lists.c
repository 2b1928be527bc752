/* The listing's tests' shared helpers (solve_lists.h). */
#include "solve_lists.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

int collect(void *ctx, int n, const int8_t *cols)
{
    list *l = ctx;
    cr_assert_eq(n, l->n);
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->boards = realloc(l->boards, l->cap * (size_t)n);
        cr_assert_not_null(l->boards);
    }
    memcpy(l->boards + l->count * (size_t)n, cols, (size_t)n);
    l->count++;
    return l->stop_after && l->count >= l->stop_after;
}

list solve_list(int n, int unique, int threads)
{
    list l = { .n = n };
    const nq_solve_params p = { .n = n, .unique = unique, .threads = threads };
    uint64_t listed = 0;
    const int rc = nq_solve(&p, collect, &l, &listed);
    cr_assert_eq(rc, 0, "nq_solve n=%d unique=%d threads=%d returned %d", n, unique, threads, rc);
    cr_assert_eq(listed, l.count);
    return l;
}

int is_solution(int n, const int8_t *p)
{
    for (int r = 0; r < n; r++) {
        if (p[r] < 0 || p[r] >= n)
            return 0;
        for (int k = 0; k < r; k++)
            if (p[k] == p[r] || abs(p[k] - p[r]) == r - k)
                return 0;
    }
    return 1;
}
