/* The checkpoint file's text (checkpoint_text.c): rendering and strict
 * parsing of the format described in checkpoint_text.c, and the one-line
 * messages every part of the checkpoint code gives. */
#ifndef NQ_CHECKPOINT_TEXT_H
#define NQ_CHECKPOINT_TEXT_H

#include "run/marks.h"
#include "nqueens_parts.h"
#include "run/plan.h"

#include <stddef.h>
#include <stdint.h>

/* A growing text buffer. */
typedef struct nq_ck_text {
    char *p;
    size_t len, cap;
    int failed;
} nq_ck_text;

/* Part `part` of `parts` (parts.c), or 0 of 0: the whole count. */
typedef struct nq_ck_part {
    int part, parts;
} nq_ck_part;

/* Fills message with "checkpoint 'PATH': ..." and returns err. */
int nq_ck_say(char *message, size_t size, const char *path, int err, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The file's text for what done marks (NULL: nothing) into out (zeroed by
 * the caller, freed by it); *listed gets how many it holds. 0 or
 * NQ_ERR(ENOMEM). */
int nq_ck_render(const nq_plan *plan, nq_ck_part part, const unsigned char *done,
                 const nq_sub_result *results, const nq_mark *marks, size_t mark_count,
                 nq_ck_text *out, size_t *listed);

/* The largest file a plan can have: a bigger one is refused unread. */
size_t nq_ck_size_limit(const nq_plan *plan);

/* The header, read loosely, only to say what the file was made for:
 * NQ_ERR(EBADMSG) unless it names plan's n, engine, depth and fingerprint
 * (or, in a file of 1.0's formats, 1.0's fingerprint of the same plan,
 * which takes planning again); *version_out and *fingerprint_out get the
 * file's. */
int nq_ck_check_plan(const char *path, const nq_plan *plan, const char *buf, size_t len,
                     int *version_out, uint64_t *fingerprint_out, char *message, size_t size);

/* The header in buf[0..len), read loosely, without a plan: NQ_ERR(EBADMSG)
 * unless it names a format version, n and engine this library has. */
int nq_ck_about(const char *path, const char *buf, size_t len, nq_checkpoint_about *about,
                char *message, size_t size);

/* What nq_ck_parse reads a file into. */
typedef struct nq_ck_contents {
    unsigned char *done;    /* of every subproblem, cleared by the caller */
    nq_sub_result *results; /* likewise */
    int keep_marks;         /* 0: the marks are checked, not kept */
    size_t held;            /* how many subproblems the file holds */
    nq_ck_part part;        /* the part it records */
    nq_mark *marks;         /* malloc'd (keep_marks), the caller frees */
    size_t mark_count;
} nq_ck_contents;

/* Parses buf[0..len) for plan into out (path names the file in the
 * messages). Returns 0 or NQ_ERR(EBADMSG) with the reason in message. */
int nq_ck_parse(const char *path, const nq_plan *plan, const char *buf, size_t len,
                nq_ck_contents *out, char *message, size_t size);

#endif
