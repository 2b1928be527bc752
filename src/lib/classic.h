/* The single-threaded textbook methods (classic.c): the reference the fast
 * engines are checked against. Each returns Q(n). */
#ifndef NQ_CLASSIC_H
#define NQ_CLASSIC_H

#include <stdint.h>

uint64_t nq_classic_naive(int n);
uint64_t nq_classic_mirror(int n);
uint64_t nq_classic_marking(int n);
uint64_t nq_classic_available(int n);
uint64_t nq_classic_bitmask(int n);

#endif
