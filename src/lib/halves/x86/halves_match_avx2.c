/* The pair counter with AVX2: 256 east footprints per vector. Compiled at
 * x86-64-v3 (cpu.h), with PEXT for the index patterns, and at
 * x86-64-v3-nopext without it (microcoded and slow on AMD Zen 1 and 2). */
#include "nqueens.h"
#include "halves/halves_match_priv.h"

#include <immintrin.h>

#define LANES 256
typedef __m256i vec;
/* Four 64-bit sums: a vector's bits are counted by nibbles (a table
 * lookup with VPSHUFB) and summed by VPSADBW in the vector registers. Four
 * POPCNTs need the vector taken apart into general registers first, which
 * cost the scan about as many instructions as its loads and ANDs
 * (doc/performance.md). */
typedef struct {
    __m256i n;
} acc;

static inline vec vload(const void *p)
{
    return _mm256_load_si256(p);
}
static inline vec vand(vec a, vec b)
{
    return _mm256_and_si256(a, b);
}
static inline vec vandn(vec a, vec b)
{
    return _mm256_andnot_si256(a, b);
}
static inline acc acc_zero(void)
{
    return (acc){ _mm256_setzero_si256() };
}
static inline acc acc_add(acc s, vec v)
{
    const __m256i bits = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1,
                                          2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    const __m256i lo = _mm256_shuffle_epi8(bits, _mm256_and_si256(v, nibble));
    const __m256i hi = _mm256_shuffle_epi8(bits, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
    s.n = _mm256_add_epi64(s.n, _mm256_sad_epu8(_mm256_add_epi8(lo, hi), _mm256_setzero_si256()));
    return s;
}
static inline uint64_t acc_sum(acc s)
{
    return (uint64_t)_mm256_extract_epi64(s.n, 0) + (uint64_t)_mm256_extract_epi64(s.n, 1) +
           (uint64_t)_mm256_extract_epi64(s.n, 2) + (uint64_t)_mm256_extract_epi64(s.n, 3);
}
/* VPMOVMSKB takes bit 7 of 32 bytes at once; doubling each byte brings the
 * next bit up. */
static inline void bits_from_plane(const uint8_t *plane, uint64_t (*rows)[LANES / 64], int w)
{
    __m256i lo = _mm256_load_si256((const __m256i *)plane);
    __m256i hi = _mm256_load_si256((const __m256i *)(plane + 32));
    for (int i = 7; i >= 0; i--) {
        rows[i][w] = (uint32_t)_mm256_movemask_epi8(lo) |
                     (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
        lo = _mm256_add_epi8(lo, lo);
        hi = _mm256_add_epi8(hi, hi);
    }
}

#include "halves/halves_match_tmpl.c"

