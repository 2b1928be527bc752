#!/usr/bin/env bash
# The band (halves' even n from 26: two middle rows' and columns' queens
# placed first) moved down to every even board by NQUEENS_BAND_FROM=4:
# Q(n) and U(n) exact for even n = 4..16 on 1, 2 and 3 threads, with the
# default budget and the smallest --max-memory (every block as small as it
# goes), n = 18 on 2 threads (odd n have no band: cli-halves counts them); a checkpoint of the plan without the band is refused
# by its fingerprint, never counted; a stopped band count resumes whole.
#   band.sh NQUEENS
set -u -o pipefail
bin=$1
source "$(dirname "$0")/lib.sh"
export NQUEENS_BAND_FROM=4

top=16
sanitized "$bin" && top=12 # 5 to 20 times slower: the release run has them all

exact() { # WHAT N ARGS...: the count of N with ARGS prints Q(N) and U(N)
    local what=$1 n=$2 out
    shift 2
    out=$("$bin" count "$n" --json "$@" 2>"$tmp/err")
    check "$what: status" test $? -eq 0
    check "$what: Q($n)" test "$(json_field total <<<"$out")" = "${Q[$n]}"
    check "$what: U($n)" test "$(json_field unique <<<"$out")" = "${U[$n]}"
    check "$what: nothing on stderr" test ! -s "$tmp/err"
}

# The least --max-memory each count takes, from the refusal's own figure.
least() { # N THREADS
    "$bin" count "$1" -t "$2" --max-memory 1 2>&1 >/dev/null |
        sed -n 's/.*needs at least \([0-9]*\) MiB.*/\1M/p'
}

for ((n = 4; n <= top; n += 2)); do
    for t in 1 2 3; do
        exact "n=$n -t $t" "$n" -t "$t"
        m=$(least "$n" "$t")
        check "n=$n -t $t: the least memory is named ($m)" test -n "$m"
        exact "n=$n -t $t --max-memory $m" "$n" -t "$t" --max-memory "$m"
    done
done
sanitized "$bin" || exact "n=18 -t 2" 18 -t 2

# A checkpoint of the plan without the band: refused by its fingerprint.
ck=$tmp/plain.ckpt
NQUEENS_BAND_FROM=64 "$bin" count 14 -t 1 --checkpoint "$ck" --stop-after 5 >/dev/null 2>&1
check "plain plan: stopped and saved" test "$(ck_done "$ck")" -ge 5
cp "$ck" "$tmp/kept"
"$bin" count 14 -t 1 --checkpoint "$ck" >"$tmp/out" 2>"$tmp/err"
check "plain plan: refused (status 1)" test $? -eq 1
check "plain plan: nothing on stdout" test ! -s "$tmp/out"
check "plain plan: the fingerprint named" grep -q "differ from this version's plan (fingerprint" \
    "$tmp/err"
check "plain plan: the file kept as it was" cmp -s "$ck" "$tmp/kept"

# A band count stopped, then resumed on other threads: whole.
ck=$tmp/band.ckpt
"$bin" count 14 -t 2 --checkpoint "$ck" --stop-after 200 >/dev/null 2>&1
check "band: stop-after saved" test "$(ck_done "$ck")" -ge 200
exact "band: resumed on 3 threads" 14 -t 3 --checkpoint "$ck"

finish "the band: exact for even n = 4..$top on 1 to 3 threads and the least memory"
