#!/usr/bin/env bash
# The portable build against a -march=native one: the same short runs,
# alternating the binaries so that a busy neighbour slows both alike.
#   bench/portable.sh [--reps R] [--out DIR] NQUEENS_A NQUEENS_B...
# Prints, per run, each binary's median CPU seconds (user + system, less
# sensitive than wall time to other processes on a shared machine) and its
# ratio to the first binary's. Three short runs: `count 17 -t 1` (the
# default engine), `count 16 -t 1 --engine parallel-sym8` (the search kernel
# and its tables) and `solve 15 --format cols -t 1` (the listing search).
# With --out, the table (portable.tsv) and the machine, compiler, flags and
# commit of the second binary's build (machine.md) are written to DIR.
set -euo pipefail
reps=5 out=
while [[ ${1:-} == --* ]]; do
    case $1 in
    --reps) reps=$2 ;;
    --out) out=$2 ;;
    *) echo "bench/portable.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
    shift 2
done
(($# >= 2)) || { echo "usage: bench/portable.sh [--reps R] NQUEENS_A NQUEENS_B..." >&2; exit 2; }
bins=("$@")
runs=("count 17 -t 1" "count 16 -t 1 --engine parallel-sym8" "solve 15 --format cols -t 1")

# CPU seconds of one run, from bash's own accounting of the child.
cpu_seconds() {
    local TIMEFORMAT='%U %S'
    { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.3f\n", $1 + $2 }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

if [[ -n $out ]]; then
    mkdir -p "$out"
    source "$(dirname "$0")/machine.sh"
    bench_machine "$(dirname "$(dirname "${bins[1]}")")" "${bins[1]}" "bench/portable.sh $*" \
        "CPU seconds (user + system) of each run, median of $reps, the binaries alternating" \
        >"$out/machine.md"
    exec > >(tee "$out/portable.tsv")
fi
printf 'run\tbinary\tmedian_cpu_s\tratio_to_first\n'
for run in "${runs[@]}"; do
    declare -A times=()
    for ((r = 0; r < reps; r++)); do
        for b in "${bins[@]}"; do
            # shellcheck disable=SC2086 # the run's words are meant to split
            times[$b]+="$(cpu_seconds "$b" $run) "
        done
    done
    first=
    for b in "${bins[@]}"; do
        m=$(tr ' ' '\n' <<<"${times[$b]}" | grep . | median)
        first=${first:-$m}
        printf '%s\t%s\t%s\t%s\n' "$run" "$b" "$m" "$(awk -v a="$m" -v f="$first" 'BEGIN { printf "%.3f", a / f }')"
    done
    unset times
done
