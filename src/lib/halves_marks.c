/* The "halves" engine's marks (marks.h): a piece counted from where a
 * stopped count of it got to, telling its thread's mark as it goes, and
 * what share of the piece a mark stands for. */
#include "halves_marks.h"

#include "halves.h"
#include "plan.h"

/* A piece's marks: the budget its blocks were made with, then its
 * position (nq_halves_pos): row sets done, east blocks, west blocks,
 * pairs, and the weighted sum in two words. */
typedef struct mark_teller {
    nq_marks *marks;
    int thread;
    size_t i, budget;
} mark_teller;

static void set_mark(void *ctx, const nq_halves_pos *pos)
{
    const mark_teller *m = ctx;
    const nq_mark mark = { .i = m->i,
                           .w = { m->budget, pos->set, pos->east, pos->west, pos->pairs,
                                  (uint64_t)pos->sum, (uint64_t)(pos->sum >> 64), 0 } };
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
 * plausible sum (a wrong one could only lower the count). */
static int mark_position(const nq_plan *plan, size_t i, size_t budget, const nq_mark *m,
                         nq_halves_pos *pos)
{
    if (!m || m->i != i || m->w[0] != budget || m->w[1] > UINT32_MAX || m->w[7] ||
        m->w[4] > INT64_MAX || ((const nq_halves_piece *)plan->subs)[i].turns)
        return 0;
    *pos = (nq_halves_pos){ .set = (uint32_t)m->w[1], .east = m->w[2], .west = m->w[3],
                            .pairs = m->w[4], .sum = (nq_u128)m->w[6] << 64 | m->w[5] };
    return plan->engine->plausible(plan, i, pos->sum, 0);
}

int nq_halves_count_marked(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                           const nq_mark *from, nq_marks *marks, int t, nq_sub_result *out)
{
    const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[i];
    if (c->turns) /* a turn part takes seconds: no marks */
        return plan->engine->count_one(plan, i, work, stop, out);
    out->total = out->unique = 0;
    mark_teller m = { marks, t, i, nq_halves_work_budget(work) };
    nq_halves_tell tell = { set_mark, &m, nq_mark_every(), 0 };
    nq_halves_pos pos;
    const int from_mark = mark_position(plan, i, m.budget, from, &pos);
    return nq_halves_count_piece_from(work, c, stop, from_mark ? &pos : NULL, &tell,
                                      &out->total);
}

double nq_halves_mark_share(const nq_plan *plan, size_t i, const nq_mark *m)
{
    nq_halves_pos pos;
    if (!mark_position(plan, i, plan_budget(plan), m, &pos))
        return -1;
    return 0;
}
