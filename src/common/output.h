/* What the programs write besides their results: their name in messages,
 * the one-line error and its exit status, help, JSON strings, wrapped text,
 * and the end of stdout. Shared by nqueens and nqueens-mpi. */
#ifndef NQ_COMMON_OUTPUT_H
#define NQ_COMMON_OUTPUT_H

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

/* --help: usage() on stdout, then exit 0. */
CLI_NORETURN void cli_help(void (*usage)(void));

/* s as a JSON string, quotes included: '"', '\\' and control characters
 * escaped. */
void cli_json_string(FILE *out, const char *s);

/* "  NAME             text" for help and lists: the text wrapped at 80
 * columns under itself. */
void cli_print_wrapped(const char *name, const char *text);

/* Writes stdout out. A closed pipe (EPIPE: the reader left, `| head`) ends
 * the process quietly with status 0, for every command; any other write
 * error (a full disk) is a run-time failure. Returns only on success. */
void cli_finish_stdout(void);

#endif
