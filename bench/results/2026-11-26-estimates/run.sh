#!/usr/bin/env bash
# Runs one estimate: waits while /work/QUIET exists, pauses (SIGSTOP) the
# run while it appears, logs the times. Args: NAME then the estimate's args.
set -u
out=/work/wt/slices/bench/results/2026-11-26-estimates
bin=/work/wt/slices/build/src/nqueens
name=$1; shift
while [ -e /work/QUIET ]; do sleep 30; done
touch /work/notes/HELPER-BUSY
start=$(date -u +%s); echo "$name start $(date -u +%FT%TZ) args: $*" >> $out/runs.log
/usr/bin/time -f "%e s wall, %U s user, %S s sys, %M KiB max RSS" -o $out/$name.time \
    $bin estimate "$@" > $out/$name.json 2> $out/$name.stderr &
pid=$!
paused=0
while kill -0 $pid 2>/dev/null; do
    if [ -e /work/QUIET ]; then
        # /usr/bin/time's child: the estimate itself
        child=$(pgrep -P $pid)
        kill -STOP $child 2>/dev/null; p0=$(date -u +%s)
        echo "$name paused $(date -u +%FT%TZ) (QUIET)" >> $out/runs.log
        while [ -e /work/QUIET ]; do sleep 5; done
        kill -CONT $child 2>/dev/null; paused=$((paused + $(date -u +%s) - p0))
        echo "$name resumed $(date -u +%FT%TZ)" >> $out/runs.log
    fi
    sleep 3
done
wait $pid; rc=$?
end=$(date -u +%s)
echo "$name end $(date -u +%FT%TZ) rc $rc, $((end - start)) s wall of which paused $paused s" >> $out/runs.log
