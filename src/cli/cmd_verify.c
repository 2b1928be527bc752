/* nqueens verify: recount n = 1..max and check against the published values. */
#include "args.h"
#include "commands.h"
#include "known_values.h"
#include "run_estimate.h"

#include <stdio.h>
#include <string.h>

static void usage(void)
{
    printf("usage: nqueens verify [--max N] [-t|--threads T] [--engine NAME]\n\n"
           "Recomputes n = 1..N (default 16, at most %d) and checks each count against the\n"
           "published values built into the program (OEIS A000170 and A002562): one\n"
           "PASS/FAIL line per n; exit status 1 on any failure.\n",
           KNOWN_MAX_N);
}

int cmd_verify(int argc, char **argv)
{
    const char *value;
    int max = 16, threads = 0, engine = 0;
    for (int i = 1; i < argc; i++) {
        if (cli_opt_flag(argv[i], "-h", "--help")) {
            usage();
            cli_finish_stdout();
            return 0;
        } else if (cli_opt_value(argc, argv, &i, NULL, "--max", &value)) {
            max = (int)cli_parse_range(value, "--max", 1, KNOWN_MAX_N);
        } else if (cli_opt_value(argc, argv, &i, "-t", "--threads", &value)) {
            threads = cli_parse_threads(value);
        } else if (cli_opt_value(argc, argv, &i, NULL, "--engine", &value)) {
            engine = cli_parse_engine(value);
        } else {
            cli_reject("verify", argv[i]);
        }
    }
    if (!threads)
        threads = cli_default_threads();

    double seconds = 0;
    for (int n = 1; n <= max; n++)
        seconds += cli_estimate_seconds(n, engine, threads);
    char what[64];
    snprintf(what, sizeof what, "verify --max %d", max);
    cli_announce_long_run(what, seconds,
                          "'nqueens count N --checkpoint FILE' keeps the work of a large N "
                          "if it is stopped");
    int failures = 0;
    for (int n = 1; n <= max; n++) {
        unsigned long long want_total, want_unique;
        known_values(n, &want_total, &want_unique);
        const nq_count_params params = { .n = n, .engine = engine, .threads = threads };
        nq_count_result res;
        const int err = nq_count(&params, &res);
        if (err)
            cli_fail("verify: count %d failed: %s", n, strerror(-err));
        const int ok = res.total == want_total && (!res.unique_known || res.unique == want_unique);
        char total[40], unique[40] = "unknown";
        nq_u128_str(res.total, total);
        if (res.unique_known)
            nq_u128_str(res.unique, unique);
        printf("%s n=%d total=%s unique=%s expected %llu %llu (%.3f s)\n", ok ? "PASS" : "FAIL", n,
               total, unique, want_total, want_unique, res.seconds);
        cli_finish_stdout(); /* each line as it comes; a closed pipe ends it */
        failures += !ok;
    }
    printf("%s: %d of %d passed (engine %s, %d threads)\n", failures ? "FAIL" : "PASS",
           max - failures, max, nq_engine_get(engine)->name, threads);
    cli_finish_stdout();
    return failures ? EXIT_RUNTIME : 0;
}
