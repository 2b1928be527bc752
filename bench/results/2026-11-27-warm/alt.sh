#!/bin/bash
# alt.sh N SEEDS OLD NEW: count N every 4 seeds; old and new estimate seed by seed (alternating which first)
n=$1; seeds=$2; old=$3; new=$4
for s in $(seq 1 $seeds); do
  if (( (s-1) % 4 == 0 )); then /usr/bin/time -f "count %U %S %e" $old count $n -t 2 >/dev/null 2>>count-$n.txt; tail -1 count-$n.txt; fi
  if (( s % 2 )); then order="old new"; else order="new old"; fi
  for b in $order; do
    [[ $b == old ]] && bin=$old || bin=$new
    $bin estimate $n -t 2 --seed $s --json >> $b-$n.jsonl
  done
done
