#!/usr/bin/env python3
"""Edits a checkpoint and seals the file again (its checksum recomputed, as
a deliberate edit would), from the format doc/checkpoints.md describes:
FNV-1a 64 over the plan (version, n, depth, fingerprint, size as
little-endian 64-bit words, the engine's name and a NUL), then every byte
above the checksum line; nqueens 1.0's versions 2 and 3 have the engine's
index then after n.
  reseal.py FILE K TOTAL UNIQUE   sets the counts of the K-th subproblem
                                  line (0-based), or with K 'zero' of the
                                  first whose total is 0; prints its index
  reseal.py FILE mark K WORD V    sets word WORD (1 to 10) of the K-th mark
                                  line to V, or its index (WORD 0) to V or,
                                  with V 'free', to the first piece neither
                                  done nor marked that keeps the lines in
                                  order; prints the old value
  reseal.py FILE old              writes its marks as nqueens 1.1 did:
                                  versions 8 and 9 as 6 and 7, the marks'
                                  last two words (their seal) left out"""
import struct
import sys

V1_ENGINES = {"halves": 0, "parallel-sym8": 1, "parallel-mirror": 2}

path = sys.argv[1]
lines = open(path).read().split("\n")[:-1]
head = dict(line.split(" ", 1) for line in lines[1:7])
body = lines[:-1]
# After the line 'done K' (a part's file has a line 'part K/M' before it).
first = next(j for j, line in enumerate(body) if line.startswith("done ")) + 1
count = int(body[first - 1].split()[1])
marks = range(first + count + 1, len(body))  # after the line 'marks K', if any
if sys.argv[2] == "mark":
    k, word, value = first + count + 1 + int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    fields = body[k].split()
    if value == "free":
        taken = {int(body[j].split()[0]) for j in range(first, first + count)}
        taken |= {int(body[j].split()[0]) for j in marks}
        low = int(body[k - 1].split()[0]) + 1 if k - 1 in marks else 0
        high = int(body[k + 1].split()[0]) if k + 1 in marks else int(head["subproblems"])
        value = str(next(i for i in range(low, high) if i not in taken))
    print(fields[word])
    fields[word] = value
    body[k] = " ".join(fields)
elif sys.argv[2] == "old":
    body[0] = "nqueens-checkpoint %d" % (int(body[0].split()[1]) - 2)
    for j in marks:
        body[j] = " ".join(body[j].split()[:-2])
else:
    which, total, unique = sys.argv[2:5]
    stored = range(first, first + count)
    k = next(j for j in stored if body[j].split()[1] == "0") if which == "zero" else first + int(which)
    index = body[k].split()[0]
    body[k] = f"{index} {total} {unique}"
    print(index)
text = "\n".join(body) + "\n"
h = 0xCBF29CE484222325
version = int(body[0].split()[1])
engine = [V1_ENGINES[head["engine"]]] if version < 4 else []
seal = struct.pack("<%dQ" % (5 + len(engine)), version, int(head["n"]), *engine,
                   int(head["depth"]), int(head["plan"], 16), int(head["subproblems"]))
for byte in seal + head["engine"].encode() + b"\0" + text.encode():
    h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
open(path, "w").write(text + f"checksum {h:016x}\n")
