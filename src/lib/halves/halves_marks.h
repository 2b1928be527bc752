/* The "halves" engine's marks (marks.h): its count_marked and mark_share
 * hooks (engines.h), in halves_marks.c. */
#ifndef NQ_HALVES_MARKS_H
#define NQ_HALVES_MARKS_H

#include "engines.h"
#include "halves.h"

int nq_halves_count_marked(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                           const nq_mark *from, nq_marks *marks, int t, nq_sub_result *out);
/* Piece i's mark at pos, for threads of `budget` (blocks: those of its row
 * set, nq_halves_tell's, or 0), sealed to the piece. */
nq_mark nq_halves_mark(const nq_plan *plan, size_t i, size_t budget, const nq_halves_pos *pos,
                       uint64_t blocks);
/* The same in blocks of another layout (halves_marks.c): tests. */
nq_mark nq_halves_mark_laid(const nq_plan *plan, size_t i, size_t budget, const nq_halves_pos *pos,
                            uint64_t blocks, int layout);
/* The budget of the threads that told mark m (word 0 without its layout byte). */
uint64_t nq_halves_mark_budget(const nq_mark *m);
/* Whether this plan's threads go on from mark m only from the start of
 * the row set it is in: it was made in larger blocks than theirs (another
 * -t or --max-memory), which do not fit in their memory. */
int nq_halves_mark_trimmed(const nq_plan *plan, size_t i, const nq_mark *m);
/* Whether mark m is one of the band's older blocks (nqueens 1.2 to
 * 1.3.4), which this plan's threads go on from at the start of the row
 * set it is in (halves_marks.c). */
int nq_halves_mark_relaid(const nq_plan *plan, size_t i, const nq_mark *m);
/* In [0, 1]: the row sets done over those that count, and in the one it
 * is in the east blocks done and the west blocks scanned against the next
 * over its blocks, where the mark holds them (word 7); for a mark this
 * plan's threads cannot go on from, -NQ_MARK_* (marks.h) saying why. */
double nq_halves_mark_share(const nq_plan *plan, size_t i, const nq_mark *m);

/* From n = 28, where a row set takes up to hours, a count that shows its
 * progress first finds the blocks of each row set's main pass
 * (nq_halves_tell's find_blocks: a pass over each side, no pair counted):
 * about 0.5 CPU-s a row set at n = 28, 0.02% of the count (doc/halves.md).
 * Below, a row set takes seconds (n = 27: a slice's passes were 13% to 18%
 * of a piece of one row set). */
#define NQ_HALVES_BLOCKS_FROM 28

#endif
