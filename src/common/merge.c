#include "merge.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends to out[0..size) at *used; a line too long is cut, never overrun. */
__attribute__((format(printf, 4, 5))) static void append(char *out, size_t size, size_t *used,
                                                         const char *fmt, ...)
{
    if (*used >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    const int w = vsnprintf(out + *used, size - *used, fmt, ap);
    va_end(ap);
    *used = w < 0 ? size : *used + (size_t)w;
}

unsigned char *cli_part_mask(const nq_plan *plan, int part, int parts)
{
    const size_t size = nq_plan_size(plan);
    int *part_of = malloc((size + 1) * sizeof *part_of);
    unsigned char *mask = calloc(size + 1, 1);
    if (!part_of || !mask || nq_plan_split(plan, parts, part_of) || part < 1 || part > parts) {
        free(part_of);
        free(mask);
        return NULL;
    }
    for (size_t i = 0; i < size; i++)
        mask[i] = part_of[i] == part;
    free(part_of);
    return mask;
}

/* "part 3/8", or "a whole count". */
static void name_part(char *out, size_t size, int part, int parts)
{
    if (parts)
        snprintf(out, size, "part %d/%d", part, parts);
    else
        snprintf(out, size, "a whole count");
}

/* Where the library's line about a file goes: merge's message. */
typedef struct message_out {
    char *message;
    size_t size;
} message_out;

static void keep_line(void *ctx, int error, const char *line)
{
    const message_out *out = ctx;
    (void)error;
    snprintf(out->message, out->size, "%s", line);
}

/* The plan the first file names, and the arrays for it. */
static int make_plan(merge *m, const char *path, char *message, size_t size)
{
    nq_checkpoint_about about;
    message_out out = { message, size };
    const nq_checkpoint_params file = { .path = path, .log = keep_line, .log_ctx = &out };
    int err = nq_checkpoint_peek_with(&file, &about);
    if (err)
        return err;
    m->n = about.n, m->engine = about.engine, m->depth = about.depth;
    err = nq_plan_create(&m->plan, about.n, about.engine, about.depth, NULL);
    if (err) {
        snprintf(message, size, "checkpoint '%s': cannot make its plan (n=%d engine=%s "
                 "depth=%d): %s", path, about.n, nq_engine_get(about.engine)->name, about.depth,
                 nq_strerror(err));
        return err;
    }
    const size_t n = nq_plan_size(m->plan) + 1;
    m->done = calloc(n, 1);
    m->results = calloc(n, sizeof *m->results);
    m->from = calloc(n, sizeof *m->from);
    m->part_of = calloc(n, sizeof *m->part_of);
    if (!m->done || !m->results || !m->from || !m->part_of) {
        snprintf(message, size, "out of memory");
        return NQ_ERR(ENOMEM);
    }
    return 0;
}

int merge_load(merge *m, const char *const *paths, int files, char *message, size_t size)
{
    int err = make_plan(m, paths[0], message, size);
    if (err)
        return err;
    const size_t n = nq_plan_size(m->plan);
    unsigned char *done = calloc(n + 1, 1);
    nq_sub_result *results = calloc(n + 1, sizeof *results);
    if (!done || !results)
        err = NQ_ERR(ENOMEM), snprintf(message, size, "out of memory");
    int first_part = 0, first_parts = 0;
    for (int f = 0; f < files && !err; f++) {
        int part, parts;
        message_out out = { message, size };
        const nq_checkpoint_params file = { .path = paths[f], .log = keep_line, .log_ctx = &out };
        err = nq_checkpoint_read_with(&file, m->plan, done, results, &part, &parts);
        if (err == NQ_ERR(ENOENT))
            snprintf(message, size, "checkpoint '%s': no such file", paths[f]);
        if (err)
            break;
        if (f == 0) {
            first_part = part, first_parts = parts;
            m->parts = parts ? parts : 1;
            err = nq_plan_split(m->plan, m->parts, m->part_of);
            if (err) {
                snprintf(message, size, "cannot split the plan: %s", nq_strerror(err));
                break;
            }
        } else if ((parts ? parts : 1) != m->parts) {
            char mine[40], first[40];
            name_part(mine, sizeof mine, part, parts);
            name_part(first, sizeof first, first_part, first_parts);
            snprintf(message, size, "checkpoint '%s' holds %s, '%s' %s: the files must come "
                     "from one split (the same M)", paths[f], mine, paths[0], first);
            err = NQ_ERR(EBADMSG);
            break;
        }
        for (size_t i = 0; i < n; i++) {
            if (!done[i])
                continue;
            if (!m->done[i]) {
                m->done[i] = 1;
                m->results[i] = results[i];
                m->from[i] = f;
                m->held++;
                continue;
            }
            const nq_sub_result *a = &m->results[i], *b = &results[i];
            if (a->total != b->total || a->unique != b->unique) {
                char ta[40], tb[40];
                snprintf(message, size, "subproblem %zu has two counts: '%s' holds total=%s "
                         "unique=%llu, '%s' holds total=%s unique=%llu", i, paths[m->from[i]],
                         nq_u128_str(a->total, ta), (unsigned long long)a->unique, paths[f],
                         nq_u128_str(b->total, tb), (unsigned long long)b->unique);
                err = NQ_ERR(EBADMSG);
                break;
            }
        }
    }
    m->files = files;
    free(done);
    free(results);
    /* Each part's size and gap, once: a campaign may have thousands. */
    if (!err) {
        m->part_size = calloc((size_t)m->parts + 1, sizeof *m->part_size);
        m->part_missing = calloc((size_t)m->parts + 1, sizeof *m->part_missing);
        if (!m->part_size || !m->part_missing) {
            snprintf(message, size, "out of memory");
            return NQ_ERR(ENOMEM);
        }
        for (size_t i = 0; i < n; i++) {
            m->part_size[m->part_of[i]]++;
            m->part_missing[m->part_of[i]] += !m->done[i];
        }
    }
    return err;
}

double merge_work_done(const merge *m)
{
    double all = 0, held = 0;
    for (size_t i = 0; i < nq_plan_size(m->plan); i++) {
        all += nq_plan_weight(m->plan, i);
        held += m->done[i] ? nq_plan_weight(m->plan, i) : 0;
    }
    return all > 0 ? held / all : 1;
}

nq_u128 merge_solutions(const merge *m)
{
    nq_u128 sum = 0;
    for (size_t i = 0; i < nq_plan_size(m->plan); i++)
        sum += m->done[i] ? m->results[i].total : 0;
    return sum;
}

size_t merge_missing(const merge *m, int p, size_t *of)
{
    if (of)
        *of = p ? m->part_size[p] : nq_plan_size(m->plan);
    return p ? m->part_missing[p] : nq_plan_size(m->plan) - m->held;
}

void merge_missing_ranges(const merge *m, int p, int most, char *out, size_t size)
{
    const size_t n = nq_plan_size(m->plan);
    size_t used = 0;
    int ranges = 0;
    *out = '\0';
    for (size_t i = 0; i < n && used < size; i++) {
        if (m->done[i] || (p && m->part_of[i] != p))
            continue;
        /* A range runs over the part's missing subproblems with no held
         * one of the part between them. */
        size_t j = i;
        for (size_t k = i + 1; k < n && (!p || m->part_of[k] != p || !m->done[k]); k++)
            if (!p || m->part_of[k] == p)
                j = k;
        if (ranges++ == most) {
            append(out, size, &used, ", ...");
            return;
        }
        const char *sep = used ? ", " : "";
        if (j > i)
            append(out, size, &used, "%s%zu-%zu", sep, i, j);
        else
            append(out, size, &used, "%s%zu", sep, i);
        i = j;
    }
}

void merge_describe_gap(const merge *m, char *out, size_t size)
{
    size_t all;
    const size_t missing = merge_missing(m, 0, &all);
    size_t used = 0;
    append(out, size, &used, "%zu of %zu subproblems missing: ", missing, all);
    if (m->parts == 1) {
        if (used < size)
            merge_missing_ranges(m, 0, 8, out + used, size - used);
        return;
    }
    int named = 0;
    for (int p = 1; p <= m->parts && used < size; p++) {
        size_t of;
        const size_t gap = merge_missing(m, p, &of);
        if (!gap)
            continue;
        if (named++ == 8) {
            append(out, size, &used, ", and more parts");
            return;
        }
        append(out, size, &used, "%spart %d/%d (", named > 1 ? ", " : "", p, m->parts);
        if (gap == of) {
            append(out, size, &used, "all %zu)", of);
        } else {
            char ranges[200];
            merge_missing_ranges(m, p, 3, ranges, sizeof ranges);
            append(out, size, &used, "%zu of %zu: %s)", gap, of, ranges);
        }
    }
}

void merge_free(merge *m)
{
    nq_plan_destroy(m->plan);
    free(m->part_of);
    free(m->done);
    free(m->results);
    free(m->from);
    free(m->part_size);
    free(m->part_missing);
    *m = (merge){ 0 };
}
