/* The halves engine's per-thread workspace and a piece's count
 * (halves_work.c): the buffers, sized from a budget, kept from one piece
 * to the next; a piece's row sets walked and each one's pairs counted
 * (halves_rows.c), or sliced for an estimate. halves.h says what the
 * method is. */
#ifndef NQ_HALVES_WORK_H
#define NQ_HALVES_WORK_H

#include "halves.h"
#include "halves_match.h"

#include <stddef.h>
#include <stdint.h>

/* The sizes of a thread's buffers for `budget` (nq_halves_sizes). */
nq_halves_sizes nq_halves_sizes_for(size_t budget);

/* A thread's buffers for a count of n at the given level; budget 0 is the
 * default. */
int nq_halves_work_create(nq_halves_work **out, int n, nq_level level, size_t budget);
void nq_halves_work_destroy(nq_halves_work *w);
/* The blocks of `budget` (at most the one the buffers were made for)
 * carved from the same memory, the memo emptied: a resumed mark's blocks,
 * which its position is in, until its row set ends. NQ_ERR(EINVAL) if
 * they do not fit. */
int nq_halves_work_reshape(nq_halves_work *w, size_t budget);
/* Bytes the buffers hold now (within nq_halves_memory's share of a
 * thread: tests/test_halves_pieces.c). */
size_t nq_halves_work_bytes(const nq_halves_work *w);

/* Whether a count of n takes the transpose's symmetries
 * (NQ_HALVES_TRANSPOSE_FROM). */
int nq_halves_transposes(int n);
/* Turns them on or off for this workspace (tests: every n). */
void nq_halves_work_transpose(nq_halves_work *w, int on);

/* The piece's share of Q(n) (its weight included). NQ_ERR(ENOMEM), or
 * NQ_ERR(EINTR) if *stop (when stop is not NULL) was set before the end. */
int nq_halves_count_piece(nq_halves_work *w, const nq_halves_piece *piece, const volatile int *stop,
                        nq_u128 *total);

/* Counts the slice of piece that pick chooses: row set pick[0], east block
 * pick[1] and west block pick[2], each modulo how many there are (sets 0:
 * the piece counts nothing). 0, NQ_ERR(ENOMEM), or NQ_ERR(EINTR). */
int nq_halves_count_slice(nq_halves_work *w, const nq_halves_piece *piece, const uint64_t pick[3],
                    const volatile int *stop, nq_halves_slice *out);

/* nq_halves_count_piece from `from` (NULL: the start; one this piece and
 * budget cannot have: the start too), telling `tell` (NULL: no one). */
int nq_halves_count_piece_from(nq_halves_work *w, const nq_halves_piece *piece,
                               const volatile int *stop, const nq_halves_pos *from,
                               nq_halves_tell *tell, nq_u128 *total);
/* The budget of the thread's blocks now, and the one they were made for. */
size_t nq_halves_work_budget(const nq_halves_work *w);
size_t nq_halves_work_own_budget(const nq_halves_work *w);

/* Row set pick[0] of piece, every pass sliced, with the NQ_SLICE_PICKS
 * picks of halves_rows.h (sets 0: the piece counts nothing). 0,
 * NQ_ERR(ENOMEM), or NQ_ERR(EINTR). */
int nq_halves_slice_rows(nq_halves_work *w, const nq_halves_piece *piece, const uint64_t pick[],
                         const volatile int *stop, nq_rows_slice *out);

/* Every half-board of R = (piece->north, south), for tests: all the blocks
 * of each side in one array. Returns 0 or NQ_ERR(ENOMEM). */
int nq_halves_halves(nq_halves_work *w, const nq_halves_piece *piece, uint32_t south,
                   const uint64_t **west, size_t *nw, const uint64_t **east, size_t *ne);

#endif
