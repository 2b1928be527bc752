/* 1.0's count calls, for programs built against 1.0's header (issue 23):
 * nq_count_params grew two fields in 1.1, recount in the middle, and
 * nq_count_memory a fourth argument. Bound to the symbol version NQ_1.0
 * (libnqueens.map), which is where the dynamic linker sends such a
 * program's unversioned calls; each turns 1.0's arguments into the
 * current call's. Programs built now get NQ_1.1's, the current ones. */
#include "nq_config.h"

#include "nqueens.h"

#if NQ_HAVE_SYMVER

/* struct nq_count_params as 1.0's header laid it out (tests/abi/nqueens.h
 * keeps that header); tests/abi builds a program against it. */
typedef struct nq_count_params_v10 {
    int n, engine, threads, depth;
    const nq_run_hooks *hooks;
    const char *checkpoint;
    double checkpoint_every;
    void (*log)(void *ctx, int error, const char *line);
    void *log_ctx;
    void (*progress)(void *ctx, const nq_progress *p);
    void *progress_ctx;
    double progress_every;
    uint64_t max_memory;
} nq_count_params_v10;

/* Exported as name@NQ_1.0; the _v10 names themselves are local
 * (libnqueens.map). GCC's attribute (GCC 10 on) works under -flto, where
 * a top-level .symver may not; clang has only the latter. */
#if defined(__has_attribute)
#if __has_attribute(symver)
#define NQ_AT_1_0(name) __attribute__((symver(#name "@NQ_1.0")))
#endif
#endif
#ifndef NQ_AT_1_0
#define NQ_AT_1_0(name)
__asm__(".symver nq_count_v10, nq_count@NQ_1.0\n"
        ".symver nq_count_params_default_v10, nq_count_params_default@NQ_1.0\n"
        ".symver nq_count_memory_v10, nq_count_memory@NQ_1.0");
#endif

NQ_API int nq_count_v10(const nq_count_params_v10 *params, nq_count_result *result)
    NQ_AT_1_0(nq_count);
NQ_API nq_count_params_v10 nq_count_params_default_v10(int n) NQ_AT_1_0(nq_count_params_default);
NQ_API uint64_t nq_count_memory_v10(int n, int engine, int threads) NQ_AT_1_0(nq_count_memory);

/* The new fields take their zero, the default: no recount, and engine 0
 * the library's choice (what 1.1 made of 1.0's "0 is the default"). */
int nq_count_v10(const nq_count_params_v10 *old, nq_count_result *result)
{
    if (!old)
        return nq_count(NULL, result);
    const nq_count_params p = {
        .n = old->n,
        .engine = old->engine,
        .threads = old->threads,
        .depth = old->depth,
        .hooks = old->hooks,
        .checkpoint = old->checkpoint,
        .checkpoint_every = old->checkpoint_every,
        .log = old->log,
        .log_ctx = old->log_ctx,
        .progress = old->progress,
        .progress_ctx = old->progress_ctx,
        .progress_every = old->progress_every,
        .max_memory = old->max_memory,
    };
    return nq_count(&p, result);
}

/* Returned by value: the caller's room is 1.0's size, so 1.0's struct. */
nq_count_params_v10 nq_count_params_default_v10(int n)
{
    return (nq_count_params_v10){ .n = n };
}

/* 1.0 had no limit to fit: the bound without one. */
uint64_t nq_count_memory_v10(int n, int engine, int threads)
{
    return nq_count_memory(n, engine, threads, 0);
}

#endif
