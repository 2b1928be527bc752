/* 128-bit counts as decimal text, in; out is nq_u128_str of nqueens.h. */
#ifndef NQ_U128_H
#define NQ_U128_H

#include "nqueens.h"

/* Parses a decimal nq_u128 (digits only); 0 or -1. */
int nq_u128_parse(const char *s, nq_u128 *out);

#endif
