/* Every instruction-set level of this build (src/lib/cpu/cpu.h), whichever
 * the library would pick, one test each (skipped where the CPU lacks it):
 * the counts against the published values and the listings byte for byte
 * against the lowest level's. */
#include "known_values.h"
#include "levels.h"
#include "nqueens.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

typedef struct text {
    char *buf;
    size_t len, cap;
} text;

static int append(void *ctx, const char *buf, size_t len)
{
    text *t = ctx;
    if (t->len + len > t->cap) {
        t->cap = 2 * (t->len + len);
        t->buf = realloc(t->buf, t->cap);
        cr_assert_not_null(t->buf);
    }
    memcpy(t->buf + t->len, buf, len);
    t->len += len;
    return 0;
}

static text listing(int n, int unique, int threads)
{
    text t = { 0 };
    const nq_solve_params p = { .n = n, .unique = unique, .threads = threads,
                                .format = NQ_FORMAT_COLS };
    cr_assert_eq(nq_solve_text(&p, append, &t, NULL), 0);
    return t;
}

/* At each level, every parallel engine (the default halves engine with its
 * pair counter and join at that level) against the published counts. */
static void counts_exactly(nq_level level)
{
    for (int engine = 0; engine < nq_engine_count(); engine++) {
        if (!nq_engine_get(engine)->parallel)
            continue;
        for (int n = 1; n <= 14; n++) {
            unsigned long long total, unique;
            cr_assert_eq(known_values(n, &total, &unique), 0);
            const nq_count_params p = { .n = n, .engine = engine, .threads = 2 };
            nq_count_result r;
            cr_assert_eq(nq_count(&p, &r), 0);
            cr_assert(r.total == total, "level %s, %s, n=%d: %llu, expected %llu",
                      nq_level_name(level), nq_engine_get(engine)->name, n,
                      (unsigned long long)r.total, total);
        }
    }
}

LEVEL_TESTS(dispatch, counts_exactly, counts_exactly, .timeout = 300)

/* At each level, the listings byte for byte as the lowest level's, which
 * every CPU runs. */
static void lists_as_the_lowest_level(nq_level level)
{
    for (int n = 1; n <= 11; n++)
        for (int unique = 0; unique <= 1; unique++) {
            nq_cpu_use((nq_level)0);
            text want = listing(n, unique, 1);
            nq_cpu_use(level);
            text got = listing(n, unique, 2);
            /* memcmp may not be given NULL, the buffer of an empty listing */
            cr_assert(got.len == want.len && (!want.len || !memcmp(got.buf, want.buf, want.len)),
                      "level %s, n=%d unique=%d: listing differs", nq_level_name(level), n,
                      unique);
            free(got.buf);
            free(want.buf);
        }
}

LEVEL_TESTS(dispatch, lists_as_the_lowest_level, lists_as_the_lowest_level, .timeout = 300)

/* The levels' names are NQUEENS_ISA's: each names its level, and the
 * lowest level runs everywhere. */
Test(dispatch, levels_and_their_names)
{
    cr_assert(nq_cpu_runs((nq_level)0));
    cr_assert(nq_cpu_runs(nq_cpu_level()));
    cr_assert(!nq_cpu_runs(NQ_LEVELS));
    for (int i = 0; i < NQ_LEVELS; i++)
        cr_assert_eq(nq_level_named(nq_level_name((nq_level)i)), i, "%s",
                     nq_level_name((nq_level)i));
    cr_assert_eq(nq_level_named("no-such-level"), -1);
    cr_assert_eq(nq_level_named(NULL), -1);
    cr_assert_str_eq(nq_level_name(NQ_LEVELS), "?");
    /* The level in use is NQUEENS_ISA's choice for this CPU. */
    const char *isa = getenv("NQUEENS_ISA");
    const int named = nq_level_named(isa);
    if (named >= 0 && nq_cpu_runs((nq_level)named))
        cr_assert_eq(nq_cpu_level(), named, "NQUEENS_ISA=%s", isa);
}

#if NQ_ISA_DISPATCH
/* NQUEENS_ISA's names (cpu.h) pick their level where the CPU runs it, the
 * best for the CPU otherwise; they never add a feature the CPU lacks. */
Test(dispatch, isa_names_choose_the_level)
{
    const unsigned v4 = NQ_CPU_V3 | NQ_CPU_V4, zen2 = NQ_CPU_V3 | NQ_CPU_SLOW_PEXT;
    cr_assert_eq(nq_cpu_choose(0, NULL), NQ_LEVEL_X86_64);
    cr_assert_eq(nq_cpu_choose(NQ_CPU_V3, NULL), NQ_LEVEL_V3);
    cr_assert_eq(nq_cpu_choose(v4, NULL), NQ_LEVEL_V4);
    cr_assert_eq(nq_cpu_choose(zen2, NULL), NQ_LEVEL_V3_NOPEXT, "slow pext: without it");
    cr_assert_eq(nq_cpu_choose(zen2, "x86-64-v3"), NQ_LEVEL_V3, "named, a slow level runs");
    cr_assert_eq(nq_cpu_choose(v4, "x86-64"), NQ_LEVEL_X86_64);
    cr_assert_eq(nq_cpu_choose(v4, "x86-64-v3-nopext"), NQ_LEVEL_V3_NOPEXT);
    cr_assert_eq(nq_cpu_choose(v4, "x86-64-v3"), NQ_LEVEL_V3);
    cr_assert_eq(nq_cpu_choose(NQ_CPU_V3, "x86-64-v4"), NQ_LEVEL_V3, "a name adds no feature");
    cr_assert_eq(nq_cpu_choose(zen2, "x86-64-v4"), NQ_LEVEL_V3_NOPEXT);
    cr_assert_eq(nq_cpu_choose(0, "x86-64-v3"), NQ_LEVEL_X86_64);
    cr_assert_eq(nq_cpu_choose(v4, "x86-64-v5"), NQ_LEVEL_V4, "an unknown name changes nothing");
    cr_assert_eq(nq_cpu_choose(v4, ""), NQ_LEVEL_V4);
}
#endif
