#!/usr/bin/env bash
# What nqueens prints when it succeeds: count (human and JSON), verify, help.
#   output.sh NQUEENS
set -u -o pipefail
bin=$1
source "$(dirname "$0")/lib.sh"

out=$("$bin" count 10 -t 2 2>"$tmp/err")
check "count 10: status 0" test $? -eq 0
check "count 10: one line" test "$(printf '%s\n' "$out" | wc -l)" -eq 1
check "count 10: human line" grep -Eq '^n=10 total=724 unique=92 engine=halves threads=2 seconds=[0-9.]+' <<<"$out"
check "count 10: stderr empty" test ! -s "$tmp/err"

out=$("$bin" count 12 --json --threads 3)
check "count --json: status 0" test $? -eq 0
check "count --json: one object" python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); assert isinstance(d, dict)' <<<"$out"
check "count --json: total" test "$(json_field total <<<"$out")" = 14200
check "count --json: unique" test "$(json_field unique <<<"$out")" = 1787
check "count --json: n" test "$(json_field n <<<"$out")" = 12
check "count --json: engine" test "$(json_field engine <<<"$out")" = '"halves"'
check "count --json: threads" test "$(json_field threads <<<"$out")" = 3
check "count --json: subproblems" test "$(json_field subproblems <<<"$out")" -gt 0
check "count --json: seconds" python3 -c 'import json,sys; assert json.loads(sys.stdin.read())["seconds"] >= 0' <<<"$out"

out=$("$bin" count 9 --engine naive --json)
check "naive --json: unique is null" test "$(json_field unique <<<"$out")" = null
check "naive --json: total" test "$(json_field total <<<"$out")" = 352

out=$(OMP_NUM_THREADS=1 "$bin" count 8 --json)
check "OMP_NUM_THREADS sets the threads" test "$(json_field threads <<<"$out")" = 1

# Every engine --help lists runs and gives Q(8); every engine that runs is listed.
engines=$("$bin" count --help | sed -n '/^engines:/,$p' | awk 'NR > 1 && /^  [^ ]/ { print $1 }')
check "count --help lists engines" test -n "$engines"
for e in $engines; do
    check "engine $e from --help runs" test "$("$bin" count 8 --engine "$e" --json | json_field total)" = 92
done
for e in parallel-sym8 parallel-mirror naive mirror marking available bitmask; do
    check "engine $e is in --help" grep -qx "$e" <<<"$engines"
done

out=$("$bin" verify --max 10 -t 2 2>"$tmp/err")
check "verify: status 0" test $? -eq 0
check "verify: 10 PASS lines" test "$(grep -c '^PASS n=' <<<"$out")" -eq 10
check "verify: summary" grep -q '^PASS: 10 of 10 passed' <<<"$out"
check "verify: stderr empty" test ! -s "$tmp/err"

# A stopped verify: the lines of the n finished stand, no summary, one line
# on stderr, 128 + the signal; --json closes its object and says "stopped".
# Signalled once n = 16 is out (n = 17..20 take seconds more).
"$bin" verify --max 20 -t 1 >"$tmp/out" 2>"$tmp/err" &
job=$!
await $job 120 "verify: n = 16 out" grep -q '^PASS n=16 ' "$tmp/out"
kill -INT $job
wait $job
check "stopped verify: status 130" test $? -eq 130
check "stopped verify: PASS lines only" test "$(grep -vc '^PASS n=' "$tmp/out")" -eq 0
check "stopped verify: said" grep -Eqx 'nqueens: verify stopped by SIGINT after n = (1[6-9]) of 20 \(0 failed\)' "$tmp/err"
"$bin" verify --max 20 -t 1 --json >"$tmp/out" 2>"$tmp/err" &
job=$!
await $job 120 "verify --json: n = 16 out" grep -q '"n":16,' "$tmp/out"
kill -TERM $job
wait $job
check "stopped verify --json: status 143" test $? -eq 143
check "stopped verify --json: a whole object that says so" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["stopped"] == "SIGTERM" and d["failed"] == 0
assert d["passed"] == len(d["results"]) >= 16 and all(r["pass"] for r in d["results"])' "$tmp/out"
check "stopped verify --json: said" grep -q '^nqueens: verify stopped by SIGTERM' "$tmp/err"

for cmd in "--help" "count --help" "verify --help" "solve --help" "topology --help"; do
    out=$("$bin" $cmd 2>"$tmp/err")
    check "$cmd: status 0" test $? -eq 0
    check "$cmd: usage on stdout" grep -q '^usage: nqueens' <<<"$out"
    check "$cmd: stderr empty" test ! -s "$tmp/err"
done
check "--version" grep -Eq '^nqueens [0-9]+\.[0-9]+\.[0-9]+$' <<<"$("$bin" --version)"

finish "all output checks passed"
