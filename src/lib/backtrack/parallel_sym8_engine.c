/* The "parallel-sym8" engine: the backtracking search with all 8
 * symmetries of the square, over the plan's subproblems (its plan and
 * search are backtrack_plan.c's). */
#include "backtrack_plan.h"
#include "engines.h"

const nq_engine nq_parallel_sym8_engine = {
    .info = { .name = "parallel-sym8",
              .description = "bitmask, all 8 symmetries of the square (corner/edge split), "
                             "OpenMP; gives U(n)",
              .parallel = 1, .gives_unique = 1, .uses_depth = 1, .seconds_16 = 1.0 },
    .plan = nq_parallel_sym8_plan,
    .count_one = nq_backtrack_count_one,
    .plausible = nq_plausible_backtrack,
    .prefix = nq_prefix_backtrack,
};
