/* A plain search for every solution: plain_boards.h. */
#include "plain_boards.h"

#include <stdlib.h>
#include <string.h>

static void place(solutions *s, int8_t *p, int row)
{
    if (row == s->n) {
        s->boards = realloc(s->boards, (size_t)(s->count + 1) * sizeof *s->boards);
        memcpy(s->boards[s->count++], p, NQ_MAX_N);
        return;
    }
    for (int c = 0; c < s->n; c++) {
        int ok = 1;
        for (int r = 0; r < row && ok; r++)
            ok = p[r] != c && abs(p[r] - c) != row - r;
        if (ok) {
            p[row] = (int8_t)c;
            place(s, p, row + 1);
        }
    }
}

solutions all_solutions(int n)
{
    solutions s = { .n = n };
    int8_t p[NQ_MAX_N] = { 0 };
    place(&s, p, 0);
    return s;
}
