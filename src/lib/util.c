/* Small helpers: version, error text, 128-bit decimal, clock. */
#define _GNU_SOURCE /* strerrordesc_np */
#include "util.h"

#include "nq_config.h"

#include <string.h>
#include <time.h>

const char *nq_version(void)
{
    return NQ_VERSION;
}

const char *nq_strerror(int err)
{
    /* What each code means when this library returns it; other codes are
     * the system's, passed on from a failed call. */
    static const struct {
        int err;
        const char *text;
    } ours[] = {
        { 0, "success" },
        { NQ_ERR(EINVAL), "invalid argument" },
        { NQ_ERR(EINTR), "stopped by the caller" },
        { NQ_ERR(ENOMEM), "out of memory" },
        { NQ_ERR(E2BIG), "too large: more memory or subproblems than allowed" },
        { NQ_ERR(ENOTSUP), "not supported by this engine" },
        { NQ_ERR(ENOENT), "no such engine or file" },
        { NQ_ERR(EBADMSG), "checkpoint damaged, implausible or for another plan" },
        { NQ_ERR(EBUSY), "checkpoint in use by another run" },
        { NQ_ERR(EPROTO), "consistency check of the counts failed" },
        { NQ_ERR(EAGAIN), "cannot start the threads" },
        { NQ_ERR(ENOSYS), "built without hwloc" },
        { NQ_ERR(ERANGE), "a processor index beyond NQ_MAX_PUS" },
    };
    for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++)
        if (ours[i].err == err)
            return ours[i].text;
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
    const char *sys = err < 0 ? strerrordesc_np(-err) : NULL;
    if (sys)
        return sys;
#endif
    return "unknown error";
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

int nq_u128_parse(const char *s, nq_u128 *out)
{
    const nq_u128 max = ~(nq_u128)0;
    nq_u128 v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        const unsigned d = (unsigned)(*s - '0');
        if (v > (max - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
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
