/* The halves engine's board geometry (halves_geom.h): a middle
 * configuration's frame and the weight of a row set under the symmetries
 * that keep it. */
#include "halves_geom.h"

#include <stdlib.h>

static int band_from = NQ_HALVES_BAND_FROM;

/* Read as the library loads, before any thread of ours runs (as
 * NQUEENS_ISA is). */
__attribute__((constructor)) static void read_band_from(void)
{
    const char *s = getenv("NQUEENS_BAND_FROM");
    char *end;
    const long v = s ? strtol(s, &end, 10) : 0;
    if (s && *s && !*end && v >= 4 && v % 2 == 0 && v <= 64)
        band_from = (int)v;
}

int nq_halves_band_from(void)
{
    return band_from;
}

int nq_halves_bits(int n)
{
    return 2 * geom_of(n).nd;
}

static int attack(const int a[2], const int b[2])
{
    return a[0] == b[0] || a[1] == b[1] || abs(a[0] - b[0]) == abs(a[1] - b[1]);
}

int nq_halves_middles(const geom *G, const nq_halves_piece *p, int q[4][2])
{
    if (!G->g)
        return 0;
    const int h = G->h;
    /* Middle row h + i holds a queen at column cols[i], middle column h + i
     * one at row rows[i]; one on a middle row and a middle column is both. */
    const int cols[2] = { p->middle_col, p->band_col }, rows[2] = { p->middle_row, p->band_row };
    int k = 0;
    for (int i = 0; i < 2 * G->g; i++) {
        const int sq[2] = { i < G->g ? h + i : rows[i - G->g], i < G->g ? cols[i] : h + i - G->g };
        if (sq[0] < 0 || sq[0] >= G->n || sq[1] < 0 || sq[1] >= G->n)
            return -1;
        int same = 0;
        for (int j = 0; j < k; j++) {
            if (q[j][0] == sq[0] && q[j][1] == sq[1])
                same = 1;
            else if (attack(q[j], sq))
                return -1;
        }
        if (!same) {
            q[k][0] = sq[0];
            q[k++][1] = sq[1];
        }
    }
    return k;
}

int nq_halves_frame(const geom *G, const nq_halves_piece *p, frame *f)
{
    f->north = f->south = f->west = f->east = G->quad;
    int q[4][2];
    const int k = nq_halves_middles(G, p, q);
    if (k < 0)
        return -1;
    for (int i = 0; i < k; i++) {
        const int r = q[i][0], c = q[i][1];
        if (r < G->h)
            f->north &= ~(1u << r);
        else if (r >= G->s)
            f->south &= ~(1u << (r - G->s));
        if (c < G->h)
            f->west &= ~(1u << c);
        else if (c >= G->s)
            f->east &= ~(1u << (G->n - 1 - c));
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
