/* The CPU's features, read once, that every fast path of the library asks
 * about: the backtracking search's compiled copies (dispatch.c), the pair
 * counter's vector levels (halves_match.c) and the join (halves_stream.c).
 *
 * NQUEENS_ISA in the environment, read once with the flags, limits them for
 * tests and benchmarks, so that one machine runs every path:
 *   x86-64            no vector paths (the plain copy, the scalar counter);
 *   x86-64-v3         x86-64-v3 with pext, AVX2 at most;
 *   x86-64-v3-nopext  the same without pext and pdep;
 * any other value, or none, leaves the flags as the CPU has them. It never
 * adds a feature the CPU lacks. */
#ifndef NQ_CPU_H
#define NQ_CPU_H

/* NQUEENS_ISA's names, which are also the names of the search's compiled
 * copies (dispatch.c). */
#define NQ_ISA_X86_64 "x86-64"
#define NQ_ISA_X86_64_V3 "x86-64-v3"
#define NQ_ISA_X86_64_V3_NOPEXT "x86-64-v3-nopext"

/* Each flag is a whole set a path is compiled for, with the operating
 * system's support for its registers. */
enum {
    NQ_CPU_V3 = 1 << 0,        /* x86-64-v3: AVX2, BMI1/2, FMA, F16C, LZCNT, MOVBE, POPCNT */
    NQ_CPU_SLOW_PEXT = 1 << 1, /* pext and pdep in microcode (AMD before Zen 3): avoid them */
    NQ_CPU_AVX2 = 1 << 2,      /* AVX2 and POPCNT */
    NQ_CPU_AVX512 = 1 << 3,    /* AVX-512 F, BW and VPOPCNTDQ, and BMI2 */
};

/* In a template compiled once per instruction set (*_tmpl.c, with
 * -DNQ_ISA=<id>): the name of f in this copy, f_<id>, which dispatch.c
 * calls. A template defines its entry points' names with it before it
 * includes their header, so that the declarations are this copy's too. */
#define NQ_ISA_CAT2(f, isa) f##_##isa
#define NQ_ISA_CAT(f, isa) NQ_ISA_CAT2(f, isa)
#define NQ_ISA_NAME(f) NQ_ISA_CAT(f, NQ_ISA)

/* The flags the fast paths choose by: the CPU's, as NQUEENS_ISA limits them. */
unsigned nq_cpu_flags(void);
/* The CPU's own flags: what a path may run at all (tests run each one). */
unsigned nq_cpu_detected(void);
/* flags as NQUEENS_ISA=isa leaves them (isa NULL or unknown: unchanged). */
unsigned nq_cpu_limit(unsigned flags, const char *isa);

#endif
