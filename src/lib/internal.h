/* Declarations shared inside libnqueens; never installed. */
#ifndef NQ_INTERNAL_H
#define NQ_INTERNAL_H

#include "nqueens.h"
#include "nq_config.h"

#include <stdint.h>

/* Engine indexes, in the order of the table in engines.c (0 is the default). */
enum {
    NQ_ENG_HALVES,
    NQ_ENG_SYM8,
    NQ_ENG_PMIRROR,
    NQ_ENG_NAIVE,
    NQ_ENG_MIRROR,
    NQ_ENG_MARKING,
    NQ_ENG_AVAILABLE,
    NQ_ENG_BITMASK,
    NQ_ENG_COUNT
};

/* classic.c: the single-threaded textbook methods; the reference the fast
 * engines are checked against. Each returns Q(n). */
uint64_t nq_classic_naive(int n);
uint64_t nq_classic_mirror(int n);
uint64_t nq_classic_marking(int n);
uint64_t nq_classic_available(int n);
uint64_t nq_classic_bitmask(int n);
/* engines.c: Q(n) by the classic engine at index; 0 if it is not one. */
uint64_t nq_classic_count(int engine, int n);

/* symmetry.c: the 8 symmetries of the square acting on a board given as
 * p[row] = column. Symmetry 0 is the identity. */
#define NQ_SYMMETRIES 8
void nq_sym_apply(int sym, int n, const int8_t *p, int8_t *out);
/* 1 if p is the lexicographically smallest board of its class; *class_size
 * (if non-NULL) gets the number of distinct boards in the class (1, 2, 4, 8). */
int nq_sym_is_canonical(int n, const int8_t *p, int *class_size);

/* Monotonic wall-clock seconds. */
double nq_now(void);

#endif

/* ------------------------------------------------------------ plans */

/* How the leaves of a subproblem are counted (plan.c says why). */
enum {
    NQ_SUB_PLAIN,  /* every solution counts `weight` (mirror symmetry: 1 or 2) */
    NQ_SUB_CORNER, /* queen in the corner: each solution stands for a class of 8 */
    NQ_SUB_EDGE,   /* no corner queen: the class is found at the leaf */
};

typedef struct nq_sub {
    uint8_t kind;
    uint8_t weight; /* NQ_SUB_PLAIN only */
    uint8_t bound;  /* CORNER: row 1's column; EDGE: row 0's column */
    uint8_t rows;   /* queens in the prefix: rows 0..rows-1 */
    int8_t cols[NQ_MAX_DEPTH + 2];
} nq_sub;

struct nq_plan {
    int n, engine, depth;
    size_t size;
    nq_sub *subs;   /* backtracking engines */
    void *pieces;   /* other engines' subproblems (halves: nq_mitm_piece) */
    size_t *order; /* work-queue order: largest estimated subproblems first */
    double *weights;
    uint64_t fingerprint;
};

/* Searched rows per piece of a subproblem between two looks at the stop
 * flag (plan.c). */
#define NQ_PIECE_ROWS 8

/* nq_plan_create, giving up with NQ_ERR(EINTR) soon after *stop is set. */
int nq_plan_create_until(nq_plan **out, int n, int engine, int depth, const volatile int *stop);
/* nq_plan_solve_one, giving up with NQ_ERR(EINTR) (out untouched) within a
 * fraction of a second of *stop being set (stop may be NULL). */
int nq_plan_solve_until(const nq_plan *plan, size_t i, const volatile int *stop,
                        nq_sub_result *out);

/* kernel.c: the rules each row of a subproblem obeys (shared by the plan's
 * pre-expansion and the search, so both walk the same tree). */
typedef struct nq_rules {
    int n, kind, bound;
    uint32_t full;
    uint32_t mask[NQ_MAX_N]; /* columns allowed in each row */
    uint32_t side;           /* EDGE: the two side columns */
    int side_row;            /* EDGE: by this row both side columns are taken */
} nq_rules;

void nq_rules_init(nq_rules *k, int n, const nq_sub *s);
uint32_t nq_rules_allowed(const nq_rules *k, int row, uint32_t down);

/* Leaf counts of one search, by the size of the class each leaf stands for. */
typedef struct nq_leaves {
    uint64_t by_class[4]; /* classes of 1, 2, 4, 8 boards; PLAIN: [0] only */
} nq_leaves;

/* Searches below the prefix (rows placed, masks l/d/r, board[0..row-1]). */
void nq_search(const nq_rules *k, int row, uint32_t l, uint32_t d, uint32_t r, uint32_t *board,
               nq_leaves *out);

/* plan.c: the backtracking engines' plans and subproblems. */
int nq_plan_backtrack(nq_plan *plan, const volatile int *stop);
int nq_solve_backtrack(const nq_plan *plan, size_t i, void *work, const volatile int *stop,
                       nq_sub_result *out);
/* Whether (total, unique) can be the counts of subproblem i (checkpoints). */
int nq_plausible_backtrack(const nq_plan *plan, size_t i, nq_u128 total, nq_u128 unique);
/* FNV-1a 64 over len bytes, continuing from h (start: NQ_FNV_START). */
#define NQ_FNV_START 0xcbf29ce484222325ull
uint64_t nq_fnv1a(uint64_t h, const void *data, size_t len);

/* util.c: parses a decimal nq_u128 (digits only); 0 or -1. */
int nq_u128_parse(const char *s, nq_u128 *out);
