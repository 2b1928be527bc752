# Shared by scripts/nqueens, scripts/test and bench/run.sh: install what the
# build needs (Debian/Ubuntu, apt; sudo when not root) and build once.
# Sourced, not run. Progress goes to stderr, so stdout stays the program's.

NQ_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NQ_BUILD=${NQ_BUILD:-$NQ_ROOT/build}

# Packages every script needs; callers may add more in NQ_EXTRA_PACKAGES.
NQ_PACKAGES=(gcc meson ninja-build pkgconf libhwloc-dev libcriterion-dev python3
    openmpi-bin libopenmpi-dev)

nq_log() { printf '%s\n' "$*" >&2; }

nq_install() {
    local missing=() pkg
    for pkg in "${NQ_PACKAGES[@]}" ${NQ_EXTRA_PACKAGES:-}; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
            missing+=("$pkg")
    done
    ((${#missing[@]})) || return 0
    local sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || { nq_log "nqueens: need root or sudo to install: ${missing[*]}"; return 1; }
        sudo=(sudo)
    fi
    nq_log "nqueens: installing ${missing[*]} (apt)"
    "${sudo[@]}" apt-get update -qq >&2 &&
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            --no-install-recommends "${missing[@]}" >&2
}

# Configures $NQ_BUILD as a release build the first time, then brings it up
# to date (a no-op when nothing changed).
nq_build() {
    if [[ ! -f $NQ_BUILD/build.ninja ]]; then
        nq_log "nqueens: configuring a release build in $NQ_BUILD"
        meson setup "$NQ_BUILD" "$NQ_ROOT" --buildtype=release >&2 || return 1
    fi
    ninja -C "$NQ_BUILD" >&2 || return 1
}
