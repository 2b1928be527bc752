/* nq_halves_blocks' cost before (a whole slice of row set 0) and after
 * (its main pass's blocks only), for n's pieces at given queue places. */
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
    void *w = NULL;
    if (plan->engine->work_create(plan, &w)) return 1;
    for (int a = 2; a < argc; a++) {
        const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[plan->order[strtoul(argv[a], 0, 0)]];
        static const uint64_t first[3] = { 0, 0, 0 };
        nq_halves_slice s;
        size_t b[2];
        double t0 = nq_thread_cpu();
        nq_halves_count_slice(w, c, first, NULL, &s);
        double t1 = nq_thread_cpu();
        nq_halves_first_blocks(w, c, NULL, b);
        double t2 = nq_thread_cpu();
        printf("place %s: slice %.3f s (blocks %zu x %zu), blocks only %.3f s (%zu x %zu)\n", argv[a], t1 - t0, s.blocks[0], s.blocks[1], t2 - t1, b[0], b[1]);
    }
    return 0;
}
