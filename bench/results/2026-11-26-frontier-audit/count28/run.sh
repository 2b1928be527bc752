#!/usr/bin/env bash
# count 28 -t 2 --max-memory 4G --checkpoint F for SECS seconds: VmHWM every 10 s, then SIGINT
# (time to exit), as bench/results/2026-11-25-frontier/count28 did; stops at once if /work/QUIET
# appears.
bin=$1 out=$2 secs=${3:-120}
mkdir -p "$out"; rm -f "$out/ck28"
start=$(date +%s.%N)
"$bin" count 28 -t 2 --max-memory 4G --checkpoint "$out/ck28" --progress >"$out/out" 2>"$out/err" &
pid=$!
echo "pid $pid start $(date -u +%T)" >"$out/log"
for ((t = 10; t <= secs; t += 10)); do
    for i in $(seq 10); do
        [ -e /work/QUIET ] && { kill -INT $pid; echo "QUIET at $(date -u +%T): stopped" >>"$out/log"; wait $pid; exit 1; }
        sleep 1
    done
    echo "t=$t $(grep -E 'VmHWM|VmRSS' /proc/$pid/status | tr -s ' \n' ' ')" >>"$out/log"
done
t0=$(date +%s.%N); kill -INT $pid; wait $pid; st=$?; t1=$(date +%s.%N)
echo "SIGINT at $(date -u +%T), exit status $st after $(echo "$t1 - $t0" | bc) s" >>"$out/log"
