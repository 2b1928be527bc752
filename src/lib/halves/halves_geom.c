/* The halves engine's board geometry (halves_geom.h): a middle
 * configuration's frame and the weight of a row set under the symmetries
 * that keep it. */
#include "halves_geom.h"

#include <stdlib.h>
#include <string.h>

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

/* A middle configuration as the piece's fields have it, read off its
 * queens q: the column of each middle row's queen, then the row of each
 * middle column's (the order the plan takes configurations in). */
static void config_of(const geom *G, const int (*q)[2], int k, int8_t t[4])
{
    t[0] = t[1] = t[2] = t[3] = 0;
    for (int i = 0; i < k; i++)
        for (int j = 0; j < G->g; j++) {
            if (q[i][0] == G->h + j)
                t[j ? 2 : 0] = (int8_t)q[i][1];
            if (q[i][1] == G->h + j)
                t[j ? 3 : 1] = (int8_t)q[i][0];
        }
}

static nq_halves_piece piece_of(const int8_t t[4])
{
    return (nq_halves_piece){ .middle_col = t[0], .middle_row = t[1], .band_col = t[2],
                              .band_row = t[3] };
}

/* A mirror flips a row or a column (x -> n-1-x), the transpose swaps them. */
int nq_halves_config_weight(const geom *G, const nq_halves_piece *p)
{
    int q[4][2], image[4][2];
    const int k = nq_halves_middles(G, p, q);
    if (k < 0)
        return 0;
    int8_t own[4], seen[8][4];
    config_of(G, (const int(*)[2])q, k, own);
    int distinct = 0;
    for (int t = 0; t < 8; t++) {
        for (int i = 0; i < k; i++) {
            const int r = t & 1 ? G->n - 1 - q[i][0] : q[i][0];
            const int c = t & 2 ? G->n - 1 - q[i][1] : q[i][1];
            image[i][0] = t & 4 ? c : r;
            image[i][1] = t & 4 ? r : c;
        }
        int8_t x[4];
        config_of(G, (const int(*)[2])image, k, x);
        if (memcmp(x, own, sizeof x) < 0)
            return 0;
        int again = 0;
        for (int j = 0; j < distinct; j++)
            again |= !memcmp(seen[j], x, sizeof x);
        if (!again)
            memcpy(seen[distinct++], x, sizeof x);
    }
    return distinct;
}

long nq_halves_configs(const geom *G)
{
    return G->g == 2 ? (long)G->n * G->n * G->n * G->n : G->g ? G->n * G->n : 1;
}

nq_halves_piece nq_halves_config_at(const geom *G, long k)
{
    /* Odd n: (middle_col, middle_row); the band: those and (band_col,
     * band_row), k's digits in base n in the order config_of reads them. */
    static const int field[2][4] = { { 0, 1 }, { 0, 2, 1, 3 } };
    int8_t t[4] = { -1, -1, 0, 0 };
    for (int j = 2 * G->g - 1; j >= 0; j--, k /= G->n)
        t[field[G->g - 1][j]] = (int8_t)(k % G->n);
    return piece_of(t);
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
