/* The pair counter in plain C, compiled at x86-64 (cpu.h), or for any CPU:
 * 64 east footprints per 64-bit word. */
#include "nqueens.h"
#include "halves_match_priv.h"

#include <string.h>

#define LANES 64
typedef uint64_t vec;
typedef uint64_t acc;

static inline vec vload(const void *p)
{
    return *(const uint64_t *)p;
}
static inline vec vand(vec a, vec b)
{
    return a & b;
}
static inline vec vandn(vec a, vec b)
{
    return ~a & b;
}
static inline acc acc_zero(void)
{
    return 0;
}
static inline acc acc_add(acc s, vec v)
{
    return s + (uint64_t)__builtin_popcountll(v);
}
static inline uint64_t acc_sum(acc s)
{
    return s;
}
/* Bit i of 8 bytes gathered into one byte by a multiply (each byte's bit
 * lands on its own place among the top 8 bits). */
static inline void bits_from_plane(const uint8_t *plane, uint64_t (*rows)[LANES / 64], int w)
{
    for (int i = 0; i < 8; i++)
        rows[i][w] = 0;
    for (int g = 0; g < 8; g++) {
        uint64_t x;
        memcpy(&x, plane + 8 * g, 8);
        for (int i = 0; i < 8; i++)
            rows[i][w] |= ((x >> i & 0x0101010101010101ull) * 0x0102040810204080ull >> 56) << 8 * g;
    }
}

#include "halves_match_tmpl.c"
