/* The ordered chunk pipeline of a listing (solve_pipeline.h): the worker
 * threads, the window of subproblems they search ahead of the writer, and
 * the writer on the calling thread that hands the chunks on in order; the
 * chunks pass between them by solve_worker.c. */
#include "solve_pipeline.h"

#include "solve_order.h"
#include "solve_search.h"
#include "solve_worker.h"

#include <stdlib.h>
#include <string.h>

#define STAGE_BYTES (256 * 1024) /* the writer gathers small chunks up to this */

typedef struct nq_slot slot;
typedef struct nq_pipeline run;

/* ---------------------------------------------------------------- workers */

static void *worker_main(void *arg)
{
    nq_list_worker *w = arg;
    run *r = w->pipe;
    if (w->hooks && w->hooks->on_thread_start)
        w->hooks->on_thread_start(w->hooks->ctx, w->index);
    pthread_mutex_lock(&r->mu);
    for (;;) {
        while (!atomic_load(&r->listing.stop) && !r->prefixes_done &&
               r->next_seq >= r->written_seq + r->window)
            pthread_cond_wait(&r->worker_cv, &r->mu);
        if (nq_list_check_stop(r) || r->prefixes_done)
            break;
        if (!w->cur && !(w->cur = nq_list_chunk_get(r))) {
            nq_list_fail_nomem(r);
            break;
        }
        if (!nq_list_next_prefix(&r->listing.order, r->prefix, r->prefix_started)) {
            r->prefixes_done = 1;
            pthread_cond_broadcast(&r->worker_cv);
            pthread_cond_signal(&r->writer_cv);
            break;
        }
        r->prefix_started = 1;
        memcpy(w->q, r->prefix, (size_t)r->listing.order.depth);
        w->slot = &r->slots[r->next_seq % r->window];
        w->slot->head = w->slot->tail = NULL;
        w->slot->queued = w->slot->done = 0;
        /* The writer's next subproblem: it waits for it (or soon will). */
        atomic_store_explicit(&w->slot->wanted, r->next_seq == r->written_seq,
                              memory_order_relaxed);
        r->next_seq++;
        pthread_mutex_unlock(&r->mu);

        w->emitted = 0;
        w->pos = w->cur->data + w->cur->len;
        w->end = w->cur->data + NQ_LIST_CHUNK_BYTES - r->listing.records.max_len;
        w->since = nq_now();
        nq_list_search(w);

        pthread_mutex_lock(&r->mu);
        if (w->cur) {
            w->cur->len = (size_t)(w->pos - w->cur->data);
            if (w->cur->count) {
                nq_list_slot_push(r, w->slot, w->cur);
                w->cur = NULL;
            }
        }
        w->slot->done = 1;
        pthread_cond_signal(&r->writer_cv);
        nq_list_check_stop(r);
    }
    if (w->cur)
        nq_list_chunk_put(r, w->cur);
    w->cur = NULL;
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

/* ----------------------------------------------------------------- writer */

typedef struct writer {
    run *r;
    const nq_list_sink *sink;
    uint64_t limit, listed;
    char *stage; /* text gathered for one call of write */
    size_t staged;
} writer;

static int stage_flush(writer *wr)
{
    if (!wr->staged)
        return 0;
    const size_t len = wr->staged;
    wr->staged = 0;
    return wr->sink->write(wr->sink->ctx, wr->stage, len) != 0;
}

static int stage_put(writer *wr, const char *p, size_t len)
{
    if (wr->staged + len > STAGE_BYTES && stage_flush(wr))
        return 1;
    if (len >= STAGE_BYTES)
        return wr->sink->write(wr->sink->ctx, p, len) != 0;
    memcpy(wr->stage + wr->staged, p, len);
    wr->staged += len;
    return 0;
}

/* Hands c on: 0 to go on, 1 if the sink stopped, 2 at the limit. */
static int deliver(writer *wr, const nq_chunk *c)
{
    const nq_records *rec = &wr->r->listing.records;
    uint64_t k = c->count;
    int at_limit = 0;
    if (wr->limit && wr->listed + k >= wr->limit) {
        k = wr->limit - wr->listed;
        at_limit = 1;
    }
    if (rec->kind == NQ_RECORD_COLUMNS) {
        const int8_t *q = (const int8_t *)c->data;
        for (uint64_t i = 0; i < k; i++, q += rec->n) {
            wr->listed++;
            if (wr->sink->fn(wr->sink->ctx, rec->n, q))
                return 1;
        }
        return at_limit ? 2 : 0;
    }
    size_t len = at_limit ? nq_records_len(rec, c->data, k) : c->len;
    const char *p = c->data;
    if (wr->listed == 0 && k) { /* no separator before the first record */
        p += rec->sep_len;
        len -= rec->sep_len;
    }
    wr->listed += k;
    if (stage_put(wr, p, len))
        return 1;
    return at_limit ? 2 : 0;
}

/* Delivers the subproblems in order until all are done or one stops. */
static int write_all(writer *wr)
{
    run *r = wr->r;
    int res = 0;
    pthread_mutex_lock(&r->mu);
    for (;;) {
        if (nq_list_check_stop(r))
            break;
        if (r->written_seq < r->next_seq) {
            slot *s = &r->slots[r->written_seq % r->window];
            if (s->head) {
                nq_chunk *c = s->head;
                if (!(s->head = c->next))
                    s->tail = NULL;
                s->queued--;
                atomic_store_explicit(&s->wanted, 0, memory_order_relaxed);
                pthread_cond_broadcast(&r->worker_cv);
                pthread_mutex_unlock(&r->mu);
                res = deliver(wr, c);
                pthread_mutex_lock(&r->mu);
                nq_list_chunk_put(r, c);
                if (res)
                    break;
                continue;
            }
            if (s->done) {
                r->written_seq++;
                pthread_cond_broadcast(&r->worker_cv);
                continue;
            }
        } else if (r->prefixes_done) {
            break; /* all delivered */
        }
        if (wr->staged) { /* show what we have before waiting */
            pthread_mutex_unlock(&r->mu);
            res = stage_flush(wr);
            pthread_mutex_lock(&r->mu);
            if (res)
                break;
            continue;
        }
        if (r->written_seq < r->next_seq) /* waiting for it: its worker may hand on less */
            atomic_store_explicit(&r->slots[r->written_seq % r->window].wanted, 1,
                                  memory_order_relaxed);
        pthread_cond_wait(&r->writer_cv, &r->mu);
    }
    atomic_store(&r->listing.stop, 1);
    pthread_cond_broadcast(&r->worker_cv);
    pthread_mutex_unlock(&r->mu);
    return res;
}

/* -------------------------------------------------------------------- run */

static void run_free(run *r)
{
    /* Whatever the writer did not take is still in the slots. */
    for (uint64_t i = 0; i < r->window; i++)
        for (nq_chunk *c = r->slots[i].head, *next; c; c = next) {
            next = c->next;
            free(c);
        }
    for (nq_chunk *c = r->free_chunks, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    pthread_cond_destroy(&r->worker_cv);
    pthread_cond_destroy(&r->writer_cv);
    pthread_mutex_destroy(&r->mu);
    free(r->slots);
    free(r);
}

/* Starts the workers, writes, joins them: the listing with its run set up. */
static int run_listing(run *r, nq_list_worker *ws, int threads, writer *wr,
                       const nq_run_hooks *hooks)
{
    const nq_records *rec = &r->listing.records;
    int started = 0, err = 0;
    for (; started < threads; started++) {
        ws[started].listing = &r->listing;
        ws[started].pipe = r;
        ws[started].hooks = hooks;
        ws[started].index = started;
        const int e = pthread_create(&ws[started].tid, NULL, worker_main, &ws[started]);
        if (e) {
            err = NQ_ERR(e);
            break;
        }
    }
    int res = 0;
    if (err) {
        pthread_mutex_lock(&r->mu);
        atomic_store(&r->listing.stop, 1);
        pthread_cond_broadcast(&r->worker_cv);
        pthread_mutex_unlock(&r->mu);
    } else {
        if (*rec->head && stage_put(wr, rec->head, strlen(rec->head)))
            res = 1;
        else
            res = write_all(wr);
    }
    for (int i = 0; i < started; i++)
        pthread_join(ws[i].tid, NULL);
    if (!err)
        err = r->failed;
    if (!err && r->caller_stopped)
        err = NQ_ERR(EINTR); /* the listing is left unfinished, as when the sink stops it */
    if (!err && res != 1 && rec->kind == NQ_RECORD_TEXT) {
        if ((*rec->tail && stage_put(wr, rec->tail, strlen(rec->tail))) || stage_flush(wr))
            res = 1;
    }
    if (err)
        return err;
    return res == 1 ? NQ_ERR(EINTR) : 0;
}

int nq_list_run(const nq_solve_params *params, const nq_list_sink *sink, uint64_t *listed)
{
    const int n = params->n;
    int threads = params->threads;
    if (n < NQ_MIN_N || n > NQ_MAX_N || threads < 0 || threads > NQ_MAX_THREADS) {
        if (listed)
            *listed = 0;
        return NQ_ERR(EINVAL);
    }
    threads = nq_threads_for(threads);

    const int text = sink->kind == NQ_RECORD_TEXT;
    writer wr = { .sink = sink, .limit = params->limit };
    run *r = calloc(1, sizeof *r);
    nq_list_worker *ws = aligned_alloc(64, (size_t)threads * sizeof *ws);
    if (ws)
        memset(ws, 0, (size_t)threads * sizeof *ws);
    if (r) {
        r->window = 4 * (uint64_t)threads + 4;
        r->slots = calloc(r->window, sizeof *r->slots);
    }
    wr.stage = text ? malloc(STAGE_BYTES) : NULL;
    if (!r || !ws || !r->slots || (text && !wr.stage)) {
        if (r)
            free(r->slots);
        free(r);
        free(ws);
        free(wr.stage);
        if (listed)
            *listed = 0;
        return NQ_ERR(ENOMEM);
    }
    nq_listing *l = &r->listing;
    nq_list_order_init(&l->order, n, params->unique);
    nq_records_init(&l->records, n, sink->kind, params->format);
    /* A subproblem never needs more records than the whole listing. */
    l->cap = params->limit ? params->limit : UINT64_MAX;
    atomic_init(&l->stop, 0);
    l->caller_stop = params->hooks ? params->hooks->stop : NULL;
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->writer_cv, NULL);
    pthread_cond_init(&r->worker_cv, NULL);
    wr.r = r;

    const int res = run_listing(r, ws, threads, &wr, params->hooks);
    run_free(r);
    free(ws);
    free(wr.stage);
    if (listed)
        *listed = wr.listed;
    return res;
}
