/* The nqueens subcommands; argv[0] is the command's own name. */
#ifndef NQ_CLI_COMMANDS_H
#define NQ_CLI_COMMANDS_H

int cmd_count(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_topology(int argc, char **argv);
int cmd_verify(int argc, char **argv);

/* known_values.c: published Q(n) (OEIS A000170) and U(n) (OEIS A002562). */
#define KNOWN_MAX_N 27
int known_values(int n, unsigned long long *total, unsigned long long *unique);

#endif
