/* The values of the programs' options and arguments (N, --threads,
 * --engine, sizes, seconds, --bind), each read by one strict rule; a bad
 * value is a usage error naming the option and what it expects (exit 2). */
#ifndef NQ_COMMON_OPTION_VALUES_H
#define NQ_COMMON_OPTION_VALUES_H

#include <stdint.h>

/* Strict decimal: digits only, no sign, space, prefix or leading zero. 0 and *out on
 * success, -1 if s is not such a number or is above max. */
int cli_parse_decimal(const char *s, unsigned long max, unsigned long *out);

/* Parses a value or exits with a usage error naming `what` and the range. */
long cli_parse_range(const char *s, const char *what, long min, long max);
int cli_parse_n(const char *s);
/* --threads T, capped as the library will run it (OMP_THREAD_LIMIT). */
int cli_parse_threads(const char *s);
int cli_parse_engine(const char *s);
/* A size in bytes: digits with an optional K, M, G or T (powers of 1024). */
uint64_t cli_parse_size(const char *s, const char *what);
/* A positive number of seconds: digits with an optional fraction ("30", "0.5"). */
double cli_parse_seconds(const char *s, const char *what);
/* --bind MODE: the NQ_BIND_* mode (or CLI_BIND_AUTO if `auto_ok`), or a
 * usage error naming the value and listing the modes. */
int cli_parse_bind(const char *s, int auto_ok);

/* Default threads: OMP_NUM_THREADS (validated like --threads) or the CPUs
 * of the process's affinity mask, capped by OMP_THREAD_LIMIT. */
int cli_default_threads(void);

#endif
