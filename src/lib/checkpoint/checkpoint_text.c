/* The checkpoint's text: a small file that a person can read,
 *
 *   nqueens-checkpoint 4
 *   n 18
 *   engine parallel-sym8
 *   depth 3
 *   plan 9c1d0a7be2f44a13        (the plan's fingerprint)
 *   subproblems 4321
 *   part 3/8                     (versions 3 and 5 only: part 3 of 8, see parts.c)
 *   done 2
 *   4 1234 154                   (index, total, unique; indexes increasing)
 *   17 1234567 154321
 *   marks 1                      (versions 6 to 9 only: subproblems a stop cut short)
 *   9 W0 3 1 7 52 1204 0 0 8417 2871  (index, the engine's 10 words; W0: halves_marks.c)
 *   checksum 5be1d5f3a0c9e871
 *
 * The checksum is FNV-1a 64 over the reader's own plan (version, n, depth,
 * fingerprint, size, the engine's name) and then every byte above its line.
 * A whole count is written as version 4, a part of a split (nq_count_part)
 * as version 5; with marks (marks.h), as 8 and 9, which older readers
 * refuse rather than lose the marks (1.1's 6 and 7 are read, and their
 * unsealed marks of 8 words dropped). Versions 1 to 3, 1.0's, still read: their plan
 * fingerprint and seal held the engine's index then (V1_ENGINES), version 1
 * has no seal, version 3 is a part. A reader accepts exactly this layout,
 * with plausible values only, and nothing else: a truncated, edited or
 * foreign file is refused rather than half-used, and left as it was.
 *
 * (The file handling is checkpoint_file.c; the calls, checkpoint.c.) */
#include "checkpoint_text.h"

#include "engines.h"
#include "u128.h"
#include "util.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What this nqueens writes for a whole count and for a part, and the newest
 * it reads; 1.0 wrote 2 and 3 (and 1 before them). */
#define FORMAT_WHOLE 4
#define FORMAT_PART 5
#define FORMAT_MARKED 4 /* added to either when the file holds marks (2 in 1.1) */
#define FORMAT_NEWEST 9
#define MAX_MARKS 65536
#define MARK_LINE (21 * (NQ_MARK_WORDS + 1))
#define FORMAT_V1_NEWEST 3
#define MAGIC "nqueens-checkpoint"
/* The longest subproblem line: index, 128-bit total, 64-bit unique. */
#define MAX_LINE (20 + 1 + 39 + 1 + 20 + 1)

/* ------------------------------------------------------------ messages */

/* Fills message with "checkpoint 'PATH': ..." and returns err. */
int nq_ck_say(char *message, size_t size, const char *path, int err, const char *fmt, ...)
{
    if (message && size) {
        const int w = snprintf(message, size, "checkpoint '%s': ", path);
        if (w >= 0 && (size_t)w < size) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(message + w, size - (size_t)w, fmt, ap);
            va_end(ap);
        }
        /* One line, whatever the path holds. */
        for (char *c = message; *c; c++)
            if (*c == '\n' || *c == '\r')
                *c = '?';
    }
    return err;
}

/* ------------------------------------------------------------ the text */

static int has_part(int version)
{
    return version == 3 || (version >= FORMAT_PART && version % 2); /* 3, 5, 7, 9 */
}

/* The engines of nqueens 1.0 by their index then, which its checkpoints'
 * fingerprints and seals hold; -1 for an engine it did not have. */
static int v1_index(const char *name)
{
    static const char *const V1_ENGINES[] = { "halves", "parallel-sym8", "parallel-mirror" };
    for (int i = 0; i < (int)(sizeof V1_ENGINES / sizeof V1_ENGINES[0]); i++)
        if (!strcmp(name, V1_ENGINES[i]))
            return i;
    return -1;
}

/* The checksum of body: from version 2 on, over the plan (with the
 * fingerprint the file holds) it must belong to first, so that a file is
 * valid for one plan only. */
static uint64_t checksum(const nq_plan *plan, int version, uint64_t fingerprint,
                         const char *body, size_t len)
{
    uint64_t h = NQ_FNV_START;
    const char *engine = plan->engine->info.name;
    if (version >= FORMAT_WHOLE) {
        const uint64_t seal[5] = { (uint64_t)version, (uint64_t)plan->n, (uint64_t)plan->depth,
                                   fingerprint, plan->size };
        h = nq_fnv1a(h, seal, sizeof seal);
    } else if (version >= 2) {
        const uint64_t seal[6] = { (uint64_t)version, (uint64_t)plan->n,
                                   (uint64_t)v1_index(engine), (uint64_t)plan->depth,
                                   fingerprint, plan->size };
        h = nq_fnv1a(h, seal, sizeof seal);
    }
    if (version >= 2)
        h = nq_fnv1a(h, engine, strlen(engine) + 1);
    return nq_fnv1a(h, body, len);
}

static void put(nq_ck_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(nq_ck_text *t, const char *fmt, ...)
{
    while (!t->failed) {
        va_list ap;
        va_start(ap, fmt);
        const size_t room = t->cap - t->len;
        const int w = t->p ? vsnprintf(t->p + t->len, room, fmt, ap) : -1;
        va_end(ap);
        if (w >= 0 && (size_t)w < room) {
            t->len += (size_t)w;
            return;
        }
        const size_t cap = t->cap ? 2 * t->cap : 1 << 16;
        char *grown = realloc(t->p, cap);
        if (!grown) {
            t->failed = 1;
            return;
        }
        t->p = grown;
        t->cap = cap;
    }
}

static void put_header(nq_ck_text *t, const nq_plan *plan, uint64_t fingerprint, int version,
                       nq_ck_part part, size_t done)
{
    put(t, "%s %d\nn %d\nengine %s\ndepth %d\nplan %016" PRIx64 "\nsubproblems %zu\n", MAGIC,
        version, plan->n, plan->engine->info.name, plan->depth, fingerprint, plan->size);
    if (has_part(version))
        put(t, "part %d/%d\n", part.part, part.parts);
    put(t, "done %zu\n", done);
}

/* The file's text for what done marks (NULL: nothing); *listed gets how
 * many it holds. done[i] only ever goes from 0 to 1 (release), so one pass
 * that reads it with acquire lists each finished subproblem with its final
 * counts. */
int nq_ck_render(const nq_plan *plan, nq_ck_part part, const unsigned char *done,
                 const nq_sub_result *results, const nq_mark *marks, size_t mark_count,
                 nq_ck_text *out, size_t *listed)
{
    if (mark_count > MAX_MARKS)
        mark_count = MAX_MARKS;
    const int version =
        (part.parts ? FORMAT_PART : FORMAT_WHOLE) + (mark_count ? FORMAT_MARKED : 0);
    nq_ck_text body = { 0 };
    *listed = 0;
    for (size_t i = 0; done && i < plan->size; i++) {
        if (!__atomic_load_n(&done[i], __ATOMIC_ACQUIRE))
            continue;
        char total[40];
        put(&body, "%zu %s %" PRIu64 "\n", i, nq_u128_str(results[i].total, total),
            results[i].unique);
        ++*listed;
    }
    if (mark_count)
        put(&body, "marks %zu\n", mark_count);
    for (size_t k = 0; k < mark_count; k++) {
        put(&body, "%zu", marks[k].i);
        for (int j = 0; j < NQ_MARK_WORDS; j++)
            put(&body, " %" PRIu64, marks[k].w[j]);
        put(&body, "\n");
    }
    put_header(out, plan, plan->fingerprint, version, part, *listed);
    put(out, "%s", body.p ? body.p : "");
    put(out, "checksum %016" PRIx64 "\n",
        out->p ? checksum(plan, version, plan->fingerprint, out->p, out->len) : 0);
    const int failed = out->failed || body.failed;
    free(body.p);
    return failed ? NQ_ERR(ENOMEM) : 0;
}

/* The largest file a plan can have: a bigger one is refused unread. */
size_t nq_ck_size_limit(const nq_plan *plan)
{
    const size_t marks = plan->size < MAX_MARKS ? plan->size : MAX_MARKS;
    return 512 + plan->size * MAX_LINE + marks * MARK_LINE;
}

/* Strict decimal: digits only, no sign, space or leading zero. */
static int parse_u128(const char *s, size_t len, nq_u128 *out)
{
    if (!len || len > 39 || (s[0] == '0' && len > 1))
        return -1;
    char buf[40];
    memcpy(buf, s, len);
    buf[len] = '\0';
    return nq_u128_parse(buf, out);
}

/* The next line of [*cursor, end) without its newline, or NULL. */
static const char *next_line(const char **cursor, const char *end, size_t *len)
{
    const char *line = *cursor;
    const char *nl = line < end ? memchr(line, '\n', (size_t)(end - line)) : NULL;
    if (!nl)
        return NULL;
    *len = (size_t)(nl - line);
    *cursor = nl + 1;
    return line;
}

/* The header, read loosely, only to say what the file was made for:
 * NQ_ERR(EBADMSG) unless it names plan's n, engine, depth and fingerprint
 * (or 1.0's fingerprint of the same plan, in a file of 1.0's formats). */
int nq_ck_check_plan(const char *path, const nq_plan *plan, const char *buf, size_t len,
                     int *version_out, uint64_t *fingerprint_out, char *message, size_t size)
{
    const int bad = NQ_ERR(EBADMSG);
    int version = 0, n = 0, depth = 0;
    char engine[64] = "", extra;
    uint64_t fingerprint = 0;
    char head[512];
    const size_t head_len = len < sizeof head - 1 ? len : sizeof head - 1;
    memcpy(head, buf, head_len);
    head[head_len] = '\0';
    if (sscanf(head, MAGIC " %d%c", &version, &extra) != 2 || extra != '\n')
        return nq_ck_say(message, size, path, bad, "not an nqueens checkpoint (bad header)");
    if (version < 1 || version > FORMAT_NEWEST)
        return nq_ck_say(message, size, path, bad, "format version %d, this nqueens reads 1 to %d",
                         version, FORMAT_NEWEST);
    const char *p = strchr(head, '\n') + 1;
    if (sscanf(p, "n %d\nengine %63s\ndepth %d\nplan %" SCNx64, &n, engine, &depth,
               &fingerprint) != 4)
        return nq_ck_say(message, size, path, bad, "not an nqueens checkpoint (bad header)");
    const char *want_engine = plan->engine->info.name;
    if (n != plan->n || strcmp(engine, want_engine) || depth != plan->depth)
        return nq_ck_say(message, size, path, bad,
                         "made for n=%d engine=%s depth=%d, not n=%d engine=%s depth=%d", n, engine,
                         depth, plan->n, want_engine, plan->depth);
    if (plan->fingerprint_before && fingerprint == plan->fingerprint_before)
        return nq_ck_say(message, size, path, bad,
                         "made by nqueens 1.1 or earlier, whose %s pieces of n=%d count other "
                         "shares of Q(n): finish it with that version, or start again", want_engine,
                         n);
    if (fingerprint != plan->fingerprint) {
        /* 1.0's fingerprint held the engine's index: the same plan, made
         * again with it (only for a file of its formats). */
        uint64_t v1 = 0;
        const int index = v1_index(want_engine);
        const int err = version > FORMAT_V1_NEWEST || index < 0
                            ? 0 : nq_plan_fingerprint_as(plan, index, &v1);
        if (err)
            return nq_ck_say(message, size, path, err, "cannot plan again to check it: %s",
                             nq_strerror(err));
        if (version > FORMAT_V1_NEWEST || index < 0 || fingerprint != v1)
            return nq_ck_say(message, size, path, bad,
                             "its subproblems differ from this version's plan (fingerprint "
                             "%016" PRIx64 ", expected %016" PRIx64 ")",
                             fingerprint, plan->fingerprint);
    }
    *version_out = version;
    *fingerprint_out = fingerprint;
    return 0;
}

int nq_ck_about(const char *path, const char *buf, size_t len, nq_checkpoint_about *about,
                char *message, size_t size)
{
    const int bad = NQ_ERR(EBADMSG);
    char head[512], engine[64] = "", extra;
    const size_t head_len = len < sizeof head - 1 ? len : sizeof head - 1;
    memcpy(head, buf, head_len);
    head[head_len] = '\0';
    nq_checkpoint_about a = { 0 };
    if (sscanf(head, MAGIC " %d%c", &a.version, &extra) != 2 || extra != '\n')
        return nq_ck_say(message, size, path, bad, "not an nqueens checkpoint (bad header)");
    if (a.version < 1 || a.version > FORMAT_NEWEST)
        return nq_ck_say(message, size, path, bad, "format version %d, this nqueens reads 1 to %d",
                         a.version, FORMAT_NEWEST);
    const char *p = strchr(head, '\n') + 1;
    if (sscanf(p, "n %d\nengine %63s\ndepth %d\nplan %" SCNx64 "\nsubproblems %zu", &a.n,
               engine, &a.depth, &a.fingerprint, &a.subproblems) != 5 ||
        (has_part(a.version) &&
         (!(p = strstr(p, "\npart ")) || sscanf(p, "\npart %d/%d", &a.part, &a.parts) != 2)))
        return nq_ck_say(message, size, path, bad, "not an nqueens checkpoint (bad header)");
    a.engine = nq_engine_find(engine);
    if (a.engine < 0 || !nq_engine_impl(a.engine)->plan)
        return nq_ck_say(message, size, path, bad, "made by an engine this nqueens has no plan "
                         "for ('%s')", engine);
    if (a.n < NQ_MIN_N || a.n > NQ_MAX_N || a.depth < 0 || a.depth > NQ_MAX_DEPTH)
        return nq_ck_say(message, size, path, bad, "not an nqueens checkpoint (bad header)");
    *about = a;
    return 0;
}

/* A parse under way: the file, where the parse is in it and where its body
 * ends (at the checksum line), the plan it must belong to, and where the
 * reason of a refusal goes. */
typedef struct parser {
    const char *path;
    const nq_plan *plan;
    const char *buf, *cursor, *end;
    char *message;
    size_t size;
} parser;

/* A refusal of the file being parsed, with its reason. */
#define REFUSE(p, ...) nq_ck_say((p)->message, (p)->size, (p)->path, NQ_ERR(EBADMSG), __VA_ARGS__)

/* The marks section of a file of version 6 to 9 (1.1's 6 and 7: marks of
 * 8 words): into *marks (malloc'd; NULL: read and checked only). */
static int parse_marks(parser *ps, int version, const unsigned char *done, nq_mark **marks,
                       size_t *count)
{
    const int words = version < FORMAT_WHOLE + FORMAT_MARKED ? 8 : NQ_MARK_WORDS;
    size_t line_len;
    const char *line = next_line(&ps->cursor, ps->end, &line_len);
    nq_u128 v;
    if (!line || line_len < 7 || memcmp(line, "marks ", 6) ||
        parse_u128(line + 6, line_len - 6, &v) || !v || v > ps->plan->size || v > MAX_MARKS)
        return REFUSE(ps, "bad 'marks' line");
    const size_t listed = (size_t)v;
    nq_mark *list = marks ? malloc(listed * sizeof *list) : NULL;
    if (marks && !list)
        return nq_ck_say(ps->message, ps->size, ps->path, NQ_ERR(ENOMEM), "out of memory");
    int err = 0;
    size_t previous = 0;
    for (size_t k = 0; k < listed && !err; k++) {
        nq_mark m = { 0 };
        const char *at = line = next_line(&ps->cursor, ps->end, &line_len);
        const char *stop = line ? line + line_len : NULL;
        for (int j = -1; j < words && !err; j++) {
            const char *sp = at ? memchr(at, ' ', (size_t)(stop - at)) : NULL;
            const char *word_end = j == words - 1 ? stop : sp;
            if (!at || !word_end || (j == words - 1 && sp) ||
                parse_u128(at, (size_t)(word_end - at), &v) || v > UINT64_MAX)
                err = REFUSE(ps, "bad mark line %zu", k + 1);
            else if (j < 0)
                m.i = (size_t)v;
            else
                m.w[j] = (uint64_t)v;
            at = word_end ? word_end + 1 : NULL;
        }
        if (!err && (m.i >= ps->plan->size || done[m.i] || (k && m.i <= previous)))
            err = REFUSE(ps, "mark line %zu: index out of range, done, out of order or repeated",
                         k + 1);
        if (!err && list)
            list[k] = m;
        previous = m.i;
    }
    if (!err && marks) {
        *marks = list;
        *count = listed;
    } else {
        free(list);
    }
    return err;
}

/* The last line, the checksum, found first so that a truncated file is
 * called truncated: its value into *sum, and the body's end before it. */
static int read_checksum(parser *ps, size_t len, uint64_t *sum)
{
    const char *buf = ps->buf;
    size_t body_len = len ? len - 1 : 0;
    while (body_len && buf[body_len - 1] != '\n')
        body_len--;
    const char *tail = buf + body_len;
    char hex[17];
    if (!len || buf[len - 1] != '\n' || len - body_len != 9 + 16 + 1 ||
        memcmp(tail, "checksum ", 9) || strspn(tail + 9, "0123456789abcdef") < 16)
        return REFUSE(ps, "truncated or damaged (no valid checksum line)");
    memcpy(hex, tail + 9, 16);
    hex[16] = '\0';
    *sum = strtoull(hex, NULL, 16);
    ps->end = tail;
    return 0;
}

/* The header after its first six lines: the part line (in the versions
 * that have one) into *part, the done line's count into *listed; then the
 * whole header must be as a writer puts it. */
static int parse_head(parser *ps, int version, uint64_t fingerprint, nq_ck_part *part,
                      size_t *listed)
{
    const nq_plan *plan = ps->plan;
    size_t line_len;
    const char *line;
    for (int k = 0; k < 6; k++)
        next_line(&ps->cursor, ps->end, &line_len);
    *part = (nq_ck_part){ 0, 0 };
    if (has_part(version)) {
        const char *slash;
        nq_u128 k, m;
        if (!(line = next_line(&ps->cursor, ps->end, &line_len)) || line_len < 8 ||
            memcmp(line, "part ", 5) || !(slash = memchr(line, '/', line_len)) ||
            parse_u128(line + 5, (size_t)(slash - line - 5), &k) ||
            parse_u128(slash + 1, line_len - (size_t)(slash + 1 - line), &m) || k < 1 ||
            k > m || m > plan->size)
            return REFUSE(ps, "not an nqueens checkpoint (bad part)");
        *part = (nq_ck_part){ (int)k, (int)m };
    }
    nq_u128 v;
    if (!(line = next_line(&ps->cursor, ps->end, &line_len)) || line_len < 6 ||
        memcmp(line, "done ", 5))
        return REFUSE(ps, "not an nqueens checkpoint (bad header)");
    if (parse_u128(line + 5, line_len - 5, &v) || v > plan->size)
        return REFUSE(ps, "implausible 'done' count");
    *listed = (size_t)v;
    nq_ck_text want = { 0 };
    put_header(&want, plan, fingerprint, version, *part, *listed);
    const size_t head_len = (size_t)(ps->cursor - ps->buf);
    const int header_ok =
        !want.failed && head_len == want.len && !memcmp(ps->buf, want.p, want.len);
    free(want.p);
    if (!header_ok)
        return REFUSE(ps, "not an nqueens checkpoint (bad header)");
    return 0;
}

/* The `listed` subproblem lines (index, total, unique; indexes
 * increasing) into done and results. */
static int parse_subproblems(parser *ps, size_t listed, unsigned char *done,
                             nq_sub_result *results)
{
    const nq_plan *plan = ps->plan;
    nq_u128 sum_total = 0;
    size_t previous = 0, line_len;
    for (unsigned long long k = 0; k < listed; k++) {
        const char *line = next_line(&ps->cursor, ps->end, &line_len);
        const char *a = line, *b = line ? memchr(line, ' ', line_len) : NULL;
        const char *c = b ? memchr(b + 1, ' ', line_len - (size_t)(b + 1 - line)) : NULL;
        nq_u128 index, total, unique;
        if (!c || parse_u128(a, (size_t)(b - a), &index) ||
            parse_u128(b + 1, (size_t)(c - b - 1), &total) ||
            parse_u128(c + 1, line_len - (size_t)(c + 1 - line), &unique))
            return REFUSE(ps, "bad subproblem line %llu", k + 1);
        if (index >= plan->size || (k && index <= previous))
            return REFUSE(ps, "subproblem line %llu: index out of range, out of order or repeated",
                          k + 1);
        const size_t i = (size_t)index;
        if (unique > UINT64_MAX || !plan->engine->plausible(plan, i, total, unique))
            return REFUSE(ps, "subproblem line %llu: counts impossible for subproblem %zu", k + 1,
                          i);
        if (sum_total + total < sum_total)
            return REFUSE(ps, "the counts overflow their sum");
        sum_total += total;
        results[i].total = total;
        results[i].unique = (uint64_t)unique;
        done[i] = 1;
        previous = i;
    }
    return 0;
}

int nq_ck_parse(const char *path, const nq_plan *plan, const char *buf, size_t len,
                nq_ck_contents *out, char *message, size_t size)
{
    const int bad = NQ_ERR(EBADMSG);
    if (memchr(buf, '\0', len))
        return nq_ck_say(message, size, path, bad, "not an nqueens checkpoint (binary data)");
    parser ps = { .path = path, .plan = plan, .buf = buf, .cursor = buf, .message = message,
                  .size = size };
    uint64_t sum = 0, fingerprint = 0;
    int version = 0, err = read_checksum(&ps, len, &sum);
    if (!err)
        err = nq_ck_check_plan(path, plan, buf, len, &version, &fingerprint, message, size);
    if (err)
        return err;
    if (sum != checksum(plan, version, fingerprint, buf, (size_t)(ps.end - buf)))
        return nq_ck_say(message, size, path, bad, "checksum mismatch: the file is damaged");
    /* Sealed and for this plan: now every byte must be as a writer puts it. */
    size_t listed = 0;
    out->marks = NULL;
    out->mark_count = 0;
    err = parse_head(&ps, version, fingerprint, &out->part, &listed);
    if (!err)
        err = parse_subproblems(&ps, listed, out->done, out->results);
    if (!err && version > FORMAT_PART)
        err = parse_marks(&ps, version, out->done, out->keep_marks ? &out->marks : NULL,
                          &out->mark_count);
    if (err)
        return err;
    if (ps.cursor != ps.end) {
        free(out->marks);
        out->marks = NULL;
        out->mark_count = 0;
        return nq_ck_say(message, size, path, bad, "more lines than 'done' says");
    }
    out->held = listed;
    return 0;
}
