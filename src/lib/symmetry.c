/* The dihedral group of the square acting on N-Queens boards.
 * A board is p[row] = column; every symmetry maps solutions to solutions. */
#include "symmetry.h"

#include "nqueens.h"

#include <string.h>

void nq_sym_apply(int sym, int n, const int8_t *p, int8_t *out)
{
    const int m = n - 1;
    for (int r = 0; r < n; r++) {
        const int c = p[r];
        switch (sym) {
        case 0: out[r] = (int8_t)c; break;           /* identity */
        case 1: out[c] = (int8_t)(m - r); break;     /* rotate 90: (r,c) -> (c, m-r) */
        case 2: out[m - r] = (int8_t)(m - c); break; /* rotate 180 */
        case 3: out[m - c] = (int8_t)r; break;       /* rotate 270: (r,c) -> (m-c, r) */
        case 4: out[r] = (int8_t)(m - c); break;     /* mirror left-right */
        case 5: out[m - r] = (int8_t)c; break;       /* mirror top-bottom */
        case 6: out[c] = (int8_t)r; break;           /* transpose */
        default: out[m - c] = (int8_t)(m - r); break; /* anti-transpose */
        }
    }
}

int nq_sym_is_canonical(int n, const int8_t *p, int *class_size)
{
    int8_t t[NQ_MAX_N];
    int fixed = 1; /* the identity */
    for (int s = 1; s < NQ_SYMMETRIES; s++) {
        nq_sym_apply(s, n, p, t);
        const int cmp = memcmp(t, p, (size_t)n);
        if (cmp < 0)
            return 0;
        fixed += cmp == 0;
    }
    if (class_size)
        *class_size = NQ_SYMMETRIES / fixed;
    return 1;
}
