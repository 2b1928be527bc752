/* The search kernel: counts the leaves below a subproblem's prefix
 * (backtrack_search_tmpl.c, compiled once per instruction set), by the rules
 * of its rows (backtrack_search.c). */
#ifndef NQ_BACKTRACK_SEARCH_H
#define NQ_BACKTRACK_SEARCH_H

#include "nqueens.h"

#include <stdint.h>

/* A subproblem of the backtracking engines' plans (backtrack_plan.h), where
 * the search starts: its prefix, and its kind, how its leaves are counted
 * (backtrack_plan.c says why). */
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

/* The rules each row of a subproblem obeys (shared by the plan's
 * pre-expansion and the search, so both walk the same tree). */
typedef struct nq_rules {
    int n, kind, bound;
    uint32_t full;
    uint32_t mask[NQ_MAX_N]; /* columns allowed in each row */
    uint32_t side;           /* EDGE: the two side columns */
    int side_row;            /* EDGE: by this row both side columns are taken */
} nq_rules;

void nq_rules_init(nq_rules *rules, int n, const nq_sub *s);
/* nq_rules_mask for rules->kind. */
uint32_t nq_rules_allowed(const nq_rules *rules, int row, uint32_t down);

/* Columns allowed in `row` before the attacks are taken out (`kind` is
 * rules->kind, a constant where the search is specialized). At side_row both
 * side columns must be taken once this row's queen is placed: this prunes the
 * rows > n-1-b at once instead of letting them fail one by one. */
static inline uint32_t nq_rules_mask(const nq_rules *rules, int row, uint32_t down, int kind)
{
    uint32_t m = rules->mask[row];
    if (kind == NQ_SUB_EDGE && row == rules->side_row) {
        const uint32_t taken = down & rules->side;
        m = !taken ? 0 : taken == rules->side ? m : m & rules->side;
    }
    return m;
}

/* Leaf counts of one search, by the size of the class each leaf stands for. */
typedef struct nq_leaves {
    uint64_t by_class[4]; /* classes of 1, 2, 4, 8 boards; PLAIN: [0] only */
} nq_leaves;

/* Searches below the prefix (rows placed, masks l/d/r, board[0..row-1]). */
void nq_search(const nq_rules *rules, int row, uint32_t l, uint32_t d, uint32_t r,
               uint32_t *board, nq_leaves *out);

#endif
