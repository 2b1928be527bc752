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
 *  - BORDER: EDGE with large b (plan.c), its bottom-row and side-column
 *    queens placed in advance; they enter the search as row masks. Where a
 *    rotation may tie (BORDER_TIE), every leaf is compared.
 */
#include "internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

static uint32_t bit_at(int n, int col)
{
    return col >= 0 && col < n ? 1u << col : 0;
}

void nq_rules_init(nq_rules *k, int n, const nq_sub *s)
{
    const int kind = s->kind, bound = s->bound;
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
    /* Queens placed further down: their row holds only them, and their
     * column and diagonals are barred from the rows above. */
    for (int q = 0; q < s->nfixed; q++) {
        const int row = s->fixed_row[q], col = s->fixed_col[q];
        for (int y = 0; y < n; y++) {
            if (y != row)
                k->mask[y] &= ~(1u << col);
            if (y < row)
                k->mask[y] &= ~(bit_at(n, col - (row - y)) | bit_at(n, col + (row - y)));
        }
        k->mask[row] &= 1u << col;
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

/* EDGE leaf with a possible tie (see the comment at the top): the board is
 * compared with its images. */
static void edge_tie(const nq_rules *k, const uint32_t *board, nq_leaves *out)
{
    int8_t p[NQ_MAX_N];
    for (int y = 0; y < k->n; y++)
        p[y] = (int8_t)col_of(board[y]);
    int size;
    if (nq_sym_is_canonical(k->n, p, &size))
        out->by_class[__builtin_ctz((unsigned)size)]++;
}

/* 1 if an EDGE leaf may tie with a rotation of itself in row 0. */
static inline int edge_may_tie(const nq_rules *k, const uint32_t *board, uint32_t last_bit)
{
    const int n = k->n, b = k->bound;
    return (board[n - 1 - b] == 1u)               /* rotation by 90 */
           | (last_bit == 1u << (n - 1 - b))      /* rotation by 180 */
           | (board[b] == 1u << (n - 1));         /* rotation by 270 */
}

/* Leaves below a prefix that ends at row n-2 or lower: a plain loop, used
 * only where a subproblem starts that deep (small n). */
static void tail(const nq_rules *k, int y, uint32_t l, uint32_t d, uint32_t r, uint32_t *board,
                 nq_leaves *out, int kind)
{
    const int last = k->n - 1;
    if (y == k->n) {
        if (kind == NQ_SUB_EDGE || kind == NQ_SUB_BORDER_TIE)
            edge_tie(k, board, out);
        else
            out->by_class[kind == NQ_SUB_PLAIN ? 0 : 3]++;
        return;
    }
    uint32_t f = (y == last ? k->mask[y] : nq_rules_allowed(k, y, d)) & ~(l | d | r);
    while (f) {
        const uint32_t bit = f & -f;
        f ^= bit;
        board[y] = bit;
        tail(k, y + 1, (l | bit) << 1, d | bit, (r | bit) >> 1, board, out, kind);
    }
}

/* The last four rows by table. Below row n-5 exactly four columns are free;
 * a completion is one of the 24 ways to give them to the four rows. M holds,
 * for each row i and each free column k (in order), whether row i may take
 * it; the tables give the ways every row accepts (rows 0-1 and rows 2-3 in
 * two halves) and the ways in which no two of the four queens share a
 * diagonal, which depends only on the gaps between the columns. */
static uint32_t ways_rows01[256], ways_rows23[256], ways_apart[4][4][4];

static void build_tables(void)
{
    int perm[24][4], p = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    if (a != b && a != c && a != d && b != c && b != d && c != d) {
                        perm[p][0] = a, perm[p][1] = b, perm[p][2] = c, perm[p][3] = d;
                        p++;
                    }
    for (int x = 0; x < 256; x++)
        for (p = 0; p < 24; p++) {
            if ((x >> perm[p][0] & 1) && (x >> (4 + perm[p][1]) & 1))
                ways_rows01[x] |= 1u << p;
            if ((x >> perm[p][2] & 1) && (x >> (4 + perm[p][3]) & 1))
                ways_rows23[x] |= 1u << p;
        }
    for (int g1 = 0; g1 < 4; g1++)
        for (int g2 = 0; g2 < 4; g2++)
            for (int g3 = 0; g3 < 4; g3++) {
                const int pos[4] = { 0, g1 + 1, g1 + g2 + 2, g1 + g2 + g3 + 3 };
                for (p = 0; p < 24; p++) {
                    int apart = 1;
                    for (int i = 0; i < 4; i++)
                        for (int j = i + 1; j < 4; j++)
                            apart &= abs(pos[perm[p][i]] - pos[perm[p][j]]) != j - i;
                    ways_apart[g1][g2][g3] |= (uint32_t)apart << p;
                }
            }
}

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* The bits of a at the 4 set bits of cols, packed (pext). */
static inline uint32_t gather4(uint32_t a, uint32_t cols)
{
#ifdef __BMI2__
    return _pext_u32(a, cols);
#else
    uint32_t out = 0;
    for (int k = 0; k < 4; k++) {
        out |= (a >> __builtin_ctz(cols) & 1u) << k;
        cols &= cols - 1;
    }
    return out;
#endif
}

static inline uint32_t min3(uint32_t g)
{
    return g < 3 ? g : 3;
}

static inline uint32_t last_four(uint32_t l, uint32_t r, uint32_t cols, const uint32_t *row)
{
    const uint32_t m = gather4(row[0] & ~(l | r), cols) |
                       gather4(row[1] & ~((l << 1) | (r >> 1)), cols) << 4 |
                       gather4(row[2] & ~((l << 2) | (r >> 2)), cols) << 8 |
                       gather4(row[3] & ~((l << 3) | (r >> 3)), cols) << 12;
    /* Gaps between the free columns, minus one; 3 or more never meet a
     * diagonal inside four rows. */
    const uint32_t c0 = (uint32_t)__builtin_ctz(cols), rest1 = cols & (cols - 1);
    const uint32_t c1 = (uint32_t)__builtin_ctz(rest1), rest2 = rest1 & (rest1 - 1);
    const uint32_t c2 = (uint32_t)__builtin_ctz(rest2), c3 = 31u - (uint32_t)__builtin_clz(cols);
    const uint32_t ways = ways_rows01[m & 0xff] & ways_rows23[m >> 8] &
                          ways_apart[min3(c1 - c0 - 1)][min3(c2 - c1 - 1)][min3(c3 - c2 - 1)];
    return (uint32_t)__builtin_popcount(ways);
}

/* Row masks of the last four rows for the closed form. An EDGE search needs
 * both side columns taken by side_row; over whole boards that is the same as
 * barring them from the rows below it, a rule that does not depend on d. */
static void closed_masks(const nq_rules *k, uint32_t m[4])
{
    for (int i = 0; i < 4; i++) {
        const int y = k->n - 4 + i;
        m[i] = k->mask[y];
        if (k->kind == NQ_SUB_EDGE && y > k->side_row)
            m[i] &= ~k->side;
    }
}

/* The hot loop. The current row's state lives in registers; a parent's is
 * pushed only when descending, and the last four rows below a node at row
 * n-5 are counted by table (last_four). Most leaves are counted in `leaves` (class 8 for CORNER and EDGE,
 * `weight` for PLAIN); only possible EDGE ties take the slow path. */
static inline __attribute__((always_inline)) void search(const nq_rules *k, int y, uint32_t l,
                                                         uint32_t d, uint32_t r, uint32_t *board,
                                                         nq_leaves *out, const int kind)
{
    const int n = k->n, last = n - 1;
    const int fast_class = kind == NQ_SUB_PLAIN ? 0 : 3;
    if (y >= n - 4 || (kind == NQ_SUB_EDGE && k->bound >= n - 4)) {
        tail(k, y, l, d, r, board, out, kind);
        return;
    }
    uint32_t closed[4];
    closed_masks(k, closed);
    pthread_once(&tables_once, build_tables);
    const uint32_t full = k->full;
    uint32_t sl[NQ_MAX_N], sd[NQ_MAX_N], sr[NQ_MAX_N], sf[NQ_MAX_N];
    uint64_t leaves = 0;
    const int top = y;
    uint32_t f = allowed(k, y, d, kind) & ~(l | d | r);
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
        if (kind == NQ_SUB_EDGE || kind == NQ_SUB_BORDER_TIE)
            board[y] = bit;
        const uint32_t nl = (l | bit) << 1, nd = d | bit, nr = (r | bit) >> 1;
        if (y + 4 == last) {
            const uint32_t cols = full & ~nd;
            const uint32_t count = last_four(nl, nr, cols, closed);
            if (kind == NQ_SUB_BORDER_TIE) {
                if (count)
                    tail(k, y + 1, nl, nd, nr, board, out, kind);
            } else if (kind != NQ_SUB_EDGE) {
                leaves += count;
            } else {
                /* A tie needs a border queen exactly b from a corner (see the
                 * top); rows n-4..n-1 are not placed yet, so their columns
                 * count as possible. */
                const int b = k->bound;
                const uint32_t rot90 = b <= 3 ? cols & 1u : board[last - b] == 1u;
                const uint32_t may_tie = rot90 | !!(cols & (1u << (last - b))) |
                                         (board[b] == 1u << last);
                if (__builtin_expect(count && may_tie, 0))
                    tail(k, y + 1, nl, nd, nr, board, out, kind);
                else
                    leaves += count;
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
    out->by_class[fast_class] += leaves;
}

void nq_search(const nq_rules *k, int row, uint32_t l, uint32_t d, uint32_t r, uint32_t *board,
               nq_leaves *out)
{
    /* One specialised copy per kind keeps the kind tests out of the loop. */
    switch (k->kind) {
    case NQ_SUB_CORNER:
    case NQ_SUB_BORDER: search(k, row, l, d, r, board, out, NQ_SUB_CORNER); break;
    case NQ_SUB_EDGE: search(k, row, l, d, r, board, out, NQ_SUB_EDGE); break;
    case NQ_SUB_BORDER_TIE: search(k, row, l, d, r, board, out, NQ_SUB_BORDER_TIE); break;
    default: search(k, row, l, d, r, board, out, NQ_SUB_PLAIN); break;
    }
}
