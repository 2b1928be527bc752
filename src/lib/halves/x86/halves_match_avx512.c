/* The pair counter with AVX-512, compiled at x86-64-v4 (cpu.h): 512 east
 * footprints per vector, popcounts with VPOPCNTQ, bit rows with VPMOVB2M,
 * index patterns with PEXT (fast on every CPU that has AVX-512). */
#include "nqueens.h"
#include "halves/halves_match_priv.h"

#include <immintrin.h>

#define LANES 512
typedef __m512i vec;
typedef __m512i acc;

static inline vec vload(const void *p)
{
    return _mm512_load_si512(p);
}
static inline vec vand(vec a, vec b)
{
    return _mm512_and_si512(a, b);
}
static inline vec vandn(vec a, vec b)
{
    return _mm512_andnot_si512(a, b);
}
static inline acc acc_zero(void)
{
    return _mm512_setzero_si512();
}
static inline acc acc_add(acc s, vec v)
{
    return _mm512_add_epi64(s, _mm512_popcnt_epi64(v));
}
static inline uint64_t acc_sum(acc s)
{
    return (uint64_t)_mm512_reduce_add_epi64(s);
}
/* VPMOVB2M takes bit 7 of 64 bytes at once; doubling each byte brings the
 * next bit up. */
static inline void bits_from_plane(const uint8_t *plane, uint64_t (*rows)[LANES / 64], int w)
{
    __m512i v = _mm512_load_si512(plane);
    for (int i = 7; i >= 0; i--) {
        rows[i][w] = _cvtmask64_u64(_mm512_movepi8_mask(v));
        v = _mm512_add_epi8(v, v);
    }
}

#include "halves/halves_match_tmpl.c"

