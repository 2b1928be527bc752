#!/usr/bin/env bash
# Inputs and environment: --bind none without the
# topology, oversized synthetic topologies, a closed stdout in every command,
# one-line messages, thread creation failure, the estimate for long runs.
#   inputs.sh NQUEENS HAVE_HWLOC(0|1)
set -u -o pipefail
bin=$1
hwloc=${2:-1}
source "$(dirname "$0")/lib.sh"
want8=$("$bin" count 8 -t 2)
want8=${want8%% engine=*}

# 9. --bind none needs no topology: a topology hwloc cannot plan on, or one
# too large to read, does not matter to it.
for topo in "pack:2 core:300 pu:2" "pu:30000"; do
    out=$(HWLOC_SYNTHETIC=$topo timeout 20 "$bin" count 8 -t 2 2>"$tmp/err")
    check "'$topo', --bind none: status 0" test $? -eq 0
    check "'$topo', --bind none: counts" test "${out%% engine=*}" = "$want8"
    check "'$topo', --bind none: stderr empty" test ! -s "$tmp/err"
done
if [[ $hwloc == 1 ]]; then
    # Over the supported size: one clear line at once, not a hang in hwloc.
    for cmd in "count 8 --bind numa" "topology"; do
        HWLOC_SYNTHETIC=pu:30000 timeout 20 "$bin" $cmd >"$tmp/out" 2>"$tmp/err"
        check "pu:30000, $cmd: status 2" test $? -eq 2
        check "pu:30000, $cmd: message" grep -qx "nqueens: HWLOC_SYNTHETIC='pu:30000' describes more than 1024 PUs, more than nqueens places threads on" "$tmp/err"
        check "pu:30000, $cmd: nothing on stdout" test ! -s "$tmp/out"
    done
fi

# 10. A closed stdout (the reader gone: EPIPE) ends every command quietly
# with status 0, as solve always did; no death by SIGPIPE (141).
closed() { # runs nqueens ARGS with stdout a pipe whose reader is closed
    python3 - "$bin" "$@" <<'PY'
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
sys.stderr.buffer.write(p.stderr)
sys.exit(p.returncode)
PY
}
for cmd in "count 10" "count 10 --json" "verify --max 8" "topology" "topology --json" "solve 8" \
    "--help" "count --help"; do
    closed $cmd 2>"$tmp/err"
    check "closed stdout, $cmd: status 0" test $? -eq 0
    check "closed stdout, $cmd: stderr empty" test ! -s "$tmp/err"
done
# Any other write error is one message and status 1.
"$bin" count 10 >/dev/full 2>"$tmp/err"
check "full disk: status 1" test $? -eq 1
check "full disk: message" grep -qx "nqueens: cannot write the output: No space left on device" "$tmp/err"

# 11. Messages: a directory as checkpoint, a newline in N, threads that
# cannot be created.
mkdir "$tmp/d"
"$bin" count 10 --checkpoint "$tmp/d" >"$tmp/out" 2>"$tmp/err"
check "directory checkpoint: status 1" test $? -eq 1
check "directory checkpoint: message" grep -qx "nqueens: checkpoint '$tmp/d': is a directory" "$tmp/err"
"$bin" count $'1\n2' >"$tmp/out" 2>"$tmp/err"
check "N with a newline: status 2" test $? -eq 2
check "N with a newline: one line" test "$(wc -l <"$tmp/err")" -eq 1
check "N with a newline: message" grep -qx "nqueens: N must be a whole number from 1 to 32, got '1?2'" "$tmp/err"
if ! sanitized "$bin"; then # ASan needs terabytes of address space
    (ulimit -v 200000; "$bin" count 10 -t 64 >"$tmp/out" 2>"$tmp/err")
    check "ulimit -v: status 1" test $? -eq 1
    check "ulimit -v: one clear line" grep -qx "nqueens: cannot start 64 threads: the system refused them (use fewer --threads, or allow more memory: ulimit -v)" "$tmp/err"
    check "ulimit -v: nothing on stdout" test ! -s "$tmp/out"
fi

# 12. Long runs are announced on stderr, with the advice to checkpoint; the
# estimate says nothing for short ones.
# said_then_stopped ARGS...: nqueens ARGS, stopped once it says something
# (SIGTERM: a background job has SIGINT ignored, and verify keeps that).
# said_then_stopped [-w SECONDS] ARGS...: within SECONDS (default 180: a net, as the sanitizers' build on a busy machine is slow).
said_then_stopped() {
    local within=180
    if [ "$1" = -w ]; then
        within=$2
        shift 2
    fi
    rm -f "$tmp/err"
    "$bin" "$@" >"$tmp/out" 2>"$tmp/err" &
    local pid=$!
    await $pid "$within" "$*: a word on stderr" test -s "$tmp/err"
    kill -TERM $pid 2>/dev/null
    wait $pid
}
said_then_stopped count 24 -t 2
check "count 24: an estimate ($(cat "$tmp/err"))" grep -q "^nqueens: count 24 on 2 threads may take about [0-9.]* days .*--checkpoint FILE keeps the work" "$tmp/err"
# The estimate's sample is stopped at 15 s where its first draws are slow
# (two slices of n = 32 take minutes here), and the rough figure said.
# Under the sanitizers (a minute or more each) the release run has these.
if ! sanitized "$bin"; then
    said_then_stopped -w 120 count 32 -t 2
    check "count 32: the rough estimate once the sample is stopped" grep -q "^nqueens: count 32 on 2 threads may take about [0-9.]* years" "$tmp/err"
    said_then_stopped verify --max 27
    check "verify --max 27: an estimate" grep -q "^nqueens: verify --max 27 may take about [0-9.]* years" "$tmp/err"
fi
"$bin" count 12 >"$tmp/out" 2>"$tmp/err"
check "count 12: no estimate" test ! -s "$tmp/err"

# A --max-memory past what the process may take (here ulimit -v: a job's
# memory cgroup is read the same way) is kept, and said before the work;
# a limit that fits says nothing.
if ! sanitized "$bin"; then # ASan needs terabytes of address space
    rm -f "$tmp/err"
    (ulimit -v 2000000 && exec "$bin" count 22 -t 2 --max-memory 100G) >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    await $pid 60 "--max-memory past the room: a word on stderr" test -s "$tmp/err"
    kill -TERM $pid 2>/dev/null
    wait $pid
    check "--max-memory past the room: said ($(head -1 "$tmp/err"))" grep -q \
        "^nqueens: count 22 may take up to [0-9]* MiB with --max-memory 100G, more than the [0-9]* MiB this process may take now" \
        "$tmp/err"
    (ulimit -v 2000000 && "$bin" count 12 --max-memory 100G) >"$tmp/out" 2>"$tmp/err"
    check "--max-memory past the room, a small count: nothing said" test ! -s "$tmp/err"
fi

finish "all input checks passed"
