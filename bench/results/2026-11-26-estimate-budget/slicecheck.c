/* For pieces at given queue places: count_one's CPU (warm from place-2),
 * and the sum over every row set of its slice's projected seconds. */
#include "engines.h"
#include "plan.h"
#include "util.h"
#include "halves.h"
#include "halves_slice.h"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    nq_plan *plan;
    if (nq_plan_create(&plan, n, 0, 0, NULL)) return 1;
    const nq_engine *e = plan->engine;
    void *w = NULL;
    e->work_create(plan, &w);
    for (int a = 2; a < argc; a++) {
        size_t k = strtoul(argv[a], 0, 0);
        nq_sub_result r;
        if (k >= 2) e->count_one(plan, plan->order[k - 2], w, NULL, &r);
        double b = nq_thread_cpu();
        e->count_one(plan, plan->order[k], w, NULL, &r);
        double whole = nq_thread_cpu() - b;
        const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[plan->order[k]];
        uint64_t pick[NQ_SLICE_PICKS] = { 0 };
        nq_rows_slice s;
        nq_halves_slice_rows(w, c, pick, NULL, &s);
        uint32_t sets = s.sets;
        double proj = 0, main = 0, spent = 0; double pairs = 0;
        b = nq_thread_cpu();
        for (uint32_t j = 0; j < sets; j++) {
            pick[0] = j;
            nq_halves_slice_rows(w, c, pick, NULL, &s);
            proj += nq_rows_slice_seconds(&s, 0, NQ_TRANSPOSE_PASSES);
            main += nq_rows_slice_seconds(&s, 0, 1);
            pairs += (double)nq_rows_slice_pairs(&s, 0, NQ_TRANSPOSE_PASSES) * s.weight;
        }
        spent = nq_thread_cpu() - b;
        printf("place %zu sets %u whole %.4f s (total %.0f); slices projected %.4f (main %.4f), took %.4f, pairs %.0f\n",
               k, sets, whole, (double)r.total, proj, main, spent, pairs);
    }
    return 0;
}
