/* libnqueens' checkpoints: the finished subproblems of a plan kept in a
 * file, so that a stopped run resumes; part of the public API, included by
 * nqueens.h (the advanced part: plans are declared there). */
#ifndef NQUEENS_CHECKPOINT_H
#define NQUEENS_CHECKPOINT_H

#include "nqueens.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ checkpoint */

/* Checkpoints record the finished subproblems of a plan with their counts,
 * with the format version, n, engine, depth, the plan's fingerprint and a
 * checksum over them and the plan. See doc/checkpoints.md for what is refused. */
typedef struct nq_checkpoint nq_checkpoint;

#define NQ_CHECKPOINT_EVERY 30 /* seconds between periodic writes by default */

/* Which file, and where the calls that take it tell why they fail: one
 * line through log, with error the call's return value (0: a notice while
 * a run goes on), as nq_count_params.log does for a count. Every field's
 * zero (NULL) is the default, as for nq_count_params. */
typedef struct nq_checkpoint_params {
    const char *path;
    int part, parts; /* of nq_count_part's split; 0 and 0: a whole count */
    void (*log)(void *ctx, int error, const char *line); /* NULL: none */
    void *log_ctx;
} nq_checkpoint_params;

/* Opens the checkpoint at params->path for a run of plan, and holds it (an
 * advisory lock) until nq_checkpoint_close. Loads what it holds into
 * done/results (cleared first), removes the temporary files a killed run
 * left next to it, and writes it back at once (a new one: creates it,
 * recording the part), so that a place where it cannot be written fails
 * before any work. On failure nothing is changed on disk. Errors:
 * NQ_ERR(EBADMSG) for a file that is damaged, for another plan or part,
 * implausible, too large, not a regular file, a directory or a symbolic
 * link; NQ_ERR(EBUSY) if another run holds it ("in use by process N");
 * NQ_ERR(EINVAL) for no path or a part that does not exist; another
 * negative errno if it cannot be read, created or written. The
 * checkpoint's later calls tell through the same log. */
NQ_API int nq_checkpoint_open_with(nq_checkpoint **out, const nq_checkpoint_params *params,
                                   const nq_plan *plan, unsigned char *done,
                                   nq_sub_result *results);
/* Writes what done marks, atomically: a new temporary file next to it
 * (mkstemp), fsync, rename, fsync of the folder. Never writes fewer
 * finished subproblems than the file holds (NQ_ERR(EINVAL)). On failure
 * the file is as it was. Not to be called from two threads at once. */
NQ_API int nq_checkpoint_write(nq_checkpoint *ck, const unsigned char *done,
                               const nq_sub_result *results);
/* A periodic write, as nq_count makes them: nq_checkpoint_write, whose
 * lines are notices (error 0): a failure, and that the run goes on and
 * tries again in `every` seconds (0: NQ_CHECKPOINT_EVERY), for a full
 * disk may be freed meanwhile; or the first success after a failure. */
NQ_API int nq_checkpoint_write_periodic(nq_checkpoint *ck, const unsigned char *done,
                                        const nq_sub_result *results, double every);
/* Lets the file go. NULL is allowed. */
NQ_API void nq_checkpoint_close(nq_checkpoint *ck);

/* Loads params->path into done/results (cleared first) without holding
 * it, with the checks of nq_checkpoint_open_with, whatever part it records
 * (params->part and parts are not read): *part and *parts (each may be
 * NULL) get that part, 0 and 0 for a whole count's. NQ_ERR(ENOENT), with
 * no line, if there is no such file. */
NQ_API int nq_checkpoint_read_with(const nq_checkpoint_params *params, const nq_plan *plan,
                                   unsigned char *done, nq_sub_result *results, int *part,
                                   int *parts);

/* 1.0's calls: the same, with the reason as one line in message (of
 * message_size bytes; may be NULL) in place of a log. */
NQ_DEPRECATED("nq_checkpoint_open_with")
NQ_API int nq_checkpoint_open(nq_checkpoint **out, const char *path, const nq_plan *plan,
                              unsigned char *done, nq_sub_result *results, char *message,
                              size_t message_size);
NQ_DEPRECATED("nq_checkpoint_write")
NQ_API int nq_checkpoint_save(nq_checkpoint *ck, const unsigned char *done,
                              const nq_sub_result *results, char *message, size_t message_size);
NQ_DEPRECATED("nq_checkpoint_write_periodic")
NQ_API int nq_checkpoint_save_periodic(nq_checkpoint *ck, const unsigned char *done,
                                       const nq_sub_result *results, double every,
                                       char *message, size_t message_size);
NQ_DEPRECATED("nq_checkpoint_read_with")
NQ_API int nq_checkpoint_read(const char *path, const nq_plan *plan, unsigned char *done,
                              nq_sub_result *results, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_CHECKPOINT_H */
