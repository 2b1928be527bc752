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
 * what stopped the run and how to resume it (the command is e.g. "nqueens
 * count"; --depth only for an engine that takes one; depth -1: stopped
 * while planning, before any file was opened; --part K/M if parts is
 * not 0), or, if
 * save_error is non-NULL, that the work done could not be saved (and why,
 * if save_error is not ""). Returns the exit status: EXIT_RUNTIME if the
 * save failed, else cli_stop_status's. */
int cli_report_stop(int sig, const char *command, int n, int engine, int depth, int part,
                    int parts, const char *checkpoint, const char *save_error);

/* After a count whose sums failed nq_plan_finish's checks (NQ_ERR(EPROTO)):
 * on stderr, the counts it gave beside the published ones (n <= 27), and
 * the likely cause: the checkpoint if `resumed` subproblems came from it,
 * with how to mend it (nqueens count --recount) or start over; else a fault
 * of the machine or the program. Returns EXIT_RUNTIME. */
int cli_report_wrong_counts(int n, int engine, int depth, nq_u128 total, nq_u128 unique,
                            int unique_known, const char *checkpoint, uint64_t resumed);

#endif
