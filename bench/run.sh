#!/usr/bin/env bash
# bench/run.sh: times the nqueens engines over a range of N and, by
# bench/threads.sh, the parallel engines over a range of thread counts;
# writes Markdown tables, CSV of every run, PNG plots and a description of
# the machine. `bench/run.sh --help`.
# shellcheck disable=SC2015 # 'check && check || fail' is meant: fail if either check fails
set -euo pipefail
export LC_ALL=C # '.' as the decimal point everywhere (awk, printf, EPOCHREALTIME)

PROG=bench/run.sh
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=lib.sh
source "$ROOT/bench/lib.sh"

usage() {
    cat <<'EOF'
usage: bench/run.sh [OPTIONS]

Times `nqueens count N --engine E` for every engine and N, checks every count
against the published Q(N), and writes to DIR:
  engines.md, engines.csv   median seconds per engine and N; every run
  threads.md, threads.csv   the parallel engines at one N over thread counts
                            (bench/threads.sh, which also runs alone)
  engines.png, threads.png  time vs N (log scale); speedup vs threads
  machine.md                CPU, cores, NUMA nodes, compiler, flags, commit

Times are wall clock of the whole process (bash EPOCHREALTIME around it, so
process start is included, as for --compare rows); the program's own JSON
"seconds" is kept in the CSV as json_seconds.

options:
  --engines LIST     comma-separated engines (default: every engine that
                     'nqueens engines' lists, the classic ones first)
  --n FROM..TO       range of N, or one N (default 10..18)
  --threads LIST     comma-separated thread counts for the threads table
                     (default 1..online CPUs); the engines table runs the
                     parallel engines with the largest (default: online CPUs)
  --threads-n N      N of the threads table (default: the largest N of the
                     range that every parallel engine finished with at most
                     CAP/threads seconds, so that 1 thread also fits the cap)
  --reps K           runs per cell; the cell is their median (default 3)
  --cap SECONDS      per run; a run over it shows '> cap' and larger N of
                     that engine are skipped, shown '-' (default 60)
  --compare 'CMD {n}'  time another program as an extra row ({n} becomes N);
                     the first integer it prints, if any, must be Q(N).
                     May be repeated.
  --compare-name NAME  the name of the last --compare row in tables and
                     plots (default: its command)
  --yardstick        a --compare row for the plain counter README measures
                     against: bench/yardstick/mirror_bitmask.c, built here
                     with cc -O3 -march=native
  --out DIR          results folder (default bench/runs/<date>-<host>/)
  --bin PATH         nqueens binary to time (default: build/src/nqueens, or
                     $NQ_BUILD's, brought up to date first; nothing is
                     installed: scripts/build installs what it needs)
  --no-plots         skip the PNG plots (made only where gnuplot is)
  --quick            N 8..12, 1 rep, cap 30 s: a smoke run of a few seconds
  -h, --help         this text

A wrong count stops the bench (exit 1) naming the engine and N.
EOF
}

# Filled from the program's engine table once it is built.
PARALLEL_ENGINES=()
is_parallel() { [[ " ${PARALLEL_ENGINES[*]} " == *" $1 "* ]]; }

# ------------------------------------------------------------------ options

opt_engines='' opt_n='' opt_threads='' opt_threads_n='' opt_reps='' opt_cap='' opt_out='' opt_bin=''
quick=0 plots=1 yardstick=0
compares=() compare_names=()
cmdline=$(quoted_cmdline "$PROG" "$@") # for machine.md

# The options that are run.sh's alone (lib.sh's common_option takes the rest).
on_option() {
    local opt=$1 val=$2 from to
    common_option "$opt" "$val" && return
    case $opt in
    --n)
        if [[ $val =~ ^([0-9]+)\.\.([0-9]+)$ ]]; then
            from=${BASH_REMATCH[1]} to=${BASH_REMATCH[2]}
        elif [[ $val =~ ^[0-9]+$ ]]; then
            from=$val to=$val
        else
            usage_error "--n: '$val' is not FROM..TO or N (1 <= N <= 32)"
        fi
        ((10#$from >= 1 && 10#$to <= 32 && 10#$from <= 10#$to)) ||
            usage_error "--n: '$val' is not FROM..TO with 1 <= FROM <= TO <= 32"
        opt_n="$((10#$from))..$((10#$to))"
        ;;
    --threads-n)
        is_uint "$val" && ((10#$val >= 1 && 10#$val <= 32)) ||
            usage_error "--threads-n: '$val' is not an N (1..32)"
        opt_threads_n=$((10#$val))
        ;;
    --compare)
        [[ -n ${val//[[:space:]]/} ]] || usage_error "--compare: the command is empty"
        compares+=("$val")
        compare_names+=("$val")
        ;;
    --compare-name)
        ((${#compares[@]})) || usage_error "--compare-name: no --compare before it"
        [[ -n ${val//[[:space:]]/} ]] || usage_error "--compare-name: the name is empty"
        compare_names[-1]=$val
        ;;
    --yardstick) yardstick=1 ;;
    --quick) quick=1 ;;
    --no-plots) plots=0 ;;
    esac
}
parse_options "--engines --n --threads --threads-n --reps --cap --compare --compare-name --out --bin" \
    "--quick --no-plots --yardstick" "$@"

# --quick changes only the defaults; explicit options still win.
if ((quick)); then
    : "${opt_n:=8..12}" "${opt_reps:=1}" "${opt_cap:=30}"
fi
n_range=${opt_n:-10..18}
N_FROM=${n_range%..*}
N_TO=${n_range#*..}
REPS=${opt_reps:-3}
CAP=${opt_cap:-60}
NCPU=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)
if [[ -n $opt_threads ]]; then
    read -r -a THREADS <<<"$(tr ',' '\n' <<<"$opt_threads" | sort -n -u | tr '\n' ' ')"
    ENGINE_THREADS=${THREADS[-1]}
    threads_how="$ENGINE_THREADS threads (the largest of --threads)"
else
    THREADS=()
    for ((t = 1; t <= NCPU; t++)); do THREADS+=("$t"); done
    ENGINE_THREADS=$NCPU
    threads_how="$NCPU threads (all online CPUs)"
fi
ENGINES=()
if [[ -n $opt_engines ]]; then
    read -r -a ENGINES <<<"${opt_engines//,/ }"
fi
OUT=${opt_out:-$ROOT/bench/runs/$(date +%Y-%m-%d-%H%M%S)-$(hostname -s 2>/dev/null || hostname)}

# ------------------------------------------------------------------- build

bench_binary "$ROOT" "$opt_bin"

# The engines, from the program's own table (`nqueens engines --json`): the
# classic ones, in the order of the textbook comparison, then the parallel
# ones, the default last.
bench_engines
((${#ENGINES[@]})) || ENGINES=("${CLASSIC_ENGINES[@]}" "${PARALLEL_ENGINES[@]}")

# An engine the program does not know is a bad option (exit 2); a default
# engine it lacks is dropped with a note.
kept=()
for e in "${ENGINES[@]}"; do
    if "$BIN" count 4 --engine "$e" --json >/dev/null 2>&1; then
        kept+=("$e")
    elif [[ -n $opt_engines ]]; then
        usage_error "--engines: '$e' is not an engine of $BIN (see nqueens engines)"
    else
        say "note: $BIN has no engine '$e'; left out"
    fi
done
((${#kept[@]} + ${#compares[@]})) || die "nothing to time"
ENGINES=("${kept[@]}")

mkdir -p "$OUT" || die "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

if ((yardstick)); then
    # A build product, not kept with the results; the source is in bench/.
    cc -O3 -march=native -o "$TMP/yardstick" "$ROOT/bench/yardstick/mirror_bitmask.c" ||
        die "cannot build bench/yardstick/mirror_bitmask.c"
    compares+=("$TMP/yardstick {n}")
    compare_names+=("yardstick (plain mirror bitmask, 1 thread)")
fi

# ----------------------------------------------------------------- helpers

# A CSV field, quoted only when it has to be (commas, quotes, spaces).
csv_quote() {
    if [[ $1 =~ [\",[:space:]] ]]; then
        local s=${1//\"/\"\"}
        printf '"%s"' "$s"
    else
        printf '%s' "$1"
    fi
}
md_escape() { printf '%s' "${1//|/\\|}"; }

CAP_CELL="> ${CAP} s"

# ----------------------------------------------------------------- machine

# shellcheck source=machine.sh
source "$ROOT/bench/machine.sh"
bench_machine "$BUILD_DIR" "$BIN" "$cmdline" \
    "wall clock of each process (bash EPOCHREALTIME), median of $REPS run(s), cap $CAP s" \
    >"$OUT/machine.md"

# ----------------------------------------------------------- engines table

declare -A CELL MED
ROWS=()        # row keys: engine names, then compare:<i>
declare -A LABEL CMD
echo "$CSV_HEADER" >"$OUT/engines.csv"

# time_cell KEY N CMD...: K runs of one cell; fills CELL/MED, appends to the
# CSV; returns 1 when a run went over the cap.
time_cell() {
    local key=$1 n=$2
    shift 2
    local label=${LABEL[$key]} threads=1 times=() r total js
    is_parallel "$key" && threads=$ENGINE_THREADS
    [[ $key == compare:* ]] && threads=
    for ((r = 1; r <= REPS; r++)); do
        run_timed "$@"
        if ((T_STATUS == 124 || T_STATUS == 137)); then
            echo "$(csv_quote "$label"),$n,$threads,$r,$T_SECS,," >>"$OUT/engines.csv"
            CELL[$key,$n]=$CAP_CELL
            say "$label N=$n: over the cap of $CAP s"
            return 1
        fi
        ((T_STATUS == 0)) ||
            die "$label N=$n failed (exit $T_STATUS): $(head -n 1 "$TMP/err")"
        if [[ $key == compare:* ]]; then
            total=$(grep -o -m 1 -E '[0-9]+' "$TMP/out" | head -n 1 || true)
            js=
        else
            total=$(json_field total)
            js=$(json_field seconds)
            [[ -n $total ]] || die "$label N=$n: no \"total\" in the JSON output"
        fi
        [[ -z $total ]] || check_total "$label" "$n" "$total"
        echo "$(csv_quote "$label"),$n,$threads,$r,$T_SECS,$total,$js" >>"$OUT/engines.csv"
        times+=("$T_SECS")
    done
    MED[$key,$n]=$(median <<<"${times[*]}")
    CELL[$key,$n]=$(fmt_secs "${MED[$key,$n]}")
    say "$label N=$n: ${CELL[$key,$n]} s"
}

for e in "${ENGINES[@]}"; do
    ROWS+=("$e")
    LABEL[$e]=$e
done
for i in "${!compares[@]}"; do
    ROWS+=("compare:$i")
    LABEL[compare:$i]=${compare_names[i]}
    CMD[compare:$i]=${compares[i]}
done

for key in "${ROWS[@]}"; do
    capped=0
    for ((n = N_FROM; n <= N_TO; n++)); do
        if ((capped)); then
            CELL[$key,$n]=-
            continue
        fi
        if [[ $key == compare:* ]]; then
            cmd=${CMD[$key]//\{n\}/$n}
            time_cell "$key" "$n" bash -c "$cmd" || capped=1
        elif is_parallel "$key"; then
            time_cell "$key" "$n" "$BIN" count "$n" --engine "$key" -t "$ENGINE_THREADS" --json || capped=1
        else
            time_cell "$key" "$n" "$BIN" count "$n" --engine "$key" --json || capped=1
        fi
    done
done

{
    echo "## Engines: median seconds of $REPS run(s)"
    echo
    echo "Wall clock of the whole \`nqueens count N --engine E\` process, median of $REPS;"
    echo "parallel engines with $threads_how; cap $CAP s per run (\`> cap\`: over it,"
    echo "\`-\`: not run). ${CPU_MODEL:-unknown CPU}, $NCPU online CPUs, commit $COMMIT."
    echo
    printf '| engine |'
    for ((n = N_FROM; n <= N_TO; n++)); do printf ' N=%d |' "$n"; done
    printf '\n|:--|'
    for ((n = N_FROM; n <= N_TO; n++)); do printf -- '--:|'; done
    printf '\n'
    for key in "${ROWS[@]}"; do
        if [[ $key == compare:* && ${LABEL[$key]} == "${CMD[$key]}" ]]; then
            # shellcheck disable=SC2016 # backquotes are Markdown here
            printf '| `%s` |' "$(md_escape "${LABEL[$key]}")"
        elif [[ $key == compare:* ]]; then
            printf '| %s |' "$(md_escape "${LABEL[$key]}")"
        else
            printf '| %s |' "$key"
        fi
        for ((n = N_FROM; n <= N_TO; n++)); do printf ' %s |' "${CELL[$key,$n]}"; done
        printf '\n'
    done
    for key in "${ROWS[@]}"; do
        # shellcheck disable=SC2016 # backquotes are Markdown here
        [[ $key != compare:* || ${LABEL[$key]} == "${CMD[$key]}" ]] ||
            printf '\n%s: `%s`\n' "$(md_escape "${LABEL[$key]}")" "$(md_escape "${CMD[$key]//"$TMP/"/}")"
        [[ ${CMD[$key]:-} != "$TMP/yardstick {n}" ]] ||
            printf 'built from bench/yardstick/mirror_bitmask.c with `cc -O3 -march=native`.\n' 
    done
} >"$OUT/engines.md"

# ----------------------------------------------------------- threads table

PAR=()
for e in "${ENGINES[@]}"; do is_parallel "$e" && PAR+=("$e"); done

THREADS_N=
if ((${#PAR[@]})); then
    if [[ -n $opt_threads_n ]]; then
        THREADS_N=$opt_threads_n
    else
        # Largest N every parallel engine finished; preferably one where the
        # slowest took at most CAP/threads, so that 1 thread fits the cap too.
        fallback=
        for ((n = N_TO; n >= N_FROM; n--)); do
            worst=0
            for e in "${PAR[@]}"; do
                if [[ -z ${MED[$e,$n]:-} ]]; then
                    worst=
                    break
                fi
                worst=$(awk -v a="$worst" -v b="${MED[$e,$n]}" 'BEGIN { print (b > a ? b : a) }')
            done
            [[ -n $worst ]] || continue
            : "${fallback:=$n}"
            if awk -v w="$worst" -v t="$ENGINE_THREADS" -v c="$CAP" 'BEGIN { exit !(w * t <= c) }'; then
                THREADS_N=$n
                break
            fi
        done
        : "${THREADS_N:=$fallback}"
    fi
fi

if [[ -n $THREADS_N ]]; then
    "$ROOT/bench/threads.sh" --n "$THREADS_N" --engines "$(IFS=,; echo "${PAR[*]}")" \
        --threads "$(IFS=,; echo "${THREADS[*]}")" --reps "$REPS" --cap "$CAP" --out "$OUT" \
        --bin "$BIN" >/dev/null || die "bench/threads.sh failed"
else
    echo "$CSV_HEADER" >"$OUT/threads.csv"
    {
        echo "## Threads: the parallel engines at N=?"
        echo
        echo "Not run: no parallel engine finished an N of the range."
    } >"$OUT/threads.md"
fi

# ------------------------------------------------------------------- plots

gp_str() { printf "'%s'" "${1//\'/\'\'}"; } # a gnuplot single-quoted string

# Plots where gnuplot is; a bench script installs nothing (scripts/test
# installs gnuplot-nox).
if ((plots)) && ! command -v gnuplot >/dev/null; then
    say "note: no gnuplot; no plots (Debian/Ubuntu: gnuplot-nox)"
    plots=0
fi
# Drawn from the CSV files, as bench/plot.sh draws any results folder.
if ((plots)); then
    "$ROOT/bench/plot.sh" "$OUT" || say "warning: bench/plot.sh failed"
fi

cat "$OUT/engines.md"
echo
cat "$OUT/threads.md"
say "results in $OUT"
