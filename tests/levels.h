/* One test per instruction-set level of this build (src/lib/cpu/cpu.h):
 * LEVEL_TESTS(suite, name, fn, options) defines suite::name_<level> for
 * each level, which runs fn(level) with every fast path of the library at
 * that level. Where this CPU lacks the level, the test is reported skipped,
 * not passed. Criterion runs each test in a process of its own, so the
 * level a test sets ends with it. */
#ifndef NQ_TESTS_LEVELS_H
#define NQ_TESTS_LEVELS_H

#include "cpu/cpu.h"

#include <criterion/criterion.h>

static inline nq_level level_or_skip(nq_level level)
{
    if (!nq_cpu_runs(level))
        cr_skip("this CPU lacks %s", nq_level_name(level));
    nq_cpu_use(level);
    return level;
}

#define LEVEL_TEST(suite, name, fn, id, level, ...)                                             \
    Test(suite, name##_##id, __VA_ARGS__)                                                       \
    {                                                                                           \
        fn(level_or_skip(level));                                                               \
    }

#if NQ_ISA_DISPATCH
#define LEVEL_TESTS(suite, name, fn, ...)                                                       \
    LEVEL_TEST(suite, name, fn, x86_64, NQ_LEVEL_X86_64, __VA_ARGS__)                           \
    LEVEL_TEST(suite, name, fn, v3_nopext, NQ_LEVEL_V3_NOPEXT, __VA_ARGS__)                     \
    LEVEL_TEST(suite, name, fn, v3, NQ_LEVEL_V3, __VA_ARGS__)                                   \
    LEVEL_TEST(suite, name, fn, v4, NQ_LEVEL_V4, __VA_ARGS__)
#else
#define LEVEL_TESTS(suite, name, fn, ...)                                                       \
    LEVEL_TEST(suite, name, fn, build, NQ_LEVEL_BUILD, __VA_ARGS__)
#endif

#endif
