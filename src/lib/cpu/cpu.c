/* The CPU's features (cpu.h says who asks), from cpuid, and NQUEENS_ISA:
 * both read once, on the first question. */
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
    const int popcnt = ecx1 >> 23 & 1, bmi2 = ebx7 >> 8 & 1, avx2 = avx_os && (ebx7 >> 5 & 1);

    unsigned flags = 0;
    /* fma movbe popcnt avx f16c; bmi1 avx2 bmi2 */
    const unsigned v3_ecx1 = 1u << 12 | 1u << 22 | 1u << 23 | 1u << 28 | 1u << 29;
    const unsigned v3_ebx7 = 1u << 3 | 1u << 5 | 1u << 8;
    if (avx_os && (ecx1 & v3_ecx1) == v3_ecx1 && (ebx7 & v3_ebx7) == v3_ebx7 && lzcnt)
        flags |= NQ_CPU_V3;
    if (slow_pext(eax1))
        flags |= NQ_CPU_SLOW_PEXT;
    if (avx2 && popcnt)
        flags |= NQ_CPU_AVX2;
    /* avx512f, avx512bw, avx512vpopcntdq */
    if (avx512_os && (ebx7 >> 16 & 1) && (ebx7 >> 30 & 1) && (ecx7 >> 14 & 1) && bmi2)
        flags |= NQ_CPU_AVX512;
    return flags;
}

#else /* not x86-64: the plain paths alone */

static unsigned detect(void)
{
    return 0;
}

#endif

unsigned nq_cpu_limit(unsigned flags, const char *isa)
{
    if (!isa)
        return flags;
    if (!strcmp(isa, NQ_ISA_X86_64))
        return flags & ~(unsigned)(NQ_CPU_V3 | NQ_CPU_AVX2 | NQ_CPU_AVX512);
    if (!strcmp(isa, NQ_ISA_X86_64_V3))
        return flags & ~(unsigned)(NQ_CPU_AVX512 | NQ_CPU_SLOW_PEXT);
    if (!strcmp(isa, NQ_ISA_X86_64_V3_NOPEXT))
        return (flags & ~(unsigned)NQ_CPU_AVX512) | NQ_CPU_SLOW_PEXT;
    return flags;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static unsigned detected, limited;

static void read_once(void)
{
    detected = detect();
    limited = nq_cpu_limit(detected, getenv("NQUEENS_ISA"));
}

unsigned nq_cpu_flags(void)
{
    pthread_once(&once, read_once);
    return limited;
}

unsigned nq_cpu_detected(void)
{
    pthread_once(&once, read_once);
    return detected;
}
