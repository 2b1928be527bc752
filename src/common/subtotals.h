/* Subtotals: every subproblem of a plan with its counts, as TSV with a
 * header line naming the plan, so that anyone can recount a piece of a
 * campaign (nqueens merge --subtotals writes them, nqueens check reads
 * them). The layout, one line each:
 *   # nqueens subtotals n=12 engine=halves depth=0 subproblems=156 fingerprint=0123456789abcdef version=1.2.0
 *   index<TAB>total<TAB>unique
 *   0<TAB>178<TAB>0
 *   ... every subproblem, in index order. */
#ifndef NQ_COMMON_SUBTOTALS_H
#define NQ_COMMON_SUBTOTALS_H

#include <nqueens.h>

#include <stddef.h>
#include <stdio.h>

#define SUBTOTALS_MAGIC "# nqueens subtotals "

/* Writes the subtotals of plan, made for n and engine (results: every
 * subproblem's), to f. 0, or -1
 * if a write failed (errno says why). */
int subtotals_write(FILE *f, const nq_plan *plan, int n, int engine,
                    const nq_sub_result *results);

/* A subtotals file read back: the plan it names, made here and checked
 * against its fingerprint, and every subproblem's counts. */
typedef struct subtotals {
    nq_plan *plan;
    int n, engine;
    nq_sub_result *results;
} subtotals;

/* Reads the file f (named path in messages) into s (zeroed by the caller).
 * 0, or a negative errno with one line in message: a layout other than
 * the writer's (the line is named), a plan this nqueens makes otherwise,
 * or a subproblem missing. hooks (may be NULL) can stop the plan. */
int subtotals_read(FILE *f, const char *path, subtotals *s, const nq_run_hooks *hooks,
                   char *message, size_t size);

void subtotals_free(subtotals *s);

#endif
