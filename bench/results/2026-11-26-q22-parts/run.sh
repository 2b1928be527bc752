#!/bin/bash
# Q(22) and U(22) as 4 work units (issue 20, item 6): each part with its own checkpoint,
# resumable (run this script again: a part whose checkpoint holds its result returns at once),
# then merged. NQ: the nqueens binary (default: build/src/nqueens of the repository).
here=$(cd "$(dirname "$0")" && pwd)
nq=${NQ:-$here/../../../build/src/nqueens}
for k in 1 2 3 4; do
  echo "$(date -u +%FT%TZ) part $k/4 start" >> "$here/log.txt"
  /usr/bin/time -a -o "$here/time.txt" -f "part $k/4: %e s wall, %U+%S CPU-s, %M KB peak, exit %x" \
    "$nq" count 22 --part "$k/4" -t 2 --checkpoint "$here/part$k-of-4.ckpt" --progress \
    >> "$here/part$k-of-4.out" 2>> "$here/part$k-of-4.progress" || exit $?
done
"$nq" merge "$here"/part?-of-4.ckpt > "$here/merged.txt" 2>&1
echo "$(date -u +%FT%TZ) merged" >> "$here/log.txt"
