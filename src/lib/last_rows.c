/* The tables for the last NQ_TAIL rows (last_rows.h says what they hold). */
#include "last_rows.h"

#include <pthread.h>
#include <stdlib.h>

nq_ways nq_tail_row[NQ_TAIL][1 << NQ_TAIL];
nq_ways nq_tail_apart[NQ_TAIL_GAPS][NQ_TAIL_GAPS][NQ_TAIL_GAPS][NQ_TAIL_GAPS];
int8_t nq_tail_perm[NQ_TAIL_WAYS][NQ_TAIL];

static void build(void)
{
    int count = 0, p[NQ_TAIL];
    /* All permutations, counting in base NQ_TAIL with row 0 the most
     * significant digit and keeping the distinct: lexicographic order. */
    for (int code = 0; code < 3125 /* NQ_TAIL^NQ_TAIL */; code++) {
        int c = code, used = 0, ok = 1;
        for (int i = NQ_TAIL - 1; i >= 0; i--, c /= NQ_TAIL) {
            p[i] = c % NQ_TAIL;
            ok &= !(used >> p[i] & 1);
            used |= 1 << p[i];
        }
        if (!ok)
            continue;
        const int w = count++;
        const nq_ways bit = (nq_ways)1 << w;
        for (int i = 0; i < NQ_TAIL; i++)
            nq_tail_perm[w][i] = (int8_t)p[i];
        for (int row = 0; row < NQ_TAIL; row++)
            for (int x = 0; x < 1 << NQ_TAIL; x++)
                if (x >> p[row] & 1)
                    nq_tail_row[row][x] |= bit;
        enum { G = NQ_TAIL_GAPS };
        for (int g = 0; g < G * G * G * G; g++) {
            const int g1 = g % G, g2 = g / G % G, g3 = g / (G * G) % G, g4 = g / (G * G * G);
            const int pos[NQ_TAIL] = { 0, g1 + 1, g1 + g2 + 2, g1 + g2 + g3 + 3,
                                       g1 + g2 + g3 + g4 + 4 };
            int apart = 1;
            for (int i = 0; i < NQ_TAIL; i++)
                for (int j = i + 1; j < NQ_TAIL; j++)
                    apart &= abs(pos[p[i]] - pos[p[j]]) != j - i;
            if (apart)
                nq_tail_apart[g1][g2][g3][g4] |= bit;
        }
    }
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

void nq_tail_init(void)
{
    pthread_once(&once, build);
}
