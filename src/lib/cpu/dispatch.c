/* The choice of the hot code's path for this CPU (dispatch.h says why).
 * x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT, FMA, MOVBE) doubles the speed of
 * the search over plain x86-64, mostly by pext and popcnt; but AMD before
 * Zen 3 runs pext and pdep in microcode, slower than the plain loops, so
 * there the same instructions are used without them. The CPU's features
 * and NQUEENS_ISA come from cpu.h. */
#include "dispatch.h"

#include "cpu.h"

#if NQ_ISA_DISPATCH

#define PATH(isa, label) { label, nq_search_##isa, nq_list_search_##isa }
static const nq_isa_path paths[] = {
    PATH(v3, NQ_ISA_X86_64_V3),
    PATH(v3_nopext, NQ_ISA_X86_64_V3_NOPEXT),
    PATH(base, NQ_ISA_X86_64),
};

int nq_isa_usable(const nq_isa_path *p)
{
    return p == &paths[2] || nq_cpu_detected() & NQ_CPU_V3;
}

/* The best path for a CPU with these flags. */
static const nq_isa_path *best(unsigned flags)
{
    if (!(flags & NQ_CPU_V3))
        return &paths[2];
    return flags & NQ_CPU_SLOW_PEXT ? &paths[1] : &paths[0];
}

#else /* one path, as built */

static const nq_isa_path paths[] = {
    { "build", nq_search_build, nq_list_search_build },
};

int nq_isa_usable(const nq_isa_path *p)
{
    (void)p;
    return 1;
}

static const nq_isa_path *best(unsigned flags)
{
    (void)flags;
    return &paths[0];
}

#endif

const nq_isa_path *nq_isa_get(int index)
{
    return index >= 0 && index < (int)(sizeof paths / sizeof paths[0]) ? &paths[index] : NULL;
}

/* Chosen once as the library loads, before any thread of ours runs; the hot
 * code then reads a constant. */
static const nq_isa_path *chosen;

const nq_isa_path *nq_isa_pick(const char *want)
{
    return best(nq_cpu_limit(nq_cpu_detected(), want));
}

__attribute__((constructor)) static void pick_at_load(void)
{
    chosen = best(nq_cpu_flags());
}

const nq_isa_path *nq_isa_current(void)
{
    return chosen ? chosen : best(nq_cpu_flags());
}

void nq_isa_use(const nq_isa_path *p)
{
    chosen = p;
}

void nq_search(const nq_rules *rules, int row, uint32_t l, uint32_t d, uint32_t r, uint32_t *board,
               nq_leaves *out)
{
    nq_isa_current()->search(rules, row, l, d, r, board, out);
}

void nq_list_search(nq_list_worker *w)
{
    nq_isa_current()->list_search(w);
}
