#!/usr/bin/env bash
# nqueens solve as a whole: for N = 1..10, every format, with and without
# --unique, the listing is valid (every board a solution, none repeated, in
# lexicographic order), its size is what `nqueens count` reports, and 1, 2
# and 3 threads print the same bytes. Then pipes, write errors and limits.
#   solve.sh NQUEENS
set -u -o pipefail
bin=$1
source "$(dirname "$0")/lib.sh"

# Validates a cols listing on stdin for n: prints the number of lines, or
# "bad: ..." at the first board that is not a solution or out of order.
check_cols='
{
    if (NF != n) { print "bad: line " NR " has " NF " fields"; exit }
    key = ""
    for (r = 1; r <= n; r++) {
        c = $r
        if (c !~ /^[0-9]+$/ || c >= n) { print "bad: line " NR; exit }
        for (k = 1; k < r; k++)
            if ($k == c || $k - c == r - k || c - $k == r - k) { print "bad: attack on line " NR; exit }
        key = key sprintf("%02d", c)
    }
    if (NR > 1 && key <= prev) { print "bad: line " NR " not after the previous one"; exit }
    prev = key
}
END { if (!bad) print NR }'

for n in $(seq 1 10); do
    counts=$("$bin" count "$n") || fail "count $n failed"
    total=$(sed -n 's/.*total=\([0-9]*\).*/\1/p' <<<"$counts")
    unique=$(sed -n 's/.*unique=\([0-9]*\).*/\1/p' <<<"$counts")
    for u in "" --unique; do
        want=$total
        [[ -n $u ]] && want=$unique
        for f in board cols json; do
            for t in 1 2 3; do
                "$bin" solve "$n" --format "$f" $u -t "$t" >"$tmp/$f.$t" 2>"$tmp/err" ||
                    fail "solve $n --format $f $u -t $t: status $?"
                [[ -s $tmp/err ]] && fail "solve $n --format $f $u -t $t: stderr $(cat "$tmp/err")"
            done
            cmp -s "$tmp/$f.1" "$tmp/$f.2" || fail "solve $n --format $f $u: 1 and 2 threads differ"
            cmp -s "$tmp/$f.1" "$tmp/$f.3" || fail "solve $n --format $f $u: 1 and 3 threads differ"
        done
        got=$(awk -v n="$n" "$check_cols" "$tmp/cols.1")
        [[ $got == "$want" ]] || fail "solve $n --format cols $u: $got (want $want boards)"
        # board and json say the same as cols: rebuild cols from them.
        awk -v n="$n" '
            /^$/ { next }
            { line = line (c++ ? " " : "") index($0, "Q") - 1 }
            c == n { print line; line = ""; c = 0 }' "$tmp/board.1" >"$tmp/from-board"
        cmp -s "$tmp/from-board" "$tmp/cols.1" || fail "solve $n $u: board and cols differ"
        if [[ $want == 0 ]]; then
            [[ ! -s $tmp/board.1 ]] || fail "solve $n $u: output without solutions"
        else
            blanks=$(grep -c '^$' "$tmp/board.1")
            [[ $blanks == $((want - 1)) ]] || fail "solve $n $u: $blanks empty lines for $want boards"
            [[ $(tail -c 1 "$tmp/board.1" | od -An -c | tr -d ' ') == '\n' ]] ||
                fail "solve $n $u: board output does not end with a newline"
        fi
        jq -r 'map(map(index("Q")) | map(tostring) | join(" ")) | .[]' "$tmp/json.1" \
            >"$tmp/from-json" 2>/dev/null || fail "solve $n --format json $u: not JSON"
        cmp -s "$tmp/from-json" "$tmp/cols.1" || fail "solve $n $u: json and cols differ"
    done
done

# A reader that leaves early ends the listing quietly, status 0.
"$bin" solve 14 2>"$tmp/err" | head -1 >/dev/null
st=${PIPESTATUS[0]}
[[ $st == 0 ]] || fail "solve 14 | head -1: status $st"
[[ -s $tmp/err ]] && fail "solve 14 | head -1: stderr $(cat "$tmp/err")"
"$bin" solve 16 --format cols -t 2 2>"$tmp/err" | head -c 100000 >/dev/null
st=${PIPESTATUS[0]}
[[ $st == 0 && ! -s $tmp/err ]] || fail "solve 16 --format cols | head -c: status $st"

# A real write error is a run-time failure with one message.
if [[ -w /dev/full ]]; then
    "$bin" solve 10 --format cols >/dev/full 2>"$tmp/err"
    st=$?
    [[ $st == 1 ]] || fail "solve 10 >/dev/full: status $st (want 1)"
    [[ $(wc -l <"$tmp/err") == 1 && $(cat "$tmp/err") == "nqueens: cannot write the output: "* ]] ||
        fail "solve 10 >/dev/full: stderr '$(cat "$tmp/err")'"
fi

# --limit: the first K lines of the full listing, and quick for big N.
"$bin" solve 10 --format cols >"$tmp/all"
for k in 1 5 100 724 5000; do
    "$bin" solve 10 --format cols --limit "$k" -t 2 >"$tmp/lim" || fail "--limit $k: status $?"
    head -n "$k" "$tmp/all" | cmp -s - "$tmp/lim" || fail "solve 10 --limit $k: not the first $k"
done
"$bin" solve 32 --format cols --limit 2 >"$tmp/big" || fail "solve 32 --limit 2: status $?"
got=$(awk -v n=32 "$check_cols" "$tmp/big")
[[ $got == 2 ]] || fail "solve 32 --limit 2: $got"

# Help goes to stdout with status 0.
"$bin" solve --help >"$tmp/help" 2>"$tmp/err" || fail "solve --help: status $?"
grep -q '^usage: nqueens solve' "$tmp/help" && [[ ! -s $tmp/err ]] || fail "solve --help output"

finish "solve: all checks passed"
