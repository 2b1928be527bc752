/* The checkpoint's file handling (checkpoint_file.c): reading, opening,
 * locking, temporary files written and synced, and the clean-up after
 * killed runs. Failures come back as a negative errno, with message set
 * (nq_ck_say) where a function takes one. */
#ifndef NQ_CHECKPOINT_FILE_H
#define NQ_CHECKPOINT_FILE_H

#include <stddef.h>
#include <sys/types.h>

/* Interrupted system calls are retried this often before giving up. */
#define NQ_CK_EINTR_RETRIES 100

/* Reads all of fd, up to limit bytes (more is refused: NQ_ERR(EFBIG)). */
int nq_ck_read_all(int fd, size_t limit, char **out, size_t *len);

/* open(2) with O_CLOEXEC, retried when interrupted. */
int nq_ck_open_retry(const char *path, int flags, mode_t mode);

/* What lstat found at path, refused unless a regular file (or nothing). */
int nq_ck_check_kind(const char *path, char *message, size_t size, int *exists);

/* Takes fd's write lock without waiting: 0 or a negative errno. */
int nq_ck_lock_fd(int fd);

/* Why fd could not be locked: the holder's pid, if the system says. */
int nq_ck_busy(const char *path, int fd, char *message, size_t size);

/* fsync of path's folder, so that a rename in it is durable. */
void nq_ck_sync_dir(const char *path);

/* Writes buf to a new, locked temporary file next to path; returns its fd
 * and name (malloc'd), or a negative errno with the message set. */
int nq_ck_write_temp(const char *path, mode_t mode, const char *buf, size_t len,
                     char **tmp_out, char *message, size_t size);

/* Removes the temporary files that killed runs left next to path (the
 * caller holds path's lock). */
void nq_ck_remove_stale_temps(const char *path);

#endif
