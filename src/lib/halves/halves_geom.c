/* The halves engine's board geometry (halves_geom.h): a middle
 * configuration's frame and the weight of a row set under the symmetries
 * that keep it. */
#include "halves_geom.h"

#include <stdlib.h>

int nq_halves_bits(int n)
{
    return 2 * geom_of(n).nd;
}

int nq_halves_frame(const geom *G, int middle_col, int middle_row, frame *f)
{
    f->north = f->south = f->west = f->east = G->quad;
    if (G->g) {
        const int h = G->h;
        if (middle_col == h) {
            if (middle_row != h)
                return -1;
        } else {
            if (middle_row == h || middle_row < 0 || middle_row >= G->n || middle_col < 0 ||
                middle_col >= G->n)
                return -1;
            /* The two middle queens attack each other on a diagonal. */
            if (abs(middle_row - h) == abs(middle_col - h))
                return -1;
            if (middle_row < h)
                f->north &= ~(1u << middle_row);
            else
                f->south &= ~(1u << (middle_row - G->s));
            if (middle_col < h)
                f->west &= ~(1u << middle_col);
            else
                f->east &= ~(1u << (G->n - 1 - middle_col));
        }
    }
    f->west_queens = __builtin_popcount(f->west);
    return 0;
}

/* For the configurations that all four of mirror (rows), west-east swap and
 * both leave alone (even n, and odd n with the centre queen): the weight of
 * R = (north, south) if R is the smallest of its orbit, else 0. The mirror
 * maps local north row i to local south row h-1-i; the swap takes the
 * complement within the free rows. */
int nq_halves_rows_weight(const geom *G, const frame *f, uint32_t north, uint32_t south)
{
    const uint64_t key = (uint64_t)north << 32 | south;
    const uint32_t mn = nq_halves_reverse(G, south), ms = nq_halves_reverse(G, north);
    const uint64_t images[3] = { (uint64_t)mn << 32 | ms,
                                 (uint64_t)(f->north & ~north) << 32 | (f->south & ~south),
                                 (uint64_t)(f->north & ~mn) << 32 | (f->south & ~ms) };
    int distinct = 1;
    for (int i = 0; i < 3; i++) {
        if (images[i] < key)
            return 0;
        int seen = images[i] == key;
        for (int j = 0; j < i; j++)
            seen |= images[j] == images[i];
        distinct += !seen;
    }
    return distinct;
}
