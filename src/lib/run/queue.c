/* The parallel driver: an OpenMP dynamic work queue over a plan's
 * subproblems, or, where the plan groups them (plan.h), the groups dealt to
 * the threads. Each thread counts whole subproblems into its own
 * accumulator; the search itself shares nothing. */
#include "queue.h"
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

/* Whether `threads` threads can start now, and libgomp's pool made for
 * them. libgomp ends the process when it cannot create a thread (a small
 * `ulimit -v`, say), so they are tried first, all alive at once with the
 * default stack, as libgomp makes them, and one more for the spare below.
 * The pool: libgomp's master spins at the team's dock (about 3 ms) until
 * each new thread has run, and a new thread placed on the master's own CPU
 * waits out that spin (the first region of a process took 3 ms here, 7 in
 * a quarter of runs). libgomp spins only briefly when its threads outnumber
 * the CPUs, so the pool is made by an empty region with one spare thread
 * (threads that fill the CPUs then outnumber them); the real region finds
 * its threads docked. Once per process for each larger count. */
static int start_threads(int threads)
{
    static int started_for = 1;
    if (threads <= __atomic_load_n(&started_for, __ATOMIC_RELAXED))
        return 0;
    pthread_t *t = malloc((size_t)threads * sizeof *t);
    if (!t)
        return NQ_ERR(ENOMEM);
    int started = 0, err = 0;
    while (started < threads && !err) {
        err = -pthread_create(&t[started], NULL, idle, NULL);
        started += !err;
    }
    while (started > 0)
        pthread_join(t[--started], NULL);
    free(t);
    if (err)
        return err;
    omp_set_dynamic(0);
#pragma omp parallel num_threads(threads + 1)
    __asm__ volatile("" ::: "memory"); /* an empty region, which GCC would drop */
    __atomic_store_n(&started_for, threads, __ATOMIC_RELAXED);
    return 0;
}

/* Groups dealt to threads (plan->groups): each thread's own subproblems in
 * the queue's order, the whole groups by the largest summed estimate first
 * to the thread with the least (LPT); a thread whose own are taken takes
 * the next of the thread with the most estimated work left. One atomic add
 * per subproblem taken, as OpenMP's dynamic schedule makes. */
typedef struct {
    _Alignas(64) size_t next;
} head;

typedef struct {
    size_t *list;  /* todo, thread 0's first, each thread's in todo's order */
    size_t *begin; /* thread t's: list[begin[t] .. begin[t + 1]) */
    double *rest;  /* rest[k]: the estimates from list[k] to its thread's end */
    head *heads;   /* taken of each thread's, counted from its begin */
    int threads;
} dealer;

static void dealer_free(dealer *d)
{
    free(d->list);
    free(d->begin);
    free(d->rest);
    free(d->heads);
}

static int dealer_make(dealer *d, const nq_plan *plan, int threads, const size_t *todo,
                       size_t todo_size)
{
    const size_t groups = plan->group_count;
    *d = (dealer){ .threads = threads };
    double *sum = calloc(groups + 1, sizeof *sum), *load = calloc((size_t)threads, sizeof *load);
    size_t *at = malloc((size_t)threads * sizeof *at);
    size_t *by = malloc((groups + 1) * sizeof *by);
    int *owner = malloc((groups + 1) * sizeof *owner);
    d->list = malloc((todo_size + 1) * sizeof *d->list);
    d->begin = calloc((size_t)threads + 1, sizeof *d->begin);
    d->rest = malloc((todo_size + 1) * sizeof *d->rest);
    d->heads = aligned_alloc(64, (size_t)threads * sizeof *d->heads);
    int err = sum && load && at && by && owner && d->list && d->begin && d->rest && d->heads
                  ? 0
                  : NQ_ERR(ENOMEM);
    for (size_t k = 0; !err && k < todo_size; k++)
        sum[plan->groups[todo[k]]] += plan->weights[todo[k]];
    if (!err)
        err = nq_order_by_weight(sum, groups, NULL, by);
    for (size_t g = 0; !err && g < groups; g++) {
        int least = 0;
        for (int t = 1; t < threads; t++)
            least = load[t] < load[least] ? t : least;
        owner[by[g]] = least;
        load[least] += sum[by[g]];
    }
    if (!err) {
        for (size_t k = 0; k < todo_size; k++)
            d->begin[owner[plan->groups[todo[k]]] + 1]++;
        for (int t = 0; t < threads; t++) {
            d->begin[t + 1] += d->begin[t];
            d->heads[t].next = 0;
        }
        for (int t = 0; t < threads; t++)
            at[t] = d->begin[t];
        for (size_t k = 0; k < todo_size; k++)
            d->list[at[owner[plan->groups[todo[k]]]]++] = todo[k];
        for (int t = 0; t < threads; t++) {
            double r = 0;
            for (size_t k = d->begin[t + 1]; k > d->begin[t]; k--)
                d->rest[k - 1] = r += plan->weights[d->list[k - 1]];
        }
    }
    free(sum);
    free(load);
    free(at);
    free(by);
    free(owner);
    if (err)
        dealer_free(d);
    return err;
}

/* The next subproblem for thread t: 0 when every thread's are taken. */
static int dealer_next(dealer *d, int t, size_t *i)
{
    for (int victim = t;;) {
        const size_t k = d->begin[victim] +
                         __atomic_fetch_add(&d->heads[victim].next, 1, __ATOMIC_RELAXED);
        if (k < d->begin[victim + 1]) {
            *i = d->list[k];
            return 1;
        }
        victim = -1;
        double most = 0;
        for (int u = 0; u < d->threads; u++) {
            const size_t at = d->begin[u] + __atomic_load_n(&d->heads[u].next, __ATOMIC_RELAXED);
            if (at < d->begin[u + 1] && (victim < 0 || d->rest[at] > most)) {
                victim = u;
                most = d->rest[at];
            }
        }
        if (victim < 0)
            return 0;
    }
}

/* What every thread of run_list shares. */
typedef struct {
    const nq_plan *plan;
    const nq_run_hooks *hooks;
    nq_marks *marks;
    unsigned char *done;
    nq_sub_result *results;
    size_t fail_at;
    size_t next; /* the queue's head, without the dealer */
    int stopped, failed;
} run;

static size_t finished; /* in this process, for fail_after */

/* Subproblem i on thread t: counted into its result and t's sum, or
 * skipped once a stop or a failure is seen (not done; the thread then
 * takes no more). */
static void run_one(run *r, int t, void *work, thread_acc *mine, size_t i)
{
    const nq_engine *e = r->plan->engine;
    const nq_run_hooks *hooks = r->hooks;
    if (nq_stop_seen(hooks->stop) || __atomic_load_n(&r->failed, __ATOMIC_RELAXED)) {
        __atomic_store_n(&r->stopped, 1, __ATOMIC_RELAXED);
        return;
    }
    const int err =
        r->fail_at != SIZE_MAX && __atomic_load_n(&finished, __ATOMIC_RELAXED) >= r->fail_at
            ? NQ_ERR(ENOMEM)
        : r->marks ? e->count_marked(r->plan, i, work, hooks->stop, nq_marks_resumed(r->marks, i),
                                     r->marks, t, &r->results[i])
                   : e->count_one(r->plan, i, work, hooks->stop, &r->results[i]);
    if (err) {
        /* Stopped inside, or out of memory: not done. */
        if (err != NQ_ERR(EINTR))
            __atomic_store_n(&r->failed, err, __ATOMIC_RELAXED);
        __atomic_store_n(&r->stopped, 1, __ATOMIC_RELAXED);
        return;
    }
    add(&mine->sum, &r->results[i]);
    /* Published for the monitor thread (progress, checkpoints). */
    __atomic_store_n(&r->done[i], 1, __ATOMIC_RELEASE);
    if (r->marks) /* after done: a checkpoint between has both, and keeps done */
        nq_marks_set(r->marks, t, NULL);
    if (r->fail_at != SIZE_MAX)
        __atomic_add_fetch(&finished, 1, __ATOMIC_RELAXED);
    if (hooks->on_done)
        hooks->on_done(hooks->ctx, i);
}

static int run_list(const nq_plan *plan, int threads, const size_t *todo, size_t todo_size,
                    unsigned char *done, nq_sub_result *results, const nq_run_hooks *hooks,
                    nq_sub_result *run_sum, nq_marks *marks)
{
    if (threads < 0 || threads > NQ_MAX_THREADS)
        return NQ_ERR(EINVAL);
    threads = nq_threads_for(threads);
    const int startable = start_threads(threads);
    if (startable)
        return startable;
    const nq_run_hooks none = { 0 };
    if (!hooks)
        hooks = &none;
    thread_acc *acc = aligned_alloc(64, (size_t)threads * sizeof *acc);
    if (!acc)
        return NQ_ERR(ENOMEM);
    dealer deal = { 0 };
    const int dealt = threads > 1 && plan->groups;
    if (dealt) {
        const int err = dealer_make(&deal, plan, threads, todo, todo_size);
        if (err) {
            free(acc);
            return err;
        }
    }

    const nq_engine *e = plan->engine;
    if (marks && (!e->count_marked || nq_marks_threads(marks) < threads))
        marks = NULL;
    run r = { .plan = plan, .hooks = hooks, .marks = marks, .done = done, .results = results,
              .fail_at = fail_after() };

    omp_set_dynamic(0);
#pragma omp parallel num_threads(threads) shared(r, deal)
    {
        const int t = omp_get_thread_num();
        thread_acc *mine = &acc[t];
        mine->sum = (nq_sub_result){ 0, 0 };
        if (hooks->on_thread_start)
            hooks->on_thread_start(hooks->ctx, t);
        /* Each thread's own buffers, made once before it takes work. */
        void *work = NULL;
        const int err = e->work_create ? e->work_create(plan, &work) : 0;
        if (err)
            __atomic_store_n(&r.failed, err, __ATOMIC_RELAXED);
        /* A stop leaves the rest of the queue as it is: draining the
         * millions of pieces of a large n took a while of every thread. */
        if (dealt) {
            size_t i;
            while (!__atomic_load_n(&r.stopped, __ATOMIC_RELAXED) && dealer_next(&deal, t, &i))
                run_one(&r, t, work, mine, i);
        } else {
            /* The next subproblem as `omp for schedule(dynamic, 1)` would
             * take it, with no barrier at the end: a thread that finds the
             * queue empty frees its buffers while the others finish their
             * last subproblems, and meets them only at the region's end. A
             * barrier here as well made a second wait on the slowest
             * thread, and each wait for a thread that has gone to sleep (or
             * lost its CPU) costs a wake-up: on a loaded 2-CPU machine 2-10
             * ms each (traced: n = 16, 2 threads). */
            size_t k;
            while (!__atomic_load_n(&r.stopped, __ATOMIC_RELAXED) &&
                   (k = __atomic_fetch_add(&r.next, 1, __ATOMIC_RELAXED)) < todo_size)
                run_one(&r, t, work, mine, todo[k]);
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
    if (dealt)
        dealer_free(&deal);
    return r.failed ? r.failed : r.stopped ? NQ_ERR(EINTR) : 0;
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
