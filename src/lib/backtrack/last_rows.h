/* The last rows of a board by table: five for counting
 * (backtrack_search_tmpl.c), six for listing (solve_search_tmpl.c).
 *
 * Below row n-T-1 exactly T columns are free, and a completion is one of the
 * T! ways to give them to the last T rows: a bit each in a `ways` mask. For
 * each row, a table gives the ways that row accepts, from which of the free
 * columns (in order) it may take. Others give the ways in which no two of
 * these queens share a diagonal, which depends only on the gaps between the
 * free columns: a table over the gaps of each window of five free columns,
 * and for T = 6 one mask for the two end columns, which meet only when all
 * six are adjacent. Ways are numbered in lexicographic order of the columns
 * they give rows n-T.., so a listing that walks a mask from its lowest bit
 * meets the boards in order. */
#ifndef NQ_LAST_ROWS_H
#define NQ_LAST_ROWS_H

#include "cpu/cpu.h" /* NQ_FAST_PEXT: pext and pdep, where they are fast */
#include "util.h"

#include <stdint.h>

#define NQ_LAST5_ROWS 5
#define NQ_LAST5_WAYS 120 /* 5! */
#define NQ_LAST5_GAPS 5   /* a gap of 4 or more columns never meets a diagonal */
typedef unsigned __int128 nq_ways;

#define NQ_LAST6_ROWS 6
#define NQ_LAST6_WAYS 720 /* 6! */
#define NQ_LAST6_WORDS 12 /* 64-bit words of a mask of 720 ways */
#define NQ_LAST6_GAPS 6   /* a gap of 5 or more columns never meets a diagonal */

/* The ways row i accepts, by the free columns it may take (bit k: the k-th). */
extern NQ_HIDDEN nq_ways nq_last5_row[NQ_LAST5_ROWS][1 << NQ_LAST5_ROWS];
/* The ways with no two queens on a diagonal, by the gaps between free columns. */
extern NQ_HIDDEN nq_ways nq_last5_apart[NQ_LAST5_GAPS][NQ_LAST5_GAPS][NQ_LAST5_GAPS][NQ_LAST5_GAPS];
/* Way w: row i takes the free column nq_last5_perm[w][i] (0 is the leftmost). */
extern NQ_HIDDEN int8_t nq_last5_perm[NQ_LAST5_WAYS][NQ_LAST5_ROWS];

/* The same for six rows; the gap tables are for free columns 0..4 and 1..5. */
extern NQ_HIDDEN uint64_t nq_last6_row[NQ_LAST6_ROWS][1 << NQ_LAST6_ROWS][NQ_LAST6_WORDS];
extern NQ_HIDDEN uint64_t nq_last6_apart[2][NQ_LAST6_GAPS * NQ_LAST6_GAPS * NQ_LAST6_GAPS *
                                            NQ_LAST6_GAPS][NQ_LAST6_WORDS];
extern NQ_HIDDEN uint64_t nq_last6_ends[NQ_LAST6_WORDS]; /* ways apart if all six adjacent */
extern NQ_HIDDEN int8_t nq_last6_perm[NQ_LAST6_WAYS][NQ_LAST6_ROWS];

/* Fill the tables of 5 and of 6 rows, once; safe from any thread. */
void nq_last5_init(void);
void nq_last6_init(void);

/* The bits of a at the set bits of cols, packed (pext). */
static inline uint32_t nq_gather(uint32_t a, uint32_t cols)
{
#ifdef NQ_FAST_PEXT
    return _pext_u32(a, cols);
#else
    uint32_t out = 0;
    for (int k = 0; cols; k++, cols &= cols - 1)
        out |= (a >> __builtin_ctz(cols) & 1u) << k;
    return out;
#endif
}

/* The places of the first t set bits of cols, lowest first. With pdep each
 * is found on its own, not one after the other. */
static inline void nq_free_cols(uint32_t cols, uint32_t *c, int t)
{
    for (int i = 0; i < t; i++) {
#ifdef NQ_FAST_PEXT
        c[i] = (uint32_t)__builtin_ctz(_pdep_u32(1u << i, cols));
#else
        c[i] = (uint32_t)__builtin_ctz(cols);
        cols &= cols - 1;
#endif
    }
}

/* Free columns between two free columns, capped at `cap`. */
static inline uint32_t nq_free_gap(uint32_t lo, uint32_t hi, uint32_t cap)
{
    const uint32_t g = hi - lo - 1;
    return g < cap ? g : cap;
}

/* The ways to complete the last 5 rows, below the diagonal attacks l and r
 * (as seen from the first of them), with the free columns cols and the
 * columns row[i] allows in each. */
static inline nq_ways nq_last5_ways(uint32_t l, uint32_t r, uint32_t cols, const uint32_t *row)
{
    enum { CAP = NQ_LAST5_GAPS - 1 };
    nq_ways ways = ~(nq_ways)0;
    for (int i = 0; i < NQ_LAST5_ROWS; i++)
        ways &= nq_last5_row[i][nq_gather(row[i] & ~((l << i) | (r >> i)), cols)];
    uint32_t c[NQ_LAST5_ROWS];
    nq_free_cols(cols, c, NQ_LAST5_ROWS);
    return ways & nq_last5_apart[nq_free_gap(c[0], c[1], CAP)][nq_free_gap(c[1], c[2], CAP)]
                               [nq_free_gap(c[2], c[3], CAP)][nq_free_gap(c[3], c[4], CAP)];
}

static inline uint32_t nq_last5_count(nq_ways w)
{
    return (uint32_t)(__builtin_popcountll((uint64_t)w) +
                      __builtin_popcountll((uint64_t)(w >> 64)));
}

/* The same for the last 6 rows, into ways; 0 if there is none. */
static inline int nq_last6_ways(uint32_t l, uint32_t r, uint32_t cols, const uint32_t *row,
                                uint64_t *ways)
{
    enum { CAP = NQ_LAST6_GAPS - 1, G = NQ_LAST6_GAPS };
    const uint64_t *m[NQ_LAST6_ROWS];
    for (int i = 0; i < NQ_LAST6_ROWS; i++)
        m[i] = nq_last6_row[i][nq_gather(row[i] & ~((l << i) | (r >> i)), cols)];
    uint32_t c[NQ_LAST6_ROWS], g[NQ_LAST6_ROWS - 1];
    nq_free_cols(cols, c, NQ_LAST6_ROWS);
    for (int i = 0; i < NQ_LAST6_ROWS - 1; i++)
        g[i] = nq_free_gap(c[i], c[i + 1], CAP);
    const uint64_t *a0 = nq_last6_apart[0][((g[0] * G + g[1]) * G + g[2]) * G + g[3]];
    const uint64_t *a1 = nq_last6_apart[1][((g[1] * G + g[2]) * G + g[3]) * G + g[4]];
    uint64_t any = 0;
    for (int k = 0; k < NQ_LAST6_WORDS; k++) {
        ways[k] = m[0][k] & m[1][k] & m[2][k] & m[3][k] & m[4][k] & m[5][k] & a0[k] & a1[k];
        any |= ways[k];
    }
    if (any && (cols >> __builtin_ctz(cols)) == 0x3f) {
        any = 0;
        for (int k = 0; k < NQ_LAST6_WORDS; k++) {
            ways[k] &= nq_last6_ends[k];
            any |= ways[k];
        }
    }
    return any != 0;
}

#endif
