/* Thousands of spoiled checkpoints: each is refused with the file left
 * byte for byte as it was, or (a change that changes nothing) loads the
 * exact counts. Half are re-sealed: their checksum recomputed, as someone
 * editing the file on purpose would, so only the plausibility checks stand
 * between them and a wrong count. The seal is computed here from the
 * format doc/checkpoints.md describes, independently of checkpoint.c. */
#include <criterion/criterion.h>

#include "engines.h"
#include "util.h"
#include "random.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 11
#define DEPTH 3
#define ROUNDS 1000

static char path[64];
/* The checkpoint at path, read with no log (the reason is not looked at). */
static const nq_checkpoint_params at_path = { .path = path };
static nq_plan *plan;
static size_t size;
static nq_sub_result *truth; /* every subproblem counted directly */
static unsigned char *done;
static nq_sub_result *results;
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static size_t below(size_t k) { return random_below(&rng, k); }

/* Replaces (or adds) the last line of text with the checksum of the rest. */
static size_t seal(char *text, size_t len)
{
    size_t body = len;
    if (body && text[body - 1] == '\n')
        body--;
    while (body && text[body - 1] != '\n')
        body--;
    if (len < 9 || strncmp(text + body, "checksum ", 9))
        body = len;
    const uint64_t head[5] = { 4, N, DEPTH, nq_plan_fingerprint(plan), size };
    uint64_t h = nq_fnv1a(NQ_FNV_START, head, sizeof head);
    h = nq_fnv1a(h, "parallel-sym8", sizeof "parallel-sym8");
    h = nq_fnv1a(h, text, body);
    return body + (size_t)sprintf(text + body, "checksum %016" PRIx64 "\n", h);
}

/* The buffers' size: the plan's files are a few KB. */
#define FILE_MAX ((size_t)1 << 16)

/* A valid checkpoint holding every other subproblem. */
static size_t good_file(char *text)
{
    size_t len = (size_t)sprintf(text,
                                 "nqueens-checkpoint 4\nn %d\nengine parallel-sym8\ndepth %d\n"
                                 "plan %016" PRIx64 "\nsubproblems %zu\ndone %zu\n",
                                 N, DEPTH, nq_plan_fingerprint(plan), size, (size + 1) / 2);
    for (size_t i = 0; i < size; i += 2) {
        char total[40];
        const int w = snprintf(text + len, FILE_MAX - len, "%zu %s %" PRIu64 "\n", i,
                               nq_u128_str(truth[i].total, total), truth[i].unique);
        cr_assert(w > 0 && (size_t)w < FILE_MAX - len);
        len += (size_t)w;
    }
    return seal(text, len);
}

static void setup(void)
{
    snprintf(path, sizeof path, "/tmp/nq-test-fuzz-%ld", (long)getpid());
    cr_assert_eq(nq_plan_create(&plan, N, NQ_ENG_SYM8, DEPTH, NULL), 0);
    size = nq_plan_size(plan);
    truth = calloc(size, sizeof *truth);
    done = calloc(size, 1);
    results = calloc(size, sizeof *results);
    for (size_t i = 0; i < size; i++)
        cr_assert_eq(nq_plan_count_one(plan, i, NULL, &truth[i]), 0);
}

static void teardown(void)
{
    unlink(path);
    free(truth);
    free(done);
    free(results);
    nq_plan_destroy(plan);
}

static void spit(const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(text, 1, len, f), len);
    fclose(f);
}

static int unchanged(const char *text, size_t len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    char *now = malloc(len + 2);
    const size_t got = fread(now, 1, len + 1, f);
    fclose(f);
    const int same = got == len && !memcmp(now, text, len);
    free(now);
    return same;
}

/* The reason a call gives, kept (ctx: a buffer of 300). */
static void keep_line(void *ctx, int error, const char *line)
{
    (void)error;
    snprintf(ctx, 300, "%s", line);
}

/* Opens the spoiled file as a run would: refused and untouched, or exact. */
static void try_file(const char *text, size_t len, const char *what, unsigned round)
{
    spit(text, len);
    nq_checkpoint *ck;
    char msg[300] = "";
    const nq_checkpoint_params file = { .path = path, .log = keep_line, .log_ctx = msg };
    const int err = nq_checkpoint_open_with(&ck, &file, plan, done, results);
    if (err) {
        cr_assert_eq(err, NQ_ERR(EBADMSG), "round %u (%s): error %d: %s", round, what, err, msg);
        cr_assert(strstr(msg, "checkpoint '"), "round %u (%s): message '%s'", round, what, msg);
        cr_assert(unchanged(text, len), "round %u (%s): a refused file was changed", round,
                  what);
        return;
    }
    nq_checkpoint_close(ck);
    for (size_t i = 0; i < size; i++)
        if (done[i])
            cr_assert(results[i].total == truth[i].total && results[i].unique == truth[i].unique,
                      "round %u (%s): subproblem %zu accepted with wrong counts", round, what, i);
}

/* A random byte-level change: replace, insert, delete or truncate. With
 * `digits` 0 no digit is written or removed, so that a re-sealed file
 * never just holds another plausible number. */
static size_t mutate(char *text, size_t len, int digits)
{
    static const char alphabet[] = "0123456789 \n+-.xe\t\0";
    for (int tries = 0; tries < 100; tries++) {
        const size_t at = below(len);
        char c = alphabet[below(sizeof alphabet - 1)];
        if (!digits && c >= '0' && c <= '9')
            c = ' ';
        const int is_digit = text[at] >= '0' && text[at] <= '9';
        switch (below(4)) {
        case 0:
            if (!digits && is_digit)
                continue;
            text[at] = c;
            return len;
        case 1:
            memmove(text + at + 1, text + at, len - at);
            text[at] = c;
            return len + 1;
        case 2:
            if (!digits && is_digit)
                continue;
            memmove(text + at, text + at + 1, len - at - 1);
            return len - 1;
        default:
            return at;
        }
    }
    return len;
}

Test(checkpoint_fuzz, random_damage_is_refused, .init = setup, .fini = teardown, .timeout = 300)
{
    char *good = malloc(1 << 16), *text = malloc(1 << 16);
    cr_assert(good && text);
    const size_t good_len = good_file(good);
    try_file(good, good_len, "the good file", 0); /* accepted, and exact */
    cr_assert(done[0] && !done[1]);
    for (unsigned round = 1; round <= ROUNDS; round++) {
        memcpy(text, good, good_len);
        size_t len = good_len;
        for (size_t k = 1 + below(3); k > 0; k--)
            len = mutate(text, len, 1);
        try_file(text, len, "unsealed", round);
        /* The same kind of damage without digits, re-sealed. */
        memcpy(text, good, good_len);
        len = good_len;
        for (size_t k = 1 + below(3); k > 0; k--)
            len = mutate(text, len, 0);
        len = seal(text, len);
        try_file(text, len, "re-sealed", round);
    }
    free(good);
    free(text);
}

/* Line i of the good file's subproblems (0-based) replaced by `line`. */
static size_t with_line(char *text, const char *good, size_t good_len, size_t i, const char *line)
{
    const char *p = good;
    for (size_t k = 0; k < 7 + i; k++)
        p = strchr(p, '\n') + 1;
    const char *end = strchr(p, '\n') + 1;
    size_t len = (size_t)(p - good);
    memcpy(text, good, len);
    len += (size_t)sprintf(text + len, "%s\n", line);
    memcpy(text + len, end, good_len - (size_t)(end - good));
    len += good_len - (size_t)(end - good);
    return seal(text, len);
}

Test(checkpoint_fuzz, resealed_implausible_values_are_refused, .init = setup, .fini = teardown)
{
    char *good = malloc(1 << 16), *text = malloc(1 << 16);
    cr_assert(good && text);
    const size_t good_len = good_file(good);
    char line[200], total[40];
    unsigned round = 0;
    for (size_t k = 0; k < (size + 1) / 2; k += 1 + below(4)) {
        const size_t i = 2 * k;
        const uint64_t u = truth[i].unique;
        const char *t = nq_u128_str(truth[i].total, total);
        /* Each line spoiled in one way the writer never takes. */
        const char *shapes[][4] = {
            { "", " -", " ", "" },  /* negative */
            { "", " +", " ", "" },  /* a sign */
            { "", "  ", " ", "" },  /* two spaces */
            { " ", " ", " ", "" },  /* a leading space */
            { "", " 0", " ", "" },  /* a leading zero */
            { "", " ", " ", " " },  /* a trailing space */
            { "", " ", " ", " 0" }, /* a fourth field */
            { "", " ", "", "" },    /* fields run together */
        };
        for (size_t v = 0; v < sizeof shapes / sizeof *shapes; v++) {
            snprintf(line, sizeof line, "%s%zu%s%s%s%" PRIu64 "%s", shapes[v][0], i, shapes[v][1],
                     t, shapes[v][2], u, shapes[v][3]);
            try_file(text, with_line(text, good, good_len, k, line), line, ++round);
        }
        /* Values no subproblem can have. */
        const char *values[][2] = {
            { "1", "2" },                                    /* unique > total */
            { "147573952589676412928", "18446744073709551616" }, /* unique of 2^64 */
            { "340282366920938463463374607431768211455", "1" }, /* 2^128 - 1 */
            { "340282366920938463463374607431768211456", "1" }, /* 2^128 */
            { "99999999999999999999999999", "12499999999999999999999999" },
            { "9", "1" },                                    /* more than 8 per class */
        };
        for (size_t v = 0; v < sizeof values / sizeof *values; v++) {
            snprintf(line, sizeof line, "%zu %s %s", i, values[v][0], values[v][1]);
            try_file(text, with_line(text, good, good_len, k, line), line, ++round);
        }
        /* Indexes out of range, repeated, out of order. */
        snprintf(line, sizeof line, "%zu %s %" PRIu64, size + i, t, u);
        try_file(text, with_line(text, good, good_len, k, line), line, ++round);
        if (k) {
            snprintf(line, sizeof line, "%zu %s %" PRIu64, i - 2, t, u);
            try_file(text, with_line(text, good, good_len, k, line), "repeated index", ++round);
            snprintf(line, sizeof line, "%zu %s %" PRIu64, i - 3, t, u);
            try_file(text, with_line(text, good, good_len, k, line), "index out of order",
                     ++round);
        }
    }
    /* A 'done' that disagrees with the lines, and a header with a sign. */
    const char *edits[][2] = { { "\ndone ", "\ndone 1" }, { "\ndone ", "\ndone +" },
                               { "\nn 11", "\nn +11" }, { "\ndepth 3", "\ndepth 03" } };
    for (size_t e = 0; e < sizeof edits / sizeof *edits; e++) {
        const char *at = strstr(good, edits[e][0]);
        size_t len = (size_t)(at - good);
        memcpy(text, good, len);
        len += (size_t)sprintf(text + len, "%s", edits[e][1]);
        const char *rest = at + strlen(edits[e][0]);
        memcpy(text + len, rest, good_len - (size_t)(rest - good));
        len += good_len - (size_t)(rest - good);
        try_file(text, seal(text, len), edits[e][1], ++round);
        cr_assert(nq_checkpoint_read_with(&at_path, plan, done, results, NULL, NULL) ==
                  NQ_ERR(EBADMSG));
    }
    cr_assert(round > 50);
    free(good);
    free(text);
}

/* Issue 24's kinds of wrong value, re-sealed: a subproblem set to 8 n!, to
 * 8 Q(n), a zero one given a few boards, a count one board or one class
 * too high. Each is refused untouched, or the count is exact, or it fails
 * with NQ_ERR(EPROTO), the counts it gave beside it, and the file is not
 * written as complete: never a wrong count that succeeds. */
static void count_from(const char *text, size_t len, const char *what, unsigned round,
                       unsigned *outcomes)
{
    spit(text, len);
    nq_count_params params = nq_count_params_default(N);
    params.engine = NQ_ENG_SYM8;
    params.depth = DEPTH;
    params.threads = 2;
    params.checkpoint = path;
    nq_count_result res;
    const int err = nq_count(&params, &res);
    if (err == NQ_ERR(EBADMSG)) {
        cr_assert(unchanged(text, len), "round %u (%s): a refused file was changed", round, what);
        outcomes[0]++;
    } else if (err == 0) {
        cr_assert(res.total == 2680 && res.unique == 341, "round %u (%s): a wrong count", round,
                  what);
        outcomes[1]++;
    } else {
        cr_assert_eq(err, NQ_ERR(EPROTO), "round %u (%s): error %d", round, what, err);
        cr_assert(res.total != 2680 || res.unique != 341, "round %u (%s)", round, what);
        cr_assert_eq(nq_checkpoint_read_with(&at_path, plan, done, results, NULL, NULL), 0);
        size_t held = 0;
        for (size_t i = 0; i < size; i++)
            held += done[i];
        cr_assert_lt(held, size, "round %u (%s): written as complete", round, what);
        outcomes[2]++;
    }
}

Test(checkpoint_fuzz, wrong_values_never_give_a_wrong_count, .init = setup, .fini = teardown,
     .timeout = 300)
{
    char *good = malloc(1 << 16), *text = malloc(1 << 16);
    cr_assert(good && text);
    const size_t good_len = good_file(good);
    char line[200], total[40];
    unsigned round = 0, outcomes[3] = { 0 };
    const nq_u128 factorial8 = (nq_u128)8 * 39916800, q8 = 8 * 2680; /* 8 n!, 8 Q(n) at 11 */
    for (size_t k = 0; k < (size + 1) / 2; k += 1 + below(6)) {
        const size_t i = 2 * k;
        const nq_u128 t = truth[i].total;
        const uint64_t u = truth[i].unique;
        const struct { nq_u128 total; uint64_t unique; } values[] = {
            { factorial8, (uint64_t)(factorial8 / 8) }, { q8, 2680 }, { t + 1, u },
            { t + 8, u + 1 }, { t + 2, u + 1 }, { t ? t : 8, u ? u : 1 }, { t ? t : 1, u ? u : 1 },
        };
        for (size_t v = 0; v < sizeof values / sizeof *values; v++) {
            if (values[v].total == t && values[v].unique == u)
                continue;
            snprintf(line, sizeof line, "%zu %s %" PRIu64, i, nq_u128_str(values[v].total, total),
                     values[v].unique);
            count_from(text, with_line(text, good, good_len, k, line), line, ++round, outcomes);
        }
    }
    /* Both defences were used: the plausibility bounds and the sums. */
    cr_assert(outcomes[0] > 0 && outcomes[2] > 0, "refused %u, exact %u, EPROTO %u",
              outcomes[0], outcomes[1], outcomes[2]);
    free(good);
    free(text);
}
