/* The pair counter with AVX2: 256 east footprints per vector. Compiled at
 * x86-64-v3 (cpu.h), and taken at x86-64-v3-nopext too: it uses no PEXT,
 * which is microcoded and slow on AMD Zen 1 and 2, which have AVX2. */
#include "nqueens.h"
#include "halves/halves_match_priv.h"

#include <immintrin.h>

#define LANES 256
typedef __m256i vec;
typedef struct {
    uint64_t n;
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
    return (acc){ 0 };
}
static inline acc acc_add(acc s, vec v)
{
    s.n += (uint64_t)__builtin_popcountll((uint64_t)_mm256_extract_epi64(v, 0)) +
           (uint64_t)__builtin_popcountll((uint64_t)_mm256_extract_epi64(v, 1)) +
           (uint64_t)__builtin_popcountll((uint64_t)_mm256_extract_epi64(v, 2)) +
           (uint64_t)__builtin_popcountll((uint64_t)_mm256_extract_epi64(v, 3));
    return s;
}
static inline uint64_t acc_sum(acc s)
{
    return s.n;
}
#define pattern nq_match_gather
#define squeeze nq_match_squeeze
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

