/* The records of a listing (solve_record.c): the bytes the searching threads
 * write for each solution, and the text of the document around them. The
 * writing itself is inline here, so that each copy of the search
 * (solve_search_tmpl.c, one per instruction set) has it in its loop. */
#ifndef NQ_SOLVE_RECORD_H
#define NQ_SOLVE_RECORD_H

#include "nqueens.h"
#include "util.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* What a record holds. */
typedef enum nq_record_kind {
    NQ_RECORD_TEXT,    /* the solution in one of the public formats, for nq_solve_text */
    NQ_RECORD_COLUMNS, /* its n column bytes (cols[row]), for nq_solve's callback */
} nq_record_kind;

/* How the records of one listing are written; set once, then only read. */
typedef struct nq_records {
    nq_record_kind kind;
    nq_format format; /* NQ_RECORD_TEXT only */
    int n;
    size_t max_len; /* bytes of the longest record, with slack for 4-byte copies */
    size_t sep_len; /* separator bytes before each record but the first */
    size_t len;     /* bytes of a record, 0 if they vary (cols) */
    const char *head, *tail; /* the document's text before the first record and after the last */
    size_t row_len;
    char rows[NQ_MAX_N][NQ_MAX_N + 4]; /* board / JSON text of a row, by column */
    char cols[NQ_MAX_N][4];            /* "12 " by column, zero padded */
    uint8_t col_len[NQ_MAX_N];
} nq_records;

/* format is read only for NQ_RECORD_TEXT; n is 1..NQ_MAX_N. */
NQ_HIDDEN void nq_records_init(nq_records *rec, int n, nq_record_kind kind, nq_format format);

/* Bytes taken by the first k records at data. */
NQ_HIDDEN size_t nq_records_len(const nq_records *rec, const char *data, uint64_t k);

/* Writes the record of board q at o, which has room for max_len bytes;
 * returns the end of what it wrote. */
static inline char *nq_record_put(const nq_records *rec, const int8_t *q, char *o)
{
    const int n = rec->n;
    if (rec->kind == NQ_RECORD_COLUMNS) {
        memcpy(o, q, (size_t)n);
        return o + n;
    }
    switch (rec->format) {
    case NQ_FORMAT_BOARD:
        *o++ = '\n';
        for (int i = 0; i < n; i++, o += rec->row_len)
            memcpy(o, rec->rows[q[i]], rec->row_len);
        break;
    case NQ_FORMAT_COLS:
        for (int i = 0; i < n; i++) {
            memcpy(o, rec->cols[q[i]], 4); /* fixed 4 bytes: one move, slack reserved */
            o += rec->col_len[q[i]];
        }
        o[-1] = '\n';
        break;
    case NQ_FORMAT_JSON:
        *o++ = ',';
        *o++ = '[';
        for (int i = 0; i < n; i++, o += rec->row_len)
            memcpy(o, rec->rows[q[i]], rec->row_len);
        o[-1] = ']';
        break;
    }
    return o;
}

#endif
