/* 1.0's checkpoint calls, which put their reason in a caller's buffer
 * (message, size) where the library's other calls tell it through a log:
 * kept, word for word as they were, for programs written against them.
 * The library and its programs use checkpoint.c's calls. */
#include "checkpoint.h"

int nq_checkpoint_open(nq_checkpoint **out, const char *path, const nq_plan *plan,
                       unsigned char *done, nq_sub_result *results, char *message, size_t size)
{
    return nq_ck_open(out, path, plan, 0, 0, done, results, message, size);
}

int nq_checkpoint_open_part(nq_checkpoint **out, const char *path, const nq_plan *plan, int part,
                            int parts, unsigned char *done, nq_sub_result *results,
                            char *message, size_t size)
{
    return nq_ck_open(out, path, plan, part, parts, done, results, message, size);
}

int nq_checkpoint_save(nq_checkpoint *ck, const unsigned char *done, const nq_sub_result *results,
                       char *message, size_t size)
{
    return nq_ck_save(ck, done, results, message, size);
}

int nq_checkpoint_save_periodic(nq_checkpoint *ck, const unsigned char *done,
                                const nq_sub_result *results, double every, char *message,
                                size_t size)
{
    return nq_ck_save_periodic(ck, done, results, every, message, size);
}

int nq_checkpoint_read(const char *path, const nq_plan *plan, unsigned char *done,
                       nq_sub_result *results, char *message, size_t size)
{
    return nq_ck_read(path, plan, NULL, NULL, done, results, message, size);
}

int nq_checkpoint_read_part(const char *path, const nq_plan *plan, int *part, int *parts,
                            unsigned char *done, nq_sub_result *results, char *message,
                            size_t size)
{
    return nq_ck_read(path, plan, part, parts, done, results, message, size);
}

int nq_checkpoint_peek(const char *path, nq_checkpoint_about *about, char *message, size_t size)
{
    return nq_ck_peek(path, about, message, size);
}
