/* nqueens count: Q(N) and U(N), or one part of their count (--part). */
#include "binding.h"
#include "commands.h"
#include "count_options.h"
#include "count_report.h"
#include "output.h"
#include "placement_print.h"
#include "run_estimate.h"
#include "stop_signals.h"

#include <nqueens_parts.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* The library's lines: a notice (a periodic checkpoint write failed, or
 * works again) is said at once; an error's reason is kept for the end. */
typedef struct run_log {
    char reason[600];
} run_log;

static void on_log(void *ctx, int error, const char *line)
{
    run_log *log = ctx;
    if (error)
        snprintf(log->reason, sizeof log->reason, "%s", line);
    else
        fprintf(stderr, "nqueens: %s\n", line);
}

/* The process's peak resident memory so far. */
static unsigned long long peak_memory_bytes(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) ? 0 : (unsigned long long)ru.ru_maxrss * 1024;
}

static void hms(char *buf, size_t size, double seconds)
{
    const long s = (long)(seconds + 0.5);
    snprintf(buf, size, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

typedef struct progress_view {
    int tty;
    double estimate; /* wall seconds of the whole count, from a sample; 0: none */
} progress_view;

/* --progress: a live line on a terminal, a plain line each time otherwise.
 * Until the first subproblem ends, the ETA is the sample's estimate. */
#define PROGRESS_COLUMNS 79
static void print_progress(void *ctx, const nq_progress *p)
{
    const progress_view *view = ctx;
    const int tty = view->tty;
    char solutions[40], elapsed[32], eta[32] = "?", line[256];
    hms(elapsed, sizeof elapsed, p->seconds);
    if (p->eta >= 0)
        hms(eta, sizeof eta, p->eta);
    else if (view->estimate > 0)
        hms(eta, sizeof eta, fmax(0, view->estimate * (1 - p->fraction) - p->seconds));
    nq_u128_str(p->solutions, solutions);
    /* Within 79 columns, so that a terminal of 80 never wraps the live line:
     * long counts in short form, then fewer words, then cut. */
    for (int form = 0; form < 3; form++) {
        if (form == 1 && strlen(solutions) > 10)
            snprintf(solutions, sizeof solutions, "%.3e", (double)p->solutions);
        snprintf(line, sizeof line, "progress %.1f%%: %zu/%zu %s, %s solutions, %s, ETA %s",
                 100 * p->fraction, p->done, p->subproblems, form < 2 ? "subproblems" : "done",
                 solutions, elapsed, eta);
        if (strlen(line) <= PROGRESS_COLUMNS)
            break;
    }
    line[PROGRESS_COLUMNS] = '\0';
    fprintf(stderr, "%s%s%s", tty ? "\r\033[K" : "", line, tty ? "" : "\n");
    fflush(stderr);
}

static void usage(void)
{
    printf("usage: nqueens count N [-t|--threads T] [--engine NAME] [--depth D]\n"
           "                     [--bind auto|none|numa|core] [--progress]\n"
           "                     [--checkpoint FILE [--checkpoint-every SECONDS]\n"
           "                     [--recount]] [--part K/M] [--max-memory SIZE] [--json]\n\n"
           "Counts the solutions of N-Queens (1 <= N <= %d): the total Q(N) and the\n"
           "unique ones U(N), distinct under rotation and reflection.\n\n",
           NQ_MAX_N);
    print_count_options_help(COUNT_LOCAL);
}

/* What each thread does as the work starts: binds itself; the first
 * thread 0 also announces a long run. */
typedef struct run_start {
    cli_binding binding;
    char what[64];
    double seconds; /* estimated; 0 says nothing */
    int announced;
    unsigned long stop_after, finished; /* --stop-after: a stop after K subproblems */
} run_start;

static void on_run_start(void *ctx, int thread)
{
    run_start *s = ctx;
    if (thread == 0 && !s->announced) {
        s->announced = 1;
        cli_announce_long_run(s->what, s->seconds,
                              "--checkpoint FILE keeps the work if it is stopped, --progress "
                              "shows an ETA");
    }
    cli_binding_thread_start(&s->binding, thread);
}

/* --stop-after, for tests: a stop as a signal would make it, at a known
 * point. Subproblems already running may still finish. */
static void on_done(void *ctx, size_t i)
{
    (void)i;
    run_start *s = ctx;
    if (s->stop_after && __atomic_add_fetch(&s->finished, 1, __ATOMIC_RELAXED) >= s->stop_after)
        cli_stop_requested = 1;
}

/* What a resume needs beside n, the engine, depth and part (the plan's
 * fingerprint) to go on exactly: the threads and the memory limit set each
 * thread's blocks, which a checkpoint's marks hold for. The threads always;
 * the limit if given, or if the memory available set the blocks (the
 * engine's bound differs from the one without a limit). */
static void resume_options(const count_options *o, uint64_t limit, char *out, size_t size)
{
    const uint64_t unbound = (uint64_t)1 << 62;
    const int binds = limit && nq_count_memory(o->n, o->engine, o->threads, limit) !=
                                   nq_count_memory(o->n, o->engine, o->threads, unbound);
    cli_resume_options(out, size, o->threads, o->max_memory || binds ? limit : 0);
}

/* A limit set above what this process may take (its job's memory cgroup,
 * ulimit -v) is kept as given, but a count that grows past the room is
 * killed, not refused: said once, before the work. */
static void warn_past_room(int n, int engine, int threads, uint64_t max_memory)
{
    const uint64_t room = nq_memory_available();
    const uint64_t need = nq_count_memory(n, engine, threads, max_memory);
    char size[32];
    if (room && need > room)
        fprintf(stderr,
                "%s: count %d may take up to %llu MiB with --max-memory %s, more than the %llu "
                "MiB this process may take now (the memory available, its memory cgroup or "
                "address-space limit); a smaller --max-memory keeps it within\n",
                cli_program(), n, (unsigned long long)(need >> 20),
                cli_size_exact(max_memory, size), (unsigned long long)(room >> 20));
}

/* The count itself, with the hooks of start, the progress and the log;
 * `estimate`: the sample's seconds of the whole count (0: none). */
static int run_count(const count_options *o, uint64_t limit, double estimate, run_start *start,
                     run_log *log, nq_count_result *res)
{
    const nq_run_hooks hooks = { .on_thread_start = on_run_start,
                                 .ctx = start,
                                 .stop = cli_stop_flag(),
                                 .on_done = on_done };
    const int tty = isatty(STDERR_FILENO);
    /* A part's share of the work, for its ETA. */
    progress_view view = { .tty = tty, .estimate = o->parts ? estimate / o->parts : estimate };
    const nq_count_params params = {
        .n = o->n, .engine = o->engine, .engine_exact = 1, .threads = o->threads,
        .depth = o->depth, .hooks = &hooks,
        .checkpoint = o->checkpoint, .checkpoint_every = o->checkpoint_every,
        .progress = o->progress ? print_progress : NULL, .progress_ctx = &view,
        .progress_every = tty ? 0.5 : 5, .log = on_log, .log_ctx = log,
        .max_memory = limit, .recount = o->recount
    };
    const int err = o->parts ? nq_count_part(&params, o->part, o->parts, res)
                             : nq_count(&params, res);
    if (o->progress && tty)
        fputc('\n', stderr);
    return err;
}

/* A count that ended with err: a stop (said with how to resume), too few
 * subproblems for --part, counts that fail their checks, or a failure;
 * message: the library's reason. The exit status. */
static int count_ended(const count_options *o, uint64_t limit, const nq_count_result *res,
                       int err, cli_binding *binding, const char *message)
{
    const nq_engine_info *info = nq_engine_get(o->engine);
    if (err == NQ_ERR(EINTR)) {
        cli_binding_close(binding);
        char keep[80];
        resume_options(o, limit, keep, sizeof keep);
        /* No subproblems: stopped while planning, before any file. */
        return cli_report_stop(cli_stop_signal(), "nqueens count", o->n, o->engine,
                               info->parallel && !res->subproblems ? -1 : res->depth, o->part,
                               o->parts, keep, o->checkpoint,
                               o->checkpoint && res->checkpoint_error ? message : NULL);
    }
    if (err == NQ_ERR(ERANGE) && o->parts) {
        cli_binding_close(binding);
        cli_usage_error("--part %d/%d: the plan of count %d has %llu subproblems, fewer than %d "
                        "parts", o->part, o->parts, o->n, (unsigned long long)res->subproblems,
                        o->parts);
    }
    if (err == NQ_ERR(EPROTO)) {
        cli_binding_close(binding);
        return cli_report_wrong_counts(o->n, o->engine, res->depth, res->total, res->unique,
                                       info->gives_unique, o->checkpoint,
                                       res->resumed_subproblems);
    }
    count_failed_saving(o, err, res->threads, res->checkpoint_error, message);
}

/* The counts on stdout (a line, or JSON with the memory and the placement);
 * the placement read back from the OS, when there is one to report (in the
 * human output only if asked for, to keep the default one line). */
static void print_counts(const count_options *o, const nq_count_result *res,
                         const cli_binding *binding)
{
    const count_summary summary = {
        .n = o->n, .total = res->total, .unique = res->unique,
        .unique_known = res->unique_known, .engine = nq_engine_get(o->engine)->name,
        .threads = res->threads, .depth = res->depth, .subproblems = res->subproblems,
        .resumed_subproblems = res->resumed_subproblems, .seconds = res->seconds
    };
    if (o->json) {
        if (o->parts)
            cli_print_part_json_open(stdout, &summary, o->part, o->parts);
        else
            cli_print_count_json_open(stdout, &summary);
        printf(",\"peak_memory_bytes\":%llu,\"bind\":\"%s\",\"placement\":", peak_memory_bytes(),
               cli_bind_mode_name(o->bind));
        if (cli_binding_known(binding))
            cli_placement_json(stdout, binding->placement, binding->threads);
        else
            fputs("null", stdout);
        fputs("}\n", stdout);
        return;
    }
    if (o->parts)
        cli_print_part_line(stdout, &summary, o->part, o->parts, "");
    else
        cli_print_count_line(stdout, &summary, "");
    if (o->bind != NQ_BIND_NONE && o->bind != CLI_BIND_AUTO && cli_binding_known(binding)) {
        /* On stderr, as solve does: stdout keeps the one result line. */
        fprintf(stderr, "placement (--bind %s): ", cli_bind_mode_name(o->bind));
        cli_placement_line(stderr, binding->placement, binding->threads);
    }
}

int cmd_count(int argc, char **argv)
{
    count_options o;
    parse_count_options(argc, argv, COUNT_LOCAL, usage, &o);
    /* Before any work: a signal before the run would end the process with
     * nothing said. */
    cli_catch_stop_signals();
    const int n = o.n, threads = o.threads;
    const nq_engine_info *info = nq_engine_get(o.engine);

    /* The run's memory limit, read once here (the library would read the
     * same) so that a stop can name it if it set the threads' blocks; the
     * estimate's sample has the same blocks. */
    const uint64_t limit = o.max_memory ? o.max_memory : nq_memory_available();
    if (o.max_memory)
        warn_past_room(n, o.engine, threads, o.max_memory);
    /* Years of work do not start without a word: said as the work starts,
     * once the plan and the memory are found fine. A count the memory
     * refuses is refused at once, without the sample's seconds first. */
    const nq_run_hooks stop_only = { .stop = cli_stop_flag() };
    const int fits = !limit || nq_count_memory(n, o.engine, threads, limit) <= limit;
    const double estimate = fits && (!o.checkpoint || o.progress)
                                ? cli_estimate_seconds(n, o.engine, threads, limit, &stop_only)
                                : 0;
    run_start start = { .seconds = o.checkpoint ? 0 : estimate, .stop_after = o.stop_after };
    snprintf(start.what, sizeof start.what, "count %d on %d thread%s", n, threads,
             threads > 1 ? "s" : "");

    /* Each thread binds itself as the run starts and reads back where it is;
     * a classic engine runs on this thread alone. */
    cli_binding_open(&start.binding, info->parallel ? threads : 1, o.bind, o.json);
    if (!info->parallel)
        on_run_start(&start, 0);
    run_log log = { "" };
    nq_count_result res;
    const int err = run_count(&o, limit, estimate, &start, &log, &res);
    if (err)
        return count_ended(&o, limit, &res, err, &start.binding, log.reason);
    cli_binding_check(&start.binding);
    print_counts(&o, &res, &start.binding);
    cli_binding_close(&start.binding);
    /* The counts are out; a failed last save still fails the run (said
     * first, so that a closed stdout does not hide it). */
    if (res.checkpoint_error) {
        fprintf(stderr, "nqueens: %s (the counts on stdout are complete)\n", log.reason);
        fflush(stdout);
        return EXIT_RUNTIME;
    }
    cli_finish_stdout();
    return 0;
}
