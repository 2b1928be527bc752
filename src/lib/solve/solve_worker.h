/* A listing's searching thread, as the search sees it: the listing it works
 * for, the chunk it appends records to, and what it calls when a chunk is
 * full (nq_list_handoff, in solve_pipeline.c) or the run is stopping. */
#ifndef NQ_SOLVE_WORKER_H
#define NQ_SOLVE_WORKER_H

#include "nqueens.h"
#include "solve_order.h"
#include "solve_record.h"
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
typedef struct nq_list_worker nq_list_worker; /* as solve_search.h has it */
struct nq_list_worker {
    _Alignas(64) nq_listing *listing;
    struct nq_pipeline *pipe;  /* the hand-off's own state (solve_pipeline.c) */
    const nq_run_hooks *hooks; /* on_thread_start: thread placement */
    int index;
    pthread_t tid;
    struct nq_slot *slot; /* where the chunks of its subproblem queue */
    nq_chunk *cur;
    char *pos, *end;  /* next byte of cur; past end a record may not fit */
    double since;     /* when cur began to fill (nq_now) */
    uint64_t emitted; /* records of the current subproblem */
    int8_t q[NQ_MAX_N];
};

/* Queues w's full chunk and takes a fresh one, waiting while the writer is
 * behind on w's subproblem. 1 if the run is stopping. */
NQ_HIDDEN int nq_list_handoff(nq_list_worker *w);

/* Whether the search should end: the run is stopping, or the caller asked
 * (hooks->stop). Cheap, but not free. */
static inline int nq_list_stopping(nq_list_worker *w)
{
    nq_listing *l = w->listing;
    return atomic_load_explicit(&l->stop, memory_order_relaxed) ||
           nq_stop_seen(l->caller_stop);
}

/* Polled by the search every few thousand nodes: 1 if it should end
 * (nq_list_stopping). Hands on w's chunk unfilled if the writer waits for
 * it and it has records that have waited a while (solve_pipeline.c). */
NQ_HIDDEN int nq_list_poll(nq_list_worker *w);

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
