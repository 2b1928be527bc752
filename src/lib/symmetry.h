/* The 8 symmetries of the square acting on a board given as p[row] = column
 * (symmetry.c). */
#ifndef NQ_SYMMETRY_H
#define NQ_SYMMETRY_H

#include <stdint.h>

/* Symmetry 0 is the identity. */
#define NQ_SYMMETRIES 8
void nq_sym_apply(int sym, int n, const int8_t *p, int8_t *out);
/* 1 if p is the lexicographically smallest board of its class; *class_size
 * (if non-NULL) gets the number of distinct boards in the class (1, 2, 4, 8). */
int nq_sym_is_canonical(int n, const int8_t *p, int *class_size);

#endif
