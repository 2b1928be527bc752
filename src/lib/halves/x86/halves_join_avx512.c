/* The join with AVX-512, compiled at x86-64-v4 (cpu.h): eight entries of
 * one bucket against one of the other a step. halves_join.h says what the
 * join does. */
#include "halves/halves_join.h"

#include <immintrin.h>

/* The survivors of one vector of L against x, compressed in a register and
 * stored: VPCOMPRESSQ to memory is microcoded on Zen 4 and 5 and took most
 * of the join's time. */
static inline size_t join8(__m512i c, __m512i f, __mmask8 in, __m512i xc, __m512i xf,
                           uint64_t *out)
{
    const __mmask8 keep = _mm512_mask_testn_epi64_mask(in, c, xc);
    const unsigned kept = (unsigned)__builtin_popcount(keep);
    _mm512_mask_storeu_epi64(out, (__mmask8)((1u << kept) - 1),
                             _mm512_maskz_compress_epi64(keep, _mm512_or_si512(f, xf)));
    return kept;
}

static inline __mmask8 lanes_of(size_t left)
{
    return left >= 8 ? 0xff : (__mmask8)((1u << left) - 1);
}

/* L eight entries a step; up to 16 of them stay in registers for all of S
 * (most buckets: the bucket pairs of n = 19 average 10 held entries). */
static size_t join_avx512(const uint64_t *sc, const uint64_t *sf, size_t ns, const uint64_t *lc,
                          const uint64_t *lf, size_t nl, uint64_t *out)
{
    size_t n = 0;
    if (nl <= 16) {
        const __mmask8 in0 = lanes_of(nl), in1 = lanes_of(nl > 8 ? nl - 8 : 0);
        const __m512i c0 = _mm512_maskz_loadu_epi64(in0, lc),
                      f0 = _mm512_maskz_loadu_epi64(in0, lf);
        if (!in1) {
            for (size_t i = 0; i < ns; i++)
                n += join8(c0, f0, in0, _mm512_set1_epi64((long long)sc[i]),
                           _mm512_set1_epi64((long long)sf[i]), out + n);
            return n;
        }
        const __m512i c1 = _mm512_maskz_loadu_epi64(in1, lc + 8);
        const __m512i f1 = _mm512_maskz_loadu_epi64(in1, lf + 8);
        for (size_t i = 0; i < ns; i++) {
            const __m512i xc = _mm512_set1_epi64((long long)sc[i]);
            const __m512i xf = _mm512_set1_epi64((long long)sf[i]);
            n += join8(c0, f0, in0, xc, xf, out + n);
            n += join8(c1, f1, in1, xc, xf, out + n);
        }
        return n;
    }
    for (size_t i = 0; i < ns; i++) {
        const __m512i xc = _mm512_set1_epi64((long long)sc[i]);
        const __m512i xf = _mm512_set1_epi64((long long)sf[i]);
        for (size_t y = 0; y < nl; y += 8) {
            const __mmask8 in = lanes_of(nl - y);
            n += join8(_mm512_maskz_loadu_epi64(in, lc + y), _mm512_maskz_loadu_epi64(in, lf + y),
                       in, xc, xf, out + n);
        }
    }
    return n;
}

const join_fn NQ_ISA_NAME(nq_halves_join) = join_avx512;
