#!/bin/sh
# alternating old/new builds: alt.sh N SEEDS...
N=$1; shift
for s in "$@"; do
  ./run.sh /tmp/est-old/build/src/nqueens $N $s >> alt-old$N.txt
  ./run.sh /tmp/est-new/build/src/nqueens $N $s >> alt-new$N.txt
done
