/* nq_memory_room on made-up /proc and /sys/fs/cgroup trees: a job's memory
 * cgroup (v1 or v2, at any depth) bounds what a count may take, less what
 * the cgroup holds and cannot reclaim; so does RLIMIT_AS. */
#include <criterion/criterion.h>

#include "run/memory_room.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#define GIB ((uint64_t)1 << 30)
#define MIB ((uint64_t)1 << 20)

static char root[64];

/* Writes `text` to root/relative, making its folders. */
static void put(const char *relative, const char *format, ...)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, relative);
    for (char *p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
        *p = '\0';
        cr_assert(mkdir(path, 0700) == 0 || errno == EEXIST, "%s", path);
        *p = '/';
    }
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    va_list ap;
    va_start(ap, format);
    vfprintf(f, format, ap);
    va_end(ap);
    fclose(f);
}

static uint64_t room(void)
{
    char proc[96], sys[96];
    snprintf(proc, sizeof proc, "%s/proc", root);
    snprintf(sys, sizeof sys, "%s/sys", root);
    return nq_memory_room(proc, sys);
}

static void fresh(void)
{
    snprintf(root, sizeof root, "/tmp/nq-room-XXXXXX");
    cr_assert_not_null(mkdtemp(root));
    put("proc/meminfo", "MemTotal: 33554432 kB\nMemAvailable: 16777216 kB\n");
}

static void gone(void)
{
    char command[96];
    snprintf(command, sizeof command, "rm -rf '%s'", root);
    cr_assert_eq(system(command), 0);
}

TestSuite(memory_room, .init = fresh, .fini = gone);

Test(memory_room, memavailable_without_cgroups)
{
    cr_assert_eq(room(), 16 * GIB);
    put("proc/self/cgroup", "0::/\n");
    put("sys/cgroup.controllers", "cpu memory\n");
    cr_assert_eq(room(), 16 * GIB, "the root has no limit");
}

Test(memory_room, unknown_is_zero)
{
    put("proc/meminfo", "MemTotal: 33554432 kB\n");
    cr_assert_eq(room(), 0);
}

/* Slurm's job and step, under cgroup v2: the tightest of them, less what
 * each holds beyond its inactive page cache. */
Test(memory_room, v2_job_and_step)
{
    put("proc/self/cgroup", "0::/slurm/job_7/step_0\n");
    put("sys/cgroup.controllers", "cpu memory\n");
    put("sys/slurm/job_7/memory.max", "8589934592\n");
    put("sys/slurm/job_7/memory.current", "%llu\n", (unsigned long long)(3 * GIB));
    put("sys/slurm/job_7/memory.stat", "anon 1073741824\ninactive_file %llu\nactive_file 0\n",
        (unsigned long long)(2 * GIB));
    put("sys/slurm/job_7/step_0/memory.max", "max\n");
    cr_assert_eq(room(), 7 * GIB, "8 GiB less the 1 GiB it cannot reclaim");
    put("sys/slurm/job_7/step_0/memory.max", "%llu\n", (unsigned long long)(2 * GIB));
    put("sys/slurm/job_7/step_0/memory.current", "%llu\n", (unsigned long long)(512 * MIB));
    cr_assert_eq(room(), 3 * GIB / 2, "the step's 2 GiB less its 512 MiB");
    put("sys/slurm/job_7/step_0/memory.current", "%llu\n", (unsigned long long)(3 * GIB));
    cr_assert_eq(room(), 1, "a full cgroup leaves nothing (1: known)");
}

/* A hybrid host: v2 mounted under "unified", and only there. */
Test(memory_room, v2_under_unified)
{
    put("proc/self/cgroup", "0::/box\n");
    put("sys/unified/cgroup.controllers", "memory\n");
    put("sys/unified/box/memory.max", "%llu\n", (unsigned long long)(4 * GIB));
    cr_assert_eq(room(), 4 * GIB);
}

/* cgroup v1, the memory controller among others on its line; an
 * ancestor's limit binds too, and "no limit" is 2^63 less a page. */
Test(memory_room, v1_memory_controller)
{
    put("proc/self/cgroup", "5:cpu,cpuacct:/\n4:memory:/slurm/uid_1/job_9\n0::/\n");
    put("sys/memory/memory.limit_in_bytes", "9223372036854771712\n");
    put("sys/memory/slurm/uid_1/job_9/memory.limit_in_bytes", "%llu\n",
        (unsigned long long)(6 * GIB));
    put("sys/memory/slurm/uid_1/job_9/memory.usage_in_bytes", "%llu\n",
        (unsigned long long)(2 * GIB));
    put("sys/memory/slurm/uid_1/job_9/memory.stat", "cache 0\ntotal_inactive_file %llu\n",
        (unsigned long long)GIB);
    cr_assert_eq(room(), 5 * GIB);
    put("sys/memory/slurm/memory.limit_in_bytes", "%llu\n", (unsigned long long)(3 * GIB));
    cr_assert_eq(room(), 3 * GIB, "the ancestor's 3 GiB");
    put("proc/meminfo", "MemAvailable: 1048576 kB\n");
    cr_assert_eq(room(), GIB, "MemAvailable below every limit");
}

/* ulimit -v: the limit less the address space in use. Criterion runs
 * each test in a process of its own. */
Test(memory_room, address_space_limit)
{
    put("proc/self/status", "Name: t\nVmSize: 1048576 kB\n");
    cr_assert_eq(room(), 16 * GIB, "no limit");
    const struct rlimit as = { 3 * GIB, RLIM_INFINITY };
    cr_assert_eq(setrlimit(RLIMIT_AS, &as), 0);
    cr_assert_eq(room(), 2 * GIB);
}
