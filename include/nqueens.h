/* nqueens: exact counting and listing of N-Queens solutions.
 *
 * The one public header of libnqueens. The `nqueens` program includes this
 * header and nothing else of the library. Functions that can fail return 0
 * on success or a negative errno value (NQ_ERR(EINVAL), ...) on failure, and
 * nq_strerror names it; lookups and sizes (nq_engine_count, nq_plan_size,
 * ...) return what they say, and each says its value for "none".
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

/* Marks a call kept only for programs written against an older name. */
#if defined(__GNUC__) && !defined(NQ_BUILDING_LIB)
#define NQ_DEPRECATED(use) __attribute__((deprecated("use " use)))
#else
#define NQ_DEPRECATED(use)
#endif

#define NQ_ERR(e) (-(e))

#define NQ_MIN_N 1
#define NQ_MAX_N 32
#define NQ_MAX_THREADS 4096
#define NQ_MAX_DEPTH 6

/* Q(29) already exceeds 64 bits: totals are 128-bit. __int128 is a GCC and
 * Clang extension; __extension__ keeps -pedantic quiet in C and C++. */
__extension__ typedef unsigned __int128 nq_u128;

/* The version of this header; nq_version() gives the library's as
 * "MAJOR.MINOR.PATCH". Within one MAJOR, a program built against an older
 * header works with a newer library, where the dynamic linker honours
 * symbol versions (glibc's does): a call whose arguments change keeps its
 * old form under its old symbol version (1.0's nq_count_memory and
 * nq_count_params: doc/library.md). Except for 1.1.0: its library had no
 * symbol versions, so a program built against its header is bound to
 * 1.0's forms, and one that sets a field of nq_count_params after
 * checkpoint_every or gives nq_count_memory a max_memory must be built
 * again (CHANGELOG.md, 1.2.0's Compatibility). */
#define NQ_VERSION_MAJOR 1
#define NQ_VERSION_MINOR 3
#define NQ_VERSION_PATCH 9

NQ_API const char *nq_version(void);

/* One line of English for a value this library returned: 0, a negative
 * errno (what it means here, e.g. NQ_ERR(EBADMSG): "checkpoint damaged or
 * for another plan"), or anything else ("unknown error"). Never NULL; the
 * text is static, safe from any thread. */
NQ_API const char *nq_strerror(int err);

/* Writes v in decimal into buf (at least 40 bytes); returns buf. */
NQ_API char *nq_u128_str(nq_u128 v, char buf[40]);

/* The published Q(n) and U(n) (OEIS A000170, A002562), or NQ_ERR(ENOENT)
 * beyond NQ_PUBLISHED_MAX_N. Counts that contradict them are refused. */
#define NQ_PUBLISHED_MAX_N 27
NQ_API int nq_published(int n, nq_u128 *total, nq_u128 *unique);

/* ---------------------------------------------------------------- engines */

typedef struct nq_engine_info {
    const char *name;
    const char *description;
    int parallel;     /* uses the OpenMP driver, honours threads and depth */
    int gives_unique; /* reports U(n); otherwise unique is unknown */
    int uses_depth;   /* its plan pre-expands `depth` rows (--depth) */
    /* Seconds for Q(16) on one thread of the reference machine (doc/performance.md,
     * Speed), rounded: what nq_estimate_quick starts from, unless the engine
     * knows better. */
    double seconds_16;
} nq_engine_info;

/* Index 0 is the fastest engine, halves; a count with no engine given
 * takes the one nq_count_engine names. */
NQ_API int nq_engine_count(void);
NQ_API const nq_engine_info *nq_engine_get(int index);
/* Index of the engine called name, or NQ_ERR(ENOENT). */
NQ_API int nq_engine_find(const char *name);

/* ------------------------------------------------------------- run hooks */

/* What a caller may hook into a count, a listing, or a plan's creation and
 * runs. Every field may be NULL; a call uses the fields that apply to it. */
typedef struct nq_run_hooks {
    /* Once *stop is non-zero (read by relaxed atomic loads: set it by an
     * atomic store, e.g. of a C11 atomic_int, also from a signal handler) no
     * more work starts and the call soon returns NQ_ERR(EINTR); planning too. */
    volatile int *stop;
    /* Called by each thread of the parallel region before it takes work
     * (thread placement binds here). */
    void (*on_thread_start)(void *ctx, int thread);
    void *ctx;
    /* Counts and plan runs only: called by the thread that finished
     * subproblem i, once results[i] and done[i] are set (a program may
     * count them and set *stop, say). */
    void (*on_done)(void *ctx, size_t i);
} nq_run_hooks;

/* ------------------------------------------------------------------ count */

/* How far a count is, for progress reports. */
typedef struct nq_progress {
    double fraction; /* share of the estimated work done, 0..1: the subproblems done, and
                      * the part of each in progress that its mark says (halves), so
                      * it grows inside pieces of hours and never goes back */
    size_t done, subproblems;
    nq_u128 solutions;     /* found so far, resumed ones included */
    double seconds;        /* since this run started */
    double rate;           /* solutions per second in this run */
    double eta;            /* estimated seconds left, -1 if unknown */
} nq_progress;

/* Every field's zero (or NULL) is the library's default, so a caller that
 * zero-initialises it keeps its meaning when fields are added. */
typedef struct nq_count_params {
    int n;       /* 1..32 */
    int engine;  /* index from nq_engine_find; 0: the default (nq_count_engine) */
    int threads; /* 0: nq_default_threads(); capped by OMP_THREAD_LIMIT */
    int depth;   /* 0: chosen by n */
    /* Optional: e.g. on_thread_start binding each thread (nq_bind_thread),
     * or a stop flag set by a signal. A classic engine uses only stop, seen
     * between its first two rows' queens. NULL: none. */
    const nq_run_hooks *hooks;
    /* Checkpoint file (parallel engines), held by this run from start to
     * end (nq_checkpoint_open): if it exists it must be for this n, engine
     * and depth, and the run does only what it lacks; it is rewritten
     * atomically at the start, every checkpoint_every seconds (0:
     * NQ_CHECKPOINT_EVERY) and at the end, also when the run is stopped or
     * fails; it is written complete only once the counts pass their checks.
     * NULL: none. recount: its stored subproblems are counted again first,
     * and any that differ replaced (log tells each). */
    const char *checkpoint;
    double checkpoint_every;
    int recount;
    /* Called with one line of text: error != 0 for the reason a call fails
     * (a checkpoint refused or unwritable, too little memory) or its last
     * checkpoint write failed; error == 0 for a notice while the run goes on
     * (a periodic write failed and will be tried again, or works again).
     * From the calling thread or the monitor thread, never from two at once.
     * NULL: none; nq_strerror still names the error. */
    void (*log)(void *ctx, int error, const char *line);
    void *log_ctx;
    /* Called from a monitor thread every progress_every seconds (0: 1) and
     * once at the end. NULL: none. */
    void (*progress)(void *ctx, const nq_progress *p);
    void *progress_ctx;
    double progress_every;
    /* Bytes the count may use (plan and every thread's buffers); a count
     * that would need more fails with NQ_ERR(E2BIG) before any work. 0:
     * the memory available when the count starts. */
    uint64_t max_memory;
    /* Non-zero: exactly `engine`, halves too when it is 0 (which then
     * fails as any engine that does not fit). 0: engine 0 lets the library
     * choose (nq_count_engine). */
    int engine_exact;
} nq_count_params;

/* The defaults for a count of n: every other field zero. */
NQ_API nq_count_params nq_count_params_default(int n);

/* The engine nq_count(params) counts with: params->engine if it is given
 * (not 0, or engine_exact), else the first parallel engine of the table
 * that takes params->depth (when not 0) and fits in params->max_memory (0:
 * the memory available now) on params->threads: halves, or parallel-sym8
 * where halves does not fit or with a depth; the first if none fits (the
 * count then fails with NQ_ERR(E2BIG)). A choice made for memory is never
 * silent: params->log gets one line (error 0) naming both engines.
 * NQ_ERR(EINVAL) for bad parameters. */
NQ_API int nq_count_engine(const nq_count_params *params);

/* An upper bound on the bytes a count of n takes with this engine and
 * threads held to max_memory (0: no limit). halves shrinks its per-thread
 * blocks to fit; the value exceeds max_memory only when nothing fits. */
NQ_API uint64_t nq_count_memory(int n, int engine, int threads, uint64_t max_memory);
/* The memory this process may take now: MemAvailable, or less where its
 * memory cgroup (v1 or v2, as a batch system's job has) or its RLIMIT_AS
 * leaves less; 0 if unknown. */
NQ_API uint64_t nq_memory_available(void);

typedef struct nq_count_result {
    nq_u128 total;
    nq_u128 unique;
    int unique_known;
    int threads;
    int depth;           /* 0 for the classic engines */
    uint64_t subproblems; /* 0 for the classic engines */
    uint64_t resumed_subproblems; /* taken from the checkpoint */
    double seconds;
    /* 0, or the negative errno of the checkpoint's last write if it failed
     * (the counts are still complete and exact; log says why). */
    int checkpoint_error;
} nq_count_result;

/* Threads used when none are asked for: OpenMP's default, which is
 * OMP_NUM_THREADS if set, else the CPUs in the process's affinity mask (its
 * CPU set under taskset, cgroups, Slurm or mpirun), capped by
 * OMP_THREAD_LIMIT and NQ_MAX_THREADS. */
NQ_API int nq_default_threads(void);
/* The threads a run asked for `requested` threads gets (0: the default):
 * never more than OMP_THREAD_LIMIT. nq_count, nq_plan_run and nq_solve run
 * this many, and nq_count_result.threads reports it. */
NQ_API int nq_threads_for(int requested);

/* Counts Q(n) (and U(n) where the engine gives it). Errors: NQ_ERR(EINVAL)
 * for bad parameters; NQ_ERR(EINTR) if stopped through hooks->stop; the
 * errors of nq_checkpoint_open, before any work, with the file left as it
 * was; NQ_ERR(EPROTO) if the counts fail nq_plan_finish's checks (result
 * holds them; the checkpoint is not written as complete); ENOMEM, EAGAIN.
 * After any error but the first ones the checkpoint holds every finished
 * subproblem (see result->checkpoint_error). A complete count whose last
 * write failed returns 0 with the counts and result->checkpoint_error set. */
NQ_API int nq_count(const nq_count_params *params, nq_count_result *result);

/* --------------------------------------------------------------- estimate */

/* A count's cost, from a stratified sample of its plan timed as nq_count
 * runs it (src/lib/estimate/estimate.c). The sample takes about NQ_ESTIMATE_SHARE of
 * the projected CPU time (warm-ups and second timings included), at most
 * NQ_ESTIMATE_SECONDS of wall time, about two draws a stratum. */
#define NQ_ESTIMATE_SHARE 0.03
#define NQ_ESTIMATE_SECONDS 120

/* Every field's zero is the default, as for nq_count_params. */
typedef struct nq_estimate_params {
    int n, engine; /* an engine with a plan (ENOTSUP otherwise) */
    int threads, depth; /* the count's (wall time, memory); 0: defaults */
    int sample_threads; /* 0: threads, at most nq_default_threads() */
    uint64_t seed; /* the draws, in order, are the seed's and the plan's */
    double seconds; /* wall seconds the sample may take; 0: the default */
    size_t samples; /* exactly this many draws (0: by the budget) */
    /* Two-stage sampling: 1, each draw counts a random slice of its
     * subproblem (halves: one block of each side) and scales it up; -1,
     * whole subproblems; 0, slices where the engine's subproblems take
     * minutes (halves: n >= 24). NQ_ERR(ENOTSUP) with 1 for an engine
     * without slices. */
    int slices;
    uint64_t max_memory; /* the count's --max-memory (its blocks); 0: none */
    const nq_run_hooks *hooks; /* stop only: NQ_ERR(EINTR) soon after */
} nq_estimate_params;

NQ_API nq_estimate_params nq_estimate_params_default(int n);

typedef struct nq_estimate_result {
    /* CPU seconds of the whole count here (plan and buffers included), with
     * the 90% interval of the sampling, the timing noise and the method's
     * own error (10%) together; with a stratum drawn once, low is 0 and
     * high infinity. */
    double cpu_seconds, cpu_seconds_low, cpu_seconds_high;
    double timing_noise, wall_seconds; /* relative, 0: unmeasured; on `threads` cores */
    double largest_seconds, plan_seconds; /* projected; measured */
    /* Q(n) from the same draws by the same estimator: checks the sampling. */
    double solutions, solutions_low, solutions_high;
    /* nq_count_memory(n, engine, threads); the process's measured peak */
    uint64_t peak_memory_bytes, sample_memory_bytes;
    size_t subproblems, sampled_subproblems; /* draws; a repeat counts twice */
    int strata, threads, sample_threads, depth;
    int slices; /* the draws were slices (two-stage sampling) */
    double sample_cpu_seconds, seconds; /* the sample's CPU; this call's wall */
} nq_estimate_result;

/* 0, NQ_ERR(EINVAL), NQ_ERR(ENOTSUP) (no plan), NQ_ERR(EINTR) if stopped,
 * the errors of nq_plan_create, NQ_ERR(ENOMEM) (engine buffers included). */
NQ_API int nq_estimate(const nq_estimate_params *params, nq_estimate_result *result);

/* The engine's quick guess at the wall seconds a count of n takes here on
 * `threads` threads (0: the default; a classic engine uses one), from
 * figures alone, at once: its order of magnitude, to tell a short
 * count from one worth an nq_estimate. -1 for a bad n, engine or threads. */
NQ_API double nq_estimate_quick(int n, int engine, int threads);

/* ------------------------------------------------------------------ solve */

/* Solutions come in lexicographic order of (cols[0], cols[1], ...), the same
 * for any number of threads. With `unique`, only the lexicographically
 * smallest board of each class under the 8 symmetries of the square: U(n)
 * of them. Worker threads search the first rows' subproblems ahead within a
 * bounded window, so memory stays bounded and an early stop is quick for
 * any n. */

typedef enum nq_format {
    NQ_FORMAT_BOARD, /* n lines of 'Q' and '.', row 0 first; an empty line between boards */
    NQ_FORMAT_COLS,  /* one line per solution: the columns, separated by single spaces */
    NQ_FORMAT_JSON   /* one JSON array of boards, each an array of n strings; then "\n" */
} nq_format;

/* What to list; nq_solve and nq_solve_text take it alike. */
typedef struct nq_solve_params {
    int n;          /* 1..32 */
    int unique;     /* one board per symmetry class */
    int threads;    /* 0: the default */
    nq_format format; /* nq_solve_text only; nq_solve ignores it */
    uint64_t limit; /* stop after this many solutions; 0: all */
    /* Optional: on_thread_start is called by each searching thread before
     * it takes work (thread placement binds here); once *stop is non-zero
     * the listing ends within a fraction of a second, unfinished, with
     * NQ_ERR(EINTR). NULL: none. */
    const nq_run_hooks *hooks;
} nq_solve_params;

/* The defaults for a listing of n: every other field zero. Every field's
 * zero is the library's default, as for nq_count_params. */
NQ_API nq_solve_params nq_solve_params_default(int n);

/* One solution: cols[r] is the column of the queen in row r (0-based).
 * Return non-zero to stop the listing. */
typedef int (*nq_solution_fn)(void *ctx, int n, const int8_t *cols);

/* Calls fn for each solution, in order, always from the calling thread
 * (params->format is ignored). *listed (if non-NULL) gets the number of
 * solutions handed to fn. Returns 0 when done (all solutions, or `limit`),
 * NQ_ERR(EINTR) if fn or hooks->stop stopped it (a caller's stop, as for
 * nq_count), NQ_ERR(EINVAL) for a bad argument, NQ_ERR(ENOMEM) or another
 * negative errno if threads cannot be started. */
NQ_API int nq_solve(const nq_solve_params *params, nq_solution_fn fn, void *ctx,
                    uint64_t *listed);

/* Receives the text in order, in pieces of any size (a piece may end inside
 * a board), always from the calling thread. Return non-zero to stop. */
typedef int (*nq_write_fn)(void *ctx, const char *buf, size_t len);

/* The faster listing, as text formatted by the searching threads: writes
 * the complete document for the format (the JSON brackets included)
 * through write. *listed (if non-NULL) gets the number of solutions whose
 * text was handed to write. Returns as nq_solve, with write in place of fn
 * (the document is left unfinished when it is stopped). */
NQ_API int nq_solve_text(const nq_solve_params *params, nq_write_fn write, void *ctx,
                         uint64_t *listed);

/* ================================================================ advanced
 * The building blocks of nq_count, for programs that schedule subproblems
 * themselves (nqueens-mpi hands them out over MPI ranks). Stable as the
 * rest within one MAJOR version: the calls and their meaning. Fixed within
 * one library version: the plan for (n, engine, depth), its order and its
 * fingerprint (all ranks of a job must run the same version). Free to
 * change between versions: the subproblems an engine makes and their
 * weights (a checkpoint of another plan is refused by its fingerprint,
 * never misread), and the checkpoint file's bytes (a newer library reads
 * older formats, not the reverse). */

/* ------------------------------------------------------------------- plan */

/* A plan is the set of independent subproblems a parallel engine splits
 * N into: the first `depth` rows pre-expanded (parallel-sym8,
 * parallel-mirror), or the west queens' rows and the middle queens
 * (halves). Subproblems are numbered
 * 0..size-1 in a fixed order that depends only on (n, engine, depth). */
typedef struct nq_plan nq_plan;

/* What one subproblem contributes: its share of Q(n) and of U(n). */
typedef struct nq_sub_result {
    nq_u128 total;
    uint64_t unique;
} nq_sub_result;

/* Plans hold at most this many subproblems (about 100 bytes each in a run). */
#define NQ_MAX_PLAN_SIZE ((size_t)1 << 23)

/* depth 0 picks a depth from n. Classic engines have no plan: ENOTSUP. A
 * depth that makes over NQ_MAX_PLAN_SIZE subproblems: NQ_ERR(E2BIG), found as
 * the plan outgrows the limit. hooks may be NULL; only hooks->stop is used:
 * planning a large n takes seconds; a stop ends it with NQ_ERR(EINTR). */
NQ_API int nq_plan_create(nq_plan **out, int n, int engine, int depth,
                          const nq_run_hooks *hooks);
NQ_API void nq_plan_destroy(nq_plan *plan);
NQ_API size_t nq_plan_size(const nq_plan *plan);
NQ_API int nq_plan_depth(const nq_plan *plan);
/* A 64-bit fingerprint of the subproblem set (n, engine, depth, every prefix). */
NQ_API uint64_t nq_plan_fingerprint(const nq_plan *plan);
/* Relative size estimate of subproblem i (for progress and ETA). */
NQ_API double nq_plan_weight(const nq_plan *plan, size_t i);
/* The queens placed in subproblem i before its search: cols[r] is the column
 * of row r's queen, or -1 for rows left to the search (r < n). Returns the
 * number of queens placed. */
NQ_API int nq_plan_prefix(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N]);

/* Counts one subproblem on the calling thread: 0, NQ_ERR(ENOMEM) (halves'
 * tables), or NQ_ERR(EINTR) soon after hooks->stop is set (hooks may be
 * NULL). On an error *out is zero. */
NQ_API int nq_plan_count_one(const nq_plan *plan, size_t i, const nq_run_hooks *hooks,
                             nq_sub_result *out);
/* 1.0's name for nq_plan_count_one ("solve" is listing, nq_solve). */
NQ_DEPRECATED("nq_plan_count_one")
NQ_API int nq_plan_solve_one(const nq_plan *plan, size_t i, const nq_run_hooks *hooks,
                             nq_sub_result *out);

/* Counts the subproblems not yet done, over `threads` OpenMP threads (0: the
 * default), with a dynamic work queue, largest estimated first. done[i] != 0
 * marks a subproblem already counted (from a checkpoint, or another MPI
 * rank): it is skipped. Each finished i gets results[i] and then done[i] = 1
 * (a release store, so another thread that reads done[i] with acquire may
 * read results[i]). If hooks->stop becomes non-zero, no further subproblem
 * is started and the call returns NQ_ERR(EINTR) once the running ones end.
 * run_sum (if non-NULL) gets the sum over the subproblems counted in this
 * call, reduced once from per-thread accumulators. hooks->on_done (if
 * set) is called for each finished i. */
NQ_API int nq_plan_run(const nq_plan *plan, int threads, unsigned char *done,
                       nq_sub_result *results, const nq_run_hooks *hooks,
                       nq_sub_result *run_sum);

/* As nq_plan_run, for the `count` subproblems listed (a batch handed out by
 * an MPI rank, say), whether or not done says they are. */
NQ_API int nq_plan_run_list(const nq_plan *plan, int threads, const size_t *list, size_t count,
                            unsigned char *done, nq_sub_result *results,
                            const nq_run_hooks *hooks, nq_sub_result *run_sum);
/* The k-th subproblem in work-queue order (largest estimated first). */
NQ_API size_t nq_plan_order(const nq_plan *plan, size_t k);

/* The sum of results[i] over the subproblems marked done. */
NQ_API void nq_plan_sum(const nq_plan *plan, const unsigned char *done,
                        const nq_sub_result *results, nq_sub_result *sum);
/* Turns the sum over every subproblem into Q(n) and U(n): engines whose
 * subproblems count Q(n) only (halves) add U(n) here. NQ_ERR(EPROTO) if a
 * consistency check fails or they contradict nq_published's values. */
NQ_API int nq_plan_finish(const nq_plan *plan, nq_sub_result *sum);

#ifdef __cplusplus
}
#endif

/* Checkpoints and thread placement (--bind) in headers of their own, part
 * of this one. */
#include "nqueens_checkpoint.h"
#include "nqueens_topology.h"

#endif /* NQUEENS_H */
