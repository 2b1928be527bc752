/* nqueens merge: the checkpoints of a count's parts (count --part K/M)
 * combined into Q(N) and U(N), after every check that can fail; --status,
 * how far a campaign of parts is. */
#include "commands.h"
#include "count_report.h"
#include "merge.h"
#include "option_parser.h"
#include "output.h"
#include "subtotals.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void usage(void)
{
    printf("usage: nqueens merge FILE... [--subtotals OUT] [--json]\n"
           "       nqueens merge --status FILE... [--json]\n\n"
           "Combines the checkpoints of the parts of one count (each made by 'nqueens count\n"
           "N' with '--part K/M' and '--checkpoint FILE', one file per part, given in any\n"
           "order) and prints what count prints for the whole N. First every file must be a\n"
           "valid checkpoint of the same plan and split, every subproblem must be held by a\n"
           "file, and a subproblem held by two files must have the same counts in both:\n"
           "otherwise one line says what is wrong, and the exit status is 1. Files of two\n"
           "independent runs of the same split may be merged together: that is a second\n"
           "computation of every subproblem, and any disagreement is named.\n\n"
           "options:\n"
           "  --status         how far the parts are: the share of the estimated work\n"
           "                   done, the subproblems missing per part, the solutions so\n"
           "                   far (exit status 0 with parts missing)\n"
           "  --subtotals OUT  also writes every subproblem's index, total and unique to\n"
           "                   OUT, as TSV under a line naming the plan: what anyone can\n"
           "                   recount a piece of ('nqueens check OUT')\n"
           "  --json           one JSON object on stdout\n"
           "  -h, --help       this help\n");
}

static void print_status(const merge *m, int json)
{
    char solutions[40];
    nq_u128_str(merge_solutions(m), solutions);
    size_t all;
    const size_t missing = merge_missing(m, 0, &all);
    const char *engine = nq_engine_get(m->engine)->name;
    if (json)
        printf("{\"version\":\"%s\",\"n\":%d,\"engine\":\"%s\",\"depth\":%d,\"parts\":%d,"
               "\"files\":%d,\"subproblems\":%zu,\"missing\":%zu,\"work_done\":%.6f,"
               "\"solutions_so_far\":%s,\"missing_per_part\":[",
               nq_version(), m->n, engine, m->depth, m->parts, m->files, all, missing,
               merge_work_done(m), solutions);
    else
        printf("n=%d engine=%s depth=%d parts=%d files=%d subproblems=%zu missing=%zu "
               "work_done=%.1f%% solutions_so_far=%s\n",
               m->n, engine, m->depth, m->parts, m->files, all, missing,
               100 * merge_work_done(m), solutions);
    int ranged = 0;
    for (int p = 1; p <= m->parts; p++) {
        size_t of;
        const size_t gap = merge_missing(m, p, &of);
        if (json) {
            printf("%s%zu", p > 1 ? "," : "", gap);
            continue;
        }
        if (!gap) {
            printf("part %d/%d: complete (%zu subproblems)\n", p, m->parts, of);
            continue;
        }
        /* Ranges for the first parts with a gap only: each takes a pass
         * over the plan. */
        char ranges[200] = "";
        if (gap < of && ranged++ < 16)
            merge_missing_ranges(m, p, 4, ranges, sizeof ranges);
        printf("part %d/%d: %zu of %zu missing%s%s\n", p, m->parts, gap, of, *ranges ? ": " : "",
               ranges);
    }
    if (json)
        printf("]}\n");
}

/* Q(n) and U(n) from every subproblem, as count gives them; exits 1 if they
 * fail the engine's check or contradict the published values. */
static nq_sub_result checked_sum(const merge *m)
{
    nq_sub_result sum;
    nq_plan_sum(m->plan, m->done, m->results, &sum);
    /* Every engine's subproblems sum to Q(n) before its finish. */
    nq_u128 want_total, want_unique;
    char total[40], want[40];
    if (!nq_published(m->n, &want_total, &want_unique) && sum.total != want_total)
        cli_fail("merge: the files give total=%s for n=%d, not the published Q(%d)=%s: a file "
                 "holds a wrong count", nq_u128_str(sum.total, total), m->n, m->n,
                 nq_u128_str(want_total, want));
    if (nq_plan_finish(m->plan, &sum))
        cli_fail("merge: the counts fail the plan's consistency check (total=%s): a file holds "
                 "a wrong count", nq_u128_str(sum.total, total));
    return sum;
}

/* --subtotals OUT, once the counts passed every check; exits 1 if it
 * cannot be written. */
static void write_subtotals(const merge *m, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        cli_fail("merge: cannot write '%s': %s", path, strerror(errno));
    const int failed = subtotals_write(f, m->plan, m->n, m->engine, m->results);
    const int saved = errno;
    if (fclose(f) || failed)
        cli_fail("merge: cannot write '%s': %s", path, strerror(failed ? saved : errno));
}

static void print_total(const merge *m, const nq_sub_result *sum, int json, double start)
{
    const nq_engine_info *info = nq_engine_get(m->engine);
    const size_t size = nq_plan_size(m->plan);
    const count_summary summary = {
        .n = m->n, .total = sum->total, .unique = sum->unique,
        .unique_known = info->gives_unique, .engine = info->name, .threads = 1,
        .depth = m->depth, .subproblems = size, .resumed_subproblems = size,
        .seconds = now() - start
    };
    if (json) {
        cli_print_count_json_open(stdout, &summary);
        printf(",\"parts\":%d,\"files\":%d}\n", m->parts, m->files);
    } else {
        char extra[64];
        snprintf(extra, sizeof extra, "parts=%d files=%d ", m->parts, m->files);
        cli_print_count_line(stdout, &summary, extra);
    }
}

int cmd_merge(int argc, char **argv)
{
    const double start = now();
    const char *value, *subtotals_path = NULL;
    int json = 0, status = 0, files = 0;
    const char **paths = calloc((size_t)argc + 1, sizeof *paths);
    if (!paths)
        cli_fail("merge: out of memory");
    enum { HELP, JSON, STATUS, SUBTOTALS };
    static const cli_option options[] = {
        { "help", 'h', 0, HELP },
        { "json", 0, 0, JSON },
        { "status", 0, 0, STATUS },
        { "subtotals", 0, 1, SUBTOTALS },
        { NULL, 0, 0, 0 },
    };
    cli_parser parser;
    cli_parser_init(&parser, argc, argv, 1, "merge", options);
    for (int id; (id = cli_next_option(&parser, &value)) != CLI_DONE;) {
        switch (id) {
        case HELP: cli_help(usage);
        case JSON: json = 1; break;
        case STATUS: status = 1; break;
        case SUBTOTALS:
            if (!*value)
                cli_usage_error("merge: --subtotals takes a file name, got an empty one");
            subtotals_path = value;
            break;
        default:
            if (!*value)
                cli_usage_error("merge: a file name is empty");
            paths[files++] = value;
        }
    }
    if (!files)
        cli_usage_error("merge: missing FILE..., the checkpoints of the parts (see 'nqueens merge "
                        "--help')");
    if (status && subtotals_path)
        cli_usage_error("merge: --subtotals needs every subproblem's counts, not --status");
    merge m = { 0 };
    char message[1024] = "";
    if (merge_load(&m, paths, files, message, sizeof message))
        cli_fail("merge: %s", message);
    if (status) {
        print_status(&m, json);
    } else if (m.held < nq_plan_size(m.plan)) {
        merge_describe_gap(&m, message, sizeof message);
        cli_fail("merge: %s; no total without them", message);
    } else {
        const nq_sub_result sum = checked_sum(&m);
        if (subtotals_path)
            write_subtotals(&m, subtotals_path);
        print_total(&m, &sum, json, start);
    }
    merge_free(&m);
    free(paths);
    cli_finish_stdout();
    return 0;
}
