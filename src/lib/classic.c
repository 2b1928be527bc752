/* The classic engines: the five textbook backtracking methods, from the
 * plainest to the bit-parallel one, each a step on the one before (as in the
 * usual comparison: naive, mirror, marking, available, bitmask).
 *
 * They are single-threaded and iterative (an explicit stack, one entry per
 * row), slow on purpose and easy to read: every fast engine is checked
 * against them. Each gives Q(n); counts are 64-bit, which is exact far
 * beyond any n these methods can finish (Q(28) < 2^64). A caller's stop is
 * seen between the choices of the first two rows' queens (n^2 pieces, each
 * searched as before), so the searches themselves never test it. */
#include "classic.h"
#include "util.h"

#include <stdbool.h>

/* Which columns the first two rows' queens may take. The mirror methods
 * split the board by the first queen's column; everything else is open. */
typedef struct span {
    int lo0, hi0; /* row 0: columns lo0 <= c < hi0 */
    int lo1, hi1; /* row 1: columns lo1 <= c < hi1 */
} span;

/* Counts the solutions with row 0's queen in column c0 and row 1's in c1,
 * a pair that does not attack itself (so n >= 3), searching from row 2. */
typedef uint64_t (*pair_search)(int n, int c0, int c1);

/* Adds to *count the solutions whose first two queens lie in s, one pair
 * at a time, with a look at *stop before each. */
static int span_count(int n, pair_search search, const span *s, const volatile int *stop,
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

/* Q(n) by search over every pair of first queens or, with `mirror`, by
 * left-right mirror symmetry (mirror, marking and available). Every
 * solution with the first queen in the left half has a mirror image with it
 * in the right half, so the left half is counted twice. For odd n the middle
 * column is its own mirror: there the second queen (never in the middle
 * column, nor next to it) is kept to the left half and doubled. */
static int classic_count(int n, pair_search search, bool mirror, const volatile int *stop,
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

/* ------------------------------------------------------------------ naive */

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
static uint64_t naive_search(int n, int c0, int c1)
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

/* ---------------------------------------------------------------- marking */

/* Occupied columns and diagonals: r + c is constant on one diagonal
 * direction, r - c (shifted by n - 1) on the other. */
typedef struct marks {
    bool col[NQ_MAX_N];
    bool sum[2 * NQ_MAX_N - 1];
    bool diff[2 * NQ_MAX_N - 1];
} marks;

static bool marks_free(const marks *m, int n, int row, int c)
{
    return !m->col[c] && !m->sum[row + c] && !m->diff[row - c + n - 1];
}

static void marks_set(marks *m, int n, int row, int c, bool on)
{
    m->col[c] = on;
    m->sum[row + c] = on;
    m->diff[row - c + n - 1] = on;
}

/* As naive_search, with the O(1) check; a row's queen is unmarked when the
 * search comes back to that row to move it. */
static uint64_t marking_search(int n, int c0, int c1)
{
    int col[NQ_MAX_N];
    marks m = { 0 };
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

/* -------------------------------------------------------------- available */

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
    marks m = { 0 };
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

/* ---------------------------------------------------------------- bitmask */

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

int nq_classic_naive(int n, const volatile int *stop, uint64_t *total)
{
    return classic_count(n, naive_search, false, stop, total);
}

int nq_classic_mirror(int n, const volatile int *stop, uint64_t *total)
{
    return classic_count(n, naive_search, true, stop, total);
}

int nq_classic_marking(int n, const volatile int *stop, uint64_t *total)
{
    return classic_count(n, marking_search, true, stop, total);
}

int nq_classic_available(int n, const volatile int *stop, uint64_t *total)
{
    return classic_count(n, available_search, true, stop, total);
}

int nq_classic_bitmask(int n, const volatile int *stop, uint64_t *total)
{
    return classic_count(n, bitmask_search, false, stop, total);
}
