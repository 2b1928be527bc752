#!/usr/bin/env bash
# Writes a program's man page with help2man from its --help, each command's
# own --help added as a section of its own, so the page says what the
# program says.
#   man.sh HELP2MAN PROGRAM NAME VERSION OUTPUT [COMMAND...]
set -euo pipefail
help2man=$1 prog=$2 name=$3 version=$4 out=$5
shift 5
include=$(mktemp)
trap 'rm -f "$include"' EXIT
for cmd in "$@"; do
    printf '[%s %s]\n.nf\n' "$(basename "$prog")" "$cmd"
    # roff: a backslash is \e; a line may not start with . or '.
    "$prog" "$cmd" --help | sed -e 's/\\/\\e/g' -e "s/^[.']/\\\\\&&/"
    printf '.fi\n\n'
done >"$include"
"$help2man" --no-info --no-discard-stderr --name="$name" --version-string="$version" \
    ${1:+--include="$include"} --output="$out" "$prog"
