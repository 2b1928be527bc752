/* The listing's public calls: nq_solve hands each board to a callback,
 * nq_solve_text writes the boards as text; both run the ordered chunk
 * pipeline (solve_pipeline.h), which runs the search (solve_search.h). */
#include "solve_pipeline.h"

nq_solve_params nq_solve_params_default(int n)
{
    return (nq_solve_params){ .n = n };
}

int nq_solve(const nq_solve_params *params, nq_solution_fn fn, void *ctx, uint64_t *listed)
{
    if (!params || !fn)
        return NQ_ERR(EINVAL);
    const nq_list_sink sink = { .kind = NQ_RECORD_COLUMNS, .fn = fn, .ctx = ctx };
    return nq_list_run(params, &sink, listed);
}

int nq_solve_text(const nq_solve_params *params, nq_write_fn write, void *ctx, uint64_t *listed)
{
    if (!params || !write || params->format < NQ_FORMAT_BOARD || params->format > NQ_FORMAT_JSON)
        return NQ_ERR(EINVAL);
    const nq_list_sink sink = { .kind = NQ_RECORD_TEXT, .write = write, .ctx = ctx };
    return nq_list_run(params, &sink, listed);
}
