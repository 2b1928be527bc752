#!/usr/bin/env bash
# nqueens-mpi: R = 1, 2, 3 ranks (oversubscribed) give Q(n) and U(n) for
# n = 8..15, and a stopped or killed job resumes to the exact result with
# another number of ranks.
#   mpi.sh NQUEENS-MPI
set -u
bin=$1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# Under AddressSanitizer, leaks are not checked here: Open MPI keeps memory
# of its components until exit and unloads them, which LeakSanitizer reports
# with no usable stack. Memory errors are still caught; nqueens' own leaks
# are checked by every other test.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
source "$(dirname "$0")/lib.sh"
run() { timeout 300 mpirun --oversubscribe -np "$@"; }

totals=(0 1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184)
uniques=(0 1 0 0 1 2 1 6 12 46 92 341 1787 9233 45752 285053)
for ranks in 1 2 3; do
    for n in $(seq 8 15); do
        out=$(run $ranks "$bin" count $n -t 1 --json 2>"$dir/err")
        check "R=$ranks n=$n: status" test $? -eq 0
        check "R=$ranks n=$n: total" test "$(json_field total <<<"$out")" = "${totals[$n]}"
        check "R=$ranks n=$n: unique" test "$(json_field unique <<<"$out")" = "${uniques[$n]}"
        check "R=$ranks n=$n: ranks" test "$(json_field ranks <<<"$out")" = $ranks
        check "R=$ranks n=$n: busy seconds per rank" \
            python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d["rank_busy_seconds"]) == d["ranks"]' <<<"$out"
    done
done
out=$(run 2 "$bin" count 12 --engine parallel-mirror -t 2 --json)
check "mirror engine over MPI" test "$(json_field total <<<"$out")" = 14200

# Each rank bound to its core by mpirun runs one thread there by default.
if (($(nproc) >= 2)); then
    out=$(timeout 300 mpirun -np 2 --bind-to core "$bin" count 12 --json)
    check "--bind-to core: one thread per rank" test "$(json_field threads <<<"$out")" = 1
    check "--bind-to core: total" test "$(json_field total <<<"$out")" = 14200
fi

# A job stopped after 40 subproblems resumes with 3 ranks to the exact counts.
ck=$dir/stop.ckpt
run 2 "$bin" count 15 -t 1 --checkpoint "$ck" --stop-after 40 >"$dir/out" 2>"$dir/err"
check "stop-after: checkpoint holds 40" grep -qx 'done 40' "$ck"
check "stop-after: says how to resume" grep -q 'resume with: mpirun nqueens-mpi count 15' "$dir/err"
out=$(run 3 "$bin" count 15 -t 1 --checkpoint "$ck" --json)
check "resumed: total" test "$(json_field total <<<"$out")" = 2279184
check "resumed: unique" test "$(json_field unique <<<"$out")" = 285053
check "resumed: 40 from the file" test "$(json_field resumed_subproblems <<<"$out")" = 40

# A job killed outright (SIGKILL) loses at most the work since the last write.
ck=$dir/kill.ckpt
mpirun --oversubscribe -np 2 "$bin" count 16 --engine parallel-sym8 -t 1 --depth 4 --checkpoint "$ck" \
    --checkpoint-every 0.2 >/dev/null 2>&1 &
job=$!
for _ in $(seq 50); do [[ -s $ck ]] && break; sleep 0.1; done
sleep 0.5
pkill -KILL -f "nqueens-mpi count 16" ; kill -KILL $job 2>/dev/null
wait $job 2>/dev/null
check "killed: a checkpoint survives" grep -q '^nqueens-checkpoint 2$' "$ck"
out=$(run 1 "$bin" count 16 --engine parallel-sym8 -t 2 --depth 4 --checkpoint "$ck" --json)
check "killed then resumed: total" test "$(json_field total <<<"$out")" = 14772512
check "killed then resumed: unique" test "$(json_field unique <<<"$out")" = 1846955

# SIGINT to a rank other than 0 stops the whole job: the ranks abandon the
# subproblems in progress, rank 0 saves, and the job resumes exactly.
ck=$dir/int.ckpt
mpirun --oversubscribe -np 2 "$bin" count 16 -t 1 --depth 5 --checkpoint "$ck" >/dev/null 2>"$dir/err" &
job=$!
for _ in $(seq 50); do [[ -s $ck ]] && break; sleep 0.1; done
sleep 0.5
kill -INT "$(pgrep -f "^$bin count 16 -t 1 --depth 5" | tail -1)"
wait $job
check "SIGINT to rank 1: job status 130" test $? -eq 130
check "SIGINT to rank 1: saved" grep -q "stopped by SIGINT; the work done is saved" "$dir/err"
out=$(run 1 "$bin" count 16 -t 2 --depth 5 --checkpoint "$ck" --json)
check "SIGINT to rank 1, resumed: total" test "$(json_field total <<<"$out")" = 14772512
check "SIGINT to rank 1, resumed: some from the file" test "$(json_field resumed_subproblems <<<"$out")" -gt 0

# The last write fails (every rename: ENOSPC): the counts are still printed,
# with one message, and the job exits 1 as nqueens count does.
if command -v strace >/dev/null; then
    ck=$dir/full.ckpt
    out=$(strace -f -qq -o /dev/null -e trace=rename -e inject=rename:error=ENOSPC \
        timeout 300 mpirun --oversubscribe -np 2 "$bin" count 14 -t 1 --checkpoint "$ck" --json \
        2>"$dir/err")
    check "failed save: status 1" test $? -eq 1
    check "failed save: counts printed" test "$(json_field total <<<"$out")" = "${totals[14]}"
    check "failed save: told" grep -q "checkpoint '$ck': cannot write it: No space left on device" "$dir/err"
fi

# Bad input: status 2 and one nqueens line from rank 0 (mpirun adds its own).
run 2 "$bin" count 33 >"$dir/out" 2>"$dir/err"
check "bad N: nonzero status" test $? -ne 0
check "bad N: message once" test "$(grep -c "^nqueens-mpi: N must be a whole number from 1 to 32, got '33'" "$dir/err")" -eq 1
check "bad N: nothing on stdout" test ! -s "$dir/out"

[[ $fail -eq 0 ]] && echo "all MPI checks passed"
exit $fail
