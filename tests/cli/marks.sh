#!/usr/bin/env bash
# Marks edited and the checkpoint sealed again (reseal.py, as someone
# editing it on purpose would): a mark moved to another piece, its
# position or its blocks changed, or the file made as nqueens 1.1 wrote it
# (marks without a seal). Each mark is dropped, the count is exact, and
# the one line said gives the true reason.
#   marks.sh NQUEENS
set -u -o pipefail
bin=$1
source "$(dirname "$0")/lib.sh"
reseal=$(readlink -f "$(dirname "$0")")/reseal.py

# A stop with pieces in progress: their marks saved.
base=$tmp/base.ckpt
NQUEENS_MARK_EVERY=0 "$bin" count 17 -t 2 --checkpoint "$base" --checkpoint-every 0.05 \
    >/dev/null 2>&1 &
pid=$!
await $pid 120 "a mark written" grep -qs '^marks [1-9]' "$base"
kill -INT $pid
wait $pid
status=$?
check "stopped: status $status" test $status -eq 130
check "stopped: format 8" grep -qx 'nqueens-checkpoint 8' "$base"
check "stopped: sealed mark lines" grep -Eq '^[0-9]+( [0-9]+){10}$' "$base"

# resumed WHAT REASON: the count from $tmp/$WHAT.ckpt is exact and says in
# one line that one mark (or more, for 'old') is dropped, for REASON.
resumed() {
    local what=$1 reason=$2 out status
    out=$("$bin" count 17 -t 2 --checkpoint "$tmp/$what.ckpt" 2>"$tmp/err")
    status=$?
    check "$what: status $status" test $status -eq 0
    check "$what: '$out'" test "${out%% engine=*}" = "n=17 total=${Q[17]} unique=${U[17]}"
    check "$what: one line" test "$(wc -l <"$tmp/err")" = 1
    check "$what: $(cat "$tmp/err")" grep -Eq "^nqueens: checkpoint '$tmp/$what.ckpt': the \
progress inside [1-9][0-9]* subproblems? is dropped and (it|they) counts? again from (its|their) \
start: $reason$" "$tmp/err"
}

cp "$base" "$tmp/as-written.ckpt"
out=$("$bin" count 17 -t 2 --checkpoint "$tmp/as-written.ckpt" 2>"$tmp/err")
check "as written: '$out'" test "${out%% engine=*}" = "n=17 total=${Q[17]} unique=${U[17]}"
check "as written: marks used, nothing said ($(cat "$tmp/err"))" test ! -s "$tmp/err"

cp "$base" "$tmp/moved.ckpt"
python3 "$reseal" "$tmp/moved.ckpt" mark 0 0 free >/dev/null
resumed moved "1 mark was made for another subproblem \(its seal names another piece\)"

cp "$base" "$tmp/position.ckpt"
set=$(python3 "$reseal" "$tmp/position.ckpt" mark 0 2 0)
[[ $set == 0 ]] && python3 "$reseal" "$tmp/position.ckpt" mark 0 2 1 >/dev/null
resumed position "1 mark does not match its seal \(its position or blocks were changed after \
it was written\)"

cp "$base" "$tmp/budget.ckpt"
word=$(python3 "$reseal" "$tmp/budget.ckpt" mark 0 1 0) # the budget, and the layout above
python3 "$reseal" "$tmp/budget.ckpt" mark 0 1 $((word - 4096)) >/dev/null
resumed budget "1 mark does not match its seal \(its position or blocks were changed after it \
was written\)"

cp "$base" "$tmp/old.ckpt"
python3 "$reseal" "$tmp/old.ckpt" old
check "old: format 6" grep -qx 'nqueens-checkpoint 6' "$tmp/old.ckpt"
resumed old "[1-9][0-9]* marks? carr(y|ies) no seal that ties (it|them) to (its|their) piece \
\(nqueens 1.1 wrote none\)"
finish "marks.sh: edited marks dropped with their reasons, every count exact"
