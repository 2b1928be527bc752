#!/usr/bin/env bash
# nqueens-mpi: R = 1, 2, 3 ranks (oversubscribed) give Q(n) and U(n) for
# n = 8..15, and a stopped or killed job resumes to the exact result with
# another number of ranks.
#   mpi.sh NQUEENS-MPI
set -u -o pipefail
bin=$1
source "$(dirname "$0")/lib.sh"
mpi_env
run() { timeout 300 mpirun --oversubscribe -np "$@"; }
# rank JOB R: the pid of rank R of the mpirun JOB (Open MPI starts the
# ranks on this node as its children).
rank() {
    local p
    for p in $(pgrep -P "$1"); do
        grep -qxz "OMPI_COMM_WORLD_RANK=$2" "/proc/$p/environ" 2>/dev/null && { echo "$p"; return 0; }
    done
    return 1
}
# Four sizes (a start of mpirun takes a second or more, seconds under the
# sanitizers, which take three).
sizes="8 11 14 15"
sanitized "$bin" && sizes="8 12 15"
for ranks in 1 2 3; do
    for n in $sizes; do
        out=$(run $ranks "$bin" count $n -t 1 --json 2>"$tmp/err")
        check "R=$ranks n=$n: status" test $? -eq 0
        check "R=$ranks n=$n: total" test "$(json_field total <<<"$out")" = "${Q[n]}"
        check "R=$ranks n=$n: unique" test "$(json_field unique <<<"$out")" = "${U[n]}"
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
ck=$tmp/stop.ckpt
run 2 "$bin" count 15 -t 1 --checkpoint "$ck" --stop-after 40 >"$tmp/out" 2>"$tmp/err"
check "stop-after: checkpoint holds 40" grep -qx 'done 40' "$ck"
check "stop-after: says how to resume" grep -q 'resume with: mpirun nqueens-mpi count 15' "$tmp/err"
out=$(run 3 "$bin" count 15 -t 1 --checkpoint "$ck" --json)
check "resumed: total" test "$(json_field total <<<"$out")" = 2279184
check "resumed: unique" test "$(json_field unique <<<"$out")" = 285053
check "resumed: 40 from the file" test "$(json_field resumed_subproblems <<<"$out")" = 40

# A job killed outright (SIGKILL: its ranks, then mpirun), once a periodic
# write holds a subproblem, loses at most the work since the last write.
ck=$tmp/kill.ckpt
mpirun --oversubscribe -np 2 "$bin" count 16 --engine parallel-sym8 -t 1 --depth 4 --checkpoint "$ck" \
    --checkpoint-every 0.2 >/dev/null 2>&1 &
job=$!
await $job 60 "killed: a subproblem saved" ck_holds "$ck" 1
# shellcheck disable=SC2046 # one pid a word
kill -KILL $(pgrep -P $job) $job
wait $job 2>/dev/null
check "killed: a checkpoint survives" grep -q '^nqueens-checkpoint 4$' "$ck"
out=$(run 1 "$bin" count 16 --engine parallel-sym8 -t 2 --depth 4 --checkpoint "$ck" --json)
check "killed then resumed: total" test "$(json_field total <<<"$out")" = "${Q[16]}"
check "killed then resumed: unique" test "$(json_field unique <<<"$out")" = "${U[16]}"

# SIGINT to a rank other than 0 stops the whole job: the ranks abandon the
# subproblems in progress, rank 0 saves, and the job resumes exactly. Sent
# once a periodic write holds a subproblem and rank 1 has its handler.
ck=$tmp/int.ckpt
mpirun --oversubscribe -np 2 "$bin" count 16 -t 1 --depth 5 --checkpoint "$ck" --checkpoint-every 0.1 \
    >/dev/null 2>"$tmp/err" &
job=$!
await $job 60 "SIGINT to rank 1: a subproblem saved" ck_holds "$ck" 1
rank1=$(rank $job 1) || fail "SIGINT to rank 1: no rank 1 under mpirun"
await "${rank1:-$job}" 10 "SIGINT to rank 1: its handler set" catches "${rank1:-$job}" INT
kill -INT "${rank1:-$job}"
wait $job
check "SIGINT to rank 1: job status 130" test $? -eq 130
check "SIGINT to rank 1: saved" grep -q "stopped by SIGINT; the work done is saved" "$tmp/err"
out=$(run 1 "$bin" count 16 -t 2 --depth 5 --checkpoint "$ck" --json)
check "SIGINT to rank 1, resumed: total" test "$(json_field total <<<"$out")" = "${Q[16]}"
check "SIGINT to rank 1, resumed: some from the file" test "$(json_field resumed_subproblems <<<"$out")" -gt 0

# A stop while the ranks plan (n = 32, depth 5: seconds of planning each):
# every rank leaves, nothing on stdout, and the reason once, from rank 0.
# Both ranks are signalled, as mpirun and batch systems do.
mpirun --oversubscribe -np 2 "$bin" count 32 --engine parallel-sym8 -t 1 --depth 5 \
    >"$tmp/out" 2>"$tmp/err" &
job=$!
for r in 0 1; do
    await $job 30 "stop while planning: rank $r started" rank $job $r >/dev/null
    pid=$(rank $job $r) || fail "stop while planning: no rank $r under mpirun"
    await "${pid:-$job}" 10 "stop while planning: rank $r's handler set" catches "${pid:-$job}" INT
    pids[r]=${pid:-$job}
done
kill -INT "${pids[@]}"
wait $job
check "stop while planning: job status 130" test $? -eq 130
check "stop while planning: said once" \
    test "$(grep -c '^nqueens-mpi: stopped by SIGINT while planning, before any work; nothing to save$' "$tmp/err")" -eq 1
check "stop while planning: nothing on stdout" test ! -s "$tmp/out"

# The last write fails (every rename: ENOSPC): the counts are still printed,
# with one message, and the job exits 1 as nqueens count does.
if have strace "the failed last save (ENOSPC)"; then
    ck=$tmp/full.ckpt
    out=$(strace -f -qq -o /dev/null -e trace=rename -e inject=rename:error=ENOSPC \
        timeout 300 mpirun --oversubscribe -np 2 "$bin" count 14 -t 1 --checkpoint "$ck" --json \
        2>"$tmp/err")
    check "failed save: status 1" test $? -eq 1
    check "failed save: counts printed" test "$(json_field total <<<"$out")" = "${Q[14]}"
    check "failed save: told" grep -q "checkpoint '$ck': cannot write it: No space left on device" "$tmp/err"
fi

# SIGINT to mpirun: it sends SIGCONT, SIGTERM after odls_base_sigkill_timeout
# seconds (2 here), and SIGKILL as many seconds later or as soon as a rank
# ends. Rank 0 saves and says so, then every rank leaves at once: the job
# ends soon after the SIGTERM, not at the SIGKILL (4 s after the SIGINT),
# which ranks waiting in MPI's teardown met (a deadline, with 0.6 s of
# margin, not a timing). n = 18 runs far longer than the test.
ck=$tmp/mpirun.ckpt
mpirun --oversubscribe --mca odls_base_sigkill_timeout 2 -np 2 "$bin" count 18 \
    --engine parallel-sym8 -t 1 --checkpoint "$ck" --checkpoint-every 0.2 >"$tmp/out" 2>"$tmp/err" &
job=$!
await $job 60 "SIGINT to mpirun: a subproblem saved" ck_holds "$ck" 1
start=$(date +%s%N)
kill -INT $job
wait $job
check "SIGINT to mpirun: the ranks leave before the SIGKILL" test $((($(date +%s%N) - start) / 1000000)) -lt 3400
check "SIGINT to mpirun: saved" grep -q "stopped by SIGTERM; the work done is saved in '$ck'" "$tmp/err"
check "SIGINT to mpirun: a whole file" grep -q '^checksum ' "$ck"

# SIGINT to mpirun at a moment drawn from 1 to 8 s into count 30 (planning
# or counting, by the machine's load), on the machine as it is and with two
# busy processes beside the ranks: mpirun kills the ranks a second after
# its SIGTERM, and rank 0 says at once, from its handler, that nothing was
# saved or that it saves. Every stop says one or the other, truthfully.
# Under the sanitizers, once each way.
rounds="0 0 2 2"
sanitized "$bin" && rounds="0 2"
for busy in $rounds; do
    at=$((RANDOM % 8 + 1))
    what="SIGINT to mpirun at $at s into count 30, $busy busy beside"
    ck=$tmp/at$at.ckpt
    rm -f "$ck"
    hogs=()
    for ((b = 0; b < busy; b++)); do
        yes >/dev/null &
        hogs+=($!)
    done
    mpirun --oversubscribe -np 2 "$bin" count 30 --checkpoint "$ck" >"$tmp/out" 2>"$tmp/err" &
    job=$!
    sleep $at
    kill -INT $job
    wait $job
    check "$what: not status 0" test $? -ne 0
    ((busy)) && kill "${hogs[@]}"
    check "$what: said something" test -s "$tmp/err"
    # Open MPI's libevent may warn as mpirun tears down on a signal
    # ("[warn] Epoll MOD(1) on fd 23 failed"): mpirun's line, not ours.
    check "$what: only nqueens-mpi's lines ($(head -c 300 "$tmp/err"))" \
        test "$(grep -v '^\[warn\] Epoll ' "$tmp/err" | grep -vc '^nqueens-mpi: ')" -eq 0
    check "$what: nothing on stdout" test ! -s "$tmp/out"
    if grep -q "while planning, before any work; nothing to save ('$ck' is as it was)$" "$tmp/err"; then
        check "$what: nothing saved, no file" test ! -e "$ck"
    else
        check "$what: says it saves ($(head -c 300 "$tmp/err"))" \
            grep -q "^nqueens-mpi: stopping on SIGTERM; saving the work done in '$ck'" "$tmp/err"
        check "$what: a whole file" grep -q '^checksum ' "$ck"
    fi
done

# A rank that fails (out of memory, injected after 20 subproblems in each
# rank) says so itself, and rank 0 stops the job and saves: status 1.
ck=$tmp/fail.ckpt
NQUEENS_FAIL_AFTER=20 run 2 "$bin" count 15 -t 1 --engine parallel-sym8 --depth 4 \
    --checkpoint "$ck" >"$tmp/out" 2>"$tmp/err"
check "failing rank: status 1" test $? -eq 1
check "failing rank: it says so" grep -q "^nqueens-mpi: rank [01]: count 15 failed: out of memory$" "$tmp/err"
check "failing rank: saved, said by rank 0" grep -q "^nqueens-mpi: count 15 failed: rank [01]: out of memory; the work done is saved in '$ck'" "$tmp/err"
check "failing rank: every finished subproblem saved" test "$(ck_done "$ck")" -ge 20
check "failing rank: nothing on stdout" test ! -s "$tmp/out"
out=$(run 2 "$bin" count 15 -t 1 --engine parallel-sym8 --depth 4 --checkpoint "$ck" --json)
check "failing rank, resumed: total" test "$(json_field total <<<"$out")" = "${Q[15]}"

# A plausible but wrong count in the file: status 1, the published values,
# how to mend it (nqueens count --recount, the same file), never complete.
ck=$tmp/wrong.ckpt
run 2 "$bin" count 14 -t 1 --engine parallel-sym8 --depth 3 --checkpoint "$ck" --stop-after 30 \
    >/dev/null 2>&1
read -r _ t u < <(sed -n 8p "$ck")
python3 "$(dirname "$0")/reseal.py" "$ck" 0 $((t + 8)) $((u + 1)) >/dev/null
run 2 "$bin" count 14 -t 1 --engine parallel-sym8 --depth 3 --checkpoint "$ck" >"$tmp/out" 2>"$tmp/err"
check "wrong count: status 1" test $? -eq 1
check "wrong count: the published Q(n)" grep -q "but the published Q(14)=${Q[14]} U(14)=${U[14]}" "$tmp/err"
check "wrong count: how to mend it" grep -q "nqueens count 14 --engine parallel-sym8 --depth 3 --checkpoint '$ck' --recount" "$tmp/err"
check "wrong count: not written complete" test "$(ck_done "$ck")" -lt 506
check "wrong count: nothing on stdout" test ! -s "$tmp/out"

# Bad input: status 2 and one nqueens line from rank 0 (mpirun adds its own).
run 2 "$bin" count 33 >"$tmp/out" 2>"$tmp/err"
check "bad N: nonzero status" test $? -ne 0
check "bad N: message once" test "$(grep -c "^nqueens-mpi: N must be a whole number from 1 to 32, got '33'" "$tmp/err")" -eq 1
check "bad N: nothing on stdout" test ! -s "$tmp/out"

finish "all MPI checks passed"
