/* --bind and the thread placement report, shared by count, solve and topology. */
#ifndef NQ_COMMON_PLACEMENT_PRINT_H
#define NQ_COMMON_PLACEMENT_PRINT_H

#include "nqueens.h"

#include <stdio.h>

/* --bind MODE: the NQ_BIND_* mode, or a usage error naming the value and
 * listing none, numa, core. */
int cli_parse_bind(const char *s);

/* The topology named by HWLOC_SYNTHETIC, or this machine's. Without hwloc:
 * NULL, or a usage error if `needed_for` (e.g. "--bind numa") needs it. A
 * description hwloc rejects is a usage error; other failures exit 1. */
nq_topology *cli_topology_open(const char *needed_for);

/* Binding of one run: pass cli_binding_hooks to the driver, whose threads
 * then bind themselves and record where they ended up. */
typedef struct cli_binding {
    nq_topology *topo;       /* NULL without hwloc: nothing bound or read back */
    nq_binder *binder;
    nq_placement *placement; /* `threads` entries, read back by the threads */
    int threads;
    int mode;
    int error; /* first nq_bind_thread error, 0 if none */
} cli_binding;

/* Prepares `threads` threads in `mode` (exits on error as cli_topology_open).
 * Mode none binds nothing but still reads back where OpenMP put the threads.
 * On a synthetic topology, says on stderr that nothing will be bound. */
void cli_binding_open(cli_binding *b, int threads, int mode);
void cli_binding_close(cli_binding *b);
/* A run hook: binds thread `thread` of the cli_binding ctx. */
void cli_binding_thread_start(void *ctx, int thread);
/* After the run: exits 1 naming the failure if a thread could not bind. */
void cli_binding_check(const cli_binding *b);
/* 1 if the run read back a placement worth reporting. */
int cli_binding_known(const cli_binding *b);

/* p's PU OS indexes as ranges: "0-3,8,10-11". */
void cli_print_pus(FILE *f, const nq_placement *p);
/* [{"thread":0,"numa":0,"pus":[0,1]},...] (numa null if no single node). */
void cli_placement_json(FILE *f, const nq_placement *p, int count);
/* One short line, threads with the same PUs grouped:
 * "threads 0,2 on PUs 0-1 (node 0); threads 1,3 on PUs 2-3 (node 1)". */
void cli_placement_line(FILE *f, const nq_placement *p, int count);

#endif
