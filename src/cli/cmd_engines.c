/* nqueens engines: the engine table for people and, with --json, for
 * scripts (bench/run.sh reads it instead of parsing count --help). */
#include "commands.h"
#include "count_options.h"
#include "option_parser.h"
#include "output.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void usage(void)
{
    printf("usage: nqueens engines [--json]\n\n"
           "Lists the engines by the names count's '--engine' takes, in the library's\n"
           "order: the first is the default (a count without '--engine' takes the first\n"
           "that fits in memory, and that takes '--depth' when it is given).\n\n"
           "options:\n"
           "  --json           one JSON object on stdout: for each engine its name,\n"
           "                   description, parallel (OpenMP, checkpoints, parts),\n"
           "                   gives_unique (U(N) too), uses_depth (takes '--depth')\n"
           "                   and default\n"
           "  -h, --help       this help\n");
}

/* The library's choice for a count without --engine or --depth where
 * memory is no limit (nq_count_engine). */
static int default_engine(void)
{
    nq_count_params p = nq_count_params_default(NQ_MIN_N);
    p.max_memory = UINT64_MAX;
    const int chosen = nq_count_engine(&p);
    return chosen < 0 ? 0 : chosen;
}

static void print_json(void)
{
    const int chosen = default_engine();
    printf("{\"version\":\"%s\",\"engines\":[", nq_version());
    for (int i = 0; i < nq_engine_count(); i++) {
        const nq_engine_info *e = nq_engine_get(i);
        printf("%s{\"name\":", i ? "," : "");
        cli_json_string(stdout, e->name);
        fputs(",\"description\":", stdout);
        cli_json_string(stdout, e->description);
        printf(",\"parallel\":%s,\"gives_unique\":%s,\"uses_depth\":%s,\"default\":%s}",
               e->parallel ? "true" : "false", e->gives_unique ? "true" : "false",
               e->uses_depth ? "true" : "false", i == chosen ? "true" : "false");
    }
    fputs("]}\n", stdout);
}

static void print_human(void)
{
    const int chosen = default_engine();
    for (int i = 0; i < nq_engine_count(); i++) {
        const nq_engine_info *e = nq_engine_get(i);
        char text[300];
        snprintf(text, sizeof text, "%s%s%s", e->description,
                 e->uses_depth ? "; takes --depth" : "", i == chosen ? " (the default)" : "");
        cli_print_wrapped(e->name, text);
    }
}

int cmd_engines(int argc, char **argv)
{
    const char *value;
    int json = 0;
    enum { HELP, JSON };
    static const cli_option options[] = {
        { "help", 'h', 0, HELP },
        { "json", 0, 0, JSON },
        { NULL, 0, 0, 0 },
    };
    cli_parser parser;
    cli_parser_init(&parser, argc, argv, 1, "engines", options);
    for (int id; (id = cli_next_option(&parser, &value)) != CLI_DONE;) {
        switch (id) {
        case HELP: cli_help(usage);
        case JSON: json = 1; break;
        default: cli_reject("engines", value);
        }
    }
    if (json)
        print_json();
    else
        print_human();
    cli_finish_stdout();
    return 0;
}
