/* The band's east quadrant placements that no west half-board may meet
 * (private). In the band's row sets a few hundred west half-boards often
 * meet 10^5 east ones, of which about 1 in 500 meets any: most east
 * placements of a quadrant already meet every west half-board alone, and
 * so does every half-board they join into. Such a placement is left out
 * before the join (halves_stream.c). A footprint's live pattern is its
 * bits of `mask`: a placement lives where the complement of its pattern
 * holds a west half-board's, which a table of 2^bits bits says. The north
 * and the south lists have a table each, of bits their placements can set:
 * a bit that one never sets tells nothing of it. */
#ifndef NQ_HALVES_LIVE_H
#define NQ_HALVES_LIVE_H

#include <stddef.h>
#include <stdint.h>

/* Bits of the pattern: a table of 8 KiB. */
#define NQ_LIVE_BITS 16

typedef struct nq_live {
    int bits;
    int pext; /* the patterns by PEXT (the CPU's level has it fast) */
    uint64_t mask;
    uint8_t bit[NQ_LIVE_BITS];
    uint64_t table[(size_t)1 << (NQ_LIVE_BITS - 6)];
} nq_live;

/* The table of the west half-boards' footprints for the placements whose
 * footprints lie within `settable`: the bits of it most often set in the
 * west ones. */
void nq_live_build(nq_live *l, const uint64_t *west, size_t nw, uint64_t settable);

/* The entries (c[i], f[i]) of the n whose placements of footprint f[i]
 * may be part of a half-board that meets the other side, into oc and of;
 * how many. */
size_t nq_live_compact(const nq_live *l, const uint64_t *c, const uint64_t *f, size_t n,
                       uint64_t *oc, uint64_t *of);
/* keep[i] = 1 where f[i]'s placement may, 0 where not (n at most 256). */
void nq_live_flags(const nq_live *l, const uint64_t *f, size_t n, uint8_t *keep);

#endif
