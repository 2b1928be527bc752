/* Stop signals of the counting programs (nqueens count, nqueens-mpi). */
#ifndef NQ_COMMON_STOP_SIGNALS_H
#define NQ_COMMON_STOP_SIGNALS_H

#include <signal.h>
#include <stdatomic.h>

/* Set by SIGINT, SIGTERM or SIGHUP (and by --stop-after, and nqueens-mpi's
 * server thread): the run stops taking work, abandons the subproblems in
 * progress and saves what is finished. A C11 atomic, lock-free (checked
 * at build time), so that a signal handler may set it and any thread read
 * it; plain reads and writes of it are atomic. */
extern atomic_int cli_stop_requested;

/* cli_stop_requested as nq_run_hooks.stop takes it: the library reads it
 * with atomic loads (an atomic_int has int's size and alignment here). */
volatile int *cli_stop_flag(void);

/* Installs the handlers. The first signal is the one reported; any later
 * one only says on stderr that the stop is under way: nothing cuts the
 * final save short. SIGQUIT keeps its default (quit at once, no save) and
 * SIGUSR1 is ignored; doc/checkpoints.md says so. */
void cli_catch_stop_signals(void);

/* For a program that may be killed soon after a stop signal (nqueens-mpi:
 * mpirun sends SIGKILL a second after its SIGTERM, and a rank slowed by a
 * loaded machine may not reach its own words by then): a line the first
 * stop signal's handler writes at once, its first "%s" replaced by the
 * signal's name ("SIGTERM"). line must stay valid (static); NULL takes the
 * line back. Returns 1 if the handler has already written the line armed
 * before (the program must then not say it again, nor do what it denies),
 * and then arms nothing; else 0. Called from one thread only. */
int cli_stop_say_at_once(const char *line);

/* The first stop signal received, or 0. */
int cli_stop_signal(void);

/* "SIGINT", "SIGTERM", "SIGHUP", or `otherwise` for 0. */
const char *cli_stop_name(int sig, const char *otherwise);

/* The exit status for a stop by sig: 128 + sig (130, 143, 129); 130 for 0. */
int cli_stop_status(int sig);

#endif
