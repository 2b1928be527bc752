/* What the five classic engines share (naive, mirror, marking, available,
 * bitmask; each in its NAME_engine.c): the loop over the first two rows'
 * queens, and the mirror methods' doubling. The searches themselves never
 * test a stop; it is seen here, between pairs of first queens. */
#ifndef NQ_FIRST_ROWS_H
#define NQ_FIRST_ROWS_H

#include <stdbool.h>
#include <stdint.h>

/* Counts the solutions with row 0's queen in column c0 and row 1's in c1,
 * a pair that does not attack itself (so n >= 3), searching from row 2. */
typedef uint64_t (*nq_pair_search)(int n, int c0, int c1);

/* Sets *total to Q(n), by `search` over every pair of first queens or, with
 * `mirror`, by left-right mirror symmetry. Returns 0, or NQ_ERR(EINTR) once
 * *stop (may be NULL) is set, *total then partial. */
int nq_first_rows_count(int n, nq_pair_search search, bool mirror, const volatile int *stop,
                        uint64_t *total);

#endif
