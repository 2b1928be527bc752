#!/usr/bin/env python3
"""The shared library's exports against the headers (issue 23), from
readelf --dyn-syms:
  - every call the headers declare NQ_API is exported once as its default
    version (name@@NQ_x), and nothing else is exported;
  - every call of 1.0 (tests/abi/nqueens.h, 1.0's header) is there at
    NQ_1.0, as the default or as a compat entry (name@NQ_1.0);
  - a call added after 1.0 is not at NQ_1.0.
Usage: exports.py SOURCE_ROOT LIBRARY READELF. Prints each problem; exit
status 1 if any."""
import glob
import os
import re
import subprocess
import sys

root, library, readelf = sys.argv[1:4]


def calls(paths):
    """The names declared NQ_API in the headers at paths."""
    names = set()
    for path in paths:
        text = open(path, encoding="utf-8").read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = "\n".join(line for line in text.split("\n") if not line.lstrip().startswith("#"))
        names.update(re.findall(r"\bNQ_API\b[^;{(]*?\b(\w+)\s*\(", text))
    return names


current = calls(glob.glob(os.path.join(root, "include", "*.h")))
of_1_0 = calls([os.path.join(root, "tests", "abi", "nqueens.h")])
versions = {}  # name -> {version: is_default}
out = subprocess.run([readelf, "--dyn-syms", "--wide", library], check=True,
                     capture_output=True, text=True).stdout
for line in out.splitlines():
    cols = line.split()
    if len(cols) < 8 or cols[6] == "UND" or cols[4] not in ("GLOBAL", "WEAK"):
        continue
    m = re.fullmatch(r"([^@]+)(@@?)([^@\s]+)?", cols[7]) or re.fullmatch(r"([^@]+)", cols[7])
    name = m.group(1)
    if m.lastindex == 3:
        versions.setdefault(name, {})[m.group(3)] = m.group(2) == "@@"
    elif cols[3] == "OBJECT" and cols[6] == "ABS" and name.startswith("NQ_"):
        continue  # a version's own symbol
    else:
        versions.setdefault(name, {})[None] = True

problems = []
if len(current) < 50 or len(of_1_0) != 43:
    problems.append(f"read {len(current)} calls from include/ and {len(of_1_0)} from 1.0's "
                    "header: the headers' NQ_API lines are not what this script reads")
for name in sorted(current):
    defaults = [v for v, default in versions.get(name, {}).items() if default]
    if len(defaults) != 1 or defaults[0] is None:
        problems.append(f"{name}: exported as {versions.get(name, 'nothing')}, not once as a "
                        "default version (is it in src/lib/libnqueens.map?)")
for name in sorted(of_1_0):
    if "NQ_1.0" not in versions.get(name, {}):
        problems.append(f"{name}, a call of 1.0, is not exported at NQ_1.0")
for name in sorted(current - of_1_0):
    if "NQ_1.0" in versions.get(name, {}):
        problems.append(f"{name}, added after 1.0, is exported at NQ_1.0")
for name in sorted(set(versions) - current):
    problems.append(f"{name}: exported ({versions[name]}) but not declared NQ_API in include/")
for p in problems:
    print("exports:", p)
if not problems:
    print(f"exports: {len(current)} calls, each at its version; the {len(of_1_0)} of 1.0 "
          "at NQ_1.0")
sys.exit(1 if problems else 0)
