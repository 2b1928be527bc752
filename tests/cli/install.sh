#!/usr/bin/env bash
# An install tree works wherever it is: `meson install` into a temporary
# directory, moved elsewhere, still runs (the programs find libnqueens by
# their $ORIGIN-relative rpath); pkg-config gives a working compile line
# without hwloc's .pc; the man pages and bash completion are installed.
#   install.sh BUILD_DIR CC
set -u -o pipefail
build=$1 cc=$2
source "$(dirname "$0")/lib.sh"

prefix=$(meson introspect "$build" --buildoptions |
    python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
meson install -C "$build" --no-rebuild --quiet --destdir "$tmp/stage" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log"; exit 1; }
mv "$tmp/stage$prefix" "$tmp/moved"
rm -rf "$tmp/stage"
root=$tmp/moved

out=$(env -u LD_LIBRARY_PATH "$root/bin/nqueens" count 10)
check "moved install runs: $out" test "${out%% engine*}" = "n=10 total=724 unique=92"
check "no libnqueens from elsewhere" \
    grep -q "$root" <<<"$(env -u LD_LIBRARY_PATH ldd "$root/bin/nqueens" | grep libnqueens)"

pc=$(dirname "$(find "$root" -name nqueens.pc | head -n 1)")
check "nqueens.pc installed" test -f "$pc/nqueens.pc"
check "nqueens.pc does not require hwloc.pc" bash -c "! grep -q '^Requires' '$pc/nqueens.pc'"
# Only this .pc on the search path: hwloc's is not there to be found.
flags=$(PKG_CONFIG_LIBDIR=$pc pkg-config --define-variable=prefix="$root" --cflags --libs nqueens)
check "pkg-config --cflags --libs nqueens alone: $flags" test $? -eq 0
cat >"$tmp/user.c" <<'SRC'
#include <nqueens.h>
#include <stdio.h>
int main(void)
{
    nq_count_params p = { .n = 8 };
    nq_count_result r;
    char buf[40];
    if (nq_count(&p, &r))
        return 1;
    printf("%s\n", nq_u128_str(r.total, buf));
    return 0;
}
SRC
# shellcheck disable=SC2086 # pkg-config's flags are meant to split
check "a user program builds from pkg-config" "$cc" -std=c11 "$tmp/user.c" -o "$tmp/user" $flags
libdir=$(PKG_CONFIG_LIBDIR=$pc pkg-config --define-variable=prefix="$root" --variable=libdir nqueens)
check "and runs: Q(8) = 92" test "$(LD_LIBRARY_PATH=$libdir "$tmp/user")" = 92

# The man page is built where help2man was there when the build was configured.
if meson introspect "$build" --targets |
    python3 -c 'import json,sys; sys.exit(all(t["name"] != "nqueens.1" for t in json.load(sys.stdin)))'; then
    check "man page installed" test -s "$root/share/man/man1/nqueens.1"
else
    skip "the man page: the build has none (no help2man when it was configured)"
fi
check "bash completion installed" test -s "$root/share/bash-completion/completions/nqueens"
finish "the moved install works"
