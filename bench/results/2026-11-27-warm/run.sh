#!/bin/bash
# Paired warm-up check (see README.md): builds pair.c against a build tree's
# internal library and runs it. run.sh [SOURCE_TREE [census]] (census: only the last part)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../../.." && pwd)}
here=$(cd "$(dirname "$0")" && pwd)
b=$root/build/src
gcc -O2 -fopenmp -I"$root/src/lib" -I"$root/include" -I"$b" "$here/pair.c" -o /tmp/nq-pair \
    "$b/libnqueens_internal.a" "$b/libnqueens_v3.a" "$b/libnqueens_v3_nopext.a" "$b/libnqueens_base.a" \
    -lhwloc -lm -lpthread
cd "$here"
if [[ ${2:-} != census ]]; then
for w in 2 4 8; do
    for seed in 1 2; do
        /tmp/nq-pair 19 2 3000 "$w" "$seed" >"pair19-w$w-seed$seed.tsv"
        printf 'n=19 warm-ups %s seed %s: ' "$w" "$seed"
        python3 pcmp.py "pair19-w$w-seed$seed.tsv"
    done
done
/tmp/nq-pair 21 2 120 2 1 >pair21-w2-seed1.tsv
printf 'n=21 warm-ups 2 seed 1: '
python3 pcmp.py pair21-w2-seed1.tsv
fi
# Against a census (every piece timed as a count meets it), run just before.
gcc -O2 -fopenmp -I"$root/src/lib" -I"$root/include" -I"$b" "$here/../2026-11-26-estimate-budget/census.c" -o /tmp/nq-census \
    "$b/libnqueens_internal.a" "$b/libnqueens_v3.a" "$b/libnqueens_v3_nopext.a" "$b/libnqueens_base.a" \
    -lhwloc -lm -lpthread
for r in 1 2 3; do
    /tmp/nq-census 19 2 >"census19-$r.tsv"
    /tmp/nq-pair 19 2 3000 2 "1$r" >"pair19-census-$r.tsv"
    printf 'n=19 warm-ups 2 seed 1%s, census %s: ' "$r" "$r"
    python3 pcmp.py "pair19-census-$r.tsv" "census19-$r.tsv"
done
