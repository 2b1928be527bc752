/* The level every fast path takes (cpu.h): from the CPU's features
 * (cpuid) and NQUEENS_ISA, both read once, on the first question. */
#include "cpu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>

/* AMD (and Hygon) families before 0x19, Zen 1 and 2, run pext and pdep in
 * microcode: slower there than the plain loops they replace. */
static int slow_pext(unsigned leaf1_eax)
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
    unsigned family = leaf1_eax >> 8 & 0xf;
    if (family == 0xf)
        family += leaf1_eax >> 20 & 0xff;
    return family < 0x19;
}

static unsigned detect(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    const unsigned eax1 = a, ecx1 = c;
    /* A vector unit is usable only if the OS saves its registers: XCR0
     * bits 1-2 for AVX, and 5-7 too for AVX-512's masks and zmm. */
    unsigned xcr0 = 0, xcr0_high;
    if (ecx1 >> 27 & 1) /* osxsave: xgetbv may run */
        __asm__("xgetbv" : "=a"(xcr0), "=d"(xcr0_high) : "c"(0));
    const int avx_os = (xcr0 & 0x06) == 0x06, avx512_os = (xcr0 & 0xe6) == 0xe6;
    unsigned ebx7 = 0, ecx7 = 0;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d))
        ebx7 = b, ecx7 = c;
    const int lzcnt = __get_cpuid(0x80000001, &a, &b, &c, &d) && (c >> 5 & 1);
    /* fma movbe popcnt avx f16c; bmi1 avx2 bmi2 */
    const unsigned v3_ecx1 = 1u << 12 | 1u << 22 | 1u << 23 | 1u << 28 | 1u << 29;
    const unsigned v3_ebx7 = 1u << 3 | 1u << 5 | 1u << 8;
    /* avx512f, dq, cd, bw, vl; vpopcntdq */
    const unsigned v4_ebx7 = 1u << 16 | 1u << 17 | 1u << 28 | 1u << 30 | 1u << 31;
    unsigned features = 0;
    if (avx_os && (ecx1 & v3_ecx1) == v3_ecx1 && (ebx7 & v3_ebx7) == v3_ebx7 && lzcnt) {
        features |= NQ_CPU_V3;
        if (avx512_os && (ebx7 & v4_ebx7) == v4_ebx7 && (ecx7 >> 14 & 1))
            features |= NQ_CPU_V4;
    }
    if (slow_pext(eax1))
        features |= NQ_CPU_SLOW_PEXT;
    return features;
}

#else /* not x86-64: no feature a level needs */

static unsigned detect(void)
{
    return 0;
}

#endif

#if NQ_ISA_DISPATCH

static const char *const names[NQ_LEVELS] = { "x86-64", "x86-64-v3-nopext", "x86-64-v3",
                                              "x86-64-v4" };

/* The highest level a CPU with these features runs. */
static nq_level highest(unsigned features)
{
    if (features & NQ_CPU_V4)
        return NQ_LEVEL_V4;
    return features & NQ_CPU_V3 ? NQ_LEVEL_V3 : NQ_LEVEL_X86_64;
}

nq_level nq_cpu_choose(unsigned features, const char *isa)
{
    const nq_level top = highest(features);
    const int named = nq_level_named(isa);
    if (named >= 0 && named <= (int)top)
        return (nq_level)named;
    return top == NQ_LEVEL_V3 && features & NQ_CPU_SLOW_PEXT ? NQ_LEVEL_V3_NOPEXT : top;
}

#else /* one level, as built */

static const char *const names[NQ_LEVELS] = { "build" };

static nq_level highest(unsigned features)
{
    (void)features;
    return NQ_LEVEL_BUILD;
}

nq_level nq_cpu_choose(unsigned features, const char *isa)
{
    (void)features, (void)isa;
    return NQ_LEVEL_BUILD;
}

#endif

const char *nq_level_name(nq_level level)
{
    return level >= 0 && level < NQ_LEVELS ? names[level] : "?";
}

int nq_level_named(const char *name)
{
    for (int i = 0; name && i < NQ_LEVELS; i++)
        if (!strcmp(name, names[i]))
            return i;
    return -1;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static unsigned found;
static nq_level in_use;
static int ready;

static void read_once(void)
{
    found = detect();
    in_use = nq_cpu_choose(found, getenv("NQUEENS_ISA"));
    ready = 1;
}

/* Read as the library loads, before any thread of ours runs: the search
 * asks for each subproblem, and then reads a constant. */
__attribute__((constructor)) static void read_at_load(void)
{
    pthread_once(&once, read_once);
}

nq_level nq_cpu_level(void)
{
    if (!ready)
        pthread_once(&once, read_once);
    return in_use;
}

int nq_cpu_runs(nq_level level)
{
    pthread_once(&once, read_once);
    return level >= 0 && level <= highest(found);
}

void nq_cpu_use(nq_level level)
{
    pthread_once(&once, read_once);
    in_use = level;
}
