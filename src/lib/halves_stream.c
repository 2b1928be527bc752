/* The halves engine's half-boards in bounded blocks: halves_stream.h says
 * how; halves.h says what the method is. */
#include "halves_stream.h"

#include "cpu.h"
#include "nqueens.h"

#include <stdlib.h>
#include <string.h>

/* Marks in memo.at: a list not met yet, and one too large to keep. */
#define UNKNOWN UINT32_MAX
#define TOO_BIG (UINT32_MAX - 1)

/* ------------------------------------------------------------ the join */

static size_t join_plain(uint64_t xc, uint64_t xf, const uint64_t *yc, const uint64_t *yf,
                         size_t count, uint64_t *out)
{
    size_t n = 0;
    for (size_t y = 0; y < count; y++) {
        out[n] = xf | yf[y];
        n += !(xc & yc[y]); /* branch-free: the store is kept or overwritten */
    }
    return n;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
/* Eight held entries a step, the survivors packed with VPCOMPRESSQ. */
__attribute__((target("avx512f"))) static size_t join_avx512(uint64_t xc, uint64_t xf,
                                                             const uint64_t *yc, const uint64_t *yf,
                                                             size_t count, uint64_t *out)
{
    const __m512i c = _mm512_set1_epi64((long long)xc), f = _mm512_set1_epi64((long long)xf);
    size_t n = 0;
    for (size_t y = 0; y < count; y += 8) {
        const __mmask8 in = count - y >= 8 ? 0xff : (__mmask8)((1u << (count - y)) - 1);
        const __m512i vc = _mm512_maskz_loadu_epi64(in, yc + y);
        const __m512i vf = _mm512_maskz_loadu_epi64(in, yf + y);
        const __mmask8 keep = _mm512_mask_testn_epi64_mask(in, vc, c);
        /* Compressed in a register, then stored: VPCOMPRESSQ to memory is
         * microcoded on Zen 4 and 5 and took most of the join's time. */
        const unsigned kept = (unsigned)__builtin_popcount(keep);
        _mm512_mask_storeu_epi64(out + n, (__mmask8)((1u << kept) - 1),
                                 _mm512_maskz_compress_epi64(keep, _mm512_or_si512(vf, f)));
        n += kept;
    }
    return n;
}
#endif

join_fn nq_halves_join_fn(int avx512)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (avx512 && nq_cpu_detected() & NQ_CPU_AVX512)
        return join_avx512;
#endif
    (void)avx512;
    return join_plain;
}

/* -------------------------------------------------------- enumeration */

static void qiter_start(qiter *it, const geom *G, uint32_t rows, uint32_t cols,
                        const uint32_t *forbid)
{
    it->G = G;
    it->rows = rows;
    it->cols = cols;
    it->forbid = forbid;
    it->k = 0;
    for (int i = 0; i < G->h; i++)
        if (rows >> i & 1)
            it->row[it->k++] = i;
    it->t = -1;
    it->done = 0;
}

/* The next at most max placements; 0 once they are all out. The search is
 * iterative so that it can stop when out is full and go on later; ld and
 * rd hold the columns the queens above attack on each diagonal. */
static size_t qiter_next(qiter *it, qent *out, size_t max)
{
    if (it->done || !max)
        return 0;
    const int h = it->G->h, k = it->k;
    const uint32_t cols = it->cols, *forbid = it->forbid;
    size_t n = 0;
    int t = it->t;
    if (t < 0) {
        if (!k) {
            out[0] = (qent){ 0, 0, 0 };
            it->done = 1;
            return 1;
        }
        it->used[0] = it->ld[0] = it->rd[0] = it->a[0] = it->b[0] = 0;
        it->avail[0] = cols & ~forbid[it->row[0]];
        t = 0;
    }
    for (;;) {
        if (!it->avail[t]) {
            if (!t--) {
                it->done = 1;
                break;
            }
            continue;
        }
        const uint32_t bit = it->avail[t] & -it->avail[t];
        it->avail[t] ^= bit;
        const int i = it->row[t], j = __builtin_ctz(bit);
        it->used[t + 1] = it->used[t] | bit;
        it->a[t + 1] = it->a[t] | 1u << (i + j);
        it->b[t + 1] = it->b[t] | 1u << (i - j + h - 1);
        if (t + 1 == k) {
            out[n++] = (qent){ it->used[t + 1], it->a[t + 1], it->b[t + 1] };
            if (n == max)
                break;
            continue;
        }
        const int step = it->row[t + 1] - i;
        it->ld[t + 1] = (it->ld[t] | bit) >> step;
        it->rd[t + 1] = ((it->rd[t] | bit) << step) & it->G->quad;
        t++;
        it->avail[t] = cols & ~it->used[t] & ~it->ld[t] & ~it->rd[t] & ~forbid[it->row[t]];
    }
    it->t = t;
    return n;
}

/* --------------------------------------------------------------- lists */

int nq_memo_init(memo *m, int h, size_t entries)
{
    *m = (memo){ .cap = entries };
    m->buf = malloc((entries ? entries : 1) * sizeof *m->buf);
    m->at = malloc(((size_t)NQ_MEMO_KINDS << h) * sizeof *m->at);
    m->count = malloc(((size_t)NQ_MEMO_KINDS << h) * sizeof *m->count);
    if (!m->buf || !m->at || !m->count)
        return NQ_ERR(ENOMEM);
    nq_memo_clear(m, h);
    return 0;
}

void nq_memo_free(memo *m)
{
    free(m->buf);
    free(m->at);
    free(m->count);
}

void nq_memo_clear(memo *m, int h)
{
    memset(m->at, 0xff, ((size_t)NQ_MEMO_KINDS << h) * sizeof *m->at);
    m->used = 0;
}

/* A list takes at most this share of the memo, so that the four of a row
 * set fit in what nq_memo_make_room leaves. */
#define MEMO_LIST (4 * NQ_MEMO_KINDS)

void nq_memo_make_room(memo *m, int h)
{
    if (m->cap - m->used < NQ_MEMO_KINDS * (m->cap / MEMO_LIST))
        nq_memo_clear(m, h);
}

size_t nq_memo_bytes(int h, size_t entries)
{
    return entries * sizeof(qent) + 2 * ((size_t)NQ_MEMO_KINDS << h) * sizeof(uint32_t);
}

/* A list from the memo, or enumerated into it where it fits (at most
 * MEMO_LIST of it: nq_memo_make_room left that much for each), or else
 * enumerated as it is read. */
static void lsrc_start(lsrc *s, memo *m, int kind, const geom *G, uint32_t rows, uint32_t cols,
                       const uint32_t *forbid, uint32_t part, uint32_t parts)
{
    const size_t key = (size_t)kind << G->h | rows;
    qiter_start(&s->it, G, rows, cols, forbid);
    s->pos = s->ord = 0;
    s->enumerated = 0;
    s->stride = parts;
    s->offset = part;
    if (m->at[key] == UNKNOWN) {
        const size_t most = m->cap / MEMO_LIST;
        const size_t n = qiter_next(&s->it, m->buf + m->used, most);
        if (s->it.done) {
            m->at[key] = (uint32_t)m->used;
            m->count[key] = (uint32_t)n;
            m->used += n;
        } else {
            m->at[key] = TOO_BIG;
            qiter_start(&s->it, G, rows, cols, forbid);
        }
    }
    if (m->at[key] == TOO_BIG) {
        s->enumerated = 1;
        return;
    }
    s->arr = m->buf + m->at[key];
    s->count = m->count[key];
}

/* The next at most max entries of a part (stride > 1), kept in tmp. */
static size_t lsrc_next_part(lsrc *s, qent *tmp, size_t max)
{
    size_t n = 0;
    while (n < max) {
        if (s->enumerated) {
            const size_t got = qiter_next(&s->it, tmp + n, max - n);
            if (!got)
                break;
            size_t kept = 0;
            for (size_t y = 0; y < got; y++, s->ord++)
                if (s->ord % s->stride == s->offset)
                    tmp[n + kept++] = tmp[n + y];
            n += kept;
        } else {
            if (s->pos == s->count)
                break;
            if (s->pos % s->stride == s->offset)
                tmp[n++] = s->arr[s->pos];
            s->pos++;
        }
    }
    return n;
}

static size_t lsrc_next(lsrc *s, qent *tmp, size_t max, const qent **got)
{
    if (s->stride > 1) {
        *got = tmp;
        return lsrc_next_part(s, tmp, max);
    }
    if (s->enumerated) {
        *got = tmp;
        return qiter_next(&s->it, tmp, max);
    }
    const size_t n = s->count - s->pos < max ? s->count - s->pos : max;
    *got = s->arr + s->pos;
    s->pos += n;
    return n;
}

static int lsrc_done(const lsrc *s)
{
    return s->enumerated ? s->it.done : s->pos == s->count;
}

static void lsrc_rewind(lsrc *s)
{
    if (s->enumerated)
        qiter_start(&s->it, s->it.G, s->it.rows, s->it.cols, s->it.forbid);
    s->pos = s->ord = 0;
}

/* Entries a memo's list gives its part. */
static size_t lsrc_count(const lsrc *s)
{
    return s->count > s->offset ? (s->count - s->offset + s->stride - 1) / s->stride : 0;
}

/* ------------------------------------------------------------- streams */

int nq_stream_init(stream *s, const geom *G, int east, size_t held)
{
    *s = (stream){ .G = G, .east = east, .hcap = held, .rcap = 4096 };
    s->hraw = malloc(held * sizeof *s->hraw);
    s->rraw = malloc(s->rcap * sizeof *s->rraw);
    s->hc = malloc(held * sizeof *s->hc);
    s->hf = malloc(held * sizeof *s->hf);
    s->start = malloc((((size_t)1 << G->h) + 1) * sizeof *s->start);
    return s->hraw && s->rraw && s->hc && s->hf && s->start ? 0 : NQ_ERR(ENOMEM);
}

void nq_stream_free(stream *s)
{
    free(s->hraw);
    free(s->rraw);
    free(s->hc);
    free(s->hf);
    free(s->start);
}

size_t nq_stream_bytes(const stream *s)
{
    return s->hcap * (sizeof *s->hraw + sizeof *s->hc + sizeof *s->hf) +
           s->rcap * sizeof *s->rraw + (((size_t)1 << s->G->h) + 1) * sizeof *s->start;
}

void nq_stream_begin(stream *s, memo *m, int kind, uint32_t north, uint32_t south,
                     const uint32_t *forbid_north, const uint32_t *forbid_south, uint32_t cols,
                     uint32_t part, uint32_t parts)
{
    s->cols = cols;
    lsrc_start(&s->list[0], m, kind, s->G, north, cols, forbid_north, part, parts ? parts : 1);
    lsrc_start(&s->list[1], m, kind + 1, s->G, south, cols, forbid_south, 0, 1);
    /* The longer list is held where it fits in one chunk: fewer entries
     * stream past larger buckets, and the join's vectors fill (measured:
     * holding the shorter made n = 17 20% slower). Otherwise the shorter,
     * or the one with fewer rows where a list's length is not known. */
    const lsrc *l = s->list;
    if (!l[0].enumerated && !l[1].enumerated) {
        const size_t count[2] = { lsrc_count(&l[0]), lsrc_count(&l[1]) };
        const int longer = count[1] > count[0];
        s->held = count[longer] <= s->hcap ? longer : !longer;
    }
    else if (l[0].enumerated != l[1].enumerated)
        s->held = l[0].enumerated;
    else
        s->held = __builtin_popcount(south) < __builtin_popcount(north);
    s->chunk_ready = s->single_chunk = 0;
    s->chunks = 0;
    s->keep = NULL;
}

void nq_stream_rewind(stream *s)
{
    if (s->chunk_ready && s->single_chunk) {
        /* The held list is one chunk: its buckets stay. */
        lsrc_rewind(&s->list[!s->held]);
        s->rn = s->rpos = 0;
        s->run_done = 0;
        return;
    }
    lsrc_rewind(&s->list[s->held]);
    s->chunk_ready = s->single_chunk = 0;
    s->chunks = 0;
}

/* What an entry of the north (south = 0) or the south list must not share
 * with one of the other (c), and its part of the footprint (f): the
 * diagonals the other half of the board can reach, nd bits per direction.
 * West: A (the "/" diagonals, r + c) low, B ("\" ones, r - c) high; the
 * east half, built mirrored, has the two swapped. */
static inline void role(const geom *G, int east, int south, const qent *q, uint64_t *c,
                        uint64_t *f)
{
    const int s = G->s, nd = G->nd;
    const uint64_t m = (1ull << nd) - 1;
    uint64_t a, b;
    if (south) {
        a = q->a;
        b = ((uint64_t)q->b << s) & m;
        *c = ((a << s) & m) | b << 32;
    } else {
        *c = q->a | (uint64_t)q->b << 32;
        a = q->a >> s;
        b = q->b;
    }
    *f = east ? b | a << nd : a | b << nd;
}

/* The held chunk into bucket order, by the columns each entry uses. */
static void bucket(stream *s, const qent *h, size_t hn)
{
    const size_t buckets = (size_t)1 << s->G->h;
    uint32_t *start = s->start;
    memset(start, 0, (buckets + 1) * sizeof *start);
    for (size_t y = 0; y < hn; y++)
        start[h[y].cols + 1]++;
    for (size_t c = 0; c < buckets; c++)
        start[c + 1] += start[c];
    for (size_t y = 0; y < hn; y++) {
        const uint32_t at = start[h[y].cols]++;
        role(s->G, s->east, s->held, &h[y], &s->hc[at], &s->hf[at]);
    }
    for (size_t c = buckets; c > 0; c--)
        start[c] = start[c - 1];
    start[0] = 0;
}

int nq_stream_next(stream *s, join_fn join, uint64_t *out, size_t cap, size_t *count)
{
    size_t n = 0;
    lsrc *held = &s->list[s->held], *run = &s->list[!s->held];
    for (;;) {
        if (!s->chunk_ready) {
            const qent *h;
            const size_t hn = lsrc_next(held, s->hraw, s->hcap, &h);
            if (!hn)
                break;
            bucket(s, h, hn);
            s->single_chunk = !s->chunks++ && lsrc_done(held);
            s->chunk_ready = 1;
            lsrc_rewind(run);
            s->rn = s->rpos = 0;
            s->run_done = 0;
        }
        if (s->run_done) {
            if (s->single_chunk)
                break;
            s->chunk_ready = 0;
            continue;
        }
        if (s->rpos == s->rn) {
            s->rn = lsrc_next(run, s->rraw, s->rcap, &s->run);
            s->rpos = 0;
            if (!s->rn) {
                s->run_done = 1;
                continue;
            }
        }
        const qent *x = &s->run[s->rpos];
        const uint32_t rest = s->cols & ~x->cols;
        if (s->keep && !s->keep[s->held ? x->cols : rest]) {
            s->rpos++; /* the north columns are held's bucket, or x's own */
            continue;
        }
        const uint32_t y0 = s->start[rest], y1 = s->start[rest + 1];
        if (n + (y1 - y0) > cap) {
            if (!n)
                return NQ_ERR(EINVAL); /* cap below the held chunk: a caller's error */
            break; /* out is full: this entry comes first next time */
        }
        uint64_t xc, xf;
        role(s->G, s->east, !s->held, x, &xc, &xf);
        n += join(xc, xf, s->hc + y0, s->hf + y0, y1 - y0, out + n);
        s->rpos++;
    }
    *count = n;
    return 0;
}
