/* Plans: the first rows pre-expanded into independent subproblems.
 * A plan starts from the roots of its engine and expands each one row by
 * row, by the same rules the search obeys (kernel.c), to `depth` rows.
 *  - parallel-mirror: first-row queens in the left half, counted twice; for
 *    odd n the middle one with the second queen kept to the left, also twice.
 *  - parallel-sym8: the corner roots (rows 0 and 1) and edge roots (row 0 at
 *    column b) of kernel.c. (Placing the bottom-row and side-column queens
 *    first as well, as the Q27 project does, was measured: with the table
 *    for the last rows it no longer pays.) */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct builder {
    nq_sub *subs;
    size_t size, cap;
    int failed;
} builder;

static void emit(builder *b, const nq_sub *s)
{
    if (b->size == b->cap) {
        const size_t cap = b->cap ? 2 * b->cap : 256;
        nq_sub *grown = realloc(b->subs, cap * sizeof *grown);
        if (!grown) {
            b->failed = 1;
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
    const uint32_t full = n == 32 ? 0xffffffffu : (1u << n) - 1;
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

static void expand(builder *b, const nq_rules *k, nq_sub *s, int depth)
{
    if (s->rows >= depth || s->rows == k->n) {
        emit(b, s);
        return;
    }
    uint32_t l, d, r;
    prefix_masks(k->n, s, &l, &d, &r, NULL);
    uint32_t f = nq_rules_allowed(k, s->rows, d) & ~(l | d | r);
    while (f) {
        const uint32_t bit = f & -f;
        f ^= bit;
        s->cols[s->rows++] = (int8_t)__builtin_ctz(bit);
        expand(b, k, s, depth);
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
    nq_rules k;
    nq_rules_init(&k, n, &s);
    expand(b, &k, &s, depth);
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

static uint64_t fnv1a(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* Relative size of a subproblem: the partial boards two rows below its
 * prefix, a cheap stand-in for its tree (used for the queue order and ETA). */
static double estimate(int n, const nq_sub *s)
{
    nq_rules k;
    nq_rules_init(&k, n, s);
    uint32_t l, d, r;
    prefix_masks(n, s, &l, &d, &r, NULL);
    if (s->rows >= n - 1)
        return 1;
    double count = 0;
    uint32_t f = nq_rules_allowed(&k, s->rows, d) & ~(l | d | r);
    while (f) {
        const uint32_t bit = f & -f;
        f ^= bit;
        const uint32_t nl = (l | bit) << 1, nd = d | bit, nr = (r | bit) >> 1;
        count += __builtin_popcount(nq_rules_allowed(&k, s->rows + 1, nd) & ~(nl | nd | nr));
    }
    return count + 1;
}

typedef struct ranked {
    double weight;
    size_t index;
} ranked;

static int by_weight_desc(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->weight != y->weight)
        return x->weight < y->weight ? 1 : -1;
    return x->index < y->index ? -1 : 1;
}

/* Enough subproblems to balance many threads (hundreds to thousands), and
 * for long runs, small enough that a checkpoint or a stop comes often. */
static int default_depth(int n)
{
    return n < 12 ? 2 : n < 18 ? 3 : 4;
}

int nq_plan_create(nq_plan **out, int n, int engine, int depth)
{
    *out = NULL;
    if (n < NQ_MIN_N || n > NQ_MAX_N || depth < 0 || depth > NQ_MAX_DEPTH)
        return NQ_ERR(EINVAL);
    if (engine != NQ_ENG_SYM8 && engine != NQ_ENG_PMIRROR)
        return NQ_ERR(ENOTSUP);
    if (!depth)
        depth = default_depth(n);

    builder b = { 0 };
    if (engine == NQ_ENG_SYM8)
        roots_sym8(&b, n, depth);
    else
        roots_mirror(&b, n, depth);

    nq_plan *p = calloc(1, sizeof *p);
    if (p) {
        p->n = n;
        p->engine = engine;
        p->depth = depth;
        p->size = b.size;
        p->subs = b.subs;
        p->order = malloc((b.size + 1) * sizeof *p->order);
        p->weights = malloc((b.size + 1) * sizeof *p->weights);
    }
    ranked *rank = malloc((b.size + 1) * sizeof *rank);
    if (!p || b.failed || !p->order || !p->weights || !rank) {
        if (p) {
            free(p->order);
            free(p->weights);
            free(p);
        }
        free(rank);
        free(b.subs);
        return NQ_ERR(ENOMEM);
    }

    const int32_t head[3] = { n, engine, depth };
    uint64_t h = fnv1a(0xcbf29ce484222325ull, head, sizeof head);
    for (size_t i = 0; i < p->size; i++) {
        const nq_sub *s = &p->subs[i];
        const uint8_t fields[4] = { s->kind, s->weight, s->bound, s->rows };
        h = fnv1a(h, fields, sizeof fields);
        h = fnv1a(h, s->cols, s->rows);
        p->weights[i] = estimate(n, s);
        rank[i] = (ranked){ p->weights[i], i };
    }
    p->fingerprint = h;
    qsort(rank, p->size, sizeof *rank, by_weight_desc);
    for (size_t i = 0; i < p->size; i++)
        p->order[i] = rank[i].index;
    free(rank);
    *out = p;
    return 0;
}

void nq_plan_destroy(nq_plan *plan)
{
    if (!plan)
        return;
    free(plan->subs);
    free(plan->order);
    free(plan->weights);
    free(plan);
}

size_t nq_plan_size(const nq_plan *plan)
{
    return plan->size;
}

int nq_plan_depth(const nq_plan *plan)
{
    return plan->depth;
}

uint64_t nq_plan_fingerprint(const nq_plan *plan)
{
    return plan->fingerprint;
}

double nq_plan_weight(const nq_plan *plan, size_t i)
{
    return i < plan->size ? plan->weights[i] : 0;
}

int nq_plan_prefix(const nq_plan *plan, size_t i, int cols[NQ_MAX_N])
{
    if (i >= plan->size)
        return 0;
    const nq_sub *s = &plan->subs[i];
    for (int y = 0; y < plan->n; y++)
        cols[y] = y < s->rows ? s->cols[y] : -1;
    return s->rows;
}

void nq_plan_solve_one(const nq_plan *plan, size_t i, nq_sub_result *out)
{
    const nq_sub *s = &plan->subs[i];
    nq_rules k;
    nq_rules_init(&k, plan->n, s);
    uint32_t board[NQ_MAX_N], l, d, r;
    prefix_masks(plan->n, s, &l, &d, &r, board);
    nq_leaves leaves = { { 0 } };
    nq_search(&k, s->rows, l, d, r, board, &leaves);

    /* A leaf counter gains one per solution found, so 64 bits cannot wrap
     * in any feasible run; the weighted total is formed in 128 bits. */
    if (s->kind == NQ_SUB_PLAIN) {
        out->total = (nq_u128)leaves.by_class[0] * s->weight;
        out->unique = 0;
        return;
    }
    out->total = 0;
    out->unique = 0;
    for (int c = 0; c < 4; c++) {
        out->total += (nq_u128)leaves.by_class[c] << c;
        out->unique += leaves.by_class[c];
    }
}
