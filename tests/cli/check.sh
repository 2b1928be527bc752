#!/usr/bin/env bash
# Pieces anyone can check: nqueens merge --subtotals writes every
# subproblem's counts, and nqueens check recounts some of a subtotals file
# or a checkpoint: exit 0 when they agree, 1 naming each piece that
# differs (a deliberately wrong count, re-sealed in a checkpoint), 2 for a
# file it cannot check. Exact status, stdout and stderr.
#   check.sh NQUEENS
set -u -o pipefail
bin=$(readlink -f "$1")
here=$(readlink -f "$(dirname "$0")")
source "$here/lib.sh"
cd "$tmp" || exit 1

line="n=12 engine=halves depth=0 subproblems=144"

# A campaign of 3 parts, merged with its subtotals.
for k in 1 2 3; do
    "$bin" count 12 -t 1 --part $k/3 --checkpoint p$k.ck >/dev/null || fail "part $k/3"
done
"$bin" merge p1.ck p2.ck p3.ck --subtotals sub.tsv >out 2>err
check "merge --subtotals: status" test $? -eq 0
check "merge --subtotals: Q(12) still printed" grep -q "^n=12 total=${Q[12]} unique=${U[12]} " out
check "merge --subtotals: header" grep -qx \
    "# nqueens subtotals $line fingerprint=[0-9a-f]\{16\} version=[0-9.]*" <(head -1 sub.tsv)
check "merge --subtotals: columns" test "$(sed -n 2p sub.tsv)" = "$(printf 'index\ttotal\tunique')"
check "merge --subtotals: every subproblem in order" test "$(tail -n +3 sub.tsv | cut -f1 | tr '\n' ' ')" = "$(seq -s ' ' 0 143) "
check "merge --subtotals: the totals sum to Q(12)" test "$(tail -n +3 sub.tsv | awk '{ s += $2 } END { print s }')" = "${Q[12]}"

# Good files agree: a seeded sample (the same seed draws the same on any
# machine), a list, every piece of a part's checkpoint, a whole count's.
exact 0 "$line checked=5 agree=5 differ=0 threads=1 seed=7 indexes=23,39,54,58,126" "" \
    "$bin" check sub.tsv --sample 5 --seed 7 -t 1
exact 0 "$line checked=4 agree=4 differ=0 threads=2 indexes=15,16,17,18" "" \
    "$bin" check sub.tsv --only 17,15-18 -t 2
exact 0 "$line checked=9 agree=9 differ=0 threads=1 seed=3 indexes=6,10,11,17,19,20,25,27,30" "" \
    "$bin" check p2.ck --sample 100 --seed 3 -t 1
"$bin" count 12 -t 1 --checkpoint whole.ck >/dev/null || fail "whole count"
exact 0 "$line checked=1 agree=1 differ=0 threads=1 seed=2 indexes=94" "" \
    "$bin" check whole.ck --seed 2 -t 1

# A wrong subtotal is named, with both counts.
awk -F'\t' -v OFS='\t' 'NR == 20 { $2 += 8 } 1' sub.tsv >wrong.tsv
exact 1 "$line checked=4 agree=3 differ=1 threads=1 indexes=15,16,17,18" \
    "nqueens: check: subproblem 17 differs: 'wrong.tsv' holds total=204 unique=0, the recount gives total=196 unique=0" \
    "$bin" check wrong.tsv --only 15-18 -t 1
# A wrong count re-sealed into a checkpoint (its checksum made right).
cp whole.ck wrong.ck
i=$(python3 "$here/reseal.py" wrong.ck 17 1000 0)
exact 1 "$line checked=1 agree=0 differ=1 threads=1 indexes=$i" \
    "nqueens: check: subproblem $i differs: 'wrong.ck' holds total=1000 unique=0, the recount gives total=$(awk -F'\t' -v i="$i" '$1 == i { print $2 }' sub.tsv) unique=0" \
    "$bin" check wrong.ck --only "$i" -t 1

# Files it cannot check: exit 2, one line, nothing on stdout.
echo hello >junk
exact 2 "" "nqueens: check: 'junk' is neither a checkpoint nor subtotals" "$bin" check junk
head -50 sub.tsv >short.tsv
exact 2 "" "nqueens: check: 'short.tsv': holds 48 of the plan's 144 subproblems" "$bin" check short.tsv
sed '1s/fingerprint=./fingerprint=x/' sub.tsv >fp.tsv
exact 2 "" "nqueens: check: 'fp.tsv' line 1: not a subtotals header" "$bin" check fp.tsv
sed '1s/fingerprint=[0-9a-f]*/fingerprint=0123456789abcdef/' sub.tsv >plan.tsv
version=$("$bin" --version | cut -d' ' -f2)
exact 2 "" "nqueens: check: 'plan.tsv': made by nqueens $version for another plan than this nqueens $version makes ($(head -1 sub.tsv | sed 's/^# nqueens subtotals //; s/ version=.*//')): check it with the version that made it" \
    "$bin" check plan.tsv
sed '5s/\t0$/\t00/' sub.tsv >zero.tsv
exact 2 "" "nqueens: check: 'zero.tsv' line 5: not subproblem 2's index, total and unique" "$bin" check zero.tsv
exact 2 "" "nqueens: check: --only: 'p2.ck' holds no counts of subproblem 3" "$bin" check p2.ck --only 3
exact 2 "" "nqueens: check: --only: the plan of 'sub.tsv' has subproblems 0 to 143, not 500" "$bin" check sub.tsv --only 500
head -c -20 whole.ck >cut.ck
exact 2 "" "nqueens: check: $("$bin" count 12 -t 1 --checkpoint cut.ck 2>&1 >/dev/null | sed 's/^nqueens: //')" "$bin" check cut.ck

finish "check: good files agree, wrong pieces are named, bad files refused"
