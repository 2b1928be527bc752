#!/usr/bin/env bash
# What listing costs over counting: `solve N --format cols` (output thrown
# away) against `count N`, same threads, timed in the same hyperfine run,
# with solve's peak memory.
#   bench/solve.sh [--n "15 16"] [--threads "1 2"] [--runs K] [--out DIR]
set -euo pipefail
cmdline="bench/solve.sh $*"
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: bench/solve.sh [--n LIST] [--threads LIST] [--runs K] [--out DIR]" >&2; exit 2; }
ns="16" threads="1 2" runs=5 out=
while [[ $# -gt 0 ]]; do
    case $1 in
    --n) ns=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) usage ;;
    esac
done
source "$root/bench/hyperfine.sh"
NQ_EXTRA_NEEDS="hyperfine gnu-time"
hf_setup solve "$cmdline"

{
    hf_header "nqueens solve against count" "; solve's output to /dev/null"
    echo "| n | threads | count | solve --format cols | solve / count | solve peak memory |"
    echo "|---|---|---|---|---|---|"
    for n in $ns; do
        for t in $threads; do
            hyperfine -N -w 1 -r "$runs" --export-json "$out/solve-$n-t$t.json" \
                "$bin count $n -t $t" "$bin solve $n --format cols -t $t" >/dev/null 2>&1
            read -r c s <<<"$(hf_medians "$out/solve-$n-t$t.json")"
            kb=$(/usr/bin/time -f %M "$bin" solve "$n" --format cols -t "$t" 2>&1 >/dev/null | tail -1)
            python3 -c 'import sys; n,t,c,s,kb=sys.argv[1:]; c,s=float(c),float(s); print(f"| {n} | {t} | {c:.3f} s | {s:.3f} s | {s/c:.2f}x | {int(kb)/1024:.1f} MB |")' \
                "$n" "$t" "$c" "$s" "$kb"
        done
    done
} | tee "$out/solve.md"
