/* The instruction-set level every fast path of the library takes, decided
 * here once: from the CPU's features (cpuid) and NQUEENS_ISA.
 *
 * One convention for CPU-specific code: meson compiles a level's code once
 * per level with that level's compiler flags and -DNQ_ISA=<id> (isa_levels
 * in the top meson.build), so that each copy's functions are named f_<id>
 * (NQ_ISA_NAME); each fast path keeps a table from level to copy and takes
 * the one for nq_cpu_level(). Code written once for several levels is a
 * *_tmpl.c; code that uses one architecture's instructions is in that
 * architecture's folder (halves/x86/). The fast paths:
 *   the backtracking search and the listing's search (dispatch.c);
 *   the halves engine's pair counter (halves_match.c) and join (halves_join.c).
 *
 * NQUEENS_ISA in the environment, read once with the CPU's features, names a
 * level for tests and benchmarks, so that one machine runs every path it
 * can: that level if the CPU runs it, else the best for this CPU. Any other
 * value, or none, is the best for this CPU. It never adds a feature the CPU
 * lacks. */
#ifndef NQ_CPU_H
#define NQ_CPU_H

#include "nq_config.h"

/* The levels, lowest first; a build that does not dispatch (-Dnative, or
 * not x86-64) has one, its code as built. NQUEENS_ISA's names, in doc/building.md:
 *   x86-64            plain C: the plain search, the scalar pair counter;
 *   x86-64-v3-nopext  x86-64-v3 without pext and pdep, which AMD before
 *                     Zen 3 runs in microcode (the best there);
 *   x86-64-v3         AVX2, BMI1/2, FMA, LZCNT, MOVBE, POPCNT;
 *   x86-64-v4         x86-64-v4's AVX-512 (F, BW, CD, DQ, VL) with VPOPCNTDQ. */
typedef enum nq_level {
#if NQ_ISA_DISPATCH
    NQ_LEVEL_X86_64,
    NQ_LEVEL_V3_NOPEXT,
    NQ_LEVEL_V3,
    NQ_LEVEL_V4,
#else
    NQ_LEVEL_BUILD,
#endif
    NQ_LEVELS
} nq_level;

/* The CPU's features a level needs, as cpuid and the operating system
 * report them (the OS must save the vector registers). */
enum {
    NQ_CPU_V3 = 1 << 0,        /* every feature of x86-64-v3 */
    NQ_CPU_SLOW_PEXT = 1 << 1, /* pext and pdep in microcode: avoid them */
    NQ_CPU_V4 = 1 << 2,        /* x86-64-v3 and x86-64-v4, and AVX-512 VPOPCNTDQ */
};

/* In code compiled once per level (-DNQ_ISA=<id>): the name of f in this
 * copy, f_<id>, which the fast path's table names. A template defines its
 * entry points' names with it before it includes their header, so that the
 * declarations are this copy's too. */
#define NQ_ISA_CAT2(f, isa) f##_##isa
#define NQ_ISA_CAT(f, isa) NQ_ISA_CAT2(f, isa)
#define NQ_ISA_NAME(f) NQ_ISA_CAT(f, NQ_ISA)

/* In code compiled at a level: NQ_FAST_PEXT where pext and pdep are there
 * and fast. AMD before Zen 3 runs them in microcode, tens to hundreds of
 * cycles, slower than plain loops; the copy of the hot code picked on those
 * CPUs (x86-64-v3-nopext) is built with NQ_SLOW_PEXT. */
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__) && !defined(NQ_SLOW_PEXT)
#define NQ_FAST_PEXT 1
#include <immintrin.h>
#endif

/* The level in use: the best for this CPU, or NQUEENS_ISA's (see above). */
nq_level nq_cpu_level(void);
/* 1 if this CPU runs level (tests run each such level). */
int nq_cpu_runs(nq_level level);
/* Tests: every fast path takes level from now on (not while a count or a
 * listing runs); level must be one the CPU runs. */
void nq_cpu_use(nq_level level);

/* A level's name, as NQUEENS_ISA names it ("?" past the last). */
const char *nq_level_name(nq_level level);
/* The level called name in this build, or -1 (name NULL, or unknown). */
int nq_level_named(const char *name);
/* The level chosen for a CPU with these features (NQ_CPU_*) when
 * NQUEENS_ISA is isa (NULL: unset). */
nq_level nq_cpu_choose(unsigned features, const char *isa);

#endif
