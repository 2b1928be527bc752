/* nq_estimate: the sampling and the estimator checked exactly, through the
 * estimate of Q(n) that the same draws give (never a timing): a census is
 * exact, and the 90% interval holds the published Q(n) about as often as it
 * says. */
#include <criterion/criterion.h>

#include "estimate/estimate_stats.h"
#include "known_values.h"
#include "nqueens.h"
#include "sanitized.h"

#include <math.h>

static nq_estimate_result estimate_with(int n, int engine, uint64_t seed, size_t samples,
                                        int threads, int slices, uint64_t max_memory)
{
    nq_estimate_params p = nq_estimate_params_default(n);
    p.slices = slices;
    p.max_memory = max_memory;
    p.engine = engine;
    p.seed = seed;
    p.samples = samples;
    p.threads = threads;
    nq_estimate_result r;
    const int err = nq_estimate(&p, &r);
    cr_assert_eq(err, 0, "estimate %d (seed %llu): %s", n, (unsigned long long)seed,
                 nq_strerror(err));
    return r;
}

static nq_estimate_result estimate(int n, int engine, uint64_t seed, size_t samples, int threads)
{
    return estimate_with(n, engine, seed, samples, threads, 0, 0);
}

static double published(int n)
{
    unsigned long long q, u;
    cr_assert_eq(known_values(n, &q, &u), 0);
    return (double)q;
}

/* Every subproblem drawn once: Q(n) exactly, and no interval around it. */
Test(estimate, census_is_exact)
{
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (!nq_engine_get(engine)->parallel)
            continue;
        for (int n = 4; n <= 12; n++) {
            const nq_estimate_result r = estimate(n, engine, 1, NQ_MAX_PLAN_SIZE, 2);
            cr_assert_eq(r.sampled_subproblems, r.subproblems);
            cr_assert_eq(r.solutions, published(n), "n=%d %s: %.0f", n,
                         nq_engine_get(engine)->name, r.solutions);
            cr_assert_eq(r.solutions_low, r.solutions);
            cr_assert_eq(r.solutions_high, r.solutions);
        }
    }
}

/* A sample well below the plan: the interval holds Q(n) for most seeds. At a
 * true 90%, 16 or more of 20 fail to hold it with probability 4%; these
 * seeds are fixed, so the test is the same on every run. And no seed's
 * interval balloons: with two draws a stratum, a few strata held most of
 * the variance and its few degrees of freedom made one of n = 16 +-35%. */
Test(estimate, interval_holds_q)
{
    for (int n = 14; n <= NQ_TEST_TOP(17, 15); n++) {
        int held = 0;
        double widest = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            const nq_estimate_result r = estimate(n, 0, seed, 48, 2);
            cr_assert_lt(r.sampled_subproblems, r.subproblems);
            cr_assert(r.solutions_low <= r.solutions && r.solutions <= r.solutions_high);
            held += r.solutions_low <= published(n) && published(n) <= r.solutions_high;
            widest = fmax(widest, (r.solutions_high - r.solutions_low) / 2 / r.solutions);
        }
        cr_expect_geq(held, 16, "n=%d: the interval held Q(n) for %d seeds of 20", n, held);
        cr_expect_leq(widest, 0.25, "n=%d: an interval of +-%.0f%%", n, 100 * widest);
    }
}

/* Two-stage sampling (a random slice of each drawn piece, scaled up), with
 * blocks small enough that most pieces have several: the interval holds
 * Q(n) as often, though it is wider. */
Test(estimate, slices_interval_holds_q, .timeout = 300)
{
    for (int n = 14; n <= 16; n++) {
        int held = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            const nq_estimate_result r = estimate_with(n, 0, seed, 48, 2, 1, 10 << 20);
            cr_assert(r.slices);
            cr_assert(r.solutions_low <= r.solutions && r.solutions <= r.solutions_high);
            held += r.solutions_low <= published(n) && published(n) <= r.solutions_high;
        }
        cr_expect_geq(held, 16, "n=%d: the interval held Q(n) for %d seeds of 20", n, held);
    }
    nq_estimate_params p = nq_estimate_params_default(12);
    p.engine = nq_engine_find("parallel-sym8");
    p.slices = 1;
    nq_estimate_result r;
    cr_assert_eq(nq_estimate(&p, &r), NQ_ERR(ENOTSUP), "an engine without slices");
}

/* The draws are the seed's, whatever the threads that count them. */
Test(estimate, seed_reproduces)
{
    const nq_estimate_result a = estimate(15, 0, 7, 40, 1), b = estimate(15, 0, 7, 40, 2);
    const nq_estimate_result c = estimate(15, 0, 8, 40, 2);
    cr_assert_eq(a.solutions, b.solutions);
    cr_assert_eq(a.solutions_low, b.solutions_low);
    cr_assert_neq(a.solutions, c.solutions);
}

/* The budgeted default: every stratum drawn (a round the budget cut short
 * leaves some with one draw), an ordered interval, the count's threads and
 * memory. */
Test(estimate, by_budget)
{
    const nq_estimate_result r = estimate(13, 0, 3, 0, 64);
    cr_assert_geq(r.sampled_subproblems, (size_t)r.strata);
    cr_assert(r.cpu_seconds_low <= r.cpu_seconds && r.cpu_seconds <= r.cpu_seconds_high);
    cr_assert(isfinite(r.cpu_seconds_high));
    cr_assert_eq(r.threads, nq_threads_for(64));
    cr_assert_eq(r.peak_memory_bytes, nq_count_memory(13, 0, r.threads, 0));
    cr_assert_gt(r.wall_seconds, 0);
}

/* An odd --sample leaves one stratum with one draw, whose variance comes
 * from its neighbour's (collapsed strata): the interval still holds Q(n)
 * about as often. */
Test(estimate, odd_sample_holds_q)
{
    for (int n = 14; n <= NQ_TEST_TOP(17, 15); n++) {
        int held = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            const nq_estimate_result r = estimate(n, 0, seed, 47, 2);
            cr_assert_eq(r.sampled_subproblems, 47);
            cr_assert(isfinite(r.solutions_high));
            held += r.solutions_low <= published(n) && published(n) <= r.solutions_high;
        }
        cr_expect_geq(held, 16, "n=%d: the interval held Q(n) for %d seeds of 20", n, held);
    }
}

/* Strata of one draw each are paired, each pair's variance the square of
 * its difference (Cochran 5A.12); one stratum of one draw alone has none. */
Test(estimate, collapsed_strata)
{
    double weights[8] = { 0 }, cum[9];
    size_t order[8], first[9], last[8];
    for (size_t k = 0; k < 8; k++) {
        order[k] = k;
        cum[k + 1] = (double)(k + 1); /* x = sqrt(0 + 1) each */
    }
    cum[0] = 0;
    nq_plan plan = { .size = 8, .order = order, .weights = weights };
    draw draws[4];
    sampler s = { .plan = &plan, .cum = cum, .first = first, .last = last, .draws = draws };
    nq_est_cut_strata(&s, 4);
    cr_assert_eq(s.strata, 4);
    const double y[4] = { 1, 3, 2, 6 };
    for (int h = 0; h < 4; h++)
        draws[h] = (draw){ .i = s.first[h], .stratum = h, .seconds = y[h] };
    s.count = 4;
    double value, low, high;
    cr_assert_eq(nq_est_stratified(&s, 0, 0, &value, &low, &high), 0);
    cr_assert_float_eq(value, 24, 1e-12); /* each y times its stratum's 2 */
    /* (2 - 6)^2 + (4 - 12)^2 = 80; 1.5 degrees of freedom: t = 6.3138 */
    cr_assert_float_eq(high, 24 + 6.3138 * sqrt(80), 1e-9);
    cr_assert_eq(low, 0);
    nq_est_cut_strata(&s, 1);
    draws[0].stratum = 0;
    s.count = 1;
    cr_assert_eq(nq_est_stratified(&s, 0, 0, &value, &low, &high), 0);
    cr_assert(isinf(high));
}

/* The timing noise weighs each second timing by the CPU it took: a slice
 * that projects a measurement of milliseconds to many blocks is no more
 * trusted than another (with the projected seconds as weights, the one
 * ratio of 0.5 below would make the noise about 0.69). */
Test(estimate, timing_noise_weighs_measured_cpu)
{
    draw draws[9];
    size_t todo[9];
    for (int k = 0; k < 9; k++) {
        todo[k] = (size_t)k;
        draws[k] = (draw){ .seconds = 1, .again_seconds = k % 2 ? 1.02 : 0.98, .spent = 2 };
    }
    draws[0] = (draw){ .seconds = 1000, .again_seconds = 500, .spent = 0.02 };
    sampler s = { .draws = draws, .count = 9 };
    const double noise = nq_est_drift(&s, todo, 9);
    cr_assert(noise > 0 && noise < 0.01, "timing noise %g", noise);
    /* Every ratio as far off: the noise says so, whatever the weights. */
    for (int k = 1; k < 9; k++)
        draws[k].again_seconds = 0.5;
    cr_assert_float_eq(nq_est_drift(&s, todo, 9), log(2), 1e-9);
}

/* A subproblem of tiny weight is still drawn with at least a third of the
 * average probability (the floor: half the mean sqrt(weight + 1)), so one
 * whose time is all fixed costs cannot count many times over when drawn;
 * cum is the running sum of the measures in the queue's order. */
Test(estimate, measure_floor)
{
    double weights[4] = { 0, 0, 0, 1e10 }, cum[5];
    size_t order[4] = { 3, 0, 1, 2 };
    nq_plan plan = { .size = 4, .order = order, .weights = weights };
    sampler s = { .plan = &plan, .cum = cum };
    nq_est_measures(&s);
    const double mean = (3 * 1 + sqrt(1e10 + 1)) / 4;
    cr_assert_float_eq(s.floor, mean / 2, 1e-9);
    const double average = cum[4] / 4;
    for (size_t k = 0; k < 4; k++) {
        const double x = nq_est_measure(&s, order[k]);
        cr_assert_float_eq(cum[k + 1] - cum[k], x, 1e-6);
        cr_assert_geq(x, average / 3 - 1e-9, "subproblem %zu: %g against %g", order[k], x, average);
    }
}

/* The wall time on T threads is above the CPU time by the serial part at
 * most, however few the draws: the queue's pieces add up to the CPU
 * estimate (two draws at n = 18 projected 1.8 s on 2 threads for 1.8 s
 * of CPU), and the CPU time holds the serial part T times over (the
 * buffers). On one thread the two are the same. */
Test(estimate, wall_within_cpu)
{
    for (uint64_t seed = 1; seed <= 8; seed++)
        for (int threads = 1; threads <= 3; threads++) {
            const nq_estimate_result r = estimate(16, 0, seed, 2, threads);
            cr_assert_leq(r.wall_seconds, r.cpu_seconds * (1 + 1e-12), "seed %llu, %d threads",
                          (unsigned long long)seed, threads);
            if (threads == 1)
                cr_assert_float_eq(r.wall_seconds, r.cpu_seconds, 1e-9 * r.cpu_seconds);
        }
}

/* One draw: a glimpse with no interval. */
Test(estimate, glimpse)
{
    const nq_estimate_result r = estimate(16, 0, 3, 1, 2);
    cr_assert_eq(r.sampled_subproblems, 1);
    cr_assert_eq(r.cpu_seconds_low, 0);
    cr_assert(isinf(r.cpu_seconds_high));
}

Test(estimate, refused)
{
    nq_estimate_params p = nq_estimate_params_default(10);
    nq_estimate_result r;
    cr_assert_eq(nq_estimate(NULL, &r), NQ_ERR(EINVAL));
    cr_assert_eq(nq_estimate(&p, NULL), NQ_ERR(EINVAL));
    p.threads = -1;
    cr_assert_eq(nq_estimate(&p, &r), NQ_ERR(EINVAL));
    p = nq_estimate_params_default(33);
    cr_assert_eq(nq_estimate(&p, &r), NQ_ERR(EINVAL));
    p = nq_estimate_params_default(10);
    p.seconds = -1;
    cr_assert_eq(nq_estimate(&p, &r), NQ_ERR(EINVAL));
    p = nq_estimate_params_default(10);
    p.engine = nq_engine_find("naive");
    cr_assert_eq(nq_estimate(&p, &r), NQ_ERR(ENOTSUP));
}

Test(estimate, stops)
{
    volatile int stop = 1;
    const nq_run_hooks hooks = { .stop = &stop };
    nq_estimate_params p = nq_estimate_params_default(16);
    p.hooks = &hooks;
    nq_estimate_result r;
    cr_assert_eq(nq_estimate(&p, &r), NQ_ERR(EINTR));
}
