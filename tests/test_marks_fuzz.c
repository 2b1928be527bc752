/* Marks edited on purpose: a halves checkpoint that a stop left with marks
 * (progress inside pieces), its mark lines changed at random (an index
 * moved to another piece, a word of the position or of the blocks set to
 * another value, a seal cleared, two marks swapped, the file made 1.1's
 * format) and the file sealed again, as someone editing it would. Each is
 * refused untouched, or counts exactly: an edited mark is dropped, with
 * its reason told, never gone on from. The published Q(n) is not what
 * stops them: no count may fail it either. */
#include <criterion/criterion.h>

#include "engines.h"
#include "util.h"
#include "random.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 15
#define THREADS 3
#define ROUNDS 120
#define WORDS 10 /* a mark's words (marks.h) */
#define MOST 16  /* marks a file here holds at most */

static char path[64];
static nq_plan *plan;
static uint64_t rng = 0x2545f4914f6cdd1dull;

static size_t below(size_t k) { return random_below(&rng, k); }

/* What a count told (its log), kept. */
typedef struct told {
    char line[1500];
    size_t lines;
    volatile int stop;
    size_t stop_after, finished;
} told;

static void hear(void *ctx, int error, const char *line)
{
    (void)error;
    told *t = ctx;
    snprintf(t->line, sizeof t->line, "%s", line);
    t->lines++;
}

static void stop_later(void *ctx, size_t i)
{
    (void)i;
    told *t = ctx;
    if (t->stop_after && __atomic_add_fetch(&t->finished, 1, __ATOMIC_RELAXED) >= t->stop_after)
        t->stop = 1;
}

/* count N from the checkpoint (stopped after stop_after pieces if not 0),
 * with the same threads and blocks every time: the marks hold for them. */
static int count_at(told *t, size_t stop_after, nq_count_result *r)
{
    *t = (told){ .stop_after = stop_after };
    const nq_run_hooks hooks = { .stop = &t->stop, .on_done = stop_later, .ctx = t };
    const nq_count_params p = { .n = N, .threads = THREADS, .engine = NQ_ENG_HALVES,
                                .engine_exact = 1, .max_memory = 12 << 20, .hooks = &hooks,
                                .checkpoint = path, .log = hear, .log_ctx = t };
    return nq_count(&p, r);
}

/* A checkpoint's text in parts: the lines above the marks, and the marks. */
typedef struct file {
    char head[1 << 16];
    size_t count;
    uint64_t index[MOST], w[MOST][WORDS];
} file;

static char *slurp(size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    char *text = malloc(1 << 17);
    *len = fread(text, 1, (1 << 17) - 1, f);
    text[*len] = '\0';
    fclose(f);
    return text;
}

static int read_file(file *out)
{
    size_t len;
    char *text = slurp(&len);
    char *marks = strstr(text, "\nmarks ");
    int ok = marks != NULL;
    if (ok) {
        marks[1] = '\0';
        snprintf(out->head, sizeof out->head, "%s", text);
        char *p = marks + 7;
        out->count = strtoull(p, &p, 10);
        ok = out->count > 0 && out->count <= MOST;
        for (size_t k = 0; ok && k < out->count; k++) {
            out->index[k] = strtoull(p, &p, 10);
            for (int j = 0; j < WORDS; j++)
                out->w[k][j] = strtoull(p, &p, 10);
        }
    }
    free(text);
    return ok;
}

/* The file f holds, written and sealed as the writer would (version 8;
 * `old`: as 1.1 wrote it, version 6 with marks of 8 words), its marks in
 * order of their index. */
static size_t write_file(const file *f, int old, char *text)
{
    const int version = old ? 6 : 8;
    const char *body = strchr(f->head, '\n') + 1;
    size_t len = (size_t)sprintf(text, "nqueens-checkpoint %d\n%s", version, body);
    len += (size_t)sprintf(text + len, "marks %zu\n", f->count);
    size_t order[MOST];
    for (size_t k = 0; k < f->count; k++) {
        size_t at = k;
        while (at && f->index[order[at - 1]] > f->index[k]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = k;
    }
    for (size_t k = 0; k < f->count; k++) {
        len += (size_t)sprintf(text + len, "%" PRIu64, f->index[order[k]]);
        for (int j = 0; j < (old ? 8 : WORDS); j++)
            len += (size_t)sprintf(text + len, " %" PRIu64, f->w[order[k]][j]);
        text[len++] = '\n';
    }
    const uint64_t seal[5] = { (uint64_t)version, N, 0, nq_plan_fingerprint(plan),
                               nq_plan_size(plan) };
    uint64_t h = nq_fnv1a(NQ_FNV_START, seal, sizeof seal);
    h = nq_fnv1a(h, "halves", sizeof "halves");
    h = nq_fnv1a(h, text, len);
    return len + (size_t)sprintf(text + len, "checksum %016" PRIx64 "\n", h);
}

/* One random edit of f's marks; what it was into what. */
static void edit(file *f, char *what, size_t size)
{
    const size_t k = below(f->count), other = below(f->count);
    const int j = (int)below(WORDS);
    uint64_t *word = &f->w[k][j];
    switch (below(7)) {
    case 0: /* to another piece, any */
        f->index[k] = below(nq_plan_size(plan));
        snprintf(what, size, "mark %zu moved to piece %" PRIu64, k, f->index[k]);
        break;
    case 1: /* to a piece beside */
        f->index[k] += below(2) ? 1 + below(3) : -(uint64_t)(1 + below(3));
        snprintf(what, size, "mark %zu moved beside, to %" PRIu64, k, f->index[k]);
        break;
    case 2:
        *word += 1 + below(3);
        snprintf(what, size, "mark %zu word %d raised", k, j);
        break;
    case 3:
        *word = *word ? *word - 1 : 1;
        snprintf(what, size, "mark %zu word %d lowered", k, j);
        break;
    case 4:
        *word ^= (uint64_t)1 << below(64);
        snprintf(what, size, "mark %zu word %d with a bit flipped", k, j);
        break;
    case 5: /* a word of another mark, the index of another */
        if (below(2)) {
            *word = f->w[other][j];
            snprintf(what, size, "mark %zu word %d from mark %zu", k, j, other);
        } else {
            const uint64_t i = f->index[k];
            f->index[k] = f->index[other];
            f->index[other] = i;
            snprintf(what, size, "marks %zu and %zu swapped", k, other);
        }
        break;
    default:
        f->w[k][8] = f->w[k][9] = 0;
        snprintf(what, size, "mark %zu without its seal", k);
    }
}

Test(marks_fuzz, edited_marks_are_dropped_never_gone_on_from, .timeout = 600)
{
    snprintf(path, sizeof path, "/tmp/nq-test-marks-fuzz-%ld", (long)getpid());
    setenv("NQUEENS_MARK_EVERY", "0", 1); /* a mark after every block */
    cr_assert_eq(nq_plan_create(&plan, N, NQ_ENG_HALVES, 0, NULL), 0);
    const size_t size = nq_plan_size(plan);
    static file good, f;
    static told t;
    nq_count_result r;
    /* A stop late in the count (the pieces left are small, the resumes
     * quick), with pieces in progress: marks. */
    int marked = 0;
    for (size_t after = size * 3 / 4; !marked && after < size - THREADS; after += 3) {
        unlink(path);
        cr_assert_eq(count_at(&t, after, &r), NQ_ERR(EINTR));
        marked = read_file(&good);
    }
    cr_assert(marked, "no stop left a mark");
    char *base = malloc(1 << 17), *text = malloc(1 << 17);
    const size_t base_len = write_file(&good, 0, base);
    size_t len;
    char *now = slurp(&len);
    cr_assert(len == base_len && !memcmp(now, base, len), "the file is not as read back");
    free(now);
    unsigned refused = 0, dropped = 0, kept = 0, why[4] = { 0 };
    for (unsigned round = 0; round <= ROUNDS; round++) {
        f = good;
        char what[200] = "nothing changed";
        const int old = round % 10 == 9;
        for (size_t e = round ? 1 + below(2) : 0; e > 0; e--)
            edit(&f, what, sizeof what);
        if (old)
            snprintf(what, sizeof what, "as 1.1 wrote it");
        len = write_file(&f, old, text);
        FILE *out = fopen(path, "wb");
        cr_assert_not_null(out);
        cr_assert_eq(fwrite(text, 1, len, out), len);
        fclose(out);
        const int err = count_at(&t, 0, &r);
        if (err == NQ_ERR(EBADMSG)) { /* an index repeated, done or out of range */
            now = slurp(&len);
            cr_assert(!memcmp(now, text, len), "round %u (%s): a refused file was changed",
                      round, what);
            free(now);
            refused++;
            continue;
        }
        cr_assert_eq(err, 0, "round %u (%s): error %d: %s", round, what, err, t.line);
        cr_assert(r.total == 2279184 && r.unique == 285053,
                  "round %u (%s): a wrong count: %s", round, what, t.line);
        if (!strstr(t.line, "is dropped")) {
            kept++;
            continue;
        }
        dropped++;
        why[0] += strstr(t.line, "made for another subproblem") != NULL;
        why[1] += strstr(t.line, "not match its seal") || strstr(t.line, "not match their seals");
        why[2] += strstr(t.line, "carr") && strstr(t.line, "no seal");
        why[3] += strstr(t.line, "impossible") != NULL;
    }
    /* The file as written, and edits that change nothing a mark holds,
     * keep the marks; every kind of edit was met and said. */
    cr_assert_gt(kept, 0);
    cr_assert(dropped > ROUNDS / 2 && why[0] && why[1] && why[2],
              "refused %u, kept %u, dropped %u (elsewhere %u, edited %u, unsealed %u)", refused,
              kept, dropped, why[0], why[1], why[2]);
    free(base);
    free(text);
    unlink(path);
    nq_plan_destroy(plan);
}
