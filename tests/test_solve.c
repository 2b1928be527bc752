/* Solution listing: every board listed is a solution, in strictly increasing
 * lexicographic order (so none repeats), Q(n) or U(n) of them, the same for
 * any number of threads; early stops and limits are exact. The text formats:
 * test_solve_text.c. */
#include "nqueens.h"
#include "symmetry.h"
#include "known_values.h"
#include "solve_lists.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_list(const list *l, int unique)
{
    const int n = l->n;
    unsigned long long total, uniq;
    cr_assert_eq(known_values(n, &total, &uniq), 0);
    cr_expect_eq(l->count, unique ? uniq : total, "n=%d unique=%d: %zu boards, expected %llu", n,
                 unique, l->count, unique ? uniq : total);
    for (size_t i = 0; i < l->count; i++) {
        const int8_t *p = l->boards + i * (size_t)n;
        cr_assert(is_solution(n, p), "n=%d: board %zu is not a solution", n, i);
        if (i)
            cr_assert_lt(memcmp(p - n, p, (size_t)n), 0, "n=%d: boards %zu, %zu out of order", n,
                         i - 1, i);
        if (unique)
            cr_assert(nq_sym_is_canonical(n, p, NULL), "n=%d: board %zu is not canonical", n, i);
    }
    if (!unique)
        return;
    /* Pairwise inequivalent: no image of one board is another listed board. */
    for (size_t i = 0; i < l->count; i++) {
        int8_t img[NQ_MAX_N];
        for (int s = 1; s < NQ_SYMMETRIES; s++) {
            nq_sym_apply(s, n, l->boards + i * (size_t)n, img);
            for (size_t j = 0; j < l->count; j++)
                cr_assert(j == i || memcmp(img, l->boards + j * (size_t)n, (size_t)n),
                          "n=%d: boards %zu and %zu are equivalent", n, i, j);
        }
    }
}

Test(solve, callback_all_and_unique)
{
    for (int unique = 0; unique <= 1; unique++)
        for (int n = 1; n <= MAX_TEST_N; n++) {
            list one = solve_list(n, unique, 1);
            check_list(&one, unique);
            for (int t = 2; t <= 3; t++) {
                list more = solve_list(n, unique, t);
                cr_assert_eq(more.count, one.count);
                cr_assert(!one.count || !memcmp(more.boards, one.boards, one.count * (size_t)n),
                          "n=%d unique=%d: %d threads list other boards", n, unique, t);
                free(more.boards);
            }
            free(one.boards);
        }
}

/* Beyond MAX_TEST_N, checked as the boards stream past (nothing stored):
 * the search then runs rows above the table of the last six, with forward
 * checking from n = 15. */
typedef struct stream_check {
    int n, unique;
    uint64_t count;
    int8_t prev[NQ_MAX_N];
} stream_check;

static int check_one(void *ctx, int n, const int8_t *cols)
{
    stream_check *c = ctx;
    cr_assert_eq(n, c->n);
    cr_assert(is_solution(n, cols), "n=%d: board %llu is not a solution", n,
              (unsigned long long)c->count);
    cr_assert(!c->count || memcmp(c->prev, cols, (size_t)n) < 0, "n=%d: board %llu out of order",
              n, (unsigned long long)c->count);
    cr_assert(!c->unique || nq_sym_is_canonical(n, cols, NULL), "n=%d: board %llu not canonical",
              n, (unsigned long long)c->count);
    memcpy(c->prev, cols, (size_t)n);
    c->count++;
    return 0;
}

Test(solve, larger_boards_streamed)
{
    for (int unique = 0; unique <= 1; unique++)
        for (int n = MAX_TEST_N + 1; n <= (unique ? 15 : 14); n++) {
            unsigned long long total, uniq;
            cr_assert_eq(known_values(n, &total, &uniq), 0);
            stream_check c = { .n = n, .unique = unique };
            const nq_solve_params p = { .n = n, .unique = unique, .threads = 2 };
            cr_assert_eq(nq_solve(&p, check_one, &c, NULL), 0);
            cr_expect_eq(c.count, unique ? uniq : total, "n=%d unique=%d: %llu boards", n, unique,
                         (unsigned long long)c.count);
        }
}

/* The unique boards are exactly the canonical boards among all of them. */
Test(solve, unique_is_canonical_subset)
{
    for (int n = 1; n <= MAX_TEST_N; n++) {
        list all = solve_list(n, 0, 2), uniq = solve_list(n, 1, 2);
        size_t k = 0;
        for (size_t i = 0; i < all.count; i++) {
            const int8_t *p = all.boards + i * (size_t)n;
            if (!nq_sym_is_canonical(n, p, NULL))
                continue;
            cr_assert_lt(k, uniq.count);
            cr_assert(!memcmp(p, uniq.boards + k * (size_t)n, (size_t)n), "n=%d: unique %zu", n, k);
            k++;
        }
        cr_assert_eq(k, uniq.count);
        free(all.boards);
        free(uniq.boards);
    }
}

Test(solve, callback_stops_early)
{
    for (int t = 1; t <= 3; t++) {
        list l = { .n = 12, .stop_after = 7 };
        const nq_solve_params p = { .n = 12, .threads = t };
        uint64_t listed = 0;
        cr_assert_eq(nq_solve(&p, collect, &l, &listed), NQ_ERR(EINTR));
        cr_assert_eq(l.count, 7, "%zu callbacks after asking to stop at 7", l.count);
        cr_assert_eq(listed, 7, "the board that stopped it was handed on too");
        list full = solve_list(12, 0, 1);
        cr_assert(!memcmp(l.boards, full.boards, 7 * 12));
        free(l.boards);
        free(full.boards);
    }
    /* n = 30 has far too many solutions to list: the stop must end it. (At
     * n = 32 the callback sees no board before a chunk is full, 8,192
     * boards: 40 CPU-seconds here on two threads, 118 under the
     * sanitizers. limit_is_a_prefix and cli/solve.sh list n = 32.) */
    list big = { .n = 30, .stop_after = 3 };
    const nq_solve_params p = { .n = 30, .threads = 2 };
    cr_assert_eq(nq_solve(&p, collect, &big, NULL), NQ_ERR(EINTR));
    cr_assert_eq(big.count, 3);
    for (size_t i = 0; i < 3; i++)
        cr_assert(is_solution(30, big.boards + i * 30));
    free(big.boards);
}

Test(solve, bad_arguments)
{
    list l = { .n = 4 };
    const nq_solve_params bad[] = {
        { .n = 0, .threads = 1 },
        { .n = 33, .threads = 1 },
        { .n = 4, .threads = -1 },
        { .n = 4, .threads = NQ_MAX_THREADS + 1 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t listed = 99;
        cr_expect_eq(nq_solve(&bad[i], collect, &l, &listed), NQ_ERR(EINVAL), "case %zu", i);
        cr_expect_eq(listed, 0, "case %zu", i);
    }
    const nq_solve_params good = { .n = 4, .threads = 1 };
    cr_expect_eq(nq_solve(&good, NULL, NULL, NULL), NQ_ERR(EINVAL));
    cr_expect_eq(nq_solve(NULL, collect, &l, NULL), NQ_ERR(EINVAL));
    nq_solve_params p = { .n = 4, .format = (nq_format)7 };
    cr_expect_eq(nq_solve_text(&p, NULL, NULL, NULL), NQ_ERR(EINVAL));
    cr_expect_eq(l.count, 0);
}

/* nq_solve ignores the format: the same boards for each. */
Test(solve, format_ignored)
{
    list want = solve_list(8, 0, 2);
    for (int f = NQ_FORMAT_BOARD; f <= NQ_FORMAT_JSON + 1; f++) {
        list l = { .n = 8 };
        const nq_solve_params p = { .n = 8, .threads = 2, .format = (nq_format)f };
        cr_assert_eq(nq_solve(&p, collect, &l, NULL), 0);
        cr_assert(l.count == want.count && !memcmp(l.boards, want.boards, want.count * 8));
        free(l.boards);
    }
    free(want.boards);
}

/* A limit gives exactly the first K boards, whatever subproblem or chunk
 * boundary K falls on, and ends with 0. */
Test(solve, limit_is_a_prefix)
{
    const int n = 10;
    list all = solve_list(n, 0, 1);
    const uint64_t ks[] = { 1, 2, 3, 17, 100, 363, 723, 724, 725, 100000 };
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
        for (int t = 1; t <= 3; t++) {
            const size_t want = ks[i] < all.count ? ks[i] : all.count;
            list l = { .n = n };
            const nq_solve_params p = { .n = n, .threads = t, .limit = ks[i] };
            uint64_t listed = 0;
            cr_assert_eq(nq_solve(&p, collect, &l, &listed), 0);
            cr_assert_eq(l.count, want, "limit %llu threads %d: %zu boards",
                         (unsigned long long)ks[i], t, l.count);
            cr_assert_eq(listed, want);
            cr_assert(!memcmp(l.boards, all.boards, want * (size_t)n));
            free(l.boards);
        }
    free(all.boards);
    /* n = 32: far too many to list, the limit must end it quickly. */
    list big = { .n = 32 };
    const nq_solve_params p = { .n = 32, .threads = 2, .limit = 5 };
    uint64_t listed = 0;
    cr_assert_eq(nq_solve(&p, collect, &big, &listed), 0);
    cr_assert_eq(big.count, 5);
    cr_assert_eq(listed, 5);
    free(big.boards);
}

/* hooks->stop, set from the callback at its first board (as a signal
 * handler would set it at any time): the listing of n = 18 stops at once
 * with NQ_ERR(EINTR). on_thread_start is called once by each thread. */
typedef struct stop_list {
    list l;
    volatile int *stop;
} stop_list;

static int collect_then_stop(void *ctx, int n, const int8_t *cols)
{
    stop_list *s = ctx;
    *s->stop = 1;
    return collect(&s->l, n, cols);
}

static void count_start(void *ctx, int thread)
{
    (void)thread;
    __atomic_fetch_add((int *)ctx, 1, __ATOMIC_RELAXED);
}

Test(solve, hooks_stop_and_thread_start)
{
    unsigned long long total, unique;
    cr_assert_eq(known_values(18, &total, &unique), 0);
    for (int threads = 1; threads <= 3; threads++) {
        volatile int stop = 0;
        int started = 0;
        const nq_run_hooks hooks = { .stop = &stop, .on_thread_start = count_start,
                                     .ctx = &started };
        stop_list s = { .l = { .n = 18 }, .stop = &stop };
        const nq_solve_params p = { .n = 18, .threads = threads, .hooks = &hooks };
        uint64_t listed = 0;
        cr_assert_eq(nq_solve(&p, collect_then_stop, &s, &listed), NQ_ERR(EINTR));
        cr_assert_eq(listed, s.l.count);
        cr_assert(listed > 0 && listed < total / 1000, "%llu of %llu listed",
                  (unsigned long long)listed, total);
        cr_assert_eq(started, nq_threads_for(threads));
        free(s.l.boards);
    }
    /* Set before the start: nothing is listed. */
    volatile int stop = 1;
    const nq_run_hooks hooks = { .stop = &stop };
    list l = { .n = 12 };
    const nq_solve_params p = { .n = 12, .threads = 2, .hooks = &hooks };
    uint64_t listed = 99;
    cr_assert_eq(nq_solve(&p, collect, &l, &listed), NQ_ERR(EINTR));
    cr_assert_eq(listed, 0);
    cr_assert_eq(l.count, 0);
}
