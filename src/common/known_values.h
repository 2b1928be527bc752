/* Published N-Queens counts for `nqueens verify` and the tests, from the
 * library's table (nq_published): Q(n) is OEIS A000170, U(n) OEIS A002562. */
#ifndef NQ_KNOWN_VALUES_H
#define NQ_KNOWN_VALUES_H

#include "nqueens.h"

#define KNOWN_MAX_N NQ_PUBLISHED_MAX_N

/* 0 and the two counts for 1 <= n <= KNOWN_MAX_N; -1 otherwise. */
int known_values(int n, unsigned long long *total, unsigned long long *unique);

#endif
