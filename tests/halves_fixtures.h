/* What the tests of the halves engine share: every solution of small
 * boards by a plain search (a queen per row, each checked against those
 * above), the reference they count against; the set-up of a count with
 * the smallest budget; and the positions a count tells. */
#ifndef NQ_TEST_HALVES_FIXTURES_H
#define NQ_TEST_HALVES_FIXTURES_H

#include "nqueens.h"
#include "halves/halves.h"

#include <stddef.h>
#include <stdint.h>

typedef struct solutions {
    int n, count;
    int8_t (*boards)[NQ_MAX_N]; /* the queen's column in each row; free() it */
} solutions;

solutions all_solutions(int n);

/* 1 when NQUEENS_BAND_FROM has moved the band down to the small boards
 * the tests count (the band's runs of tests/meson.build): their row sets
 * then fit one block, so the guards on several blocks do not apply. */
int band_forced(void);

/* The pieces of n, none split (*pieces, *size: free() it), and a
 * workspace on the fastest path with the smallest budget, where the sides
 * come in many blocks (*w: nq_halves_work_destroy), the transpose's
 * symmetries on or off: 0, or the error of either call. */
int smallest_budget_work(int n, int transpose, nq_halves_piece **pieces, size_t *size,
                         nq_halves_work **w);

/* The positions told as a piece is counted (nq_halves_tell's ctx, with
 * keep_position), the first 20,000. */
typedef struct told {
    nq_halves_pos pos[20000];
    size_t count;
} told;

void keep_position(void *ctx, const nq_halves_pos *pos);

#endif
