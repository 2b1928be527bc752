/* The solutions a half or a quarter turn leaves as they are (S180, S90;
 * halves_turns.c), which U(n) needs beside Q(n). */
#ifndef NQ_HALVES_TURNS_H
#define NQ_HALVES_TURNS_H

#include <stdint.h>

/* A part of nq_halves_invariant: S180's solutions with the queens of rows
 * 0 and 1 in columns c0 and c1, S90's with row 0's in c0 (-1: any). The
 * plan counts U(n)'s turns in such parts. NQ_ERR(EINTR) once *stop is set. */
int nq_halves_turn_part(int n, int quarter_turns, int c0, int c1, const volatile int *stop,
                        uint64_t *found);

/* Solutions left as they are by `quarter_turns` quarter turns (1: S90, 2:
 * S180): S180 by a bit-mask search of the top half, S90 by
 * nq_halves_invariant_orbits. */
uint64_t nq_halves_invariant(int n, int quarter_turns);
/* The same by a plain search of the queens' orbits under the turn: the
 * reference the bit-mask search is tested against. */
uint64_t nq_halves_invariant_orbits(int n, int quarter_turns);

#endif
