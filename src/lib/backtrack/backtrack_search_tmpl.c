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
 *
 * The last NQ_LAST5_ROWS rows are not searched: they are counted by table (see
 * last_rows.h), which is where most of the speed comes from.
 */
#include "cpu/cpu.h"

/* This file is compiled once per instruction set (dispatch.h), each copy
 * under its own name; the rules, which are not hot, are backtrack_search.c's. */
#define nq_search NQ_ISA_NAME(nq_search)

#include "backtrack_search.h"
#include "last_rows.h"
#include "symmetry.h"
#include "util.h"

static int col_of(uint32_t bit)
{
    return __builtin_ctz(bit);
}

/* EDGE leaf with a possible tie (see the comment at the top): the board is
 * compared with its images. */
static void edge_tie(const nq_rules *rules, const uint32_t *board, nq_leaves *out)
{
    int8_t p[NQ_MAX_N];
    for (int y = 0; y < rules->n; y++)
        p[y] = (int8_t)col_of(board[y]);
    int size;
    if (nq_sym_is_canonical(rules->n, p, &size))
        out->by_class[__builtin_ctz((unsigned)size)]++;
}

/* Leaves below a prefix that ends within the last NQ_LAST5_ROWS rows: a plain
 * search, used only where a subproblem starts that deep (small n). */
static void search_small_board(const nq_rules *rules, int y, uint32_t l, uint32_t d, uint32_t r,
                               uint32_t *board, nq_leaves *out, int kind)
{
    const int n = rules->n, top = y;
    uint32_t sl[NQ_MAX_N + 1], sd[NQ_MAX_N + 1], sr[NQ_MAX_N + 1], sf[NQ_MAX_N + 1];
    sl[y] = l;
    sd[y] = d;
    sr[y] = r;
    sf[y] = y == n ? 1 : nq_rules_allowed(rules, y, d) & ~(l | d | r);
    for (;;) {
        if (y == n) { /* a whole board: board[] holds every row */
            if (kind == NQ_SUB_EDGE)
                edge_tie(rules, board, out);
            else
                out->by_class[kind == NQ_SUB_PLAIN ? 0 : 3]++;
            if (y == top)
                return;
            y--;
            continue;
        }
        if (!sf[y]) {
            if (y == top)
                return;
            y--;
            continue;
        }
        const uint32_t bit = sf[y] & -sf[y];
        sf[y] ^= bit;
        board[y] = bit;
        sl[y + 1] = (sl[y] | bit) << 1;
        sd[y + 1] = sd[y] | bit;
        sr[y + 1] = (sr[y] | bit) >> 1;
        y++;
        if (y < n)
            sf[y] = nq_rules_allowed(rules, y, sd[y]) & ~(sl[y] | sd[y] | sr[y]);
    }
}

/* The completions in `ways` one by one, each compared with its images: for
 * the few that may tie with a rotation. */
static void tie_ways(const nq_rules *rules, uint32_t *board, uint32_t cols, nq_ways ways,
                     nq_leaves *out)
{
    uint32_t col[NQ_LAST5_ROWS], rest = cols;
    for (int i = 0; i < NQ_LAST5_ROWS; i++) {
        col[i] = rest & -rest;
        rest ^= col[i];
    }
    const int first = rules->n - NQ_LAST5_ROWS;
    for (int w = 0; w < NQ_LAST5_WAYS; w++) {
        if (!(ways >> w & 1))
            continue;
        for (int i = 0; i < NQ_LAST5_ROWS; i++)
            board[first + i] = col[nq_last5_perm[w][i]];
        edge_tie(rules, board, out);
    }
    for (int i = 0; i < NQ_LAST5_ROWS; i++)
        board[first + i] = 0;
}

/* Of an EDGE block's completions, those that may tie with a rotation: a
 * border queen exactly b from a corner in the rotation's direction (see the
 * top). Rows above the block are known; in it, the tables pick the ways
 * that put the queen there. */
static inline nq_ways edge_ties(const nq_rules *rules, const uint32_t *board, uint32_t cols,
                               nq_ways ways)
{
    const int n = rules->n, b = rules->bound, last = n - 1, first = n - NQ_LAST5_ROWS;
    if (board[b] == 1u << last) /* rotation by 270; row b is above the block */
        return ways;
    nq_ways tie = 0;
    const int row90 = last - b; /* rotation by 90: row n-1-b at column 0 */
    if (row90 < first) {
        if (board[row90] == 1u)
            return ways;
    } else if (cols & 1u) {
        tie |= ways & nq_last5_row[row90 - first][1]; /* column 0 is the first free */
    }
    const uint32_t bit180 = 1u << (last - b); /* rotation by 180: last row there */
    if (cols & bit180)
        tie |= ways &
               nq_last5_row[NQ_LAST5_ROWS - 1][1u << __builtin_popcount(cols & (bit180 - 1))];
    return tie;
}

/* Row masks of the last NQ_LAST5_ROWS rows for the closed form. An EDGE search needs
 * both side columns taken by side_row; over whole boards that is the same as
 * barring them from the rows below it, a rule that does not depend on d. */
static void closed_masks(const nq_rules *rules, uint32_t m[NQ_LAST5_ROWS])
{
    for (int i = 0; i < NQ_LAST5_ROWS; i++) {
        const int y = rules->n - NQ_LAST5_ROWS + i;
        m[i] = rules->mask[y];
        if (rules->kind == NQ_SUB_EDGE && y > rules->side_row)
            m[i] &= ~rules->side;
    }
}

/* The hot loop. The current row's state lives in registers; a parent's is
 * pushed only when descending, and the last NQ_LAST5_ROWS rows below a node at row
 * n-NQ_LAST5_ROWS-1 are counted by table (last_rows.h). Most leaves are counted in
 * `leaves` (class 8 for CORNER and EDGE, `weight` for PLAIN); only the EDGE
 * ways that may tie take the slow path. */
static inline __attribute__((always_inline)) void search(const nq_rules *rules, int y, uint32_t l,
                                                         uint32_t d, uint32_t r, uint32_t *board,
                                                         nq_leaves *out, const int kind)
{
    const int n = rules->n, last = n - 1;
    const int fast_class = kind == NQ_SUB_PLAIN ? 0 : 3;
    if (y >= n - NQ_LAST5_ROWS || (kind == NQ_SUB_EDGE && rules->bound >= n - NQ_LAST5_ROWS)) {
        search_small_board(rules, y, l, d, r, board, out, kind);
        return;
    }
    uint32_t closed[NQ_LAST5_ROWS];
    closed_masks(rules, closed);
    nq_last5_init();
    const uint32_t full = rules->full;
    uint32_t sl[NQ_MAX_N], sd[NQ_MAX_N], sr[NQ_MAX_N], sf[NQ_MAX_N];
    uint64_t leaves = 0;
    const int top = y;
    uint32_t f = nq_rules_mask(rules, y, d, kind) & ~(l | d | r);
    for (;;) {
        if (!f) {
            if (y == top)
                break;
            y--;
            l = sl[y];
            d = sd[y];
            r = sr[y];
            f = sf[y];
            continue;
        }
        const uint32_t bit = f & -f;
        f ^= bit;
        if (kind == NQ_SUB_EDGE)
            board[y] = bit;
        const uint32_t nl = (l | bit) << 1, nd = d | bit, nr = (r | bit) >> 1;
        if (y + NQ_LAST5_ROWS == last) {
            const uint32_t cols = full & ~nd;
            const nq_ways ways = nq_last5_ways(nl, nr, cols, closed);
            if (kind == NQ_SUB_PLAIN || kind == NQ_SUB_CORNER) {
                leaves += nq_last5_count(ways);
            } else {
                const nq_ways tie = edge_ties(rules, board, cols, ways);
                leaves += nq_last5_count(ways & ~tie);
                if (__builtin_expect(tie != 0, 0))
                    tie_ways(rules, board, cols, tie, out);
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
        f = nq_rules_mask(rules, y, d, kind) & ~(l | d | r);
    }
    out->by_class[fast_class] += leaves;
}

void nq_search(const nq_rules *rules, int row, uint32_t l, uint32_t d, uint32_t r, uint32_t *board,
               nq_leaves *out)
{
    /* One specialised copy per kind keeps the kind tests out of the loop. */
    switch (rules->kind) {
    case NQ_SUB_CORNER: search(rules, row, l, d, r, board, out, NQ_SUB_CORNER); break;
    case NQ_SUB_EDGE: search(rules, row, l, d, r, board, out, NQ_SUB_EDGE); break;
    default: search(rules, row, l, d, r, board, out, NQ_SUB_PLAIN); break;
    }
}
