/* Where a slice's spread comes from inside a piece (n = 28): in one row
 * set's main pass, east block e's tables against every west block, and
 * `rows` east blocks against `cols` fixed west blocks. Args: n place set rows cols seed */
#include "engines.h"
#include "plan.h"
#include "util.h"
#include "halves.h"
#include "halves_work.h"
#include "halves_slice.h"
#include "halves_match.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
static nq_halves_work *W;
static int prep(size_t e, size_t *nwp)
{
    size_t read, ne, nw;
    nq_stream_rewind(&W->sides[1]); nq_stream_rewind(&W->sides[0]);
    nq_rows_read(W, 1, W->east, W->z.east, e + 1, NULL, &read, &ne);
    nq_rows_read(W, 0, W->west, W->z.west, 1, NULL, &read, &nw);
    *nwp = nw;
    return nq_match_prepare(W->match, W->west, nw, W->east, ne, 2 * W->G.nd);
}
int main(int argc, char **argv)
{
    int n = atoi(argv[1]); size_t place = strtoul(argv[2], 0, 0); uint64_t set = strtoull(argv[3], 0, 0);
    int rows = atoi(argv[4]), cols = atoi(argv[5]); uint64_t seed = strtoull(argv[6], 0, 0);
    nq_plan *plan;
    if (nq_plan_create(&plan, n, 0, 0, NULL)) return 1;
    plan->engine->memory(n, 64, 20ull << 30, &plan->work_budget);
    void *w; if (plan->engine->work_create(plan, &w)) return 1; W = w;
    const nq_halves_piece *c = &((const nq_halves_piece *)plan->subs)[plan->order[place]];
    uint64_t pick[NQ_SLICE_PICKS] = { set };
    nq_rows_slice s;
    double t = nq_thread_cpu();
    nq_halves_slice_rows(W, c, pick, NULL, &s);
    printf("slice took %.2f s; sets %u set %u; main blocks west %zu east %zu; pass %.2f %.2f\n", nq_thread_cpu() - t, s.sets, s.set, s.pass[0].blocks[0], s.pass[0].blocks[1], s.pass[0].pass_seconds[0], s.pass[0].pass_seconds[1]);
    /* the main pass's streams: keep tables as nq_halves_slice_rows left them (main pass first) */
    pick[0] = set; nq_halves_slice_rows(W, c, pick, NULL, &s); /* again: leaves ties' keep... */
    size_t WB = s.pass[0].blocks[0], EB = s.pass[0].blocks[1];
    /* redo begin+keep_main for the main pass: first_blocks does it for set 0 only */
    if (set != 0) { fprintf(stderr, "use set 0\n"); }
    size_t b2[2]; nq_halves_first_blocks(W, c, NULL, b2);
    WB = b2[0]; EB = b2[1];
    size_t nw; uint64_t pairs;
    /* one full row */
    size_t e0 = nq_splitmix64(&seed) % EB;
    prep(e0, &nw);
    double sum = 0, sq = 0, ts = 0;
    printf("row e=%zu:", e0);
    for (size_t b = 0; b < WB; b++) {
        size_t read, got;
        if (b) nq_rows_read(W, 0, W->west, W->z.west, 1, NULL, &read, &got); else got = nw;
        t = nq_thread_cpu();
        nq_match_scan(W->match, W->west, got, &pairs);
        ts += nq_thread_cpu() - t;
        sum += pairs; sq += (double)pairs * pairs;
        printf(" %llu", (unsigned long long)pairs);
    }
    double mean = sum / WB;
    printf("\nrow mean %.4g cv %.2f scan avg %.3f s\n", mean, sqrt(sq / WB - mean * mean) / mean, ts / WB);
    /* grid: rows east blocks x the first cols west blocks at a fixed random offset */
    size_t off = nq_splitmix64(&seed) % WB;
    double rm[64]; double within = 0; int cells = 0;
    for (int r = 0; r < rows; r++) {
        size_t e = nq_splitmix64(&seed) % EB;
        prep(e, &nw);
        double rs = 0, rq = 0;
        size_t b = 0;
        for (int j = 0; j < cols; j++) {
            size_t target = (off + (size_t)j * (WB / cols)) % WB;
            /* read from the start each time: simple */
            size_t read, got;
            nq_stream_rewind(&W->sides[0]);
            nq_rows_read(W, 0, W->west, W->z.west, target + 1, NULL, &read, &got);
            nq_match_scan(W->match, W->west, got, &pairs);
            rs += pairs; rq += (double)pairs * pairs;
            (void)b;
        }
        rm[r] = rs / cols;
        within += rq - rs * rs / cols; cells += cols;
        printf("east %zu: mean %.4g\n", e, rm[r]);
    }
    double gm = 0; for (int r = 0; r < rows; r++) gm += rm[r]; gm /= rows;
    double between = 0; for (int r = 0; r < rows; r++) between += (rm[r] - gm) * (rm[r] - gm); between /= rows - 1;
    double sw2 = within / (cells - rows);
    printf("grid mean %.4g: var of east means %.4g (of which within/cols %.4g), within-east var %.4g; S_b^2 ~ %.4g, S_w^2 %.4g\n",
           gm, between, sw2 / cols, sw2, between - sw2 / cols, sw2);
    return 0;
}
