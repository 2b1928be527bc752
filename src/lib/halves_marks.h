/* The "halves" engine's marks (marks.h): its count_marked and mark_share
 * hooks (engines.h), in halves_marks.c. */
#ifndef NQ_HALVES_MARKS_H
#define NQ_HALVES_MARKS_H

#include "engines.h"

int nq_halves_count_marked(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                           const nq_mark *from, nq_marks *marks, int t, nq_sub_result *out);
double nq_halves_mark_share(const nq_plan *plan, size_t i, const nq_mark *m);

#endif
