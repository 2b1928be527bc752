/* Work units: a plan's subproblems split into parts of about equal
 * estimated work, for counts that run as independent jobs (nq_count_part)
 * and are merged later.
 *
 * The split is the greedy one for balancing: in the work queue's order
 * (largest estimate first, ties by index), each subproblem goes to the part
 * with the least estimated work so far. Each part then holds a share of the
 * large and the small subproblems alike, so that an estimate that is off
 * for one kind of subproblem is off for every part alike; contiguous index
 * ranges would each take the error of their own region of the plan. It
 * reads only the plan's order and weights, so it is fixed by (n, engine,
 * depth, parts). */
#include "nqueens_parts.h"
#include "plan.h"

#include <math.h>
#include <stdlib.h>

/* A part's place in the heap: the least loaded first; among equal loads the
 * one with fewer subproblems (so that zero weights still give every part
 * one), then the lower part. */
typedef struct bin {
    double load;
    size_t items;
    int part;
} bin;

static int before(const bin *a, const bin *b)
{
    if (a->load != b->load)
        return a->load < b->load;
    if (a->items != b->items)
        return a->items < b->items;
    return a->part < b->part;
}

/* Restores the heap below slot k after heap[k] grew. */
static void sift_down(bin *heap, size_t count, size_t k)
{
    for (;;) {
        size_t least = k;
        const size_t l = 2 * k + 1, r = l + 1;
        if (l < count && before(&heap[l], &heap[least]))
            least = l;
        if (r < count && before(&heap[r], &heap[least]))
            least = r;
        if (least == k)
            return;
        const bin t = heap[k];
        heap[k] = heap[least];
        heap[least] = t;
        k = least;
    }
}

int nq_plan_split(const nq_plan *plan, int parts, int *part_of)
{
    if (!plan || !part_of || parts < 1 || (size_t)parts > plan->size)
        return NQ_ERR(ERANGE);
    bin *heap = malloc((size_t)parts * sizeof *heap);
    if (!heap)
        return NQ_ERR(ENOMEM);
    /* Parts in ascending order, all empty: already a heap. */
    for (int p = 0; p < parts; p++)
        heap[p] = (bin){ 0, 0, p + 1 };
    for (size_t k = 0; k < plan->size; k++) {
        const size_t i = plan->order[k];
        const double w = plan->weights[i];
        part_of[i] = heap[0].part;
        heap[0].load += isfinite(w) && w > 0 ? w : 0;
        heap[0].items++;
        sift_down(heap, (size_t)parts, 0);
    }
    free(heap);
    return 0;
}
