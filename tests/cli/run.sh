#!/usr/bin/env bash
# Runs a table of command-line cases against the nqueens binary.
#   run.sh NQUEENS CASES_FILE
# Each case is one line: STATUS <tab> ARGS <tab> STDERR [<tab> STDOUT]
# ARGS are shell words ('' is an empty argument; VAR=value words before the
# command set the environment). STDERR and STDOUT must match exactly; a
# missing STDOUT column means stdout must be empty. '\n' in STDOUT is a newline.
set -u -o pipefail
bin=$1
cases=$2
source "$(dirname "$0")/lib.sh"
count=0
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
    out=$(env "${envs[@]}" "$bin" "${words[@]}" 2>"$tmp/err")
    got=$?
    err=$(cat "$tmp/err")
    want_out=$(printf '%b' "${want_out:-}")
    if [[ $got != "$status" || $err != "$want_err" || $out != "$want_out" ]]; then
        fail "nqueens $args"
        printf '  status %s (want %s)\n  stderr: %s\n  want:   %s\n  stdout: %s\n  want:   %s\n' \
            "$got" "$status" "$err" "$want_err" "$out" "$want_out"
    fi
done <"$cases"
((count > 0)) || fail "no cases in $cases"
finish "$count of $count cases passed"
