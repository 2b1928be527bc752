# shellcheck shell=bash disable=SC2034 # the variables set here are the callers'
# What the bench scripts share: for bench/run.sh and bench/threads.sh,
# messages, the published Q(n), timed runs under a cap, medians, the engine
# list, the binary and the option parser; for the others, bench_prologue.
# Sourced, not run; the caller sets PROG (its name in messages) and, before
# run_timed, TMP (a scratch folder) and CAP (seconds).

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

# The header of engines.csv and threads.csv: one row per run.
CSV_HEADER=engine,n,threads,run,seconds,total,json_seconds

is_uint() { [[ $1 =~ ^[0-9]+$ ]] && [[ ${#1} -le 9 ]]; }

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

# check_total LABEL N TOTAL: stops the bench on a count that is not Q(N).
check_total() {
    local label=$1 n=$2 total=$3
    ((n < ${#KNOWN_Q[@]})) || return 0
    [[ $total == "${KNOWN_Q[n]}" ]] ||
        die "wrong count: $label gave $total for N=$n, expected Q($n) = ${KNOWN_Q[n]}"
}

# bench_binary ROOT [BIN]: sets BIN (absolute) and BUILD_DIR. Without BIN,
# builds ROOT's tree ($NQ_BUILD or build/) first; what the build needs is
# checked, never installed: bench scripts install no packages.
bench_binary() {
    local root=$1
    BIN=${2:-}
    if [[ -n $BIN ]]; then
        [[ -x $BIN ]] || usage_error "--bin: '$BIN' is not an executable file"
    else
        (
            # shellcheck source=SCRIPTDIR/../scripts/common.sh
            source "$root/scripts/common.sh"
            nq_require && nq_build
        ) || die "the build failed (or lacks what it needs; scripts/build installs it)"
        # shellcheck disable=SC2031 # the caller's NQ_BUILD, which the build above used too
        BIN=${NQ_BUILD:-$root/build}/src/nqueens
        [[ -x $BIN ]] || die "no program at $BIN after the build"
    fi
    BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
    BUILD_DIR=$(dirname "$(dirname "$BIN")") # <build>/src/nqueens
}

# bench_engines: CLASSIC_ENGINES (not parallel, in the table's order, that
# of the textbook comparison) and PARALLEL_ENGINES (the default last), from
# `$BIN engines --json`.
bench_engines() {
    local json list name parallel
    json=$("$BIN" engines --json) ||
        die "$BIN engines --json failed: a build older than 'nqueens engines'? (use --engines)"
    list=$(python3 -c 'import json, sys
for e in json.loads(sys.argv[1])["engines"]:
    print(e["name"], e["parallel"])' "$json") ||
        die "cannot read the engines from $BIN engines --json (python3 reads it)"
    CLASSIC_ENGINES=() PARALLEL_ENGINES=()
    while read -r name parallel; do
        if [[ $parallel == False ]]; then
            CLASSIC_ENGINES+=("$name")
        else
            PARALLEL_ENGINES=("$name" "${PARALLEL_ENGINES[@]}")
        fi
    done <<<"$list"
}

# The command line for machine.md: PROG ARGS..., each quoted where a shell
# would need it.
quoted_cmdline() {
    local line=$1 arg
    shift
    for arg in "$@"; do
        if [[ $arg =~ ^[A-Za-z0-9_./:=,+-]+$ ]]; then line+=" $arg"; else line+=" ${arg@Q}"; fi
    done
    printf '%s' "$line"
}

# Option values as both scripts take them: a bad one exits 2.
check_engine_list() {
    [[ $1 =~ ^[a-z0-9-]+(,[a-z0-9-]+)*$ ]] ||
        usage_error "--engines: '$1' is not a comma-separated list of engine names"
}
check_thread_list() {
    local t
    [[ $1 =~ ^[0-9]+(,[0-9]+)*$ ]] ||
        usage_error "--threads: '$1' is not a comma-separated list of thread counts"
    for t in ${1//,/ }; do
        if ! is_uint "$t" || ((10#$t < 1 || 10#$t > 4096)); then
            usage_error "--threads: '$t' is not a thread count (1..4096)"
        fi
    done
}
check_reps() {
    if ! is_uint "$1" || ((10#$1 < 1 || 10#$1 > 1000)); then
        usage_error "--reps: '$1' is not a count of runs (1..1000)"
    fi
}
check_cap() {
    # shellcheck disable=SC2015 # a failed test or awk: either is a bad value
    [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v c="$1" 'BEGIN { exit !(c > 0) }' ||
        usage_error "--cap: '$1' is not a positive number of seconds"
}

# parse_options "VALUED" "FLAGS" ARGS...: --opt VALUE or --opt=VALUE for the
# options in VALUED, --opt alone for FLAGS; -h and --help print usage and
# exit 0 (a usage that exits itself may exit 2). Each option goes to the
# caller's on_option OPT VALUE, in order. An unknown option, a missing value
# or a value given to a flag exits 2.
parse_options() {
    local valued=" $1 " flags=" $2 -h --help " opt val inline
    shift 2
    while (($#)); do
        opt=$1 val='' inline=0
        if [[ $opt == --*=* ]]; then
            val=${opt#*=} opt=${opt%%=*} inline=1
        fi
        shift
        if [[ $valued == *" $opt "* ]]; then
            if ((!inline)); then
                (($#)) || usage_error "$opt needs a value (see --help)"
                val=$1
                shift
            fi
        elif [[ $flags == *" $opt "* ]]; then
            ((!inline)) || usage_error "$opt takes no value"
        else
            usage_error "unknown option '$opt' (see $PROG --help)"
        fi
        if [[ $opt == -h || $opt == --help ]]; then
            usage
            exit 0
        fi
        on_option "$opt" "$val"
    done
}

# The options run.sh and threads.sh both take, checked, into opt_engines,
# opt_threads, opt_reps, opt_cap, opt_out and opt_bin (their on_option asks
# this first); status 1 for others.
common_option() {
    case $1 in
    --engines)
        check_engine_list "$2"
        opt_engines=$2
        ;;
    --threads)
        check_thread_list "$2"
        opt_threads=$2
        ;;
    --reps)
        check_reps "$2"
        opt_reps=$((10#$2))
        ;;
    --cap)
        check_cap "$2"
        opt_cap=$2
        ;;
    --out)
        [[ -n $2 ]] || usage_error "--out: the folder name is empty"
        opt_out=$2
        ;;
    --bin)
        [[ -n $2 ]] || usage_error "--bin: the path is empty"
        opt_bin=$2
        ;;
    *) return 1 ;;
    esac
}

# bench_prologue ROOT NAME CMDLINE HOW, for the scripts that time ROOT's
# build and keep one results folder: checks what the build needs (installs
# nothing) and builds; sets bin (the program) and out (as given, or
# bench/runs/NAME-DATE-HOST), and writes out/machine.md with the command
# line and HOW the times are taken.
bench_prologue() {
    local root=$1
    # shellcheck source=SCRIPTDIR/../scripts/common.sh
    source "$root/scripts/common.sh"
    # shellcheck source=machine.sh
    source "$root/bench/machine.sh"
    nq_require || exit 1
    nq_build
    bin=$NQ_BUILD/src/nqueens
    out=${out:-$root/bench/runs/$2-$(date +%Y%m%d)-$(hostname)}
    mkdir -p "$out"
    bench_machine "$NQ_BUILD" "$bin" "$3" "$4" >"$out/machine.md"
}
