/* Plans: a count split into independent subproblems, numbered in a fixed
 * order, each with an estimate of its work; the engine's plan hook makes
 * them (backtrack_plan.c, halves_engine.c), this module orders and owns
 * them. */
#include "engines.h"
#include "plan.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* Entries a pass of the sort takes between reads of the stop flag: a few
 * milliseconds' work (the sort of a plan of millions takes many). */
#define SORT_STOP_EVERY ((size_t)1 << 18)

int nq_order_by_weight(const double *weights, size_t size, const volatile int *stop,
                       size_t *order)
{
    /* An LSD radix sort: the bits of a double >= 0 order as the numbers do,
     * so ~bits ascending is weight descending, and a stable sort of the
     * indexes in increasing order breaks ties by index. Linear: qsort of the
     * 4 million pieces of n = 28 took a second a stop could not cut short.
     * 16 bits a pass for large plans; 8 for small ones, whose 65,536
     * counters cost more than the sort (n = 16's 420 pieces: 0.4 ms, a
     * serial part of every count, against 0.01 ms). */
    const int bits = size >> 16 ? 16 : 8;
    const size_t digits = (size_t)1 << bits, mask = digits - 1;
    uint64_t *const keys = malloc(2 * (size + 1) * sizeof *keys), *key = keys;
    size_t *tmp = malloc((size + 1) * sizeof *tmp), *count = malloc((digits + 1) * sizeof *count);
    if (!keys || !tmp || !count) {
        free(keys), free(tmp), free(count);
        return NQ_ERR(ENOMEM);
    }
    uint64_t *other = key + size;
    int err = 0;
    for (size_t i = 0; i < size && !err; i++) {
        if (!(i % SORT_STOP_EVERY) && nq_stop_seen(stop))
            err = NQ_ERR(EINTR);
        double w = weights[i] > 0 ? weights[i] : 0; /* -0.0 and the like as 0 */
        memcpy(&key[i], &w, sizeof w);
        key[i] = ~key[i];
        order[i] = i;
    }
    size_t *from = order, *to = tmp;
    for (int shift = 0; shift < 64 && !err; shift += bits) {
        memset(count, 0, (digits + 1) * sizeof *count);
        for (size_t i = 0; i < size && !err; i++) {
            if (!(i % SORT_STOP_EVERY) && nq_stop_seen(stop))
                err = NQ_ERR(EINTR);
            count[(key[i] >> shift & mask) + 1]++;
        }
        for (size_t d = 0; d < digits; d++)
            count[d + 1] += count[d];
        for (size_t i = 0; i < size && !err; i++) {
            if (!(i % SORT_STOP_EVERY) && nq_stop_seen(stop))
                err = NQ_ERR(EINTR);
            const size_t at = count[key[i] >> shift & mask]++;
            other[at] = key[i];
            to[at] = from[i];
        }
        uint64_t *swap_key = key;
        key = other;
        other = swap_key;
        size_t *swap = from;
        from = to;
        to = swap;
    }
    free(keys); /* an even number of passes: the indexes are back in order */
    free(tmp);
    free(count);
    return err;
}

/* The work-queue order, largest estimate first, ties by index: a counting
 * sort where estimates are small whole numbers (at most NQ_PLAN_COUNTING_MAX). */
static int order_by_weight(nq_plan *p, const volatile int *stop)
{
    for (size_t i = 0; i < p->size; i++)
        if (p->weights[i] != (double)(size_t)p->weights[i] || p->weights[i] > NQ_PLAN_COUNTING_MAX)
            return nq_order_by_weight(p->weights, p->size, stop, p->order);
    const size_t buckets = NQ_PLAN_COUNTING_MAX + 1;
    size_t *start = calloc(buckets + 1, sizeof *start);
    if (!start)
        return NQ_ERR(ENOMEM);
    for (size_t i = 0; i < p->size; i++)
        start[buckets - (size_t)p->weights[i]]++;
    size_t at = 0;
    for (size_t w = 0; w <= buckets; w++) {
        const size_t count = start[w];
        start[w] = at;
        at += count;
    }
    for (size_t i = 0; i < p->size; i++)
        p->order[start[buckets - (size_t)p->weights[i]]++] = i;
    free(start);
    return 0;
}

int32_t nq_engine_code(const char *name)
{
    const uint64_t h = nq_fnv1a(NQ_FNV_START, name, strlen(name));
    return (int32_t)((h ^ h >> 32) & 0x7fffffff);
}

uint64_t nq_plan_fingerprint_start(const nq_plan *plan)
{
    const int32_t head[3] = { plan->n, plan->engine_code, plan->depth };
    return nq_fnv1a(NQ_FNV_START, head, sizeof head);
}

int nq_plan_fingerprint_as(const nq_plan *plan, int32_t code, uint64_t *out)
{
    nq_plan again = { .n = plan->n, .engine_code = code, .depth = plan->depth,
                      .engine = plan->engine };
    const int err = plan->engine->plan(&again, NULL);
    *out = again.fingerprint;
    free(again.subs);
    free(again.weights);
    free(again.groups);
    return err;
}

int nq_plan_create(nq_plan **out, int n, int engine, int depth, const nq_run_hooks *hooks)
{
    const volatile int *stop = hooks ? hooks->stop : NULL;
    *out = NULL;
    const nq_engine *e = nq_engine_impl(engine);
    if (n < NQ_MIN_N || n > NQ_MAX_N || depth < 0 || depth > NQ_MAX_DEPTH || !e)
        return NQ_ERR(EINVAL);
    if (!e->plan)
        return NQ_ERR(ENOTSUP);
    if (depth && !e->info.uses_depth)
        return NQ_ERR(EINVAL);
    nq_plan *p = calloc(1, sizeof *p);
    if (!p)
        return NQ_ERR(ENOMEM);
    p->n = n;
    p->engine_code = nq_engine_code(e->info.name);
    p->engine = e;
    p->depth = depth;
    int err = e->plan(p, stop);
    if (!err && nq_stop_seen(stop)) /* a plan comes back only if no stop was seen */
        err = NQ_ERR(EINTR);
    if (!err) {
        p->order = malloc((p->size + 1) * sizeof *p->order);
        err = p->order ? order_by_weight(p, stop) : NQ_ERR(ENOMEM);
    }
    if (err) {
        nq_plan_destroy(p);
        return err;
    }
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
    free(plan->groups);
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

int nq_plan_prefix(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N])
{
    for (int y = 0; y < plan->n; y++)
        cols[y] = -1;
    if (i >= plan->size)
        return 0;
    return plan->engine->prefix(plan, i, cols);
}

int nq_plan_count_one(const nq_plan *plan, size_t i, const nq_run_hooks *hooks,
                      nq_sub_result *out)
{
    const nq_engine *e = plan->engine;
    void *work = NULL;
    *out = (nq_sub_result){ 0, 0 };
    int err = e->work_create ? e->work_create(plan, &work) : 0;
    if (!err)
        err = e->count_one(plan, i, work, hooks ? hooks->stop : NULL, out);
    if (err)
        *out = (nq_sub_result){ 0, 0 };
    if (e->work_destroy)
        e->work_destroy(work);
    return err;
}

/* 1.0's name for nq_plan_count_one, kept for programs built against it. */
int nq_plan_solve_one(const nq_plan *plan, size_t i, const nq_run_hooks *hooks,
                      nq_sub_result *out)
{
    return nq_plan_count_one(plan, i, hooks, out);
}
