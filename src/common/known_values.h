/* Published N-Queens counts, built into the program for `nqueens verify`
 * and shared with the tests: Q(n) is OEIS A000170, U(n) is OEIS A002562. */
#ifndef NQ_KNOWN_VALUES_H
#define NQ_KNOWN_VALUES_H

#define KNOWN_MAX_N 27

/* 0 and the two counts for 1 <= n <= KNOWN_MAX_N; -1 otherwise. */
int known_values(int n, unsigned long long *total, unsigned long long *unique);

#endif
