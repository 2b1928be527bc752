/* The halves engine's pairs of one row set R: a block of one side's
 * half-boards at a time made into the matcher's tables, every block of the
 * other side scanned against them, from a position a stopped count told.
 * Even n with the transpose (halves_transpose.h): the main pass counts its
 * pairs twice, and the ties' passes after it. At the end, their slices
 * for estimates (halves_rows.h). halves.h says what the method is. */
#include "halves_rows.h"
#include "halves_match_priv.h"
#include "util.h"

int nq_rows_read(nq_halves_work *w, int k, uint64_t *buf, size_t cap, size_t blocks,
                 const volatile int *stop, size_t *read, size_t *last)
{
    *read = *last = 0;
    w->sides[k].stop = stop;
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

/* The pairs of the west and east blocks in the buffers, the tables used
 * once: the larger block's, whose more index bits leave fewer vectors to
 * test (the pairs are the same either way). */
static int count_once(nq_halves_work *w, size_t nw, size_t ne, uint64_t *count)
{
    const int bits = 2 * w->G.nd;
    return nw > ne ? nq_match_count(w->match, w->east, ne, w->west, nw, bits, count)
                   : nq_match_count(w->match, w->west, nw, w->east, ne, bits, count);
}

/* The band, where the scanned side is one block: the prepared side's
 * placements that no half-board of it may meet are left out before they
 * are joined (halves_live.h). The table depends on that block alone, so
 * every pass over the side makes the same blocks, of fewer half-boards: a
 * mark's position is in these (halves_marks.c's layout 3). */
#define LIVE_WEST_MOST 4096 /* beyond, few placements meet every west half-board: n = 26's
                             * balanced row sets (15,000 against 70,000) took 1.5x the time */
#define LIVE_WEST_LEAST 64 /* below, a row set's joins are few (the band's tests at small
                            * n), and its table's set-up is not worth making */
static int live_only(nq_halves_work *w, int k, const volatile int *stop, size_t *single)
{
    stream *scanned = &w->sides[!k];
    nq_stream_live(&w->sides[k], NULL);
    *single = 0;
    if (w->G.g != 2 || w->transpose)
        return 0;
    nq_stream_rewind(scanned);
    scanned->stop = stop;
    size_t nw;
    const int err = nq_stream_next(scanned, w->join, w->west, w->z.west, &nw);
    if (!err && nw && !nq_stream_more(scanned))
        *single = nw; /* in w->west, for every east block */
    else
        nq_stream_rewind(scanned);
    const int one = *single >= LIVE_WEST_LEAST && *single <= LIVE_WEST_MOST;
    if (one) {
        /* The footprint bits each list's placements can set: those of
         * every diagonal. */
        const uint32_t diagonals = (uint32_t)((1ull << w->G.nd) - 1);
        const qent all = { w->G.quad, diagonals, diagonals };
        for (int south = 0; south < 2; south++) {
            uint64_t c, settable;
            nq_quad_role(&w->G, w->sides[k].east, south, &all, &c, &settable);
            nq_live_build(&w->live[south], w->west, nw, settable);
        }
        nq_stream_live(&w->sides[k], w->live);
    }
    return err;
}

/* The disjoint pairs of R's half-boards, a block of side k's (east, or
 * the smaller side of a tie pass) against every block of the other's in
 * turn, into pos->pairs, from where pos says (a resumed count reads past
 * the blocks done: NQ_ERR(ESTALE) if there are fewer than it says). */
static int count_rows(nq_halves_work *w, int k, const volatile int *stop, nq_halves_pos *pos,
                      nq_halves_tell *tell)
{
    stream *scanned = &w->sides[!k];
    w->match->stop = w->sides[0].stop = w->sides[1].stop = stop;
    size_t single; /* the scanned side's half-boards where they are one block, read */
    const int live = live_only(w, k, stop, &single);
    if (live) {
        if (live == NQ_ERR(EINTR))
            nq_rows_tell(tell, pos);
        return live;
    }
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
        if (!single)
            nq_stream_rewind(scanned);
        uint64_t b = 0;
        for (;; b++) {
            if (nq_stop_seen(stop)) {
                nq_rows_tell(tell, pos);
                return NQ_ERR(EINTR);
            }
            if (single) /* the one block, read by live_only: not joined again */
                nw = b ? 0 : single;
            else
                err = nq_stream_next(scanned, w->join, w->west, w->z.west, &nw);
            if (!err && !nw)
                break;
            /* A scanned side of one block meets each east block once: the
             * tables are built as the scan comes to them (nq_match_count). */
            const int once = !err && !b && (single || !nq_stream_more(scanned));
            /* The index bits from the first west block and this east one. */
            if (!err && !b && !once)
                err = nq_match_prepare(w->match, w->west, nw, w->east, ne, 2 * w->G.nd);
            if (err)
                return err;
            if (b < pos->west)
                continue; /* scanned before a stop: its pairs are in pos */
            uint64_t c = 0;
            err = once ? count_once(w, nw, ne, &c)
                       : nq_match_scan(w->match, w->west, nw, &c);
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

/* The main pass's blocks of row set pos->set for the progress, unless
 * tell has them (nq_halves_tell): a pass over each side, the streams left
 * at their start. */
static int find_blocks(nq_halves_work *w, const volatile int *stop, const nq_halves_pos *pos,
                       nq_halves_tell *tell)
{
    if (!tell || !tell->find_blocks || (tell->blocks && tell->blocks_set == pos->set))
        return 0;
    nq_pass_slice pass;
    const int err = nq_slice_pass(w, 1, NULL, stop, &pass);
    if (err)
        return err;
    tell->blocks_set = pos->set;
    tell->blocks = pass.blocks[0] && pass.blocks[1] && pass.blocks[0] <= UINT32_MAX &&
                           pass.blocks[1] <= UINT32_MAX
                       ? (uint64_t)pass.blocks[0] << 32 | pass.blocks[1]
                       : 0;
    return 0;
}

/* R's pairs, weighted: for even n the main pass (with marks) counts twice
 * and the ties after it; a stop among the ties leaves the main pass's
 * position (its last block done), so a resumed count does only the ties. */
int nq_rows_count(nq_halves_work *w, const nq_halves_piece *piece, uint32_t south,
                  const volatile int *stop, nq_halves_pos *pos, nq_halves_tell *tell)
{
    transpose t;
    if (w->transpose)
        nq_rows_keep_main(w, &t, piece, south);
    int err = find_blocks(w, stop, pos, tell);
    if (err) {
        if (err == NQ_ERR(EINTR))
            nq_rows_tell(tell, pos);
        return err;
    }
    if (!w->transpose)
        return count_rows(w, 1, stop, pos, tell);
    uint64_t ties;
    err = count_rows(w, 1, stop, pos, tell);
    if (!err)
        err = nq_rows_ties(w, &t, stop, &ties);
    if (err == NQ_ERR(EINTR))
        nq_rows_tell(tell, pos);
    if (!err)
        pos->pairs = 2 * pos->pairs + ties;
    return err;
}

/* -------------------------------------------------------------- slices */

/* For estimates only (halves_rows.h); a count never comes here. The
 * picked pair of a pass: the prepared block, its tables from the first
 * scanned block (as count_rows makes them), then the scanned block; a
 * scanned side of one block, both at once (as count_rows). */
static int pick_blocks(nq_halves_work *w, int k, const uint64_t pick[2], const volatile int *stop,
                       nq_pass_slice *out)
{
    for (int r = 0; r < 2; r++)
        out->block[r] = (size_t)(pick[1 - r] % out->blocks[r]);
    size_t read, ne, nw;
    int err = nq_rows_read(w, k, w->east, w->z.east, out->block[1] + 1, stop, &read, &ne);
    if (!err)
        err = nq_rows_read(w, !k, w->west, w->z.west, 1, stop, &read, &nw);
    if (err)
        return err;
    w->match->stop = stop;
    double t = nq_thread_cpu();
    if (out->blocks[0] == 1) { /* as count_rows: the tables built as the scan goes */
        err = count_once(w, nw, ne, &out->pairs);
        out->scan_seconds = nq_thread_cpu() - t;
        return err;
    }
    err = nq_match_prepare(w->match, w->west, nw, w->east, ne, 2 * w->G.nd);
    out->prepare_seconds = nq_thread_cpu() - t;
    if (!err && out->block[0])
        err = nq_rows_read(w, !k, w->west, w->z.west, out->block[0], stop, &read, &nw);
    if (err)
        return err;
    t = nq_thread_cpu();
    err = nq_match_scan(w->match, w->west, nw, &out->pairs);
    out->scan_seconds = nq_thread_cpu() - t;
    return err;
}

int nq_slice_pass(nq_halves_work *w, int k, const uint64_t pick[2], const volatile int *stop,
                  nq_pass_slice *out)
{
    *out = (nq_pass_slice){ 0 };
    /* By role, as count_rows reads them: the scanned side into the west
     * buffer, the prepared one into the east. */
    stream *const side[2] = { &w->sides[!k], &w->sides[k] };
    uint64_t *const buf[2] = { w->west, w->east };
    const size_t cap[2] = { w->z.west, w->z.east };
    size_t last, single;
    int err = live_only(w, k, stop, &single);
    for (int r = 1; r >= 0 && !err; r--) {
        nq_stream_rewind(side[r]);
        const double t = nq_thread_cpu();
        err = nq_rows_read(w, r ? k : !k, buf[r], cap[r], SIZE_MAX, stop, &out->blocks[r], &last);
        out->pass_seconds[r] = nq_thread_cpu() - t;
        nq_stream_rewind(side[r]);
    }
    if (!err && pick && out->blocks[0] && out->blocks[1])
        err = pick_blocks(w, k, pick, stop, out);
    return err;
}

double nq_slice_pass_seconds(const nq_pass_slice *s)
{
    /* count_rows: a pass over the prepared side, and for each of its
     * blocks a pass over the scanned side, the tables, a scan per block. */
    const double prepared = (double)s->blocks[1], scanned = (double)s->blocks[0];
    return s->pass_seconds[1] + prepared * (s->pass_seconds[0] + s->prepare_seconds) +
           prepared * scanned * s->scan_seconds;
}

int nq_slice_ties(nq_halves_work *w, const transpose *t, const uint64_t pick[NQ_SLICE_PICKS],
                  const volatile int *stop, nq_rows_slice *out)
{
    for (int j = 1; j < NQ_TRANSPOSE_PASSES; j++) {
        int prepared;
        unsigned weight;
        out->pass_weight[j] = 0;
        out->pass[j] = (nq_pass_slice){ 0 };
        if (!nq_transpose_pass(t, j, w->keep[0], w->keep[1], &prepared, &weight))
            continue;
        const int err = nq_slice_pass(w, prepared, pick + 1 + 2 * j, stop, &out->pass[j]);
        if (err)
            return err;
        out->pass_weight[j] = weight;
    }
    return 0;
}

void nq_halves_slice_picks(const uint64_t pick[3], uint64_t out[NQ_SLICE_PICKS])
{
    /* Each tie pass's from the main pass's pick for the same role, mixed
     * with the pass: a bijection of a uniform pick, so uniform too. */
    for (int j = 0; j < NQ_SLICE_PICKS; j++) {
        uint64_t state = pick[j < 3 ? j : 2 - j % 2] + (uint64_t)j * 0xd1b54a32d192ed03u;
        out[j] = j < 3 ? pick[j] : nq_splitmix64(&state);
    }
}

nq_u128 nq_rows_slice_pairs(const nq_rows_slice *s, int from, int to)
{
    nq_u128 sum = 0;
    for (int j = from; j < to; j++) {
        const nq_pass_slice *p = &s->pass[j];
        sum += (nq_u128)p->pairs * p->blocks[0] * p->blocks[1] * s->pass_weight[j];
    }
    return sum;
}

double nq_rows_slice_seconds(const nq_rows_slice *s, int from, int to)
{
    double sum = 0;
    for (int j = from; j < to; j++)
        sum += s->pass_weight[j] ? nq_slice_pass_seconds(&s->pass[j]) : 0;
    return sum;
}
