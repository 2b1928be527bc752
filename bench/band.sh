#!/usr/bin/env bash
# The band (halves' even n from 26, doc/halves.md) against the same binary
# without it (NQUEENS_BAND_FROM=64), side by side: for each N, README's
# projection `nqueens estimate N -t 64 --max-memory 20G --seed SEED`
# (with --seconds S for N:S), first without the band, then with it.
#   bench/band.sh [--seed K] [--out DIR] N[:SECONDS]...
# Results in DIR (default bench/runs/band-DATE-HOST): N-without.json and
# N-with.json (with their .time: user, sys, wall seconds and peak KiB),
# summary.md (core-hours, 90% interval, sample, the ratio) and machine.md.
set -euo pipefail
cmdline="bench/band.sh $*"
root=$(cd "$(dirname "$0")/.." && pwd)
usage() {
    echo "usage: bench/band.sh [--seed K] [--out DIR] N[:SECONDS]..." >&2
    exit 2
}
seed=1 out= sizes=()
while (($#)); do
    case $1 in
    --seed) (($# >= 2)) || usage; seed=$2; shift 2 ;;
    --out) (($# >= 2)) || usage; out=$2; shift 2 ;;
    [0-9]*) sizes+=("$1"); shift ;;
    *) usage ;;
    esac
done
((${#sizes[@]})) || usage
PROG=bench/band.sh
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
bench_prologue "$root" band "$cmdline" "CPU time: the estimate's projection, in core-hours"

field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
hours() { awk -v s="$1" 'BEGIN { printf "%.0f", s / 3600 }'; }

{
    echo "# The band against the same binary without it"
    echo
    echo "\`$cmdline\`: \`nqueens estimate N -t 64 --max-memory 20G --seed $seed\`," \
        "without the band (NQUEENS_BAND_FROM=64), then with it."
    echo
    echo "| n | sample (with) | without: core-hours (90%) | with: core-hours (90%) | with / without |"
    echo "|---|---|---|---|---|"
} >"$out/summary.md"
for spec in "${sizes[@]}"; do
    n=${spec%%:*} extra=()
    [[ $spec == *:* ]] && extra=(--seconds "${spec#*:}")
    for way in without with; do
        env=()
        [[ $way == without ]] && env=(NQUEENS_BAND_FROM=64)
        say "n=$n $way the band"
        env "${env[@]}" /usr/bin/time -f "%U %S %e %M" -o "$out/$n-$way.time" \
            "$bin" estimate "$n" -t 64 --max-memory 20G --seed "$seed" "${extra[@]}" --json \
            >"$out/$n-$way.json"
    done
    row="| $n | $(awk -v s="$(field "$out/$n-with.json" seconds)" 'BEGIN { printf "%.0f", s }') s |"
    for way in without with; do
        f=$out/$n-$way.json
        row+=" $(hours "$(field "$f" cpu_seconds)") ($(hours "$(field "$f" cpu_seconds_low)") to"
        row+=" $(hours "$(field "$f" cpu_seconds_high)"); $(field "$f" sampled_subproblems) draws) |"
    done
    ratio=$(awk -v a="$(field "$out/$n-with.json" cpu_seconds)" \
        -v b="$(field "$out/$n-without.json" cpu_seconds)" 'BEGIN { printf "%.2f", a / b }')
    echo "$row ${ratio}x |" >>"$out/summary.md"
done
say "results in $out"
