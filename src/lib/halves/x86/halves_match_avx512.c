/* The pair counter with AVX-512: 512 east footprints per vector, popcounts
 * with VPOPCNTQ, bit rows with VPMOVB2M, index patterns with PEXT (fast on
 * every CPU that has AVX-512). */
#include "nqueens.h"
#include "halves/halves_match_priv.h"

#if defined(__x86_64__) && defined(__GNUC__)
/* Every function of this file is compiled for the level (clang spells it
 * differently from gcc). */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vpopcntdq,bmi,bmi2,popcnt"))), apply_to = function)
#else
#pragma GCC target("avx512f,avx512bw,avx512vpopcntdq,bmi,bmi2,popcnt")
#endif
#include <immintrin.h>

#define LANES 512
#define PREPARE_FN nq_match_prepare_avx512
#define SCAN_FN nq_match_scan_avx512
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
static inline uint32_t pattern(uint64_t fp, uint64_t mask, const int *bit, int k)
{
    (void)bit, (void)k;
    /* Index bits are chosen in increasing order, so pext keeps their order. */
    return (uint32_t)_pext_u64(fp, mask);
}
static inline uint64_t squeeze(uint64_t fp, uint64_t mask, const int *bit, int k)
{
    (void)bit, (void)k;
    return _pext_u64(fp, ~mask);
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

#if defined(__clang__)
#pragma clang attribute pop
#endif

#else
int nq_match_prepare_avx512(nq_match *m, const uint64_t *east, size_t ne)
{
    (void)m, (void)east, (void)ne;
    return NQ_ERR(ENOTSUP);
}
int nq_match_scan_avx512(nq_match *m, const uint64_t *west, size_t nw, uint64_t *count)
{
    (void)m, (void)west, (void)nw, (void)count;
    return NQ_ERR(ENOTSUP);
}
#endif
