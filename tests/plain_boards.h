/* Every solution of small boards by a plain search (a queen per row, each
 * checked against those above): the reference the tests of the halves
 * engine count against. */
#ifndef NQ_TEST_PLAIN_BOARDS_H
#define NQ_TEST_PLAIN_BOARDS_H

#include "nqueens.h"

#include <stdint.h>

typedef struct solutions {
    int n, count;
    int8_t (*boards)[NQ_MAX_N]; /* the queen's column in each row; free() it */
} solutions;

solutions all_solutions(int n);

#endif
