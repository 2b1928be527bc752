/* The checkpoint's files: a run holds the file open and locked (fcntl)
 * from start to end. Each write goes to a fresh temporary file in the same
 * folder (mkstemp: never an existing name, never through a link), locked
 * before it is renamed over the checkpoint, so the name always leads to a
 * whole file that the run holds. */
#include "checkpoint_file.h"

#include "checkpoint_text.h"
#include "nqueens.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Temporary files are "<name>" TMP_INFIX "XXXXXX" next to the checkpoint. */
#define TMP_INFIX ".tmp-nq-"
#define EINTR_RETRIES NQ_CK_EINTR_RETRIES

/* Reads all of fd, up to limit bytes (more is refused). */
int nq_ck_read_all(int fd, size_t limit, char **out, size_t *len)
{
    struct stat st;
    if (fstat(fd, &st))
        return -errno;
    if ((uintmax_t)st.st_size > limit)
        return NQ_ERR(EFBIG);
    size_t cap = (size_t)st.st_size + 1, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf)
        return NQ_ERR(ENOMEM);
    int retries = 0;
    for (;;) {
        if (n == cap) { /* the file grew while read: only up to the limit */
            if (cap > limit) {
                free(buf);
                return NQ_ERR(EFBIG);
            }
            char *grown = realloc(buf, 2 * cap + 1);
            if (!grown) {
                free(buf);
                return NQ_ERR(ENOMEM);
            }
            buf = grown;
            cap *= 2;
        }
        const ssize_t r = pread(fd, buf + n, cap - n, (off_t)n);
        if (r < 0 && errno == EINTR && ++retries < EINTR_RETRIES)
            continue;
        if (r < 0) {
            const int err = -errno;
            free(buf);
            return err;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    if (n > limit) {
        free(buf);
        return NQ_ERR(EFBIG);
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return 0;
}

int nq_ck_open_retry(const char *path, int flags, mode_t mode)
{
    for (int retries = 0;; retries++) {
        const int fd = open(path, flags | O_CLOEXEC, mode);
        if (fd >= 0 || errno != EINTR || retries >= EINTR_RETRIES)
            return fd;
    }
}

/* What lstat found at path, refused unless a regular file (or nothing). */
int nq_ck_check_kind(const char *path, char *message, size_t size, int *exists)
{
    struct stat st;
    *exists = 0;
    if (lstat(path, &st)) {
        if (errno == ENOENT)
            return 0;
        return nq_ck_say(message, size, path, -errno, "cannot read it: %s", strerror(errno));
    }
    *exists = 1;
    if (S_ISLNK(st.st_mode))
        return nq_ck_say(message, size, path, NQ_ERR(EBADMSG),
                         "is a symbolic link; give the path of the file itself");
    if (S_ISDIR(st.st_mode))
        return nq_ck_say(message, size, path, NQ_ERR(EBADMSG), "is a directory");
    if (!S_ISREG(st.st_mode))
        return nq_ck_say(message, size, path, NQ_ERR(EBADMSG),
                         "is not a regular file (a pipe, device or socket cannot hold a "
                         "checkpoint)");
    return 0;
}

int nq_ck_lock_fd(int fd)
{
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    return fcntl(fd, F_SETLK, &fl) ? -errno : 0;
}

/* Why fd could not be locked: the holder's pid, if the system says. */
int nq_ck_busy(const char *path, int fd, char *message, size_t size)
{
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    if (!fcntl(fd, F_GETLK, &fl) && fl.l_type != F_UNLCK && fl.l_pid > 0)
        return nq_ck_say(message, size, path, NQ_ERR(EBUSY), "in use by process %ld",
                         (long)fl.l_pid);
    return nq_ck_say(message, size, path, NQ_ERR(EBUSY), "in use by another process");
}

/* The folder of path (".") and its last component. */
static void split_path(const char *path, char *dir, size_t dir_size, const char **base)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(dir, dir_size, ".");
        *base = path;
    } else {
        const size_t len = slash == path ? 1 : (size_t)(slash - path);
        snprintf(dir, dir_size, "%.*s", (int)len, path);
        *base = slash + 1;
    }
}

void nq_ck_sync_dir(const char *path)
{
    char dir[4096];
    const char *base;
    split_path(path, dir, sizeof dir, &base);
    const int fd = nq_ck_open_retry(dir, O_RDONLY | O_DIRECTORY, 0);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* Writes buf to a new, locked temporary file next to path; returns its fd
 * and name (malloc'd), or a negative errno with the message set. */
int nq_ck_write_temp(const char *path, mode_t mode, const char *buf, size_t len,
                     char **tmp_out, char *message, size_t size)
{
    const size_t tlen = strlen(path) + strlen(TMP_INFIX) + 6;
    char *tmp = malloc(tlen + 1);
    if (!tmp)
        return nq_ck_say(message, size, path, NQ_ERR(ENOMEM), "cannot write it: out of memory");
    snprintf(tmp, tlen + 1, "%s" TMP_INFIX "XXXXXX", path);
    /* mkstemp opens with O_CREAT|O_EXCL: an existing name or a planted link
     * is never written through. */
    int fd = -1;
    for (int retries = 0; fd < 0; retries++) {
        memcpy(tmp + tlen - 6, "XXXXXX", 6);
        fd = mkstemp(tmp);
        if (fd >= 0)
            fcntl(fd, F_SETFD, FD_CLOEXEC);
        if (fd < 0 && (errno != EINTR || retries >= EINTR_RETRIES)) {
            const int err = -errno;
            nq_ck_say(message, size, path, err, "cannot create a temporary file next to it: %s",
                      strerror(-err));
            free(tmp);
            return err;
        }
    }
    /* mkstemp's 0600, opened up as the file it replaces was (new: 0644). */
    int err = fchmod(fd, mode) ? -errno : nq_ck_lock_fd(fd);
    for (size_t off = 0; off < len && !err;) {
        const ssize_t w = write(fd, buf + off, len - off);
        if (w < 0 && errno != EINTR)
            err = -errno;
        else if (w > 0)
            off += (size_t)w;
    }
    if (!err && fsync(fd))
        err = -errno;
    if (err) {
        nq_ck_say(message, size, path, err, "cannot write it: %s", strerror(-err));
        unlink(tmp);
        close(fd);
        free(tmp);
        return err;
    }
    *tmp_out = tmp;
    return fd;
}

/* Removes the temporary files that killed runs left next to path (the
 * caller holds path's lock, so no live run of this checkpoint writes them;
 * one that is still locked belongs to a run starting anew: it is kept). */
void nq_ck_remove_stale_temps(const char *path)
{
    char dir[4096];
    const char *base;
    split_path(path, dir, sizeof dir, &base);
    DIR *d = opendir(dir);
    if (!d)
        return;
    const size_t blen = strlen(base), ilen = strlen(TMP_INFIX);
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *name = e->d_name;
        if (strlen(name) != blen + ilen + 6 || strncmp(name, base, blen) ||
            strncmp(name + blen, TMP_INFIX, ilen))
            continue;
        const int fd = openat(dirfd(d), name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        struct stat st;
        if (fd < 0)
            continue;
        if (!fstat(fd, &st) && S_ISREG(st.st_mode) && !nq_ck_lock_fd(fd))
            unlinkat(dirfd(d), name, 0);
        close(fd);
    }
    closedir(d);
}
