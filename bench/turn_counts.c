/* The time of the two searches behind U(n) in the halves engine: S180 (by
 * bit masks, and by the orbit search it replaced) and S90. They run once, on
 * one thread, after Q(n); this shows what they add at large n, where a
 * whole count is out of a benchmark's reach. A disagreement exits 1.
 * Prints "n,s180,s180_seconds,s180_orbit_seconds,s90,s90_seconds".
 * usage: turn_counts MIN_N MAX_N [ORBIT_MAX_N] */
#include "halves/halves.h"
#include "halves/halves_turns.h"
#include "util.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: turn_counts MIN_N MAX_N [ORBIT_MAX_N]\n");
        return 2;
    }
    const int lo = atoi(argv[1]), hi = atoi(argv[2]);
    const int orbit_hi = argc == 4 ? atoi(argv[3]) : hi;
    if (lo < 1 || hi < lo || hi > 32) {
        fprintf(stderr, "turn_counts: need 1 <= MIN_N <= MAX_N <= 32\n");
        return 2;
    }
    printf("n,s180,s180_seconds,s180_orbit_seconds,s90,s90_seconds\n");
    for (int n = lo; n <= hi; n++) {
        double start = nq_now();
        const uint64_t s180 = nq_halves_invariant(n, 2);
        const double s180_seconds = nq_now() - start;
        char orbit[32] = "";
        if (n <= orbit_hi) {
            start = nq_now();
            const uint64_t check = nq_halves_invariant_orbits(n, 2);
            if (check != s180) {
                fprintf(stderr, "turn_counts: n=%d: S180 %" PRIu64 " by bit masks, %" PRIu64
                        " by orbits\n", n, s180, check);
                return 1;
            }
            snprintf(orbit, sizeof orbit, "%.3f", nq_now() - start);
        }
        start = nq_now();
        const uint64_t s90 = nq_halves_invariant(n, 1);
        printf("%d,%" PRIu64 ",%.3f,%s,%" PRIu64 ",%.3f\n", n, s180, s180_seconds, orbit, s90,
               nq_now() - start);
        fflush(stdout);
    }
    return 0;
}
