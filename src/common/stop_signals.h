/* Stop signals of the counting programs (nqueens count, nqueens-mpi). */
#ifndef NQ_COMMON_STOP_SIGNALS_H
#define NQ_COMMON_STOP_SIGNALS_H

#include <signal.h>

/* Set by SIGINT, SIGTERM or SIGHUP: the run stops taking work, abandons
 * the subproblems in progress and saves what is finished. */
extern volatile sig_atomic_t cli_stop_requested;

/* Installs the handlers. The first signal is the one reported; any later
 * one only says on stderr that the stop is under way: nothing cuts the
 * final save short. SIGQUIT keeps its default (quit at once, no save) and
 * SIGUSR1 is ignored; README says so. */
void cli_catch_stop_signals(void);

/* The first stop signal received, or 0. */
int cli_stop_signal(void);

/* "SIGINT", "SIGTERM", "SIGHUP", or `otherwise` for 0. */
const char *cli_stop_name(int sig, const char *otherwise);

/* The exit status for a stop by sig: 128 + sig (130, 143, 129); 130 for 0. */
int cli_stop_status(int sig);

#endif
