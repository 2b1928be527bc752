#include "run_estimate.h"

#include "output.h"

#include "nqueens.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

/* The sample's stop: the user's (hooks->stop), or the clock's after
 * CLI_WARNING_STOP, raised by a watcher thread that looks every tick. */
typedef struct sample_watch {
    volatile int *user;
    volatile int stop;
    int done;
} sample_watch;

static void *watch_sample(void *arg)
{
    sample_watch *w = arg;
    enum { TICK_MS = 20 };
    const struct timespec tick = { 0, TICK_MS * 1000 * 1000 };
    /* Sleeps of at least a tick: the stop comes at CLI_WARNING_STOP or a
     * little after, which is all a cap needs. */
    for (long ticks = 0; !__atomic_load_n(&w->done, __ATOMIC_ACQUIRE); ticks++) {
        if ((w->user && __atomic_load_n(w->user, __ATOMIC_RELAXED)) ||
            ticks * TICK_MS >= CLI_WARNING_STOP * 1000)
            __atomic_store_n(&w->stop, 1, __ATOMIC_RELAXED);
        nanosleep(&tick, NULL);
    }
    return NULL;
}

double cli_estimate_seconds(int n, int engine, int threads, uint64_t max_memory,
                            const nq_run_hooks *hooks)
{
    const double rough = nq_estimate_quick(n, engine, threads > 0 ? threads : 1);
    /* The rough figure is within 1.5x of the truth or above it (halves,
     * n = 16..22): below a fifth of a long run, a sample could not make it
     * one. */
    if (rough < CLI_LONG_RUN / 5 || !nq_engine_get(engine)->parallel)
        return rough;
    /* A sample of 1% of the run, at most CLI_WARNING_SECONDS: within 1.4x
     * of the full estimate to n = 26 here (slices from n = 24), where the
     * rough figure was off by up to 5.4x (doc/estimate.md, "Limits"). Its
     * first two draws may overrun (n = 28: 8 to 14 s; n = 30: 30 to 60 s):
     * stopped at CLI_WARNING_STOP, the rough figure stays. */
    sample_watch w = { .user = hooks ? hooks->stop : NULL };
    pthread_t watcher;
    if (pthread_create(&watcher, NULL, watch_sample, &w))
        return rough;
    const nq_run_hooks stop = { .stop = &w.stop };
    nq_estimate_params p = nq_estimate_params_default(n);
    p.engine = engine;
    p.threads = threads;
    p.seconds = fmin(CLI_WARNING_SECONDS, 0.01 * rough);
    p.max_memory = max_memory;
    p.hooks = &stop;
    nq_estimate_result r;
    const int err = nq_estimate(&p, &r);
    __atomic_store_n(&w.done, 1, __ATOMIC_RELEASE);
    pthread_join(watcher, NULL);
    return err ? rough : r.wall_seconds;
}

void cli_duration(char *buf, size_t size, double seconds)
{
    static const struct {
        double seconds;
        const char *name;
    } units[] = { { 365.25 * 86400, "years" }, { 86400, "days" }, { 3600, "hours" },
                  { 60, "minutes" }, { 0, "s" } };
    if (!isfinite(seconds)) {
        snprintf(buf, size, "unknown");
        return;
    }
    size_t u = 0;
    while (seconds < units[u].seconds)
        u++;
    const double value = units[u].seconds ? seconds / units[u].seconds : seconds;
    snprintf(buf, size, "%.*f %s", value < 1 ? 3 : value < 10 ? 1 : 0, value, units[u].name);
}

void cli_announce_long_run(const char *what, double seconds, const char *advice)
{
    if (seconds < CLI_LONG_RUN)
        return;
    char duration[48];
    cli_duration(duration, sizeof duration, seconds);
    fprintf(stderr, "%s: %s may take about %s (see 'nqueens estimate')%s%s\n",
            cli_program(), what, duration, advice ? "; " : "", advice ? advice : "");
}
