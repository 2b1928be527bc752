/* The tables for the last rows against a direct check: for many states
 * (free columns, diagonal attacks, allowed columns per row), a way is in the
 * mask exactly when giving the free columns to the rows that way places
 * queens that are allowed, unattacked and apart; ways are numbered in
 * lexicographic order. */
#include <criterion/criterion.h>

#include "backtrack/last_rows.h"
#include "util.h"

#include <stdlib.h>

/* A small deterministic generator (xorshift), so failures repeat. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 32);
}

/* Fills the stack below the caller with ones, so that a table builder that
 * forgot to clear its locals gets garbage, as it may in a real program. */
static __attribute__((noinline)) void dirty_stack(void)
{
    volatile unsigned char junk[256 * 1024];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = 0xff;
}

/* Exactly t distinct random columns below n. */
static uint32_t random_cols(int n, int t)
{
    uint32_t cols = 0;
    while (__builtin_popcount(cols) < t)
        cols |= 1u << (rnd() % (unsigned)n);
    return cols;
}

/* Whether way perm (row i takes free column perm[i]) completes the board. */
static int way_fits(int t, const int8_t *perm, uint32_t l, uint32_t r, uint32_t cols,
                    const uint32_t *row)
{
    int col[8];
    for (int i = 0; i < t; i++, cols &= cols - 1)
        col[i] = __builtin_ctz(cols);
    for (int i = 0; i < t; i++) {
        const int c = col[perm[i]];
        if (!(row[i] >> c & 1) || ((l << i) >> c & 1) || ((r >> i) >> c & 1))
            return 0;
        for (int j = 0; j < i; j++)
            if (abs(col[perm[j]] - c) == i - j)
                return 0;
    }
    return 1;
}

static void check_lexicographic(int t, const int8_t *perm, int ways)
{
    for (int w = 1; w < ways; w++) {
        const int8_t *a = perm + (w - 1) * t, *b = perm + w * t;
        int i = 0;
        while (i < t && a[i] == b[i])
            i++;
        cr_assert(i < t && a[i] < b[i], "ways %d and %d out of order", w - 1, w);
    }
}

/* A state of the last t rows of an n-board: sometimes every free column
 * adjacent (the case of the end-columns mask), rows sometimes restricted. */
static void random_state(int n, int t, int k, uint32_t *l, uint32_t *r, uint32_t *cols,
                         uint32_t *row)
{
    const uint32_t full = nq_full_mask(n);
    *cols = k % 7 == 0 ? ((1u << t) - 1) << (rnd() % (unsigned)(n - t + 1)) : random_cols(n, t);
    *l = rnd() & rnd() & full;
    *r = rnd() & rnd() & full;
    for (int i = 0; i < t; i++)
        row[i] = k % 3 == 0 ? full & ~(rnd() & rnd() & rnd()) : full;
}

/* A table under test: its rows, its ways in order, and a lookup that fills
 * `words` with the mask and returns its summary (the number of ways when
 * `counts`, else whether there is one). */
typedef struct table {
    int t, ways, counts;
    const int8_t *perm;
    uint32_t (*lookup)(uint32_t l, uint32_t r, uint32_t cols, const uint32_t *row,
                       uint64_t *words);
} table;

static uint32_t lookup_five(uint32_t l, uint32_t r, uint32_t cols, const uint32_t *row,
                            uint64_t *words)
{
    const nq_ways ways = nq_last5_ways(l, r, cols, row);
    words[0] = (uint64_t)ways;
    words[1] = (uint64_t)(ways >> 64);
    return nq_last5_count(ways);
}

static uint32_t lookup_six(uint32_t l, uint32_t r, uint32_t cols, const uint32_t *row,
                           uint64_t *words)
{
    return (uint32_t)nq_last6_ways(l, r, cols, row, words);
}

static void check_table(const table *tb)
{
    const int t = tb->t, words_used = (tb->ways + 63) / 64;
    check_lexicographic(t, tb->perm, tb->ways);
    uint64_t found = 0;
    for (int k = 0; k < 20000; k++) {
        const int n = t + (int)(rnd() % 20);
        uint32_t l, r, cols, row[NQ_LAST6_ROWS];
        random_state(n, t, k, &l, &r, &cols, row);
        uint64_t words[NQ_LAST6_WORDS] = { 0 };
        const uint32_t summary = tb->lookup(l, r, cols, row, words);
        uint32_t fits_here = 0;
        for (int w = 0; w < tb->ways; w++) {
            const int fits = way_fits(t, tb->perm + w * t, l, r, cols, row);
            cr_assert_eq((int)(words[w / 64] >> (w % 64) & 1), fits, "state %d way %d", k, w);
            fits_here += (uint32_t)fits;
        }
        found += fits_here;
        cr_assert_eq(words[words_used - 1] >> (tb->ways % 64), 0,
                     "state %d: a bit past the last way", k);
        cr_assert_eq(summary, tb->counts ? fits_here : fits_here != 0, "state %d", k);
    }
    cr_assert_gt(found, 1000, "the states should leave ways to check");
}

Test(last_rows, five_rows_match_a_direct_check)
{
    dirty_stack();
    nq_last5_init();
    const table five = { NQ_LAST5_ROWS, NQ_LAST5_WAYS, 1, &nq_last5_perm[0][0], lookup_five };
    check_table(&five);
}

Test(last_rows, six_rows_match_a_direct_check)
{
    dirty_stack();
    nq_last6_init();
    const table six = { NQ_LAST6_ROWS, NQ_LAST6_WAYS, 0, &nq_last6_perm[0][0], lookup_six };
    check_table(&six);
}
