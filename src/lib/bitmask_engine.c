/* The "bitmask" engine: bit operations, no symmetry (its search is in
 * classic.c). */
#include "classic.h"
#include "engines.h"

const nq_engine nq_bitmask_engine = {
    .info = { .name = "bitmask",
              .description = "classic: bit operations with an explicit stack, no symmetry",
              .seconds_16 = 10 },
    .count = nq_classic_bitmask,
};
