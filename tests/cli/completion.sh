#!/usr/bin/env bash
# bash completion: commands, each command's options as its --help lists
# them, engines, --bind modes and --format names.
#   completion.sh NQUEENS COMPLETION_FILE
set -u -o pipefail
bin=$1
source "$2"
source "$(dirname "$0")/lib.sh"

# complete WORD...: the candidates for the last word, one line, sorted.
complete_words() {
    COMP_WORDS=("$bin" "$@")
    COMP_CWORD=$#
    COMPREPLY=()
    _nqueens
    ((${#COMPREPLY[@]} == 0)) || printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "
}

check "commands" test "$(complete_words '')" = "--help --version check count engines estimate merge solve topology verify "
check "commands starting with s" test "$(complete_words s)" = "solve "
check "check takes files" test "$(cd "$tmp" && touch a.ck && complete_words check a)" = "a.ck "
check "merge --subtotals takes a file" test "$(cd "$tmp" && complete_words merge --subtotals a)" = "a.ck "
check "bind modes" test "$(complete_words count --bind '')" = "auto core none numa "
check "topology's bind modes" test "$(complete_words topology --bind '')" = "core none numa "
check "formats" test "$(complete_words solve --format '')" = "board cols json ndjson "
check "threads: no guess" test "$(complete_words count -t '')" = ""
engines=$(complete_words count --engine '')
for e in parallel-sym8 parallel-mirror bitmask; do
    check "engine $e" grep -qw -- "$e" <<<"$engines"
done
# Every option a command's --help shows is offered, and nothing else.
for cmd in check count engines estimate merge solve verify topology; do
    want=$("$bin" $cmd --help | grep -oE -- '(^  |[[|, ])--?[a-z][a-z-]*' | grep -oE -- '--?[a-z-]+' |
        sort -u | tr '\n' ' ')
    check "$cmd options: got '$(complete_words $cmd -)', want '$want'" \
        test "$(complete_words $cmd -)" = "$want"
done
finish "completion offers what --help says"
