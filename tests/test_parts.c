/* Work units: the split of a plan into parts, each part counted into its
 * own checkpoint (nq_count_part), stopped and resumed, and the parts'
 * files merged (src/common/merge.c) to exactly Q(n) and U(n); a file of
 * another part, plan or split, and two counts for one subproblem, refused.
 * (The programs' messages: tests/cli/parts.sh.) */
#include <criterion/criterion.h>

#include "engines.h"
#include "known_values.h"
#include "merge.h"
#include "run/plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_PARTS 5

static char dir[64];
static char paths[MAX_PARTS + 2][96];

static void fresh_dir(void)
{
    /* In memory where there is a tmpfs: each part syncs its file twice. */
    const char *base = access("/dev/shm", W_OK) ? "/tmp" : "/dev/shm";
    snprintf(dir, sizeof dir, "%s/nq-test-parts-XXXXXX", base);
    cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
    for (int k = 0; k < MAX_PARTS + 2; k++)
        if (*paths[k])
            unlink(paths[k]);
    rmdir(dir);
}

TestSuite(parts, .init = fresh_dir, .fini = remove_dir);

static void no_log(void *ctx, int error, const char *line)
{
    (void)ctx, (void)error, (void)line;
}

/* Counts part k of m of (n, engine) into paths[k - 1]; the part's sum. */
static nq_count_result count_part(int n, int engine, int k, int m, const nq_run_hooks *hooks)
{
    snprintf(paths[k - 1], sizeof paths[k - 1], "%s/part-%d-of-%d", dir, k, m);
    const nq_count_params params = { .n = n, .engine = engine, .threads = 1, .hooks = hooks,
                                     .checkpoint = paths[k - 1], .log = no_log };
    nq_count_result res;
    const int err = nq_count_part(&params, k, m, &res);
    cr_assert(err == 0 || (hooks && err == NQ_ERR(EINTR)), "n=%d part %d/%d: %s", n, k, m,
              nq_strerror(err));
    return res;
}

/* Merges paths[0..files) and checks Q(n) and U(n) against the published ones. */
static void merge_exact(int n, int files, int m)
{
    merge mg = { 0 };
    char message[512];
    const char *p[MAX_PARTS + 2];
    for (int f = 0; f < files; f++)
        p[f] = paths[f];
    cr_assert_eq(merge_load(&mg, p, files, message, sizeof message), 0, "%s", message);
    cr_assert_eq(mg.parts, m);
    cr_assert_eq(mg.held, nq_plan_size(mg.plan), "n=%d: %zu of %zu", n, mg.held,
                 nq_plan_size(mg.plan));
    nq_sub_result sum;
    nq_plan_sum(mg.plan, mg.done, mg.results, &sum);
    cr_assert_eq(nq_plan_finish(mg.plan, &sum), 0);
    unsigned long long total, unique;
    known_values(n, &total, &unique);
    cr_assert(sum.total == total, "n=%d M=%d: total wrong", n, m);
    cr_assert(!nq_engine_get(mg.engine)->gives_unique || sum.unique == unique,
              "n=%d M=%d: unique wrong", n, m);
    merge_free(&mg);
}

Test(parts, split_is_fixed_balanced_and_covers_every_part)
{
    nq_plan *plan;
    cr_assert_eq(nq_plan_create(&plan, 16, NQ_ENG_HALVES, 0, NULL), 0);
    const size_t size = nq_plan_size(plan);
    int *a = malloc(size * sizeof *a), *b = malloc(size * sizeof *b);
    double largest = 0, all = 0;
    for (size_t i = 0; i < size; i++) {
        all += nq_plan_weight(plan, i);
        largest = nq_plan_weight(plan, i) > largest ? nq_plan_weight(plan, i) : largest;
    }
    for (int m = 1; m <= 8; m++) {
        cr_assert_eq(nq_plan_split(plan, m, a), 0);
        cr_assert_eq(nq_plan_split(plan, m, b), 0);
        cr_assert_eq(memcmp(a, b, size * sizeof *a), 0, "M=%d: two splits differ", m);
        for (int k = 1; k <= m; k++) {
            double w = 0;
            size_t items = 0;
            for (size_t i = 0; i < size; i++)
                if (a[i] == k)
                    w += nq_plan_weight(plan, i), items++;
            cr_assert_gt(items, 0, "M=%d: part %d is empty", m, k);
            /* The greedy split: no part above the mean by more than one
             * subproblem's estimate. */
            cr_assert_leq(w, all / m + largest, "M=%d: part %d holds %g of %g", m, k, w, all);
        }
    }
    cr_assert_eq(nq_plan_split(plan, 0, a), NQ_ERR(ERANGE));
    cr_assert_eq(nq_plan_split(plan, (int)size + 1, a), NQ_ERR(ERANGE));
    cr_assert_eq(nq_plan_split(plan, (int)size, a), 0, "one subproblem a part");
    free(a);
    free(b);
    nq_plan_destroy(plan);
}

/* Every engine with a plan, n = 10..16 (the backtracking ones, 20 times
 * slower at 16, to 14), M = 1..5: the parts merge to Q(n) and U(n), and
 * their own sums add up to Q(n). */
Test(parts, every_split_merges_to_the_published_counts, .timeout = 300)
{
    for (int e = 0; e < nq_engine_count(); e++) {
        if (!nq_engine_get(e)->parallel)
            continue;
        for (int n = 10; n <= 16; n++) {
            for (int m = 1; m <= MAX_PARTS; m++) {
                if (e != NQ_ENG_HALVES && n > 14)
                    continue;
                nq_u128 parts_sum = 0;
                for (int k = 1; k <= m; k++) {
                    const nq_count_result r = count_part(n, e, k, m, NULL);
                    cr_assert_gt(r.subproblems, 0);
                    parts_sum += r.total;
                }
                unsigned long long total, unique;
                known_values(n, &total, &unique);
                cr_assert(parts_sum == total, "%s n=%d M=%d: the parts' sums",
                          nq_engine_get(e)->name, n, m);
                merge_exact(n, m, m);
                for (int k = 0; k < m; k++)
                    unlink(paths[k]);
            }
        }
    }
}

/* A part stopped part-way resumes from its file; merged with the others it
 * gives the exact counts, and a part given twice is accepted. */
static void stop_at_done(void *ctx, size_t i)
{
    (void)i;
    volatile int *stop = ctx;
    *stop = 1;
}

Test(parts, a_stopped_part_resumes_and_a_duplicate_merges)
{
    volatile int stop = 0;
    const nq_run_hooks hooks = { .stop = &stop, .on_done = stop_at_done, .ctx = (void *)&stop };
    count_part(15, NQ_ENG_SYM8, 1, 3, NULL);
    count_part(15, NQ_ENG_SYM8, 3, 3, NULL);
    const nq_count_result stopped = count_part(15, NQ_ENG_SYM8, 2, 3, &hooks);
    cr_assert_lt(stopped.total, 1, "stopped after its first subproblems: no sum given");
    merge mg = { 0 };
    char message[512];
    const char *p[4] = { paths[0], paths[1], paths[2], paths[0] };
    cr_assert_eq(merge_load(&mg, p, 3, message, sizeof message), 0, "%s", message);
    size_t of;
    cr_assert_gt(merge_missing(&mg, 2, &of), 0);
    cr_assert_lt(merge_missing(&mg, 2, NULL), of, "the stop kept finished work");
    cr_assert_eq(merge_missing(&mg, 1, NULL), 0);
    merge_describe_gap(&mg, message, sizeof message);
    cr_assert(strstr(message, "part 2/3 ("), "%s", message);
    merge_free(&mg);
    const nq_count_result resumed = count_part(15, NQ_ENG_SYM8, 2, 3, NULL);
    cr_assert_gt(resumed.resumed_subproblems, 0);
    cr_assert_eq(merge_load(&mg, p, 4, message, sizeof message), 0, "%s", message);
    merge_free(&mg);
    merge_exact(15, 3, 3);
}

/* A checkpoint call's line, kept (ctx: a buffer of 512). */
static void keep_line(void *ctx, int error, const char *line)
{
    (void)error;
    snprintf(ctx, 512, "%s", line);
}

Test(parts, a_file_of_another_part_or_split_is_refused)
{
    count_part(12, NQ_ENG_HALVES, 1, 2, NULL);
    count_part(12, NQ_ENG_HALVES, 2, 2, NULL);
    nq_plan *plan;
    cr_assert_eq(nq_plan_create(&plan, 12, NQ_ENG_HALVES, 0, NULL), 0);
    const size_t size = nq_plan_size(plan);
    unsigned char *done = calloc(size, 1);
    nq_sub_result *results = calloc(size, sizeof *results);
    char message[512] = "";
    nq_checkpoint *ck;
    nq_checkpoint_params file = { .path = paths[0], .part = 2, .parts = 2, .log = keep_line,
                                  .log_ctx = message };
    cr_assert_eq(nq_checkpoint_open_with(&ck, &file, plan, done, results), NQ_ERR(EBADMSG));
    cr_assert(strstr(message, "holds part 1/2, not part 2/2"), "%s", message);
    file.part = file.parts = 0;
    cr_assert_eq(nq_checkpoint_open_with(&ck, &file, plan, done, results), NQ_ERR(EBADMSG));
    cr_assert(strstr(message, "not the whole count"), "%s", message);
    int part, parts;
    file.path = paths[1];
    cr_assert_eq(nq_checkpoint_read_with(&file, plan, done, results, &part, &parts), 0, "%s",
                 message);
    cr_assert(part == 2 && parts == 2);
    nq_checkpoint_about about;
    cr_assert_eq(nq_checkpoint_peek_with(&file, &about), 0, "%s", message);
    cr_assert(about.n == 12 && about.engine == NQ_ENG_HALVES && about.part == 2 &&
              about.parts == 2 && about.subproblems == size && about.version == 5);

    /* Another split: part 1 of 3 beside the halves of 2. */
    count_part(12, NQ_ENG_HALVES, 1, 3, NULL);
    merge mg = { 0 };
    const char *p[2] = { paths[1], paths[0] };
    cr_assert_eq(merge_load(&mg, p, 2, message, sizeof message), NQ_ERR(EBADMSG));
    cr_assert(strstr(message, "holds part 1/3, '") && strstr(message, "part 2/2: the files must "
              "come from one split"), "%s", message);
    merge_free(&mg);

    /* A subproblem with another count, written (and sealed) as a run
     * writes it. */
    count_part(12, NQ_ENG_HALVES, 1, 2, NULL);
    file.path = paths[0];
    cr_assert_eq(nq_checkpoint_read_with(&file, plan, done, results, NULL, NULL), 0);
    size_t changed = size;
    for (size_t i = 0; i < size && changed == size; i++)
        if (done[i] && results[i].total >= 8)
            changed = i;
    results[changed].total -= 8;
    snprintf(paths[5], sizeof paths[5], "%s/edited", dir);
    const nq_checkpoint_params edited = { .path = paths[5], .part = 1, .parts = 2,
                                          .log = keep_line, .log_ctx = message };
    cr_assert_eq(nq_checkpoint_open_with(&ck, &edited, plan, done, results), 0, "%s", message);
    cr_assert_eq(nq_checkpoint_read_with(&file, plan, done, results, NULL, NULL), 0);
    results[changed].total -= 8;
    cr_assert_eq(nq_checkpoint_write(ck, done, results), 0, "%s", message);
    nq_checkpoint_close(ck);
    const char *q[3] = { paths[0], paths[1], paths[5] };
    const int err = merge_load(&mg, q, 3, message, sizeof message);
    cr_assert_eq(err, NQ_ERR(EBADMSG));
    char want[64];
    snprintf(want, sizeof want, "subproblem %zu has two counts: '", changed);
    cr_assert(strstr(message, want) && strstr(message, paths[5]), "%s", message);
    merge_free(&mg);
    free(done);
    free(results);
    nq_plan_destroy(plan);
}
