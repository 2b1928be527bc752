/* Marks as the progress reads them: a halves mark's share of its piece
 * (in 0..1, growing along the piece; a larger budget's, its row set's
 * start), and a count's fraction, which adds them and never goes back;
 * and a mark gone on from in other blocks than its own. */
#include <criterion/criterion.h>

#include "run/count_marks.h"
#include "engines.h"
#include "halves/halves.h"
#include "halves/halves_geom.h"
#include "halves/halves_marks.h"
#include "halves/halves_pieces.h"
#include "halves/halves_work.h"
#include "halves_fixtures.h"
#include "run/plan.h"
#include "sanitized.h"

#include <stdlib.h>
#include <string.h>

static nq_mark mark_of(const nq_plan *plan, size_t i, size_t budget, const nq_halves_pos *p,
                       uint64_t blocks)
{
    return nq_halves_mark(plan, i, budget, p, blocks);
}

/* The positions a count tells, each with the blocks its mark would hold
 * (those of its row set, found as the set starts: nq_halves_tell). */
typedef struct told_blocks {
    const nq_halves_tell *tell;
    nq_halves_pos pos[20000];
    uint64_t blocks[20000];
    size_t count;
} told_blocks;

static void keep_with_blocks(void *ctx, const nq_halves_pos *pos)
{
    told_blocks *t = ctx;
    if (t->count < sizeof t->pos / sizeof *t->pos) {
        t->pos[t->count] = *pos;
        t->blocks[t->count++] = t->tell->blocks_set == pos->set ? t->tell->blocks : 0;
    }
}

/* Every position a piece tells, as a mark: its share in [0, 1], never
 * less than the one before; with each row set's blocks found as it starts
 * (as from n = 28 with --progress), it grows inside every row set, the
 * first and the later ones, and reaches the end of each set's blocks. With
 * the smallest budget: positions inside a row set's blocks. */
Test(marks, a_share_grows_along_a_piece, .timeout = 300)
{
    static told_blocks t;
    size_t rising = 0, near_end = 0, one_set = 0, inside_later = 0;
    for (int n = 13; n <= 16; n++) {
        nq_plan plan = { .n = n, .engine = &nq_halves_engine, .work_budget = 1 };
        nq_halves_piece *pieces;
        /* Odd n: pieces of one row set (the plan split to 2^20); even n:
         * whole pieces of many. */
        cr_assert_eq(nq_halves_pieces(n, n % 2 ? (size_t)1 << 20 : 0, 1, NULL, &pieces, &plan.size),
                     0);
        plan.subs = pieces;
        nq_halves_work *w;
        cr_assert_eq(nq_halves_work_create(&w, n, nq_cpu_level(), 1), 0);
        const size_t budget = nq_halves_work_budget(w);
        for (size_t i = 0; i < plan.size; i += 7) {
            nq_halves_tell tell = { keep_with_blocks, &t, 0, 0, .find_blocks = 1 };
            nq_u128 total;
            t.count = 0;
            t.tell = &tell;
            cr_assert_eq(nq_halves_count_piece_from(w, &pieces[i], NULL, NULL, &tell, &total), 0);
            /* A row set's share: that of a mark after the first. */
            const nq_halves_pos after_first = { .set = 1 };
            const nq_mark next = mark_of(&plan, i, budget, &after_first, 0);
            const double unit = nq_halves_mark_share(&plan, i, &next);
            double last = 0, first_set = 0;
            for (size_t k = 0; k < t.count; k++) {
                const uint64_t blocks = t.blocks[k];
                one_set += !k && blocks != 0;
                const nq_mark m = mark_of(&plan, i, budget, &t.pos[k], blocks);
                const double share = nq_halves_mark_share(&plan, i, &m);
                cr_assert(share >= 0 && share <= 1, "n=%d piece %zu position %zu: %g", n, i, k,
                          share);
                cr_assert(share >= last, "n=%d piece %zu position %zu: %g after %g", n, i, k,
                          share, last);
                rising += share > last;
                /* Inside a later row set: above the sets done. */
                inside_later += t.pos[k].set && blocks &&
                                share > (double)t.pos[k].set * unit + 1e-12 &&
                                share < (double)(t.pos[k].set + 1) * unit;
                last = share;
                if (!t.pos[k].set)
                    first_set = share;
                const nq_mark other = mark_of(&plan, i, budget + 1, &t.pos[k], blocks);
                /* Larger blocks than the plan's: its row set's start. */
                const nq_halves_pos start = { .set = t.pos[k].set, .sum = t.pos[k].sum };
                const nq_mark trimmed = mark_of(&plan, i, budget, &start, 0);
                cr_assert_eq(nq_halves_mark_share(&plan, i, &other),
                             nq_halves_mark_share(&plan, i, &trimmed));
            }
            /* The first set's last position: its blocks all but done. */
            near_end += t.count && t.blocks[0] && unit > 0 && first_set > 0.9 * unit;
        }
        nq_halves_work_destroy(w);
        free(pieces);
    }
    cr_assert_gt(one_set, 10, "%zu pieces of one row set", one_set);
    cr_assert_gt(near_end, one_set / 2, "%zu of %zu near the end", near_end, one_set);
    cr_assert_gt(rising, 100, "%zu rises", rising);
    cr_assert_gt(inside_later, 100, "%zu positions inside later row sets", inside_later);
}

/* A whole piece's row sets: a mark after the first stands for one of
 * those its count walks (nq_halves_count_slice counts them the same way),
 * and a turn part has no marks. */
Test(marks, a_share_follows_the_row_sets, .timeout = 120)
{
    for (int n = 13; n <= 14; n++) {
        nq_plan *plan;
        cr_assert_eq(nq_plan_create(&plan, n, NQ_ENG_HALVES, 0, NULL), 0);
        const nq_halves_piece *pieces = plan->subs;
        const size_t budget = nq_halves_sizes_for(NQ_HALVES_BUDGET_DEFAULT).budget;
        nq_halves_work *w;
        cr_assert_eq(nq_halves_work_create(&w, n, nq_cpu_level(), 0), 0);
        size_t many = 0;
        for (size_t i = 0; i < plan->size; i++) {
            const nq_halves_pos first = { .set = 0 }, second = { .set = 1 };
            const nq_mark a = mark_of(plan, i, budget, &first, 0),
                          b = mark_of(plan, i, budget, &second, 0);
            if (pieces[i].turns) {
                cr_assert_eq(nq_mark_share(plan, i, &a), -NQ_MARK_IMPOSSIBLE);
                continue;
            }
            const uint64_t pick[3] = { 0, 0, 0 };
            nq_halves_slice slice;
            cr_assert_eq(nq_halves_count_slice(w, &pieces[i], pick, NULL, &slice), 0);
            cr_assert_eq(nq_mark_share(plan, i, &a), 0);
            const double share = nq_mark_share(plan, i, &b);
            cr_assert(share == (slice.sets ? 1.0 / slice.sets : 0), "n=%d piece %zu: %g, %u sets",
                      n, i, share, slice.sets);
            many += slice.sets > 2;
        }
        cr_assert_gt(many, 0);
        nq_halves_work_destroy(w);
        nq_plan_destroy(plan);
    }
}

typedef struct seen {
    double fraction[100000];
    size_t count, done_before;
    volatile int stop;
    size_t stop_after, finished;
} seen;

static void record(void *ctx, const nq_progress *p)
{
    seen *s = ctx;
    if (s->count < sizeof s->fraction / sizeof s->fraction[0])
        s->fraction[s->count++] = p->fraction;
}

static void on_done(void *ctx, size_t i)
{
    (void)i;
    seen *s = ctx;
    if (s->stop_after && __atomic_add_fetch(&s->finished, 1, __ATOMIC_RELAXED) >= s->stop_after)
        s->stop = 1;
}

/* The fraction of a count with a mark after every block, read every 10
 * ms: never less than the one before, to 1 at the end; and after a stop,
 * the last (with the stop's marks) no less either. */
Test(marks, a_count_fraction_never_goes_back, .timeout = 300)
{
    setenv("NQUEENS_MARK_EVERY", "0", 1);
    static seen s;
    for (int stopped = 0; stopped < 2; stopped++) {
        s.count = 0;
        s.stop = 0;
        s.finished = 0;
        s.stop_after = stopped ? 40 : 0;
        const nq_run_hooks hooks = { .stop = &s.stop, .on_done = on_done, .ctx = &s };
        const nq_count_params p = { .n = 17, .threads = 2, .engine_exact = 1,
                                    .max_memory = 12 << 20, .hooks = &hooks,
                                    .progress = record, .progress_ctx = &s,
                                    .progress_every = 0.01 };
        nq_count_result r;
        cr_assert_eq(nq_count(&p, &r), stopped ? NQ_ERR(EINTR) : 0);
        cr_assert_gt(s.count, 0);
        for (size_t k = 1; k < s.count; k++)
            cr_assert(s.fraction[k] >= s.fraction[k - 1], "snapshot %zu: %g after %g", k,
                      s.fraction[k], s.fraction[k - 1]);
        if (!stopped)
            cr_assert_eq(s.fraction[s.count - 1], 1);
        else
            cr_assert_lt(s.fraction[s.count - 1], 1);
    }
}

/* Piece i of plan gone on from mark m by a thread of w, stopped at once:
 * the mark it tells (the first a checkpoint would write). */
static nq_mark first_told(const nq_plan *plan, size_t i, nq_halves_work *w, const nq_mark *m,
                          nq_marks *marks)
{
    static const volatile int stop = 1;
    nq_sub_result out;
    cr_assert_eq(nq_halves_count_marked(plan, i, w, &stop, m, marks, 0, &out), NQ_ERR(EINTR));
    nq_mark *copy;
    cr_assert_eq(nq_marks_copy(marks, NULL, &copy), 1);
    const nq_mark first = *copy;
    free(copy);
    return first;
}

/* A mark goes on in any blocks (another -t or --max-memory). Made in a
 * smaller budget's blocks, a thread goes on from its very position in
 * them: its first mark holds the same, and its own blocks come back after.
 * Made in larger ones, which do not fit, from its row set's start, the
 * sets before it kept. Either way the piece counts what it counts whole. */
Test(marks, a_mark_goes_on_in_other_blocks, .timeout = 300)
{
    static told t;
    static const size_t budgets[2] = { NQ_HALVES_BUDGET_MIN, 4 * NQ_HALVES_BUDGET_MIN };
    size_t kept = 0, trimmed = 0;
    for (int n = 14; n <= NQ_TEST_TOP(16, 15); n++) {
        nq_plan plan = { .n = n, .engine = &nq_halves_engine };
        nq_halves_piece *pieces;
        cr_assert_eq(nq_halves_pieces(n, 0, 1, NULL, &pieces, &plan.size), 0);
        plan.subs = pieces;
        nq_halves_work *w[2];
        nq_marks *marks;
        for (int b = 0; b < 2; b++)
            cr_assert_eq(nq_halves_work_create(&w[b], n, nq_cpu_level(), budgets[b]), 0);
        cr_assert_eq(nq_marks_create(&marks, 1, NULL, 0), 0);
        for (size_t i = 0; i < plan.size; i += 3)
            for (int from = 0; from < 2; from++) {
                nq_halves_tell tell = { keep_position, &t, 0, 0 };
                nq_u128 whole;
                t.count = 0;
                cr_assert_eq(nq_halves_count_piece_from(w[from], &pieces[i], NULL, NULL, &tell,
                                                        &whole), 0);
                plan.work_budget = budgets[!from];
                for (size_t k = 0; k < t.count; k += 1 + t.count / 6) {
                    const nq_halves_pos *p = &t.pos[k];
                    const nq_mark m = nq_halves_mark(&plan, i, budgets[from], p, 0);
                    const int inside = p->east || p->west, trim = from && inside;
                    cr_assert_eq(nq_halves_mark_trimmed(&plan, i, &m), trim, "n=%d piece %zu", n,
                                 i);
                    const nq_mark first = first_told(&plan, i, w[!from], &m, marks);
                    /* At a row set's start, in its own blocks. */
                    const nq_halves_pos at = { .set = p->set, .sum = p->sum };
                    const nq_mark want =
                        inside && !from ? m : nq_halves_mark(&plan, i, budgets[!from], &at, 0);
                    cr_assert_arr_eq(first.w, want.w, sizeof want.w,
                                     "n=%d piece %zu position %zu from budget %zu", n, i, k,
                                     budgets[from]);
                    nq_sub_result out;
                    cr_assert_eq(nq_halves_count_marked(&plan, i, w[!from], NULL, &m, marks, 0,
                                                        &out), 0);
                    cr_assert(out.total == whole, "n=%d piece %zu position %zu: %llu, not %llu",
                              n, i, k, (unsigned long long)out.total,
                              (unsigned long long)whole);
                    cr_assert_eq(nq_halves_work_budget(w[!from]), budgets[!from]);
                    kept += !from && inside;
                    trimmed += trim;
                }
            }
        for (int b = 0; b < 2; b++)
            nq_halves_work_destroy(w[b]);
        nq_marks_destroy(marks);
        free(pieces);
    }
    cr_assert_gt(kept, 50, "%zu positions kept inside smaller blocks", kept);
    cr_assert_gt(trimmed, 50, "%zu positions trimmed to their row set", trimmed);
}

/* The band's marks of 1.3.3 and before (layout 1) point into blocks that
 * held every east placement, and those of 1.3.4 (layout 2) into blocks
 * that left out fewer than the band's now do (layout 3). A thread goes on
 * from such a mark at the start of the row set it is in, the sets before
 * it kept, and the piece counts what it counts whole. Without the band
 * layout 1 is this version's, and layouts 2 and 3 are no mark of it. */
Test(marks, a_band_mark_of_the_old_layout_goes_on_from_its_row_set, .timeout = 300)
{
    static told t;
    const size_t budget = NQ_HALVES_BUDGET_MIN;
    size_t inside = 0;
    for (int n = 14; n <= 15; n++) {
        const int band = geom_of(n).g == 2;
        nq_plan plan = { .n = n, .engine = &nq_halves_engine, .work_budget = budget };
        nq_halves_piece *pieces;
        cr_assert_eq(nq_halves_pieces(n, 0, 1, NULL, &pieces, &plan.size), 0);
        plan.subs = pieces;
        unsigned char *done = calloc(plan.size, 1); /* no piece done */
        cr_assert(done);
        nq_halves_work *w;
        nq_marks *marks;
        cr_assert_eq(nq_halves_work_create(&w, n, nq_cpu_level(), budget), 0);
        cr_assert_eq(nq_marks_create(&marks, 1, NULL, 0), 0);
        for (size_t i = 0; i < plan.size; i += 7) {
            nq_halves_tell tell = { keep_position, &t, 0, 0 };
            nq_u128 whole;
            t.count = 0;
            cr_assert_eq(nq_halves_count_piece_from(w, &pieces[i], NULL, NULL, &tell, &whole), 0);
            for (size_t k = 0; k < t.count; k += 1 + t.count / 4) {
                const nq_halves_pos *p = &t.pos[k];
                if (!p->east && !p->west)
                    continue;
                inside++;
                const int layout = 1 + (int)(k & 1); /* 1.3.3's or 1.3.4's */
                const nq_mark old = nq_halves_mark_laid(&plan, i, budget, p, 0, band ? layout : 1);
                const nq_mark other = nq_halves_mark_laid(&plan, i, budget, p, 0, band ? 3 : layout + 1);
                cr_assert_eq(nq_halves_mark_relaid(&plan, i, &old), band, "n=%d piece %zu", n,
                             i);
                cr_assert_eq(nq_halves_mark_trimmed(&plan, i, &old), 0);
                char line[600];
                const size_t said = nq_marks_dropped(&plan, 1, "f", &old, 1, done, line,
                                                     sizeof line);
                cr_assert_eq(said, (size_t)band, "n=%d piece %zu: %s", n, i, line);
                cr_assert(!band || strstr(line, "made by nqueens 1.3.4 or earlier"), "%s", line);
                if (!band) {
                    cr_assert_lt(nq_halves_mark_share(&plan, i, &other), 0, "n=%d piece %zu", n,
                                 i);
                    continue;
                }
                cr_assert_eq(nq_halves_mark_trimmed(&plan, i, &other), 0);
                nq_sub_result out;
                cr_assert_eq(nq_halves_count_marked(&plan, i, w, NULL, &old, marks, 0, &out), 0);
                cr_assert(out.total == whole, "n=%d piece %zu position %zu: %llu, not %llu", n, i,
                          k, (unsigned long long)out.total, (unsigned long long)whole);
            }
        }
        nq_halves_work_destroy(w);
        nq_marks_destroy(marks);
        free(done);
        free(pieces);
    }
    cr_assert_gt(inside, 20, "%zu positions inside a row set", inside);
}
