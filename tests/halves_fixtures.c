/* A plain search for every solution, a count's set-up and the positions
 * it tells: halves_fixtures.h. */
#include "halves_fixtures.h"
#include "halves/halves_geom.h"
#include "halves/halves_pieces.h"
#include "halves/halves_work.h"

#include <stdlib.h>
#include <string.h>

static void place(solutions *s, int8_t *p, int row)
{
    if (row == s->n) {
        s->boards = realloc(s->boards, (size_t)(s->count + 1) * sizeof *s->boards);
        memcpy(s->boards[s->count++], p, NQ_MAX_N);
        return;
    }
    for (int c = 0; c < s->n; c++) {
        int ok = 1;
        for (int r = 0; r < row && ok; r++)
            ok = p[r] != c && abs(p[r] - c) != row - r;
        if (ok) {
            p[row] = (int8_t)c;
            place(s, p, row + 1);
        }
    }
}

solutions all_solutions(int n)
{
    solutions s = { .n = n };
    int8_t p[NQ_MAX_N] = { 0 };
    place(&s, p, 0);
    return s;
}

int smallest_budget_work(int n, int transpose, nq_halves_piece **pieces, size_t *size,
                         nq_halves_work **w)
{
    int err = nq_halves_pieces(n, 0, 1, NULL, pieces, size);
    if (err)
        return err;
    err = nq_halves_work_create(w, n, nq_cpu_level(), 1);
    if (err) {
        free(*pieces);
        return err;
    }
    nq_halves_work_transpose(*w, transpose);
    return 0;
}

void keep_position(void *ctx, const nq_halves_pos *pos)
{
    told *t = ctx;
    if (t->count < sizeof t->pos / sizeof t->pos[0])
        t->pos[t->count++] = *pos;
}

int band_forced(void)
{
    return nq_halves_band_from() <= 16;
}
