#!/usr/bin/env bash
# count with the halves engine (the default) from the command line: a run
# stopped by --stop-after, by SIGINT or killed outright resumes to the exact
# counts with other thread counts; --json reports the peak memory.
#   halves.sh NQUEENS
set -u -o pipefail
bin=$1
source "$(dirname "$0")/lib.sh"

out=$("$bin" count 14 --json)
check "json: engine" test "$(json_field engine <<<"$out")" = '"halves"'
check "json: depth 0 (halves takes none)" test "$(json_field depth <<<"$out")" = 0
check "json: peak memory" python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["peak_memory_bytes"] > 0' <<<"$out"

# Stopped after 100 pieces: exit 130, at least the 100 saved (on 2 threads
# a few more may finish as the stop is seen); resumed on 3 threads from all
# the file holds.
ck=$tmp/stop.ckpt
"$bin" count 16 -t 2 --checkpoint "$ck" --stop-after 100 >"$tmp/out" 2>"$tmp/err"
check "stop-after: status 130" test $? -eq 130
saved=$(ck_done "$ck")
check "stop-after: 100 saved ($saved)" test "$saved" -ge 100
check "stop-after: resume hint without --depth, with -t" \
    grep -q "resume with: nqueens count 16 --engine halves -t 2 --checkpoint '$ck'$" "$tmp/err"
out=$("$bin" count 16 -t 3 --checkpoint "$ck" --json)
check "stop-after: resumed total" test "$(json_field total <<<"$out")" = "${Q[16]}"
check "stop-after: resumed unique" test "$(json_field unique <<<"$out")" = "${U[16]}"
check "stop-after: the $saved from the file" test "$(json_field resumed_subproblems <<<"$out")" = "$saved"

# SIGINT while pieces run (once the file, rewritten every 50 ms, holds one):
# the pieces cut short are not saved, the rest is.
ck=$tmp/int.ckpt
"$bin" count 17 -t 1 --checkpoint "$ck" --checkpoint-every 0.05 >"$tmp/out" 2>"$tmp/err" &
pid=$!
await $pid 60 "SIGINT: a piece saved" ck_holds "$ck" 1
kill -INT $pid
wait $pid
check "SIGINT: status 130" test $? -eq 130
check "SIGINT: checkpoint written" grep -q '^nqueens-checkpoint [0-9]*$' "$ck"
out=$("$bin" count 17 -t 2 --checkpoint "$ck" --json)
check "SIGINT: resumed total" test "$(json_field total <<<"$out")" = "${Q[17]}"
check "SIGINT: resumed unique" test "$(json_field unique <<<"$out")" = "${U[17]}"

# SIGKILL, once a periodic write has saved a piece: at most the work since
# the last write is lost.
ck=$tmp/kill.ckpt
"$bin" count 17 -t 2 --checkpoint "$ck" --checkpoint-every 0.2 >/dev/null 2>&1 &
pid=$!
await $pid 60 "SIGKILL: a piece saved" ck_holds "$ck" 1
kill -KILL $pid
wait $pid 2>/dev/null
check "SIGKILL: a checkpoint survives" grep -q '^nqueens-checkpoint [0-9]*$' "$ck"
out=$("$bin" count 17 -t 1 --checkpoint "$ck" --json)
check "SIGKILL: resumed total" test "$(json_field total <<<"$out")" = "${Q[17]}"
check "SIGKILL: resumed unique" test "$(json_field unique <<<"$out")" = "${U[17]}"

# Marks: a piece's position inside it (its row sets and blocks done), set
# about once a second (here after every block) and kept by every write, so
# that a kill loses seconds of a piece, not the piece. Small blocks make
# many positions; the file is format 8 while it holds marks, and the
# resumed count is exact.
if ! sanitized "$bin"; then # minutes under AddressSanitizer; test_halves checks resuming
    ck=$tmp/marks.ckpt
    NQUEENS_MARK_EVERY=0 "$bin" count 17 -t 2 --max-memory 11M --checkpoint "$ck" \
        --checkpoint-every 0.05 >/dev/null 2>&1 &
    pid=$!
    await $pid 60 "marks: one written" grep -q '^marks [1-9]' "$ck"
    kill -KILL $pid
    wait $pid 2>/dev/null
    check "marks: format 8" grep -qx 'nqueens-checkpoint 8' "$ck"
    check "marks: a mark line" grep -Eq '^[0-9]+( [0-9]+){10}$' "$ck"
    out=$("$bin" count 17 -t 2 --max-memory 11M --checkpoint "$ck" --json)
    check "marks: resumed total" test "$(json_field total <<<"$out")" = "${Q[17]}"
    check "marks: resumed unique" test "$(json_field unique <<<"$out")" = "${U[17]}"
    check "marks: none left once done" test "$(grep -c '^marks' "$ck")" = 0
fi

# The resume hint is the command that resumes exactly: the threads and the
# memory limit set each thread's blocks, which marks hold for (-t always,
# the default threads too; --max-memory as given), and the path quoted for
# a shell. Run as printed, it resumes from the marks, with nothing said of
# them.
copy_if_inside() { # FROM TO: FROM copied to TO if a mark has east or west blocks done
    python3 - "$@" <<'PY'
import os, sys
text = open(sys.argv[1]).read() if os.path.exists(sys.argv[1]) else ""
marks = [l.split() for l in text.splitlines() if len(l.split()) == 11]
if not (text.endswith("\n") and any(int(m[2]) or int(m[3]) for m in marks)):
    sys.exit(1)
open(sys.argv[2], "w").write(text)
PY
}
if ! sanitized "$bin"; then # minutes under AddressSanitizer
    ck="$tmp/it's marked.ckpt"
    NQUEENS_MARK_EVERY=0 "$bin" count 17 -t 2 --max-memory 11M --checkpoint "$ck" \
        --checkpoint-every 0.05 >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    await $pid 60 "hint: a mark written" grep -q '^marks [1-9]' "$ck"
    kill -INT $pid
    wait $pid
    check "hint: status 130" test $? -eq 130
    check "hint: nothing on stdout" test ! -s "$tmp/out"
    check "hint: $(cat "$tmp/err")" test "$(cat "$tmp/err")" = "nqueens: stopped by SIGINT; \
the work done is saved in '$ck'; resume with: nqueens count 17 --engine halves -t 2 \
--max-memory 11M --checkpoint '$tmp/it'\\''s marked.ckpt'"
    check "hint: marks saved" grep -q '^marks [1-9]' "$ck"
    cp "$ck" "$tmp/kept.ckpt"
    command=$(sed -n 's/.*; resume with: nqueens //p' "$tmp/err")
    eval "set -- $command"
    out=$("$bin" "$@" --json 2>"$tmp/err")
    check "hint: resumed total" test "$(json_field total <<<"$out")" = "${Q[17]}"
    check "hint: resumed unique" test "$(json_field unique <<<"$out")" = "${U[17]}"
    check "hint: marks used, nothing said ($(cat "$tmp/err"))" test ! -s "$tmp/err"
    # Resumed with other blocks: with -t 1 under the same limit (larger
    # blocks, which hold the marks' smaller ones) the marks are gone on
    # from and nothing is said. With -t 3 (each thread's blocks smaller
    # than a mark's), a mark inside a row set's blocks goes on from that
    # row set's start: said once, not an error (the count goes on, exact,
    # status 0), with the options that keep it all; run with those,
    # nothing is said.
    # A checkpoint with a mark inside a row set's blocks, as a kill leaves
    # it (with a mark after every block), copied whole when it has one;
    # then resumed with other blocks.
    NQUEENS_MARK_EVERY=0 "$bin" count 17 -t 2 --max-memory 11M --checkpoint "$tmp/killed.ckpt" \
        --checkpoint-every 0.05 >/dev/null 2>&1 &
    pid=$!
    await $pid 60 "smaller blocks: a mark inside a row set" copy_if_inside "$tmp/killed.ckpt" \
        "$tmp/other.ckpt"
    kill -9 $pid
    wait $pid 2>/dev/null
    cp "$tmp/other.ckpt" "$tmp/kept.ckpt"
    cp "$tmp/other.ckpt" "$tmp/larger.ckpt"
    out=$("$bin" count 17 -t 1 --max-memory 11M --checkpoint "$tmp/larger.ckpt" --json 2>"$tmp/err")
    check "larger blocks: status 0" test $? -eq 0
    check "larger blocks: total" test "$(json_field total <<<"$out")" = "${Q[17]}"
    check "larger blocks: nothing said ($(cat "$tmp/err"))" test ! -s "$tmp/err"
    out=$("$bin" count 17 -t 3 --max-memory 11M --checkpoint "$tmp/other.ckpt" --json 2>"$tmp/err")
    check "smaller blocks: status 0" test $? -eq 0
    check "smaller blocks: total" test "$(json_field total <<<"$out")" = "${Q[17]}"
    check "smaller blocks: unique" test "$(json_field unique <<<"$out")" = "${U[17]}"
    check "smaller blocks: one line" test "$(wc -l <"$tmp/err")" = 1
    check "smaller blocks: $(cat "$tmp/err")" grep -Eq "^nqueens: checkpoint \
'$tmp/other.ckpt': [1-9][0-9]* subproblems? goe?s? on from the start of the row set (its|their) \
marks? (is|are) in, not from the marks?: (it was|they were) made by threads with [0-9.]+ MiB of \
blocks, this run's have [0-9.]+ MiB \(-t and --max-memory set them\), too few to hold a \
position inside them; -t 3 --max-memory [0-9]+[KMG]? keeps it all$" "$tmp/err"
    keep=$(sed -n 's/.*; \(-t 3 --max-memory [0-9]*[KMG]*\) keeps it all$/\1/p' "$tmp/err")
    read -ra keep <<<"$keep"
    out=$("$bin" count 17 "${keep[@]}" --checkpoint "$tmp/kept.ckpt" --json 2>"$tmp/err")
    check "kept with ${keep[*]}: total" test "$(json_field total <<<"$out")" = "${Q[17]}"
    check "kept with ${keep[*]}: nothing said ($(cat "$tmp/err"))" test ! -s "$tmp/err"
fi
OMP_NUM_THREADS=3 "$bin" count 16 --checkpoint "$tmp/three.ckpt" --stop-after 5 2>"$tmp/err"
check "hint: the default threads named" grep -q \
    "resume with: nqueens count 16 --engine halves -t 3 --checkpoint '$tmp/three.ckpt'$" "$tmp/err"

# A --max-memory that forces small blocks (a few thousand half-boards each,
# lists enumerated a block at a time): the same counts on 1, 2 and 3
# threads, and a measured peak within the limit (nq_count_memory's bound).
for want in "14 1 10M" "14 2 10M" "14 3 10M" "15 1 10M" "15 2 10M" "15 3 10M" "16 1 10M" \
    "16 2 10M" "16 3 10M" "17 3 12M" "18 2 16M"; do
    read -r n t limit <<<"$want"
    if ((n > 16)) && sanitized "$bin"; then continue; fi # minutes under AddressSanitizer
    out=$("$bin" count "$n" -t "$t" --max-memory "$limit" --json)
    check "count $n -t $t --max-memory $limit: total" test "$(json_field total <<<"$out")" = "${Q[$n]}"
    check "count $n -t $t --max-memory $limit: unique" test "$(json_field unique <<<"$out")" = "${U[$n]}"
    if ! sanitized "$bin"; then # AddressSanitizer's shadow memory is not the program's
        check "count $n -t $t --max-memory $limit: peak within it" \
            test "$(json_field peak_memory_bytes <<<"$out")" -le $((${limit%M} << 20))
    fi
done

# Stopped inside U(n)'s turn parts, which the queue takes last (n = 16: 256
# pieces, then 240 parts of S180 and S90), and resumed: exact.
ck=$tmp/turns.ckpt
"$bin" count 16 -t 2 --checkpoint "$ck" --stop-after 300 >/dev/null 2>&1
check "turn parts: stopped (status 130)" test $? -eq 130
check "turn parts: some saved (total 0, S180 or 2 S90 in unique)" grep -Eq '^[0-9]+ 0 [1-9]' "$ck"
out=$("$bin" count 16 -t 1 --checkpoint "$ck" --json)
check "turn parts: resumed total" test "$(json_field total <<<"$out")" = "${Q[16]}"
check "turn parts: resumed unique" test "$(json_field unique <<<"$out")" = "${U[16]}"

finish "all halves checks passed"
