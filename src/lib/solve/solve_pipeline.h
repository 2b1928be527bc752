/* The ordered chunk pipeline of a listing (solve_pipeline.c). Worker threads
 * take the numbered subproblems in order, search each (solve_search.h) and
 * append its records to chunks (solve_worker.h); the calling thread hands
 * the chunks on strictly by subproblem number, so the output does not
 * depend on the threads. A window of subproblems ahead of the one being
 * handed on and a cap on the chunks queued per subproblem bound the
 * memory. A chunk the calling thread waits for is handed on before it is
 * full once it has filled for a moment, so the first boards of a large n
 * are not held back. */
#ifndef NQ_SOLVE_PIPELINE_H
#define NQ_SOLVE_PIPELINE_H

#include "nqueens.h"
#include "solve_record.h"
#include "util.h"

#include <stdint.h>

/* Where the records go, in order, always from the calling thread: each board
 * to fn (NQ_RECORD_COLUMNS), or the text to write (NQ_RECORD_TEXT). */
typedef struct nq_list_sink {
    nq_record_kind kind;
    nq_solution_fn fn;
    nq_write_fn write;
    void *ctx;
} nq_list_sink;

/* Lists as params says (its format only for NQ_RECORD_TEXT). *listed (if
 * non-NULL) gets the number of records handed to the sink. 0 when done (all
 * of them, or params->limit), NQ_ERR(EINTR) if the sink or hooks->stop
 * stopped it, NQ_ERR(EINVAL) for bad parameters, else a negative errno. */
NQ_HIDDEN int nq_list_run(const nq_solve_params *params, const nq_list_sink *sink,
                          uint64_t *listed);

#endif
