/* The prefixes of a listing, in lexicographic order (solve_order.h); the
 * search below them is solve_search_tmpl.c's. */
#include "solve_order.h"

#include "util.h"

/* Rows expanded into the numbered subproblems: enough of them to keep the
 * threads busy, each still large enough that handing it out costs little. */
static int pick_depth(int n)
{
    static const int above[] = { 6, 10, 16, 20 };
    const int d = nq_depth_for(n, 1, above, 4);
    return d < n ? d : n;
}

void nq_list_order_init(nq_list_order *order, int n, int unique)
{
    order->n = n;
    order->depth = pick_depth(n);
    order->unique = unique != 0;
    order->full = nq_full_mask(n);
}

static int attacked(const int8_t *p, int row, int c)
{
    for (int k = 0; k < row; k++) {
        const int d = p[k] - c;
        if (d == 0 || d == row - k || d == k - row)
            return 1;
    }
    return 0;
}

int nq_list_next_prefix(const nq_list_order *order, int8_t *p, int started)
{
    const int d = order->depth, n = order->n;
    int row = 0, c = 0;
    if (started) {
        row = d - 1;
        c = p[row] + 1;
    }
    while (row >= 0) {
        while (c < n && (attacked(p, row, c) || !nq_list_cell_allowed(order, p, row, c)))
            c++;
        if (c < n) {
            p[row] = (int8_t)c;
            if (row == d - 1)
                return 1;
            row++;
            c = 0;
        } else if (--row >= 0) {
            c = p[row] + 1;
        }
    }
    return 0;
}
