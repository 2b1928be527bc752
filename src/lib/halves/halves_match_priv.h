/* What the pair counter's levels share: the workspace and its buffers.
 * Included by halves_match.c and by each level's code (halves_match_tmpl.c). */
#ifndef NQ_HALVES_MATCH_PRIV_H
#define NQ_HALVES_MATCH_PRIV_H

#include "halves_match.h"
#include "util.h"

#include <string.h>

/* At most this many index bits: 2^13 groups. Blocks of millions of east
 * footprints (n >= 22) want 11 to 13; capped at 8, a row set of n = 26 took
 * 2.2x the time (doc/performance.md, "Index bits"). */
#define NQ_MATCH_MAX_INDEX 13
#define NQ_MATCH_GROUPS (1 << NQ_MATCH_MAX_INDEX)
/* Split bits after the index bits, within NQ_MATCH_MAX_INDEX in all. */
#define NQ_MATCH_SPLIT 2
/* Footprint bits per table chunk: 16 precomputed ANDs per chunk; or 32
 * (nq_match_prepare says where). */
#define NQ_MATCH_CHUNK 4
#define NQ_MATCH_WIDE 5
/* Footprints a pass over a block takes between reads of the stop flag: a
 * block of millions takes long without one, and a read costs nothing beside
 * so many. */
#define NQ_MATCH_STOP_EVERY ((size_t)1 << 16)

/* How a footprint's pattern is read, the pattern that sorts both sides:
 * the index bits, and s split bits below them (a run of the groups that
 * differ in them meets the west footprints of consecutive patterns). */
typedef struct nq_match_key {
    uint64_t index, split; /* the bits of each */
    int s, kp;             /* split bits; bits in all */
    int bit[NQ_MATCH_MAX_INDEX]; /* the pattern's bits from its lowest: the split bits,
                                  * then the index bits, each in increasing order */
} nq_match_key;

typedef int (*nq_prepare_fn)(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                             size_t ne, int bits);
typedef int (*nq_scan_fn)(nq_match *m, const uint64_t *west, size_t nw, uint64_t *count);
typedef int (*nq_count_fn)(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                           size_t ne, int bits, uint64_t *count);

struct nq_match {
    nq_level level;
    nq_prepare_fn prepare;
    nq_scan_fn scan;
    nq_count_fn count;    /* prepare and scan at once, the tables used once */
    int lanes;            /* east footprints per vector */
    int bits, nch, cw, k; /* of the prepared east side: the bits the tables test (the
                           * footprint's less those of drop), chunks, their width, index bits */
    int nwide;            /* the first nwide chunks take cw + 1 bits (nq_match_chunk) */
    /* The pattern that sorts both sides. Its index bits are left out of
     * the tables; its split bits stay in them: a run of east groups that
     * differ in one shares its vectors, or they are split where that leaves
     * fewer vector tests (nq_match_plan). */
    nq_match_key key;
    uint64_t drop;        /* the bits the tables leave out: the index bits, and (fast PEXT)
                           * those no east footprint sets or, in a count of one west
                           * block, no footprint of either side */
    uint32_t split[NQ_MATCH_SPLIT]; /* each split bit in the pattern, in the order they split */
    uint32_t nruns;       /* runs of east groups, each into its own vectors */
    const volatile int *stop; /* read every few milliseconds: a count ends with NQ_ERR(EINTR) */
    uint8_t *tables;    /* per vector: the chunk tables (64-byte aligned); while they are
                         * built, the east footprints sorted by group at its top */
    size_t tables_cap;
    uint16_t *woff;     /* per west footprint, sorted by group: a table offset per chunk */
    size_t woff_cap;
    uint32_t *wpat;     /* per west footprint: its index pattern */
    size_t wpat_cap;
    union {
        uint32_t gcount[NQ_MATCH_GROUPS]; /* east footprints of each pattern, until the runs
                                           * are placed (nq_match_plan) */
        uint32_t fill[NQ_MATCH_GROUPS];   /* then, while sorting: where each pattern's next
                                           * footprint goes */
    };
    uint32_t wstart[NQ_MATCH_GROUPS + 1]; /* first west footprint of each pattern */
    uint32_t wunder[NQ_MATCH_GROUPS];     /* the west footprints of the subsets of each pattern */
    union {
        uint32_t tally[NQ_MATCH_GROUPS][4]; /* the east patterns' counts, four counters each */
        uint64_t alive[NQ_MATCH_GROUPS * 2];   /* or, with a filter: bit s is set where a west
                                               * footprint's filter pattern is within s */
        struct {
            uint32_t rpat[NQ_MATCH_GROUPS];  /* each run's pattern: the bits all its groups
                                              * set; above bit 16, the split bits its
                                              * groups differ in */
            uint32_t rcount[NQ_MATCH_GROUPS];   /* its east footprints */
            uint32_t rvec[NQ_MATCH_GROUPS + 1]; /* its first vector */
        };
    };
    int fbits;            /* the filter's bits (0: none), those of filter_mask */
    uint64_t filter_mask;
};
/* The most bits a filter takes: its table fills the room of the counters. */
#define NQ_MATCH_FILTER_MAX 20
_Static_assert(sizeof(((nq_match *)0)->alive) * 8 == (size_t)1 << NQ_MATCH_FILTER_MAX,
               "the filter's table fills the counters' room");

/* Grows *buf (64-byte aligned, contents dropped) to hold need bytes. 0 or -1. */
int nq_match_reserve(void **buf, size_t *cap, size_t need);

/* The index bits for a piece: the `k` bits (k chosen from ne and min_group)
 * most often set in both sets, from a sample; for large east sets, each in
 * turn the one that leaves the fewest sampled colliding pairs untested.
 * Then *s split bits, the next so chosen. Writes the k + *s bits to
 * order[] in the order chosen and returns k. */
int nq_match_index_bits(const nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                        size_t ne, int bits, int lanes, int order[NQ_MATCH_MAX_INDEX], int *s);

/* The index bits and the chunks of the bits left, for these sides; the
 * bits of `unused` (no pair to be counted has them in both footprints)
 * are left out of the tables too, where there are index bits (footprints
 * are squeezed only then). */
void nq_match_choose(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east, size_t ne,
                     int bits, uint64_t unused);

/* The east side's runs (m->rpat, m->rcount, m->nruns) from its pattern
 * counts (m->gcount) and the west side's (m->wunder): each pattern of the
 * index bits a run, or split on the split bits where that costs fewer
 * vector tests and table builds. Then each run's first vector (m->rvec)
 * and where each pattern's footprints go (m->fill, a lane of `lanes`); the
 * vectors in all. Splits only while the vectors stay within max_vec. */
uint32_t nq_match_plan(nq_match *m, int lanes, size_t max_vec);

/* Whether the larger side of a once-met pair of blocks is filtered first,
 * and with which bits (m->fbits, m->filter_mask; 0 bits: not). */
void nq_match_filter_bits(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                          size_t ne, int bits);

/* Chunk c of m's tables: its first footprint bit, its width and its first
 * table entry (the nwide chunks of cw + 1 bits come first). */
static inline int nq_match_chunk(const nq_match *m, int c, int *width, size_t *entry)
{
    const int wider = c < m->nwide ? c : m->nwide;
    *width = m->cw + (c < m->nwide);
    *entry = (size_t)(c + wider) << m->cw;
    return c * m->cw + wider;
}

/* The table entries of one vector. */
static inline size_t nq_match_entries(const nq_match *m)
{
    return (size_t)(m->nch + m->nwide) << m->cw;
}

/* Word w of a mask whose first n bits are set. */
static inline uint64_t nq_match_first_bits(size_t n, size_t w)
{
    return n >= 64 * w + 64 ? ~0ull : n > 64 * w ? (1ull << (n - 64 * w)) - 1 : 0;
}

/* PEXT where the level has it and it is fast (NQ_FAST_PEXT, cpu.h): a
 * footprint's index pattern and the rest in one instruction each, where the
 * loops below take one step per index bit. */
#if NQ_FAST_PEXT
/* Index bits are chosen in increasing order, so PEXT keeps their order. */
static inline uint32_t nq_match_pext_gather(uint64_t fp, const nq_match_key *key)
{
    return (uint32_t)(_pext_u64(fp, key->index) << key->s | _pext_u64(fp, key->split));
}
static inline uint64_t nq_match_pext_squeeze(uint64_t fp, uint64_t mask, const int *bit, int k)
{
    (void)bit, (void)k;
    return _pext_u64(fp, ~mask);
}
#endif

/* The filter (halves_match_tmpl.c, at the levels with fast PEXT): where a
 * few west footprints meet many east ones, the east footprints that no
 * west one may meet are dropped before they are sorted and their tables
 * built. A footprint's filter pattern is its bits of m->filter_mask; an
 * east footprint may meet a west one only where the complement of its
 * pattern holds the west one's. */
#if NQ_FAST_PEXT
/* The filter's table from the west side (m->filter_mask): bit s of
 * m->alive is set where some west footprint's filter pattern is within s
 * (a sum over subsets, one pass a bit). */
static inline void nq_filter_build(nq_match *m, const uint64_t *west, size_t nw)
{
    const int f = m->fbits;
    const uint64_t fmask = m->filter_mask;
    const size_t words = f > 6 ? (size_t)1 << (f - 6) : 1;
    uint64_t *t = m->alive;
    memset(t, 0, words * sizeof *t);
    for (size_t i = 0; i < nw; i++) {
        const uint64_t p = _pext_u64(west[i], fmask);
        nq_bit_set(t, p);
    }
    nq_bits_over_subsets(t, f);
}

/* Whether the filter keeps more than 3 in 4 of a sample of the east
 * side: then it saves less than its pass costs (n = 28's row sets, whose
 * west sides are large: 1.04x to 1.08x the core-hours filtered). */
static inline int nq_filter_keeps_most(const nq_match *m, const uint64_t *east, size_t ne)
{
    enum { SAMPLE = 256 };
    const size_t step = ne / SAMPLE;
    unsigned kept = 0;
    for (size_t j = 0; j < SAMPLE; j++) {
        const uint64_t p = _pext_u64(~east[j * step], m->filter_mask);
        kept += nq_bit_of(m->alive, p);
    }
    return kept > SAMPLE / 4 * 3;
}

/* The east footprints some west footprint may meet (those whose
 * complement holds a west footprint's filter pattern) into out, in
 * order; how many. Branch-free: most are dropped, at random. */
static inline int nq_filter_east(nq_match *m, const uint64_t *east, size_t ne, uint64_t *out, size_t *kept)
{
    const uint64_t fmask = m->filter_mask;
    const uint64_t *alive = m->alive;
    size_t a = 0;
    for (size_t j = 0; j < ne;) {
        if (nq_stop_seen(m->stop))
            return NQ_ERR(EINTR);
        const size_t end = ne - j > NQ_MATCH_STOP_EVERY ? j + NQ_MATCH_STOP_EVERY : ne;
        for (; j < end; j++) {
            const uint64_t p = _pext_u64(~east[j], fmask);
            out[a] = east[j];
            a += nq_bit_of(alive, p);
        }
    }
    *kept = a;
    return 0;
}
#endif

/* A footprint's pattern, bit by bit (where PEXT is missing or slow). */
static inline uint32_t nq_match_gather(uint64_t fp, const nq_match_key *key)
{
    uint32_t p = 0;
    for (int i = 0; i < key->kp; i++)
        p |= (uint32_t)(fp >> key->bit[i] & 1) << i;
    return p;
}

/* A footprint without its index bits (bit[0..k-1] in increasing order),
 * the bits above each shifted down: bit by bit, where PEXT is missing or
 * slow. mask is not read: at these levels m->drop is the index bits alone
 * (unset_bits gives none), so the two squeezes agree. */
static inline uint64_t nq_match_squeeze(uint64_t fp, uint64_t mask, const int *bit, int k)
{
    (void)mask;
    for (int i = k - 1; i >= 0; i--)
        fp = (fp & ((1ull << bit[i]) - 1)) | (fp >> bit[i] >> 1 << bit[i]); /* bit 63: not >> 64 */
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
