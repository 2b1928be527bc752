/* The MPI job as one rank sees it (job.c): its start, its own messages and
 * what ends the whole job. */
#ifndef NQ_MPI_JOB_H
#define NQ_MPI_JOB_H

/* This rank's place in the job and the thread support MPI gave. */
typedef struct job {
    int rank, ranks, provided;
} job;

/* MPI started (and finalized at exit); every rank but 0 keeps its stderr
 * for rank_says alone and silences the shared one, so that bad input gets
 * one message, from rank 0. */
job job_start(int *argc, char ***argv);
/* One line "nqueens-mpi: rank R: ..." on this rank's own stderr. */
void rank_says(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* p, or the job ends (MPI_Abort) with a line saying why. */
void *checked(void *p);

#endif
