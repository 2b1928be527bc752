/* The "halves" engine's marks (marks.h): a piece counted from where a
 * stopped count of it got to, telling its thread's mark as it goes, and
 * what share of the piece a mark stands for. */
#include "halves_marks.h"

#include "halves.h"
#include "halves_geom.h"
#include "halves_work.h"
#include "halves_walk.h"
#include "run/plan.h"
#include "util.h"

#include <math.h>

/* A piece's marks: the budget its blocks were made with, then its
 * position (nq_halves_pos): row sets done, east blocks, west blocks,
 * pairs, and the weighted sum in two words; then the blocks of the row
 * set it is in, where they are known (nq_halves_tell's), for the
 * progress; then its seal: the digest of its piece (PIECE) and of that
 * with the words above (SEAL). A checkpoint's checksum is over the whole
 * file: the seal ties each mark to its piece and position, so that one
 * moved or edited and the file sealed again is dropped, never trusted. */
/* Word 0's top byte: the order of the half-boards in a row set's blocks
 * (1: in buckets by columns, halves_stream.c, from 1.2; 0 before, in
 * marks that carry no seal; 2: the band's in 1.3.4, whose east blocks
 * leave out the placements the west block cannot meet, halves_live.h; 3:
 * the band's from 1.3.5, which leave out more, by a table for each list).
 * A band mark of layout 1 or 2 goes on from its row set's start
 * (mark_check); one of any other layout is counted from its piece's start. */
#define LAYOUT 1ull
#define LAYOUT_BAND_1_3_4 2ull
#define LAYOUT_BAND 3ull
#define LAYOUT_SHIFT 56
#define PIECE 8
#define SEAL 9

typedef struct mark_teller {
    nq_marks *marks;
    int thread;
    size_t i;
    const nq_halves_work *work; /* whose blocks the position is in */
    uint64_t piece;             /* piece_digest */
    uint64_t layout;            /* layout_of */
    const nq_halves_tell *tell; /* its blocks */
} mark_teller;

/* Piece i of plan by what defines it (as the plan's fingerprint has it),
 * with n and i; never 0, which marks a mark with no seal. */
static uint64_t piece_digest(const nq_plan *plan, size_t i)
{
    const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[i];
    const uint64_t fields[11] = { (uint64_t)plan->n, i, (uint64_t)c->middle_col,
                                  (uint64_t)c->middle_row, c->weight, c->turns, c->part,
                                  c->parts, c->norths, c->north, c->south };
    uint64_t h = nq_fnv1a(NQ_FNV_START, fields, sizeof fields);
    if (geom_of(plan->n).g == 2) { /* the band's (other pieces keep their digests) */
        const uint64_t band[2] = { (uint64_t)c->band_col, (uint64_t)c->band_row };
        h = nq_fnv1a(h, band, sizeof band);
    }
    return h ? h : 1;
}

/* The seal of m's words: its piece, its position (words 1 to 6), then the
 * blocks the position is expressed in (word 0, the budget and layout;
 * word 7, the row set's blocks), each apart, so that a position made
 * independent of the budget changes the last part only. */
static uint64_t seal_of(const nq_mark *m)
{
    uint64_t h = nq_fnv1a(NQ_FNV_START, &m->w[PIECE], sizeof m->w[PIECE]);
    h = nq_fnv1a(h, &m->w[1], 6 * sizeof m->w[1]);
    const uint64_t blocks[2] = { m->w[0], m->w[7] };
    return nq_fnv1a(h, blocks, sizeof blocks);
}

/* The layout of plan's blocks. */
static uint64_t layout_of(const nq_plan *plan)
{
    return geom_of(plan->n).g == 2 ? LAYOUT_BAND : LAYOUT;
}

static nq_mark mark_sealed(size_t i, uint64_t piece, uint64_t layout, size_t budget,
                           const nq_halves_pos *pos, uint64_t blocks)
{
    nq_mark m = { .i = i,
                  .w = { budget | layout << LAYOUT_SHIFT, pos->set, pos->east, pos->west,
                         pos->pairs, (uint64_t)pos->sum, (uint64_t)(pos->sum >> 64), blocks,
                         piece } };
    m.w[SEAL] = seal_of(&m);
    return m;
}

nq_mark nq_halves_mark(const nq_plan *plan, size_t i, size_t budget, const nq_halves_pos *pos,
                       uint64_t blocks)
{
    return mark_sealed(i, piece_digest(plan, i), layout_of(plan), budget, pos, blocks);
}

nq_mark nq_halves_mark_laid(const nq_plan *plan, size_t i, size_t budget, const nq_halves_pos *pos,
                            uint64_t blocks, int layout)
{
    return mark_sealed(i, piece_digest(plan, i), (uint64_t)layout, budget, pos, blocks);
}

uint64_t nq_halves_mark_budget(const nq_mark *m)
{
    return m->w[0] & ((1ull << LAYOUT_SHIFT) - 1);
}

static void set_mark(void *ctx, const nq_halves_pos *pos)
{
    const mark_teller *m = ctx;
    const nq_halves_tell *t = m->tell;
    const uint64_t blocks = t->blocks_set == pos->set ? t->blocks : 0;
    const nq_mark mark =
        mark_sealed(m->i, m->piece, m->layout, nq_halves_work_budget(m->work), pos, blocks);
    nq_marks_set(m->marks, m->thread, &mark);
}

/* The budget a thread of this plan makes its blocks with
 * (nq_halves_work_create's rule), which a mark must have been told by. */
static size_t plan_budget(const nq_plan *plan)
{
    return nq_halves_sizes_for(plan->work_budget ? plan->work_budget : NQ_HALVES_BUDGET_DEFAULT)
        .budget;
}

/* 0 if mark m of piece i can be gone on from by a thread whose blocks
 * were made for `budget`, with its position into pos and the budget of
 * the blocks that position is in into *blocks; else why not (NQ_MARK_*):
 * only a sealed mark of this piece and a plausible sum (a wrong one could
 * only lower the count). Blocks of a smaller budget fit in the thread's
 * memory (nq_halves_work_reshape): the position is kept whole. Larger ones
 * do not: it goes back to the start of its row set, which is the same in
 * any blocks, with the row sets before it kept; so does a mark of the
 * band's old layout. Word 7 only tells the
 * progress. */
static int mark_check(const nq_plan *plan, size_t i, size_t budget, const nq_mark *m,
                      nq_halves_pos *pos, size_t *blocks)
{
    if (!m->w[PIECE])
        return NQ_MARK_UNSEALED;
    if (m->i != i || m->w[PIECE] != piece_digest(plan, i))
        return NQ_MARK_ELSEWHERE;
    if (m->w[SEAL] != seal_of(m))
        return NQ_MARK_EDITED;
    /* The band's marks of 1.2 to 1.3.4 (layouts 1 and 2): their row sets
     * done hold, their blocks are not these. */
    const uint64_t layout = m->w[0] >> LAYOUT_SHIFT, want = layout_of(plan);
    const int old_band = (layout == LAYOUT || layout == LAYOUT_BAND_1_3_4) && want == LAYOUT_BAND;
    if ((layout != want && !old_band) || m->w[1] > UINT32_MAX || m->w[4] > INT64_MAX ||
        ((const nq_halves_piece *)plan->subs)[i].turns)
        return NQ_MARK_IMPOSSIBLE;
    *pos = (nq_halves_pos){ .set = (uint32_t)m->w[1], .east = m->w[2], .west = m->w[3],
                            .pairs = m->w[4], .sum = (nq_u128)m->w[6] << 64 | m->w[5] };
    if (!plan->engine->plausible(plan, i, pos->sum, 0))
        return NQ_MARK_IMPOSSIBLE;
    *blocks = nq_halves_mark_budget(m);
    if (old_band || (!pos->east && !pos->west) || *blocks > budget ||
        nq_halves_sizes_for(*blocks).budget != *blocks) {
        *pos = (nq_halves_pos){ .set = pos->set, .sum = pos->sum };
        *blocks = budget;
    }
    return 0;
}

int nq_halves_mark_trimmed(const nq_plan *plan, size_t i, const nq_mark *m)
{
    nq_halves_pos pos;
    size_t blocks;
    return !mark_check(plan, i, plan_budget(plan), m, &pos, &blocks) &&
           (pos.east != m->w[2] || pos.west != m->w[3]) && !nq_halves_mark_relaid(plan, i, m);
}

int nq_halves_mark_relaid(const nq_plan *plan, size_t i, const nq_mark *m)
{
    nq_halves_pos pos;
    size_t blocks;
    return !mark_check(plan, i, plan_budget(plan), m, &pos, &blocks) &&
           m->w[0] >> LAYOUT_SHIFT != layout_of(plan) && (m->w[2] || m->w[3]);
}

int nq_halves_count_marked(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                           const nq_mark *from, nq_marks *marks, int t, nq_sub_result *out)
{
    const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[i];
    if (c->turns) /* a turn part takes seconds: no marks */
        return plan->engine->count_one(plan, i, work, stop, out);
    out->total = out->unique = 0;
    nq_halves_tell tell = { set_mark, NULL, nq_mark_every(), 0 };
    mark_teller m = { marks, t, i, work, piece_digest(plan, i), layout_of(plan), &tell };
    tell.ctx = &m;
    nq_halves_pos pos;
    const size_t own = nq_halves_work_own_budget(work);
    size_t blocks = own;
    const int from_mark = from && !mark_check(plan, i, own, from, &pos, &blocks) &&
                          !nq_halves_work_reshape(work, blocks);
    tell.find_blocks = nq_marks_progress(marks) && plan->n >= NQ_HALVES_BLOCKS_FROM;
    if (from_mark && blocks == nq_halves_mark_budget(from)) {
        /* the blocks of the row set it is in, if it has them */
        tell.blocks_set = pos.set;
        tell.blocks = from->w[7];
    }
    int err = nq_halves_count_piece_from(work, c, stop, from_mark ? &pos : NULL, &tell,
                                         &out->total);
    /* Stopped in a resumed mark's blocks: the thread's own for the next. */
    const int back = nq_halves_work_reshape(work, own);
    return err ? err : back;
}

/* The row sets of piece c that count, as its count walks them
 * (halves_walk.h). Up to 2^h of them (h = 14 at n = 28): for the progress
 * only. */
static uint32_t piece_sets(int n, const nq_halves_piece *c)
{
    const geom G = geom_of(n);
    frame f;
    if (n == 1)
        return 1;
    if (nq_halves_frame(&G, c, &f))
        return 0;
    return nq_rows_walk_sets(&G, &f, c);
}

double nq_halves_mark_share(const nq_plan *plan, size_t i, const nq_mark *m)
{
    nq_halves_pos pos;
    size_t blocks;
    const int why = mark_check(plan, i, plan_budget(plan), m, &pos, &blocks);
    if (why)
        return -why;
    const uint32_t sets = piece_sets(plan->n, &((const nq_halves_piece *)plan->subs)[i]);
    if (!sets)
        return 0;
    /* In the row set it is in, where its blocks are known: the east
     * blocks done, and the west blocks scanned against the next; short of
     * the whole, which only the set's end is. */
    double in_set = 0;
    const double west = (double)(m->w[7] >> 32), east = (double)(m->w[7] & UINT32_MAX);
    if (west > 0 && east > 0)
        in_set = fmin(0.999, ((double)pos.east + fmin((double)pos.west, west) / west) / east);
    return fmin(1, (fmin(pos.set, sets) + in_set) / sets);
}
