#!/usr/bin/env bash
# scripts/nqueens and scripts/common.sh: an already-built tree runs without
# apt, dpkg or sudo; what is missing is found by command and library, and on
# a system without apt the user is told what to install; a build configured
# before Criterion, MPI or help2man was there is configured again once it is.
#   scripts.sh SOURCE_ROOT BUILD_DIR
set -u -o pipefail
root=$1 build=$2
source "$(dirname "$0")/lib.sh"

# Package tools that leave a mark if called.
mkdir "$tmp/trap"
for tool in apt-get apt dpkg dpkg-query sudo; do
    printf '#!/bin/sh\necho "%s $*" >>"%s/called"\nexit 1\n' "$tool" "$tmp" >"$tmp/trap/$tool"
    chmod +x "$tmp/trap/$tool"
done
out=$(PATH=$tmp/trap:$PATH NQ_BUILD=$build "$root/scripts/nqueens" count 8 2>"$tmp/err")
check "built tree runs: status" test $? -eq 0
check "built tree runs: output '$out'" test "${out%% engine*}" = "n=8 total=92 unique=12"
check "built tree runs: no package tool called ($(cat "$tmp/called" 2>/dev/null))" \
    test ! -e "$tmp/called"
check "built tree runs: stderr empty ($(cat "$tmp/err"))" test ! -s "$tmp/err"

# A PATH with everything but one command, and no apt: what is missing is
# named, with a hint, and the status is non-zero; a missing optional
# library is only noted.
mkdir "$tmp/bin"
for dir in /usr/local/bin /usr/bin /bin; do
    for f in "$dir"/*; do
        name=${f##*/}
        case $name in apt-get | sudo) continue ;; esac
        [[ -e $tmp/bin/$name ]] || ln -s "$f" "$tmp/bin/$name"
    done
done
rm -f "$tmp/bin/hyperfine"
PATH=$tmp/bin bash -c "source '$root/scripts/common.sh'; NQ_EXTRA_NEEDS=hyperfine; nq_install" \
    >"$tmp/out" 2>"$tmp/err"
check "missing command: non-zero" test $? -ne 0
check "missing command: named" grep -q '^  - hyperfine (Debian/Ubuntu: hyperfine)$' "$tmp/err"
check "missing command: nothing on stdout" test ! -s "$tmp/out"
PATH=$tmp/bin bash -c "source '$root/scripts/common.sh'; NQ_WANTS=(no-such-tool-xyz); nq_install" \
    >"$tmp/out" 2>"$tmp/err"
check "missing optional: status 0" test $? -eq 0
check "missing optional: noted" grep -q '^nqueens: note: optional, not found: no-such-tool-xyz' "$tmp/err"

# With apt (a stand-in here, through a stand-in sudo), the set-up says one
# line per step, naming the log that holds apt's own hundreds of lines.
mkdir "$tmp/apt"
for f in "$tmp/bin"/*; do ln -s "$(readlink "$f")" "$tmp/apt/${f##*/}"; done
# shellcheck disable=SC2016 # the stand-ins' own $1 and $@
printf '#!/bin/sh\n[ "$1" = -n ] && shift\nexec "$@"\n' >"$tmp/apt/sudo"
# shellcheck disable=SC2016 # the stand-ins' own $1 and $@
printf '#!/bin/sh\nseq 1 300 | sed "s/^/apt says $1 /"\n[ "$1" = install ] && printf "#!/bin/sh\\n" >"%s/apt/hyperfine" && chmod +x "%s/apt/hyperfine"\nexit 0\n' \
    "$tmp" "$tmp" >"$tmp/apt/apt-get"
chmod +x "$tmp/apt/sudo" "$tmp/apt/apt-get"
PATH=$tmp/apt TMPDIR=$tmp bash -c "source '$root/scripts/common.sh'; NQ_NEEDS=(); NQ_WANTS=()
    NQ_EXTRA_NEEDS=hyperfine; nq_install" >"$tmp/out" 2>"$tmp/err"
status=$?
check "quiet set-up: status 0 ($(cat "$tmp/err"))" test $status -eq 0
check "quiet set-up: nothing on stdout" test ! -s "$tmp/out"
check "quiet set-up: two lines on stderr ($(cat "$tmp/err"))" test "$(wc -l <"$tmp/err")" -eq 2
log=$(sed -n 's/^nqueens: updating apt.s package lists (log: \(.*\)) \.\.\. done$/\1/p' "$tmp/err")
check "quiet set-up: the update's line names the log ($(head -1 "$tmp/err"))" test -f "$log"
check "quiet set-up: the install's line" grep -qx "nqueens: installing hyperfine (apt) for: hyperfine (log: $log) ... done" "$tmp/err"
check "quiet set-up: apt's lines in the log" test "$(grep -c '^apt says' "$log")" -eq 600
# nq_require (the bench scripts' check) installs nothing, even where apt is.
rm -f "$tmp/apt/hyperfine"
PATH=$tmp/apt TMPDIR=$tmp bash -c "source '$root/scripts/common.sh'; NQ_NEEDS=(); NQ_WANTS=()
    NQ_EXTRA_NEEDS=hyperfine; nq_require" >"$tmp/out" 2>"$tmp/err"
check "nq_require: non-zero with hyperfine missing" test $? -ne 0
check "nq_require: names it" grep -q '^  - hyperfine (Debian/Ubuntu: hyperfine)$' "$tmp/err"
check "nq_require: apt not run ($(cat "$tmp/err"))" test ! -e "$tmp/apt/hyperfine"

# README's two commands on a new machine: scripts/nqueens configures the
# build before Criterion, MPI and help2man are there (-Dtests=false, no
# nqueens-mpi, no man pages); scripts/test installs them, then builds. The
# build must be configured again when they arrive, or meson test defines no
# tests and passes; and nq_suite, which scripts/test asks before each meson
# test, refuses a build that would run none. Stand-ins: a PATH without MPI's
# wrappers, help2man or CMake, whose ninja builds nothing (meson's own uses
# of it, --version and -t, go to the real one); pkg-config's files without
# Criterion's or MPI's. Then stand-ins of those arrive.
mkdir "$tmp/late" "$tmp/pc"
real_ninja=$(command -v ninja || command -v ninja-build || command -v samu)
IFS=: read -ra dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
    for f in "$dir"/*; do
        name=${f##*/}
        case $name in mpi* | ompi* | orte* | help2man | cmake | ninja | ninja-build | samu | apt-get | sudo) continue ;; esac
        [[ -x $f && ! -d $f && ! -e $tmp/late/$name ]] && ln -s "$f" "$tmp/late/$name"
    done
done
# shellcheck disable=SC2016 # the stand-in's own $*
printf '#!/bin/sh\ncase " $* " in *" --version "* | *" -t "*) exec "%s" "$@" ;; esac\necho "ninja $*" >>"%s/ninja-called"\n' \
    "$real_ninja" "$tmp" >"$tmp/late/ninja"
chmod +x "$tmp/late/ninja"
IFS=: read -ra dirs <<<"$(pkg-config --variable pc_path pkg-config):${PKG_CONFIG_PATH:-}"
for dir in "${dirs[@]}"; do
    for f in "$dir"/*.pc; do
        name=${f##*/}
        case $name in criterion.pc | ompi* | mpi*) continue ;; esac
        [[ -f $f && ! -e $tmp/pc/$name ]] && ln -s "$f" "$tmp/pc/$name"
    done
done
late() { # runs common.sh's CMD in that world, as the scripts do, on the build $tmp/late-build
    env -u PKG_CONFIG_PATH -u MPICC -u NINJA -u CC PATH="$tmp/late" PKG_CONFIG_LIBDIR="$tmp/pc" \
        NQ_BUILD="$tmp/late-build" TMPDIR="$tmp" bash -c "set -euo pipefail; source '$root/scripts/common.sh'; $1" \
        >"$tmp/out" 2>"$tmp/err"
}
tests_defined() { meson test -C "$tmp/late-build" --list --no-rebuild 2>/dev/null | sed -n 's|^.* / ||p'; }
targets() {
    meson introspect "$tmp/late-build" --targets |
        python3 -c 'import json,sys; print("\n".join(t["name"] for t in json.load(sys.stdin)))'
}
late nq_build
status=$?
check "late deps, first set-up: status 0 ($(cat "$tmp/err"))" test $status -eq 0
check "late deps, first set-up: built" grep -qx "ninja -C $tmp/late-build" "$tmp/ninja-called"
check "late deps, first set-up: no tests, Criterion not there ($(tests_defined | head -3))" \
    test -z "$(tests_defined)"
late "nq_suite '$tmp/late-build'"
check "late deps: nq_suite refuses a build without tests" test $? -ne 0
check "late deps: nq_suite says why ($(cat "$tmp/err"))" \
    grep -q "^nqueens: $tmp/late-build defines no tests" "$tmp/err"
# Criterion, MPI and help2man arrive.
for tool in mpicc mpirun help2man; do
    printf '#!/bin/sh\nexit 0\n' >"$tmp/late/$tool"
    chmod +x "$tmp/late/$tool"
done
printf 'Name: criterion\nDescription: stand-in\nVersion: 2.4.1\n' >"$tmp/pc/criterion.pc"
printf 'Name: ompi-c\nDescription: stand-in\nVersion: 4.1.4\n' >"$tmp/pc/ompi-c.pc"
late nq_build
status=$?
check "late deps arrived: status 0 ($(cat "$tmp/err"))" test $status -eq 0
check "late deps arrived: configured again ($(cat "$tmp/err"))" grep -q "^nqueens: configuring .* again" "$tmp/err"
for t in test_count scripts mpi; do
    check "late deps arrived: the test $t defined" grep -qx "$t" <<<"$(tests_defined)"
done
for t in nqueens-mpi nqueens.1; do
    check "late deps arrived: $t built" grep -qx "$t" <<<"$(targets)"
done
late "nq_suite '$tmp/late-build' mpi test_count"
status=$?
check "late deps arrived: nq_suite passes ($(cat "$tmp/err"))" test $status -eq 0
late "nq_suite '$tmp/late-build' mpi no-such-test"
check "late deps arrived: nq_suite refuses a test the build lacks" test $? -ne 0
check "late deps arrived: nq_suite names it ($(cat "$tmp/err"))" grep -q "no-such-test" "$tmp/err"
late nq_build
check "nothing new: status 0" test $? -eq 0
check "nothing new: not configured again ($(cat "$tmp/err"))" bash -c "! grep -q configuring '$tmp/err'"
finish "the scripts need no package manager where nothing is missing, and configure a build again when what it lacked arrives"
