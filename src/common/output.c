#include "output.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *program = "nqueens";

void cli_set_program(const char *name)
{
    program = name;
}

const char *cli_program(void)
{
    return program;
}

__attribute__((format(printf, 1, 0))) static void vreport(const char *fmt, va_list ap)
{
    char line[1024];
    vsnprintf(line, sizeof line, fmt, ap);
    /* One line, whatever an argument holds: control characters (a newline
     * in N, say) are shown as '?'. */
    for (char *c = line; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    fprintf(stderr, "%s: %s\n", program, line);
}

void cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
    exit(EXIT_USAGE);
}

void cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(fmt, ap);
    va_end(ap);
    exit(EXIT_RUNTIME);
}

void cli_json_string(FILE *out, const char *s)
{
    putc('"', out);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(out, "\\u%04x", *c);
        else
            putc(*c, out);
    }
    putc('"', out);
}

/* "  NAME             text", the text wrapped at 80 columns under itself. */
void cli_print_wrapped(const char *name, const char *text)
{
    enum { INDENT = 19, WIDTH = 80 - INDENT };
    printf("  %-16s ", name);
    while (strlen(text) > WIDTH) {
        int cut = WIDTH;
        while (cut > 0 && text[cut] != ' ')
            cut--;
        if (cut == 0)
            break;
        printf("%.*s\n%*s", cut, text, INDENT, "");
        text += cut + 1;
    }
    printf("%s\n", text);
}

void cli_help(void (*usage)(void))
{
    usage();
    cli_finish_stdout();
    exit(0);
}

void cli_finish_stdout(void)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return;
    /* The reader went away (`| head`): a quiet end, as solve has always had. */
    if (errno == EPIPE)
        exit(0);
    cli_fail("cannot write the output: %s", errno ? strerror(errno) : "write error");
}
