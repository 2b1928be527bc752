/* The nqueens subcommands; argv[0] is the command's own name. */
#ifndef NQ_CLI_COMMANDS_H
#define NQ_CLI_COMMANDS_H

int cmd_check(int argc, char **argv);
int cmd_count(int argc, char **argv);
int cmd_engines(int argc, char **argv);
int cmd_estimate(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_topology(int argc, char **argv);
int cmd_verify(int argc, char **argv);

#endif
