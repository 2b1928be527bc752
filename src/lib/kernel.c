/* The search kernel: iterative bitmask backtracking below a subproblem's
 * prefix. Columns and both diagonals are bit masks (bit c = column c); the
 * free squares of a row are ~(l|d|r) & allowed, taken lowest bit first.
 *
 * Symmetry (engine parallel-sym8) follows the published corner/edge split
 * known as Takaken's method. A class of solutions is counted once, at its
 * lexicographically smallest board s, with weight = the class size:
 *  - CORNER: s[0] = 0. Such a class has 8 boards (no symmetry fixes a board
 *    with a corner queen when n > 1) and exactly two with s[0] = 0, a board
 *    and its transpose; the smaller has row 1's column b below the row of
 *    column 1's queen, so column 1 is barred from rows 2..b-1.
 *  - EDGE: no corner queen; s[0] = b with 1 <= b < n-1-b. Every symmetry
 *    maps the top row to an edge read from one end, and s is smallest, so
 *    each edge queen is at least b from the corners: side columns are
 *    barred from rows < b and > n-1-b, the last row from b of each corner.
 *    Only the three rotations can then tie with s in row 0, and only when
 *    a queen sits at one of three squares; there, and only there, the leaf
 *    compares the board with its images to find whether it is the smallest
 *    and its class size.
 */
#include "internal.h"

#include <string.h>

void nq_rules_init(nq_rules *k, int n, int kind, int bound)
{
    memset(k, 0, sizeof *k);
    k->n = n;
    k->kind = kind;
    k->bound = bound;
    k->full = n == 32 ? 0xffffffffu : (1u << n) - 1;
    k->side_row = -1;
    for (int y = 0; y < n; y++)
        k->mask[y] = k->full;
    if (kind == NQ_SUB_CORNER) {
        for (int y = 2; y < bound; y++)
            k->mask[y] &= ~2u;
    } else if (kind == NQ_SUB_EDGE && n > 1) {
        const uint32_t side = 1u | (1u << (n - 1));
        const uint32_t near_corners = ((1u << bound) - 1) | (((1u << bound) - 1) << (n - bound));
        k->side = side;
        k->side_row = n - 1 - bound;
        for (int y = 1; y < bound; y++)
            k->mask[y] &= ~side;
        k->mask[n - 1] &= ~near_corners;
    }
}

/* Columns allowed in `row` before the attacks are taken out. At side_row both
 * side columns must be taken once this row's queen is placed: this prunes the
 * rows > n-1-b at once instead of letting them fail one by one. */
static inline uint32_t allowed(const nq_rules *k, int row, uint32_t down, int kind)
{
    uint32_t m = k->mask[row];
    if (kind == NQ_SUB_EDGE && row == k->side_row) {
        const uint32_t taken = down & k->side;
        m = !taken ? 0 : taken == k->side ? m : m & k->side;
    }
    return m;
}

uint32_t nq_rules_allowed(const nq_rules *k, int row, uint32_t down)
{
    return allowed(k, row, down, k->kind);
}

static int col_of(uint32_t bit)
{
    return __builtin_ctz(bit);
}

/* EDGE leaf: a board of the search set; see the comment at the top. */
static inline void edge_leaf(const nq_rules *k, const uint32_t *board, nq_leaves *out)
{
    const int n = k->n, b = k->bound;
    const int tie = board[n - 1 - b] == 1u                  /* rotation by 90 */
                    || board[n - 1] == 1u << (n - 1 - b)    /* rotation by 180 */
                    || board[b] == 1u << (n - 1);           /* rotation by 270 */
    if (__builtin_expect(!tie, 1)) {
        out->by_class[3]++;
        return;
    }
    int8_t p[NQ_MAX_N];
    for (int y = 0; y < n; y++)
        p[y] = (int8_t)col_of(board[y]);
    int size;
    if (nq_sym_is_canonical(n, p, &size))
        out->by_class[__builtin_ctz((unsigned)size)]++;
}

static inline void leaf(const nq_rules *k, const uint32_t *board, nq_leaves *out, int kind)
{
    if (kind == NQ_SUB_EDGE)
        edge_leaf(k, board, out);
    else
        out->by_class[kind == NQ_SUB_CORNER ? 3 : 0]++;
}

/* The hot loop. The current row's state lives in registers; a parent's is
 * pushed only when descending. The last row has at most one free square, so
 * it is tested, not searched. */
static inline __attribute__((always_inline)) void search(const nq_rules *k, int y, uint32_t l,
                                                         uint32_t d, uint32_t r, uint32_t *board,
                                                         nq_leaves *out, const int kind)
{
    const int n = k->n, last = n - 1;
    if (y == n) {
        leaf(k, board, out, kind);
        return;
    }
    const uint32_t last_mask = k->mask[last];
    if (y == last) {
        const uint32_t g = last_mask & ~(l | d | r);
        if (g) {
            board[last] = g;
            leaf(k, board, out, kind);
        }
        return;
    }
    uint32_t sl[NQ_MAX_N], sd[NQ_MAX_N], sr[NQ_MAX_N], sf[NQ_MAX_N];
    const int top = y;
    uint32_t f = allowed(k, y, d, kind) & ~(l | d | r);
    for (;;) {
        if (!f) {
            if (y == top)
                return;
            y--;
            l = sl[y];
            d = sd[y];
            r = sr[y];
            f = sf[y];
            continue;
        }
        const uint32_t bit = f & -f;
        f ^= bit;
        board[y] = bit;
        const uint32_t nl = (l | bit) << 1, nd = d | bit, nr = (r | bit) >> 1;
        if (y + 1 == last) {
            const uint32_t g = last_mask & ~(nl | nd | nr);
            if (g) {
                if (kind == NQ_SUB_EDGE) {
                    board[last] = g;
                    edge_leaf(k, board, out);
                } else {
                    out->by_class[kind == NQ_SUB_CORNER ? 3 : 0]++;
                }
            }
            continue;
        }
        sl[y] = l;
        sd[y] = d;
        sr[y] = r;
        sf[y] = f;
        y++;
        l = nl;
        d = nd;
        r = nr;
        f = allowed(k, y, d, kind) & ~(l | d | r);
    }
}

void nq_search(const nq_rules *k, int row, uint32_t l, uint32_t d, uint32_t r, uint32_t *board,
               nq_leaves *out)
{
    /* One specialised copy per kind keeps the kind tests out of the loop. */
    switch (k->kind) {
    case NQ_SUB_CORNER: search(k, row, l, d, r, board, out, NQ_SUB_CORNER); break;
    case NQ_SUB_EDGE: search(k, row, l, d, r, board, out, NQ_SUB_EDGE); break;
    default: search(k, row, l, d, r, board, out, NQ_SUB_PLAIN); break;
    }
}
