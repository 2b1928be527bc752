/* The design and the estimator of nq_estimate (estimate.c): the strata and
 * the draws in them, the stratified totals with their 90% interval, the
 * work queue's wall time, the timing noise, and the sample's cost. */
#include "estimate_stats.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>

static double root_weight(const nq_plan *plan, size_t i)
{
    return sqrt(fmax(plan->weights[i], 0) + 1);
}

double nq_est_measure(const sampler *s, size_t i)
{
    return root_weight(s->plan, i) + s->floor;
}

void nq_est_measures(sampler *s)
{
    const nq_plan *plan = s->plan;
    double sum = 0;
    for (size_t k = 0; k < plan->size; k++)
        sum += root_weight(plan, k);
    s->floor = NQ_EST_MEASURE_FLOOR * sum / (double)(plan->size ? plan->size : 1);
    s->cum[0] = 0;
    for (size_t k = 0; k < plan->size; k++)
        s->cum[k + 1] = s->cum[k] + nq_est_measure(s, plan->order[k]);
}

double nq_est_stratum_measure(const sampler *s, int h)
{
    return s->cum[s->first[h + 1]] - s->cum[s->first[h]];
}

/* A seed gives the same draws on every machine. */
static double uniform(uint64_t *state)
{
    return (double)(nq_splitmix64(state) >> 11) * 0x1p-53;
}

/* The draws start again (the strata changed). */
void nq_est_forget_draws(sampler *s)
{
    s->count = 0;
    for (int h = 0; h < s->strata; h++)
        s->last[h] = SIZE_MAX;
}

/* Cuts the order into at most `strata` strata of equal size measure; a
 * subproblem larger than a share makes a stratum alone, and the empty
 * shares are dropped. */
void nq_est_cut_strata(sampler *s, int strata)
{
    const size_t size = s->plan->size;
    const double total = s->cum[size];
    int h = 0;
    s->first[0] = 0;
    for (size_t k = 0; k < size; k++) {
        const double mid = 0.5 * (s->cum[k] + s->cum[k + 1]);
        const int want = (int)fmin(strata - 1, floor(mid / total * strata));
        if (want > h && k > s->first[h])
            s->first[++h] = k;
    }
    s->strata = h + 1;
    s->first[s->strata] = size;
    nq_est_forget_draws(s);
}

/* One draw in stratum h, with probability proportional to the measure: its
 * place in the queue's order. */
size_t nq_est_draw_in(sampler *s, int h)
{
    size_t lo = s->first[h], hi = s->first[h + 1] - 1;
    const double u = s->cum[lo] + uniform(&s->rng) * nq_est_stratum_measure(s, h);
    while (lo < hi) { /* the last k with cum[k] <= u */
        const size_t mid = lo + (hi - lo + 1) / 2;
        if (s->cum[mid] <= u)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Student's t quantile at 0.95 for df degrees of freedom (Cornish and
 * Fisher's expansion; within 1% from 3 degrees on, 1.645 at infinity). */
static double t95(double df)
{
    const double z = 1.6448536269514722, z3 = z * z * z, z5 = z3 * z * z;
    if (df < 1)
        df = 1;
    if (df < 3) /* exact at 1 and 2 degrees */
        return df < 2 ? 6.3138 : 2.9200;
    return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df) +
           (3 * z5 * z * z + 19 * z5 + 17 * z3 - 15 * z) / (384 * df * df * df);
}

/* The stratified estimate of a total over every subproblem, from the value
 * of each draw (seconds or solutions), with its 90% interval. */
int nq_est_stratified(const sampler *s, int solutions, double ratio, double *value, double *low,
                      double *high)
{
    double *mean = calloc((size_t)s->strata, sizeof *mean);
    double *square = calloc((size_t)s->strata, sizeof *square);
    int *m = calloc((size_t)s->strata, sizeof *m);
    if (!mean || !square || !m) {
        free(mean);
        free(square);
        free(m);
        return NQ_ERR(ENOMEM);
    }
    for (size_t k = 0; k < s->count; k++) { /* Welford's running mean and squares */
        const draw *d = &s->draws[k];
        const int h = d->stratum;
        const double y = solutions ? (double)d->total : d->seconds - ratio * (double)d->total;
        const int alone = s->first[h + 1] - s->first[h] == 1;
        const double z = alone ? y : y / nq_est_measure(s, d->i) * nq_est_stratum_measure(s, h);
        const double delta = z - mean[h];
        mean[h] += delta / ++m[h];
        square[h] += delta * (z - mean[h]);
    }
    double sum = 0, variance = 0, df_den = 0;
    int unknown = 0, pending = -1; /* a stratum of one draw not yet paired */
    for (int h = 0; h < s->strata; h++) {
        sum += mean[h];
        if (s->first[h + 1] - s->first[h] == 1)
            continue; /* one subproblem alone is known exactly, drawn once or more */
        double v = 0;
        if (m[h] < 1) {
            unknown = 1;
            continue;
        } else if (m[h] > 1) {
            v = square[h] / (m[h] - 1) / m[h];
        } else if (pending < 0) {
            pending = h;
            continue;
        } else { /* collapsed strata (Cochran 5A.12): the pair's difference */
            v = (mean[h] - mean[pending]) * (mean[h] - mean[pending]);
            pending = -1;
        }
        variance += v;
        df_den += v * v / (m[h] > 1 ? m[h] - 1 : 1);
    }
    if (pending >= 0) { /* the last of one draw: with its nearest stratum */
        const int next = pending > 0 ? pending - 1 : pending + 1;
        unknown |= next >= s->strata;
        const double d = next < s->strata ? mean[pending] - mean[next] : 0;
        const double v = d * d;
        variance += v;
        df_den += v * v;
    }
    free(mean);
    free(square);
    free(m);
    const double half = variance > 0 ? t95(variance * variance / df_den) * sqrt(variance) : 0;
    *value = sum;
    *low = unknown ? 0 : fmax(0, sum - half);
    *high = unknown ? INFINITY : sum + half;
    return 0;
}

/* The wall time of the count's queue on `threads` threads: largest first,
 * each subproblem taking its stratum's mean seconds per measure, scaled so
 * that they add up to `total` (else a sample of few draws projected the
 * wall above the CPU: n = 18, 2 draws, 1.8 s on 2 threads for 1.8 s of
 * CPU), each to the thread free first (a binary heap of the threads'
 * finishing times). */
double nq_est_queue_seconds(const sampler *s, int threads, double total, double *largest)
{
    double *heap = calloc((size_t)threads, sizeof *heap);
    double *y = calloc((size_t)s->strata, sizeof *y), *x = calloc((size_t)s->strata, sizeof *x);
    if (!heap || !y || !x) {
        free(heap);
        free(y);
        free(x);
        return -1;
    }
    for (size_t k = 0; k < s->count; k++) {
        y[s->draws[k].stratum] += s->draws[k].seconds;
        x[s->draws[k].stratum] += nq_est_measure(s, s->draws[k].i);
    }
    double sum = 0; /* the pieces' seconds at their strata's rates */
    for (int h = 0; h < s->strata; h++) {
        y[h] = x[h] > 0 ? y[h] / x[h] : 0;
        sum += y[h] * nq_est_stratum_measure(s, h);
    }
    const double scale = total > 0 && sum > 0 ? total / sum : 1;
    *largest = 0;
    for (int h = 0; h < s->strata; h++)
        for (size_t k = s->first[h]; k < s->first[h + 1]; k++) {
            const double t = y[h] * scale * nq_est_measure(s, s->plan->order[k]);
            *largest = fmax(*largest, t);
            double v = heap[0] + t; /* the root is the thread free first */
            size_t at = 0;
            for (;;) {
                size_t c = 2 * at + 1;
                if (c >= (size_t)threads)
                    break;
                if (c + 1 < (size_t)threads && heap[c + 1] < heap[c])
                    c++;
                if (heap[c] >= v)
                    break;
                heap[at] = heap[c];
                at = c;
            }
            heap[at] = v;
        }
    double wall = 0;
    for (int t = 0; t < threads; t++)
        wall = fmax(wall, heap[t]);
    free(heap);
    free(y);
    free(x);
    return wall;
}

/* The draws to time again: one unique draw in RETIME_EVERY, or in a small
 * sample (large pieces) its two cheapest, unless dearer than one draw in
 * RETIME_EVERY. */
size_t nq_est_retimes(const sampler *s, size_t *todo)
{
    size_t todo_size = 0, unique = 0;
    for (size_t k = 0; k < s->count; k++)
        if (!s->draws[k].repeat && unique++ % RETIME_EVERY == 0)
            todo[todo_size++] = k;
    if (todo_size >= 2)
        return todo_size;
    todo_size = 0;
    for (size_t k = 0; k < s->count; k++) {
        if (s->draws[k].repeat)
            continue;
        if (todo_size < 2)
            todo[todo_size++] = k;
        else if (s->draws[k].spent < s->draws[todo[1]].spent)
            todo[1] = k;
        if (todo_size == 2 && s->draws[todo[1]].spent < s->draws[todo[0]].spent) {
            const size_t swap = todo[0];
            todo[0] = todo[1];
            todo[1] = swap;
        }
    }
    const double dear = nq_est_sampled_seconds(s, 0) / RETIME_EVERY;
    return todo_size == 2 && s->draws[todo[0]].spent + s->draws[todo[1]].spent > dear ? 0
                                                                                     : todo_size;
}

/* Both timings above the clock's grain. */
static int timed_twice(const draw *d)
{
    return d->seconds >= 1e-5 && d->again_seconds >= 1e-5;
}

/* A piece's own jitter between its two timings is in every draw's seconds,
 * so the sampling's variance holds it already, and it shrinks with the
 * draws; what that cannot see is the machine's speed, shared by all the
 * draws at once. So the timing noise is how far the second timings moved
 * together from the first: the mean of the log ratios, with its standard
 * error. The count, at another time, may find the machine as far moved.
 * Each ratio weighs the CPU its timings took, not the seconds it projects:
 * a slice projects a measurement of milliseconds to thousands of blocks,
 * and the noisiest ratios weighed most (n = 25: 8 of 49 retimes counted). */
double nq_est_drift(const sampler *s, const size_t *todo, size_t todo_size)
{
    double weight = 0, sum = 0, square = 0;
    for (size_t j = 0; j < todo_size; j++) {
        const draw *d = &s->draws[todo[j]];
        if (timed_twice(d)) {
            weight += d->spent;
            sum += d->spent * log(d->again_seconds / d->seconds);
        }
    }
    if (weight <= 0)
        return 0;
    const double mean = sum / weight;
    for (size_t j = 0; j < todo_size; j++) {
        const draw *d = &s->draws[todo[j]];
        if (timed_twice(d)) {
            const double e = log(d->again_seconds / d->seconds) - mean;
            square += d->spent * d->spent * e * e;
        }
    }
    return sqrt(mean * mean + square / (weight * weight));
}

/* The CPU seconds the draws from `from` on took (a repeat took none). */
double nq_est_sampled_seconds(const sampler *s, size_t from)
{
    double sum = 0;
    for (size_t k = from; k < s->count; k++) {
        const draw *d = &s->draws[k];
        sum += d->repeat ? 0 : d->spent;
    }
    return sum;
}

