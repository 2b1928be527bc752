#!/bin/bash
# Q(21): start, SIGKILL midway, resume; log everything
cd /tmp/nqrun
export LD_LIBRARY_PATH=/tmp/nqrun
rm -f q21.ckpt
date -u +%s > t0
/usr/bin/time -f "%e s wall %U s user %M KB peak" -o time1 ./nqueens count 21 -t 2 --checkpoint q21.ckpt --progress > out1 2> err1 &
pid=$!
sleep ${KILL_AFTER:-240}
pkill -KILL -f "nqueens count 21"
wait $pid 2>/dev/null
date -u +%s > t1
grep "^done" q21.ckpt > done_at_kill
/usr/bin/time -f "%e s wall %U s user %M KB peak" -o time2 ./nqueens count 21 -t 2 --checkpoint q21.ckpt --progress --json > out2 2> err2
date -u +%s > t2
echo finished > status
