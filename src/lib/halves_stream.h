/* The halves engine's half-boards in bounded blocks (private). A side's
 * half-boards (west or east) join a north and a south quadrant list: one
 * list is held in chunks, bucketed by its columns, while the other streams
 * past it. The lists come from a per-thread memo when they are small and
 * from a resumable enumeration when they are not, so no buffer grows with n:
 * the blocks' sizes are set by the thread's budget. halves.h says what the
 * method is. */
#ifndef NQ_HALVES_STREAM_H
#define NQ_HALVES_STREAM_H

#include "halves_geom.h"

#include <stddef.h>
#include <stdint.h>

typedef struct qent {
    uint32_t cols, a, b; /* columns used; diagonals i+j and i-j+h-1 */
} qent;

/* The placements of one queen in each row of `rows` of an h x h quadrant,
 * in distinct columns of `cols`, none on a diagonal of another or on a
 * column of forbid[row], enumerated a block at a time. */
typedef struct qiter {
    const geom *G;
    const uint32_t *forbid;
    uint32_t rows, cols;
    int k, t, done;
    int row[32];
    uint32_t avail[32], used[33], ld[33], rd[33], a[33], b[33];
} qiter;

/* Every list met under the current middle configuration, by kind (a
 * side's north or south quadrant: NQ_MEMO_KINDS of them) and row set, while
 * they fit: one pool for the four kinds, whose needs differ (odd n: many
 * south row sets to a piece's one north). */
#define NQ_MEMO_KINDS 4
typedef struct memo {
    qent *buf;
    size_t cap, used; /* entries */
    uint32_t *at, *count; /* per kind << h | rows */
} memo;

/* A list: a memo's array, or an enumeration; only the entries whose place
 * in it is `offset` modulo `stride` (a part of an R's west side). */
typedef struct lsrc {
    const qent *arr;
    size_t count, pos;
    int enumerated;
    uint32_t stride, offset;
    size_t ord; /* entries enumerated so far, kept or not */
    qiter it;
} lsrc;

/* One side's half-boards, produced in blocks. */
typedef struct stream {
    const geom *G;
    int east;
    uint32_t cols;
    lsrc list[2]; /* north, south */
    int held;     /* the list that is bucketed; the other streams */
    qent *hraw, *rraw;
    size_t hcap, rcap;
    uint64_t *hc, *hf; /* the held chunk in bucket order: what the other must miss, its footprint */
    uint32_t *start;   /* first entry per column set (2^h + 1) */
    const qent *run;
    size_t rn, rpos;
    int chunk_ready, single_chunk, run_done;
    size_t chunks; /* held chunks since the start */
    const uint8_t *keep; /* NULL, or per north column set: 0 leaves its half-boards out */
} stream;

/* Writes xf | yf[y] for each y whose yc shares nothing with xc; returns
 * how many it wrote. */
typedef size_t (*join_fn)(uint64_t xc, uint64_t xf, const uint64_t *yc, const uint64_t *yf,
                          size_t count, uint64_t *out);
join_fn nq_halves_join_fn(int avx512);

int nq_memo_init(memo *m, int h, size_t entries);
void nq_memo_free(memo *m);
void nq_memo_clear(memo *m, int h);
/* Empties the memo unless the four lists of a row set fit in what is left:
 * before their streams begin, never while a list is read from it. */
void nq_memo_make_room(memo *m, int h);
/* Bytes a memo of `entries` holds. */
size_t nq_memo_bytes(int h, size_t entries);

/* Buffers for a stream holding chunks of `held` entries. NQ_ERR(ENOMEM). */
int nq_stream_init(stream *s, const geom *G, int east, size_t held);
void nq_stream_free(stream *s);
size_t nq_stream_bytes(const stream *s);

/* Starts the side's half-boards for these north and south rows: only those
 * whose north placement's place in its list is `part` modulo `parts` (parts
 * 1: all). The places do not depend on the budget, so neither do parts. */
void nq_stream_begin(stream *s, memo *m, int kind, uint32_t north, uint32_t south,
                     const uint32_t *forbid_north, const uint32_t *forbid_south, uint32_t cols,
                     uint32_t part, uint32_t parts);
/* Back to the first half-board. */
void nq_stream_rewind(stream *s);
/* From now on only the half-boards whose north placement's columns c have
 * keep[c] != 0 (keep NULL: all; it must live while the stream is read). */
static inline void nq_stream_keep(stream *s, const uint8_t *keep)
{
    s->keep = keep;
}
/* The next at most cap half-boards (cap >= the held chunk) into out;
 * *count 0 when there are no more. NQ_ERR(EINVAL) if cap is too small. */
int nq_stream_next(stream *s, join_fn join, uint64_t *out, size_t cap, size_t *count);

#endif
