/* The inner loop of the meet-in-the-middle engine: counting the pairs of
 * half-boards whose diagonal footprints are disjoint.
 *
 * A footprint is a set of at most 62 diagonals (bits). Given the west and
 * the east footprints of one piece, nq_match_count returns how many pairs
 * (w, e) have w & e == 0. Method, after the published matchers of Kluev's
 * N-Queens-Count-Sol: the east footprints are split into groups by a few
 * "index" bits, so that a west footprint never visits a group it must collide
 * with; inside a group they are stored bit-transposed, 512 (AVX-512), 256
 * (AVX2) or 64 (scalar) to a vector, with the AND of every subset of each
 * run of 4 bits precomputed, so one west footprint is tested against a
 * whole vector of east ones with one load and AND per 4 bits. */
#ifndef NQ_HALVES_MATCH_H
#define NQ_HALVES_MATCH_H

#include "cpu/cpu.h"

#include <stddef.h>
#include <stdint.h>

/* A workspace: buffers kept from one piece to the next (one per thread). */
typedef struct nq_match nq_match;

/* A workspace for the level's code (cpu.h; nq_cpu_level() for the one in
 * use): NQ_ERR(ENOMEM), or NQ_ERR(ENOTSUP) if this CPU does not run level. */
int nq_match_create(nq_match **out, nq_level level);
void nq_match_destroy(nq_match *m);
/* Bytes the workspace holds now. */
size_t nq_match_bytes(const nq_match *m);

/* Counts the disjoint pairs into *count, each vector's tables built as the
 * scan comes to it (nq_match_prepare and nq_match_scan, with the tables used
 * once). Footprints use bits below `bits` (1..62). 0, NQ_ERR(ENOMEM) if the buffers cannot grow, or NQ_ERR(EINTR)
 * if the stop flag the engine left in the workspace was set. */
int nq_match_count(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east, size_t ne,
                   int bits, uint64_t *count);

/* nq_match_count in two steps, for sets that come in blocks: prepare one
 * block of east footprints (the index bits chosen from it and a sample of
 * west ones, which may be empty), then scan any number of west blocks
 * against it, each adding its pairs to nothing: *count is that block's. */
int nq_match_prepare(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                     size_t ne, int bits);
int nq_match_scan(nq_match *m, const uint64_t *west, size_t nw, uint64_t *count);

/* The plain O(nw * ne) count: the reference the fast one is checked against. */
uint64_t nq_match_count_plain(const uint64_t *west, size_t nw, const uint64_t *east, size_t ne);

#endif
