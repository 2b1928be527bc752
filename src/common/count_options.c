#include "count_options.h"

#include "args.h"
#include "placement_print.h"

#include <stdlib.h>

void parse_count_options(int argc, char **argv, int accept, void (*help)(void),
                         count_options *o)
{
    *o = (count_options){ .bind = NQ_BIND_NONE };
    const char *n_arg = NULL, *value;
    const int local = accept & COUNT_LOCAL;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (cli_opt_flag(arg, "-h", "--help")) {
            help();
            cli_finish_stdout();
            exit(0);
        } else if (cli_opt_value(argc, argv, &i, "-t", "--threads", &value)) {
            o->threads = cli_parse_threads(value);
        } else if (cli_opt_value(argc, argv, &i, NULL, "--engine", &value)) {
            o->engine = cli_parse_engine(value);
            o->engine_given = 1;
        } else if (cli_opt_value(argc, argv, &i, NULL, "--max-memory", &value)) {
            o->max_memory = cli_parse_size(value, "--max-memory");
        } else if (cli_opt_value(argc, argv, &i, NULL, "--depth", &value)) {
            o->depth = (int)cli_parse_range(value, "depth", 1, NQ_MAX_DEPTH);
        } else if (local && cli_opt_value(argc, argv, &i, NULL, "--bind", &value)) {
            o->bind = cli_parse_bind(value);
        } else if (cli_opt_flag(arg, NULL, "--json")) {
            o->json = 1;
        } else if (local && cli_opt_flag(arg, NULL, "--progress")) {
            o->progress = 1;
        } else if (cli_opt_value(argc, argv, &i, NULL, "--checkpoint", &value)) {
            if (!*value)
                cli_usage_error("--checkpoint needs a file name");
            o->checkpoint = value;
        } else if (cli_opt_value(argc, argv, &i, NULL, "--checkpoint-every", &value)) {
            o->checkpoint_every = cli_parse_seconds(value, "--checkpoint-every");
        } else if (cli_opt_value(argc, argv, &i, NULL, "--stop-after", &value)) {
            o->stop_after = (unsigned long)cli_parse_range(value, "--stop-after", 1, 1L << 40);
        } else if (!cli_is_option(arg) && !n_arg) {
            n_arg = arg;
        } else {
            cli_reject("count", arg);
        }
    }
    if (!n_arg)
        cli_usage_error("count: missing N, a whole number from %d to %d", NQ_MIN_N, NQ_MAX_N);
    o->n = cli_parse_n(n_arg);
    if (!o->threads)
        o->threads = cli_default_threads();
    /* The default engine is the fastest, halves, where its memory fits;
     * beyond (n >= 26 or so), parallel-sym8, which needs almost none. With
     * --depth, the engine that takes one. */
    if (!o->engine_given && o->depth)
        o->engine = nq_engine_find("parallel-sym8");
    if (!o->engine_given && !o->depth) {
        const uint64_t limit = o->max_memory ? o->max_memory : nq_memory_available();
        if (limit && nq_count_memory(o->n, o->engine, o->threads) > limit)
            o->engine = nq_engine_find("parallel-sym8");
    }
    const nq_engine_info *info = nq_engine_get(o->engine);
    if (o->depth && !info->uses_depth)
        cli_usage_error("--depth applies to the engines that pre-expand rows only, not '%s'",
                        info->name);
    if (!info->parallel && (o->checkpoint || o->progress || o->stop_after))
        cli_usage_error("--checkpoint, --progress apply to the parallel engines only, not '%s'",
                        info->name);
    if (o->checkpoint_every && !o->checkpoint)
        cli_usage_error("--checkpoint-every needs --checkpoint FILE");
    if (!o->checkpoint_every)
        o->checkpoint_every = CLI_CHECKPOINT_EVERY;
}
