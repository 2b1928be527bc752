/* Listing N-Queens solutions in lexicographic order, streamed and parallel.
 *
 * The first `depth` rows are expanded lazily, in lexicographic order, into
 * numbered subproblems. Worker threads take them in that order and search
 * each with an iterative bitmask backtracker that tries the lowest free column
 * first, so each subproblem's solutions come out in order; they append the
 * records (raw columns or formatted text) to chunks. The calling thread hands
 * the chunks on strictly by subproblem number, so the output does not depend
 * on the threads. A window of subproblems ahead of the one being written and
 * a cap on the chunks queued per subproblem bound the memory; a stop flag
 * read every few thousand nodes ends the search early.
 */
#include "dispatch.h"
#include "last_rows.h"
#include "symmetry.h"
#include "util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Compiled once per instruction set (dispatch.h): the entry points under
 * this copy's names. */
#define nq_solve NQ_ISA_NAME(nq_solve)
#define nq_solve_text NQ_ISA_NAME(nq_solve_text)

#define CHUNK_BYTES (256 * 1024) /* a chunk holds whole records */
#define STAGE_BYTES (256 * 1024) /* the writer gathers small chunks up to this */
#define SLOT_QUEUE 2             /* full chunks a subproblem may have waiting */
#define STOP_POLL 0x3FFFu        /* nodes between two reads of the stop flag */
#define FC_MIN_ROWS 10           /* rows below a node for forward checking to pay */

/* What a record holds: the text of one of the public formats, or the n
 * column bytes that nq_solve hands to its callback. */
typedef enum record_kind {
    RECORD_BOARD = NQ_FORMAT_BOARD,
    RECORD_COLS = NQ_FORMAT_COLS,
    RECORD_JSON = NQ_FORMAT_JSON,
    RECORD_RAW,
} record_kind;

typedef struct chunk {
    struct chunk *next;
    size_t len;     /* bytes used */
    uint64_t count; /* records */
    char data[];
} chunk;

/* The chunks of one subproblem in the window, oldest first. */
typedef struct slot {
    chunk *head, *tail;
    int queued;
    int done; /* its search has ended and its last chunk is queued */
} slot;

typedef struct run {
    int n, depth, unique, threads;
    record_kind kind;
    uint32_t full;     /* the n low bits */
    uint64_t cap;      /* records a subproblem needs at most */
    size_t max_rec;    /* bytes of the longest record, with slack for 4-byte copies */
    size_t sep_len;    /* separator bytes before each record but the first */
    size_t rec_len;    /* bytes of a record, 0 if they vary (cols) */
    char rows[NQ_MAX_N][NQ_MAX_N + 4]; /* board / JSON text of a row, by column */
    size_t row_len;
    char cols[NQ_MAX_N][4]; /* "12 " by column */
    uint8_t col_len[NQ_MAX_N];

    pthread_mutex_t mu;
    pthread_cond_t writer_cv, worker_cv;
    int8_t gen[NQ_MAX_N]; /* the last prefix handed out */
    int gen_started, gen_done;
    uint64_t next_seq;    /* subproblems handed out */
    uint64_t written_seq; /* subproblems fully delivered */
    uint64_t window;
    slot *slots;
    chunk *free_chunks;
    int failed; /* a negative errno from a worker */
    atomic_int stop;
    const volatile int *caller_stop; /* hooks->stop, or NULL */
    int caller_stopped;              /* the run ended because *caller_stop was set */
} run;

/* Each on its own cache lines: the search writes q, pos and the counts all
 * the time, and two threads must not share a line for it. */
typedef struct worker {
    _Alignas(64) run *r;
    const nq_run_hooks *hooks; /* on_thread_start: thread placement */
    int index;
    pthread_t tid;
    slot *slot;
    chunk *cur;
    char *pos, *end; /* next byte of cur; past end a record may not fit */
    uint64_t emitted; /* records of the current subproblem */
    int8_t q[NQ_MAX_N];
} worker;

/* ---------------------------------------------------------------- chunks */

/* Called with the lock held. */
static chunk *chunk_get(run *r)
{
    chunk *c = r->free_chunks;
    if (c)
        r->free_chunks = c->next;
    else if (!(c = malloc(sizeof *c + CHUNK_BYTES)))
        return NULL;
    c->next = NULL;
    c->len = 0;
    c->count = 0;
    return c;
}

static void chunk_put(run *r, chunk *c)
{
    c->next = r->free_chunks;
    r->free_chunks = c;
}

static void slot_push(run *r, slot *s, chunk *c)
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

/* ------------------------------------------------------------ subproblems */

/* Whether a queen may stand at (row, c) given p[0], beyond the attacks.
 * For --unique: the canonical board is at most each of its 8 images, whose
 * first entries are p[0]'s mirror, the last row's column and its mirror, and
 * the rows (and mirrors) of the queens in columns 0 and n-1. So p[0] is in
 * the left half and every queen on an edge is at least p[0] from a corner. */
static int cell_allowed(const run *r, const int8_t *p, int row, int c)
{
    if (!r->unique)
        return 1;
    const int m = r->n - 1;
    if (row == 0)
        return c <= m - c;
    const int a = p[0];
    if ((row < a || row > m - a) && (c == 0 || c == m))
        return 0;
    return row != m || (c >= a && c <= m - a);
}

static uint32_t row_allowed(const run *r, const int8_t *p, int row)
{
    uint32_t mask = 0;
    for (int c = 0; c < r->n; c++)
        if (cell_allowed(r, p, row, c))
            mask |= 1u << c;
    return mask;
}

static int attacked(const int8_t *p, int row, int c)
{
    for (int k = 0; k < row; k++) {
        const int d = p[k] - c;
        if (d == 0 || d == row - k || d == k - row)
            return 1;
    }
    return 0;
}

/* The next prefix of `depth` rows after r->gen in lexicographic order (the
 * first one on the first call); 0 when there is none. Lock held. */
static int gen_next(run *r)
{
    int8_t *p = r->gen;
    const int d = r->depth, n = r->n;
    int row = 0, c = 0;
    if (r->gen_started) {
        row = d - 1;
        c = p[row] + 1;
    }
    r->gen_started = 1;
    while (row >= 0) {
        while (c < n && (attacked(p, row, c) || !cell_allowed(r, p, row, c)))
            c++;
        if (c < n) {
            p[row] = (int8_t)c;
            if (row == d - 1)
                return 1;
            row++;
            c = 0;
        } else if (--row >= 0) {
            c = p[row] + 1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- workers */

/* Whether the caller asked to stop (hooks->stop); read where the run already
 * looks at its own stop flag. */
static int caller_stopping(const run *r)
{
    return r->caller_stop && *r->caller_stop;
}

/* Turns the caller's request into the run's stop. Lock held. 1 if stopping. */
static int check_stop(run *r)
{
    if (!atomic_load(&r->stop) && caller_stopping(r)) {
        r->caller_stopped = 1;
        atomic_store(&r->stop, 1);
        pthread_cond_broadcast(&r->worker_cv);
        pthread_cond_signal(&r->writer_cv);
    }
    return atomic_load(&r->stop);
}

/* Queues the full chunk and takes a fresh one, waiting while the writer is
 * SLOT_QUEUE chunks behind on this subproblem. 1 if the run is stopping. */
static int handoff(worker *w)
{
    run *r = w->r;
    w->cur->len = (size_t)(w->pos - w->cur->data);
    pthread_mutex_lock(&r->mu);
    slot_push(r, w->slot, w->cur);
    w->cur = NULL;
    while (w->slot->queued >= SLOT_QUEUE && !atomic_load(&r->stop))
        pthread_cond_wait(&r->worker_cv, &r->mu);
    if (!atomic_load(&r->stop) && !(w->cur = chunk_get(r))) {
        r->failed = NQ_ERR(ENOMEM);
        atomic_store(&r->stop, 1);
        pthread_cond_signal(&r->writer_cv);
    }
    pthread_mutex_unlock(&r->mu);
    if (!w->cur)
        return 1;
    w->pos = w->cur->data;
    w->end = w->cur->data + CHUNK_BYTES - w->r->max_rec;
    return 0;
}

/* Appends the solution q as one record; 1 ends this subproblem's search. */
static inline int emit(worker *w, const int8_t *q, int unique)
{
    const run *r = w->r;
    const int n = r->n;
    if (unique && !nq_sym_is_canonical(n, q, NULL))
        return 0;
    if (w->pos > w->end && handoff(w))
        return 1;
    char *o = w->pos;
    switch (r->kind) {
    case RECORD_BOARD:
        *o++ = '\n';
        for (int i = 0; i < n; i++, o += r->row_len)
            memcpy(o, r->rows[q[i]], r->row_len);
        break;
    case RECORD_COLS:
        for (int i = 0; i < n; i++) {
            memcpy(o, r->cols[q[i]], 4); /* fixed 4 bytes: one move, slack reserved */
            o += r->col_len[q[i]];
        }
        o[-1] = '\n';
        break;
    case RECORD_JSON:
        *o++ = ',';
        *o++ = '[';
        for (int i = 0; i < n; i++, o += r->row_len)
            memcpy(o, r->rows[q[i]], r->row_len);
        o[-1] = ']';
        break;
    default:
        memcpy(o, q, (size_t)n);
        o += n;
        break;
    }
    w->pos = o;
    w->cur->count++;
    return ++w->emitted >= r->cap;
}

/* Emits the completions in `ways` of the last NQ_TAIL6 rows (free columns
 * cols) below the prefix in q, lowest way first: in lexicographic order.
 * 1 ends this subproblem's search. */
static inline int emit_ways(worker *w, int8_t *q, const uint64_t *ways, uint32_t cols, int unique)
{
    int8_t *const tail = q + w->r->n - NQ_TAIL6;
    uint32_t col[NQ_TAIL6];
    nq_tail_cols(cols, col, NQ_TAIL6);
    for (int k = 0; k < NQ_TAIL6_WORDS; k++) {
        for (uint64_t m = ways[k]; m; m &= m - 1) {
            const int8_t *perm = nq_tail6_perm[64 * k + __builtin_ctzll(m)];
            for (int i = 0; i < NQ_TAIL6; i++)
                tail[i] = (int8_t)col[perm[i]];
            if (emit(w, q, unique))
                return 1;
        }
    }
    return 0;
}

/* 1 if one of rows from..last has no square left free by the queens placed
 * so far (masks c, l, r as seen from row from - 1), or a free column has no
 * free square left in rows from - 1..last (reach starts with row from - 1's,
 * which the caller has checked). */
static int dead_ahead(const uint32_t *allowed, int from, int last, uint32_t full, uint32_t reach,
                      uint32_t c, uint32_t l, uint32_t r)
{
    /* reach: the columns some row from - 1.. can still take */
    for (int k = from; k <= last; k++) {
        l <<= 1;
        r >>= 1;
        const uint32_t f = allowed[k] & ~(c | l | r);
        if (!f)
            return 1;
        reach |= f;
    }
    return (reach | c) != full;
}

/* Iterative bitmask backtracking (after Richards' bit-parallel formulation)
 * over rows depth..n-1 below the prefix in w->q, lowest column first. The
 * current row's masks live in registers and are pushed only when going down.
 * The last NQ_TAIL6 rows are taken from the tables of last_rows.h; a
 * subproblem that starts within them (n <= 8) is searched down to the last
 * row, which is settled inline from the row above (at most one free bit). */
static inline void search(worker *w, int unique)
{
    const run *r = w->r;
    const int n = r->n, d = r->depth, last = n - 1;
    int8_t *q = w->q;
    uint32_t allowed[NQ_MAX_N];
    uint32_t stack_a[NQ_MAX_N], stack_c[NQ_MAX_N], stack_l[NQ_MAX_N], stack_r[NQ_MAX_N];
    uint32_t c = 0, l = 0, rr = 0;
    for (int row = 0; row < d; row++) {
        const uint32_t bit = 1u << q[row];
        c |= bit;
        l = (l | bit) << 1;
        rr = (rr | bit) >> 1;
    }
    for (int row = d; row < n; row++)
        allowed[row] = unique ? row_allowed(r, q, row) : r->full;
    if (d == n) {
        emit(w, q, unique);
        return;
    }
    if (d == last) { /* one row to go: no search */
        const uint32_t a = ~(c | l | rr) & allowed[last];
        if (a) {
            q[last] = (int8_t)__builtin_ctz(a);
            emit(w, q, unique);
        }
        return;
    }

    /* Forward checking only where subtrees are big (large n): it costs a
     * pass over the rows below, but spares whole dead subtrees. */
    const int fc_below = last - FC_MIN_ROWS;
    const int table_row = d <= last - NQ_TAIL6 ? last - NQ_TAIL6 : -1;
    if (table_row >= 0)
        nq_tail6_init();
    int row = d; /* d < last here: the loop only places rows up to last - 1 */
    uint32_t a = ~(c | l | rr) & allowed[row];
    unsigned tick = 0;
    for (;;) {
        if (!a) {
            if (--row < d)
                return;
            /* Polled on the way up: rarer than nodes, still often enough. */
            if ((++tick & STOP_POLL) == 0 &&
                (atomic_load_explicit(&w->r->stop, memory_order_relaxed) || caller_stopping(w->r)))
                return;
            a = stack_a[row];
            c = stack_c[row];
            l = stack_l[row];
            rr = stack_r[row];
            continue;
        }
        const uint32_t bit = a & (0u - a);
        a ^= bit;
        q[row] = (int8_t)__builtin_ctz(bit);
        const uint32_t nc = c | bit, nl = (l | bit) << 1, nr = (rr | bit) >> 1;
        if (row == table_row) {
            const uint32_t cols = r->full & ~nc;
            uint64_t ways[NQ_TAIL6_WORDS];
            if (nq_tail6_ways(nl, nr, cols, allowed + last + 1 - NQ_TAIL6, ways) &&
                emit_ways(w, q, ways, cols, unique))
                return;
            continue;
        }
        if (row == last - 1) {
            const uint32_t fin = allowed[last] & ~(nc | nl | nr);
            if (fin) {
                q[last] = (int8_t)__builtin_ctz(fin);
                if (emit(w, q, unique))
                    return;
            }
            continue;
        }
        /* Look ahead: a child with no free square is never pushed. */
        const uint32_t na = allowed[row + 1] & ~(nc | nl | nr);
        if (!na)
            continue;
        if (row < fc_below && dead_ahead(allowed, row + 2, last, r->full, na, nc, nl, nr))
            continue;
        stack_a[row] = a;
        stack_c[row] = c;
        stack_l[row] = l;
        stack_r[row] = rr;
        row++;
        c = nc;
        l = nl;
        rr = nr;
        a = na;
    }
}

/* Two copies, so that the unique test folds away from the plain one. */
static void search_all(worker *w)
{
    search(w, 0);
}

static void search_unique(worker *w)
{
    search(w, 1);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    run *r = w->r;
    if (w->hooks && w->hooks->on_thread_start)
        w->hooks->on_thread_start(w->hooks->ctx, w->index);
    pthread_mutex_lock(&r->mu);
    for (;;) {
        while (!atomic_load(&r->stop) && !r->gen_done && r->next_seq >= r->written_seq + r->window)
            pthread_cond_wait(&r->worker_cv, &r->mu);
        if (check_stop(r) || r->gen_done)
            break;
        if (!w->cur && !(w->cur = chunk_get(r))) {
            r->failed = NQ_ERR(ENOMEM);
            atomic_store(&r->stop, 1);
            pthread_cond_signal(&r->writer_cv);
            break;
        }
        if (!gen_next(r)) {
            r->gen_done = 1;
            pthread_cond_broadcast(&r->worker_cv);
            pthread_cond_signal(&r->writer_cv);
            break;
        }
        memcpy(w->q, r->gen, (size_t)r->depth);
        w->slot = &r->slots[r->next_seq % r->window];
        *w->slot = (slot){ 0 };
        r->next_seq++;
        pthread_mutex_unlock(&r->mu);

        w->emitted = 0;
        w->pos = w->cur->data + w->cur->len;
        w->end = w->cur->data + CHUNK_BYTES - r->max_rec;
        if (r->unique)
            search_unique(w);
        else
            search_all(w);

        pthread_mutex_lock(&r->mu);
        if (w->cur) {
            w->cur->len = (size_t)(w->pos - w->cur->data);
            if (w->cur->count) {
                slot_push(r, w->slot, w->cur);
                w->cur = NULL;
            }
        }
        w->slot->done = 1;
        pthread_cond_signal(&r->writer_cv);
        check_stop(r);
    }
    if (w->cur)
        chunk_put(r, w->cur);
    w->cur = NULL;
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

/* ----------------------------------------------------------------- writer */

typedef struct writer {
    run *r;
    nq_solution_fn fn; /* raw records */
    nq_write_fn write; /* text */
    void *ctx;
    uint64_t limit, listed;
    char *stage;
    size_t staged;
} writer;

static int stage_flush(writer *wr)
{
    if (!wr->staged)
        return 0;
    const size_t len = wr->staged;
    wr->staged = 0;
    return wr->write(wr->ctx, wr->stage, len) != 0;
}

static int stage_put(writer *wr, const char *p, size_t len)
{
    if (wr->staged + len > STAGE_BYTES && stage_flush(wr))
        return 1;
    if (len >= STAGE_BYTES)
        return wr->write(wr->ctx, p, len) != 0;
    memcpy(wr->stage + wr->staged, p, len);
    wr->staged += len;
    return 0;
}

/* Bytes taken by the first k records of c. */
static size_t records_len(const run *r, const chunk *c, uint64_t k)
{
    if (r->rec_len)
        return (size_t)k * r->rec_len;
    size_t i = 0;
    for (; k; i++)
        k -= c->data[i] == '\n';
    return i;
}

/* Hands c on: 0 to go on, 1 if the callback stopped, 2 at the limit. */
static int deliver(writer *wr, const chunk *c)
{
    const run *r = wr->r;
    if (r->kind == RECORD_RAW) {
        for (uint64_t i = 0; i < c->count; i++) {
            wr->listed++;
            if (wr->fn(wr->ctx, r->n, (const int8_t *)c->data + i * (uint64_t)r->n))
                return 1;
        }
        return 0;
    }
    uint64_t k = c->count;
    size_t len = c->len;
    int at_limit = 0;
    if (wr->limit && wr->listed + k >= wr->limit) {
        k = wr->limit - wr->listed;
        len = records_len(r, c, k);
        at_limit = 1;
    }
    const char *p = c->data;
    if (wr->listed == 0 && k) { /* no separator before the first record */
        p += r->sep_len;
        len -= r->sep_len;
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
        if (check_stop(r))
            break;
        if (r->written_seq < r->next_seq) {
            slot *s = &r->slots[r->written_seq % r->window];
            if (s->head) {
                chunk *c = s->head;
                if (!(s->head = c->next))
                    s->tail = NULL;
                s->queued--;
                pthread_cond_broadcast(&r->worker_cv);
                pthread_mutex_unlock(&r->mu);
                res = deliver(wr, c);
                pthread_mutex_lock(&r->mu);
                chunk_put(r, c);
                if (res)
                    break;
                continue;
            }
            if (s->done) {
                r->written_seq++;
                pthread_cond_broadcast(&r->worker_cv);
                continue;
            }
        } else if (r->gen_done) {
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
        pthread_cond_wait(&r->writer_cv, &r->mu);
    }
    atomic_store(&r->stop, 1);
    pthread_cond_broadcast(&r->worker_cv);
    pthread_mutex_unlock(&r->mu);
    return res;
}

/* ------------------------------------------------------------------- run */

/* Rows expanded into the numbered subproblems: enough of them to keep the
 * threads busy, each still large enough that handing it out costs little. */
static int pick_depth(int n)
{
    static const int above[] = { 6, 10, 16, 20 };
    const int d = nq_depth_for(n, 1, above, 4);
    return d < n ? d : n;
}

static void run_tables(run *r)
{
    const int n = r->n;
    r->full = nq_full_mask(n);
    r->depth = pick_depth(n);
    switch (r->kind) {
    case RECORD_BOARD:
        r->row_len = (size_t)n + 1;
        for (int c = 0; c < n; c++) {
            memset(r->rows[c], '.', (size_t)n);
            r->rows[c][c] = 'Q';
            r->rows[c][n] = '\n';
        }
        r->sep_len = 1;
        r->rec_len = 1 + (size_t)n * r->row_len;
        r->max_rec = r->rec_len;
        break;
    case RECORD_JSON: /* "..Q.", */
        r->row_len = (size_t)n + 3;
        for (int c = 0; c < n; c++) {
            r->rows[c][0] = '"';
            memset(r->rows[c] + 1, '.', (size_t)n);
            r->rows[c][1 + c] = 'Q';
            r->rows[c][n + 1] = '"';
            r->rows[c][n + 2] = ',';
        }
        r->sep_len = 1;
        r->rec_len = 2 + (size_t)n * r->row_len;
        r->max_rec = r->rec_len;
        break;
    case RECORD_COLS:
        for (int c = 0; c < n; c++) {
            char *s = r->cols[c];
            memset(s, 0, 4);
            if (c >= 10)
                *s++ = (char)('0' + c / 10);
            *s++ = (char)('0' + c % 10);
            *s++ = ' ';
            r->col_len[c] = (uint8_t)(s - r->cols[c]);
        }
        r->sep_len = 0;
        r->rec_len = 0;
        r->max_rec = 3 * (size_t)n + 4;
        break;
    default:
        r->sep_len = 0;
        r->rec_len = (size_t)n;
        r->max_rec = (size_t)n;
        break;
    }
}

static int solve_run(int n, int unique, int threads, record_kind kind, writer *wr,
                     const nq_run_hooks *hooks)
{
    if (n < NQ_MIN_N || n > NQ_MAX_N || threads < 0 || threads > NQ_MAX_THREADS)
        return NQ_ERR(EINVAL);
    threads = nq_threads_for(threads);

    run *r = calloc(1, sizeof *r);
    worker *ws = aligned_alloc(64, (size_t)threads * sizeof *ws);
    if (ws)
        memset(ws, 0, (size_t)threads * sizeof *ws);
    if (r) {
        r->window = 4 * (uint64_t)threads + 4;
        r->slots = calloc(r->window, sizeof *r->slots);
    }
    wr->stage = kind == RECORD_RAW ? NULL : malloc(STAGE_BYTES);
    if (!r || !ws || !r->slots || (kind != RECORD_RAW && !wr->stage)) {
        if (r)
            free(r->slots);
        free(r);
        free(ws);
        free(wr->stage);
        return NQ_ERR(ENOMEM);
    }
    r->n = n;
    r->unique = unique != 0;
    r->kind = kind;
    r->threads = threads;
    /* A subproblem never needs more records than the whole listing. */
    r->cap = kind != RECORD_RAW && wr->limit ? wr->limit : UINT64_MAX;
    run_tables(r);
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->writer_cv, NULL);
    pthread_cond_init(&r->worker_cv, NULL);
    atomic_init(&r->stop, 0);
    r->caller_stop = hooks ? hooks->stop : NULL;
    wr->r = r;

    int started = 0, err = 0;
    for (; started < threads; started++) {
        ws[started].r = r;
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
        atomic_store(&r->stop, 1);
        pthread_cond_broadcast(&r->worker_cv);
        pthread_mutex_unlock(&r->mu);
    } else {
        if (kind == RECORD_JSON && stage_put(wr, "[", 1))
            res = 1;
        else
            res = write_all(wr);
    }
    for (int i = 0; i < started; i++)
        pthread_join(ws[i].tid, NULL);
    if (!err)
        err = r->failed;
    if (!err && r->caller_stopped)
        err = NQ_ERR(EINTR); /* the listing is left unfinished, as when write stops it */
    if (!err && res != 1 && kind != RECORD_RAW) {
        if ((kind == RECORD_JSON && stage_put(wr, "]\n", 2)) || stage_flush(wr))
            res = 1;
    }

    /* Whatever the writer did not take is still in the slots. */
    for (uint64_t i = 0; i < r->window; i++)
        for (chunk *c = r->slots[i].head, *next; c; c = next) {
            next = c->next;
            free(c);
        }
    for (chunk *c = r->free_chunks, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    pthread_cond_destroy(&r->worker_cv);
    pthread_cond_destroy(&r->writer_cv);
    pthread_mutex_destroy(&r->mu);
    free(r->slots);
    free(r);
    free(ws);
    free(wr->stage);
    wr->stage = NULL;
    if (err)
        return err;
    return res == 1 ? NQ_ERR(EINTR) : 0;
}

int nq_solve(int n, int unique, int threads, nq_solution_fn fn, void *ctx)
{
    if (!fn)
        return NQ_ERR(EINVAL);
    writer wr = { .fn = fn, .ctx = ctx };
    return solve_run(n, unique, threads, RECORD_RAW, &wr, NULL);
}

int nq_solve_text(const nq_solve_params *params, nq_write_fn write, void *ctx, uint64_t *listed)
{
    if (!params || !write || params->format < NQ_FORMAT_BOARD || params->format > NQ_FORMAT_JSON)
        return NQ_ERR(EINVAL);
    writer wr = { .write = write, .ctx = ctx, .limit = params->limit };
    const int res = solve_run(params->n, params->unique, params->threads,
                              (record_kind)params->format, &wr, params->hooks);
    if (listed)
        *listed = wr.listed;
    return res;
}
