/* The records of a listing: the text of each row or column, built once per
 * listing so that writing a record is a few copies (solve_record.h). */
#include "solve_record.h"

void nq_records_init(nq_records *rec, int n, nq_record_kind kind, nq_format format)
{
    memset(rec, 0, sizeof *rec);
    rec->kind = kind;
    rec->format = format;
    rec->n = n;
    rec->head = rec->tail = "";
    if (kind == NQ_RECORD_COLUMNS) {
        rec->len = (size_t)n;
        rec->max_len = (size_t)n;
        return;
    }
    switch (format) {
    case NQ_FORMAT_BOARD:
        rec->row_len = (size_t)n + 1;
        for (int c = 0; c < n; c++) {
            memset(rec->rows[c], '.', (size_t)n);
            rec->rows[c][c] = 'Q';
            rec->rows[c][n] = '\n';
        }
        rec->sep_len = 1;
        rec->len = 1 + (size_t)n * rec->row_len;
        rec->max_len = rec->len;
        break;
    case NQ_FORMAT_JSON: /* "..Q.", */
        rec->row_len = (size_t)n + 3;
        for (int c = 0; c < n; c++) {
            rec->rows[c][0] = '"';
            memset(rec->rows[c] + 1, '.', (size_t)n);
            rec->rows[c][1 + c] = 'Q';
            rec->rows[c][n + 1] = '"';
            rec->rows[c][n + 2] = ',';
        }
        rec->sep_len = 1;
        rec->len = 2 + (size_t)n * rec->row_len;
        rec->max_len = rec->len;
        rec->head = "[";
        rec->tail = "]\n";
        break;
    case NQ_FORMAT_COLS:
        for (int c = 0; c < n; c++) {
            char *s = rec->cols[c];
            if (c >= 10)
                *s++ = (char)('0' + c / 10);
            *s++ = (char)('0' + c % 10);
            *s++ = ' ';
            rec->col_len[c] = (uint8_t)(s - rec->cols[c]);
        }
        rec->max_len = 3 * (size_t)n + 4;
        break;
    }
}

size_t nq_records_len(const nq_records *rec, const char *data, uint64_t k)
{
    if (rec->len)
        return (size_t)k * rec->len;
    size_t i = 0;
    for (; k; i++)
        k -= data[i] == '\n';
    return i;
}
