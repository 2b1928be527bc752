/* The choice of the hot code's path for this CPU (dispatch.h says why).
 * x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT, FMA, MOVBE) doubles the speed of
 * the search over plain x86-64, mostly by pext and popcnt; but AMD before
 * Zen 3 runs pext and pdep in microcode, slower than the plain loops, so
 * there the same instructions are used without them. */
#include "dispatch.h"

#include <stdlib.h>
#include <string.h>

#if NQ_ISA_DISPATCH
#include <cpuid.h>

#define PATH(isa, label) { label, nq_search_##isa, nq_list_search_##isa }
static const nq_isa_path paths[] = {
    PATH(v3, "x86-64-v3"),
    PATH(v3_nopext, "x86-64-v3-nopext"),
    PATH(base, "x86-64"),
};

/* Whether the CPU and the OS (which must save the AVX registers) give every
 * x86-64-v3 instruction the compiler may use. */
static int has_v3(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    const unsigned leaf1 = 1u << 12 | 1u << 22 | 1u << 23 | 1u << 27 | 1u << 28 | 1u << 29;
    if ((c & leaf1) != leaf1) /* fma movbe popcnt osxsave avx f16c */
        return 0;
    unsigned xcr0, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0), "=d"(xcr0_high) : "c"(0));
    if ((xcr0 & 6) != 6) /* SSE and AVX state */
        return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    const unsigned leaf7 = 1u << 3 | 1u << 5 | 1u << 8; /* bmi1 avx2 bmi2 */
    if ((b & leaf7) != leaf7)
        return 0;
    return __get_cpuid(0x80000001, &a, &b, &c, &d) && (c >> 5 & 1); /* lzcnt */
}

/* AMD (and Hygon) families before 0x19, Zen 1 and 2: pext/pdep in microcode. */
static int slow_pext(void)
{
    unsigned a, b, c, d;
    char vendor[13];
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return 0;
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor[12] = '\0';
    if (strcmp(vendor, "AuthenticAMD") && strcmp(vendor, "HygonGenuine"))
        return 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    unsigned family = a >> 8 & 0xf;
    if (family == 0xf)
        family += a >> 20 & 0xff;
    return family < 0x19;
}

int nq_isa_usable(const nq_isa_path *p)
{
    return p == &paths[2] || has_v3();
}

/* The best path for this CPU, not counting NQUEENS_ISA. */
static const nq_isa_path *best(void)
{
    if (!has_v3())
        return &paths[2];
    return slow_pext() ? &paths[1] : &paths[0];
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

static const nq_isa_path *best(void)
{
    return &paths[0];
}

#endif

const nq_isa_path *nq_isa_get(int index)
{
    return index >= 0 && index < (int)(sizeof paths / sizeof paths[0]) ? &paths[index] : NULL;
}

/* Chosen once as the library loads, before any thread of ours runs; the hot
 * code then reads a constant. NQUEENS_ISA names a path for tests and
 * benchmarks; one this CPU cannot run is ignored. */
static const nq_isa_path *chosen;

const nq_isa_path *nq_isa_pick(const char *want)
{
    for (int i = 0; want && nq_isa_get(i); i++)
        if (!strcmp(want, nq_isa_get(i)->name) && nq_isa_usable(nq_isa_get(i)))
            return nq_isa_get(i);
    return best();
}

__attribute__((constructor)) static void pick_at_load(void)
{
    chosen = nq_isa_pick(getenv("NQUEENS_ISA"));
}

const nq_isa_path *nq_isa_current(void)
{
    return chosen ? chosen : nq_isa_pick(getenv("NQUEENS_ISA"));
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
