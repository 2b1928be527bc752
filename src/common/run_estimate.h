/* How long a count may take, said on stderr before a long one starts. */
#ifndef NQ_COMMON_RUN_ESTIMATE_H
#define NQ_COMMON_RUN_ESTIMATE_H

/* Runs estimated at this many seconds or more are announced. */
#define CLI_LONG_RUN 600.0

#include "nqueens.h"

#include <stddef.h>
#include <stdint.h>

/* The long-run warning's sample: 1% of the run by the rough figure, at
 * most this many wall seconds ... */
#define CLI_WARNING_SECONDS 5.0
/* ... and stopped at this many, where its first draws are slow. */
#define CLI_WARNING_STOP 15.0

/* A wall-clock estimate for `count n` with engine on `threads` threads and
 * the count's max_memory (0: none). The rough figure first: the engine's
 * own quick guess (nq_estimate_quick). If it says the count is not short, a
 * plan engine's figure comes from nq_estimate's sample (see above); if that
 * fails, is too slow or hooks->stop ends it, the rough one stays. */
double cli_estimate_seconds(int n, int engine, int threads, uint64_t max_memory,
                            const nq_run_hooks *hooks);

/* "42.0 s", "3.2 minutes", "12 hours", "1.5 years"; "unknown" if not finite. */
void cli_duration(char *buf, size_t size, double seconds);

/* "PROGRAM: WHAT may take about 3.2 hours here ...; ADVICE" on stderr if
 * seconds >= CLI_LONG_RUN (ADVICE may be NULL). */
void cli_announce_long_run(const char *what, double seconds, const char *advice);

#endif
