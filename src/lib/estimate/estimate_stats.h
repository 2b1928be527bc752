/* The sample's design and statistics (estimate_stats.c): the draws and the
 * sampler that makes them, shared with estimate.c, which says the method. */
#ifndef NQ_ESTIMATE_STATS_H
#define NQ_ESTIMATE_STATS_H

#include "engines.h"
#include "run/plan.h"

#include <stddef.h>
#include <stdint.h>

enum {
    MAX_STRATA = 64,
    PILOT_STRATA = 1, /* the first round, which prices a draw */
    MIN_ROUNDS = 2,   /* a stratum's variance needs two draws */
    /* Two draws a stratum give its variance one degree of freedom: where
     * a few strata hold most of it, Welch and Satterthwaite's degrees fall
     * to a handful and Student's t nears 3; four give fewer, wider strata
     * but a steadier variance (doc/estimate.md). */
    DRAWS_PER_STRATUM = 4,
    RETIME_EVERY = 8, /* draws timed twice, for the timing noise */
    COARSE_DRAWS = 16, /* fewer whole subproblems in the budget: slices */
    /* Pieces counted, untimed, before a timed one, as a count's thread
     * came to it (the memo fills over several pieces): after one, n = 19's
     * pieces took 1.03x to 1.05x their time after two, and 1.07x their
     * time after eight; each costs a piece a draw (doc/estimate.md). */
    WARM_PIECES = 2
};

/* The method's own error, relative, one sigma: a sampled piece runs apart
 * from its neighbours in the count's queue (memo, caches, the other
 * thread), so the timing noise alone made intervals that whole counts fell
 * outside of (doc/estimate.md): this widens them. */
#define NQ_EST_MODEL_NOISE 0.10

typedef struct draw {
    size_t i, at; /* the subproblem, and its place in the queue's order */
    int stratum;
    size_t before; /* the stratum's draw before this one, or SIZE_MAX */
    int repeat;    /* i was drawn before: its counts and time are copied */
    uint64_t pick; /* the slice, when the sampler times slices */
    double seconds;       /* CPU time of its solve (estimated from a slice) */
    double spent;         /* CPU time the draw took, warm-ups and timings again included */
    double again_seconds; /* timed a second time, or 0 */
    nq_u128 total;
    int skipped; /* not started: the budget had run out (then dropped) */
} draw;

typedef struct sampler {
    const nq_plan *plan;
    const nq_engine *engine;
    const volatile int *stop;
    double *cum;   /* cum[k]: size measure of order[0..k-1] */
    double floor;  /* added to every subproblem's measure (nq_est_measures) */
    size_t *first; /* stratum h holds order[first[h] .. first[h + 1] - 1] */
    int strata;
    uint64_t rng;
    draw *draws;
    size_t count, capacity;
    size_t *last; /* per stratum: its latest draw, or SIZE_MAX */
    void **work; /* one per sampling thread, made by it once */
    double *work_seconds;
    int threads;
    int slices; /* each draw counts a random slice of its subproblem */
    int may_slice; /* slices if whole subproblems are too coarse for the budget */
    int count_threads; /* the count's, whose queue the warm-up follows */
    /* While `limited`, a draw starts only if its price still fits in
     * cpu_left (less `used` and the `running` draws') and ends by the
     * deadline (wall); `thread_seconds`: the threads' time the draws had. */
    int limited, running;
    double cpu_left, used, deadline, price, wall_price, thread_seconds;
} sampler;

/* The draws start again (the strata changed). */
void nq_est_forget_draws(sampler *s);
/* Cuts the order into at most `strata` strata of equal size measure; a
 * subproblem larger than a share makes a stratum alone. */
void nq_est_cut_strata(sampler *s, int strata);
/* One draw in stratum h, with probability proportional to the measure:
 * its place in the queue's order. */
size_t nq_est_draw_in(sampler *s, int h);
/* The measure's floor, a share of the plan's mean sqrt(weight + 1): where a
 * piece's time is mostly fixed costs (n = 19: 1.6 ms for a piece of x =
 * 1.2e4, 3 ms at 1.8e5), drawn by sqrt alone it was 1/15 as likely as the
 * largest and counted 15 times over when drawn: seed 2 of estimate 19 gave
 * 1.37x to 1.41x the count in 5 of 8 runs; with the floor, 1.02x to 1.25x. */
#define NQ_EST_MEASURE_FLOOR 0.5

/* A subproblem's size measure, x = sqrt(weight + 1) + the plan's floor. */
double nq_est_measure(const sampler *s, size_t i);
/* The floor (a share of the plan's mean sqrt(weight + 1)) and s->cum. */
void nq_est_measures(sampler *s);
/* The total size measure of stratum h. */
double nq_est_stratum_measure(const sampler *s, int h);
/* The stratified estimate of a total over every subproblem, from each
 * draw's seconds less ratio times its solutions (or its solutions), with
 * its 90% interval (0 to infinity when a stratum has one draw). 0 or
 * NQ_ERR(ENOMEM). */
int nq_est_stratified(const sampler *s, int solutions, double ratio, double *value, double *low,
                      double *high);
/* The count's work queue on `threads` threads, simulated, its pieces'
 * seconds adding up to `total` (the CPU estimate's): its wall seconds (-1
 * without memory), and the largest piece's seconds in *largest. */
double nq_est_queue_seconds(const sampler *s, int threads, double total, double *largest);
/* The draws to time again for the timing noise, written to todo (room for
 * count / RETIME_EVERY + 3): how many. */
size_t nq_est_retimes(const sampler *s, size_t *todo);
/* The timing noise, relative, from the draws timed twice: how far the
 * machine's speed moved for all of them at once. */
double nq_est_drift(const sampler *s, const size_t *todo, size_t todo_size);
/* The CPU seconds the draws from `from` on took, warm-ups and re-timings
 * included (a repeat took none). */
double nq_est_sampled_seconds(const sampler *s, size_t from);

#endif
