/* nq_memory_available: MemAvailable, or less where the process's memory
 * cgroups (v1 or v2) or its address-space limit leave less. */
#include "memory_room.h"
#include "nqueens.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* A cgroup v1 limit at or above this is "no limit" (the kernel's is
 * 2^63 less a page). */
#define NO_LIMIT ((uint64_t)1 << 62)

/* The number a file starts with; -1 if none ("max", absent). */
static int read_number(const char *path, uint64_t *value)
{
    FILE *f = fopen(path, "r");
    unsigned long long v;
    const int ok = f && fscanf(f, "%llu", &v) == 1;
    if (f)
        fclose(f);
    if (ok)
        *value = v;
    return ok ? 0 : -1;
}

/* The value of `key` in a file of "key value" lines (memory.stat, or
 * "key: value kB" in meminfo and status, the unit left to the caller). */
static int read_field(const char *path, const char *key, uint64_t *value)
{
    FILE *f = fopen(path, "r");
    char line[256];
    const size_t len = strlen(key);
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f)) {
        unsigned long long v;
        if (!strncmp(line, key, len) && (line[len] == ' ' || line[len] == ':') &&
            sscanf(line + len + 1, " %llu", &v) == 1) {
            *value = v;
            found = 1;
        }
    }
    if (f)
        fclose(f);
    return found ? 0 : -1;
}

typedef struct controller {
    const char *limit, *usage, *inactive; /* files, and memory.stat's key */
} controller;

static const controller v2 = { "memory.max", "memory.current", "inactive_file" };
static const controller v1 = { "memory.limit_in_bytes", "memory.usage_in_bytes",
                                "total_inactive_file" };

static uint64_t less(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

/* The room that cgroup `where` (a path of /proc/self/cgroup) of the
 * hierarchy mounted at `mount`, and each of its ancestors, leave: a limit
 * less the usage it cannot reclaim (page cache not recently used can be). */
static uint64_t cgroup_room(const char *mount, const char *where, const controller *c)
{
    char dir[PATH_MAX];
    const size_t root = (size_t)snprintf(dir, sizeof dir, "%s", mount);
    snprintf(dir + root, sizeof dir - root, "%s", where);
    uint64_t room = UINT64_MAX;
    for (;;) {
        char path[PATH_MAX + 32];
        uint64_t limit, usage = 0, inactive = 0;
        snprintf(path, sizeof path, "%s/%s", dir, c->limit);
        if (!read_number(path, &limit) && limit < NO_LIMIT) {
            snprintf(path, sizeof path, "%s/%s", dir, c->usage);
            read_number(path, &usage);
            snprintf(path, sizeof path, "%s/memory.stat", dir);
            read_field(path, c->inactive, &inactive);
            const uint64_t held = usage > inactive ? usage - inactive : 0;
            room = less(room, limit > held ? limit - held : 0);
        }
        if (strlen(dir) <= root) /* the mount: done */
            return room;
        *strrchr(dir, '/') = '\0'; /* `where` starts with one */
    }
}

/* Where cgroup v2 is mounted: at `sys`, or under "unified" on a hybrid
 * host; 0 if neither. */
static int v2_mount(const char *sys, char mount[PATH_MAX])
{
    for (int hybrid = 0; hybrid < 2; hybrid++) {
        char probe[PATH_MAX + 32];
        snprintf(mount, PATH_MAX, "%s%s", sys, hybrid ? "/unified" : "");
        snprintf(probe, sizeof probe, "%s/cgroup.controllers", mount);
        if (!access(probe, F_OK))
            return 1;
    }
    return 0;
}

/* The rooms of the cgroups that /proc/self/cgroup names for memory. */
static uint64_t cgroups_room(const char *proc, const char *sys)
{
    char path[PATH_MAX], line[PATH_MAX], mount[PATH_MAX];
    snprintf(path, sizeof path, "%s/self/cgroup", proc);
    FILE *f = fopen(path, "r");
    uint64_t room = UINT64_MAX;
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *controllers = strchr(line, ':'), *where = controllers ? strchr(controllers + 1, ':') : 0;
        if (!where || strstr(where, "/.."))
            continue;
        *controllers++ = '\0';
        *where++ = '\0';
        if (!strcmp(where, "/"))
            where = "";
        if (!strcmp(line, "0") && !*controllers) { /* v2 */
            if (v2_mount(sys, mount))
                room = less(room, cgroup_room(mount, where, &v2));
            continue;
        }
        for (char *save, *c = strtok_r(controllers, ",", &save); c; c = strtok_r(0, ",", &save))
            if (!strcmp(c, "memory")) {
                snprintf(mount, sizeof mount, "%s/memory", sys);
                room = less(room, cgroup_room(mount, where, &v1));
            }
    }
    if (f)
        fclose(f);
    return room;
}

uint64_t nq_memory_room(const char *proc, const char *sys)
{
    char path[PATH_MAX];
    uint64_t room = UINT64_MAX, kib;
    snprintf(path, sizeof path, "%s/meminfo", proc);
    if (!read_field(path, "MemAvailable", &kib))
        room = kib << 10;
    room = less(room, cgroups_room(proc, sys));
    /* ulimit -v: what the address space may still grow by. */
    struct rlimit as;
    snprintf(path, sizeof path, "%s/self/status", proc);
    if (!getrlimit(RLIMIT_AS, &as) && as.rlim_cur != RLIM_INFINITY &&
        !read_field(path, "VmSize", &kib))
        room = less(room, as.rlim_cur > kib << 10 ? as.rlim_cur - (kib << 10) : 0);
    /* 0 says "unknown"; a known room of nothing is a byte. */
    return room == UINT64_MAX ? 0 : room ? room : 1;
}

uint64_t nq_memory_available(void)
{
    return nq_memory_room("/proc", "/sys/fs/cgroup");
}

uint64_t nq_memory_limit(uint64_t max_memory)
{
    return max_memory ? max_memory : nq_memory_available();
}
