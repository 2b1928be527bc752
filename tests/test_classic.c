/* The classic engines are the reference for every fast engine, so each one
 * is checked here against the published Q(n); and the engine table's rows
 * against their flags. */
#include "engines.h"
#include "known_values.h"

#include <criterion/criterion.h>

static void check_engine(int engine, int max_n)
{
    const nq_engine_info *info = nq_engine_get(engine);
    cr_assert_not_null(info);
    cr_assert_eq(info->parallel, 0, "%s should be a classic engine", info->name);
    for (int n = 1; n <= max_n; n++) {
        unsigned long long total, unique;
        cr_assert_eq(known_values(n, &total, &unique), 0);
        const uint64_t got = nq_classic_count(engine, n);
        cr_expect_eq(got, total, "%s: Q(%d) = %llu, expected %llu", info->name, n,
                     (unsigned long long)got, total);
    }
}

/* n = 13 costs under a second even for naive; the mirror, marking,
 * available and bitmask engines also run n = 13. */
Test(classic, naive)
{
    check_engine(NQ_ENG_NAIVE, 12);
}

Test(classic, mirror)
{
    check_engine(NQ_ENG_MIRROR, 13);
}

Test(classic, marking)
{
    check_engine(NQ_ENG_MARKING, 13);
}

Test(classic, available)
{
    check_engine(NQ_ENG_AVAILABLE, 13);
}

Test(classic, bitmask)
{
    check_engine(NQ_ENG_BITMASK, 13);
}

/* Out-of-range n and non-classic engine indexes give 0, never a count. */
Test(classic, rejects_bad_arguments)
{
    cr_expect_eq(nq_classic_count(NQ_ENG_BITMASK, 0), 0);
    cr_expect_eq(nq_classic_count(NQ_ENG_BITMASK, NQ_MAX_N + 1), 0);
    cr_expect_eq(nq_classic_count(NQ_ENG_SYM8, 8), 0);
    cr_expect_eq(nq_classic_count(NQ_ENG_COUNT, 8), 0);
}

/* A caller's stop reaches the classic engines too: nq_count returns EINTR
 * and no total. */
Test(classic, a_stop_is_seen)
{
    volatile int stop = 1;
    const nq_run_hooks hooks = { .stop = &stop };
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (nq_engine_get(engine)->parallel)
            continue;
        nq_count_params p = nq_count_params_default(14);
        p.engine = engine;
        p.hooks = &hooks;
        nq_count_result r;
        cr_assert_eq(nq_count(&p, &r), NQ_ERR(EINTR), "%s", nq_engine_get(engine)->name);
        cr_assert(r.total == 0);
        stop = 0;
        cr_assert_eq(nq_count(&p, &r), 0);
        cr_assert(r.total == 365596, "%s", nq_engine_get(engine)->name);
        stop = 1;
    }
}

/* The table's flags agree with what each row fills in: a parallel engine
 * plans and solves (and so checkpoints, resumes and runs under MPI); a
 * classic one counts on its own. */
Test(classic, the_engine_table_is_consistent)
{
    for (int engine = 0; engine < NQ_ENG_COUNT; engine++) {
        const nq_engine *e = nq_engine_impl(engine);
        cr_assert_not_null(e);
        cr_assert_eq(e->info.parallel, e->plan != NULL, "%s", e->info.name);
        cr_assert_eq(e->info.parallel, e->count == NULL, "%s", e->info.name);
        if (e->plan)
            cr_assert(e->count_one && e->plausible, "%s", e->info.name);
        cr_assert(!e->info.uses_depth || e->info.parallel, "%s", e->info.name);
        cr_assert(!e->work_create == !e->work_destroy, "%s", e->info.name);
    }
    cr_assert_null(nq_engine_impl(NQ_ENG_COUNT));
}
