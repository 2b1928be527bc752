/* The cost of one take from the driver's work queue: an OpenMP
 * schedule(dynamic, 1) loop (one shared counter increment per iteration in
 * libgomp) with an empty body, so that every thread contends for the counter
 * all the time: an upper bound for the real run, where takes are seconds of
 * search apart. Prints "threads,iterations,ns_per_take" (the best of 5).
 * usage: queue_cost THREADS ITERATIONS */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: queue_cost THREADS ITERATIONS\n");
        return 2;
    }
    const int threads = atoi(argv[1]);
    const long iterations = atol(argv[2]);
    if (threads < 1 || iterations < 1) {
        fprintf(stderr, "queue_cost: THREADS and ITERATIONS must be positive\n");
        return 2;
    }
    double best = 1e30;
    volatile long sink = 0; /* keeps the loops' result alive */
    for (int rep = 0; rep < 5; rep++) {
        long taken = 0;
        const double start = omp_get_wtime();
#pragma omp parallel num_threads(threads) reduction(+ : taken)
        {
#pragma omp for schedule(dynamic, 1)
            for (long i = 0; i < iterations; i++)
                taken += i & 1; /* a body the compiler cannot drop */
        }
        const double seconds = omp_get_wtime() - start;
        sink = taken;
        if (seconds < best)
            best = seconds;
    }
    printf("%d,%ld,%.1f\n", threads, iterations, 1e9 * best / (double)iterations);
    (void)sink;
    return 0;
}
