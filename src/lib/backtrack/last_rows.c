/* The tables for the last rows (last_rows.h says what they hold). */
#include "last_rows.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

nq_ways nq_last5_row[NQ_LAST5_ROWS][1 << NQ_LAST5_ROWS];
nq_ways nq_last5_apart[NQ_LAST5_GAPS][NQ_LAST5_GAPS][NQ_LAST5_GAPS][NQ_LAST5_GAPS];
int8_t nq_last5_perm[NQ_LAST5_WAYS][NQ_LAST5_ROWS];

uint64_t nq_last6_row[NQ_LAST6_ROWS][1 << NQ_LAST6_ROWS][NQ_LAST6_WORDS];
uint64_t nq_last6_apart[2][NQ_LAST6_GAPS * NQ_LAST6_GAPS * NQ_LAST6_GAPS * NQ_LAST6_GAPS]
                       [NQ_LAST6_WORDS];
uint64_t nq_last6_ends[NQ_LAST6_WORDS];
int8_t nq_last6_perm[NQ_LAST6_WAYS][NQ_LAST6_ROWS];

enum {
    WINDOW = 5,    /* free columns a gap table covers */
    MAX_T = 6,     /* rows of the largest table */
    MAX_WORDS = 12 /* 64-bit words of its masks */
};

/* Where a table of t rows keeps its masks, `words` 64-bit words each. */
typedef struct tables {
    int t, words;
    uint64_t *row, *apart, *ends;
    int8_t *perm;
} tables;

static void set_way(uint64_t *mask, int w)
{
    mask[w / 64] |= 1ull << (w % 64);
}

static void build(const tables *tb)
{
    const int t = tb->t, words = tb->words, g_count = t; /* gaps 0..t-2, t-1 for wider */
    /* meet[a][b][d]: the ways that put free columns a < b on rows d apart */
    uint64_t meet[MAX_T][MAX_T][MAX_T][MAX_WORDS] = { 0 }, all[MAX_WORDS] = { 0 };
    int codes = 1, w = 0, p[MAX_T];
    for (int i = 0; i < t; i++)
        codes *= t;
    /* All permutations, counting in base t with row 0 the most significant
     * digit and keeping the distinct: lexicographic order. */
    for (int code = 0; code < codes; code++) {
        int c = code, used = 0, ok = 1;
        for (int i = t - 1; i >= 0; i--, c /= t) {
            p[i] = c % t;
            ok &= !(used >> p[i] & 1);
            used |= 1 << p[i];
        }
        if (!ok)
            continue;
        for (int i = 0; i < t; i++)
            tb->perm[w * t + i] = (int8_t)p[i];
        for (int row = 0; row < t; row++)
            for (int x = 0; x < 1 << t; x++)
                if (x >> p[row] & 1)
                    set_way(tb->row + (size_t)(row << t | x) * (size_t)words, w);
        for (int i = 0; i < t; i++)
            for (int j = i + 1; j < t; j++)
                set_way(p[i] < p[j] ? meet[p[i]][p[j]][j - i] : meet[p[j]][p[i]][j - i], w);
        /* If all t free columns are adjacent, the two at the ends meet
         * exactly when they are on rows 0 and t-1. */
        if (tb->ends && abs(p[0] - p[t - 1]) != t - 1)
            set_way(tb->ends, w);
        set_way(all, w);
        w++;
    }
    /* Per window of free columns s..s+WINDOW-1 and its gaps: the ways in
     * which no two of its columns meet. */
    const int per_window = g_count * g_count * g_count * g_count;
    for (int s = 0; s + WINDOW <= t; s++)
        for (int g = 0; g < per_window; g++) {
            const int gaps[WINDOW - 1] = { g / (g_count * g_count * g_count),
                                           g / (g_count * g_count) % g_count,
                                           g / g_count % g_count, g % g_count };
            int pos[WINDOW] = { 0 };
            for (int k = 1; k < WINDOW; k++)
                pos[k] = pos[k - 1] + gaps[k - 1] + 1;
            uint64_t *m = tb->apart + (size_t)(s * per_window + g) * (size_t)words;
            memcpy(m, all, (size_t)words * sizeof *m);
            for (int a = 0; a < WINDOW; a++)
                for (int b = a + 1; b < WINDOW; b++)
                    if (pos[b] - pos[a] < t)
                        for (int k = 0; k < words; k++)
                            m[k] &= ~meet[s + a][s + b][pos[b] - pos[a]][k];
        }
}

static void build_five(void)
{
    /* Built in words, then stored as nq_ways. */
    uint64_t row[NQ_LAST5_ROWS << NQ_LAST5_ROWS][2] = { 0 },
             apart[NQ_LAST5_GAPS * NQ_LAST5_GAPS * NQ_LAST5_GAPS * NQ_LAST5_GAPS][2] = { 0 };
    const tables five = { NQ_LAST5_ROWS, 2, &row[0][0], &apart[0][0], NULL, &nq_last5_perm[0][0] };
    build(&five);
    for (int i = 0; i < NQ_LAST5_ROWS << NQ_LAST5_ROWS; i++)
        nq_last5_row[i >> NQ_LAST5_ROWS][i & ((1 << NQ_LAST5_ROWS) - 1)] =
            (nq_ways)row[i][1] << 64 | row[i][0];
    nq_ways *flat = &nq_last5_apart[0][0][0][0];
    for (size_t i = 0; i < sizeof apart / sizeof apart[0]; i++)
        flat[i] = (nq_ways)apart[i][1] << 64 | apart[i][0];
}

static void build_six(void)
{
    const tables six = { NQ_LAST6_ROWS, NQ_LAST6_WORDS, &nq_last6_row[0][0][0],
                         &nq_last6_apart[0][0][0], nq_last6_ends, &nq_last6_perm[0][0] };
    build(&six);
}

static pthread_once_t once_five = PTHREAD_ONCE_INIT, once_six = PTHREAD_ONCE_INIT;

void nq_last5_init(void)
{
    pthread_once(&once_five, build_five);
}

void nq_last6_init(void)
{
    pthread_once(&once_six, build_six);
}
