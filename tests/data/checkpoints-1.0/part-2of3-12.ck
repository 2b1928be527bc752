nqueens-checkpoint 3
n 12
engine parallel-sym8
depth 3
plan c1d835f7db2ba3a1
subproblems 268
part 2/3
done 10
51 8 1
53 80 10
76 116 15
81 104 13
97 32 4
103 0 0
107 88 11
141 48 6
212 32 4
220 56 7
checksum 7b37f8ae80383b5c
