/* What a pass over each side of a row set's main pass (nq_halves_first_blocks'
 * work: the blocks, no pair counted) costs against the whole row set's count,
 * for random row sets of random pieces of n: would a per-row-set pre-pass
 * (--progress inside every row set, not only the first) cost <= 1%?
 * prepass N PIECES SEED [K [T]]: one random row set of each of PIECES pieces drawn
 * uniformly from the plan; prints per draw, then the ratio of sums (weighted
 * by the row sets: each draw's times x its piece's sets). */
#include "engines.h"
#include "halves.h"
#include "halves_engine.h"
#include "halves_slice.h"
#include "plan.h"
#include "util.h"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    const int n = atoi(argv[1]), draws = atoi(argv[2]);
    uint64_t seed = strtoull(argv[3], 0, 0);
    nq_plan *plan;
    if (nq_plan_create(&plan, n, 0, 0, NULL))
        return 1;
    /* The blocks a count of n on argv[5] threads (default 2) makes, with
     * no --max-memory (nq_halves_memory, as count.c sets them). */
    size_t budget = 0;
    nq_halves_memory(n, argc > 5 ? atoi(argv[5]) : 2, 0, &budget);
    plan->work_budget = budget;
    printf("n=%d: blocks of a %zu MiB budget\n", n, budget >> 20);
    void *w = NULL;
    if (plan->engine->work_create(plan, &w))
        return 1;
    double sum_pre = 0, sum_all = 0, worst = 0, sum_east = 0;
    int over1 = 0, over1e = 0, got = 0;
    for (int d = 0; d < draws; d++) {
        /* argv[4] = K: a random place among the queue's first K (largest) pieces */
        const size_t i = argc > 4 ? plan->order[nq_splitmix64(&seed) % strtoull(argv[4], 0, 0)]
                                  : nq_splitmix64(&seed) % plan->size;
        const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[i];
        if (c->turns)
            continue;
        uint64_t pick[3] = { nq_splitmix64(&seed), nq_splitmix64(&seed), nq_splitmix64(&seed) };
        nq_halves_slice s;
        const double t0 = nq_thread_cpu();
        if (nq_halves_count_slice(w, c, pick, NULL, &s) || !s.sets)
            continue;
        const double took = nq_thread_cpu() - t0;
        const double east = (double)s.blocks[1], west = (double)s.blocks[0];
        const double pre = s.pass_seconds[0] + s.pass_seconds[1];
        const double all = s.pass_seconds[1] + east * (s.pass_seconds[0] + s.prepare_seconds) +
                           east * west * s.scan_seconds + s.tie_seconds + s.setup_seconds;
        const double r = pre / all, re = s.pass_seconds[1] / all;
        printf("piece %zu set %u/%u blocks %zux%zu: pre-pass %.3f s (east %.3f), row set %.2f s "
               "(projected), ratio %.4f (east only %.4f; slice took %.2f s)\n",
               i, s.set, s.sets, s.blocks[0], s.blocks[1], pre, s.pass_seconds[1], all, r, re,
               took);
        sum_east += s.pass_seconds[1] * s.sets;
        over1e += re > 0.01;
        fflush(stdout);
        sum_pre += pre * s.sets;
        sum_all += all * s.sets;
        worst = r > worst ? r : worst;
        over1 += r > 0.01;
        got++;
    }
    printf("n=%d draws=%d: weighted pre-pass/count %.4f (east only %.4f), worst %.4f, %d of %d "
           "row sets over 1%% (east only %d)\n",
           n, got, sum_pre / sum_all, sum_east / sum_all, worst, over1, got, over1e);
    return 0;
}
