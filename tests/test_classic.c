/* The classic engines are the reference for every fast engine, so each one
 * is checked here against the published Q(n). */
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
