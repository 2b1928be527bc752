/* How long a count may take, said on stderr before a long one starts. */
#ifndef NQ_COMMON_RUN_ESTIMATE_H
#define NQ_COMMON_RUN_ESTIMATE_H

/* Runs estimated at this many seconds or more are announced. */
#define CLI_LONG_RUN 600.0

/* A rough wall-clock estimate for `count n` with engine on `threads`
 * threads: the development machine's one-thread time for the engine at
 * n = 16, scaled by Q(n)/Q(16) (past the published values, by 10 per n). */
double cli_estimate_seconds(int n, int engine, int threads);

/* "PROGRAM: WHAT may take about 3.2 hours here ...; ADVICE" on stderr if
 * seconds >= CLI_LONG_RUN (ADVICE may be NULL). */
void cli_announce_long_run(const char *what, double seconds, const char *advice);

#endif
