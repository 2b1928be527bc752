/* Slices of n's heaviest pieces, pass by pass: where a draw's projected
 * time and pairs come from. Args: n, pieces, draws per piece, seed. */
#include "halves.h"
#include "halves_slice.h"
#include "util.h"
#include <stdio.h>
#include <stdlib.h>
typedef struct { double w; size_t i; } wi;
static int by_weight(const void *a, const void *b)
{
    double x = ((const wi *)a)->w, y = ((const wi *)b)->w;
    return (x < y) - (x > y);
}
int main(int argc, char **argv)
{
    int n = atoi(argv[1]), count = atoi(argv[2]), draws = atoi(argv[3]);
    uint64_t seed = strtoull(argv[4], 0, 0);
    nq_halves_piece *pieces; size_t size;
    if (nq_halves_pieces(n, nq_halves_pieces_most(n), nq_halves_parts_most(n), NULL, &pieces, &size)) return 1;
    wi *o = malloc(size * sizeof *o);
    for (size_t i = 0; i < size; i++) o[i] = (wi){ nq_halves_estimate(n, &pieces[i]), i };
    qsort(o, size, sizeof *o, by_weight);
    nq_halves_work *w;
    if (nq_halves_work_create(&w, n, nq_simd_best(), (size_t)256 << 20)) return 1;
    for (int i = 0; i < count; i++) {
        const nq_halves_piece *c = &pieces[o[(size_t)i * (size / 64 / (count > 1 ? count - 1 : 1))].i];
        for (int d = 0; d < draws; d++) {
            uint64_t pick[NQ_SLICE_PICKS], three[3];
            for (int k = 0; k < 3; k++) three[k] = nq_splitmix64(&seed);
            nq_halves_slice_picks(three, pick);
            nq_rows_slice s;
            double t0 = nq_thread_cpu();
            if (nq_halves_slice_rows(w, c, pick, NULL, &s)) return 2;
            double took = nq_thread_cpu() - t0;
            printf("piece w=%.3g sets %u weight %d took %.2fs: pairs %.3g secs %.3g\n", nq_halves_estimate(n, c), s.sets, s.weight, took,
                   (double)(nq_rows_slice_pairs(&s, 0, NQ_TRANSPOSE_PASSES)) * s.sets * s.weight,
                   nq_rows_slice_seconds(&s, 0, NQ_TRANSPOSE_PASSES) * s.sets);
            for (int p = 0; p < NQ_TRANSPOSE_PASSES; p++) {
                if (!s.pass_weight[p]) continue;
                const nq_pass_slice *q = &s.pass[p];
                printf("  pass %2d w%u blocks %zu x %zu pick %zu,%zu pairs %llu est %.3g | pass %.3f %.3f prep %.4f scan %.4f -> %.3g s\n", p, s.pass_weight[p],
                       q->blocks[1], q->blocks[0], q->block[1], q->block[0], (unsigned long long)q->pairs,
                       (double)nq_rows_slice_pairs(&s, p, p + 1), q->pass_seconds[1], q->pass_seconds[0], q->prepare_seconds, q->scan_seconds,
                       nq_slice_pass_seconds(q));
            }
        }
    }
    return 0;
}
