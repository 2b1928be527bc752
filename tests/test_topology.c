/* Thread placement: plans on hwloc synthetic topologies (whose PU OS indexes
 * are numbered in order: in "pack:2 numa:1 core:4 pu:2", node 0 holds PUs
 * 0-7, core c holds PUs 2c and 2c+1), and binding read back on this machine. */
#include "nqueens.h"
#include "nq_config.h"

#include <criterion/criterion.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if NQ_HAVE_HWLOC

static nq_topology *open_synthetic(const char *desc)
{
    nq_topology *t = NULL;
    const int err = nq_topology_open(&t, desc);
    cr_assert_eq(err, 0, "nq_topology_open(\"%s\") = %d", desc, err);
    return t;
}

static nq_placement *plan(const char *desc, int threads, int mode)
{
    nq_topology *t = open_synthetic(desc);
    nq_placement *p = calloc((size_t)threads, sizeof *p);
    cr_assert_not_null(p);
    const int err = nq_placement_plan(t, threads, mode, p);
    cr_assert_eq(err, 0, "plan(%s, %d, %s) = %d", desc, threads, nq_bind_mode_name(mode), err);
    nq_topology_close(t);
    return p;
}

/* The only PU of a core-mode entry. */
static int only_pu(const nq_placement *p)
{
    cr_assert_eq(p->npus, 1, "thread %d has %d PUs", p->thread, p->npus);
    return nq_placement_next_pu(p, -1);
}

static int pu_count(const nq_placement *p)
{
    int n = 0;
    for (int pu = -1; (pu = nq_placement_next_pu(p, pu)) >= 0;)
        n++;
    return n;
}

Test(topology, modes_by_name)
{
    for (int m = 0; m < NQ_BIND_MODES; m++)
        cr_expect_eq(nq_bind_mode_find(nq_bind_mode_name(m)), m);
    cr_expect_eq(nq_bind_mode_find("socket"), NQ_ERR(EINVAL));
    cr_expect_eq(nq_bind_mode_find(""), NQ_ERR(EINVAL));
    cr_expect_null(nq_bind_mode_name(NQ_BIND_MODES));
    cr_expect_null(nq_bind_mode_name(-1));
}

Test(topology, counts_of_a_synthetic_topology)
{
    nq_topology *t = open_synthetic("pack:2 numa:1 core:4 pu:2");
    nq_topology_info info;
    nq_topology_get_info(t, &info);
    cr_expect_eq(info.packages, 2);
    cr_expect_eq(info.numa_nodes, 2);
    cr_expect_eq(info.cores, 8);
    cr_expect_eq(info.pus, 16);
    cr_expect_eq(info.this_system, 0);
    nq_topology_close(t);
}

Test(topology, rejected_synthetic_string)
{
    nq_topology *t = (nq_topology *)&t; /* must be reset to NULL */
    cr_expect_eq(nq_topology_open(&t, "pack:two core:1"), NQ_ERR(EINVAL));
    cr_expect_null(t);
}

Test(topology, environment_variable_is_read_and_checked)
{
    setenv("HWLOC_SYNTHETIC", "numa:3 core:2 pu:1", 1);
    nq_topology *t = NULL;
    cr_assert_eq(nq_topology_open(&t, NULL), 0);
    nq_topology_info info;
    nq_topology_get_info(t, &info);
    cr_expect_eq(info.numa_nodes, 3);
    cr_expect_eq(info.pus, 6);
    nq_topology_close(t);
    /* hwloc alone would fall back to this machine without a word. */
    setenv("HWLOC_SYNTHETIC", "numa:3 bogus", 1);
    cr_expect_eq(nq_topology_open(&t, NULL), NQ_ERR(EINVAL));
}

Test(topology, bad_plan_arguments)
{
    nq_topology *t = open_synthetic("numa:2 core:2 pu:1");
    nq_placement p[2];
    cr_expect_eq(nq_placement_plan(t, 0, NQ_BIND_CORE, p), NQ_ERR(EINVAL));
    cr_expect_eq(nq_placement_plan(t, NQ_MAX_THREADS + 1, NQ_BIND_CORE, p), NQ_ERR(EINVAL));
    cr_expect_eq(nq_placement_plan(t, 2, NQ_BIND_MODES, p), NQ_ERR(EINVAL));
    nq_binder *b = (nq_binder *)&b;
    cr_expect_eq(nq_binder_create(&b, t, 2, -1), NQ_ERR(EINVAL));
    cr_expect_null(b);
    nq_topology_close(t);
}

/* numa mode: every thread on a whole node; node loads differ by at most one. */
static void check_numa_spread(const char *desc, int nodes, int pus_per_node, int threads)
{
    nq_placement *p = plan(desc, threads, NQ_BIND_NUMA);
    int load[64] = { 0 };
    cr_assert_leq(nodes, 64);
    for (int t = 0; t < threads; t++) {
        cr_assert_eq(p[t].thread, t);
        cr_assert(p[t].numa >= 0 && p[t].numa < nodes, "thread %d on node %d", t, p[t].numa);
        load[p[t].numa]++;
        cr_expect_eq(p[t].npus, pus_per_node);
        cr_expect_eq(pu_count(&p[t]), p[t].npus);
        /* Synthetic nodes hold consecutive PUs. */
        cr_expect_eq(nq_placement_next_pu(&p[t], -1), p[t].numa * pus_per_node);
    }
    int lo = threads, hi = 0;
    for (int n = 0; n < nodes; n++) {
        lo = load[n] < lo ? load[n] : lo;
        hi = load[n] > hi ? load[n] : hi;
    }
    cr_expect_leq(hi - lo, 1, "%s, %d threads: node loads from %d to %d", desc, threads, lo, hi);
    free(p);
}

Test(topology, numa_one_node)
{
    check_numa_spread("pack:1 core:4 pu:2", 1, 8, 3);
    check_numa_spread("pack:1 core:4 pu:2", 1, 8, 20);
}

Test(topology, numa_two_nodes)
{
    for (int threads = 1; threads <= 9; threads++)
        check_numa_spread("pack:2 numa:1 core:4 pu:2", 2, 8, threads);
}

Test(topology, numa_four_nodes_uneven)
{
    for (int threads = 1; threads <= 13; threads++)
        check_numa_spread("pack:2 numa:2 core:2 pu:2", 4, 4, threads);
    /* Threads spread over nodes as evenly as they go: 6 on 4 nodes go 2, 2, 1, 1. */
    nq_placement *p = plan("numa:4 core:2 pu:1", 6, NQ_BIND_NUMA);
    int load[4] = { 0 };
    for (int t = 0; t < 6; t++)
        load[p[t].numa]++;
    cr_expect(load[0] == 2 && load[1] == 2 && load[2] == 1 && load[3] == 1,
              "loads %d,%d,%d,%d", load[0], load[1], load[2], load[3]);
    free(p);
}

/* core mode on "numa:N core:C pu:P" with cores numbered in order. */
static void check_core_order(int nodes, int cores, int pus_per_core, int threads)
{
    char desc[64];
    snprintf(desc, sizeof desc, "numa:%d core:%d pu:%d", nodes, cores, pus_per_core);
    nq_placement *p = plan(desc, threads, NQ_BIND_CORE);
    const int all_cores = nodes * cores, all_pus = all_cores * pus_per_core;
    for (int t = 0; t < threads; t++) {
        const int pu = only_pu(&p[t]);
        const int core = pu / pus_per_core, node = core / cores;
        cr_expect_eq(p[t].numa, node, "%s thread %d: PU %d, node %d", desc, t, pu, p[t].numa);
        /* The t-th PU in the order: slot t / cores-overall, cores dealt
         * round robin over the nodes. */
        const int k = t % all_pus, slot = k / all_cores, dealt = k % all_cores;
        cr_expect_eq(node, dealt % nodes, "%s thread %d: node %d", desc, t, node);
        cr_expect_eq(core % cores, dealt / nodes, "%s thread %d: core %d", desc, t, core);
        cr_expect_eq(pu % pus_per_core, slot, "%s thread %d: PU %d", desc, t, pu);
        if (t >= all_pus)
            cr_expect_eq(pu, nq_placement_next_pu(&p[t - all_pus], -1), "%s: wrap at %d", desc, t);
    }
    /* Up to one thread per core: all on distinct cores. */
    for (int a = 0; a < threads && a < all_cores; a++)
        for (int b = a + 1; b < threads && b < all_cores; b++)
            cr_expect_neq(only_pu(&p[a]) / pus_per_core, only_pu(&p[b]) / pus_per_core);
    free(p);
}

Test(topology, core_one_node)
{
    check_core_order(1, 4, 2, 3);
    check_core_order(1, 4, 2, 8);
    check_core_order(1, 4, 2, 11); /* more threads than PUs */
}

Test(topology, core_two_nodes)
{
    check_core_order(2, 4, 2, 2);
    check_core_order(2, 4, 2, 5);
    check_core_order(2, 4, 2, 12); /* into the second PU of each core */
    check_core_order(2, 4, 2, 40);
}

Test(topology, core_four_nodes)
{
    check_core_order(4, 2, 1, 6);
    check_core_order(4, 2, 4, 19);
    check_core_order(4, 3, 2, 24);
    check_core_order(4, 3, 2, 25);
}

Test(topology, core_without_core_objects)
{
    /* Each PU counts as a core; the nodes are still dealt round robin. */
    nq_placement *p = plan("numa:2 pu:3", 4, NQ_BIND_CORE);
    const int want[4] = { 0, 3, 1, 4 };
    for (int t = 0; t < 4; t++)
        cr_expect_eq(only_pu(&p[t]), want[t], "thread %d", t);
    free(p);
}

Test(topology, none_is_everywhere)
{
    nq_placement *p = plan("pack:2 numa:1 core:4 pu:2", 3, NQ_BIND_NONE);
    for (int t = 0; t < 3; t++) {
        cr_expect_eq(p[t].npus, 16);
        cr_expect_eq(p[t].numa, -1, "no single node holds all PUs");
    }
    free(p);
}

Test(topology, synthetic_binder_binds_nothing)
{
    nq_topology *t = open_synthetic("numa:2 core:2 pu:1");
    nq_binder *b = NULL;
    cr_assert_eq(nq_binder_create(&b, t, 3, NQ_BIND_CORE), 0);
    cr_expect_eq(nq_binder_plan(b, 1)->numa, 1);
    cr_expect_null(nq_binder_plan(b, 3));
    nq_placement back;
    cr_expect_eq(nq_bind_thread(b, 2, &back), 0);
    cr_expect_eq(back.thread, 2);
    cr_expect_eq(back.npus, 0);
    cr_expect_eq(nq_bind_thread(b, 3, &back), NQ_ERR(EINVAL));
    nq_binder_destroy(b);
    nq_topology_close(t);
}

/* This machine: every thread of an OpenMP region binds itself and reads the
 * binding back; it must be the plan. */
static void check_readback(int threads, int mode)
{
    unsetenv("HWLOC_SYNTHETIC");
    nq_topology *t = NULL;
    cr_assert_eq(nq_topology_open(&t, NULL), 0);
    nq_topology_info info;
    nq_topology_get_info(t, &info);
    cr_assert_eq(info.this_system, 1);
    nq_binder *b = NULL;
    cr_assert_eq(nq_binder_create(&b, t, threads, mode), 0);
    nq_placement *back = calloc((size_t)threads, sizeof *back);
    int *errs = calloc((size_t)threads, sizeof *errs);
    int ran = 0;
    cr_assert(back && errs);
#pragma omp parallel num_threads(threads)
    {
        const int me = omp_get_thread_num();
        errs[me] = nq_bind_thread(b, me, &back[me]);
#pragma omp master
        ran = omp_get_num_threads();
    }
    cr_assert_eq(ran, threads);
    for (int i = 0; i < threads; i++) {
        const nq_placement *want = nq_binder_plan(b, i);
        cr_expect_eq(errs[i], 0, "thread %d: %d", i, errs[i]);
        cr_expect_eq(back[i].thread, i);
        cr_expect_eq(back[i].numa, want->numa, "thread %d", i);
        cr_expect_eq(back[i].npus, want->npus, "thread %d", i);
        cr_expect(!memcmp(back[i].pus, want->pus, sizeof want->pus), "thread %d: PUs differ", i);
    }
    free(errs);
    free(back);
    nq_binder_destroy(b);
    nq_topology_close(t);
}

Test(topology, readback_numa)
{
    check_readback(2, NQ_BIND_NUMA);
    check_readback(3, NQ_BIND_NUMA);
}

Test(topology, readback_core)
{
    check_readback(2, NQ_BIND_CORE);
    check_readback(5, NQ_BIND_CORE); /* more threads than PUs here */
}

Test(topology, readback_none_reports_the_os_binding)
{
    unsetenv("HWLOC_SYNTHETIC");
    nq_topology *t = NULL;
    cr_assert_eq(nq_topology_open(&t, NULL), 0);
    nq_binder *b = NULL;
    cr_assert_eq(nq_binder_create(&b, t, 1, NQ_BIND_NONE), 0);
    nq_placement back;
    cr_expect_eq(nq_bind_thread(b, 0, &back), 0);
    cr_expect_gt(back.npus, 0);
    cr_expect_eq(pu_count(&back), back.npus);
    nq_binder_destroy(b);
    nq_topology_close(t);
}

#else /* built without hwloc: the API is there and says so. */

Test(topology, without_hwloc)
{
    nq_topology *t = (nq_topology *)&t;
    cr_expect_eq(nq_topology_open(&t, NULL), NQ_ERR(ENOSYS));
    cr_expect_null(t);
    cr_expect_eq(nq_bind_mode_find("numa"), NQ_BIND_NUMA);
    nq_placement p;
    cr_expect_eq(nq_placement_plan(NULL, 1, NQ_BIND_CORE, &p), NQ_ERR(ENOSYS));
}

#endif
