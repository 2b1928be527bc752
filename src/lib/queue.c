/* The parallel driver: an OpenMP dynamic work queue over a plan's
 * subproblems. Each thread counts whole subproblems into its own
 * accumulator; the search itself shares nothing. */
#include "engines.h"
#include "plan.h"
#include "util.h"

#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

/* One cache line per thread, so that accumulating never shares a line. */
typedef struct {
    _Alignas(64) nq_sub_result sum;
} thread_acc;

static void add(nq_sub_result *acc, const nq_sub_result *r)
{
    acc->total += r->total;
    acc->unique += r->unique;
}

void nq_plan_sum(const nq_plan *plan, const unsigned char *done, const nq_sub_result *results,
                 nq_sub_result *sum)
{
    sum->total = 0;
    sum->unique = 0;
    for (size_t i = 0; i < plan->size; i++)
        if (done[i])
            add(sum, &results[i]);
}

/* For the tests of the error paths: NQUEENS_FAIL_AFTER=K makes every
 * subproblem started after K have finished in this process fail with
 * ENOMEM, as a thread whose buffers cannot grow does (a real one needs
 * minutes and gigabytes). Unset, as always outside the tests: never. */
static size_t fail_after(void)
{
    static size_t after;
    static int read;
    if (!__atomic_load_n(&read, __ATOMIC_ACQUIRE)) {
        const char *env = getenv("NQUEENS_FAIL_AFTER");
        __atomic_store_n(&after, env && *env ? (size_t)strtoull(env, NULL, 10) : SIZE_MAX,
                         __ATOMIC_RELAXED);
        __atomic_store_n(&read, 1, __ATOMIC_RELEASE);
    }
    return __atomic_load_n(&after, __ATOMIC_RELAXED);
}

static void *idle(void *arg)
{
    return arg;
}

/* Whether `threads` threads can start now: libgomp ends the process when it
 * cannot create one (a small `ulimit -v`, say), so they are tried first, all
 * alive at once with the default stack, as libgomp makes them. Once per
 * process for each larger count. */
static int threads_can_start(int threads)
{
    static int proven = 1;
    if (threads <= __atomic_load_n(&proven, __ATOMIC_RELAXED))
        return 0;
    pthread_t *t = malloc((size_t)threads * sizeof *t);
    if (!t)
        return NQ_ERR(ENOMEM);
    int started = 0, err = 0;
    while (started < threads - 1 && !err) {
        err = -pthread_create(&t[started], NULL, idle, NULL);
        started += !err;
    }
    while (started > 0)
        pthread_join(t[--started], NULL);
    free(t);
    if (!err)
        __atomic_store_n(&proven, threads, __ATOMIC_RELAXED);
    return err;
}

static int run_list(const nq_plan *plan, int threads, const size_t *todo, size_t todo_size,
                    unsigned char *done, nq_sub_result *results, const nq_run_hooks *hooks,
                    nq_sub_result *run_sum, nq_marks *marks)
{
    if (threads < 0 || threads > NQ_MAX_THREADS)
        return NQ_ERR(EINVAL);
    threads = nq_threads_for(threads);
    const int startable = threads_can_start(threads);
    if (startable)
        return startable;
    const nq_run_hooks none = { 0 };
    if (!hooks)
        hooks = &none;
    thread_acc *acc = aligned_alloc(64, (size_t)threads * sizeof *acc);
    if (!acc)
        return NQ_ERR(ENOMEM);

    const nq_engine *e = plan->engine;
    if (marks && (!e->count_marked || nq_marks_threads(marks) < threads))
        marks = NULL;
    int stopped = 0, failed = 0;
    static size_t finished; /* in this process, for fail_after */
    const size_t fail_at = fail_after();

    omp_set_dynamic(0);
#pragma omp parallel num_threads(threads) shared(stopped, failed)
    {
        const int t = omp_get_thread_num();
        thread_acc *mine = &acc[t];
        mine->sum = (nq_sub_result){ 0, 0 };
        if (hooks->on_thread_start)
            hooks->on_thread_start(hooks->ctx, t);
        /* Each thread's own buffers, made once before it takes work. */
        void *work = NULL;
        int err = e->work_create ? e->work_create(plan, &work) : 0;
        if (err)
            __atomic_store_n(&failed, err, __ATOMIC_RELAXED);

        /* nowait: a thread that finds the queue empty frees its buffers
         * while the others finish their last subproblems, and meets them
         * only at the region's end. A barrier here as well made a second
         * wait on the slowest thread, and each wait for a thread that has
         * gone to sleep (or lost its CPU) costs a wake-up: on a loaded
         * 2-CPU machine 2-10 ms each (traced: n = 16, 2 threads). */
#pragma omp for schedule(dynamic, 1) nowait
        for (size_t k = 0; k < todo_size; k++) {
            /* Stopping skips the subproblems not yet started; the queue still
             * drains them, at no cost. */
            if (nq_stop_seen(hooks->stop) ||
                __atomic_load_n(&failed, __ATOMIC_RELAXED)) {
                __atomic_store_n(&stopped, 1, __ATOMIC_RELAXED);
                continue;
            }
            const size_t i = todo[k];
            err = fail_at != SIZE_MAX &&
                          __atomic_load_n(&finished, __ATOMIC_RELAXED) >= fail_at
                      ? NQ_ERR(ENOMEM)
                  : marks ? e->count_marked(plan, i, work, hooks->stop, nq_marks_resumed(marks, i),
                                            marks, t, &results[i])
                          : e->count_one(plan, i, work, hooks->stop, &results[i]);
            if (err) {
                /* Stopped inside, or out of memory: not done. */
                if (err != NQ_ERR(EINTR))
                    __atomic_store_n(&failed, err, __ATOMIC_RELAXED);
                __atomic_store_n(&stopped, 1, __ATOMIC_RELAXED);
                continue;
            }
            add(&mine->sum, &results[i]);
            /* Published for the monitor thread (progress, checkpoints). */
            __atomic_store_n(&done[i], 1, __ATOMIC_RELEASE);
            if (marks) /* after done: a checkpoint between has both, and keeps done */
                nq_marks_set(marks, t, NULL);
            if (fail_at != SIZE_MAX)
                __atomic_add_fetch(&finished, 1, __ATOMIC_RELAXED);
            if (hooks->on_done)
                hooks->on_done(hooks->ctx, i);
        }
        if (e->work_destroy)
            e->work_destroy(work);
    }
    if (run_sum) {
        *run_sum = (nq_sub_result){ 0, 0 };
        for (int t = 0; t < threads; t++)
            add(run_sum, &acc[t].sum);
    }
    free(acc);
    return failed ? failed : stopped ? NQ_ERR(EINTR) : 0;
}

int nq_plan_run_marked(const nq_plan *plan, int threads, const size_t *list, size_t count,
                       unsigned char *done, nq_sub_result *results, const nq_run_hooks *hooks,
                       nq_sub_result *run_sum, nq_marks *marks)
{
    if (list) {
        for (size_t k = 0; k < count; k++)
            if (list[k] >= plan->size)
                return NQ_ERR(EINVAL);
        return run_list(plan, threads, list, count, done, results, hooks, run_sum, marks);
    }
    size_t todo_size = 0;
    size_t *todo = malloc((plan->size + 1) * sizeof *todo);
    if (!todo)
        return NQ_ERR(ENOMEM);
    for (size_t k = 0; k < plan->size; k++)
        if (!done[plan->order[k]])
            todo[todo_size++] = plan->order[k];
    const int err = run_list(plan, threads, todo, todo_size, done, results, hooks, run_sum, marks);
    free(todo);
    return err;
}

int nq_plan_run(const nq_plan *plan, int threads, unsigned char *done, nq_sub_result *results,
                const nq_run_hooks *hooks, nq_sub_result *run_sum)
{
    return nq_plan_run_marked(plan, threads, NULL, 0, done, results, hooks, run_sum, NULL);
}

int nq_plan_run_list(const nq_plan *plan, int threads, const size_t *list, size_t count,
                     unsigned char *done, nq_sub_result *results, const nq_run_hooks *hooks,
                     nq_sub_result *run_sum)
{
    static const size_t none[1];
    return nq_plan_run_marked(plan, threads, list ? list : none, list ? count : 0, done, results,
                              hooks, run_sum, NULL);
}

/* The work-queue order: the largest estimated subproblems first. */
size_t nq_plan_order(const nq_plan *plan, size_t k)
{
    return k < plan->size ? plan->order[k] : plan->size;
}

int nq_plan_finish(const nq_plan *plan, nq_sub_result *sum)
{
    const nq_engine *e = plan->engine;
    /* The engine's own check first, so that U(n) is formed where it can be
     * (halves: Burnside's lemma) and the caller can show it. */
    const int err = e->finish ? e->finish(plan, sum) : 0;
    nq_u128 total, unique;
    if (!nq_published(plan->n, &total, &unique) &&
        (sum->total != total || (e->info.gives_unique && sum->unique != unique)))
        return NQ_ERR(EPROTO);
    return err;
}
