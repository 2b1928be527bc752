/* The monitor of a count: a thread beside the workers that only reads what
 * they publish (done flags, results, marks) and gives the progress and the
 * checkpoint's periodic writes. */
#ifndef NQ_COUNT_MONITOR_H
#define NQ_COUNT_MONITOR_H

#include "checkpoint/checkpoint.h"
#include "marks.h"
#include "plan.h"

typedef struct nq_monitor {
    const nq_count_params *params;
    const nq_plan *plan;
    const unsigned char *done;
    const nq_sub_result *results;
    const unsigned char *mine; /* the subproblems this run counts: NULL, all */
    nq_checkpoint *checkpoint;
    nq_marks *marks; /* NULL: none (no checkpoint, no progress) */
    double start, total_weight;
    double resumed_weight;
    nq_u128 resumed_solutions;
    int finished; /* set by the caller when the run is over */
} nq_monitor;

/* The progress now, from the done flags, the results and the marks. */
void nq_monitor_snapshot(const nq_monitor *m, nq_progress *p);

/* The monitor's thread (arg: an nq_monitor): progress every
 * params->progress_every seconds, a periodic write every checkpoint_every,
 * until finished is set. */
void *nq_monitor_main(void *arg);

#endif
