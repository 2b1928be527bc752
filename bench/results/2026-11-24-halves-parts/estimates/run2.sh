#!/bin/bash
# README's estimates with the build of 051097b: fixed samples, 64 projected threads, seed 1.
cd /work/est-out
for spec in "23 128" "24 24" "25 16" "26 12" "27 6"; do
  set -- $spec
  /usr/bin/time -f "%e s wall %U s user %M kB" /work/est/build/src/nqueens estimate $1 -t 64 --engine halves --seed 1 --sample $2 --json > v2-$1.json 2> v2-$1.err
done
