/* Small helpers shared inside libnqueens: the clock, FNV-1a, the depth rule. */
#include "util.h"

#include <time.h>

double nq_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double nq_thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

uint64_t nq_fnv1a(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * UINT64_C(0x100000001b3);
    return h;
}

int nq_depth_for(int n, int first, const int *above, int count)
{
    int depth = first;
    for (int i = 0; i < count && n > above[i]; i++)
        depth++;
    return depth;
}

void *nq_carve_take(nq_carve *c, size_t bytes)
{
    void *p = c->at ? c->at + c->used : NULL;
    c->used += (bytes + 63) & ~(size_t)63;
    return p;
}
