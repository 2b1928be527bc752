#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu */
#include "binding.h"

#include "output.h"

#ifdef __linux__
#include <sched.h>
#endif
#include <stdio.h>
#include <stdlib.h>

void cli_hwloc_plugins_off(void)
{
    /* They took 2.8 ms of a 7.5 ms count 12 --bind core here (the topology
     * itself 1.9); hwloc's XML import works without libxml2. */
    setenv("HWLOC_PLUGINS_BLACKLIST",
           "hwloc_pci,hwloc_opencl,hwloc_gl,hwloc_xml_libxml,hwloc_cuda,hwloc_nvml,hwloc_rsmi,"
           "hwloc_levelzero",
           0);
}

const char *cli_topology_source(char *buf, size_t size)
{
    static const char *const names[] = { "HWLOC_SYNTHETIC", "HWLOC_XMLFILE" };
    for (int i = 0; i < 2; i++) {
        const char *v = getenv(names[i]);
        if (v && *v) {
            snprintf(buf, size, "%s='%s'", names[i], v);
            return buf;
        }
    }
    return "hwloc's environment";
}

nq_topology *cli_topology_open(const char *needed_for)
{
    nq_topology *topo = NULL;
    const int err = nq_topology_open(&topo, NULL);
    if (err == NQ_ERR(ENOSYS)) {
        if (needed_for)
            cli_usage_error("%s needs hwloc, and this nqueens is built without it (use --bind none)",
                            needed_for);
        return NULL;
    }
    const char *synthetic = getenv("HWLOC_SYNTHETIC");
    char source[300];
    if (err == NQ_ERR(EINVAL) && synthetic && *synthetic)
        cli_usage_error("hwloc rejects HWLOC_SYNTHETIC='%s' (e.g. 'pack:2 numa:1 core:4 pu:2')",
                        synthetic);
    if (err == NQ_ERR(EINVAL))
        cli_usage_error("hwloc cannot load the topology of %s",
                        cli_topology_source(source, sizeof source));
    if (err == NQ_ERR(E2BIG))
        cli_usage_error("HWLOC_SYNTHETIC='%s' describes more than %d PUs, more than nqueens "
                        "places threads on",
                        synthetic, NQ_MAX_PUS);
    if (err)
        cli_fail("cannot read the machine's topology with hwloc: %s", nq_strerror(err));
    return topo;
}

const char *cli_bind_mode_name(int mode)
{
    return mode == CLI_BIND_AUTO ? "auto" : nq_bind_mode_name(mode);
}

/* auto's plan into b->cpus: thread 0 gets the caller's CPU (in count it is
 * the caller; solve's caller, the writer, is never bound), the others take
 * the rest of the set in order. Unbound OpenMP threads start on their
 * creator's CPU and move at the scheduler's next tick on this 2-vCPU VM
 * (4 ms of a 32 ms count 16 -t 2; doc/placement.md); a bound thread runs
 * where it is put. The user's own OpenMP placement wins. */
static void auto_plan(cli_binding *b)
{
#ifdef __linux__
    static const char *const openmp[] = { "OMP_PROC_BIND", "OMP_PLACES", "GOMP_CPU_AFFINITY" };
    for (size_t i = 0; i < sizeof openmp / sizeof openmp[0]; i++)
        if (getenv(openmp[i]))
            return;
    if (b->threads < 2)
        return;
    cpu_set_t *set = malloc(sizeof *set);
    if (!set || sched_getaffinity(0, sizeof *set, set) ||
        CPU_COUNT(set) != b->threads || !(b->cpus = malloc((size_t)b->threads * sizeof *b->cpus))) {
        free(set);
        return;
    }
    const int here = sched_getcpu();
    int k = 0;
    if (here >= 0 && here < CPU_SETSIZE && CPU_ISSET(here, set))
        b->cpus[k++] = here;
    for (int c = 0; c < CPU_SETSIZE && k < b->threads; c++)
        if (c != here && CPU_ISSET(c, set))
            b->cpus[k++] = c;
    b->caller_cpus = set;
#else
    (void)b;
#endif
}

void cli_binding_open(cli_binding *b, int threads, int mode, int report)
{
    char needed_for[32];
    snprintf(needed_for, sizeof needed_for, "--bind %s", cli_bind_mode_name(mode));
    *b = (cli_binding){ .threads = threads, .mode = mode };
    if (mode == CLI_BIND_AUTO) {
        auto_plan(b);
        mode = NQ_BIND_NONE; /* hwloc only reads back */
    }
    /* --bind none needs no topology: it is read only to report where the
     * threads ran (`report`: count --json), and whatever fails there is left
     * unreported. Not read otherwise: hwloc's start with its plugins is a
     * large share of a short count; without them (cli_hwloc_plugins_off)
     * the topology is cheap (doc/placement.md). */
    if (mode == NQ_BIND_NONE) {
        if (!report || nq_topology_open(&b->topo, NULL))
            return;
    } else if (!(b->topo = cli_topology_open(needed_for))) {
        return;
    }
    int err = nq_binder_create(&b->binder, b->topo, threads, mode);
    if (err && mode == NQ_BIND_NONE) {
        nq_topology_close(b->topo);
        b->topo = NULL;
        return;
    }
    if (err)
        cli_fail("cannot plan %d threads with %s: %s", threads, needed_for, nq_strerror(err));
    b->placement = calloc((size_t)threads, sizeof *b->placement);
    if (!b->placement)
        cli_fail("out of memory");
    nq_topology_info info;
    nq_topology_get_info(b->topo, &info);
    if (!info.this_system && mode != NQ_BIND_NONE) {
        char source[300];
        fprintf(stderr,
                "nqueens: note: %s describes another machine; %s is planned but not "
                "applied\n",
                cli_topology_source(source, sizeof source), needed_for);
    }
}

void cli_binding_close(cli_binding *b)
{
#ifdef __linux__
    if (b->caller_cpus) /* thread 0 was the caller */
        sched_setaffinity(0, sizeof(cpu_set_t), b->caller_cpus);
#endif
    free(b->caller_cpus);
    free(b->cpus);
    nq_binder_destroy(b->binder);
    nq_topology_close(b->topo);
    free(b->placement);
    *b = (cli_binding){ 0 };
}

void cli_binding_thread_start(void *ctx, int thread)
{
    cli_binding *b = ctx;
#ifdef __linux__
    if (b->cpus && thread >= 0 && thread < b->threads) {
        /* Best effort: a thread left unbound still counts. */
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(b->cpus[thread], &one);
        sched_setaffinity(0, sizeof one, &one);
    }
#endif
    if (!b->binder)
        return;
    const int err = nq_bind_thread(b->binder, thread, &b->placement[thread]);
    /* Threads write only their own entry; the first error is kept. */
    if (err) {
        int none = 0;
        __atomic_compare_exchange_n(&b->error, &none, err, 0, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED);
    }
}

void cli_binding_check(const cli_binding *b)
{
    if (b->error)
        cli_fail("cannot bind a thread with --bind %s: %s", cli_bind_mode_name(b->mode),
                 nq_strerror(b->error));
}

int cli_binding_known(const cli_binding *b)
{
    if (!b->binder)
        return 0;
    for (int t = 0; t < b->threads; t++)
        if (b->placement[t].npus > 0)
            return 1;
    return 0;
}
