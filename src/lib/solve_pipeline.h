/* The ordered chunk pipeline of a listing (solve_pipeline.c). Worker threads
 * take the numbered subproblems in order, search each (solve_search.h) and
 * append its records to chunks; the calling thread hands the chunks on
 * strictly by subproblem number, so the output does not depend on the
 * threads. A window of subproblems ahead of the one being handed on and a
 * cap on the chunks queued per subproblem bound the memory. */
#ifndef NQ_SOLVE_PIPELINE_H
#define NQ_SOLVE_PIPELINE_H

#include "nqueens.h"
#include "solve_record.h"
#include "solve_search.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* Records in the order they were written. */
typedef struct nq_chunk {
    struct nq_chunk *next;
    size_t len;     /* bytes used */
    uint64_t count; /* records */
    char data[];
} nq_chunk;

/* A listing as its searching threads see it: set before they start, then
 * only read, but for stop. */
typedef struct nq_listing {
    nq_list_order order;
    nq_records records;
    uint64_t cap;                    /* records a subproblem needs at most */
    atomic_int stop;                 /* the run is ending: searches return soon */
    const volatile int *caller_stop; /* hooks->stop, or NULL */
} nq_listing;

/* A searching thread. Each on its own cache lines: the search writes q, pos
 * and the counts all the time, and two threads must not share a line for it. */
struct nq_list_worker {
    _Alignas(64) nq_listing *listing;
    struct nq_pipeline *pipe;  /* the hand-off's own state (solve_pipeline.c) */
    const nq_run_hooks *hooks; /* on_thread_start: thread placement */
    int index;
    pthread_t tid;
    struct nq_slot *slot; /* where the chunks of its subproblem queue */
    nq_chunk *cur;
    char *pos, *end;  /* next byte of cur; past end a record may not fit */
    uint64_t emitted; /* records of the current subproblem */
    int8_t q[NQ_MAX_N];
};

/* Where the records go, in order, always from the calling thread: each board
 * to fn (NQ_RECORD_COLUMNS), or the text to write (NQ_RECORD_TEXT). */
typedef struct nq_list_sink {
    nq_record_kind kind;
    nq_solution_fn fn;
    nq_write_fn write;
    void *ctx;
} nq_list_sink;

/* Lists as params says (its format only for NQ_RECORD_TEXT). *listed (if
 * non-NULL) gets the number of records handed to the sink. 0 when done (all
 * of them, or params->limit), NQ_ERR(EINTR) if the sink or hooks->stop
 * stopped it, NQ_ERR(EINVAL) for bad parameters, else a negative errno. */
NQ_HIDDEN int nq_list_run(const nq_solve_params *params, const nq_list_sink *sink,
                          uint64_t *listed);

/* Queues w's full chunk and takes a fresh one, waiting while the writer is
 * behind on w's subproblem. 1 if the run is stopping. */
NQ_HIDDEN int nq_list_handoff(nq_list_worker *w);

/* Whether the search should end: the run is stopping, or the caller asked
 * (hooks->stop). Cheap, but not free: polled every few thousand nodes. */
static inline int nq_list_stopping(nq_list_worker *w)
{
    nq_listing *l = w->listing;
    return atomic_load_explicit(&l->stop, memory_order_relaxed) ||
           nq_stop_seen(l->caller_stop);
}

/* Appends board q as one record; 1 ends this subproblem's search. */
static inline int nq_list_emit(nq_list_worker *w, const int8_t *q)
{
    const nq_listing *l = w->listing;
    if (w->pos > w->end && nq_list_handoff(w))
        return 1;
    w->pos = nq_record_put(&l->records, q, w->pos);
    w->cur->count++;
    return ++w->emitted >= l->cap;
}

#endif
