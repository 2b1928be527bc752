#!/bin/bash
# count 28 -t 2 --max-memory 4G --checkpoint F: what F holds after 10 minutes, peak RSS, stop latency.
cd /tmp/q28
rm -f ck28 ck28.*
start=$(date +%s.%N)
/work/wt/lead/build-l/src/nqueens count 28 -t 2 --max-memory 4G --checkpoint ck28 --progress > out 2> err &
pid=$!
peak=0
for s in $(seq 1 600); do
  sleep 1
  [ -d /proc/$pid ] || break
  hwm=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
  [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ] && peak=$hwm
  if [ $((s % 60)) -eq 0 ]; then
    cp ck28 ck28.at$s 2>/dev/null
    echo "$s s: done $(sed -n 's/^done //p' ck28) marks $(sed -n 's/^marks //p' ck28) VmHWM ${peak} kB" >> log
  fi
done
t0=$(date +%s.%N)
kill -INT $pid
wait $pid; rc=$?
t1=$(date +%s.%N)
echo "SIGINT after $(echo "$t0 - $start" | bc) s: status $rc, exit $(echo "$t1 - $t0" | bc) s later; peak VmHWM $peak kB" >> log
cp ck28 ck28.final
# resumed for 60 s: goes on from the marks
/work/wt/lead/build-l/src/nqueens count 28 -t 2 --max-memory 4G --checkpoint ck28 > out2 2> err2 &
pid=$!
sleep 60
kill -INT $pid; wait $pid
echo "resumed 60 s: status $?; done $(sed -n 's/^done //p' ck28) marks $(sed -n 's/^marks //p' ck28)" >> log
echo "all finished" >> log
