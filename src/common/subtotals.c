#include "subtotals.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define COLUMNS "index\ttotal\tunique"

/* The header line for a plan, without its newline. */
static void header(char *out, size_t size, const nq_plan *plan, int n, int engine)
{
    snprintf(out, size, SUBTOTALS_MAGIC "n=%d engine=%s depth=%d subproblems=%zu "
             "fingerprint=%016" PRIx64 " version=%s", n, nq_engine_get(engine)->name,
             nq_plan_depth(plan), nq_plan_size(plan), nq_plan_fingerprint(plan), nq_version());
}

int subtotals_write(FILE *f, const nq_plan *plan, int n, int engine,
                    const nq_sub_result *results)
{
    char line[256];
    header(line, sizeof line, plan, n, engine);
    fprintf(f, "%s\n" COLUMNS "\n", line);
    for (size_t i = 0; i < nq_plan_size(plan); i++) {
        char total[40];
        fprintf(f, "%zu\t%s\t%" PRIu64 "\n", i, nq_u128_str(results[i].total, total),
                results[i].unique);
    }
    return fflush(f) || ferror(f) ? -1 : 0;
}

/* Digits only, no sign, space or leading zero, ended by `end`: the
 * writer's form. *s moves past the end character. */
static int parse_number(const char **s, char end, nq_u128 max, nq_u128 *out)
{
    const char *c = *s;
    nq_u128 v = 0;
    if (*c < '0' || *c > '9' || (*c == '0' && c[1] >= '0' && c[1] <= '9'))
        return -1;
    for (; *c >= '0' && *c <= '9'; c++) {
        const unsigned d = (unsigned)(*c - '0');
        if (v > (max - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    if (*c != end)
        return -1;
    *s = c + 1;
    *out = v;
    return 0;
}

/* The header's plan, made here: the same n, engine and depth must give
 * the same subproblems, which the fingerprint proves. */
static int read_header(const char *line, const char *path, subtotals *s,
                       const nq_run_hooks *hooks, char *message, size_t size)
{
    int n, depth, at = 0;
    size_t count;
    char engine[32], version[32], fingerprint[17];
    if (sscanf(line, SUBTOTALS_MAGIC "n=%d engine=%31s depth=%d subproblems=%zu "
               "fingerprint=%16[0-9a-f] version=%31s%n", &n, engine, &depth, &count,
               fingerprint, version, &at) != 6 || line[at] != '\0') {
        snprintf(message, size, "'%s' line 1: not a subtotals header", path);
        return NQ_ERR(EBADMSG);
    }
    s->n = n;
    s->engine = nq_engine_find(engine);
    if (s->engine < 0 || n < 1 || n > NQ_MAX_N) {
        snprintf(message, size, "'%s': subtotals of n=%d engine=%s, which this nqueens does not "
                 "count", path, n, engine);
        return NQ_ERR(EBADMSG);
    }
    int err = nq_plan_create(&s->plan, n, s->engine, depth, hooks);
    if (err) {
        snprintf(message, size, "'%s': cannot make its plan (n=%d engine=%s depth=%d): %s",
                 path, n, engine, depth, nq_strerror(err));
        return err;
    }
    char mine[256];
    header(mine, sizeof mine, s->plan, n, s->engine);
    /* All but the version, which may differ where the plan does not. */
    const size_t kept = (size_t)(strstr(line, " version=") - line);
    if (strncmp(line, mine, kept) || mine[kept] != ' ') {
        mine[strstr(mine, " version=") - mine] = '\0';
        snprintf(message, size, "'%s': made by nqueens %s for another plan than this nqueens "
                 "%s makes (%s): check it with the version that made it", path, version,
                 nq_version(), mine + strlen(SUBTOTALS_MAGIC));
        return NQ_ERR(EBADMSG);
    }
    s->results = calloc(nq_plan_size(s->plan) + 1, sizeof *s->results);
    if (!s->results) {
        snprintf(message, size, "out of memory");
        return NQ_ERR(ENOMEM);
    }
    return 0;
}

/* A row, which must be subproblem i's. */
static int read_row(const char *line, size_t i, nq_sub_result *out)
{
    const char *c = line;
    nq_u128 index, total, unique;
    if (parse_number(&c, '\t', (nq_u128)SIZE_MAX, &index) || index != i ||
        parse_number(&c, '\t', ~(nq_u128)0, &total) ||
        parse_number(&c, '\0', UINT64_MAX, &unique))
        return -1;
    out->total = total;
    out->unique = (uint64_t)unique;
    return 0;
}

int subtotals_read(FILE *f, const char *path, subtotals *s, const nq_run_hooks *hooks,
                   char *message, size_t size)
{
    char *line = NULL;
    size_t cap = 0, number = 0, rows = 0;
    int err = 0;
    for (ssize_t got; !err && (got = getline(&line, &cap, f)) >= 0;) {
        number++;
        if (got == 0 || line[got - 1] != '\n') {
            snprintf(message, size, "'%s' line %zu: cut short (no newline)", path, number);
            err = NQ_ERR(EBADMSG);
            break;
        }
        line[got - 1] = '\0';
        if (number == 1) {
            err = read_header(line, path, s, hooks, message, size);
        } else if (number == 2) {
            if (strcmp(line, COLUMNS)) {
                snprintf(message, size, "'%s' line 2: not the columns '" COLUMNS "'", path);
                err = NQ_ERR(EBADMSG);
            }
        } else if (rows == nq_plan_size(s->plan) ||
                   read_row(line, rows, &s->results[rows])) {
            snprintf(message, size, "'%s' line %zu: not subproblem %zu's index, total and "
                     "unique", path, number, rows);
            err = NQ_ERR(EBADMSG);
        } else {
            rows++;
        }
    }
    free(line);
    if (!err && ferror(f)) {
        snprintf(message, size, "cannot read '%s': %s", path, strerror(errno));
        err = NQ_ERR(EIO);
    } else if (!err && number < 2) {
        snprintf(message, size, "'%s': not a subtotals file (no header)", path);
        err = NQ_ERR(EBADMSG);
    } else if (!err && rows < nq_plan_size(s->plan)) {
        snprintf(message, size, "'%s': holds %zu of the plan's %zu subproblems", path, rows,
                 nq_plan_size(s->plan));
        err = NQ_ERR(EBADMSG);
    }
    return err;
}

void subtotals_free(subtotals *s)
{
    nq_plan_destroy(s->plan);
    free(s->results);
    *s = (subtotals){ 0 };
}
