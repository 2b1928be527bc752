/* The checkpoint's calls as checkpoint.c makes them (its file handling:
 * checkpoint_file.c; its format: checkpoint_text.c), each giving its
 * reason in a caller's buffer (message, size): the public calls tell it
 * through the caller's log (checkpoint.c), 1.0's put it in the caller's
 * buffer (checkpoint_compat.c). */
#ifndef NQ_CHECKPOINT_H
#define NQ_CHECKPOINT_H

#include "run/marks.h"
#include "nqueens_parts.h"

#include <stddef.h>

int nq_ck_open(nq_checkpoint **out, const char *path, const nq_plan *plan, int part, int parts,
               unsigned char *done, nq_sub_result *results, char *message, size_t size);
int nq_ck_save(nq_checkpoint *ck, const unsigned char *done, const nq_sub_result *results,
               char *message, size_t size);
/* message: the line to tell, or empty (nothing to tell). */
int nq_ck_save_periodic(nq_checkpoint *ck, const unsigned char *done,
                        const nq_sub_result *results, double every, char *message, size_t size);
int nq_ck_read(const char *path, const nq_plan *plan, int *part, int *parts, unsigned char *done,
               nq_sub_result *results, char *message, size_t size);
/* The marks the file held when it was opened (the checkpoint keeps them). */
void nq_ck_resumed_marks(const nq_checkpoint *ck, const nq_mark **marks, size_t *count);
/* The run's marks, which every later write takes (NULL: the file's). */
void nq_ck_attach_marks(nq_checkpoint *ck, nq_marks *live);
int nq_ck_peek(const char *path, nq_checkpoint_about *about, char *message, size_t size);

#endif
