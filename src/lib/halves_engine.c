/* The "halves" engine in the plan: one subproblem per piece (halves.h). Its
 * subproblems carry Q(n) only; U(n) comes at the end from Burnside's lemma,
 * with the counts of solutions a half and a quarter turn leave alone. */
#include "halves_engine.h"

#include "halves.h"
#include "plan.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>

int nq_halves_plan(nq_plan *p, const volatile int *stop)
{
    (void)stop; /* a few thousand pieces, planned in milliseconds */
    nq_halves_piece *pieces;
    size_t size;
    int err = nq_halves_pieces(p->n, nq_halves_pieces_most(p->n), &pieces, &size);
    if (err)
        return err;
    p->subs = pieces;
    p->size = size;
    p->weights = malloc((size + 1) * sizeof *p->weights);
    if (!p->weights)
        return NQ_ERR(ENOMEM);
    const int32_t head[3] = { p->n, p->engine, p->depth };
    uint64_t h = nq_fnv1a(NQ_FNV_START, head, sizeof head);
    for (size_t i = 0; i < size; i++) {
        const nq_halves_piece *c = &pieces[i];
        const int32_t fields[5] = { c->middle_col, c->middle_row, c->weight, (int32_t)c->north,
                                    (int32_t)c->south };
        h = nq_fnv1a(h, fields, sizeof fields);
        p->weights[i] = nq_halves_estimate(p->n, c);
    }
    p->fingerprint = h;
    return 0;
}

int nq_halves_work_new(const nq_plan *plan, void **work)
{
    return nq_halves_work_create((nq_halves_work **)work, plan->n, nq_simd_best(),
                                 plan->work_budget);
}

void nq_halves_work_free(void *work)
{
    nq_halves_work_destroy(work);
}

size_t nq_halves_work_size(const void *work)
{
    return nq_halves_work_bytes(work);
}

int nq_halves_solve(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                  nq_sub_result *out)
{
    const nq_halves_piece *pieces = plan->subs;
    out->unique = 0;
    return nq_halves_count_piece(work, &pieces[i], stop, &out->total);
}

int nq_halves_prefix(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N])
{
    const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[i];
    if (c->middle_col < 0)
        return 0;
    const int h = plan->n / 2;
    cols[h] = (int8_t)c->middle_col;
    cols[c->middle_row] = (int8_t)h;
    return c->middle_row == h ? 1 : 2;
}

int nq_halves_finish(const nq_plan *plan, nq_sub_result *sum)
{
    const int n = plan->n;
    /* Burnside: U = (Q + S90 + S180 + S270 + fixed by the 4 reflections) / 8,
     * S270 = S90, and no reflection fixes a solution once n > 1. */
    if (n == 1) {
        sum->unique = (uint64_t)sum->total;
        return 0;
    }
    const nq_u128 fixed = sum->total + nq_halves_invariant(n, 2) + 2 * (nq_u128)nq_halves_invariant(n, 1);
    if (fixed % 8)
        return NQ_ERR(EPROTO); /* cannot happen for a right Q(n): a check */
    sum->unique = (uint64_t)(fixed / 8);
    return 0;
}

/* What a count holds beside its threads' budgets: the program and its
 * libraries (measured: about 3 MiB resident), the plan and the run's state
 * per piece (piece, weight, order, result, flags: under 64 bytes). */
static double shared_bytes(int n)
{
    const int h = n / 2;
    const double pieces = n % 2 ? (double)n * n / 8 * ldexp(1, h) : ldexp(1, h);
    return 4.0 * (1 << 20) + 64 * pieces;
}

/* A thread's buffers outside its budget: the work and matcher structs, the
 * stream's buffer of entries, and the index arrays of the memos and
 * buckets (per row set). */
static double thread_bytes(int n)
{
    return 256.0 * 1024 + 40 * ldexp(1, n / 2);
}

uint64_t nq_halves_memory(int n, int threads, uint64_t limit, size_t *budget)
{
    const double fixed = shared_bytes(n), each = thread_bytes(n);
    double b = NQ_HALVES_BUDGET_DEFAULT;
    if (limit) {
        const double room = ((double)limit - fixed) / threads - each;
        b = room < NQ_HALVES_BUDGET_MIN ? NQ_HALVES_BUDGET_MIN : fmin(room, b);
    }
    if (budget)
        *budget = (size_t)b;
    return (uint64_t)(fixed + threads * (each + b));
}

int nq_halves_plausible(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique)
{
    /* A piece counts Q(n) only; its boards, each weighted at most 8, are
     * fewer than the n! permutations, and the pieces' totals sum to Q(n):
     * none is above the published value where there is one. Far above the
     * truth still, but a value above it is certainly not a count. */
    (void)i;
    nq_u128 most = 8, published, published_unique;
    for (int k = 2; k <= plan->n; k++)
        most *= (nq_u128)k;
    if (!nq_published(plan->n, &published, &published_unique) && published < most)
        most = published;
    return unique == 0 && total <= most;
}
