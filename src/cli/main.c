/* nqueens: a user program of libnqueens (it includes only nqueens.h and
 * nqueens_parts.h). */
#include "binding.h"
#include "commands.h"
#include "nqueens.h"
#include "option_parser.h"
#include "output.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    { "check", cmd_check, "recount some subproblems of a checkpoint or subtotals file" },
    { "count", cmd_count, "count the solutions Q(N) and the unique ones U(N)" },
    { "engines", cmd_engines, "list the engines count takes (--json for scripts)" },
    { "estimate", cmd_estimate, "what a count would cost here: CPU, wall time, memory" },
    { "merge", cmd_merge, "combine the checkpoints of a count's parts (count --part K/M)" },
    { "solve", cmd_solve, "list the solutions as boards, columns or JSON" },
    { "verify", cmd_verify, "check N = 1..16 (or --max) against the published values" },
    { "topology", cmd_topology, "show packages, NUMA nodes, cores and the thread placement" },
};

static void usage(void)
{
    printf("usage: nqueens COMMAND [ARGS]\n\n"
           "Exact N-Queens counts and solutions, multithreaded (1 <= N <= %d).\n\n"
           "commands:\n", NQ_MAX_N);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        printf("  %-9s %s\n", commands[i].name, commands[i].summary);
    printf("\n'nqueens COMMAND --help' describes each command.\n\n"
           "examples:\n"
           "  nqueens count 16\n"
           "  nqueens count 17 --threads 2 --json\n"
           "  nqueens estimate 24 --threads 64\n"
           "  nqueens solve 8 --unique\n"
           "  nqueens verify --max 14\n");
}

int main(int argc, char **argv)
{
    /* Writes to a closed pipe fail with EPIPE, which cli_finish_stdout
     * turns into a quiet exit 0 in every command, instead of death by
     * SIGPIPE (status 141). */
    signal(SIGPIPE, SIG_IGN);
    cli_hwloc_plugins_off();
    if (argc < 2)
        cli_usage_error("missing command (check, count, engines, estimate, merge, solve, verify, topology; see 'nqueens --help')");
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        if (argc > 2)
            cli_reject("help", argv[2]);
        usage();
        cli_finish_stdout();
        return 0;
    }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
        if (argc > 2)
            cli_usage_error("unexpected argument '%s' after --version", argv[2]);
        printf("nqueens %s\n", nq_version());
        cli_finish_stdout();
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(cmd, commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    if (cli_is_option(cmd))
        cli_usage_error("unknown option '%s' (see 'nqueens --help')", cmd);
    cli_usage_error("unknown command '%s' (commands: check, count, engines, estimate, merge, solve, verify, topology)", cmd);
}
