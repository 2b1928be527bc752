/* The library's version (nqueens.h says how it relates to the header's). */
#include "nqueens.h"

#include "nq_config.h"

const char *nq_version(void)
{
    return NQ_VERSION;
}
