/* The search's copy for each level (dispatch.h says why). x86-64-v3 (AVX2,
 * BMI1/2, POPCNT, LZCNT, FMA, MOVBE) doubles the speed of the search over
 * plain x86-64, mostly by pext and popcnt; but AMD before Zen 3 runs pext
 * and pdep in microcode, slower than the plain loops, so its level,
 * x86-64-v3-nopext, uses the same instructions without them. */
#include "dispatch.h"

#include "cpu.h"

typedef struct copy {
    nq_search_fn *search;
    nq_list_search_fn *list_search;
} copy;

#define COPY(isa) { nq_search_##isa, nq_list_search_##isa }

#if NQ_ISA_DISPATCH
/* The search is scalar: AVX-512 has nothing for it, so x86-64-v4 takes
 * x86-64-v3's copy. */
static const copy copies[NQ_LEVELS] = {
    [NQ_LEVEL_X86_64] = COPY(x86_64),
    [NQ_LEVEL_V3_NOPEXT] = COPY(v3_nopext),
    [NQ_LEVEL_V3] = COPY(v3),
    [NQ_LEVEL_V4] = COPY(v3),
};
#else
static const copy copies[NQ_LEVELS] = { [NQ_LEVEL_BUILD] = COPY(build) };
#endif

void nq_search(const nq_rules *rules, int row, uint32_t l, uint32_t d, uint32_t r, uint32_t *board,
               nq_leaves *out)
{
    copies[nq_cpu_level()].search(rules, row, l, d, r, board, out);
}

void nq_list_search(nq_list_worker *w)
{
    copies[nq_cpu_level()].list_search(w);
}
