/* The one option parser of nqueens and nqueens-mpi, with getopt_long's
 * conventions: "-t 2", "-t2", "--threads 2", "--threads=2", short flags
 * together ("-uh"), operands anywhere, and "--" ending the options. An
 * argument that starts with '-' and a digit ("-3") is an operand, so that
 * a negative N gets the message about N. */
#ifndef NQ_COMMON_OPTION_PARSER_H
#define NQ_COMMON_OPTION_PARSER_H

#include "output.h"

typedef struct cli_option {
    const char *name; /* long name, without "--" */
    char letter;      /* short name, 0 for none */
    int takes_value;
    int id;           /* returned by cli_next_option */
} cli_option;

enum { CLI_OPERAND = -1, CLI_DONE = -2 };

typedef struct cli_parser {
    int argc;
    char **argv;
    int next;             /* argv index */
    const char *letters;  /* the rest of a group of short flags */
    int operands_only;    /* after "--" */
    const char *command;  /* for messages: "count", ... */
    const cli_option *options;
} cli_parser;

/* Starts parsing argv[first..argc-1] of `command` against options (ended
 * by an entry with a NULL name). */
void cli_parser_init(cli_parser *p, int argc, char **argv, int first, const char *command,
                     const cli_option *options);

/* The id of the next option (*value: its value, or NULL), CLI_OPERAND
 * (*value: the operand) or CLI_DONE. An unknown option, a missing value or
 * a value given to a flag is a usage error (one line, exit 2). */
int cli_next_option(cli_parser *p, const char **value);

/* 1 if arg looks like an option ("-x", "--x"), not a negative number. */
int cli_is_option(const char *arg);
/* Rejects argv[i] as an unknown option or an extra argument (exits). */
CLI_NORETURN void cli_reject(const char *command, const char *arg);

#endif
