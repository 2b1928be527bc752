#!/usr/bin/env bash
# said.sh BIN ARGS...: the long-run warning of `BIN ARGS`, and the seconds from
# the start until it was said (the sample's time); the count is then stopped,
# or after 30 s if nothing was said.
bin=$1; shift
err=$(mktemp)
start=$(date +%s.%N)
"$bin" "$@" >/dev/null 2>"$err" &
pid=$!
end=$(( $(date +%s) + 30 ))
while [ ! -s "$err" ] && kill -0 $pid 2>/dev/null && [ "$(date +%s)" -lt $end ]; do sleep 0.02; done
said=$(date +%s.%N)
kill -INT $pid 2>/dev/null; wait $pid 2>/dev/null
printf '%s\t%.2f\t%s\n' "$*" "$(echo "$said - $start" | bc)" "$(head -1 "$err" | sed 's/ (see.*//')"
rm -f "$err"
