/* The pair counter's workspace, the choice of index bits and of the level's
 * code. The counting itself is in halves_match_tmpl.c, built once per level
 * (cpu.h). */
#include "nqueens.h"
#include "halves_match_priv.h"

#include <stdlib.h>

/* x86-64-v3-nopext has the AVX2 code too, with its index patterns taken
 * bit by bit, not by PEXT (halves_match_priv.h). */
#if NQ_ISA_DISPATCH
static const nq_match_code *const codes[NQ_LEVELS] = {
    [NQ_LEVEL_X86_64] = &nq_match_code_x86_64,
    [NQ_LEVEL_V3_NOPEXT] = &nq_match_code_v3_nopext,
    [NQ_LEVEL_V3] = &nq_match_code_v3,
    [NQ_LEVEL_V4] = &nq_match_code_v4,
};
#else
static const nq_match_code *const codes[NQ_LEVELS] = { [NQ_LEVEL_BUILD] = &nq_match_code_build };
#endif

int nq_match_create(nq_match **out, nq_level level)
{
    *out = NULL;
    if (level < 0 || level >= NQ_LEVELS || !nq_cpu_runs(level))
        return NQ_ERR(ENOTSUP);
    nq_match *m = calloc(1, sizeof *m);
    if (!m)
        return NQ_ERR(ENOMEM);
    m->level = level;
    m->prepare = codes[level]->prepare;
    m->scan = codes[level]->scan;
    m->count = codes[level]->count;
    m->lanes = codes[level]->lanes;
    *out = m;
    return 0;
}

void nq_match_destroy(nq_match *m)
{
    if (!m)
        return;
    free(m->tables);
    free(m->woff);
    free(m->wpat);
    free(m);
}

size_t nq_match_bytes(const nq_match *m)
{
    return sizeof *m + m->tables_cap + m->woff_cap + m->wpat_cap;
}

int nq_match_reserve(void **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    /* A sixteenth more, in whole pages: few regrowths, and a buffer never
     * much above what its block needs (the engine's budget counts on it). */
    const size_t grown = (need + need / 16 + 4095) & ~(size_t)4095;
    void *p = aligned_alloc(64, grown);
    if (!p)
        return -1;
    free(*buf);
    *buf = p;
    *cap = grown;
    return 0;
}

/* Bit-sliced counters of how often each bit is set in the words added
 * (at most 2^16 - 1 of them): c[l] holds bit l of all 64 counts, so a word
 * costs a few word operations, not one per bit set. */
static inline void tally_add(uint64_t c[16], uint64_t carry)
{
    for (uint64_t *l = c; carry; l++) {
        const uint64_t t = *l & carry;
        *l ^= carry;
        carry = t;
    }
}

static void tally_read(const uint64_t c[16], int bits, uint32_t out[64])
{
    int levels = 16;
    while (levels && !c[levels - 1])
        levels--;
    for (int b = 0; b < bits; b++) {
        out[b] = 0;
        for (int l = 0; l < levels; l++)
            out[b] |= (uint32_t)(c[l] >> b & 1) << l;
    }
}

/* How often each of the low `bits` bits is set in x[0], x[step], ... (at
 * most 2^16 - 1 of them). */
static void bit_counts(const uint64_t *x, size_t n, size_t step, int bits, uint32_t out[64])
{
    uint64_t c[16] = { 0 };
    for (size_t i = 0; i < n; i += step)
        tally_add(c, x[i]);
    tally_read(c, bits, out);
}

/* The k bits that most often stand in both sets, from about 256 of each;
 * with order, also each in turn, the most shared first. */
static uint64_t most_shared(const uint64_t *west, size_t nw, const uint64_t *east, size_t ne,
                            int bits, int k, int *order)
{
    uint32_t in_west[64], in_east[64];
    bit_counts(west, nw, nw / 256 + 1, bits, in_west);
    bit_counts(east, ne, ne / 256 + 1, bits, in_east);
    uint64_t chosen = 0;
    for (int i = 0; i < k; i++) {
        int best = -1;
        uint64_t best_score = 0;
        for (int b = 0; b < bits; b++) {
            const uint64_t score = (uint64_t)in_west[b] * in_east[b];
            if (!(chosen >> b & 1) && (best < 0 || score > best_score)) {
                best = b;
                best_score = score;
            }
        }
        chosen |= 1ull << best;
        if (order)
            order[i] = best;
    }
    return chosen;
}

/* Large east blocks: the k bits chosen one by one, each the one set in
 * both footprints of the most sampled pairs that the bits chosen so far
 * let through. A half-board's bits are not independent (the most frequent
 * ones often collide on the same pairs), so this leaves fewer pairs to
 * test than the k most frequent bits (doc/performance.md). It costs
 * milliseconds, so only blocks whose scans take far longer get it. */
#define JOINT_FROM ((size_t)1 << 17)
#define JOINT_SIDE 240 /* footprints sampled a side: at most 2^16 - 1 pairs */
/* ... and only where the scan's lane pairs (west times east) reach 2^32:
 * the choice costs milliseconds whatever the west side, and the band's
 * row sets of a few hundred west footprints against 2^17 and more east
 * ones spent 3x their scan on them (n = 26: 0.77x the core-hours). */
#define JOINT_WORK 32
static void joint_bits(const uint64_t *west, size_t nw, const uint64_t *east, size_t ne, int bits,
                       int k, int order[NQ_MATCH_MAX_INDEX])
{
    enum { WORDS = (JOINT_SIDE + 63) / 64 };
    uint64_t x[JOINT_SIDE], y[JOINT_SIDE], chosen = 0;
    /* The sampled pairs that the bits chosen so far let through, a bit
     * each. A pair drops out once a chosen bit is in both its footprints,
     * so each pass takes the pairs the last bit closed off the counts:
     * each pair is tallied once at most, not in every pass (0.34x). */
    uint64_t open[JOINT_SIDE][WORDS];
    const size_t sw = nw < JOINT_SIDE ? nw : JOINT_SIDE, se = ne < JOINT_SIDE ? ne : JOINT_SIDE;
    for (size_t i = 0; i < sw; i++)
        x[i] = west[i * (nw / sw)];
    for (size_t j = 0; j < se; j++)
        y[j] = east[j * (ne / se)];
    for (size_t i = 0; i < sw; i++)
        for (size_t w = 0; w < WORDS; w++)
            open[i][w] = nq_match_first_bits(se, w);
    /* All pairs are open at first: a bit is in both of as many as the
     * sampled west footprints that set it times the east ones. */
    uint32_t in_west[64], in_east[64], in_both[64];
    bit_counts(x, sw, 1, bits, in_west);
    bit_counts(y, se, 1, bits, in_east);
    for (int b = 0; b < bits; b++)
        in_both[b] = in_west[b] * in_east[b];
    for (int got = 0; got < k; got++) {
        int best = -1;
        for (int b = 0; b < bits; b++)
            if (!(chosen >> b & 1) && (best < 0 || in_both[b] > in_both[best]))
                best = b;
        chosen |= 1ull << best;
        order[got] = best;
        if (got + 1 == k)
            break;
        uint64_t has[WORDS] = { 0 }, c[16] = { 0 };
        for (size_t j = 0; j < se; j++)
            has[j / 64] |= (y[j] >> best & 1) << (j % 64);
        for (size_t i = 0; i < sw; i++)
            if (x[i] >> best & 1)
                for (size_t w = 0; w < WORDS; w++) {
                    for (uint64_t o = open[i][w] & has[w]; o; o &= o - 1)
                        tally_add(c, x[i] & y[64 * w + (size_t)__builtin_ctzll(o)]);
                    open[i][w] &= ~has[w];
                }
        uint32_t closed[64];
        tally_read(c, bits, closed);
        for (int b = 0; b < bits; b++)
            in_both[b] -= closed[b];
    }
}

int nq_match_index_bits(const nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                        size_t ne, int bits, int lanes, int order[NQ_MATCH_MAX_INDEX], int *s)
{
    /* Groups of about min_group east footprints: fewer index bits leave
     * pairs that must collide to be tested; more leave vectors half empty,
     * each built and scanned. A bit pays where many west footprints scan
     * each east vector (its tables cost about as much as a few thousand
     * footprints' scans): groups of one vector from 4,096 west footprints
     * on, larger below (odd n, whose west sides are a few hundred). Against
     * groups of two vectors, alternating runs: count 19 -t 2 0.79x the CPU
     * time, 18 -t 1 0.95x; estimate 20 0.92x, 21 0.97x (doc/performance.md). */
    const double ratio = 4096.0 / (double)(nw ? nw : 1);
    const size_t min_group = (size_t)((double)lanes * (ratio > 1 ? ratio : 1));
    (void)m;
    /* Groups of at least a vector on average (min_group >= lanes): the
     * filtered count's buffer (count_fused) has no room for more padding;
     * two bits more miscounted a piece of n = 26 there, three n = 18. */
    int k = 0;
    for (size_t left = ne; left >= 2 * min_group && k < NQ_MATCH_MAX_INDEX && k < bits; left /= 2)
        k++;
    *s = 0;
    if (!k)
        return 0;
    /* Blocks hold far fewer than 2^32 footprints: the product fits. */
    if (ne >= JOINT_FROM && (uint64_t)nw * ne >= (uint64_t)1 << JOINT_WORK) {
        joint_bits(west, nw, east, ne, bits, k, order);
        return k;
    }
    /* The split bits: the next most shared after the index bits. */
    while (*s < NQ_MATCH_SPLIT && k + *s < NQ_MATCH_MAX_INDEX && k + *s < bits)
        ++*s;
    most_shared(west, nw, east, ne, bits, k + *s, order);
    return k;
}

static uint64_t vectors(uint64_t n, int lanes)
{
    return (n + (uint64_t)lanes - 1) / (uint64_t)lanes;
}

/* A run of n east footprints, each of its vectors met by w west ones, in
 * sixths of a vector test: the tests (a lone vector's cost 7/6 of one of
 * a pair's: its loop loads an offset for one vector, not two) and each
 * vector's tables, about 256 tests' worth (at n = 26, tables 8% of a
 * piece's time against the scan's 55%: doc/performance.md). A run no west
 * footprint meets is skipped: it costs nothing. */
#define TABLE_TESTS 256
static uint64_t run_cost(uint64_t n, uint64_t w, int lanes)
{
    const uint64_t v = vectors(n, lanes);
    return w ? w * (6 * v + (v & 1)) + 6 * TABLE_TESTS * v : 0;
}

/* The groups p | q, q within open (the split bits from `level` on, not
 * yet fixed): appended to m's runs, as one run or, split on the next
 * split bit, as its halves' runs, whichever costs less; that cost. */
static uint64_t plan_node(nq_match *m, int lanes, uint32_t p, uint32_t open, int level)
{
    uint64_t n = 0;
    for (uint32_t q = open;; q = (q - 1) & open) {
        n += m->gcount[p | q];
        if (!q)
            break;
    }
    const uint32_t all = (1u << m->key.kp) - 1, first = m->nruns;
    /* The split-off half without the bit meets the west footprints the
     * whole run meets; the other half, only those without it. */
    const uint64_t one = run_cost(n, m->wunder[all & ~p], lanes);
    if (level < m->key.s && n) {
        const uint32_t b = m->split[level];
        const uint64_t two = plan_node(m, lanes, p, open & ~b, level + 1) +
                             plan_node(m, lanes, p | b, open & ~b, level + 1);
        if (two < one)
            return two;
        m->nruns = first;
    }
    m->rpat[first] = p | open << 16;
    m->rcount[first] = (uint32_t)n;
    m->nruns = first + 1;
    return one;
}

/* Each run's first vector and its patterns' first lanes (m->fill, in
 * the place of their counts); the vectors. */
static uint32_t place_runs(nq_match *m, int lanes)
{
    uint32_t v = 0;
    for (uint32_t r = 0; r < m->nruns; r++) {
        m->rvec[r] = v;
        uint32_t lane = v * (uint32_t)lanes;
        const uint32_t p = m->rpat[r] & 0xffff, open = m->rpat[r] >> 16;
        for (uint32_t q = open;; q = (q - 1) & open) {
            const uint32_t count = m->gcount[p | q];
            m->fill[p | q] = lane;
            lane += count;
            if (!q)
                break;
        }
        v += (uint32_t)vectors(m->rcount[r], lanes);
    }
    m->rvec[m->nruns] = v;
    return v;
}

/* The runs, split where that costs less or never; their vectors. */
static uint64_t plan_runs(nq_match *m, int lanes, int splits)
{
    const uint32_t all = (1u << m->key.kp) - 1;
    uint32_t open = 0;
    for (int i = 0; i < m->key.s; i++)
        open |= m->split[i];
    const uint32_t index = all & ~open;
    m->nruns = 0;
    for (uint32_t p = 0;; p = (p - index) & index) { /* the patterns of the index bits */
        plan_node(m, lanes, p, open, splits ? 0 : m->key.s);
        if (p == index)
            break;
    }
    uint64_t nvec = 0;
    for (uint32_t r = 0; r < m->nruns; r++)
        nvec += vectors(m->rcount[r], lanes);
    return nvec;
}

uint32_t nq_match_plan(nq_match *m, int lanes, size_t max_vec)
{
    /* Unsplit, the runs are the groups of the index bits, as many vectors
     * as the room the filtered count leaves (count_fused) holds. */
    if (plan_runs(m, lanes, 1) > max_vec)
        plan_runs(m, lanes, 0);
    return place_runs(m, lanes);
}

/* Where a few hundred west footprints meet 2^17 and more east ones (the
 * band's row sets at n = 26), about 1 east footprint in 500 meets any west
 * one: a filter first drops most of the rest, so they are not sorted and
 * no tables are built for them (doc/halves.md). Its table has a bit for
 * each pattern of its F bits, about 4 for each east footprint, so making
 * it costs less than the pass over the east side. */
#define FILTER_RATIO 8   /* east footprints for each west one, at least */
#define FILTER_FROM 4096 /* east footprints, at least */
void nq_match_filter_bits(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                          size_t ne, int bits)
{
    m->fbits = 0;
    m->filter_mask = 0;
    if (ne < FILTER_FROM || ne / FILTER_RATIO < nw)
        return;
    int f = 63 - __builtin_clzll((unsigned long long)ne) + 2;
    if (f > NQ_MATCH_FILTER_MAX)
        f = NQ_MATCH_FILTER_MAX;
    if (f > bits)
        f = bits;
    const uint64_t chosen = most_shared(west, nw, east, ne, bits, f, NULL);
    m->fbits = f;
    m->filter_mask = chosen;
}

/* The index bits, and the chunks of the bits left. */
void nq_match_choose(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east, size_t ne,
                     int bits, uint64_t unused)
{
    int order[NQ_MATCH_MAX_INDEX], s;
    m->k = nq_match_index_bits(m, west, nw, east, ne, bits, m->lanes, order, &s);
    /* A west and an east footprint meet only where their index patterns are
     * disjoint: the tables need not test the index bits again. */
    nq_match_key *key = &m->key;
    key->index = key->split = 0;
    for (int i = 0; i < m->k; i++)
        key->index |= 1ull << order[i];
    for (int i = 0; i < s; i++)
        key->split |= 1ull << order[m->k + i];
    key->s = s;
    key->kp = m->k + s;
    int i = 0;
    for (uint64_t b = key->split; b; b &= b - 1)
        key->bit[i++] = __builtin_ctzll(b);
    for (uint64_t b = key->index; b; b &= b - 1)
        key->bit[i++] = __builtin_ctzll(b);
    /* Each split bit's place in the pattern, in the order the bits split. */
    for (int j = 0; j < s; j++)
        m->split[j] = 1u << __builtin_popcountll(key->split & ((1ull << order[m->k + j]) - 1));
    m->drop = key->index | (m->k ? unused : 0);
    m->bits = bits - __builtin_popcountll(m->drop);
    /* At least one chunk: its entry 0 marks the real lanes. Chunks of 5 bits where they are fewer and their tables (32 entries a
     * chunk: 4 bytes per east footprint) within the 32 bytes the budget
     * gives 16 chunks of 4 bits (n <= 22): a west footprint then loads 7
     * vectors, not 9, at n = 20. Against 4 bits, alternating runs: count
     * 18 -t 1 0.92x the CPU time, 19 0.96x, three parts of 20 0.85x to
     * 0.88x, 16 and 17 no slower (doc/performance.md). */
    const int wide = (m->bits + NQ_MATCH_WIDE - 1) / NQ_MATCH_WIDE;
    m->cw = NQ_MATCH_CHUNK;
    m->nch = m->bits ? (m->bits + NQ_MATCH_CHUNK - 1) / NQ_MATCH_CHUNK : 1;
    if (wide && wide < m->nch && wide <= 8) { /* none where the index bits are all the bits */
        m->cw = NQ_MATCH_WIDE;
        m->nch = wide;
    }
    m->nwide = 0;
    /* Fewer chunks of two widths in no more table entries (31 bits: one of
     * 6 and five of 5, not seven of 5, the last of one bit): a load fewer a
     * vector test for the same tables (fewer chunks in up to 256 entries,
     * larger tables: n = 26 took 1.09x and 1.19x the core-hours). Only
     * where there are index bits: scan_once takes chunks of one width. */
    const size_t most = (size_t)m->nch << m->cw;
    for (int t = m->nch - 1; key->kp && t >= 1 && m->bits > t; t--) {
        const int cw = m->bits / t, nwide = m->bits % t;
        if (cw + (nwide > 0) > 8 || ((size_t)(t + nwide) << cw) > most)
            break;
        m->cw = cw;
        m->nch = t;
        m->nwide = nwide;
    }
}

int nq_match_prepare(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                     size_t ne, int bits)
{
    return m->prepare(m, west, nw, east, ne, bits);
}

int nq_match_scan(nq_match *m, const uint64_t *west, size_t nw, uint64_t *count)
{
    return m->scan(m, west, nw, count);
}

int nq_match_count(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east, size_t ne,
                   int bits, uint64_t *count)
{
    return m->count(m, west, nw, east, ne, bits, count);
}

uint64_t nq_match_count_plain(const uint64_t *west, size_t nw, const uint64_t *east, size_t ne)
{
    uint64_t n = 0;
    for (size_t i = 0; i < nw; i++)
        for (size_t j = 0; j < ne; j++)
            n += !(west[i] & east[j]);
    return n;
}
