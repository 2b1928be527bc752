#!/bin/bash
# n = 28's estimate with a 30-minute sample (README's table used 480 s: +-44%)
B=/work/main/build/src/nqueens
cd /tmp/proj28
/usr/bin/time -o estimate-28-1800.time -f "%e s wall, %U+%S CPU-s, %M KB" $B estimate 28 -t 64 --max-memory 20G --seed 1 --seconds 1800 --json > estimate-28-1800.json 2> estimate-28-1800.err
echo finished > done
