#include "stop_signals.h"

#include "output.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* A handler may touch only lock-free atomics (C11 7.14.1.1) and
 * volatile sig_atomic_t; these are read by other threads too. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "stop flags need lock-free atomic int");
_Static_assert(sizeof(atomic_int) == sizeof(int) && _Alignof(atomic_int) == _Alignof(int),
               "the stop flag is passed to the library as an int");
atomic_int cli_stop_requested;
static atomic_int first_signal;
/* Written before the handlers are set: the handler may only write(2) it. */
static char wait_message[128];
static size_t wait_length;

static void on_stop_signal(int sig)
{
    if (!first_signal) {
        first_signal = sig;
    } else {
        /* write(2) is async-signal-safe; stdio is not. */
        if (write(STDERR_FILENO, wait_message, wait_length) < 0) {
            /* nothing more can be done from a handler */
        }
    }
    cli_stop_requested = 1;
}

void cli_catch_stop_signals(void)
{
    const int length = snprintf(wait_message, sizeof wait_message,
                                "%s: already stopping (and saving, with --checkpoint), please wait\n",
                                cli_program());
    wait_length = length > 0 && (size_t)length < sizeof wait_message ? (size_t)length : 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    /* Interrupted calls resume; each handler runs with the others held, so
     * "first" is decided once. */
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGHUP);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGUSR1, SIG_IGN);
}

volatile int *cli_stop_flag(void)
{
    return (volatile int *)&cli_stop_requested;
}

int cli_stop_signal(void)
{
    return first_signal;
}

const char *cli_stop_name(int sig, const char *otherwise)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP"
                                                                                 : otherwise;
}

int cli_stop_status(int sig)
{
    return sig ? 128 + sig : 130; /* --stop-after stops as SIGINT would */
}
