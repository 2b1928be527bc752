#!/bin/bash
while [ ! -e /tmp/sl/cmp.done ]; do sleep 5; done
B=/work/wt/slices/build-s/src/nqueens
cd /tmp/est
for n in 26 27 28 25; do
  /usr/bin/time -f "%U %S %e %M" -o est-$n.time $B estimate $n -t 64 --max-memory 20G --seed 1 --json > est-$n.json 2> est-$n.err
done
for n in 29 30 32; do
  /usr/bin/time -f "%U %S %e %M" -o est-$n.time $B estimate $n -t 64 --max-memory 20G --seed 1 --json > est-$n.json 2> est-$n.err
done
echo done > done
