#!/usr/bin/env bash
# The speed figures of doc/performance.md: one thread against a reference counter, and
# two threads against one, timed in the same run with hyperfine.
#   bench/speed.sh [YARDSTICK.c] [--n "16 17"] [--runs K] [--out DIR]
# YARDSTICK.c is the plain recursive mirror-symmetric counter the targets are
# measured against (default: bench/yardstick/mirror_bitmask.c); it is built
# here with cc -O3 -march=native.
set -euo pipefail
cmdline="bench/speed.sh $*"
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: bench/speed.sh [YARDSTICK.c] [--n LIST] [--runs K] [--out DIR]" >&2; exit 2; }
src=$root/bench/yardstick/mirror_bitmask.c
if [[ $# -ge 1 && $1 != --* ]]; then
    [[ -f $1 ]] || usage
    src=$1
    shift
fi
ns="16 17" runs=5 out=
while [[ $# -gt 0 ]]; do
    case $1 in
    --n) ns=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
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
    hf_header "nqueens speed" "; yardstick: ${src#"$root/"} (cc -O3 -march=native)"
    echo "| n | yardstick (1 thread) | nqueens, 1 thread | nqueens, 2 threads | 1 thread vs yardstick | 2 threads vs 1 |"
    echo "|---|---|---|---|---|---|"
    for n in $ns; do
        hyperfine -N -w 1 -r "$runs" --export-json "$out/speed-$n.json" \
            "$tmp/yardstick $n" "$bin count $n -t 1" "$bin count $n -t 2" >/dev/null 2>&1
        read -r y t1 t2 <<<"$(hf_medians "$out/speed-$n.json")"
        python3 -c 'import sys; n,y,a,b=sys.argv[1:]; y,a,b=float(y),float(a),float(b); print(f"| {n} | {y:.3f} s | {a:.3f} s | {b:.3f} s | {y/a:.2f}x | {a/b:.2f}x |")' "$n" "$y" "$t1" "$t2"
    done
} | tee "$out/speed.md"
