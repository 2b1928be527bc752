/* The public API as a program sees it, through nqueens.h alone: error text,
 * defaults, engines, threads, memory, and the plan building blocks that
 * nqueens-mpi uses (run, run_list, order, sum, finish), each checked against
 * the published counts. */
#include <criterion/criterion.h>

#include "nqueens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Q(n) and U(n) (OEIS A000170, A002562). */
static const struct {
    int n;
    uint64_t total, unique;
} known[] = { { 8, 92, 12 }, { 9, 352, 46 }, { 10, 724, 92 }, { 11, 2680, 341 },
              { 12, 14200, 1787 } };

Test(api, strerror_names_every_code)
{
    cr_assert_str_eq(nq_strerror(0), "success");
    cr_assert_str_eq(nq_strerror(12345), "unknown error");
    cr_assert(strstr(nq_strerror(NQ_ERR(EBADMSG)), "checkpoint"));
    cr_assert(strstr(nq_strerror(NQ_ERR(EINTR)), "stopped"));
    const int ours[] = { EINVAL, EINTR, ENOMEM, E2BIG, ENOTSUP, ENOENT, EBADMSG,
                         EBUSY,  EPROTO, EAGAIN, ENOSYS, ERANGE, EIO,    ENOSPC };
    for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++) {
        const char *text = nq_strerror(NQ_ERR(ours[i]));
        cr_assert(text && *text && strcmp(text, "unknown error"), "errno %d", ours[i]);
        for (size_t j = 0; j < i; j++)
            cr_assert_str_neq(text, nq_strerror(NQ_ERR(ours[j])), "errno %d and %d", ours[i],
                              ours[j]);
    }
}

Test(api, count_params_default_counts_with_the_default_engine)
{
    const nq_count_params p = nq_count_params_default(10);
    const nq_count_params zero = { .n = 10 };
    cr_assert(!memcmp(&p, &zero, sizeof p), "a default other than zero");
    nq_count_result r;
    cr_assert_eq(nq_count(&p, &r), 0);
    cr_assert(r.total == 724 && r.unique == 92 && r.unique_known);
}

Test(api, engines_are_found_by_name)
{
    cr_assert_geq(nq_engine_count(), 2);
    cr_assert(nq_engine_get(0)->parallel, "the default engine is a parallel one");
    for (int i = 0; i < nq_engine_count(); i++) {
        const nq_engine_info *e = nq_engine_get(i);
        cr_assert_eq(nq_engine_find(e->name), i);
        cr_assert(e->seconds_16 > 0, "%s has no speed", e->name);
        cr_assert(!e->uses_depth || e->parallel);
    }
    cr_assert_null(nq_engine_get(nq_engine_count()));
    cr_assert_null(nq_engine_get(-1));
    cr_assert_eq(nq_engine_find("no-such-engine"), NQ_ERR(ENOENT));
}

/* Each engine's quick guess: its Q(16) figure on one thread, shared over
 * the threads of a parallel engine, growing with n, and -1 for bad input. */
Test(api, engines_guess_how_long_a_count_takes)
{
    for (int i = 0; i < nq_engine_count(); i++) {
        const nq_engine_info *e = nq_engine_get(i);
        cr_assert_float_eq(nq_estimate_quick(16, i, 1), e->seconds_16, 1e-9, "%s", e->name);
        cr_assert_float_eq(nq_estimate_quick(16, i, 4), e->seconds_16 / (e->parallel ? 4 : 1),
                           1e-9, "%s", e->name);
        cr_assert_gt(nq_estimate_quick(28, i, 1), nq_estimate_quick(27, i, 1) * 5);
        cr_assert_gt(nq_estimate_quick(20, i, 0), 0);
    }
    cr_assert_eq(nq_estimate_quick(16, nq_engine_count(), 1), -1);
    cr_assert_eq(nq_estimate_quick(0, 0, 1), -1);
    cr_assert_eq(nq_estimate_quick(16, 0, -1), -1);
}

Test(api, threads_follow_the_request_or_the_default)
{
    const int def = nq_default_threads();
    cr_assert(def >= 1 && def <= NQ_MAX_THREADS);
    cr_assert_eq(nq_threads_for(0), def);
    if (!getenv("OMP_THREAD_LIMIT")) {
        cr_assert_eq(nq_threads_for(1), 1);
        cr_assert_eq(nq_threads_for(3), 3);
    }
}

Test(api, memory_estimates_grow_with_n)
{
    const uint64_t avail = nq_memory_available();
    cr_assert(avail > ((uint64_t)1 << 20) && avail < ((uint64_t)1 << 50), "%llu",
              (unsigned long long)avail);
    for (int e = 0; e < nq_engine_count(); e++) {
        cr_assert_gt(nq_count_memory(16, e, 1, 0), 0);
        cr_assert_leq(nq_count_memory(16, e, 1, 0), nq_count_memory(24, e, 2, 0));
    }
    cr_assert_eq(nq_count_memory(0, 0, 1, 0), 0);
    cr_assert_eq(nq_count_memory(NQ_MAX_N + 1, 0, 1, 0), 0);
    cr_assert_eq(nq_count_memory(16, nq_engine_count(), 1, 0), 0);
}

/* The lines a count logs, kept. */
typedef struct lines {
    int count, errors;
    char last[400];
} lines;

static void keep_line(void *ctx, int error, const char *line)
{
    lines *l = ctx;
    l->count++;
    l->errors += error != 0;
    snprintf(l->last, sizeof l->last, "%s", line);
}

/* With no engine given the library chooses as the program always did:
 * halves where it fits, parallel-sym8 with a depth or where halves does
 * not fit (said in one line), and exactly the engine asked for otherwise. */
Test(api, the_library_chooses_the_engine)
{
    const int halves = nq_engine_find("halves"), sym8 = nq_engine_find("parallel-sym8");
    lines said = { 0 };
    nq_count_params p = nq_count_params_default(26);
    p.threads = 1;
    p.log = keep_line;
    p.log_ctx = &said;
    cr_assert_eq(nq_count_engine(&p), halves);
    p.depth = 3;
    cr_assert_eq(nq_count_engine(&p), sym8);
    cr_assert_eq(said.count, 0, "a depth is no fallback: %s", said.last);
    p.depth = 0;
    /* Between what parallel-sym8 and halves need: the slower one, said. */
    p.max_memory = nq_count_memory(26, sym8, 1, 0);
    cr_assert_lt(p.max_memory, nq_count_memory(26, halves, 1, p.max_memory));
    cr_assert_eq(nq_count_engine(&p), sym8);
    cr_assert(said.count == 1 && !said.errors && strstr(said.last, "halves needs at least") &&
                  strstr(said.last, "counting with parallel-sym8, which is far slower"),
              "%s", said.last);
    /* Asked for: never another. */
    p.engine_exact = 1;
    cr_assert_eq(nq_count_engine(&p), halves);
    p.engine = nq_engine_find("naive");
    cr_assert_eq(nq_count_engine(&p), p.engine);
    p.engine = nq_engine_count();
    cr_assert_eq(nq_count_engine(&p), NQ_ERR(EINVAL));
    cr_assert_eq(nq_count_engine(NULL), NQ_ERR(EINVAL));

    /* nq_count follows it: a depth with no engine given counts by
     * parallel-sym8 (halves takes none), exactly. */
    nq_count_params q = nq_count_params_default(10);
    q.depth = 2;
    nq_count_result r;
    cr_assert_eq(nq_count(&q, &r), 0);
    cr_assert(r.total == 724 && r.unique == 92 && r.depth == 2);
    q.engine_exact = 1;
    cr_assert_eq(nq_count(&q, &r), NQ_ERR(EINVAL));
}

/* Every plan engine at n = 8..12: the queue order is a permutation, largest
 * first; weights are there; one run, and the same run in three lists with
 * other thread counts, give the same per-subproblem counts and Q, U. */
Test(api, plan_run_and_run_list_give_the_published_counts)
{
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (!nq_engine_get(engine)->parallel)
            continue;
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
            const int n = known[k].n;
            nq_plan *plan;
            cr_assert_eq(nq_plan_create(&plan, n, engine, 0, NULL), 0);
            const size_t size = nq_plan_size(plan);
            cr_assert_gt(size, 0);
            cr_assert(nq_plan_depth(plan) > 0 || !nq_engine_get(engine)->uses_depth);
            cr_assert_eq(nq_plan_weight(plan, size), 0);

            size_t *order = malloc(size * sizeof *order);
            unsigned char *seen = calloc(size, 1);
            for (size_t q = 0; q < size; q++) {
                order[q] = nq_plan_order(plan, q);
                cr_assert_lt(order[q], size);
                cr_assert(!seen[order[q]], "engine %d n=%d: %zu twice", engine, n, order[q]);
                seen[order[q]] = 1;
                cr_assert_gt(nq_plan_weight(plan, order[q]), 0);
                if (q)
                    cr_assert_geq(nq_plan_weight(plan, order[q - 1]),
                                  nq_plan_weight(plan, order[q]));
            }

            /* One run over everything. */
            unsigned char *done = calloc(size, 1);
            nq_sub_result *results = calloc(size, sizeof *results), run, sum;
            cr_assert_eq(nq_plan_run(plan, 2, done, results, NULL, &run), 0);
            nq_plan_sum(plan, done, results, &sum);
            cr_assert(sum.total == run.total && sum.unique == run.unique);
            for (size_t i = 0; i < size; i++)
                cr_assert(done[i], "engine %d n=%d: %zu not done", engine, n, i);
            cr_assert_eq(nq_plan_finish(plan, &sum), 0);
            cr_assert(sum.total == known[k].total, "engine %d n=%d", engine, n);
            if (nq_engine_get(engine)->gives_unique)
                cr_assert(sum.unique == known[k].unique, "engine %d n=%d", engine, n);

            /* The same queue cut into three lists, as MPI ranks would take it. */
            unsigned char *done2 = calloc(size, 1);
            nq_sub_result *results2 = calloc(size, sizeof *results2);
            const size_t cut[4] = { 0, size / 3, 2 * size / 3, size };
            for (int part = 0; part < 3; part++) {
                const size_t *list = order + cut[part], count = cut[part + 1] - cut[part];
                nq_sub_result part_sum;
                cr_assert_eq(nq_plan_run_list(plan, part + 1, list, count, done2, results2,
                                              NULL, &part_sum),
                             0);
                nq_u128 want = 0;
                for (size_t q = 0; q < count; q++) {
                    cr_assert(done2[list[q]]);
                    cr_assert(results2[list[q]].total == results[list[q]].total);
                    cr_assert_eq(results2[list[q]].unique, results[list[q]].unique);
                    want += results2[list[q]].total;
                }
                cr_assert(part_sum.total == want);
                /* Nothing outside the lists so far. */
                for (size_t q = cut[part + 1]; q < size; q++)
                    cr_assert(!done2[order[q]]);
            }
            /* A subproblem listed again is counted again, done or not. */
            nq_sub_result again;
            cr_assert_eq(nq_plan_run_list(plan, 1, order, 1, done2, results2, NULL, &again), 0);
            cr_assert(again.total == results[order[0]].total);
            nq_plan_sum(plan, done2, results2, &sum);
            cr_assert_eq(nq_plan_finish(plan, &sum), 0);
            cr_assert(sum.total == known[k].total);

            /* One subproblem on the calling thread. */
            nq_sub_result one;
            cr_assert_eq(nq_plan_count_one(plan, order[size - 1], NULL, &one), 0);
            cr_assert(one.total == results[order[size - 1]].total);
            /* 1.0's name for it still works (programs built against 1.0). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            nq_sub_result old;
            cr_assert_eq(nq_plan_solve_one(plan, order[size - 1], NULL, &old), 0);
#pragma GCC diagnostic pop
            cr_assert(old.total == one.total && old.unique == one.unique);
            /* A stop: EINTR, and nothing counted. */
            volatile int stop = 1;
            const nq_run_hooks hooks = { .stop = &stop };
            cr_assert_eq(nq_plan_count_one(plan, order[0], &hooks, &one), NQ_ERR(EINTR));
            cr_assert(one.total == 0 && one.unique == 0);

            free(order);
            free(seen);
            free(done);
            free(results);
            free(done2);
            free(results2);
            nq_plan_destroy(plan);
        }
    }
}

Test(api, plan_finish_checks_its_sums)
{
    nq_plan *plan;
    const int halves = nq_engine_find("halves");
    cr_assert_eq(nq_plan_create(&plan, 12, halves, 0, NULL), 0);
    nq_sub_result sum = { 14200 + 1, 0 };
    cr_assert_eq(nq_plan_finish(plan, &sum), NQ_ERR(EPROTO));
    nq_plan_destroy(plan);
}

/* Sums that pass the engine's own check but contradict the published
 * values (issue 24): one class of 8 boards too many. */
Test(api, plan_finish_checks_the_published_values)
{
    nq_u128 q, u;
    cr_assert_eq(nq_published(12, &q, &u), 0);
    cr_assert(q == 14200 && u == 1787);
    cr_assert_eq(nq_published(28, &q, &u), NQ_ERR(ENOENT));
    cr_assert_eq(nq_published(0, &q, &u), NQ_ERR(ENOENT));
    nq_plan *plan;
    cr_assert_eq(nq_plan_create(&plan, 12, nq_engine_find("parallel-sym8"), 0, NULL), 0);
    nq_sub_result sum = { 14200 + 8, 1787 + 1 };
    cr_assert_eq(nq_plan_finish(plan, &sum), NQ_ERR(EPROTO));
    sum = (nq_sub_result){ 14200, 1787 + 1 };
    cr_assert_eq(nq_plan_finish(plan, &sum), NQ_ERR(EPROTO));
    sum = (nq_sub_result){ 14200, 1787 };
    cr_assert_eq(nq_plan_finish(plan, &sum), 0);
    nq_plan_destroy(plan);
}

/* A stop ends planning: EINTR and no plan, whatever the engine and size
 * (n = 32 at depth 5 is seconds of planning). */
Test(api, plan_create_sees_a_stop)
{
    volatile int stop = 1;
    const nq_run_hooks hooks = { .stop = &stop };
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (!nq_engine_get(engine)->parallel)
            continue;
        nq_plan *plan = (nq_plan *)&stop;
        cr_assert_eq(nq_plan_create(&plan, 12, engine, 0, &hooks), NQ_ERR(EINTR), "%s",
                     nq_engine_get(engine)->name);
        cr_assert_null(plan);
        if (nq_engine_get(engine)->uses_depth) {
            cr_assert_eq(nq_plan_create(&plan, 32, engine, 5, &hooks), NQ_ERR(EINTR));
            cr_assert_null(plan);
        }
    }
}

/* on_done: once per finished subproblem, from the thread that finished it;
 * a stop set there ends the run with EINTR, the finished ones kept. */
typedef struct tally {
    size_t calls, after;
    unsigned char *seen;
    volatile int stop;
} tally;

static void count_done(void *ctx, size_t i)
{
    tally *t = ctx;
    __atomic_add_fetch(&t->seen[i], 1, __ATOMIC_RELAXED);
    if (__atomic_add_fetch(&t->calls, 1, __ATOMIC_RELAXED) == t->after)
        t->stop = 1;
}

Test(api, on_done_sees_every_subproblem_and_can_stop_the_run)
{
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (!nq_engine_get(engine)->parallel)
            continue;
        nq_plan *plan;
        cr_assert_eq(nq_plan_create(&plan, 12, engine, 0, NULL), 0);
        const size_t size = nq_plan_size(plan);
        unsigned char *done = calloc(size, 1);
        nq_sub_result *results = calloc(size, sizeof *results);
        tally t = { .seen = calloc(size, 1) };
        const nq_run_hooks hooks = { .stop = &t.stop, .on_done = count_done, .ctx = &t };
        cr_assert_eq(nq_plan_run(plan, 2, done, results, &hooks, NULL), 0);
        cr_assert_eq(t.calls, size);
        for (size_t i = 0; i < size; i++)
            cr_assert_eq(t.seen[i], 1, "engine %d: subproblem %zu seen %d times", engine, i,
                         t.seen[i]);

        if (size > 4) {
            memset(done, 0, size);
            memset(t.seen, 0, size);
            t.calls = 0;
            t.after = 3;
            cr_assert_eq(nq_plan_run(plan, 1, done, results, &hooks, NULL), NQ_ERR(EINTR));
            size_t finished = 0;
            for (size_t i = 0; i < size; i++)
                finished += done[i];
            cr_assert_eq(finished, 3, "engine %d: %zu done after a stop at 3", engine,
                         finished);
        }
        free(t.seen);
        free(done);
        free(results);
        nq_plan_destroy(plan);
    }
}

static int tally_board(void *ctx, int n, const int8_t *cols)
{
    (void)n;
    (void)cols;
    ++*(int *)ctx;
    return 0;
}

Test(api, solve_params_default_lists_every_board)
{
    const nq_solve_params p = nq_solve_params_default(8);
    const nq_solve_params zero = { .n = 8 };
    cr_assert(!memcmp(&p, &zero, sizeof p), "a default other than zero");
    int boards = 0;
    uint64_t listed = 0;
    cr_assert_eq(nq_solve(&p, tally_board, &boards, &listed), 0);
    cr_assert_eq(boards, 92);
    cr_assert_eq(listed, 92);
}
