#!/usr/bin/env bash
# The plots of a results folder of bench/run.sh, drawn from its CSV files
# (so that an older folder can be drawn again the same way):
#   engines.png  median seconds against N, one line per engine (log scale)
#   threads.png  speedup against threads at one N, with the ideal line
#   bench/plot.sh DIR
# Each engine keeps one colour and one marker in every plot; the yardstick
# (a --compare row, or any row whose name says yardstick) is black with a
# star. A run over the time cap is drawn as the engine's marker on the
# dashed cap line with a hollow triangle above it, not left out.
set -euo pipefail
export LC_ALL=C
dir=${1:?usage: bench/plot.sh DIR}
[[ -f $dir/engines.csv ]] || { echo "bench/plot.sh: no $dir/engines.csv" >&2; exit 2; }
command -v gnuplot >/dev/null || { echo "bench/plot.sh: gnuplot is needed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gp_str() { printf "'%s'" "${1//\'/\'\'}"; } # a gnuplot single-quoted string
# gp_head PNG TITLE XLABEL YLABEL: the lines every plot starts with.
gp_head() {
    echo 'set terminal pngcairo size 1000,650 font ",11" noenhanced'
    echo "set output $(gp_str "$1")"
    echo "set title $(gp_str "$2")"
    echo "set xlabel $(gp_str "$3")"
    echo "set ylabel $(gp_str "$4")"
}

# One colour and one marker per engine; an engine not listed gets a pair
# from its name's hash, the same wherever it is drawn.
plot_style() {
    case $1 in
    naive) echo "lc rgb '#7b3294' pt 4" ;;
    mirror) echo "lc rgb '#1b9e77' pt 6" ;;
    marking) echo "lc rgb '#56b4e9' pt 14" ;;
    available) echo "lc rgb '#e69f00' pt 10" ;;
    bitmask) echo "lc rgb '#a6761d' pt 12" ;;
    parallel-mirror) echo "lc rgb '#0072b2' pt 5" ;;
    parallel-sym8) echo "lc rgb '#d62728' pt 7" ;;
    *yardstick*) echo "lc rgb '#000000' pt 3" ;;
    *)
        local colours=('#e7298a' '#66a61e' '#7570b3' '#d95f02' '#17becf') points=(9 11 13 15 2) h
        h=$(cksum <<<"$1" | cut -d' ' -f1)
        echo "lc rgb '${colours[h % 5]}' pt ${points[h / 5 % 5]}"
        ;;
    esac
}

# The name a row is shown under: an old folder's yardstick row is named by
# its command (e.g. "/tmp/yardstick {n}").
display_name() {
    case $1 in
    *yardstick*{n}*) echo "yardstick (plain mirror bitmask, 1 thread)" ;;
    *) echo "$1" ;;
    esac
}

machine=$dir/machine.md
cpu=$(sed -n 's/^- CPU: //p' "$machine" 2>/dev/null | head -n 1)
ncpu=$(sed -n 's/^- Cores: \([0-9]*\) online.*/\1/p' "$machine" 2>/dev/null | head -n 1)
cap=$(sed -n 's/^- Timing: .*cap \([0-9.]*\) s.*/\1/p' "$machine" 2>/dev/null | head -n 1)

# Per engine and N: the median of the timed runs, or "cap" when a run was
# stopped at the cap (run.sh leaves its total empty). Engines in CSV order.
python3 - "$dir/engines.csv" "$tmp" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
order, cells, reps, threads = [], {}, 0, ""
for r in rows:
    e = r["engine"]
    if e not in order:
        order.append(e)
    cell = cells.setdefault(e, {}).setdefault(int(r["n"]), [])
    cell.append(None if r["total"] == "" else float(r["seconds"]))
    reps = max(reps, int(r["run"]))
    if e.startswith("parallel") and r["threads"]:
        threads = r["threads"]
with open(sys.argv[2] + "/engines.list", "w") as out:
    for i, e in enumerate(order):
        with open(f"{sys.argv[2]}/eng{i}.dat", "w") as d, open(f"{sys.argv[2]}/cap{i}.dat", "w") as c:
            for n in sorted(cells[e]):
                runs = cells[e][n]
                if None in runs:
                    c.write(f"{n}\n")
                else:
                    d.write(f"{n} {statistics.median(runs)}\n")
        out.write(f"{i}\t{e}\n")
with open(sys.argv[2] + "/meta", "w") as m:
    ns = sorted({int(r["n"]) for r in rows})
    m.write(f"{ns[0]} {ns[-1]} {reps} {threads or '?'}\n")
PY
read -r n_from n_to reps threads <"$tmp/meta"

# Over-cap markers of different engines at one N side by side, not stacked.
count=$(wc -l <"$tmp/engines.list")
series=() capped=0
while IFS=$'\t' read -r i engine; do
    dx=$(awk -v i="$i" -v k="$count" 'BEGIN { printf "%.3f", (i - (k - 1) / 2) * 0.06 }')
    style=$(plot_style "$engine")
    name=$(display_name "$engine")
    [[ ! -s $tmp/eng$i.dat ]] ||
        series+=("$(gp_str "$tmp/eng$i.dat") using 1:2 with linespoints lw 2 ps 1.3 $style title $(gp_str "$name")")
    if [[ -s $tmp/cap$i.dat && -n $cap ]]; then
        capped=1
        series+=("$(gp_str "$tmp/cap$i.dat") using (\$1 + $dx):($cap) with points ps 1.3 $style notitle")
        series+=("$(gp_str "$tmp/cap$i.dat") using (\$1 + $dx):($cap * 1.35) with points ps 1.3 ${style% pt *} pt 8 notitle")
    fi
done <"$tmp/engines.list"
((capped)) && series+=("NaN with points pt 8 ps 1.6 lc rgb '#000000' title $(gp_str "over the cap of $cap s (not timed further)")")
plot=$(IFS=,; echo "${series[*]}")
gnuplot <<EOF
$(gp_head "$dir/engines.png" "N-Queens engines: wall-clock seconds (median of $reps), $ncpu CPUs ($cpu), parallel with $threads threads" N "seconds (log scale)")
set logscale y
set xtics 1
set xrange [$n_from - 0.5:$n_to + 0.5]
set grid
set key outside below
$( ((capped)) && echo "set arrow from graph 0, first $cap to graph 1, first $cap nohead dt 2 lc rgb 'gray40'")
$( ((capped)) && echo "set label $(gp_str "cap $cap s") at graph 0.01, first $cap * 1.12 tc rgb 'gray40'")
plot $plot
EOF

[[ -s $dir/threads.csv ]] || exit 0
python3 - "$dir/threads.csv" "$tmp" <<'PY'
import csv, statistics, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["total"] != ""]
order, cells = [], {}
for r in rows:
    if r["engine"] not in order:
        order.append(r["engine"])
    cells.setdefault(r["engine"], {}).setdefault(int(r["threads"]), []).append(float(r["seconds"]))
t0 = min(int(r["threads"]) for r in rows) if rows else 1
with open(sys.argv[2] + "/threads.list", "w") as out:
    for i, e in enumerate(order):
        med = {t: statistics.median(v) for t, v in cells[e].items()}
        with open(f"{sys.argv[2]}/thr{i}.dat", "w") as d:
            for t in sorted(med):
                if t0 in med:
                    d.write(f"{t} {med[t0] / med[t]}\n")
        out.write(f"{i}\t{e}\n")
with open(sys.argv[2] + "/tmeta", "w") as m:
    m.write(f"{t0} {max(int(r['threads']) for r in rows) if rows else 1} {rows[0]['n'] if rows else '?'}\n")
PY
read -r t0 tmax tn <"$tmp/tmeta"
series=()
while IFS=$'\t' read -r i engine; do
    [[ ! -s $tmp/thr$i.dat ]] ||
        series+=("$(gp_str "$tmp/thr$i.dat") using 1:2 with linespoints lw 2 ps 1.3 $(plot_style "$engine") title $(gp_str "$engine")")
done <"$tmp/threads.list"
((${#series[@]})) || exit 0
plot=$(IFS=,; echo "${series[*]}")
gnuplot <<EOF
$(gp_head "$dir/threads.png" "N-Queens parallel engines at N=$tn: speedup over $t0 thread(s), $ncpu CPUs ($cpu)" threads speedup)
set xrange [0:$tmax + 1]
set yrange [0:*]
$( ((tmax <= 16)) && echo "set xtics 1")
set grid
set key top left
plot x / $t0 with lines dt 2 lc rgb "gray40" title "ideal", $plot
EOF
