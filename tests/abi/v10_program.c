/* A program of libnqueens 1.0 run against the current library (issue 23).
 * Built against 1.0's header (nqueens.h here, as 1.0 released it) and
 * linked against v10_stub.c's stand-in, so that it asks for its calls
 * unversioned as a 1.0 build does; run against the library of this tree
 * (its run path). It checks that every call of 1.0 is bound to the
 * library's entry at version NQ_1.0, and that the calls whose arguments
 * 1.1 changed (nq_count_params: recount inserted, engine_exact added;
 * nq_count_memory: a fourth argument) still read 1.0's. One line per
 * failed check on stderr and exit status 1; a crash fails it too. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "nqueens.h"

static int failures;

#define CHECK(cond, ...)                              \
    do {                                              \
        if (!(cond)) {                                \
            fprintf(stderr, "abi-1.0: ");             \
            fprintf(stderr, __VA_ARGS__);             \
            fprintf(stderr, " (failed: %s)\n", #cond); \
            failures++;                               \
        }                                             \
    } while (0)

/* Every call of 1.0, its address taken: the program loads only if the
 * library has each one for an unversioned reference, and (built as a
 * position-independent executable, which takes the address the dynamic
 * linker bound) each must be the library's entry at NQ_1.0. */
static const struct {
    const char *name;
    void (*call)(void);
} calls_of_1_0[] = {
#define NQ_V10(name) { #name, (void (*)(void))name },
#include "v10_calls.h"
#undef NQ_V10
};

static void every_call_is_bound_to_nq_1_0(void)
{
    const size_t count = sizeof calls_of_1_0 / sizeof calls_of_1_0[0];
    char missing[2048] = "", elsewhere[2048] = "";
    size_t missing_len = 0, elsewhere_len = 0;
    for (size_t i = 0; i < count; i++) {
        void *at_1_0 = dlvsym(RTLD_DEFAULT, calls_of_1_0[i].name, "NQ_1.0");
        void (*call)(void) = NULL;
        memcpy(&call, &at_1_0, sizeof call);
        if (!at_1_0 && missing_len < sizeof missing)
            missing_len += (size_t)snprintf(missing + missing_len, sizeof missing - missing_len,
                                            " %s", calls_of_1_0[i].name);
        else if (at_1_0 && call != calls_of_1_0[i].call && elsewhere_len < sizeof elsewhere)
            elsewhere_len += (size_t)snprintf(elsewhere + elsewhere_len,
                                              sizeof elsewhere - elsewhere_len, " %s",
                                              calls_of_1_0[i].name);
    }
    CHECK(!missing[0], "not exported at NQ_1.0:%s", missing);
    CHECK(!elsewhere[0], "bound to another version than NQ_1.0:%s", elsewhere);
    CHECK(count == 43, "%zu calls of 1.0 listed, 1.0 had 43", count);
}

/* What the callbacks saw: each is handed its own context, which 1.1's
 * layout read from 1.0's struct would mistake for another field. */
static atomic_int threads_started;
static int log_lines, log_error;
static char log_text[300];
static int progress_calls;
static nq_u128 progress_solutions;

static void on_thread_start(void *ctx, int thread)
{
    (void)thread;
    if (ctx == &threads_started)
        atomic_fetch_add(&threads_started, 1);
}

static void on_log(void *ctx, int error, const char *line)
{
    if (ctx != &log_lines)
        return;
    log_lines++;
    log_error = error;
    snprintf(log_text, sizeof log_text, "%s", line);
}

static void on_progress(void *ctx, const nq_progress *p)
{
    if (ctx != &progress_calls)
        return;
    progress_calls++;
    progress_solutions = p->solutions;
}

static volatile int stop_flag;
static const nq_run_hooks hooks = {
    .stop = &stop_flag, .on_thread_start = on_thread_start, .ctx = &threads_started
};

/* 1.0's defaults with every field after the inserted one set. */
static nq_count_params params_1_0(int n, const char *engine, int threads, uint64_t max_memory)
{
    nq_count_params p = nq_count_params_default(n);
    p.engine = engine ? nq_engine_find(engine) : 0;
    p.threads = threads;
    p.hooks = &hooks;
    p.log = on_log;
    p.log_ctx = &log_lines;
    p.progress = on_progress;
    p.progress_ctx = &progress_calls;
    p.progress_every = 0.01;
    p.max_memory = max_memory;
    log_lines = progress_calls = 0;
    progress_solutions = 0;
    atomic_store(&threads_started, 0);
    return p;
}

/* nq_count_params_default returns the struct by value: into 1.0's size. */
static void defaults_fit_1_0s_struct(void)
{
    struct {
        nq_count_params p;
        unsigned char after[64];
    } room;
    memset(&room, 0xA5, sizeof room);
    room.p = nq_count_params_default(11);
    /* Read again: the compiler may take it that the call wrote room.p only. */
    const volatile unsigned char *after = room.after;
    int untouched = 1;
    for (size_t i = 0; i < sizeof room.after; i++)
        untouched &= after[i] == 0xA5;
    CHECK(untouched, "nq_count_params_default wrote past 1.0's struct");
    CHECK(room.p.n == 11 && room.p.engine == 0 && room.p.threads == 0 && !room.p.hooks &&
              !room.p.log && !room.p.progress && room.p.max_memory == 0,
          "nq_count_params_default(11) is not n = 11 with every other field zero");
}

/* A count of n (Q and U published: OEIS A000170, A002562). */
static void counts(int n, const char *engine, int threads, unsigned q, unsigned u)
{
    nq_count_params p = params_1_0(n, engine, threads, (uint64_t)1 << 30);
    nq_count_result r;
    const int err = nq_count(&p, &r);
    const char *name = engine ? engine : "the default engine";
    CHECK(err == 0, "count %d with %s: %s", n, name, nq_strerror(err));
    if (err)
        return;
    CHECK(r.total == q, "count %d with %s: Q(%d) is not %u", n, name, n, q);
    CHECK(!r.unique_known || r.unique == u, "count %d with %s: U(%d) is not %u", n, name, n, u);
    CHECK(r.threads == nq_threads_for(threads), "count %d with %s: %d threads, not %d", n, name,
          r.threads, nq_threads_for(threads));
    CHECK(progress_calls >= 1 && progress_solutions == q,
          "count %d with %s: progress called %d times, last with the wrong count", n, name,
          progress_calls);
    CHECK(log_lines == 0 || log_error == 0, "count %d with %s: log said %s", n, name, log_text);
}

/* max_memory, after the inserted field: a count that cannot fit is refused,
 * told through log with its context. */
static void max_memory_is_read(void)
{
    nq_count_params p = params_1_0(12, "parallel-sym8", 2, 4096);
    nq_count_result r;
    const int err = nq_count(&p, &r);
    CHECK(err == NQ_ERR(E2BIG), "count 12 in 4096 bytes: %s, not E2BIG", nq_strerror(err));
    CHECK(log_lines == 1 && log_error != 0 && strstr(log_text, "more than"),
          "count 12 in 4096 bytes: %d log lines (%s)", log_lines, log_text);
    CHECK(atomic_load(&threads_started) == 0, "count 12 in 4096 bytes: threads started");
}

/* 1.0's three arguments: the bound without a limit, as the current call
 * gives it with max_memory 0. */
static void memory_bound_of_three_arguments(void)
{
    uint64_t (*current)(int, int, int, uint64_t) = NULL;
    void *symbol = dlvsym(RTLD_DEFAULT, "nq_count_memory", "NQ_1.1");
    if (symbol)
        memcpy(&current, &symbol, sizeof current);
    CHECK(current != NULL, "nq_count_memory@NQ_1.1 not found");
    const struct {
        int n;
        const char *engine;
        int threads;
    } cases[] = { { 10, "halves", 2 }, { 20, "halves", 8 }, { 14, "parallel-sym8", 4 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const int engine = nq_engine_find(cases[i].engine);
        const uint64_t bytes = nq_count_memory(cases[i].n, engine, cases[i].threads);
        CHECK(bytes >= 4096 && bytes < ((uint64_t)64 << 30),
              "nq_count_memory(%d, %s, %d) = %llu bytes", cases[i].n, cases[i].engine,
              cases[i].threads, (unsigned long long)bytes);
        if (current)
            CHECK(bytes == current(cases[i].n, engine, cases[i].threads, 0),
                  "nq_count_memory(%d, %s, %d) is not the bound without a limit", cases[i].n,
                  cases[i].engine, cases[i].threads);
    }
}

int main(void)
{
    every_call_is_bound_to_nq_1_0();
    defaults_fit_1_0s_struct();
    counts(10, "parallel-sym8", 2, 724, 92);
    counts(12, NULL, 2, 14200, 1787);
    counts(11, "halves", 3, 2680, 341);
    max_memory_is_read();
    memory_bound_of_three_arguments();
    if (failures)
        return 1;
    printf("libnqueens %s runs 1.0's program: %zu calls of 1.0, counts, memory bounds\n",
           nq_version(), sizeof calls_of_1_0 / sizeof calls_of_1_0[0]);
    return 0;
}
