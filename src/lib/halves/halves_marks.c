/* The "halves" engine's marks (marks.h): a piece counted from where a
 * stopped count of it got to, telling its thread's mark as it goes, and
 * what share of the piece a mark stands for. */
#include "halves_marks.h"

#include "halves.h"
#include "halves_geom.h"
#include "halves_work.h"
#include "halves_walk.h"
#include "run/plan.h"

#include <math.h>

/* A piece's marks: the budget its blocks were made with, then its
 * position (nq_halves_pos): row sets done, east blocks, west blocks,
 * pairs, and the weighted sum in two words; then the blocks of the row
 * set it is in, where they are known (nq_halves_tell's), for the
 * progress. */
/* Word 0's top byte: the order of the half-boards in a row set's blocks
 * (1: in buckets by columns, halves_stream.c, from 1.2; 0 before). A mark
 * of another order still holds at the start of its row set. */
#define LAYOUT 1ull
#define LAYOUT_SHIFT 56

typedef struct mark_teller {
    nq_marks *marks;
    int thread;
    size_t i, budget;
    const nq_halves_tell *tell; /* its blocks */
} mark_teller;

nq_mark nq_halves_mark(size_t i, size_t budget, const nq_halves_pos *pos, uint64_t blocks)
{
    return (nq_mark){ .i = i,
                      .w = { budget | LAYOUT << LAYOUT_SHIFT, pos->set, pos->east, pos->west,
                             pos->pairs, (uint64_t)pos->sum, (uint64_t)(pos->sum >> 64), blocks } };
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
    const nq_mark mark = nq_halves_mark(m->i, m->budget, pos, blocks);
    nq_marks_set(m->marks, m->thread, &mark);
}

/* The budget a thread of this plan makes its blocks with
 * (nq_halves_work_create's rule), which a mark must have been told by. */
static size_t plan_budget(const nq_plan *plan)
{
    return nq_halves_sizes_for(plan->work_budget ? plan->work_budget : NQ_HALVES_BUDGET_DEFAULT)
        .budget;
}

/* Whether mark m of piece i can be gone on from by a thread of `budget`,
 * and its position: only a mark of this piece, these blocks and a
 * plausible sum (a wrong one could only lower the count). Word 7 only
 * tells the progress: 1.1 wrote 0 there, and refuses the marks that hold
 * more (their pieces start again). */
static int mark_position(const nq_plan *plan, size_t i, size_t budget, const nq_mark *m,
                         nq_halves_pos *pos)
{
    if (!m || m->i != i || nq_halves_mark_budget(m) != budget ||
        m->w[1] > UINT32_MAX || m->w[4] > INT64_MAX ||
        ((const nq_halves_piece *)plan->subs)[i].turns)
        return 0;
    *pos = (nq_halves_pos){ .set = (uint32_t)m->w[1], .east = m->w[2], .west = m->w[3],
                            .pairs = m->w[4], .sum = (nq_u128)m->w[6] << 64 | m->w[5] };
    if (m->w[0] >> LAYOUT_SHIFT != LAYOUT)
        pos->east = pos->west = pos->pairs = 0; /* other blocks: from its row set's start */
    return plan->engine->plausible(plan, i, pos->sum, 0);
}

int nq_halves_count_marked(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                           const nq_mark *from, nq_marks *marks, int t, nq_sub_result *out)
{
    const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[i];
    if (c->turns) /* a turn part takes seconds: no marks */
        return plan->engine->count_one(plan, i, work, stop, out);
    out->total = out->unique = 0;
    nq_halves_tell tell = { set_mark, NULL, nq_mark_every(), 0 };
    mark_teller m = { marks, t, i, nq_halves_work_budget(work), &tell };
    tell.ctx = &m;
    nq_halves_pos pos;
    const int from_mark = mark_position(plan, i, m.budget, from, &pos);
    tell.find_blocks = nq_marks_progress(marks) && plan->n >= NQ_HALVES_BLOCKS_FROM;
    if (from_mark) { /* the blocks of the row set it is in, if it has them */
        tell.blocks_set = pos.set;
        tell.blocks = from->w[7];
    }
    return nq_halves_count_piece_from(work, c, stop, from_mark ? &pos : NULL, &tell,
                                      &out->total);
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
    if (nq_halves_frame(&G, c->middle_col, c->middle_row, &f))
        return 0;
    return nq_rows_walk_sets(&G, &f, c);
}

double nq_halves_mark_share(const nq_plan *plan, size_t i, const nq_mark *m)
{
    nq_halves_pos pos;
    if (!mark_position(plan, i, plan_budget(plan), m, &pos))
        return -1;
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
