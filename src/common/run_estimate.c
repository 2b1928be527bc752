#include "run_estimate.h"

#include "args.h"
#include "known_values.h"

#include "nqueens.h"

#include <stdio.h>

/* The engine's time for Q(16) (from the engine table), scaled by Q(n)/Q(16). */
double cli_estimate_seconds(int n, int engine, int threads)
{
    if (!nq_engine_get(engine)->parallel)
        threads = 1;
    double seconds = nq_engine_get(engine)->seconds_16;
    unsigned long long q16, u, q;
    known_values(16, &q16, &u);
    if (n <= KNOWN_MAX_N) {
        known_values(n, &q, &u);
        seconds *= (double)q / (double)q16;
    } else {
        known_values(KNOWN_MAX_N, &q, &u);
        seconds *= (double)q / (double)q16;
        for (int k = KNOWN_MAX_N; k < n; k++)
            seconds *= 10;
    }
    return seconds / (threads > 0 ? threads : 1);
}

void cli_announce_long_run(const char *what, double seconds, const char *advice)
{
    if (seconds < CLI_LONG_RUN)
        return;
    static const struct {
        double seconds;
        const char *name;
    } units[] = { { 365.25 * 86400, "years" }, { 86400, "days" }, { 3600, "hours" },
                  { 60, "minutes" } };
    size_t u = 0;
    while (seconds < units[u].seconds)
        u++;
    const double value = seconds / units[u].seconds;
    fprintf(stderr, "%s: %s may take about %.*f %s (estimated from this program's speed "
                    "on a 2.1 GHz Zen 5 core)%s%s\n",
            cli_program(), what, value < 10 ? 1 : 0, value, units[u].name, advice ? "; " : "",
            advice ? advice : "");
}
