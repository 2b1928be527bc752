#!/usr/bin/env bash
# Checkpoints written while pieces end under heavy marking (a mark after
# every block, a write every tick), the count killed with SIGKILL at a
# random moment: every file left resumes, to the exact count.
#   kills.sh NQUEENS [ROUNDS]
set -u -o pipefail
bin=$1 rounds=${2:-20}
source "$(dirname "$0")/lib.sh"

# A file half way through the count: the pieces left are the smaller ones,
# which end often, and a write passes over many done before it meets them.
base=$tmp/base.ckpt
"$bin" count 17 -t 2 --checkpoint "$base" --checkpoint-every 0.05 >/dev/null 2>"$tmp/err" &
pid=$!
await $pid 120 "the base file: 2000 of 4005 subproblems saved" ck_holds "$base" 2000
kill -INT $pid
wait $pid
status=$?
check "the base file: stopped by SIGINT, status $status ($(cat "$tmp/err"))" test $status -eq 130

marked=0
for ((k = 1; k <= rounds; k++)); do
    ck=$tmp/$k.ckpt
    cp "$base" "$ck"
    NQUEENS_MARK_EVERY=0 "$bin" count 17 -t 1 --checkpoint "$ck" --checkpoint-every 0.02 \
        >/dev/null 2>&1 &
    pid=$!
    # Killed at a random moment after the first write with marks, which a
    # fast machine's run may otherwise end before (then nothing is tested).
    until grep -q '^marks ' "$ck" 2>/dev/null || ! alive $pid; do sleep 0.005; done
    sleep "0.0$((RANDOM % 10))$((RANDOM % 10))" # 0 to 99 ms
    kill -KILL $pid 2>/dev/null
    wait $pid 2>/dev/null
    grep -q '^marks ' "$ck" && marked=$((marked + 1))
done
check "files with marks: $marked of $rounds" test $marked -ge $((rounds / 4))
for ((k = 1; k <= rounds; k++)); do
    out=$("$bin" count 17 -t 2 --checkpoint "$tmp/$k.ckpt" 2>"$tmp/err")
    status=$?
    check "file $k resumes: status $status ($(head -c 300 "$tmp/err"))" test $status -eq 0
    check "file $k resumes: '$out'" test "${out%% engine=*}" = "n=17 total=${Q[17]} unique=${U[17]}"
done
finish "kills.sh: $rounds files killed while written, all resumed exactly ($marked with marks)"
