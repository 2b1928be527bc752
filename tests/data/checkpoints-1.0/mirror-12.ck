nqueens-checkpoint 2
n 12
engine parallel-mirror
depth 2
plan 1607d4b8a54f7382
subproblems 55
done 7
0 68 0
1 62 0
11 184 0
17 108 0
18 82 0
19 70 0
28 68 0
checksum 221f7d27372d396b
