#!/usr/bin/env python3
"""Three checks of the sources, from issue 23:
  - no file of code (C, shell, Python) over 500 lines, in src, include,
    tests, bench and scripts;
  - every header of include/, src/lib and src/common is whole inside its
    include guard (#ifndef X / #define X first, #endif last, comments aside);
  - no cycle between the library's modules through their includes. A module
    is a file's name without .c/.h and without _tmpl or _priv (a template or
    private header belongs to its module); "a includes b" means a file of
    module a includes a header of module b from src/lib.
Usage: sources.py SOURCE_ROOT. Prints each problem; exit status 1 if any."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
problems = []


MAX_LINES = 500
for folder in ("src", "include", "tests", "bench", "scripts"):
    for dirpath, dirnames, names in os.walk(os.path.join(root, folder)):
        dirnames[:] = [d for d in dirnames if d != "results"]  # measurements
        for name in sorted(names):
            path = os.path.join(dirpath, name)
            if not name.endswith((".c", ".h", ".sh", ".py")) and folder != "scripts":
                continue
            try:
                count = sum(1 for _ in open(path, encoding="utf-8"))
            except (UnicodeDecodeError, IsADirectoryError):
                continue
            if count > MAX_LINES:
                problems.append(f"{os.path.relpath(path, root)}: {count} lines, over {MAX_LINES}")


def code_lines(path):
    """The lines of path with comments and blank lines removed."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return [line.strip() for line in text.split("\n") if line.strip()]


def files_below(folder, endings):
    """The files below folder (relative to root) whose names end so."""
    for dirpath, dirnames, names in os.walk(os.path.join(root, folder)):
        dirnames.sort()
        for name in sorted(names):
            if name.endswith(endings):
                yield os.path.relpath(os.path.join(dirpath, name), root)


for folder in ("include", "src/lib", "src/common"):
    for path in files_below(folder, ".h"):
        lines = code_lines(os.path.join(root, path))
        guard = re.fullmatch(r"#ifndef (\w+)", lines[0]) if lines else None
        if not (guard and len(lines) >= 3 and lines[1] == "#define " + guard.group(1)
                and re.fullmatch(r"#endif\b.*", lines[-1])):
            problems.append(f"{path}: not all inside an include guard "
                            "(#ifndef X, #define X first; #endif last)")


def module(name):
    stem = os.path.splitext(os.path.basename(name))[0]
    return re.sub(r"_(tmpl|priv)$", "", stem)


lib = os.path.join(root, "src/lib")
edges = {}
for name in files_below("src/lib", (".c", ".h")):
    here = os.path.dirname(os.path.join(root, name))
    for line in open(os.path.join(root, name), encoding="utf-8"):
        m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
        # As the compiler looks: the including file's folder, then src/lib.
        if m and (os.path.exists(os.path.join(here, m.group(1)))
                  or os.path.exists(os.path.join(lib, m.group(1)))):
            a, b = module(name), module(m.group(1))
            if a != b:
                edges.setdefault(a, {}).setdefault(b, f"{name} includes {m.group(1)}")

# Each cycle found by a depth-first search, reported once by its modules.
seen_cycles, state = set(), {}


def visit(node, path):
    state[node] = "open"
    for nxt in sorted(edges.get(node, {})):
        if state.get(nxt) == "open":
            cycle = path[path.index(nxt):] + [nxt]
            key = frozenset(cycle)
            if key not in seen_cycles:
                seen_cycles.add(key)
                steps = "; ".join(edges[x][y] for x, y in zip(cycle, cycle[1:]))
                problems.append(f"src/lib: include cycle {' -> '.join(cycle)} ({steps})")
        elif nxt not in state:
            visit(nxt, path + [nxt])
    state[node] = "done"


for start in sorted(edges):
    if start not in state:
        visit(start, [start])

for p in problems:
    print(p)
print(f"{len(problems)} problem(s)" if problems else
      f"no file over {MAX_LINES} lines; headers inside their guards; "
      "no include cycle between library modules")
sys.exit(1 if problems else 0)
