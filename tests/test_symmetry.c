/* The symmetry group on boards: group laws and the canonical form. */
#include <criterion/criterion.h>

#include "nqueens.h"
#include "symmetry.h"

#include <string.h>

static const int8_t board8[8] = { 0, 4, 7, 5, 2, 6, 1, 3 }; /* a solution of 8 */

Test(symmetry, rotation_four_times_is_identity)
{
    int8_t a[8], b[8];
    memcpy(a, board8, 8);
    for (int i = 0; i < 4; i++) {
        nq_sym_apply(1, 8, a, b);
        memcpy(a, b, 8);
    }
    cr_assert(!memcmp(a, board8, 8));
}

Test(symmetry, reflections_are_involutions)
{
    for (int s = 4; s < 8; s++) {
        int8_t a[8], b[8];
        nq_sym_apply(s, 8, board8, a);
        nq_sym_apply(s, 8, a, b);
        cr_assert(!memcmp(b, board8, 8), "symmetry %d", s);
    }
}

Test(symmetry, images_are_distinct_permutations)
{
    int8_t img[8][8];
    for (int s = 0; s < 8; s++) {
        nq_sym_apply(s, 8, board8, img[s]);
        unsigned seen = 0;
        for (int r = 0; r < 8; r++)
            seen |= 1u << img[s][r];
        cr_assert_eq(seen, 0xffu, "symmetry %d is not a permutation", s);
        for (int t = 0; t < s; t++)
            cr_assert(memcmp(img[s], img[t], 8), "symmetries %d and %d agree", s, t);
    }
}

Test(symmetry, canonical_is_smallest_image)
{
    int size;
    /* {1,3,0,2} (n = 4) is fixed by the quarter turn: class of 2. */
    const int8_t four[4] = { 1, 3, 0, 2 };
    cr_assert(nq_sym_is_canonical(4, four, &size));
    cr_assert_eq(size, 2);
    const int8_t four_b[4] = { 2, 0, 3, 1 };
    cr_assert(!nq_sym_is_canonical(4, four_b, NULL));
    const int8_t one[1] = { 0 };
    cr_assert(nq_sym_is_canonical(1, one, &size));
    cr_assert_eq(size, 1);
    cr_assert(nq_sym_is_canonical(8, board8, &size));
    cr_assert_eq(size, 8);
}
