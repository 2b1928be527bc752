#!/usr/bin/env bash
# Alternates the old and new builds: ROUNDS rounds; each round, for each build:
#  - time to first line of `solve 32` (board) and `solve 32 --format cols` (ttfl.py)
#  - `solve 12 > /dev/null`: hyperfine, 40 runs (mean, median)
#  - `solve 16 > /dev/null`: one run under /usr/bin/time (wall, user+sys)
set -euo pipefail
old=$1 new=$2 rounds=${3:-5} out=$4
mkdir -p "$out"
for r in $(seq "$rounds"); do
  for b in old new; do
    bin=${!b}
    while [ -e /work/QUIET ]; do sleep 30; done
    echo "$r $b ttfl32 $(python3 /tmp/fr/ttfl.py "$bin" solve 32)" >>"$out/ttfl.txt"
    echo "$r $b ttfl32cols $(python3 /tmp/fr/ttfl.py "$bin" solve 32 --format cols)" >>"$out/ttfl.txt"
    hyperfine -N -w 3 -r 40 --export-json "$out/solve12-$b-$r.json" "$bin solve 12" >/dev/null 2>&1
    /usr/bin/time -f "$r $b solve16 %e %U %S" -a -o "$out/solve16.txt" "$bin" solve 16 >/dev/null
  done
done
