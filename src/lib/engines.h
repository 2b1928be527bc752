/* The engines: what each one is and how it runs. An engine is a const
 * nq_engine defined in a file of its own (NAME_engine.c), declared below
 * and listed once in the table of engines.c; the library, the programs,
 * the bench and the tests learn of it from there. */
#ifndef NQ_ENGINES_H
#define NQ_ENGINES_H

#include "run/marks.h"
#include "nqueens.h"

#include <stdint.h>

/* The public indexes (nq_engine_get, nq_count_params.engine): the order of
 * the table in engines.c, kept as it was in 1.0 for programs that stored
 * one. Fingerprints and checkpoints name an engine, never its index. */
enum {
    NQ_ENG_HALVES,
    NQ_ENG_SYM8,
    NQ_ENG_PMIRROR,
    NQ_ENG_NAIVE,
    NQ_ENG_MIRROR,
    NQ_ENG_MARKING,
    NQ_ENG_AVAILABLE,
    NQ_ENG_BITMASK,
    NQ_ENG_COUNT
};

/* What nq_estimate learns of a subproblem from a random part of it. */
typedef struct nq_sub_sample {
    nq_u128 total;  /* its share of Q(n), estimated without bias */
    double seconds; /* the CPU seconds its count takes here, likewise */
} nq_sub_sample;

typedef struct nq_engine {
    nq_engine_info info;
    /* Classic engines: Q(n) on the calling thread (no plan); 0, or
     * NQ_ERR(EINTR) once *stop is set. */
    int (*count)(int n, const volatile int *stop, uint64_t *total);
    /* Plan engines: fill plan->size, the subproblems, weights and the
     * fingerprint's engine part (plan.c orders them). */
    int (*plan)(nq_plan *plan, const volatile int *stop);
    /* Optional per-thread buffers, made by each thread before it takes work. */
    int (*work_create)(const nq_plan *plan, void **work);
    void (*work_destroy)(void *work);
    /* Counts subproblem i. May return NQ_ERR(EINTR) when *stop is set
     * (the subproblem is then not done) or another negative errno. */
    int (*count_one)(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                     nq_sub_result *out);
    /* Optional: count_one that goes on from where a stopped count of i got
     * to (from: i's mark, or NULL) and sets thread t's mark in marks as it
     * goes and at a stop (marks.h). */
    int (*count_marked)(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                        const nq_mark *from, nq_marks *marks, int t, nq_sub_result *out);
    /* Optional, with count_marked: the share of subproblem i done at mark
     * m, 0 to 1, never less for a later mark of the same count (the
     * progress adds it); -NQ_MARK_* (marks.h) if a thread of this plan
     * cannot go on from m (a mark that fails its seal, say): i then
     * starts again. A halves mark's w[0] is the budget of the blocks its
     * position is in (halves_marks.c goes on from it in any). */
    double (*mark_share)(const nq_plan *plan, size_t i, const nq_mark *m);
    /* Whether (total, unique) can be subproblem i's counts: a checkpoint
     * with an implausible value is refused. */
    int (*plausible)(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique);
    /* The queens placed before subproblem i's search (see
     * nq_plan_prefix). Every plan engine has one. */
    int (*prefix)(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N]);
    /* Optional: an upper bound on the bytes a count of n takes on `threads`
     * threads when held to limit (0: none), and the per-thread budget
     * (plan->work_budget) that keeps it there; more than limit when even
     * the smallest does not fit (nq_count_memory). By default a few MB. */
    uint64_t (*memory)(int n, int threads, uint64_t limit, size_t *budget);
    /* Optional: turns the sum over every subproblem into Q(n) and U(n). */
    int (*finish)(const nq_plan *plan, nq_sub_result *sum);
    /* Optional: a quick guess at the wall seconds a count of n takes here on
     * `threads` threads (1 for a classic engine), from figures alone, with
     * nothing run (nq_estimate_quick; the long-run warning starts from it).
     * By default info.seconds_16 scaled by Q(n)/Q(16) (nq_seconds_by_q16). */
    double (*seconds)(const struct nq_engine *self, int n, int threads);
    /* Optional: counts and times a random part of subproblem i (pick
     * chooses it), for nq_estimate's two-stage sampling of subproblems too
     * large to count whole: by default from n = slices_from on. */
    int (*sample_one)(const nq_plan *plan, size_t i, void *work, uint64_t pick,
                      const volatile int *stop, nq_sub_sample *out);
    int slices_from;
} nq_engine;

/* Every engine of the library, each defined in its own file. */
extern const nq_engine nq_halves_engine, nq_parallel_sym8_engine, nq_parallel_mirror_engine,
    nq_naive_engine, nq_mirror_engine, nq_marking_engine, nq_available_engine, nq_bitmask_engine;
#ifdef NQ_EXAMPLE_ENGINE
/* tests/example_engine.c: in test_example_engine's build only, to show that
 * an engine is one file and one row. */
extern const nq_engine nq_example_engine;
#endif

/* The engine at index, or NULL. */
const nq_engine *nq_engine_impl(int index);

/* The default of the seconds hook: self->info.seconds_16 scaled by
 * Q(n)/Q(16) (by ten a row beyond the published counts), over threads. */
double nq_seconds_by_q16(const nq_engine *self, int n, int threads);

/* Q(n) by the classic engine at index; 0 if it is not one. */
uint64_t nq_classic_count(int engine, int n);

#endif
