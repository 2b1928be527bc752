/* The pair counter's choices for the large blocks of n >= 22: the index
 * bits and the table chunks, at every level (one test each, skipped where
 * the CPU lacks it). Whatever it chooses, it counts what the plain count
 * does; these check that it chooses as halves_match.c says. */
#include <criterion/criterion.h>

#include "halves/halves_match_priv.h" /* the index bits and chunks used */
#include "levels.h"
#include "random.h"

#include <stdint.h>
#include <stdlib.h>

/* The matcher's count `fast` of west against east is the plain count's,
 * which it returns; m and both sides are freed. */
static uint64_t agrees_with_the_plain_count(nq_level level, nq_match *m, uint64_t fast,
                                            uint64_t *west, size_t nw, uint64_t *east, size_t ne)
{
    const uint64_t plain = nq_match_count_plain(west, nw, east, ne);
    cr_assert_eq(fast, plain, "%s: %llu, plain %llu", nq_level_name(level),
                 (unsigned long long)fast, (unsigned long long)plain);
    nq_match_destroy(m);
    free(west);
    free(east);
    return plain;
}

/* A matcher at this level that has counted west against east into
 * *count (its choices then read by the test). */
static nq_match *counted(nq_level level, const uint64_t *west, size_t nw, const uint64_t *east,
                         size_t ne, int bits, uint64_t *count)
{
    nq_match *m;
    cr_assert_eq(nq_match_create(&m, level), 0);
    cr_assert_eq(nq_match_count(m, west, nw, east, ne, bits, count), 0);
    return m;
}

/* Large east blocks met by a large west one (2^32 lane pairs) choose
 * their index bits by the pairs they prune, not by how often each bit is
 * set: where two frequent bits always stand together, the second prunes
 * nothing the first does not, so it is left out; the count is the plain
 * one whatever the bits. */
static void index_bits_skip_a_bit_that_prunes_nothing_more(nq_level level)
{
    enum { BITS = 20, NW = 1 << 15, NE = 1 << 17 };
    uint64_t seed = 0x0123456789abcdefull;
    uint64_t *west = malloc(NW * sizeof *west), *east = malloc(NE * sizeof *east);
    cr_assert(west && east);
    const uint64_t mask = (1ull << BITS) - 1;
    for (size_t i = 0; i < NW + NE; i++) {
        /* Bits 0 and 1 together in 15 of 16 footprints; the others in half. */
        uint64_t x = random_next(&seed) & mask & ~3ull;
        if (random_next(&seed) % 16)
            x |= 3;
        if (i < NW)
            west[i] = x;
        else
            east[i - NW] = x;
    }
    uint64_t fast;
    nq_match *m = counted(level, west, NW, east, NE, BITS, &fast);
    cr_assert_geq(m->k, 2);
    cr_assert_eq(m->key.index & 3, 1, "%s: index bits %llx", nq_level_name(level),
                 (unsigned long long)m->key.index);
    agrees_with_the_plain_count(level, m, fast, west, NW, east, NE);
}

LEVEL_TESTS(halves_match, index_bits_skip_a_bit_that_prunes_nothing_more,
            index_bits_skip_a_bit_that_prunes_nothing_more, .timeout = 60)

/* West footprints of `bits` random bits, each set 1 time in 8; east
 * ones, 1 time in 2 or, with sparse, in 4. */
static void random_sides(uint64_t seed, int bits, size_t nw, size_t ne, int sparse,
                         uint64_t **west, uint64_t **east)
{
    *west = malloc(nw * sizeof **west);
    *east = malloc(ne * sizeof **east);
    cr_assert(*west && *east);
    const uint64_t mask = (1ull << bits) - 1;
    for (size_t i = 0; i < nw; i++)
        (*west)[i] = random_next(&seed) & random_next(&seed) & random_next(&seed) & mask;
    for (size_t j = 0; j < ne; j++)
        (*east)[j] = random_next(&seed) & (sparse ? random_next(&seed) : ~0ull) & mask;
}

/* Footprints of 50 bits in groups of about two vectors of 256 (9 index
 * bits): the 41 bits left take nine chunks of 5 bits, not eleven of 4,
 * and every level counts what the plain count does. */
static void nine_wide_chunks_count_as_the_plain_count(nq_level level)
{
    enum { BITS = 50, NW = 4096, NE = 204800 };
    uint64_t *west, *east;
    random_sides(0x5851f42d4c957f2dull, BITS, NW, NE, 0, &west, &east);
    uint64_t fast;
    nq_match *m = counted(level, west, NW, east, NE, BITS, &fast);
    if (m->lanes == 256)
        cr_assert(m->k == 9 && m->nch == 9 && m->cw == 5, "%s: %d index bits, %d chunks of %d",
                  nq_level_name(level), m->k, m->nch, m->cw);
    cr_assert_gt(agrees_with_the_plain_count(level, m, fast, west, NW, east, NE), 0);
}

LEVEL_TESTS(halves_match, nine_wide_chunks_count_as_the_plain_count,
            nine_wide_chunks_count_as_the_plain_count, .timeout = 60)

/* Sides of 36 bits, NW west and NE east footprints, with the bits of
 * absent cleared on one side (the west with east_absent 0, else the east),
 * and a later west block of nw footprints that sets every bit (spare:
 * random_sides' east for it, not used). */
static void sides_without(uint64_t seed, uint64_t absent, int east_absent, size_t nw, size_t ne,
                          uint64_t **west, uint64_t **east, uint64_t **later, uint64_t **spare)
{
    random_sides(seed, 36, nw, ne, 0, west, east);
    random_sides(seed ^ 0x3c6ef372fe94f82bull, 36, nw, 1, 0, later, spare);
    uint64_t *side = east_absent ? *east : *west;
    for (size_t i = 0; i < (east_absent ? ne : nw); i++)
        side[i] &= ~absent;
}

/* The bits m's tables leave out beside the index bits: none, or exactly
 * the absent ones, and at v3 and v4 (fast PEXT) some. */
static uint64_t left_out_exactly(nq_level level, const nq_match *m, uint64_t absent)
{
    const uint64_t left = m->drop & ~m->key.index;
    cr_assert(m->k > 0 && (left == 0 || left == (absent & ~m->key.index)),
              "%s: %d index bits, %llx left out beside them", nq_level_name(level), m->k,
              (unsigned long long)left);
#if NQ_ISA_DISPATCH
    if (level == NQ_LEVEL_V3 || level == NQ_LEVEL_V4)
        cr_assert(left != 0, "%s: no bit left out", nq_level_name(level));
#endif
    return left;
}

/* A scan of m's prepared tables by the nw footprints of `later` (then
 * freed, with `spare`) counts what the plain count does against east. */
static void later_block_counts_as_the_plain_count(nq_level level, nq_match *m, uint64_t *later,
                                                  uint64_t *spare, size_t nw,
                                                  const uint64_t *east, size_t ne)
{
    uint64_t count;
    cr_assert_eq(nq_match_scan(m, later, nw, &count), 0);
    const uint64_t plain = nq_match_count_plain(later, nw, east, ne);
    cr_assert_eq(count, plain, "%s: %llu after a prepare, plain %llu", nq_level_name(level),
                 (unsigned long long)count, (unsigned long long)plain);
    free(later);
    free(spare);
}

/* A west block that never sets some bits: where PEXT is fast the tables
 * leave those bits out with the index bits, in fewer chunks, and every
 * level counts what the plain count does. Tables prepared for several
 * west blocks keep every bit the east side sets: a later block may set it. */
static void bits_no_west_footprint_sets_leave_the_tables(nq_level level)
{
    enum { BITS = 36, NW = 3000, NE = 60000 }; /* BITS: sides_without's */
    const uint64_t absent = 0x222222222ull; /* every fourth bit, from bit 1 */
    uint64_t *west, *east, *full, *spare;
    sides_without(0x9e3779b97f4a7c15ull, absent, 0, NW, NE, &west, &east, &full, &spare);
    uint64_t fast;
    nq_match *m = counted(level, west, NW, east, NE, BITS, &fast);
    const uint64_t left = left_out_exactly(level, m, absent);
    const int nch = m->nch;
    /* Prepared, then scanned by a block that sets every bit. */
    cr_assert_eq(nq_match_prepare(m, west, NW, east, NE, BITS), 0);
    cr_assert(m->drop == m->key.index && (!left || m->nch > nch),
              "%s: prepared with %d chunks and %llx left out, counted once with %d",
              nq_level_name(level), m->nch, (unsigned long long)(m->drop & ~m->key.index), nch);
    later_block_counts_as_the_plain_count(level, m, full, spare, NW, east, NE);
    cr_assert_gt(agrees_with_the_plain_count(level, m, fast, west, NW, east, NE), 0);
}

LEVEL_TESTS(halves_match, bits_no_west_footprint_sets_leave_the_tables,
            bits_no_west_footprint_sets_leave_the_tables, .timeout = 60)

/* An east block that never sets some bits: where PEXT is fast, tables
 * prepared for several west blocks leave those bits out with the index
 * bits (no west block can meet the east side there), and every west block
 * scanned, setting any bit, counts what the plain count does. */
static void bits_no_east_footprint_sets_leave_the_prepared_tables(nq_level level)
{
    enum { BITS = 36, NW = 3000, NE = 60000 }; /* BITS: sides_without's */
    const uint64_t absent = 0x444444444ull; /* every fourth bit, from bit 2 */
    uint64_t *west, *east, *later, *spare;
    sides_without(0x2545f4914f6cdd1dull, absent, 1, NW, NE, &west, &east, &later, &spare);
    nq_match *m;
    uint64_t first;
    cr_assert_eq(nq_match_create(&m, level), 0);
    cr_assert_eq(nq_match_prepare(m, west, NW, east, NE, BITS), 0);
    left_out_exactly(level, m, absent);
    later_block_counts_as_the_plain_count(level, m, later, spare, NW, east, NE);
    cr_assert_eq(nq_match_scan(m, west, NW, &first), 0);
    cr_assert_gt(agrees_with_the_plain_count(level, m, first, west, NW, east, NE), 0);
}

LEVEL_TESTS(halves_match, bits_no_east_footprint_sets_leave_the_prepared_tables,
            bits_no_east_footprint_sets_leave_the_prepared_tables, .timeout = 60)

/* Table bits that do not split evenly take chunks of two widths (31 bits:
 * one chunk of 6 and five of 5, not seven of 5), in no more table entries
 * than chunks of one width would take; for every number of bits from 24
 * to 44, the count once and with the tables prepared for two west blocks
 * is the plain one. */
static void chunks_of_two_widths_count_as_the_plain_count(nq_level level)
{
    enum { NW = 2000, NE = 40000 };
    int mixed = 0;
    for (int bits = 24; bits <= 44; bits++) {
        uint64_t *west, *east, first, second;
        random_sides(0x6a09e667f3bcc909ull + (uint64_t)bits, bits, NW, NE, 0, &west, &east);
        nq_match *m;
        cr_assert_eq(nq_match_create(&m, level), 0);
        cr_assert_eq(nq_match_prepare(m, west, NW / 2, east, NE, bits), 0);
        cr_assert_eq(nq_match_scan(m, west, NW / 2, &first), 0);
        cr_assert_eq(nq_match_scan(m, west + NW / 2, NW - NW / 2, &second), 0);
        const int width = m->nwide ? m->cw + 1 : m->cw;
        cr_assert(m->cw * m->nch + m->nwide >= m->bits && width <= 8,
                  "%s, %d bits: %d chunks of %d, %d of them wider, for %d", nq_level_name(level),
                  bits, m->nch, m->cw, m->nwide, m->bits);
        if (m->nwide) {
            /* Chunks of 4 bits, or of 5 where fewer (at most 8). */
            const int n4 = (m->bits + 3) / 4, n5 = (m->bits + 4) / 5;
            const int five = n5 < n4 && n5 <= 8, n1 = five ? n5 : n4;
            const size_t one_width = (size_t)n1 << (five ? 5 : 4);
            cr_assert(m->nch < n1 && nq_match_entries(m) <= one_width,
                      "%s, %d bits: %d chunks, %zu entries, against %d and %zu",
                      nq_level_name(level), m->bits, m->nch, nq_match_entries(m), n1, one_width);
            mixed++;
        }
        const uint64_t plain = nq_match_count_plain(west, NW, east, NE);
        cr_assert_eq(first + second, plain, "%s, %d bits: prepared %llu, plain %llu",
                     nq_level_name(level), bits, (unsigned long long)(first + second),
                     (unsigned long long)plain);
        uint64_t once;
        cr_assert_eq(nq_match_count(m, west, NW, east, NE, bits, &once), 0);
        mixed += m->nwide > 0;
        cr_assert_eq(agrees_with_the_plain_count(level, m, once, west, NW, east, NE), plain);
    }
    cr_assert_gt(mixed, 0, "%s: every layout of one width", nq_level_name(level));
}

LEVEL_TESTS(halves_match, chunks_of_two_widths_count_as_the_plain_count,
            chunks_of_two_widths_count_as_the_plain_count, .timeout = 120)

/* Many west footprints against groups of a few vectors: the east runs
 * split on the split bits somewhere (more runs than groups of the index
 * bits), and the count is the plain one, once and with the tables
 * prepared for two west blocks. */
static void east_runs_split_count_as_the_plain_count(nq_level level)
{
    enum { BITS = 30, NW = 40000, NE = 60000 };
    uint64_t *west, *east;
    random_sides(0x2545f4914f6cdd1dull, BITS, NW, NE, 1, &west, &east);
    uint64_t fast, a, b;
    nq_match *m = counted(level, west, NW, east, NE, BITS, &fast);
    cr_assert(m->key.s > 0 && m->nruns > 1u << m->k, "%s: %d index bits, %d split, %u runs",
              nq_level_name(level), m->k, m->key.s, m->nruns);
    cr_assert_eq(nq_match_prepare(m, west, NW / 2, east, NE, BITS), 0);
    cr_assert_eq(nq_match_scan(m, west, NW / 2, &a), 0);
    cr_assert_eq(nq_match_scan(m, west + NW / 2, NW - NW / 2, &b), 0);
    cr_assert_eq(a + b, fast, "%s: prepared %llu, once %llu", nq_level_name(level),
                 (unsigned long long)(a + b), (unsigned long long)fast);
    cr_assert_gt(agrees_with_the_plain_count(level, m, fast, west, NW, east, NE), 0);
}

LEVEL_TESTS(halves_match, east_runs_split_count_as_the_plain_count,
            east_runs_split_count_as_the_plain_count, .timeout = 60)

enum { FEW_BITS = 24, FEW_NW = 300, FEW_NE = 1 << 16 };

/* Few dense west footprints (7 bits in 8), many sparse east ones (1 in 4). */
static void few_west_many_east(uint64_t seed, uint64_t **west, uint64_t **east)
{
    *west = malloc(FEW_NW * sizeof **west);
    *east = malloc(FEW_NE * sizeof **east);
    cr_assert(*west && *east);
    const uint64_t mask = (1ull << FEW_BITS) - 1;
    for (size_t i = 0; i < FEW_NW; i++)
        (*west)[i] = (random_next(&seed) | random_next(&seed) | random_next(&seed)) & mask;
    for (size_t j = 0; j < FEW_NE; j++)
        (*east)[j] = random_next(&seed) & random_next(&seed) & mask;
}

/* A few hundred west footprints against many east ones (as in the band's
 * row sets): east groups whose index pattern meets every west footprint
 * are skipped, their tables never built, and the count is still the
 * plain one. Where the level filters the east side first (next test),
 * the filter has dropped them before. */
static void east_groups_no_west_footprint_meets_are_skipped(nq_level level)
{
    uint64_t *west, *east;
    few_west_many_east(0x9e3779b97f4a7c15ull, &west, &east);
    uint64_t fast;
    nq_match *m = counted(level, west, FEW_NW, east, FEW_NE, FEW_BITS, &fast);
    const uint32_t all = (1u << m->key.kp) - 1;
    size_t skipped = 0;
    for (uint32_t r = 0; r < m->nruns; r++)
        skipped += m->rcount[r] && !m->wunder[all & ~m->rpat[r]];
    if (!m->fbits)
        cr_assert_gt(skipped, 0, "%s: %d index bits, no group skipped", nq_level_name(level),
                     m->k);
    cr_assert_gt(agrees_with_the_plain_count(level, m, fast, west, FEW_NW, east, FEW_NE), 0);
}

LEVEL_TESTS(halves_match, east_groups_no_west_footprint_meets_are_skipped,
            east_groups_no_west_footprint_meets_are_skipped, .timeout = 60)

/* The same sides, filtered: at the levels with fast PEXT the east
 * footprints that no west one may meet are dropped before they are
 * sorted. The filter keeps every one that meets some west footprint (the
 * plain search says which), drops most of the rest, and the count is the
 * plain one. */
static void east_footprints_no_west_one_meets_are_dropped(nq_level level)
{
    uint64_t *west, *east;
    few_west_many_east(0x2545f4914f6cdd1dull, &west, &east);
    size_t meets = 0;
    for (size_t j = 0; j < FEW_NE; j++) {
        size_t i = 0;
        while (i < FEW_NW && (west[i] & east[j]))
            i++;
        meets += i < FEW_NW;
    }
    uint64_t fast;
    nq_match *m = counted(level, west, FEW_NW, east, FEW_NE, FEW_BITS, &fast);
#if NQ_ISA_DISPATCH
    if (level == NQ_LEVEL_V3 || level == NQ_LEVEL_V4)
        cr_assert_gt(m->fbits, 0, "%s: no filter", nq_level_name(level));
#endif
    if (m->fbits) {
        size_t kept = 0;
        for (uint32_t r = 0; r < m->nruns; r++)
            kept += m->rcount[r];
        cr_assert_geq(kept, meets, "%s: kept %zu, %zu meet a west footprint",
                      nq_level_name(level), kept, meets);
        cr_assert_lt(kept, (FEW_NE - meets) / 2 + meets, "%s: kept %zu of %d, %zu meet one",
                     nq_level_name(level), kept, FEW_NE, meets);
    }
    cr_assert_gt(agrees_with_the_plain_count(level, m, fast, west, FEW_NW, east, FEW_NE), 0);
}

LEVEL_TESTS(halves_match, east_footprints_no_west_one_meets_are_dropped,
            east_footprints_no_west_one_meets_are_dropped, .timeout = 60)

/* The west footprints' table offsets, written 16 chunks at once at the
 * levels with PDEP and AVX2 (halves_match_west_tmpl.c), for every width
 * of footprint: chunks of 4 and 5 bits, odd and even counts of them, up
 * to 64 bits, and short ones whose index bits are all their bits (their
 * one chunk tests nothing; it had been dropped, and every pair with it).
 * Both ways of counting, the tables prepared (two west blocks scanned) and
 * used once, count what the plain count does. */
static void west_offsets_of_every_width_count_as_the_plain_count(nq_level level)
{
    enum { NW = 3000, NE = 24000 };
    static const int widths[] = { 1, 3, 8, 9, 13, 22, 33, 41, 47, 58, 64 };
    uint64_t seed = 0x2545f4914f6cdd1dull;
    for (size_t t = 0; t < sizeof widths / sizeof *widths; t++) {
        const int bits = widths[t];
        const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
        uint64_t *west = malloc(NW * sizeof *west), *east = malloc(NE * sizeof *east);
        cr_assert(west && east);
        /* A bit in 8 west, in 4 east, fewer where the footprints are short: pairs meet. */
        for (size_t i = 0; i < NW; i++)
            west[i] = random_next(&seed) & random_next(&seed) & random_next(&seed) & mask;
        for (size_t j = 0; j < NE; j++)
            east[j] = random_next(&seed) & random_next(&seed) & mask &
                      (bits < 16 ? random_next(&seed) : ~0ull);
        uint64_t once, first, second;
        nq_match *m = counted(level, west, NW, east, NE, bits, &once);
        cr_assert_eq(nq_match_prepare(m, west, NW / 2, east, NE, bits), 0);
        cr_assert_eq(nq_match_scan(m, west, NW / 2, &first), 0);
        cr_assert_eq(nq_match_scan(m, west + NW / 2, NW - NW / 2, &second), 0);
        cr_assert_eq(first + second, once, "%s, %d bits: prepared %llu, once %llu",
                     nq_level_name(level), bits, (unsigned long long)(first + second),
                     (unsigned long long)once);
        cr_assert_gt(agrees_with_the_plain_count(level, m, once, west, NW, east, NE), 0,
                     "%s, %d bits: no pairs", nq_level_name(level), bits);
    }
}

LEVEL_TESTS(halves_match, west_offsets_of_every_width_count_as_the_plain_count,
            west_offsets_of_every_width_count_as_the_plain_count, .timeout = 60)
