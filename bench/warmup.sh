#!/usr/bin/env bash
# How many warm-up pieces a timed draw of `nqueens estimate` needs
# (doc/estimate.md, "Timed as a count runs it"): random places of n's plan,
# each timed after one warm-up piece and after W (build/bench/warm_pairs),
# and, for --census R > 0, R rounds of a census of every piece timed as a
# count meets it (build/bench/census) against a paired run just after it.
#   bench/warmup.sh [--n N] [--threads T] [--draws K] [--warm "2 4 8"]
#                   [--seeds "1 2"] [--census R] [--out DIR]
# Defaults: n = 19, T = 2, K = 3000, W = 2, 4 and 8, seeds 1 and 2, R = 3.
# Results: pairN-wW-seedS.tsv, censusN-R.tsv with pairN-census-R.tsv,
# summary.md and machine.md in DIR (default bench/runs/warmup-DATE-HOST).
# Every figure is a ratio within one run: a host whose speed drifts moves
# both sides of it.
set -euo pipefail
cmdline="bench/warmup.sh $*"
root=$(cd "$(dirname "$0")/.." && pwd)
usage() {
    echo "usage: bench/warmup.sh [--n N] [--threads T] [--draws K] [--warm LIST] [--seeds LIST]" \
        "[--census R] [--out DIR]" >&2
    exit 2
}
n=19 threads=2 draws=3000 warm="2 4 8" seeds="1 2" census=3 out=''
PROG=bench/warmup.sh
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
on_option() {
    case $1 in
    --n) n=$2 ;;
    --threads) threads=$2 ;;
    --draws) draws=$2 ;;
    --warm) warm=$2 ;;
    --seeds) seeds=$2 ;;
    --census) census=$2 ;;
    --out) out=$2 ;;
    esac
}
parse_options "--n --threads --draws --warm --seeds --census --out" "" "$@"
for v in "$n" "$threads" "$draws" "$census" $warm $seeds; do
    is_uint "$v" || usage_error "'$v' is not a whole number"
done
bench_prologue "$root" warmup "$cmdline" "thread CPU seconds of each draw (warm_pairs, census)"
pairs=$NQ_BUILD/bench/warm_pairs
whole=$NQ_BUILD/bench/census
[[ -x $pairs && -x $whole ]] || die "$NQ_BUILD/bench has no warm_pairs or census"

# one_over FILE [CENSUS]: the paired ratio, and against the census's time
# of the same places.
one_over() {
    python3 - "$@" <<'PY'
import sys
draws = [line.split() for line in open(sys.argv[1])]
one = sum(float(d[1]) for d in draws)
several = sum(float(d[2]) for d in draws)
out = f"one / several {one / several:.3f}"
if len(sys.argv) > 2:
    census = {int(l.split()[0]): float(l.split()[3]) for l in open(sys.argv[2])}
    c = sum(census[int(d[0])] for d in draws)
    out += f", one / census {one / c:.3f}, several / census {several / c:.3f}"
print(out)
PY
}

{
    echo "# Warm-up pieces before a timed draw, n = $n, $threads threads, $draws draws"
    echo
    echo "\`$cmdline\`"
    echo
    for w in $warm; do
        for s in $seeds; do
            f=pair$n-w$w-seed$s.tsv
            nq_log "n = $n, W = $w, seed $s"
            "$pairs" "$n" "$threads" "$draws" "$w" "$s" >"$out/$f"
            echo "- W = $w, seed $s: $(one_over "$out/$f")"
        done
    done
    for r in $(seq 1 "$census"); do
        nq_log "census $r of $census"
        "$whole" "$n" "$threads" >"$out/census$n-$r.tsv"
        "$pairs" "$n" "$threads" "$draws" 2 "1$r" >"$out/pair$n-census-$r.tsv"
        echo "- W = 2 against census $r: $(one_over "$out/pair$n-census-$r.tsv" "$out/census$n-$r.tsv")"
    done
} >"$out/summary.md"
cat "$out/summary.md"
