/* The monitor of a count (count_monitor.h). */
#include "count_monitor.h"

#include "count_marks.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

void nq_monitor_snapshot(const nq_monitor *m, nq_progress *p)
{
    double weight = 0;
    *p = (nq_progress){ .subproblems = m->plan->size, .eta = -1 };
    if (m->mine) {
        p->subproblems = 0;
        for (size_t i = 0; i < m->plan->size; i++)
            p->subproblems += m->mine[i];
    }
    /* The marks first, then each done flag once: a subproblem that ends
     * between counts whole (a mark is cleared only after done is set), so
     * the fraction never goes back. */
    nq_mark *marks = NULL;
    const long got = m->marks ? nq_marks_copy(m->marks, m->done, &marks) : 0;
    const size_t marked = got > 0 ? (size_t)got : 0;
    size_t k = 0;
    for (size_t i = 0; i < m->plan->size; i++) {
        if (m->mine && !m->mine[i])
            continue;
        if (!__atomic_load_n(&m->done[i], __ATOMIC_ACQUIRE)) {
            while (k < marked && marks[k].i < i)
                k++;
            if (k < marked && marks[k].i == i)
                weight += m->plan->weights[i] * fmax(0, nq_mark_share(m->plan, i, &marks[k]));
            continue;
        }
        p->done++;
        p->solutions += m->results[i].total;
        weight += m->plan->weights[i];
    }
    free(marks);
    p->fraction = m->total_weight > 0 ? fmin(1, weight / m->total_weight) : 1;
    p->seconds = nq_now() - m->start;
    const double this_run = weight - m->resumed_weight;
    if (p->seconds > 0)
        p->rate = (double)(p->solutions - m->resumed_solutions) / p->seconds;
    if (this_run > 0 && p->seconds > 0)
        p->eta = fmax(0, m->total_weight - weight) * p->seconds / this_run;
}

/* A periodic write: a failure is told at once (a full disk may be freed
 * while the run goes on), and so is the first success after one. Never of
 * every subproblem: a file is written complete only by the last write,
 * once the counts have passed their checks (nq_plan_finish). */
static void save_periodic(nq_monitor *m)
{
    const nq_count_params *p = m->params;
    size_t done = 0;
    for (size_t i = 0; i < m->plan->size; i++)
        done += __atomic_load_n(&m->done[i], __ATOMIC_ACQUIRE) != 0;
    if (done == m->plan->size)
        return;
    nq_checkpoint_write_periodic(m->checkpoint, m->done, m->results, p->checkpoint_every);
}

void *nq_monitor_main(void *arg)
{
    nq_monitor *m = arg;
    const nq_count_params *p = m->params;
    const double progress_every = p->progress_every > 0 ? p->progress_every : 1;
    const double checkpoint_every =
        p->checkpoint_every > 0 ? p->checkpoint_every : NQ_CHECKPOINT_EVERY;
    double next_progress = m->start + progress_every;
    double next_checkpoint = m->start + checkpoint_every;
    const struct timespec tick = { 0, 50 * 1000 * 1000 };
    while (!__atomic_load_n(&m->finished, __ATOMIC_ACQUIRE)) {
        nanosleep(&tick, NULL);
        const double now = nq_now();
        if (p->progress && now >= next_progress) {
            nq_progress snap;
            nq_monitor_snapshot(m, &snap);
            p->progress(p->progress_ctx, &snap);
            next_progress = now + progress_every;
        }
        if (m->checkpoint && now >= next_checkpoint) {
            save_periodic(m);
            next_checkpoint = nq_now() + checkpoint_every;
        }
    }
    return NULL;
}
