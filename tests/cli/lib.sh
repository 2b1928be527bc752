# Sourced by every shell test in tests/cli/ (bash), after its own
# `set -u -o pipefail`. It gives:
#   $tmp                 a new directory (mktemp -d), removed at exit with
#                        any background job the script left running
#   fail MESSAGE         records a failure and says so
#   check WHAT CMD...    runs CMD; a failure named WHAT if it fails
#   finish MESSAGE       exits: 1 if a check failed; else 77 (meson's skip)
#                        with one line naming what was skipped, if anything
#                        was; else 0 saying MESSAGE
#   skip WHAT            records that WHAT is not checked here (a tool it
#                        needs is missing): the test still runs the rest,
#                        and finish reports it skipped
#   have TOOL WHAT       0 if the command TOOL is here; else skips WHAT for
#                        want of it and returns 1: `if have strace "the
#                        injected faults"; then ... fi`
#   json_field KEY       one field of the JSON object on stdin, as JSON
#   Q, U                 the published Q(n) and U(n), n = 0..18
#   await PID SECONDS WHAT CMD...
#                        polls CMD until it succeeds, for a process that has
#                        to reach a state before it is signalled
#   ck_done FILE         the subproblems a checkpoint file holds (0: none yet)
#   ck_holds FILE K      it holds at least K
#   alive PID            the process runs (not ended, not a zombie)
#   runs PID BIN         it runs BIN (has exec'd it)
#   catches/ignores/taken PID SIG
#                        SIG has a handler in / is ignored by / is no longer
#                        pending for the process (its /proc status)
#   sanitized BIN        BIN is built with AddressSanitizer
#   mpi_env              Open MPI as root, oversubscribed, no leak check
export LC_ALL=C # English messages, bytewise sort and grep

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nqueens-test.XXXXXX") || exit 1
cleanup() {
    # Not in a child forked for a command and signalled before its exec.
    [[ $BASHPID == "$$" ]] || return 0
    local jobs
    jobs=$(jobs -p)
    # shellcheck disable=SC2086 # one pid a word
    [[ -z $jobs ]] || { kill $jobs 2>/dev/null; wait $jobs 2>/dev/null; }
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 143' TERM # meson's timeout: still clean up
trap 'exit 130' INT

failed=0
fail() {
    echo "FAIL: $*"
    failed=$((failed + 1))
}
check() {
    local what=$1
    shift
    "$@" || fail "$what"
}
# Every test that lacks an optional tool says so the same way: the checks it
# can make still run, and a skip is reported as a skip (exit 77), never as a
# pass or a failure.
skipped=()
skip() { skipped+=("$1"); }
have() {
    command -v "$1" >/dev/null && return 0
    skip "$2: no $1 here"
    return 1
}
finish() {
    if ((failed > 0)); then
        echo "$failed checks failed"
        exit 1
    fi
    if ((${#skipped[@]} > 0)); then
        local what line=
        for what in "${skipped[@]}"; do line+=${line:+; }$what; done
        echo "SKIP: $line; the rest passed"
        exit 77 # meson counts the test as skipped
    fi
    echo "$1"
    exit 0
}

# exact STATUS STDOUT STDERR CMD...: exact status, stdout and stderr.
exact() {
    local want_status=$1 want_out=$2 want_err=$3
    shift 3
    "$@" >out 2>err
    local got=$?
    check "$*: status $got, want $want_status" test "$got" -eq "$want_status"
    check "$*: stdout '$(head -c 300 out)', want '$want_out'" test "$(cat out)" = "$want_out"
    check "$*: stderr '$(head -c 300 err)', want '$want_err'" test "$(cat err)" = "$want_err"
}

json_field() { python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)[sys.argv[1]]))' "$1"; }

# OEIS A000170 and A002562.
Q=(1 1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184 14772512 95815104 666090624)
U=(1 1 0 0 1 2 1 6 12 46 92 341 1787 9233 45752 285053 1846955 11977939 83263591)

# await PID SECONDS WHAT CMD...: runs CMD every 10 ms until it succeeds.
# A failure named WHAT (and status 1) if process PID ends first, or after
# SECONDS: the state never came.
await() {
    local pid=$1 seconds=$2 what=$3
    local deadline=$((SECONDS + seconds))
    shift 3
    until "$@"; do
        if ! alive "$pid"; then
            "$@" && return 0 # reached as it ended
            fail "$what: the process ended first"
            return 1
        fi
        if ((SECONDS >= deadline)); then
            fail "$what: not within $seconds s"
            return 1
        fi
        sleep 0.01
    done
}

ck_done() { # the line 'done K' of a checkpoint (rewritten atomically: read whole)
    local k
    k=$(sed -n 's/^done \([0-9]*\)$/\1/p' "$1" 2>/dev/null)
    echo "${k:-0}"
}
ck_holds() { (($(ck_done "$1") >= $2)); } # FILE K: at least K subproblems saved

alive() {
    local stat
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    stat=${stat##*) } # after the command's name: the state
    [[ ${stat%% *} != Z ]]
}
runs() { [[ $(readlink "/proc/$1/exe") == "$(readlink -f "$2")" ]]; }

# sig_bit PID FIELD SIG: SIG is set in the mask FIELD of /proc/PID/status.
sig_bit() {
    local mask
    mask=$(awk -v f="$2:" '$1 == f { print $2 }' "/proc/$1/status" 2>/dev/null)
    [[ -n $mask ]] && (((16#$mask >> ($(kill -l "$3") - 1)) & 1))
}
catches() { sig_bit "$1" SigCgt "$2"; }
ignores() { sig_bit "$1" SigIgn "$2"; }
taken() { ! sig_bit "$1" ShdPnd "$2"; }

sanitized() { [[ $(ldd "$1" 2>/dev/null) == *libasan* ]]; }

# Open MPI keeps memory of its components until exit and unloads them, which
# LeakSanitizer reports with no usable stack: no leak check for nqueens-mpi
# (memory errors are still caught; nqueens' own leaks are checked by every
# other test).
mpi_env() {
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    export OMPI_MCA_rmaps_base_oversubscribe=1
    export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
}
