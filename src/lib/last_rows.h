/* The last NQ_TAIL rows of a board by table, shared by counting (kernel.c)
 * and listing (solve.c).
 *
 * Below row n-NQ_TAIL-1 exactly NQ_TAIL columns are free, and a completion
 * is one of the NQ_TAIL! ways to give them to the last rows: a bit each in a
 * 128-bit `ways` mask. For each row, a table gives the ways that row accepts,
 * from which of the free columns (in order) it may take; another gives the
 * ways in which no two of these queens share a diagonal, which depends only
 * on the gaps between the free columns. Ways are numbered in lexicographic
 * order of the columns they give rows n-NQ_TAIL.., so a listing that walks a
 * mask from its lowest bit meets the boards in order. */
#ifndef NQ_LAST_ROWS_H
#define NQ_LAST_ROWS_H

#include <stdint.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#define NQ_TAIL 5
#define NQ_TAIL_WAYS 120 /* NQ_TAIL! */
#define NQ_TAIL_GAPS 5   /* a gap of NQ_TAIL-1 or more columns never meets a diagonal */

typedef unsigned __int128 nq_ways;

/* Hidden on the declarations too, so the hot loop reaches them directly, not
 * through the global offset table. */
#define NQ_HIDDEN __attribute__((visibility("hidden")))

/* The ways row i accepts, by the free columns it may take (bit k: the k-th). */
extern NQ_HIDDEN nq_ways nq_tail_row[NQ_TAIL][1 << NQ_TAIL];
/* The ways with no two queens on a diagonal, by the gaps between free columns. */
extern NQ_HIDDEN nq_ways nq_tail_apart[NQ_TAIL_GAPS][NQ_TAIL_GAPS][NQ_TAIL_GAPS][NQ_TAIL_GAPS];
/* Way w: row i takes the free column nq_tail_perm[w][i] (0 is the leftmost). */
extern NQ_HIDDEN int8_t nq_tail_perm[NQ_TAIL_WAYS][NQ_TAIL];

/* Fills the tables once; safe to call from any thread. */
void nq_tail_init(void);

/* The bits of a at the set bits of cols, packed (pext). */
static inline uint32_t nq_gather(uint32_t a, uint32_t cols)
{
#ifdef __BMI2__
    return _pext_u32(a, cols);
#else
    uint32_t out = 0;
    for (int k = 0; cols; k++, cols &= cols - 1)
        out |= (a >> __builtin_ctz(cols) & 1u) << k;
    return out;
#endif
}

static inline uint32_t nq_tail_gap(uint32_t lo, uint32_t hi)
{
    const uint32_t g = hi - lo - 1;
    return g < NQ_TAIL_GAPS - 1 ? g : NQ_TAIL_GAPS - 1;
}

/* The ways to complete the last NQ_TAIL rows, below the diagonal attacks l
 * and r (as seen from the first of them), with the free columns cols and
 * the columns row[i] allows in each. */
static inline nq_ways nq_tail_ways(uint32_t l, uint32_t r, uint32_t cols, const uint32_t *row)
{
    nq_ways ways = ~(nq_ways)0;
    for (int i = 0; i < NQ_TAIL; i++)
        ways &= nq_tail_row[i][nq_gather(row[i] & ~((l << i) | (r >> i)), cols)];
    uint32_t c[NQ_TAIL], rest = cols;
    for (int i = 0; i < NQ_TAIL; i++) {
        c[i] = (uint32_t)__builtin_ctz(rest);
        rest &= rest - 1;
    }
    return ways & nq_tail_apart[nq_tail_gap(c[0], c[1])][nq_tail_gap(c[1], c[2])]
                               [nq_tail_gap(c[2], c[3])][nq_tail_gap(c[3], c[4])];
}

static inline uint32_t nq_tail_count(nq_ways w)
{
    return (uint32_t)(__builtin_popcountll((uint64_t)w) +
                      __builtin_popcountll((uint64_t)(w >> 64)));
}

#endif
