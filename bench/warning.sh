#!/usr/bin/env bash
# The long-run warning of a count, and how long it takes to say it
# (doc/estimate.md, "Limits"): starts `NQUEENS ARGS...`, waits for its first
# line on stderr (the warning, from a small sample), stops the count with
# SIGINT, and prints the arguments, the seconds from the start to that line,
# and the line. A count that says nothing in 30 s is stopped then.
#   bench/warning.sh NQUEENS count N [-t T] [--max-memory M]...
# One tab-separated line on stdout; run it once per row of a table.
set -u
[[ $# -ge 2 && -x $1 ]] || { echo "usage: bench/warning.sh NQUEENS count N [OPTIONS]..." >&2; exit 2; }
bin=$1
shift
err=$(mktemp)
trap 'rm -f "$err"' EXIT
start=$(date +%s.%N)
"$bin" "$@" >/dev/null 2>"$err" &
pid=$!
end=$(($(date +%s) + 30))
while [[ ! -s $err ]] && kill -0 "$pid" 2>/dev/null && (($(date +%s) < end)); do sleep 0.02; done
said=$(date +%s.%N)
kill -INT "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
printf '%s\t%.2f\t%s\n' "$*" "$(awk -v a="$said" -v b="$start" 'BEGIN { print a - b }')" \
    "$(head -n 1 "$err" | sed 's/ (see.*//')"
