/* The hot code of the backtracking engines and of the listing
 * (backtrack_search_tmpl.c's search, solve_search_tmpl.c's listing search),
 * compiled once per level (cpu.h), so that one build is both safe on any
 * x86-64 and fast on a recent one. Each copy's entry points get the suffix
 * _<id>; dispatch.c defines the plain names (nq_search, nq_list_search) on
 * top, calling the copy for nq_cpu_level(). */
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

/* The copies: `build` is the one of a build without levels (-Dnative, or
 * not x86-64); x86-64-v4 has none of its own (dispatch.c says why). */
#if NQ_ISA_DISPATCH
NQ_ISA_DECLARE(x86_64)
NQ_ISA_DECLARE(v3_nopext)
NQ_ISA_DECLARE(v3)
#else
NQ_ISA_DECLARE(build)
#endif

#endif
