/* Thread binding for --bind (count, solve and topology): the topology, the
 * threads bound as they start, and where they ended up. */
#ifndef NQ_COMMON_BINDING_H
#define NQ_COMMON_BINDING_H

#include "nqueens.h"

/* Keeps hwloc from loading its I/O plugins (PCI, OpenCL, GL with X11,
 * libxml2 with ICU, GPU libraries): nqueens reads only packages, NUMA nodes,
 * cores and PUs. Call first in main, before any thread starts (it sets
 * HWLOC_PLUGINS_BLACKLIST unless the user has). */
void cli_hwloc_plugins_off(void);

/* Where a topology that is not this machine's comes from, for messages:
 * "HWLOC_SYNTHETIC='...'", "HWLOC_XMLFILE='...'" or "hwloc's environment". */
const char *cli_topology_source(char *buf, size_t size);

/* The topology named by HWLOC_SYNTHETIC, or this machine's. Without hwloc:
 * NULL, or a usage error if `needed_for` (e.g. "--bind numa") needs it. A
 * description hwloc rejects is a usage error; other failures exit 1. */
nq_topology *cli_topology_open(const char *needed_for);

/* --bind auto, count's default: one thread per CPU of the process's CPU set,
 * each bound to its own CPU, when the threads fill that set and the user has
 * set no OpenMP placement; otherwise as none. Needs no hwloc. */
#define CLI_BIND_AUTO NQ_BIND_MODES

/* "auto" or the library's name of the mode. */
const char *cli_bind_mode_name(int mode);

/* Binding of one run: pass cli_binding_hooks to the driver, whose threads
 * then bind themselves and record where they ended up. */
typedef struct cli_binding {
    nq_topology *topo;       /* NULL without hwloc: nothing bound or read back */
    nq_binder *binder;
    nq_placement *placement; /* `threads` entries, read back by the threads */
    int *cpus;               /* auto: thread t's CPU; NULL: auto binds nothing */
    void *caller_cpus;       /* auto: the caller's CPU set, given back at close */
    int threads;
    int mode;
    int error; /* first nq_bind_thread error, 0 if none */
} cli_binding;

/* Prepares `threads` threads in `mode` (exits on error as cli_topology_open).
 * Modes none and auto bind through hwloc nothing, and read back where the
 * threads ran only if `report` (the placement is printed).
 * On a synthetic topology, says on stderr that nothing will be bound. */
void cli_binding_open(cli_binding *b, int threads, int mode, int report);
void cli_binding_close(cli_binding *b);
/* A run hook: binds thread `thread` of the cli_binding ctx. */
void cli_binding_thread_start(void *ctx, int thread);
/* After the run: exits 1 naming the failure if a thread could not bind. */
void cli_binding_check(const cli_binding *b);
/* 1 if the run read back a placement worth reporting. */
int cli_binding_known(const cli_binding *b);

#endif
