/* PLACEHOLDER: nqueens solve is being written (issue 3). */
#include "args.h"
#include "commands.h"

int cmd_solve(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    cli_fail("solve: not built yet");
}
