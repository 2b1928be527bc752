# Sourced by the shell tests: `check WHAT CMD...` runs CMD and records a
# failure named WHAT; `json_field KEY <<<JSON` prints one field as JSON.
fail=0
check() {
    local what=$1
    shift
    "$@" || { echo "FAIL: $what"; fail=1; }
}
json_field() { python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)[sys.argv[1]]))' "$1"; }
