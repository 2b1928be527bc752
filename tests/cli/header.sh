#!/usr/bin/env bash
# The public headers (nqueens.h, nqueens_parts.h, nqueens_checkpoint.h, nqueens_topology.h) each on its own, as a user's strict build sees it: C11 and
# C++17 with -Wall -Wextra -pedantic -Werror, and 128-bit totals usable;
# and every function it declares is called by a test (tests/*.c).
#   header.sh HEADER_DIR CC [CXX]
set -u -o pipefail
dir=$1 cc=$2 cxx=${3:-}
source "$(dirname "$0")/lib.sh"

cat >"$tmp/use.c" <<'SRC'
#include <nqueens.h>
#include <nqueens_parts.h>
int main(void)
{
    char buf[40];
    nq_u128 big = (nq_u128)1 << 100;
    return nq_u128_str(big, buf) == buf ? 0 : 1;
}
SRC
cp "$tmp/use.c" "$tmp/use.cpp"
strict=(-Wall -Wextra -pedantic -Werror -I"$dir")
for h in nqueens.h nqueens_parts.h nqueens_checkpoint.h nqueens_topology.h; do
    check "C11: $h alone" "$cc" -std=c11 "${strict[@]}" -fsyntax-only -x c "$dir/$h"
done
check "C11: a program using it" "$cc" -std=c11 "${strict[@]}" -c "$tmp/use.c" -o "$tmp/c.o"
check "C99: a program using it" "$cc" -std=c99 "${strict[@]}" -c "$tmp/use.c" -o "$tmp/c99.o"
untested=()
for fn in $(sed -n 's/^NQ_API .*[ *]\(nq_[a-z0-9_]*\)(.*/\1/p' "$dir/nqueens.h" "$dir/nqueens_parts.h" \
    "$dir/nqueens_checkpoint.h" "$dir/nqueens_topology.h"); do
    grep -qw "$fn" "$(dirname "$0")"/../*.c || untested+=("$fn")
done
check "the headers declare functions" test "$(cat "$dir"/nqueens*.h | grep -c '^NQ_API')" -gt 40
check "every public function is tested (untested: ${untested[*]:-none})" test ${#untested[@]} -eq 0
if [[ -z $cxx ]]; then
    skip "the C++ checks: the build found no C++ compiler"
else
    for h in nqueens.h nqueens_parts.h nqueens_checkpoint.h nqueens_topology.h; do
        check "C++17: $h alone" "$cxx" -std=c++17 "${strict[@]}" -fsyntax-only -x c++ "$dir/$h"
    done
    check "C++17: a program using it" "$cxx" -std=c++17 "${strict[@]}" -c "$tmp/use.cpp" -o "$tmp/cxx.o"
    check "C++11: a program using it" "$cxx" -std=c++11 "${strict[@]}" -c "$tmp/use.cpp" -o "$tmp/cxx11.o"
fi
finish "the header is clean in C and C++"
