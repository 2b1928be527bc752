#!/usr/bin/env bash
# Two builds of nqueens timed against each other: before and after a change.
#   bench/compare.sh BEFORE AFTER [--rounds K] [--case "ARGS"]... [--out DIR]
# BEFORE and AFTER are nqueens binaries (say, a worktree's build of the old
# commit and this one's). Each round runs every case once with each binary,
# the order swapped every round, so a slow spell of a shared machine hits
# both alike. The table gives the medians and, per case, the median and range
# of the per-round after/before ratios (wall clock and CPU): the figure to
# read on a noisy machine, where single runs vary by 30%.
set -euo pipefail
cmdline="bench/compare.sh $*"
root=$(cd "$(dirname "$0")/.." && pwd)
usage() {
    echo "usage: bench/compare.sh BEFORE AFTER [--rounds K] [--case \"ARGS\"]... [--out DIR]" >&2
    exit 2
}
fail() { echo "bench/compare.sh: $*" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
before=$1 after=$2
shift 2
for b in "$before" "$after"; do
    [[ -f $b && -x $b ]] || fail "'$b' is not an executable file"
done
rounds=9 out= cases=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --rounds)
        [[ $# -ge 2 && $2 =~ ^[1-9][0-9]{0,2}$ ]] || fail "--rounds takes a whole number from 1 to 999"
        rounds=$2; shift 2 ;;
    --case)
        [[ $# -ge 2 && -n $2 ]] || fail "--case takes the arguments of one nqueens run"
        cases+=("$2"); shift 2 ;;
    --out)
        [[ $# -ge 2 && -n $2 ]] || fail "--out takes a directory"
        out=$2; shift 2 ;;
    *) usage ;;
    esac
done
# The defaults: each engine family, one and two threads, and the listing.
if [[ ${#cases[@]} -eq 0 ]]; then
    cases=("count 17 -t 1" "count 18 -t 2" "count 16 --engine parallel-sym8 -t 1"
           "count 17 --engine parallel-sym8 -t 2" "count 16 --engine parallel-mirror -t 2"
           "solve 16 --format cols -t 2")
fi
# shellcheck source=SCRIPTDIR/../scripts/common.sh
source "$root/scripts/common.sh"
# shellcheck disable=SC2034 # read by nq_require: this script builds nothing
NQ_NEEDS=() NQ_WANTS=() NQ_EXTRA_NEEDS="gnu-time python3"
nq_require || exit 1
source "$root/bench/machine.sh"
out=${out:-$root/bench/runs/compare-$(date +%Y%m%d)-$(hostname)}
mkdir -p "$out"
# The same answer from both first: a faster wrong build is not compared.
for c in "${cases[@]}"; do
    read -ra args <<<"$c"
    [[ ${args[0]} == count ]] || continue
    a=$("$before" "${args[@]}" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])') ||
        fail "BEFORE failed on '$c'"
    b=$("$after" "${args[@]}" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])') ||
        fail "AFTER failed on '$c'"
    [[ $a == "$b" ]] || fail "'$c': BEFORE counts $a, AFTER $b"
done

raw=$out/compare.tsv
printf 'round\tcase\tbuild\twall\tuser\tsys\n' >"$raw"
timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
for ((r = 1; r <= rounds; r++)); do
    for c in "${cases[@]}"; do
        read -ra args <<<"$c"
        if ((r % 2)); then order="before after"; else order="after before"; fi
        for which in $order; do
            /usr/bin/time -f '%e\t%U\t%S' -o "$timing" "${!which}" "${args[@]}" >/dev/null 2>&1 ||
                fail "'${!which} $c' failed"
            printf '%d\t%s\t%s\t%s\n' "$r" "$c" "$which" "$(cat "$timing")" >>"$raw"
        done
    done
done

bench_machine "$(dirname "$after")/.." "$after" "$cmdline" "$rounds rounds, the two builds alternated (wall clock and CPU, /usr/bin/time)" \
    >"$out/machine.md"
{
    echo "# nqueens before and after, $(date -u +%Y-%m-%dT%H:%MZ), commit $COMMIT"
    echo
    echo "Machine: ${CPU_MODEL:-unknown CPU}, $(nproc) CPUs (machine.md has more)."
    echo "Before: \`$before\` ($("$before" --version))."
    echo "After: \`$after\` ($("$after" --version))."
    echo
    python3 - "$raw" <<'PY'
import csv, statistics as st, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
cases = list(dict.fromkeys(r["case"] for r in rows))
print(f"{max(int(r['round']) for r in rows)} rounds. after/before below 1 is faster.")
print()
print("| case | before, median s | after, median s | after/before (wall) | range | after/before (CPU) |")
print("|---|--:|--:|--:|--:|--:|")
for c in cases:
    by = {}
    for r in rows:
        if r["case"] == c:
            by.setdefault(int(r["round"]), {})[r["build"]] = (
                float(r["wall"]), float(r["user"]) + float(r["sys"]))
    pairs = [v for v in by.values() if len(v) == 2]
    wall = [v["after"][0] / v["before"][0] for v in pairs if v["before"][0] > 0]
    cpu = [v["after"][1] / v["before"][1] for v in pairs if v["before"][1] > 0]
    bw = st.median(v["before"][0] for v in pairs)
    aw = st.median(v["after"][0] for v in pairs)
    fmt = lambda xs: f"{st.median(xs):.3f}" if xs else "n/a"
    span = f"{min(wall):.2f}–{max(wall):.2f}" if wall else "n/a"
    print(f"| `{c}` | {bw:.3f} | {aw:.3f} | {fmt(wall)} | {span} | {fmt(cpu)} |")
PY
} | tee "$out/compare.md"
echo "bench/compare.sh: results in $out" >&2
