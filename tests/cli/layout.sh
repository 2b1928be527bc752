#!/usr/bin/env bash
# The layout table (doc/hacking.md) against the tree: every path it names
# exists, and every folder of the sources, tests, bench, scripts and doc is
# named in it: one row a folder, so a new folder needs its row.
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
# bench/runs: the bench scripts' own runs, which git ignores (.gitignore).
for d in $(cd "$root" && find include src/* tests bench scripts doc -type d \
    -not -path 'bench/results*' -not -path 'bench/yardstick*' -not -path 'tests/data*' \
    -not -path 'bench/runs*' | sort); do
    grep -qx "$d" "$tmp/named" || fail "the folder $d is not in doc/hacking.md's layout table"
done
finish "doc/hacking.md's layout table matches the tree"
