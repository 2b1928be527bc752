#!/usr/bin/env bash
# How promptly a count stops: SIGINT sent at each of the given seconds into
# `count N --checkpoint F`, the time from the signal to the process's exit,
# the exit status (130) and whether F was saved, for each case.
#   bench/stop.sh [NQUEENS] [--case "N -t T [options]"]... [--at "S ..."]
#                 [--load K] [--out DIR]
# The default cases are issue 43's: n = 24 on 2 and 16 threads, 26, a part
# of 27, and 28 and 32 on 2 (--max-memory 4G), each stopped at 1 to 6 s.
# --load K runs K busy processes beside each count (a shared node; none by
# default), stopped when the script ends. The floor is 1 s.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "bench/stop.sh: $*" >&2; exit 2; }
nq=$root/build/src/nqueens
if [[ $# -gt 0 && $1 != --* ]]; then
    nq=$1
    shift
fi
[[ -x $nq ]] || fail "'$nq' is not an executable file (build first: scripts/build)"
out= cases=() times="1 2 3 4 5 6" load=0
while [[ $# -gt 0 ]]; do
    case $1 in
    --case) [[ $# -ge 2 && -n $2 ]] || fail "--case takes the arguments of one count"
        cases+=("$2"); shift 2 ;;
    --at) [[ $# -ge 2 && $2 =~ ^[0-9.\ ]*[0-9][0-9.\ ]*$ ]] ||
            fail "--at takes seconds separated by spaces, such as \"1 5\""
        times=$2; shift 2 ;;
    --load) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || fail "--load takes a number of busy processes"
        load=$2; shift 2 ;;
    --out) [[ $# -ge 2 && -n $2 ]] || fail "--out takes a directory"
        out=$2; shift 2 ;;
    *) fail "usage: bench/stop.sh [NQUEENS] [--case \"N -t T ...\"]... [--at \"S ...\"] [--load K] [--out DIR]" ;;
    esac
done
[[ ${#cases[@]} -gt 0 ]] || cases=("24 -t 2" "24 -t 16" "26 -t 2" "27 -t 2 --part 3/64"
    "28 -t 2 --max-memory 4G" "32 -t 2 --max-memory 4G")
work=$(mktemp -d)
busy=()
finish() {
    # Only the busy processes this script started, by their ids.
    [[ ${#busy[@]} -eq 0 ]] || kill "${busy[@]}" 2>/dev/null || true
    rm -rf "$work"
}
trap finish EXIT
for ((i = 0; i < load; i++)); do
    sh -c 'while :; do :; done' &
    busy+=($!)
done

table="| count | signal at | stop latency | exit | checkpoint saved |
|---|---|---|---|---|"
# One row per case: the latency at each time, and the largest.
header="| count |" rule="|---|"
for at in $times; do
    header+=" at $at s |"
    rule+="---|"
done
summary="$header most |
$rule---|"
for c in "${cases[@]}"; do
    row="| \`count $c\` |" most=0
    for at in $times; do
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
        saved=no note=
        if grep -q "while planning, before any work; nothing to save" "$work/err"; then
            saved="nothing to save (stopped while planning)"
            note=" (planning)"
        fi
        [[ -s $ck ]] && saved="yes ($(sed -n 's/^done //p' "$ck") done)"
        [[ $status -eq 130 ]] || note+=" exit $status"
        latency=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
        most=$(awk -v a="$most" -v b="$latency" 'BEGIN { print (b > a ? b : a) }')
        table+=$'\n'"| \`count $c\` | $at s | $latency s | $status | $saved |"
        row+=" $latency$note |"
    done
    summary+=$'\n'"$row $most |"
done
loadavg=$(cut -d' ' -f1-3 /proc/loadavg)
note="Stop latency in seconds (SIGINT to exit), $load busy processes beside each count; load average at the end: $loadavg."
echo "$summary"
echo
echo "$note"
echo
echo "$table"
if [[ -n $out ]]; then
    source "$root/bench/machine.sh"
    mkdir -p "$out"
    printf '%s\n\n%s\n\n%s\n' "$summary" "$note" "$table" >"$out/stop.md"
    bench_machine "$(dirname "$(dirname "$nq")")" "$nq" "bench/stop.sh" \
        "time from SIGINT to exit, date +%s.%N around kill and wait; $load busy processes beside" \
        >"$out/machine.md"
fi
