/* 128-bit counts as decimal text, out (nq_u128_str) and in (nq_u128_parse). */
#include "u128.h"

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
