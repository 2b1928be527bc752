/* Quadrant placements: halves_quads.h says what they are. */
#include "halves_quads.h"

void nq_qiter_start(qiter *it, const geom *G, uint32_t rows, uint32_t cols, const uint32_t *forbid)
{
    it->G = G;
    it->rows = rows;
    it->cols = cols;
    it->forbid = forbid;
    it->k = 0;
    for (int i = 0; i < G->h; i++)
        if (rows >> i & 1)
            it->row[it->k++] = i;
    it->t = -1;
    it->done = 0;
}

/* The next at most max placements; 0 once they are all out. The search is
 * iterative so that it can stop when out is full and go on later; ld and
 * rd hold the columns the queens above attack on each diagonal. */
size_t nq_qiter_next(qiter *it, qent *out, size_t max)
{
    if (it->done || !max)
        return 0;
    const int h = it->G->h, k = it->k;
    const uint32_t cols = it->cols, *forbid = it->forbid;
    size_t n = 0;
    int t = it->t;
    if (t < 0) {
        if (!k) {
            out[0] = (qent){0, 0, 0};
            it->done = 1;
            return 1;
        }
        it->used[0] = it->ld[0] = it->rd[0] = it->a[0] = it->b[0] = 0;
        it->avail[0] = cols & ~forbid[it->row[0]];
        t = 0;
    }
    for (;;) {
        if (!it->avail[t]) {
            if (!t--) {
                it->done = 1;
                break;
            }
            continue;
        }
        const uint32_t bit = it->avail[t] & -it->avail[t];
        it->avail[t] ^= bit;
        const int i = it->row[t], j = __builtin_ctz(bit);
        it->used[t + 1] = it->used[t] | bit;
        it->a[t + 1] = it->a[t] | 1u << (i + j);
        it->b[t + 1] = it->b[t] | 1u << (i - j + h - 1);
        if (t + 1 == k) {
            out[n++] = (qent){it->used[t + 1], it->a[t + 1], it->b[t + 1]};
            if (n == max)
                break;
            continue;
        }
        const int step = it->row[t + 1] - i;
        it->ld[t + 1] = (it->ld[t] | bit) >> step;
        it->rd[t + 1] = ((it->rd[t] | bit) << step) & it->G->quad;
        t++;
        it->avail[t] = cols & ~it->used[t] & ~it->ld[t] & ~it->rd[t] & ~forbid[it->row[t]];
    }
    it->t = t;
    return n;
}
