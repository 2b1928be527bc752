/* The naive engine's search (naive_engine.c), which the mirror engine runs
 * on half the board. */
#ifndef NQ_NAIVE_ENGINE_H
#define NQ_NAIVE_ENGINE_H

#include <stdint.h>

/* An nq_pair_search (first_rows.h): each queen checked against every
 * earlier one. */
uint64_t nq_naive_search(int n, int c0, int c1);

#endif
