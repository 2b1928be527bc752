#include "run_estimate.h"

#include "output.h"

#include "nqueens.h"

#include <math.h>
#include <stdio.h>

double cli_estimate_seconds(int n, int engine, int threads, const nq_run_hooks *hooks)
{
    const double rough = nq_estimate_quick(n, engine, threads > 0 ? threads : 1);
    /* The rough figure is within 1.5x of the truth or above it (halves,
     * n = 16..22): below a fifth of a long run, a sample (a plan, up to 10
     * CPU-s) could not make it one. */
    if (rough < CLI_LONG_RUN / 5 || !nq_engine_get(engine)->parallel)
        return rough;
    /* The sample only while its draws are quick by the rough figure: a
     * count of large pieces starts without waiting for two of them. A draw
     * may be the largest piece (the sample's first stratum holds it): its
     * share of the plan's weight prices it, not the average. */
    nq_plan *plan;
    if (nq_plan_create(&plan, n, engine, 0, hooks))
        return rough;
    double sum = 0, largest = 0;
    for (size_t i = 0; i < nq_plan_size(plan); i++) {
        const double w = nq_plan_weight(plan, i);
        sum += w;
        largest = w > largest ? w : largest;
    }
    const double draw = sum > 0 ? rough * threads * largest / sum : rough;
    nq_plan_destroy(plan);
    if (draw * CLI_WARNING_SAMPLES > CLI_WARNING_SECONDS * threads)
        return rough;
    nq_estimate_params p = nq_estimate_params_default(n);
    p.engine = engine;
    p.threads = threads;
    p.samples = CLI_WARNING_SAMPLES;
    p.hooks = hooks;
    nq_estimate_result r;
    return nq_estimate(&p, &r) ? rough : r.wall_seconds;
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
