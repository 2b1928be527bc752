# Shared by bench/speed.sh and bench/solve.sh, which time commands side by
# side with hyperfine. Sourced, not run; the caller sets root, runs and
# NQ_EXTRA_NEEDS (hyperfine among them).

# hf_setup NAME COMMAND: checks what is needed (installing nothing) and
# builds; sets bin, and out (default
# bench/runs/NAME-DATE-HOST), where it writes machine.md for COMMAND.
hf_setup() {
    # shellcheck source=lib.sh
    source "$root/bench/lib.sh"
    bench_prologue "$root" "$1" "$2" "median of $runs runs (hyperfine, wall clock)"
}

# The medians of a hyperfine JSON export, in the order of its commands.
hf_medians() {
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join("%.4f" % x["median"] for x in r))' "$1"
}

# A results file's first lines: title ($1), date, commit, machine, and how timed
# (hyperfine, plus $2 if given).
hf_header() {
    echo "# $1, $(date -u +%Y-%m-%dT%H:%MZ), commit $COMMIT"
    echo
    echo "Machine: ${CPU_MODEL:-unknown CPU}, $(nproc) CPUs (machine.md has more); median of $runs runs (hyperfine)${2:-}."
    echo
}
