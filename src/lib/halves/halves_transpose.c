/* Even n: the transpose's half of the square's symmetries, as passes over
 * a row set's half-boards; halves_transpose.h says why it holds. */
#include "halves_transpose.h"
#include "util.h"

#include <string.h>

static inline uint32_t key(uint32_t a, uint32_t b)
{
    return a << 16 | b;
}

static inline uint32_t least(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

/* min(x, ~x) within the quadrant. */
static inline uint32_t u(const geom *G, uint32_t x)
{
    return least(x, G->quad & ~x);
}

uint32_t nq_transpose_key(const geom *G, uint32_t a, uint32_t b)
{
    const uint32_t ca = G->quad & ~a, cb = G->quad & ~b;
    return least(least(key(a, b), key(b, a)), least(key(ca, cb), key(cb, ca)));
}

/* The order of the orbits: min and max of u() over the two masks (the
 * same for every member), then the least key. */
static uint64_t order_of(const geom *G, uint32_t x, uint32_t y)
{
    const uint32_t ux = u(G, x), uy = u(G, y);
    return (uint64_t)least(ux, uy) << 48 | (uint64_t)(ux ^ uy ^ least(ux, uy)) << 32 |
           nq_transpose_key(G, x, y);
}

void nq_transpose_start(transpose *t, const geom *G, uint32_t north, uint32_t south)
{
    t->G = G;
    t->ord = order_of(G, north, nq_halves_reverse(G, south));
    t->low = (uint32_t)(t->ord >> 48);
    t->high = (uint32_t)(t->ord >> 32) & 0xffff;
    /* The west side's north quadrant holds a queen per north row of R. */
    t->queens[0] = __builtin_popcount(north);
    t->queens[1] = G->h - t->queens[0];
}

/* The weight of the pair with north columns (x, y): 2, 1 or 0. */
static unsigned weight_of(const transpose *t, uint32_t x, uint32_t y)
{
    const uint64_t o = order_of(t->G, x, y);
    return o > t->ord ? 2 : o == t->ord;
}

/* The column sets of `queens` queens, in increasing order; returns 0 after
 * the last. */
static int next_set(const geom *G, int queens, uint32_t *x, int *started)
{
    if (!*started) {
        *started = 1;
        *x = queens ? (1u << queens) - 1 : 0;
        return 1;
    }
    if (!*x)
        return 0;
    const uint64_t next = nq_next_same_bits(*x);
    if (next > G->quad)
        return 0;
    *x = (uint32_t)next;
    return 1;
}

/* Side k's column sets whose u() is above `above` (or equal to `equal`
 * when above is UINT32_MAX). How many. */
static size_t keep_range(const transpose *t, int k, uint32_t above, uint32_t equal, uint8_t *keep)
{
    size_t kept = 0;
    uint32_t x;
    int started = 0;
    while (next_set(t->G, t->queens[k], &x, &started)) {
        const uint32_t ux = u(t->G, x);
        if (above == UINT32_MAX ? ux == equal : ux > above)
            kept += keep[x] = 1;
    }
    return kept;
}

int nq_transpose_pass(const transpose *t, int j, uint8_t *keep_west, uint8_t *keep_east,
                      int *prepared, unsigned *weight)
{
    const geom *G = t->G;
    const size_t size = (size_t)1 << G->h;
    memset(keep_west, 0, size);
    memset(keep_east, 0, size);
    *weight = 2;
    const uint32_t P = t->low, S = t->high;
    if (j == 0) { /* both u() above P: min(u) above R's */
        *prepared = 1;
        return keep_range(t, 0, P, 0, keep_west) && keep_range(t, 1, P, 0, keep_east);
    }
    if (j == 1) { /* west u() = P, east above S: max(u) above R's */
        *prepared = 0;
        return keep_range(t, 0, UINT32_MAX, P, keep_west) && keep_range(t, 1, S, 0, keep_east);
    }
    if (j == 2) { /* east u() = P, west above S */
        *prepared = 1;
        return keep_range(t, 0, S, 0, keep_west) && keep_range(t, 1, UINT32_MAX, P, keep_east);
    }
    /* 3..10: (min, max) of u() = (P, S), weighed exactly: one west column
     * set a (P, ~P, S, ~S) against the east ones of weight 1, then 2. */
    const int i = (j - 3) / 2;
    const uint32_t base = i < 2 ? P : S, a = i % 2 ? G->quad & ~base : base;
    if ((i % 2 && a == base) || (i >= 2 && S == P) ||
        __builtin_popcount(a) != t->queens[0])
        return 0;
    keep_west[a] = 1;
    *weight = (unsigned)((j - 3) % 2 + 1);
    *prepared = 0;
    const uint32_t partner = i < 2 ? S : P;
    size_t kept = 0;
    uint32_t y;
    int started = 0;
    while (next_set(G, t->queens[1], &y, &started))
        if (u(G, y) == partner && weight_of(t, a, y) == *weight)
            kept += keep_east[y] = 1;
    return kept > 0;
}
