/* Every engine against the published Q(n) and U(n). */
#include <criterion/criterion.h>

#include "nqueens.h"
#include "known_values.h"
#include "sanitized.h"

static void check(int engine, int n, int threads, int depth)
{
    unsigned long long total, unique;
    cr_assert_eq(known_values(n, &total, &unique), 0);
    const nq_count_params p = { .n = n, .engine = engine, .threads = threads, .depth = depth };
    nq_count_result r;
    cr_assert_eq(nq_count(&p, &r), 0);
    const char *name = nq_engine_get(engine)->name;
    cr_assert(r.total == total, "%s n=%d threads=%d depth=%d: total %llu, expected %llu", name, n,
              threads, depth, (unsigned long long)r.total, total);
    cr_assert_eq(r.unique_known, nq_engine_get(engine)->gives_unique, "%s", name);
    if (r.unique_known)
        cr_assert(r.unique == unique, "%s n=%d threads=%d depth=%d: unique %llu, expected %llu",
                  name, n, threads, depth, (unsigned long long)r.unique, unique);
}

Test(count, parallel_engines_small_n_all_threads)
{
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (!nq_engine_get(engine)->parallel)
            continue;
        for (int threads = 1; threads <= 3; threads++)
            for (int n = 1; n <= 14; n++)
                check(engine, n, threads, 0);
    }
}

Test(count, parallel_engines_15_16_all_threads, .timeout = 300)
{
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (!nq_engine_get(engine)->parallel)
            continue;
        for (int threads = 1; threads <= 3; threads++)
            for (int n = 15; n <= NQ_TEST_TOP(16, 15); n++)
                check(engine, n, threads, 0);
    }
}

Test(count, every_depth_gives_the_same_counts)
{
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (!nq_engine_get(engine)->uses_depth)
            continue;
        for (int depth = 1; depth <= NQ_MAX_DEPTH; depth++)
            for (int n = 1; n <= 13; n++)
                check(engine, n, 2, depth);
    }
}

Test(count, classic_engines_to_14, .timeout = 300)
{
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (nq_engine_get(engine)->parallel)
            continue;
        for (int n = 1; n <= NQ_TEST_TOP(14, 12); n++) /* each n about 7x the last */
            check(engine, n, 1, 0);
    }
}

Test(count, bad_parameters_are_refused)
{
    nq_count_result r;
    const nq_count_params bad[] = {
        { .n = 0 }, { .n = 33 }, { .n = 8, .engine = 99 }, { .n = 8, .threads = -1 },
        { .n = 8, .threads = NQ_MAX_THREADS + 1 }, { .n = 8, .depth = NQ_MAX_DEPTH + 1 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(nq_count(&bad[i], &r), NQ_ERR(EINVAL), "case %zu", i);
    const nq_count_params good = { .n = 8 };
    cr_assert_eq(nq_count(NULL, &r), NQ_ERR(EINVAL));
    cr_assert_eq(nq_count(&good, NULL), NQ_ERR(EINVAL));
}

Test(count, u128_decimal)
{
    char buf[40];
    cr_assert_str_eq(nq_u128_str(0, buf), "0");
    cr_assert_str_eq(nq_u128_str(14772512, buf), "14772512");
    const nq_u128 big = (nq_u128)1 << 100;
    cr_assert_str_eq(nq_u128_str(big, buf), "1267650600228229401496703205376");
    cr_assert_str_eq(nq_u128_str(~(nq_u128)0, buf), "340282366920938463463374607431768211455");
}
