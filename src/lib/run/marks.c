/* Marks (marks.h): a board of one mark per thread, and the checkpoint's. */
#include "marks.h"

#include "util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct nq_marks {
    pthread_mutex_t lock;
    int threads, progress;
    nq_mark *live; /* one per thread; i = SIZE_MAX: none */
    nq_mark *resumed;
    size_t resumed_count;
};

double nq_mark_every(void)
{
    static double every;
    static int read;
    if (!__atomic_load_n(&read, __ATOMIC_ACQUIRE)) {
        const char *env = getenv("NQUEENS_MARK_EVERY");
        double v = env && *env ? strtod(env, NULL) : NQ_MARK_EVERY;
        if (!(v >= 0))
            v = NQ_MARK_EVERY;
        __atomic_store(&every, &v, __ATOMIC_RELAXED);
        __atomic_store_n(&read, 1, __ATOMIC_RELEASE);
    }
    double v;
    __atomic_load(&every, &v, __ATOMIC_RELAXED);
    return v;
}

int nq_marks_create(nq_marks **out, int threads, const nq_mark *resumed, size_t count)
{
    *out = NULL;
    nq_marks *m = calloc(1, sizeof *m);
    if (!m)
        return NQ_ERR(ENOMEM);
    m->threads = threads;
    m->live = malloc((size_t)threads * sizeof *m->live);
    m->resumed = malloc((count + 1) * sizeof *m->resumed);
    if (!m->live || !m->resumed || pthread_mutex_init(&m->lock, NULL)) {
        free(m->live);
        free(m->resumed);
        free(m);
        return NQ_ERR(ENOMEM);
    }
    for (int t = 0; t < threads; t++)
        m->live[t].i = SIZE_MAX;
    if (count)
        memcpy(m->resumed, resumed, count * sizeof *resumed);
    m->resumed_count = count;
    *out = m;
    return 0;
}

void nq_marks_destroy(nq_marks *m)
{
    if (!m)
        return;
    pthread_mutex_destroy(&m->lock);
    free(m->live);
    free(m->resumed);
    free(m);
}

int nq_marks_threads(const nq_marks *m)
{
    return m->threads;
}

void nq_marks_set_progress(nq_marks *m, int on)
{
    m->progress = on;
}

int nq_marks_progress(const nq_marks *m)
{
    return m->progress;
}

void nq_marks_set(nq_marks *m, int t, const nq_mark *mark)
{
    pthread_mutex_lock(&m->lock);
    if (mark)
        m->live[t] = *mark;
    else
        m->live[t].i = SIZE_MAX;
    pthread_mutex_unlock(&m->lock);
}

const nq_mark *nq_marks_resumed(const nq_marks *m, size_t i)
{
    size_t lo = 0, hi = m->resumed_count;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (m->resumed[mid].i < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->resumed_count && m->resumed[lo].i == i ? &m->resumed[lo] : NULL;
}

static int by_index(const void *a, const void *b)
{
    const size_t x = ((const nq_mark *)a)->i, y = ((const nq_mark *)b)->i;
    return (x > y) - (x < y);
}

long nq_marks_copy(nq_marks *m, const unsigned char *done, nq_mark **out)
{
    nq_mark *all = malloc(((size_t)m->threads + m->resumed_count + 1) * sizeof *all);
    if (!all)
        return NQ_ERR(ENOMEM);
    size_t count = 0;
    pthread_mutex_lock(&m->lock);
    for (int t = 0; t < m->threads; t++)
        if (m->live[t].i != SIZE_MAX)
            all[count++] = m->live[t];
    pthread_mutex_unlock(&m->lock);
    const size_t live = count;
    for (size_t k = 0; k < m->resumed_count; k++) {
        int newer = 0;
        for (size_t j = 0; j < live && !newer; j++)
            newer = all[j].i == m->resumed[k].i;
        if (!newer)
            all[count++] = m->resumed[k];
    }
    size_t kept = 0;
    for (size_t k = 0; k < count; k++)
        if (!done || !__atomic_load_n(&done[all[k].i], __ATOMIC_ACQUIRE))
            all[kept++] = all[k];
    qsort(all, kept, sizeof *all, by_index);
    *out = all;
    return (long)kept;
}
