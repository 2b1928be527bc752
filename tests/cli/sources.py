#!/usr/bin/env python3
"""Four checks of the sources, from issues 23 and 42:
  - no file of code (C, shell, Python) over 500 lines, in src, include,
    tests, bench and scripts;
  - every header of include/, src/lib and src/common is whole inside its
    include guard (#ifndef X / #define X first, #endif last, comments aside);
  - no cycle between the library's modules through their includes. A module
    is a file's name without .c/.h and without _tmpl or _priv (a template or
    private header belongs to its module); "a includes b" means a file of
    module a includes a header of module b from src/lib;
  - every function (and variable) a header of src/lib, src/common or
    src/mpi declares is defined by its own module, so that no call circle
    hides behind a header named for another module.
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


# Every function or variable a header of src/lib, src/common or src/mpi
# declares is defined by its own module (const objects aside: a registry
# such as engines.h may name the engines' descriptors, which hold no state): a circle of calls between two
# files (a.c calls b.c's function, b.c calls a's, one declared in the
# other's header) shows as a header declaring what another module defines.
# A .c file counts for its module, for the module of a template it
# includes (x_tmpl.c), and in an arch folder (x86/) for the module its
# name begins with (halves_match_avx2.c: halves_match).
TOKENS = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
ARCH = ("x86",)


def bare(text):
    """text without comments, preprocessor lines and string contents."""
    text = TOKENS.sub(lambda m: "\n" * m.group(0).count("\n") if m.group(0)[0] == "/" else '""',
                      text)
    return re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", "", text, flags=re.M)


def chunks(text):
    """Each top-level declaration of bare text, with how it ends: ';' or '{'."""
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch == "{":
            if depth == 0:
                yield text[start:i].strip(), "{"
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                start = i + 1
        elif ch == ";" and depth == 0:
            yield text[start:i].strip(), ";"
            start = i + 1


def function_name(chunk):
    """The function chunk declares or defines (not a static one), or None."""
    chunk = re.sub(r"__attribute__\s*\(\(.*?\)\)|\b[A-Z][A-Z0-9_]*\s*\([^()]*\)", " ", chunk,
                   flags=re.S)
    m = re.match(r"([\w\s*]*?)\b([A-Za-z_]\w*)\s*\(", chunk)
    if not m or not m.group(1).strip() or re.search(r"\b(typedef|static)\b", m.group(1)):
        return None
    return m.group(2)


def variable_names(chunk):
    """The variables chunk declares or defines (not static ones)."""
    head = re.sub(r"\[[^\]]*\]", "", chunk.split("=")[0])
    if "(" in head or re.search(r"\b(typedef|static)\b", head) or re.search(r"}\s*$", head):
        return []
    parts = [re.findall(r"[A-Za-z_]\w*", p) for p in head.split(",")]
    if not parts[0] or len(parts[0]) < 2 or parts[0][0] in ("struct", "union", "enum") and len(parts[0]) < 3:
        return []
    return [p[-1] for p in parts if p]


def modules_of(path):
    """The modules a .c file's definitions count for."""
    stem = module(path)
    found = {stem}
    text = open(os.path.join(root, path), encoding="utf-8").read()
    found.update(module(t) for t in re.findall(r'#\s*include\s+"([\w/]+_tmpl\.c)"', text))
    if os.path.basename(os.path.dirname(path)) in ARCH:
        found.update(stem[:i] for i in range(len(stem)) if stem[i] == "_")
    return found


defined = {}  # name -> the modules defining it
for path in files_below("src", ".c"):
    text = open(os.path.join(root, path), encoding="utf-8").read()
    aliases = dict(re.findall(r"^\s*#\s*define\s+([A-Z_]\w*)\s+([a-z_]\w*)\s*$", text, re.M))
    sources = [path] + [os.path.join(os.path.dirname(path), t)
                        for t in re.findall(r'#\s*include\s+"(\w+_tmpl\.c)"', text)]
    for source in sources:
        text = bare(open(os.path.join(root, source), encoding="utf-8").read())
        for alias, name in aliases.items():  # a template's names, as this copy has them
            text = re.sub(rf"\b{alias}\b", name, text)
        for chunk, end in chunks(text):
            if chunk.startswith("extern"):
                continue
            name = function_name(chunk)
            names = ([name] if end == "{" else []) if name else variable_names(chunk)
            for name in names:
                defined.setdefault(name, set()).update(modules_of(path))

for folder in ("src/lib", "src/common", "src/mpi"):
    for path in files_below(folder, ".h"):
        for chunk, end in chunks(bare(open(os.path.join(root, path), encoding="utf-8").read())):
            if end != ";":
                continue
            name = function_name(chunk)
            names = [name] if name else variable_names(chunk) if re.match(
                r"extern\b(?!.*\bconst\b)", chunk) else []
            for name in names:
                where = defined.get(name)
                if where is None:
                    problems.append(f"{path}: declares {name}, defined nowhere in src")
                elif module(path) not in where:
                    problems.append(f"{path}: declares {name}, defined by module "
                                    f"{' and '.join(sorted(where))}, not {module(path)}")

for p in problems:
    print(p)
print(f"{len(problems)} problem(s)" if problems else
      f"no file over {MAX_LINES} lines; headers inside their guards; "
      "no include cycle between library modules; every header's functions its module's")
sys.exit(1 if problems else 0)
