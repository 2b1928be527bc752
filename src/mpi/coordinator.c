/* nqueens-mpi's rank 0: the queue of subproblems, handed out in batches
 * from a server thread while its main thread counts batches too, and the
 * checkpoint (see main.c). */
#include "coordinator.h"

#include "job.h"
#include "merge.h"
#include "stop_signals.h"

#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The next batch: a quarter of what is left over the ranks, between one and
 * eight subproblems per thread (small enough that checkpoints and a stop
 * come often), or nothing once stopped or empty. */
static size_t take(server *s, size_t *batch)
{
    pthread_mutex_lock(&s->lock);
    if (cli_stop_requested || s->remote_signal || s->error ||
        (s->o->stop_after && s->handed >= s->o->stop_after))
        s->stopped = s->next < s->queued;
    size_t k = 0;
    if (!s->stopped) {
        const size_t left = s->queued - s->next;
        const size_t threads = (size_t)s->o->threads;
        k = left / (4 * (size_t)s->ranks);
        k = k < threads ? threads : k > 8 * threads ? 8 * threads : k;
        if (k > left)
            k = left;
        if (s->o->stop_after && k > s->o->stop_after - s->handed)
            k = s->o->stop_after - s->handed;
        memcpy(batch, s->queue + s->next, k * sizeof *batch);
        s->next += k;
        s->handed += k;
    }
    pthread_mutex_unlock(&s->lock);
    return k;
}

/* Writes the checkpoint when it is due (or `force`). A failure is told at
 * once and the run goes on; the next write tries again. */
/* The checkpoint's lines (a reason, or a periodic write's notice), as
 * nqueens-mpi says everything: one line on stderr. */
static void say(void *ctx, int error, const char *line)
{
    (void)ctx, (void)error;
    fprintf(stderr, "nqueens-mpi: %s\n", line);
}

static void save(server *s, int force)
{
    if (!s->checkpoint)
        return;
    pthread_mutex_lock(&s->lock);
    /* Never a complete file but the last, checked write (main). */
    size_t done = 0;
    for (size_t i = 0; !force && i < nq_plan_size(s->plan); i++)
        done += __atomic_load_n(&s->done[i], __ATOMIC_ACQUIRE) != 0;
    if (force || (MPI_Wtime() >= s->next_save && done < nq_plan_size(s->plan))) {
        const int err = force ? nq_checkpoint_write(s->checkpoint, s->done, s->results)
                              : nq_checkpoint_write_periodic(s->checkpoint, s->done, s->results,
                                                             s->o->checkpoint_every);
        s->save_error = err;
        s->next_save = MPI_Wtime() + s->o->checkpoint_every;
    }
    pthread_mutex_unlock(&s->lock);
}

/* Answers the other ranks' requests until each has had an empty batch. Polls
 * with a short sleep: a blocking MPI receive would spin a core that rank 0's
 * own counting needs. */
static void *serve(void *arg)
{
    server *s = arg;
    const size_t cap = s->plan ? nq_plan_size(s->plan) : 0;
    uint64_t *msg = checked(malloc((cap * RECORD + 1) * sizeof *msg));
    size_t *batch = checked(malloc((cap + 1) * sizeof *batch));
    int active = s->ranks - 1;
    const struct timespec nap = { 0, 200 * 1000 };
    while (active > 0) {
        int ready = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULTS, MPI_COMM_WORLD, &ready, &st);
        if (!ready) {
            nanosleep(&nap, NULL);
            continue;
        }
        int count;
        MPI_Get_count(&st, MPI_UINT64_T, &count);
        MPI_Recv(msg, count, MPI_UINT64_T, st.MPI_SOURCE, TAG_RESULTS, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        /* A word after the records: that rank was stopped by a signal, or
         * failed. */
        if (count % RECORD == 1) {
            const uint64_t word = msg[count - 1];
            pthread_mutex_lock(&s->lock);
            if (word >= FAILED && !s->error) {
                s->error = -(int)(word - FAILED);
                s->error_rank = st.MPI_SOURCE;
            } else if (word < FAILED) {
                s->remote_signal = word ? (int)word : SIGTERM;
            }
            pthread_mutex_unlock(&s->lock);
            cli_stop_requested = 1; /* rank 0's own batch stops too */
        }
        for (int r = 0; r + RECORD <= count; r += RECORD) {
            const size_t i = (size_t)msg[r];
            s->results[i].total = (nq_u128)msg[r + 1] | (nq_u128)msg[r + 2] << 64;
            s->results[i].unique = msg[r + 3];
            __atomic_store_n(&s->done[i], 1, __ATOMIC_RELEASE);
        }
        const size_t k = take(s, batch);
        for (size_t j = 0; j < k; j++)
            msg[j] = batch[j];
        MPI_Send(msg, (int)k, MPI_UINT64_T, st.MPI_SOURCE, TAG_BATCH, MPI_COMM_WORLD);
        active -= k == 0;
        save(s, 0);
    }
    free(msg);
    free(batch);
    return NULL;
}

/* Rank 0 before the run: the results, the checkpoint (held until the end)
 * and the queue of what it lacks. 0, or 1 if the checkpoint is refused or
 * cannot be written (say tells why): then no rank does any work. */
int coordinator_open(server *s, size_t *resumed)
{
    const count_options *o = s->o;
    const size_t size = nq_plan_size(s->plan);
    s->done = checked(calloc(size + 1, 1));
    s->results = checked(calloc(size + 1, sizeof *s->results));
    s->queue = checked(malloc((size + 1) * sizeof *s->queue));
    if (o->parts)
        s->mine = checked(cli_part_mask(s->plan, o->part, o->parts));
    int status = 0;
    const nq_checkpoint_params file = { .path = o->checkpoint, .part = o->part,
                                        .parts = o->parts, .log = say };
    if (o->checkpoint &&
        nq_checkpoint_open_with(&s->checkpoint, &file, s->plan, s->done, s->results))
        status = 1;
    for (size_t k = 0; k < size; k++) {
        const size_t i = nq_plan_order(s->plan, k);
        if (s->mine && !s->mine[i])
            continue;
        if (s->done[i])
            ++*resumed;
        else
            s->queue[s->queued++] = i;
    }
    s->next_save = MPI_Wtime() + o->checkpoint_every;
    return status;
}

/* The coordinator, rank 0: serves the other ranks from a thread and counts
 * batches of its own meanwhile; then the last checkpoint. Returns the
 * seconds spent counting. */
double coordinate(server *s)
{
    const size_t size = nq_plan_size(s->plan);
    pthread_t server_thread;
    if (s->ranks > 1 && pthread_create(&server_thread, NULL, serve, s))
        MPI_Abort(MPI_COMM_WORLD, 1);
    size_t *batch = checked(malloc((size + 1) * sizeof *batch));
    size_t k;
    double busy = 0;
    const nq_run_hooks hooks = { .stop = cli_stop_flag() };
    while ((k = take(s, batch)) > 0) {
        const double t0 = MPI_Wtime();
        const int run = nq_plan_run_list(s->plan, s->o->threads, batch, k, s->done, s->results,
                                         &hooks, NULL);
        if (run && run != NQ_ERR(EINTR)) {
            rank_says("count %d failed: %s", s->o->n, nq_strerror(run));
            pthread_mutex_lock(&s->lock);
            if (!s->error) {
                s->error = run;
                s->error_rank = 0;
            }
            pthread_mutex_unlock(&s->lock);
        }
        busy += MPI_Wtime() - t0;
        save(s, 0);
    }
    free(batch);
    if (s->ranks > 1)
        pthread_join(server_thread, NULL);
    /* A stop may have left handed-out subproblems undone. */
    for (size_t i = 0; i < size && !s->stopped; i++)
        s->stopped = !s->done[i] && (!s->mine || s->mine[i]);
    /* The checks before the last write: counts that fail them are never
     * written as a complete checkpoint. Then the last write, before any
     * collective call: a job being torn down may not get past one. */
    if (!s->stopped && !s->error && s->mine) {
        /* A part's sums stay raw: only every part's sum makes Q(n). */
        for (size_t i = 0; i < size; i++)
            if (s->mine[i]) {
                s->sum.total += s->results[i].total;
                s->sum.unique += s->results[i].unique;
            }
    } else if (!s->stopped && !s->error) {
        nq_plan_sum(s->plan, s->done, s->results, &s->sum);
        s->finish_error = nq_plan_finish(s->plan, &s->sum);
    }
    if (!s->finish_error)
        save(s, 1);
    return busy;
}

