/* nqueens topology: the machine as hwloc sees it, and where --bind would put
 * the threads. */
#include "binding.h"
#include "commands.h"
#include "option_parser.h"
#include "option_values.h"
#include "output.h"
#include "placement_print.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(void)
{
    printf("usage: nqueens topology [-t|--threads T] [--bind MODE] [--json]\n\n"
           "Shows the packages, NUMA nodes, cores and PUs (hardware threads) that\n"
           "hwloc finds, and where 'count --bind MODE' would place T threads.\n"
           "Nothing is bound: this is the plan. HWLOC_SYNTHETIC (an hwloc synthetic\n"
           "description such as 'pack:2 numa:1 core:4 pu:2') plans for another machine.\n\n"
           "options:\n"
           "  -t, --threads T  threads, 1..%d (default: OMP_NUM_THREADS, else\n"
           "                   the CPUs this process may run on)\n"
           "  --bind MODE      none, numa or core (default: numa)\n"
           "                     none: OpenMP places the threads (OMP_PROC_BIND, OMP_PLACES)\n"
           "                     numa: threads dealt round robin over the NUMA nodes,\n"
           "                           each free to run on its whole node\n"
           "                     core: one PU per thread, a core each, the cores dealt\n"
           "                           round robin over the nodes; then second PUs\n"
           "  --json           one JSON object on stdout; PUs are OS indexes\n"
           "  -h, --help       this help\n",
           NQ_MAX_THREADS);
}

static void print_json(const nq_topology_info *info, int threads, int mode,
                       const nq_placement *plan)
{
    const char *synthetic = getenv("HWLOC_SYNTHETIC");
    printf("{\"version\":\"%s\",\"this_system\":%s,\"synthetic\":", nq_version(),
           info->this_system ? "true" : "false");
    if (synthetic && *synthetic) {
        cli_json_string(stdout, synthetic); /* a user string */
    } else {
        fputs("null", stdout);
    }
    printf(",\"packages\":%d,\"numa_nodes\":%d,\"cores\":%d,\"pus\":%d,"
           "\"bind\":\"%s\",\"threads\":%d,\"placement\":",
           info->packages, info->numa_nodes, info->cores, info->pus, nq_bind_mode_name(mode),
           threads);
    cli_placement_json(stdout, plan, threads);
    fputs("}\n", stdout);
}

static void print_human(const nq_topology_info *info, int threads, int mode,
                        const nq_placement *plan)
{
    char source[300];
    if (info->this_system)
        printf("topology: this machine\n");
    else
        printf("topology: %s (not this machine)\n", cli_topology_source(source, sizeof source));
    printf("packages %d, NUMA nodes %d, cores %d, PUs %d\n", info->packages, info->numa_nodes,
           info->cores, info->pus);
    printf("placement of %d thread%s with --bind %s:\n", threads, threads > 1 ? "s" : "",
           nq_bind_mode_name(mode));
    for (int t = 0; t < threads; t++) {
        printf("  thread %d: ", plan[t].thread);
        if (plan[t].numa >= 0)
            printf("node %d, ", plan[t].numa);
        printf("%s", plan[t].npus > 1 ? "PUs " : "PU ");
        cli_print_pus(stdout, &plan[t]);
        putchar('\n');
    }
    /* The load of each node, the figure the modes are meant to even out. */
    if (info->numa_nodes > 1 && mode != NQ_BIND_NONE) {
        printf("threads per NUMA node:");
        for (int node = 0; node < info->numa_nodes; node++) {
            int load = 0;
            for (int t = 0; t < threads; t++)
                load += plan[t].numa == node;
            printf(" %d", load);
        }
        putchar('\n');
    }
}

int cmd_topology(int argc, char **argv)
{
    const char *value;
    int threads = 0, mode = NQ_BIND_NUMA, json = 0;
    enum { HELP, THREADS, BIND, JSON };
    static const cli_option options[] = {
        { "help", 'h', 0, HELP }, { "threads", 't', 1, THREADS },
        { "bind", 0, 1, BIND },   { "json", 0, 0, JSON },
        { NULL, 0, 0, 0 },
    };
    cli_parser parser;
    cli_parser_init(&parser, argc, argv, 1, "topology", options);
    for (int id; (id = cli_next_option(&parser, &value)) != CLI_DONE;) {
        switch (id) {
        case HELP: cli_help(usage);
        case THREADS: threads = cli_parse_threads(value); break;
        case BIND: mode = cli_parse_bind(value, 0); break;
        case JSON: json = 1; break;
        default: cli_reject("topology", value);
        }
    }
    if (!threads)
        threads = cli_default_threads();

    nq_topology *topo = cli_topology_open(NULL);
    if (!topo)
        cli_fail("topology: this nqueens is built without hwloc");
    nq_topology_info info;
    nq_topology_get_info(topo, &info);
    nq_placement *plan = calloc((size_t)threads, sizeof *plan);
    if (!plan)
        cli_fail("out of memory");
    const int err = nq_placement_plan(topo, threads, mode, plan);
    if (err)
        cli_fail("cannot plan %d threads with --bind %s: %s", threads, nq_bind_mode_name(mode),
                 nq_strerror(err));
    if (json)
        print_json(&info, threads, mode, plan);
    else
        print_human(&info, threads, mode, plan);
    free(plan);
    nq_topology_close(topo);
    cli_finish_stdout();
    return 0;
}
