/* The "marking" engine: mirror with marking arrays (its search is in
 * classic.c). */
#include "classic.h"
#include "engines.h"

const nq_engine nq_marking_engine = {
    .info = { .name = "marking",
              .description = "classic: mirror with column and diagonal marking arrays",
              .seconds_16 = 10 },
    .count = nq_classic_marking,
};
