/* The halves engine's half-boards in bounded blocks: halves_stream.h says
 * how; halves.h says what the method is. */
#include "halves_stream.h"

#include "nqueens.h"

#include <string.h>

/* Marks in memo.at: a list not met yet, and one too large to keep. */
#define UNKNOWN UINT32_MAX
#define TOO_BIG (UINT32_MAX - 1)

/* --------------------------------------------------------------- lists */

/* A list takes at most this share of the memo, so that the four of a row
 * set fit in what nq_memo_make_room leaves. */
#define MEMO_LIST (4 * NQ_MEMO_KINDS)

void nq_memo_carve(memo *m, int h, size_t entries, nq_carve *c)
{
    const size_t n = entries ? entries : 1, keys = (size_t)NQ_MEMO_KINDS << h;
    *m = (memo){ .cap = entries, .bcap = n / 2 + 1 };
    m->cols = nq_carve_take(c, n * sizeof *m->cols);
    m->c = nq_carve_take(c, n * sizeof *m->c);
    m->f = nq_carve_take(c, n * sizeof *m->f);
    m->bcols = nq_carve_take(c, m->bcap * sizeof *m->bcols);
    m->bbeg = nq_carve_take(c, (m->bcap + 1) * sizeof *m->bbeg);
    m->raw = nq_carve_take(c, (entries / MEMO_LIST + 1) * sizeof *m->raw);
    m->tally = nq_carve_take(c, ((size_t)1 << h) * sizeof *m->tally);
    m->at = nq_carve_take(c, keys * sizeof *m->at);
    m->count = nq_carve_take(c, keys * sizeof *m->count);
    m->bat = nq_carve_take(c, keys * sizeof *m->bat);
    m->bcount = nq_carve_take(c, keys * sizeof *m->bcount);
}

void nq_memo_clear(memo *m, int h)
{
    memset(m->at, 0xff, ((size_t)NQ_MEMO_KINDS << h) * sizeof *m->at);
    m->used = m->bused = m->floor = m->bfloor = 0;
}

void nq_memo_pin(memo *m, int on)
{
    m->floor = on ? m->used : 0;
    m->bfloor = on ? m->bused : 0;
}

/* Whether the four lists of a row set fit above `used` and `bused`. */
static int memo_fits(const memo *m, size_t used, size_t bused)
{
    const size_t list = m->cap / MEMO_LIST;
    return m->cap - used >= NQ_MEMO_KINDS * list && m->bcap - bused >= NQ_MEMO_KINDS * list;
}

void nq_memo_make_room(memo *m, int h)
{
    if (memo_fits(m, m->used, m->bused))
        return;
    if (!m->floor || !memo_fits(m, m->floor, m->bfloor)) {
        nq_memo_clear(m, h);
        return;
    }
    /* Back to the pinned lists: those made since are forgotten. */
    const size_t keys = (size_t)NQ_MEMO_KINDS << h;
    for (size_t k = 0; k < keys; k++)
        if (m->at[k] < TOO_BIG && m->at[k] >= m->floor)
            m->at[k] = UNKNOWN;
    m->used = m->floor;
    m->bused = m->bfloor;
}

/* The n entries in m->raw into the pool at m->used, sorted by columns (a
 * counting sort: stable, so the order within a bucket is the
 * enumeration's), and their buckets at m->bused. */
static void memo_sort_in(memo *m, const geom *G, int east, int south, size_t n)
{
    const size_t sets = (size_t)1 << G->h;
    uint32_t *t = m->tally;
    memset(t, 0, sets * sizeof *t);
    for (size_t i = 0; i < n; i++)
        t[m->raw[i].cols]++;
    uint32_t first = (uint32_t)m->used;
    for (size_t c = 0; c < sets; c++) {
        const uint32_t k = t[c];
        if (k) {
            m->bcols[m->bused] = (uint32_t)c;
            m->bbeg[m->bused++] = first;
        }
        t[c] = first;
        first += k;
    }
    for (size_t i = 0; i < n; i++) {
        const uint32_t j = t[m->raw[i].cols]++;
        m->cols[j] = m->raw[i].cols;
        nq_quad_role(G, east, south, &m->raw[i], &m->c[j], &m->f[j]);
    }
    m->bbeg[m->bused] = first; /* the end, for the last bucket: room kept by bcap */
}

/* A list from the memo, or enumerated and sorted into it where it fits (at
 * most MEMO_LIST of it: nq_memo_make_room left that much for each; and at
 * most `most` entries, a held chunk), or else enumerated as it is read. */
static void lsrc_start(lsrc *s, memo *m, int kind, const geom *G, uint32_t rows, uint32_t cols,
                       const uint32_t *forbid, uint32_t part, uint32_t parts, size_t most)
{
    const size_t key = (size_t)kind << G->h | rows;
    nq_qiter_start(&s->it, G, rows, cols, forbid);
    s->m = m;
    s->east = kind >> 1;
    s->south = kind & 1;
    s->pos = s->ord = 0;
    s->enumerated = 0;
    s->stride = parts;
    s->offset = part;
    if (m->at[key] == UNKNOWN) {
        const size_t n = nq_qiter_next(&s->it, m->raw, m->cap / MEMO_LIST < most ? m->cap / MEMO_LIST : most);
        if (s->it.done) {
            m->bat[key] = (uint32_t)m->bused;
            memo_sort_in(m, G, s->east, s->south, n);
            m->bcount[key] = (uint32_t)(m->bused - m->bat[key]);
            m->at[key] = (uint32_t)m->used;
            m->count[key] = (uint32_t)n;
            m->used += n;
        } else {
            m->at[key] = TOO_BIG;
            nq_qiter_start(&s->it, G, rows, cols, forbid);
        }
    }
    if (m->at[key] == TOO_BIG) {
        s->enumerated = 1;
        return;
    }
    s->at = m->at[key];
    s->count = m->count[key];
    s->bat = m->bat[key];
    s->bcount = m->bcount[key];
}

/* The next at most max entries of the list into v: a whole list of the
 * memo's as it is there, with its buckets (max is not asked of it: the
 * memo's lists are at most a held chunk, and a block); a part of one (stride > 1) in
 * column order in the stream's scratch; an enumeration's entries made into
 * the join's form there. */
static void lsrc_next(lsrc *s, stream *st, size_t max, lview *v)
{
    *v = (lview){ .cols = st->tcols, .c = st->tc, .f = st->tf, .sorted = !s->enumerated };
    if (!s->enumerated && s->stride == 1) {
        if (s->pos < s->count) {
            const memo *m = s->m;
            *v = (lview){ m->cols + s->at, m->c + s->at, m->f + s->at, s->count, 1,
                          m->bcols + s->bat, m->bbeg + s->bat, s->bcount };
            s->pos = s->count;
        }
        return;
    }
    if (!s->enumerated) {
        for (; v->n < max && s->pos < s->count; s->pos++)
            if (s->pos % s->stride == s->offset) {
                const size_t at = s->at + s->pos;
                st->tcols[v->n] = s->m->cols[at];
                st->tc[v->n] = s->m->c[at];
                st->tf[v->n++] = s->m->f[at];
            }
        return;
    }
    while (v->n < max) {
        /* A part keeps one entry in `stride`: many rounds to a chunk. */
        if (nq_stop_seen(st->stop)) {
            st->stopped = 1;
            break;
        }
        const size_t got = nq_qiter_next(&s->it, st->raw, max - v->n);
        if (!got)
            break;
        for (size_t y = 0; y < got; y++, s->ord++)
            if (s->ord % s->stride == s->offset) {
                st->tcols[v->n] = st->raw[y].cols;
                nq_quad_role(st->G, s->east, s->south, &st->raw[y], &st->tc[v->n], &st->tf[v->n]);
                v->n++;
            }
    }
}

static int lsrc_done(const lsrc *s)
{
    return s->enumerated ? s->it.done : s->pos == s->count;
}

static void lsrc_rewind(lsrc *s)
{
    if (s->enumerated)
        nq_qiter_start(&s->it, s->it.G, s->it.rows, s->it.cols, s->it.forbid);
    s->pos = s->ord = 0;
}

/* Entries a memo's list gives its part. */
static size_t lsrc_count(const lsrc *s)
{
    return s->count > s->offset ? (s->count - s->offset + s->stride - 1) / s->stride : 0;
}

/* ------------------------------------------------------------- streams */

/* Entries of a streamed chunk of an enumeration or a part. */
#define RUN_CHUNK 4096

void nq_stream_carve(stream *s, const geom *G, int east, size_t held, nq_carve *c)
{
    /* A bucket of either chunk fits in a block (the caller's cap >= held). */
    const size_t rcap = held < RUN_CHUNK ? held : RUN_CHUNK, sets = (size_t)1 << G->h;
    *s = (stream){ .G = G, .east = east, .hcap = held, .rcap = rcap };
    s->raw = nq_carve_take(c, held * sizeof *s->raw);
    s->tcols = nq_carve_take(c, held * sizeof *s->tcols);
    s->tc = nq_carve_take(c, held * sizeof *s->tc);
    s->tf = nq_carve_take(c, held * sizeof *s->tf);
    s->hc = nq_carve_take(c, held * sizeof *s->hc);
    s->hf = nq_carve_take(c, held * sizeof *s->hf);
    s->hbc = nq_carve_take(c, held * sizeof *s->hbc);
    s->hbb = nq_carve_take(c, (held + 1) * sizeof *s->hbb);
    s->rc = nq_carve_take(c, rcap * sizeof *s->rc);
    s->rf = nq_carve_take(c, rcap * sizeof *s->rf);
    s->rbc = nq_carve_take(c, rcap * sizeof *s->rbc);
    s->rbb = nq_carve_take(c, (rcap + 1) * sizeof *s->rbb);
    s->rat = nq_carve_take(c, sets * sizeof *s->rat); /* zero: the block is */
    s->hbeg = nq_carve_take(c, sets * sizeof *s->hbeg);
    s->hend = nq_carve_take(c, sets * sizeof *s->hend);
    s->hstamp = nq_carve_take(c, sets * sizeof *s->hstamp); /* zero */
}

void nq_stream_begin(stream *s, memo *m, int kind, uint32_t north, uint32_t south,
                     const uint32_t *forbid_north, const uint32_t *forbid_south, uint32_t cols,
                     uint32_t part, uint32_t parts)
{
    s->cols = cols;
    lsrc_start(&s->list[0], m, kind, s->G, north, cols, forbid_north, part, parts ? parts : 1,
               s->hcap);
    lsrc_start(&s->list[1], m, kind + 1, s->G, south, cols, forbid_south, 0, 1, s->hcap);
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
    s->live = NULL;
    s->stop = NULL;
    s->stopped = 0;
}

/* The streamed list from its start, against the held chunk there is. */
static void run_restart(stream *s)
{
    lsrc_rewind(&s->list[!s->held]);
    s->run_ready = s->run_done = 0;
}

void nq_stream_rewind(stream *s)
{
    if (s->chunk_ready && s->single_chunk) {
        run_restart(s); /* the held list is one chunk: its buckets stay */
        return;
    }
    lsrc_rewind(&s->list[s->held]);
    s->chunk_ready = s->single_chunk = 0;
    s->chunks = 0;
}

/* The chunk v in buckets into b: the memo's as they are; in column order,
 * its runs of one column set; else the column sets in the order they
 * first appear, the entries copied into c and f (the columns' scratch is
 * left zero). */
static void buckets_of(stream *s, const lview *v, uint64_t *c, uint64_t *f, uint32_t *bc,
                       uint32_t *bb, lbuckets *b)
{
    if (v->bcols) {
        *b = (lbuckets){ v->c, v->f, v->bcols, v->bbeg, v->nb, v->bbeg[0] };
        return;
    }
    size_t nb = 0;
    if (v->sorted) {
        for (size_t i = 0; i < v->n; i++)
            if (!i || v->cols[i] != v->cols[i - 1]) {
                bc[nb] = v->cols[i];
                bb[nb++] = (uint32_t)i;
            }
        bb[nb] = (uint32_t)v->n;
        memcpy(c, v->c, v->n * sizeof *c); /* out of the scratch, which the other list reuses */
        memcpy(f, v->f, v->n * sizeof *f);
    } else {
        uint32_t *at = s->rat;
        for (size_t i = 0; i < v->n; i++)
            if (!at[v->cols[i]]++)
                bc[nb++] = v->cols[i];
        uint32_t first = 0;
        for (size_t k = 0; k < nb; k++) {
            const uint32_t count = at[bc[k]];
            bb[k] = first;
            at[bc[k]] = first;
            first += count;
        }
        bb[nb] = first;
        for (size_t i = 0; i < v->n; i++) {
            const uint32_t j = at[v->cols[i]]++;
            c[j] = v->c[i];
            f[j] = v->f[i];
        }
        for (size_t k = 0; k < nb; k++)
            at[bc[k]] = 0;
    }
    *b = (lbuckets){ c, f, bc, bb, nb, 0 };
}

/* The held chunk's buckets by column set: stamped, so that a chunk costs
 * its buckets, not the 2^h column sets. */
static void map_held(stream *s)
{
    if (!++s->stamp) { /* wrapped: the old stamps could match */
        memset(s->hstamp, 0, ((size_t)1 << s->G->h) * sizeof *s->hstamp);
        s->stamp = 1;
    }
    const lbuckets *b = &s->hb;
    for (size_t k = 0; k < b->n; k++) {
        const uint32_t c = b->cols[k];
        s->hbeg[c] = b->beg[k] - b->base;
        s->hend[c] = b->beg[k + 1] - b->base;
        s->hstamp[c] = s->stamp;
    }
}

/* The held chunk's live entries and their buckets, once a chunk, into
 * its own arrays (where it was copied: in place, each entry and bucket
 * written at or before where it was read). */
static void live_held(stream *s)
{
    const lbuckets b = s->hb;
    size_t k = 0, nb = 0;
    for (size_t j = 0; j < b.n; j++) {
        const size_t from = b.beg[j] - b.base, to = b.beg[j + 1] - b.base, first = k;
        k += nq_live_compact(s->live + s->held, b.c + from, b.f + from, to - from, s->hc + k, s->hf + k);
        if (k > first) {
            s->hbc[nb] = b.cols[j];
            s->hbb[nb++] = (uint32_t)first;
        }
    }
    s->hbb[nb] = (uint32_t)k;
    s->hb = (lbuckets){ s->hc, s->hf, s->hbc, s->hbb, nb, 0 };
}

/* join, for the runs of the short side's entries that live keeps. */
static size_t join_live(const nq_live *live, join_fn join, const uint64_t *sc, const uint64_t *sf,
                        size_t ns, const uint64_t *lc, const uint64_t *lf, size_t nl,
                        uint64_t *out)
{
    uint8_t keep[256];
    size_t n = 0;
    for (size_t at = 0; at < ns; at += 256) {
        const size_t m = ns - at < 256 ? ns - at : 256;
        nq_live_flags(live, sf + at, m, keep);
        for (size_t i = 0; i < m;) {
            while (i < m && !keep[i])
                i++;
            const size_t from = i;
            while (i < m && keep[i])
                i++;
            if (i > from)
                n += join(sc + at + from, sf + at + from, i - from, lc, lf, nl, out + n);
        }
    }
    return n;
}

/* Bucket rbi of the streamed chunk against the held bucket of the other
 * columns, as much as fits in out (after *n): the larger of the two is the
 * one joined whole. 0, or 1 when out is full, or NQ_ERR(EINVAL). */
static int join_bucket(stream *s, join_fn join, uint64_t *out, size_t cap, size_t *n)
{
    const lbuckets *r = &s->rb;
    const uint32_t cx = r->cols[s->rbi], rest = s->cols & ~cx;
    if (s->hstamp[rest] != s->stamp || (s->keep && !s->keep[s->held ? cx : rest])) {
        s->rbi++; /* no partner, or left out: the north columns are cx or rest */
        s->ri = 0;
        return 0;
    }
    const uint32_t x0 = r->beg[s->rbi] - r->base, x1 = r->beg[s->rbi + 1] - r->base;
    const uint32_t y0 = s->hbeg[rest], y1 = s->hend[rest];
    const int x_whole = x1 - x0 > y1 - y0;
    const uint64_t *lc = x_whole ? r->c + x0 : s->hb.c + y0;
    const uint64_t *lf = x_whole ? r->f + x0 : s->hb.f + y0;
    const uint64_t *sc = x_whole ? s->hb.c + y0 : r->c + x0;
    const uint64_t *sf = x_whole ? s->hb.f + y0 : r->f + x0;
    size_t nl = x_whole ? x1 - x0 : y1 - y0;
    const size_t ns = x_whole ? y1 - y0 : x1 - x0;
    if (s->live && x_whole) { /* the streamed bucket's live entries, into the scratch (the
                               * chunks were bucketed out of it); the held chunk's are all
                               * live (live_held) */
        nl = nq_live_compact(s->live + !s->held, lc, lf, nl, s->tc, s->tf);
        lc = s->tc;
        lf = s->tf;
        if (!nl) {
            s->rbi++;
            s->ri = 0;
            return 0;
        }
    }
    size_t fit = (cap - *n) / nl;
    if (!fit) {
        if (!*n)
            return NQ_ERR(EINVAL); /* cap below a bucket: a caller's error */
        s->full = 1;
        return 1;
    }
    if (fit > ns - s->ri)
        fit = ns - s->ri;
    *n += s->live && !x_whole
              ? join_live(s->live + !s->held, join, sc + s->ri, sf + s->ri, fit, lc, lf, nl, out + *n)
              : join(sc + s->ri, sf + s->ri, fit, lc, lf, nl, out + *n);
    s->ri += fit;
    if (s->ri == ns) {
        s->rbi++;
        s->ri = 0;
    }
    return 0;
}

int nq_stream_next(stream *s, join_fn join, uint64_t *out, size_t cap, size_t *count)
{
    size_t n = 0;
    lsrc *held = &s->list[s->held], *run = &s->list[!s->held];
    s->full = 0;
    lview v;
    for (;;) {
        if (!s->chunk_ready) {
            if (nq_stop_seen(s->stop))
                return NQ_ERR(EINTR);
            lsrc_next(held, s, s->hcap, &v);
            if (s->stopped)
                return NQ_ERR(EINTR);
            if (!v.n)
                break;
            buckets_of(s, &v, s->hc, s->hf, s->hbc, s->hbb, &s->hb);
            if (s->live)
                live_held(s);
            map_held(s);
            s->single_chunk = !s->chunks++ && lsrc_done(held);
            s->chunk_ready = 1;
            run_restart(s);
        }
        if (s->run_done) {
            if (s->single_chunk)
                break;
            s->chunk_ready = 0;
            continue;
        }
        if (!s->run_ready || s->rbi == s->rb.n) {
            if (nq_stop_seen(s->stop))
                return NQ_ERR(EINTR);
            lsrc_next(run, s, s->rcap, &v);
            if (s->stopped)
                return NQ_ERR(EINTR);
            if (!v.n) {
                s->run_done = 1;
                continue;
            }
            buckets_of(s, &v, s->rc, s->rf, s->rbc, s->rbb, &s->rb);
            s->rbi = s->ri = 0;
            s->run_ready = 1;
        }
        const int err = join_bucket(s, join, out, cap, &n);
        if (err < 0)
            return err;
        if (err)
            break; /* out is full: this bucket goes on next time */
    }
    *count = n;
    return 0;
}
