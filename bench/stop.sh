#!/usr/bin/env bash
# How promptly a count stops: SIGINT sent at 1 s and at 5 s into `count N
# --checkpoint F`, the time from the signal to the process's exit, the exit
# status (130) and whether F was saved, for each case.
#   bench/stop.sh [NQUEENS] [--case "N -t T [options]"]... [--out DIR]
# The default cases are the frontier issue's: n = 24 on 2 and 16 threads,
# 26, 28 and 32 on 2 (--max-memory 4G). The floor is 1 s.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "bench/stop.sh: $*" >&2; exit 2; }
nq=$root/build/src/nqueens
if [[ $# -gt 0 && $1 != --* ]]; then
    nq=$1
    shift
fi
[[ -x $nq ]] || fail "'$nq' is not an executable file (build first: scripts/build)"
out= cases=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --case) [[ $# -ge 2 && -n $2 ]] || fail "--case takes the arguments of one count"
        cases+=("$2"); shift 2 ;;
    --out) [[ $# -ge 2 && -n $2 ]] || fail "--out takes a directory"
        out=$2; shift 2 ;;
    *) fail "usage: bench/stop.sh [NQUEENS] [--case \"N -t T ...\"]... [--out DIR]" ;;
    esac
done
[[ ${#cases[@]} -gt 0 ]] || cases=("24 -t 2" "24 -t 16" "26 -t 2 --max-memory 4G"
    "28 -t 2 --max-memory 4G" "32 -t 2 --max-memory 4G")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

table="| count | signal at | stop latency | exit | checkpoint saved |
|---|---|---|---|---|"
for c in "${cases[@]}"; do
    for at in 1 5; do
        ck=$work/ck
        rm -f "$ck"
        # shellcheck disable=SC2086 # a case is a list of arguments
        "$nq" count $c --checkpoint "$ck" >/dev/null 2>"$work/err" &
        pid=$!
        sleep "$at"
        t0=$(date +%s.%N)
        kill -INT "$pid"
        status=0
        wait "$pid" || status=$?
        t1=$(date +%s.%N)
        saved=no
        grep -q "while planning, before any work; nothing to save" "$work/err" &&
            saved="nothing to save (stopped while planning)"
        [[ -s $ck ]] && saved="yes ($(sed -n 's/^done //p' "$ck") done)"
        latency=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f s", b - a }')
        table+=$'\n'"| \`count $c\` | $at s | $latency | $status | $saved |"
    done
done
echo "$table"
if [[ -n $out ]]; then
    source "$root/bench/machine.sh"
    mkdir -p "$out"
    echo "$table" >"$out/stop.md"
    bench_machine "$(dirname "$(dirname "$nq")")" "$nq" "bench/stop.sh" \
        "time from SIGINT to exit, date +%s.%N around kill and wait" >"$out/machine.md"
fi
