/* The "available" engine: marking with a list of free columns (its search
 * is in classic.c). */
#include "classic.h"
#include "engines.h"

const nq_engine nq_available_engine = {
    .info = { .name = "available",
              .description = "classic: marking with a linked list of the free columns",
              .seconds_16 = 10 },
    .count = nq_classic_available,
};
