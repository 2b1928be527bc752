/* The rules each row of a subproblem obeys (backtrack_search.h), shared by
 * the plan's pre-expansion and the search (backtrack_search_tmpl.c). */
#include "backtrack_search.h"

#include "util.h"

#include <string.h>

void nq_rules_init(nq_rules *rules, int n, const nq_sub *s)
{
    const int kind = s->kind, bound = s->bound;
    memset(rules, 0, sizeof *rules);
    rules->n = n;
    rules->kind = kind;
    rules->bound = bound;
    rules->full = nq_full_mask(n);
    rules->side_row = -1;
    for (int y = 0; y < n; y++)
        rules->mask[y] = rules->full;
    if (kind == NQ_SUB_CORNER) {
        for (int y = 2; y < bound; y++)
            rules->mask[y] &= ~2u;
    } else if (kind == NQ_SUB_EDGE && n > 1) {
        const uint32_t side = 1u | (1u << (n - 1));
        const uint32_t near_corners = ((1u << bound) - 1) | (((1u << bound) - 1) << (n - bound));
        rules->side = side;
        rules->side_row = n - 1 - bound;
        for (int y = 1; y < bound; y++)
            rules->mask[y] &= ~side;
        rules->mask[n - 1] &= ~near_corners;
    }
}

uint32_t nq_rules_allowed(const nq_rules *rules, int row, uint32_t down)
{
    return nq_rules_mask(rules, row, down, rules->kind);
}
