#include "count_report.h"

#include "output.h"
#include "stop_signals.h"

#include <string.h>

static void format_counts(const count_summary *s, int json, char total[40], char unique[40])
{
    nq_u128_str(s->total, total);
    if (s->unique_known)
        nq_u128_str(s->unique, unique);
    else
        snprintf(unique, 40, "%s", json ? "null" : "unknown");
}

void cli_print_count_line(FILE *f, const count_summary *s, const char *extra)
{
    char total[40], unique[40];
    format_counts(s, 0, total, unique);
    fprintf(f, "n=%d total=%s unique=%s engine=%s threads=%d %sseconds=%.3f\n", s->n, total,
            unique, s->engine, s->threads, extra, s->seconds);
}

void cli_print_count_json_open(FILE *f, const count_summary *s)
{
    char total[40], unique[40];
    format_counts(s, 1, total, unique);
    fprintf(f,
            "{\"version\":\"%s\",\"n\":%d,\"total\":%s,\"unique\":%s,\"engine\":\"%s\","
            "\"threads\":%d,"
            "\"depth\":%d,\"subproblems\":%llu,\"resumed_subproblems\":%llu,"
            "\"computed_subproblems\":%llu,\"seconds\":%.6f",
            nq_version(), s->n, total, unique, s->engine, s->threads, s->depth,
            (unsigned long long)s->subproblems, (unsigned long long)s->resumed_subproblems,
            (unsigned long long)(s->subproblems - s->resumed_subproblems), s->seconds);
}

void cli_print_part_line(FILE *f, const count_summary *s, int part, int parts, const char *extra)
{
    char total[40];
    fprintf(f, "n=%d part=%d/%d subproblems=%llu done total_of_part=%s engine=%s threads=%d "
            "%sseconds=%.3f\n", s->n, part, parts, (unsigned long long)s->subproblems,
            nq_u128_str(s->total, total), s->engine, s->threads, extra, s->seconds);
}

void cli_print_part_json_open(FILE *f, const count_summary *s, int part, int parts)
{
    char total[40];
    fprintf(f,
            "{\"version\":\"%s\",\"n\":%d,\"part\":%d,\"parts\":%d,\"total_of_part\":%s,"
            "\"engine\":\"%s\",\"threads\":%d,\"depth\":%d,\"subproblems\":%llu,"
            "\"resumed_subproblems\":%llu,\"computed_subproblems\":%llu,\"seconds\":%.6f",
            nq_version(), s->n, part, parts, nq_u128_str(s->total, total), s->engine, s->threads,
            s->depth, (unsigned long long)s->subproblems,
            (unsigned long long)s->resumed_subproblems,
            (unsigned long long)(s->subproblems - s->resumed_subproblems), s->seconds);
}

char *cli_size_exact(uint64_t bytes, char buf[32])
{
    static const char units[] = "KMGT";
    int u = 0;
    while (u < 4 && bytes && !(bytes & (((uint64_t)1 << 10 * (u + 1)) - 1)))
        u++;
    if (u)
        snprintf(buf, 32, "%llu%c", (unsigned long long)(bytes >> 10 * u), units[u - 1]);
    else
        snprintf(buf, 32, "%llu", (unsigned long long)bytes);
    return buf;
}

void cli_resume_options(char *out, size_t size, int threads, uint64_t max_memory)
{
    char limit[32];
    size_t used = 0;
    *out = '\0';
    if (threads)
        used = (size_t)snprintf(out, size, " -t %d", threads);
    if (max_memory && used < size)
        snprintf(out + used, size - used, " --max-memory %s", cli_size_exact(max_memory, limit));
}

/* path for a shell, in single quotes (a quote in it as '\''). */
static void shell_quoted(FILE *f, const char *path)
{
    fputc('\'', f);
    for (const char *c = path; *c; c++) {
        if (*c == '\'')
            fputs("'\\''", f);
        else
            fputc(*c, f);
    }
    fputc('\'', f);
}

int cli_report_stop(int sig, const char *command, int n, int engine, int depth, int part,
                    int parts, const char *keep, const char *checkpoint, const char *save_error)
{
    const nq_engine_info *info = nq_engine_get(engine);
    const char *why = cli_stop_name(sig, "--stop-after");
    if (depth < 0) {
        /* Stopped while planning: no work began, no file was opened. */
        fprintf(stderr, "%s: stopped by %s while planning, before any work; nothing to save%s%s%s\n",
                cli_program(), why, checkpoint ? " ('" : "", checkpoint ? checkpoint : "",
                checkpoint ? "' is as it was)" : "");
        return cli_stop_status(sig);
    }
    if (save_error) {
        fprintf(stderr, "%s: stopped by %s; the work done could not be saved%s%s\n",
                cli_program(), why, *save_error ? ": " : "", save_error);
        return EXIT_RUNTIME;
    }
    char depth_arg[64] = "";
    if (info->uses_depth && depth)
        snprintf(depth_arg, sizeof depth_arg, " --depth %d", depth);
    if (parts)
        snprintf(depth_arg + strlen(depth_arg), sizeof depth_arg - strlen(depth_arg),
                 " --part %d/%d", part, parts);
    if (!info->parallel) {
        fprintf(stderr, "%s: stopped by %s (%s keeps no checkpoint: it runs again from the "
                        "start)\n", cli_program(), why, info->name);
    } else if (checkpoint) {
        fprintf(stderr, "%s: stopped by %s; the work done is saved in '%s'; resume with: "
                        "%s %d --engine %s%s%s --checkpoint ",
                cli_program(), why, checkpoint, command, n, info->name, depth_arg,
                keep ? keep : "");
        shell_quoted(stderr, checkpoint);
        fputc('\n', stderr);
    } else {
        fprintf(stderr, "%s: stopped by %s; nothing saved (run with --checkpoint FILE "
                        "to keep the work done)\n", cli_program(), why);
    }
    return cli_stop_status(sig);
}

int cli_report_wrong_counts(int n, int engine, int depth, nq_u128 total, nq_u128 unique,
                            int unique_known, const char *checkpoint, uint64_t resumed)
{
    char got[100], want[100] = "", t[40], u[40];
    snprintf(got, sizeof got, "total=%s", nq_u128_str(total, t));
    /* Not formed (halves' U(n) comes from a sum that failed its check). */
    unique_known = unique_known && (unique || !total);
    if (unique_known)
        snprintf(got + strlen(got), sizeof got - strlen(got), " unique=%s", nq_u128_str(unique, u));
    nq_u128 q, qu;
    if (!nq_published(n, &q, &qu)) {
        snprintf(want, sizeof want, "Q(%d)=%s", n, nq_u128_str(q, t));
        if (unique_known)
            snprintf(want + strlen(want), sizeof want - strlen(want), " U(%d)=%s", n,
                     nq_u128_str(qu, u));
    }
    char cause[700];
    const nq_engine_info *info = nq_engine_get(engine);
    if (checkpoint && resumed)
        snprintf(cause, sizeof cause,
                 "the checkpoint '%s', which gave %llu of the subproblems, most likely holds a "
                 "wrong count (it is not written as complete); count them again with: nqueens "
                 "count %d --engine %s --depth %d --checkpoint '%s' --recount (or delete it to "
                 "start over)",
                 checkpoint, (unsigned long long)resumed, n, info->name, depth, checkpoint);
    else
        snprintf(cause, sizeof cause,
                 "no count came from a checkpoint: a fault of this machine (memory, CPU) or of "
                 "nqueens; please report it%s%s%s",
                 checkpoint ? " (the checkpoint '" : "", checkpoint ? checkpoint : "",
                 checkpoint ? "' is not written as complete)" : "");
    fprintf(stderr, "%s: count %d gave %s, %s%s: %s\n", cli_program(), n, got,
            *want ? "but the published " : "which fails the consistency check of the counts",
            want, cause);
    return EXIT_RUNTIME;
}
