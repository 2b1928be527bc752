/* A listing's searching thread and its hand-off to the writer
 * (solve_worker.c): the listing it works for, the chunk it appends records
 * to, and what it calls when a chunk is full or the run is stopping; the
 * pipeline's shared state, whose chunks and slots these calls keep. */
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

#define NQ_LIST_CHUNK_BYTES (256 * 1024) /* a chunk holds whole records */

/* The chunks of one subproblem in the window, oldest first. */
struct nq_slot {
    nq_chunk *head, *tail;
    int queued;
    int done;          /* its search has ended and its last chunk is queued */
    atomic_int wanted; /* the writer waits for it: a partial chunk will do */
};

/* A run of the pipeline (solve_pipeline.c): what the threads share, under
 * mu but for the listing's stop. */
struct nq_pipeline {
    nq_listing listing;
    pthread_mutex_t mu;
    pthread_cond_t writer_cv, worker_cv;
    int8_t prefix[NQ_MAX_N]; /* the last prefix handed out */
    int prefix_started, prefixes_done;
    uint64_t next_seq;    /* subproblems handed out */
    uint64_t written_seq; /* subproblems fully delivered */
    uint64_t window;
    struct nq_slot *slots;
    nq_chunk *free_chunks;
    int failed;         /* a negative errno from a worker */
    int caller_stopped; /* the run ended because *listing.caller_stop was set */
};

/* With r->mu held: a chunk from the pool (NULL without memory); a chunk
 * back to it; a full chunk queued on its slot, for the writer. */
NQ_HIDDEN nq_chunk *nq_list_chunk_get(struct nq_pipeline *r);
NQ_HIDDEN void nq_list_chunk_put(struct nq_pipeline *r, nq_chunk *c);
NQ_HIDDEN void nq_list_slot_push(struct nq_pipeline *r, struct nq_slot *s, nq_chunk *c);
/* With r->mu held: turns the caller's request (hooks->stop) into the run's
 * stop; 1 if stopping. */
NQ_HIDDEN int nq_list_check_stop(struct nq_pipeline *r);
/* With r->mu held: a worker that cannot get memory ends the run with
 * ENOMEM. */
NQ_HIDDEN void nq_list_fail_nomem(struct nq_pipeline *r);

/* A searching thread. Each on its own cache lines: the search writes q, pos
 * and the counts all the time, and two threads must not share a line for it. */
typedef struct nq_list_worker nq_list_worker; /* as solve_search.h has it */
struct nq_list_worker {
    _Alignas(64) nq_listing *listing;
    struct nq_pipeline *pipe;  /* the pipeline's shared state */
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
