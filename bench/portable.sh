#!/usr/bin/env bash
# The portable build against a -march=native one: the same short runs,
# alternating the binaries so that a busy neighbour slows both alike.
#   bench/portable.sh [--reps R] NQUEENS_A NQUEENS_B...
# Prints, per run, each binary's median CPU seconds (user + system, less
# sensitive than wall time to other processes on a shared machine) and its
# ratio to the first binary's. Two short runs: `count 16 -t 1`, the counting
# kernel; `solve 15 --format cols -t 1`, the listing search. The machine,
# compiler, flags and commit are recorded by the caller (bench/machine.sh).
set -euo pipefail
reps=5
if [[ ${1:-} == --reps ]]; then
    reps=$2
    shift 2
fi
(($# >= 2)) || { echo "usage: bench/portable.sh [--reps R] NQUEENS_A NQUEENS_B..." >&2; exit 2; }
bins=("$@")
runs=("count 16 -t 1" "solve 15 --format cols -t 1")

# CPU seconds of one run, from bash's own accounting of the child.
cpu_seconds() {
    local TIMEFORMAT='%U %S'
    { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.3f\n", $1 + $2 }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

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
