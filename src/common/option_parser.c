#include "option_parser.h"

#include "output.h"

#include <stdio.h>
#include <string.h>

void cli_parser_init(cli_parser *p, int argc, char **argv, int first, const char *command,
                     const cli_option *options)
{
    *p = (cli_parser){ .argc = argc, .argv = argv, .next = first, .command = command,
                       .options = options };
}

static const cli_option *by_letter(const cli_parser *p, char letter)
{
    for (const cli_option *o = p->options; o->name; o++)
        if (o->letter && o->letter == letter)
            return o;
    return NULL;
}

static const cli_option *by_name(const cli_parser *p, const char *name, size_t len)
{
    for (const cli_option *o = p->options; o->name; o++)
        if (strlen(o->name) == len && !strncmp(o->name, name, len))
            return o;
    return NULL;
}

CLI_NORETURN static void unknown(const cli_parser *p, const char *what)
{
    cli_usage_error("%s: unknown option '%s' (see '%s %s --help')", p->command, what,
                    cli_program(), p->command);
}

int cli_next_option(cli_parser *p, const char **value)
{
    *value = NULL;
    if (p->letters && *p->letters) { /* the next of a group like "-uh" or "-t2" */
        const char letter = *p->letters++;
        const cli_option *o = by_letter(p, letter);
        if (!o) {
            const char what[3] = { '-', letter, '\0' };
            unknown(p, what);
        }
        if (o->takes_value) {
            if (*p->letters)
                *value = p->letters; /* "-t2" */
            else if (p->next < p->argc)
                *value = p->argv[p->next++];
            else
                cli_usage_error("option '-%c' needs a value", letter);
            p->letters = NULL;
        }
        return o->id;
    }
    if (p->next >= p->argc)
        return CLI_DONE;
    const char *arg = p->argv[p->next++];
    if (p->operands_only || arg[0] != '-' || arg[1] == '\0' || (arg[1] >= '0' && arg[1] <= '9')) {
        *value = arg;
        return CLI_OPERAND;
    }
    if (arg[1] != '-') {
        p->letters = arg + 1;
        return cli_next_option(p, value);
    }
    if (arg[2] == '\0') { /* "--": what follows are operands */
        p->operands_only = 1;
        return cli_next_option(p, value);
    }
    const char *name = arg + 2, *eq = strchr(name, '=');
    const cli_option *o = by_name(p, name, eq ? (size_t)(eq - name) : strlen(name));
    if (!o) {
        char what[64];
        snprintf(what, sizeof what, "--%.*s", eq ? (int)(eq - name) : 60, name);
        unknown(p, what);
    }
    if (!o->takes_value && eq)
        cli_usage_error("option '--%s' takes no value", o->name);
    if (o->takes_value) {
        if (eq)
            *value = eq + 1;
        else if (p->next < p->argc)
            *value = p->argv[p->next++];
        else
            cli_usage_error("option '--%s' needs a value", o->name);
    }
    return o->id;
}

int cli_is_option(const char *arg)
{
    return arg[0] == '-' && arg[1] != '\0' && !(arg[1] >= '0' && arg[1] <= '9');
}

void cli_reject(const char *command, const char *arg)
{
    if (cli_is_option(arg))
        cli_usage_error("%s: unknown option '%s' (see '%s %s --help')", command, arg,
                        cli_program(), command);
    cli_usage_error("%s: unexpected argument '%s' (see '%s %s --help')", command, arg,
                    cli_program(), command);
}
