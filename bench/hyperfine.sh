# Shared by bench/speed.sh and bench/solve.sh, which time commands side by
# side with hyperfine. Sourced, not run; the caller sets root, runs and
# NQ_EXTRA_NEEDS (hyperfine among them).

# Installs and builds; sets bin, and out (default bench/results/NAME-DATE-HOST).
hf_setup() {
    source "$root/scripts/common.sh"
    nq_install
    nq_build
    bin=$NQ_BUILD/src/nqueens
    out=${out:-$root/bench/results/$1-$(date +%Y%m%d)-$(hostname)}
    mkdir -p "$out"
}

# The medians of a hyperfine JSON export, in the order of its commands.
hf_medians() {
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join("%.4f" % x["median"] for x in r))' "$1"
}

# A results file's first lines: title ($1), date, commit, machine, and how timed
# (hyperfine, plus $2 if given).
hf_header() {
    echo "# $1, $(date -u +%Y-%m-%dT%H:%MZ), commit $(git -C "$root" rev-parse --short HEAD)"
    echo
    echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs; median of $runs runs (hyperfine)${2:-}."
    echo
}
