/* The ordered search of a listing: an iterative bitmask backtracker below
 * each prefix (solve_order.h) that hands its solutions on in order
 * (solve_search.h, solve_worker.h). */
#include "cpu/cpu.h"

/* This file is compiled once per instruction set (dispatch.h): the search,
 * with the record writing inlined, under this copy's name; the prefixes,
 * which are not hot, are solve_order.c's. */
#define nq_list_search NQ_ISA_NAME(nq_list_search)

#include "backtrack/last_rows.h"
#include "solve_order.h"
#include "solve_search.h"
#include "solve_worker.h"
#include "symmetry.h"
#include "util.h"

#define STOP_POLL 0x3FFFu /* nodes between two reads of the stop flags */
#define FC_MIN_ROWS 10    /* rows below a node for forward checking to pay */

static uint32_t row_allowed(const nq_list_order *o, const int8_t *p, int row)
{
    uint32_t mask = 0;
    for (int c = 0; c < o->n; c++)
        if (nq_list_cell_allowed(o, p, row, c))
            mask |= 1u << c;
    return mask;
}

/* Hands the solution q on (with unique, only if it is canonical); 1 ends
 * this subproblem's search. */
static inline int emit(nq_list_worker *w, const int8_t *q, int unique)
{
    if (unique && !nq_sym_is_canonical(w->listing->order.n, q, NULL))
        return 0;
    return nq_list_emit(w, q);
}

/* Emits the completions in `ways` of the last NQ_LAST6_ROWS rows (free columns
 * cols) below the prefix in q, lowest way first: in lexicographic order.
 * 1 ends this subproblem's search. */
static inline int emit_ways(nq_list_worker *w, int8_t *q, const uint64_t *ways, uint32_t cols,
                            int unique)
{
    int8_t *const tail = q + w->listing->order.n - NQ_LAST6_ROWS;
    uint32_t col[NQ_LAST6_ROWS];
    nq_free_cols(cols, col, NQ_LAST6_ROWS);
    for (int k = 0; k < NQ_LAST6_WORDS; k++) {
        for (uint64_t m = ways[k]; m; m &= m - 1) {
            const int8_t *perm = nq_last6_perm[64 * k + __builtin_ctzll(m)];
            for (int i = 0; i < NQ_LAST6_ROWS; i++)
                tail[i] = (int8_t)col[perm[i]];
            if (emit(w, q, unique))
                return 1;
        }
    }
    return 0;
}

/* 1 if one of rows from..last has no square left free by the queens placed
 * so far (masks c, l, r as seen from row from - 1), or a free column has no
 * free square left in rows from - 1..last (reach starts with row from - 1's,
 * which the caller has checked). */
static int dead_ahead(const uint32_t *allowed, int from, int last, uint32_t full, uint32_t reach,
                      uint32_t c, uint32_t l, uint32_t r)
{
    /* reach: the columns some row from - 1.. can still take */
    for (int k = from; k <= last; k++) {
        l <<= 1;
        r >>= 1;
        const uint32_t f = allowed[k] & ~(c | l | r);
        if (!f)
            return 1;
        reach |= f;
    }
    return (reach | c) != full;
}

/* The masks of the prefix in q (rows 0..depth-1) as row depth sees them
 * (columns c, diagonals l and r), and the columns each row from depth on
 * may take. */
static inline void prefix_masks(const nq_list_order *o, const int8_t *q, int unique,
                                uint32_t *allowed, uint32_t *c, uint32_t *l, uint32_t *r)
{
    for (int row = 0; row < o->depth; row++) {
        const uint32_t bit = 1u << q[row];
        *c |= bit;
        *l = (*l | bit) << 1;
        *r = (*r | bit) >> 1;
    }
    for (int row = o->depth; row < o->n; row++)
        allowed[row] = unique ? row_allowed(o, q, row) : o->full;
}

/* Iterative bitmask backtracking (after Richards' bit-parallel formulation)
 * over rows depth..n-1 below the prefix in w->q, lowest column first. The
 * current row's masks live in registers and are pushed only when going down.
 * The last NQ_LAST6_ROWS rows are taken from the tables of last_rows.h; a
 * subproblem that starts within them (n <= 8) is searched down to the last
 * row, which is settled inline from the row above (at most one free bit). */
static inline void search(nq_list_worker *w, int unique)
{
    const nq_list_order *o = &w->listing->order;
    const int n = o->n, d = o->depth, last = n - 1;
    int8_t *q = w->q;
    uint32_t allowed[NQ_MAX_N];
    uint32_t stack_a[NQ_MAX_N], stack_c[NQ_MAX_N], stack_l[NQ_MAX_N], stack_r[NQ_MAX_N];
    uint32_t c = 0, l = 0, rr = 0;
    prefix_masks(o, q, unique, allowed, &c, &l, &rr);
    if (d == n || d == last) { /* no row or one row to go: no search */
        const uint32_t a = d == last ? ~(c | l | rr) & allowed[last] : 0;
        if (a)
            q[last] = (int8_t)__builtin_ctz(a);
        if (d == n || a)
            emit(w, q, unique);
        return;
    }

    /* Forward checking only where subtrees are big (large n): it costs a
     * pass over the rows below, but spares whole dead subtrees. */
    const int fc_below = last - FC_MIN_ROWS;
    const int table_row = d <= last - NQ_LAST6_ROWS ? last - NQ_LAST6_ROWS : -1;
    if (table_row >= 0)
        nq_last6_init();
    int row = d; /* d < last here: the loop only places rows up to last - 1 */
    uint32_t a = ~(c | l | rr) & allowed[row];
    unsigned tick = 0;
    for (;;) {
        if (!a) {
            if (--row < d)
                return;
            /* Polled on the way up: rarer than nodes, still often enough. */
            if ((++tick & STOP_POLL) == 0 && nq_list_poll(w))
                return;
            a = stack_a[row];
            c = stack_c[row];
            l = stack_l[row];
            rr = stack_r[row];
            continue;
        }
        const uint32_t bit = a & (0u - a);
        a ^= bit;
        q[row] = (int8_t)__builtin_ctz(bit);
        const uint32_t nc = c | bit, nl = (l | bit) << 1, nr = (rr | bit) >> 1;
        if (row == table_row) {
            const uint32_t cols = o->full & ~nc;
            uint64_t ways[NQ_LAST6_WORDS];
            if (nq_last6_ways(nl, nr, cols, allowed + last + 1 - NQ_LAST6_ROWS, ways) &&
                emit_ways(w, q, ways, cols, unique))
                return;
            continue;
        }
        if (row == last - 1) {
            const uint32_t fin = allowed[last] & ~(nc | nl | nr);
            if (fin) {
                q[last] = (int8_t)__builtin_ctz(fin);
                if (emit(w, q, unique))
                    return;
            }
            continue;
        }
        /* Look ahead: a child with no free square is never pushed. */
        const uint32_t na = allowed[row + 1] & ~(nc | nl | nr);
        if (!na)
            continue;
        if (row < fc_below && dead_ahead(allowed, row + 2, last, o->full, na, nc, nl, nr))
            continue;
        stack_a[row] = a;
        stack_c[row] = c;
        stack_l[row] = l;
        stack_r[row] = rr;
        row++;
        c = nc;
        l = nl;
        rr = nr;
        a = na;
    }
}

/* Two copies, so that the unique test folds away from the plain one. */
static void search_all(nq_list_worker *w)
{
    search(w, 0);
}

static void search_unique(nq_list_worker *w)
{
    search(w, 1);
}

void nq_list_search(nq_list_worker *w)
{
    if (w->listing->order.unique)
        search_unique(w);
    else
        search_all(w);
}
