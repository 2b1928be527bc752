/* The "naive" engine: plain backtracking (its search is in classic.c).
 * Like every classic engine it takes about ten times parallel-sym8's time
 * on one thread, hence seconds_16. */
#include "classic.h"
#include "engines.h"

const nq_engine nq_naive_engine = {
    .info = { .name = "naive",
              .description = "classic: backtracking, each queen checked against every "
                             "earlier one",
              .seconds_16 = 10 },
    .count = nq_classic_naive,
};
