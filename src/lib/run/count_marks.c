/* Marks in a count (count_marks.h): their share, and those dropped. */
#include "count_marks.h"

#include "engines.h"
#include "halves/halves_marks.h"

#include <stdio.h>

double nq_mark_share(const nq_plan *plan, size_t i, const nq_mark *m)
{
    if (!plan->engine->mark_share)
        return 0;
    const double share = plan->engine->mark_share(plan, i, m);
    return share < 0 ? share : share > 1 ? 1 : share;
}

/* The --max-memory that gives `threads` threads blocks of exactly `budget`
 * bytes by the engine's rule (its memory hook), as round as it may be; 0
 * if none does. The budget grows with the limit: the least that reaches
 * it, found by halving. */
static uint64_t limit_for(const nq_plan *plan, int threads, uint64_t budget)
{
    const nq_engine *e = plan->engine;
    size_t b;
    uint64_t lo = 1, hi = (uint64_t)1 << 62;
    if (!e->memory || (e->memory(plan->n, threads, hi, &b), b < budget))
        return 0;
    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo) / 2;
        e->memory(plan->n, threads, mid, &b);
        if (b >= budget)
            hi = mid;
        else
            lo = mid + 1;
    }
    e->memory(plan->n, threads, lo, &b);
    if (b != budget)
        return 0;
    for (int shift = 30; shift >= 10; shift -= 10) { /* 3G, 11M, 5120K if they keep it */
        const uint64_t unit = (uint64_t)1 << shift, round = (lo + unit - 1) / unit * unit;
        e->memory(plan->n, threads, round, &b);
        if (b == budget)
            return round;
    }
    return lo;
}

/* bytes as --max-memory reads them back exactly: 11M, 4G, 17K or 1000. */
static void size_exact(uint64_t bytes, char buf[32])
{
    static const char units[] = "KMGT";
    int u = 0;
    while (u < 4 && bytes && !(bytes & (((uint64_t)1 << 10 * (u + 1)) - 1)))
        u++;
    if (u)
        snprintf(buf, 32, "%llu%c", (unsigned long long)(bytes >> 10 * u), units[u - 1]);
    else
        snprintf(buf, 32, "%llu", (unsigned long long)bytes);
}

/* Why `count` marks were dropped for reason `why` (not the blocks'), as
 * a clause of the notice. */
static void say_why(char *out, size_t size, int why, size_t count)
{
    static const char *const one[NQ_MARK_REASONS] = {
        [NQ_MARK_UNSEALED] = "carries no seal that ties it to its piece (nqueens 1.1 wrote "
                             "none)",
        [NQ_MARK_ELSEWHERE] = "was made for another subproblem (its seal names another piece)",
        [NQ_MARK_EDITED] = "does not match its seal (its position or blocks were changed after "
                           "it was written)",
        [NQ_MARK_IMPOSSIBLE] = "holds a position impossible for its piece",
    };
    static const char *const many[NQ_MARK_REASONS] = {
        [NQ_MARK_UNSEALED] = "carry no seal that ties them to their piece (nqueens 1.1 "
                             "wrote none)",
        [NQ_MARK_ELSEWHERE] = "were made for other subproblems (their seals name other pieces)",
        [NQ_MARK_EDITED] = "do not match their seals (their positions or blocks were changed "
                           "after they were written)",
        [NQ_MARK_IMPOSSIBLE] = "hold positions impossible for their pieces",
    };
    snprintf(out, size, "%zu mark%s %s", count, count == 1 ? "" : "s",
             count == 1 ? one[why] : many[why]);
}

/* The blocks' clause: what budget the trimmed marks were made with beside
 * this run's, and the -t and --max-memory that keep their whole progress. */
static void say_blocks(char *out, size_t size, const nq_plan *plan, int threads, uint64_t budget)
{
    const double mib = 1 << 20;
    const uint64_t limit = limit_for(plan, threads, budget);
    char keep[100], size_str[32];
    size_exact(limit, size_str);
    if (limit)
        snprintf(keep, sizeof keep, "-t %d --max-memory %s keeps it all", threads, size_str);
    else
        snprintf(keep, sizeof keep, "no --max-memory gives -t %d such blocks", threads);
    snprintf(out, size,
             "made by threads with %.1f MiB of blocks, this run's have %.1f MiB (-t and "
             "--max-memory set them), too few to hold a position inside them; %s",
             (double)budget / mib, (double)plan->work_budget / mib, keep);
}

size_t nq_marks_dropped(const nq_plan *plan, int threads, const char *path, const nq_mark *marks,
                        size_t count, const unsigned char *done, char *line, size_t size)
{
    size_t dropped = 0, trimmed = 0, relaid = 0, by[NQ_MARK_REASONS] = { 0 };
    uint64_t budget = 0;
    *line = '\0';
    for (size_t k = 0; k < count; k++) {
        if (done[marks[k].i])
            continue;
        const double share = nq_mark_share(plan, marks[k].i, &marks[k]);
        if (share >= 0) {
            if (plan->engine->mark_share && nq_halves_mark_trimmed(plan, marks[k].i, &marks[k]) &&
                !trimmed++)
                budget = nq_halves_mark_budget(&marks[k]);
            relaid += plan->engine->mark_share &&
                      nq_halves_mark_relaid(plan, marks[k].i, &marks[k]);
            continue;
        }
        by[-share < NQ_MARK_REASONS ? (int)-share : NQ_MARK_IMPOSSIBLE]++;
        dropped++;
    }
    if (!dropped && !trimmed && !relaid)
        return 0;
    int w = snprintf(line, size, "checkpoint '%s': ", path);
    if (dropped && w >= 0 && (size_t)w < size) {
        const int one = dropped == 1;
        w += snprintf(line + w, size - (size_t)w,
                      "the progress inside %zu subproblem%s is dropped and %s from %s start: ",
                      dropped, one ? "" : "s", one ? "it counts again" : "they count again",
                      one ? "its" : "their");
        char clause[400];
        const char *sep = "";
        for (int why = 1; why < NQ_MARK_REASONS; why++) {
            if (!by[why] || w < 0 || (size_t)w >= size)
                continue;
            say_why(clause, sizeof clause, why, by[why]);
            w += snprintf(line + w, size - (size_t)w, "%s%s", sep, clause);
            sep = "; ";
        }
    }
    if (relaid && w >= 0 && (size_t)w < size) {
        const int one = relaid == 1;
        w += snprintf(line + w, size - (size_t)w,
                      "%s%zu subproblem%s of the band %s on from the start of the row set %s "
                      "mark%s %s in: %s made by nqueens 1.3.4 or earlier, whose blocks hold "
                      "other half-boards",
                      dropped ? "; " : "", relaid, one ? "" : "s", one ? "goes" : "go",
                      one ? "its" : "their", one ? "" : "s", one ? "is" : "are",
                      one ? "it was" : "they were");
    }
    if (trimmed && w >= 0 && (size_t)w < size) {
        /* A row set's start is the same in any blocks: the sets before it
         * are kept (halves_marks.c). */
        char clause[400];
        say_blocks(clause, sizeof clause, plan, threads, budget);
        const int one = trimmed == 1;
        snprintf(line + w, size - (size_t)w,
                 "%s%zu subproblem%s %s on from the start of the row set %s mark%s %s in, not "
                 "from the mark%s: %s %s",
                 dropped || relaid ? "; " : "", trimmed, one ? "" : "s", one ? "goes" : "go",
                 one ? "its" : "their", one ? "" : "s", one ? "is" : "are", one ? "" : "s",
                 one ? "it was" : "they were", clause);
    }
    return dropped + trimmed + relaid;
}
