#!/usr/bin/env bash
# Work units from the command line: count --part K/M into checkpoints,
# nqueens merge to the exact Q(n) and U(n), merge --status, a part killed
# with SIGKILL and resumed, every refusal of merge (one line, exit 1,
# nothing on stdout), and a part counted by nqueens-mpi.
#   parts.sh NQUEENS [NQUEENS_MPI]
set -u -o pipefail
bin=$(readlink -f "$1") mpi=${2:+$(readlink -f "$2")}
here=$(readlink -f "$(dirname "$0")")
source "$here/lib.sh"
cd "$tmp" || exit 1

# The line without its time.
untimed() { sed 's/ seconds=[0-9.]*$//'; }

# Three parts of 12; each prints its own line, never Q(12)'s.
for k in 1 2 3; do
    "$bin" count 12 -t 1 --part $k/3 --checkpoint p$k.ck >out$k || fail "part $k/3"
done
check "part 1/3's line" test "$(untimed <out1)" = \
    "n=12 part=1/3 subproblems=8 done total_of_part=4298 engine=halves threads=1"
check "no part says total=" test "$(grep -c 'total=' out1 out2 out3 | grep -vc ':0')" -eq 0
out=$("$bin" count 12 -t 1 --part 2/3 --checkpoint p2.ck --json)
check "part 2/3 --json: resumed" test "$(json_field resumed_subproblems <<<"$out")" = 9
check "part 2/3 --json: no total" test "$(python3 -c 'import json,sys; print("total" in json.load(sys.stdin))' <<<"$out")" = False
check "merge: Q(12) and U(12)" test "$("$bin" merge p3.ck p1.ck p2.ck | untimed)" = \
    "n=12 total=14200 unique=1787 engine=halves threads=1 parts=3 files=3"
out=$("$bin" merge p1.ck p2.ck p3.ck --json)
check "merge --json: total" test "$(json_field total <<<"$out")" = "${Q[12]}"
check "merge --json: unique" test "$(json_field unique <<<"$out")" = "${U[12]}"
cp p1.ck p1-again.ck
check "a part given twice with equal counts: accepted" test "$("$bin" merge p1.ck p2.ck p3.ck p1-again.ck | untimed)" = \
    "n=12 total=14200 unique=1787 engine=halves threads=1 parts=3 files=4"

# --status: complete or not, exit 0.
exact 0 "n=12 engine=halves depth=0 parts=3 files=2 subproblems=144 missing=9 work_done=66.7% solutions_so_far=9082
part 1/3: complete (8 subproblems)
part 2/3: 9 of 9 missing
part 3/3: complete (127 subproblems)" "" "$bin" merge --status p1.ck p3.ck
out=$("$bin" merge --status --json p1.ck p3.ck)
check "--status --json: missing per part" test "$(json_field missing_per_part <<<"$out")" = "[0, 9, 0]"

# Refused: one line, exit 1, nothing on stdout.
exact 1 "" "nqueens: merge: 9 of 144 subproblems missing: part 2/3 (all 9); no total without them" \
    "$bin" merge p1.ck p3.ck
"$bin" count 13 -t 1 --part 2/3 --checkpoint n13.ck >/dev/null
exact 1 "" "nqueens: merge: checkpoint 'n13.ck': made for n=13 engine=halves depth=0, not n=12 engine=halves depth=0" \
    "$bin" merge p1.ck p2.ck n13.ck
"$bin" count 12 -t 1 --engine parallel-sym8 --part 3/3 --checkpoint sym8.ck >/dev/null
exact 1 "" "nqueens: merge: checkpoint 'sym8.ck': made for n=12 engine=parallel-sym8 depth=3, not n=12 engine=halves depth=0" \
    "$bin" merge p1.ck p2.ck sym8.ck
"$bin" count 12 -t 1 --engine parallel-sym8 --depth 2 --part 1/3 --checkpoint depth2.ck >/dev/null
exact 1 "" "nqueens: merge: checkpoint 'depth2.ck': made for n=12 engine=parallel-sym8 depth=2, not n=12 engine=parallel-sym8 depth=3" \
    "$bin" merge sym8.ck depth2.ck
"$bin" count 12 -t 1 --part 1/2 --checkpoint half.ck >/dev/null
exact 1 "" "nqueens: merge: checkpoint 'half.ck' holds part 1/2, 'p1.ck' part 1/3: the files must come from one split (the same M)" \
    "$bin" merge p1.ck p2.ck half.ck
"$bin" count 12 -t 1 --checkpoint whole.ck >/dev/null
exact 1 "" "nqueens: merge: checkpoint 'whole.ck' holds a whole count, 'p1.ck' part 1/3: the files must come from one split (the same M)" \
    "$bin" merge p1.ck whole.ck
head -c 200 p2.ck >damaged.ck
exact 1 "" "nqueens: merge: checkpoint 'damaged.ck': truncated or damaged (no valid checksum line)" \
    "$bin" merge p1.ck damaged.ck p3.ck
exact 1 "" "nqueens: merge: checkpoint 'none.ck': no such file" "$bin" merge p1.ck none.ck
exact 2 "" "nqueens: merge: missing FILE..., the checkpoints of the parts (see 'nqueens merge --help')" \
    "$bin" merge --json

# The same subproblem with two counts: part 3/3 with one count changed by 8
# and the file sealed again (the checksum recomputed, as an editor could).
cp p3.ck edited.ck
k=$(sed '1,/^done /d' p3.ck | awk '$2 >= 8 { print NR - 1; exit }')
was=$(sed '1,/^done /d' p3.ck | sed -n "$((k + 1))p")
read -r sub total unique <<<"$was"
python3 "$here/reseal.py" edited.ck "$k" $((total - 8)) "$unique" >/dev/null
"$bin" merge p1.ck p2.ck edited.ck >out 2>err
check "a re-sealed edit without its twin: exit 1" test $? -eq 1
check "... by the published values: $(cat err)" test "$(cat err)" = "nqueens: merge: the files give total=14192 for n=12, not the published Q(12)=14200: a file holds a wrong count"
exact 1 "" "nqueens: merge: subproblem $sub has two counts: 'p3.ck' holds total=$total unique=$unique, 'edited.ck' holds total=$((total - 8)) unique=$unique" \
    "$bin" merge p1.ck p2.ck p3.ck edited.ck

# A part killed with SIGKILL once its file holds a subproblem, resumed, then
# merged with the others: exactly Q(16) and U(16).
for k in 1 3; do
    "$bin" count 16 -t 1 --engine parallel-sym8 --depth 4 --part $k/3 --checkpoint k$k.ck >/dev/null ||
        fail "16: part $k/3"
done
"$bin" count 16 -t 1 --engine parallel-sym8 --depth 4 --part 2/3 --checkpoint k2.ck \
    --checkpoint-every 0.05 >/dev/null 2>&1 &
pid=$!
await $pid 60 "part 2/3: a subproblem saved" ck_holds k2.ck 1
kill -KILL $pid
wait $pid 2>/dev/null
check "part 2/3 killed: status 137" test $? -eq 137
check "the killed part's file is partial" test "$("$bin" merge --status --json k1.ck k2.ck k3.ck | json_field missing)" -gt 0
out=$("$bin" count 16 -t 2 --engine parallel-sym8 --depth 4 --part 2/3 --checkpoint k2.ck --json)
check "part 2/3 resumed some" test "$(json_field resumed_subproblems <<<"$out")" -gt 0
out=$("$bin" merge k1.ck k2.ck k3.ck --json)
check "killed, resumed, merged: Q(16)" test "$(json_field total <<<"$out")" = "${Q[16]}"
check "killed, resumed, merged: U(16)" test "$(json_field unique <<<"$out")" = "${U[16]}"

# A part stopped says how to resume it, --part included.
"$bin" count 14 -t 1 --part 2/3 --checkpoint s.ck --stop-after 1 >out 2>err
check "a stopped part: nothing on stdout" test ! -s out
check "a stopped part: $(cat err)" test "$(cat err)" = \
    "nqueens: stopped by --stop-after; the work done is saved in 's.ck'; resume with: nqueens count 14 --engine halves --part 2/3 -t 1 --checkpoint 's.ck'"

# nqueens-mpi counts a part into the same kind of file.
if [[ -n $mpi ]]; then
    mpi_env
    rm -f p2.ck
    out=$(timeout 300 mpirun -np 2 "$mpi" count 12 -t 1 --part 2/3 --checkpoint p2.ck 2>err)
    check "mpi: part 2/3's line ($(cat err))" test "$(untimed <<<"$out")" = \
        "n=12 part=2/3 subproblems=9 done total_of_part=5118 engine=halves threads=1 ranks=2"
    check "mpi's part merges with count's" test "$("$bin" merge p1.ck p2.ck p3.ck | untimed)" = \
        "n=12 total=14200 unique=1787 engine=halves threads=1 parts=3 files=3"
    timeout 300 mpirun -np 2 "$mpi" count 12 -t 1 --part 1/3 --checkpoint p2.ck >out 2>err
    check "mpi: another part's file refused, exit 1" test $? -eq 1
    check "mpi: $(head -n 1 err)" test "$(head -n 1 err)" = "nqueens-mpi: checkpoint 'p2.ck': holds part 2/3, not part 1/3"
fi
finish "parts merge exactly, and merge refuses what it must"
