/* The "mirror" engine: naive with left-right symmetry (its search is in
 * classic.c). */
#include "classic.h"
#include "engines.h"

const nq_engine nq_mirror_engine = {
    .info = { .name = "mirror",
              .description = "classic: naive with the first queen in the left half, doubled",
              .seconds_16 = 10 },
    .count = nq_classic_mirror,
};
