#!/usr/bin/env bash
# nqueens topology and --bind from the command line.
#   topology.sh NQUEENS HAVE_HWLOC(0|1)
set -u -o pipefail
nq=$1
have_hwloc=$2
source "$(dirname "$0")/lib.sh"

# run STATUS CMD...: the command must exit with STATUS; on a failure
# (STATUS != 0) stdout must be empty and stderr one line "nqueens: ...".
run() {
    want=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -ne "$want" ]; then
        fail "$* exited $got, expected $want; stderr: $(cat "$tmp/err")"
        return
    fi
    if [ "$want" -ne 0 ]; then
        [ -s "$tmp/out" ] && fail "$*: stdout not empty on failure"
        [ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "$*: stderr is not one line"
        grep -q '^nqueens: ' "$tmp/err" || fail "$*: stderr lacks 'nqueens: '"
    fi
}

# Bad input is refused before hwloc is needed, in every build.
run 2 "$nq" topology --bind socket
grep -q "'socket'" "$tmp/err" && grep -q 'none, numa, core' "$tmp/err" ||
    fail "bad mode message: $(cat "$tmp/err")"
run 2 "$nq" count 8 --bind socket
grep -qx "nqueens: unknown --bind mode 'socket' (modes: auto, none, numa, core)" "$tmp/err" ||
    fail "count's bad mode message: $(cat "$tmp/err")"
# auto is count's and solve's (bind when the threads fill the CPU set), not
# a plan topology can show.
run 2 "$nq" topology --bind auto
grep -qx "nqueens: unknown --bind mode 'auto' (modes: none, numa, core)" "$tmp/err" ||
    fail "topology --bind auto: $(cat "$tmp/err")"
run 2 "$nq" topology --threads 0
run 2 "$nq" topology extra

if [ "$have_hwloc" = 0 ]; then
    run 1 "$nq" topology
    grep -q 'without hwloc' "$tmp/err" || fail "no-hwloc message: $(cat "$tmp/err")"
    run 2 "$nq" count 8 --bind numa
    run 0 "$nq" count 8 --bind none --json
    python3 -m json.tool "$tmp/out" >/dev/null || fail "count --json does not parse"
    finish "topology without hwloc: refused as it should be"
fi

# A placement array must have one entry per thread, numbered in order, with PUs.
check_json() {
    python3 - "$1" "$2" <<'EOF' || fail "JSON check: $3"
import json, sys
doc = json.load(open(sys.argv[1]))
threads = int(sys.argv[2])
p = doc["placement"]
assert len(p) == threads, (len(p), threads)
for t, e in enumerate(p):
    assert e["thread"] == t and e["pus"] and all(isinstance(x, int) for x in e["pus"]), e
EOF
}

run 0 "$nq" topology --json
python3 -m json.tool "$tmp/out" >/dev/null || fail "topology --json does not parse"
for key in packages numa_nodes cores pus placement; do
    grep -q "\"$key\":" "$tmp/out" || fail "topology --json lacks $key"
done

for mode in none numa core; do
    run 0 "$nq" topology --json --threads 5 --bind $mode
    check_json "$tmp/out" 5 "topology --bind $mode"
    run 0 "$nq" count 10 --threads 3 --bind $mode --json
    check_json "$tmp/out" 3 "count --bind $mode"
done
run 0 "$nq" count 10 --threads 2 --bind core
grep -q '^placement (--bind core): ' "$tmp/err" || fail "count --bind core: placement on stderr"
run 0 "$nq" solve 8 --format cols --threads 2 --bind core
[ "$(wc -l <"$tmp/out")" -eq 92 ] || fail "solve --bind core: 92 boards on stdout"
grep -q '^placement (--bind core): thread 0 on PU' "$tmp/err" || fail "solve --bind core: placement on stderr"

# Synthetic topologies: planned, not bound, and said so.
run 0 env HWLOC_SYNTHETIC='pack:2 numa:2 core:2 pu:2' "$nq" topology --json -t 6
python3 - "$tmp/out" <<'EOF' || fail "synthetic plan"
import json, sys
doc = json.load(open(sys.argv[1]))
assert (doc["packages"], doc["numa_nodes"], doc["cores"], doc["pus"]) == (2, 4, 8, 16), doc
loads = [sum(e["numa"] == n for e in doc["placement"]) for n in range(4)]
assert sorted(loads) == [1, 1, 2, 2], loads
assert doc["this_system"] is False
EOF
HWLOC_SYNTHETIC='pack:2 numa:2 core:2 pu:2' "$nq" count 9 --bind core >"$tmp/out" 2>"$tmp/err" ||
    fail "count on a synthetic topology"
grep -q 'not applied' "$tmp/err" || fail "no note that binding is skipped"
run 2 env HWLOC_SYNTHETIC='pack:two' "$nq" topology
grep -q 'HWLOC_SYNTHETIC' "$tmp/err" || fail "rejected synthetic message: $(cat "$tmp/err")"
run 2 env HWLOC_SYNTHETIC='pack:two' "$nq" count 8 --bind numa

# A machine described in hwloc's XML (HWLOC_XMLFILE): planned on, named in
# the messages, read without hwloc's libxml2 plugin (which nqueens keeps off).
# xml_package P: package P of the machine below, its NUMA node and one
# core of two PUs (2P and 2P + 1).
xml_package() {
    local p=$1 set node gp=$((10 * $1))
    set=$(printf '0x%08x' $((3 << 2 * p)))
    node=$(printf '0x%08x' $((1 << p)))
    local at="complete_cpuset=\"$set\" nodeset=\"$node\" complete_nodeset=\"$node\""
    echo "    <object type=\"Package\" os_index=\"$p\" cpuset=\"$set\" $at gp_index=\"$((gp + 2))\">"
    echo "      <object type=\"NUMANode\" os_index=\"$p\" cpuset=\"$set\" $at gp_index=\"$((gp + 3))\" local_memory=\"1073741824\"/>"
    echo "      <object type=\"Core\" os_index=\"$p\" cpuset=\"$set\" $at gp_index=\"$((gp + 4))\">"
    for u in 0 1; do
        local pu=$((2 * p + u)) one
        one=$(printf '0x%08x' $((1 << (2 * p + u))))
        echo "        <object type=\"PU\" os_index=\"$pu\" cpuset=\"$one\" complete_cpuset=\"$one\" nodeset=\"$node\" complete_nodeset=\"$node\" gp_index=\"$((gp + 5 + u))\"/>"
    done
    echo "      </object>"
    echo "    </object>"
}
{
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<!DOCTYPE topology SYSTEM "hwloc2.dtd">'
    echo '<topology version="2.0">'
    echo '  <object type="Machine" os_index="0" cpuset="0x0000000f" complete_cpuset="0x0000000f" allowed_cpuset="0x0000000f" nodeset="0x00000003" complete_nodeset="0x00000003" allowed_nodeset="0x00000003" gp_index="1">'
    xml_package 0
    xml_package 1
    echo '  </object>'
    echo '</topology>'
} >"$tmp/two.xml"
if [ "$have_hwloc" = 1 ]; then
    run 0 env HWLOC_XMLFILE="$tmp/two.xml" "$nq" topology --json -t 4
    python3 - "$tmp/out" <<'EOF' || fail "XML topology plan"
import json, sys
doc = json.load(open(sys.argv[1]))
assert (doc["packages"], doc["numa_nodes"], doc["pus"]) == (2, 2, 4), doc
assert [e["numa"] for e in doc["placement"]] == [0, 1, 0, 1], doc["placement"]
EOF
    run 0 env HWLOC_XMLFILE="$tmp/two.xml" "$nq" topology
    grep -q "^topology: HWLOC_XMLFILE='$tmp/two.xml' (not this machine)" "$tmp/out" ||
        fail "XML topology not named: $(head -1 "$tmp/out")"
    # A file hwloc cannot read: one line naming it (it once named
    # HWLOC_SYNTHETIC='(null)').
    run 2 env HWLOC_XMLFILE=/dev/null "$nq" count 8 --bind numa
    grep -q "HWLOC_XMLFILE='/dev/null'" "$tmp/err" || fail "unreadable XML message: $(cat "$tmp/err")"
    # hwloc's I/O plugins (OpenCL, GL with X11, PCI, libxml2 with ICU) stay
    # unloaded: nqueens reads only packages, nodes, cores and PUs.
    LD_DEBUG=files "$nq" count 10 --bind core >/dev/null 2>"$tmp/ld"
    if grep -qE 'file=[^ ]*(libX11|libOpenCL|libicuuc|libxml2|libpciaccess)' "$tmp/ld"; then
        fail "count --bind core loaded hwloc's I/O plugins"
    fi
fi

finish "all topology checks passed"
