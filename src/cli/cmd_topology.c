/* PLACEHOLDER: nqueens topology is being written (issue 5). */
#include "args.h"
#include "commands.h"

int cmd_topology(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    cli_fail("topology: not built yet");
}
