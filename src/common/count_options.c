#include "count_options.h"

#include "args.h"
#include "options.h"
#include "placement_print.h"

#include <stdlib.h>

void parse_count_options(int argc, char **argv, int accept, void (*help)(void),
                         count_options *o)
{
    *o = (count_options){ .bind = NQ_BIND_NONE };
    const char *n_arg = NULL, *value;
    enum { HELP, THREADS, ENGINE, MAX_MEMORY, DEPTH, BIND, JSON, PROGRESS, CHECKPOINT,
           CHECKPOINT_EVERY, STOP_AFTER };
    /* nqueens-mpi takes neither --bind nor --progress (not COUNT_LOCAL). */
    const cli_option local[] = {
        { "bind", 0, 1, BIND },
        { "progress", 0, 0, PROGRESS },
    };
    cli_option options[16] = {
        { "help", 'h', 0, HELP },
        { "threads", 't', 1, THREADS },
        { "engine", 0, 1, ENGINE },
        { "max-memory", 0, 1, MAX_MEMORY },
        { "depth", 0, 1, DEPTH },
        { "json", 0, 0, JSON },
        { "checkpoint", 0, 1, CHECKPOINT },
        { "checkpoint-every", 0, 1, CHECKPOINT_EVERY },
        { "stop-after", 0, 1, STOP_AFTER },
    };
    if (accept & COUNT_LOCAL) {
        options[9] = local[0];
        options[10] = local[1];
    }
    cli_parser p;
    cli_parser_init(&p, argc, argv, 1, "count", options);
    for (int id; (id = cli_next_option(&p, &value)) != CLI_DONE;) {
        switch (id) {
        case HELP: cli_help(help);
        case THREADS: o->threads = cli_parse_threads(value); break;
        case ENGINE:
            o->engine = cli_parse_engine(value);
            o->engine_given = 1;
            break;
        case MAX_MEMORY: o->max_memory = cli_parse_size(value, "--max-memory"); break;
        case DEPTH: o->depth = (int)cli_parse_range(value, "depth", 1, NQ_MAX_DEPTH); break;
        case BIND: o->bind = cli_parse_bind(value); break;
        case JSON: o->json = 1; break;
        case PROGRESS: o->progress = 1; break;
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
        default: /* CLI_OPERAND */
            if (n_arg)
                cli_reject("count", value);
            n_arg = value;
        }
    }
    if (!n_arg)
        cli_usage_error("count: missing N, a whole number from %d to %d", NQ_MIN_N, NQ_MAX_N);
    o->n = cli_parse_n(n_arg);
    if (!o->threads)
        o->threads = cli_default_threads();
    /* Without --engine: the first engine of the table (the fastest) that
     * takes --depth if one is given and whose memory fits; halves up to
     * n = 26 or so, parallel-sym8 beyond, which needs almost none. */
    if (!o->engine_given) {
        const uint64_t limit = o->max_memory ? o->max_memory : nq_memory_available();
        for (int i = nq_engine_count() - 1; i >= 0; i--) {
            const nq_engine_info *e = nq_engine_get(i);
            if (e->parallel && (!o->depth || e->uses_depth) &&
                (!limit || nq_count_memory(o->n, i, o->threads) <= limit))
                o->engine = i;
        }
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
