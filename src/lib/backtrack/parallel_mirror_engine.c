/* The "parallel-mirror" engine: the backtracking search with left-right
 * mirror symmetry only, over the plan's subproblems (its plan and search
 * are backtrack_plan.c's). */
#include "backtrack_plan.h"
#include "engines.h"

const nq_engine nq_parallel_mirror_engine = {
    .info = { .name = "parallel-mirror",
              .description = "bitmask, left-right mirror symmetry, OpenMP",
              .parallel = 1, .uses_depth = 1, .seconds_16 = 1.5 },
    .plan = nq_parallel_mirror_plan,
    .count_one = nq_backtrack_count_one,
    .plausible = nq_plausible_backtrack,
    .prefix = nq_prefix_backtrack,
};
