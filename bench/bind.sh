#!/usr/bin/env bash
# bench/bind.sh: `nqueens count N` with --bind auto, none, numa and core, and the
# cost of the shared dynamic work queue next to the run time. Every run goes
# to a CSV file, a Markdown summary to stdout. `bench/bind.sh --help`.
set -euo pipefail
export LC_ALL=C

PROG=bench/bind.sh
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
    cat <<'EOF'
usage: bench/bind.sh [--bin PATH] [--n N] [--threads T] [--reps K] [--csv FILE]

Times `nqueens count N --threads T --bind MODE --json` for MODE = auto,
none, numa, core (K runs each, interleaved so that drift hits every mode alike) and
prints the median of the program's own "seconds" per mode, with the
placement each mode read back.

Then measures the work queue: the driver takes subproblems from one OpenMP
schedule(dynamic,1) loop, one shared counter increment per subproblem.
bench/queue_cost.c times such takes with an empty body (every thread
contending all the time: an upper bound) at the run's subproblem count and
at 10^6; the queue's share of the run is subproblems x ns / run time.

options:
  --bin PATH   nqueens binary (default: build/src/nqueens)
  --n N        board size (default 17)
  --threads T  threads (default: the online CPUs)
  --reps K     runs per mode (default 3)
  --csv FILE   every run as CSV (default: bench/runs/bind-<host>.csv)
  -h, --help   this text
EOF
}

usage_error() {
    echo "$PROG: $*" >&2
    exit 2
}

bin=$ROOT/build/src/nqueens
n=17
threads=$(getconf _NPROCESSORS_ONLN)
reps=3
csv=$ROOT/bench/runs/bind-$(hostname).csv
while [ $# -gt 0 ]; do
    case $1 in
    --bin) bin=${2:?}; shift 2 ;;
    --n) n=${2:?}; shift 2 ;;
    --threads) threads=${2:?}; shift 2 ;;
    --reps) reps=${2:?}; shift 2 ;;
    --csv) csv=${2:?}; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) usage_error "unknown argument '$1' (see --help)" ;;
    esac
done
[[ $n =~ ^[0-9]+$ ]] || usage_error "--n must be a whole number, got '$n'"
[[ $threads =~ ^[1-9][0-9]*$ ]] || usage_error "--threads must be a positive number, got '$threads'"
[[ $reps =~ ^[1-9][0-9]*$ ]] || usage_error "--reps must be a positive number, got '$reps'"
[ -x "$bin" ] || usage_error "no nqueens binary at '$bin' (build it, or give --bin)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$(dirname "$csv")"
echo "mode,rep,n,threads,seconds,subproblems,total,placement" >"$csv"
# The machine, compiler, flags and commit, next to the CSV.
# shellcheck source=machine.sh
source "$ROOT/bench/machine.sh"
bench_machine "$(dirname "$(dirname "$bin")")" "$bin" "bench/bind.sh --n $n --threads $threads --reps $reps" \
    "the program's own JSON seconds, median of $reps runs per mode" >"${csv%.csv}-machine.md"

field() { # field NAME JSON: a number or string field of one flat JSON object
    python3 -c 'import json,sys; v=json.loads(sys.argv[2])[sys.argv[1]]; print(json.dumps(v,separators=(",",":")) if isinstance(v,(list,dict)) or v is None else v)' "$1" "$2"
}

modes="auto none numa core"
for rep in $(seq 1 "$reps"); do
    for mode in $modes; do
        json=$("$bin" count "$n" --threads "$threads" --bind "$mode" --json)
        printf '%s,%s,%s,%s,%s,%s,%s,"%s"\n' "$mode" "$rep" "$n" "$threads" \
            "$(field seconds "$json")" "$(field subproblems "$json")" "$(field total "$json")" \
            "$(field placement "$json" | sed 's/"/""/g')" >>"$csv"
        echo "$json" >"$tmp/$mode.json"
    done
done

# Binding moves threads, never results: every run must give the same total.
totals=$(awk -F, 'NR > 1 { print $7 }' "$csv" | sort -u | wc -l)
[ "$totals" -eq 1 ] || { echo "$PROG: the modes disagree on Q($n): see $csv" >&2; exit 1; }

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "## count $n, $threads threads, median of $reps ($(hostname), commit $COMMIT)"
echo
echo "| --bind | seconds | vs none | placement read back |"
echo "|---|---|---|---|"
base=$(awk -F, '$1 == "none" { print $5 }' "$csv" | median)
for mode in $modes; do
    med=$(awk -F, -v m="$mode" '$1 == m { print $5 }' "$csv" | median)
    placement=$(field placement "$(cat "$tmp/$mode.json")")
    printf '| %s | %.3f | %+.1f%% | `%s` |\n' "$mode" "$med" "$(echo "$med $base" | awk '{ print 100 * ($1 / $2 - 1) }')" "$placement"
done
echo

subproblems=$(field subproblems "$(cat "$tmp/none.json")")
cc=${CC:-cc}
"$cc" -std=c11 -O2 -fopenmp "$ROOT/bench/queue_cost.c" -o "$tmp/queue_cost"
at_run=$("$tmp/queue_cost" "$threads" "$subproblems" | cut -d, -f3)
at_million=$("$tmp/queue_cost" "$threads" 1000000 | cut -d, -f3)
echo "## work queue: $subproblems subproblems, one shared counter increment each"
echo
echo "| measure | ns per take | whole run's takes | share of the run |"
echo "|---|---|---|---|"
for row in "empty loop of $subproblems takes (incl. fork/join) $at_run" "empty loop of 10^6 takes $at_million"; do
    ns=${row##* }
    what=${row% *}
    awk -v what="$what" -v ns="$ns" -v s="$subproblems" -v t="$base" \
        'BEGIN { printf "| %s | %.1f | %.3f ms | %.4f%% |\n", what, ns, ns * s / 1e6, 100 * ns * s / 1e9 / t }'
done
echo
echo "CSV of every run: $csv; the machine: ${csv%.csv}-machine.md"
