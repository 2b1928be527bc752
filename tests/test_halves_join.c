/* The join of two quadrant buckets (halves_join.h) at every level, against
 * the plain double loop: the same half-boards, in the same order, for
 * buckets of every size up to a few vectors and beyond, where about half
 * the pairs are disjoint. */
#include <criterion/criterion.h>

#include "halves/halves_join.h"
#include "levels.h"
#include "random.h"

#include <stdint.h>
#include <stdlib.h>

enum { MOST_S = 9, MOST_L = 37 };

static size_t join_reference(const uint64_t *sc, const uint64_t *sf, size_t ns,
                             const uint64_t *lc, const uint64_t *lf, size_t nl, uint64_t *out)
{
    size_t n = 0;
    for (size_t i = 0; i < ns; i++)
        for (size_t j = 0; j < nl; j++)
            if (!(sc[i] & lc[j]))
                out[n++] = sf[i] | lf[j];
    return n;
}

static void joins_as_the_plain_loop(nq_level level)
{
    const join_fn join = nq_halves_join_fn(level);
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    uint64_t sc[MOST_S], sf[MOST_S], lc[MOST_L], lf[MOST_L];
    uint64_t want[MOST_S * MOST_L], got[MOST_S * MOST_L];
    size_t joined = 0;
    for (int round = 0; round < 40; round++)
        for (size_t ns = 0; ns <= MOST_S; ns++)
            for (size_t nl = 0; nl <= MOST_L; nl++) {
                /* One bit in each of a few words: two entries share one
                 * about half the time. */
                for (size_t i = 0; i < ns; i++) {
                    sc[i] = 1ull << random_next(&seed) % 64 | 1ull << random_next(&seed) % 64;
                    sf[i] = random_next(&seed);
                }
                for (size_t j = 0; j < nl; j++) {
                    lc[j] = (1ull << random_next(&seed) % 64) * (random_next(&seed) % 2);
                    lf[j] = random_next(&seed);
                }
                const size_t n = join_reference(sc, sf, ns, lc, lf, nl, want);
                const size_t room = ns * nl;
                for (size_t k = 0; k < room; k++)
                    got[k] = ~0ull;
                cr_assert_eq(join(sc, sf, ns, lc, lf, nl, got), n, "%s: %zu x %zu",
                             nq_level_name(level), ns, nl);
                for (size_t k = 0; k < n; k++)
                    cr_assert_eq(got[k], want[k], "%s: %zu x %zu, half-board %zu",
                                 nq_level_name(level), ns, nl, k);
                joined += n;
            }
    cr_assert_gt(joined, 10000);
}

LEVEL_TESTS(halves_join, joins_as_the_plain_loop, joins_as_the_plain_loop, .timeout = 60)
