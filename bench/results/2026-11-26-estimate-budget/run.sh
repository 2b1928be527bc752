#!/bin/sh
# run.sh BIN N SEEDS... : one JSON line per seed, with the tag
B=$1; N=$2; shift 2
for s in "$@"; do
  while [ -e /work/QUIET ]; do sleep 30; done
  /usr/bin/time -f "%e %U %S" -o /tmp/est_time.$$ $B estimate $N -t 2 --seed $s --json $EXTRA | tr -d '\n'
  echo " TIME $(cat /tmp/est_time.$$)"
done
