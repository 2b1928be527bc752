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

/* Q(29) already exceeds 64 bits: totals are 128-bit. __int128 is a GCC and
 * Clang extension; __extension__ keeps -pedantic quiet in C and C++. */
__extension__ typedef unsigned __int128 nq_u128;

/* The version of this header; nq_version() gives the library's as
 * "MAJOR.MINOR.PATCH". Within one MAJOR, a program built against an older
 * header works with a newer library. */
#define NQ_VERSION_MAJOR 1
#define NQ_VERSION_MINOR 0
#define NQ_VERSION_PATCH 0

NQ_API const char *nq_version(void);

/* One line of English for a value this library returned: 0, a negative
 * errno (what it means here, e.g. NQ_ERR(EBADMSG): "checkpoint damaged or
 * for another plan"), or anything else ("unknown error"). Never NULL; the
 * text is static, safe from any thread. */
NQ_API const char *nq_strerror(int err);

/* Writes v in decimal into buf (at least 40 bytes); returns buf. */
NQ_API char *nq_u128_str(nq_u128 v, char buf[40]);

/* ---------------------------------------------------------------- engines */

typedef struct nq_engine_info {
    const char *name;
    const char *description;
    int parallel;     /* uses the OpenMP driver, honours threads and depth */
    int gives_unique; /* reports U(n); otherwise unique is unknown */
    int uses_depth;   /* its plan pre-expands `depth` rows (--depth) */
    /* Seconds for Q(16) on one thread of the reference machine (README,
     * Speed), rounded: a base for estimates of how long a count takes. */
    double seconds_16;
} nq_engine_info;

/* Index 0 is the default engine. */
NQ_API int nq_engine_count(void);
NQ_API const nq_engine_info *nq_engine_get(int index);
/* Index of the engine called name, or NQ_ERR(ENOENT). */
NQ_API int nq_engine_find(const char *name);

/* ------------------------------------------------------------- run hooks */

/* What a caller may hook into a count, a plan run or a listing. Every field
 * may be NULL. */
typedef struct nq_run_hooks {
    /* Once *stop is non-zero, no further work is started and the call
     * returns NQ_ERR(EINTR) soon (work under way is abandoned or ends).
     * Planning (nq_plan_create, and the plan of a count) sees it too. */
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
    double fraction;       /* share of the estimated work done, 0..1 */
    size_t done, subproblems;
    nq_u128 solutions;     /* found so far, resumed ones included */
    double seconds;        /* since this run started */
    double rate;           /* solutions per second in this run */
    double eta;            /* estimated seconds left, -1 if unknown */
} nq_progress;

/* Every field's zero (or NULL) is the library's default, so a caller that
 * zero-initialises the struct and sets what it needs (designated
 * initialisers, or nq_count_params_default) keeps its meaning when fields
 * are added. */
typedef struct nq_count_params {
    int n;       /* 1..32 */
    int engine;  /* index from nq_engine_find; 0 is the default */
    int threads; /* 0: nq_default_threads(); capped by OMP_THREAD_LIMIT */
    int depth;   /* 0: chosen by n */
    /* Optional, for the parallel engines: e.g. on_thread_start binding each
     * thread (nq_bind_thread), or a stop flag set by a signal. NULL: none. */
    const nq_run_hooks *hooks;
    /* Checkpoint file (parallel engines), held by this run from start to
     * end (nq_checkpoint_open): if it exists it must be for this n, engine
     * and depth, and the run does only what it lacks; it is rewritten
     * atomically at the start, every checkpoint_every seconds (0: 30) and
     * at the end, also when the run is stopped. NULL: none. */
    const char *checkpoint;
    double checkpoint_every;
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
} nq_count_params;

/* The defaults for a count of n: every other field zero. */
NQ_API nq_count_params nq_count_params_default(int n);

/* An estimate of the bytes a count of n needs with this engine and threads
 * (from the sizes measured up to n = 21, extrapolated beyond). */
NQ_API uint64_t nq_count_memory(int n, int engine, int threads);
/* The memory available now (MemAvailable), or 0 if unknown. */
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
 * for bad parameters; NQ_ERR(EINTR) if stopped through hooks->stop (the
 * checkpoint, if any, is written: see result->checkpoint_error); the errors
 * of nq_checkpoint_open, before any work, with the file left as it was.
 * A complete count whose last checkpoint write failed returns 0 with the
 * counts and result->checkpoint_error set. */
NQ_API int nq_count(const nq_count_params *params, nq_count_result *result);

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

/* --------------------------------------------------------------- topology */

/* Thread placement over NUMA nodes and cores, with hwloc. In a build without
 * hwloc, nq_topology_open gives NQ_ERR(ENOSYS) and nothing can be bound. */
typedef struct nq_topology nq_topology;

/* Binding modes. none: leave placement to OpenMP (OMP_PROC_BIND, OMP_PLACES).
 * numa: each thread on the whole cpuset of one NUMA node. core: each thread
 * on one PU (hardware thread), one core after another. */
enum { NQ_BIND_NONE, NQ_BIND_NUMA, NQ_BIND_CORE, NQ_BIND_MODES };

/* The mode called name ("none", "numa", "core"), or NQ_ERR(EINVAL). */
NQ_API int nq_bind_mode_find(const char *name);
/* The name of mode, or NULL if there is no such mode. */
NQ_API const char *nq_bind_mode_name(int mode);

/* Loads a topology: hwloc's synthetic description `synthetic` if non-NULL
 * (e.g. "pack:2 numa:1 core:4 pu:2"), else the one in the HWLOC_SYNTHETIC
 * environment variable if set and non-empty, else this machine's.
 * NQ_ERR(EINVAL) if hwloc rejects the description, NQ_ERR(E2BIG) if it
 * makes more than NQ_MAX_PUS PUs (checked before hwloc reads it),
 * NQ_ERR(ENOSYS) without hwloc, another negative errno if hwloc fails. */
NQ_API int nq_topology_open(nq_topology **out, const char *synthetic);
NQ_API void nq_topology_close(nq_topology *topo);

typedef struct nq_topology_info {
    int packages;    /* 0 if the topology names none (synthetic) */
    int numa_nodes;
    int cores;       /* 0 if the topology names none (synthetic) */
    int pus;
    int this_system; /* 0: synthetic, plans only; nothing is bound */
} nq_topology_info;

/* Counts of topo's objects. */
NQ_API void nq_topology_get_info(const nq_topology *topo, nq_topology_info *info);

/* PUs are named by OS index below this (glibc's CPU_SETSIZE). */
#define NQ_MAX_PUS 1024

/* Where one thread runs, planned or read back from the OS. */
typedef struct nq_placement {
    int thread;
    int numa; /* logical index of the first NUMA node holding all the PUs, or -1 */
    int npus; /* 0 if unknown (a synthetic topology's threads are not bound) */
    uint64_t pus[NQ_MAX_PUS / 64]; /* bit i: may run on the PU of OS index i */
} nq_placement;

/* The next PU OS index above `after` in p (start with -1), or -1 at the end. */
NQ_API int nq_placement_next_pu(const nq_placement *p, int after);

/* Plans out[0..threads-1] without binding anything.
 * numa: thread t goes to the t mod K-th of the K NUMA nodes that have PUs,
 *   so node loads differ by at most one (6 threads on 4 nodes: 2,2,1,1).
 * core: one PU per thread: the first PU of every core, the cores taken round
 *   robin over the NUMA nodes; then the second PU of every core, and so on;
 *   past the last PU, around again.
 * none: every thread on all PUs.
 * NQ_ERR(EINVAL) for threads outside 1..NQ_MAX_THREADS or an unknown mode,
 * NQ_ERR(ERANGE) if a PU's OS index is NQ_MAX_PUS or more. */
NQ_API int nq_placement_plan(const nq_topology *topo, int threads, int mode, nq_placement *out);

/* The plan for a run, and the means to apply it thread by thread. */
typedef struct nq_binder nq_binder;

/* Plans `threads` threads in `mode` on topo, which must outlive the binder.
 * Errors as nq_placement_plan, or NQ_ERR(ENOMEM). */
NQ_API int nq_binder_create(nq_binder **out, const nq_topology *topo, int threads, int mode);
NQ_API void nq_binder_destroy(nq_binder *binder);
/* The plan of thread (0 <= thread < threads), or NULL. */
NQ_API const nq_placement *nq_binder_plan(const nq_binder *binder, int thread);

/* Called by thread `thread` itself, at the start of the parallel region:
 * binds the calling thread to its planned PUs (mode none: leaves it as it
 * is), then reads its binding back from the OS into *readback if non-NULL.
 * On a topology that is not this machine's nothing is bound and readback
 * gets npus = 0. NQ_ERR(EINVAL) for a bad thread, else the OS's negative
 * errno if it refuses. Safe to call from several threads at once. */
NQ_API int nq_bind_thread(const nq_binder *binder, int thread, nq_placement *readback);

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

/* Plans hold at most this many subproblems (a run needs about 100 bytes
 * each, so under a gigabyte). */
#define NQ_MAX_PLAN_SIZE ((size_t)1 << 23)

/* depth 0 picks a depth from n. Classic engines have no plan: ENOTSUP. A
 * depth that would make more than NQ_MAX_PLAN_SIZE subproblems:
 * NQ_ERR(E2BIG), found as the plan outgrows the limit, before more memory
 * is taken. hooks may be NULL; only hooks->stop is used: planning a large
 * n takes seconds, and a stop ends it with NQ_ERR(EINTR) (*out NULL). */
NQ_API int nq_plan_create(nq_plan **out, int n, int engine, int depth,
                          const nq_run_hooks *hooks);
NQ_API void nq_plan_destroy(nq_plan *plan);
NQ_API size_t nq_plan_size(const nq_plan *plan);
NQ_API int nq_plan_depth(const nq_plan *plan);
/* A 64-bit fingerprint of the subproblem set (n, engine, depth and every
 * prefix), so that stored results can be matched to the plan they came from. */
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
 * consistency check of the counts fails. */
NQ_API int nq_plan_finish(const nq_plan *plan, nq_sub_result *sum);

/* ------------------------------------------------------------ checkpoint */

/* Checkpoints record the finished subproblems of a plan with their counts,
 * with the format version, n, engine, depth, the plan's fingerprint and a
 * checksum over them and the plan. See README for what is refused. */
typedef struct nq_checkpoint nq_checkpoint;

/* Opens the checkpoint at path for a run of plan, and holds it (an advisory
 * lock) until nq_checkpoint_close. Loads what it holds into done/results
 * (cleared first), removes the temporary files a killed run left next to
 * it, and writes it back at once (a new one: creates it), so that a place
 * where it cannot be written fails before any work. On failure message
 * gets one line and nothing is changed on disk. Errors: NQ_ERR(EBADMSG) for
 * a file that is damaged, for another plan, implausible, too large, not a
 * regular file, a directory or a symbolic link; NQ_ERR(EBUSY) if another
 * run holds it ("in use by process N"); another negative errno if it cannot
 * be read, created or written. */
NQ_API int nq_checkpoint_open(nq_checkpoint **out, const char *path, const nq_plan *plan,
                              unsigned char *done, nq_sub_result *results, char *message,
                              size_t message_size);
/* Writes what done marks, atomically: a new temporary file next to it
 * (mkstemp), fsync, rename, fsync of the folder. Never writes fewer
 * finished subproblems than the file holds (NQ_ERR(EINVAL)). On failure
 * message gets one line and the file is as it was. Not to be called from
 * two threads at once. */
NQ_API int nq_checkpoint_save(nq_checkpoint *ck, const unsigned char *done,
                              const nq_sub_result *results, char *message, size_t message_size);
/* Lets the file go. NULL is allowed. */
NQ_API void nq_checkpoint_close(nq_checkpoint *ck);

/* Loads path into done/results (cleared first) without holding it, with the
 * checks of nq_checkpoint_open. NQ_ERR(ENOENT) if there is no such file. */
NQ_API int nq_checkpoint_read(const char *path, const nq_plan *plan, unsigned char *done,
                              nq_sub_result *results, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_H */
