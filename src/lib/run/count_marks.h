/* What a count does with marks (marks.h) beside keeping them: the share
 * of a subproblem in progress that its mark stands for (the progress adds
 * it), and the checkpoint's marks this run's threads cannot go on from,
 * whole or in part, said once. */
#ifndef NQ_COUNT_MARKS_H
#define NQ_COUNT_MARKS_H

#include "marks.h"
#include "plan.h"

#include <stddef.h>

/* The share of subproblem i done at mark m, 0 to 1 (the engine's
 * mark_share; 0 if it has none); -NQ_MARK_* (marks.h) if this plan's
 * threads cannot go on from m, saying why. */
double nq_mark_share(const nq_plan *plan, size_t i, const nq_mark *m);

/* Of the checkpoint's marks (count of them, of subproblems not done), how
 * many this run's `threads` cannot go on from, whole or in part; if any,
 * one line into line (else ""): how many, and why: the dropped by their
 * reason; those of the band's older blocks, which go on from their row
 * set's start (nq_halves_mark_relaid); those trimmed to their row set's
 * start (larger blocks than this run's: nq_halves_mark_trimmed) with their
 * budget beside this run's and the -t and --max-memory that keep them
 * whole (path: the checkpoint's). */
size_t nq_marks_dropped(const nq_plan *plan, int threads, const char *path, const nq_mark *marks,
                        size_t count, const unsigned char *done, char *line, size_t size);

#endif
