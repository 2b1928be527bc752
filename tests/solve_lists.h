/* What the listing's tests share (test_solve.c, test_solve_text.c): the
 * boards nq_solve hands on, collected, and the plain check of a board. */
#ifndef NQ_TESTS_SOLVE_LISTS_H
#define NQ_TESTS_SOLVE_LISTS_H

#include "nqueens.h"

#include <stddef.h>
#include <stdint.h>

/* Up to this n every board is stored and checked against the others. */
#define MAX_TEST_N 10

/* Collected boards, n bytes each. */
typedef struct list {
    int n;
    size_t count, cap;
    int8_t *boards;
    size_t stop_after; /* 0: never stop */
} list;

/* nq_solve's callback: appends the board to the list (ctx); stops once
 * stop_after boards are in. */
int collect(void *ctx, int n, const int8_t *cols);
/* Every board of n (U(n)'s with unique) on `threads` threads, asserted to
 * succeed. */
list solve_list(int n, int unique, int threads);
/* 1 if p is n non-attacking queens, one per row. */
int is_solution(int n, const int8_t *p);

#endif
