/* The halves engine's board geometry (halves_geom.c), shared by its
 * modules (private): the quadrants' shape, and the rows and columns a
 * middle configuration leaves to the west queens. halves.h says what the
 * method is. */
#ifndef NQ_HALVES_GEOM_H
#define NQ_HALVES_GEOM_H

#include "halves.h"

#include <stdint.h>

/* The board's shape: n = 2h + g, with g middle rows and columns between the
 * quadrants (1 for odd n; the band's 2 for even n from NQ_HALVES_BAND_FROM,
 * else 0); south quadrant rows start at s = h + g; a footprint has nd bits
 * per diagonal direction. */
typedef struct geom {
    int n, h, g, s, nd;
    uint32_t quad; /* the h columns (or rows) of a quadrant */
} geom;

/* The least even n the band is used at: NQ_HALVES_BAND_FROM, or
 * NQUEENS_BAND_FROM's (an even number from 4). */
int nq_halves_band_from(void);

static inline geom geom_of(int n)
{
    const int g = n % 2 ? 1 : n >= nq_halves_band_from() ? 2 : 0, h = (n - g) / 2;
    return (geom){ .n = n, .h = h, .g = g, .s = h + g, .nd = h > 0 ? 2 * h - 1 : 0,
                   .quad = h >= 32 ? UINT32_MAX : (1u << h) - 1 };
}

/* A quadrant's rows (or columns) x mirrored: local row i is h - 1 - i. */
static inline uint32_t nq_halves_reverse(const geom *G, uint32_t x)
{
    /* The 32 bits reversed by swapping halves, then quarters, and so on;
     * h - 1 - i is then 31 - i shifted down by 32 - h. */
    x = (x >> 16) | (x << 16);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    return G->h ? x >> (32 - G->h) : 0; /* h = 0 (n < 4): no rows, and no shift by 32 */
}

/* The rows of the middle queens' configuration that west queens may use,
 * as quadrant-local masks; the west columns left to them. */
typedef struct frame {
    uint32_t north, south; /* rows free for queens other than the middle ones */
    uint32_t west, east;   /* quadrant columns free (east mirrored: bit j is column n-1-j) */
    int west_queens;
} frame;

/* The queens of a piece's middle configuration, (row, column) each, into q:
 * how many (none for even n without the band, 1 or 2 for odd n, 3 or 4 in
 * the band), or -1 if they cannot stand together. */
int nq_halves_middles(const geom *G, const nq_halves_piece *p, int q[4][2]);

/* The piece's middle configuration as one number, the same for pieces of
 * one configuration. */
static inline uint32_t nq_halves_config(const nq_halves_piece *p)
{
    return (uint32_t)(uint8_t)p->middle_col | (uint32_t)(uint8_t)p->middle_row << 8 |
           (uint32_t)(uint8_t)p->band_col << 16 | (uint32_t)(uint8_t)p->band_row << 24;
}

/* The middle configurations the plan tries, in its order: k = 0 to
 * nq_halves_configs - 1 (one, with no queens, for even n without the
 * band); not every one is possible (nq_halves_middles). */
long nq_halves_configs(const geom *G);
nq_halves_piece nq_halves_config_at(const geom *G, long k);

/* The configuration of p under the 8 symmetries of the square: its weight
 * (the orbit's size) if it is the smallest of its orbit, else 0. */
int nq_halves_config_weight(const geom *G, const nq_halves_piece *p);

/* 1 if the piece's row sets are taken up to the row symmetries (mirror,
 * west-east swap, both), which leave its configuration alone: even n
 * without the band, and odd n's centre queen. */
static inline int nq_halves_by_rows(const geom *G, const nq_halves_piece *p)
{
    return !G->g || (G->g == 1 && p->middle_col == G->h);
}

/* The frame of the piece's middle configuration; -1 if its queens cannot
 * stand together. */
int nq_halves_frame(const geom *G, const nq_halves_piece *p, frame *f);

/* For the configurations that all four of mirror (rows), west-east swap and
 * both leave alone (even n, and odd n with the centre queen): the weight of
 * R = (north, south) if R is the smallest of its orbit, else 0. */
int nq_halves_rows_weight(const geom *G, const frame *f, uint32_t north, uint32_t south);

/* Footprint bits for n. */
int nq_halves_bits(int n);

#endif
