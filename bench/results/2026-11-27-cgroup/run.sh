#!/bin/bash
# count 24 -t 64 inside a cgroup v1 memory cgroup of 3 GiB (as root), for 30 s,
# with two builds: run.sh OLD_NQUEENS NEW_NQUEENS. Prints each one's ending,
# exit status, and the cgroup's peak usage and failcnt.
set -u
P=/sys/fs/cgroup/memory$(grep ':memory:' /proc/self/cgroup | cut -d: -f3)
mkdir -p "$P/nqroom"
echo $((3 << 30)) >"$P/nqroom/memory.limit_in_bytes"
for nq in "$@"; do
    echo 0 >"$P/nqroom/memory.max_usage_in_bytes"
    echo "== $nq"
    bash -c "echo \$\$ > $P/nqroom/cgroup.procs
        $nq estimate 24 -t 64 --sample 2 --json | python3 -c 'import json,sys; print(\"estimate: peak_memory_bytes\", json.load(sys.stdin)[\"peak_memory_bytes\"])'
        timeout -s INT 30 $nq count 24 -t 64 2>&1 | tail -1; echo \"exit \${PIPESTATUS[0]}\""
    echo "cgroup max_usage_in_bytes $(cat "$P/nqroom/memory.max_usage_in_bytes") failcnt $(cat "$P/nqroom/memory.failcnt")"
done
rmdir "$P/nqroom" 2>/dev/null || true
