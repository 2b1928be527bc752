#include "placement_print.h"

#include <string.h>

void cli_print_pus(FILE *f, const nq_placement *p)
{
    const char *sep = "";
    for (int pu = nq_placement_next_pu(p, -1); pu >= 0;) {
        int last = pu, next;
        while ((next = nq_placement_next_pu(p, last)) == last + 1)
            last = next;
        if (last == pu)
            fprintf(f, "%s%d", sep, pu);
        else
            fprintf(f, "%s%d-%d", sep, pu, last);
        sep = ",";
        pu = next;
    }
}

void cli_placement_json(FILE *f, const nq_placement *p, int count)
{
    fputc('[', f);
    for (int t = 0; t < count; t++) {
        fprintf(f, "%s{\"thread\":%d,\"numa\":", t ? "," : "", p[t].thread);
        if (p[t].numa >= 0)
            fprintf(f, "%d", p[t].numa);
        else
            fputs("null", f);
        fputs(",\"pus\":[", f);
        const char *sep = "";
        for (int pu = -1; (pu = nq_placement_next_pu(&p[t], pu)) >= 0; sep = ",")
            fprintf(f, "%s%d", sep, pu);
        fputs("]}", f);
    }
    fputc(']', f);
}

static int same_pus(const nq_placement *a, const nq_placement *b)
{
    return !memcmp(a->pus, b->pus, sizeof a->pus);
}

/* A long line helps no one: past this many groups, --json has the rest. */
#define LINE_GROUPS 8

void cli_placement_line(FILE *f, const nq_placement *p, int count)
{
    int groups = 0, hidden = 0;
    for (int t = 0; t < count; t++) {
        int seen = 0;
        for (int u = 0; u < t && !seen; u++)
            seen = same_pus(&p[u], &p[t]);
        if (seen)
            continue;
        if (++groups > LINE_GROUPS) {
            hidden++;
            continue;
        }
        int members = 0;
        for (int u = t; u < count; u++)
            members += same_pus(&p[u], &p[t]);
        fprintf(f, "%s%s ", groups > 1 ? "; " : "", members > 1 ? "threads" : "thread");
        /* Thread numbers of the group, as ranges. */
        const char *sep = "";
        for (int u = t; u < count;) {
            int last = u;
            while (last + 1 < count && same_pus(&p[last + 1], &p[t]))
                last++;
            if (last > u)
                fprintf(f, "%s%d-%d", sep, p[u].thread, p[last].thread);
            else
                fprintf(f, "%s%d", sep, p[u].thread);
            sep = ",";
            u = last + 1;
            while (u < count && !same_pus(&p[u], &p[t]))
                u++;
        }
        if (p[t].npus == 0) {
            fputs(" not bound", f);
            continue;
        }
        fputs(p[t].npus > 1 ? " on PUs " : " on PU ", f);
        cli_print_pus(f, &p[t]);
        if (p[t].numa >= 0)
            fprintf(f, " (node %d)", p[t].numa);
    }
    if (hidden)
        fprintf(f, "; %d more (--json lists every thread)", hidden);
    fputc('\n', f);
}
