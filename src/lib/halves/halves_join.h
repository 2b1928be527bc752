/* The halves engine's join of two quadrant buckets into half-boards
 * (private): every pair whose diagonals the other may not cross is
 * disjoint, and its footprint is the OR of the two. halves_stream.h says
 * where the buckets come from. */
#ifndef NQ_HALVES_JOIN_H
#define NQ_HALVES_JOIN_H

#include "cpu/cpu.h"

#include <stddef.h>
#include <stdint.h>

/* Writes sf[i] | lf[j] for each i < ns, j < nl whose sc[i] and lc[j] share
 * nothing (room for ns * nl); returns how many it wrote. */
typedef size_t (*join_fn)(const uint64_t *sc, const uint64_t *sf, size_t ns, const uint64_t *lc,
                          const uint64_t *lf, size_t nl, uint64_t *out);
/* The join for level (cpu.h). */
join_fn nq_halves_join_fn(nq_level level);

/* The levels' own joins (x86/halves_join_avx2.c, x86/halves_join_avx512.c). */
#if NQ_ISA_DISPATCH
extern const join_fn nq_halves_join_v3_nopext, nq_halves_join_v3, nq_halves_join_v4;
#elif NQ_BUILD_AVX512 || NQ_BUILD_AVX2
extern const join_fn nq_halves_join_build;
#endif

#endif
