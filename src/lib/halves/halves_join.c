/* The join of two buckets: halves_join.h says what it does. */
#include "halves_join.h"

static size_t join_plain(const uint64_t *sc, const uint64_t *sf, size_t ns, const uint64_t *lc,
                         const uint64_t *lf, size_t nl, uint64_t *restrict out)
{
    size_t n = 0;
    for (size_t i = 0; i < ns; i++) {
        /* In registers: else each store to out, which might alias them,
         * has them loaded again (37% of the join's samples on that load). */
        const uint64_t c = sc[i], f = sf[i];
        for (size_t j = 0; j < nl; j++) {
            out[n] = f | lf[j];
            n += !(c & lc[j]); /* branch-free: the store is kept or overwritten */
        }
    }
    return n;
}

join_fn nq_halves_join_fn(nq_level level)
{
    /* The vector levels have their own: AVX-512 compresses, AVX2 moves the
     * kept lanes by a table (four candidates a step, not one). */
#if NQ_ISA_DISPATCH
    if (level == NQ_LEVEL_V4)
        return nq_halves_join_v4;
    if (level == NQ_LEVEL_V3)
        return nq_halves_join_v3;
    if (level == NQ_LEVEL_V3_NOPEXT)
        return nq_halves_join_v3_nopext;
#elif NQ_BUILD_AVX512 || NQ_BUILD_AVX2
    return nq_halves_join_build;
#endif
    (void)level;
    return join_plain;
}
