/* The tables for the last rows (last_rows.h says what they hold). */
#include "last_rows.h"

#include <pthread.h>
#include <stdlib.h>

nq_ways nq_tail_row[NQ_TAIL][1 << NQ_TAIL];
nq_ways nq_tail_apart[NQ_TAIL_GAPS][NQ_TAIL_GAPS][NQ_TAIL_GAPS][NQ_TAIL_GAPS];
int8_t nq_tail_perm[NQ_TAIL_WAYS][NQ_TAIL];

uint64_t nq_tail6_row[NQ_TAIL6][1 << NQ_TAIL6][NQ_TAIL6_WORDS];
uint64_t nq_tail6_apart[2][NQ_TAIL6_GAPS * NQ_TAIL6_GAPS * NQ_TAIL6_GAPS * NQ_TAIL6_GAPS]
                       [NQ_TAIL6_WORDS];
uint64_t nq_tail6_ends[NQ_TAIL6_WORDS];
int8_t nq_tail6_perm[NQ_TAIL6_WAYS][NQ_TAIL6];

/* Where a table of t rows keeps its masks: `words` 64-bit words per entry,
 * or one nq_ways when words is 0. */
typedef struct tables {
    int t, words;
    void *row, *apart, *ends;
    int8_t *perm;
} tables;

static void set_way(const tables *tb, void *base, size_t entry, int w)
{
    if (tb->words)
        ((uint64_t *)base)[entry * (size_t)tb->words + (size_t)(w / 64)] |= 1ull << (w % 64);
    else
        ((nq_ways *)base)[entry] |= (nq_ways)1 << w;
}

/* 1 if no two of the queens of rows i < j whose columns (p) lie in window
 * lo..lo+4 share a diagonal; pos: the columns' places on the board. */
static int window_apart(int t, const int *p, const int *pos, int lo)
{
    for (int i = 0; i < t; i++)
        for (int j = i + 1; j < t; j++)
            if (p[i] >= lo && p[i] <= lo + 4 && p[j] >= lo && p[j] <= lo + 4 &&
                abs(pos[p[i]] - pos[p[j]]) == j - i)
                return 0;
    return 1;
}

static void build(const tables *tb)
{
    const int t = tb->t, g_count = t; /* gaps 0..t-2, and t-1 for wider */
    int codes = 1;
    for (int i = 0; i < t; i++)
        codes *= t;
    int w = 0, p[8];
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
                    set_way(tb, tb->row, (size_t)(row << t | x), w);
        const int windows = t - 4, per_window = g_count * g_count * g_count * g_count;
        for (int s = 0; s < windows; s++)
            for (int g = 0; g < per_window; g++) {
                /* Columns s..s+4 at the gaps of g (most significant first). */
                int pos[8] = { 0 }, gaps[4] = { g / (g_count * g_count * g_count),
                                                g / (g_count * g_count) % g_count,
                                                g / g_count % g_count, g % g_count };
                for (int k = 0; k < 4; k++)
                    pos[s + k + 1] = pos[s + k] + gaps[k] + 1;
                if (window_apart(t, p, pos, s))
                    set_way(tb, tb->apart, (size_t)(s * per_window + g), w);
            }
        if (tb->ends) {
            if (abs(p[0] - p[t - 1]) != t - 1) /* columns as places: all adjacent */
                set_way(tb, tb->ends, 0, w);
        }
        w++;
    }
}

static void build_five(void)
{
    const tables five = { NQ_TAIL, 0, nq_tail_row, nq_tail_apart, NULL, &nq_tail_perm[0][0] };
    build(&five);
}

static void build_six(void)
{
    const tables six = { NQ_TAIL6, NQ_TAIL6_WORDS, nq_tail6_row, nq_tail6_apart, nq_tail6_ends,
                         &nq_tail6_perm[0][0] };
    build(&six);
}

static pthread_once_t once_five = PTHREAD_ONCE_INIT, once_six = PTHREAD_ONCE_INIT;

void nq_tail_init(void)
{
    pthread_once(&once_five, build_five);
}

void nq_tail6_init(void)
{
    pthread_once(&once_six, build_six);
}
