#!/usr/bin/env python3
"""Sets the counts of one stored subproblem of a checkpoint and seals the
file again (its checksum recomputed, as a deliberate edit would), from the
format doc/checkpoints.md describes: FNV-1a 64 over the plan (version, n, depth,
fingerprint, size as little-endian 64-bit words, the engine's name and a
NUL), then every byte above the checksum line; nqueens 1.0's versions 2
and 3 have the engine's index then after n.
  reseal.py FILE K TOTAL UNIQUE   K: the K-th subproblem line (0-based), or
                                  'zero' for the first whose total is 0
Prints the index of the subproblem changed."""
import struct
import sys

V1_ENGINES = {"halves": 0, "parallel-sym8": 1, "parallel-mirror": 2}

path, which, total, unique = sys.argv[1:5]
lines = open(path).read().split("\n")[:-1]
head = dict(line.split(" ", 1) for line in lines[1:7])
body = lines[:-1]
# After the line 'done K' (a part's file has a line 'part K/M' before it).
first = next(j for j, line in enumerate(body) if line.startswith("done ")) + 1
stored = range(first, len(body))
k = next(j for j in stored if body[j].split()[1] == "0") if which == "zero" else first + int(which)
index = body[k].split()[0]
body[k] = f"{index} {total} {unique}"
text = "\n".join(body) + "\n"
h = 0xCBF29CE484222325
version = int(lines[0].split()[1])
engine = [V1_ENGINES[head["engine"]]] if version < 4 else []
seal = struct.pack("<%dQ" % (5 + len(engine)), version, int(head["n"]), *engine,
                   int(head["depth"]), int(head["plan"], 16), int(head["subproblems"]))
for byte in seal + head["engine"].encode() + b"\0" + text.encode():
    h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
open(path, "w").write(text + f"checksum {h:016x}\n")
print(index)
