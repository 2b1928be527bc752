/* The tests' random numbers: xorshift64 (Marsaglia, 2003) on a state the
 * caller keeps, so that a test's draws are the same on every run. */
#ifndef NQ_TESTS_RANDOM_H
#define NQ_TESTS_RANDOM_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t random_next(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* A number below k (0 when k is 0). */
static inline size_t random_below(uint64_t *state, size_t k)
{
    return k ? (size_t)(random_next(state) % k) : 0;
}

#endif
