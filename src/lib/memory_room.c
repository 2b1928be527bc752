/* nq_memory_available: MemAvailable, or less where the process's memory
 * cgroups (v1 or v2) or its address-space limit leave less. */
#include "memory_room.h"
#include "nqueens.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

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

/* The room that cgroup dir and each ancestor down to its first `root`
 * bytes (the hierarchy's mount) leave: a limit less the usage it cannot
 * reclaim (page cache not recently used can be). */
static uint64_t cgroup_room(char *dir, size_t root, const controller *c)
{
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
        char *slash = strrchr(dir, '/');
        if (strlen(dir) <= root || !slash || slash < dir + root)
            return room;
        *slash = '\0';
    }
}

/* The rooms of the cgroups that /proc/self/cgroup names for memory. */
static uint64_t cgroups_room(const char *proc, const char *sys)
{
    char path[PATH_MAX], line[PATH_MAX];
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
        char dir[PATH_MAX];
        if (!strcmp(line, "0") && !*controllers) { /* v2: at the mount, or under "unified" */
            for (int hybrid = 0; hybrid < 2; hybrid++) {
                snprintf(path, sizeof path, "%s%s/cgroup.controllers", sys, hybrid ? "/unified" : "");
                FILE *probe = fopen(path, "r");
                if (!probe)
                    continue;
                fclose(probe);
                const int root = snprintf(dir, sizeof dir, "%s%s", sys, hybrid ? "/unified" : "");
                snprintf(dir + root, sizeof dir - (size_t)root, "%s", where);
                room = less(room, cgroup_room(dir, (size_t)root, &v2));
                break;
            }
            continue;
        }
        for (char *save, *c = strtok_r(controllers, ",", &save); c; c = strtok_r(0, ",", &save))
            if (!strcmp(c, "memory")) {
                const int root = snprintf(dir, sizeof dir, "%s/memory", sys);
                snprintf(dir + root, sizeof dir - (size_t)root, "%s", where);
                room = less(room, cgroup_room(dir, (size_t)root, &v1));
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
