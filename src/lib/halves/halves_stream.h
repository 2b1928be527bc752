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
#include "halves_join.h"
#include "halves_live.h"
#include "halves_quads.h"
#include "util.h"

#include <stddef.h>
#include <stdint.h>

/* Every list met under the current middle configuration, by kind (a
 * side's north or south quadrant: NQ_MEMO_KINDS of them) and row set, while
 * they fit: one pool for the four kinds, whose needs differ (odd n: many
 * south row sets to a piece's one north). A list is kept sorted by its
 * entries' columns and in the form the join reads (what the other list's
 * entry must miss, and the footprint), so that a row set's streams need
 * not bucket it again: one of them each time, at 20 bytes an entry. */
#define NQ_MEMO_KINDS 4
typedef struct memo {
    uint32_t *cols;
    uint64_t *c, *f;
    uint32_t *bcols, *bbeg; /* each list's buckets: their columns and first entries */
    qent *raw;       /* a list as enumerated, before it is sorted in */
    uint32_t *tally; /* per column set: the sort's counts (2^h) */
    size_t cap, used, bcap, bused; /* entries, buckets */
    size_t floor, bfloor;          /* what nq_memo_make_room keeps (nq_memo_pin) */
    uint32_t *at, *count, *bat, *bcount; /* per kind << h | rows */
} memo;
/* Bytes a memo entry takes, with its share of the buckets (at most one
 * bucket per two entries' room: a list has at most as many as entries, and
 * the room is made for four lists at a time). */
#define NQ_MEMO_ENTRY (sizeof(uint32_t) + 2 * sizeof(uint64_t) + sizeof(uint32_t))

/* A list: a memo's arrays, or an enumeration; only the entries whose place
 * in it is `offset` modulo `stride` (a part of an R's west side). */
typedef struct lsrc {
    const memo *m;
    size_t at, count, pos; /* the list in the memo: its first entry, how many, read */
    size_t bat, bcount;    /* its buckets */
    int enumerated, east, south;
    uint32_t stride, offset;
    size_t ord; /* entries enumerated so far, kept or not */
    qiter it;
} lsrc;

/* A chunk of a list, as the join reads it: its entries, and their buckets
 * where they are known (a whole list from the memo): nb of them, bucket b
 * the column set bcols[b], entries bbeg[b] to bbeg[b + 1] - 1; else in
 * column order or not. */
typedef struct lview {
    const uint32_t *cols;
    const uint64_t *c, *f;
    size_t n;
    int sorted;
    const uint32_t *bcols, *bbeg;
    size_t nb;
} lview;

/* A chunk in buckets: the entries in bucket order and the buckets. */
typedef struct lbuckets {
    const uint64_t *c, *f;
    const uint32_t *cols, *beg; /* per bucket: its column set, its first entry (one more) */
    size_t n;
    uint32_t base; /* subtracted from beg (a memo list's buckets count from the pool's start) */
} lbuckets;

/* One side's half-boards, produced in blocks. Both lists are in buckets by
 * the columns each entry uses (a memo's list is so already): the held list
 * a chunk at a time, mapped by column set; the other as it streams past;
 * each bucket of the streamed chunk then meets the one held bucket of the
 * other columns as a whole. */
typedef struct stream {
    const geom *G;
    int east;
    uint32_t cols;
    lsrc list[2]; /* north, south */
    int held;     /* the list that is bucketed; the other streams */
    size_t hcap, rcap;
    qent *raw;                  /* scratch: enumerated entries (hcap) */
    uint32_t *tcols;            /* scratch: entries in the join's form (hcap) */
    uint64_t *tc, *tf;
    uint64_t *hc, *hf, *rc, *rf; /* a chunk bucketed here, held (hcap) and streamed (rcap) */
    uint32_t *hbc, *hbb, *rbc, *rbb; /* their buckets' columns and first entries */
    uint32_t *rat;              /* per column set: scratch for the bucketing (2^h, zero between) */
    lbuckets hb, rb;            /* the held and streamed chunks as the join reads them */
    uint32_t *hbeg, *hend, *hstamp; /* per column set: its held bucket, if hstamp is stamp */
    uint32_t stamp;
    size_t rbi, ri; /* the streamed bucket being joined, and the entries of it done */
    int chunk_ready, single_chunk, run_ready, run_done;
    size_t chunks; /* held chunks since the start */
    const uint8_t *keep; /* NULL, or per north column set: 0 leaves its half-boards out */
    const nq_live *live; /* NULL, or the north and the south list's placements that may join
                          * into a half-board that meets the other side (halves_live.h): the
                          * others are left out */
    const volatile int *stop; /* NULL, or read between chunks: nq_stream_next gives EINTR */
    int stopped;              /* a chunk was cut short by a stop */
    int full;                 /* the last nq_stream_next ended with out full, not the stream */
} stream;

/* The memo's buffers from the thread's block (util.h's two passes); the
 * block's owner frees it. nq_memo_clear before use. */
void nq_memo_carve(memo *m, int h, size_t entries, nq_carve *c);
void nq_memo_clear(memo *m, int h);
/* Empties the memo (down to its pinned lists, where those leave room)
 * unless the four lists of a row set fit in what is left: before their
 * streams begin, never while a list is read from it. */
void nq_memo_make_room(memo *m, int h);
/* From now on nq_memo_make_room keeps the lists made so far where it can
 * (a piece's north lists, met again at every south set); 0 to keep none. */
void nq_memo_pin(memo *m, int on);

/* Buffers for a stream holding chunks of `held` entries, from the thread's
 * block (util.h's two passes), which must start zeroed. */
void nq_stream_carve(stream *s, const geom *G, int east, size_t held, nq_carve *c);

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
/* From now on only the half-boards of placements live[0] (north) and
 * live[1] (south) say may meet the other side (NULL: all; they must live
 * while the stream is read). */
static inline void nq_stream_live(stream *s, const nq_live *live)
{
    s->live = live;
}
/* The next at most cap half-boards (cap >= the held chunk) into out;
 * *count 0 when there are no more. NQ_ERR(EINVAL) if cap is too small;
 * NQ_ERR(EINTR) once *s->stop is set (the stream must then begin again). */
int nq_stream_next(stream *s, join_fn join, uint64_t *out, size_t cap, size_t *count);
/* Whether the stream may go on after the block nq_stream_next gave: 0 when
 * that block was its last. */
static inline int nq_stream_more(const stream *s)
{
    return s->full;
}

#endif
