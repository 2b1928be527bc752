/* nqueens count: Q(N) and U(N). */
#include "args.h"
#include "commands.h"
#include "placement_print.h"

#include <stdio.h>
#include <string.h>

static void usage(void)
{
    printf("usage: nqueens count N [-t|--threads T] [--engine NAME] [--depth D]\n"
           "                     [--bind none|numa|core] [--json]\n\n"
           "Counts the solutions of N-Queens (1 <= N <= %d): the total Q(N) and the\n"
           "unique ones U(N), distinct under rotation and reflection.\n\n"
           "options:\n"
           "  -t, --threads T  threads, 1..%d (default: OMP_NUM_THREADS, else the online CPUs)\n"
           "  --engine NAME    search engine (default: %s)\n"
           "  --depth D        rows pre-expanded into subproblems, 1..%d (default: by N)\n"
           "  --bind MODE      thread placement (needs hwloc; see 'nqueens topology'):\n"
           "                     none: left to OpenMP (OMP_PROC_BIND, OMP_PLACES; default)\n"
           "                     numa: threads spread over the NUMA nodes, each on its node\n"
           "                     core: one PU per thread, a core each while cores last\n"
           "  --json           one JSON object on stdout\n"
           "  -h, --help       this help\n\n"
           "engines:\n",
           NQ_MAX_N, NQ_MAX_THREADS, nq_engine_get(0)->name, NQ_MAX_DEPTH);
    for (int i = 0; i < nq_engine_count(); i++)
        printf("  %-16s %s\n", nq_engine_get(i)->name, nq_engine_get(i)->description);
}

int cmd_count(int argc, char **argv)
{
    const char *n_arg = NULL, *value;
    int threads = 0, engine = 0, depth = 0, json = 0, bind = NQ_BIND_NONE;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (cli_opt_flag(arg, "-h", "--help")) {
            usage();
            cli_finish_stdout();
            return 0;
        } else if (cli_opt_value(argc, argv, &i, "-t", "--threads", &value)) {
            threads = cli_parse_threads(value);
        } else if (cli_opt_value(argc, argv, &i, NULL, "--engine", &value)) {
            engine = cli_parse_engine(value);
        } else if (cli_opt_value(argc, argv, &i, NULL, "--depth", &value)) {
            depth = (int)cli_parse_range(value, "depth", 1, NQ_MAX_DEPTH);
        } else if (cli_opt_value(argc, argv, &i, NULL, "--bind", &value)) {
            bind = cli_parse_bind(value);
        } else if (cli_opt_flag(arg, NULL, "--json")) {
            json = 1;
        } else if (!cli_is_option(arg) && !n_arg) {
            n_arg = arg;
        } else {
            cli_reject("count", arg);
        }
    }
    if (!n_arg)
        cli_usage_error("count: missing N, a whole number from %d to %d", NQ_MIN_N, NQ_MAX_N);
    const int n = cli_parse_n(n_arg);
    const nq_engine_info *info = nq_engine_get(engine);
    if (depth && !info->parallel)
        cli_usage_error("--depth applies to the parallel engines only, not '%s'", info->name);
    if (!threads)
        threads = cli_default_threads();

    /* Each thread binds itself as the run starts and reads back where it is;
     * a classic engine runs on this thread alone. */
    cli_binding binding;
    cli_binding_open(&binding, info->parallel ? threads : 1, bind);
    if (!info->parallel)
        cli_binding_thread_start(&binding, 0);
    const nq_run_hooks hooks = { .on_thread_start = cli_binding_thread_start, .ctx = &binding };
    const nq_count_params params = {
        .n = n, .engine = engine, .threads = threads, .depth = depth, .hooks = &hooks
    };
    nq_count_result res;
    const int err = nq_count(&params, &res);
    if (err)
        cli_fail("count %d failed: %s", n, strerror(-err));
    cli_binding_check(&binding);

    char total[40], unique[40];
    nq_u128_str(res.total, total);
    if (res.unique_known)
        nq_u128_str(res.unique, unique);
    else
        strcpy(unique, json ? "null" : "unknown");
    if (json)
        printf("{\"n\":%d,\"total\":%s,\"unique\":%s,\"engine\":\"%s\",\"threads\":%d,"
               "\"depth\":%d,\"subproblems\":%llu,\"seconds\":%.6f,\"bind\":\"%s\","
               "\"placement\":",
               n, total, unique, info->name, res.threads, res.depth,
               (unsigned long long)res.subproblems, res.seconds, nq_bind_mode_name(bind));
    else
        printf("n=%d total=%s unique=%s engine=%s threads=%d seconds=%.3f\n", n, total, unique,
               info->name, res.threads, res.seconds);
    /* The placement read back from the OS, when there is one to report (in
     * the human output only if asked for, to keep the default one line). */
    if (json) {
        if (cli_binding_known(&binding))
            cli_placement_json(stdout, binding.placement, binding.threads);
        else
            fputs("null", stdout);
        fputs("}\n", stdout);
    } else if (bind != NQ_BIND_NONE && cli_binding_known(&binding)) {
        printf("placement (--bind %s): ", nq_bind_mode_name(bind));
        cli_placement_line(stdout, binding.placement, binding.threads);
    }
    cli_binding_close(&binding);
    cli_finish_stdout();
    return 0;
}
