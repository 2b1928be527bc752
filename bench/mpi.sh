#!/usr/bin/env bash
# The MPI figures of doc/performance.md: nqueens-mpi over ranks × threads on this
# machine, each layout timed in turn, wall clock of the whole mpirun, with
# each rank's busy seconds from the program's JSON.
#   bench/mpi.sh [--n N] [--layouts "1x1 1x2 2x1 3x1"] [--runs K] [--out DIR]
# A layout RxT runs `mpirun --bind-to none -np R nqueens-mpi count N -t T`;
# more ranks than cores oversubscribe. Writes mpi.md, mpi.csv, machine.md.
set -euo pipefail
export LC_ALL=C
cmdline="bench/mpi.sh $*"
root=$(cd "$(dirname "$0")/.." && pwd)
usage() { echo "usage: bench/mpi.sh [--n N] [--layouts LIST] [--runs K] [--out DIR]" >&2; exit 2; }
n=17 layouts="1x1 1x2 2x1 3x1" runs=3 out=
while [[ $# -gt 0 ]]; do
    case $1 in
    --n) n=$2; shift 2 ;;
    --layouts) layouts=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) usage ;;
    esac
done
[[ $n =~ ^[0-9]+$ && $runs =~ ^[1-9][0-9]*$ ]] || usage
for l in $layouts; do [[ $l =~ ^[1-9][0-9]*x[1-9][0-9]*$ ]] || usage; done

source "$root/scripts/common.sh"
source "$root/bench/machine.sh"
NQ_EXTRA_NEEDS="mpi python3"
nq_require || exit 1
nq_build
bin=$NQ_BUILD/src/mpi/nqueens-mpi
[[ -x $bin ]] || { echo "bench/mpi.sh: $bin was not built (no MPI found by meson?)" >&2; exit 1; }
out=${out:-$root/bench/runs/mpi-$(date +%Y%m%d)-$(hostname)}
mkdir -p "$out"
bench_machine "$NQ_BUILD" "$bin" "$cmdline" \
    "wall clock of the whole mpirun (bash EPOCHREALTIME), median of $runs runs" >"$out/machine.md"
if [[ $(id -u) -eq 0 ]]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

# Every run's total must be Q(n) as nqueens itself counts it.
want=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])' \
    < <("$NQ_BUILD/src/nqueens" count "$n" --json))
echo "ranks,threads,run,seconds,total,busy_seconds" >"$out/mpi.csv"
{
    echo "# nqueens-mpi, n = $n, commit $COMMIT"
    echo
    echo "\`mpirun --bind-to none -np R nqueens-mpi count $n -t T\`; wall clock of the"
    echo "whole mpirun, median of $runs runs; busy seconds per rank from the run with"
    echo "the median time. ${CPU_MODEL:-unknown CPU}, $(getconf _NPROCESSORS_ONLN) CPUs (machine.md has more)."
    echo
    echo "| ranks × threads | seconds | busy seconds per rank |"
    echo "|---|---|---|"
    for layout in $layouts; do
        ranks=${layout%x*} threads=${layout#*x}
        rows=()
        for ((r = 1; r <= runs; r++)); do
            start=$EPOCHREALTIME
            json=$(mpirun --oversubscribe --bind-to none -np "$ranks" "$bin" count "$n" \
                -t "$threads" --json 2>/dev/null)
            secs=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')
            read -r total busy < <(python3 -c 'import json,sys; d=json.loads(sys.argv[1]); print(d["total"], " ".join("%.2f" % s for s in d["rank_busy_seconds"]))' "$json")
            [[ $total == "$want" ]] ||
                { echo "bench/mpi.sh: $layout gave $total for n = $n, expected $want" >&2; exit 1; }
            echo "$ranks,$threads,$r,$secs,$total,${busy// /;}" >>"$out/mpi.csv"
            rows+=("$secs ${busy// /, }")
        done
        # The median run by time, with its busy seconds.
        median=$(printf '%s\n' "${rows[@]}" | sort -g | sed -n "$(((runs + 1) / 2))p")
        echo "| $ranks × $threads | ${median%% *} | ${median#* } |"
    done
} | tee "$out/mpi.md"
