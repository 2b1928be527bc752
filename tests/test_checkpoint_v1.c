/* Checkpoints of nqueens 1.0 (formats 1 to 3, whose plan fingerprints and
 * seals held the engine's index) still resume to the exact counts, and are
 * written back in today's format. The backtracking engines' files in
 * tests/data/checkpoints-1.0 were written by 1.0 itself (count 12, stopped
 * by --stop-after); halves' plan changes more often, so its 1.0 file is
 * made here, in 1.0's layout, from one written today. */
#include <criterion/criterion.h>

#include "engines.h"
#include "nqueens_parts.h"
#include "run/plan.h"
#include "util.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 12
#define Q12 14200
#define U12 1787

static char path[64];

static void fresh_path(void)
{
    snprintf(path, sizeof path, "/tmp/nq-test-ck-v1-%ld", (long)getpid());
    unlink(path);
}

static size_t slurp(const char *from, char *buf, size_t cap)
{
    FILE *f = fopen(from, "rb");
    cr_assert_not_null(f, "cannot open %s", from);
    const size_t len = fread(buf, 1, cap - 1, f);
    fclose(f);
    buf[len] = '\0';
    return len;
}

static void spit(const char *to, const char *buf, size_t len)
{
    FILE *f = fopen(to, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(buf, 1, len, f), len);
    fclose(f);
}

/* A fixture copied to path, as a run would find it. */
static void fixture(const char *name)
{
    const char *dir = getenv("NQ_TEST_DATA");
    cr_assert_not_null(dir, "NQ_TEST_DATA names tests/data");
    char from[512], buf[1 << 16];
    snprintf(from, sizeof from, "%s/checkpoints-1.0/%s", dir, name);
    spit(path, buf, slurp(from, buf, sizeof buf));
}

static void must_not_log(void *ctx, int error, const char *line)
{
    (void)ctx;
    cr_assert(!error, "%s", line);
}

static nq_count_params params_for(const char *engine, int depth)
{
    nq_count_params p = nq_count_params_default(N);
    p.engine = nq_engine_find(engine);
    p.engine_exact = 1;
    p.depth = depth;
    p.threads = 2;
    p.checkpoint = path;
    p.log = must_not_log;
    return p;
}

static void first_line_is(const char *want)
{
    char buf[1 << 16];
    slurp(path, buf, sizeof buf);
    cr_assert(!strncmp(buf, want, strlen(want)), "%.40s", buf);
}

Test(checkpoint_v1, backtracking_files_of_1_0_resume_exactly)
{
    static const struct {
        const char *file, *engine;
        int depth;
        uint64_t held, unique;
    } cases[] = { { "sym8-12.ck", "parallel-sym8", 3, 40, U12 },
                  { "mirror-12.ck", "parallel-mirror", 2, 7, 0 } };
    fresh_path();
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        fixture(cases[k].file);
        first_line_is("nqueens-checkpoint 2\n");
        const nq_count_params p = params_for(cases[k].engine, cases[k].depth);
        nq_count_result r;
        cr_assert_eq(nq_count(&p, &r), 0, "%s", cases[k].file);
        cr_assert(r.total == Q12 && r.unique == cases[k].unique, "%s", cases[k].file);
        cr_assert_eq(r.resumed_subproblems, cases[k].held, "%s", cases[k].file);
        first_line_is("nqueens-checkpoint 4\n");
        /* Written back with today's fingerprint: read again as it is. */
        cr_assert_eq(nq_count(&p, &r), 0);
        cr_assert(r.total == Q12 && r.resumed_subproblems == r.subproblems);
    }
    unlink(path);
}

/* A part of 1.0 (format 3): its part's sum, exactly, from where it stopped. */
Test(checkpoint_v1, a_part_of_1_0_resumes_exactly)
{
    fresh_path();
    fixture("part-2of3-12.ck");
    const nq_count_params p = params_for("parallel-sym8", 3);
    nq_count_result r;
    cr_assert_eq(nq_count_part(&p, 2, 3, &r), 0);
    cr_assert_eq(r.resumed_subproblems, 10);
    first_line_is("nqueens-checkpoint 5\n");

    nq_plan *plan;
    cr_assert_eq(nq_plan_create(&plan, N, NQ_ENG_SYM8, 3, NULL), 0);
    const size_t size = nq_plan_size(plan);
    int *part_of = calloc(size, sizeof *part_of);
    cr_assert_eq(nq_plan_split(plan, 3, part_of), 0);
    nq_u128 want = 0;
    for (size_t i = 0; i < size; i++) {
        nq_sub_result one;
        if (part_of[i] == 2 && !nq_plan_count_one(plan, i, NULL, &one))
            want += one.total;
    }
    cr_assert(r.total == want && want > 0);
    free(part_of);
    nq_plan_destroy(plan);
    unlink(path);
}

/* Today's file of a halves count, turned into 1.0's layout: format 2, 1.0's
 * fingerprint (halves' index then, 0, in place of the name's code), and the
 * seal over (version, n, index, depth, fingerprint, size), the name, the
 * text. `version` 4 or another `index` make files 1.0 never wrote. */
static void as_1_0(const nq_plan *plan, int version, int index)
{
    char buf[1 << 16], out[1 << 16];
    slurp(path, buf, sizeof buf);
    uint64_t v1;
    cr_assert_eq(nq_plan_fingerprint_as(plan, 0, &v1), 0);
    cr_assert_neq(v1, nq_plan_fingerprint(plan));
    char *done = strstr(buf, "done "), *sum = strstr(buf, "checksum ");
    cr_assert(done && sum);
    int len = snprintf(out, sizeof out,
                       "nqueens-checkpoint %d\nn %d\nengine halves\ndepth 0\nplan %016" PRIx64
                       "\nsubproblems %zu\n%.*s",
                       version, N, v1, nq_plan_size(plan), (int)(sum - done), done);
    const uint64_t seal[6] = { (uint64_t)version, N, (uint64_t)index, 0, v1, nq_plan_size(plan) };
    uint64_t h = nq_fnv1a(NQ_FNV_START, seal, sizeof seal);
    h = nq_fnv1a(h, "halves", sizeof "halves");
    h = nq_fnv1a(h, out, (size_t)len);
    len += snprintf(out + len, sizeof out - (size_t)len, "checksum %016" PRIx64 "\n", h);
    spit(path, out, (size_t)len);
}

static void stop_after_20(void *ctx, size_t i)
{
    (void)i;
    int *seen = ctx;
    if (__atomic_add_fetch(&seen[0], 1, __ATOMIC_RELAXED) >= 20)
        __atomic_store_n(&seen[1], 1, __ATOMIC_RELAXED);
}

static void refused(void *ctx, int error, const char *line)
{
    if (error)
        snprintf(ctx, 300, "%s", line);
}

Test(checkpoint_v1, a_halves_file_in_1_0s_layout_resumes_exactly)
{
    fresh_path();
    int seen[2] = { 0, 0 };
    const nq_run_hooks hooks = { .stop = &seen[1], .on_done = stop_after_20, .ctx = seen };
    nq_count_params p = params_for("halves", 0);
    p.threads = 1;
    p.hooks = &hooks;
    nq_count_result r;
    cr_assert_eq(nq_count(&p, &r), NQ_ERR(EINTR));
    nq_plan *plan;
    cr_assert_eq(nq_plan_create(&plan, N, NQ_ENG_HALVES, 0, NULL), 0);
    as_1_0(plan, 2, 0);
    p.hooks = NULL;
    cr_assert_eq(nq_count(&p, &r), 0);
    cr_assert(r.total == Q12 && r.unique == U12 && r.resumed_subproblems == 20);

    /* 1.0's fingerprint in today's format, or sealed with another index:
     * refused, and the file left as it was. */
    char line[300] = "";
    p.log = refused;
    p.log_ctx = line;
    as_1_0(plan, 4, 0);
    cr_assert_eq(nq_count(&p, &r), NQ_ERR(EBADMSG));
    cr_assert(strstr(line, "its subproblems differ"), "%s", line);
    first_line_is("nqueens-checkpoint 4\n");
    as_1_0(plan, 2, 1);
    cr_assert_eq(nq_count(&p, &r), NQ_ERR(EBADMSG));
    cr_assert(strstr(line, "checksum mismatch"), "%s", line);
    first_line_is("nqueens-checkpoint 2\n");
    nq_plan_destroy(plan);
    unlink(path);
}
