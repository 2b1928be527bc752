#!/usr/bin/env bash
# count with the halves engine (the default) from the command line: a run
# stopped by --stop-after, by SIGINT or killed outright resumes to the exact
# counts with other thread counts; --json reports the peak memory.
#   halves.sh NQUEENS
set -u -o pipefail
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
source "$(dirname "$0")/lib.sh"

out=$("$bin" count 14 --json)
check "json: engine" test "$(json_field engine <<<"$out")" = '"halves"'
check "json: depth 0 (halves takes none)" test "$(json_field depth <<<"$out")" = 0
check "json: peak memory" python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["peak_memory_bytes"] > 0' <<<"$out"

# Stopped after 100 pieces: exit 130, the 100 saved; resumed on 3 threads.
ck=$dir/stop.ckpt
"$bin" count 16 -t 2 --checkpoint "$ck" --stop-after 100 >"$dir/out" 2>"$dir/err"
check "stop-after: status 130" test $? -eq 130
check "stop-after: 100 saved" grep -qx 'done 100' "$ck"
check "stop-after: resume hint without --depth" \
    grep -q "resume with: nqueens count 16 --engine halves --checkpoint '$ck'$" "$dir/err"
out=$("$bin" count 16 -t 3 --checkpoint "$ck" --json)
check "stop-after: resumed total" test "$(json_field total <<<"$out")" = 14772512
check "stop-after: resumed unique" test "$(json_field unique <<<"$out")" = 1846955
check "stop-after: 100 from the file" test "$(json_field resumed_subproblems <<<"$out")" = 100

# SIGINT while pieces run: the pieces cut short are not saved, the rest is.
ck=$dir/int.ckpt
"$bin" count 17 -t 1 --checkpoint "$ck" >"$dir/out" 2>"$dir/err" &
pid=$!
sleep 0.6
kill -INT $pid
wait $pid
check "SIGINT: status 130" test $? -eq 130
check "SIGINT: checkpoint written" grep -q '^nqueens-checkpoint [0-9]*$' "$ck"
out=$("$bin" count 17 -t 2 --checkpoint "$ck" --json)
check "SIGINT: resumed total" test "$(json_field total <<<"$out")" = 95815104
check "SIGINT: resumed unique" test "$(json_field unique <<<"$out")" = 11977939

# SIGKILL: at most the work since the last write is lost.
ck=$dir/kill.ckpt
"$bin" count 17 -t 2 --checkpoint "$ck" --checkpoint-every 0.2 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do [[ -s $ck ]] && break; sleep 0.05; done
sleep 0.3
kill -KILL $pid
wait $pid 2>/dev/null
check "SIGKILL: a checkpoint survives" grep -q '^nqueens-checkpoint [0-9]*$' "$ck"
out=$("$bin" count 17 -t 1 --checkpoint "$ck" --json)
check "SIGKILL: resumed total" test "$(json_field total <<<"$out")" = 95815104
check "SIGKILL: resumed unique" test "$(json_field unique <<<"$out")" = 11977939

[[ $fail -eq 0 ]] && echo "all halves checks passed"
exit $fail
