/* Two measurements of the halves engine at sizes a whole count cannot reach
 * here (doc/halves.md cites them):
 *   halves_parts rows N NORTH SOUTH P PART...  one row set of even N (west
 *       queens' north and south rows as bit masks), cut into P west parts:
 *       each PART counted and timed, and its count and CPU seconds times P
 *       (P = 1: the whole row set); compare the products with the whole;
 *   halves_parts turns N  the plan's turn parts (S180 and S90, behind U(N))
 *       on the OpenMP threads: wall and CPU seconds.
 * Prints one line per measurement. */
#include "halves/halves.h"
#include "halves/halves_engine.h"
#include "halves/halves_turns.h"
#include "halves/halves_work.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int rows(int argc, char **argv)
{
    const int n = atoi(argv[2]), parts = atoi(argv[5]);
    if (n < 4 || n % 2 || n > NQ_MAX_N || parts < 1 || parts > 65535)
        return 2;
    nq_halves_work *w;
    if (nq_halves_work_create(&w, n, nq_cpu_level(), 0))
        return 1;
    for (int i = 6; i < argc; i++) {
        nq_halves_piece p = { .middle_col = -1, .middle_row = -1,
                              .north = (uint32_t)strtoul(argv[3], NULL, 0),
                              .south = (uint32_t)strtoul(argv[4], NULL, 0),
                              .part = (uint16_t)atoi(argv[i]),
                              .parts = (uint16_t)(parts > 1 ? parts : 0) };
        nq_u128 total;
        const double start = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);
        if (nq_halves_count_piece(w, &p, NULL, &total))
            return 1;
        const double cpu = cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - start;
        printf("n=%d parts=%d part=%d count=%.6g times_parts=%.6g cpu=%.3f times_parts=%.1f\n", n,
               parts, p.part, (double)total, (double)total * parts, cpu, cpu * parts);
        fflush(stdout);
    }
    nq_halves_work_destroy(w);
    return 0;
}

static int turns(int n)
{
    if (n < 1 || n > NQ_MAX_N)
        return 2;
    nq_halves_piece *p = malloc(((size_t)n * n + n + 1) * sizeof *p);
    if (!p)
        return 1;
    const size_t k = nq_halves_turn_parts(n, p);
    unsigned long long s180 = 0, s90 = 0;
    const double wall = omp_get_wtime(), cpu = cpu_seconds(CLOCK_PROCESS_CPUTIME_ID);
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : s180, s90)
    for (size_t i = 0; i < k; i++) {
        uint64_t found = 0;
        const int c1 = p[i].south == NQ_HALVES_ANY ? -1 : (int)p[i].south;
        nq_halves_turn_part(n, p[i].turns, (int)p[i].north, c1, NULL, &found);
        if (p[i].turns == 2)
            s180 += found;
        else
            s90 += found;
    }
    printf("n=%d parts=%zu s180=%llu s90=%llu threads=%d wall=%.2f cpu=%.2f\n", n, k, s180, s90,
           omp_get_max_threads(), omp_get_wtime() - wall,
           cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu);
    free(p);
    return 0;
}

int main(int argc, char **argv)
{
    int status = 2;
    if (argc >= 7 && !strcmp(argv[1], "rows"))
        status = rows(argc, argv);
    else if (argc == 3 && !strcmp(argv[1], "turns"))
        status = turns(atoi(argv[2]));
    if (status == 2)
        fprintf(stderr, "usage: halves_parts rows N NORTH SOUTH P PART... | turns N\n");
    return status;
}
