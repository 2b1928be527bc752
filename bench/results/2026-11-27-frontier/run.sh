#!/bin/bash
# Issue 20's memory and stop floors at main (e09c7d0), 2026-11-27.
nq=/work/main/build/src/nqueens
cd /tmp/frontier
git -C /work/main rev-parse HEAD > commit.txt
date -u +%FT%TZ > started.txt
# 1. count 26 -t 16: peak over its first 3 minutes (SIGINT at 180 s)
rm -f c26.ckpt
/usr/bin/time -f "%U %S %e %M" -o count26-t16.time timeout -s INT 180 $nq count 26 -t 16 --checkpoint c26.ckpt > count26-t16.out 2> count26-t16.err
echo "exit $?" >> count26-t16.time
# 2. count 28 -t 2 --max-memory 4G --checkpoint F: 10 minutes, then SIGINT
rm -f c28.ckpt
/usr/bin/time -f "%U %S %e %M" -o count28.time timeout -s INT 600 $nq count 28 -t 2 --max-memory 4G --checkpoint c28.ckpt --progress > count28.out 2> count28.err
echo "exit $?" >> count28.time
cp c28.ckpt count28-at-600s.ckpt
# 3. stop latency
/work/main/bench/stop.sh $nq --out /tmp/frontier/stop > stop.log 2>&1
date -u +%FT%TZ > ended.txt
