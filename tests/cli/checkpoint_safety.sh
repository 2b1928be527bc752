#!/usr/bin/env bash
# count --checkpoint against what an adversarial user or a bad disk does:
# each way it can go wrong as its own case. A checkpoint is never written with
# less than it holds; files that are not regular, links, oversized or held by
# another run are refused untouched; an unwritable place fails before any
# work; a failed write is told and the counts still printed.
#   checkpoint_safety.sh NQUEENS
set -u -o pipefail
bin=$1
source "$(dirname "$0")/lib.sh"
cd "$tmp" || exit 1
# Q(16) and U(16), from the program itself (no hard-coded result).
want=$("$bin" count 16 --engine parallel-sym8 -t 2 | sed 's/ engine=.*//')

# A stopped run's file, 300 subproblems finished.
partial() {
    rm -f "$1"
    "$bin" count 16 --engine parallel-sym8 -t 1 --depth 4 --checkpoint "$1" --stop-after 300 >/dev/null 2>&1
}
# strace injecting faults (LeakSanitizer cannot run under ptrace).
inject() {
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -qq -o /dev/null "$@"
}

# 1. A read that fails is an error, never a stop that writes over the file.
partial R
cp R R.good
if have strace "the injected faults (EINTR, EIO, ENOSPC)"; then
    # Every open of the file interrupted: exit 1, the file as it was.
    inject -P "$tmp/R" -e trace=openat -e inject=openat:error=EINTR \
        "$bin" count 16 --engine parallel-sym8 -t 1 --depth 4 --checkpoint "$tmp/R" >out 2>err
    check "EINTR always: status 1" test $? -eq 1
    check "EINTR always: file unchanged" cmp -s R R.good
    check "EINTR always: one line" test "$(wc -l <err)" -eq 1
    check "EINTR always: nothing on stdout" test ! -s out
    # Reads that fail (EIO): exit 1, the file as it was.
    inject -P "$tmp/R" -e trace=pread64,read -e inject=pread64:error=EIO \
        "$bin" count 16 --engine parallel-sym8 -t 1 --depth 4 --checkpoint "$tmp/R" >out 2>err
    check "EIO: status 1" test $? -eq 1
    check "EIO: file unchanged" cmp -s R R.good
    check "EIO: says so" grep -q "cannot read it: Input/output error" err
    # The first open interrupted (an EINTR on open, as a signal gives): retried, exact result.
    inject -P "$tmp/R" -e trace=openat -e inject=openat:error=EINTR:when=1 \
        "$bin" count 16 --engine parallel-sym8 -t 2 --depth 4 --checkpoint "$tmp/R" >out 2>err
    check "EINTR once: status 0" test $? -eq 0
    check "EINTR once: exact" test "$(sed 's/ engine=.*//' out)" = "$want"
    # Writes that fail (ENOSPC on every rename: the periodic and the last
    # ones): told at once, the run goes on, the counts are printed, exit 1.
    partial W
    cp W W.good
    inject -e trace=rename -e inject=rename:error=ENOSPC:when=2+ \
        "$bin" count 16 --engine parallel-sym8 -t 2 --depth 4 --checkpoint W --checkpoint-every 0.1 >out 2>err
    check "failing writes: status 1" test $? -eq 1
    check "failing writes: counts printed" test "$(sed 's/ engine=.*//' out)" = "$want"
    check "failing writes: told during the run" grep -q "cannot write it: No space left on device; the run goes on" err
    check "failing writes: told at the end" grep -q "the counts on stdout are complete" err
    check "failing writes: the last good file kept" grep -q '^done ' W
    check "failing writes: no temporary left" test -z "$(ls | grep 'tmp-nq')"
fi

# A FIFO, a device, a directory: refused, left as they are.
mkfifo ff
timeout 10 "$bin" count 12 --engine parallel-sym8 --checkpoint ff >out 2>err
check "FIFO: status 1" test $? -eq 1
check "FIFO: still a FIFO" test -p ff
check "FIFO: message" grep -qx "nqueens: checkpoint 'ff': is not a regular file (a pipe, device or socket cannot hold a checkpoint)" err
timeout 10 "$bin" count 12 --engine parallel-sym8 --checkpoint /dev/urandom >out 2>err
check "/dev/urandom: status 1" test $? -eq 1
check "/dev/urandom: message" grep -q "is not a regular file" err
mkdir d
"$bin" count 12 --engine parallel-sym8 --checkpoint d >out 2>err
check "directory: status 1" test $? -eq 1
check "directory: message" grep -qx "nqueens: checkpoint 'd': is a directory" err

# 5. Larger than any checkpoint of the plan: refused unread.
{ head -n 7 R; head -c 3000000 /dev/zero | tr '\0' '1'; } >big
cp big big.good
"$bin" count 16 --engine parallel-sym8 -t 1 --depth 4 --checkpoint big >out 2>err
check "too large: status 1" test $? -eq 1
check "too large: message" grep -q "too large for a checkpoint of this plan" err
check "too large: unchanged" cmp -s big big.good

# 2. Symbolic links: a link as the checkpoint is refused, link and target
# untouched; temporary files are new files (a planted link is not followed);
# stale temporaries of this checkpoint are removed; other files are kept.
cp R.good target
ln -s target L
"$bin" count 16 --engine parallel-sym8 -t 1 --depth 4 --checkpoint L >out 2>err
check "symlink: status 1" test $? -eq 1
check "symlink: message" grep -q "is a symbolic link" err
check "symlink: still a link" test -L L
check "symlink: target unchanged" cmp -s target R.good
echo victim >victim
cp R.good S
ln -s victim S.tmp-nq-AAAAAA
echo stale >S.tmp-nq-BBBBBB
echo mine >S.tmp-nq-other
"$bin" count 16 --engine parallel-sym8 -t 2 --depth 4 --checkpoint S >out 2>err
check "temporaries: exact" test "$(sed 's/ engine=.*//' out)" = "$want"
check "temporaries: victim unchanged" test "$(cat victim)" = victim
check "temporaries: stale one removed" test ! -e S.tmp-nq-BBBBBB
check "temporaries: other names kept" test -e S.tmp-nq-other
check "temporaries: none of ours left" test -z "$(ls | grep -E '^S\.tmp-nq-[A-Za-z0-9]{6}$' | grep -v AAAAAA)"

# 3. An unwritable place fails before any work (count 24 would take days).
timeout 20 "$bin" count 24 --engine parallel-sym8 --checkpoint /no/such/dir/F >out 2>err
check "no such dir: status 1" test $? -eq 1
check "no such dir: message" grep -q "^nqueens: checkpoint '/no/such/dir/F': cannot create a temporary file next to it: No such file or directory$" err
long=$(printf 'x%.0s' $(seq 250))
timeout 20 "$bin" count 24 --engine parallel-sym8 --checkpoint "$long" >out 2>err
check "name too long: status 1" test $? -eq 1
check "name too long: message" grep -q "File name too long" err
if [[ $(id -u) -ne 0 ]]; then
    mkdir ro && chmod 555 ro
    timeout 20 "$bin" count 24 --engine parallel-sym8 --checkpoint ro/F >out 2>err
    check "read-only dir: status 1" test $? -eq 1
    check "read-only dir: message" grep -q "Permission denied" err
fi

# 6. Two runs on one file: the second exits 1 at once, naming the first.
partial T
"$bin" count 24 --engine parallel-sym8 -t 1 --depth 4 --checkpoint T.big >/dev/null 2>&1 &
first=$!
await $first 60 "in use: the first run holds the file" test -e T.big # (locked before it is named)
cp T.big T.before
timeout 20 "$bin" count 24 --engine parallel-sym8 --depth 4 --checkpoint T.big >out 2>err
check "in use: status 1" test $? -eq 1
check "in use: names the holder" grep -qx "nqueens: checkpoint 'T.big': in use by process $first" err
check "in use: file unchanged" cmp -s T.big T.before
kill -9 $first
wait $first 2>/dev/null

# 4. The old format (version 1, checksum over the text only) still resumes.
partial V
python3 - V <<'PY'
import sys
p = sys.argv[1]
text = open(p).read()
body = text[:text.rindex("checksum ")].replace("nqueens-checkpoint 4\n", "nqueens-checkpoint 1\n", 1)
h = 0xcbf29ce484222325
for b in body.encode():
    h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
open(p, "w").write(body + "checksum %016x\n" % h)
PY
"$bin" count 16 --engine parallel-sym8 -t 2 --depth 4 --checkpoint V >out 2>err
check "version 1: exact" test "$(sed 's/ engine=.*//' out)" = "$want"
check "version 1: rewritten as 4" grep -qx "nqueens-checkpoint 4" V

# kill -9 at random moments, with a write every 10 ms so that many kills
# land inside one: every time, the file is whole or absent, and the runs
# resumed from it end with the exact counts (both engines with a plan).
# Each kill comes once this run has written the file (a new inode or time)
# with a subproblem in it, then after 0 to 3 writes more (polled, no timed
# delay): the write under way at the kill is the case.
version() { stat -c '%i %y' K 2>/dev/null; }
rewritten() { [[ $(version) != "$1" ]] && ck_holds K 1; } # VERSION_BEFORE
for engine in "parallel-sym8 --depth 4" "halves"; do
    set -- $engine
    rm -f K
    for round in $(seq 8); do
        before=$(version)
        "$bin" count 16 --engine "$@" -t 1 --checkpoint K --checkpoint-every 0.01 \
            >/dev/null 2>&1 &
        pid=$!
        await $pid 60 "kill -9 $1 $round: the file written" rewritten "$before"
        for ((more = RANDOM % 4; more > 0; more--)); do
            seen=$(version)
            until rewritten "$seen" || ! alive $pid; do sleep 0.005; done
        done
        kill -9 $pid 2>/dev/null
        wait $pid 2>/dev/null
        [[ -e K ]] && { tail -n 1 K | grep -q '^checksum ' || check "kill -9 $1 $round: whole file" false; }
    done
    out=$("$bin" count 16 --engine "$@" -t 2 --checkpoint K --json 2>err)
    check "kill -9, $1: resumed" test "$(json_field resumed_subproblems <<<"$out")" -gt 0
    check "kill -9, $1: exact" test "n=16 total=$(json_field total <<<"$out") unique=$(json_field unique <<<"$out")" = "$want"
    check "kill -9, $1: no temporary left" test -z "$(ls | grep '^K\.tmp-nq-')"
done

finish "all checkpoint safety checks passed"
