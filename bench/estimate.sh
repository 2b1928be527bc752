#!/usr/bin/env bash
# Checks `nqueens estimate` against whole counts, and keeps the figures:
#   - for each n of --check, the estimate (default budget, --runs seeds) is
#     within +-25% of the count's measured CPU time (user + sys of `count n`),
#     the measured value is inside its 90% interval, and the estimate's own
#     CPU time is at most 5% of the count's; each row also says the
#     interval's half-width (its wider side, relative to the estimate) and
#     whether the sample's Q(n) interval holds the published Q(n), the check
#     of the sampling that no timing noise blurs;
#   - the count is measured here for the n of --measure (with --recount,
#     again before each seed: each estimate is then against the count just
#     before it, as a host whose speed drifts needs); for the others the
#     CPU seconds come from --reference N=SECONDS (a count measured before,
#     named in the results);
#   - for each n of --project, `estimate n -t 64` (a 64-thread node): the
#     figures for README's "How long Q(n) takes".
#   bench/estimate.sh [--check "19 20 21"] [--measure "19 20"]
#                     [--reference 21=1030] [--project "23 24"] [--runs K]
#                     [--threads T] [--recount] [--out DIR]
# Exit status 1 if a check fails. Results: estimate.tsv, projections.tsv,
# summary.md and machine.md in DIR (default bench/runs/estimate-DATE-HOST).
set -euo pipefail
cmdline="bench/estimate.sh $*"
root=$(cd "$(dirname "$0")/.." && pwd)
usage() {
    echo "usage: bench/estimate.sh [--check LIST] [--measure LIST] [--reference N=SECONDS]..." \
        "[--project LIST] [--runs K] [--threads T] [--recount] [--out DIR]" >&2
    exit 2
}
check="19 20 21" measure="19 20" project= runs=3 threads=2 out= recount=0
declare -A reference=([21]=1030)
PROG=bench/estimate.sh
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
on_option() {
    case $1 in
    --check) check=$2 ;;
    --measure) measure=$2 ;;
    --reference) [[ $2 == *=* ]] || usage; reference[${2%%=*}]=${2#*=} ;;
    --project) project=$2 ;;
    --runs) runs=$2 ;;
    --threads) threads=$2 ;;
    --out) out=$2 ;;
    --recount) recount=1 ;;
    esac
}
parse_options "--check --measure --reference --project --runs --threads --out" "--recount" "$@"
bench_prologue "$root" estimate "$cmdline" "CPU seconds: user + sys of /usr/bin/time"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu_of FILE: user + sys seconds from /usr/bin/time -f "%U %S %e %M".
cpu_of() { awk '{ print $1 + $2 }' "$1"; }
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }

# measure_count N SUFFIX: count N here; sets count_cpu and source_.
measure_count() {
    /usr/bin/time -f "%U %S %e %M" -o "$tmp/count-$1" "$bin" count "$1" -t "$threads" --json \
        >"$out/count-$1$2.json"
    count_cpu=$(cpu_of "$tmp/count-$1")
    source_="measured here ($(cat "$tmp/count-$1") : user sys wall KB)"
    cp "$tmp/count-$1" "$out/count-$1$2.time"
}

failed=0
printf 'n\tseed\tcount_cpu\tcount_source\testimate\tlow\thigh\tratio\tinside\thalf\tq_inside\testimate_cpu\tshare\tsampled\tsubproblems\tverdict\n' \
    >"$out/estimate.tsv"
for n in $check; do
    measured=0
    if [[ " $measure " == *" $n "* ]]; then
        measured=1
        measure_count "$n" ""
    elif [[ -n ${reference[$n]:-} ]]; then
        count_cpu=${reference[$n]}
        source_="reference (--reference $n=${reference[$n]})"
    else
        echo "bench/estimate.sh: no CPU time for n=$n: add it to --measure or give --reference" >&2
        exit 2
    fi
    for seed in $(seq 1 "$runs"); do
        ((measured && recount && seed > 1)) && measure_count "$n" "-$seed"
        /usr/bin/time -f "%U %S %e %M" -o "$tmp/est" "$bin" estimate "$n" -t "$threads" \
            --seed "$seed" --json >"$out/estimate-$n-$seed.json"
        e=$out/estimate-$n-$seed.json
        est_cpu=$(cpu_of "$tmp/est")
        row=$(python3 - "$e" "$count_cpu" "$est_cpu" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
truth, own = float(sys.argv[2]), float(sys.argv[3])
# The published Q(n) (OEIS A000170), for the sampling's own check.
published = {18: 666090624, 19: 4968057848, 20: 39029188884, 21: 314666222712,
             22: 2691008701644, 23: 24233937684440}
ratio = d["cpu_seconds"] / truth
inside = d["cpu_seconds_low"] <= truth <= d["cpu_seconds_high"]
half = max(d["cpu_seconds_high"] - d["cpu_seconds"], d["cpu_seconds"] - d["cpu_seconds_low"])
q = published.get(d["n"])
q_inside = "-" if q is None else "yes" if d["solutions_low"] <= q <= d["solutions_high"] else "no"
share = own / truth
ok = abs(ratio - 1) <= 0.25 and inside and share <= 0.05
print("\t".join([f'{d["cpu_seconds"]:.1f}', f'{d["cpu_seconds_low"]:.1f}',
                 f'{d["cpu_seconds_high"]:.1f}', f"{ratio:.3f}", "yes" if inside else "no",
                 f'{100 * half / d["cpu_seconds"]:.1f}%', q_inside, f"{own:.2f}",
                 f"{100 * share:.1f}%", str(d["sampled_subproblems"]),
                 str(d["subproblems"]), "ok" if ok else "FAIL"]))
PY
)
        [[ $row == *FAIL ]] && failed=1
        printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$seed" "$count_cpu" "$source_" "$row" >>"$out/estimate.tsv"
        printf 'n=%s seed=%s count %s CPU-s: %s\n' "$n" "$seed" "$count_cpu" "$row" >&2
    done
done

# Projections for a 64-thread node (the engine given: halves, as a count
# with the memory would choose it).
if [[ -n $project ]]; then
    printf 'n\tcpu_seconds\tlow\thigh\tcore_hours\tcore_hours_low\tcore_hours_high\twall_seconds_64\tpeak_memory_GiB_64\tlargest_subproblem_seconds\tsubproblems\tsampled\testimate_seconds\n' \
        >"$out/projections.tsv"
    for n in $project; do
        "$bin" estimate "$n" -t 64 --engine halves --seed 1 --json >"$out/project-$n.json"
        python3 - "$out/project-$n.json" >>"$out/projections.tsv" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("\t".join(str(x) for x in [d["n"], round(d["cpu_seconds"]), round(d["cpu_seconds_low"]),
      round(d["cpu_seconds_high"]), f'{d["cpu_seconds"] / 3600:.3g}',
      f'{d["cpu_seconds_low"] / 3600:.3g}', f'{d["cpu_seconds_high"] / 3600:.3g}',
      round(d["wall_seconds"]), f'{d["peak_memory_bytes"] / 2**30:.1f}',
      round(d["largest_subproblem_seconds"]), d["subproblems"], d["sampled_subproblems"],
      round(d["seconds"])]))
PY
    done
fi

{
    echo "# nqueens estimate against whole counts, $(date -u +%Y-%m-%dT%H:%MZ), commit $COMMIT"
    echo
    echo "Machine: ${CPU_MODEL:-unknown CPU}, $(nproc) CPUs (machine.md); counts and estimates on $threads threads."
    echo "A row passes if the estimate is within 25% of the count's CPU time, that time is inside"
    echo "its 90% interval, and the estimate took at most 5% of it (its own user + sys)."
    echo
    echo '```'
    column -t -s $'\t' "$out/estimate.tsv"
    echo '```'
    if [[ -f $out/projections.tsv ]]; then
        echo
        echo "Projections for a 64-thread node (estimate N -t 64 --engine halves --seed 1):"
        echo
        echo '```'
        column -t -s $'\t' "$out/projections.tsv"
        echo '```'
    fi
} >"$out/summary.md"
cat "$out/summary.md"
exit $failed
