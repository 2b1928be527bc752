#!/bin/bash
while ! grep -qx finished /tmp/q28/log 2>/dev/null; do sleep 5; done
B=/work/wt/lead/build-l/src/nqueens
cd /tmp/est2
for n in 24 25; do
  /usr/bin/time -f "%U %S %e %M" -o est-$n.time $B estimate $n -t 64 --max-memory 20G --seed 1 --json > est-$n.json 2> est-$n.err
done
/usr/bin/time -f "%U %S %e %M" -o est-28-long.time $B estimate 28 -t 64 --max-memory 20G --seed 2 --seconds 480 --json > est-28-long.json 2> est-28-long.err
echo finished > done
