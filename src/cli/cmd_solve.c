/* nqueens solve: list the solutions, streamed in lexicographic order. */
#include "binding.h"
#include "commands.h"
#include "option_parser.h"
#include "option_values.h"
#include "output.h"
#include "placement_print.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static void usage(void)
{
    printf("usage: nqueens solve N [--format board|cols|json|ndjson] [--unique] [--limit K]\n"
           "                      [-t|--threads T] [--bind auto|none|numa|core]\n\n"
           "Lists the solutions for an N x N board (1 <= N <= %d) in lexicographic order\n"
           "of the queens' columns, row 0 first, as they are found. The output is the same\n"
           "for any number of threads.\n\n"
           "options:\n"
           "  -f, --format F   board (default): N lines of 'Q' and '.', an empty line\n"
           "                   between boards; cols: one line per solution, the 0-based\n"
           "                   column of the queen in each row; json: one array of boards,\n"
           "                   each an array of N strings; ndjson: one such array of N\n"
           "                   strings per line, for streaming\n"
           "  -u, --unique     one board per class under the 8 symmetries of the square,\n"
           "                   the lexicographically smallest of its class: U(N) boards\n"
           "  -l, --limit K    stop after K solutions (K >= 1)\n"
           "  -t, --threads T  searching threads (default: OMP_NUM_THREADS, else the\n"
           "                   CPUs this process may run on)\n"
           "  --bind MODE      thread placement, as for count (auto, none, numa, core;\n"
           "                   default none); the placement read back goes to stderr\n"
           "  -h, --help       show this help\n\n"
           "examples:\n"
           "  nqueens solve 8 --unique\n"
           "  nqueens solve 12 --format cols --limit 10\n"
           "  nqueens solve 6 --format json\n",
           NQ_MAX_N);
}

/* ndjson is the library's JSON array with one board per line: the array's
 * brackets and commas between boards are dropped as the text streams by. */
#define FORMAT_NDJSON (-1)

static int parse_format(const char *s)
{
    static const char *const names[] = { [NQ_FORMAT_BOARD] = "board", [NQ_FORMAT_COLS] = "cols",
                                         [NQ_FORMAT_JSON] = "json" };
    for (int f = NQ_FORMAT_BOARD; f <= NQ_FORMAT_JSON; f++)
        if (!strcmp(s, names[f]))
            return f;
    if (!strcmp(s, "ndjson"))
        return FORMAT_NDJSON;
    cli_usage_error("solve: unknown format '%s' (formats: board, cols, json, ndjson)", s);
}

/* write(2) straight from the library's buffers; errno kept for the report. */
static int write_stdout(void *ctx, const char *buf, size_t len)
{
    int *err = ctx;
    while (len) {
        const ssize_t k = write(STDOUT_FILENO, buf, len);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            *err = errno;
            return 1;
        }
        buf += k;
        len -= (size_t)k;
    }
    return 0;
}

typedef struct ndjson {
    int err;   /* errno of a failed write */
    int depth; /* of '[' in the library's JSON: 1 between boards, 2 in one */
    char buf[64 * 1024];
    size_t len;
} ndjson;

static int ndjson_flush(ndjson *nd)
{
    const int stop = write_stdout(&nd->err, nd->buf, nd->len);
    nd->len = 0;
    return stop;
}

static int write_ndjson(void *ctx, const char *buf, size_t len)
{
    ndjson *nd = ctx;
    for (size_t i = 0; i < len; i++) {
        const char c = buf[i];
        const int in_board = nd->depth >= 2;
        nd->depth += c == '[' ? 1 : c == ']' ? -1 : 0;
        if (!in_board && nd->depth < 2)
            continue; /* the outer brackets, the commas between boards, the final newline */
        nd->buf[nd->len++] = c;
        if (nd->depth == 1 && c == ']')
            nd->buf[nd->len++] = '\n';
        if (nd->len + 2 > sizeof nd->buf && ndjson_flush(nd))
            return 1;
    }
    return 0;
}

int cmd_solve(int argc, char **argv)
{
    nq_solve_params p = { .format = NQ_FORMAT_BOARD };
    int have_n = 0, have_threads = 0, bind = NQ_BIND_NONE, format = NQ_FORMAT_BOARD;
    enum { HELP, UNIQUE, FORMAT, LIMIT, THREADS, BIND };
    static const cli_option options[] = {
        { "help", 'h', 0, HELP },       { "unique", 'u', 0, UNIQUE },
        { "format", 'f', 1, FORMAT },   { "limit", 'l', 1, LIMIT },
        { "threads", 't', 1, THREADS }, { "bind", 0, 1, BIND },
        { NULL, 0, 0, 0 },
    };
    cli_parser parser;
    cli_parser_init(&parser, argc, argv, 1, "solve", options);
    const char *v;
    for (int id; (id = cli_next_option(&parser, &v)) != CLI_DONE;) {
        switch (id) {
        case HELP: cli_help(usage);
        case UNIQUE: p.unique = 1; break;
        case FORMAT: format = parse_format(v); break;
        case LIMIT: p.limit = (uint64_t)cli_parse_range(v, "limit", 1, LONG_MAX); break;
        case THREADS:
            p.threads = cli_parse_threads(v);
            have_threads = 1;
            break;
        case BIND: bind = cli_parse_bind(v, 1); break;
        default: /* CLI_OPERAND */
            if (have_n)
                cli_reject("solve", v);
            p.n = cli_parse_n(v);
            have_n = 1;
        }
    }
    p.format = format == FORMAT_NDJSON ? NQ_FORMAT_JSON : (nq_format)format;
    if (!have_n)
        cli_usage_error("solve: missing N, a whole number from %d to %d", NQ_MIN_N, NQ_MAX_N);
    if (!have_threads)
        p.threads = cli_default_threads();

    /* Each searching thread binds itself as it starts (as for count). */
    cli_binding binding;
    cli_binding_open(&binding, p.threads, bind, bind == CLI_BIND_AUTO); /* auto: read back */
    const nq_run_hooks hooks = { .on_thread_start = cli_binding_thread_start, .ctx = &binding };
    p.hooks = &hooks;

    /* A reader that leaves early (| head) ends the listing quietly: EPIPE. */
    signal(SIGPIPE, SIG_IGN);
    int err = 0;
    static ndjson nd;
    int rc;
    if (format == FORMAT_NDJSON) {
        rc = nq_solve_text(&p, write_ndjson, &nd, NULL);
        if (rc == 0 && ndjson_flush(&nd))
            rc = NQ_ERR(EINTR);
        err = nd.err;
    } else {
        rc = nq_solve_text(&p, write_stdout, &err, NULL);
    }
    /* EINTR: the writer stopped the listing, a write failed (err says why). */
    const int ran = rc == 0 || rc == NQ_ERR(EINTR);
    if (ran && bind != NQ_BIND_NONE && cli_binding_known(&binding)) {
        fprintf(stderr, "placement (--bind %s): ", cli_bind_mode_name(bind));
        cli_placement_line(stderr, binding.placement, binding.threads);
    }
    if (ran)
        cli_binding_check(&binding);
    cli_binding_close(&binding);
    if (!ran)
        cli_fail("solve: %s", nq_strerror(rc));
    if (rc == NQ_ERR(EINTR) && err != EPIPE)
        cli_fail("cannot write the output: %s", strerror(err));
    return 0;
}
