/* nqueens check: recounts some subproblems of a checkpoint or of a
 * campaign's subtotals (merge --subtotals) and compares, so that anyone,
 * on any machine, can check pieces of a count. */
#include "commands.h"
#include "option_parser.h"
#include "option_values.h"
#include "output.h"
#include "stop_signals.h"
#include "subtotals.h"

#include <nqueens_parts.h>

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void usage(void)
{
    printf("usage: nqueens check FILE [--sample K | --only LIST] [--seed S] [-t|--threads T]\n\n"
           "Recounts subproblems that FILE holds and compares each with its counts there.\n"
           "FILE is a checkpoint ('nqueens count' or 'nqueens-mpi', of a whole count or\n"
           "a part) or a campaign's subtotals ('nqueens merge' with '--subtotals OUT').\n"
           "Any machine will do, with the nqueens version that made the file (its plan\n"
           "is made again here and must have the same fingerprint). One line on stdout\n"
           "says what was recounted and how many agree; each subproblem that differs\n"
           "also gets one line on stderr. Exit status 0 if all agree, 1 if one differs,\n"
           "2 for bad input (a file that is neither, a subproblem it does not hold).\n"
           "SIGINT, SIGTERM or SIGHUP stops it (128 + the signal).\n\n"
           "options:\n"
           "  --sample K       K subproblems drawn at random from those the file holds\n"
           "                   (default: 1%% of them, at least one)\n"
           "  --only LIST      these subproblems: indexes and ranges, as 3,17,40-45\n"
           "  --seed S         which are drawn (default: from the clock; the output\n"
           "                   names it, and the same seed draws the same again)\n"
           "  -t, --threads T  threads, 1..%d (default: OMP_NUM_THREADS, else the CPUs)\n"
           "  -h, --help       this help\n",
           NQ_MAX_THREADS);
}

/* What the file holds: its plan, and the subproblems it has counts of. */
typedef struct held {
    nq_plan *plan;
    int n, engine;
    unsigned char *done;
    nq_sub_result *results;
} held;

/* Where the library's line about a checkpoint goes: an error message. */
static void keep_line(void *ctx, int error, const char *line)
{
    (void)error;
    snprintf(ctx, 1024, "%s", line);
}

static void load_checkpoint(const char *path, held *h, const nq_run_hooks *hooks)
{
    char message[1024] = "";
    nq_checkpoint_about about;
    const nq_checkpoint_params file = { .path = path, .log = keep_line, .log_ctx = message };
    if (nq_checkpoint_peek_with(&file, &about))
        cli_usage_error("check: %s", message);
    h->n = about.n, h->engine = about.engine;
    int err = nq_plan_create(&h->plan, about.n, about.engine, about.depth, hooks);
    if (err == NQ_ERR(EINTR))
        return;
    if (err)
        cli_fail("check: '%s': cannot make its plan: %s", path, nq_strerror(err));
    const size_t size = nq_plan_size(h->plan);
    h->done = calloc(size + 1, 1);
    h->results = calloc(size + 1, sizeof *h->results);
    if (!h->done || !h->results)
        cli_fail("check: out of memory");
    if (nq_checkpoint_read_with(&file, h->plan, h->done, h->results, NULL, NULL))
        cli_usage_error("check: %s", message);
}

static void load_subtotals(FILE *f, const char *path, held *h, const nq_run_hooks *hooks)
{
    char message[1024] = "";
    subtotals s = { 0 };
    const int err = subtotals_read(f, path, &s, hooks, message, sizeof message);
    if (err == NQ_ERR(EINTR)) {
        subtotals_free(&s);
        return;
    }
    if (err == NQ_ERR(ENOMEM))
        cli_fail("check: %s", message);
    if (err)
        cli_usage_error("check: %s", message);
    h->plan = s.plan, h->n = s.n, h->engine = s.engine, h->results = s.results;
    h->done = malloc(nq_plan_size(h->plan) + 1);
    if (!h->done)
        cli_fail("check: out of memory");
    memset(h->done, 1, nq_plan_size(h->plan));
}

/* A subtotals file by its first line, else a checkpoint. h->plan stays
 * NULL if a stop ended the plan. */
static void load(const char *path, held *h, const nq_run_hooks *hooks)
{
    FILE *f = fopen(path, "r");
    if (!f)
        cli_usage_error("check: cannot read '%s': %s", path, strerror(errno));
    char start[sizeof SUBTOTALS_MAGIC] = "";
    const size_t got = fread(start, 1, sizeof start - 1, f);
    if (ferror(f))
        cli_usage_error("check: cannot read '%s': %s", path, strerror(errno));
    rewind(f);
    if (got == sizeof start - 1 && !strcmp(start, SUBTOTALS_MAGIC))
        load_subtotals(f, path, h, hooks);
    else if (!strncmp(start, "nqueens-checkpoint ", strlen("nqueens-checkpoint ")))
        load_checkpoint(path, h, hooks);
    else
        cli_usage_error("check: '%s' is neither a checkpoint nor subtotals", path);
    fclose(f);
}

/* --only LIST into pick[] (every index the plan has, held by the file);
 * with no h, its form only, checked before any file is read. */
static void parse_only(const char *list, const char *path, const held *h, unsigned char *pick)
{
    const size_t size = h ? nq_plan_size(h->plan) : SIZE_MAX;
    char *copy = strdup(list);
    if (!copy)
        cli_fail("check: out of memory");
    for (char *item = copy, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        char *dash = strchr(item, '-');
        if (dash)
            *dash = '\0';
        unsigned long from, to;
        if (cli_parse_decimal(item, ULONG_MAX, &from) ||
            (dash && cli_parse_decimal(dash + 1, ULONG_MAX, &to)) || (dash && to < from))
            cli_usage_error("check: --only takes indexes and ranges such as 3,17,40-45, got "
                            "'%s'", list);
        if (!dash)
            to = from;
        if (!h)
            continue;
        if (to >= size)
            cli_usage_error("check: --only: the plan of '%s' has subproblems 0 to %zu, not %lu",
                            path, size - 1, to);
        for (unsigned long i = from; i <= to; i++) {
            if (!h->done[i])
                cli_usage_error("check: --only: '%s' holds no counts of subproblem %lu", path,
                                i);
            pick[i] = 1;
        }
    }
    free(copy);
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* k of the held subproblems, uniformly without replacement (a partial
 * Fisher-Yates shuffle), into pick[]; k 0: 1% of them, at least one.
 * Returns how many were drawn. */
static size_t draw(const held *h, size_t k, uint64_t seed, unsigned char *pick)
{
    const size_t size = nq_plan_size(h->plan);
    size_t *pool = malloc((size + 1) * sizeof *pool), count = 0;
    if (!pool)
        cli_fail("check: out of memory");
    for (size_t i = 0; i < size; i++)
        if (h->done[i])
            pool[count++] = i;
    if (!k)
        k = count / 100 ? count / 100 : 1;
    if (k > count)
        k = count;
    for (size_t j = 0; j < k; j++) {
        const size_t r = j + (size_t)(splitmix64(&seed) % (count - j));
        const size_t t = pool[j];
        pool[j] = pool[r], pool[r] = t;
        pick[pool[j]] = 1;
    }
    free(pool);
    return k;
}

/* Recounts the picked subproblems and says how they compare. Returns the
 * exit status. */
static int recount(const char *path, const held *h, const unsigned char *pick, int threads,
                   const uint64_t *seed, const nq_run_hooks *hooks)
{
    const size_t size = nq_plan_size(h->plan);
    size_t *list = malloc((size + 1) * sizeof *list), k = 0;
    unsigned char *done = calloc(size + 1, 1);
    nq_sub_result *mine = calloc(size + 1, sizeof *mine);
    if (!list || !done || !mine)
        cli_fail("check: out of memory");
    for (size_t i = 0; i < size; i++)
        if (pick[i])
            list[k++] = i;
    const int err = nq_plan_run_list(h->plan, threads, list, k, done, mine, hooks, NULL);
    if (err == NQ_ERR(EINTR)) {
        fprintf(stderr, "nqueens: check stopped by %s\n",
                cli_stop_name(cli_stop_signal(), "a signal"));
        return cli_stop_status(cli_stop_signal());
    }
    if (err)
        cli_fail("check: the recount failed: %s", nq_strerror(err));
    size_t differ = 0;
    for (size_t j = 0; j < k; j++) {
        const size_t i = list[j];
        const nq_sub_result *a = &h->results[i], *b = &mine[i];
        if (a->total == b->total && a->unique == b->unique)
            continue;
        char ta[40], tb[40];
        fprintf(stderr, "nqueens: check: subproblem %zu differs: '%s' holds total=%s unique=%llu, "
                "the recount gives total=%s unique=%llu\n", i, path, nq_u128_str(a->total, ta),
                (unsigned long long)a->unique, nq_u128_str(b->total, tb),
                (unsigned long long)b->unique);
        differ++;
    }
    printf("n=%d engine=%s depth=%d subproblems=%zu checked=%zu agree=%zu differ=%zu threads=%d",
           h->n, nq_engine_get(h->engine)->name, nq_plan_depth(h->plan), size, k, k - differ,
           differ, nq_threads_for(threads));
    if (seed)
        printf(" seed=%llu", (unsigned long long)*seed);
    for (size_t j = 0; j < k; j++)
        printf("%s%zu", j ? "," : " indexes=", list[j]);
    printf("\n");
    free(list);
    free(done);
    free(mine);
    return differ ? EXIT_RUNTIME : 0;
}

int cmd_check(int argc, char **argv)
{
    const char *value, *path = NULL, *only = NULL;
    int threads = 0, seed_given = 0;
    size_t sample = 0;
    uint64_t seed = 0;
    enum { HELP, SAMPLE, ONLY, SEED, THREADS };
    static const cli_option options[] = {
        { "help", 'h', 0, HELP },     { "sample", 0, 1, SAMPLE }, { "only", 0, 1, ONLY },
        { "seed", 0, 1, SEED },       { "threads", 't', 1, THREADS }, { NULL, 0, 0, 0 },
    };
    cli_parser parser;
    cli_parser_init(&parser, argc, argv, 1, "check", options);
    for (int id; (id = cli_next_option(&parser, &value)) != CLI_DONE;) {
        switch (id) {
        case HELP: cli_help(usage);
        case SAMPLE: sample = (size_t)cli_parse_range(value, "--sample", 1, NQ_MAX_PLAN_SIZE); break;
        case ONLY: only = value; break;
        case SEED:
            seed = (uint64_t)cli_parse_range(value, "--seed", 0, LONG_MAX);
            seed_given = 1;
            break;
        case THREADS: threads = cli_parse_threads(value); break;
        default:
            if (path)
                cli_reject("check", value);
            if (!*value)
                cli_usage_error("check: a file name is empty");
            path = value;
        }
    }
    if (!path)
        cli_usage_error("check: missing FILE, a checkpoint or a subtotals file (see 'nqueens "
                        "check --help')");
    if (only && (sample || seed_given))
        cli_usage_error("check: --only names the subproblems; --sample and --seed draw them: "
                        "give one or the other");
    if (only)
        parse_only(only, path, NULL, NULL);
    if (!threads)
        threads = cli_default_threads();
    if (!seed_given)
        seed = ((uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid()) % ((uint64_t)1 << 53);
    cli_catch_stop_signals();
    const nq_run_hooks hooks = { .stop = cli_stop_flag() };
    held h = { 0 };
    load(path, &h, &hooks);
    int status;
    if (!h.plan) {
        fprintf(stderr, "nqueens: check stopped by %s while making the plan\n",
                cli_stop_name(cli_stop_signal(), "a signal"));
        return cli_stop_status(cli_stop_signal());
    }
    unsigned char *pick = calloc(nq_plan_size(h.plan) + 1, 1);
    if (!pick)
        cli_fail("check: out of memory");
    if (only)
        parse_only(only, path, &h, pick);
    else if (!draw(&h, sample, seed, pick))
        cli_usage_error("check: '%s' holds no finished subproblem", path);
    status = recount(path, &h, pick, threads, only ? NULL : &seed, &hooks);
    free(pick);
    nq_plan_destroy(h.plan);
    free(h.done);
    free(h.results);
    cli_finish_stdout();
    return status;
}
