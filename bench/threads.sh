#!/usr/bin/env bash
# bench/threads.sh: times the parallel engines at one N over a range of
# thread counts; writes threads.md and threads.csv (bench/run.sh runs it for
# its threads table). `bench/threads.sh --help`.
# shellcheck disable=SC2015 # 'check && check || fail' is meant: fail if either check fails
set -euo pipefail
export LC_ALL=C # '.' as the decimal point everywhere (awk, printf, EPOCHREALTIME)

PROG=bench/threads.sh
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"

usage() {
    cat <<'USAGE'
usage: bench/threads.sh --n N [OPTIONS]

Times `nqueens count N --engine E -t T` for every parallel engine and thread
count, checks every count against the published Q(N), and writes to DIR:
  threads.md, threads.csv   median seconds, speedup and efficiency; every run
  machine.md                CPU, cores, NUMA nodes, compiler, flags, commit
                            (unless DIR has one)
`bench/plot.sh DIR` draws threads.png from it (with bench/run.sh's results).

options:
  --n N              the board size (required)
  --engines LIST     comma-separated engines (default: every parallel engine
                     that 'nqueens engines' lists, the default last)
  --threads LIST     comma-separated thread counts (default 1..online CPUs);
                     speedups are against the smallest
  --reps K           runs per cell; the cell is their median (default 3)
  --cap SECONDS      per run; a run over it shows '> cap' (default 60)
  --out DIR          results folder (default bench/runs/<date>-<host>-threads/)
  --bin PATH         nqueens binary to time (default: build/src/nqueens, or
                     $NQ_BUILD's, brought up to date first)
  -h, --help         this text
USAGE
}

opt_engines='' opt_n='' opt_threads='' opt_reps='' opt_cap='' opt_out='' opt_bin=''
cmdline=$(quoted_cmdline "$PROG" "$@") # for machine.md
on_option() { # --n: one N
    common_option "$1" "$2" && return
    is_uint "$2" && ((10#$2 >= 1 && 10#$2 <= 32)) || usage_error "--n: '$2' is not an N (1..32)"
    opt_n=$((10#$2))
}
parse_options "--engines --n --threads --reps --cap --out --bin" "" "$@"
[[ -n $opt_n ]] || usage_error "--n N is required (see --help)"
N=$opt_n
REPS=${opt_reps:-3}
CAP=${opt_cap:-60}
NCPU=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)
if [[ -n $opt_threads ]]; then
    read -r -a THREADS <<<"$(tr ',' '\n' <<<"$opt_threads" | sort -n -u | tr '\n' ' ')"
else
    THREADS=()
    for ((t = 1; t <= NCPU; t++)); do THREADS+=("$t"); done
fi
OUT=${opt_out:-$ROOT/bench/runs/$(date +%Y-%m-%d-%H%M%S)-$(hostname -s 2>/dev/null || hostname)-threads}

bench_binary "$ROOT" "$opt_bin"
bench_engines
if [[ -n $opt_engines ]]; then
    read -r -a ENGINES <<<"${opt_engines//,/ }"
    for e in "${ENGINES[@]}"; do
        [[ " ${PARALLEL_ENGINES[*]} " == *" $e "* ]] ||
            usage_error "--engines: '$e' is not a parallel engine of $BIN (see nqueens engines)"
    done
else
    ENGINES=("${PARALLEL_ENGINES[@]}")
fi

mkdir -p "$OUT" || die "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# shellcheck source=machine.sh
source "$ROOT/bench/machine.sh"
[[ -s $OUT/machine.md ]] || bench_machine "$BUILD_DIR" "$BIN" "$cmdline" \
    "wall clock of each process (bash EPOCHREALTIME), median of $REPS run(s), cap $CAP s" \
    >"$OUT/machine.md"

CAP_CELL="> ${CAP} s"
echo "$CSV_HEADER" >"$OUT/threads.csv"
declare -A TMED TCELL
for e in "${ENGINES[@]}"; do
    for t in "${THREADS[@]}"; do
        times=()
        for ((r = 1; r <= REPS; r++)); do
            run_timed "$BIN" count "$N" --engine "$e" -t "$t" --json
            if ((T_STATUS == 124 || T_STATUS == 137)); then
                echo "$e,$N,$t,$r,$T_SECS,," >>"$OUT/threads.csv"
                times=()
                break
            fi
            ((T_STATUS == 0)) ||
                die "$e N=$N threads=$t failed (exit $T_STATUS): $(head -n 1 "$TMP/err")"
            total=$(json_field total)
            [[ -n $total ]] || die "$e N=$N: no \"total\" in the JSON output"
            check_total "$e with $t threads" "$N" "$total"
            echo "$e,$N,$t,$r,$T_SECS,$total,$(json_field seconds)" >>"$OUT/threads.csv"
            times+=("$T_SECS")
        done
        if ((${#times[@]})); then
            TMED[$e,$t]=$(median <<<"${times[*]}")
            TCELL[$e,$t]=$(fmt_secs "${TMED[$e,$t]}")
        else
            TCELL[$e,$t]=$CAP_CELL
        fi
        say "$e N=$N threads=$t: ${TCELL[$e,$t]} s"
    done
done

T0=${THREADS[0]}
{
    echo "## Threads: the parallel engines at N=$N"
    echo
    echo "Wall clock, median of $REPS run(s); speedup = time with $T0 thread(s) / time,"
    echo "efficiency = speedup / (threads / $T0). ${CPU_MODEL:-unknown CPU}, $NCPU online CPUs, commit $COMMIT."
    echo
    echo "| engine | threads | seconds | speedup | efficiency |"
    echo "|:--|--:|--:|--:|--:|"
    for e in "${ENGINES[@]}"; do
        for t in "${THREADS[@]}"; do
            sp=- ef=-
            if [[ -n ${TMED[$e,$t]:-} && -n ${TMED[$e,$T0]:-} ]]; then
                sp=$(awk -v a="${TMED[$e,$T0]}" -v b="${TMED[$e,$t]}" 'BEGIN { printf "%.2f", a / b }')
                ef=$(awk -v s="$sp" -v t="$t" -v t0="$T0" 'BEGIN { printf "%.0f%%", 100 * s / (t / t0) }')
            fi
            echo "| $e | $t | ${TCELL[$e,$t]} | $sp | $ef |"
        done
    done
} >"$OUT/threads.md"

cat "$OUT/threads.md"
say "results in $OUT"
