#!/usr/bin/env bash
# count --checkpoint from the command line: SIGINT and SIGTERM stop and save,
# the saved run resumes to the exact result, bad files are refused unchanged.
#   checkpoint.sh NQUEENS
set -u -o pipefail
bin=$1
source "$(dirname "$0")/lib.sh"
# Q(16) and U(16) from a plain run, for the resumed ones to match.
want16=$("$bin" count 16 --threads 2)
want16=${want16%% engine=*}

# Each signal once the file (rewritten every 50 ms) holds a subproblem.
for sig in INT TERM HUP; do
    ck=$tmp/$sig.ckpt
    "$bin" count 16 --engine parallel-sym8 --threads 1 --depth 4 --checkpoint "$ck" \
        --checkpoint-every 0.05 >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    await $pid 60 "SIG$sig: a subproblem saved" ck_holds "$ck" 1
    kill -$sig $pid
    wait $pid
    status=$?
    want=$((128 + $(kill -l $sig)))
    check "SIG$sig: status $status, want $want" test $status -eq $want
    check "SIG$sig: nothing on stdout" test ! -s "$tmp/out"
    check "SIG$sig: says how to resume" grep -q "stopped by SIG$sig.*resume with: nqueens count 16" "$tmp/err"
    check "SIG$sig: checkpoint written" grep -q '^nqueens-checkpoint 4$' "$ck"
    out=$("$bin" count 16 --engine parallel-sym8 --threads 2 --depth 4 --checkpoint "$ck" --json)
    check "SIG$sig: resumed total" test "$(json_field total <<<"$out")" = "${Q[16]}"
    check "SIG$sig: resumed unique" test "$(json_field unique <<<"$out")" = "${U[16]}"
    check "SIG$sig: resumed some" test "$(json_field resumed_subproblems <<<"$out")" -gt 0
done

# Two signals, the second as soon as the first is taken (no longer pending:
# sent together, the lower-numbered would be taken first): the first is
# reported, the save is not cut short.
for pair in "INT INT" "TERM INT" "HUP TERM"; do
    set -- $pair
    ck=$tmp/two.ckpt
    rm -f "$ck"
    "$bin" count 16 --engine parallel-sym8 --threads 1 --depth 4 --checkpoint "$ck" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    await $pid 60 "SIG$1 then SIG$2: the run started" test -s "$ck"
    kill -$1 $pid
    await $pid 10 "SIG$1 then SIG$2: the first taken" taken $pid $1
    kill -$2 $pid 2>/dev/null # (the run may be over already)
    wait $pid
    status=$?
    check "SIG$1 then SIG$2: status of the first" test $status -eq $((128 + $(kill -l $1)))
    check "SIG$1 then SIG$2: the first reported" grep -q "stopped by SIG$1; the work done is saved" "$tmp/err"
    check "SIG$1 then SIG$2: saved" grep -q '^checksum ' "$ck"
    out=$("$bin" count 16 --engine parallel-sym8 --threads 2 --depth 4 --checkpoint "$ck")
    check "SIG$1 then SIG$2: resumes exactly" test "${out%% engine=*}" = "$want16"
done
set -- "$bin"

# A stop takes effect inside long subproblems and while planning, at any n:
# n = 32 would otherwise run for years (the timeout only catches a hang).
has_child() { pgrep -P "$1" >/dev/null; }
set_to_stop() { runs "$1" "$bin" && catches "$1" "$2"; } # PID SIG: the program, its handler set
stop_soon() { # WHEN SIGNAL ARGS...: status of `nqueens ARGS` signalled at WHEN
    local when=$1 sig=$2 pid child
    shift 2
    timeout -s KILL 60 "$bin" "$@" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    await $pid 10 "n=32, $when: started" has_child $pid
    child=$(pgrep -P $pid)
    case $when in
    # Planned: the checkpoint is written as the count starts.
    counting) await "$child" 30 "n=32: counting" test -s "$tmp/big.ckpt" ;;
    # Its handlers set, the program's next step is the plan.
    planning) await "$child" 10 "n=32: planning" set_to_stop "$child" "$sig" ;;
    esac
    kill -$sig "$child"
    wait $pid
}
stop_soon counting INT count 32 -t 2 --checkpoint "$tmp/big.ckpt"
check "n=32, SIGINT while counting: status 130" test $? -eq 130
check "n=32, SIGINT while counting: saved" grep -q "stopped by SIGINT; the work done is saved" "$tmp/err"
check "n=32, SIGINT while counting: a whole file" grep -q '^checksum ' "$tmp/big.ckpt"
stop_soon planning TERM count 32 --depth 5
check "n=32, SIGTERM while planning: status 143" test $? -eq 143
# Stopped while planning, with --checkpoint: no file yet, and none claimed.
stop_soon planning INT count 32 --depth 5 --checkpoint "$tmp/plan.ckpt"
check "n=32, SIGINT while planning: status 130" test $? -eq 130
check "n=32, SIGINT while planning: no file" test ! -e "$tmp/plan.ckpt"
check "n=32, SIGINT while planning: nothing claimed saved" grep -qx "nqueens: stopped by SIGINT while planning, before any work; nothing to save ('$tmp/plan.ckpt' is as it was)" "$tmp/err"
# A plan too large to hold is refused before it is built, within bounded memory.
# (AddressSanitizer reserves terabytes of address space: no limit there.)
limit=2000000
sanitized "$bin" && limit=unlimited
(ulimit -v $limit; "$bin" count 32 --depth 6 >"$tmp/out" 2>"$tmp/err")
check "n=32 depth 6: status 2" test $? -eq 2
check "n=32 depth 6: message" grep -qx "nqueens: --depth 6 makes more than 8388608 subproblems at N=32, too many to hold; use a smaller --depth" "$tmp/err"
check "n=32 depth 6: nothing on stdout" test ! -s "$tmp/out"
check "n=32 depth 6: one line (no estimate for a refused run)" test "$(wc -l <"$tmp/err")" -eq 1

# SIGQUIT keeps its default (doc/checkpoints.md): at once, no final save; the file is
# the whole one last written.
ck=$tmp/quit.ckpt
# The program starts with SIGQUIT at its default whatever this script
# inherited (a background job, or a CI runner, may have it ignored; a shell
# cannot undo that, so python sets it back before the exec).
(ulimit -c 0; exec python3 -c 'import os, signal, sys
signal.signal(signal.SIGQUIT, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$bin" count 16 --engine parallel-sym8 --threads 1 --depth 4 \
    --checkpoint "$ck" --checkpoint-every 0.05 >"$tmp/out" 2>"$tmp/err") &
pid=$!
# Once the program runs and has rewritten its file with a subproblem.
await $pid 60 "SIGQUIT: a subproblem saved" ck_holds "$ck" 1
kill -QUIT $pid
wait $pid
check "SIGQUIT: status 131" test $? -eq 131
check "SIGQUIT: nothing said" test ! -s "$tmp/err"
check "SIGQUIT: a whole file" grep -q '^checksum ' "$ck"

# SIGUSR1 is ignored (doc/checkpoints.md): the run ends normally.
"$bin" count 16 --engine parallel-sym8 --threads 1 >"$tmp/out" 2>"$tmp/err" &
pid=$!
await $pid 60 "SIGUSR1: set to be ignored" ignores $pid USR1 && kill -USR1 $pid
wait $pid
out=$(cat "$tmp/out")
check "SIGUSR1: ignored" test "${out%% engine=*}" = "$want16"

# A checkpoint for other parameters: status 1, one message, file unchanged.
ck=$tmp/INT.ckpt
cp "$ck" "$tmp/copy"
"$bin" count 15 --engine parallel-sym8 --checkpoint "$ck" >"$tmp/out" 2>"$tmp/err"
check "other n: status 1" test $? -eq 1
check "other n: message" grep -q "^nqueens: checkpoint '.*': made for n=16" "$tmp/err"
check "other n: one line" test "$(wc -l <"$tmp/err")" -eq 1
check "other n: nothing on stdout" test ! -s "$tmp/out"
check "other n: file unchanged" cmp -s "$ck" "$tmp/copy"
head -c 100 "$tmp/copy" >"$tmp/short"
"$bin" count 16 --engine parallel-sym8 --depth 4 --checkpoint "$tmp/short" >"$tmp/out" 2>"$tmp/err"
check "truncated: status 1" test $? -eq 1
check "truncated: message" grep -q "truncated or damaged" "$tmp/err"
check "truncated: file unchanged" cmp -s "$tmp/short" <(head -c 100 "$tmp/copy")

# --progress writes to stderr only; stdout stays one line.
out=$("$bin" count 13 --progress --checkpoint "$tmp/p.ckpt" 2>"$tmp/err")
check "progress: stdout one line" test "$(wc -l <<<"$out")" -eq 1
check "progress: on stderr" grep -q '^progress 100.0%: ' "$tmp/err"

finish "all checkpoint checks passed"
