/* The pair counter's west side, written once for every vector width
 * (included by halves_match_tmpl.c, with its LANES, VBYTES, pattern and
 * squeeze): the west footprints sorted by their index pattern, each with a
 * table offset per chunk, which the scan adds to an east vector's tables. */

/* m->woff's bytes for nw west footprints: their offsets, 2 bytes a chunk;
 * at its top, room for the footprints sorted by group (8 bytes each), read
 * in order as the offsets are written below them; and room for the last
 * footprint's whole store (write_offsets). */
static size_t woff_bytes(const nq_match *m, size_t nw)
{
    const size_t each = 2 * (size_t)m->nch > 8 ? 2 * (size_t)m->nch : 8;
    return (each * nw + 32 + 7) & ~(size_t)7;
}

static int reserve_west(nq_match *m, size_t nw)
{
    return nq_match_reserve((void **)&m->wpat, &m->wpat_cap, nw * sizeof *m->wpat) ||
                   nq_match_reserve((void **)&m->woff, &m->woff_cap, woff_bytes(m, nw))
               ? NQ_ERR(ENOMEM)
               : 0;
}

/* The table offsets of the sorted footprints, in order. sorted lies at the
 * top of m->woff: footprint i's offsets (and the store's 32 bytes) end
 * below footprint i + 1 (woff_bytes leaves 24 bytes more than that needs). */
static void write_offsets(const nq_match *m, const uint64_t *sorted, size_t nw)
{
    const int nch = m->nch;
    uint16_t *woff = m->woff;
#if NQ_FAST_PEXT && defined(__AVX2__)
    /* All of a footprint's chunks at once: PDEP spreads them a byte each,
     * widened to words, scaled to vectors and moved to their chunk's table;
     * the 16 words stored past nch are overwritten by the next footprint's
     * (at n = 26, 17% of a balanced piece went to sorting the west side,
     * most of it to these offsets taken one by one: doc/performance.md). */
    uint64_t spread[2] = { 0, 0 };
    int high = 0; /* the first bit of chunk 8 (spread[1] is 0 without one) */
    _Alignas(32) uint16_t first[16] = { 0 };
    for (int c = 0; c < nch; c++) {
        int width;
        size_t entry;
        const int bit = nq_match_chunk(m, c, &width, &entry);
        spread[c / 8] |= (uint64_t)((1u << width) - 1) << 8 * (c % 8);
        first[c] = (uint16_t)(entry * VBYTES);
        if (c == 8)
            high = bit;
    }
    const __m256i base = _mm256_load_si256((const __m256i *)first);
    for (size_t i = 0; i < nw; i++) {
        const uint64_t x = sorted[i];
        const __m128i f = _mm_set_epi64x((long long)_pdep_u64(x >> high, spread[1]),
                                         (long long)_pdep_u64(x, spread[0]));
        const __m256i w = _mm256_slli_epi16(_mm256_cvtepu8_epi16(f), __builtin_ctz(VBYTES));
        _mm256_storeu_si256((__m256i *)(woff + i * nch), _mm256_add_epi16(w, base));
    }
#else
    int bit[16];
    uint64_t low[16];
    size_t first[16];
    for (int c = 0; c < nch; c++) {
        int width;
        bit[c] = nq_match_chunk(m, c, &width, &first[c]);
        low[c] = (1u << width) - 1;
    }
    for (size_t i = 0; i < nw; i++) {
        const uint64_t x = sorted[i];
        uint16_t *o = woff + i * nch;
        for (int c = 0; c < nch; c++)
            o[c] = (uint16_t)((first[c] + (x >> bit[c] & low[c])) * VBYTES);
    }
#endif
}

/* West: each footprint's pattern (m->wpat), the first of each pattern
 * (m->wstart) and the footprints that each run may meet (m->wunder);
 * NQ_ERR(EINTR) once stopped. */
static int west_groups(nq_match *m, const uint64_t *west, size_t nw)
{
    const int k = m->key.kp;
    const nq_match_key key = m->key; /* a copy, as in sort_east */
    const uint32_t groups = 1u << k;
    memset(m->wstart, 0, (groups + 1) * sizeof *m->wstart);
    if (!k) {
        m->wstart[1] = m->wunder[0] = (uint32_t)nw;
        return 0;
    }
    for (size_t i = 0; i < nw;) {
        if (nq_stop_seen(m->stop))
            return NQ_ERR(EINTR);
        const size_t end = nw - i > NQ_MATCH_STOP_EVERY ? i + NQ_MATCH_STOP_EVERY : nw;
        for (; i < end; i++) {
            m->wpat[i] = pattern(west[i], &key);
            m->wstart[m->wpat[i] + 1]++;
        }
    }
    for (uint32_t g = 0; g < groups; g++)
        m->wstart[g + 1] += m->wstart[g];
    /* The west footprints each east run may meet, those of the subsets of
     * the complement of its pattern (a sum over subsets, k passes): a run
     * that meets none is skipped, its tables never built. Where a few
     * hundred west footprints meet 2^17 and more east ones (the band's row
     * sets), a third of the east vectors meet none. */
    for (uint32_t g = 0; g < groups; g++)
        m->wunder[g] = m->wstart[g + 1] - m->wstart[g];
    for (int b = 0; b < k; b++)
        for (uint32_t g = 0; g < groups; g++)
            if (g >> b & 1)
                m->wunder[g] += m->wunder[g ^ (1u << b)];
    return 0;
}

/* West, its patterns known (west_groups): sorted by pattern, without the
 * bits of m->drop, each with its table offset per chunk (m->woff);
 * NQ_ERR(EINTR) once stopped. */
static int sort_west_placed(nq_match *m, const uint64_t *west, size_t nw)
{
    const int k = m->k;
    const nq_match_key key = m->key; /* a copy, as in sort_east */
    const int *bit = key.bit + key.s; /* the index bits */
    const uint64_t drop = m->drop;
    uint32_t *fill = m->fill;
    /* Sorted whole first, their offsets then written in order: a footprint's
     * offsets scattered one by one cost more than the pass. */
    uint64_t *sorted = (uint64_t *)((uint8_t *)m->woff + woff_bytes(m, nw)) - nw;
    if (!m->key.kp)
        memcpy(sorted, west, nw * sizeof *west);
    else {
        for (uint32_t g = 0; g < 1u << m->key.kp; g++)
            fill[g] = m->wstart[g];
        for (size_t i = 0; i < nw;) {
            if (nq_stop_seen(m->stop))
                return NQ_ERR(EINTR);
            const size_t end = nw - i > NQ_MATCH_STOP_EVERY ? i + NQ_MATCH_STOP_EVERY : nw;
            for (; i < end; i++)
                sorted[fill[m->wpat[i]]++] = squeeze(west[i], drop, bit, k);
        }
    }
    write_offsets(m, sorted, nw);
    return 0;
}
