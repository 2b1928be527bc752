#include "binding.h"

#include "output.h"

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

void cli_binding_open(cli_binding *b, int threads, int mode, int report)
{
    char needed_for[32];
    snprintf(needed_for, sizeof needed_for, "--bind %s", nq_bind_mode_name(mode));
    *b = (cli_binding){ .threads = threads, .mode = mode };
    /* --bind none needs no topology: it is read only to report where the
     * threads ran (`report`: count --json), and whatever fails there is left
     * unreported. Not read otherwise: hwloc's start with its plugins took 60
     * ms of a 0.1 s count 16 when that was measured (8f74bab); without them
     * (cli_hwloc_plugins_off) the topology takes about 2 ms. */
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
    nq_binder_destroy(b->binder);
    nq_topology_close(b->topo);
    free(b->placement);
    *b = (cli_binding){ 0 };
}

void cli_binding_thread_start(void *ctx, int thread)
{
    cli_binding *b = ctx;
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
        cli_fail("cannot bind a thread with --bind %s: %s", nq_bind_mode_name(b->mode),
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
