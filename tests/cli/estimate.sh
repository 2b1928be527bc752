#!/usr/bin/env bash
# nqueens estimate: the JSON fields, the human lines, Q(n) inside the
# interval of its own estimate (no timing is checked), a census exact, and
# a stop by signal.
#   estimate.sh NQUEENS
set -u -o pipefail
bin=$1
source "$(dirname "$0")/lib.sh"

"$bin" estimate 15 --sample 40 --seed 3 --json >"$tmp/out" 2>"$tmp/err"
check "json: status 0" test $? -eq 0
check "json: stderr empty" test ! -s "$tmp/err"
for f in cpu_seconds cpu_seconds_low cpu_seconds_high wall_seconds peak_memory_bytes \
    sampled_subproblems solutions solutions_low solutions_high subproblems seed seconds; do
    check "json: $f is a number" python3 -c 'import json,sys; v=json.load(open(sys.argv[1]))[sys.argv[2]]; assert isinstance(v,(int,float)) and v >= 0' "$tmp/out" "$f"
done
check "json: the interval is ordered" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["cpu_seconds_low"] <= d["cpu_seconds"] <= d["cpu_seconds_high"]
assert d["sampled_subproblems"] == 40 and d["seed"] == 3 and d["n"] == 15' "$tmp/out"

# The sampling checked without timing: for n = 14..17, the interval of the
# estimate of Q(n) holds the published value (the seed fixes the draws).
for n in 14 15 16 17; do
    "$bin" estimate $n --sample 48 --seed 1 --json >"$tmp/out"
    check "n=$n: Q(n) inside [solutions_low, solutions_high]" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["sampled_subproblems"] < d["subproblems"], d
assert d["solutions_low"] <= int(sys.argv[2]) <= d["solutions_high"], d' "$tmp/out" "${Q[$n]}"
done
# The same seed and sample draw the same, on any threads.
a=$("$bin" estimate 16 --sample 30 --seed 9 -t 1 --json | json_field solutions)
b=$("$bin" estimate 16 --sample 30 --seed 9 -t 2 --json | json_field solutions)
check "seed: the same draws ($a, $b)" test "$a" = "$b"
# A sample as large as the plan is a census: Q(n) exactly.
got=$("$bin" estimate 12 --sample 100000 --json | json_field solutions)
check "census: Q(12) exactly ($got)" test "$got" = "${Q[12]}"

# Without --max-memory the limit is the count's, the memory this process may
# take: under ulimit -v 2000000 (KiB) the bound of 64 threads' blocks fits it.
if ! sanitized "$bin"; then # ASan needs terabytes of address space
    got=$( (ulimit -v 2000000 && "$bin" estimate 24 -t 64 --sample 2 --json) | json_field peak_memory_bytes)
    check "ulimit -v: the bound within it ($got bytes)" test "${got:-0}" -gt 0 -a "${got:-0}" -le 2048000000
fi

# Two-stage sampling (--slices on): said in the JSON and the text; with
# blocks made small by --max-memory, its sample still estimates Q(n).
"$bin" estimate 16 --slices on --max-memory 10M --sample 48 --seed 2 --json >"$tmp/out"
check "slices: said in the JSON" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["slices"] is True
assert d["solutions_low"] <= d["solutions"] <= d["solutions_high"] and d["solutions"] > 0' "$tmp/out"
got=$("$bin" estimate 16 --slices off --sample 10 --seed 2 --json | json_field slices)
check "slices off: whole pieces ($got)" test "$got" = false
"$bin" estimate 14 --slices on --sample 8 --seed 1 >"$tmp/out"
check "slices: said in the text" grep -q "^sampled 8 of [0-9]* subproblems (a random slice of each) in " "$tmp/out"

# The human form: two lines, the seed to draw again.
"$bin" estimate 13 --seed 5 >"$tmp/out" 2>"$tmp/err"
check "text: status 0" test $? -eq 0
check "text: two lines" test "$(wc -l <"$tmp/out")" -eq 2
check "text: the projection" grep -q "^count 13 (halves): .* of CPU (90% interval .* to .*); .* on [0-9]* threads\?; peak memory [0-9]* MiB$" "$tmp/out"
check "text: the seed" grep -q "(--seed 5)$" "$tmp/out"

# Stopped by a signal: one line, 128 + the signal, nothing on stdout.
"$bin" estimate 21 --seconds 60 >"$tmp/out" 2>"$tmp/err" &
pid=$!
set_to_stop() { runs "$1" "$bin" && catches "$1" "$2"; } # PID SIG: the program, its handler set
await $pid 20 "estimate 21: its handler" set_to_stop $pid TERM
kill -TERM $pid
wait $pid
check "SIGTERM: status 143" test $? -eq 143
check "SIGTERM: message" grep -qx "nqueens: estimate 21 stopped by SIGTERM" "$tmp/err"
check "SIGTERM: nothing on stdout" test ! -s "$tmp/out"
finish "estimate checks passed"
