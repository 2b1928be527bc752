/* The hot code (backtrack_search_tmpl.c's search, solve_search_tmpl.c's
 * listing search) compiled once per instruction set, and the choice among
 * them at run time from the CPU, so that one build is both safe on any
 * x86-64 and fast on a recent one.
 *
 * meson compiles the two templates once per path with -DNQ_ISA=<id>; each
 * copy's entry points get the suffix _<id>. dispatch.c
 * picks a path when the library loads, from the CPU's features (cpu.h), and
 * defines the plain names (nq_search, nq_list_search) on top. */
#ifndef NQ_DISPATCH_H
#define NQ_DISPATCH_H

#include "backtrack/backtrack_search.h"
#include "solve/solve_search.h"

#include "nq_config.h"
#include "nqueens.h"


typedef void nq_search_fn(const nq_rules *rules, int row, uint32_t l, uint32_t d, uint32_t r,
                          uint32_t *board, nq_leaves *out);
typedef void nq_list_search_fn(nq_list_worker *w);

#define NQ_ISA_DECLARE(isa)                                                                    \
    nq_search_fn nq_search_##isa;                                                              \
    nq_list_search_fn nq_list_search_##isa;

/* The paths: `build` is the one copy of a build without dispatch (-Dnative,
 * or not x86-64); the others exist in a dispatching x86-64 build. */
#if NQ_ISA_DISPATCH
NQ_ISA_DECLARE(base)
NQ_ISA_DECLARE(v3)
NQ_ISA_DECLARE(v3_nopext)
#else
NQ_ISA_DECLARE(build)
#endif

typedef struct nq_isa_path {
    const char *name; /* as NQUEENS_ISA=name in the environment selects it */
    nq_search_fn *search;
    nq_list_search_fn *list_search;
} nq_isa_path;

/* The paths this build has, best first; NULL past the last. */
const nq_isa_path *nq_isa_get(int index);
/* 1 if this CPU can run path p. */
int nq_isa_usable(const nq_isa_path *p);
/* The best path for this CPU as NQUEENS_ISA=want would limit it (cpu.h):
 * the path called want if this CPU can run it, else the best one for it. */
const nq_isa_path *nq_isa_pick(const char *want);
/* The path in use: the best for nq_cpu_flags(), chosen as the library
 * loads. */
const nq_isa_path *nq_isa_current(void);
/* Tests: use p from now on (not while a count or listing runs). */
void nq_isa_use(const nq_isa_path *p);

#endif
