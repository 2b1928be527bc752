#!/usr/bin/env bash
# The layout table (doc/hacking.md) against the tree: every path it names exists, and
# every file of the library and of the top level is named in it (the
# programs' folders are named as folders).
#   layout.sh SOURCE_ROOT
set -u -o pipefail
root=$1
source "$(dirname "$0")/lib.sh"

# The table's rows: `path`, `file`, ... | what it holds |
sed -n '/^## Layout/,/^## /p' "$root/doc/hacking.md" | grep '^| `' >"$tmp/rows"
check "doc/hacking.md has a layout table" test -s "$tmp/rows"
: >"$tmp/named"
while IFS= read -r row; do
    cell=${row#| }
    cell=${cell%% |*}
    first= dir=
    for word in $(grep -o '`[^`]*`' <<<"$cell" | tr -d '`'); do
        # After the row's first path, a bare name is in the same folder.
        if [[ -z $first ]]; then
            first=$word
            dir=$(dirname "$word")
            path=$word
        else
            path=$([[ $word == */* ]] && echo "$word" || echo "$dir/$word")
        fi
        path=${path%/}
        [[ -e $root/$path ]] || fail "doc/hacking.md's layout names $path, which is not in the tree"
        echo "$path" >>"$tmp/named"
    done
done <"$tmp/rows"
# Files of the same row's text (halves_match_avx2.c ...) are named too.
grep -o '`[a-z_0-9]*\.[ch]`' "$tmp/rows" | tr -d '`' | sed 's|^|src/lib/|' >>"$tmp/named"

for f in $(cd "$root" && ls src/lib/*.[ch] include/*.h); do
    grep -qx "$f" "$tmp/named" || fail "$f is not in doc/hacking.md's layout table"
done
for d in src/cli src/common src/mpi tests tests/cli bench scripts doc; do
    grep -qx "$d" "$tmp/named" || fail "the folder $d is not in doc/hacking.md's layout table"
done
finish "doc/hacking.md's layout table matches the tree"
