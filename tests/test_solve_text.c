/* The listing as text (nq_solve_text): every format agrees with the boards
 * nq_solve lists, byte for byte; limits, writer stops and hooks->stop are
 * exact. */
#include "nqueens.h"
#include "known_values.h"
#include "solve_lists.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct text {
    char *buf;
    size_t len, cap;
    size_t stop_at; /* stop once this many bytes were received; 0: never */
} text;

static int append(void *ctx, const char *buf, size_t len)
{
    text *t = ctx;
    if (t->len + len + 1 > t->cap) {
        t->cap = 2 * (t->len + len + 1);
        t->buf = realloc(t->buf, t->cap);
        cr_assert_not_null(t->buf);
    }
    memcpy(t->buf + t->len, buf, len);
    t->len += len;
    t->buf[t->len] = '\0';
    return t->stop_at && t->len >= t->stop_at;
}

static text solve_text(int n, int unique, int threads, nq_format f, uint64_t limit, uint64_t *listed)
{
    text t = { 0 };
    nq_solve_params p = { .n = n, .unique = unique, .threads = threads, .format = f, .limit = limit };
    const int rc = nq_solve_text(&p, append, &t, listed);
    cr_assert_eq(rc, 0, "nq_solve_text n=%d format=%d returned %d", n, f, rc);
    if (!t.buf)
        t.buf = calloc(1, 1);
    return t;
}

/* The expected text, built from the boards by plain printing. */
static char *render(const list *l, nq_format f, size_t count)
{
    const int n = l->n;
    char *out = malloc(64 + count * (size_t)(n * (n + 4) + 4));
    cr_assert_not_null(out);
    char *o = out;
    if (f == NQ_FORMAT_JSON)
        *o++ = '[';
    for (size_t i = 0; i < count; i++) {
        const int8_t *p = l->boards + i * (size_t)n;
        if (i && f != NQ_FORMAT_COLS)
            *o++ = f == NQ_FORMAT_JSON ? ',' : '\n';
        if (f == NQ_FORMAT_JSON)
            *o++ = '[';
        for (int r = 0; r < n; r++) {
            if (f == NQ_FORMAT_COLS) {
                o += sprintf(o, r ? " %d" : "%d", p[r]);
                continue;
            }
            if (f == NQ_FORMAT_JSON)
                o += sprintf(o, r ? ",\"" : "\"");
            for (int c = 0; c < n; c++)
                *o++ = c == p[r] ? 'Q' : '.';
            *o++ = f == NQ_FORMAT_JSON ? '"' : '\n';
        }
        if (f == NQ_FORMAT_JSON)
            *o++ = ']';
        if (f == NQ_FORMAT_COLS)
            *o++ = '\n';
    }
    if (f == NQ_FORMAT_JSON) {
        *o++ = ']';
        *o++ = '\n';
    }
    *o = '\0';
    return out;
}

Test(solve_text, formats_match_boards)
{
    for (int unique = 0; unique <= 1; unique++)
        for (int n = 1; n <= MAX_TEST_N; n++) {
            list l = solve_list(n, unique, 1);
            for (nq_format f = NQ_FORMAT_BOARD; f <= NQ_FORMAT_JSON; f++) {
                char *want = render(&l, f, l.count);
                for (int t = 1; t <= 3; t++) {
                    uint64_t listed = 0;
                    text got = solve_text(n, unique, t, f, 0, &listed);
                    cr_assert_eq(listed, l.count);
                    cr_assert_str_eq(got.buf, want, "n=%d unique=%d format=%d threads=%d", n,
                                     unique, f, t);
                    free(got.buf);
                }
                free(want);
            }
            free(l.boards);
        }
}

Test(solve_text, json_n4_exact)
{
    text t = solve_text(4, 0, 2, NQ_FORMAT_JSON, 0, NULL);
    cr_assert_str_eq(t.buf, "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n");
    free(t.buf);
    for (int n = 2; n <= 3; n++) {
        text e = solve_text(n, 0, 2, NQ_FORMAT_JSON, 0, NULL);
        cr_assert_str_eq(e.buf, "[]\n");
        free(e.buf);
        e = solve_text(n, 0, 2, NQ_FORMAT_BOARD, 0, NULL);
        cr_assert_str_eq(e.buf, "");
        free(e.buf);
    }
}

/* A limit gives exactly the first K boards of the full listing, whatever
 * subproblem or chunk boundary K falls on. */
Test(solve_text, limit_is_a_prefix)
{
    const int n = 10;
    list l = solve_list(n, 0, 1);
    const uint64_t ks[] = { 1, 2, 3, 17, 100, 363, 723, 724, 725, 100000 };
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
        for (nq_format f = NQ_FORMAT_BOARD; f <= NQ_FORMAT_JSON; f++)
            for (int t = 1; t <= 3; t++) {
                const size_t want_count = ks[i] < l.count ? ks[i] : l.count;
                char *want = render(&l, f, want_count);
                uint64_t listed = 0;
                text got = solve_text(n, 0, t, f, ks[i], &listed);
                cr_assert_eq(listed, want_count);
                cr_assert_str_eq(got.buf, want, "limit %llu format %d threads %d",
                                 (unsigned long long)ks[i], f, t);
                free(got.buf);
                free(want);
            }
    free(l.boards);
}

/* Big n with a limit ends quickly and lists solutions in order. */
Test(solve_text, limit_big_n)
{
    for (int n = 20; n <= 32; n += 4) {
        uint64_t listed = 0;
        text got = solve_text(n, 0, 2, NQ_FORMAT_COLS, 3, &listed);
        cr_assert_eq(listed, 3);
        int8_t prev[NQ_MAX_N] = { 0 };
        char *s = got.buf;
        for (int i = 0; i < 3; i++) {
            int8_t p[NQ_MAX_N];
            for (int r = 0; r < n; r++)
                p[r] = (int8_t)strtol(s, &s, 10);
            cr_assert_eq(*s, '\n');
            s++;
            cr_assert(is_solution(n, p), "n=%d: line %d is not a solution", n, i);
            cr_assert(i == 0 || memcmp(prev, p, (size_t)n) < 0);
            memcpy(prev, p, (size_t)n);
        }
        cr_assert_eq(*s, '\0');
        free(got.buf);
    }
}

Test(solve_text, writer_stops)
{
    text t = { .stop_at = 1 };
    nq_solve_params p = { .n = 14, .threads = 2, .format = NQ_FORMAT_BOARD };
    cr_assert_eq(nq_solve_text(&p, append, &t, NULL), NQ_ERR(EINTR));
    cr_assert_gt(t.len, 0);
    free(t.buf);
}

/* The first boards of n = 32 lie seconds apart: a chunk of 256 KiB (about
 * 3,000 boards as cols) took 16 CPU-seconds to fill before it was handed
 * on. The writer waiting, a few boards are handed on as soon as found: the
 * first write holds far fewer than a chunk (the old code failed here after
 * 16 s with a whole chunk). */
Test(solve_text, the_first_boards_come_at_once)
{
    for (int threads = 1; threads <= 2; threads++) {
        text t = { .stop_at = 1 };
        nq_solve_params p = { .n = 32, .threads = threads, .format = NQ_FORMAT_COLS };
        uint64_t listed = 0;
        cr_assert_eq(nq_solve_text(&p, append, &t, &listed), NQ_ERR(EINTR));
        cr_assert(listed > 0 && listed < 500, "threads=%d: %llu boards in the first write", threads,
                  (unsigned long long)listed);
        cr_assert_eq(t.len, strlen(t.buf));
        cr_assert_eq(t.buf[t.len - 1], '\n', "the first write ends with a whole board");
        free(t.buf);
    }
}

/* hooks->stop, set from the writer at its first piece (as a signal handler
 * would set it at any time): the listing of n = 18, a minute or more to the
 * end, stops at once with NQ_ERR(EINTR), a small part of it written. */
typedef struct stop_text {
    text t;
    volatile int *stop;
} stop_text;

static int append_then_stop(void *ctx, const char *buf, size_t len)
{
    stop_text *s = ctx;
    *s->stop = 1;
    return append(&s->t, buf, len);
}

Test(solve_text, hooks_stop_ends_the_listing)
{
    unsigned long long total, unique;
    cr_assert_eq(known_values(18, &total, &unique), 0);
    for (int threads = 1; threads <= 3; threads++) {
        volatile int stop = 0;
        const nq_run_hooks hooks = { .stop = &stop };
        stop_text s = { .stop = &stop };
        nq_solve_params p = { .n = 18, .threads = threads, .format = NQ_FORMAT_COLS,
                              .hooks = &hooks };
        uint64_t listed = 0;
        cr_assert_eq(nq_solve_text(&p, append_then_stop, &s, &listed), NQ_ERR(EINTR));
        cr_assert_gt(s.t.len, 0);
        cr_assert(listed > 0 && listed < total / 1000, "%llu of %llu listed",
                  (unsigned long long)listed, total);
        free(s.t.buf);
    }
    /* Set before the start: nothing is listed. */
    volatile int stop = 1;
    const nq_run_hooks hooks = { .stop = &stop };
    text t = { 0 };
    nq_solve_params p = { .n = 12, .threads = 2, .format = NQ_FORMAT_BOARD, .hooks = &hooks };
    cr_assert_eq(nq_solve_text(&p, append, &t, NULL), NQ_ERR(EINTR));
    cr_assert_eq(t.len, 0);
    free(t.buf);
}
