/* What the pair counter's levels share: the workspace and its buffers.
 * Included by halves_match.c and by each level's code (halves_match_tmpl.c). */
#ifndef NQ_HALVES_MATCH_PRIV_H
#define NQ_HALVES_MATCH_PRIV_H

#include "halves_match.h"
#include "util.h"

/* At most this many index bits: 2^13 groups. Blocks of millions of east
 * footprints (n >= 22) want 11 to 13; capped at 8, a row set of n = 26 took
 * 2.2x the time (doc/performance.md, "Index bits"). */
#define NQ_MATCH_MAX_INDEX 13
#define NQ_MATCH_GROUPS (1 << NQ_MATCH_MAX_INDEX)
/* Footprint bits per table chunk: 16 precomputed ANDs per chunk; or 32
 * (nq_match_prepare says where). */
#define NQ_MATCH_CHUNK 4
#define NQ_MATCH_WIDE 5
/* Footprints a pass over a block takes between reads of the stop flag: a
 * block of millions takes long without one, and a read costs nothing beside
 * so many. */
#define NQ_MATCH_STOP_EVERY ((size_t)1 << 16)

typedef int (*nq_prepare_fn)(nq_match *m, const uint64_t *east, size_t ne);
typedef int (*nq_scan_fn)(nq_match *m, const uint64_t *west, size_t nw, uint64_t *count);
typedef int (*nq_count_fn)(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                           size_t ne, uint64_t *count);

struct nq_match {
    nq_level level;
    nq_prepare_fn prepare;
    nq_scan_fn scan;
    nq_count_fn count;    /* prepare and scan at once, the tables used once */
    int lanes;            /* east footprints per vector */
    int bits, nch, cw, k; /* of the prepared east side: the bits the tables test (the
                           * footprint's less the index bits), chunks, their width, index bits */
    int bit[NQ_MATCH_MAX_INDEX];
    uint64_t index_mask;  /* the index bits */
    const volatile int *stop; /* read every few milliseconds: a count ends with NQ_ERR(EINTR) */
    uint8_t *tables;    /* per vector: the chunk tables (64-byte aligned); while they are
                         * built, the east footprints sorted by group at its top */
    size_t tables_cap;
    uint16_t *woff;     /* per west footprint, sorted by group: a table offset per chunk */
    size_t woff_cap;
    uint32_t *wpat;     /* per west footprint: its index pattern */
    size_t wpat_cap;
    uint32_t gcount[NQ_MATCH_GROUPS];
    uint32_t gvec[NQ_MATCH_GROUPS + 1];   /* first vector of each east group */
    uint32_t wstart[NQ_MATCH_GROUPS + 1]; /* first west footprint of each group */
    union {
        uint32_t fill[NQ_MATCH_GROUPS];   /* while sorting: where each group's next footprint goes */
        uint32_t wunder[NQ_MATCH_GROUPS]; /* then: the west footprints of the subsets of each group */
    };
    uint32_t tally[NQ_MATCH_GROUPS][4];   /* the east groups' counts, four counters a group */
};

/* Grows *buf (64-byte aligned, contents dropped) to hold need bytes. 0 or -1. */
int nq_match_reserve(void **buf, size_t *cap, size_t need);

/* The index bits for a piece: the `k` bits (k chosen from ne and min_group)
 * most often set in both sets, from a sample; for large east sets, each in
 * turn the one that leaves the fewest sampled colliding pairs untested.
 * Writes them to bit[] and returns k. */
int nq_match_index_bits(const nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                        size_t ne, int bits, int lanes, int bit[NQ_MATCH_MAX_INDEX]);

/* PEXT where the level has it and it is fast (NQ_FAST_PEXT, cpu.h): a
 * footprint's index pattern and the rest in one instruction each, where the
 * loops below take one step per index bit. */
#if NQ_FAST_PEXT
/* Index bits are chosen in increasing order, so PEXT keeps their order. */
static inline uint32_t nq_match_pext_gather(uint64_t fp, uint64_t mask, const int *bit, int k)
{
    (void)bit, (void)k;
    return (uint32_t)_pext_u64(fp, mask);
}
static inline uint64_t nq_match_pext_squeeze(uint64_t fp, uint64_t mask, const int *bit, int k)
{
    (void)bit, (void)k;
    return _pext_u64(fp, ~mask);
}
#endif

/* A footprint's index pattern, bit by bit (where PEXT is missing or slow). */
static inline uint32_t nq_match_gather(uint64_t fp, uint64_t mask, const int *bit, int k)
{
    (void)mask;
    uint32_t p = 0;
    for (int i = 0; i < k; i++)
        p |= (uint32_t)(fp >> bit[i] & 1) << i;
    return p;
}

/* A footprint without its index bits (those of mask, bit[0..k-1] in
 * increasing order), the bits above each shifted down: bit by bit, where
 * PEXT is missing or slow. */
static inline uint64_t nq_match_squeeze(uint64_t fp, uint64_t mask, const int *bit, int k)
{
    (void)mask;
    for (int i = k - 1; i >= 0; i--)
        fp = (fp & ((1ull << bit[i]) - 1)) | (fp >> (bit[i] + 1) << bit[i]);
    return fp;
}

/* A level's pair counter (halves_match_tmpl.c, compiled at that level and
 * named by it: nq_match_code_<id>): nq_match_count's two halves and the two at once, and
 * its east footprints per vector. */
typedef struct nq_match_code {
    nq_prepare_fn prepare;
    nq_scan_fn scan;
    nq_count_fn count;
    int lanes;
} nq_match_code;

#if NQ_ISA_DISPATCH
extern const nq_match_code nq_match_code_x86_64, nq_match_code_v3_nopext, nq_match_code_v3,
    nq_match_code_v4;
#else
extern const nq_match_code nq_match_code_build;
#endif

#endif
