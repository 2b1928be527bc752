/* Small helpers shared inside libnqueens (util.c). */
#ifndef NQ_UTIL_H
#define NQ_UTIL_H

#include "nqueens.h"

#include <stddef.h>
#include <stdint.h>

/* On a declaration of the library's own: hidden there too, so that the hot
 * code reaches it directly, not through the global offset table. */
#define NQ_HIDDEN __attribute__((visibility("hidden")))

/* The n low bits: every column of an n-column board. */
static inline uint32_t nq_full_mask(int n)
{
    return n >= 32 ? UINT32_MAX : (UINT32_C(1) << n) - 1;
}

/* FNV-1a 64 of len bytes, continuing from h (start with NQ_FNV_START): the
 * plans' fingerprints and the checkpoint's checksum. */
#define NQ_FNV_START UINT64_C(0xcbf29ce484222325)
uint64_t nq_fnv1a(uint64_t h, const void *data, size_t len);

/* A table of 2^f bits (words of 64; one word below f = 6) summed over
 * subsets: bit s ends set where a bit of a subset of s was (f passes). */
void nq_bits_over_subsets(uint64_t *t, int f);
/* Bit p of such a table: set, and read (0 or 1). */
static inline void nq_bit_set(uint64_t *t, uint64_t p)
{
    t[p >> 6] |= 1ull << (p & 63);
}
static inline unsigned nq_bit_of(const uint64_t *t, uint64_t p)
{
    return (unsigned)(t[p >> 6] >> (p & 63) & 1);
}

/* Rows to pre-expand for a board of n columns: `first`, plus one for each of
 * the `count` ascending sizes in `above` that n exceeds. */
int nq_depth_for(int n, int first, const int *above, int count);

/* Whether a caller's stop flag (nq_run_hooks.stop, NULL: none) is set: a
 * relaxed atomic load, which other threads may set meanwhile (a plain load
 * on x86: nothing to measure in the hot paths, which read it between
 * pieces of work only). */
static inline int nq_stop_seen(const volatile int *stop)
{
    return stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
}

/* The next number above x (not 0) with as many bits set: Gosper's hack
 * (HAKMEM 175), the subsets of a set by size, in increasing order. */
static inline uint64_t nq_next_same_bits(uint64_t x)
{
    const uint64_t low = x & -x, up = x + low;
    return (((up ^ x) >> 2) / low) | up;
}

/* splitmix64 (Steele, Lea and Flood, 2014): a seed gives the same numbers
 * on every machine. */
static inline uint64_t nq_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Buffers carved from one block, each on a 64-byte line: a first pass with
 * `at` NULL adds up their bytes (and hands out NULL); a block of
 * nq_carve_block_bytes of that, from any allocator, then holds them, and a
 * second pass from nq_carve_from(block) hands them out in the same order. */
typedef struct {
    unsigned char *at;
    size_t used;
} nq_carve;
void *nq_carve_take(nq_carve *c, size_t bytes);
size_t nq_carve_block_bytes(const nq_carve *sized);
nq_carve nq_carve_from(void *block);

/* Monotonic wall-clock seconds. */
double nq_now(void);
/* CPU seconds of the calling thread. */
double nq_thread_cpu(void);

#endif
