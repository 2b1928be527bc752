/* The example engine (tests/example_engine.c), registered by one row of the
 * table in this test's build only, counts through the public API like any
 * engine: found by name, listed, exact, stopped, and never the library's
 * choice (it is not parallel). */
#include <criterion/criterion.h>

#include "nqueens.h"

/* Q(n) for n = 1..12 (OEIS A000170). */
static const uint64_t Q[] = { 0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200 };

Test(example_engine, counts_through_the_public_api)
{
    const int e = nq_engine_find("example");
    cr_assert_eq(e, nq_engine_count() - 1, "the row at the end of the table");
    const nq_engine_info *info = nq_engine_get(e);
    cr_assert(info && !info->parallel && !info->gives_unique && !info->uses_depth);
    for (int n = 1; n <= 12; n++) {
        nq_count_params p = nq_count_params_default(n);
        p.engine = e;
        nq_count_result r;
        cr_assert_eq(nq_count(&p, &r), 0, "n=%d", n);
        cr_assert(r.total == Q[n] && !r.unique_known && r.threads == 1, "n=%d", n);
    }
}

Test(example_engine, a_stop_is_seen)
{
    volatile int stop = 1;
    const nq_run_hooks hooks = { .stop = &stop };
    nq_count_params p = nq_count_params_default(12);
    p.engine = nq_engine_find("example");
    p.hooks = &hooks;
    nq_count_result r;
    cr_assert_eq(nq_count(&p, &r), NQ_ERR(EINTR));
    /* A classic engine has no plan, so no checkpoint. */
    cr_assert_eq(nq_plan_create(&(nq_plan *){ NULL }, 12, p.engine, 0, NULL), NQ_ERR(ENOTSUP));
}

Test(example_engine, is_not_the_default)
{
    nq_count_params p = nq_count_params_default(12);
    cr_assert_eq(nq_count_engine(&p), nq_engine_find("halves"));
}
