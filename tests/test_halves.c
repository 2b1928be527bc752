/* The meet-in-the-middle engine against plain searches: the half-boards of
 * every row set, the pair counter at every level (one test each, skipped
 * where the CPU lacks it), the counts a turn
 * leaves alone, and a piece's slices against its count
 * (test_halves_pieces.c: the pieces' sum). */
#include <criterion/criterion.h>

#include "halves/halves.h"
#include "halves/halves_engine.h"
#include "halves/halves_geom.h"
#include "halves/halves_match_priv.h" /* the index bits used */
#include "halves/halves_pieces.h"
#include "halves/halves_rows.h"
#include "halves/halves_turns.h"
#include "halves/halves_work.h" /* the blocks' sizes */
#include "halves_fixtures.h"
#include "sanitized.h"
#include "levels.h"
#include "symmetry.h"
#include "random.h"

#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------------- tests */

Test(halves, turn_invariant_counts_match_a_plain_enumeration)
{
    for (int n = 1; n <= 12; n++) {
        solutions s = all_solutions(n);
        uint64_t s90 = 0, s180 = 0;
        for (int i = 0; i < s.count; i++) {
            int8_t t[NQ_MAX_N];
            nq_sym_apply(1, n, s.boards[i], t);
            s90 += !memcmp(t, s.boards[i], (size_t)n);
            nq_sym_apply(2, n, s.boards[i], t);
            s180 += !memcmp(t, s.boards[i], (size_t)n);
        }
        cr_assert_eq(nq_halves_invariant(n, 1), s90, "n=%d S90", n);
        cr_assert_eq(nq_halves_invariant(n, 2), s180, "n=%d S180", n);
        free(s.boards);
    }
}

/* The bit-mask S180 search against the orbit search, past the plain
 * enumeration's reach. */
Test(halves, half_turn_bit_masks_match_the_orbit_search)
{
    for (int n = 1; n <= 18; n++)
        cr_assert_eq(nq_halves_invariant(n, 2), nq_halves_invariant_orbits(n, 2), "n=%d", n);
}

/* For every piece and every south row set it loops over, the half-boards
 * it builds pair up into exactly the solutions with that middle
 * configuration and those west rows, found by the plain search. */
static void check_row_sets(int n, nq_level level)
{
    const geom G = geom_of(n);
    const int h = G.h, s0 = G.s;
    solutions all = all_solutions(n);
    nq_halves_piece *pieces;
    size_t size;
    cr_assert_eq(nq_halves_pieces(n, 0, 1, NULL, &pieces, &size), 0);
    nq_halves_work *w;
    cr_assert_eq(nq_halves_work_create(&w, n, level, 0), 0);
    nq_match *m;
    cr_assert_eq(nq_match_create(&m, level), 0);
    int checked = 0;
    for (size_t i = 0; i < size; i++) {
        const nq_halves_piece *pc = &pieces[i];
        /* The middle queens, as the piece's fields say: middle row h + j's
         * queen in column cols[j], middle column h + j's in row rows[j]. */
        const int cols[2] = { pc->middle_col, pc->band_col }, rows[2] = { pc->middle_row, pc->band_row };
        /* The south row sets the piece runs over: free of the middle
         * queens, holding the west queens the north rows do not. */
        frame f;
        cr_assert_eq(nq_halves_frame(&G, pc, &f), 0);
        for (uint32_t south = 0; south < (1u << h); south++) {
            if ((south & ~f.south) ||
                __builtin_popcount(south) + __builtin_popcount(pc->north) != f.west_queens)
                continue;
            /* The plain count: solutions with this configuration and rows. */
            uint64_t want = 0;
            for (int k = 0; k < all.count; k++) {
                const int8_t *p = all.boards[k];
                int other = 0;
                for (int j = 0; j < G.g; j++)
                    other |= p[h + j] != cols[j] || p[rows[j]] != h + j;
                if (other)
                    continue;
                uint32_t rn = 0, rs = 0;
                for (int r = 0; r < h; r++)
                    rn |= (uint32_t)(p[r] < h) << r;
                for (int r = s0; r < n; r++)
                    rs |= (uint32_t)(p[r] < h) << (r - s0);
                want += rn == pc->north && rs == south;
            }
            const uint64_t *west, *east;
            size_t nw, ne;
            const int err = nq_halves_halves(w, pc, south, &west, &nw, &east, &ne);
            cr_assert_eq(err, 0);
            const uint64_t plain = nq_match_count_plain(west, nw, east, ne);
            cr_assert_eq(plain, want, "n=%d piece %zu south %x: %llu pairs, %llu solutions", n, i,
                         south, (unsigned long long)plain, (unsigned long long)want);
            uint64_t fast;
            cr_assert_eq(nq_match_count(m, west, nw, east, ne, nq_halves_bits(n), &fast), 0);
            cr_assert_eq(fast, plain, "n=%d %s", n, nq_level_name(level));
            checked += want > 0;
        }
    }
    cr_assert_gt(checked, 0);
    nq_match_destroy(m);
    nq_halves_work_destroy(w);
    free(pieces);
    free(all.boards);
}

/* The lowest level from n = 4, the others (vectors of 256 and 512
 * footprints) at n = 10. */
static void row_sets_pair_into_their_solutions(nq_level level)
{
    for (int n = level ? 10 : 4; n <= (level ? 10 : 11); n++)
        check_row_sets(n, level);
}

LEVEL_TESTS(halves, every_row_set_pairs_into_its_solutions, row_sets_pair_into_their_solutions,
            .timeout = 300)

/* Random footprints of every width and density, sets of every size around
 * the vector and group boundaries: each code path equals the plain count. */
static void pair_counter_agrees_with_the_plain_count(nq_level level)
{
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    static uint64_t west[6000], east[6000];
    nq_match *m;
    cr_assert_eq(nq_match_create(&m, level), 0);
    for (int trial = 0; trial < 60; trial++) {
        const int bits = 2 + (int)(random_next(&seed) % 61);
        const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
        const size_t sizes[] = { 0, 1, 63, 64, 65, 255, 256, 257, 511, 512, 513, 1500, 5000 };
        const size_t nw = sizes[random_next(&seed) % 13], ne = sizes[random_next(&seed) % 13];
        const int sparse = 1 + (int)(random_next(&seed) % 4);
        for (size_t i = 0; i < nw; i++) {
            uint64_t x = mask;
            for (int k = 0; k < sparse; k++)
                x &= random_next(&seed);
            west[i] = x;
        }
        for (size_t j = 0; j < ne; j++) {
            uint64_t x = mask;
            for (int k = 0; k < sparse; k++)
                x &= random_next(&seed);
            east[j] = x;
        }
        uint64_t fast;
        cr_assert_eq(nq_match_count(m, west, nw, east, ne, bits, &fast), 0);
        const uint64_t plain = nq_match_count_plain(west, nw, east, ne);
        cr_assert_eq(fast, plain, "%s bits=%d nw=%zu ne=%zu: %llu, plain %llu",
                     nq_level_name(level), bits, nw, ne, (unsigned long long)fast,
                     (unsigned long long)plain);
    }
    nq_match_destroy(m);
}

LEVEL_TESTS(halves, pair_counter_agrees_with_the_plain_count,
            pair_counter_agrees_with_the_plain_count, .timeout = 300)

Test(halves, pair_counter_takes_only_a_level_the_cpu_runs)
{
    nq_match *m = (nq_match *)&m;
    cr_assert_eq(nq_match_create(&m, NQ_LEVELS), NQ_ERR(ENOTSUP));
    cr_assert_null(m);
    for (int level = 0; level < NQ_LEVELS; level++)
        if (!nq_cpu_runs((nq_level)level))
            cr_assert_eq(nq_match_create(&m, (nq_level)level), NQ_ERR(ENOTSUP), "%s",
                         nq_level_name((nq_level)level));
}

/* Sets of millions of east footprints, as blocks of n >= 22 hold: every
 * index bit is used (the groups' loops at their widest) and the count
 * equals a zeta transform's, an independent method: e[S] east footprints
 * within S, summed over each west footprint's complement. */
static void pair_counter_with_every_index_bit(nq_level level)
{
    enum { BITS = 20, NW = 5000 };
    uint64_t seed = 0x2545f4914f6cdd1dull;
    uint32_t *within = malloc(sizeof *within << BITS);
    uint64_t *west = malloc(NW * sizeof *west);
    cr_assert(within && west);
    nq_match *m;
    cr_assert_eq(nq_match_create(&m, level), 0);
    /* The fewest east footprints that take NQ_MATCH_MAX_INDEX bits. */
    const size_t ne = (size_t)m->lanes << NQ_MATCH_MAX_INDEX;
    uint64_t *east = malloc(ne * sizeof *east);
    cr_assert(east);
    const uint64_t mask = (1ull << BITS) - 1;
    memset(within, 0, sizeof *within << BITS);
    for (size_t j = 0; j < ne; j++) {
        east[j] = random_next(&seed) & random_next(&seed) & mask;
        within[east[j]]++;
    }
    for (int b = 0; b < BITS; b++)
        for (uint32_t s = 0; s <= mask; s++)
            if (s >> b & 1)
                within[s] += within[s ^ (1u << b)];
    uint64_t expect = 0;
    for (size_t i = 0; i < NW; i++) {
        west[i] = random_next(&seed) & random_next(&seed) & mask;
        expect += within[~west[i] & mask];
    }
    uint64_t fast;
    cr_assert_eq(nq_match_count(m, west, NW, east, ne, BITS, &fast), 0);
    cr_assert_eq(m->k, NQ_MATCH_MAX_INDEX, "%s: %d index bits", nq_level_name(level), m->k);
    cr_assert_eq(fast, expect, "%s: %llu, subset sums %llu", nq_level_name(level),
                 (unsigned long long)fast, (unsigned long long)expect);
    free(east);
    nq_match_destroy(m);
    free(west);
    free(within);
}

LEVEL_TESTS(halves, pair_counter_with_every_index_bit_agrees_with_subset_sums,
            pair_counter_with_every_index_bit, .timeout = 120)

/* The blocks a count with the progress found for each row set (the
 * nq_halves_tell's at each position told), by row set. */
typedef struct set_blocks {
    const nq_halves_tell *tell;
    uint64_t of[1 << 14];
    int seen[1 << 14];
} set_blocks;

static void keep_blocks(void *ctx, const nq_halves_pos *pos)
{
    set_blocks *b = ctx;
    if (pos->set < 1 << 14 && b->tell->blocks_set == pos->set) {
        b->of[pos->set] = b->tell->blocks;
        b->seen[pos->set] = 1;
    }
}

static size_t later_blocks; /* row sets after a piece's first with their blocks checked */

/* Every slice of a piece (a row set, and in each of its passes a block of
 * each side: what an estimate counts of a piece too large to count whole)
 * counted, pass by pass: over every pick of a pass's blocks its pairs add
 * up to the pass's, so an estimate's expectation (pairs x blocks x blocks,
 * the picks uniform) is exact; summed over passes and row sets, the
 * piece's count. nq_halves_count_slice gives the same slice from its three
 * picks. A count with the progress's blocks (find_blocks) finds each row
 * set's main pass's blocks as its slice does, and counts the same. Returns
 * how many passes (ties: tie passes only) had several blocks on both
 * sides. */
static size_t check_slices(nq_halves_work *w, int n, const nq_halves_piece *piece, int ties)
{
    size_t sliced = 0;
    nq_u128 whole, sum = 0;
    cr_assert_eq(nq_halves_count_piece(w, piece, NULL, &whole), 0);
    nq_rows_slice set, s;
    uint64_t pick[NQ_SLICE_PICKS] = { 0 };
    cr_assert_eq(nq_halves_slice_rows(w, piece, pick, NULL, &set), 0);
    const uint32_t sets = set.sets;
    static set_blocks found;
    memset(found.seen, 0, sizeof found.seen);
    nq_halves_tell tell = { keep_blocks, &found, 0, 0, .find_blocks = 1 };
    found.tell = &tell;
    nq_u128 with_blocks;
    cr_assert_eq(nq_halves_count_piece_from(w, piece, NULL, NULL, &tell, &with_blocks), 0);
    cr_assert(with_blocks == whole);
    for (uint32_t j = 0; j < sets; j++) {
        const uint64_t first[NQ_SLICE_PICKS] = { j };
        cr_assert_eq(nq_halves_slice_rows(w, piece, first, NULL, &set), 0);
        if (j < 1 << 14 && found.seen[j]) { /* a row set with a west block scanned */
            const size_t *b = set.pass[0].blocks;
            cr_assert(found.of[j] == ((uint64_t)b[0] << 32 | b[1]),
                      "n=%d row set %u: blocks %llx, its slice's %zu x %zu", n, j,
                      (unsigned long long)found.of[j], b[0], b[1]);
            later_blocks += j > 0 && b[0] > 1 && b[1] > 1;
        }
        for (int p = 0; p < NQ_TRANSPOSE_PASSES; p++) {
            const size_t prepared = set.pass[p].blocks[1], scanned = set.pass[p].blocks[0];
            sliced += prepared > 1 && scanned > 1 && (p || !ties);
            for (size_t e = 0; e < prepared; e++)
                for (size_t k = 0; k < scanned; k++) {
                    memcpy(pick, first, sizeof pick);
                    pick[1 + 2 * p] = e;
                    pick[2 + 2 * p] = k;
                    cr_assert_eq(nq_halves_slice_rows(w, piece, pick, NULL, &s), 0);
                    const nq_pass_slice *at = &s.pass[p];
                    cr_assert(s.set == j && at->block[1] == e && at->block[0] == k &&
                              at->blocks[1] == prepared && at->blocks[0] == scanned);
                    sum += (nq_u128)at->pairs * s.pass_weight[p] * (unsigned)s.weight;
                    cr_assert(nq_rows_slice_pairs(&s, p, p + 1) ==
                              (nq_u128)at->pairs * prepared * scanned * s.pass_weight[p]);
                }
        }
        /* Three picks: the main pass's, the ties' mixed from them. */
        nq_halves_slice three;
        const uint64_t main_pick[3] = { j, 5 * j + 1, 3 * j + 2 };
        cr_assert_eq(nq_halves_count_slice(w, piece, main_pick, NULL, &three), 0);
        nq_halves_slice_picks(main_pick, pick);
        cr_assert_eq(nq_halves_slice_rows(w, piece, pick, NULL, &s), 0);
        cr_assert(three.set == j && three.pairs == s.pass[0].pairs &&
                  (!three.blocks[0] || !three.blocks[1] ||
                   (three.block[1] == main_pick[1] % three.blocks[1] &&
                    three.block[0] == main_pick[2] % three.blocks[0])) &&
                  three.pairs * three.blocks[0] * three.blocks[1] * three.scale ==
                      nq_rows_slice_pairs(&s, 0, 1) &&
                  three.ties == nq_rows_slice_pairs(&s, 1, NQ_TRANSPOSE_PASSES));
    }
    cr_assert(sum == whole, "n=%d: slices %llu, whole %llu", n, (unsigned long long)sum,
              (unsigned long long)whole);
    return sliced;
}

/* With the smallest budget, from n = 16 the sides come in many blocks. */
Test(halves, slices_add_up_to_the_piece, .timeout = 300)
{
    size_t sliced = 0;
    for (int n = 6; n <= 16; n++) {
        nq_halves_piece *pieces;
        size_t size;
        cr_assert_eq(nq_halves_pieces(n, n < 16 ? (size_t)1 << 20 : 0, n % 2 ? 1 : 4, NULL,
                                      &pieces, &size), 0);
        nq_halves_work *w;
        cr_assert_eq(nq_halves_work_create(&w, n, nq_cpu_level(), 1), 0);
        nq_halves_work_transpose(w, n % 4 == 0); /* even n: both ways */
        const size_t step = (n < 16 ? (NQ_SANITIZED ? 3 : 1) : NQ_SANITIZED ? 24 : 12) *
                            (band_forced() ? 16 : 1); /* the band's pieces: many more */
        for (size_t i = 0; i < size; i += step)
            sliced += check_slices(w, n, &pieces[i], 0);
        nq_halves_work_destroy(w);
        free(pieces);
    }
    const size_t least = NQ_SANITIZED ? 8 : 50;
    if (!band_forced()) {
        cr_assert_gt(sliced, least, "%zu passes had several blocks on both sides", sliced);
        cr_assert_gt(later_blocks, least, "%zu later row sets' blocks checked", later_blocks);
    }
}

/* Even n with the transpose (from 18 in a count, on here): the tie passes
 * are sliced too. Their prepared side is the thinner one, which fits in a
 * block of the smallest budget up to n = 18: blocks of a held chunk here
 * (the least a stream allows), so that some come in several on both sides
 * (none at n = 12 and 14, whose every piece is checked here). */
Test(halves, tie_slices_add_up_to_the_piece, .timeout = 300)
{
    size_t sliced = 0;
    for (int n = 12; n <= NQ_TEST_TOP(18, 16); n += 2) {
        nq_halves_piece *pieces;
        size_t size;
        nq_halves_work *w;
        cr_assert_eq(smallest_budget_work(n, 1, &pieces, &size, &w), 0);
        w->z.west = w->z.east = w->z.held;
        /* Pieces of few row sets (the picks grow as blocks squared): at
         * n = 16 every fourth of the first 20 (8 tie passes in several
         * blocks on both sides; the later ones, up to 12,000 picks each,
         * took 35 of the test's 41 seconds for 5 more), at n = 18 six
         * of the first 33 (78 such passes). */
        const size_t last = n < 16 ? size : n == 16 ? 20 : 33;
        for (size_t i = 0; i < last; i += n < 16 ? 1 : n == 16 ? 4 : i ? i : 2)
            sliced += check_slices(w, n, &pieces[i], 1);
        nq_halves_work_destroy(w);
        free(pieces);
    }
    cr_assert_gt(sliced, NQ_SANITIZED ? 4 : 40, "%zu tie passes had several blocks on both sides",
                 sliced);
}

/* The plan's turn parts (the columns it leaves out included) add up to the
 * plain orbit search's S180 and S90. */
Test(halves, turn_parts_add_up_to_the_orbit_search, .timeout = 120)
{
    nq_halves_piece parts[NQ_MAX_N * NQ_MAX_N + NQ_MAX_N + 1];
    for (int n = 1; n <= 16; n++) {
        const size_t k = nq_halves_turn_parts(n, parts);
        uint64_t sum[3] = { 0 };
        for (size_t i = 0; i < k; i++) {
            uint64_t found;
            cr_assert_eq(nq_halves_turn_part(n, parts[i].turns, (int)parts[i].north,
                                             (int)parts[i].south, NULL, &found),
                         0);
            sum[parts[i].turns] += found;
        }
        cr_assert_eq(sum[2], nq_halves_invariant_orbits(n, 2), "n=%d S180", n);
        cr_assert_eq(sum[1], nq_halves_invariant_orbits(n, 1), "n=%d S90", n);
    }
}

/* A set stop ends a turn part at once, not done. */
Test(halves, a_stop_ends_a_turn_part)
{
    volatile int stop = 1;
    uint64_t found;
    cr_assert_eq(nq_halves_turn_part(16, 2, -1, -1, &stop, &found), NQ_ERR(EINTR));
    cr_assert_eq(nq_halves_turn_part(16, 1, -1, -1, &stop, &found), NQ_ERR(EINTR));
}

/* A thread's buffers come from one block (halves_work.c): each on its own
 * 64-byte line, in the order carved, inside the block, and the streams'
 * per-set scratch zero as the bucketing expects. */
Test(halves, work_buffers_are_carved_from_one_block)
{
    nq_carve c = { 0 };
    cr_assert_null(nq_carve_take(&c, 1));
    cr_assert_eq(c.used, 64);
    cr_assert_null(nq_carve_take(&c, 65));
    cr_assert_eq(c.used, 192);

    const size_t budgets[] = { 1, 0 };
    for (size_t b = 0; b < 2; b++) {
        nq_halves_work *w;
        cr_assert_eq(nq_halves_work_create(&w, 12, nq_cpu_level(), budgets[b]), 0);
        const stream *s = w->sides, *e = w->sides + 1;
        const memo *m = &w->memo;
        const void *const p[] = { s->raw,   s->tcols, s->tc,     s->tf,      s->hc,      s->hf,
                                  s->hbc,   s->hbb,   s->rc,     s->rf,      s->rbc,     s->rbb,
                                  s->rat,   s->hbeg,  s->hend,   s->hstamp,  w->keep[0], e->raw,
                                  e->tcols, e->tc,    e->tf,     e->hc,      e->hf,      e->hbc,
                                  e->hbb,   e->rc,    e->rf,     e->rbc,     e->rbb,     e->rat,
                                  e->hbeg,  e->hend,  e->hstamp, w->keep[1], m->cols,    m->c,
                                  m->f,     m->bcols, m->bbeg,   m->raw,     m->tally,   m->at,
                                  m->count, m->bat,   m->bcount, w->west,    w->east };
        const uintptr_t lo = (uintptr_t)w->block, hi = lo + w->block_bytes;
        for (size_t i = 0; i < sizeof p / sizeof *p; i++) {
            const uintptr_t a = (uintptr_t)p[i];
            cr_assert(a % 64 == 0 && a >= lo && a < hi, "buffer %zu at %#lx, block %#lx..%#lx", i,
                      (unsigned long)a, (unsigned long)lo, (unsigned long)hi);
            cr_assert(i == 0 || a > (uintptr_t)p[i - 1], "buffer %zu out of order", i);
        }
        for (size_t k = 0; k < 2; k++)
            for (size_t j = 0; j < (size_t)1 << w->G.h; j++)
                cr_assert(w->sides[k].rat[j] == 0 && w->sides[k].hstamp[j] == 0);
        nq_halves_work_destroy(w);
    }
}
