/* The MPI job as one rank sees it (job.h). */
#include "job.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Set once by job_start, for rank_says. Every rank's own stderr is kept
 * when the others' stderr is silenced (one message for bad input): a rank
 * that fails says so itself. */
static int self;
static int rank_stderr = STDERR_FILENO;

static void finalize_at_exit(void)
{
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized)
        MPI_Finalize();
}

job job_start(int *argc, char ***argv)
{
    job j;
    MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &j.provided);
    atexit(finalize_at_exit);
    MPI_Comm_rank(MPI_COMM_WORLD, &j.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &j.ranks);
    self = j.rank;
    if (j.rank != 0) { /* one message for bad input, from rank 0 */
        rank_stderr = dup(STDERR_FILENO);
        (void)freopen("/dev/null", "w", stderr);
    }
    return j;
}

void rank_says(const char *fmt, ...)
{
    char line[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    dprintf(rank_stderr, "nqueens-mpi: rank %d: %s\n", self, line);
}

/* A rank without the memory for its buffers cannot take part, and the
 * others would wait for it for ever. */
void *checked(void *p)
{
    if (!p) {
        rank_says("out of memory");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return p;
}
