# The machine, compiler, build flags and commit behind a results folder, as
# Markdown: every bench script writes it next to its numbers (machine.md).
# Sourced, not run: sets COMMIT (with "(dirty tree)" when tracked files
# differ from it) and CPU_MODEL, and defines bench_machine.

BENCH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
COMMIT=$(git -C "$BENCH_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [[ -n $(git -C "$BENCH_ROOT" status --porcelain --untracked-files=no 2>/dev/null) ]]; then
    COMMIT="$COMMIT (dirty tree)"
fi
CPU_MODEL=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)
: "${CPU_MODEL:=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)}"

json_get() { # json_get FILE PYTHON-EXPR-ON-d: prints the value or nothing
    [[ -f $1 ]] || return 0
    python3 - "$1" "$2" 2>/dev/null <<'PY' || true
import json, sys
d = json.load(open(sys.argv[1]))
print(eval(sys.argv[2]))
PY
}

# bench_machine BUILD_DIR BIN COMMAND TIMING: the Markdown on stdout. BIN
# may be empty (a script that times no nqueens binary).
bench_machine() {
    local build=$1 bin=$2 command=$3 timing=$4
    local opts=$build/meson-info/intro-buildoptions.json compile_cmd compiler=
    buildopt() { json_get "$opts" "next(str(o['value']) for o in d if o['name'] == '$1')"; }
    # The compile command of the search kernel, and the compiler it names.
    compile_cmd=$(json_get "$build/compile_commands.json" \
        "next((e['command'] for e in d if e['file'].endswith('backtrack_search_tmpl.c')), d[0]['command'] if d else '')")
    if [[ -n $compile_cmd ]]; then
        compiler=$(cd "$build" && ${compile_cmd%% *} --version 2>/dev/null | head -n 1 || true)
    fi
    echo "## Machine"
    echo
    echo "- Date: $(date -u +'%Y-%m-%d %H:%M UTC')"
    echo "- Host: $(hostname)"
    # The family and model name the microarchitecture (AMD family 25 model
    # 1: Zen 3, 17: Zen 4; family 26: Zen 5), and AVX-512 which paths use.
    local family model avx512=no
    family=$(sed -n 's/^cpu family[[:space:]]*: //p;T;q' /proc/cpuinfo 2>/dev/null)
    model=$(sed -n 's/^model[[:space:]]*: //p;T;q' /proc/cpuinfo 2>/dev/null)
    grep -qw avx512f /proc/cpuinfo 2>/dev/null && avx512=yes
    echo "- CPU: ${CPU_MODEL:-unknown} (family ${family:-?}, model ${model:-?}; AVX-512: $avx512)"
    echo "- Cores: $(getconf _NPROCESSORS_ONLN) online CPUs;" \
        "$(lscpu 2>/dev/null | sed -n 's/^Socket(s): *//p') socket(s)," \
        "$(lscpu 2>/dev/null | sed -n 's/^Core(s) per socket: *//p') core(s) per socket," \
        "$(lscpu 2>/dev/null | sed -n 's/^Thread(s) per core: *//p') thread(s) per core;" \
        "this process may use CPUs $(taskset -pc $$ 2>/dev/null | sed 's/.*: //')"
    echo "- NUMA nodes: $(lscpu 2>/dev/null | sed -n 's/^NUMA node(s): *//p')"
    echo "- Memory: $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
    echo "- OS: $(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME"), Linux $(uname -r)"
    echo "- Compiler: ${compiler:-unknown (no compile_commands.json in $build)}"
    echo "- Build: buildtype=$(buildopt buildtype), optimization=$(buildopt optimization)," \
        "debug=$(buildopt debug), b_ndebug=$(buildopt b_ndebug), native=$(buildopt native)," \
        "c_args=$(buildopt c_args)"
    [[ -z $compile_cmd ]] || echo "- Compile command (backtrack_search_tmpl.c): \`$compile_cmd\`"
    echo "- CPU features the hot code's paths use: $(grep -m 1 -ow -e avx2 -e bmi2 -e popcnt \
        -e avx512f /proc/cpuinfo 2>/dev/null | sort -u | tr '\n' ' ')(level: ${NQUEENS_ISA:-picked at run time}, src/lib/cpu/cpu.c)"
    echo "- Commit: $COMMIT"
    [[ -z $bin ]] || echo "- Program: $bin ($("$bin" --version 2>/dev/null || echo unknown version))"
    echo "- Command: \`${command//|/\\|}\`"
    echo "- Timing: $timing"
}
