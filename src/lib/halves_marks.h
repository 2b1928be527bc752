/* The "halves" engine's marks (marks.h): its count_marked and mark_share
 * hooks (engines.h), in halves_marks.c. */
#ifndef NQ_HALVES_MARKS_H
#define NQ_HALVES_MARKS_H

#include "engines.h"
#include "halves.h"

int nq_halves_count_marked(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                           const nq_mark *from, nq_marks *marks, int t, nq_sub_result *out);
/* Piece i's mark at pos, for threads of `budget` (blocks: nq_halves_blocks's). */
nq_mark nq_halves_mark(size_t i, size_t budget, const nq_halves_pos *pos, uint64_t blocks);
/* The budget of the threads that told mark m (word 0 without its layout byte). */
uint64_t nq_halves_mark_budget(const nq_mark *m);
/* In [0, 1]: the row sets done over those that count, and in the first
 * one the east blocks done and the west blocks scanned against the next
 * over its blocks, where the mark holds them (word 7); -1 for a mark this
 * plan's threads cannot go on from. */
double nq_halves_mark_share(const nq_plan *plan, size_t i, const nq_mark *m);

/* From n = 28, where a piece takes 30 minutes to months, a count that
 * shows its progress first finds the blocks of each piece's first row set
 * (nq_halves_count_slice: a pass over each side, one east block's tables
 * and one west block's scan, and for even n the tie passes): measured 17
 * to 21 s, 0.4% to 0.8% of a piece of one row set, nothing beside one of
 * many (doc/halves.md). Below, a row set takes seconds (n = 27: the same
 * cost was 13% to 18% of a piece of one). */
#define NQ_HALVES_BLOCKS_FROM 28
/* The blocks of piece's first row set that counts, west in the high half
 * and east in the low one (0 if it has none). 0 or the errors of
 * nq_halves_count_slice. */
int nq_halves_blocks(nq_halves_work *w, const nq_halves_piece *piece, const volatile int *stop,
                     uint64_t *blocks);

#endif
