#!/usr/bin/env bash
# bench/run.sh: times the nqueens engines over a range of N and the parallel
# engines over a range of thread counts; writes Markdown tables, CSV of every
# run, PNG plots and a description of the machine. `bench/run.sh --help`.
# shellcheck disable=SC2015 # 'check && check || fail' is meant: fail if either check fails
set -euo pipefail
export LC_ALL=C # '.' as the decimal point everywhere (awk, printf, EPOCHREALTIME)

PROG=bench/run.sh
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

usage() {
    cat <<'EOF'
usage: bench/run.sh [OPTIONS]

Times `nqueens count N --engine E` for every engine and N, checks every count
against the published Q(N), and writes to DIR:
  engines.md, engines.csv   median seconds per engine and N; every run
  threads.md, threads.csv   the parallel engines at one N over thread counts
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
  --out DIR          results folder (default bench/results/<date>-<host>/)
  --bin PATH         nqueens binary to time (default: build with
                     scripts/build and use build/src/nqueens; the
                     build folder is $NQ_BUILD if set, as for scripts/)
  --no-plots         skip the PNG plots (and the gnuplot install)
  --quick            N 8..12, 1 rep, cap 30 s: a smoke run of a few seconds
  -h, --help         this text

A wrong count stops the bench (exit 1) naming the engine and N.
EOF
}

usage_error() {
    echo "$PROG: $*" >&2
    exit 2
}
die() {
    echo "$PROG: $*" >&2
    exit 1
}
say() { echo "$PROG: $*" >&2; }

# Q(n) for n = 1..27, OEIS A000170 (published values; the bench's own copy,
# independent of the program it checks).
KNOWN_Q=("" 1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184
    14772512 95815104 666090624 4968057848 39029188884 314666222712
    2691008701644 24233937684440 227514171973736 2207893435808352
    22317699616364044 234907967154122528)

is_uint() { [[ $1 =~ ^[0-9]+$ ]] && [[ ${#1} -le 9 ]]; }
# Filled from the program's engine table once it is built.
PARALLEL_ENGINES=()
is_parallel() { [[ " ${PARALLEL_ENGINES[*]} " == *" $1 "* ]]; }

# ------------------------------------------------------------------ options

opt_engines='' opt_n='' opt_threads='' opt_threads_n='' opt_reps='' opt_cap='' opt_out='' opt_bin=''
quick=0 plots=1 yardstick=0
compares=() compare_names=()
cmdline=$PROG # for machine.md, quoted where a shell would need it
for arg in "$@"; do
    if [[ $arg =~ ^[A-Za-z0-9_./:=,+-]+$ ]]; then cmdline+=" $arg"; else cmdline+=" ${arg@Q}"; fi
done

while (($#)); do
    opt=$1
    val=
    inline=0
    if [[ $opt == --*=* ]]; then
        val=${opt#*=}
        opt=${opt%%=*}
        inline=1
    fi
    shift
    case $opt in
    --engines | --n | --threads | --threads-n | --reps | --cap | --compare | --compare-name | --out | --bin)
        if ((!inline)); then
            (($#)) || usage_error "$opt needs a value (see --help)"
            val=$1
            shift
        fi
        ;;
    --quick | --no-plots | --yardstick | -h | --help)
        ((!inline)) || usage_error "$opt takes no value"
        ;;
    *) usage_error "unknown option '$opt' (see bench/run.sh --help)" ;;
    esac
    case $opt in
    --engines)
        [[ $val =~ ^[a-z0-9-]+(,[a-z0-9-]+)*$ ]] ||
            usage_error "--engines: '$val' is not a comma-separated list of engine names"
        opt_engines=$val
        ;;
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
    --threads)
        [[ $val =~ ^[0-9]+(,[0-9]+)*$ ]] ||
            usage_error "--threads: '$val' is not a comma-separated list of thread counts"
        for t in ${val//,/ }; do
            is_uint "$t" && ((10#$t >= 1 && 10#$t <= 4096)) ||
                usage_error "--threads: '$t' is not a thread count (1..4096)"
        done
        opt_threads=$val
        ;;
    --threads-n)
        is_uint "$val" && ((10#$val >= 1 && 10#$val <= 32)) ||
            usage_error "--threads-n: '$val' is not an N (1..32)"
        opt_threads_n=$((10#$val))
        ;;
    --reps)
        is_uint "$val" && ((10#$val >= 1 && 10#$val <= 1000)) ||
            usage_error "--reps: '$val' is not a count of runs (1..1000)"
        opt_reps=$((10#$val))
        ;;
    --cap)
        [[ $val =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v c="$val" 'BEGIN{exit !(c > 0)}' ||
            usage_error "--cap: '$val' is not a positive number of seconds"
        opt_cap=$val
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
    --yardstick)
        yardstick=1
        ;;
    --out)
        [[ -n $val ]] || usage_error "--out: the folder name is empty"
        opt_out=$val
        ;;
    --bin)
        [[ -n $val ]] || usage_error "--bin: the path is empty"
        opt_bin=$val
        ;;
    --quick) quick=1 ;;
    --no-plots) plots=0 ;;
    -h | --help)
        usage
        exit 0
        ;;
    esac
done

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
OUT=${opt_out:-$ROOT/bench/results/$(date +%Y-%m-%d-%H%M%S)-$(hostname -s 2>/dev/null || hostname)}

# ------------------------------------------------------------------- build

if [[ -n $opt_bin ]]; then
    BIN=$opt_bin
    [[ -x $BIN ]] || usage_error "--bin: '$BIN' is not an executable file"
else
    build_dir=${NQ_BUILD:-$ROOT/build}
    BIN=$build_dir/src/nqueens
    if [[ -x $ROOT/scripts/build ]]; then
        say "building with scripts/build"
        NQ_BUILD=$build_dir "$ROOT/scripts/build" >&2 || die "scripts/build failed"
    else
        say "building in $build_dir with meson and ninja (no scripts/build)"
        { [[ -f $build_dir/build.ninja ]] || meson setup "$build_dir" "$ROOT"; } >&2 && ninja -C "$build_dir" >&2 ||
            die "the build failed"
    fi
    [[ -x $BIN ]] || die "no program at $BIN after the build"
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
BUILD_DIR=$(dirname "$(dirname "$BIN")") # <build>/src/nqueens

# The engines, from the program's own table (`nqueens engines --json`): the
# classic ones (not parallel), in the order of the textbook comparison, then
# the parallel ones, the default last.
engines_json=$("$BIN" engines --json) ||
    die "$BIN engines --json failed: a build older than 'nqueens engines'? (use --engines)"
engines_list=$(python3 -c 'import json, sys
for e in json.loads(sys.argv[1])["engines"]:
    print(e["name"], e["parallel"])' "$engines_json") ||
    die "cannot read the engines from $BIN engines --json (python3 reads it)"
classic=() others=()
while read -r name parallel; do
    if [[ $parallel == False ]]; then classic+=("$name"); else others=("$name" "${others[@]}"); fi
done <<<"$engines_list"
PARALLEL_ENGINES=("${others[@]}")
((${#ENGINES[@]})) || ENGINES=("${classic[@]}" "${others[@]}")

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

# run_timed CMD...: runs CMD under the cap; sets T_STATUS, T_SECS (wall
# clock), and leaves stdout/stderr in $TMP/out, $TMP/err.
run_timed() {
    local t0 t1
    t0=$EPOCHREALTIME
    set +e
    timeout -k 5 "$CAP" "$@" >"$TMP/out" 2>"$TMP/err"
    T_STATUS=$?
    set -e
    t1=$EPOCHREALTIME
    T_SECS=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
}

json_field() { sed -n "s/.*\"$1\": *\\([0-9.eE+-]*\\).*/\\1/p" "$TMP/out" | head -n 1; }

median() { tr ' ' '\n' | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) printf "%.6f", v[(NR + 1) / 2]; else printf "%.6f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Seconds for a table cell: about 3 significant digits.
fmt_secs() { awk -v s="$1" 'BEGIN { f = s < 0.01 ? "%.4f" : s < 1 ? "%.3f" : s < 100 ? "%.2f" : "%.0f"; printf f, s }'; }

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

# check_total LABEL N TOTAL: stops the bench on a count that is not Q(N).
check_total() {
    local label=$1 n=$2 total=$3
    ((n < ${#KNOWN_Q[@]})) || return 0
    [[ $total == "${KNOWN_Q[n]}" ]] ||
        die "wrong count: $label gave $total for N=$n, expected Q($n) = ${KNOWN_Q[n]}"
}

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
echo "engine,n,threads,run,seconds,total,json_seconds" >"$OUT/engines.csv"

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

echo "engine,n,threads,run,seconds,total,json_seconds" >"$OUT/threads.csv"
declare -A TMED TCELL
if [[ -n $THREADS_N ]]; then
    n=$THREADS_N
    for e in "${PAR[@]}"; do
        for t in "${THREADS[@]}"; do
            times=()
            for ((r = 1; r <= REPS; r++)); do
                run_timed "$BIN" count "$n" --engine "$e" -t "$t" --json
                if ((T_STATUS == 124 || T_STATUS == 137)); then
                    echo "$e,$n,$t,$r,$T_SECS,," >>"$OUT/threads.csv"
                    times=()
                    break
                fi
                ((T_STATUS == 0)) ||
                    die "$e N=$n threads=$t failed (exit $T_STATUS): $(head -n 1 "$TMP/err")"
                total=$(json_field total)
                [[ -n $total ]] || die "$e N=$n: no \"total\" in the JSON output"
                check_total "$e with $t threads" "$n" "$total"
                echo "$e,$n,$t,$r,$T_SECS,$total,$(json_field seconds)" >>"$OUT/threads.csv"
                times+=("$T_SECS")
            done
            if ((${#times[@]})); then
                TMED[$e,$t]=$(median <<<"${times[*]}")
                TCELL[$e,$t]=$(fmt_secs "${TMED[$e,$t]}")
            else
                TCELL[$e,$t]=$CAP_CELL
            fi
            say "$e N=$n threads=$t: ${TCELL[$e,$t]} s"
        done
    done
fi

T0=${THREADS[0]}
{
    echo "## Threads: the parallel engines at N=${THREADS_N:-?}"
    echo
    if [[ -z $THREADS_N ]]; then
        echo "Not run: no parallel engine finished an N of the range."
    else
        echo "Wall clock, median of $REPS run(s); speedup = time with $T0 thread(s) / time,"
        echo "efficiency = speedup / (threads / $T0). ${CPU_MODEL:-unknown CPU}, $NCPU online CPUs, commit $COMMIT."
        echo
        echo "| engine | threads | seconds | speedup | efficiency |"
        echo "|:--|--:|--:|--:|--:|"
        for e in "${PAR[@]}"; do
            for t in "${THREADS[@]}"; do
                sp=- ef=-
                if [[ -n ${TMED[$e,$t]:-} && -n ${TMED[$e,$T0]:-} ]]; then
                    sp=$(awk -v a="${TMED[$e,$T0]}" -v b="${TMED[$e,$t]}" 'BEGIN { printf "%.2f", a / b }')
                    ef=$(awk -v s="$sp" -v t="$t" -v t0="$T0" 'BEGIN { printf "%.0f%%", 100 * s / (t / t0) }')
                fi
                echo "| $e | $t | ${TCELL[$e,$t]} | $sp | $ef |"
            done
        done
    fi
} >"$OUT/threads.md"

# ------------------------------------------------------------------- plots

gp_str() { printf "'%s'" "${1//\'/\'\'}"; } # a gnuplot single-quoted string

# gnuplot-nox from apt (sudo when not root), as scripts/common.sh installs
# the build's packages.
ensure_gnuplot() {
    command -v gnuplot >/dev/null && return 0
    say "installing gnuplot-nox for the plots"
    if [[ -f $ROOT/scripts/common.sh ]]; then
        (
            # shellcheck source=SCRIPTDIR/../scripts/common.sh disable=SC2034 # read by nq_install
            source "$ROOT/scripts/common.sh"
            NQ_NEEDS=()
            NQ_WANTS=()
            NQ_EXTRA_NEEDS=gnuplot
            nq_install
        ) || true
    else
        local as_root=
        (($(id -u) == 0)) || as_root=sudo
        { $as_root apt-get update -qq && $as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnuplot-nox; } >&2 || true
    fi
    command -v gnuplot >/dev/null
}

if ((plots)) && ! ensure_gnuplot; then
    say "warning: no gnuplot; no plots"
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
