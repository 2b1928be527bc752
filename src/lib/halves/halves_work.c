/* The halves engine's half-boards: per-thread workspace, the quadrant
 * placements, their join into west and east half-boards, and a piece's
 * count (the pairs matched by halves_match.c). halves.h says what the
 * method is. */
#include "halves_work.h"
#include "halves_rows.h"
#include "halves_match_priv.h"
#include "halves_walk.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- workspace */

/* struct nq_halves_work: halves_work.h */

int nq_halves_transposes(int n)
{
    return n % 2 == 0 && n >= NQ_HALVES_TRANSPOSE_FROM && geom_of(n).g == 0;
}

void nq_halves_work_transpose(nq_halves_work *w, int on)
{
    w->transpose = on && !w->G.g && w->G.n > 1;
}

nq_halves_sizes nq_halves_sizes_for(size_t budget)
{
    /* Bytes per entry: a memo's NQ_MEMO_ENTRY (24); a held one 12 + 20 + 24
     * (as enumerated, in the join's form, in bucket order with its bucket); a
     * west footprint 8 + 36 in the matcher (a table offset per chunk, its
     * group); an east one 8 + 54 (its tables, at most 32 bytes: 2 a chunk
     * of 4 bits, 4 a chunk of 5; with groups padded to whole vectors: at
     * most half as much again, and a page), the matcher's with its
     * buffers' 7% slack (nq_match_reserve).
     * A quarter of the budget to the memo (one pool for the four kinds of
     * list), an eighth to the held chunks,
     * an eighth to the west block and three eighths to the east one: each
     * east block streams every west block past it, so fewer east blocks
     * join the west half-boards fewer times (at the default budget blocks
     * split from n = 22 on: the largest east side in a sample of n = 21's
     * pieces was 59,557). */
    if (budget < NQ_HALVES_BUDGET_MIN)
        budget = NQ_HALVES_BUDGET_MIN;
    nq_halves_sizes z = { .budget = budget };
    z.memo = budget / 4 / NQ_MEMO_ENTRY;
    z.held = budget / 16 / 56;
    z.west = budget / 8 / 47;
    z.east = budget / 8 * 3 / 62;
    if (z.west < z.held)
        z.west = z.held;
    if (z.east < z.held)
        z.east = z.held;
    return z;
}

/* A thread's fixed buffers, carved from its block (util.h's two passes). */
static void carve(nq_halves_work *w, nq_carve *c)
{
    for (int k = 0; k < 2; k++) {
        nq_stream_carve(&w->sides[k], &w->G, k, w->z.held, c);
        w->keep[k] = nq_carve_take(c, (size_t)1 << w->G.h);
    }
    nq_memo_carve(&w->memo, w->G.h, w->z.memo, c);
    w->west = nq_carve_take(c, w->z.west * sizeof *w->west);
    w->east = nq_carve_take(c, w->z.east * sizeof *w->east);
}

int nq_halves_work_create(nq_halves_work **out, int n, nq_level level, size_t budget)
{
    *out = NULL;
    nq_halves_work *w = calloc(1, sizeof *w);
    if (!w)
        return NQ_ERR(ENOMEM);
    w->G = geom_of(n);
    w->transpose = nq_halves_transposes(n);
    w->z = w->own = nq_halves_sizes_for(budget ? budget : NQ_HALVES_BUDGET_DEFAULT);
    int err = nq_match_create(&w->match, level);
    w->join = nq_halves_join_fn(level);
    /* One block, not a mapping per buffer: two threads mapping and
     * unmapping 30 buffers each at once waited on each other's memory-map
     * lock (count 16 -t 2: 1 ms of 32). calloc: the streams' per-set
     * scratch starts at zero, and a large block is fresh pages, touched
     * only where used. */
    nq_carve size = { 0 };
    carve(w, &size);
    w->block_bytes = nq_carve_block_bytes(&size);
    if (!err && !(w->block = calloc(1, w->block_bytes)))
        err = NQ_ERR(ENOMEM);
    if (err) {
        nq_halves_work_destroy(w);
        return err;
    }
    nq_carve c = nq_carve_from(w->block);
    carve(w, &c);
    nq_memo_clear(&w->memo, w->G.h);
    *out = w;
    return 0;
}

void nq_halves_work_destroy(nq_halves_work *w)
{
    if (!w)
        return;
    for (int k = 0; k < 2; k++)
        free(w->all[k]);
    free(w->block);
    nq_match_destroy(w->match);
    free(w);
}

int nq_halves_work_reshape(nq_halves_work *w, size_t budget)
{
    const nq_halves_sizes z = nq_halves_sizes_for(budget);
    if (z.budget == w->z.budget)
        return 0;
    const nq_halves_sizes was = w->z;
    w->z = z;
    nq_carve size = { 0 };
    carve(w, &size);
    const size_t bytes = nq_carve_block_bytes(&size);
    if (bytes > w->block_bytes) {
        w->z = was;
        return NQ_ERR(EINVAL);
    }
    /* The streams' per-set scratch must start at zero, as calloc left it;
     * the buffers now lie elsewhere in the block. */
    memset(w->block, 0, bytes);
    nq_carve c = nq_carve_from(w->block);
    carve(w, &c);
    nq_memo_clear(&w->memo, w->G.h);
    w->have_config = 0;
    return 0;
}

size_t nq_halves_work_bytes(const nq_halves_work *w)
{
    return sizeof *w + w->block_bytes + nq_match_bytes(w->match) +
           (w->all_cap[0] + w->all_cap[1]) * sizeof(uint64_t);
}

/* --------------------------------------------------------- half-boards */

/* Columns that row i (local) of a quadrant may not use because of the
 * middle queens' diagonals. `top` is the quadrant's first absolute row; the
 * middle queens are given in the quadrant's own column order. */
static void middle_diagonals(const geom *G, int top, const int (*middle)[2], int middles,
                             uint32_t *forbid)
{
    for (int i = 0; i < G->h; i++) {
        forbid[i] = 0;
        const int r = top + i;
        for (int q = 0; q < middles; q++) {
            const int j1 = middle[q][0] + middle[q][1] - r, j2 = r - middle[q][0] + middle[q][1];
            if (j1 >= 0 && j1 < G->h)
                forbid[i] |= 1u << j1;
            if (j2 >= 0 && j2 < G->h)
                forbid[i] |= 1u << j2;
        }
    }
}

/* Readies the forbidden squares and empties the memos when the middle
 * configuration changes. */
static void ready(nq_halves_work *w, const nq_halves_piece *piece)
{
    const geom *G = &w->G;
    if (w->have_config && w->config == nq_halves_config(piece))
        return;
    int mid[2][4][2], middles = nq_halves_middles(G, piece, mid[0]);
    if (middles < 0)
        middles = 0; /* no piece of the plan: its frame fails first */
    /* (row, column) of the middle queens; the east side sees them mirrored. */
    for (int q = 0; q < middles; q++) {
        mid[1][q][0] = mid[0][q][0];
        mid[1][q][1] = G->n - 1 - mid[0][q][1];
    }
    for (int k = 0; k < 2; k++) {
        middle_diagonals(G, 0, (const int(*)[2])mid[k], middles, w->forbid[k][0]);
        middle_diagonals(G, G->s, (const int(*)[2])mid[k], middles, w->forbid[k][1]);
    }
    nq_memo_clear(&w->memo, G->h);
    w->config = nq_halves_config(piece);
    w->have_config = 1;
}

/* Starts both sides' half-boards for R = (piece->north, south). */
static void begin(nq_halves_work *w, const nq_halves_piece *piece, const frame *f, uint32_t south)
{
    ready(w, piece);
    const uint32_t north[2] = { piece->north, f->north & ~piece->north };
    const uint32_t souths[2] = { south, f->south & ~south }, cols[2] = { f->west, f->east };
    nq_memo_make_room(&w->memo, w->G.h);
    for (int k = 0; k < 2; k++)
        nq_stream_begin(&w->sides[k], &w->memo, 2 * k, north[k], souths[k],
                        w->forbid[k][0], w->forbid[k][1], cols[k], k ? 0 : piece->part,
                        k ? 1 : piece->parts);
}

/* Every block of one side, one after another, into w->all[k]. */
static int collect(nq_halves_work *w, int k, uint64_t *block, size_t cap, size_t *total)
{
    *total = 0;
    for (;;) {
        size_t n;
        const int err = nq_stream_next(&w->sides[k], w->join, block, cap, &n);
        if (err || !n)
            return err;
        if (*total + n > w->all_cap[k]) {
            const size_t grown = 2 * (*total + n);
            uint64_t *p = realloc(w->all[k], grown * sizeof *p);
            if (!p)
                return NQ_ERR(ENOMEM);
            w->all[k] = p;
            w->all_cap[k] = grown;
        }
        memcpy(w->all[k] + *total, block, n * sizeof *block);
        *total += n;
    }
}

int nq_halves_halves(nq_halves_work *w, const nq_halves_piece *piece, uint32_t south,
                   const uint64_t **west, size_t *nw, const uint64_t **east, size_t *ne)
{
    frame f;
    if (nq_halves_frame(&w->G, piece, &f))
        return NQ_ERR(EINVAL);
    begin(w, piece, &f, south);
    int err = collect(w, 0, w->west, w->z.west, nw);
    if (!err)
        err = collect(w, 1, w->east, w->z.east, ne);
    *west = w->all[0];
    *east = w->all[1];
    return err;
}

int nq_halves_count_piece_from(nq_halves_work *w, const nq_halves_piece *piece,
                               const volatile int *stop, const nq_halves_pos *from,
                               nq_halves_tell *tell, nq_u128 *total)
{
    const geom *G = &w->G;
    *total = 0;
    if (G->n == 1) {
        *total = 1;
        return 0;
    }
    frame f;
    if (nq_halves_frame(G, piece, &f))
        return NQ_ERR(EINVAL);
    nq_halves_pos pos = from ? *from : (nq_halves_pos){ 0 };
    if (tell)
        tell->next = nq_now() + tell->every;
    rows_walk walk;
    nq_rows_walk_start(&walk, G, &f, piece);
    uint32_t south, j = 0, last = NQ_HALVES_ANY;
    int weight, err = 0;
    nq_memo_pin(&w->memo, 0);
    while (!err && nq_rows_walk_next(&walk, &south, &weight)) {
        if (j++ < pos.set)
            continue; /* counted before a stop: in pos.sum */
        if (nq_stop_seen(stop)) {
            nq_rows_tell(tell, &pos);
            return NQ_ERR(EINTR);
        }
        /* Several north sets: their lists, made for the first south set (or
         * again after the memo was emptied), are kept while the south sets'
         * come and go. */
        if (south != last && last != NQ_HALVES_ANY && piece->norths > 1 && !w->memo.floor)
            nq_memo_pin(&w->memo, 1);
        last = south;
        begin(w, &walk.row, &f, south);
        err = nq_rows_count(w, &walk.row, south, stop, &pos, tell);
        if (!err) {
            pos.sum += (nq_u128)pos.pairs * (unsigned)weight;
            pos = (nq_halves_pos){ .set = pos.set + 1, .sum = pos.sum };
            /* A resumed mark's row set ended in its blocks: a position at
             * a row set's start is the same in any, so back to the own. */
            if (w->z.budget != w->own.budget)
                err = nq_halves_work_reshape(w, w->own.budget);
        }
    }
    /* Stopped anywhere in a row set (its streams, the tables): the blocks
     * done before it are where pos says. */
    if (err == NQ_ERR(EINTR))
        nq_rows_tell(tell, &pos);
    /* A position this piece cannot have (another budget's blocks, say):
     * counted from the start. */
    if (from && (err == NQ_ERR(ESTALE) || (!err && j < from->set))) {
        err = nq_halves_work_reshape(w, w->own.budget);
        return err ? err : nq_halves_count_piece_from(w, piece, stop, NULL, tell, total);
    }
    if (!err)
        *total = pos.sum;
    return err;
}

int nq_halves_count_piece(nq_halves_work *w, const nq_halves_piece *piece, const volatile int *stop,
                        nq_u128 *total)
{
    return nq_halves_count_piece_from(w, piece, stop, NULL, NULL, total);
}

size_t nq_halves_work_budget(const nq_halves_work *w)
{
    return w->z.budget;
}

size_t nq_halves_work_own_budget(const nq_halves_work *w)
{
    return w->own.budget;
}

/* ------------------------------------------------------------- slices */

/* Starts row set `set` (0: the first that counts) of piece as a count
 * starts it: the streams (begin) and, with the transpose, the main pass's
 * kept sets in *tp. *weight is the row set's weight, *seconds the CPU
 * seconds of the start, without the middle queens' set-up (a piece's: a
 * count makes it once). 0 if the piece has no such row set. */
static int start_rows(nq_halves_work *w, const nq_halves_piece *piece, const frame *f, uint32_t set,
                      transpose *tp, int *weight, double *seconds)
{
    rows_walk walk;
    nq_rows_walk_start(&walk, &w->G, f, piece);
    uint32_t south = 0;
    for (uint32_t j = 0; j <= set; j++)
        if (!nq_rows_walk_next(&walk, &south, weight))
            return 0;
    ready(w, piece);
    const double t = nq_thread_cpu();
    begin(w, &walk.row, f, south);
    if (w->transpose) /* the main pass's half-boards: those it keeps */
        nq_rows_keep_main(w, tp, &walk.row, south);
    *seconds = nq_thread_cpu() - t;
    return 1;
}

int nq_halves_slice_rows(nq_halves_work *w, const nq_halves_piece *piece, const uint64_t pick[],
                         const volatile int *stop, nq_rows_slice *out)
{
    const geom *G = &w->G;
    *out = (nq_rows_slice){ 0 };
    if (G->n == 1) { /* the lone queen: one slice, one board */
        *out = (nq_rows_slice){ .sets = 1, .weight = 1, .pass_weight = { 1 } };
        out->pass[0] = (nq_pass_slice){ .blocks = { 1, 1 }, .pairs = 1 };
        return 0;
    }
    frame f;
    if (nq_halves_frame(G, piece, &f))
        return NQ_ERR(EINVAL);
    out->sets = nq_rows_walk_sets(G, &f, piece);
    if (!out->sets)
        return 0;
    out->set = (uint32_t)(pick[0] % out->sets);
    transpose tp;
    start_rows(w, piece, &f, out->set, &tp, &out->weight, &out->setup_seconds);
    out->pass_weight[0] = w->transpose ? 2 : 1; /* the main pass counts its pairs twice */
    int err = nq_slice_pass(w, 1, pick + 1, stop, &out->pass[0]);
    if (!err && w->transpose) /* the ties too, even where the main pass has nothing */
        err = nq_slice_ties(w, &tp, pick, stop, out);
    return err;
}

int nq_halves_count_slice(nq_halves_work *w, const nq_halves_piece *piece, const uint64_t pick[3],
                          const volatile int *stop, nq_halves_slice *out)
{
    uint64_t picks[NQ_SLICE_PICKS];
    nq_halves_slice_picks(pick, picks);
    nq_rows_slice s;
    const int err = nq_halves_slice_rows(w, piece, picks, stop, &s);
    const nq_pass_slice *m = &s.pass[0];
    const nq_u128 ties = nq_rows_slice_pairs(&s, 1, NQ_TRANSPOSE_PASSES);
    *out = (nq_halves_slice){ .sets = s.sets,
                              .set = s.set,
                              .weight = s.weight,
                              .blocks = { m->blocks[0], m->blocks[1] },
                              .block = { m->block[0], m->block[1] },
                              .pairs = m->pairs,
                              .scale = s.pass_weight[0],
                              .ties = ties > UINT64_MAX ? UINT64_MAX : (uint64_t)ties,
                              .pass_seconds = { m->pass_seconds[0], m->pass_seconds[1] },
                              .prepare_seconds = m->prepare_seconds,
                              .scan_seconds = m->scan_seconds,
                              .tie_seconds = nq_rows_slice_seconds(&s, 1, NQ_TRANSPOSE_PASSES),
                              .setup_seconds = s.setup_seconds };
    return err;
}
