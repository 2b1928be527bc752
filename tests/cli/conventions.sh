#!/usr/bin/env bash
# Command-line conventions: options as getopt_long parses them, the same in
# nqueens and nqueens-mpi; nqueens-mpi's own --version, --help and message
# prefix; count --bind's placement on stderr; JSON from every command, each
# object with the program's version; help and --progress within 80 columns.
#   conventions.sh NQUEENS [NQUEENS_MPI]
set -u -o pipefail
bin=$1 mpi=${2:-}
source "$(dirname "$0")/lib.sh"
version=$("$bin" --version | sed -n 's/^nqueens \([^ ]*\).*/\1/p')
check "nqueens --version names a version" test -n "$version"

# run STATUS STDOUT STDERR CMD...: exact status, stdout and stderr.
run() {
    local want_status=$1 want_out=$2 want_err=$3
    shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    check "$*: status $got, want $want_status" test "$got" -eq "$want_status"
    check "$*: stdout '$(head -c 200 "$tmp/out")', want '$want_out'" test "$(cat "$tmp/out")" = "$want_out"
    check "$*: stderr '$(head -c 300 "$tmp/err")', want '$want_err'" test "$(cat "$tmp/err")" = "$want_err"
}

# The forms of an option with a value, flags together, and "--".
for form in "-t2" "-t 2" "--threads=2" "--threads 2"; do
    # shellcheck disable=SC2086 # the form's words are meant to split
    out=$("$bin" count 8 $form --engine bitmask)
    check "count 8 $form: '${out%% seconds=*}'" \
        test "${out%% seconds=*}" = "n=8 total=92 unique=unknown engine=bitmask threads=1"
    out=$("$bin" count 8 $form)
    check "count 8 $form: 2 threads" grep -q ' threads=2 ' <<<"$out"
done
out=$("$bin" count -- 8)
check "count -- 8" grep -q '^n=8 total=92 ' <<<"$out"
run 2 "" "nqueens: N must be a whole number from 1 to 32, got '--json'" "$bin" count -- --json
run 2 "" "nqueens: count: unknown option '-x' (see 'nqueens count --help')" "$bin" count 8 -x
run 2 "" "nqueens: option '-t' needs a value" "$bin" count 8 -t
run 2 "" "nqueens: option '--json' takes no value" "$bin" count 8 --json=1
out=$("$bin" solve 6 -uf cols)
check "solve 6 -uf cols: one board '$out'" test "$out" = "1 3 5 0 2 4"
out=$("$bin" solve 6 --format=cols --limit=1 -- )
check "solve 6 --format=cols --limit=1 --" test "$out" = "1 3 5 0 2 4"

# count --bind: stdout is exactly the result line; the placement on stderr.
out=$("$bin" count 8 -t 1 --bind none 2>"$tmp/err")
check "count --bind none: one line on stdout" test "$(wc -l <<<"$out")" -eq 1
if "$bin" topology >/dev/null 2>&1; then
    out=$("$bin" count 8 -t 2 --bind core 2>"$tmp/err")
    check "count --bind core: one line on stdout" test "$(wc -l <<<"$out")" -eq 1
    check "count --bind core: placement on stderr" grep -q '^placement (--bind core): ' "$tmp/err"
fi

# JSON everywhere, each object with the version.
has_version() { python3 -c '
import json, sys
want = sys.argv[1]
for line in sys.stdin:
    if line.strip():
        d = json.loads(line)
        assert isinstance(d, dict) and d.get("version") == want, d
' "$version"; }
"$bin" count 8 --json | has_version; check "count --json: version" test $? -eq 0
"$bin" verify --max 8 --json >"$tmp/out"; check "verify --json: status 0" test $? -eq 0
has_version <"$tmp/out"; check "verify --json: version" test $? -eq 0
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["passed"] == 8 and d["failed"] == 0 and len(d["results"]) == 8, d
r = dict(d["results"][7])
del r["seconds"]
assert r == {"n": 8, "total": 92, "unique": 12, "expected_total": 92, "expected_unique": 12,
             "pass": True}, r
' "$tmp/out"; check "verify --json: the results" test $? -eq 0
if "$bin" topology >/dev/null 2>&1; then
    "$bin" topology --json | has_version; check "topology --json: version" test $? -eq 0
fi
# engines --json, for scripts: every engine of count --help, in its order,
# the first the default, each with its properties.
"$bin" engines --json >"$tmp/out"; check "engines --json: status 0" test $? -eq 0
has_version <"$tmp/out"; check "engines --json: version" test $? -eq 0
"$bin" count --help | sed -n '/^engines:/,$s/^  \([a-z0-9-]*\) .*/\1/p' >"$tmp/names"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
names = open(sys.argv[2]).read().split()
assert [e["name"] for e in d["engines"]] == names, (d, names)
for i, e in enumerate(d["engines"]):
    assert set(e) == {"name", "description", "parallel", "gives_unique", "uses_depth",
                      "default"}, e
    assert e["default"] == (i == 0) and e["description"], e
    assert all(isinstance(e[k], bool) for k in ("parallel", "gives_unique", "uses_depth")), e
e = {x["name"]: x for x in d["engines"]}
assert e["halves"]["parallel"] and e["halves"]["gives_unique"] and not e["halves"]["uses_depth"]
assert e["parallel-sym8"]["uses_depth"] and not e["naive"]["parallel"]
' "$tmp/out" "$tmp/names"; check "engines --json: the table" test $? -eq 0
"$bin" solve 5 --format ndjson >"$tmp/out"; check "solve --format ndjson: status" test $? -eq 0
check "ndjson: 10 lines" test "$(wc -l <"$tmp/out")" -eq 10
check "ndjson: the first board" test "$(head -n 1 "$tmp/out")" = '["Q....","..Q..","....Q",".Q...","...Q."]'
python3 -c '
import json, sys
for line in open(sys.argv[1]):
    b = json.loads(line)
    assert isinstance(b, list) and len(b) == 5 and all(r.count("Q") == 1 for r in b), b
' "$tmp/out"; check "ndjson: every line a board" test $? -eq 0

# Help within 80 columns, for every command.
for cmd in "" check count engines estimate merge solve verify topology; do
    # shellcheck disable=SC2086 # an empty command is no word
    "$bin" $cmd --help >"$tmp/out"
    check "nqueens $cmd --help: status" test $? -eq 0
    check "nqueens $cmd --help: lines of at most 80 columns" \
        test "$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/out")" -le 80
done

# --progress: each line within 80 columns (not a terminal: a line per report).
"$bin" count 12 -t 1 --progress >/dev/null 2>"$tmp/err"
check "--progress: a line" grep -q '^progress' "$tmp/err"
check "--progress: lines of at most 79 columns" \
    test "$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/err")" -le 79

if [[ -n $mpi ]]; then
    mpi_env
    run 0 "nqueens-mpi $version" "" "$mpi" --version
    "$mpi" --help >"$tmp/out" 2>"$tmp/err"
    check "nqueens-mpi --help: status" test $? -eq 0
    check "nqueens-mpi --help: its own usage" grep -q '^usage: mpirun -np R nqueens-mpi count N' "$tmp/out"
    check "nqueens-mpi --help: 80 columns" \
        test "$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$tmp/out")" -le 80
    run 2 "" "nqueens-mpi: count: unknown option '--bind' (see 'nqueens-mpi count --help')" \
        "$mpi" count 8 --bind core
    run 2 "" "nqueens-mpi: N must be a whole number from 1 to 32, got '33'" "$mpi" count 33
    out=$("$mpi" count 8 -t1 --json)
    check "nqueens-mpi -t1 --json: version" has_version <<<"$out"
fi
finish "the command-line conventions hold"
