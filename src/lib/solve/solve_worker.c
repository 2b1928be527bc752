/* The hand-off between a listing's searching threads and its writer
 * (solve_worker.h): the chunk pool, the slots the full chunks queue in, and
 * the run's stop, all under the pipeline's lock. */
#include "solve_worker.h"

#include <stdlib.h>

#define SLOT_QUEUE 2 /* full chunks a subproblem may have waiting */
/* A chunk the writer waits for is handed on unfilled once it has been
 * filling this long: the first boards of large n lie seconds apart, and
 * `solve 32 | head` would wait for a whole chunk (16 CPU-s). Rare enough
 * to cost nothing where chunks fill fast. */
#define PARTIAL_SECONDS 0.01

typedef struct nq_slot slot;
typedef struct nq_pipeline run;

nq_chunk *nq_list_chunk_get(run *r)
{
    nq_chunk *c = r->free_chunks;
    if (c)
        r->free_chunks = c->next;
    else if (!(c = malloc(sizeof *c + NQ_LIST_CHUNK_BYTES)))
        return NULL;
    c->next = NULL;
    c->len = 0;
    c->count = 0;
    return c;
}

void nq_list_chunk_put(run *r, nq_chunk *c)
{
    c->next = r->free_chunks;
    r->free_chunks = c;
}

void nq_list_slot_push(run *r, slot *s, nq_chunk *c)
{
    c->next = NULL;
    if (s->tail)
        s->tail->next = c;
    else
        s->head = c;
    s->tail = c;
    s->queued++;
    pthread_cond_signal(&r->writer_cv);
}

int nq_list_check_stop(run *r)
{
    nq_listing *l = &r->listing;
    if (!atomic_load(&l->stop) && nq_stop_seen(l->caller_stop)) {
        r->caller_stopped = 1;
        atomic_store(&l->stop, 1);
        pthread_cond_broadcast(&r->worker_cv);
        pthread_cond_signal(&r->writer_cv);
    }
    return atomic_load(&l->stop);
}

void nq_list_fail_nomem(run *r)
{
    r->failed = NQ_ERR(ENOMEM);
    atomic_store(&r->listing.stop, 1);
    pthread_cond_signal(&r->writer_cv);
}

int nq_list_handoff(nq_list_worker *w)
{
    run *r = w->pipe;
    w->cur->len = (size_t)(w->pos - w->cur->data);
    pthread_mutex_lock(&r->mu);
    nq_list_slot_push(r, w->slot, w->cur);
    w->cur = NULL;
    while (w->slot->queued >= SLOT_QUEUE && !atomic_load(&r->listing.stop))
        pthread_cond_wait(&r->worker_cv, &r->mu);
    if (!atomic_load(&r->listing.stop) && !(w->cur = nq_list_chunk_get(r)))
        nq_list_fail_nomem(r);
    pthread_mutex_unlock(&r->mu);
    if (!w->cur)
        return 1;
    w->pos = w->cur->data;
    w->end = w->cur->data + NQ_LIST_CHUNK_BYTES - r->listing.records.max_len;
    w->since = nq_now();
    return 0;
}

int nq_list_poll(nq_list_worker *w)
{
    if (nq_list_stopping(w))
        return 1;
    if (!w->cur->count || !atomic_load_explicit(&w->slot->wanted, memory_order_relaxed) ||
        nq_now() - w->since < PARTIAL_SECONDS)
        return 0;
    return nq_list_handoff(w);
}
