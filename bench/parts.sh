#!/usr/bin/env bash
# Work units: the CPU time of each part of a split count, against the mean.
# Counts every part of `count N --part K/M` one after another (each its own
# process, as the tasks of a job array run), merges them, checks the merge
# against the published Q(N), and writes a table: each part's subproblems,
# its share of the estimated work (merge --status of its file alone), and
# its CPU time (user + sys of /usr/bin/time) against the mean of the parts.
#   bench/parts.sh [--n N] [--parts M] [--threads T] [--engine NAME] [--out DIR]
# Defaults: n = 20, M = 8, T = 1 (a part's CPU time without threads waiting
# for each other at its end), the default engine. Exit status 1 if the merge
# fails or the largest part takes more than 1.3 times the mean.
# Results: parts.tsv, summary.md, machine.md and each part's files in DIR
# (default bench/runs/parts-DATE-HOST).
set -euo pipefail
cmdline="bench/parts.sh $*"
root=$(cd "$(dirname "$0")/.." && pwd)
usage() {
    echo "usage: bench/parts.sh [--n N] [--parts M] [--threads T] [--engine NAME] [--out DIR]" >&2
    exit 2
}
n=20 parts=8 threads=1 engine='' out=''
PROG=bench/parts.sh
# shellcheck source=lib.sh
source "$root/bench/lib.sh"
on_option() {
    case $1 in
    --n) n=$2 ;;
    --parts) parts=$2 ;;
    --threads) threads=$2 ;;
    --engine) engine=$2 ;;
    --out) out=$2 ;;
    esac
}
parse_options "--n --parts --threads --engine --out" "" "$@"
bench_prologue "$root" parts "$cmdline" "CPU seconds: user + sys of /usr/bin/time"
engine_args=()
[[ -n $engine ]] && engine_args=(--engine "$engine")

# Each part resumes from its file if a run of this script was stopped.
for k in $(seq 1 "$parts"); do
    [[ -s $out/part-$k.json ]] && continue
    nq_log "part $k/$parts of count $n"
    /usr/bin/time -f "%U %S %e %M" -o "$out/part-$k.time" "$bin" count "$n" -t "$threads" \
        "${engine_args[@]}" --part "$k/$parts" --checkpoint "$out/part-$k.ck" --json \
        >"$out/part-$k.json"
done
files=()
for k in $(seq 1 "$parts"); do files+=("$out/part-$k.ck"); done
"$bin" merge "${files[@]}" --json >"$out/merge.json"

python3 - "$out" "$n" "$parts" "$bin" "$cmdline" <<'PY'
import json, subprocess, sys
out, n, parts, binary, cmdline = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
rows = []
for k in range(1, parts + 1):
    d = json.load(open(f"{out}/part-{k}.json"))
    user, system, wall, rss = open(f"{out}/part-{k}.time").read().split()[:4]
    status = json.loads(subprocess.run([binary, "merge", "--status", "--json", f"{out}/part-{k}.ck"],
                                       capture_output=True, text=True, check=True).stdout)
    rows.append((k, d["subproblems"], status["work_done"], float(user) + float(system),
                 float(wall), int(rss) // 1024, d["total_of_part"]))
mean = sum(r[3] for r in rows) / parts
largest = max(r[3] for r in rows)
merged = json.load(open(f"{out}/merge.json"))
published = {18: 666090624, 19: 4968057848, 20: 39029188884, 21: 314666222712}.get(n)
exact = published is None or merged["total"] == published
ok = exact and largest <= 1.3 * mean
with open(f"{out}/parts.tsv", "w") as f:
    f.write("part\tsubproblems\testimated_share\tcpu_seconds\twall_seconds\tpeak_mib\ttotal_of_part\n")
    for r in rows:
        f.write("%d/%d\t%d\t%.4f\t%.2f\t%.2f\t%d\t%d\n" % (r[0], parts, r[1], r[2], r[3], r[4], r[5], r[6]))
with open(f"{out}/summary.md", "w") as f:
    f.write(f"# count {n} in {parts} parts\n\n`{cmdline}`: each part `nqueens count {n} --part K/{parts}`,"
            f" one after another; CPU time is user + sys of /usr/bin/time.\n\n")
    f.write("| part | subproblems | estimated work | CPU time | CPU / mean |\n|---|---|---|---|---|\n")
    for r in rows:
        f.write("| %d/%d | %d | %.1f%% | %.1f s | %.2f |\n" % (r[0], parts, r[1], 100 * r[2], r[3], r[3] / mean))
    f.write(f"\nMean {mean:.1f} CPU-s, largest {largest:.1f} ({largest / mean:.2f}x the mean; at most 1.3x"
            f" wanted), total {sum(r[3] for r in rows):.1f} CPU-s. Merged: total={merged['total']}"
            f" unique={merged['unique']}" + (f" (published Q({n}) = {published})" if published else "") +
            f". Verdict: {'pass' if ok else 'FAIL'}.\n")
print(open(f"{out}/summary.md").read())
sys.exit(0 if ok else 1)
PY
