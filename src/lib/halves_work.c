/* The halves engine's half-boards: per-thread workspace, the quadrant
 * placements, their join into west and east half-boards, and a piece's
 * count (the pairs matched by halves_match.c). halves.h says what the
 * method is. */
#include "halves.h"
#include "halves_geom.h"
#include "halves_match_priv.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- workspace */

/* Writes xf | yf[y] for each y whose yc shares nothing with xc; returns
 * how many it wrote. */
typedef size_t (*join_fn)(uint64_t xc, uint64_t xf, const uint64_t *yc, const uint64_t *yf,
                          size_t count, uint64_t *out);

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
/* Eight south entries a step, the survivors stored with VPCOMPRESSQ. */
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
        _mm512_mask_compressstoreu_epi64(out + n, keep, _mm512_or_si512(vf, f));
        n += (size_t)__builtin_popcount(keep);
    }
    return n;
}
#endif

typedef struct qent {
    uint32_t cols, a, b; /* columns used; diagonals i+j and i-j+h-1 */
} qent;

typedef struct buf {
    void *p;
    size_t cap;
} buf;

/* One side (west or east) of the current middle configuration: the
 * columns' forbidden squares per quadrant row, the north list of the
 * current piece, and every south list met so far (by row set). */
typedef struct side {
    uint32_t forbid_north[32], forbid_south[32];
    buf north;
    size_t north_count;
    buf south;         /* the lists, one after another */
    size_t south_used; /* entries */
    uint32_t *south_at, *south_count; /* per row set; UINT32_MAX: not yet made */
} side;

struct nq_halves_work {
    geom G;
    int middle_col, middle_row; /* the configuration the sides are for */
    int have_config;
    uint32_t piece_north;       /* the piece the north lists are for */
    int have_piece;
    side sides[2];              /* west, east */
    buf bucket, west, east;
    nq_match *match;
    join_fn join;
};

static int reserve(buf *b, size_t bytes)
{
    return nq_match_reserve(&b->p, &b->cap, bytes) ? NQ_ERR(ENOMEM) : 0;
}

/* Doubles b, keeping what it holds. 0 or -1. */
static int grow_keep(buf *b)
{
    const size_t cap = b->cap ? 2 * b->cap : 1 << 16;
    void *p = realloc(b->p, cap);
    if (!p)
        return -1;
    b->p = p;
    b->cap = cap;
    return 0;
}

int nq_halves_work_create(nq_halves_work **out, int n, nq_simd level)
{
    *out = NULL;
    nq_halves_work *w = calloc(1, sizeof *w);
    if (!w)
        return NQ_ERR(ENOMEM);
    w->G = geom_of(n);
    const size_t sets = (size_t)1 << w->G.h;
    int err = nq_match_create(&w->match, level);
    w->join = join_plain;
#if defined(__x86_64__) && defined(__GNUC__)
    if (level == NQ_SIMD_AVX512)
        w->join = join_avx512;
#endif
    for (int k = 0; k < 2 && !err; k++) {
        w->sides[k].south_at = malloc(sets * sizeof(uint32_t));
        w->sides[k].south_count = malloc(sets * sizeof(uint32_t));
        if (!w->sides[k].south_at || !w->sides[k].south_count)
            err = NQ_ERR(ENOMEM);
    }
    if (err) {
        nq_halves_work_destroy(w);
        return err;
    }
    *out = w;
    return 0;
}

void nq_halves_work_destroy(nq_halves_work *w)
{
    if (!w)
        return;
    for (int k = 0; k < 2; k++) {
        free(w->sides[k].north.p);
        free(w->sides[k].south.p);
        free(w->sides[k].south_at);
        free(w->sides[k].south_count);
    }
    free(w->bucket.p);
    free(w->west.p);
    free(w->east.p);
    nq_match_destroy(w->match);
    free(w);
}

size_t nq_halves_work_bytes(const nq_halves_work *w)
{
    size_t bytes = sizeof *w + w->bucket.cap + w->west.cap + w->east.cap + nq_match_bytes(w->match);
    for (int k = 0; k < 2; k++)
        bytes += w->sides[k].north.cap + w->sides[k].south.cap +
                 2 * ((size_t)1 << w->G.h) * sizeof(uint32_t);
    return bytes;
}

/* --------------------------------------------------------- half-boards */

/* Columns that row i (local) of a quadrant may not use because of the
 * middle queens' diagonals. `top` is the quadrant's first absolute row; the
 * middle queens are given in the quadrant's own column order. */
static void middle_diagonals(const geom *G, int top, const int (*middle)[2], int middles,
                             uint32_t *forbid)
{
    for (int i = 0; i < G->h; i++) {
        forbid[i] = 0;
        const int r = top + i;
        for (int q = 0; q < middles; q++) {
            const int j1 = middle[q][0] + middle[q][1] - r, j2 = r - middle[q][0] + middle[q][1];
            if (j1 >= 0 && j1 < G->h)
                forbid[i] |= 1u << j1;
            if (j2 >= 0 && j2 < G->h)
                forbid[i] |= 1u << j2;
        }
    }
}

/* Every placement of one queen in each row of `rows` of an h x h quadrant,
 * in distinct columns of `cols`, no two on a diagonal, none on a column of
 * forbid[row]. Written to b (grown as needed); the count to *count. */
static int quadrant(const geom *G, uint32_t rows, uint32_t cols, const uint32_t *forbid, buf *b,
                    size_t *count)
{
    const int h = G->h;
    int row[32], k = 0;
    for (int i = 0; i < h; i++)
        if (rows >> i & 1)
            row[k++] = i;
    if (!b->cap && grow_keep(b))
        return NQ_ERR(ENOMEM);
    if (!k) {
        if ((*count + 1) * sizeof(qent) > b->cap && grow_keep(b))
            return NQ_ERR(ENOMEM);
        ((qent *)b->p)[(*count)++] = (qent){ 0, 0, 0 };
        return 0;
    }
    /* Iterative search; ld and rd hold the columns the queens above attack
     * on each diagonal at the current row. */
    uint32_t avail[32], used[33], ld[33], rd[33], a[33], bb[33];
    used[0] = ld[0] = rd[0] = a[0] = bb[0] = 0;
    int t = 0;
    avail[0] = cols & ~forbid[row[0]];
    for (;;) {
        if (!avail[t]) {
            if (!t--)
                break;
            continue;
        }
        const uint32_t bit = avail[t] & -avail[t];
        avail[t] ^= bit;
        const int i = row[t], j = __builtin_ctz(bit);
        used[t + 1] = used[t] | bit;
        a[t + 1] = a[t] | 1u << (i + j);
        bb[t + 1] = bb[t] | 1u << (i - j + h - 1);
        if (t + 1 == k) {
            if ((*count + 1) * sizeof(qent) > b->cap && grow_keep(b))
                return NQ_ERR(ENOMEM);
            ((qent *)b->p)[(*count)++] = (qent){ used[t + 1], a[t + 1], bb[t + 1] };
            continue;
        }
        const int step = row[t + 1] - i;
        ld[t + 1] = (ld[t] | bit) >> step;
        rd[t + 1] = ((rd[t] | bit) << step) & G->quad;
        t++;
        avail[t] = cols & ~used[t] & ~ld[t] & ~rd[t] & ~forbid[row[t]];
    }
    return 0;
}

/* A half-board's footprint from its north and south placements: the
 * diagonals that the other half can also reach, nd bits per direction.
 * West: A (the "/" diagonals, r + c) low, B ("\" ones, r - c) high; the
 * east half, built mirrored, has the two swapped. */
static int join(const geom *G, const qent *north, size_t nn, const qent *south, size_t ns,
                uint32_t cols, int east, join_fn rows, buf *bucket_buf, buf *out, size_t *count)
{
    const int h = G->h, s = G->s, nd = G->nd;
    const uint64_t m = nd >= 64 ? ~0ull : (1ull << nd) - 1;
    const size_t buckets = (size_t)1 << h;
    *count = 0;
    if (reserve(bucket_buf, (buckets + 1) * sizeof(uint32_t)))
        return NQ_ERR(ENOMEM);
    uint32_t *start = bucket_buf->p;
    memset(start, 0, (buckets + 1) * sizeof *start);
    for (size_t y = 0; y < ns; y++)
        start[south[y].cols + 1]++;
    for (size_t c = 0; c < buckets; c++)
        start[c + 1] += start[c];
    /* South entries are visited in bucket order through a sorted copy. */
    size_t pairs = 0;
    for (size_t x = 0; x < nn; x++) {
        const uint32_t rest = cols & ~north[x].cols;
        pairs += start[rest + 1] - start[rest];
    }
    if (reserve(out, (pairs + 1 + 2 * ns) * sizeof(uint64_t)))
        return NQ_ERR(ENOMEM);
    /* South entries in bucket order, each as the diagonals a north one must
     * not share (yc) and its part of the footprint (yf). */
    uint64_t *fp = out->p, *yc = fp + pairs + 1, *yf = yc + ns;
    for (size_t y = 0; y < ns; y++) {
        const uint64_t as = south[y].a, bs = ((uint64_t)south[y].b << s) & m;
        const uint32_t at = start[south[y].cols]++;
        yc[at] = ((as << s) & m) | bs << 32;
        yf[at] = east ? bs | as << nd : as | bs << nd;
    }
    for (size_t c = buckets; c > 0; c--)
        start[c] = start[c - 1];
    start[0] = 0;
    size_t n = 0;
    for (size_t x = 0; x < nn; x++) {
        const uint32_t rest = cols & ~north[x].cols;
        const uint64_t an = north[x].a, bn = north[x].b;
        const uint64_t xa = an >> s, xb = bn;
        const uint32_t y0 = start[rest], y1 = start[rest + 1];
        n += rows(an | bn << 32, east ? xb | xa << nd : xa | xb << nd, yc + y0, yf + y0, y1 - y0,
                  fp + n);
    }
    *count = n;
    return 0;
}

/* Readies the sides for a piece: the forbidden squares and an empty south
 * memo when its middle configuration changes, the north lists when its
 * north rows do. */
static int ready(nq_halves_work *w, const nq_halves_piece *piece, const frame *f)
{
    const geom *G = &w->G;
    if (!w->have_config || w->middle_col != piece->middle_col ||
        w->middle_row != piece->middle_row) {
        int mid[2][2][2], middles = 0;
        if (G->g) {
            /* (row, column) of the middle queens; the east side sees them mirrored. */
            mid[0][0][0] = G->h;
            mid[0][0][1] = piece->middle_col;
            mid[0][1][0] = piece->middle_row;
            mid[0][1][1] = G->h;
            middles = piece->middle_col != G->h ? 2 : 1;
            for (int q = 0; q < 2; q++) {
                mid[1][q][0] = mid[0][q][0];
                mid[1][q][1] = G->n - 1 - mid[0][q][1];
            }
        }
        for (int k = 0; k < 2; k++) {
            side *sd = &w->sides[k];
            middle_diagonals(G, 0, (const int(*)[2])mid[k], middles, sd->forbid_north);
            middle_diagonals(G, G->s, (const int(*)[2])mid[k], middles, sd->forbid_south);
            memset(sd->south_at, 0xff, ((size_t)1 << G->h) * sizeof(uint32_t));
            sd->south_used = 0;
        }
        w->middle_col = piece->middle_col;
        w->middle_row = piece->middle_row;
        w->have_config = 1;
        w->have_piece = 0;
    }
    if (!w->have_piece || w->piece_north != piece->north) {
        const uint32_t rows[2] = { piece->north, f->north & ~piece->north };
        const uint32_t cols[2] = { f->west, f->east };
        for (int k = 0; k < 2; k++) {
            side *sd = &w->sides[k];
            sd->north_count = 0;
            const int err = quadrant(G, rows[k], cols[k], sd->forbid_north, &sd->north,
                                     &sd->north_count);
            if (err)
                return err;
        }
        w->piece_north = piece->north;
        w->have_piece = 1;
    }
    return 0;
}

/* South lists kept per side at most: beyond, the memo starts afresh (from
 * n = 22 on the lists of one configuration no longer fit). */
#define SOUTH_MEMO_BYTES ((size_t)64 << 20)

/* The south list of side k for row set rows, made once per configuration. */
static int south_list(nq_halves_work *w, int k, uint32_t rows, uint32_t cols)
{
    side *sd = &w->sides[k];
    if (sd->south_at[rows] != UINT32_MAX)
        return 0;
    if (sd->south_used * sizeof(qent) > SOUTH_MEMO_BYTES) {
        memset(sd->south_at, 0xff, ((size_t)1 << w->G.h) * sizeof(uint32_t));
        sd->south_used = 0;
    }
    const size_t at = sd->south_used;
    const int err = quadrant(&w->G, rows, cols, sd->forbid_south, &sd->south, &sd->south_used);
    if (err)
        return err;
    if (sd->south_used > UINT32_MAX - 1)
        return NQ_ERR(ENOMEM);
    sd->south_at[rows] = (uint32_t)at;
    sd->south_count[rows] = (uint32_t)(sd->south_used - at);
    return 0;
}

/* The west and east half-boards of R = (piece->north, south). */
static int halves(nq_halves_work *w, const nq_halves_piece *piece, const frame *f, uint32_t south,
                  size_t *nw, size_t *ne)
{
    const uint32_t rows[2] = { south, f->south & ~south }, cols[2] = { f->west, f->east };
    buf *out[2] = { &w->west, &w->east };
    size_t *count[2] = { nw, ne };
    int err = ready(w, piece, f);
    for (int k = 0; k < 2 && !err; k++)
        err = south_list(w, k, rows[k], cols[k]);
    for (int k = 0; k < 2 && !err; k++) {
        const side *sd = &w->sides[k];
        const qent *list = (const qent *)sd->south.p + sd->south_at[rows[k]];
        err = join(&w->G, sd->north.p, sd->north_count, list, sd->south_count[rows[k]], cols[k], k,
                   w->join, &w->bucket, out[k], count[k]);
    }
    return err;
}

int nq_halves_halves(nq_halves_work *w, const nq_halves_piece *piece, uint32_t south,
                   const uint64_t **west, size_t *nw, const uint64_t **east, size_t *ne)
{
    frame f;
    if (nq_halves_frame(&w->G, piece->middle_col, piece->middle_row, &f))
        return NQ_ERR(EINVAL);
    const int err = halves(w, piece, &f, south, nw, ne);
    *west = w->west.p;
    *east = w->east.p;
    return err;
}

int nq_halves_count_piece(nq_halves_work *w, const nq_halves_piece *piece, const volatile int *stop,
                        nq_u128 *total)
{
    const geom *G = &w->G;
    *total = 0;
    if (G->n == 1) {
        *total = 1;
        return 0;
    }
    frame f;
    if (nq_halves_frame(G, piece->middle_col, piece->middle_row, &f))
        return NQ_ERR(EINVAL);
    const int south_queens = f.west_queens - __builtin_popcount(piece->north);
    if (south_queens < 0)
        return 0;
    const int by_rows = !G->g || piece->middle_col == G->h;
    nq_u128 sum = 0;
    /* Every set of free south rows of the right size (all subsets of
     * f.south, in increasing order). */
    uint32_t south = 0;
    do {
        if (__builtin_popcount(south) == south_queens &&
            (piece->south == NQ_HALVES_ANY || piece->south == south)) {
            const int weight = by_rows ? nq_halves_rows_weight(G, &f, piece->north, south)
                                       : piece->weight;
            if (stop && __atomic_load_n(stop, __ATOMIC_RELAXED))
                return NQ_ERR(EINTR);
            if (weight) {
                size_t nw, ne;
                uint64_t pairs;
                int err = halves(w, piece, &f, south, &nw, &ne);
                w->match->stop = stop;
                if (!err)
                    err = nq_match_count(w->match, w->west.p, nw, w->east.p, ne, 2 * G->nd,
                                         &pairs);
                if (err)
                    return err;
                sum += (nq_u128)pairs * (unsigned)weight;
            }
        }
        south = (south - f.south) & f.south;
    } while (south);
    *total = sum;
    return 0;
}
