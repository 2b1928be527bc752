/* The backtracking engines' plans (parallel-sym8, parallel-mirror): the first
 * rows pre-expanded into independent subproblems.
 * A plan starts from the roots of its engine and expands each one row by
 * row, by the same rules the search obeys (backtrack_search.c), to `depth` rows.
 *  - parallel-mirror: first-row queens in the left half, counted twice; for
 *    odd n the middle one with the second queen kept to the left, also twice.
 *  - parallel-sym8: the corner roots (rows 0 and 1) and edge roots (row 0 at
 *    column b) of backtrack_search_tmpl.c. (Placing the bottom-row and side-column queens
 *    first as well, as the Q27 project does, was measured: with the table
 *    for the last rows it no longer pays.) */
#include "backtrack_plan.h"
#include "backtrack_search.h"
#include "last_rows.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct builder {
    nq_sub *subs;
    size_t size, cap;
    int failed; /* 0, or NQ_ERR(ENOMEM), NQ_ERR(E2BIG) or NQ_ERR(EINTR) */
    const volatile int *stop;
} builder;

static void emit(builder *b, const nq_sub *s)
{
    if (b->failed)
        return;
    /* Bounded: a plan too large to hold is refused as it outgrows the
     * limit, and a stop is seen every few thousand subproblems. */
    if (b->size == NQ_MAX_PLAN_SIZE) {
        b->failed = NQ_ERR(E2BIG);
        return;
    }
    if (b->size % 4096 == 0 && nq_stop_seen(b->stop)) {
        b->failed = NQ_ERR(EINTR);
        return;
    }
    if (b->size == b->cap) {
        const size_t cap = b->cap ? 2 * b->cap : 256;
        nq_sub *grown = realloc(b->subs, cap * sizeof *grown);
        if (!grown) {
            b->failed = NQ_ERR(ENOMEM);
            return;
        }
        b->subs = grown;
        b->cap = cap;
    }
    b->subs[b->size++] = *s;
}

/* Attack masks for the row after the prefix s. */
static void prefix_masks(int n, const nq_sub *s, uint32_t *l, uint32_t *d, uint32_t *r,
                         uint32_t *board)
{
    const uint32_t full = nq_full_mask(n);
    *l = *d = *r = 0;
    for (int y = 0; y < s->rows; y++) {
        const uint32_t bit = 1u << s->cols[y];
        if (board)
            board[y] = bit;
        *l = ((*l | bit) << 1) & full;
        *d |= bit;
        *r = (*r | bit) >> 1;
    }
}

static void expand(builder *b, const nq_rules *rules, nq_sub *s, int depth)
{
    if (b->failed)
        return;
    if (s->rows >= depth || s->rows == rules->n) {
        emit(b, s);
        return;
    }
    uint32_t l, d, r;
    prefix_masks(rules->n, s, &l, &d, &r, NULL);
    uint32_t f = nq_rules_allowed(rules, s->rows, d) & ~(l | d | r);
    while (f) {
        const uint32_t bit = f & -f;
        f ^= bit;
        s->cols[s->rows++] = (int8_t)__builtin_ctz(bit);
        expand(b, rules, s, depth);
        s->rows--;
    }
}

static void root(builder *b, int n, int depth, int kind, int weight, int bound, int rows,
                 const int *cols)
{
    nq_sub s = { .kind = (uint8_t)kind, .weight = (uint8_t)weight, .bound = (uint8_t)bound,
                 .rows = (uint8_t)rows };
    for (int y = 0; y < rows; y++)
        s.cols[y] = (int8_t)cols[y];
    nq_rules rules;
    nq_rules_init(&rules, n, &s);
    expand(b, &rules, &s, depth);
}

static void roots_mirror(builder *b, int n, int depth)
{
    for (int c = 0; c < n / 2; c++)
        root(b, n, depth, NQ_SUB_PLAIN, 2, 0, 1, (int[]){ c });
    if (n % 2 == 0)
        return;
    const int mid = n / 2;
    if (n == 1) {
        root(b, n, depth, NQ_SUB_PLAIN, 1, 0, 1, (int[]){ 0 });
        return;
    }
    /* First queen in the middle: its mirror image is the same first row, so
     * the second queen is kept to the left (and the count doubled). */
    for (int c = 0; c < mid - 1; c++)
        root(b, n, depth, NQ_SUB_PLAIN, 2, 0, 2, (int[]){ mid, c });
}

static void roots_sym8(builder *b, int n, int depth)
{
    if (n == 1) {
        /* The one-square board: its queen is fixed by every symmetry; the
         * EDGE leaf test finds the class size 1. */
        root(b, n, depth, NQ_SUB_EDGE, 0, 0, 1, (int[]){ 0 });
        return;
    }
    for (int t = 1; n - 1 - t > t; t++)
        root(b, n, depth, NQ_SUB_EDGE, 0, t, 1, (int[]){ t });
    for (int c = 2; c <= n - 2; c++)
        root(b, n, depth, NQ_SUB_CORNER, 0, c, 2, (int[]){ 0, c });
}

/* Partial boards `rows` rows below row y. */
static unsigned partial_boards(const nq_rules *rules, int y, uint32_t l, uint32_t d, uint32_t r,
                               int rows)
{
    if (rows == 0 || y == rules->n)
        return 1;
    uint32_t f = nq_rules_allowed(rules, y, d) & ~(l | d | r);
    if (rows == 1)
        return (unsigned)__builtin_popcount(f);
    unsigned count = 0;
    while (f) {
        const uint32_t bit = f & -f;
        f ^= bit;
        count += partial_boards(rules, y + 1, (l | bit) << 1, d | bit, (r | bit) >> 1, rows - 1);
    }
    return count;
}

/* Relative size of a subproblem: the partial boards `rows` rows below its
 * prefix, a cheap stand-in for its tree (used for the queue order and ETA).
 * With two rows the first ETAs of a run (largest subproblems first) were
 * 0.8 of the time really left; with three, 0.94-1.14 over the first fifth
 * (n = 16, 17, from each subproblem's CPU time); both are pessimistic, 1.5,
 * over the last fifth. Three rows cost n times more, so they are used while
 * that stays within ESTIMATE_BUDGET steps (under 0.2 s; n <= 28 at the
 * default depth). */
#define ESTIMATE_BUDGET ((size_t)1 << 27)
static double estimate(int n, const nq_sub *s, int rows)
{
    nq_rules rules;
    nq_rules_init(&rules, n, s);
    uint32_t l, d, r;
    prefix_masks(n, s, &l, &d, &r, NULL);
    return partial_boards(&rules, s->rows, l, d, r, rows) + 1;
}

/* Enough subproblems to balance many threads (hundreds to thousands), and
 * for long runs, small enough that a checkpoint or a stop comes often. */
static int default_depth(int n)
{
    static const int above[] = { 11, 17 };
    return nq_depth_for(n, 2, above, 2);
}

/* A backtracking engine's plan: its roots, pre-expanded to the depth. */
static int plan_backtrack(nq_plan *p, const volatile int *stop,
                          void (*roots)(builder *b, int n, int depth))
{
    const int n = p->n;
    if (!p->depth)
        p->depth = default_depth(n);
    builder b = { .stop = stop };
    roots(&b, n, p->depth);
    p->subs = b.subs;
    p->size = b.size;
    if (b.failed)
        return b.failed;
    p->weights = malloc((b.size + 1) * sizeof *p->weights);
    if (!p->weights)
        return NQ_ERR(ENOMEM);
    /* The fingerprint: n, engine, depth, then every prefix. */
    const int rows = p->size * (size_t)n * (size_t)n <= ESTIMATE_BUDGET ? 3 : 2;
    uint64_t h = nq_plan_fingerprint_start(p);
    for (size_t i = 0; i < p->size; i++) {
        const nq_sub *s = &((const nq_sub *)p->subs)[i];
        const uint8_t fields[4] = { s->kind, s->weight, s->bound, s->rows };
        h = nq_fnv1a(h, fields, sizeof fields);
        h = nq_fnv1a(h, s->cols, s->rows);
        p->weights[i] = estimate(n, s, rows);
        if (i % 4096 == 4095 && nq_stop_seen(stop))
            return NQ_ERR(EINTR);
    }
    p->fingerprint = h;
    return 0;
}

int nq_parallel_sym8_plan(nq_plan *p, const volatile int *stop)
{
    return plan_backtrack(p, stop, roots_sym8);
}

int nq_parallel_mirror_plan(nq_plan *p, const volatile int *stop)
{
    return plan_backtrack(p, stop, roots_mirror);
}

int nq_prefix_backtrack(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N])
{
    const nq_sub *s = &((const nq_sub *)plan->subs)[i];
    for (int y = 0; y < s->rows; y++)
        cols[y] = s->cols[y];
    return s->rows;
}

/* Searches below row `row` in pieces: the rows down to `split` are walked
 * here, and the search proper runs from each node of row `split`, with the
 * stop flag read between pieces. The hot loop itself never reads it. */
static int search_pieces(const nq_rules *rules, int row, int split, uint32_t l, uint32_t d,
                         uint32_t r, uint32_t *board, nq_leaves *leaves,
                         const volatile int *stop)
{
    if (row >= split) {
        if (nq_stop_seen(stop))
            return NQ_ERR(EINTR);
        nq_search(rules, row, l, d, r, board, leaves);
        return 0;
    }
    uint32_t f = nq_rules_allowed(rules, row, d) & ~(l | d | r);
    while (f) {
        const uint32_t bit = f & -f;
        f ^= bit;
        board[row] = bit;
        const int err = search_pieces(rules, row + 1, split, ((l | bit) << 1) & rules->full,
                                      d | bit, (r | bit) >> 1, board, leaves, stop);
        if (err)
            return err;
    }
    board[row] = 0;
    return 0;
}

int nq_backtrack_count_one(const nq_plan *plan, size_t i, void *work,
                           const volatile int *stop, nq_sub_result *out)
{
    (void)work;
    const nq_sub *s = &((const nq_sub *)plan->subs)[i];
    nq_rules rules;
    nq_rules_init(&rules, plan->n, s);
    uint32_t board[NQ_MAX_N] = { 0 }, l, d, r;
    prefix_masks(plan->n, s, &l, &d, &r, board);
    nq_leaves leaves = { { 0 } };
    /* Pieces of NQ_PIECE_ROWS searched rows above the table's: thousands of
     * nodes or more each, so the split costs nothing measurable, and short
     * enough at any n for a stop to be seen within a fraction of a second. */
    const int split = plan->n - NQ_LAST5_ROWS - NQ_PIECE_ROWS;
    const int err = search_pieces(&rules, s->rows, split > s->rows ? split : s->rows, l, d, r,
                                  board, &leaves, stop);
    if (err)
        return err;

    /* A leaf counter gains one per solution found, so 64 bits cannot wrap
     * in any feasible run; the weighted total is formed in 128 bits. */
    if (s->kind == NQ_SUB_PLAIN) {
        out->total = (nq_u128)leaves.by_class[0] * s->weight;
        out->unique = 0;
        return 0;
    }
    out->total = 0;
    out->unique = 0;
    for (int c = 0; c < 4; c++) {
        out->total += (nq_u128)leaves.by_class[c] << c;
        out->unique += leaves.by_class[c];
    }
    return 0;
}

/* The most solutions subproblem s can hold. Each is a placement of one
 * queen in every free row on a column the prefix leaves free, none on a
 * square the prefix attacks: a permutation that the 0/1 matrix of those
 * squares allows, so their number is at most its permanent, which Bregman's
 * theorem bounds by the product over the rows of (r!)^(1/r), r the row's
 * free squares. A row with none: no solution at all. Times the weight each
 * solution is counted with (a class of up to 8 for parallel-sym8), and never
 * above the published Q(n) (the subproblems' totals sum to it). Still far
 * above the counts (median 500 to 1,200 times at n = 14 and 16, default
 * depth; n! alone was about 10^6 times), but cheap: n^2 steps. */
static long double most_solutions(const nq_plan *plan, const nq_sub *s)
{
    const int n = plan->n;
    uint32_t cols = 0;
    for (int y = 0; y < s->rows; y++)
        cols |= 1u << s->cols[y];
    long double log_bound = logl(s->kind == NQ_SUB_PLAIN ? (s->weight ? s->weight : 1) : 8);
    for (int y = s->rows; y < n; y++) {
        uint32_t open = nq_full_mask(n) & ~cols;
        for (int q = 0; q < s->rows; q++) {
            const int c = s->cols[q], away = y - q;
            if (c + away < n)
                open &= ~(1u << (c + away));
            if (c - away >= 0)
                open &= ~(1u << (c - away));
        }
        const int r = __builtin_popcount(open);
        if (r == 0)
            return 0;
        log_bound += lgammal(r + 1) / r;
    }
    long double bound = expl(log_bound);
    nq_u128 total, unique;
    if (!nq_published(n, &total, &unique) && (long double)total < bound)
        bound = (long double)total;
    return bound;
}

/* Whether (total, unique) can be the counts of subproblem s. */
int nq_plausible_backtrack(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique)
{
    const nq_sub *s = &((const nq_sub *)plan->subs)[i];
    /* The margin covers the rounding of the logarithms only. */
    if ((long double)total > most_solutions(plan, s) * (1 + 1e-9L) + 0.5L)
        return 0;
    switch (s->kind) {
    case NQ_SUB_PLAIN: /* mirror symmetry only: unique is not counted */
        return unique == 0 && total % (s->weight ? s->weight : 1) == 0;
    case NQ_SUB_CORNER: /* every class has 8 boards */
        return total == 8 * unique;
    default: /* classes of 1, 2, 4 or 8 boards */
        return unique <= total && total <= 8 * unique;
    }
}
