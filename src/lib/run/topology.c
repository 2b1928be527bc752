/* Thread placement over NUMA nodes and cores, with hwloc.
 *
 * Plans are pure functions of the topology, so they can be tested on hwloc's
 * synthetic topologies; binding applies a plan thread by thread and reads
 * the result back from the OS, so what is reported is what is in force. */
#include "nq_config.h"
#include "nqueens.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#if NQ_HAVE_HWLOC
#include <hwloc.h>
#endif

/* OpenMP's own default already follows the CPU set the process was given
 * (taskset, cgroups, Slurm, mpirun --bind-to) and OMP_NUM_THREADS; the
 * online CPUs would oversubscribe a job confined to a few of them. */
int nq_default_threads(void)
{
    return nq_threads_for(0);
}

int nq_threads_for(int requested)
{
    int threads = requested > 0 ? requested : omp_get_max_threads();
    const int limit = omp_get_thread_limit();
    if (limit > 0 && threads > limit)
        threads = limit;
    return threads < 1 ? 1 : threads > NQ_MAX_THREADS ? NQ_MAX_THREADS : threads;
}

static const char *const mode_names[NQ_BIND_MODES] = { "none", "numa", "core" };

int nq_bind_mode_find(const char *name)
{
    for (int m = 0; name && m < NQ_BIND_MODES; m++)
        if (!strcmp(name, mode_names[m]))
            return m;
    return NQ_ERR(EINVAL);
}

const char *nq_bind_mode_name(int mode)
{
    return mode >= 0 && mode < NQ_BIND_MODES ? mode_names[mode] : NULL;
}

int nq_placement_next_pu(const nq_placement *p, int after)
{
    for (int i = after + 1; i < NQ_MAX_PUS; i++)
        if (p->pus[i / 64] >> (i % 64) & 1)
            return i;
    return -1;
}

static int check_plan_args(int threads, int mode)
{
    if (threads < 1 || threads > NQ_MAX_THREADS || !nq_bind_mode_name(mode))
        return NQ_ERR(EINVAL);
    return 0;
}

#if NQ_HAVE_HWLOC

struct nq_topology {
    hwloc_topology_t hw;
    /* The PUs this process may run on (its affinity mask when opened, on
     * this machine; all PUs of a synthetic topology): plans stay inside. */
    hwloc_bitmap_t allowed;
};

struct nq_binder {
    const nq_topology *topo;
    int threads;
    int mode;
    nq_placement *plan;
    hwloc_bitmap_t *sets; /* plan[t] as hwloc sets, built once for binding */
};

/* The calling thread's CPU set, inherited from taskset, cgroups, Slurm or
 * mpirun --bind-to (read before any thread of ours is bound). */
static int read_allowed(nq_topology *t)
{
    hwloc_const_cpuset_t all = hwloc_topology_get_topology_cpuset(t->hw);
    t->allowed = hwloc_bitmap_dup(all);
    if (!t->allowed)
        return NQ_ERR(ENOMEM);
    hwloc_bitmap_t mine = hwloc_bitmap_alloc();
    if (!mine)
        return NQ_ERR(ENOMEM);
    if (hwloc_topology_is_thissystem(t->hw) &&
        hwloc_get_cpubind(t->hw, mine, HWLOC_CPUBIND_THREAD) == 0 &&
        hwloc_bitmap_intersects(mine, all))
        hwloc_bitmap_and(t->allowed, mine, all);
    hwloc_bitmap_free(mine);
    return 0;
}

/* The PUs a synthetic description makes: the product of its levels' arities
 * ("pack:2 core:300 pu:2" makes 1200), saturating; attributes in
 * parentheses are skipped. hwloc takes minutes over a huge one. */
static unsigned long synthetic_pus(const char *s)
{
    unsigned long pus = 1;
    int depth = 0;
    for (const char *c = s; *c; c++) {
        if (*c == '(' || *c == ')') {
            depth += *c == '(' ? 1 : -1;
        } else if (!depth && *c >= '0' && *c <= '9' && (c == s || c[-1] == ':' || c[-1] == ' ')) {
            char *end;
            const unsigned long arity = strtoul(c, &end, 10);
            pus = arity && pus > ~0ul / arity ? ~0ul : pus * arity;
            c = end - 1;
        }
    }
    return pus;
}

int nq_topology_open(nq_topology **out, const char *synthetic)
{
    *out = NULL;
    /* hwloc honours HWLOC_SYNTHETIC itself but silently falls back to the
     * real machine when the string is bad; passing it explicitly turns a
     * bad string into an error the user sees. */
    if (!synthetic) {
        const char *env = getenv("HWLOC_SYNTHETIC");
        if (env && *env)
            synthetic = env;
    }
    if (synthetic && synthetic_pus(synthetic) > NQ_MAX_PUS)
        return NQ_ERR(E2BIG);
    nq_topology *t = calloc(1, sizeof *t);
    if (!t)
        return NQ_ERR(ENOMEM);
    if (hwloc_topology_init(&t->hw) < 0) {
        free(t);
        return NQ_ERR(ENOMEM);
    }
    int err = 0;
    if (synthetic && hwloc_topology_set_synthetic(t->hw, synthetic) < 0)
        err = NQ_ERR(EINVAL);
    else if (hwloc_topology_load(t->hw) < 0)
        err = NQ_ERR(errno ? errno : EIO);
    if (!err)
        err = read_allowed(t);
    if (err) {
        nq_topology_close(t);
        return err;
    }
    *out = t;
    return 0;
}

void nq_topology_close(nq_topology *topo)
{
    if (!topo)
        return;
    hwloc_bitmap_free(topo->allowed);
    hwloc_topology_destroy(topo->hw);
    free(topo);
}

void nq_topology_get_info(const nq_topology *topo, nq_topology_info *info)
{
    hwloc_topology_t hw = topo->hw;
    info->packages = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_PACKAGE);
    info->numa_nodes = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_NUMANODE);
    info->cores = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_CORE);
    info->pus = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_PU);
    info->this_system = hwloc_topology_is_thissystem(hw);
}

/* The first NUMA node (logical order) whose cpuset holds all of set, or -1:
 * where overlapping nodes share PUs (e.g. DDR and HBM), the first one wins. */
static int numa_of(hwloc_topology_t hw, hwloc_const_cpuset_t set)
{
    if (hwloc_bitmap_iszero(set))
        return -1;
    const int nodes = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_NUMANODE);
    for (int i = 0; i < nodes; i++) {
        hwloc_obj_t node = hwloc_get_obj_by_type(hw, HWLOC_OBJ_NUMANODE, (unsigned)i);
        if (node->cpuset && hwloc_bitmap_isincluded(set, node->cpuset))
            return i;
    }
    return -1;
}

static int fill_entry(hwloc_topology_t hw, hwloc_const_cpuset_t set, int thread, nq_placement *p)
{
    memset(p, 0, sizeof *p);
    p->thread = thread;
    p->numa = numa_of(hw, set);
    if (hwloc_bitmap_weight(set) < 0 || hwloc_bitmap_last(set) >= NQ_MAX_PUS)
        return NQ_ERR(ERANGE);
    unsigned i;
    hwloc_bitmap_foreach_begin(i, set)
    {
        p->pus[i / 64] |= (uint64_t)1 << (i % 64);
        p->npus++;
    }
    hwloc_bitmap_foreach_end();
    return 0;
}

/* The NUMA nodes that have PUs the process may use: threads can only be
 * placed on those. */
static int usable_nodes(hwloc_topology_t hw, hwloc_const_cpuset_t allowed, hwloc_obj_t *nodes)
{
    const int all = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_NUMANODE);
    int k = 0;
    for (int i = 0; i < all; i++) {
        hwloc_obj_t node = hwloc_get_obj_by_type(hw, HWLOC_OBJ_NUMANODE, (unsigned)i);
        if (node->cpuset && hwloc_bitmap_intersects(node->cpuset, allowed))
            nodes[k++] = node;
    }
    return k;
}

/* Core mode's order of PUs, written to seq (room for every PU): slot s of
 * every core before slot s+1 of any, and within a slot the cores dealt round
 * robin over the nodes so that every node gets threads before any fills. A
 * topology without cores (some synthetic ones) counts each PU as a core.
 * Returns the number of PUs written, or a negative errno. */
static int core_order(hwloc_topology_t hw, hwloc_const_cpuset_t allowed, hwloc_obj_t *seq)
{
    const hwloc_obj_type_t unit =
        hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_CORE) > 0 ? HWLOC_OBJ_CORE : HWLOC_OBJ_PU;
    const int ncores = hwloc_get_nbobjs_by_type(hw, unit);
    const int nnodes = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_NUMANODE);
    hwloc_obj_t *nodes = malloc(sizeof *nodes * (size_t)(nnodes > 0 ? nnodes : 1));
    int *node_of = malloc(sizeof *node_of * (size_t)(ncores > 0 ? ncores : 1));
    hwloc_obj_t *dealt = malloc(sizeof *dealt * (size_t)(ncores > 0 ? ncores : 1));
    int len = NQ_ERR(ENOMEM);
    if (!nodes || !node_of || !dealt)
        goto out;

    /* A core belongs to the first node holding it; without nodes that have
     * PUs (unexpected) all cores form one group. */
    const int k = usable_nodes(hw, allowed, nodes);
    int max_slots = 0;
    for (int c = 0; c < ncores; c++) {
        hwloc_obj_t core = hwloc_get_obj_by_type(hw, unit, (unsigned)c);
        node_of[c] = 0;
        for (int g = 0; g < k; g++)
            if (hwloc_bitmap_isincluded(core->cpuset, nodes[g]->cpuset)) {
                node_of[c] = g;
                break;
            }
        const int slots = hwloc_get_nbobjs_inside_cpuset_by_type(hw, core->cpuset, HWLOC_OBJ_PU);
        if (slots > max_slots)
            max_slots = slots;
    }

    /* Round r deals each node's r-th core, in node order. */
    int ndealt = 0;
    for (int round = 0; ndealt < ncores; round++)
        for (int g = 0; g < (k ? k : 1); g++)
            for (int c = 0, seen = 0; c < ncores; c++)
                if (node_of[c] == g && seen++ == round) {
                    dealt[ndealt++] = hwloc_get_obj_by_type(hw, unit, (unsigned)c);
                    break;
                }

    len = 0;
    for (int s = 0; s < max_slots; s++)
        for (int c = 0; c < ncores; c++) {
            hwloc_obj_t pu = hwloc_get_obj_inside_cpuset_by_type(hw, dealt[c]->cpuset,
                                                                 HWLOC_OBJ_PU, (unsigned)s);
            if (pu && hwloc_bitmap_isset(allowed, pu->os_index))
                seq[len++] = pu;
        }
out:
    free(nodes);
    free(node_of);
    free(dealt);
    return len;
}

int nq_placement_plan(const nq_topology *topo, int threads, int mode, nq_placement *out)
{
    int err = check_plan_args(threads, mode);
    if (err)
        return err;
    hwloc_topology_t hw = topo->hw;
    hwloc_const_cpuset_t allowed = topo->allowed;

    if (mode == NQ_BIND_NONE) {
        for (int t = 0; t < threads && !err; t++)
            err = fill_entry(hw, allowed, t, &out[t]);
        return err;
    }

    if (mode == NQ_BIND_NUMA) {
        const int nnodes = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_NUMANODE);
        hwloc_obj_t *nodes = malloc(sizeof *nodes * (size_t)(nnodes > 0 ? nnodes : 1));
        if (!nodes)
            return NQ_ERR(ENOMEM);
        hwloc_bitmap_t set = hwloc_bitmap_alloc();
        const int k = usable_nodes(hw, allowed, nodes);
        if (!set)
            err = NQ_ERR(ENOMEM);
        for (int t = 0; t < threads && !err; t++) {
            /* Each node as far as the process may use it. */
            if (k)
                hwloc_bitmap_and(set, nodes[t % k]->cpuset, allowed);
            else
                hwloc_bitmap_copy(set, allowed);
            err = fill_entry(hw, set, t, &out[t]);
        }
        hwloc_bitmap_free(set);
        free(nodes);
        return err;
    }

    const int npus = hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_PU);
    hwloc_obj_t *seq = malloc(sizeof *seq * (size_t)(npus > 0 ? npus : 1));
    if (!seq)
        return NQ_ERR(ENOMEM);
    const int len = core_order(hw, allowed, seq);
    if (len <= 0)
        err = len < 0 ? len : NQ_ERR(ENODEV);
    for (int t = 0; t < threads && !err; t++)
        err = fill_entry(hw, seq[t % len]->cpuset, t, &out[t]);
    free(seq);
    return err;
}

void nq_binder_destroy(nq_binder *binder)
{
    if (!binder)
        return;
    if (binder->sets)
        for (int t = 0; t < binder->threads; t++)
            hwloc_bitmap_free(binder->sets[t]);
    free(binder->sets);
    free(binder->plan);
    free(binder);
}

int nq_binder_create(nq_binder **out, const nq_topology *topo, int threads, int mode)
{
    *out = NULL;
    int err = check_plan_args(threads, mode);
    if (err)
        return err;
    nq_binder *b = calloc(1, sizeof *b);
    if (!b)
        return NQ_ERR(ENOMEM);
    b->topo = topo;
    b->threads = threads;
    b->mode = mode;
    b->plan = malloc(sizeof *b->plan * (size_t)threads);
    b->sets = calloc((size_t)threads, sizeof *b->sets);
    if (!b->plan || !b->sets) {
        nq_binder_destroy(b);
        return NQ_ERR(ENOMEM);
    }
    err = nq_placement_plan(topo, threads, mode, b->plan);
    for (int t = 0; t < threads && !err; t++) {
        b->sets[t] = hwloc_bitmap_alloc();
        if (!b->sets[t]) {
            err = NQ_ERR(ENOMEM);
            break;
        }
        for (int pu = -1; (pu = nq_placement_next_pu(&b->plan[t], pu)) >= 0;)
            hwloc_bitmap_set(b->sets[t], (unsigned)pu);
    }
    if (err) {
        nq_binder_destroy(b);
        return err;
    }
    *out = b;
    return 0;
}

const nq_placement *nq_binder_plan(const nq_binder *binder, int thread)
{
    return binder && thread >= 0 && thread < binder->threads ? &binder->plan[thread] : NULL;
}

int nq_bind_thread(const nq_binder *binder, int thread, nq_placement *readback)
{
    if (!binder || thread < 0 || thread >= binder->threads)
        return NQ_ERR(EINVAL);
    hwloc_topology_t hw = binder->topo->hw;
    if (!hwloc_topology_is_thissystem(hw)) {
        if (readback) {
            memset(readback, 0, sizeof *readback);
            readback->thread = thread;
            readback->numa = -1;
        }
        return 0;
    }
    if (binder->mode != NQ_BIND_NONE &&
        hwloc_set_cpubind(hw, binder->sets[thread], HWLOC_CPUBIND_THREAD) < 0)
        return NQ_ERR(errno ? errno : EIO);
    if (!readback)
        return 0;
    hwloc_bitmap_t now = hwloc_bitmap_alloc();
    if (!now)
        return NQ_ERR(ENOMEM);
    int err = 0;
    if (hwloc_get_cpubind(hw, now, HWLOC_CPUBIND_THREAD) < 0)
        err = NQ_ERR(errno ? errno : EIO);
    else
        err = fill_entry(hw, now, thread, readback);
    hwloc_bitmap_free(now);
    return err;
}

#else /* !NQ_HAVE_HWLOC: the API exists, but there is no topology to plan on. */

int nq_topology_open(nq_topology **out, const char *synthetic)
{
    (void)synthetic;
    *out = NULL;
    return NQ_ERR(ENOSYS);
}

void nq_topology_close(nq_topology *topo)
{
    (void)topo;
}

void nq_topology_get_info(const nq_topology *topo, nq_topology_info *info)
{
    (void)topo;
    memset(info, 0, sizeof *info);
}

int nq_placement_plan(const nq_topology *topo, int threads, int mode, nq_placement *out)
{
    (void)topo;
    (void)out;
    const int err = check_plan_args(threads, mode);
    return err ? err : NQ_ERR(ENOSYS);
}

int nq_binder_create(nq_binder **out, const nq_topology *topo, int threads, int mode)
{
    (void)topo;
    *out = NULL;
    const int err = check_plan_args(threads, mode);
    return err ? err : NQ_ERR(ENOSYS);
}

void nq_binder_destroy(nq_binder *binder)
{
    (void)binder;
}

const nq_placement *nq_binder_plan(const nq_binder *binder, int thread)
{
    (void)binder;
    (void)thread;
    return NULL;
}

int nq_bind_thread(const nq_binder *binder, int thread, nq_placement *readback)
{
    (void)binder;
    (void)thread;
    (void)readback;
    return NQ_ERR(ENOSYS);
}

#endif
