/* The options of `count`, shared by nqueens and nqueens-mpi. */
#ifndef NQ_COMMON_COUNT_OPTIONS_H
#define NQ_COMMON_COUNT_OPTIONS_H

#include <stdint.h>

typedef struct count_options {
    int n, threads, engine, depth, json, bind, progress;
    const char *checkpoint;
    double checkpoint_every; /* CLI_CHECKPOINT_EVERY unless given */
    unsigned long stop_after; /* hidden, for tests: stop after K subproblems */
    int engine_given;         /* --engine was given */
    uint64_t max_memory;      /* --max-memory in bytes; 0: the memory available */
} count_options;

/* Seconds between two checkpoint writes unless --checkpoint-every says. */
#define CLI_CHECKPOINT_EVERY 30

enum {
    COUNT_LOCAL = 1, /* --bind and --progress: one process only */
};

/* Parses count's arguments (argv[0] is "count"), checks how they go
 * together, and sets the default threads. --help calls help() and exits 0;
 * bad input exits 2. `accept` says which optional groups are allowed. */
void parse_count_options(int argc, char **argv, int accept, void (*help)(void),
                         count_options *o);

#endif
