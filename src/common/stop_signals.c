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
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "the line said at once needs lock-free pointers");
atomic_int cli_stop_requested;
static atomic_int first_signal;
/* cli_stop_say_at_once's line: taken by the handler or by the program,
 * whichever exchanges it first. */
static _Atomic(const char *) line_at_once;
static int line_armed; /* the program's own record: a line is out there */
/* Written before the handlers are set: the handler may only write(2) it. */
static char wait_message[128];
static size_t wait_length;

/* line with its first "%s" replaced by the signal's name, by write(2),
 * which a handler may call (stdio it may not). */
static void say_at_once(const char *line, int sig)
{
    char out[1024];
    const char *name = cli_stop_name(sig, "a signal");
    size_t k = 0;
    int named = 0;
    for (const char *c = line; *c && k < sizeof out - 32; c++) {
        if (!named && c[0] == '%' && c[1] == 's') {
            for (const char *d = name; *d; d++)
                out[k++] = *d;
            named = 1, c++;
        } else {
            out[k++] = *c;
        }
    }
    out[k++] = '\n';
    if (write(STDERR_FILENO, out, k) < 0) {
        /* nothing more can be done from a handler */
    }
}

static void on_stop_signal(int sig)
{
    if (!first_signal) {
        first_signal = sig;
        const char *line = atomic_exchange(&line_at_once, NULL);
        if (line)
            say_at_once(line, sig);
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

int cli_stop_say_at_once(const char *line)
{
    const int said = atomic_exchange(&line_at_once, line) == NULL && line_armed;
    if (said)
        atomic_store(&line_at_once, NULL);
    line_armed = line && !said;
    return said;
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
