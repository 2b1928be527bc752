/* nq_estimate: what a count would cost, measured on a random stratified
 * sample of its plan's subproblems, each counted and timed as a count runs
 * it (the engine's own work buffers and solve; the hot path is untouched).
 *
 * The method: the subproblems, largest estimated weight first, are cut into
 * H strata of equal total size measure x = sqrt(weight); each round draws
 * one subproblem per stratum with probability proportional to x (with
 * replacement), and a stratum's total is estimated by Hansen and Hurwitz's
 * estimator, X_h * mean(y / x). x = sqrt(weight) rather than the weight: a
 * subproblem's time grows more slowly than its weight (fixed costs), and
 * sqrt spends draws as Neyman's allocation with cost would. The 90% interval
 * is Student's t with Welch and Satterthwaite's degrees of freedom. The same
 * draws give Q(n) with its interval, which tests check against the
 * published values: the sampling is then checked exactly, without timing. */
#include "estimate_stats.h"
#include "run/memory_room.h"
#include "util.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <sys/resource.h>

/* Counts and times one draw on a sampling thread's buffers. */
static int time_one(sampler *s, draw *d, void *work, int again)
{
    int err = 0;
    if (s->slices) {
        nq_sub_sample r = { 0, 0 };
        const double begin = nq_thread_cpu();
        err = s->engine->sample_one(s->plan, d->i, work, d->pick, s->stop, &r);
        d->spent += nq_thread_cpu() - begin;
        if (again) {
            d->again_seconds = r.seconds;
        } else {
            d->seconds = r.seconds;
            d->total = r.total;
        }
        return err;
    }
    nq_sub_result r = { 0, 0 };
    /* A count's thread comes to a subproblem with its buffers warm from
     * the ones `threads`, 2 `threads`, ... places before it in the queue
     * (an engine keeps what pieces share): so comes the sample's. */
    const double warming = nq_thread_cpu();
    const size_t step = (size_t)s->count_threads;
    for (size_t back = WARM_PIECES; back > 0 && !err; back--)
        if (d->at >= back * step)
            err = s->engine->count_one(s->plan, s->plan->order[d->at - back * step], work,
                                       s->stop, &r);
    const double begin = nq_thread_cpu();
    if (!err)
        err = s->engine->count_one(s->plan, d->i, work, s->stop, &r);
    const double end = nq_thread_cpu();
    d->spent += end - warming;
    if (again) {
        d->again_seconds = end - begin;
    } else {
        d->seconds = end - begin;
        d->total = r.total;
    }
    return err;
}

/* Whether a draw may start within the budget (s->limited), and its price
 * then reserved: the CPU of the draws done and running, and the wall a
 * draw takes here, as measured so far. */
static int may_start(sampler *s)
{
    int go;
#pragma omp critical(nq_estimate_budget)
    {
        go = s->used + s->price * (s->running + 1) <= s->cpu_left &&
             nq_now() + s->wall_price <= s->deadline;
        s->running += go;
    }
    return go;
}

static void finished(sampler *s, double spent)
{
#pragma omp critical(nq_estimate_budget)
    {
        s->used += spent;
        s->running--;
    }
}

/* Counts and times the draws listed, on the sampling threads (`again`: a
 * second timing, kept apart, for the timing noise). */
static int time_draws(sampler *s, const size_t *todo, size_t todo_size, int again)
{
    int failed = 0;
    const double start = nq_now();
    double made = 0; /* the buffers' CPU, not the draws' */
    omp_set_dynamic(0);
#pragma omp parallel num_threads(s->threads) shared(failed) reduction(+ : made)
    {
        const int t = omp_get_thread_num();
        if (!s->work[t] && s->engine->work_create) {
            const double begin = nq_thread_cpu();
            const int err = s->engine->work_create(s->plan, &s->work[t]);
            made = s->work_seconds[t] = nq_thread_cpu() - begin;
            if (err)
                __atomic_store_n(&failed, err, __ATOMIC_RELAXED);
        }
#pragma omp for schedule(dynamic, 1)
        for (size_t k = 0; k < todo_size; k++) {
            if (__atomic_load_n(&failed, __ATOMIC_RELAXED) || nq_stop_seen(s->stop))
                continue;
            draw *d = &s->draws[todo[k]];
            if (s->limited && !may_start(s)) {
                d->skipped = 1;
                continue;
            }
            const int err = time_one(s, d, s->work[t], again);
            if (s->limited)
                finished(s, d->spent);
            if (err)
                __atomic_store_n(&failed, err, __ATOMIC_RELAXED);
        }
    }
    s->thread_seconds += fmax(0, (nq_now() - start) * fmin(s->threads, (double)todo_size) - made);
    if (!failed && nq_stop_seen(s->stop))
        failed = NQ_ERR(EINTR);
    return failed;
}

/* The draws from `start` on that the budget left unstarted (and repeats
 * of them) are dropped, and the strata's chains of draws made again. */
static void drop_skipped(sampler *s, size_t start)
{
    size_t kept = start;
    for (size_t k = start; k < s->count; k++)
        if (!s->draws[k].skipped)
            s->draws[kept++] = s->draws[k];
    if (kept == s->count)
        return;
    s->count = kept;
    for (int h = 0; h < s->strata; h++)
        s->last[h] = SIZE_MAX;
    for (size_t k = 0; k < s->count; k++) {
        s->draws[k].before = s->last[s->draws[k].stratum];
        s->last[s->draws[k].stratum] = k;
    }
}

/* Draws `added` draws, a round of the strata after another (the last
 * round perhaps partial, its largest strata first), and counts them on
 * the sampling threads; a subproblem drawn again takes its first draw's
 * counts and time. */
static int sample_draws(sampler *s, size_t added)
{
    const size_t start = s->count;
    if (start + added > s->capacity) {
        const size_t capacity = 2 * (start + added);
        draw *grown = realloc(s->draws, capacity * sizeof *grown);
        if (!grown)
            return NQ_ERR(ENOMEM);
        s->draws = grown;
        s->capacity = capacity;
    }
    size_t *todo = malloc((added + 1) * sizeof *todo);
    if (!todo)
        return NQ_ERR(ENOMEM);
    size_t todo_size = 0;
    for (size_t a = 0; a < added; a++) {
        const int h = (int)(a % (size_t)s->strata);
        const size_t k = s->count++;
        draw *d = &s->draws[k];
        const size_t at = nq_est_draw_in(s, h);
        *d = (draw){ .i = s->plan->order[at], .at = at, .stratum = h, .before = s->last[h] };
        s->last[h] = k;
        /* A slice is drawn afresh each time, so a repeat is counted again
         * (the slices' own seeds, apart from the draws'). */
        uint64_t pick = s->rng ^ (k * 0xd1b54a32d192ed03u);
        d->pick = nq_splitmix64(&pick);
        for (size_t j = d->before; j != SIZE_MAX && !d->repeat && !s->slices;
             j = s->draws[j].before)
            d->repeat = s->draws[j].i == d->i;
        if (!d->repeat)
            todo[todo_size++] = k;
    }
    int failed = time_draws(s, todo, todo_size, 0);
    free(todo);
    for (size_t k = start; k < s->count && !failed; k++) {
        draw *d = &s->draws[k];
        for (size_t j = d->before; d->repeat && j != SIZE_MAX; j = s->draws[j].before)
            if (s->draws[j].i == d->i && !s->draws[j].repeat) {
                d->seconds = s->draws[j].seconds;
                d->total = s->draws[j].total;
                d->skipped = s->draws[j].skipped;
            }
    }
    drop_skipped(s, start);
    return failed;
}

static int sample_rounds(sampler *s, int rounds)
{
    return sample_draws(s, (size_t)rounds * (size_t)s->strata);
}

/* The CPU seconds the sample may take, from the estimate so far. */
static int budget(const sampler *s, const nq_estimate_params *p, double plan_seconds,
                  double *cpu_budget)
{
    double cpu, low, high;
    const int err = nq_est_stratified(s, 0, 0, &cpu, &low, &high);
    if (!err)
        *cpu_budget = p->seconds > 0 ? p->seconds * s->threads
                                     : fmin(NQ_ESTIMATE_SHARE * (cpu + plan_seconds),
                                            NQ_ESTIMATE_SECONDS * s->threads);
    return err;
}

/* A draw's price as measured so far: its mean CPU seconds, and the wall
 * seconds it takes on a sampling thread of this machine as it is (all the
 * sampling's threads' time over its CPU, `spent`). */
static void price(sampler *s, double spent)
{
    size_t unique = 0;
    for (size_t k = 0; k < s->count; k++)
        unique += !s->draws[k].repeat;
    s->price = nq_est_sampled_seconds(s, 0) / (double)(unique ? unique : 1);
    s->wall_price = s->price * fmax(1, s->thread_seconds / fmax(spent, 1e-9));
}

/* Two draws of one stratum: the budget and a draw's price, and how many
 * more draws the budget allows (`by_cpu`: in CPU alone); `spent` grows by
 * their CPU. */
static int pilot(sampler *s, const nq_estimate_params *p, double plan_seconds, double again,
                 double *cpu_budget, double *spent, double *draws, double *by_cpu)
{
    int err = sample_rounds(s, MIN_ROUNDS);
    *spent += nq_est_sampled_seconds(s, 0);
    if (!err)
        err = budget(s, p, plan_seconds, cpu_budget);
    if (err)
        return err;
    price(s, *spent);
    *by_cpu = (*cpu_budget / again - *spent) / fmax(s->price, 1e-6);
    const double by_wall = (s->deadline - nq_now()) / fmax(s->wall_price, 1e-6) * s->threads;
    *draws = fmin(*by_cpu, by_wall);
    return 0;
}

/* The draws, by the budget (CPU, and wall on this machine as it is; the
 * timing noise's second timings after them): a pilot of two draws prices a
 * draw, the strata are as many as leave about DRAWS_PER_STRATUM draws
 * each, their first round is drawn whole, and rounds go on while the
 * budget lasts, each draw started only if its price fits. A round cut
 * short leaves strata of one draw (collapsed pairs, estimate_stats.c); so
 * the sample ends on time (n = 28 took 403 s of 120 with two whole rounds). */
static int sample_by_budget(sampler *s, const nq_estimate_params *p, double plan_seconds,
                            double start)
{
    const double again = 1 + 1.0 / RETIME_EVERY;
    s->deadline = start + (p->seconds > 0 ? p->seconds : NQ_ESTIMATE_SECONDS) / again;
    double cpu_budget = 0, spent = 0, draws = 0;
    /* Where the engine may slice, slices first: cheap, and each prices its
     * whole piece (projected seconds, with its warm-up pieces). Whole pieces
     * if COARSE_DRAWS fit (n = 20: about 4, errors to 50%; two whole draws
     * to price them had spent its budget). Counted in CPU alone: two
     * slices of milliseconds price the wall badly on a busy machine, which
     * turned n = 19 to its slices, further from the count (doc/estimate.md). */
    s->slices |= s->may_slice;
    double by_cpu = 0;
    int err = pilot(s, p, plan_seconds, again, &cpu_budget, &spent, &draws, &by_cpu);
    double whole = 0;
    for (size_t k = 0; k < s->count; k++)
        whole += (1 + WARM_PIECES) * s->draws[k].seconds / (double)s->count;
    if (!err && s->may_slice && by_cpu * s->price / fmax(whole, 1e-9) >= COARSE_DRAWS) {
        s->slices = 0;
        nq_est_cut_strata(s, PILOT_STRATA);
        err = pilot(s, p, plan_seconds, again, &cpu_budget, &spent, &draws, &by_cpu);
    }
    if (err)
        return err;
    const int strata = (int)fmin(MAX_STRATA, fmax(PILOT_STRATA, draws / DRAWS_PER_STRATUM));
    if (strata > PILOT_STRATA) {
        nq_est_cut_strata(s, strata); /* the pilot's draws are set aside */
        err = sample_rounds(s, 1);
        spent += nq_est_sampled_seconds(s, 0);
    }
    while (!err && !(err = budget(s, p, plan_seconds, &cpu_budget))) {
        price(s, spent);
        s->cpu_left = cpu_budget / again - spent;
        s->used = 0;
        s->running = 0;
        const size_t from = s->count;
        s->limited = 1;
        err = sample_rounds(s, (int)fmax(1, ceil(2.0 * s->threads / s->strata)));
        s->limited = 0;
        if (s->count == from) /* nothing fitted */
            break;
        spent += nq_est_sampled_seconds(s, from);
    }
    return err;
}

static int sample_fixed(sampler *s, size_t samples)
{
    const size_t size = s->plan->size;
    if (samples >= size) { /* a census: every subproblem its own stratum */
        s->strata = (int)size;
        for (size_t k = 0; k <= size; k++)
            s->first[k] = k;
        nq_est_forget_draws(s);
        return sample_rounds(s, 1);
    }
    if (samples < MIN_ROUNDS * PILOT_STRATA) { /* a glimpse: one round, no interval */
        nq_est_cut_strata(s, (int)samples);
        return sample_rounds(s, 1);
    }
    /* Exactly `samples` draws: an odd one leaves a stratum of one draw. */
    nq_est_cut_strata(s, (int)fmin(MAX_STRATA, ceil((double)samples / DRAWS_PER_STRATUM)));
    return sample_draws(s, samples);
}

nq_estimate_params nq_estimate_params_default(int n)
{
    return (nq_estimate_params){ .n = n };
}

static unsigned long long peak_rss(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) ? 0 : (unsigned long long)ru.ru_maxrss * 1024;
}

/* The timing noise (nq_est_drift): one unique draw in RETIME_EVERY is
 * counted and timed again at the end. */
static int timing_noise(sampler *s, double *noise)
{
    size_t *todo = malloc((s->count / RETIME_EVERY + 3) * sizeof *todo);
    if (!todo)
        return NQ_ERR(ENOMEM);
    const size_t todo_size = nq_est_retimes(s, todo);
    const int err = time_draws(s, todo, todo_size, 1);
    *noise = err ? 0 : nq_est_drift(s, todo, todo_size);
    free(todo);
    return err;
}

static int estimate_plan(const nq_estimate_params *p, const nq_plan *plan, sampler *s,
                         nq_estimate_result *r, double start)
{
    const size_t size = plan->size;
    s->cum = malloc((size + 1) * sizeof *s->cum);
    s->first = malloc((size + 2) * sizeof *s->first);
    s->last = malloc((size + 1) * sizeof *s->last);
    s->work = calloc((size_t)s->threads, sizeof *s->work);
    s->work_seconds = calloc((size_t)s->threads, sizeof *s->work_seconds);
    if (!s->cum || !s->first || !s->last || !s->work || !s->work_seconds)
        return NQ_ERR(ENOMEM);
    nq_est_measures(s);
    nq_est_cut_strata(s, PILOT_STRATA);
    int err = p->samples ? sample_fixed(s, p->samples)
                         : sample_by_budget(s, p, r->plan_seconds, start);
    if (err)
        return err;
    if (s->strata < (int)size && s->count >= (size_t)MIN_ROUNDS)
        err = timing_noise(s, &r->timing_noise);
    if (err)
        return err;
    double work = 0;
    for (int t = 0; t < s->threads; t++)
        work = fmax(work, s->work_seconds[t]);
    err = nq_est_stratified(s, 0, 0, &r->cpu_seconds, &r->cpu_seconds_low, &r->cpu_seconds_high);
    if (!err)
        err = nq_est_stratified(s, 1, 0, &r->solutions, &r->solutions_low, &r->solutions_high);
    if (err)
        return err;
    /* Where Q(n) is published, the ratio estimator (Cochran, Sampling
     * Techniques, ch. 6): the sample's seconds per solution times the known
     * Q(n). A piece's time follows its solutions far more closely than its
     * estimated weight, so the interval narrows; it is the linearized one,
     * from the residuals seconds - ratio x solutions. */
    nq_u128 published, published_unique;
    if (!nq_published(p->n, &published, &published_unique) && r->solutions > 0) {
        const double ratio = r->cpu_seconds / r->solutions, scale = (double)published / r->solutions;
        double residual, low, high;
        err = nq_est_stratified(s, 0, ratio, &residual, &low, &high);
        if (err)
            return err;
        r->cpu_seconds = ratio * (double)published;
        const double half = (high - residual) * scale;
        r->cpu_seconds_low = isfinite(half) ? fmax(0, r->cpu_seconds - half) : 0;
        r->cpu_seconds_high = isfinite(half) ? r->cpu_seconds + half : INFINITY;
    }
    /* The sampling's interval, the timing noise's and the method's, together. */
    const double sampling = r->cpu_seconds_high - r->cpu_seconds;
    const double timing = 1.6448536269514722 * hypot(r->timing_noise, NQ_EST_MODEL_NOISE) *
                          r->cpu_seconds;
    if (isfinite(sampling)) {
        const double half = sqrt(sampling * sampling + timing * timing);
        r->cpu_seconds_low = fmax(0, r->cpu_seconds - half);
        r->cpu_seconds_high = r->cpu_seconds + half;
    }
    /* The fixed costs: the plan, once, and each thread's buffers. */
    const double fixed = r->plan_seconds + work * r->threads;
    r->cpu_seconds += fixed;
    if (isfinite(r->cpu_seconds_high)) { /* else no interval: 0 to infinity */
        r->cpu_seconds_low += fixed;
        r->cpu_seconds_high += fixed;
    }
    const double queue = nq_est_queue_seconds(s, r->threads, r->cpu_seconds - fixed,
                                              &r->largest_seconds);
    if (queue < 0)
        return NQ_ERR(ENOMEM);
    r->wall_seconds = r->plan_seconds + work + queue;
    r->sampled_subproblems = s->count;
    r->strata = s->strata;
    r->sample_cpu_seconds = nq_est_sampled_seconds(s, 0);
    for (int t = 0; t < s->threads; t++)
        r->sample_cpu_seconds += s->work_seconds[t];
    return 0;
}

int nq_estimate(const nq_estimate_params *p, nq_estimate_result *r)
{
    if (!p || !r)
        return NQ_ERR(EINVAL);
    *r = (nq_estimate_result){ 0 };
    const nq_engine *e = nq_engine_impl(p->engine);
    if (!e || p->threads < 0 || p->threads > NQ_MAX_THREADS || p->sample_threads < 0 ||
        p->sample_threads > NQ_MAX_THREADS || !(p->seconds >= 0))
        return NQ_ERR(EINVAL);
    const double start = nq_now();
    r->threads = nq_threads_for(p->threads);
    r->sample_threads = p->sample_threads ? nq_threads_for(p->sample_threads)
                                          : (int)fmin(r->threads, nq_default_threads());
    nq_plan *plan;
    const double planning = nq_thread_cpu();
    int err = nq_plan_create(&plan, p->n, p->engine, p->depth, p->hooks);
    r->plan_seconds = nq_thread_cpu() - planning;
    if (err)
        return err;
    r->subproblems = plan->size;
    r->depth = plan->depth;
    const uint64_t limit = nq_memory_limit(p->max_memory); /* the count's blocks, here */
    r->peak_memory_bytes = nq_count_memory(p->n, p->engine, r->threads, limit);
    if (e->memory)
        e->memory(p->n, r->threads, limit, &plan->work_budget);
    r->slices = p->slices > 0 || (!p->slices && e->sample_one && p->n >= e->slices_from);
    if (r->slices && !e->sample_one) {
        nq_plan_destroy(plan);
        return NQ_ERR(ENOTSUP);
    }
    sampler s = { .plan = plan, .engine = e, .stop = p->hooks ? p->hooks->stop : NULL,
                  .rng = p->seed, .threads = r->sample_threads, .slices = r->slices,
                  .count_threads = r->threads,
                  .may_slice = !p->slices && !r->slices && e->sample_one && !p->samples };
    err = estimate_plan(p, plan, &s, r, start);
    r->slices = s.slices;
    for (int t = 0; s.work && t < s.threads; t++)
        if (s.work[t])
            e->work_destroy(s.work[t]);
    free(s.work);
    free(s.work_seconds);
    free(s.cum);
    free(s.first);
    free(s.last);
    free(s.draws);
    nq_plan_destroy(plan);
    r->sample_memory_bytes = peak_rss();
    r->seconds = nq_now() - start;
    return err;
}
