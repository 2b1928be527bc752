#!/bin/bash
B=/work/main/build/src/nqueens
cd /tmp/proj
for n in 23 24 25 26 27 28; do
  /usr/bin/time -o estimate-$n.time -f "%e s wall, %U+%S CPU-s, %M KB" $B estimate $n -t 64 --max-memory 20G --seed 1 --json > estimate-$n.json 2> estimate-$n.err
done
/usr/bin/time -o estimate-28-480.time -f "%e s wall, %U+%S CPU-s, %M KB" $B estimate 28 -t 64 --max-memory 20G --seed 1 --seconds 480 --json > estimate-28-480.json 2> estimate-28-480.err
echo finished > done
