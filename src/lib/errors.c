/* The text of each error code the library returns (nq_strerror). */
#define _GNU_SOURCE /* strerrordesc_np */
#include "nqueens.h"

#include <string.h>

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
