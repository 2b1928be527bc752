/* The join with AVX2, compiled at x86-64-v3 (cpu.h): four entries of the
 * long bucket against one of the short a step. AVX2 has no compress, so
 * the kept lanes are gathered to the front by VPERMD through a table of
 * the 16 masks, and the four lanes stored whole: the lanes past the kept
 * ones fall where the next step writes, within the room of ns x nl
 * entries that halves_join.h gives (a step of four never passes the
 * candidates it tests). halves_join.h says what the join does. */
#include "halves/halves_join.h"

#include <immintrin.h>

/* The VPERMD indices that move the 64-bit lanes set in a mask of four to
 * the front, in order. */
#define L(a, b, c, d)                                                                              \
    { 2 * (a), 2 * (a) + 1, 2 * (b), 2 * (b) + 1, 2 * (c), 2 * (c) + 1, 2 * (d), 2 * (d) + 1 }
static const int32_t front[16][8] __attribute__((aligned(32))) = {
    L(0, 0, 0, 0), L(0, 0, 0, 0), L(1, 0, 0, 0), L(0, 1, 0, 0),
    L(2, 0, 0, 0), L(0, 2, 0, 0), L(1, 2, 0, 0), L(0, 1, 2, 0),
    L(3, 0, 0, 0), L(0, 3, 0, 0), L(1, 3, 0, 0), L(0, 1, 3, 0),
    L(2, 3, 0, 0), L(0, 2, 3, 0), L(1, 2, 3, 0), L(0, 1, 2, 3),
};
#undef L
static const uint8_t kept[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };

static size_t join_avx2(const uint64_t *sc, const uint64_t *sf, size_t ns, const uint64_t *lc,
                        const uint64_t *lf, size_t nl, uint64_t *out)
{
    /* Below 8, the plain loop: n = 17's small buckets were no faster in
     * vectors. */
    const size_t whole = nl >= 8 ? nl & ~(size_t)3 : 0;
    const __m256i zero = _mm256_setzero_si256();
    size_t n = 0;
    for (size_t i = 0; i < ns; i++) {
        const uint64_t c = sc[i], f = sf[i];
        const __m256i xc = _mm256_set1_epi64x((long long)c);
        const __m256i xf = _mm256_set1_epi64x((long long)f);
        size_t j = 0;
        for (; j < whole; j += 4) {
            const __m256i lcv = _mm256_loadu_si256((const __m256i *)(lc + j));
            const __m256i lfv = _mm256_loadu_si256((const __m256i *)(lf + j));
            const __m256i apart = _mm256_cmpeq_epi64(_mm256_and_si256(lcv, xc), zero);
            const unsigned keep = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(apart));
            const __m256i idx = _mm256_load_si256((const __m256i *)front[keep]);
            _mm256_storeu_si256((__m256i *)(out + n),
                                _mm256_permutevar8x32_epi32(_mm256_or_si256(lfv, xf), idx));
            n += kept[keep];
        }
        for (; j < nl; j++) { /* the rest, as the plain join does */
            out[n] = f | lf[j];
            n += !(c & lc[j]);
        }
    }
    return n;
}

const join_fn NQ_ISA_NAME(nq_halves_join) = join_avx2;
