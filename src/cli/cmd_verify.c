/* nqueens verify: recount n = 1..max and check against the published values. */
#include "commands.h"
#include "known_values.h"
#include "option_parser.h"
#include "option_values.h"
#include "output.h"
#include "run_estimate.h"
#include "stop_signals.h"

#include <stdio.h>
#include <string.h>

static void usage(void)
{
    printf("usage: nqueens verify [--max N] [-t|--threads T] [--engine NAME] [--json]\n\n"
           "Recomputes n = 1..N (default 16, at most %d) and checks each count against\n"
           "the published values built into the program (OEIS A000170 and A002562):\n"
           "one PASS/FAIL line per n; exit status 1 on any failure. With --json, one\n"
           "JSON object on stdout instead, with every n's counts and verdict.\n"
           "SIGINT, SIGTERM or SIGHUP stops it: the lines of the n finished stand,\n"
           "the JSON says \"stopped\", and the exit status is 128 + the signal.\n",
           KNOWN_MAX_N);
}

/* A long run is said before it starts. From the largest n down: each n
 * costs several times the one below, so once a term is under 1% of the sum
 * the rest cannot change what is said (and planning and sampling every n
 * took seconds). */
static void announce(int max, int engine, int threads)
{
    double seconds = 0;
    for (int n = max; n >= 1; n--) {
        const double term = cli_estimate_seconds(n, engine, threads, 0, NULL);
        seconds += term;
        if (term < 0.01 * seconds)
            break;
    }
    char what[64];
    snprintf(what, sizeof what, "verify --max %d", max);
    cli_announce_long_run(what, seconds,
                          "'nqueens count N --checkpoint FILE' keeps the work of a large N "
                          "if it is stopped");
}

/* Counts n and prints its verdict (a line, or its JSON object): 1 if it
 * passed, 0 if not, -1 if a stop came first. */
static int check_n(int n, int engine, int threads, const nq_run_hooks *hooks, int json)
{
    unsigned long long want_total, want_unique;
    known_values(n, &want_total, &want_unique);
    const nq_count_params params = { .n = n, .engine = engine, .engine_exact = 1,
                                     .threads = threads, .hooks = hooks };
    nq_count_result res;
    const int err = nq_count(&params, &res);
    if (err == NQ_ERR(EINTR))
        return -1;
    if (err)
        cli_fail("verify: count %d failed: %s", n, nq_strerror(err));
    const int ok = res.total == want_total && (!res.unique_known || res.unique == want_unique);
    char total[40], unique[40] = "unknown";
    nq_u128_str(res.total, total);
    if (res.unique_known)
        nq_u128_str(res.unique, unique);
    if (json)
        printf("%s{\"n\":%d,\"total\":%s,\"unique\":%s,\"expected_total\":%llu,"
               "\"expected_unique\":%llu,\"pass\":%s,\"seconds\":%.6f}",
               n > 1 ? "," : "", n, total, res.unique_known ? unique : "null", want_total,
               want_unique, ok ? "true" : "false", res.seconds);
    else
        printf("%s n=%d total=%s unique=%s expected %llu %llu (%.3f s)\n",
               ok ? "PASS" : "FAIL", n, total, unique, want_total, want_unique, res.seconds);
    cli_finish_stdout(); /* each line as it comes; a closed pipe ends it */
    return ok;
}

int cmd_verify(int argc, char **argv)
{
    const char *value;
    int max = 16, threads = 0, engine = 0, json = 0;
    enum { HELP, MAX, THREADS, ENGINE, JSON };
    static const cli_option options[] = {
        { "help", 'h', 0, HELP },     { "max", 0, 1, MAX },  { "threads", 't', 1, THREADS },
        { "engine", 0, 1, ENGINE },   { "json", 0, 0, JSON }, { NULL, 0, 0, 0 },
    };
    cli_parser parser;
    cli_parser_init(&parser, argc, argv, 1, "verify", options);
    for (int id; (id = cli_next_option(&parser, &value)) != CLI_DONE;) {
        switch (id) {
        case HELP: cli_help(usage);
        case MAX: max = (int)cli_parse_range(value, "--max", 1, KNOWN_MAX_N); break;
        case THREADS: threads = cli_parse_threads(value); break;
        case ENGINE: engine = cli_parse_engine(value); break;
        case JSON: json = 1; break;
        default: cli_reject("verify", value);
        }
    }
    if (!threads)
        threads = cli_default_threads();
    announce(max, engine, threads);
    cli_catch_stop_signals();
    const nq_run_hooks hooks = { .stop = cli_stop_flag() };
    int failures = 0, checked = 0;
    if (json)
        printf("{\"version\":\"%s\",\"engine\":\"%s\",\"threads\":%d,\"max\":%d,\"results\":[",
               nq_version(), nq_engine_get(engine)->name, threads, max);
    for (int n = 1, ok; n <= max && (ok = check_n(n, engine, threads, &hooks, json)) >= 0; n++) {
        failures += !ok;
        checked++;
    }
    const int sig = checked < max ? cli_stop_signal() : 0; /* all checked: a late signal is moot */
    if (json)
        printf("],\"passed\":%d,\"failed\":%d%s%s%s}\n", checked - failures, failures,
               sig ? ",\"stopped\":\"" : "", sig ? cli_stop_name(sig, "") : "", sig ? "\"" : "");
    else if (!sig)
        printf("%s: %d of %d passed (engine %s, %d threads)\n", failures ? "FAIL" : "PASS",
               max - failures, max, nq_engine_get(engine)->name, threads);
    cli_finish_stdout();
    if (sig) {
        fprintf(stderr, "nqueens: verify stopped by %s after n = %d of %d (%d failed)\n",
                cli_stop_name(sig, ""), checked, max, failures);
        return cli_stop_status(sig);
    }
    return failures ? EXIT_RUNTIME : 0;
}
