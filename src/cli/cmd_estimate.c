/* nqueens estimate: what `count N` would cost, measured on a sample. */
#include "commands.h"
#include "count_options.h"
#include "output.h"
#include "run_estimate.h"
#include "stop_signals.h"

#include <math.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static void usage(void)
{
    printf("usage: nqueens estimate N [-t|--threads T] [--engine NAME] [--depth D]\n"
           "                        [--seconds S] [--sample K] [--seed S] [--slices WHEN]\n"
           "                        [--max-memory SIZE] [--json]\n\n"
           "Says what 'nqueens count N' would cost on T threads of this machine: it\n"
           "counts a random stratified sample of the count's subproblems, times each,\n"
           "and projects the CPU time (with a 90%% interval), the wall time on T\n"
           "threads, the peak memory and Q(N) itself (a check of the sample against the\n"
           "published values). SIGINT, SIGTERM or SIGHUP stops it.\n\n");
    print_count_options_help(COUNT_ESTIMATE);
}

/* A number, or null for one that is not finite (no interval). */
static void json_number(const char *name, double v)
{
    if (isfinite(v))
        printf(",\"%s\":%.6g", name, v);
    else
        printf(",\"%s\":null", name);
}

static void print_json(const count_options *o, uint64_t seed, const nq_estimate_result *r)
{
    printf("{\"version\":\"%s\",\"n\":%d,\"engine\":\"%s\",\"threads\":%d,\"depth\":%d",
           nq_version(), o->n, nq_engine_get(o->engine)->name, r->threads, r->depth);
    json_number("cpu_seconds", r->cpu_seconds);
    json_number("cpu_seconds_low", r->cpu_seconds_low);
    json_number("cpu_seconds_high", r->cpu_seconds_high);
    json_number("timing_noise", r->timing_noise);
    json_number("wall_seconds", r->wall_seconds);
    json_number("largest_subproblem_seconds", r->largest_seconds);
    json_number("plan_seconds", r->plan_seconds);
    printf(",\"peak_memory_bytes\":%llu,\"sample_memory_bytes\":%llu",
           (unsigned long long)r->peak_memory_bytes, (unsigned long long)r->sample_memory_bytes);
    json_number("solutions", r->solutions);
    json_number("solutions_low", r->solutions_low);
    json_number("solutions_high", r->solutions_high);
    printf(",\"subproblems\":%zu,\"sampled_subproblems\":%zu,\"strata\":%d,"
           "\"sample_threads\":%d",
           r->subproblems, r->sampled_subproblems, r->strata, r->sample_threads);
    printf(",\"slices\":%s", r->slices ? "true" : "false");
    json_number("sample_cpu_seconds", r->sample_cpu_seconds);
    json_number("seconds", r->seconds);
    printf(",\"seed\":%llu}\n", (unsigned long long)seed);
}

static void print_text(const count_options *o, uint64_t seed, const nq_estimate_result *r)
{
    char cpu[48], low[48], high[48], wall[48];
    cli_duration(cpu, sizeof cpu, r->cpu_seconds);
    cli_duration(low, sizeof low, r->cpu_seconds_low);
    cli_duration(high, sizeof high, r->cpu_seconds_high);
    cli_duration(wall, sizeof wall, r->wall_seconds);
    printf("count %d (%s): %s of CPU (90%% interval %s to %s); %s on %d thread%s; "
           "peak memory %.0f MiB\n",
           o->n, nq_engine_get(o->engine)->name, cpu, low, high, wall, r->threads,
           r->threads > 1 ? "s" : "", (double)r->peak_memory_bytes / (1 << 20));
    printf("sampled %zu of %zu subproblems%s in %.1f s on %d thread%s (--seed %llu)\n",
           r->sampled_subproblems, r->subproblems, r->slices ? " (a random slice of each)" : "",
           r->seconds, r->sample_threads,
           r->sample_threads > 1 ? "s" : "", (unsigned long long)seed);
}

int cmd_estimate(int argc, char **argv)
{
    count_options o;
    parse_count_options(argc, argv, COUNT_ESTIMATE, usage, &o);
    cli_catch_stop_signals();
    /* A fresh seed unless one is given; said in the output, to draw the
     * same again. */
    const uint64_t seed = o.seed_given ? o.seed
                                       : ((uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid()) %
                                             ((uint64_t)1 << 53);
    const nq_run_hooks hooks = { .stop = cli_stop_flag() };
    nq_estimate_params p = nq_estimate_params_default(o.n);
    p.engine = o.engine;
    p.threads = o.threads;
    p.depth = o.depth;
    p.seed = seed;
    p.seconds = o.seconds;
    p.samples = o.samples;
    p.slices = o.slices;
    p.max_memory = o.max_memory;
    p.hooks = &hooks;
    nq_estimate_result r;
    const int err = nq_estimate(&p, &r);
    if (err == NQ_ERR(EINTR)) {
        fprintf(stderr, "nqueens: estimate %d stopped by %s\n", o.n,
                cli_stop_name(cli_stop_signal(), "a signal"));
        return cli_stop_status(cli_stop_signal());
    }
    if (err == NQ_ERR(ENOTSUP) && o.slices > 0)
        cli_usage_error("--slices on applies to engines that cut their subproblems in slices "
                        "(halves), not '%s'", nq_engine_get(o.engine)->name);
    if (err)
        count_failed(&o, err);
    if (o.json)
        print_json(&o, seed, &r);
    else
        print_text(&o, seed, &r);
    cli_finish_stdout();
    return 0;
}
