/* Command-line helpers shared by the nqueens subcommands. */
#ifndef NQ_COMMON_ARGS_H
#define NQ_COMMON_ARGS_H

#include "nqueens.h"

#include <stdint.h>
#include <stdio.h>

#define EXIT_USAGE 2   /* bad input: nothing on stdout */
#define EXIT_RUNTIME 1 /* failure while running */

#if defined(__GNUC__)
#define CLI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define CLI_NORETURN __attribute__((noreturn))
#else
#define CLI_PRINTF(a, b)
#define CLI_NORETURN
#endif

/* The program's name for messages, "nqueens" unless set (nqueens-mpi). */
void cli_set_program(const char *name);
const char *cli_program(void);

/* One line "nqueens: ..." on stderr, then exit with EXIT_USAGE. */
CLI_NORETURN CLI_PRINTF(1, 2) void cli_usage_error(const char *fmt, ...);
/* One line "nqueens: ..." on stderr, then exit with EXIT_RUNTIME. */
CLI_NORETURN CLI_PRINTF(1, 2) void cli_fail(const char *fmt, ...);

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

/* s as a JSON string, quotes included: '"', '\\' and control characters
 * escaped. */
void cli_json_string(FILE *out, const char *s);

/* --help: usage() on stdout, then exit 0. */
CLI_NORETURN void cli_help(void (*usage)(void));
/* Rejects argv[i] as an unknown option or an extra argument (exits). */
CLI_NORETURN void cli_reject(const char *command, const char *arg);
/* 1 if arg looks like an option ("-x", "--x"), not a negative number. */
int cli_is_option(const char *arg);

/* Writes stdout out. A closed pipe (EPIPE: the reader left, `| head`) ends
 * the process quietly with status 0, for every command; any other write
 * error (a full disk) is a run-time failure. Returns only on success. */
void cli_finish_stdout(void);

/* Default threads: OMP_NUM_THREADS (validated like --threads) or the CPUs
 * of the process's affinity mask, capped by OMP_THREAD_LIMIT. */
int cli_default_threads(void);

#endif
