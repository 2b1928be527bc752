#!/usr/bin/env bash
# The speed figures of README ("How long Q(n) takes"): one thread against a reference counter, and
# two threads against one, timed in the same run with hyperfine.
#   bench/speed.sh [YARDSTICK.c] [--n "16 17"] [--runs K] [--rounds R] [--out DIR]
# One and two threads are timed in R rounds of K runs each (default 4 of 5),
# alternating which goes first, and the medians are over all R x K runs: a
# busy spell of the machine then falls on both (one hyperfine batch a
# command once gave 1.19x where the rounds gave 1.8x). The yardstick, K runs.
# YARDSTICK.c is the plain recursive mirror-symmetric counter the targets are
# measured against (default: bench/yardstick/mirror_bitmask.c); it is built
# here with cc -O3 -march=native.
set -euo pipefail
cmdline="bench/speed.sh $*"
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: bench/speed.sh [YARDSTICK.c] [--n LIST] [--runs K] [--rounds R] [--out DIR]" >&2; exit 2; }
src=$root/bench/yardstick/mirror_bitmask.c
if [[ $# -ge 1 && $1 != --* ]]; then
    [[ -f $1 ]] || usage
    src=$1
    shift
fi
ns="16 17" runs=5 rounds=4 out=
while [[ $# -gt 0 ]]; do
    case $1 in
    --n) ns=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) usage ;;
    esac
done
source "$root/bench/hyperfine.sh"
NQ_EXTRA_NEEDS=hyperfine
hf_setup speed "$cmdline"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O3 -march=native -o "$tmp/yardstick" "$src" # a build product: not kept with the results

{
    hf_header "nqueens speed" "; yardstick: ${src#"$root/"} (cc -O3 -march=native); one and two threads: $rounds rounds of $runs runs each, alternating, medians of all"
    echo "| n | yardstick (1 thread) | nqueens, 1 thread | nqueens, 2 threads | 1 thread vs yardstick | 2 threads vs 1 |"
    echo "|---|---|---|---|---|---|"
    for n in $ns; do
        hyperfine -N -w 1 -r "$runs" --export-json "$out/speed-$n.json" \
            "$tmp/yardstick $n" >/dev/null 2>&1
        read -r y <<<"$(hf_medians "$out/speed-$n.json")"
        one="$bin count $n -t 1" two="$bin count $n -t 2"
        for ((r = 1; r <= rounds; r++)); do
            if ((r % 2)); then set -- "$one" "$two"; else set -- "$two" "$one"; fi
            hyperfine -N -w 1 -r "$runs" --export-json "$out/speed-$n-round$r.json" "$@" \
                >/dev/null 2>&1
        done
        read -r t1 t2 <<<"$(python3 - "$one" "$two" "$out"/speed-"$n"-round*.json <<'EOF'
import json, statistics, sys
one, two, files = sys.argv[1], sys.argv[2], sys.argv[3:]
times = {one: [], two: []}
for f in files:
    for r in json.load(open(f))["results"]:
        times[r["command"]] += r["times"]
print("%.4f %.4f" % (statistics.median(times[one]), statistics.median(times[two])))
EOF
)"
        python3 -c 'import sys; n,y,a,b=sys.argv[1:]; y,a,b=float(y),float(a),float(b); print(f"| {n} | {y:.3f} s | {a:.3f} s | {b:.3f} s | {y/a:.2f}x | {a/b:.2f}x |")' "$n" "$y" "$t1" "$t2"
    done
} | tee "$out/speed.md"
