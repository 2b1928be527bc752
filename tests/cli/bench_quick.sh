#!/usr/bin/env bash
# bench/run.sh --quick as a test: every results file is written and every
# CSV row carries the published Q(n); a wrong count stops the bench (exit 1);
# a bad option exits 2. Timings are never asserted.
#   bench_quick.sh NQUEENS
# shellcheck disable=SC2015 # 'check && check || fail' is meant: fail if either check fails
set -u -o pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=${1:?usage: bench_quick.sh PATH/TO/nqueens}
source "$(dirname "$0")/lib.sh"

plots=--no-plots
have gnuplot "the plots" && plots=

# Package tools that leave a mark if called: a bench script installs nothing.
mkdir "$tmp/trap"
for tool in apt-get apt dpkg sudo; do
    printf '#!/bin/sh\necho "%s $*" >>"%s/called"\nexit 1\n' "$tool" "$tmp" >"$tmp/trap/$tool"
    chmod +x "$tmp/trap/$tool"
done

# The --compare row prints only the total, which the bench checks.
# shellcheck disable=SC2086 # $plots is empty or one word
PATH=$tmp/trap:$PATH "$ROOT/bench/run.sh" --quick --bin "$BIN" --out "$tmp/out" $plots \
    --compare "$BIN count {n} --engine bitmask --json | sed 's/.*\"total\": *\\([0-9]*\\).*/\\1/'" \
    >"$tmp/stdout" 2>"$tmp/stderr"
status=$?
if ((status != 0)); then
    cat "$tmp/stderr" >&2
    fail "bench/run.sh --quick exited with status $status"
fi

files=(engines.md engines.csv threads.md threads.csv machine.md)
[[ -n $plots ]] || files+=(engines.png threads.png)
for f in "${files[@]}"; do
    [[ -s $tmp/out/$f ]] || fail "$f missing or empty"
done
grep -q '^| naive |' "$tmp/stdout" || fail "the engines table is not on stdout"
# The engine list is read from engines --json: no name misread.
grep -q "has no engine" "$tmp/stderr" && fail "an engine name misread: $(grep "has no engine" "$tmp/stderr")"
grep -q '^- Commit: ' "$tmp/out/machine.md" || fail "machine.md names no commit"
[[ ! -e $tmp/called ]] || fail "a package tool was called: $(cat "$tmp/called")"

# Every run has a row whose total is Q(n); each classic engine is there.
for csv in engines.csv threads.csv; do
    [[ $(head -n 1 "$tmp/out/$csv") == engine,n,threads,run,seconds,total* ]] ||
        fail "$csv: unexpected header"
    rows=0
    while IFS= read -r line; do
        if [[ $line == \"* ]]; then # a quoted engine (--compare) may hold commas
            rest=${line##*\",}
            IFS=, read -r n _ _ _ total _ <<<"$rest,"
        else
            IFS=, read -r _ n _ _ _ total _ <<<"$line,"
        fi
        rows=$((rows + 1))
        [[ $n =~ ^[0-9]+$ ]] && ((n < ${#Q[@]})) || {
            fail "$csv: bad row '$line'"
            continue
        }
        [[ $total == "${Q[n]}" ]] || fail "$csv: '$line' does not give Q($n) = ${Q[n]}"
    done < <(tail -n +2 "$tmp/out/$csv")
    ((rows > 0)) || fail "$csv has no rows"
done
for e in naive mirror marking available bitmask; do
    grep -q "^$e,12,1,1," "$tmp/out/engines.csv" || fail "engines.csv has no row for $e at N=12"
done
grep -q '^".*bitmask --json.*",12,,1,' "$tmp/out/engines.csv" || fail "engines.csv has no --compare row at N=12"

# A program giving a wrong count stops the bench, naming it and N.
"$ROOT/bench/run.sh" --n 6 --reps 1 --bin "$BIN" --engines bitmask --no-plots \
    --out "$tmp/wrong" --compare 'echo 5' >/dev/null 2>"$tmp/stderr"
status=$?
((status == 1)) || fail "a wrong count gave exit status $status, expected 1"
grep -q 'wrong count: echo 5 gave 5 for N=6' "$tmp/stderr" || fail "no message naming the wrong count: $(cat "$tmp/stderr")"

# A bad option: one line on stderr, nothing on stdout, exit 2.
"$ROOT/bench/run.sh" --n 0..5 --bin "$BIN" --out "$tmp/bad" >"$tmp/stdout" 2>"$tmp/stderr"
status=$?
((status == 2)) || fail "--n 0..5 gave exit status $status, expected 2"
[[ ! -s $tmp/stdout && $(wc -l <"$tmp/stderr") -eq 1 ]] || fail "--n 0..5: expected one line on stderr only"
grep -q "^bench/run.sh: --n: '0..5'" "$tmp/stderr" || fail "--n 0..5: message $(cat "$tmp/stderr")"

# bench/compare.sh: a build against itself gives a row per case and the
# raw times of every round; a build that counts differently is refused.
"$ROOT/bench/compare.sh" "$BIN" "$BIN" --rounds 2 --case "count 10 -t 1" --case "solve 6 -t 2" \
    --out "$tmp/cmp" >"$tmp/stdout" 2>"$tmp/stderr"
check "compare: status 0" test $? -eq 0
check "compare: a row per case" test "$(grep -c '^| `\(count 10 -t 1\|solve 6 -t 2\)` |' "$tmp/cmp/compare.md")" -eq 2
check "compare: 2 rounds x 2 cases x 2 builds timed" test "$(tail -n +2 "$tmp/cmp/compare.tsv" | wc -l)" -eq 8
check "compare: machine.md" grep -q '^- Commit: ' "$tmp/cmp/machine.md"
cat >"$tmp/wrong.sh" <<'EOF'
#!/bin/sh
echo '{"total":5}'
EOF
chmod +x "$tmp/wrong.sh"
"$ROOT/bench/compare.sh" "$BIN" "$tmp/wrong.sh" --case "count 6" --out "$tmp/cmp2" >"$tmp/stdout" 2>"$tmp/stderr"
check "compare, a wrong build: status 2" test $? -eq 2
check "compare, a wrong build: named" grep -q "^bench/compare.sh: 'count 6': BEFORE counts 4, AFTER 5$" "$tmp/stderr"
"$ROOT/bench/compare.sh" "$BIN" >"$tmp/stdout" 2>"$tmp/stderr"
check "compare, one build: status 2" test $? -eq 2
check "compare, one build: usage on stderr only" test ! -s "$tmp/stdout" -a "$(wc -l <"$tmp/stderr")" -eq 1

finish "bench quick: ok"
