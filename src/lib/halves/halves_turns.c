/* The solutions a half or a quarter turn leaves as they are (S180, S90),
 * which U(n) needs beside Q(n): a bit-mask search and the plain orbit
 * search it is tested against. */
#include "halves_turns.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------- symmetric solutions */

/* A stop is looked at this deep in the searches: their subtrees there take
 * well under a second even at n = 32. */
#define STOP_DEPTH 4

typedef struct turn_search {
    int n, turns;
    uint8_t row[32], col[32], up[64], down[64]; /* occupied rows, columns, diagonals */
    uint64_t found;
    const volatile int *stop;
    int stopped;
} turn_search;
/* The image of (r, c) under `turns` quarter turns. */
static void turn(int n, int turns, int *r, int *c)
{
    for (int t = 0; t < turns; t++) {
        const int r0 = *r;
        *r = *c;
        *c = n - 1 - r0;
    }
}

/* Places the orbit of (r, c); returns how many cells were placed (into
 * cells[]), or -1 (and places nothing) if a cell is attacked. */
static int place_orbit(turn_search *t, int r, int c, int cells[4][2])
{
    int placed = 0;
    for (int k = 0; k < 4; k++) {
        int dup = 0;
        for (int j = 0; j < placed; j++)
            dup |= cells[j][0] == r && cells[j][1] == c;
        if (!dup) {
            if (t->row[r] || t->col[c] || t->up[r + c] || t->down[r - c + t->n - 1]) {
                for (int j = 0; j < placed; j++) {
                    const int y = cells[j][0], x = cells[j][1];
                    t->row[y] = t->col[x] = t->up[y + x] = t->down[y - x + t->n - 1] = 0;
                }
                return -1;
            }
            t->row[r] = t->col[c] = t->up[r + c] = t->down[r - c + t->n - 1] = 1;
            cells[placed][0] = r;
            cells[placed][1] = c;
            placed++;
        }
        turn(t->n, t->turns, &r, &c);
    }
    return placed;
}

/* Every solution the turn leaves alone is a union of orbits: the first
 * empty row's queen decides the next orbit, so each is found once. */
static void turn_rows(turn_search *t, int r)
{
    if (r == STOP_DEPTH && nq_stop_seen(t->stop))
        t->stopped = 1;
    if (t->stopped)
        return;
    while (r < t->n && t->row[r])
        r++;
    if (r == t->n) {
        t->found++;
        return;
    }
    for (int c = 0; c < t->n; c++) {
        int cells[4][2];
        const int placed = place_orbit(t, r, c, cells);
        if (placed < 0)
            continue;
        turn_rows(t, r + 1);
        for (int j = 0; j < placed; j++) {
            const int y = cells[j][0], x = cells[j][1];
            t->row[y] = t->col[x] = t->up[y + x] = t->down[y - x + t->n - 1] = 0;
        }
    }
}

/* The solutions with the first row's queen in column `first` (-1: any). */
static int orbits_from(int n, int quarter_turns, int first, const volatile int *stop,
                       uint64_t *found)
{
    turn_search t;
    memset(&t, 0, sizeof t);
    t.n = n;
    t.turns = quarter_turns;
    t.stop = stop;
    if (first < 0) {
        turn_rows(&t, 0);
    } else {
        int cells[4][2];
        if (place_orbit(&t, 0, first, cells) >= 0)
            turn_rows(&t, 1);
    }
    *found = t.found;
    return t.stopped ? NQ_ERR(EINTR) : 0;
}

uint64_t nq_halves_invariant_orbits(int n, int quarter_turns)
{
    uint64_t found;
    orbits_from(n, quarter_turns, -1, NULL, &found);
    return found;
}

/* S180 by bit masks: a queen at (r, c) of the top half brings its image at
 * (n-1-r, n-1-c), so the column set and both diagonal sets are symmetric
 * (index i with its mirror 2n-2-i): testing the queen's own bits tests the
 * image's. Diagonals are indexed by r+c and c-r+n-1, at most 62. The queen
 * and its image share a diagonal when c = r or c = n-1-r. */
typedef struct half_turn {
    int n;
    uint32_t first[2]; /* the columns rows 0 and 1 may use (a part of the search) */
    const volatile int *stop;
    int stopped;
} half_turn;

static uint64_t half_turn_rows(half_turn *x, int r, uint32_t cols, uint64_t up, uint64_t down)
{
    const int n = x->n;
    if (r == n / 2)
        return 1;
    if (r == STOP_DEPTH && nq_stop_seen(x->stop))
        x->stopped = 1;
    if (x->stopped)
        return 0;
    uint32_t avail = nq_full_mask(n) & ~cols & ~(uint32_t)(up >> r) &
                    ~(uint32_t)(down >> (n - 1 - r)) & ~(1u << r) & ~(1u << (n - 1 - r));
    if (r < 2)
        avail &= x->first[r];
    uint64_t found = 0;
    const int last = 2 * n - 2;
    while (avail) {
        const int c = __builtin_ctz(avail);
        avail &= avail - 1;
        const int u = r + c, d = c - r + n - 1;
        found += half_turn_rows(x, r + 1, cols | 1u << c | 1u << (n - 1 - c),
                                up | 1ull << u | 1ull << (last - u),
                                down | 1ull << d | 1ull << (last - d));
    }
    return found;
}

int nq_halves_turn_part(int n, int quarter_turns, int c0, int c1, const volatile int *stop,
                        uint64_t *found)
{
    if (quarter_turns != 2)
        return orbits_from(n, quarter_turns, c0, stop, found);
    half_turn x = { .n = n, .stop = stop };
    x.first[0] = c0 < 0 ? UINT32_MAX : 1u << c0;
    x.first[1] = c1 < 0 ? UINT32_MAX : 1u << c1;
    /* An odd board's middle row maps to itself: its queen is the centre. */
    const uint64_t centre = n % 2 ? 1ull << (n - 1) : 0;
    *found = half_turn_rows(&x, 0, n % 2 ? 1u << (n / 2) : 0, centre, centre);
    return x.stopped ? NQ_ERR(EINTR) : 0;
}

uint64_t nq_halves_invariant(int n, int quarter_turns)
{
    uint64_t found;
    nq_halves_turn_part(n, quarter_turns, -1, -1, NULL, &found);
    return found;
}
