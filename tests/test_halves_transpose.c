/* The halves engine's even-n transpose (halves_transpose.h) against its
 * definition, worked out from a plain search's solutions. */
#include <criterion/criterion.h>

#include "halves/halves.h"
#include "halves/halves_geom.h"
#include "halves/halves_work.h"
#include "halves_fixtures.h"

#include <stdlib.h>

/* The transpose's symmetries (halves_transpose.h), from their definition:
 * a set of h of the n rows or columns as two quadrant masks (the north or
 * west half, then the other mirrored); the four images of a pair (a, b)
 * under the mirrors and the half turn; their orbits ordered by the least
 * and the greatest min(x, ~x) of the masks, then the least image. */
static uint64_t orbit_order(int h, uint32_t a, uint32_t b)
{
    const uint32_t q = (1u << h) - 1, img[4][2] = { { a, b }, { b, a }, { q & ~a, q & ~b },
                                                    { q & ~b, q & ~a } };
    uint32_t ua = a < (q & ~a) ? a : q & ~a, ub = b < (q & ~b) ? b : q & ~b, least = UINT32_MAX;
    for (int i = 0; i < 4; i++)
        if ((img[i][0] << 16 | img[i][1]) < least)
            least = img[i][0] << 16 | img[i][1];
    return (uint64_t)(ua < ub ? ua : ub) << 48 | (uint64_t)(ua < ub ? ub : ua) << 32 | least;
}

/* Even n, the transpose on: each row set R of each piece counts its
 * weight times, over the solutions with west queens on R (the plain
 * search's), 2 for those whose north queens' columns C are of a later
 * orbit than R, 1 for the same, 0 for an earlier one. */
Test(halves, the_transpose_weighs_every_row_set_by_its_columns, .timeout = 120)
{
    int checked = 0;
    for (int n = 4; n <= 12; n += 2) {
        const int h = n / 2;
        const geom G = geom_of(n);
        frame f;
        cr_assert_eq(nq_halves_frame(&G, &(nq_halves_piece){ .middle_col = -1, .middle_row = -1 }, &f), 0);
        solutions all = all_solutions(n);
        nq_halves_piece *pieces;
        size_t size;
        nq_halves_work *w;
        cr_assert_eq(smallest_budget_work(n, 1, &pieces, &size, &w), 0);
        for (size_t i = 0; i < size; i++)
            for (uint32_t south = 0; south < (1u << h); south++) {
                nq_halves_piece one = pieces[i];
                if (__builtin_popcount(south) + __builtin_popcount(one.north) != h)
                    continue;
                one.south = south;
                uint32_t mirrored = 0; /* R's south rows as rows n-1-i */
                for (int r = 0; r < h; r++)
                    mirrored |= (south >> r & 1) << (h - 1 - r);
                const uint64_t rows = orbit_order(h, one.north, mirrored);
                uint64_t want = 0;
                for (int k = 0; k < all.count; k++) {
                    const int8_t *p = all.boards[k];
                    uint32_t rn = 0, rs = 0, cw = 0, ce = 0;
                    for (int r = 0; r < h; r++) {
                        rn |= (uint32_t)(p[r] < h) << r;
                        rs |= (uint32_t)(p[h + r] < h) << r;
                        if (p[r] < h)
                            cw |= 1u << p[r];
                        else
                            ce |= 1u << (n - 1 - p[r]);
                    }
                    if (rn != one.north || rs != south)
                        continue;
                    const uint64_t cols = orbit_order(h, cw, ce);
                    want += cols > rows ? 2 : cols == rows;
                }
                want *= (uint64_t)nq_halves_rows_weight(&G, &f, one.north, south);
                nq_u128 got;
                cr_assert_eq(nq_halves_count_piece(w, &one, NULL, &got), 0);
                cr_assert(got == want, "n=%d piece %zu south %x: %llu, expected %llu", n, i,
                          south, (unsigned long long)got, (unsigned long long)want);
                checked += want > 0;
            }
        nq_halves_work_destroy(w);
        free(pieces);
        free(all.boards);
    }
    cr_assert_gt(checked, 50);
}
