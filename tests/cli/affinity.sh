#!/usr/bin/env bash
# Threads and placement follow the CPU set the process is given (taskset,
# cgroups, Slurm, mpirun) and OMP_NUM_THREADS / OMP_THREAD_LIMIT, and are
# reported as they ran.
#   affinity.sh NQUEENS HAVE_HWLOC(0|1)
set -u -o pipefail
bin=$1
have_hwloc=$2
source "$(dirname "$0")/lib.sh"
unset OMP_NUM_THREADS OMP_THREAD_LIMIT OMP_PROC_BIND OMP_PLACES GOMP_CPU_AFFINITY

# The CPU set this test runs in, read once: all of it (comma-separated),
# how many, and the last CPU (confined there, nothing may run elsewhere).
all=$(python3 -c 'import os; print(",".join(map(str, sorted(os.sched_getaffinity(0)))))')
ncpu=$(tr ',' '\n' <<<"$all" | wc -l)
cpu=${all##*,}

# placement HOW JSON THREADS CPUS: THREADS entries, numbered in order, each
# on CPUS (comma-separated) as HOW says: within (a non-empty subset of
# them), all (exactly them) or one_each (one of them each, every one taken).
placement() {
    printf '%s' "$2" >"$tmp/doc.json"
    python3 - "$1" "$tmp/doc.json" "$3" "$4" <<'EOF'
import json, sys
how, doc = sys.argv[1], json.load(open(sys.argv[2]))
threads, cpus = int(sys.argv[3]), sorted(int(c) for c in sys.argv[4].split(","))
p = doc["placement"]
assert doc["threads"] == threads and len(p) == threads, doc
for t, e in enumerate(p):
    assert e["thread"] == t and e["pus"] and set(e["pus"]) <= set(cpus), e
    assert how != "all" or sorted(e["pus"]) == cpus, e
    assert how != "one_each" or len(e["pus"]) == 1, e
assert how != "one_each" or sorted(e["pus"][0] for e in p) == cpus, p
EOF
}
placement_within() { placement within "$@"; }
placement_all() { placement all "$@"; }
placement_one_each() { placement one_each "$@"; }

out=$(taskset -c "$cpu" "$bin" count 12 --json)
check "taskset, one CPU: one thread by default" test "$(json_field threads <<<"$out")" = 1
check "taskset, one CPU: exact count" test "$(json_field total <<<"$out")" = 14200
out=$(OMP_NUM_THREADS=3 taskset -c "$cpu" "$bin" count 12 --json)
check "OMP_NUM_THREADS=3 wins over the CPU set" test "$(json_field threads <<<"$out")" = 3
out=$(OMP_THREAD_LIMIT=1 "$bin" count 12 --json)
check "OMP_THREAD_LIMIT=1: one thread by default" test "$(json_field threads <<<"$out")" = 1
out=$(OMP_THREAD_LIMIT=1 "$bin" count 12 -t 3 --json)
check "OMP_THREAD_LIMIT=1: -t 3 runs, and says, one" test "$(json_field threads <<<"$out")" = 1
check "OMP_THREAD_LIMIT=1: exact count" test "$(json_field total <<<"$out")" = 14200
out=$(OMP_THREAD_LIMIT=2 "$bin" solve 8 --format cols -t 4 | wc -l)
check "OMP_THREAD_LIMIT=2: solve -t 4 lists all" test "$out" -eq 92

if [[ $have_hwloc == 1 ]]; then
    out=$(OMP_THREAD_LIMIT=1 "$bin" count 12 -t 2 --json)
    check "OMP_THREAD_LIMIT=1: placement of the one thread that ran" \
        placement_within "$out" 1 "$all"
    # --bind none: each thread free on the whole set, as OpenMP left its
    # team.
    out=$("$bin" count 12 -t 3 --bind none --json)
    check "--bind none: every thread on the whole CPU set" placement_all "$out" 3 "$all"
    check "--bind none, 3 threads: exact count" test "$(json_field total <<<"$out")" = 14200
    # --bind auto, count's default: one CPU a thread when the threads fill
    # the CPU set and no OpenMP placement is set; otherwise as none.
    out=$("$bin" count 12 --json)
    if ((ncpu >= 2)); then
        check "auto, $ncpu threads on $ncpu CPUs: one CPU each" placement_one_each "$out" "$ncpu" "$all"
        check "auto: exact count" test "$(json_field total <<<"$out")" = 14200
        two=$(tr ',' '\n' <<<"$all" | tail -n 2 | paste -sd,)
        out=$(taskset -c "$two" "$bin" count 12 --json)
        check "auto under taskset -c $two: one of those CPUs each" placement_one_each "$out" 2 "$two"
        out=$("$bin" count 12 -t $((ncpu + 1)) --json)
        check "auto, more threads than CPUs: each on the whole set" \
            placement_all "$out" $((ncpu + 1)) "$all"
        out=$("$bin" count 12 -t $((ncpu - 1)) --json)
        check "auto, fewer threads than CPUs: each on the whole set" \
            placement_all "$out" $((ncpu - 1)) "$all"
        out=$(OMP_PROC_BIND=false "$bin" count 12 --json)
        check "auto, OMP_PROC_BIND=false: the user's choice wins" placement_all "$out" "$ncpu" "$all"
        out=$("$bin" count 12 --bind none --json)
        check "--bind none, threads filling the set: each on the whole set" \
            placement_all "$out" "$ncpu" "$all"
        "$bin" solve 8 --format cols --bind auto 2>"$tmp/err" | wc -l >"$tmp/lines"
        check "solve --bind auto: lists all 92" test "$(cat "$tmp/lines")" -eq 92
        check "solve --bind auto: the placement line" grep -q "^placement (--bind auto): " "$tmp/err"
    fi
    out=$(OMP_PROC_BIND=true "$bin" count 12 -t 2 --json)
    check "OMP_PROC_BIND=true: OpenMP's team, exact count" test "$(json_field total <<<"$out")" = 14200
    check "OMP_PROC_BIND=true: placement within the CPU set" placement_within "$out" 2 "$all"
    for mode in none numa core; do
        out=$(taskset -c "$cpu" "$bin" count 12 -t 2 --bind $mode --json)
        check "taskset -c $cpu, --bind $mode: both threads on CPU $cpu" \
            placement_within "$out" 2 "$cpu"
        out=$(taskset -c "$cpu" "$bin" topology -t 3 --bind $mode --json)
        check "taskset -c $cpu, topology --bind $mode: planned on CPU $cpu" \
            placement_within "$out" 3 "$cpu"
    done
    taskset -c "$cpu" "$bin" solve 8 --format cols -t 2 --bind core 2>"$tmp/err" >/dev/null
    check "taskset, solve --bind core: placement line on CPU $cpu" \
        grep -qx "placement (--bind core): threads 0-1 on PU $cpu (node [0-9]*)" "$tmp/err"
fi

# --bind auto binds the caller as thread 0 of a run; the checkpoint's
# monitor thread, made after a --recount's run, must keep the whole set
# (it did not: it shared thread 0's CPU for the whole count).
if ((ncpu >= 2)); then
    out=$("$bin" count 12 --json)
    check "auto is count's default, with or without hwloc" test "$(json_field bind <<<"$out")" = '"auto"'
    ck=$tmp/recount.ck
    "$bin" count 19 --checkpoint "$ck" --stop-after 20 >/dev/null 2>&1
    "$bin" count 19 --checkpoint "$ck" --recount >/dev/null 2>&1 &
    pid=$!
    # ncpu workers on one CPU each, and one thread (the monitor) on more.
    monitor_free() {
        local t list single=0 free=0
        for t in /proc/"$pid"/task/*/status; do
            list=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "$t" 2>/dev/null)
            if [[ $list =~ ^[0-9]+$ ]]; then single=$((single + 1)); else free=$((free + 1)); fi
        done
        ((single == ncpu && free == 1))
    }
    await "$pid" 60 "--recount, then the count: the monitor on the whole CPU set" monitor_free
    kill -INT "$pid" 2>/dev/null
    wait "$pid"
fi

finish "all affinity checks passed"
