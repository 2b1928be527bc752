#!/usr/bin/env bash
# count --checkpoint from the command line: SIGINT and SIGTERM stop and save,
# the saved run resumes to the exact result, bad files are refused unchanged.
#   checkpoint.sh NQUEENS
set -u
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
source "$(dirname "$0")/lib.sh"
# Q(16) and U(16) from a plain run, for the resumed ones to match.
want16=$("$bin" count 16 --threads 2)
want16=${want16%% engine=*}

for sig in INT TERM HUP; do
    ck=$dir/$sig.ckpt
    "$bin" count 16 --engine parallel-sym8 --threads 1 --depth 4 --checkpoint "$ck" >"$dir/out" 2>"$dir/err" &
    pid=$!
    sleep 0.3
    kill -$sig $pid
    wait $pid
    status=$?
    want=$((128 + $(kill -l $sig)))
    check "SIG$sig: status $status, want $want" test $status -eq $want
    check "SIG$sig: nothing on stdout" test ! -s "$dir/out"
    check "SIG$sig: says how to resume" grep -q "stopped by SIG$sig.*resume with: nqueens count 16" "$dir/err"
    check "SIG$sig: checkpoint written" grep -q '^nqueens-checkpoint 2$' "$ck"
    out=$("$bin" count 16 --engine parallel-sym8 --threads 2 --depth 4 --checkpoint "$ck" --json)
    check "SIG$sig: resumed total" test "$(json_field total <<<"$out")" = 14772512
    check "SIG$sig: resumed unique" test "$(json_field unique <<<"$out")" = 1846955
    check "SIG$sig: resumed some" test "$(json_field resumed_subproblems <<<"$out")" -gt 0
done

# Two signals 1 ms apart: the first is reported, the save is not cut short.
for pair in "INT INT" "TERM INT" "HUP TERM"; do
    set -- $pair
    ck=$dir/two.ckpt
    rm -f "$ck"
    "$bin" count 16 --engine parallel-sym8 --threads 1 --depth 4 --checkpoint "$ck" >"$dir/out" 2>"$dir/err" &
    pid=$!
    sleep 0.3
    kill -$1 $pid
    sleep 0.001
    kill -$2 $pid 2>/dev/null # (the run may be over already)
    wait $pid
    status=$?
    check "SIG$1 then SIG$2: status of the first" test $status -eq $((128 + $(kill -l $1)))
    check "SIG$1 then SIG$2: the first reported" grep -q "stopped by SIG$1; the work done is saved" "$dir/err"
    check "SIG$1 then SIG$2: saved" grep -q '^checksum ' "$ck"
    out=$("$bin" count 16 --engine parallel-sym8 --threads 2 --depth 4 --checkpoint "$ck")
    check "SIG$1 then SIG$2: resumes exactly" test "${out%% engine=*}" = "$want16"
done
set -- "$bin"

# A stop takes effect inside long subproblems and while planning, at any n:
# n = 32 would otherwise run for years (the timeout only catches a hang).
stop_soon() { # DELAY SIGNAL ARGS...: status of `nqueens ARGS` signalled after DELAY
    local delay=$1 sig=$2
    shift 2
    timeout -s KILL 60 "$bin" "$@" >"$dir/out" 2>"$dir/err" &
    local pid=$!
    sleep "$delay"
    pkill -$sig -P $pid
    wait $pid
}
stop_soon 1 INT count 32 -t 2 --checkpoint "$dir/big.ckpt"
check "n=32, SIGINT while counting: status 130" test $? -eq 130
check "n=32, SIGINT while counting: saved" grep -q "stopped by SIGINT; the work done is saved" "$dir/err"
check "n=32, SIGINT while counting: a whole file" grep -q '^checksum ' "$dir/big.ckpt"
stop_soon 0.3 TERM count 32 --depth 5
check "n=32, SIGTERM while planning: status 143" test $? -eq 143
# A plan too large to hold is refused before it is built, within bounded memory.
# (AddressSanitizer reserves terabytes of address space: no limit there.)
limit=2000000
ldd "$bin" 2>/dev/null | grep -q libasan && limit=unlimited
(ulimit -v $limit; "$bin" count 32 --depth 6 >"$dir/out" 2>"$dir/err")
check "n=32 depth 6: status 2" test $? -eq 2
check "n=32 depth 6: message" grep -qx "nqueens: --depth 6 makes more than 8388608 subproblems at N=32, too many to hold; use a smaller --depth" "$dir/err"
check "n=32 depth 6: nothing on stdout" test ! -s "$dir/out"
check "n=32 depth 6: one line (no estimate for a refused run)" test "$(wc -l <"$dir/err")" -eq 1

# SIGQUIT keeps its default (README): at once, no final save; the file is
# the whole one last written.
ck=$dir/quit.ckpt
# The program starts with SIGQUIT at its default whatever this script
# inherited (a background job, or a CI runner, may have it ignored; a shell
# cannot undo that, so python sets it back before the exec).
(ulimit -c 0; exec python3 -c 'import os, signal, sys
signal.signal(signal.SIGQUIT, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$bin" count 16 --engine parallel-sym8 --threads 1 --depth 4 \
    --checkpoint "$ck" --checkpoint-every 0.05 >"$dir/out" 2>"$dir/err") &
pid=$!
# Once the program runs: its checkpoint exists by then.
for _ in $(seq 200); do [[ -s $ck ]] && break; sleep 0.05; done
sleep 0.1
kill -QUIT $pid
wait $pid
check "SIGQUIT: status 131" test $? -eq 131
check "SIGQUIT: nothing said" test ! -s "$dir/err"
check "SIGQUIT: a whole file" grep -q '^checksum ' "$ck"

# SIGUSR1 is ignored (README): the run ends normally.
out=$("$bin" count 16 --engine parallel-sym8 --threads 1 2>"$dir/err" & pid=$!; sleep 0.2; kill -USR1 $pid; wait $pid)
check "SIGUSR1: ignored" test "${out%% engine=*}" = "$want16"

# A checkpoint for other parameters: status 1, one message, file unchanged.
ck=$dir/INT.ckpt
cp "$ck" "$dir/copy"
"$bin" count 15 --engine parallel-sym8 --checkpoint "$ck" >"$dir/out" 2>"$dir/err"
check "other n: status 1" test $? -eq 1
check "other n: message" grep -q "^nqueens: checkpoint '.*': made for n=16" "$dir/err"
check "other n: one line" test "$(wc -l <"$dir/err")" -eq 1
check "other n: nothing on stdout" test ! -s "$dir/out"
check "other n: file unchanged" cmp -s "$ck" "$dir/copy"
head -c 100 "$dir/copy" >"$dir/short"
"$bin" count 16 --engine parallel-sym8 --depth 4 --checkpoint "$dir/short" >"$dir/out" 2>"$dir/err"
check "truncated: status 1" test $? -eq 1
check "truncated: message" grep -q "truncated or damaged" "$dir/err"
check "truncated: file unchanged" cmp -s "$dir/short" <(head -c 100 "$dir/copy")

# --progress writes to stderr only; stdout stays one line.
out=$("$bin" count 13 --progress --checkpoint "$dir/p.ckpt" 2>"$dir/err")
check "progress: stdout one line" test "$(wc -l <<<"$out")" -eq 1
check "progress: on stderr" grep -q '^progress 100.0%: ' "$dir/err"

[[ $fail -eq 0 ]] && echo "all checkpoint checks passed"
exit $fail
