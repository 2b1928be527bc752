/* The "halves" engine in the plan: one subproblem per piece (halves.h). Its
 * subproblems carry Q(n) only; U(n) comes at the end from Burnside's lemma,
 * with the counts of solutions a half and a quarter turn leave alone. */
#include "halves_engine.h"
#include "halves_geom.h"

#include "engines.h"
#include "halves.h"
#include "halves_marks.h"
#include "halves_pieces.h"
#include "halves_turns.h"
#include "halves_work.h"
#include "run/plan.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>

/* The parts of S180 (first two rows' columns) and S90 (first row's), in
 * the plan beside the pieces of Q(n), so that U(n) runs on every thread,
 * stops and resumes with the rest (S180 alone took 50 s at n = 26, and
 * grows 11x per two sizes). Columns that break a rule of the searches at
 * once (the diagonal through a queen and its image, a neighbour's
 * diagonal, the centre of an odd board) are left out. */
size_t nq_halves_turn_parts(int n, nq_halves_piece *out)
{
    size_t k = 0;
    const int mid = n % 2 ? n / 2 : -1;
    if (n < 4) {
        out[k++] = (nq_halves_piece){ .turns = 2, .north = NQ_HALVES_ANY, .south = NQ_HALVES_ANY };
    } else {
        for (int c0 = 1; c0 < n - 1; c0++)
            for (int c1 = 0; c1 < n; c1++)
                if (c0 != mid && c1 != mid && c1 != 1 && c1 != n - 2 && abs(c0 - c1) > 1 &&
                    c0 + c1 != n - 1)
                    out[k++] = (nq_halves_piece){ .turns = 2, .north = (uint32_t)c0,
                                                  .south = (uint32_t)c1 };
    }
    for (int c0 = 0; c0 < n; c0++)
        out[k++] = (nq_halves_piece){ .turns = 1, .north = (uint32_t)c0, .south = NQ_HALVES_ANY };
    return k;
}

/* Up to this n a thread's memo fills with the quadrant lists of each new
 * middle configuration (odd n) or north queens' count (even n) a piece
 * brings, and a second thread that meets them too enumerates them again:
 * the count's CPU time with two threads was 1.12x that with one at n = 16,
 * 1.08x at n = 17, 1.007x at n = 18 (loop CPU, both threads on one CPU,
 * medians of 20, 5, 3 runs). So pieces are grouped by what their lists
 * depend on, and the queue deals groups to threads (plan.h). */
#define GROUPS_TO 17

static int plan_groups(nq_plan *p, size_t quads)
{
    const nq_halves_piece *pieces = p->subs;
    const geom G = geom_of(p->n);
    p->groups = malloc((p->size + 1) * sizeof *p->groups);
    if (!p->groups)
        return NQ_ERR(ENOMEM);
    /* A middle configuration's pieces come together in the plan: a new one
     * empties the memo. Even n without the band has one, and the pieces
     * with k north queens share their south lists. */
    uint32_t count = 0;
    int32_t id[33]; /* even n without the band: the group of k north queens */
    for (int k = 0; k < 33; k++)
        id[k] = -1;
    for (size_t i = 0; i < quads; i++) {
        const nq_halves_piece *c = &pieces[i];
        if (G.g) {
            if (!i || nq_halves_config(c) != nq_halves_config(&pieces[i - 1]))
                count++;
            p->groups[i] = count - 1;
        } else {
            const int k = __builtin_popcount(c->north);
            if (id[k] < 0)
                id[k] = (int32_t)count++;
            p->groups[i] = (uint32_t)id[k];
        }
    }
    for (size_t i = quads; i < p->size; i++)
        p->groups[i] = count; /* the turn parts: their own searches */
    p->group_count = count + 1;
    return 0;
}

int nq_halves_plan(nq_plan *p, const volatile int *stop)
{
    nq_halves_piece *pieces;
    size_t size;
    int err = nq_halves_pieces(p->n, nq_halves_pieces_most(p->n), nq_halves_parts_most(p->n), stop,
                               &pieces, &size);
    if (!err)
        err = nq_halves_group_norths(p->n, nq_halves_norths_most(p->n), &pieces, &size);
    if (err) {
        free(pieces);
        return err;
    }
    const size_t quads = size;
    nq_halves_piece *grown = realloc(pieces, (size + (size_t)p->n * p->n + p->n + 1) * sizeof *grown);
    if (!grown) {
        free(pieces);
        return NQ_ERR(ENOMEM);
    }
    pieces = grown;
    size += nq_halves_turn_parts(p->n, pieces + size);
    p->subs = pieces;
    p->size = size;
    p->weights = malloc((size + 1) * sizeof *p->weights);
    if (!p->weights)
        return NQ_ERR(ENOMEM);
    uint64_t h = nq_plan_fingerprint_start(p);
    const int band = geom_of(p->n).g == 2;
    if (band) {
        static const char mark[] = "band";
        h = nq_fnv1a(h, mark, sizeof mark);
    }
    for (size_t i = 0; i < size; i++) {
        if (!(i & 0xffff) && nq_stop_seen(stop))
            return NQ_ERR(EINTR); /* 4 million pieces take a while on a busy machine */
        const nq_halves_piece *c = &pieces[i];
        const int32_t fields[6] = { c->middle_col, c->middle_row, c->weight, (int32_t)c->north,
                                    (int32_t)c->south, c->turns };
        h = nq_fnv1a(h, fields, sizeof fields);
        if (band) { /* the band's pieces: plans without it keep their fingerprints */
            const int32_t more[2] = { c->band_col, c->band_row };
            h = nq_fnv1a(h, more, sizeof more);
        }
        if (c->parts > 1) { /* so that plans without parts keep their fingerprints */
            const int32_t part[2] = { c->part, c->parts };
            h = nq_fnv1a(h, part, sizeof part);
        }
        /* Likewise; 2: the walk as fixed (its first form began with up to 31
         * empty row sets, so its positions differ). */
        if (c->norths > 1) {
            const int32_t norths[2] = { c->norths, 2 };
            h = nq_fnv1a(h, norths, sizeof norths);
        }
        /* A turn part costs next to nothing beside the pieces (S180 took
         * 4 s of Q(24)'s 3e5 CPU-s): the least weight, queued at the end,
         * and seldom drawn by nq_estimate. */
        p->weights[i] = i < quads ? nq_halves_estimate(p->n, c) : 1;
    }
    if (p->n <= GROUPS_TO && (err = plan_groups(p, quads)))
        return err;
    if (nq_halves_transposes(p->n)) { /* pieces count other shares of Q(n) */
        static const char mark[] = "transpose";
        p->fingerprint_before = h;
        h = nq_fnv1a(h, mark, sizeof mark);
    }
    p->fingerprint = h;
    return 0;
}

int nq_halves_work_new(const nq_plan *plan, void **work)
{
    return nq_halves_work_create((nq_halves_work **)work, plan->n, nq_cpu_level(),
                                 plan->work_budget);
}

void nq_halves_work_free(void *work)
{
    nq_halves_work_destroy(work);
}

int nq_halves_count_one(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                        nq_sub_result *out)
{
    const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[i];
    out->total = out->unique = 0;
    if (!c->turns)
        return nq_halves_count_piece(work, c, stop, &out->total);
    /* A turn part: S180 counts once, S90 twice (S270 = S90), in unique. */
    uint64_t found;
    const int err = nq_halves_turn_part(plan->n, c->turns, (int)c->north, (int)c->south, stop,
                                        &found);
    out->unique = err ? 0 : (nq_u128)found * (c->turns == 1 ? 2 : 1);
    return err;
}

/* A slice of the piece (nq_halves_slice) and what it says of the whole:
 * its pairs times the slices, and the time of a count as count_rows spends
 * it: a pass over the east side, and for each east block a pass over the
 * west side, its tables and a scan of every west block, and the row set's
 * start (the streams, the transpose's kept sets). Even n: the tie
 * passes come sliced the same way, their pairs and time already scaled
 * (halves_rows.h). A turn part is small: counted whole. */
int nq_halves_sample(const nq_plan *plan, size_t i, void *work, uint64_t pick,
                     const volatile int *stop, nq_sub_sample *out)
{
    const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[i];
    *out = (nq_sub_sample){ 0 };
    if (c->turns) {
        nq_sub_result r;
        const double begin = nq_thread_cpu();
        const int err = nq_halves_count_one(plan, i, work, stop, &r);
        out->seconds = nq_thread_cpu() - begin;
        return err;
    }
    uint64_t picks[3];
    for (int k = 0; k < 3; k++)
        picks[k] = nq_splitmix64(&pick);
    nq_halves_slice s;
    const int err = nq_halves_count_slice(work, c, picks, stop, &s);
    if (err || !s.sets)
        return err;
    /* A row set's start is the four lists the slice made, about half for
     * its north pair and half for its south pair. A piece makes its north
     * lists once for all its row sets; one of k north sets makes each
     * south set's lists once for its k row sets too (halves_walk.h). */
    const double start = c->norths > 1 ? s.setup_seconds / 2 / c->norths
                                       : s.setup_seconds / 2 * (1 + 1.0 / s.sets);
    const double sets = s.sets, east = (double)s.blocks[1], west = (double)s.blocks[0];
    out->total = ((nq_u128)s.pairs * s.blocks[0] * s.blocks[1] * s.scale + s.ties) * s.sets *
                 (unsigned)s.weight;
    out->seconds = sets * (s.pass_seconds[1] + east * (s.pass_seconds[0] + s.prepare_seconds) +
                           east * west * s.scan_seconds + (s.tie_seconds + start));
    return 0;
}

int nq_halves_prefix(const nq_plan *plan, size_t i, int8_t cols[NQ_MAX_N])
{
    const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[i];
    const geom G = geom_of(plan->n);
    int q[4][2];
    const int k = c->turns ? 0 : nq_halves_middles(&G, c, q);
    for (int j = 0; j < k; j++)
        cols[q[j][0]] = (int8_t)q[j][1];
    return k > 0 ? k : 0;
}

int nq_halves_finish(const nq_plan *plan, nq_sub_result *sum)
{
    const int n = plan->n;
    /* Burnside: U = (Q + S90 + S180 + S270 + fixed by the 4 reflections) / 8,
     * S270 = S90, and no reflection fixes a solution once n > 1. The turn
     * parts' sum is S180 + 2 S90. */
    if (n == 1) {
        sum->unique = (uint64_t)sum->total;
        return 0;
    }
    const nq_u128 fixed = sum->total + sum->unique;
    if (fixed % 8)
        return NQ_ERR(EPROTO); /* cannot happen for a right Q(n): a check */
    sum->unique = (uint64_t)(fixed / 8);
    return 0;
}

/* What a count holds beside its threads' budgets: the program and its
 * libraries (measured: 6 MiB resident for count 1 to 12), the plan and the run's state
 * per piece (below). */
static double shared_bytes(int n)
{
    const int h = n / 2;
    const double whole = n % 2 ? (double)n * n / 8 * ldexp(1, h) : ldexp(1, h);
    const double most = (double)nq_halves_pieces_most(n);
    const double pieces = (most > whole ? most : whole) + n * n + n;
    /* Per piece: itself, its weight and place in the queue's order, its
     * result and done flag, a work unit's lists, and the plan's copies
     * while it is built. */
    return 8.0 * (1 << 20) + 96 * pieces;
}

/* A thread's buffers outside its budget: the work and matcher structs (the
 * work's 16 KiB of the band's live tables, halves_live.h, among them; from
 * n = 22, whose blocks reach 4 million east footprints, the matcher's
 * arrays for patterns of 13 bits: under 256 KiB more, all in use; below,
 * a few pages of them), the stream's buffer of entries, and per column set
 * of a quadrant (2^h) the
 * memo's index arrays (four words for each of four kinds of list) and its
 * sort's tally, the two streams' bucket arrays (four words each) and the
 * passes' tables (a byte a side): 102 bytes, where 42 were counted (at
 * n = 32 the bound was 3.5 MiB a thread low). */
static double thread_bytes(int n)
{
    return (n < 22 ? 272.0 : 528.0) * 1024 + (4 * 4 * 4 + 4 + 2 * 4 * 4 + 2) * ldexp(1, n / 2);
}

/* From n = 22 a row set's half-boards outgrow the default blocks. A larger
 * east block takes more index bits, so each west footprint skips more of
 * it: a row set of n = 26 took 125 s of CPU with 40 MiB, 48 s with 256 MiB,
 * 29 s with 1 GiB and 25 s with 2 GiB (doc/performance.md, "Index bits").
 * So blocks of up to 1 GiB a thread: within a limit, 256 MiB, or 6 GiB
 * over the threads, or what the limit leaves beyond its first 16 GiB,
 * whichever is most (a node given --max-memory 80G on 64 threads: 1 GiB);
 * without one, the threads' blocks within 2 GiB. n <= 21 keeps the
 * default, so that its memory does not grow. */
#define BUDGET_LARGE ((double)(1 << 30))
static double budget_for(int n, int threads, uint64_t limit)
{
    if (n < 22)
        return NQ_HALVES_BUDGET_DEFAULT;
    const double most = limit ? fmax(fmax(256.0 * (1 << 20), ldexp(6, 30) / threads),
                                     ((double)limit - ldexp(16, 30)) / threads)
                              : ldexp(1, 31) / threads;
    return fmax(NQ_HALVES_BUDGET_DEFAULT, fmin(BUDGET_LARGE, most));
}

uint64_t nq_halves_memory(int n, int threads, uint64_t limit, size_t *budget)
{
    const double fixed = shared_bytes(n), each = thread_bytes(n);
    double b = budget_for(n, threads, limit);
    if (limit) { /* what the limit leaves, up to the large blocks from n = 22 */
        const double room = ((double)limit - fixed) / threads - each;
        b = room < NQ_HALVES_BUDGET_MIN ? NQ_HALVES_BUDGET_MIN : fmin(room, b);
    }
    if (budget)
        *budget = (size_t)b;
    return (uint64_t)(fixed + threads * (each + b));
}

int nq_halves_plausible(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique)
{
    /* A piece counts Q(n) only; its boards, each weighted at most 8, are
     * fewer than the n! permutations, and the pieces' totals sum to Q(n):
     * none is above the published value where there is one. Far above the
     * truth still, but a value above it is certainly not a count. */
    nq_u128 most = 8, published, published_unique;
    for (int k = 2; k <= plan->n; k++)
        most *= (nq_u128)k;
    if (!nq_published(plan->n, &published, &published_unique) && published < most)
        most = published;
    /* A turn part counts S180 or 2 S90 (in unique, each at most Q(n)'s
     * bound twice) and nothing of Q(n). */
    if (((const nq_halves_piece *)plan->subs)[i].turns)
        return total == 0 && unique <= 2 * most;
    return unique == 0 && total <= most;
}

/* seconds_16: count 16 -t 1 as README's table has it. The rate per
 * solution rises with n, so Q(n)/Q(16) scaling overstates larger n: a
 * rough guess only (doc/estimate.md), kept current so that it stays one. */
const nq_engine nq_halves_engine = {
    .info = { .name = "halves",
              .description = "meet in the middle: half-boards matched by their diagonals, "
                             "OpenMP; gives U(n)",
              .parallel = 1,
              .gives_unique = 1,
              .seconds_16 = 0.06 },
    .plan = nq_halves_plan,
    .work_create = nq_halves_work_new,
    .work_destroy = nq_halves_work_free,
    .count_one = nq_halves_count_one,
    .count_marked = nq_halves_count_marked,
    .mark_share = nq_halves_mark_share,
    .prefix = nq_halves_prefix,
    .finish = nq_halves_finish,
    .memory = nq_halves_memory,
    .plausible = nq_halves_plausible,
    .sample_one = nq_halves_sample,
    /* From n = 24 pieces take up to minutes: whole ones made samples of 16
     * minutes at n = 26 and over 12 at n = 25; at n = 24 slices gave the
     * whole pieces' figure within 9% in a tenth of the time (24 draws). At
     * n = 23, 70 whole pieces (two warm-ups each) fit in 120 s, +-28 to
     * 41%; 22,000 slices +-18%, 0.93x their figure (doc/estimate.md). */
    .slices_from = 23,
};
