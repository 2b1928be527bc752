/* The pair counter, written once for every vector width. Included by the
 * code of each level that has its own (halves_match_scalar.c,
 * x86/halves_match_avx2.c, x86/halves_match_avx512.c: meson compiles each at
 * its level, cpu.h) after it defines:
 *   LANES           east footprints per vector (a multiple of 64)
 *   vec             the vector type; vload, vand, vandn (~a & b)
 *   acc, acc_zero, acc_add (adds the popcount of a vec), acc_sum
 *   bits_from_plane (64 bytes -> word w of the 8 bit rows of their bits)
 * and defines this level's nq_match_code (halves_match_priv.h).
 * The layout: east footprints are sorted into groups by their index pattern,
 * each group padded to whole vectors; each vector gets, per chunk of cw
 * footprint bits (4 to 6; nq_match_chunk), 2^cw vectors: lane j of entry s
 * is set when east footprint j has none of the bits of s (entry 0 of chunk
 * 0 marks the real lanes). A west footprint then costs one load and AND
 * per chunk, per vector. */
#include "cpu/cpu.h"

#include <string.h>
#include "util.h"

/* A footprint's index pattern (its index bits gathered in order), and the
 * footprint without them: by PEXT where the level has it fast. */
#if NQ_FAST_PEXT
#define pattern nq_match_pext_gather
#define squeeze nq_match_pext_squeeze
#else
#define pattern nq_match_gather
#define squeeze nq_match_squeeze
#endif

#define VBYTES (LANES / 8)
#define WORDS (LANES / 64)

/* The bytes of one vector's chunk tables. */
static inline size_t table_bytes(const nq_match *m)
{
    return nq_match_entries(m) * VBYTES;
}

/* Writes the chunk tables of one vector from its bit rows. */
static void build_tables(const nq_match *m, uint8_t *t, const uint64_t (*rows)[WORDS],
                         size_t nvalid)
{
    _Alignas(64) uint64_t ones[WORDS], valid[WORDS];
    memset(ones, 0xff, sizeof ones);
    for (int i = 0; i < WORDS; i++)
        valid[i] = nq_match_first_bits(nvalid, (size_t)i);
    for (int c = 0; c < m->nch; c++) {
        int width;
        size_t entry;
        const int first = nq_match_chunk(m, c, &width, &entry);
        uint8_t *tc = t + entry * VBYTES;
        memcpy(tc, c ? ones : valid, VBYTES);
        for (int s = 1; s < 1 << width; s++) {
            const vec v = vandn(vload(rows[first + __builtin_ctz((unsigned)s)]),
                                vload(tc + (size_t)(s & (s - 1)) * VBYTES));
            memcpy(tc + (size_t)s * VBYTES, &v, VBYTES);
        }
    }
}

/* One vector's bit rows from its LANES footprints (padding lanes zero):
 * byte b of each 64 footprints gathered into a plane (the compiler
 * vectorizes the loop), then its 8 bit rows taken at once. */
static void rows_from_fps(const uint64_t *fp, int nbytes, uint64_t (*rows)[WORDS])
{
    _Alignas(64) uint8_t plane[64];
    for (int w = 0; w < WORDS; w++)
        for (int b = 0; b < nbytes; b++) {
            for (int j = 0; j < 64; j++)
                plane[j] = (uint8_t)(fp[64 * w + j] >> 8 * b);
            bits_from_plane(plane, rows + 8 * b, w);
        }
}

/* Nine chunks of 5 bits, not eleven of 4 (41 to 45 bits: n = 28, and
 * 27's smaller blocks): two loads fewer a west footprint and vector, where
 * their tables (36 bytes an east footprint) fit in what the budget gives
 * eight chunks of 5 with their padding (48), and a pair of vectors' tables
 * in L1 (not at 512 lanes). */
static void widen_chunks(nq_match *m, uint32_t nvec, size_t ne)
{
#if LANES <= 256
    if (m->cw == NQ_MATCH_CHUNK && (m->bits + NQ_MATCH_WIDE - 1) / NQ_MATCH_WIDE == 9 &&
        (size_t)nvec * LANES * 36 <= ne * 48) {
        m->cw = NQ_MATCH_WIDE;
        m->nch = 9;
        m->nwide = 0;
    }
#else
    (void)m, (void)nvec, (void)ne;
#endif
}

/* Each pattern's east footprints into m->gcount (kp >= 1); NQ_ERR(EINTR)
 * once stopped. Four counters a pattern, side by side: a run of one
 * pattern is not one chain of stores and loads. */
static int count_groups(nq_match *m, const uint64_t *east, size_t ne)
{
    const int k = m->key.kp;
    const nq_match_key key = m->key; /* a copy, as in sort_east */
    uint32_t(*c4)[4] = m->tally;
    memset(c4, 0, ((size_t)1 << k) * sizeof c4[0]);
    for (size_t j = 0; j < ne;) {
        if (nq_stop_seen(m->stop))
            return NQ_ERR(EINTR);
        const size_t end = ne - j > NQ_MATCH_STOP_EVERY ? j + NQ_MATCH_STOP_EVERY : ne;
        for (; j + 4 <= end; j += 4)
            for (int u = 0; u < 4; u++)
                c4[pattern(east[j + u], &key)][u]++;
        for (; j < end; j++)
            c4[pattern(east[j], &key)][0]++;
    }
    for (uint32_t g = 0; g < 1u << k; g++)
        m->gcount[g] = c4[g][0] + c4[g][1] + c4[g][2] + c4[g][3];
    return 0;
}

/* The east side's runs (nq_match_plan, from the west side's patterns in
 * m->wunder): how many footprints each holds, and its first vector; the
 * vectors in all, at most max_vec where splits would make more. */
static int group_east(nq_match *m, const uint64_t *east, size_t ne, size_t max_vec, uint32_t *nvec)
{
    if (!m->key.kp)
        m->gcount[0] = (uint32_t)ne;
    else if (count_groups(m, east, ne))
        return NQ_ERR(EINTR);
    const uint32_t v = nq_match_plan(m, LANES, max_vec);
    widen_chunks(m, v, ne);
    *nvec = v;
    return 0;
}

/* From 2^16 east footprints (a sorted copy of 512 KiB and more) each
 * footprint's slot is prefetched 64 footprints ahead, so its store finds
 * the line in cache: n = 26, 0.8x the sort's cycles. Below 2^16 the
 * prefetch cost 1.03x to 1.08x (the pattern is taken twice). */
#define SORT_AHEAD 64
#define SORT_AHEAD_FROM ((size_t)1 << 16)

/* The east footprints sorted by run into `sorted` (a vector's room for
 * each of the nvec vectors, padding lanes zero; each pattern's first lane
 * in m->fill), without the bits of m->drop. */
static int sort_east(nq_match *m, const uint64_t *east, size_t ne, uint64_t *sorted)
{
    const int k = m->k;
    /* A copy: the counters' stores into *m must not make the compiler read
     * the index bits again for every footprint. */
    const nq_match_key key = m->key;
    const int *bit = key.bit + key.s; /* the index bits */
    const uint64_t drop = m->drop;
    uint32_t *fill = m->fill;
    for (uint32_t r = 0; r < m->nruns; r++) {
        /* The padding lanes are zero: masked off by the tables. */
        const size_t used = (size_t)m->rvec[r] * LANES + m->rcount[r],
                     end = (size_t)m->rvec[r + 1] * LANES;
        memset(sorted + used, 0, (end - used) * sizeof *sorted);
    }
    const size_t ahead = ne >= SORT_AHEAD_FROM ? SORT_AHEAD : 0;
    for (size_t j = 0; j < ne;) {
        if (nq_stop_seen(m->stop))
            return NQ_ERR(EINTR);
        const size_t end = ne - j > NQ_MATCH_STOP_EVERY ? j + NQ_MATCH_STOP_EVERY : ne;
        for (; ahead && j < end && j + ahead < ne; j++) {
            __builtin_prefetch(sorted + fill[pattern(east[j + ahead], &key)], 1);
            sorted[fill[pattern(east[j], &key)]++] = squeeze(east[j], drop, bit, k);
        }
        for (; j < end; j++)
            sorted[fill[pattern(east[j], &key)]++] = squeeze(east[j], drop, bit, k);
    }
    return 0;
}

/* Vector v's chunk tables into t, from the footprints of run r sorted
 * (kp >= 1), or read where they are in east (kp = 0). */
static void vector_tables(const nq_match *m, uint32_t r, uint32_t v, const uint64_t *sorted,
                          const uint64_t *east, uint8_t *t)
{
    /* The bytes the chunks read, so every bit row they use is written (a
     * chunk of nothing but index bits reads zeros). */
    const int nbytes = (m->cw * m->nch + m->nwide + 7) / 8;
    const size_t first = (size_t)(v - m->rvec[r]) * LANES, nvalid = m->rcount[r] - first;
    const uint64_t *fp = sorted + (size_t)v * LANES;
    _Alignas(64) uint64_t tail[LANES];
    if (!m->key.kp) {
        fp = east + first;
        if (nvalid < LANES) {
            memcpy(tail, fp, nvalid * sizeof *tail);
            memset(tail + nvalid, 0, (LANES - nvalid) * sizeof *tail);
            fp = tail;
        }
    }
    _Alignas(64) uint64_t rows[64][WORDS];
    rows_from_fps(fp, nbytes, rows);
    build_tables(m, t, (const uint64_t(*)[WORDS])rows, nvalid);
}

#include "halves/halves_match_west_tmpl.c"

/* The east side: footprints grouped in runs by their pattern (the bits in
 * m->key; the runs planned against the west side's patterns), each
 * vector's chunk tables built from its bit rows. With index bits, the
 * footprints are first sorted by run into the top of the table buffer,
 * vector v's just past where the tables of vectors < v end: each vector's
 * footprints are read before its tables overwrite them (a vector's tables
 * take at least its footprints' room: nch >= 4; below, the buffer is the
 * footprints' size). Without, they are read where they are. */
static int build_east(nq_match *m, const uint64_t *east, size_t ne, uint32_t nvec)
{
    const size_t vtab = table_bytes(m), vfp = (size_t)LANES * sizeof(uint64_t);
    const size_t total = (size_t)nvec * (vtab > vfp ? vtab : vfp);
    if (nq_match_reserve((void **)&m->tables, &m->tables_cap, total))
        return NQ_ERR(ENOMEM);
    uint64_t *sorted = (uint64_t *)(m->tables + total - (size_t)nvec * vfp);
    if (m->key.kp && sort_east(m, east, ne, sorted))
        return NQ_ERR(EINTR);
    for (uint32_t r = 0; r < m->nruns; r++)
        for (uint32_t v = m->rvec[r]; v < m->rvec[r + 1]; v++) {
            /* A vector's tables take microseconds; a block's, far longer. */
            if (!(v & 15) && nq_stop_seen(m->stop))
                return NQ_ERR(EINTR);
            vector_tables(m, r, v, sorted, east, m->tables + v * vtab);
        }
    return 0;
}

/* The footprint bits that none of fp sets: the tables need not test them
 * (weighted by the pairs, n = 26's blocks met once: 7.9 of 46 bits no west
 * footprint sets, 1.2 more no east one; n = 27's prepared east blocks
 * leave 5.2 of 50 unset), where PEXT leaves them out in one instruction. */
static uint64_t unset_bits(const uint64_t *fp, size_t n, int bits)
{
#if NQ_FAST_PEXT
    uint64_t set = 0;
    for (size_t i = 0; i < n; i++)
        set |= fp[i];
    return ~set & (bits < 64 ? (1ull << bits) - 1 : ~0ull);
#else
    (void)fp, (void)n, (void)bits;
    return 0;
#endif
}

/* The index bits and the runs planned against the first west block's
 * patterns; the bits no east footprint sets left out (no later west block
 * can meet them there). */
static int prepare(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east, size_t ne,
                   int bits)
{
    nq_match_choose(m, west, nw, east, ne, bits, unset_bits(east, ne, bits));
    uint32_t nvec;
    int err = reserve_west(m, nw);
    if (err || (err = west_groups(m, west, nw)) || (err = group_east(m, east, ne, SIZE_MAX, &nvec)))
        return err;
    return build_east(m, east, ne, nvec);
}

/* The scan where every west footprint meets the east side once (no index
 * bits, at most two vectors: most row sets of n = 16 and all of n = 17):
 * the table offsets are worked out as they are used, not stored first. */
static int scan_once(nq_match *m, const uint64_t *west, size_t nw, uint64_t *count)
{
    const int nch = m->nch, cw = m->cw;
    const uint64_t low = (1u << cw) - 1;
    const uint32_t nvec = m->rvec[1];
    const size_t vtab = table_bytes(m); /* chunks of one width: no index bits */
    const uint8_t *t0 = m->tables, *t1 = t0 + vtab;
    acc total = acc_zero();
    size_t i = 0;
    do {
        if (nq_stop_seen(m->stop))
            return NQ_ERR(EINTR);
        const size_t end = nw - i > NQ_MATCH_STOP_EVERY ? i + NQ_MATCH_STOP_EVERY : nw;
        if (nvec == 2)
            for (; i < end; i++) {
                const uint64_t x = west[i];
                const size_t o = (x & low) * VBYTES;
                vec a = vload(t0 + o), b = vload(t1 + o);
                for (int c = 1; c < nch; c++) {
                    const size_t oc = (((size_t)c << cw) + (x >> cw * c & low)) * VBYTES;
                    a = vand(a, vload(t0 + oc));
                    b = vand(b, vload(t1 + oc));
                }
                total = acc_add(total, a);
                total = acc_add(total, b);
            }
        else if (nvec == 1)
            for (; i < end; i++) {
                const uint64_t x = west[i];
                vec a = vload(t0 + (x & low) * VBYTES);
                for (int c = 1; c < nch; c++)
                    a = vand(a, vload(t0 + (((size_t)c << cw) + (x >> cw * c & low)) * VBYTES));
                total = acc_add(total, a);
            }
        else
            i = end;
    } while (i < nw);
    *count = acc_sum(total);
    return 0;
}

/* One east vector (t0), or two (t1 too), against every west footprint
 * of a group that may match theirs (the subsets of free), into total.
 * Inlined once per chunk count (scan_vectors), so the loop over a west
 * footprint's chunks is unrolled: at n = 26 the scan took 0.83x the cycles
 * a vector test (doc/halves.md). */
static inline __attribute__((always_inline)) acc
scan_vectors_n(const nq_match *m, const uint8_t *t0, const uint8_t *t1, int pair, uint32_t free,
               acc total, const int nch)
{
    /* The patterns below free's lowest 0 bit are consecutive: one range
     * for each subset of the bits above (a run that leaves its split bits
     * open meets as many ranges as its group of index bits would). */
    const uint32_t low = (uint32_t)__builtin_ctz(~free), high = free >> low << low;
    for (uint32_t q = high;; q = (q - 1) & high) {
        const uint16_t *o = m->woff + (size_t)m->wstart[q] * nch;
        const uint16_t *end = m->woff + (size_t)m->wstart[q + (1u << low)] * nch;
        if (pair) {
            for (; o < end; o += nch) {
                vec a = vload(t0 + o[0]), b = vload(t1 + o[0]);
                for (int c = 1; c < nch; c++) {
                    a = vand(a, vload(t0 + o[c]));
                    b = vand(b, vload(t1 + o[c]));
                }
                total = acc_add(total, a);
                total = acc_add(total, b);
            }
        } else {
            for (; o < end; o += nch) {
                vec a = vload(t0 + o[0]);
                for (int c = 1; c < nch; c++)
                    a = vand(a, vload(t0 + o[c]));
                total = acc_add(total, a);
            }
        }
        if (!q)
            return total;
    }
}

/* The chunk counts the footprints of n <= 28 take (up to 12 of 4 bits);
 * larger ones run the loop as it is. */
static acc scan_vectors(const nq_match *m, const uint8_t *t0, const uint8_t *t1, int pair,
                        uint32_t free, acc total)
{
    switch (m->nch) {
#define CHUNKS(c) \
    case c: \
        return scan_vectors_n(m, t0, t1, pair, free, total, c);
        CHUNKS(1) CHUNKS(2) CHUNKS(3) CHUNKS(4) CHUNKS(5) CHUNKS(6)
        CHUNKS(7) CHUNKS(8) CHUNKS(9) CHUNKS(10) CHUNKS(11) CHUNKS(12)
#undef CHUNKS
    default:
        return scan_vectors_n(m, t0, t1, pair, free, total, m->nch);
    }
}

/* Every east vector, two at a time, against the west footprints sorted
 * by pattern (sort_west) that may match its run's (those of the patterns
 * within the complement of the bits all its groups set), each pair
 * staying in L1 while they stream past: the tables prepared, or with t,
 * each pair's built into t as the scan comes to it, from sorted or east
 * (vector_tables). */
static int scan_groups(nq_match *m, uint8_t *t, const uint64_t *sorted, const uint64_t *east,
                       uint64_t *count)
{
    const uint32_t all = (1u << m->key.kp) - 1;
    const size_t vtab = table_bytes(m);
    acc total = acc_zero();
    for (uint32_t r = 0; r < m->nruns; r++) {
        const uint32_t free = all & ~m->rpat[r];
        if (!m->wunder[free])
            continue; /* no west footprint may meet this run */
        for (uint32_t v = m->rvec[r]; v < m->rvec[r + 1]; v += 2) {
            /* A stop is seen within one block's work (milliseconds at n = 24). */
            if (nq_stop_seen(m->stop))
                return NQ_ERR(EINTR);
            const int pair = v + 1 < m->rvec[r + 1];
            const uint8_t *t0 = m->tables + v * vtab;
            if (t) {
                vector_tables(m, r, v, sorted, east, t);
                if (pair)
                    vector_tables(m, r, v + 1, sorted, east, t + vtab);
                t0 = t;
            }
            total = scan_vectors(m, t0, t0 + vtab, pair, free, total);
        }
    }
    *count = acc_sum(total);
    return 0;
}

/* The west side against the prepared east one: the pairs with nothing in
 * common. */
static int scan(nq_match *m, const uint64_t *west, size_t nw, uint64_t *count)
{
    *count = 0;
    if (!m->key.kp && m->rvec[1] <= 2)
        return scan_once(m, west, nw, count);
    int err = reserve_west(m, nw);
    if (err || (err = west_groups(m, west, nw)) || (err = sort_west_placed(m, west, nw)))
        return err;
    return scan_groups(m, NULL, NULL, NULL, count);
}

/* One east block against one west block, its tables used once: each
 * vector's are built as the scan comes to it, into L1, never written out
 * whole (a block's tables outgrow L2 from about 2^14 footprints, and
 * writing them out cost as much as the scan: doc/halves.md). */
static int count_fused(nq_match *m, const uint64_t *west, size_t nw, const uint64_t *east,
                       size_t ne, int bits, uint64_t *count)
{
    *count = 0;
    const size_t vfp = (size_t)LANES * sizeof(uint64_t);
    size_t max_vec = SIZE_MAX; /* the room for the sorted east side, where filtered */
#if NQ_FAST_PEXT
    nq_match_filter_bits(m, west, nw, east, ne, bits);
    if (m->fbits) {
        nq_filter_build(m, west, nw);
        if (nq_filter_keeps_most(m, east, ne))
            m->fbits = 0;
    }
    if (m->fbits) {
        /* Room for the tables of a pair of vectors (at most bits / 4 + 1
         * chunks of 32 entries), the sorted footprints (at most twice those
         * kept: groups hold at least a vector's worth each) and, at the
         * end, the footprints kept. */
        const size_t vmax = ((size_t)(bits / 4 + 1) << NQ_MATCH_WIDE) * VBYTES;
        const size_t need = 2 * vmax + 3 * ne * sizeof *east + 2 * LANES * sizeof *east;
        if (nq_match_reserve((void **)&m->tables, &m->tables_cap, need))
            return NQ_ERR(ENOMEM);
        uint64_t *kept = (uint64_t *)(m->tables + need) - ne;
        max_vec = (size_t)((uint8_t *)kept - m->tables - 2 * vmax) / vfp;
        size_t a;
        if (nq_filter_east(m, east, ne, kept, &a))
            return NQ_ERR(EINTR);
        if (!a)
            return 0;
        east = kept;
        ne = a;
    }
#endif
    nq_match_choose(m, west, nw, east, ne, bits,
                    unset_bits(west, nw, bits) | unset_bits(east, ne, bits));
    /* The west side's patterns first: the east side's runs are planned
     * against them. */
    uint32_t nvec;
    int err = reserve_west(m, nw);
    if (err || (err = west_groups(m, west, nw)) || (err = group_east(m, east, ne, max_vec, &nvec)))
        return err;
    if (!m->key.kp && nvec <= 2) {
        err = build_east(m, east, ne, nvec);
        return err ? err : scan_once(m, west, nw, count);
    }
    const size_t vtab = table_bytes(m);
    if (nq_match_reserve((void **)&m->tables, &m->tables_cap, 2 * vtab + (size_t)nvec * vfp))
        return NQ_ERR(ENOMEM);
    uint64_t *sorted = (uint64_t *)(m->tables + 2 * vtab);
    if ((err = m->key.kp ? sort_east(m, east, ne, sorted) : 0) || (err = sort_west_placed(m, west, nw)))
        return err;
    return scan_groups(m, m->tables, sorted, east, count);
}

const nq_match_code NQ_ISA_NAME(nq_match_code) = { prepare, scan, count_fused, LANES };

#undef VBYTES
#undef WORDS
#undef pattern
#undef squeeze
