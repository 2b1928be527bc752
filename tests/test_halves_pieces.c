/* The halves engine's pieces counted whole, against the published Q(n):
 * they add up to it however the plan cuts them (split into row sets, row
 * sets into west parts), with the smallest budget (many blocks, lists in
 * chunks), on every vector path; and a piece resumed from any position its
 * count told gives the whole count. */
#include <criterion/criterion.h>

#include "halves/halves.h"
#include "halves/halves_engine.h" /* nq_halves_memory */
#include "halves/halves_geom.h"
#include "halves/halves_pieces.h"
#include "halves/halves_walk.h"
#include "halves/halves_work.h"
#include "halves_fixtures.h"
#include "sanitized.h"
#include "known_values.h"
#include "util.h" /* nq_splitmix64 */

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The pieces of n = from..to (split while at most `most`: 0 for none) add
 * up to Q(n) on one code path, counted with buffers of `budget` bytes. */
static void pieces_sum_to_q_on(nq_level level, int from, int to, size_t most, unsigned parts,
                               size_t budget)
{
    for (int n = from; n <= to; n++) {
        unsigned long long total, unique;
        cr_assert_eq(known_values(n, &total, &unique), 0);
        nq_halves_piece *pieces;
        size_t size;
        cr_assert_eq(nq_halves_pieces(n, most, parts, NULL, &pieces, &size), 0);
        nq_halves_work *w;
        cr_assert_eq(nq_halves_work_create(&w, n, level, budget), 0);
        /* Even n: without the transpose's symmetries and with them. */
        for (int with = 0; with <= (n % 2 == 0); with++) {
            nq_halves_work_transpose(w, with);
            nq_u128 sum = 0;
            for (size_t i = 0; i < size; i++) {
                nq_u128 t;
                cr_assert_eq(nq_halves_count_piece(w, &pieces[i], NULL, &t), 0);
                sum += t;
            }
            cr_assert(sum == total,
                      "%s n=%d (most %zu, parts %u, budget %zu, transpose %d): %llu, "
                      "expected %llu", nq_level_name(level), n, most, parts, budget, with,
                      (unsigned long long)sum, total);
        }
        nq_halves_work_destroy(w);
        free(pieces);
    }
}

/* The same at every level the CPU runs (test_halves.c has a test for each
 * level, which shows those the CPU lacks as skipped), but for
 * x86-64-v3-nopext, whose halves code is x86-64-v3's but for the pair
 * counter's index patterns (bit by bit, not PEXT), which test_halves.c's
 * pair counter tests check at each level. */
static void pieces_sum_to_q(int from, int to, size_t most, unsigned parts, size_t budget)
{
    for (int level = 0; level < NQ_LEVELS; level++) {
#if NQ_ISA_DISPATCH
        if (level == NQ_LEVEL_V3_NOPEXT)
            continue;
#endif
        /* Under the sanitizers, the level this CPU counts with only. */
        if (nq_cpu_runs((nq_level)level) && (!NQ_SANITIZED || level == (int)nq_cpu_level()))
            pieces_sum_to_q_on((nq_level)level, from, to, most, parts, budget);
    }
}

Test(halves, pieces_sum_to_q_on_every_path, .timeout = 300)
{
    pieces_sum_to_q(1, 14, 0, 1, 0);
}

/* Split into one piece per south row set (as from n = 23), all of them
 * or only the largest: the same sums. */
Test(halves, split_pieces_sum_to_q, .timeout = 300)
{
    pieces_sum_to_q(4, 14, (size_t)1 << 20, 1, 0);
    pieces_sum_to_q(12, 13, 300, 1, 0);
    pieces_sum_to_q(12, 13, 3000, 64, 0);
}

/* Row sets cut into west parts (the plan does so while it has room): each
 * part is some of the west half-boards, by their north placement's place
 * in its list, and the parts add up to the whole, also with the smallest
 * budget, where the lists are enumerated, not kept. */
Test(halves, east_parts_sum_to_q, .timeout = 300)
{
    nq_halves_piece *pieces;
    size_t size, cut = 0;
    cr_assert_eq(nq_halves_pieces(14, (size_t)1 << 20, 64, NULL, &pieces, &size), 0);
    for (size_t i = 0; i < size; i++)
        cut += pieces[i].parts > 1;
    free(pieces);
    cr_assert_gt(cut, size / 2, "n=14: %zu of %zu pieces are west parts", cut, size);
    pieces_sum_to_q(8, NQ_TEST_TOP(15, 13), (size_t)1 << 20, 64, 1);
}

/* The smallest budget splits the lists into chunks (from n = 13 on) and
 * the half-boards into many blocks (from 16): the pieces still add up to
 * Q(n), on every path; n = 16, two thirds of the time, on the fastest
 * (nq_cpu_level, which NQUEENS_ISA names: CI runs this test again at
 * x86-64 and x86-64-v3-nopext so). */
Test(halves, the_smallest_budget_gives_the_same_counts, .timeout = 300)
{
    pieces_sum_to_q(4, NQ_TEST_TOP(15, 14), 0, 1, 1);
    if (!NQ_SANITIZED)
        pieces_sum_to_q_on(nq_cpu_level(), 16, 16, 0, 1, 1);
}

/* A count resumed from any position it told (as a checkpoint's mark keeps
 * it) gives the whole count: with the smallest budget, where positions
 * fall between row sets, east blocks and west blocks; a position that
 * cannot be (more blocks than there are) is counted from the start. */
Test(halves, a_count_resumed_from_any_position_is_whole, .timeout = 300)
{
    static told t;
    size_t inside = 0;
    for (int n = 12; n <= 16; n++) {
        nq_halves_piece *pieces;
        size_t size;
        nq_halves_work *w;
        cr_assert_eq(smallest_budget_work(n, 0, &pieces, &size, &w), 0);
        /* The band's pieces are many more and hold 64 north sets each. */
        const size_t step = (n < 16 ? 5 : NQ_SANITIZED ? 72 : 24) * (band_forced() ? 16 : 1);
        for (size_t i = 0; i < size * 2; i += step) {
            nq_halves_work_transpose(w, i >= size); /* even n: both ways */
            const size_t at = i % size;
            nq_halves_tell tell = { keep_position, &t, 0, 0 };
            nq_u128 whole, again;
            t.count = 0;
            cr_assert_eq(nq_halves_count_piece_from(w, &pieces[at], NULL, NULL, &tell, &whole), 0);
            for (size_t k = 0; k < t.count; k++) {
                cr_assert_eq(nq_halves_count_piece_from(w, &pieces[at], NULL, &t.pos[k], NULL,
                                                        &again), 0);
                cr_assert(again == whole, "n=%d piece %zu from position %zu: %llu, not %llu", n,
                          at, k, (unsigned long long)again, (unsigned long long)whole);
                inside += t.pos[k].east > 0 && t.pos[k].west > 0;
            }
            const nq_halves_pos beyond[2] = { { .set = 1000 }, { .east = 1 << 20 } };
            for (int k = 0; k < 2; k++) {
                cr_assert_eq(nq_halves_count_piece_from(w, &pieces[at], NULL, &beyond[k], NULL,
                                                        &again), 0);
                cr_assert(again == whole, "n=%d piece %zu from impossible position %d", n, at, k);
            }
        }
        nq_halves_work_destroy(w);
        free(pieces);
    }
    if (!band_forced())
        cr_assert_gt(inside, NQ_SANITIZED ? 30 : 100, "%zu positions inside a row set's blocks",
                     inside);
}

/* A set stop flag ends a piece between row sets, not done. */
Test(halves, a_stop_ends_a_piece)
{
    nq_halves_piece *pieces;
    size_t size;
    cr_assert_eq(nq_halves_pieces(12, 0, 1, NULL, &pieces, &size), 0);
    nq_halves_work *w;
    cr_assert_eq(nq_halves_work_create(&w, 12, (nq_level)0, 0), 0);
    volatile int stop = 1;
    nq_u128 t;
    size_t stopped = 0;
    for (size_t i = 0; i < size; i++)
        stopped += nq_halves_count_piece(w, &pieces[i], &stop, &t) == NQ_ERR(EINTR);
    cr_assert_gt(stopped, 0);
    nq_halves_work_destroy(w);
    free(pieces);
}

/* A stop that comes at any moment (in a stream's chunk, the tables, the
 * scan's passes, a tie pass) tells the last whole position; resumed from
 * it again and again, a piece counts what it counts whole. The stops come
 * from another thread after a random delay within an eighth of the time
 * the piece takes whole, the first 30 of each count's rounds; the rounds
 * after them run to the end. A piece is counted so again and again until
 * 12 stops were seen (or 50 counts ran): on a busy machine the stopping
 * thread may start after a short count has ended. */
typedef struct stopper {
    volatile int stop;
    long delay_ns;
} stopper;

static void *stop_later(void *arg)
{
    stopper *s = arg;
    const struct timespec t = { 0, s->delay_ns };
    nanosleep(&t, NULL);
    s->stop = 1;
    return NULL;
}

static void last_position(void *ctx, const nq_halves_pos *pos)
{
    *(nq_halves_pos *)ctx = *pos;
}

/* Piece i of w counted in rounds stopped at random; how many stopped. */
static size_t count_stopped(nq_halves_work *w, const nq_halves_piece *piece, uint64_t *seed,
                            uint64_t most_ns, nq_u128 *total)
{
    size_t stops = 0;
    nq_halves_pos pos;
    for (int round = 0;; round++) {
        stopper s = { 0, (long)(nq_splitmix64(seed) % most_ns) };
        pthread_t th;
        const int timed = round < 30 && !pthread_create(&th, NULL, stop_later, &s);
        nq_halves_pos at = { .set = UINT32_MAX }; /* none told */
        nq_halves_tell tell = { last_position, &at, 1e9, 0 };
        const int err = nq_halves_count_piece_from(w, piece, &s.stop, stops ? &pos : NULL, &tell,
                                                   total);
        if (timed)
            pthread_join(th, NULL);
        if (err != NQ_ERR(EINTR)) {
            cr_assert_eq(err, 0);
            return stops;
        }
        /* Told, and never behind where the round began: nothing lost. */
        cr_assert_neq(at.set, UINT32_MAX, "stop %zu told no position", stops);
        if (stops)
            cr_assert(at.set > pos.set ||
                          (at.set == pos.set && (at.east > pos.east ||
                                                 (at.east == pos.east && at.west >= pos.west))),
                      "stop %zu went back from set %u east %llu west %llu", stops, pos.set,
                      (unsigned long long)pos.east, (unsigned long long)pos.west);
        pos = at;
        stops++;
    }
}

Test(halves, a_stop_at_any_moment_resumes_whole, .timeout = 300)
{
    static const size_t budgets[2] = { 1, (size_t)2 << 20 };
    uint64_t seed = 43;
    size_t stops = 0;
    for (int n = 17; n <= NQ_TEST_TOP(18, 17); n++)
        for (int b = 0; b < 2; b++) {
            nq_halves_piece *pieces;
            size_t size;
            cr_assert_eq(nq_halves_pieces(n, 0, 1, NULL, &pieces, &size), 0);
            nq_halves_work *w;
            cr_assert_eq(nq_halves_work_create(&w, n, nq_cpu_level(), budgets[b]), 0);
            size_t largest = 0;
            for (size_t i = 1; i < size; i++)
                if (nq_halves_estimate(n, &pieces[i]) > nq_halves_estimate(n, &pieces[largest]))
                    largest = i;
            nq_u128 whole, again;
            cr_assert_eq(nq_halves_count_piece(w, &pieces[largest], NULL, &whole), 0);
            const double start = nq_now(); /* warm, as the rounds run */
            cr_assert_eq(nq_halves_count_piece(w, &pieces[largest], NULL, &again), 0);
            const uint64_t most_ns = (uint64_t)((nq_now() - start) * 1e9 / 8) + 1000;
            size_t seen = 0;
            for (int count = 0; count < 50 && seen < 12; count++) {
                seen += count_stopped(w, &pieces[largest], &seed, most_ns, &again);
                cr_assert(again == whole, "n=%d budget %zu piece %zu: %llu after stops, not %llu",
                          n, budgets[b], largest, (unsigned long long)again,
                          (unsigned long long)whole);
            }
            stops += seen;
            nq_halves_work_destroy(w);
            free(pieces);
        }
    /* Under the sanitizers, n = 17's piece only: 7 to 17 stops were seen. */
    cr_assert_gt(stops, NQ_SANITIZED ? 2 : 20, "%zu stops", stops);
}

/* Pieces of several north row sets (as at n = 21) take their row sets
 * south set by south set: each counts exactly what its north sets' whole
 * pieces count, and they add up to Q(n); with the default budget, the
 * smallest (lists enumerated, not kept) and one whose memo fills while a
 * piece's north lists are kept in it. Their estimate is their sets'. */
Test(halves, pieces_of_several_north_sets_count_theirs, .timeout = 300)
{
    static const unsigned norths[] = { 3, 32 };
    static const size_t budgets[] = { 0, 1, 256 << 10 };
    size_t merged = 0;
    for (int n = 4; n <= 15; n++) {
        unsigned long long total, unique;
        cr_assert_eq(known_values(n, &total, &unique), 0);
        const geom G = geom_of(n);
        nq_halves_piece *whole;
        size_t wsize;
        cr_assert_eq(nq_halves_pieces(n, 0, 1, NULL, &whole, &wsize), 0);
        nq_u128 *counts = malloc(wsize * sizeof *counts);
        nq_halves_work *w;
        cr_assert_eq(nq_halves_work_create(&w, n, nq_cpu_level(), 0), 0);
        for (size_t i = 0; i < wsize; i++)
            cr_assert_eq(nq_halves_count_piece(w, &whole[i], NULL, &counts[i]), 0);
        nq_halves_work_destroy(w);
        for (size_t a = 0; a < sizeof norths / sizeof *norths; a++) {
            nq_halves_piece *pieces = malloc(wsize * sizeof *pieces);
            memcpy(pieces, whole, wsize * sizeof *pieces);
            size_t size = wsize;
            cr_assert_eq(nq_halves_group_norths(n, norths[a], &pieces, &size), 0);
            merged += wsize - size;
            for (size_t b = 0; b < sizeof budgets / sizeof *budgets; b++) {
                cr_assert_eq(nq_halves_work_create(&w, n, nq_cpu_level(), budgets[b]), 0);
                nq_u128 sum = 0;
                for (size_t i = 0; i < size; i++) {
                    frame f;
                    rows_walk r;
                    cr_assert_eq(
                        nq_halves_frame(&G, &pieces[i], &f), 0);
                    nq_rows_walk_start(&r, &G, &f, &pieces[i]);
                    cr_assert_leq(r.count, norths[a]);
                    nq_u128 want = 0;
                    double estimate = 0;
                    for (size_t j = 0; j < wsize; j++)
                        for (int k = 0; k < r.count; k++)
                            if (nq_halves_config(&whole[j]) == nq_halves_config(&pieces[i]) &&
                                whole[j].north == r.norths[k]) {
                                want += counts[j];
                                estimate += nq_halves_estimate(n, &whole[j]);
                            }
                    nq_u128 got;
                    cr_assert_eq(nq_halves_count_piece(w, &pieces[i], NULL, &got), 0);
                    cr_assert(got == want, "n=%d norths %u budget %zu piece %zu: %llu, not %llu", n,
                              norths[a], budgets[b], i, (unsigned long long)got,
                              (unsigned long long)want);
                    const double e = nq_halves_estimate(n, &pieces[i]);
                    cr_assert(e > 0.999 * estimate && e < 1.001 * estimate);
                    sum += got;
                }
                cr_assert(sum == total, "n=%d norths %u budget %zu", n, norths[a], budgets[b]);
                nq_halves_work_destroy(w);
            }
            free(pieces);
        }
        free(counts);
        free(whole);
    }
    cr_assert_gt(merged, 1000, "%zu pieces merged", merged);
}

/* The row sets a piece of several north sets walks are exactly its north
 * sets' pieces' row sets, with their weights, each once, south set by south
 * set (the count's, slices' and progress's positions count them). */
static int by_rows(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Also with every seventh whole piece left out: a group never spans a gap. */
Test(halves, a_piece_of_several_north_sets_walks_their_row_sets)
{
    static uint64_t got[1 << 16], want[1 << 16];
    size_t checked = 0;
    for (int n = 4; n <= 31; n++) {
        const geom G = geom_of(n > 15 ? n - 16 + 4 : n);
        const int gaps = n > 15;
        nq_halves_piece *whole, *pieces;
        size_t wsize, size;
        cr_assert_eq(nq_halves_pieces(G.n, 0, 1, NULL, &whole, &wsize), 0);
        if (gaps) {
            size_t kept = 0;
            for (size_t j = 0; j < wsize; j++)
                if (j % 7 != 3)
                    whole[kept++] = whole[j];
            wsize = kept;
        }
        pieces = malloc(wsize * sizeof *pieces);
        memcpy(pieces, whole, wsize * sizeof *pieces);
        size = wsize;
        cr_assert_eq(nq_halves_group_norths(G.n, 5, &pieces, &size), 0);
        for (size_t i = 0; i < size; i++) {
            frame f;
            cr_assert_eq(nq_halves_frame(&G, &pieces[i], &f), 0);
            rows_walk r;
            nq_rows_walk_start(&r, &G, &f, &pieces[i]);
            size_t ng = 0, nw = 0;
            uint32_t south, last = 0;
            int weight;
            while (nq_rows_walk_next(&r, &south, &weight)) {
                cr_assert_geq(south, last, "n=%d piece %zu: south sets out of order", G.n, i);
                last = south;
                got[ng++] = (uint64_t)south << 40 | (uint64_t)r.row.north << 8 | (uint64_t)weight;
            }
            for (int k = 0; k < r.count; k++)
                for (size_t j = 0; j < wsize; j++)
                    if (nq_halves_config(&whole[j]) == nq_halves_config(&pieces[i]) &&
                        whole[j].north == r.norths[k]) {
                        rows_walk one;
                        nq_rows_walk_start(&one, &G, &f, &whole[j]);
                        while (nq_rows_walk_next(&one, &south, &weight))
                            want[nw++] = (uint64_t)south << 40 | (uint64_t)one.row.north << 8 |
                                         (uint64_t)weight;
                    }
            cr_assert_eq(ng, nw, "n=%d (gaps %d) piece %zu: %zu row sets, its north sets' %zu", G.n,
                         gaps, i, ng, nw);
            qsort(got, ng, sizeof *got, by_rows);
            qsort(want, nw, sizeof *want, by_rows);
            cr_assert_arr_eq(got, want, ng * sizeof *got, "n=%d piece %zu", G.n, i);
            checked += r.count > 1;
        }
        free(pieces);
        free(whole);
    }
    cr_assert_gt(checked, 100, "%zu pieces of several north sets", checked);
}

/* A piece of several north sets resumed from any position its count told
 * gives the whole count: positions count row sets across its north sets. */
Test(halves, a_piece_of_several_north_sets_resumes_whole, .timeout = 300)
{
    static told t;
    for (int n = 12; n <= 13; n++) {
        nq_halves_piece *pieces;
        size_t size;
        nq_halves_work *w;
        cr_assert_eq(smallest_budget_work(n, 0, &pieces, &size, &w), 0);
        cr_assert_eq(nq_halves_group_norths(n, 4, &pieces, &size), 0);
        for (size_t at = 0; at < size; at += 3) {
            nq_halves_tell tell = { keep_position, &t, 0, 0 };
            nq_u128 whole, again;
            t.count = 0;
            cr_assert_eq(nq_halves_count_piece_from(w, &pieces[at], NULL, NULL, &tell, &whole), 0);
            for (size_t k = 0; k < t.count; k += 7) {
                cr_assert_eq(
                    nq_halves_count_piece_from(w, &pieces[at], NULL, &t.pos[k], NULL, &again), 0);
                cr_assert(again == whole, "n=%d piece %zu from position %zu", n, at, k);
            }
        }
        nq_halves_work_destroy(w);
        free(pieces);
    }
}

/* nq_count_memory's share of a thread (the engine's bound with two threads
 * less with one) holds what a thread's buffers come to after counting every
 * piece, at the default budget and at the smallest. */
Test(halves, a_thread_stays_within_its_bound, .timeout = 300)
{
    for (int n = 8; n <= 15; n++) {
        size_t fallback;
        const uint64_t each = nq_halves_memory(n, 2, 0, &fallback) - nq_halves_memory(n, 1, 0, NULL);
        const size_t budgets[] = { fallback, NQ_HALVES_BUDGET_MIN };
        nq_halves_piece *pieces;
        size_t size;
        cr_assert_eq(nq_halves_pieces(n, 0, 1, NULL, &pieces, &size), 0);
        for (size_t b = 0; b < 2; b++) {
            nq_halves_work *w;
            cr_assert_eq(nq_halves_work_create(&w, n, nq_cpu_level(), budgets[b]), 0);
            for (size_t i = 0; i < size; i++) {
                nq_u128 t;
                cr_assert_eq(nq_halves_count_piece(w, &pieces[i], NULL, &t), 0);
            }
            const uint64_t bound = each - fallback + budgets[b], used = nq_halves_work_bytes(w);
            cr_assert(used <= bound, "n=%d, budget %zu: %llu bytes, bound %llu", n, budgets[b],
                      (unsigned long long)used, (unsigned long long)bound);
            nq_halves_work_destroy(w);
        }
        free(pieces);
    }
}

/* The subsets' walk (plan, transpose, north sets) against a search for the
 * next number of as many bits. */
Test(halves, the_next_subset_is_the_next_number_of_as_many_bits)
{
    for (uint64_t x = 1; x < 1u << 12; x++) {
        uint64_t y = x + 1;
        while (__builtin_popcountll(y) != __builtin_popcountll(x))
            y++;
        cr_assert_eq(nq_next_same_bits(x), y, "after %#llx", (unsigned long long)x);
    }
    cr_assert_eq(nq_next_same_bits(0xffff0000u), 0x100007fffull); /* past 32 bits */
}
