/* Where threads ran, as text and JSON: nqueens topology, and the placement
 * lines of count and solve. */
#ifndef NQ_COMMON_PLACEMENT_PRINT_H
#define NQ_COMMON_PLACEMENT_PRINT_H

#include "nqueens.h"

#include <stdio.h>

/* p's PU OS indexes as ranges: "0-3,8,10-11". */
void cli_print_pus(FILE *f, const nq_placement *p);
/* [{"thread":0,"numa":0,"pus":[0,1]},...] (numa null if no single node). */
void cli_placement_json(FILE *f, const nq_placement *p, int count);
/* One short line, threads with the same PUs grouped:
 * "threads 0,2 on PUs 0-1 (node 0); threads 1,3 on PUs 2-3 (node 1)". */
void cli_placement_line(FILE *f, const nq_placement *p, int count);

#endif
