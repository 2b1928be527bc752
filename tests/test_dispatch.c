/* Every path of the hot code this CPU can run (dispatch.h), whichever the
 * library would pick: the counts against the published values and the
 * listings byte for byte against the plain x86-64 path's. */
#include "cpu/cpu.h"
#include "cpu/dispatch.h"
#include "known_values.h"

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

/* The last path is the one every x86-64 (or, without dispatch, this build)
 * can run: the reference for the listings. */
static const nq_isa_path *reference(void)
{
    int last = 0;
    while (nq_isa_get(last + 1))
        last++;
    return nq_isa_get(last);
}

Test(dispatch, every_usable_path_counts_exactly)
{
    int tested = 0;
    for (int i = 0; nq_isa_get(i); i++) {
        const nq_isa_path *path = nq_isa_get(i);
        if (!nq_isa_usable(path))
            continue;
        nq_isa_use(path);
        tested++;
        for (int engine = 0; engine < nq_engine_count(); engine++) {
            if (!nq_engine_get(engine)->parallel)
                continue;
            for (int n = 1; n <= 14; n++) {
                unsigned long long total, unique;
                cr_assert_eq(known_values(n, &total, &unique), 0);
                const nq_count_params p = { .n = n, .engine = engine, .threads = 2 };
                nq_count_result r;
                cr_assert_eq(nq_count(&p, &r), 0);
                cr_assert(r.total == total, "path %s, %s, n=%d: %llu, expected %llu",
                          path->name, nq_engine_get(engine)->name, n,
                          (unsigned long long)r.total, total);
            }
        }
    }
    nq_isa_use(nq_isa_pick(NULL));
    cr_assert_geq(tested, 1);
}

Test(dispatch, every_usable_path_lists_as_the_reference)
{
    const nq_isa_path *ref = reference();
    cr_assert(nq_isa_usable(ref));
    for (int n = 1; n <= 11; n++)
        for (int unique = 0; unique <= 1; unique++) {
            nq_isa_use(ref);
            text want = listing(n, unique, 1);
            for (int i = 0; nq_isa_get(i); i++) {
                if (!nq_isa_usable(nq_isa_get(i)))
                    continue;
                nq_isa_use(nq_isa_get(i));
                text got = listing(n, unique, 2);
                /* memcmp may not be given NULL, the buffer of an empty listing */
                cr_assert(got.len == want.len &&
                              (!want.len || !memcmp(got.buf, want.buf, want.len)),
                          "path %s, n=%d unique=%d: listing differs", nq_isa_get(i)->name, n,
                          unique);
                free(got.buf);
            }
            free(want.buf);
        }
    nq_isa_use(nq_isa_pick(NULL));
}

Test(dispatch, named_paths)
{
    const nq_isa_path *ref = reference();
    cr_assert_eq(nq_isa_pick(ref->name), ref, "a path every CPU runs is taken when named");
    const nq_isa_path *best = nq_isa_pick(NULL);
    cr_assert(nq_isa_usable(best));
    cr_assert_eq(nq_isa_pick("no-such-path"), best, "an unknown name falls back to the best");
    /* The best is the first usable one, except that a CPU with slow pext
     * skips the pext path: never a path after a usable one that is not it. */
    for (int i = 0; nq_isa_get(i) && nq_isa_get(i) != best; i++)
        cr_assert(!nq_isa_usable(nq_isa_get(i)) || !strcmp(nq_isa_get(i)->name, "x86-64-v3"),
                  "%s is usable and better than %s", nq_isa_get(i)->name, best->name);
}

/* NQUEENS_ISA's names (cpu.h): each limits the CPU's flags, never adds a
 * feature, and anything else leaves them alone. */
Test(dispatch, isa_names_limit_the_cpu_flags)
{
    const unsigned all = NQ_CPU_V3 | NQ_CPU_AVX2 | NQ_CPU_AVX512;
    cr_assert_eq(nq_cpu_limit(all, "x86-64") & all, 0u);
    cr_assert_eq(nq_cpu_limit(all | NQ_CPU_SLOW_PEXT, "x86-64-v3"), NQ_CPU_V3 | NQ_CPU_AVX2);
    cr_assert_eq(nq_cpu_limit(all, "x86-64-v3-nopext"),
                 NQ_CPU_V3 | NQ_CPU_AVX2 | NQ_CPU_SLOW_PEXT);
    cr_assert_eq(nq_cpu_limit(0, "x86-64-v3") & all, 0u, "a name adds no feature");
    cr_assert_eq(nq_cpu_limit(NQ_CPU_AVX2, "x86-64-v3-nopext") & all, NQ_CPU_AVX2);
    cr_assert_eq(nq_cpu_limit(all, NULL), all);
    cr_assert_eq(nq_cpu_limit(all, "x86-64-v4"), all, "an unknown name changes nothing");
    /* The flags in use are the CPU's as NQUEENS_ISA left them. */
    cr_assert_eq(nq_cpu_flags(), nq_cpu_limit(nq_cpu_detected(), getenv("NQUEENS_ISA")));
    cr_assert_eq(nq_isa_current(), nq_isa_pick(getenv("NQUEENS_ISA")));
}
