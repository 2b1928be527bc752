/* Marks: where a subproblem's count got to inside it, kept across stops. A
 * checkpoint holds the marks of the subproblems a stop or a kill cut short,
 * so that a resumed count of pieces of hours loses seconds, not pieces.
 * What a mark's words mean is its engine's (halves_engine.c), which checks
 * them before it goes on from one. */
#ifndef NQ_MARKS_H
#define NQ_MARKS_H

#include <stddef.h>
#include <stdint.h>

/* The engine's words; halves: 8 for the position and its blocks, then 2
 * that seal them to their piece (halves_marks.c). */
#define NQ_MARK_WORDS 10
/* Seconds between a thread's marks, at most (and at every stop); for the
 * tests, NQUEENS_MARK_EVERY=S sets it (0: after every block). */
#define NQ_MARK_EVERY 1.0
double nq_mark_every(void);
typedef struct nq_mark {
    size_t i; /* the subproblem */
    uint64_t w[NQ_MARK_WORDS];
} nq_mark;

/* Why a count cannot go on from a mark: an engine's mark_share gives the
 * negative. It carries no seal (nqueens 1.1 wrote none); its seal names
 * another subproblem; its words do not match its seal (edited); or they
 * match and are still impossible for its piece. A mark of other blocks
 * (another -t or --max-memory) is gone on from (halves_marks.c). */
enum {
    NQ_MARK_UNSEALED = 1,
    NQ_MARK_ELSEWHERE,
    NQ_MARK_EDITED,
    NQ_MARK_IMPOSSIBLE,
    NQ_MARK_REASONS
};

/* One mark per thread, set by its thread as it goes (about once a second:
 * under a lock, far from the search's loops) and copied by the checkpoint's
 * writes; and the marks a checkpoint held when the run began. */
typedef struct nq_marks nq_marks;

/* 0 or NQ_ERR(ENOMEM). `resumed`: the checkpoint's marks, by index (copied). */
int nq_marks_create(nq_marks **out, int threads, const nq_mark *resumed, size_t count);
void nq_marks_destroy(nq_marks *m);
int nq_marks_threads(const nq_marks *m);
/* Whether the count shows its progress (set before the threads start): an
 * engine may then learn what a mark's share needs at some cost (the
 * halves engine's blocks, halves_marks.h). */
void nq_marks_set_progress(nq_marks *m, int on);
int nq_marks_progress(const nq_marks *m);
/* Thread t's mark (NULL: none, its subproblem is done). */
void nq_marks_set(nq_marks *m, int t, const nq_mark *mark);
/* The mark the run began with for subproblem i, or NULL. */
const nq_mark *nq_marks_resumed(const nq_marks *m, size_t i);
/* The marks of the subproblems not done (done[i] read with acquire; done
 * NULL: all), a thread's newer than the run's first, by index, into *out
 * (malloc'd, the caller frees); how many, or NQ_ERR(ENOMEM). */
long nq_marks_copy(nq_marks *m, const unsigned char *done, nq_mark **out);

#endif
