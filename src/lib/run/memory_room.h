/* The memory this process may still take, for nq_memory_available and the
 * limit a count holds to: a batch system's job runs in a memory cgroup
 * (Slurm's ConstrainRAMSpace, systemd, containers) whose limit is far below
 * the node's MemAvailable, and blocks sized by the node's memory would be
 * killed by it. */
#ifndef NQ_MEMORY_ROOM_H
#define NQ_MEMORY_ROOM_H

#include <stdint.h>

/* The least of MemAvailable ({proc}/meminfo) and, for each memory cgroup
 * of this process and its ancestors (v2: memory.max; v1:
 * memory.limit_in_bytes, both under {sys}), its limit less what it holds
 * but cannot give back (its usage less its inactive file pages). 0 if
 * none of them is known. The roots are "/proc" and "/sys/fs/cgroup"
 * except in tests. */
uint64_t nq_memory_room(const char *proc, const char *sys);

/* The limit a count (and the estimate of one) holds to: max_memory if
 * given, else the memory available. */
uint64_t nq_memory_limit(uint64_t max_memory);

#endif
