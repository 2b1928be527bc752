/* Work units, as the programs see them: the subproblems of one part, and
 * the checkpoints of a split count read together and checked (nqueens
 * merge). */
#ifndef NQ_COMMON_MERGE_H
#define NQ_COMMON_MERGE_H

#include <nqueens_parts.h>

#include <stddef.h>

/* The subproblems of part `part` of `parts`: mask[i] = 1 (malloc'd), or
 * NULL without memory or for a part the plan does not have. */
unsigned char *cli_part_mask(const nq_plan *plan, int part, int parts);

typedef struct merge {
    nq_plan *plan;      /* the plan of the first file */
    int n, engine, depth; /* as its header says */
    int parts;          /* M of the split the files come from; 1: whole counts */
    int *part_of;       /* each subproblem's part, 1..parts */
    unsigned char *done; /* held by some file */
    nq_sub_result *results;
    int *from;          /* the first file that holds each one */
    size_t held;        /* subproblems held by some file */
    size_t *part_size, *part_missing; /* [1..parts]: each part's size and gap */
    int files;
} merge;

/* Reads the checkpoints at paths[0..files) into m (zeroed by the caller):
 * each must be valid for the plan the first one names, all of one split,
 * and a subproblem held twice must have the same counts. 0, or a negative
 * errno with one line in message (it names the file, and for two counts
 * the subproblem, both files and both counts). */
int merge_load(merge *m, const char *const *paths, int files, char *message, size_t size);

/* The estimated share of the work the files hold, and their solutions. */
double merge_work_done(const merge *m);
nq_u128 merge_solutions(const merge *m);

/* How many of part p's subproblems (0: of all) are missing, and how many
 * it has (after merge_load succeeded). */
size_t merge_missing(const merge *m, int p, size_t *of);

/* The missing subproblems of part p (0: of all) as index ranges, "4, 17-19,
 * ...", at most `most` ranges, into out: one pass over the plan. */
void merge_missing_ranges(const merge *m, int p, int most, char *out, size_t size);

/* "45 of 64 subproblems missing: part 1/3 (all 16), part 3/3 (3 of 19: 4,
 * 17-19)": the gap, for an error line. */
void merge_describe_gap(const merge *m, char *out, size_t size);

void merge_free(merge *m);

#endif
