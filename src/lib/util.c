/* Small helpers shared inside libnqueens: the clock, FNV-1a, the depth rule,
 * buffers carved from one block. */
#include "util.h"

#include <stdint.h>
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

#define CARVE_LINE 64

void *nq_carve_take(nq_carve *c, size_t bytes)
{
    void *p = c->at ? c->at + c->used : NULL;
    c->used += (bytes + CARVE_LINE - 1) & ~(size_t)(CARVE_LINE - 1);
    return p;
}

size_t nq_carve_block_bytes(const nq_carve *sized)
{
    return sized->used + CARVE_LINE - 1; /* room to start on a line */
}

nq_carve nq_carve_from(void *block)
{
    const uintptr_t at = ((uintptr_t)block + CARVE_LINE - 1) & ~(uintptr_t)(CARVE_LINE - 1);
    return (nq_carve){ .at = (unsigned char *)at };
}

void nq_bits_over_subsets(uint64_t *t, int f)
{
    static const uint64_t clear[6] = { 0x5555555555555555u, 0x3333333333333333u,
                                       0x0f0f0f0f0f0f0f0fu, 0x00ff00ff00ff00ffu,
                                       0x0000ffff0000ffffu, 0x00000000ffffffffu };
    const size_t words = f > 6 ? (size_t)1 << (f - 6) : 1;
    for (int b = 0; b < 6 && b < f; b++)
        for (size_t w = 0; w < words; w++)
            t[w] |= (t[w] & clear[b]) << (1 << b);
    for (int b = 6; b < f; b++) {
        const size_t step = (size_t)1 << (b - 6);
        for (size_t w = 0; w < words; w++)
            if (w & step)
                t[w] |= t[w ^ step];
    }
}
