/* Plans: prefixes are legal, none lost or doubled, and the weighted sum of
 * the subproblem counts is the total. Checked against a plain enumeration. */
#include <criterion/criterion.h>

#include "engines.h"
#include "symmetry.h"
#include "known_values.h"

#include <stdlib.h>
#include <string.h>

/* Every solution of n, by plain recursion: the obviously right reference. */
typedef struct {
    int n, count;
    int8_t (*boards)[NQ_MAX_N];
} all_solutions;

static int safe(const int8_t *p, int row, int col)
{
    for (int r = 0; r < row; r++)
        if (p[r] == col || abs(p[r] - col) == row - r)
            return 0;
    return 1;
}

static void place(all_solutions *a, int8_t *p, int row)
{
    if (row == a->n) {
        memcpy(a->boards[a->count++], p, NQ_MAX_N);
        return;
    }
    for (int c = 0; c < a->n; c++)
        if (safe(p, row, c)) {
            p[row] = (int8_t)c;
            place(a, p, row + 1);
        }
}

static all_solutions enumerate(int n)
{
    unsigned long long total, unique;
    known_values(n, &total, &unique);
    all_solutions a = { n, 0, calloc(total + 1, sizeof *a.boards) };
    int8_t p[NQ_MAX_N] = { 0 };
    place(&a, p, 0);
    cr_assert_eq((unsigned long long)a.count, total);
    return a;
}

/* 1 if board agrees with every queen the subproblem placed (-1: none). */
static int matches(int n, const int8_t *board, const int8_t *prefix)
{
    for (int r = 0; r < n; r++)
        if (prefix[r] >= 0 && board[r] != prefix[r])
            return 0;
    return 1;
}

static int compare_prefix(const void *a, const void *b)
{
    return memcmp(a, b, NQ_MAX_N * sizeof(int8_t));
}

Test(plan, prefixes_are_conflict_free_and_distinct)
{
    for (int engine = NQ_ENG_SYM8; engine <= NQ_ENG_PMIRROR; engine++)
        for (int n = 1; n <= 16; n++)
            for (int depth = 1; depth <= 4; depth++) {
                nq_plan *plan;
                cr_assert_eq(nq_plan_create(&plan, n, engine, depth, NULL), 0);
                const size_t size = nq_plan_size(plan);
                int8_t (*pre)[NQ_MAX_N] = calloc(size + 1, sizeof *pre);
                int *rows = calloc(size + 1, sizeof *rows);
                for (size_t i = 0; i < size; i++) {
                    rows[i] = nq_plan_prefix(plan, i, pre[i]);
                    cr_assert(rows[i] >= 1 && rows[i] <= n);
                    int placed = 0;
                    for (int r = 0; r < n; r++) {
                        if (pre[i][r] < 0)
                            continue;
                        placed++;
                        cr_assert(pre[i][r] < n);
                        for (int q = 0; q < r; q++)
                            cr_assert(pre[i][q] < 0 || (pre[i][q] != pre[i][r] &&
                                                        abs(pre[i][q] - pre[i][r]) != r - q),
                                      "n=%d sub %zu: rows %d and %d attack", n, i, q, r);
                    }
                    cr_assert_eq(placed, rows[i]);
                }
                qsort(pre, size, sizeof *pre, compare_prefix);
                for (size_t i = 1; i < size; i++)
                    cr_assert(memcmp(pre[i], pre[i - 1], sizeof pre[i]),
                              "n=%d depth=%d: two subproblems are the same", n, depth);
                free(pre);
                free(rows);
                nq_plan_destroy(plan);
            }
}

/* Which solutions a plan must cover exactly once: for sym8 the canonical
 * (smallest) board of each class; for mirror the left-half boards. */
static int must_cover(int engine, int n, const int8_t *s)
{
    if (engine == NQ_ENG_SYM8)
        return nq_sym_is_canonical(n, s, NULL);
    if (n == 1)
        return 1;
    return s[0] < n / 2 || (n % 2 && s[0] == n / 2 && s[1] < n / 2);
}

Test(plan, every_solution_is_covered_once)
{
    for (int n = 1; n <= 10; n++) {
        all_solutions all = enumerate(n);
        for (int engine = NQ_ENG_SYM8; engine <= NQ_ENG_PMIRROR; engine++)
            for (int depth = 1; depth <= 4; depth++) {
                nq_plan *plan;
                cr_assert_eq(nq_plan_create(&plan, n, engine, depth, NULL), 0);
                for (int s = 0; s < all.count; s++) {
                    if (!must_cover(engine, n, all.boards[s]))
                        continue;
                    int hits = 0;
                    for (size_t i = 0; i < nq_plan_size(plan); i++) {
                        int8_t pre[NQ_MAX_N];
                        nq_plan_prefix(plan, i, pre);
                        hits += matches(n, all.boards[s], pre);
                    }
                    cr_assert_eq(hits, 1, "engine %d n=%d depth=%d solution %d covered %d times",
                                 engine, n, depth, s, hits);
                }
                nq_plan_destroy(plan);
            }
        free(all.boards);
    }
}

Test(plan, weighted_sum_of_subproblems_is_the_total)
{
    for (int engine = NQ_ENG_SYM8; engine <= NQ_ENG_PMIRROR; engine++)
        for (int n = 4; n <= 13; n++) {
            unsigned long long total, unique;
            known_values(n, &total, &unique);
            nq_plan *plan;
            cr_assert_eq(nq_plan_create(&plan, n, engine, 3, NULL), 0);
            nq_u128 sum = 0;
            uint64_t usum = 0;
            for (size_t i = 0; i < nq_plan_size(plan); i++) {
                nq_sub_result r;
                cr_assert_eq(nq_plan_count_one(plan, i, NULL, &r), 0);
                sum += r.total;
                usum += r.unique;
            }
            cr_assert(sum == total, "engine %d n=%d", engine, n);
            if (engine == NQ_ENG_SYM8)
                cr_assert_eq(usum, unique, "n=%d", n);
            nq_plan_destroy(plan);
        }
}

Test(plan, fingerprint_depends_on_the_plan)
{
    nq_plan *a, *b, *c, *d;
    cr_assert_eq(nq_plan_create(&a, 12, NQ_ENG_SYM8, 3, NULL), 0);
    cr_assert_eq(nq_plan_create(&b, 12, NQ_ENG_SYM8, 3, NULL), 0);
    cr_assert_eq(nq_plan_create(&c, 12, NQ_ENG_SYM8, 2, NULL), 0);
    cr_assert_eq(nq_plan_create(&d, 12, NQ_ENG_PMIRROR, 3, NULL), 0);
    cr_assert_eq(nq_plan_fingerprint(a), nq_plan_fingerprint(b));
    cr_assert_neq(nq_plan_fingerprint(a), nq_plan_fingerprint(c));
    cr_assert_neq(nq_plan_fingerprint(a), nq_plan_fingerprint(d));
    nq_plan_destroy(a);
    nq_plan_destroy(b);
    nq_plan_destroy(c);
    nq_plan_destroy(d);
}

Test(plan, classic_engines_have_no_plan)
{
    nq_plan *p;
    cr_assert_eq(nq_plan_create(&p, 8, NQ_ENG_NAIVE, 0, NULL), NQ_ERR(ENOTSUP));
    cr_assert_null(p);
}

/* The plausibility bounds (a checkpoint's values are checked against them)
 * hold every true count, and refuse what issue 24 found accepted: a count
 * above Q(n), a zero subproblem given solutions where a row is blocked. */
Test(plan, plausibility_bounds_hold_every_true_count)
{
    const int engines[] = { NQ_ENG_SYM8, NQ_ENG_PMIRROR, NQ_ENG_HALVES };
    for (int n = 1; n <= 12; n++)
        for (size_t e = 0; e < sizeof engines / sizeof *engines; e++)
            for (int depth = 0; depth <= (engines[e] == NQ_ENG_HALVES ? 0 : 4); depth++) {
                nq_plan *plan;
                cr_assert_eq(nq_plan_create(&plan, n, engines[e], depth, NULL), 0);
                const nq_engine *impl = nq_engine_impl(engines[e]);
                nq_u128 q, u;
                cr_assert_eq(nq_published(n, &q, &u), 0);
                for (size_t i = 0; i < nq_plan_size(plan); i++) {
                    nq_sub_result r;
                    cr_assert_eq(nq_plan_count_one(plan, i, NULL, &r), 0);
                    cr_assert(impl->plausible(plan, i, r.total, r.unique),
                              "n=%d engine %zu depth %d subproblem %zu", n, e, depth, i);
                    cr_assert(!impl->plausible(plan, i, q + 1 + r.total, r.unique),
                              "n=%d engine %zu subproblem %zu: above Q(n)", n, e, i);
                }
                nq_plan_destroy(plan);
            }
}
