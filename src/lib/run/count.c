/* nq_count: the whole count of one n, by a classic engine or by a plan run
 * over the OpenMP driver, with checkpoints and progress from a monitor
 * thread that only reads what the workers publish; nq_count_part, one part
 * of it (parts.c). */
#define _GNU_SOURCE /* sched_getaffinity, pthread_attr_setaffinity_np */
#include "checkpoint/checkpoint.h"
#include "count_marks.h"
#include "count_monitor.h"
#include "engines.h"
#include "memory_room.h"
#include "nqueens_parts.h"
#include "plan.h"
#include "queue.h"
#include "util.h"

#include <math.h>
#include <pthread.h>
#ifdef __linux__
#include <sched.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* One line to the caller's log, if it has one. */
static void tell(const nq_count_params *p, int error, const char *line)
{
    if (p->log && *line)
        p->log(p->log_ctx, error, line);
}

/* The checkpoint's lines, to the count's log: 1 for a reason, as the
 * count's own reasons are told, 0 for a notice. */
static void checkpoint_said(void *ctx, int error, const char *line)
{
    tell(ctx, error != 0, line);
}

/* recount: the subproblems the checkpoint holds, counted again before the
 * run (largest first, as the queue takes them); each that differs is told
 * and replaced. A stop or a failure leaves the rest as they were. */
static int recount_stored(const nq_count_params *params, const nq_plan *plan, int threads,
                          const unsigned char *done, nq_sub_result *results)
{
    const size_t size = plan->size;
    size_t *list = malloc((size + 1) * sizeof *list), stored = 0, again_done = 0, differ = 0;
    unsigned char *again = calloc(size + 1, 1);
    nq_sub_result *fresh = calloc(size + 1, sizeof *fresh);
    int err = list && again && fresh ? 0 : NQ_ERR(ENOMEM);
    for (size_t k = 0; !err && k < size; k++)
        if (done[plan->order[k]])
            list[stored++] = plan->order[k];
    if (!err)
        err = nq_plan_run_list(plan, threads, list, stored, again, fresh, params->hooks, NULL);
    char line[300], was[40], now[40];
    for (size_t k = 0; k < stored; k++) {
        const size_t i = list[k];
        if (!again[i])
            continue;
        again_done++;
        if (fresh[i].total == results[i].total && fresh[i].unique == results[i].unique)
            continue;
        differ++;
        snprintf(line, sizeof line,
                 "checkpoint '%s': subproblem %zu held total %s unique %llu; counted again: "
                 "total %s unique %llu (replaced)",
                 params->checkpoint, i, nq_u128_str(results[i].total, was),
                 (unsigned long long)results[i].unique, nq_u128_str(fresh[i].total, now),
                 (unsigned long long)fresh[i].unique);
        tell(params, 0, line);
        results[i] = fresh[i];
    }
    snprintf(line, sizeof line,
             "checkpoint '%s': %zu of its %zu subproblems counted again, %zu differed", 
             params->checkpoint, again_done, stored, differ);
    tell(params, 0, line);
    free(list);
    free(again);
    free(fresh);
    return err;
}

/* The subproblems of part `part` of `parts` (mine[i] = 1), and the list
 * of those not done, in the work queue's order. */
static int part_list(const nq_plan *plan, int part, int parts, const unsigned char *done,
                     unsigned char *mine, size_t *list, size_t *count)
{
    int *part_of = malloc((plan->size + 1) * sizeof *part_of);
    if (!part_of)
        return NQ_ERR(ENOMEM);
    const int err = nq_plan_split(plan, parts, part_of);
    *count = 0;
    for (size_t k = 0; !err && k < plan->size; k++) {
        const size_t i = plan->order[k];
        mine[i] = part_of[i] == part;
        if (mine[i] && !done[i])
            list[(*count)++] = i;
    }
    free(part_of);
    return err;
}

/* The CPUs the caller had on entry: a hook may bind the caller to one CPU
 * in the recount's run, and the monitor, made after it, must not inherit
 * that. */
typedef struct entry_cpus {
#ifdef __linux__
    cpu_set_t set;
#endif
    int known;
} entry_cpus;

static void entry_cpus_get(entry_cpus *cpus)
{
#ifdef __linux__
    cpus->known = !sched_getaffinity(0, sizeof cpus->set, &cpus->set);
#else
    cpus->known = 0;
#endif
}

/* The monitor's thread, on the caller's entry CPUs; 1 if it started. */
static int start_monitor(nq_monitor *m, const entry_cpus *cpus, pthread_t *thread)
{
    pthread_attr_t attr;
    const int have_attr = !pthread_attr_init(&attr);
#ifdef __linux__
    if (have_attr && cpus->known)
        pthread_attr_setaffinity_np(&attr, sizeof cpus->set, &cpus->set);
#else
    (void)cpus;
#endif
    const int started = !pthread_create(thread, have_attr ? &attr : NULL, nq_monitor_main, m);
    if (have_attr)
        pthread_attr_destroy(&attr);
    return started;
}

/* Where the threads are inside their subproblems, for the checkpoint (a
 * stop or a kill loses seconds of each, not all of it) and the progress
 * (its share of each); the checkpoint's own marks into resumed. */
static int start_marks(nq_monitor *m, int threads, const nq_mark **resumed, size_t *count)
{
    if (m->checkpoint)
        nq_ck_resumed_marks(m->checkpoint, resumed, count);
    int err = nq_marks_create(&m->marks, threads, *resumed, *count);
    if (!err)
        nq_marks_set_progress(m->marks, m->params->progress != NULL);
    if (!err && m->checkpoint)
        nq_ck_attach_marks(m->checkpoint, m->marks);
    return err;
}

/* What the checkpoint brought: its sums into resumed, and the weights the
 * progress starts from (of the subproblems done, and the shares of those
 * its marks stand for). */
static void weigh_resumed(nq_monitor *m, const nq_mark *marks, size_t count,
                          nq_sub_result *resumed, nq_count_result *result)
{
    const nq_plan *plan = m->plan;
    for (size_t k = 0; k < count; k++) {
        const size_t i = marks[k].i;
        if (!m->done[i] && (!m->mine || m->mine[i]))
            m->resumed_weight += plan->weights[i] * fmax(0, nq_mark_share(plan, i, &marks[k]));
    }
    for (size_t i = 0; i < plan->size; i++) {
        if (m->mine && !m->mine[i])
            continue;
        m->total_weight += plan->weights[i];
        if (m->done[i]) {
            resumed->total += m->results[i].total;
            resumed->unique += m->results[i].unique;
            m->resumed_weight += plan->weights[i];
            m->resumed_solutions += m->results[i].total;
            result->resumed_subproblems++;
        }
    }
}

/* After the run: the last word of the checkpoint, of everything done, also
 * after a stop or an error (out of memory, threads that cannot start; if
 * it fails the counts are still given, with the error beside them), and
 * the last progress, with the marks of a stop. */
static void end_run(nq_monitor *m, int err, nq_count_result *result)
{
    const nq_count_params *params = m->params;
    if (m->checkpoint && err != NQ_ERR(EPROTO)) {
        result->checkpoint_error = nq_checkpoint_write(m->checkpoint, m->done, m->results);
    }
    nq_checkpoint_close(m->checkpoint);
    if (params->progress && (!err || err == NQ_ERR(EINTR))) {
        nq_progress snap;
        nq_monitor_snapshot(m, &snap);
        params->progress(params->progress_ctx, &snap);
    }
}

/* The buffers of a count_plan's run, made and freed together: done and
 * results of every subproblem; with parts, mine (those of this part) and
 * list (those not done, in the queue's order). */
typedef struct run_buffers {
    unsigned char *done;
    nq_sub_result *results;
    unsigned char *mine;
    size_t *list;
} run_buffers;

static int run_plan(nq_monitor *m, const run_buffers *b, int part, int parts, int threads,
                    nq_count_result *result)
{
    const nq_count_params *params = m->params;
    const nq_plan *plan = m->plan;
    unsigned char *done = b->done, *mine = b->mine;
    nq_sub_result *results = b->results;
    /* Held for the whole run; any failure to open it is an error before
     * any work, never a stop (a stop would write over it). */
    const nq_checkpoint_params where = { .path = params->checkpoint, .part = part,
                                         .parts = parts, .log = checkpoint_said,
                                         .log_ctx = (void *)params };
    int err = params->checkpoint ?
              nq_checkpoint_open_with(&m->checkpoint, &where, plan, done, results) : 0;
    if (err)
        return err;
    entry_cpus cpus;
    entry_cpus_get(&cpus);
    if (m->checkpoint && params->recount)
        err = recount_stored(params, plan, threads, done, results);
    const nq_mark *resumed_marks = NULL;
    size_t resumed_count = 0, listed = 0;
    if (!err && (m->checkpoint || params->progress))
        err = start_marks(m, threads, &resumed_marks, &resumed_count);
    if (!err && parts)
        err = part_list(plan, part, parts, done, mine, b->list, &listed);
    if (!err && resumed_count) { /* said once: a notice, the count goes on */
        char line[1200];
        nq_marks_dropped(plan, threads, params->checkpoint, resumed_marks, resumed_count, done,
                         line, sizeof line);
        tell(params, 0, line);
    }
    nq_sub_result resumed = { 0, 0 }, run = { 0, 0 };
    weigh_resumed(m, resumed_marks, resumed_count, &resumed, result);
    pthread_t thread;
    const int monitored = !err && (params->progress || m->checkpoint) &&
                          start_monitor(m, &cpus, &thread);
    if (!err)
        err = nq_plan_run_marked(plan, threads, parts ? b->list : NULL, listed, done, results,
                                 params->hooks, &run, m->marks);
    result->threads = threads;
    if (monitored) {
        __atomic_store_n(&m->finished, 1, __ATOMIC_RELEASE);
        pthread_join(thread, NULL);
    }
    /* The checks before the last write, so that counts that fail them are
     * never written as a complete checkpoint (the file keeps its last
     * periodic write, never complete: a --recount can mend it). A part's
     * sums stay raw: only every part's sum makes Q(n), and nqueens merge
     * checks it. */
    if (!err) {
        nq_sub_result sum = { resumed.total + run.total, resumed.unique + run.unique };
        err = parts ? 0 : nq_plan_finish(plan, &sum);
        result->total = sum.total;
        result->unique = sum.unique;
    }
    end_run(m, err, result);
    nq_marks_destroy(m->marks);
    for (size_t i = 0; mine && i < plan->size; i++)
        result->subproblems += mine[i];
    return err;
}

static int count_plan(const nq_count_params *params, int part, int parts, nq_plan *plan,
                      int threads, nq_count_result *result)
{
    const size_t size = nq_plan_size(plan);
    const run_buffers b = {
        .done = calloc(size + 1, 1),
        .results = calloc(size + 1, sizeof *b.results),
        .mine = parts ? calloc(size + 1, 1) : NULL,
        .list = parts ? malloc((size + 1) * sizeof *b.list) : NULL,
    };
    int err = NQ_ERR(ENOMEM);
    if (b.done && b.results && (!parts || (b.mine && b.list))) {
        nq_monitor m = { .params = params, .plan = plan, .done = b.done, .results = b.results,
                         .mine = b.mine, .start = nq_now() };
        err = run_plan(&m, &b, part, parts, threads, result);
    }
    free(b.done);
    free(b.results);
    free(b.mine);
    free(b.list);
    return err;
}

/* A size for people, never "0 MiB": bytes below 1 KiB, KiB below 1 MiB,
 * else MiB; rounded up for what is needed, down for what is allowed, so
 * that the two never read the same. */
static char *size_str(uint64_t bytes, int up, char buf[32])
{
    const int shift = bytes < 1024 ? 0 : bytes < ((uint64_t)1 << 20) ? 10 : 20;
    const uint64_t unit = (uint64_t)1 << shift;
    const unsigned long long v = (unsigned long long)(bytes / unit + (up && bytes % unit));
    snprintf(buf, 32, "%llu %s", v, shift == 20 ? "MiB" : shift ? "KiB" : v == 1 ? "byte" : "bytes");
    return buf;
}

static int params_valid(const nq_count_params *p)
{
    return p && p->n >= NQ_MIN_N && p->n <= NQ_MAX_N && nq_engine_get(p->engine) &&
           p->threads >= 0 && p->threads <= NQ_MAX_THREADS && p->depth >= 0 &&
           p->depth <= NQ_MAX_DEPTH;
}

/* nq_count_engine's rule on the run's threads: the first parallel engine
 * of the table that takes the depth and fits, else the first. */
static int choose_engine(const nq_count_params *params, int threads)
{
    if (params->engine || params->engine_exact)
        return params->engine;
    const int n = params->n;
    const uint64_t limit = nq_memory_limit(params->max_memory);
    int chosen = -1;
    for (int i = 0; chosen < 0 && i < nq_engine_count(); i++) {
        const nq_engine_info *e = nq_engine_get(i);
        if (e->parallel && (!params->depth || e->uses_depth) &&
            (!limit || nq_count_memory(n, i, threads, limit) <= limit))
            chosen = i;
    }
    if (chosen < 0)
        return 0;
    /* Never slower without a word: the fallback is 100 to 1,000 times so. */
    const uint64_t need = nq_count_memory(n, 0, threads, limit);
    if (chosen && !params->depth && limit && need > limit) {
        char line[300];
        snprintf(line, sizeof line,
                 "%s needs at least %llu MiB on %d threads, more than the %llu MiB allowed; "
                 "counting with %s, which is far slower",
                 nq_engine_get(0)->name, (unsigned long long)((need + (1 << 20) - 1) >> 20),
                 threads, (unsigned long long)(limit >> 20), nq_engine_get(chosen)->name);
        tell(params, 0, line);
    }
    return chosen;
}

int nq_count_engine(const nq_count_params *params)
{
    if (!params_valid(params))
        return NQ_ERR(EINVAL);
    return choose_engine(params, nq_threads_for(params->threads));
}

/* A whole count (parts = 0) or part `part` of `parts`. */
static int count_any(const nq_count_params *params, int part, int parts, nq_count_result *result)
{
    if (!params_valid(params) || !result)
        return NQ_ERR(EINVAL);
    const int n = params->n;
    *result = (nq_count_result){ 0 };
    const double start = nq_now();
    /* Worked out once, for the choice, the memory and the run. */
    const int threads = nq_threads_for(params->threads);
    const int engine_index = choose_engine(params, threads);
    const nq_engine *engine = nq_engine_impl(engine_index);

    if (parts && (!engine->plan || !params->checkpoint || part < 1 || part > parts))
        return engine->plan ? NQ_ERR(EINVAL) : NQ_ERR(ENOTSUP);
    if (engine->count) {
        uint64_t total;
        const int err = engine->count(n, params->hooks ? params->hooks->stop : NULL, &total);
        result->total = err ? 0 : total;
        result->threads = 1;
        result->seconds = nq_now() - start;
        return err;
    }

    /* Refused before any work rather than run out of memory midway. */
    const uint64_t limit = nq_memory_limit(params->max_memory);
    size_t budget = 0;
    const uint64_t need =
        engine->memory ? engine->memory(n, threads, limit, &budget) : (uint64_t)16 << 20;
    if (limit && need > limit) {
        char line[200], need_str[32], limit_str[32];
        snprintf(line, sizeof line,
                 "count %d with %s on %d threads needs at least %s, more than the %s allowed "
                 "(--max-memory, or the memory available)",
                 n, engine->info.name, threads, size_str(need, 1, need_str),
                 size_str(limit, 0, limit_str));
        tell(params, 1, line);
        return NQ_ERR(E2BIG);
    }

    nq_plan *plan;
    int err = nq_plan_create(&plan, n, engine_index, params->depth, params->hooks);
    if (err) {
        result->depth = params->depth; /* a stop while planning: as asked */
        return err;
    }
    if ((size_t)parts > nq_plan_size(plan)) {
        char line[200];
        snprintf(line, sizeof line, "part %d/%d: the plan of count %d has %zu subproblems, fewer "
                 "than %d parts", part, parts, n, nq_plan_size(plan), parts);
        tell(params, 1, line);
        result->depth = nq_plan_depth(plan);
        result->subproblems = nq_plan_size(plan);
        nq_plan_destroy(plan);
        return NQ_ERR(ERANGE);
    }
    plan->work_budget = budget;
    err = count_plan(params, part, parts, plan, threads, result);
    result->unique_known = engine->info.gives_unique;
    result->depth = nq_plan_depth(plan);
    if (!parts)
        result->subproblems = nq_plan_size(plan);
    result->seconds = nq_now() - start;
    nq_plan_destroy(plan);
    return err;
}

int nq_count(const nq_count_params *params, nq_count_result *result)
{
    return count_any(params, 0, 0, result);
}

int nq_count_part(const nq_count_params *params, int part, int parts, nq_count_result *result)
{
    if (!params || !result || parts < 1)
        return NQ_ERR(EINVAL);
    return count_any(params, part, parts, result);
}

nq_count_params nq_count_params_default(int n)
{
    return (nq_count_params){ .n = n };
}

uint64_t nq_count_memory(int n, int engine, int threads, uint64_t max_memory)
{
    const nq_engine *e = nq_engine_impl(engine);
    if (!e || n < NQ_MIN_N || n > NQ_MAX_N)
        return 0;
    if (threads <= 0)
        threads = nq_default_threads();
    return e->memory ? e->memory(n, threads, max_memory, NULL) : (uint64_t)16 << 20;
}
