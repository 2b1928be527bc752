/* The halves engine's pairs of one row set R: a block of one side's
 * half-boards at a time made into the matcher's tables, every block of the
 * other side scanned against them, from a position a stopped count told.
 * Even n with the transpose (halves_transpose.h): the main pass counts its
 * pairs twice, and the ties' passes after it. halves.h says what the
 * method is. */
#include "halves_work.h"
#include "halves_match_priv.h"
#include "util.h"

int nq_rows_read(nq_halves_work *w, int k, uint64_t *buf, size_t cap, size_t blocks,
                 const volatile int *stop, size_t *read, size_t *last)
{
    *read = *last = 0;
    while (*read < blocks) {
        if (nq_stop_seen(stop))
            return NQ_ERR(EINTR);
        size_t got;
        const int err = nq_stream_next(&w->sides[k], w->join, buf, cap, &got);
        if (err || !got)
            return err;
        ++*read;
        *last = got;
    }
    return 0;
}

/* Tells where the count is, at most once a `every` seconds, and always at
 * a stop (then exactly: after the last west block scanned). */
void nq_rows_tell(nq_halves_tell *tell, const nq_halves_pos *pos)
{
    if (tell) {
        tell->tell(tell->ctx, pos);
        tell->next = nq_now() + tell->every;
    }
}

static void tell_sometimes(nq_halves_tell *tell, const nq_halves_pos *pos)
{
    if (tell && nq_now() >= tell->next)
        nq_rows_tell(tell, pos);
}

/* The disjoint pairs of R's half-boards, a block of side k's (east, or
 * the smaller side of a tie pass) against every block of the other's in
 * turn, into pos->pairs, from where pos says (a resumed count reads past
 * the blocks done: NQ_ERR(ESTALE) if there are fewer than it says). */
static int count_rows(nq_halves_work *w, int k, const volatile int *stop, nq_halves_pos *pos,
                      nq_halves_tell *tell)
{
    stream *scanned = &w->sides[!k];
    w->match->stop = stop;
    if (pos->east) {
        size_t read, last;
        const int err = nq_rows_read(w, k, w->east, w->z.east, pos->east, stop, &read, &last);
        if (err || read < pos->east) {
            if (err == NQ_ERR(EINTR))
                nq_rows_tell(tell, pos);
            return err ? err : NQ_ERR(ESTALE);
        }
    }
    for (;;) {
        size_t ne, nw;
        int err = nq_stream_next(&w->sides[k], w->join, w->east, w->z.east, &ne);
        if (err || !ne)
            return err ? err : pos->west ? NQ_ERR(ESTALE) : 0;
        nq_stream_rewind(scanned);
        uint64_t b = 0;
        for (;; b++) {
            if (nq_stop_seen(stop)) {
                nq_rows_tell(tell, pos);
                return NQ_ERR(EINTR);
            }
            err = nq_stream_next(scanned, w->join, w->west, w->z.west, &nw);
            if (!err && !nw)
                break;
            /* The index bits from the first west block and this east one. */
            if (!err && !b)
                err = nq_match_prepare(w->match, w->west, nw, w->east, ne, 2 * w->G.nd);
            if (err)
                return err;
            if (b < pos->west)
                continue; /* scanned before a stop: its pairs are in pos */
            uint64_t c = 0;
            err = nq_match_scan(w->match, w->west, nw, &c);
            if (err) {
                if (err == NQ_ERR(EINTR))
                    nq_rows_tell(tell, pos);
                return err;
            }
            pos->pairs += c;
            pos->west = b + 1;
            tell_sometimes(tell, pos);
        }
        if (b < pos->west)
            return NQ_ERR(ESTALE);
        pos->east++;
        pos->west = 0;
    }
}

void nq_rows_keep_main(nq_halves_work *w, transpose *t, const nq_halves_piece *piece,
                       uint32_t south)
{
    int prepared;
    unsigned weight;
    nq_transpose_start(t, &w->G, piece->north, south);
    nq_transpose_pass(t, 0, w->keep[0], w->keep[1], &prepared, &weight);
    for (int k = 0; k < 2; k++)
        nq_stream_keep(&w->sides[k], w->keep[k]);
}

int nq_rows_ties(nq_halves_work *w, const transpose *t, const volatile int *stop,
                 uint64_t *ties)
{
    *ties = 0;
    for (int j = 1; j < NQ_TRANSPOSE_PASSES; j++) {
        int prepared;
        unsigned weight;
        if (!nq_transpose_pass(t, j, w->keep[0], w->keep[1], &prepared, &weight))
            continue;
        nq_halves_pos at = { 0 };
        for (int k = 0; k < 2; k++)
            nq_stream_rewind(&w->sides[k]);
        const int err = count_rows(w, prepared, stop, &at, NULL);
        if (err)
            return err;
        *ties += at.pairs * weight;
    }
    return 0;
}

/* R's pairs, weighted: for even n the main pass (with marks) counts twice
 * and the ties after it; a stop among the ties leaves the main pass's
 * position (its last block done), so a resumed count does only the ties. */
int nq_rows_count(nq_halves_work *w, const nq_halves_piece *piece, uint32_t south,
                  const volatile int *stop, nq_halves_pos *pos, nq_halves_tell *tell)
{
    if (!w->transpose)
        return count_rows(w, 1, stop, pos, tell);
    transpose t;
    nq_rows_keep_main(w, &t, piece, south);
    uint64_t ties;
    int err = count_rows(w, 1, stop, pos, tell);
    if (!err)
        err = nq_rows_ties(w, &t, stop, &ties);
    if (err == NQ_ERR(EINTR))
        nq_rows_tell(tell, pos);
    if (!err)
        pos->pairs = 2 * pos->pairs + ties;
    return err;
}
