/* What `count` prints, shared by nqueens and nqueens-mpi: the result line,
 * the JSON object and the message after a stop. */
#ifndef NQ_COMMON_COUNT_REPORT_H
#define NQ_COMMON_COUNT_REPORT_H

#include "nqueens.h"

#include <stdint.h>
#include <stdio.h>

typedef struct count_summary {
    int n;
    nq_u128 total, unique;
    int unique_known;
    const char *engine;
    int threads, depth;
    uint64_t subproblems, resumed_subproblems;
    double seconds;
} count_summary;

/* "n=.. total=.. unique=.. engine=.. threads=.. <extra>seconds=..\n";
 * extra is "" or fields that each end in a space ("ranks=2 "). */
void cli_print_count_line(FILE *f, const count_summary *s, const char *extra);
/* The JSON object up to and with "seconds", left open: the caller adds its
 * own fields and the closing "}\n". */
void cli_print_count_json_open(FILE *f, const count_summary *s);

/* A part's own result (count --part): "n=.. part=K/M subproblems=.. done
 * total_of_part=.. engine=.. threads=.. <extra>seconds=..\n", never a line
 * that reads as Q(n); and its JSON object up to "seconds", left open, with
 * "total_of_part" where a count has "total". */
void cli_print_part_line(FILE *f, const count_summary *s, int part, int parts, const char *extra);
void cli_print_part_json_open(FILE *f, const count_summary *s, int part, int parts);

/* After a stop by signal sig, or by --stop-after if sig is 0: on stderr,
 * what stopped the run and the command that resumes it exactly (command
 * is e.g. "nqueens count"; --depth only for an engine that takes one;
 * --part K/M if parts is not 0; then keep, the options the resume needs
 * as the run had them, from cli_resume_options, or NULL; the path quoted
 * for a shell); depth -1: stopped while planning, before any file was
 * opened; or, if save_error is non-NULL, that the work done could not be
 * saved (and why, if save_error is not ""). Returns the exit status:
 * EXIT_RUNTIME if the save failed, else cli_stop_status's. */
int cli_report_stop(int sig, const char *command, int n, int engine, int depth, int part,
                    int parts, const char *keep, const char *checkpoint, const char *save_error);

/* " -t T --max-memory M" for a resume: each only if not 0 (the plan's
 * fingerprint takes neither, but a thread's blocks follow both, and a
 * checkpoint's marks are kept whole only in blocks as large as theirs:
 * doc/checkpoints.md). */
void cli_resume_options(char *out, size_t size, int threads, uint64_t max_memory);
/* bytes as --max-memory reads them back exactly: 11M, 4G, 17K or 1000. */
char *cli_size_exact(uint64_t bytes, char buf[32]);

/* After a count whose sums failed nq_plan_finish's checks (NQ_ERR(EPROTO)):
 * on stderr, the counts it gave beside the published ones (n <= 27), and
 * the likely cause: the checkpoint if `resumed` subproblems came from it,
 * with how to mend it (nqueens count --recount) or start over; else a fault
 * of the machine or the program. Returns EXIT_RUNTIME. */
int cli_report_wrong_counts(int n, int engine, int depth, nq_u128 total, nq_u128 unique,
                            int unique_known, const char *checkpoint, uint64_t resumed);

#endif
