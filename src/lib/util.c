/* Small helpers: version, 128-bit decimal, clock. */
#include "internal.h"

#include <time.h>

const char *nq_version(void)
{
    return NQ_VERSION;
}

char *nq_u128_str(nq_u128 v, char buf[40])
{
    char tmp[40];
    int len = 0;
    do {
        tmp[len++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    for (int i = 0; i < len; i++)
        buf[i] = tmp[len - 1 - i];
    buf[len] = '\0';
    return buf;
}

double nq_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
