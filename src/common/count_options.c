#include "count_options.h"

#include "binding.h"
#include "option_parser.h"
#include "option_values.h"
#include "output.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --part K/M: 1 <= K <= M, whole numbers (whether M parts fit the plan is
 * known once it is made). */
static void parse_part(const char *value, count_options *o)
{
    const char *slash = strchr(value, '/');
    char k[24];
    unsigned long part, parts;
    if (!slash || (size_t)(slash - value) >= sizeof k)
        part = 0, parts = 0;
    else if (snprintf(k, sizeof k, "%.*s", (int)(slash - value), value) < 0 ||
             cli_parse_decimal(k, INT_MAX, &part) || cli_parse_decimal(slash + 1, INT_MAX, &parts))
        part = 0, parts = 0;
    if (part < 1 || part > parts)
        cli_usage_error("--part must be K/M, whole numbers with 1 <= K <= M (e.g. 3/8), got '%s'",
                        value);
    o->part = (int)part;
    o->parts = (int)parts;
}

/* The library's notice of its choice of engine, as nq_count's are said. */
static void say_notice(void *ctx, int error, const char *line)
{
    (void)ctx;
    (void)error;
    fprintf(stderr, "nqueens: %s\n", line);
}

enum { HELP, THREADS, ENGINE, MAX_MEMORY, DEPTH, BIND, JSON, PROGRESS, CHECKPOINT,
       CHECKPOINT_EVERY, STOP_AFTER, SECONDS, SEED, SAMPLE, SLICES, RECOUNT, PART };

/* The options `accept` allows into options: every program's, then each
 * group's own: nqueens-mpi takes neither --bind nor --progress (not
 * COUNT_LOCAL); an estimate runs no checkpoint but has its budget and
 * draws. */
static void option_table(int accept, cli_option options[16])
{
    static const cli_option common[] = {
        { "help", 'h', 0, HELP },
        { "threads", 't', 1, THREADS },
        { "engine", 0, 1, ENGINE },
        { "max-memory", 0, 1, MAX_MEMORY },
        { "depth", 0, 1, DEPTH },
        { "json", 0, 0, JSON },
    };
    static const cli_option counting[] = {
        { "checkpoint", 0, 1, CHECKPOINT },
        { "checkpoint-every", 0, 1, CHECKPOINT_EVERY },
        { "stop-after", 0, 1, STOP_AFTER },
        { "part", 0, 1, PART },
    };
    static const cli_option local[] = {
        { "bind", 0, 1, BIND },
        { "progress", 0, 0, PROGRESS },
        { "recount", 0, 0, RECOUNT },
    };
    static const cli_option estimating[] = {
        { "seconds", 0, 1, SECONDS },
        { "seed", 0, 1, SEED },
        { "sample", 0, 1, SAMPLE },
        { "slices", 0, 1, SLICES },
    };
    size_t used = 0;
#define ADD(group)                                                    \
    do {                                                              \
        memcpy(options + used, group, sizeof group);                  \
        used += sizeof group / sizeof group[0];                       \
    } while (0)
    ADD(common);
    if (accept & COUNT_ESTIMATE)
        ADD(estimating);
    else
        ADD(counting);
    if (accept & COUNT_LOCAL)
        ADD(local);
#undef ADD
}

/* One option's value into o. */
static void take_option(int id, const char *value, void (*help)(void), count_options *o)
{
    switch (id) {
    case HELP: cli_help(help);
    case THREADS:
        o->threads = cli_parse_threads(value);
        o->threads_given = 1;
        break;
    case ENGINE:
        o->engine = cli_parse_engine(value);
        o->engine_given = 1;
        break;
    case MAX_MEMORY: o->max_memory = cli_parse_size(value, "--max-memory"); break;
    case DEPTH: o->depth = (int)cli_parse_range(value, "depth", 1, NQ_MAX_DEPTH); break;
    case BIND: o->bind = cli_parse_bind(value, 1); break;
    case JSON: o->json = 1; break;
    case PROGRESS: o->progress = 1; break;
    case RECOUNT: o->recount = 1; break;
    case CHECKPOINT:
        if (!*value)
            cli_usage_error("--checkpoint needs a file name");
        o->checkpoint = value;
        break;
    case CHECKPOINT_EVERY:
        o->checkpoint_every = cli_parse_seconds(value, "--checkpoint-every");
        break;
    case STOP_AFTER:
        o->stop_after = (unsigned long)cli_parse_range(value, "--stop-after", 1, 1L << 40);
        break;
    case PART: parse_part(value, o); break;
    case SECONDS: o->seconds = cli_parse_seconds(value, "--seconds"); break;
    case SEED:
        o->seed = (uint64_t)cli_parse_range(value, "--seed", 0, LONG_MAX);
        o->seed_given = 1;
        break;
    case SAMPLE:
        o->samples = (size_t)cli_parse_range(value, "--sample", 1, NQ_MAX_PLAN_SIZE);
        break;
    case SLICES:
        if (!strcmp(value, "on") || !strcmp(value, "off") || !strcmp(value, "auto"))
            o->slices = !strcmp(value, "on") ? 1 : !strcmp(value, "off") ? -1 : 0;
        else
            cli_usage_error("--slices takes on, off or auto, not '%s'", value);
        break;
    }
}

/* The engine (without --engine: the library's choice, nq_count_engine,
 * which says on stderr when memory makes it a slower engine), and how the
 * options go together. */
static void check_options(int accept, count_options *o)
{
    if (!o->engine_given) {
        const nq_count_params ask = { .n = o->n, .threads = o->threads, .depth = o->depth,
                                      .max_memory = o->max_memory, .log = say_notice };
        const int chosen = nq_count_engine(&ask);
        o->engine = chosen < 0 ? 0 : chosen;
    }
    const nq_engine_info *info = nq_engine_get(o->engine);
    if (o->depth && !info->uses_depth)
        cli_usage_error("--depth applies to the engines that pre-expand rows only, not '%s'",
                        info->name);
    if (!info->parallel && (accept & COUNT_ESTIMATE))
        cli_usage_error("estimate applies to the parallel engines only, not '%s'", info->name);
    if (!info->parallel && (o->checkpoint || o->progress || o->stop_after || o->parts))
        cli_usage_error("--checkpoint, --progress%s apply to the parallel engines only, not '%s'",
                        o->parts ? ", --part" : "", info->name);
    if (o->parts && !o->checkpoint)
        cli_usage_error("--part needs --checkpoint FILE: the file holds the part's result");
    if (o->recount && !o->checkpoint)
        cli_usage_error("--recount needs --checkpoint FILE");
    if (o->checkpoint_every && !o->checkpoint)
        cli_usage_error("--checkpoint-every needs --checkpoint FILE");
    if (!o->checkpoint_every)
        o->checkpoint_every = CLI_CHECKPOINT_EVERY;
}

void parse_count_options(int argc, char **argv, int accept, void (*help)(void),
                         count_options *o)
{
    *o = (count_options){ .bind = CLI_BIND_AUTO, .command = argv[0] };
    const char *command = argv[0], *n_arg = NULL, *value;
    cli_option options[16] = { 0 };
    option_table(accept, options);
    cli_parser p;
    cli_parser_init(&p, argc, argv, 1, command, options);
    for (int id; (id = cli_next_option(&p, &value)) != CLI_DONE;) {
        if (id != CLI_OPERAND) {
            take_option(id, value, help, o);
            continue;
        }
        if (n_arg)
            cli_reject(command, value);
        n_arg = value;
    }
    if (!n_arg)
        cli_usage_error("%s: missing N, a whole number from %d to %d", command, NQ_MIN_N,
                        NQ_MAX_N);
    o->n = cli_parse_n(n_arg);
    if (!o->threads)
        o->threads = cli_default_threads();
    check_options(accept, o);
}

/* The names of the engines that pre-expand rows, for --depth's line. */
static void depth_engines(char *out, size_t size)
{
    size_t used = 0;
    *out = '\0';
    for (int i = 0; i < nq_engine_count() && used < size; i++)
        if (nq_engine_get(i)->uses_depth)
            used += (size_t)snprintf(out + used, size - used, "%s%s", used ? ", " : "",
                                     nq_engine_get(i)->name);
}

void print_count_options_help(int accept)
{
    const int local = accept & COUNT_LOCAL, estimate = accept & COUNT_ESTIMATE;
    const int mpi = !local && !estimate;
    char uses_depth[200], depth[300];
    depth_engines(uses_depth, sizeof uses_depth);
    snprintf(depth, sizeof depth, "rows pre-expanded into subproblems, 1..%d, by %s (default: by N)",
             NQ_MAX_DEPTH, uses_depth);
    char threads[300];
    snprintf(threads, sizeof threads, "%s, 1..%d (default: OMP_NUM_THREADS, else the CPUs this %s "
             "may run on)%s", mpi ? "OpenMP threads per rank" : "threads", NQ_MAX_THREADS,
             mpi ? "rank" : "process",
             estimate ? "; the count's, projected: the sample runs on as many, at most the CPUs "
                        "here" : "");
    printf("options:\n");
    cli_print_wrapped("-t, --threads T", threads);
    cli_print_wrapped("--engine NAME",
                      "search engine (default: the first below that fits in memory)");
    cli_print_wrapped("--depth D", depth);
    if (local)
        printf("  --bind MODE      thread placement (see 'nqueens topology'):\n"
               "                     auto: one CPU a thread when the threads fill the CPU\n"
               "                           set and OMP_PROC_BIND, OMP_PLACES are unset; else\n"
               "                           as none (default)\n"
               "                     none: left to OpenMP (OMP_PROC_BIND, OMP_PLACES)\n"
               "                     numa: threads spread over the NUMA nodes, each on its node\n"
               "                           (needs hwloc, as core)\n"
               "                     core: one PU per thread, a core each while cores last\n"
               "  --progress       progress, rate and ETA on stderr (a live line on a terminal)\n"
               "  --recount        count the subproblems the checkpoint holds again, replacing\n"
               "                   any that differ (a damaged file; a failed check says so)\n");
    if (estimate)
        printf("  --seconds S      time the sample may take (default: %.0f%% of the count's\n"
               "                   projected time, at most %d s)\n"
               "  --sample K       exactly K draws, whatever they cost (default: by time)\n"
               "  --seed S         which subproblems are drawn (default: from the clock;\n"
               "                   the same seed and --sample give the same draws)\n"
               "  --slices WHEN    on: each draw counts a random slice of its subproblem and\n"
               "                   scales it up (two-stage sampling); off: whole subproblems;\n"
               "                   auto: slices where subproblems take minutes (default)\n"
               "  --max-memory SIZE  the engine and blocks chosen as count would with this limit\n",
               100 * NQ_ESTIMATE_SHARE, NQ_ESTIMATE_SECONDS);
    else
        printf("  --checkpoint FILE  save finished subproblems to FILE (atomically) and resume\n"
               "                   from it if it exists; SIGINT/SIGTERM/SIGHUP stop and save\n"
               "  --checkpoint-every SECONDS  how often to save (default %d)\n"
               "  --part K/M       count only part K of M (by estimated work; needs\n"
               "                   --checkpoint); 'nqueens merge' combines the parts' files\n"
               "  --max-memory SIZE  refuse a count that would need more (e.g. 4G; default:\n"
               "                   the memory available: MemAvailable, or the job's memory\n"
               "                   cgroup or address-space limit if less)\n",
               CLI_CHECKPOINT_EVERY);
    printf("  --json           one JSON object on stdout\n"
           "  -h, --help       this help\n");
    if (mpi)
        printf("  -V, --version    the version\n");
    printf("\nengines:\n");
    for (int i = 0; i < nq_engine_count(); i++)
        if (local || nq_engine_get(i)->parallel)
            cli_print_wrapped(nq_engine_get(i)->name, nq_engine_get(i)->description);
}

void count_failed_saving(const count_options *o, int err, int started, int save_error,
                         const char *message)
{
    /* A failure to open the checkpoint, or to write it at the end: the
     * library's own line says it. */
    if (*message && !(started && !save_error)) {
        if (started)
            cli_fail("%s %d failed: %s; the work done could not be saved: %s", o->command, o->n,
                     nq_strerror(err), message);
        cli_fail("%s", message);
    }
    char saved[300] = "";
    if (o->checkpoint && started)
        snprintf(saved, sizeof saved, "; the work done is saved in '%s' (the same command "
                 "resumes it)", o->checkpoint);
    if (err == NQ_ERR(EAGAIN))
        cli_fail("cannot start %d threads: the system refused them (use fewer --threads, or "
                 "allow more memory: ulimit -v)%s", o->threads, saved);
    if (*saved)
        cli_fail("%s %d failed: %s%s", o->command, o->n, nq_strerror(err), saved);
    count_failed(o, err);
}

void count_failed(const count_options *o, int err)
{
    if (err == NQ_ERR(E2BIG))
        cli_usage_error("--depth %d makes more than %lu subproblems at N=%d, too many to hold; "
                        "use a smaller --depth", o->depth, (unsigned long)NQ_MAX_PLAN_SIZE, o->n);
    cli_fail("%s %d failed: %s", o->command, o->n, nq_strerror(err));
}
