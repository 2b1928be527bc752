#!/bin/bash
B=/work/wt/slices/build-s/src/nqueens
cd /tmp/sl
for seed in 1 2; do
  for mode in on off; do
    /usr/bin/time -f "%U %S %e" -o cmp-24-$seed-$mode.time $B estimate 24 -t 2 --sample 24 --seed $seed --slices $mode --json > cmp-24-$seed-$mode.json 2>cmp-24-$seed-$mode.err
  done
done
echo done > cmp.done
