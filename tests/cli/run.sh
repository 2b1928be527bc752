#!/usr/bin/env bash
# Runs a table of command-line cases against the nqueens binary.
#   run.sh NQUEENS CASES_FILE
# Each case is one line: STATUS <tab> ARGS <tab> STDERR [<tab> STDOUT]
# ARGS are shell words ('' is an empty argument; VAR=value words before the
# command set the environment). STDERR and STDOUT must match exactly; a
# missing STDOUT column means stdout must be empty. '\n' in STDOUT is a newline.
set -u
bin=$1
cases=$2
fail=0 count=0
tab=$'\t'
while IFS= read -r line || [[ -n $line ]]; do
    [[ -z $line || $line == \#* ]] && continue
    # Split on single tabs (read would merge empty fields).
    status=${line%%"$tab"*} rest=${line#*"$tab"}
    args=${rest%%"$tab"*} rest=${rest#*"$tab"}
    want_err=${rest%%"$tab"*} want_out=
    [[ $rest == *"$tab"* ]] && want_out=${rest#*"$tab"}
    count=$((count + 1))
    eval "words=($args)"
    envs=()
    while [[ ${#words[@]} -gt 0 && ${words[0]} == *=* && ${words[0]} != -* ]]; do
        envs+=("${words[0]}")
        words=("${words[@]:1}")
    done
    out=$(env "${envs[@]}" "$bin" "${words[@]}" 2>/tmp/nq-cli-err.$$)
    got=$?
    err=$(cat /tmp/nq-cli-err.$$)
    want_out=$(printf '%b' "${want_out:-}")
    if [[ $got != "$status" || $err != "$want_err" || $out != "$want_out" ]]; then
        fail=$((fail + 1))
        printf 'FAIL: nqueens %s\n  status %s (want %s)\n  stderr: %s\n  want:   %s\n  stdout: %s\n  want:   %s\n' \
            "$args" "$got" "$status" "$err" "$want_err" "$out" "$want_out"
    fi
done <"$cases"
rm -f /tmp/nq-cli-err.$$
echo "$((count - fail)) of $count cases passed"
[[ $fail -eq 0 && $count -gt 0 ]]
