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
 * number of ranks. With --part K/M it counts that part only (merge.h). */
#include "coordinator.h"
#include "count_options.h"
#include "count_report.h"
#include "job.h"
#include "option_parser.h"
#include "output.h"
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

static void usage(void)
{
    printf("usage: mpirun -np R nqueens-mpi count N [-t|--threads T] [--engine NAME]\n"
           "           [--depth D] [--max-memory SIZE]\n"
           "           [--part K/M] [--checkpoint FILE [--checkpoint-every SECONDS]]\n"
           "           [--json]\n"
           "       nqueens-mpi --help | --version\n\n"
           "Counts Q(N) and U(N) over R MPI ranks, each with T OpenMP threads. Rank 0\n"
           "hands out batches of subproblems and counts some itself; it alone writes\n"
           "the output and the checkpoint (the format of 'nqueens count'), so a job\n"
           "resumes from it with any number of ranks.\n\n");
    print_count_options_help(0);
}

static void usage_rank0(void)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        usage();
}

static count_options parse(int argc, char **argv, int rank)
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

/* The worker, a rank other than 0: ask, count, report, until given
 * nothing. Returns the seconds spent counting. */
static double work(const count_options *o, const nq_plan *plan)
{
    const size_t size = nq_plan_size(plan);
    uint64_t *msg = malloc((size * RECORD + 1) * sizeof *msg);
    size_t *batch = malloc((size + 1) * sizeof *batch);
    unsigned char *done = calloc(size + 1, 1);
    nq_sub_result *results = calloc(size + 1, sizeof *results);
    double busy = 0;
    int reply = 0;
    const nq_run_hooks hooks = { .stop = cli_stop_flag() };
    const int working = msg && batch && done && results;
    if (!working) {
        /* Said here, and to rank 0, which stops the job and saves. */
        rank_says("count %d failed: out of memory for its buffers", o->n);
        uint64_t word = FAILED + ENOMEM;
        MPI_Send(&word, 1, MPI_UINT64_T, 0, TAG_RESULTS, MPI_COMM_WORLD);
        MPI_Recv(&word, 1, MPI_UINT64_T, 0, TAG_BATCH, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    int failed = 0;
    while (working) {
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
        if (err && err != NQ_ERR(EINTR) && !failed) {
            rank_says("count %d failed: %s", o->n, nq_strerror(err));
            failed = -err;
        }
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
        if (failed)
            msg[reply++] = FAILED + (uint64_t)failed;
        else if (cli_stop_requested)
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
    const nq_run_hooks hooks = { .stop = cli_stop_flag() };
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
    if ((size_t)o->parts > nq_plan_size(plan)) /* on every rank alike */
        cli_usage_error("--part %d/%d: the plan of count %d has %zu subproblems, fewer than %d "
                        "parts", o->part, o->parts, o->n, nq_plan_size(plan), o->parts);
    uint64_t fingerprint = nq_plan_fingerprint(plan), root_fingerprint = fingerprint;
    MPI_Bcast(&root_fingerprint, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (root_fingerprint != fingerprint)
        MPI_Abort(MPI_COMM_WORLD, 1);
    return plan;
}

/* What rank 0's first stop signal says at once (stop_signals.h), before
 * the run (planning: nothing to save) or during it (saving). Returns 1 if
 * the planning line was said: then nothing may be opened. */
static int say_at_once(const count_options *o, int running)
{
    static char line[2][600];
    const char *prog = cli_program(), *ck = o->checkpoint;
    if (!running)
        snprintf(line[0], sizeof line[0], "%s: stopped by %%s while planning, before any work; "
                 "nothing to save%s%s%s", prog, ck ? " ('" : "", ck ? ck : "",
                 ck ? "' is as it was)" : "");
    else if (ck)
        snprintf(line[1], sizeof line[1], "%s: stopping on %%s; saving the work done in '%s' "
                 "(if the job is killed first, it keeps its last periodic write)", prog, ck);
    else
        snprintf(line[1], sizeof line[1], "%s: stopping on %%s; nothing will be saved (no "
                 "--checkpoint)", prog);
    return cli_stop_say_at_once(line[running]);
}

/* Rank 0 before the run: coordinator_open, unless its handler has said
 * that a stop left nothing to save. */
static int open_unless_said(server *s, size_t *resumed)
{
    return say_at_once(s->o, 1) ? cli_stop_status(cli_stop_signal())
                                : coordinator_open(s, resumed);
}

/* Rank 0 after the run: the counts on stdout, or how the run stopped on
 * stderr. Returns the exit status. */
static int report(const server *s, size_t resumed, const double *busy_all, double start)
{
    const count_options *o = s->o;
    const nq_plan *plan = s->plan;
    if (s->error) {
        char saved[300] = "";
        if (o->checkpoint)
            snprintf(saved, sizeof saved, s->save_error ? "; the work done could not be saved"
                     : "; the work done is saved in '%s' (the same command resumes it)",
                     o->checkpoint);
        fprintf(stderr, "nqueens-mpi: count %d failed: rank %d: %s%s\n", o->n, s->error_rank,
                nq_strerror(s->error), saved);
        return EXIT_RUNTIME;
    }
    if (s->stopped) {
        const int sig = cli_stop_signal() ? cli_stop_signal() : s->remote_signal;
        /* No marks here: the options given are kept, as they were. */
        char keep[80];
        cli_resume_options(keep, sizeof keep, o->threads_given ? o->threads : 0, o->max_memory);
        return cli_report_stop(sig, "mpirun nqueens-mpi count", o->n, o->engine,
                               nq_plan_depth(plan), o->part, o->parts, keep, o->checkpoint,
                               s->save_error ? "" : NULL);
    }
    const nq_engine_info *engine = nq_engine_get(o->engine);
    if (s->finish_error)
        return cli_report_wrong_counts(o->n, o->engine, nq_plan_depth(plan), s->sum.total,
                                       s->sum.unique, engine->gives_unique, o->checkpoint,
                                       resumed);
    const nq_sub_result sum = s->sum;
    size_t size = nq_plan_size(plan);
    for (size_t i = 0, all = size; s->mine && i < all; i++)
        size -= !s->mine[i];
    const count_summary summary = {
        .n = o->n, .total = sum.total, .unique = sum.unique,
        .unique_known = engine->gives_unique, .engine = engine->name, .threads = o->threads,
        .depth = nq_plan_depth(plan), .subproblems = size, .resumed_subproblems = resumed,
        .seconds = MPI_Wtime() - start
    };
    if (o->json) {
        if (o->parts)
            cli_print_part_json_open(stdout, &summary, o->part, o->parts);
        else
            cli_print_count_json_open(stdout, &summary);
        printf(",\"ranks\":%d,\"rank_busy_seconds\":[", s->ranks);
        for (int r = 0; r < s->ranks; r++)
            printf("%s%.6f", r ? "," : "", busy_all[r]);
        printf("]}\n");
    } else {
        char extra[32];
        snprintf(extra, sizeof extra, "ranks=%d ", s->ranks);
        if (o->parts)
            cli_print_part_line(stdout, &summary, o->part, o->parts, extra);
        else
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

/* Rank 0 before a long count without a checkpoint: how long it may take. */
static void announce(const count_options *o, int ranks)
{
    const int threads = nq_threads_for(o->threads);
    char what[96];
    snprintf(what, sizeof what, "count %d on %d rank%s of %d thread%s", o->n, ranks,
             ranks > 1 ? "s" : "", threads, threads > 1 ? "s" : "");
    /* No --max-memory: it is each node's, and these are all ranks' threads. */
    cli_announce_long_run(what, cli_estimate_seconds(o->n, o->engine, threads * ranks, 0, NULL),
                          "--checkpoint FILE keeps the work if it is stopped");
}

/* A job stopped by a signal leaves at once, each rank as soon as rank 0
 * has made the last write and said so: mpirun, given SIGINT, sends
 * SIGCONT, SIGTERM a second later, and SIGKILL a second after that or as
 * soon as one rank ends; a rank that waited in the collective calls or
 * MPI_Finalize met the SIGKILL, and one that left before rank 0's last
 * write was done cut it short. Rank 0's verdict (0: go on as usual; else
 * the exit status) is synchronous: it is received before rank 0 leaves. */
static void leave_if_stopped(const job *j, const server *s, size_t resumed, double start)
{
    int verdict = 0;
    if (j->rank == 0) {
        cli_stop_say_at_once(NULL); /* the run is over: report says what it did */
        const int sig = cli_stop_signal() ? cli_stop_signal() : s->remote_signal;
        if (sig && s->stopped && !s->error)
            verdict = report(s, resumed, NULL, start);
        for (int r = 1; r < j->ranks; r++)
            MPI_Ssend(&verdict, 1, MPI_INT, r, TAG_VERDICT, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&verdict, 1, MPI_INT, 0, TAG_VERDICT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (verdict) {
        fflush(stdout);
        fflush(stderr);
        _exit(verdict);
    }
}

static void server_free(server *s)
{
    free(s->done);
    free(s->results);
    free(s->mine);
    free(s->queue);
}

int main(int argc, char **argv)
{
    cli_set_program("nqueens-mpi");
    /* Before MPI_Init, slow on a loaded node: a stop then ends the job at
     * its plan, with words, rather than by the signal. */
    cli_catch_stop_signals();
    const job j = job_start(&argc, &argv);
    const count_options o = parse(argc, argv, j.rank);
    if (j.rank != 0)
        (void)freopen("/dev/null", "w", stdout);
    if (j.provided < MPI_THREAD_SERIALIZED && j.ranks > 1)
        cli_fail("this MPI library gives no thread support (level %d); rank 0 needs "
                 "MPI_THREAD_SERIALIZED",
                 j.provided);

    cli_catch_stop_signals();
    if (j.rank == 0)
        say_at_once(&o, 0);

    const double start = MPI_Wtime();
    int stop_signal = 0;
    nq_plan *plan = plan_everywhere(&o, &stop_signal);
    if (!plan) /* stopped before any work: nothing to save, unless said already */
        return j.rank == 0 && !cli_stop_say_at_once(NULL)
                   ? cli_report_stop(stop_signal, "mpirun nqueens-mpi count", o.n, o.engine, -1,
                                     o.part, o.parts, NULL, o.checkpoint, NULL)
                   : cli_stop_status(stop_signal);
    if (j.rank == 0 && !o.checkpoint)
        announce(&o, j.ranks);
    server s = { .o = &o, .ranks = j.ranks, .plan = plan, .lock = PTHREAD_MUTEX_INITIALIZER };
    size_t resumed = 0;
    int status = j.rank == 0 ? open_unless_said(&s, &resumed) : 0;
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (status) {
        nq_checkpoint_close(s.checkpoint);
        server_free(&s);
        nq_plan_destroy(plan);
        return status;
    }

    const double busy = j.rank == 0 ? coordinate(&s) : work(&o, plan);
    leave_if_stopped(&j, &s, resumed, start);
    double *busy_all = j.rank == 0 ? checked(calloc((size_t)j.ranks, sizeof *busy_all)) : NULL;
    MPI_Gather(&busy, 1, MPI_DOUBLE, busy_all, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (j.rank == 0)
        status = report(&s, resumed, busy_all, start);
    nq_checkpoint_close(s.checkpoint);
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(busy_all);
    server_free(&s);
    nq_plan_destroy(plan);
    return status;
}
