#!/usr/bin/env bash
# Issue 24: no wrong count leaves with exit 0, and no error path drops
# finished work. Checkpoints re-sealed with wrong counts (reseal.py) are
# refused, or the run exits 1 naming the published values and the file,
# which is never then written as complete; --recount mends it. An error
# (out of memory, injected) saves every finished subproblem first.
#   wrong_counts.sh NQUEENS
set -u -o pipefail
bin=$(readlink -f "$1")
source "$(dirname "$0")/lib.sh"
reseal=$(readlink -f "$(dirname "$0")")/reseal.py
cd "$tmp" || exit 1
n=14
want="n=$n total=${Q[n]} unique=${U[n]}"
run() { "$bin" count $n -t 2 "$@" >out 2>err; }
# A file of exactly K finished subproblems (one thread) for the engine
# arguments that follow.
partial() {
    rm -f ck
    "$bin" count $n -t 1 --checkpoint ck --stop-after "$1" "${@:2}" >/dev/null 2>&1
}

for engine in "parallel-sym8 --depth 3" "halves"; do
    # shellcheck disable=SC2206 # the engine's arguments
    args=(--engine $engine)
    name=${engine%% *}
    # A subproblem given 8 n! (issue 24's first case): refused untouched.
    partial 20 "${args[@]}"
    python3 "$reseal" ck 0 $((8 * 87178291200)) 0 >/dev/null
    cp ck ck.bad
    run "${args[@]}" --checkpoint ck
    check "$name, 8 n!: status 1" test $? -eq 1
    check "$name, 8 n!: refused" grep -q "counts impossible for subproblem" err
    check "$name, 8 n!: file unchanged" cmp -s ck ck.bad
    check "$name, 8 n!: nothing on stdout" test ! -s out

    # Plausible but wrong: one more class of 8 boards (sym8; its unique
    # count with it), or one more board (halves).
    partial 20 "${args[@]}"
    read -r _ t u < <(sed -n 8p ck)
    if [[ $name == halves ]]; then t=$((t + 1)); else t=$((t + 8)) u=$((u + 1)); fi
    python3 "$reseal" ck 0 $t $u >/dev/null
    run "${args[@]}" --checkpoint ck
    check "$name, count + 1: status 1" test $? -eq 1
    check "$name, count + 1: nothing on stdout" test ! -s out
    check "$name, count + 1: one line" test "$(wc -l <err)" -eq 1
    check "$name, count + 1: the published Q(n) named" grep -q "but the published Q($n)=${Q[n]}" err
    check "$name, count + 1: the checkpoint named" grep -q "the checkpoint 'ck', which gave 20 of" err
    check "$name, count + 1: how to mend it" grep -q -- "--checkpoint 'ck' --recount" err
    check "$name, count + 1: not written as complete" test "$(ck_done ck)" -eq 20
    run "${args[@]}" --checkpoint ck
    check "$name, count + 1 again: status 1 again" test $? -eq 1
    run "${args[@]}" --checkpoint ck --recount
    check "$name, --recount: status 0" test $? -eq 0
    check "$name, --recount: exact" grep -q "^$want " out
    check "$name, --recount: the subproblem replaced" grep -q "^nqueens: checkpoint 'ck': subproblem .* (replaced)$" err
    check "$name, --recount: told" grep -qx "nqueens: checkpoint 'ck': 20 of its 20 subproblems counted again, 1 differed" err
    run "${args[@]}" --checkpoint ck
    check "$name, after --recount: exact from the file" grep -q "^$want " out
done

# A subproblem whose count is 0 given one class: exit 1, never the sum.
partial 400 --engine parallel-sym8 --depth 3
python3 "$reseal" ck zero 8 1 >/dev/null
run --engine parallel-sym8 --depth 3 --checkpoint ck
status=$?
check "zero given 8: refused or named (status 1)" test $status -eq 1
check "zero given 8: nothing on stdout" test ! -s out

# Out of memory (injected after 30 subproblems): exit 1, every finished
# subproblem saved, and said so; the resumed run is exact.
rm -f ck
NQUEENS_FAIL_AFTER=30 "$bin" count $n -t 2 --engine parallel-sym8 --depth 3 --checkpoint ck >out 2>err
check "out of memory: status 1" test $? -eq 1
check "out of memory: said, and saved" grep -qx "nqueens: count $n failed: out of memory; the work done is saved in 'ck' (the same command resumes it)" err
check "out of memory: every finished subproblem saved" test "$(ck_done ck)" -ge 30
run --engine parallel-sym8 --depth 3 --checkpoint ck
check "out of memory, resumed: exact" grep -q "^$want " out
# Without a checkpoint: nothing said of one.
NQUEENS_FAIL_AFTER=5 "$bin" count $n -t 2 >out 2>err
check "out of memory, no checkpoint: status 1" test $? -eq 1
check "out of memory, no checkpoint: one line" grep -qx "nqueens: count $n failed: out of memory" err

finish "wrong counts and error paths: ok"
