/* The band's live east placements: halves_live.h says what they are. */
#include "halves_live.h"
#include "cpu/cpu.h"
#include "util.h"

#include <string.h>
#if NQ_ISA_DISPATCH
#include <immintrin.h>
#endif

#if NQ_ISA_DISPATCH
/* The west footprints' patterns into the table, by PEXT. */
__attribute__((target("bmi2"))) static void mark_pext(nq_live *l, const uint64_t *west, size_t nw)
{
    for (size_t i = 0; i < nw; i++) {
        const uint64_t p = _pext_u64(west[i], l->mask);
        nq_bit_set(l->table, p);
    }
}
#endif

void nq_live_build(nq_live *l, const uint64_t *west, size_t nw, uint64_t settable)
{
    /* The bits most often set in the west footprints: a placement that
     * holds them meets most of those. */
    uint32_t count[64] = { 0 };
    for (size_t i = 0; i < nw; i += nw / 256 + 1) /* about 256 of them */
        for (uint64_t x = west[i] & settable; x; x &= x - 1)
            count[__builtin_ctzll(x)]++;
    /* At most about 16 table bits for each west footprint: a row set of a
     * few dozen makes its table in a few words (4 measured 3 to 5% slower
     * on a piece of n = 26's small west sides, 64 with 18 bits 2%). */
    int most = 2;
    while (most < NQ_LIVE_BITS && (size_t)1 << most < 16 * nw)
        most++;
    uint64_t chosen = 0;
    int bits = 0;
    for (; bits < most; bits++) {
        int best = -1;
        for (int b = 0; b < 64; b++)
            if (count[b] && !(chosen >> b & 1) && (best < 0 || count[b] > count[best]))
                best = b;
        if (best < 0)
            break;
        chosen |= 1ull << best;
    }
    l->bits = bits;
    l->mask = chosen;
#if NQ_ISA_DISPATCH
    const nq_level level = nq_cpu_level();
    l->pext = level == NQ_LEVEL_V3 || level == NQ_LEVEL_V4;
#else
    l->pext = 0;
#endif
    for (int i = 0; chosen; i++, chosen &= chosen - 1)
        l->bit[i] = (uint8_t)__builtin_ctzll(chosen);
    const size_t words = bits > 6 ? (size_t)1 << (bits - 6) : 1;
    memset(l->table, 0, words * sizeof *l->table);
#if NQ_ISA_DISPATCH
    if (l->pext)
        mark_pext(l, west, nw);
    else
#endif
        for (size_t i = 0; i < nw; i++) {
            uint32_t p = 0;
            for (int b = 0; b < bits; b++)
                p |= (uint32_t)(west[i] >> l->bit[b] & 1) << b;
            nq_bit_set(l->table, p);
        }
    nq_bits_over_subsets(l->table, bits);
}

/* Whether the placement of footprint f may meet the other side: the
 * pattern of its complement bit by bit, or by PEXT. */
static inline int keeps_bits(const nq_live *l, uint64_t f)
{
    uint32_t p = 0;
    for (int i = 0; i < l->bits; i++)
        p |= (uint32_t)(~f >> l->bit[i] & 1) << i;
    return (int)nq_bit_of(l->table, p);
}

#if NQ_ISA_DISPATCH
__attribute__((target("bmi2"))) static size_t compact_pext(const nq_live *l, const uint64_t *c,
                                                           const uint64_t *f, size_t n,
                                                           uint64_t *oc, uint64_t *of)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const uint64_t p = _pext_u64(~f[i], l->mask);
        oc[k] = c[i];
        of[k] = f[i];
        k += nq_bit_of(l->table, p);
    }
    return k;
}

__attribute__((target("bmi2"))) static void flags_pext(const nq_live *l, const uint64_t *f,
                                                       size_t n, uint8_t *keep)
{
    for (size_t i = 0; i < n; i++) {
        const uint64_t p = _pext_u64(~f[i], l->mask);
        keep[i] = (uint8_t)nq_bit_of(l->table, p);
    }
}
#endif

size_t nq_live_compact(const nq_live *l, const uint64_t *c, const uint64_t *f, size_t n,
                       uint64_t *oc, uint64_t *of)
{
#if NQ_ISA_DISPATCH
    if (l->pext)
        return compact_pext(l, c, f, n, oc, of);
#endif
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        oc[k] = c[i];
        of[k] = f[i];
        k += (size_t)keeps_bits(l, f[i]);
    }
    return k;
}

void nq_live_flags(const nq_live *l, const uint64_t *f, size_t n, uint8_t *keep)
{
#if NQ_ISA_DISPATCH
    if (l->pext) {
        flags_pext(l, f, n, keep);
        return;
    }
#endif
    for (size_t i = 0; i < n; i++)
        keep[i] = (uint8_t)keeps_bits(l, f[i]);
}
