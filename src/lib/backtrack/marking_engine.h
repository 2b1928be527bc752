/* The marking engine's arrays (marking_engine.c), which the available
 * engine's search also checks its diagonals with. Inline, as they were when
 * both searches shared a file: they are the inner loops' test. */
#ifndef NQ_MARKING_ENGINE_H
#define NQ_MARKING_ENGINE_H

#include "nqueens.h"

#include <stdbool.h>

/* Occupied columns and diagonals: r + c is constant on one diagonal
 * direction, r - c (shifted by n - 1) on the other. */
typedef struct board_marks {
    bool col[NQ_MAX_N];
    bool sum[2 * NQ_MAX_N - 1];
    bool diff[2 * NQ_MAX_N - 1];
} board_marks;

static inline bool marks_free(const board_marks *m, int n, int row, int c)
{
    return !m->col[c] && !m->sum[row + c] && !m->diff[row - c + n - 1];
}

static inline void marks_set(board_marks *m, int n, int row, int c, bool on)
{
    m->col[c] = on;
    m->sum[row + c] = on;
    m->diff[row - c + n - 1] = on;
}

#endif
