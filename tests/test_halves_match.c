/* The pair counter's choices for the large blocks of n >= 22: the index
 * bits and the table chunks. Whatever it chooses, it counts what the plain
 * count does; these check that it chooses as halves_match.c says. */
#include <criterion/criterion.h>

#include "halves/halves_match_priv.h" /* the index bits and chunks used */

#include <stdint.h>
#include <stdlib.h>

static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Large east blocks choose their index bits by the pairs they prune, not
 * by how often each bit is set: where two frequent bits always stand
 * together, the second prunes nothing the first does not, so it is left
 * out; the count is the plain one whatever the bits. */
Test(halves, index_bits_skip_a_bit_that_prunes_nothing_more, .timeout = 60)
{
    enum { BITS = 20, NW = 4096, NE = 1 << 17 };
    uint64_t seed = 0x0123456789abcdefull;
    uint64_t *west = malloc(NW * sizeof *west), *east = malloc(NE * sizeof *east);
    cr_assert(west && east);
    const uint64_t mask = (1ull << BITS) - 1;
    for (size_t i = 0; i < NW + NE; i++) {
        /* Bits 0 and 1 together in 15 of 16 footprints; the others in half. */
        uint64_t x = next_random(&seed) & mask & ~3ull;
        if (next_random(&seed) % 16)
            x |= 3;
        if (i < NW)
            west[i] = x;
        else
            east[i - NW] = x;
    }
    const uint64_t plain = nq_match_count_plain(west, NW, east, NE);
    for (int level = 0; level < NQ_SIMD_LEVELS; level++) {
        if (!nq_simd_supported((nq_simd)level))
            continue;
        nq_match *m;
        cr_assert_eq(nq_match_create(&m, (nq_simd)level), 0);
        uint64_t fast;
        cr_assert_eq(nq_match_count(m, west, NW, east, NE, BITS, &fast), 0);
        cr_assert_geq(m->k, 2);
        cr_assert_eq(m->index_mask & 3, 1, "%s: index bits %llx", nq_simd_name((nq_simd)level),
                     (unsigned long long)m->index_mask);
        cr_assert_eq(fast, plain, "%s: %llu, plain %llu", nq_simd_name((nq_simd)level),
                     (unsigned long long)fast, (unsigned long long)plain);
        nq_match_destroy(m);
    }
    free(west);
    free(east);
}

/* Footprints of 50 bits in groups of about two AVX2 vectors (9 index
 * bits): the 41 bits left take nine chunks of 5 bits, not eleven of 4,
 * and every path counts what the plain count does. */
Test(halves, nine_wide_chunks_count_as_the_plain_count, .timeout = 60)
{
    enum { BITS = 50, NW = 4096, NE = 204800 };
    uint64_t seed = 0x5851f42d4c957f2dull;
    uint64_t *west = malloc(NW * sizeof *west), *east = malloc(NE * sizeof *east);
    cr_assert(west && east);
    const uint64_t mask = (1ull << BITS) - 1;
    for (size_t i = 0; i < NW; i++)
        west[i] = next_random(&seed) & next_random(&seed) & next_random(&seed) & mask;
    for (size_t j = 0; j < NE; j++)
        east[j] = next_random(&seed) & mask;
    const uint64_t plain = nq_match_count_plain(west, NW, east, NE);
    cr_assert_gt(plain, 0);
    for (int level = 0; level < NQ_SIMD_LEVELS; level++) {
        if (!nq_simd_supported((nq_simd)level))
            continue;
        nq_match *m;
        cr_assert_eq(nq_match_create(&m, (nq_simd)level), 0);
        uint64_t fast;
        cr_assert_eq(nq_match_count(m, west, NW, east, NE, BITS, &fast), 0);
        if (level == NQ_SIMD_AVX2)
            cr_assert(m->k == 9 && m->nch == 9 && m->cw == 5, "avx2: %d index bits, %d chunks of %d",
                      m->k, m->nch, m->cw);
        cr_assert_eq(fast, plain, "%s: %llu, plain %llu", nq_simd_name((nq_simd)level),
                     (unsigned long long)fast, (unsigned long long)plain);
        nq_match_destroy(m);
    }
    free(west);
    free(east);
}
