/* Declarations shared inside libnqueens; never installed. */
#ifndef NQ_INTERNAL_H
#define NQ_INTERNAL_H

#include "nqueens.h"
#include "nq_config.h"

#include <stdint.h>

/* Engine indexes, in the order of the table in engines.c (0 is the default). */
enum {
    NQ_ENG_SYM8,
    NQ_ENG_PMIRROR,
    NQ_ENG_NAIVE,
    NQ_ENG_MIRROR,
    NQ_ENG_MARKING,
    NQ_ENG_AVAILABLE,
    NQ_ENG_BITMASK,
    NQ_ENG_COUNT
};

/* classic.c: the single-threaded textbook methods; the reference the fast
 * engines are checked against. Returns Q(n). */
uint64_t nq_classic_count(int engine, int n);

/* symmetry.c: the 8 symmetries of the square acting on a board given as
 * p[row] = column. Symmetry 0 is the identity. */
#define NQ_SYMMETRIES 8
void nq_sym_apply(int sym, int n, const int8_t *p, int8_t *out);
/* 1 if p is the lexicographically smallest board of its class; *class_size
 * (if non-NULL) gets the number of distinct boards in the class (1, 2, 4, 8). */
int nq_sym_is_canonical(int n, const int8_t *p, int *class_size);

/* Monotonic wall-clock seconds. */
double nq_now(void);

#endif
