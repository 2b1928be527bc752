/* The single-threaded textbook methods (classic.c): the reference the fast
 * engines are checked against. Each sets *total to Q(n) and returns 0, or
 * NQ_ERR(EINTR) once *stop (may be NULL) is set, *total then partial. */
#ifndef NQ_CLASSIC_H
#define NQ_CLASSIC_H

#include <stdint.h>

int nq_classic_naive(int n, const volatile int *stop, uint64_t *total);
int nq_classic_mirror(int n, const volatile int *stop, uint64_t *total);
int nq_classic_marking(int n, const volatile int *stop, uint64_t *total);
int nq_classic_available(int n, const volatile int *stop, uint64_t *total);
int nq_classic_bitmask(int n, const volatile int *stop, uint64_t *total);

#endif
