/* nqueens-mpi: the count spread over MPI ranks, each counting with the
 * OpenMP driver. A user program of libnqueens (nqueens.h only) and of MPI.
 *
 * Rank 0 keeps the plan's queue and hands out batches of subproblems on
 * request, from a server thread; its main thread counts batches too. A
 * request carries the results of the requester's previous batch. Batches
 * are a share of what is left (guided self-scheduling), so they shrink near
 * the end and no rank waits long for the last one. Rank 0 has every
 * subproblem's counts: it sums them exactly and keeps the checkpoint, in the
 * format of `nqueens count --checkpoint`, so a job can resume with another
 * number of ranks. */
#include "args.h"
#include "count_options.h"
#include "count_report.h"
#include "run_estimate.h"
#include "stop_signals.h"

#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { TAG_RESULTS = 1, TAG_BATCH = 2 };
enum { RECORD = 4 }; /* index, total low, total high, unique: uint64 each */

static int rank, ranks;

static void finalize_at_exit(void)
{
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized)
        MPI_Finalize();
}

/* p, or the job ends: a rank without the memory for its buffers cannot take
 * part, and the others would wait for it for ever. */
static void *checked(void *p)
{
    if (!p) {
        fprintf(stderr, "nqueens-mpi: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    return p;
}

static void usage(void)
{
    printf("usage: mpirun -np R nqueens-mpi count N [-t|--threads T] [--engine NAME]\n"
           "           [--depth D] [--max-memory SIZE]\n"
           "           [--checkpoint FILE [--checkpoint-every SECONDS]] [--json]\n"
           "       nqueens-mpi --help | --version\n\n"
           "Counts Q(N) and U(N) over R MPI ranks, each with T OpenMP threads. Rank 0\n"
           "hands out batches of subproblems and counts some itself; it alone writes\n"
           "the output and the checkpoint (the format of 'nqueens count'), so a job\n"
           "resumes from it with any number of ranks.\n\n");
    print_count_options_help(0);
}

static void usage_rank0(void)
{
    if (rank == 0)
        usage();
}

static count_options parse(int argc, char **argv)
{
    if (argc < 2)
        cli_usage_error("missing command: nqueens-mpi count N (see 'nqueens-mpi --help')");
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        if (argc > 2)
            cli_reject("help", argv[2]);
        usage_rank0();
        cli_finish_stdout();
        exit(0);
    }
    if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")) {
        if (argc > 2)
            cli_usage_error("unexpected argument '%s' after --version", argv[2]);
        if (rank == 0)
            printf("nqueens-mpi %s\n", nq_version());
        cli_finish_stdout();
        exit(0);
    }
    if (strcmp(argv[1], "count"))
        cli_usage_error("unknown command '%s' (nqueens-mpi has: count)", argv[1]);
    count_options o;
    parse_count_options(argc - 1, argv + 1, 0, usage_rank0, &o);
    if (!nq_engine_get(o.engine)->parallel)
        cli_usage_error("nqueens-mpi runs the parallel engines only, not '%s'",
                        nq_engine_get(o.engine)->name);
    return o;
}

/* Rank 0's shared state; `lock` guards the queue and the checkpoint file. */
typedef struct server {
    const count_options *o;
    const nq_plan *plan;
    unsigned char *done;
    nq_sub_result *results;
    size_t *queue, queued, next;
    size_t handed;
    int stopped;
    int remote_signal; /* a stop signal another rank reported, or 0 */
    nq_checkpoint *checkpoint;
    int save_error; /* of the last write: 0 or a negative errno */
    double next_save;
    pthread_mutex_t lock;
} server;

/* The next batch: a quarter of what is left over the ranks, between one and
 * eight subproblems per thread (small enough that checkpoints and a stop
 * come often), or nothing once stopped or empty. */
static size_t take(server *s, size_t *batch)
{
    pthread_mutex_lock(&s->lock);
    if (cli_stop_requested || s->remote_signal || (s->o->stop_after && s->handed >= s->o->stop_after))
        s->stopped = s->next < s->queued;
    size_t k = 0;
    if (!s->stopped) {
        const size_t left = s->queued - s->next;
        const size_t threads = (size_t)s->o->threads;
        k = left / (4 * (size_t)ranks);
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
static void save(server *s, int force)
{
    if (!s->checkpoint)
        return;
    pthread_mutex_lock(&s->lock);
    if (force || MPI_Wtime() >= s->next_save) {
        char message[700] = "";
        const int err =
            force ? nq_checkpoint_save(s->checkpoint, s->done, s->results, message, sizeof message)
                  : nq_checkpoint_save_periodic(s->checkpoint, s->done, s->results,
                                                s->o->checkpoint_every, message, sizeof message);
        if (*message)
            fprintf(stderr, "nqueens-mpi: %s\n", message);
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
    int active = ranks - 1;
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
        /* A word after the records: that rank was stopped by a signal. */
        if (count % RECORD == 1) {
            pthread_mutex_lock(&s->lock);
            s->remote_signal = msg[count - 1] ? (int)msg[count - 1] : SIGTERM;
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

/* The worker, a rank other than 0: ask, count, report, until given
 * nothing. Returns the seconds spent counting. */
static double work(const count_options *o, const nq_plan *plan)
{
    const size_t size = nq_plan_size(plan);
    uint64_t *msg = checked(malloc((size * RECORD + 1) * sizeof *msg));
    size_t *batch = checked(malloc((size + 1) * sizeof *batch));
    unsigned char *done = checked(calloc(size + 1, 1));
    nq_sub_result *results = checked(calloc(size + 1, sizeof *results));
    double busy = 0;
    int reply = 0;
    const nq_run_hooks hooks = { .stop = (volatile int *)&cli_stop_requested };
    for (;;) {
        MPI_Send(msg, reply, MPI_UINT64_T, 0, TAG_RESULTS, MPI_COMM_WORLD);
        MPI_Status st;
        int count;
        MPI_Recv(msg, (int)size, MPI_UINT64_T, 0, TAG_BATCH, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_UINT64_T, &count);
        if (count == 0)
            break;
        for (int j = 0; j < count; j++)
            batch[j] = (size_t)msg[j];
        const double t0 = MPI_Wtime();
        const int err = nq_plan_run_list(plan, o->threads, batch, (size_t)count, done, results,
                                         &hooks, NULL);
        if (err && err != NQ_ERR(EINTR))
            MPI_Abort(MPI_COMM_WORLD, 1);
        busy += MPI_Wtime() - t0;
        /* Only what was finished: a stop abandons the rest. */
        reply = 0;
        for (int j = 0; j < count; j++) {
            if (!done[batch[j]])
                continue;
            const nq_sub_result *r = &results[batch[j]];
            msg[reply++] = batch[j];
            msg[reply++] = (uint64_t)r->total;
            msg[reply++] = (uint64_t)(r->total >> 64);
            msg[reply++] = r->unique;
        }
        if (cli_stop_requested)
            msg[reply++] = (uint64_t)cli_stop_signal();
    }
    free(msg);
    free(batch);
    free(done);
    free(results);
    return busy;
}

/* The plan, built by every rank from the same arguments; they must agree.
 * A stop signal while planning (seconds at a large n) reaches every rank:
 * NULL then on all of them, with the first rank's signal in *stop_signal. */
static nq_plan *plan_everywhere(const count_options *o, int *stop_signal)
{
    nq_plan *plan;
    const nq_run_hooks hooks = { .stop = (volatile int *)&cli_stop_requested };
    int err = nq_plan_create(&plan, o->n, o->engine, o->depth, &hooks);
    int sig = err == NQ_ERR(EINTR) ? cli_stop_signal() : 0;
    MPI_Allreduce(MPI_IN_PLACE, &sig, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (sig) {
        nq_plan_destroy(plan);
        *stop_signal = sig;
        return NULL;
    }
    if (err)
        count_failed(o, err);
    uint64_t fingerprint = nq_plan_fingerprint(plan), root_fingerprint = fingerprint;
    MPI_Bcast(&root_fingerprint, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (root_fingerprint != fingerprint)
        MPI_Abort(MPI_COMM_WORLD, 1);
    return plan;
}

/* Rank 0 before the run: the results, the checkpoint (held until the end)
 * and the queue of what it lacks. 0, or 1 with the reason in message if the
 * checkpoint is refused or cannot be written: then no rank does any work. */
static int coordinator_open(server *s, size_t *resumed, char *message, size_t message_size)
{
    const count_options *o = s->o;
    const size_t size = nq_plan_size(s->plan);
    s->done = checked(calloc(size + 1, 1));
    s->results = checked(calloc(size + 1, sizeof *s->results));
    s->queue = checked(malloc((size + 1) * sizeof *s->queue));
    int status = 0;
    if (o->checkpoint && nq_checkpoint_open(&s->checkpoint, o->checkpoint, s->plan, s->done,
                                            s->results, message, message_size))
        status = 1;
    for (size_t k = 0; k < size; k++) {
        const size_t i = nq_plan_order(s->plan, k);
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
static double coordinate(server *s)
{
    const size_t size = nq_plan_size(s->plan);
    pthread_t server_thread;
    if (ranks > 1 && pthread_create(&server_thread, NULL, serve, s))
        MPI_Abort(MPI_COMM_WORLD, 1);
    size_t *batch = checked(malloc((size + 1) * sizeof *batch));
    size_t k;
    double busy = 0;
    const nq_run_hooks hooks = { .stop = (volatile int *)&cli_stop_requested };
    while ((k = take(s, batch)) > 0) {
        const double t0 = MPI_Wtime();
        const int run = nq_plan_run_list(s->plan, s->o->threads, batch, k, s->done, s->results,
                                         &hooks, NULL);
        if (run && run != NQ_ERR(EINTR))
            MPI_Abort(MPI_COMM_WORLD, 1);
        busy += MPI_Wtime() - t0;
        save(s, 0);
    }
    free(batch);
    if (ranks > 1)
        pthread_join(server_thread, NULL);
    save(s, 1);
    /* A stop may have left handed-out subproblems undone. */
    for (size_t i = 0; i < size && !s->stopped; i++)
        s->stopped = !s->done[i];
    return busy;
}

/* Rank 0 after the run: the counts on stdout, or how the run stopped on
 * stderr. Returns the exit status. */
static int report(const server *s, size_t resumed, const double *busy_all, double start)
{
    const count_options *o = s->o;
    const nq_plan *plan = s->plan;
    if (s->stopped) {
        const int sig = cli_stop_signal() ? cli_stop_signal() : s->remote_signal;
        return cli_report_stop(sig, "mpirun nqueens-mpi count", o->n, o->engine,
                               nq_plan_depth(plan), o->checkpoint, s->save_error ? "" : NULL);
    }
    nq_sub_result sum;
    nq_plan_sum(plan, s->done, s->results, &sum);
    if (nq_plan_finish(plan, &sum))
        cli_fail("count %d: the counts failed their consistency check", o->n);
    const nq_engine_info *engine = nq_engine_get(o->engine);
    const size_t size = nq_plan_size(plan);
    const count_summary summary = {
        .n = o->n, .total = sum.total, .unique = sum.unique,
        .unique_known = engine->gives_unique, .engine = engine->name, .threads = o->threads,
        .depth = nq_plan_depth(plan), .subproblems = size, .resumed_subproblems = resumed,
        .seconds = MPI_Wtime() - start
    };
    if (o->json) {
        cli_print_count_json_open(stdout, &summary);
        printf(",\"ranks\":%d,\"rank_busy_seconds\":[", ranks);
        for (int r = 0; r < ranks; r++)
            printf("%s%.6f", r ? "," : "", busy_all[r]);
        printf("]}\n");
    } else {
        char extra[32];
        snprintf(extra, sizeof extra, "ranks=%d ", ranks);
        cli_print_count_line(stdout, &summary, extra);
    }
    cli_finish_stdout();
    /* The counts are out; a failed last save still fails the job. */
    if (s->save_error) {
        fprintf(stderr, "nqueens-mpi: the checkpoint could not be written (the counts on stdout "
                        "are complete)\n");
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int provided;
    cli_set_program("nqueens-mpi");
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    atexit(finalize_at_exit);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (rank != 0) /* one message for bad input, from rank 0 */
        (void)freopen("/dev/null", "w", stderr);
    const count_options o = parse(argc, argv);
    if (rank != 0)
        (void)freopen("/dev/null", "w", stdout);
    if (provided < MPI_THREAD_SERIALIZED && ranks > 1)
        cli_fail("this MPI library gives no thread support (level %d); rank 0 needs "
                 "MPI_THREAD_SERIALIZED",
                 provided);

    cli_catch_stop_signals();

    const double start = MPI_Wtime();
    int stop_signal = 0;
    nq_plan *plan = plan_everywhere(&o, &stop_signal);
    if (!plan) /* stopped before any work: nothing to save */
        return rank == 0 ? cli_report_stop(stop_signal, "mpirun nqueens-mpi count", o.n,
                                           o.engine, o.depth, o.checkpoint, NULL)
                         : cli_stop_status(stop_signal);
    if (rank == 0 && !o.checkpoint) {
        const int threads = nq_threads_for(o.threads);
        char what[96];
        snprintf(what, sizeof what, "count %d on %d rank%s of %d thread%s", o.n, ranks,
                 ranks > 1 ? "s" : "", threads, threads > 1 ? "s" : "");
        cli_announce_long_run(what, cli_estimate_seconds(o.n, o.engine, threads * ranks, NULL),
                              "--checkpoint FILE keeps the work if it is stopped");
    }
    server s = { .o = &o, .plan = plan, .lock = PTHREAD_MUTEX_INITIALIZER };
    size_t resumed = 0;
    char message[512] = "";
    int status = rank == 0 ? coordinator_open(&s, &resumed, message, sizeof message) : 0;
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (status) {
        if (rank == 0)
            fprintf(stderr, "nqueens-mpi: %s\n", message);
        nq_checkpoint_close(s.checkpoint);
        free(s.done);
        free(s.results);
        free(s.queue);
        nq_plan_destroy(plan);
        return status;
    }

    const double busy = rank == 0 ? coordinate(&s) : work(&o, plan);
    double *busy_all = rank == 0 ? checked(calloc((size_t)ranks, sizeof *busy_all)) : NULL;
    MPI_Gather(&busy, 1, MPI_DOUBLE, busy_all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0)
        status = report(&s, resumed, busy_all, start);
    nq_checkpoint_close(s.checkpoint);
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(busy_all);
    free(s.done);
    free(s.results);
    free(s.queue);
    nq_plan_destroy(plan);
    return status;
}
