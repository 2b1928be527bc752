/* nqueens: exact counting and listing of N-Queens solutions.
 *
 * The one public header of libnqueens. The `nqueens` program includes this
 * header and nothing else of the library. Functions return 0 on success or a
 * negative errno value (NQ_ERR(EINVAL), ...) on failure.
 */
#ifndef NQUEENS_H
#define NQUEENS_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(NQ_BUILDING_LIB) && defined(__GNUC__)
#define NQ_API __attribute__((visibility("default")))
#else
#define NQ_API
#endif

#define NQ_ERR(e) (-(e))

#define NQ_MIN_N 1
#define NQ_MAX_N 32
#define NQ_MAX_THREADS 4096
#define NQ_MAX_DEPTH 6

/* Q(29) already exceeds 64 bits: totals are 128-bit. */
typedef unsigned __int128 nq_u128;

NQ_API const char *nq_version(void);

/* Writes v in decimal into buf (at least 40 bytes); returns buf. */
NQ_API char *nq_u128_str(nq_u128 v, char buf[40]);

/* ---------------------------------------------------------------- engines */

typedef struct nq_engine_info {
    const char *name;
    const char *description;
    int parallel;     /* uses the OpenMP driver, honours threads and depth */
    int gives_unique; /* reports U(n); otherwise unique is unknown */
} nq_engine_info;

/* Index 0 is the default engine. */
NQ_API int nq_engine_count(void);
NQ_API const nq_engine_info *nq_engine_get(int index);
/* Index of the engine called name, or NQ_ERR(ENOENT). */
NQ_API int nq_engine_find(const char *name);

/* ------------------------------------------------------------------- plan */

/* A plan is the set of independent subproblems a parallel engine splits
 * N into: the first `depth` rows pre-expanded. Subproblems are numbered
 * 0..size-1 in a fixed order that depends only on (n, engine, depth). */
typedef struct nq_plan nq_plan;

/* What one subproblem contributes: its share of Q(n) and of U(n). */
typedef struct nq_sub_result {
    nq_u128 total;
    uint64_t unique;
} nq_sub_result;

/* depth 0 picks a depth from n. Classic engines have no plan: ENOTSUP. */
NQ_API int nq_plan_create(nq_plan **out, int n, int engine, int depth);
NQ_API void nq_plan_destroy(nq_plan *plan);
NQ_API size_t nq_plan_size(const nq_plan *plan);
NQ_API int nq_plan_depth(const nq_plan *plan);
/* A 64-bit fingerprint of the subproblem set (n, engine, depth and every
 * prefix), so that stored results can be matched to the plan they came from. */
NQ_API uint64_t nq_plan_fingerprint(const nq_plan *plan);
/* Relative size estimate of subproblem i (for progress and ETA). */
NQ_API double nq_plan_weight(const nq_plan *plan, size_t i);
/* The queens of subproblem i's prefix: cols[r] for r < depth (the column of
 * the queen in row r). Returns the number of rows written. */
NQ_API int nq_plan_prefix(const nq_plan *plan, size_t i, int cols[NQ_MAX_N]);

/* Counts one subproblem on the calling thread. */
NQ_API void nq_plan_solve_one(const nq_plan *plan, size_t i, nq_sub_result *out);

/* Counts the subproblems not yet done, over `threads` OpenMP threads (0: the
 * default), with a dynamic work queue. done[i] != 0 marks a subproblem
 * already counted (from a checkpoint, or another MPI rank): it is skipped.
 * Each finished i gets results[i] and then done[i] = 1. If stop is non-NULL
 * and *stop becomes non-zero, no further subproblem is started and the call
 * returns NQ_ERR(EINTR) once the running ones end. `on_done`, if set, is
 * called by the master thread between subproblems about every `every`
 * seconds (for progress and checkpoints), and once at the end. */
typedef struct nq_run_hooks {
    volatile int *stop;
    void (*on_done)(void *ctx);
    void *ctx;
    double every;
    /* Test hook: stop after this many subproblems in this run (0: never). */
    size_t stop_after;
} nq_run_hooks;

NQ_API int nq_plan_run(const nq_plan *plan, int threads, unsigned char *done,
                       nq_sub_result *results, const nq_run_hooks *hooks);

/* ------------------------------------------------------------------ count */

typedef struct nq_count_params {
    int n;       /* 1..32 */
    int engine;  /* index from nq_engine_find; 0 is the default */
    int threads; /* 0: OMP_NUM_THREADS if set, else the online CPUs */
    int depth;   /* 0: chosen by n */
} nq_count_params;

typedef struct nq_count_result {
    nq_u128 total;
    nq_u128 unique;
    int unique_known;
    int threads;
    int depth;           /* 0 for the classic engines */
    uint64_t subproblems; /* 0 for the classic engines */
    double seconds;
} nq_count_result;

/* Threads used when none are asked for. */
NQ_API int nq_default_threads(void);

/* Counts Q(n) (and U(n) where the engine gives it). */
NQ_API int nq_count(const nq_count_params *params, nq_count_result *result);

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_H */
