#!/usr/bin/env bash
# nqueens count against Kluev's meet-in-the-middle counter (N-Queens-Count-Sol),
# side by side: the two alternate run by run (which goes first alternates
# too), each run's wall time and peak memory are kept, and the medians and
# their ratio are reported. The peer is built here, outside the repository,
# from the copy you give, with -O3 -march=native and the settings its
# solcounter.h gives for each size; nothing of it is kept.
#
#   bench/peers.sh --kluev DIR [--n "16 17"] [--threads "1 2"] [--runs 5]
#                  [--engine NAME] [--out DIR]
#
# DIR is a checkout of github.com/EvgenyKluev/N-Queens-Count-Sol. Writes
# peers.csv (every run) and peers.md (medians) into the results folder
# (default bench/runs/peers-DATE-HOST), with the machine, compiler,
# flags and commit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
kluev="" sizes="16 17" threads="1" runs=5 engine="" out=""
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; }
while (($#)); do
    case $1 in
    --kluev) kluev=$2; shift 2 ;;
    --n) sizes=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --engine) engine=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "peers.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[[ -n $kluev && -f $kluev/solcounter.h ]] ||
    { echo "peers.sh: --kluev DIR must be a checkout of N-Queens-Count-Sol (solcounter.h)" >&2; exit 2; }

NQ_EXTRA_NEEDS="c++ python3"
source "$root/scripts/common.sh"
nq_require || exit 1
nq_build
bin=$NQ_BUILD/src/nqueens
out=${out:-$root/bench/runs/peers-$(date +%Y%m%d)-$(hostname)}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The peer for size n, with the row of its own per-size table (solcounter.h:
# sieveCuts, matchMinSize, BMI2, prefetch); sizes past its table take the
# nearest row.
build_kluev() {
    local n=$1 cuts mm bmi pf
    case $n in
    16 | 17 | 18) cuts=0 mm=40 bmi=false pf=true ;;
    19) cuts=0 mm=40 bmi=true pf=true ;;
    20) cuts=3 mm=60 bmi=true pf=true ;;
    21) cuts=3 mm=60 bmi=true pf=false ;;
    *) if ((n < 16)); then cuts=0 mm=40 bmi=false pf=true; else cuts=6 mm=80 bmi=true pf=true; fi ;;
    esac
    local src=$work/src-$n
    cp -r "$kluev/." "$src"
    sed -i "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/;
            s/\.sieveCuts = [0-9]*,/.sieveCuts = $cuts,/; s/\.matchMinSize = [0-9]*,/.matchMinSize = $mm,/;
            s/\.bmiIntrin = [a-z]*,/.bmiIntrin = $bmi,/; s/\.prefetch = [a-z]*,/.prefetch = $pf,/" \
        "$src/solcounter.h"
    [[ $pf == true ]] && sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$src/prefetch.h"
    [[ $bmi == true ]] && sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$src/bmintrin.h"
    "${CXX:-g++}" -std=c++20 -O3 -march=native -pthread "$src/main.cpp" -o "$work/kluev-$n"
    echo "kluev n=$n: sieveCuts=$cuts matchMinSize=$mm bmiIntrin=$bmi prefetch=$pf" >>"$out/peer-settings.txt"
}

# One run: prints "seconds peak_kib count" (the count as the program prints it).
timed() {
    python3 - "$@" <<'PY'
import re, resource, subprocess, sys, time
start = time.monotonic()
p = subprocess.run(sys.argv[1:], capture_output=True, text=True)
took = time.monotonic() - start
if p.returncode:
    sys.exit("peers.sh: %s failed: %s" % (" ".join(sys.argv[1:]), p.stderr.strip()))
m = re.search(r"total=(\d+)|Result: (\d+)", p.stdout)
print("%.4f %d %s" % (took, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
                     (m.group(1) or m.group(2)) if m else "?"))
PY
}

{
    echo "# nqueens count against Kluev's counter, $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    dirty=$(git -C "$root" status --porcelain --untracked-files=no | grep -q . && echo " (dirty)" || true)
    echo "- commit: $(git -C "$root" rev-parse --short HEAD)$dirty"
    echo "- machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs, $(free -g | awk '/Mem:/ {print $2}') GiB"
    echo "- compilers: $(cc --version | head -1); $(g++ --version | head -1)"
    echo "- nqueens: meson release build ($(meson introspect "$NQ_BUILD" --buildoptions |
        python3 -c 'import json,sys; o={x["name"]: x["value"] for x in json.load(sys.stdin)}; print("native=%s" % o.get("native"))'))"
    echo "- peer: g++ -std=c++20 -O3 -march=native, its own per-size settings (peer-settings.txt)"
    echo "- median of $runs alternating runs; wall seconds; peak resident memory"
    echo
    echo "| n | threads | nqueens count${engine:+ --engine $engine} | Kluev | nqueens faster by | nqueens peak | Kluev peak |"
    echo "|---|---|---|---|---|---|---|"
} >"$out/peers.md"
echo "n,threads,run,program,seconds,peak_kib,count" >"$out/peers.csv"

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

for n in $sizes; do
    build_kluev "$n"
    for t in $threads; do
        ours=(env OMP_NUM_THREADS=$t "$bin" count "$n" -t "$t" ${engine:+--engine "$engine"})
        peer=("$work/kluev-$n" "$t")
        for ((r = 1; r <= runs; r++)); do
            order=(ours peer)
            ((r % 2)) || order=(peer ours)
            for who in "${order[@]}"; do
                if [[ $who == ours ]]; then res=$(timed "${ours[@]}"); else res=$(timed "${peer[@]}"); fi
                read -r s kib count <<<"$res"
                echo "$n,$t,$r,$who,$s,$kib,$count" >>"$out/peers.csv"
            done
        done
        counts=$(awk -F, -v n="$n" -v t="$t" '$1 == n && $2 == t {print $7}' "$out/peers.csv" | sort -u)
        [[ $(wc -l <<<"$counts") -eq 1 ]] ||
            { echo "peers.sh: n=$n: the two programs disagree: $(echo $counts)" >&2; exit 1; }
        col() { awk -F, -v n="$n" -v t="$t" -v w="$1" -v c="$2" '$1 == n && $2 == t && $4 == w {print $c}' "$out/peers.csv" | median; }
        so=$(col ours 5) sp=$(col peer 5) mo=$(col ours 6) mp=$(col peer 6)
        ratio=$(awk -v a="$so" -v b="$sp" 'BEGIN {printf "%.2fx", b / a}')
        echo "| $n | $t | $so s | $sp s | $ratio | $((mo / 1024)) MiB | $((mp / 1024)) MiB |" >>"$out/peers.md"
        echo "n=$n threads=$t: nqueens $so s, Kluev $sp s: $ratio" >&2
    done
done
cat "$out/peers.md"
