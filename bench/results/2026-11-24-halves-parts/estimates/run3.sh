#!/bin/bash
# Workstation blocks (256 MiB a thread, as -t 2 has, or a node with --max-memory of 256 MiB a thread).
cd /work/est-out
for spec in "25 12" "26 8" "27 4"; do
  set -- $spec
  /usr/bin/time -f "%e s wall %U s user %M kB" /work/est/build/src/nqueens estimate $1 -t 2 --engine halves --seed 1 --sample $2 --json > v3-$1.json 2> v3-$1.err
done
