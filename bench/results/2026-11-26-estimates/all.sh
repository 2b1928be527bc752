#!/usr/bin/env bash
F="-t 64 --max-memory 20G --seed 1 --json"
./run.sh n28-default 28 $F
./run.sh n28-480s 28 $F --seconds 480
./run.sh n24-default 24 $F
./run.sh n26-default 26 $F
./run.sh n23-default 23 $F
./run.sh n25-default 25 $F
./run.sh n27-default 27 $F
rm -f /work/notes/HELPER-BUSY
