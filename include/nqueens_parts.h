/* libnqueens: work units. A count split into parts that run apart (the
 * tasks of a Slurm job array, say), each into its own checkpoint, and
 * combined afterwards (`nqueens merge`): the calls below, with those of
 * nqueens.h's advanced section. Stable as nqueens.h within one MAJOR
 * version; the split itself, like the plan, is fixed within one library
 * version only. */
#ifndef NQUEENS_PARTS_H
#define NQUEENS_PARTS_H

#include "nqueens.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Splits plan's subproblems into `parts` parts of about equal estimated
 * work (nq_plan_weight): part_of[i], for each of the plan's subproblems,
 * gets its part, 1..parts. Deterministic: it depends on the plan (n,
 * engine, depth) and parts only, and each part has at least one
 * subproblem. NQ_ERR(ERANGE) if parts is below 1 or above the plan's size;
 * NQ_ERR(ENOMEM). */
NQ_API int nq_plan_split(const nq_plan *plan, int parts, int *part_of);

/* Counts part `part` of `parts` (1 <= part <= parts) of the count params
 * describes, as nq_count runs a whole one. params->checkpoint is required:
 * the file is the part's result, it records the part, and another part's
 * or a whole count's file is refused. result->total and result->unique get
 * the sums over the part's subproblems, not Q(n) and U(n) (those come from
 * nq_plan_finish over the sum of every part); result->subproblems is the
 * part's size. Errors as nq_count's, and NQ_ERR(EINVAL) without a
 * checkpoint or with a bad part, NQ_ERR(ENOTSUP) for an engine without a
 * plan, NQ_ERR(ERANGE) if the plan has fewer subproblems than parts (log
 * says how many it has). */
NQ_API int nq_count_part(const nq_count_params *params, int part, int parts,
                         nq_count_result *result);

/* What a checkpoint's header says it holds. */
typedef struct nq_checkpoint_about {
    int version;
    int n, engine, depth; /* engine: its index (nq_engine_get) */
    uint64_t fingerprint;
    size_t subproblems;
    int part, parts; /* 0 and 0: a whole count */
} nq_checkpoint_about;

/* Reads params->path's header only, without a plan, to learn which plan
 * to make for it: NQ_ERR(ENOENT) if there is no such file, NQ_ERR(EBADMSG)
 * if it is no checkpoint of an engine this library has, each with one line
 * to params->log; nothing below the header is checked
 * (nq_checkpoint_read_with does). */
NQ_API int nq_checkpoint_peek_with(const nq_checkpoint_params *params,
                                   nq_checkpoint_about *about);

/* 1.0's calls, with the reason as one line in message in place of a log:
 * nq_checkpoint_peek_with, nq_checkpoint_open_with with params' part, and
 * nq_checkpoint_read_with. */
NQ_DEPRECATED("nq_checkpoint_peek_with")
NQ_API int nq_checkpoint_peek(const char *path, nq_checkpoint_about *about, char *message,
                              size_t message_size);
NQ_DEPRECATED("nq_checkpoint_open_with")
NQ_API int nq_checkpoint_open_part(nq_checkpoint **out, const char *path, const nq_plan *plan,
                                   int part, int parts, unsigned char *done,
                                   nq_sub_result *results, char *message,
                                   size_t message_size);
NQ_DEPRECATED("nq_checkpoint_read_with")
NQ_API int nq_checkpoint_read_part(const char *path, const nq_plan *plan, int *part, int *parts,
                                   unsigned char *done, nq_sub_result *results, char *message,
                                   size_t message_size);

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_PARTS_H */
