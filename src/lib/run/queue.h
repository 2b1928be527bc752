/* The parallel driver (queue.c): a plan's subproblems on an OpenMP work
 * queue. nq_plan_run and nq_plan_run_list (nqueens.h) are its plain forms. */
#ifndef NQ_QUEUE_H
#define NQ_QUEUE_H

#include "marks.h"
#include "plan.h"

#include <stddef.h>

/* nq_plan_run (list NULL) or nq_plan_run_list, with marks (NULL: none):
 * an engine with count_marked goes on from the marks the run began with
 * and keeps each thread's mark as it goes (marks.h). */
int nq_plan_run_marked(const nq_plan *plan, int threads, const size_t *list, size_t count,
                       unsigned char *done, nq_sub_result *results, const nq_run_hooks *hooks,
                       nq_sub_result *run_sum, nq_marks *marks);

#endif
