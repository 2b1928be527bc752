/* The header's version macros against the library's nq_version(), which
 * meson's project version sets: the two cannot drift apart. */
#include <criterion/criterion.h>

#include "nqueens.h"

#include <stdio.h>

Test(version, macros_match_the_library)
{
    char want[64];
    snprintf(want, sizeof want, "%d.%d.%d", NQ_VERSION_MAJOR, NQ_VERSION_MINOR, NQ_VERSION_PATCH);
    cr_assert_str_eq(nq_version(), want);
}
