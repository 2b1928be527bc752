#include "option_values.h"

#include "binding.h"
#include "nqueens.h"
#include "output.h"

#include <stdlib.h>
#include <string.h>

/* One rule for every number read (arguments, environment, checkpoints):
 * plain decimal, no sign, space or leading zero. "08" is refused, never
 * read as 8 (or as octal, as C's strtol with base 0 and shells would). */
static int leading_zero(const char *s)
{
    return s[0] == '0' && s[1] >= '0' && s[1] <= '9';
}

static const char *zeros_note(const char *s)
{
    return leading_zero(s) ? " without leading zeros" : "";
}

int cli_parse_decimal(const char *s, unsigned long max, unsigned long *out)
{
    if (!s || !*s || leading_zero(s))
        return -1;
    unsigned long v = 0;
    for (const char *c = s; *c; c++) {
        if (*c < '0' || *c > '9')
            return -1;
        const unsigned long d = (unsigned long)(*c - '0');
        if (d > max || v > (max - d) / 10)
            return -1; /* above max, whatever the remaining digits */
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

long cli_parse_range(const char *s, const char *what, long min, long max)
{
    unsigned long v;
    if (cli_parse_decimal(s, (unsigned long)max, &v) || (long)v < min)
        cli_usage_error("%s must be a whole number from %ld to %ld%s, got '%s'", what, min, max,
                        zeros_note(s), s);
    return (long)v;
}

int cli_parse_n(const char *s)
{
    return (int)cli_parse_range(s, "N", NQ_MIN_N, NQ_MAX_N);
}

int cli_parse_threads(const char *s)
{
    return nq_threads_for((int)cli_parse_range(s, "threads", 1, NQ_MAX_THREADS));
}

int cli_parse_engine(const char *s)
{
    const int e = nq_engine_find(s);
    if (e < 0) {
        char list[512] = "";
        for (int i = 0; i < nq_engine_count(); i++) {
            if (i)
                strcat(list, ", ");
            strcat(list, nq_engine_get(i)->name);
        }
        cli_usage_error("unknown engine '%s' (engines: %s)", s, list);
    }
    return e;
}

double cli_parse_seconds(const char *s, const char *what)
{
    /* strtod alone would take "1e3", "inf" and " 5"; only plain decimals pass. */
    const size_t digits = strspn(s, "0123456789");
    const size_t frac = s[digits] == '.' ? strspn(s + digits + 1, "0123456789") : 0;
    const int plain = digits + frac > 0 && s[digits + (s[digits] == '.' ? 1 + frac : 0)] == '\0';
    const double v = plain && !leading_zero(s) ? strtod(s, NULL) : 0;
    if (!plain || v <= 0 || v > 1e7)
        cli_usage_error("%s must be a number of seconds above 0 (e.g. 30 or 0.5)%s, got '%s'",
                        what, zeros_note(s), s);
    return v;
}

uint64_t cli_parse_size(const char *s, const char *what)
{
    unsigned long v;
    const size_t len = strlen(s);
    const char *units = "KMGT";
    const char *unit = len ? strchr(units, s[len - 1]) : NULL;
    char digits[32];
    if (len && len < sizeof digits) {
        memcpy(digits, s, len + 1);
        if (unit)
            digits[len - 1] = 0;
        const int shift = unit ? 10 * (int)(unit - units + 1) : 0;
        if (!cli_parse_decimal(digits, (1ul << (62 - shift)), &v) && v)
            return (uint64_t)v << shift;
    }
    cli_usage_error("%s must be a size such as 512M, 4G or 1073741824%s, got '%s'", what,
                    zeros_note(s), s);
}

int cli_parse_bind(const char *s, int auto_ok)
{
    if (auto_ok && !strcmp(s, "auto"))
        return CLI_BIND_AUTO;
    const int mode = nq_bind_mode_find(s);
    if (mode < 0)
        cli_usage_error("unknown --bind mode '%s' (modes: %snone, numa, core)", s,
                        auto_ok ? "auto, " : "");
    return mode;
}

/* Whether OMP_NUM_THREADS is one the programs take: threads per nesting
 * level, each a number by the one rule ("4" or "4,2"). */
static int usable_omp_threads(const char *env)
{
    for (const char *item = env;; item++) {
        char first[32];
        unsigned long v;
        const size_t k = strcspn(item, ",");
        if (k >= sizeof first)
            return 0;
        memcpy(first, item, k);
        first[k] = '\0';
        if (cli_parse_decimal(first, NQ_MAX_THREADS, &v) || v == 0)
            return 0;
        item += k;
        if (!*item)
            return 1;
    }
}

/* An OMP_NUM_THREADS the programs cannot use, taken out of the
 * environment before libgomp reads it, which it does as it loads: libgomp
 * would print its own warning ("libgomp: Invalid value ...") above ours,
 * and ignore a list it cannot read whole ("2,abc") where nqueens read the
 * first number. Without -t it is then bad input, with one line; -t makes
 * it moot (and an empty one is no setting). glibc runs a program's .preinit_array before any library's
 * initializer, with the environment as its third argument. */
static const char *hidden_omp_threads;

#if defined(__GLIBC__) && defined(__ELF__)
static void hide_omp_threads(int argc, char **argv, char **envp)
{
    (void)argc, (void)argv;
    static const char name[] = "OMP_NUM_THREADS=";
    for (char **e = envp; e && *e; e++) {
        if (strncmp(*e, name, sizeof name - 1))
            continue;
        const char *value = *e + sizeof name - 1;
        if (usable_omp_threads(value))
            return;
        hidden_omp_threads = value;
        for (char **d = e; (d[0] = d[1]); d++)
            ;
        return;
    }
}
__attribute__((section(".preinit_array"), used)) static void (*const hide_entry)(int, char **,
                                                                                 char **) =
    hide_omp_threads;
#endif

int cli_default_threads(void)
{
    const char *env = hidden_omp_threads ? hidden_omp_threads : getenv("OMP_NUM_THREADS");
    if (env && *env && !usable_omp_threads(env))
        cli_usage_error("OMP_NUM_THREADS must be a whole number from 1 to %d%s, or a list of "
                        "them such as 4,2, got '%s'", NQ_MAX_THREADS, zeros_note(env), env);
    /* OpenMP's default: OMP_NUM_THREADS, else the affinity mask. */
    return nq_default_threads();
}
