/* libnqueens' thread placement over NUMA nodes and cores (hwloc): part of
 * the public API, included by nqueens.h. */
#ifndef NQUEENS_TOPOLOGY_H
#define NQUEENS_TOPOLOGY_H

#include "nqueens.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Thread placement over NUMA nodes and cores, with hwloc. In a build without
 * hwloc, nq_topology_open gives NQ_ERR(ENOSYS) and nothing can be bound. */
typedef struct nq_topology nq_topology;

/* Binding modes. none: leave placement to OpenMP (OMP_PROC_BIND, OMP_PLACES).
 * numa: each thread on the whole cpuset of one NUMA node. core: each thread
 * on one PU (hardware thread), one core after another. */
enum { NQ_BIND_NONE, NQ_BIND_NUMA, NQ_BIND_CORE, NQ_BIND_MODES };

/* The mode called name ("none", "numa", "core"), or NQ_ERR(EINVAL); the
 * name of mode, or NULL if there is no such mode. */
NQ_API int nq_bind_mode_find(const char *name);
NQ_API const char *nq_bind_mode_name(int mode);

/* Loads a topology: hwloc's synthetic description `synthetic` if non-NULL
 * (e.g. "pack:2 numa:1 core:4 pu:2"), else the one in the HWLOC_SYNTHETIC
 * environment variable if set and non-empty, else this machine's.
 * NQ_ERR(EINVAL) if hwloc rejects the description, NQ_ERR(E2BIG) if it
 * makes more than NQ_MAX_PUS PUs (checked before hwloc reads it),
 * NQ_ERR(ENOSYS) without hwloc, another negative errno if hwloc fails. */
NQ_API int nq_topology_open(nq_topology **out, const char *synthetic);
NQ_API void nq_topology_close(nq_topology *topo);

typedef struct nq_topology_info {
    int packages, numa_nodes, cores, pus; /* packages, cores: 0 if it names none */
    int this_system; /* 0: synthetic, plans only; nothing is bound */
} nq_topology_info;

/* Counts of topo's objects. */
NQ_API void nq_topology_get_info(const nq_topology *topo, nq_topology_info *info);

/* PUs are named by OS index below this (glibc's CPU_SETSIZE). */
#define NQ_MAX_PUS 1024

/* Where one thread runs, planned or read back from the OS. */
typedef struct nq_placement {
    int thread;
    int numa; /* logical index of the first NUMA node holding all the PUs, or -1 */
    int npus; /* 0 if unknown (a synthetic topology's threads are not bound) */
    uint64_t pus[NQ_MAX_PUS / 64]; /* bit i: may run on the PU of OS index i */
} nq_placement;

/* The next PU OS index above `after` in p (start with -1), or -1 at the end. */
NQ_API int nq_placement_next_pu(const nq_placement *p, int after);

/* Plans out[0..threads-1] without binding anything.
 * numa: thread t goes to the t mod K-th of the K NUMA nodes that have PUs,
 *   so node loads differ by at most one (6 threads on 4 nodes: 2,2,1,1).
 * core: one PU per thread: the first PU of every core, the cores taken round
 *   robin over the NUMA nodes; then the second PU of every core, and so on;
 *   past the last PU, around again.
 * none: every thread on all PUs.
 * NQ_ERR(EINVAL) for threads outside 1..NQ_MAX_THREADS or an unknown mode,
 * NQ_ERR(ERANGE) if a PU's OS index is NQ_MAX_PUS or more. */
NQ_API int nq_placement_plan(const nq_topology *topo, int threads, int mode, nq_placement *out);

typedef struct nq_binder nq_binder; /* a run's plan, applied thread by thread */

/* Plans `threads` threads in `mode` on topo, which must outlive the binder.
 * Errors as nq_placement_plan, or NQ_ERR(ENOMEM). */
NQ_API int nq_binder_create(nq_binder **out, const nq_topology *topo, int threads, int mode);
NQ_API void nq_binder_destroy(nq_binder *binder);
/* The plan of thread (0 <= thread < threads), or NULL. */
NQ_API const nq_placement *nq_binder_plan(const nq_binder *binder, int thread);

/* Called by thread `thread` itself, at the start of the parallel region:
 * binds the calling thread to its planned PUs (mode none: leaves it as it
 * is), then reads its binding back from the OS into *readback if non-NULL.
 * On a topology that is not this machine's nothing is bound and readback
 * gets npus = 0. NQ_ERR(EINVAL) for a bad thread, else the OS's negative
 * errno if it refuses. Safe to call from several threads at once. */
NQ_API int nq_bind_thread(const nq_binder *binder, int thread, nq_placement *readback);

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_TOPOLOGY_H */
