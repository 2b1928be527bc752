/* The options of `count`, shared by nqueens and nqueens-mpi. */
#ifndef NQ_COMMON_COUNT_OPTIONS_H
#define NQ_COMMON_COUNT_OPTIONS_H

#include "nqueens.h"
#include "output.h"

#include <stdint.h>

typedef struct count_options {
    const char *command; /* "count" or "estimate", for messages */
    int n, threads, engine, depth, json, bind, progress;
    int recount;              /* --recount: the checkpoint's subproblems counted again */
    const char *checkpoint;
    int part, parts;         /* --part K/M; 0 and 0: the whole count */
    double checkpoint_every; /* CLI_CHECKPOINT_EVERY unless given */
    unsigned long stop_after; /* hidden, for tests: stop after K subproblems */
    int engine_given;         /* --engine was given */
    int threads_given;        /* -t was given */
    uint64_t max_memory;      /* --max-memory in bytes; 0: the memory available */
    double seconds;           /* estimate --seconds; 0: the default budget */
    uint64_t seed;            /* estimate --seed */
    int seed_given;
    size_t samples;           /* estimate --sample; 0: by the budget */
    int slices;               /* estimate --slices: 1 on, -1 off, 0 auto */
} count_options;

/* Seconds between two checkpoint writes unless --checkpoint-every says:
 * the library's own default. */
#define CLI_CHECKPOINT_EVERY NQ_CHECKPOINT_EVERY

enum {
    COUNT_LOCAL = 1,    /* --bind and --progress: one process only */
    COUNT_ESTIMATE = 2, /* nqueens estimate: --seconds, --seed and --sample, no checkpoint */
};

/* The options part of count's --help, the same words in both programs:
 * `accept` as for parse_count_options; the engines listed are those the
 * program runs (every one with COUNT_LOCAL, the parallel ones without),
 * the default first. */
void print_count_options_help(int accept);

/* Exits with the line for a count that failed with err (a plan too large for
 * --depth is a usage error, status 2; anything else status 1). */
CLI_NORETURN void count_failed(const count_options *o, int err);
/* The same for a count that started (`started`: it opened its checkpoint
 * and took work): adds whether the work done is saved, or why it could not
 * be (save_error; message: the library's line, "" if none). */
CLI_NORETURN void count_failed_saving(const count_options *o, int err, int started,
                                      int save_error, const char *message);

/* Parses count's arguments (argv[0] is the command: "count", or "estimate"
 * with COUNT_ESTIMATE), checks how they go together, and sets the default
 * threads. --help calls help() and exits 0;
 * bad input exits 2. `accept` says which optional groups are allowed. */
void parse_count_options(int argc, char **argv, int accept, void (*help)(void),
                         count_options *o);

#endif
