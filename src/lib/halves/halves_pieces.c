/* The halves engine's pieces: the middle configurations and north row
 * sets a count of n is split into, their symmetry weights and estimates.
 * halves.h says what the method is. */
#include "halves_pieces.h"
#include "halves_geom.h"
#include "halves_walk.h"
#include "run/plan.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>

/* ------------------------------------------------------------- pieces */

/* 1 if the piece's rows can hold its west queens at all. */
static int piece_fits(const frame *f, uint32_t north)
{
    const int in_north = __builtin_popcount(north);
    return in_north <= f->west_queens && f->west_queens - in_north <= __builtin_popcount(f->south);
}

/* Room for one piece more. */
static int room(nq_halves_piece **pieces, size_t size, size_t *cap)
{
    if (size < *cap)
        return 0;
    const size_t more = *cap ? 2 * *cap : 1024;
    nq_halves_piece *grown = realloc(*pieces, more * sizeof *grown);
    if (!grown)
        return NQ_ERR(ENOMEM);
    *pieces = grown;
    *cap = more;
    return 0;
}

/* A piece of `first` for each north row set that fits the frame. */
static int add_norths(const geom *G, const frame *f, const nq_halves_piece *first,
                      nq_halves_piece **pieces, size_t *size, size_t *cap)
{
    for (uint32_t north = 0; north <= G->quad; north++) {
        if ((north & ~f->north) || !piece_fits(f, north))
            continue;
        if (room(pieces, *size, cap))
            return NQ_ERR(ENOMEM);
        (*pieces)[*size] = *first;
        (*pieces)[(*size)++].north = north;
        if (north == G->quad)
            break;
    }
    return 0;
}

static double binomial(int a, int b);

/* The r-th k-bit number in increasing order (the combinatorial number
 * system), spread onto the rows of `rows`. */
static uint32_t nth_subset(uint32_t rows, int k, double r)
{
    uint32_t y = 0;
    for (int i = k; i >= 1; i--) {
        int c = i - 1;
        while (binomial(c + 1, i) <= r)
            c++;
        y |= 1u << c;
        r -= binomial(c, i);
    }
    uint32_t out = 0;
    for (int i = 0; rows; rows &= rows - 1, i++)
        out |= (y >> i & 1) ? rows & -rows : 0;
    return out;
}

/* The band has far more configurations than odd n (33,350 at n = 28), each with fewer
 * half-boards: a piece of `first` for each run of up to `group` north row
 * sets of one size in the walk's order (halves_walk.h: increasing). */
static int add_groups(const frame *f, const nq_halves_piece *first, int group,
                      nq_halves_piece **pieces, size_t *size, size_t *cap)
{
    const int m = __builtin_popcount(f->north);
    for (int k = 0; k <= m; k++) {
        const double sets = binomial(m, k);
        if (!piece_fits(f, nth_subset(f->north, k, 0)))
            continue;
        for (double r = 0; r < sets; r += group) {
            if (room(pieces, *size, cap))
                return NQ_ERR(ENOMEM);
            nq_halves_piece *p = &(*pieces)[(*size)++];
            *p = *first;
            p->north = nth_subset(f->north, k, r);
            const int taken = (int)fmin(group, sets - r);
            p->norths = (uint16_t)(taken > 1 ? taken : 0);
        }
    }
    return 0;
}

static int whole_pieces(int n, nq_halves_piece **out, size_t *count)
{
    const geom G = geom_of(n);
    *out = NULL;
    *count = 0;
    size_t cap = 0, size = 0;
    nq_halves_piece *pieces = NULL;
    for (long k = 0; k < nq_halves_configs(&G); k++) {
        const nq_halves_piece config = nq_halves_config_at(&G, k);
        const int weight = G.g ? nq_halves_config_weight(&G, &config) : 1;
        frame f;
        if (!weight || nq_halves_frame(&G, &config, &f))
            continue;
        /* The row symmetries are used inside the piece (per R) where they
         * leave the configuration alone: even n and the centre queen. */
        const int by_rows = nq_halves_by_rows(&G, &config);
        nq_halves_piece first = config;
        first.weight = (uint8_t)(by_rows ? 0 : weight);
        first.south = NQ_HALVES_ANY;
        /* 64 north sets a piece at n = 26 and 28 (4 million pieces), 4 times as
         * many for each two sizes more, so that the plan stays as large. */
        const int group = 64 << (n > 28 ? n - 28 : 0);
        const int err = G.g == 2 ? add_groups(&f, &first, group, &pieces, &size, &cap)
                                 : add_norths(&G, &f, &first, &pieces, &size, &cap);
        if (err) {
            free(pieces);
            return err;
        }
    }
    *out = pieces;
    *count = size;
    return 0;
}

static double binomial(int a, int b)
{
    double r = 1;
    for (int i = 1; i <= b; i++)
        r = r * (a - b + i) / i;
    return r;
}

/* The south row sets of a whole piece that count (a weight for R), in
 * increasing order, into souths (NULL: only counted). */
static size_t piece_souths(const geom *G, const nq_halves_piece *p, uint32_t *souths)
{
    frame f;
    if (nq_halves_frame(G, p, &f))
        return 0;
    const int want = f.west_queens - __builtin_popcount(p->north);
    const int by_rows = nq_halves_by_rows(G, p), m = __builtin_popcount(f.south);
    if (want < 0 || want > m)
        return 0;
    if (!by_rows && !souths) /* every one counts (exact: at most C(16, 8)) */
        return (size_t)binomial(m, want);
    /* The m-bit numbers with `want` bits in increasing order, spread onto
     * the free rows: the order of the subsets of f.south (the plan was slow
     * when it tried every subset). */
    int at[32], free_rows = 0;
    for (int i = 0; i < G->h; i++)
        if (f.south >> i & 1)
            at[free_rows++] = i;
    size_t k = 0;
    for (uint32_t x = (1u << want) - 1; x < 1u << m;) {
        uint32_t south = 0;
        for (uint32_t y = x; y; y &= y - 1)
            south |= 1u << at[__builtin_ctz(y)];
        if (!by_rows || nq_halves_rows_weight(G, &f, p->north, south)) {
            if (souths)
                souths[k] = south;
            k++;
        }
        if (!x)
            break;
        x = (uint32_t)nq_next_same_bits(x);
    }
    return k;
}

size_t nq_halves_pieces_most(int n)
{
    /* From n = 25 a row set alone takes minutes of one core: 4 times as
     * many pieces (about 400 MiB of plan and results). */
    return n >= 25 ? (size_t)1 << 22 : n >= 23 ? (size_t)1 << 20 : 0;
}

#define DROPPED SIZE_MAX

/* The pieces split by south row sets only. */
static int rows_pieces(int n, size_t most, const volatile int *stop, nq_halves_piece **out,
                       size_t *count)
{
    nq_halves_piece *whole;
    size_t size;
    int err = whole_pieces(n, &whole, &size);
    if (err || size >= most) {
        *out = whole;
        *count = size;
        return err;
    }
    /* The largest pieces split into one per south row set, largest first,
     * while the plan stays within `most`: a stop or a kill loses less, and
     * the queue's last pieces are short. */
    const geom G = geom_of(n);
    double *estimate = calloc(size, sizeof *estimate);
    size_t *rank = malloc(size * sizeof *rank), *parts = calloc(size, sizeof *parts);
    uint32_t *souths = malloc(((size_t)1 << G.h) * sizeof *souths);
    err = estimate && rank && parts && souths ? 0 : NQ_ERR(ENOMEM);
    for (size_t i = 0; !err && i < size; i++) {
        if (!(i & 0xffff) && nq_stop_seen(stop)) {
            err = NQ_ERR(EINTR);
            break;
        }
        estimate[i] = nq_halves_estimate(n, &whole[i]);
    }
    if (!err)
        err = nq_order_by_weight(estimate, size, stop, rank);
    if (err) {
        free(estimate), free(rank), free(parts), free(souths), free(whole);
        return err;
    }
    /* A piece with one south row set that counts becomes that R (its
     * estimate is then exact), one with none is left out (it counts 0). */
    size_t total = size;
    for (size_t r = 0; r < size; r++) {
        if (nq_stop_seen(stop)) {
            free(estimate), free(rank), free(parts), free(souths), free(whole);
            return NQ_ERR(EINTR);
        }
        const size_t k = piece_souths(&G, &whole[rank[r]], NULL);
        if (k >= 2 && total + k - 1 > most)
            break; /* the rest stay whole (at n = 32 their row sets took seconds) */
        parts[rank[r]] = k ? k : DROPPED;
        total += k - 1;
    }
    nq_halves_piece *pieces = malloc(total * sizeof *pieces);
    if (pieces) {
        size_t at = 0;
        for (size_t i = 0; i < size; i++) {
            if (nq_stop_seen(stop)) { /* a whole piece's row sets at a time */
                free(pieces);
                pieces = NULL;
                err = NQ_ERR(EINTR);
                break;
            }
            if (!parts[i] || parts[i] == DROPPED) {
                if (!parts[i])
                    pieces[at++] = whole[i];
                continue;
            }
            const size_t k = piece_souths(&G, &whole[i], souths);
            for (size_t j = 0; j < k; j++) {
                pieces[at] = whole[i];
                pieces[at++].south = souths[j];
            }
        }
    }
    free(estimate), free(rank), free(parts), free(souths), free(whole);
    if (!pieces)
        return err ? err : NQ_ERR(ENOMEM);
    *out = pieces;
    *count = total;
    return 0;
}


unsigned nq_halves_parts_most(int n)
{
    /* Each part builds the matcher's tables of every east block again and
     * scans its own share of the west half-boards, so parts cost little
     * while the scans outweigh the tables: more parts as n grows
     * (doc/halves.md has the measure). */
    return n >= 28 ? 64 : n >= 27 ? 32 : n >= 25 ? 16 : 1;
}

/* The most west parts a piece may take: none for a turn part, and no more
 * than a quarter of its west north quadrant's column choices (the rest
 * would be empty). */
static size_t parts_most(const geom *G, const nq_halves_piece *p, unsigned parts)
{
    if (p->turns)
        return 1;
    const int kn = __builtin_popcount(p->north);
    return (size_t)fmax(1, fmin(parts, floor(binomial(G->h, kn) / 4)));
}

/* The parts at threshold t of a piece of estimate e. */
static size_t parts_at(double e, uint16_t most, double t)
{
    return e <= t ? 1 : (size_t)fmin(most, ceil(e / t));
}

/* Cuts the largest pieces into west parts while the plan stays within
 * `most`: the least threshold t for which a piece of estimate e takes
 * ceil(e / t) parts, found by bisection. */
static int split_parts(int n, size_t most, unsigned parts, const volatile int *stop,
                       nq_halves_piece **io, size_t *count)
{
    const geom G = geom_of(n);
    nq_halves_piece *in = *io;
    const size_t size = *count;
    double *e = malloc(size * sizeof *e), top = 0;
    uint16_t *cap = malloc(size * sizeof *cap);
    if (!e || !cap) {
        free(e), free(cap);
        return NQ_ERR(ENOMEM);
    }
    for (size_t i = 0; i < size; i++) {
        if (!(i & 0xffff) && nq_stop_seen(stop)) {
            free(e), free(cap);
            return NQ_ERR(EINTR);
        }
        top = fmax(top, e[i] = nq_halves_estimate(n, &in[i]));
        cap[i] = (uint16_t)parts_most(&G, &in[i], parts);
    }
    double lo = top / parts / 2, hi = top; /* total(hi) <= most */
    for (int step = 0; step < 30 && !nq_stop_seen(stop); step++) {
        const double mid = sqrt(lo * hi);
        size_t total = 0;
        for (size_t i = 0; i < size && total <= most; i++)
            total += parts_at(e[i], cap[i], mid);
        if (total <= most)
            hi = mid;
        else
            lo = mid;
    }
    size_t total = 0;
    for (size_t i = 0; i < size; i++)
        total += parts_at(e[i], cap[i], hi);
    nq_halves_piece *out = total > size ? malloc(total * sizeof *out) : NULL;
    const int err = nq_stop_seen(stop) ? NQ_ERR(EINTR) : total > size && !out ? NQ_ERR(ENOMEM) : 0;
    if (!err && out) {
        size_t at = 0;
        for (size_t i = 0; i < size; i++) {
            const size_t k = parts_at(e[i], cap[i], hi);
            for (size_t j = 0; j < k; j++) {
                out[at] = in[i];
                out[at].part = (uint16_t)j;
                out[at++].parts = (uint16_t)(k > 1 ? k : 0);
            }
        }
        free(in);
        *io = out;
        *count = total;
    } else {
        free(out);
    }
    free(e), free(cap);
    return err;
}

int nq_halves_pieces(int n, size_t most, unsigned parts, const volatile int *stop,
                     nq_halves_piece **out, size_t *count)
{
    *out = NULL;
    *count = 0;
    int err = rows_pieces(n, most, stop, out, count);
    if (!err && *count < most && parts > 1)
        err = split_parts(n, most, parts, stop, out, count);
    if (err) {
        free(*out);
        *out = NULL;
    }
    return err;
}

unsigned nq_halves_norths_most(int n)
{
    /* At odd n = 21 a middle configuration's south lists (about 130 MB)
     * outgrow a thread's memo (10 MiB), so each piece of one north set made
     * them again: 39% of the count's time. A piece of 32 north sets makes
     * each south set's lists once for all of them, and its north lists (32
     * pairs, a few MiB) stay in the memo. Measured: doc/performance.md. */
    return n == 21 ? 32 : 1;
}

int nq_halves_group_norths(int n, unsigned norths, nq_halves_piece **io, size_t *count)
{
    if (norths <= 1)
        return 0;
    if (norths > NQ_HALVES_NORTHS_MOST)
        norths = NQ_HALVES_NORTHS_MOST;
    const geom G = geom_of(n);
    const nq_halves_piece *in = *io;
    const size_t size = *count;
    nq_halves_piece *out = malloc((size + 1) * sizeof *out);
    if (!out)
        return NQ_ERR(ENOMEM);
    size_t at = 0;
    for (size_t i = 0; i < size;) {
        /* A run of whole pieces of one configuration, grouped by size. */
        size_t end = i;
        while (end < size && nq_halves_config(&in[end]) == nq_halves_config(&in[i]) &&
               !in[end].turns &&
               in[end].south == NQ_HALVES_ANY && in[end].parts <= 1 && in[end].norths <= 1)
            end++;
        if (end == i) { /* not a whole piece: as it is */
            out[at++] = in[i++];
            continue;
        }
        frame f;
        const int framed = !nq_halves_frame(&G, &in[i], &f);
        for (int k = 0; k <= G.h; k++) {
            unsigned taken = 0;
            uint32_t next = 0; /* the north set the walk takes after the group's last */
            for (size_t j = i; j < end; j++) {
                if (__builtin_popcount(in[j].north) != k)
                    continue;
                /* A group holds the walk's north sets (halves_walk.c): one
                 * not next in it (a piece left out) starts another. */
                if (taken == norths || !framed || in[j].north != next)
                    taken = 0;
                next = framed ? nq_rows_next_north(&f, in[j].north) : 0;
                if (!taken++)
                    out[at++] = in[j];
                out[at - 1].norths = (uint16_t)taken;
            }
        }
        i = end;
    }
    free(*io);
    *io = out;
    *count = at;
    return 0;
}

double nq_halves_estimate(int n, const nq_halves_piece *piece)
{
    if (piece->norths > 1) { /* the sum of its north sets' */
        const geom G = geom_of(n);
        frame f;
        if (nq_halves_frame(&G, piece, &f))
            return 1;
        if (G.g == 2) { /* the band's north sets of one size weigh alike (add_groups) */
            nq_halves_piece one = *piece;
            one.norths = 0;
            return piece->norths * nq_halves_estimate(n, &one);
        }
        rows_walk r;
        nq_rows_walk_start(&r, &G, &f, piece);
        double sum = 0;
        for (int i = 0; i < r.count; i++) {
            r.row.north = r.norths[i];
            sum += nq_halves_estimate(n, &r.row);
        }
        return sum;
    }
    /* The pairs matched grow as the product of the two halves' counts; a
     * half's count grows about as the ways to choose its columns per
     * quadrant. Only the order and the ETA use this. */
    const geom G = geom_of(n);
    frame f;
    if (nq_halves_frame(&G, piece, &f))
        return 1;
    const int kn = __builtin_popcount(piece->north), ks = f.west_queens - kn;
    const int en = __builtin_popcount(f.north) - kn, es = __builtin_popcount(f.south) - ks;
    const int one = piece->south != NQ_HALVES_ANY; /* one R, and a counted one */
    double rs = one ? 1 : binomial(__builtin_popcount(f.south), ks);
    if (!one && !piece->weight) {
        /* Only the smallest R of each orbit is counted: about a quarter,
         * but none at all for some pieces, which then cost nothing. Counted
         * exactly where that is quick (2^h row sets a piece). */
        rs = G.h <= 11 ? (double)piece_souths(&G, piece, NULL) : rs / 4;
    }
    const double west = binomial(G.h, kn) * binomial(G.h, ks);
    const double east = binomial(G.h, en) * binomial(G.h, es);
    return 1 + rs * west * east / (piece->parts > 1 ? piece->parts : 1);
}
