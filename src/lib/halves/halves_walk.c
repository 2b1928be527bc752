/* The row sets of a piece in the order its count takes them:
 * halves_walk.h says why. */
#include "halves_walk.h"
#include "util.h"

void nq_rows_walk_start(rows_walk *r, const geom *G, const frame *f, const nq_halves_piece *piece)
{
    *r = (rows_walk){ .G = G, .f = f, .piece = piece, .row = *piece, .count = 1 };
    r->row.norths = 0;
    r->norths[0] = piece->north;
    const int most = piece->norths < NQ_HALVES_NORTHS_MOST ? piece->norths : NQ_HALVES_NORTHS_MOST;
    for (uint32_t x = piece->north; r->count < most && (x = nq_rows_next_north(f, x));)
        r->norths[r->count++] = x;
    r->at = r->count; /* a south set first */
    r->queens = f->west_queens - __builtin_popcount(piece->north);
    r->by_rows = nq_halves_by_rows(G, piece);
    r->done = r->queens < 0;
}

int nq_rows_walk_next(rows_walk *r, uint32_t *south, int *weight)
{
    const nq_halves_piece *piece = r->piece;
    for (;;) {
        if (r->at == r->count) { /* the next south set */
            for (;;) {
                if (r->done)
                    return 0;
                const uint32_t x = r->next;
                r->next = (x - r->f->south) & r->f->south;
                r->done = !r->next;
                if (__builtin_popcount(x) == r->queens &&
                    (piece->south == NQ_HALVES_ANY || piece->south == x)) {
                    r->south = x;
                    break;
                }
            }
            r->at = 0;
        }
        const uint32_t x = r->norths[r->at++];
        *weight = r->by_rows ? nq_halves_rows_weight(r->G, r->f, x, r->south) : piece->weight;
        if (*weight) {
            r->row.north = x;
            *south = r->south;
            return 1;
        }
    }
}

uint32_t nq_rows_walk_sets(const geom *G, const frame *f, const nq_halves_piece *piece)
{
    rows_walk r;
    nq_rows_walk_start(&r, G, f, piece);
    uint32_t sets = 0, south;
    int weight;
    while (nq_rows_walk_next(&r, &south, &weight))
        sets++;
    return sets;
}

uint32_t nq_rows_next_north(const frame *f, uint32_t x)
{
    /* x's rows among the free ones as an m-bit number, the next number
     * with as many bits, spread back: the plan walks every north set of the
     * band's pieces this way. */
    uint32_t y = 0, at[32];
    int m = 0;
    for (uint32_t left = f->north; left; left &= left - 1, m++) {
        at[m] = left & -left;
        y |= (x & at[m]) ? 1u << m : 0;
    }
    if (!y)
        return 0;
    const uint64_t next = nq_next_same_bits(y);
    if (next >> m)
        return 0;
    uint32_t out = 0;
    for (int i = 0; i < m; i++)
        out |= (next >> i & 1) ? at[i] : 0;
    return out;
}
