# Shared by scripts/nqueens, scripts/test, scripts/build and bench/: find
# what is missing (commands and libraries, checked directly, not by package
# name), install it where that is possible (apt, as root or with sudo), and
# build once. Sourced, not run. Progress goes to stderr, so stdout stays the
# program's.

NQ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NQ_BUILD=${NQ_BUILD:-$NQ_ROOT/build}

# What a build needs; callers add theirs in NQ_EXTRA_NEEDS (space-separated).
# NQ_WANTS are installed too where apt can, but only noted when missing:
# without hwloc the build has no --bind; without Criterion, no tests.
# Names are those nq_have knows.
NQ_NEEDS=(cc meson ninja pkg-config openmp)
NQ_WANTS=(hwloc)

nq_log() { printf '%s\n' "$*" >&2; }
# A stage's heading, with the time since the script began (its SECONDS).
nq_stage() { nq_log "== $* [$((SECONDS / 60))m$(printf %02d $((SECONDS % 60)))s]"; }

# The set-up's full output (apt, meson, ninja) goes to one log file per run,
# made on first use: a new user's screen shows one line per step, not apt's
# hundreds. NQ_SETUP_LOG may name the file instead.
NQ_SETUP_LOG=${NQ_SETUP_LOG:-}

# nq_step WHAT CMD...: runs CMD with its output appended to the log; one line
# on stderr says WHAT, names the log and ends with how it went. On failure
# the log's last lines follow, so the cause is on screen too.
nq_step() {
    local what=$1 status=0
    shift
    if [[ -z $NQ_SETUP_LOG ]]; then
        NQ_SETUP_LOG=$(mktemp "${TMPDIR:-/tmp}/nqueens-setup.XXXXXX") || return 1
    fi
    printf 'nqueens: %s (log: %s) ... ' "$what" "$NQ_SETUP_LOG" >&2
    printf '\n== %s\n$ %s\n' "$what" "$*" >>"$NQ_SETUP_LOG"
    "$@" >>"$NQ_SETUP_LOG" 2>&1 </dev/null || status=$?
    if ((status == 0)); then
        printf 'done\n' >&2
    else
        printf 'failed (status %d); the end of the log:\n' "$status" >&2
        tail -n 20 "$NQ_SETUP_LOG" | sed 's/^/    /' >&2
    fi
    return "$status"
}

# 0 if the requirement is met on this system.
nq_have() {
    case $1 in
    cc) command -v cc >/dev/null || command -v gcc >/dev/null || command -v clang >/dev/null ;;
    c++) command -v c++ >/dev/null || command -v g++ >/dev/null || command -v clang++ >/dev/null ;;
    pkg-config) command -v pkg-config >/dev/null || command -v pkgconf >/dev/null ;;
    openmp) # the compiler's OpenMP: a program that links against it
        local dir ok=1
        dir=$(mktemp -d) || return 1
        printf '#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n' >"$dir/t.c"
        "$(command -v cc || command -v gcc || command -v clang || echo cc)" -fopenmp "$dir/t.c" \
            -o "$dir/t" 2>/dev/null && ok=0
        rm -rf "$dir"
        return $ok ;;
    hwloc | criterion) pkg-config --exists "$1" 2>/dev/null ;;
    mpi) command -v mpicc >/dev/null && command -v mpirun >/dev/null ;;
    gnu-time) [[ -x /usr/bin/time ]] ;;
    archer) command -v clang >/dev/null && [[ -n $(nq_archer) ]] ;;
    *) command -v "$1" >/dev/null ;;
    esac
}

# The Debian/Ubuntu packages that meet a requirement.
nq_debian_packages() {
    case $1 in
    cc | openmp) echo gcc ;;
    c++) echo g++ ;;
    ninja) echo ninja-build ;;
    pkg-config) echo pkgconf ;;
    hwloc) echo libhwloc-dev ;;
    criterion) echo libcriterion-dev ;;
    mpi) echo openmpi-bin libopenmpi-dev ;;
    gnuplot) echo gnuplot-nox ;;
    gnu-time) echo time ;;
    archer) echo clang libomp-dev ;;
    *) echo "$1" ;;
    esac
}

# LLVM's Archer, the OpenMP tool that tells ThreadSanitizer of OpenMP's
# fork, join and barriers: its path, or nothing.
nq_archer() {
    local lib
    for lib in /usr/lib/llvm-*/lib/libarcher.so; do [[ -e $lib ]] && echo "$lib"; done | sort -V | tail -1
}

# What to look for on another system.
nq_describe() {
    case $1 in
    cc) echo "a C11 compiler (gcc or clang)" ;;
    c++) echo "a C++ compiler (g++ or clang++)" ;;
    openmp) echo "OpenMP for the C compiler (libgomp with gcc, libomp with clang)" ;;
    hwloc) echo "hwloc with its headers and pkg-config file" ;;
    criterion) echo "Criterion (the C test framework) with its pkg-config file" ;;
    mpi) echo "an MPI library with mpicc and mpirun (Open MPI, MPICH)" ;;
    gnu-time) echo "GNU time as /usr/bin/time" ;;
    archer) echo "clang with LLVM's OpenMP (libomp) and its Archer tool (libarcher.so)" ;;
    *) echo "$1" ;;
    esac
}

# Installs whatever of NQ_NEEDS and NQ_EXTRA_NEEDS is missing, with apt when
# there is apt and the right to use it; otherwise says what to install.
# Returns non-zero only if something is still missing.
nq_install() {
    local missing=() wanted=() need
    # shellcheck disable=SC2086 # NQ_EXTRA_NEEDS is a list of words
    for need in "${NQ_NEEDS[@]}" ${NQ_EXTRA_NEEDS:-}; do
        nq_have "$need" || missing+=("$need")
    done
    for need in "${NQ_WANTS[@]}"; do
        nq_have "$need" || wanted+=("$need")
    done
    ((${#missing[@]} + ${#wanted[@]})) || return 0
    local sudo=() can_apt=0
    if [[ -z ${NQ_NO_INSTALL:-} ]] && command -v apt-get >/dev/null; then
        if [[ $(id -u) -eq 0 ]]; then
            can_apt=1
        elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
            can_apt=1 sudo=(sudo)
        fi
    fi
    if ((can_apt)); then
        local packages=() needs=("${missing[@]}" "${wanted[@]}")
        for need in "${needs[@]}"; do
            # shellcheck disable=SC2207 # one word per package
            packages+=($(nq_debian_packages "$need"))
        done
        # A failed step is not the end: what is still missing is said below.
        if nq_step "updating apt's package lists" "${sudo[@]}" apt-get update; then
            nq_step "installing ${packages[*]} (apt) for: ${needs[*]}" \
                "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y \
                --no-install-recommends "${packages[@]}" || true
        fi
        local still=() still_wanted=()
        for need in "${missing[@]}"; do
            nq_have "$need" || still+=("$need")
        done
        for need in "${wanted[@]}"; do
            nq_have "$need" || still_wanted+=("$need")
        done
        missing=("${still[@]}") wanted=("${still_wanted[@]}")
    fi
    for need in "${wanted[@]}"; do
        nq_log "nqueens: note: optional, not found: $(nq_describe "$need")" \
            "(Debian/Ubuntu: $(nq_debian_packages "$need"))"
    done
    ((${#missing[@]})) || return 0
    nq_log "nqueens: missing, please install:"
    for need in "${missing[@]}"; do
        nq_log "  - $(nq_describe "$need") (Debian/Ubuntu: $(nq_debian_packages "$need"))"
    done
    return 1
}

# The same check as nq_install, installing nothing (bench scripts use it):
# says what is missing and returns non-zero if something needed is.
nq_require() { NQ_NO_INSTALL=1 nq_install; }

# What a build picks up only if it is there when meson configures it:
# Criterion (the tests, -Dtests), MPI (nqueens-mpi), help2man (the man
# pages), hwloc (--bind) and a C++ compiler (the header's C++ checks).
# Names are those nq_have knows.
NQ_BUILD_FINDS=(criterion mpi help2man hwloc c++)

# Those of NQ_BUILD_FINDS that are here now, one line.
nq_found() {
    local find found=()
    for find in "${NQ_BUILD_FINDS[@]}"; do
        nq_have "$find" && found+=("$find")
    done
    echo "${found[*]}"
}

# nq_configure DIR WHAT OPTION...: sets up the build DIR (meson setup with
# the OPTIONs) the first time. After that, meson looks again for what it
# did not find only when it configures, which ninja does not do when
# something is installed: DIR is configured again (meson setup
# --reconfigure, the same OPTIONs) when the OPTIONs, or which of
# NQ_BUILD_FINDS are here, are not those DIR/nqueens-setup records (a build
# made by hand or by an older script records nothing). Without it, MPI or
# Criterion installed after the first set-up would never be built.
nq_configure() {
    local dir=$1 what=$2 found
    shift 2
    found=$(nq_found)
    local state="options: $* | found: $found"
    if [[ ! -f $dir/build.ninja ]]; then
        nq_step "configuring $what in $dir" meson setup "$dir" "$NQ_ROOT" "$@" || return 1
    elif [[ $(cat "$dir/nqueens-setup" 2>/dev/null) != "$state" ]]; then
        nq_step "configuring $what in $dir again, with what it finds now: ${found:-none of ${NQ_BUILD_FINDS[*]}}" \
            meson setup --reconfigure "$dir" "$NQ_ROOT" "$@" || return 1
    fi
    printf '%s\n' "$state" >"$dir/nqueens-setup"
}

# Configures $NQ_BUILD as a release build (its tests if Criterion is here),
# again when something it lacked has arrived (nq_configure), and brings it
# up to date (a no-op when nothing changed); one line each, the output logged.
nq_build() {
    local tests=false
    nq_have criterion && tests=true
    nq_configure "$NQ_BUILD" "a release build" --buildtype=release -Dtests=$tests || return 1
    nq_step "building $NQ_BUILD" ninja -C "$NQ_BUILD" || return 1
}

# nq_suite DIR [NAME...]: 0 if the build in DIR defines tests, each NAME
# among them; else says what it lacks and returns 1. meson test in a build
# configured with -Dtests=false, or given only names the build does not
# have, says "No tests defined." (or "No suitable tests defined.") and exits
# 0: a run that tests nothing and passes.
nq_suite() {
    local dir=$1 defined name missing=()
    shift
    # One line a test: "project:suite / name"; meson says when there is none.
    defined=$(meson test -C "$dir" --list --no-rebuild 2>/dev/null | sed 's|^.* / ||' |
        grep -vx 'No tests defined\.') || true
    if [[ -z $defined ]]; then
        nq_log "nqueens: $dir defines no tests (configured with -Dtests=false, or before Criterion was installed); nothing to run"
        return 1
    fi
    for name; do
        grep -qxF -- "$name" <<<"$defined" || missing+=("$name")
    done
    if ((${#missing[@]})); then
        nq_log "nqueens: $dir does not define the tests ${missing[*]} (configured before what they need was installed?)"
        return 1
    fi
}
