/* nqueens-mpi's rank 0 (coordinator.c): its queue, server thread and
 * checkpoint; main.c has the program, the workers and the report. */
#ifndef NQ_MPI_COORDINATOR_H
#define NQ_MPI_COORDINATOR_H

#include "count_options.h"

#include <pthread.h>
#include <stddef.h>

enum { TAG_RESULTS = 1, TAG_BATCH = 2, TAG_VERDICT = 3 };
enum { RECORD = 4 }; /* index, total low, total high, unique: uint64 each */
/* The word after a request's records: a stop signal's number, or this plus
 * an errno for a rank that failed (it stops taking work). */
enum { FAILED = 1000 };

/* Rank 0's shared state; `lock` guards the queue and the checkpoint file. */
typedef struct server {
    const count_options *o;
    int ranks; /* in the job */
    const nq_plan *plan;
    unsigned char *done;
    nq_sub_result *results;
    unsigned char *mine; /* --part: the part's subproblems; NULL: all */
    size_t *queue, queued, next;
    size_t handed;
    int stopped;
    int remote_signal; /* a stop signal another rank reported, or 0 */
    int error, error_rank; /* the first rank's failure (a negative errno), or 0 */
    nq_checkpoint *checkpoint;
    int save_error; /* of the last write: 0 or a negative errno */
    double next_save;
    nq_sub_result sum; /* the counts, once complete (a part's: its raw sums) */
    int finish_error;  /* nq_plan_finish's: NQ_ERR(EPROTO) if they fail its checks */
    pthread_mutex_t lock;
} server;

/* Rank 0 before the run: the results, the checkpoint (held until the end)
 * and the queue of what it lacks. 0, or 1 if the checkpoint is refused or
 * cannot be written (the reason is on stderr): then no rank does any work. */
int coordinator_open(server *s, size_t *resumed);
/* Rank 0's run: serves the other ranks from a thread and counts batches of
 * its own meanwhile; then the checks of the counts and the last checkpoint
 * write. Returns the seconds spent counting. */
double coordinate(server *s);

#endif
