/* Checkpoints: a run stopped part-way and resumed (with other thread counts)
 * gives exactly Q(n) and U(n); damaged or foreign files are refused and left
 * as they were. */
#include <criterion/criterion.h>

#include "checkpoint/checkpoint.h"
#include "engines.h"
#include "known_values.h"
#include "nqueens_parts.h"
#include "run/marks.h"
#include "util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[64];

static void fresh_path(void)
{
    snprintf(path, sizeof path, "/tmp/nq-test-ckpt-%ld", (long)getpid());
    unlink(path);
}

static char *slurp(const char *p, size_t *len)
{
    FILE *f = fopen(p, "rb");
    cr_assert_not_null(f, "cannot open %s", p);
    char *buf = malloc(1 << 22);
    *len = fread(buf, 1, 1 << 22, f);
    fclose(f);
    return buf;
}

static void spit(const char *p, const char *buf, size_t len)
{
    FILE *f = fopen(p, "wb");
    cr_assert_not_null(f);
    fwrite(buf, 1, len, f);
    fclose(f);
}

/* A stop after a given number of subproblems, through the public hooks. */
typedef struct stopper {
    size_t after, finished;
    volatile int stop;
    char *message;
    size_t size;
} stopper;

static void stop_when_done(void *ctx, size_t i)
{
    (void)i;
    stopper *s = ctx;
    if (s->after && __atomic_add_fetch(&s->finished, 1, __ATOMIC_RELAXED) >= s->after)
        s->stop = 1;
}

static void keep_reason(void *ctx, int error, const char *line)
{
    stopper *s = ctx;
    if (error)
        snprintf(s->message, s->size, "%s", line);
}

static int count_with(int n, int engine, int depth, int threads, size_t stop_after,
                      nq_count_result *r, char *message, size_t size)
{
    stopper s = { .after = stop_after, .message = message, .size = size };
    const nq_run_hooks hooks = { .stop = &s.stop, .on_done = stop_when_done, .ctx = &s };
    nq_count_params p = nq_count_params_default(n);
    p.engine = engine;
    p.threads = threads;
    p.depth = nq_engine_get(engine)->uses_depth ? depth : 0;
    p.hooks = &hooks;
    p.checkpoint = path;
    p.log = keep_reason;
    p.log_ctx = &s;
    return nq_count(&p, r);
}

Test(checkpoint, stopped_runs_resume_to_the_exact_counts)
{
    for (int engine = 0; engine < nq_engine_count(); engine++)
        for (int n = 10; n <= 14 && nq_engine_get(engine)->parallel; n++) {
            fresh_path();
            unsigned long long total, unique;
            known_values(n, &total, &unique);
            nq_count_result r;
            char msg[256] = "";
            /* Three stops of a few subproblems each, with 1, 2, 3 threads. */
            int stops = 0;
            for (int threads = 1; threads <= 3; threads++) {
                const int err = count_with(n, engine, 3, threads, 7, &r, msg, sizeof msg);
                if (err == 0)
                    break;
                cr_assert_eq(err, NQ_ERR(EINTR), "n=%d: %s", n, msg);
                stops++;
            }
            cr_assert_eq(count_with(n, engine, 3, 2, 0, &r, msg, sizeof msg), 0, "%s", msg);
            cr_assert(stops == 0 || r.resumed_subproblems > 0, "n=%d resumed nothing", n);
            cr_assert(r.total == total, "engine %d n=%d total %llu", engine, n,
                      (unsigned long long)r.total);
            if (r.unique_known)
                cr_assert(r.unique == unique, "n=%d unique", n);
            /* Once complete, a rerun takes everything from the file. */
            cr_assert_eq(count_with(n, engine, 3, 1, 0, &r, msg, sizeof msg), 0);
            cr_assert_eq(r.resumed_subproblems, r.subproblems);
            cr_assert(r.total == total);
            unlink(path);
        }
}

/* Every way of spoiling a checkpoint is refused with EBADMSG, the file is
 * left byte for byte as it was, and the message says something. */
static void refused(const char *contents, size_t len, int n, int depth, const char *why)
{
    spit(path, contents, len);
    nq_count_result r;
    char msg[256] = "";
    cr_assert_eq(count_with(n, NQ_ENG_SYM8, depth, 2, 0, &r, msg, sizeof msg), NQ_ERR(EBADMSG),
                 "%s was accepted", why);
    cr_assert(strstr(msg, "checkpoint"), "%s: message '%s'", why, msg);
    size_t after_len;
    char *after = slurp(path, &after_len);
    cr_assert(after_len == len && !memcmp(after, contents, len), "%s: file changed", why);
    free(after);
}

Test(checkpoint, damaged_or_foreign_files_are_refused_and_kept)
{
    fresh_path();
    nq_count_result r;
    char msg[256];
    cr_assert_eq(count_with(12, NQ_ENG_SYM8, 3, 2, 20, &r, msg, sizeof msg), NQ_ERR(EINTR));
    size_t len;
    char *good = slurp(path, &len);
    char *bad = malloc(len + 16);

    refused(good, len, 13, 3, "another n");
    refused(good, len, 12, 2, "another depth");
    refused(good, len / 2, 12, 3, "a truncated file");
    refused(good, len - 1, 12, 3, "a file without its last newline");
    refused("", 0, 12, 3, "an empty file");
    memcpy(bad, good, len);
    bad[len / 2] ^= 1;
    refused(bad, len, 12, 3, "a flipped bit");
    memcpy(bad, good, len);
    bad[0] = 'N';
    refused(bad, len, 12, 3, "another magic");
    free(bad);
    free(good);
    unlink(path);
}

/* The last line a checkpoint call told its log, and with which error. */
typedef struct said {
    int error, lines;
    char line[700];
} said;

static void hear(void *ctx, int error, const char *line)
{
    said *s = ctx;
    s->error = error;
    s->lines++;
    snprintf(s->line, sizeof s->line, "%s", line);
}

Test(checkpoint, write_and_read_round_trip)
{
    fresh_path();
    /* n = 32, so that a 128-bit total is a plausible count. */
    nq_plan *plan;
    cr_assert_eq(nq_plan_create(&plan, 32, NQ_ENG_SYM8, 2, NULL), 0);
    const size_t size = nq_plan_size(plan);
    unsigned char *done = calloc(size, 1), *done2 = calloc(size, 1);
    nq_sub_result *res = calloc(size, sizeof *res), *res2 = calloc(size, sizeof *res2);
    said s = { 0 };
    const nq_checkpoint_params file = { .path = path, .log = hear, .log_ctx = &s };
    nq_checkpoint *ck;
    cr_assert_eq(nq_checkpoint_open_with(&ck, &file, plan, done2, res2), 0, "%s", s.line);
    for (size_t i = 0; i < size; i += 3) {
        res[i].unique = 1000 + i;
        res[i].total = 8 * res[i].unique;
        done[i] = 1;
    }
    res[0].unique = (uint64_t)1 << 60;
    res[0].total = (nq_u128)res[0].unique << 3; /* 128-bit counts survive the trip */
    cr_assert_eq(nq_checkpoint_write(ck, done, res), 0, "%s", s.line);
    nq_checkpoint_close(ck);
    int part = -1, parts = -1;
    cr_assert_eq(nq_checkpoint_read_with(&file, plan, done2, res2, &part, &parts), 0, "%s",
                 s.line);
    cr_assert(part == 0 && parts == 0);
    cr_assert(!memcmp(done, done2, size));
    for (size_t i = 0; i < size; i++)
        cr_assert(res[i].total == res2[i].total && res[i].unique == res2[i].unique);
    cr_assert_eq(s.lines, 0, "nothing to tell: '%s'", s.line);
    unlink(path);
    cr_assert_eq(nq_checkpoint_read_with(&file, plan, done2, res2, NULL, NULL), NQ_ERR(ENOENT));
    /* A refusal: its reason to the log, with the error returned. */
    spit(path, "not a checkpoint\n", 17);
    cr_assert_eq(nq_checkpoint_open_with(&ck, &file, plan, done2, res2), NQ_ERR(EBADMSG));
    cr_assert(s.lines == 1 && s.error == NQ_ERR(EBADMSG) && strstr(s.line, path), "%d '%s'",
              s.error, s.line);
    const nq_checkpoint_params nowhere = { .log = hear, .log_ctx = &s };
    cr_assert_eq(nq_checkpoint_open_with(&ck, &nowhere, plan, done2, res2), NQ_ERR(EINVAL));
    unlink(path);
    free(done);
    free(done2);
    free(res);
    free(res2);
    nq_plan_destroy(plan);
}

/* A fresh path, a plan of n = 10 and its arrays: done, none (stays
 * empty: fewer than a file holds) and res. */
typedef struct small {
    nq_plan *plan;
    unsigned char *done, *none;
    nq_sub_result *res;
} small;

static small small_plan(void)
{
    fresh_path();
    small k;
    cr_assert_eq(nq_plan_create(&k.plan, 10, NQ_ENG_SYM8, 2, NULL), 0);
    const size_t size = nq_plan_size(k.plan);
    k.done = calloc(size, 1);
    k.none = calloc(size, 1);
    k.res = calloc(size, sizeof *k.res);
    cr_assert(k.done && k.none && k.res);
    return k;
}

static void small_free(small *k)
{
    free(k->done);
    free(k->none);
    free(k->res);
    nq_plan_destroy(k->plan);
}

/* A periodic write tells a failure with the retry, then the first success
 * after it, and nothing otherwise: notices (error 0), for the run goes on. */
Test(checkpoint, periodic_writes_tell_a_failure_and_the_recovery)
{
    small k = small_plan();
    unsigned char *done = k.done, *none = k.none;
    nq_sub_result *res = k.res;
    const nq_plan *plan = k.plan;
    said s = { 0 };
    const nq_checkpoint_params file = { .path = path, .log = hear, .log_ctx = &s };
    nq_checkpoint *ck;
    cr_assert_eq(nq_checkpoint_open_with(&ck, &file, plan, done, res), 0, "%s", s.line);
    done[0] = 1;
    cr_assert_eq(nq_checkpoint_write_periodic(ck, done, res, 5), 0);
    cr_assert_eq(s.lines, 0);
    /* Fewer finished subproblems than the file holds: refused. */
    cr_assert_eq(nq_checkpoint_write_periodic(ck, none, res, 5), NQ_ERR(EINVAL));
    cr_assert(s.lines == 1 && s.error == 0, "%d", s.error);
    cr_assert(strstr(s.line, "the run goes on and tries again in 5 s"), "'%s'", s.line);
    cr_assert_eq(nq_checkpoint_write_periodic(ck, none, res, 0), NQ_ERR(EINVAL));
    cr_assert(strstr(s.line, "tries again in 30 s"), "'%s'", s.line);
    cr_assert_eq(nq_checkpoint_write_periodic(ck, done, res, 5), 0);
    cr_assert(s.lines == 3 && strstr(s.line, "written again") && strstr(s.line, path), "'%s'",
              s.line);
    cr_assert_eq(nq_checkpoint_write_periodic(ck, done, res, 5), 0);
    cr_assert_eq(s.lines, 3);
    /* Not a periodic write: the reason, with its error. */
    cr_assert_eq(nq_checkpoint_write(ck, none, res), NQ_ERR(EINVAL));
    cr_assert(s.lines == 4 && s.error == NQ_ERR(EINVAL), "%d", s.error);
    nq_checkpoint_close(ck);
    unlink(path);
    small_free(&k);
}

/* 1.0's calls, with the reason in the caller's buffer, work as they did. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
Test(checkpoint, the_calls_of_1_0_still_work)
{
    small k = small_plan();
    unsigned char *done = k.done, *none = k.none;
    nq_sub_result *res = k.res;
    const nq_plan *plan = k.plan;
    char msg[700];
    nq_checkpoint *ck;
    cr_assert_eq(nq_checkpoint_open(&ck, path, plan, done, res, msg, sizeof msg), 0, "%s", msg);
    cr_assert_str_empty(msg);
    done[0] = 1;
    res[0].total = 8;
    res[0].unique = 1;
    cr_assert_eq(nq_checkpoint_save_periodic(ck, done, res, 5, msg, sizeof msg), 0);
    cr_assert_str_empty(msg);
    cr_assert_eq(nq_checkpoint_save_periodic(ck, none, res, 5, msg, sizeof msg), NQ_ERR(EINVAL));
    cr_assert(strstr(msg, "the run goes on and tries again in 5 s"), "'%s'", msg);
    cr_assert_eq(nq_checkpoint_save(ck, none, res, msg, sizeof msg), NQ_ERR(EINVAL));
    cr_assert(strstr(msg, "not written") && strstr(msg, path), "'%s'", msg);
    cr_assert_eq(nq_checkpoint_save(ck, done, res, msg, sizeof msg), 0, "%s", msg);
    nq_checkpoint_close(ck);
    cr_assert_eq(nq_checkpoint_read(path, plan, none, res, msg, sizeof msg), 0, "%s", msg);
    cr_assert(none[0] && res[0].total == 8);
    /* A part's file, by the part calls. */
    unlink(path);
    cr_assert_eq(nq_checkpoint_open_part(&ck, path, plan, 1, 2, done, res, msg, sizeof msg), 0,
                 "%s", msg);
    nq_checkpoint_close(ck);
    int part, parts;
    cr_assert_eq(nq_checkpoint_read_part(path, plan, &part, &parts, done, res, msg, sizeof msg),
                 0, "%s", msg);
    cr_assert(part == 1 && parts == 2);
    nq_checkpoint_about about;
    cr_assert_eq(nq_checkpoint_peek(path, &about, msg, sizeof msg), 0, "%s", msg);
    cr_assert(about.part == 1 && about.parts == 2 && about.n == 10);
    cr_assert_eq(nq_checkpoint_open(&ck, path, plan, done, res, msg, sizeof msg),
                 NQ_ERR(EBADMSG));
    cr_assert(strstr(msg, "not the whole count"), "%s", msg);
    unlink(path);
    cr_assert_eq(nq_checkpoint_peek(path, &about, msg, sizeof msg), NQ_ERR(ENOENT));
    cr_assert(strstr(msg, "no such file"), "%s", msg);
    small_free(&k);
}
#pragma GCC diagnostic pop

/* A thread that ends pieces in index order, each marked while it counts
 * and done before its mark goes (queue.c's order), a tenth of a millisecond
 * each: a write's pass over done[] meets some that end under it. */
typedef struct ender {
    nq_marks *marks;
    unsigned char *done;
    size_t size;
} ender;

static void *end_pieces(void *arg)
{
    ender *e = arg;
    for (size_t i = 0; i < e->size; i++) {
        const nq_mark m = { .i = i };
        nq_marks_set(e->marks, 0, &m);
        const double until = nq_now() + 100e-6;
        while (nq_now() < until)
            continue;
        __atomic_store_n(&e->done[i], 1, __ATOMIC_RELEASE);
        nq_marks_set(e->marks, 0, NULL);
    }
    return NULL;
}

/* Every file written while pieces end reads back: none holds a piece both
 * done and marked. */
Test(checkpoint, writes_while_pieces_end_read_back, .timeout = 120)
{
    fresh_path();
    nq_plan *plan;
    cr_assert_eq(nq_plan_create(&plan, 17, NQ_ENG_HALVES, 0, NULL), 0);
    const size_t size = nq_plan_size(plan);
    unsigned char *done = calloc(size, 1), *back = calloc(size, 1);
    nq_sub_result *res = calloc(size, sizeof *res), *res2 = calloc(size, sizeof *res2);
    said s = { 0 };
    const nq_checkpoint_params file = { .path = path, .log = hear, .log_ctx = &s };
    nq_checkpoint *ck;
    cr_assert_eq(nq_checkpoint_open_with(&ck, &file, plan, done, res), 0, "%s", s.line);
    nq_marks *marks;
    cr_assert_eq(nq_marks_create(&marks, 1, NULL, 0), 0);
    nq_ck_attach_marks(ck, marks);
    ender e = { marks, done, size - 2 }; /* never all: a write of every one is the last's */
    pthread_t thread;
    cr_assert_eq(pthread_create(&thread, NULL, end_pieces, &e), 0);
    size_t writes = 0, refused = 0;
    while (!__atomic_load_n(&done[e.size - 1], __ATOMIC_ACQUIRE)) {
        cr_assert_eq(nq_checkpoint_write(ck, done, res), 0, "%s", s.line);
        writes++;
        if (nq_checkpoint_read_with(&file, plan, back, res2, NULL, NULL))
            refused++;
    }
    pthread_join(thread, NULL);
    cr_assert_eq(refused, 0, "%zu of %zu files refused, the last: %s", refused, writes, s.line);
    cr_assert_gt(writes, 5);
    nq_checkpoint_close(ck);
    nq_marks_destroy(marks);
    unlink(path);
    free(done);
    free(back);
    free(res);
    free(res2);
    nq_plan_destroy(plan);
}
