/* Checkpoints: the finished subproblems of a plan, with their counts, in a
 * small text file (its format: checkpoint_text.c; its files:
 * checkpoint_file.c). A reader accepts exactly the format's layout, with
 * plausible values only, and nothing else: a truncated, edited or foreign
 * file is refused rather than half-used, and left as it was. */
#include "checkpoint.h"
#include "checkpoint_file.h"
#include "checkpoint_text.h"
#include "nqueens_parts.h"
#include "run/plan.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct nq_checkpoint {
    char *path;
    const nq_plan *plan;
    nq_ck_part part; /* what this run counts, and the file records */
    int fd;      /* the checkpoint's current file, open and locked */
    size_t held; /* finished subproblems the file holds */
    int failing; /* the last periodic write failed */
    void (*log)(void *ctx, int error, const char *line); /* nq_checkpoint_params' */
    void *log_ctx;
    nq_mark *resumed; /* the file's marks when it was opened */
    size_t resumed_count;
    nq_marks *live; /* the run's, once it has attached them */
};

void nq_ck_resumed_marks(const nq_checkpoint *ck, const nq_mark **marks, size_t *count)
{
    *marks = ck->resumed;
    *count = ck->resumed_count;
}

void nq_ck_attach_marks(nq_checkpoint *ck, nq_marks *live)
{
    ck->live = live;
}

/* A file over the limit: for another plan if its head says so, else too
 * large. */
static int too_large(const char *path, const nq_plan *plan, int fd, size_t limit, char *message,
                     size_t size)
{
    char head[512];
    const ssize_t r = pread(fd, head, sizeof head, 0);
    int version;
    uint64_t fingerprint;
    if (r <= 0 ||
        nq_ck_check_plan(path, plan, head, (size_t)r, &version, &fingerprint, message, size) == 0)
        return nq_ck_say(message, size, path, NQ_ERR(EBADMSG),
                         "too large for a checkpoint of this plan (over %zu bytes)", limit);
    return NQ_ERR(EBADMSG);
}

/* Refused unless the file records the part this run counts (a part's
 * subproblems are not the whole count's, nor another part's). */
static int check_part(const char *path, nq_ck_part want, nq_ck_part got, char *message,
                      size_t size)
{
    const int bad = NQ_ERR(EBADMSG);
    if (want.part == got.part && want.parts == got.parts)
        return 0;
    if (!got.parts)
        return nq_ck_say(message, size, path, bad, "holds a whole count, not part %d/%d",
                         want.part, want.parts);
    if (!want.parts)
        return nq_ck_say(message, size, path, bad,
                         "holds part %d/%d of a split count, not the whole count", got.part,
                         got.parts);
    return nq_ck_say(message, size, path, bad, "holds part %d/%d, not part %d/%d", got.part,
                     got.parts, want.part, want.parts);
}

/* ------------------------------------------------------------ the calls */

/* The marks a write takes: the run's, or until it has them, the file's;
 * into *out (malloc'd or NULL), how many, or NQ_ERR(ENOMEM). */
static long marks_to_write(const nq_checkpoint *ck, nq_mark **out)
{
    *out = NULL;
    if (ck->live)
        return nq_marks_copy(ck->live, NULL, out);
    if (!ck->resumed_count)
        return 0;
    if (!(*out = malloc(ck->resumed_count * sizeof **out)))
        return NQ_ERR(ENOMEM);
    memcpy(*out, ck->resumed, ck->resumed_count * sizeof **out);
    return (long)ck->resumed_count;
}

/* done[] as one write sees it, read once (after the marks: a piece that
 * ends between is done here and its mark dropped, for a thread clears its
 * mark only after done is set); the marks of those done dropped. NULL if
 * out of memory. */
static unsigned char *done_seen(const nq_plan *plan, const unsigned char *done, nq_mark *marks,
                                long *mark_count)
{
    unsigned char *seen = calloc(plan->size ? plan->size : 1, 1);
    if (!seen)
        return NULL;
    for (size_t i = 0; done && i < plan->size; i++)
        seen[i] = __atomic_load_n(&done[i], __ATOMIC_ACQUIRE);
    long kept = 0;
    for (long k = 0; k < *mark_count; k++)
        if (!seen[marks[k].i])
            marks[kept++] = marks[k];
    *mark_count = kept;
    return seen;
}

int nq_ck_save(nq_checkpoint *ck, const unsigned char *done, const nq_sub_result *results,
               char *message, size_t size)
{
    nq_ck_text t = { 0 };
    size_t listed;
    nq_mark *marks;
    long mark_count = marks_to_write(ck, &marks);
    unsigned char *seen = mark_count < 0 ? NULL : done_seen(ck->plan, done, marks, &mark_count);
    if (!seen || nq_ck_render(ck->plan, ck->part, seen, results, marks, (size_t)mark_count, &t,
                              &listed)) {
        free(seen);
        free(marks);
        free(t.p);
        return nq_ck_say(message, size, ck->path, NQ_ERR(ENOMEM), "cannot write it: out of memory");
    }
    free(seen);
    free(marks);
    /* Never less than the file holds: work once saved is never unsaved. */
    if (listed < ck->held) {
        free(t.p);
        return nq_ck_say(message, size, ck->path, NQ_ERR(EINVAL),
                         "not written: it holds %zu finished subproblems, this run only %zu",
                         ck->held, listed);
    }
    struct stat st;
    const mode_t mode = fstat(ck->fd, &st) ? 0644 : st.st_mode & 07777;
    char *tmp;
    const int fd = nq_ck_write_temp(ck->path, mode, t.p, t.len, &tmp, message, size);
    free(t.p);
    if (fd < 0)
        return fd;
    if (rename(tmp, ck->path)) {
        const int err = -errno;
        unlink(tmp);
        close(fd);
        free(tmp);
        return nq_ck_say(message, size, ck->path, err, "cannot write it: %s", strerror(-err));
    }
    free(tmp);
    nq_ck_sync_dir(ck->path); /* the rename itself is durable once the folder is */
    /* The new file was locked before it took the name; the old one, now
     * nameless, is let go. */
    close(ck->fd);
    ck->fd = fd;
    ck->held = listed;
    return 0;
}

int nq_ck_save_periodic(nq_checkpoint *ck, const unsigned char *done,
                        const nq_sub_result *results, double every, char *message, size_t size)
{
    char line[600];
    const int err = nq_ck_save(ck, done, results, line, sizeof line);
    if (err)
        snprintf(message, size, "%s; the run goes on and tries again in %g s", line,
                 every > 0 ? every : NQ_CHECKPOINT_EVERY);
    else if (ck->failing)
        snprintf(message, size, "checkpoint '%s': written again", ck->path);
    else if (size)
        *message = '\0';
    ck->failing = err != 0;
    return err;
}

/* Creates path holding an empty checkpoint, only if nothing has the name
 * (link fails on an existing name where rename would replace it). 1 if
 * another process took the name first. */
static int create(nq_checkpoint *ck, char *message, size_t size)
{
    nq_ck_text t = { 0 };
    size_t listed;
    if (nq_ck_render(ck->plan, ck->part, NULL, NULL, NULL, 0, &t, &listed)) {
        free(t.p);
        return nq_ck_say(message, size, ck->path, NQ_ERR(ENOMEM), "cannot write it: out of memory");
    }
    char *tmp;
    const int fd = nq_ck_write_temp(ck->path, 0644, t.p, t.len, &tmp, message, size);
    free(t.p);
    if (fd < 0)
        return fd;
    int err = link(tmp, ck->path) ? -errno : 0;
    if (err == NQ_ERR(EPERM) || err == NQ_ERR(ENOTSUP) || err == NQ_ERR(EOPNOTSUPP)) {
        /* No hard links here (some network or FAT file systems). */
        err = rename(tmp, ck->path) ? -errno : 0;
    }
    unlink(tmp);
    free(tmp);
    if (err) {
        close(fd);
        if (err == NQ_ERR(EEXIST))
            return 1;
        return nq_ck_say(message, size, ck->path, err, "cannot create it: %s", strerror(-err));
    }
    nq_ck_sync_dir(ck->path);
    ck->fd = fd;
    ck->held = 0;
    return 0;
}

/* Opens and locks the existing file at path and loads it. 1 if the file
 * was replaced or removed under us (try again). */
static int load(nq_checkpoint *ck, unsigned char *done, nq_sub_result *results, char *message,
                size_t size)
{
    const char *path = ck->path;
    const int fd = nq_ck_open_retry(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK, 0);
    if (fd < 0) {
        const int err = -errno;
        if (err == NQ_ERR(ENOENT))
            return 1;
        if (err == NQ_ERR(ELOOP))
            return nq_ck_say(message, size, path, NQ_ERR(EBADMSG),
                             "is a symbolic link; give the path of the file itself");
        if (err == NQ_ERR(EISDIR))
            return nq_ck_say(message, size, path, NQ_ERR(EBADMSG), "is a directory");
        return nq_ck_say(message, size, path, err, "cannot open it for reading and writing: %s",
                         strerror(-err));
    }
    struct stat mine, named;
    int err = nq_ck_lock_fd(fd);
    if (err == NQ_ERR(EAGAIN) || err == NQ_ERR(EACCES)) {
        err = nq_ck_busy(path, fd, message, size);
    } else if (err) {
        nq_ck_say(message, size, path, err, "cannot lock it: %s", strerror(-err));
    } else if (fstat(fd, &mine) || !S_ISREG(mine.st_mode)) {
        err = nq_ck_say(message, size, path, NQ_ERR(EBADMSG), "is not a regular file");
    } else if (lstat(path, &named) || named.st_dev != mine.st_dev ||
               named.st_ino != mine.st_ino) {
        close(fd); /* replaced between open and lock */
        return 1;
    }
    if (err) {
        close(fd);
        return err;
    }
    char *buf;
    size_t len;
    err = nq_ck_read_all(fd, nq_ck_size_limit(ck->plan), &buf, &len);
    if (err == NQ_ERR(EFBIG)) {
        err = too_large(path, ck->plan, fd, nq_ck_size_limit(ck->plan), message, size);
    } else if (err) {
        nq_ck_say(message, size, path, err, "cannot read it: %s", strerror(-err));
    } else {
        nq_ck_contents got = { .done = done, .results = results, .keep_marks = 1 };
        free(ck->resumed);
        ck->resumed = NULL;
        ck->resumed_count = 0;
        err = nq_ck_parse(path, ck->plan, buf, len, &got, message, size);
        if (!err) {
            ck->held = got.held;
            ck->resumed = got.marks;
            ck->resumed_count = got.mark_count;
            err = check_part(path, ck->part, got.part, message, size);
        }
        free(buf);
    }
    if (err) {
        close(fd);
        return err;
    }
    ck->fd = fd;
    return 0;
}

int nq_ck_open(nq_checkpoint **out, const char *path, const nq_plan *plan, int part, int parts,
               unsigned char *done, nq_sub_result *results, char *message, size_t size)
{
    *out = NULL;
    if (parts < 0 || (parts && (part < 1 || part > parts || (size_t)parts > plan->size))
        || (!parts && part))
        return nq_ck_say(message, size, path, NQ_ERR(EINVAL), "part %d/%d does not exist", part,
                         parts);
    if (message && size)
        *message = '\0';
    nq_checkpoint *ck = calloc(1, sizeof *ck);
    if (ck)
        ck->path = strdup(path);
    if (!ck || !ck->path) {
        if (ck)
            free(ck);
        return nq_ck_say(message, size, path, NQ_ERR(ENOMEM), "out of memory");
    }
    ck->plan = plan;
    ck->part = (nq_ck_part){ part, parts };
    ck->fd = -1;
    int err = 1, exists = 0;
    /* A name that another run creates, replaces or removes meanwhile is
     * looked at again. */
    for (int tries = 0; err == 1 && tries < 100; tries++) {
        memset(done, 0, plan->size);
        memset(results, 0, plan->size * sizeof *results);
        err = nq_ck_check_kind(path, message, size, &exists);
        if (!err)
            err = exists ? load(ck, done, results, message, size) : create(ck, message, size);
    }
    if (err == 1)
        err = nq_ck_say(message, size, path, NQ_ERR(EBUSY), "keeps changing under this run");
    if (!err) {
        nq_ck_remove_stale_temps(path);
        /* Written back at once (a new one just was): a place where it
         * cannot be written fails now, not after the work. */
        if (exists)
            err = nq_ck_save(ck, done, results, message, size);
    }
    if (err) {
        memset(done, 0, plan->size);
        memset(results, 0, plan->size * sizeof *results);
        nq_checkpoint_close(ck);
        /* Interrupted calls were retried; still interrupted is a failure to
         * read, never to be taken for a stopped run. */
        return err == NQ_ERR(EINTR) ? NQ_ERR(EIO) : err;
    }
    *out = ck;
    return 0;
}

void nq_checkpoint_close(nq_checkpoint *ck)
{
    if (!ck)
        return;
    if (ck->fd >= 0)
        close(ck->fd);
    free(ck->path);
    free(ck->resumed);
    free(ck);
}

int nq_ck_read(const char *path, const nq_plan *plan, int *part_out, int *parts_out,
               unsigned char *done, nq_sub_result *results, char *message, size_t size)
{
    nq_ck_contents got = { .done = done, .results = results };
    memset(done, 0, plan->size);
    memset(results, 0, plan->size * sizeof *results);
    int exists;
    int err = nq_ck_check_kind(path, message, size, &exists);
    if (err)
        return err;
    if (!exists)
        return NQ_ERR(ENOENT);
    const int fd = nq_ck_open_retry(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0);
    if (fd < 0)
        return nq_ck_say(message, size, path, -errno, "cannot read it: %s", strerror(errno));
    struct stat st;
    char *buf = NULL;
    size_t len = 0;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode))
        err = nq_ck_say(message, size, path, NQ_ERR(EBADMSG), "is not a regular file");
    else if ((err = nq_ck_read_all(fd, nq_ck_size_limit(plan), &buf, &len)) == NQ_ERR(EFBIG))
        err = too_large(path, plan, fd, nq_ck_size_limit(plan), message, size);
    else if (err)
        nq_ck_say(message, size, path, err, "cannot read it: %s", strerror(-err));
    else
        err = nq_ck_parse(path, plan, buf, len, &got, message, size);
    close(fd);
    free(buf);
    if (err) {
        memset(done, 0, plan->size);
        memset(results, 0, plan->size * sizeof *results);
    }
    if (part_out)
        *part_out = got.part.part;
    if (parts_out)
        *parts_out = got.part.parts;
    return err;
}

int nq_ck_peek(const char *path, nq_checkpoint_about *about, char *message, size_t size)
{
    *about = (nq_checkpoint_about){ 0 };
    int exists;
    int err = nq_ck_check_kind(path, message, size, &exists);
    if (err)
        return err;
    if (!exists)
        return nq_ck_say(message, size, path, NQ_ERR(ENOENT), "no such file");
    const int fd = nq_ck_open_retry(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0);
    if (fd < 0)
        return nq_ck_say(message, size, path, -errno, "cannot read it: %s", strerror(errno));
    char head[512];
    const ssize_t r = pread(fd, head, sizeof head, 0);
    if (r < 0)
        err = nq_ck_say(message, size, path, -errno, "cannot read it: %s", strerror(errno));
    else
        err = nq_ck_about(path, head, (size_t)r, about, message, size);
    close(fd);
    return err;
}

/* ------------------------------------------------------------ the API */

/* A call's line is made in a buffer that holds any path, then told. */
#define LINE (PATH_MAX + 256)

static void tell(void (*log)(void *, int, const char *), void *ctx, int error, const char *line)
{
    if (log && *line)
        log(ctx, error, line);
}

int nq_checkpoint_open_with(nq_checkpoint **out, const nq_checkpoint_params *params,
                            const nq_plan *plan, unsigned char *done, nq_sub_result *results)
{
    *out = NULL;
    if (!params->path)
        return NQ_ERR(EINVAL);
    char line[LINE] = "";
    const int err = nq_ck_open(out, params->path, plan, params->part, params->parts, done,
                               results, line, sizeof line);
    if (err) {
        tell(params->log, params->log_ctx, err, line);
        return err;
    }
    (*out)->log = params->log;
    (*out)->log_ctx = params->log_ctx;
    return 0;
}

int nq_checkpoint_write(nq_checkpoint *ck, const unsigned char *done, const nq_sub_result *results)
{
    char line[LINE] = "";
    const int err = nq_ck_save(ck, done, results, line, sizeof line);
    if (err)
        tell(ck->log, ck->log_ctx, err, line);
    return err;
}

int nq_checkpoint_write_periodic(nq_checkpoint *ck, const unsigned char *done,
                                 const nq_sub_result *results, double every)
{
    char line[LINE] = "";
    const int err = nq_ck_save_periodic(ck, done, results, every, line, sizeof line);
    tell(ck->log, ck->log_ctx, 0, line); /* a notice: the run goes on */
    return err;
}

int nq_checkpoint_read_with(const nq_checkpoint_params *params, const nq_plan *plan,
                            unsigned char *done, nq_sub_result *results, int *part, int *parts)
{
    if (!params->path)
        return NQ_ERR(EINVAL);
    char line[LINE] = "";
    const int err =
        nq_ck_read(params->path, plan, part, parts, done, results, line, sizeof line);
    if (err)
        tell(params->log, params->log_ctx, err, line);
    return err;
}

int nq_checkpoint_peek_with(const nq_checkpoint_params *params, nq_checkpoint_about *about)
{
    if (!params->path)
        return NQ_ERR(EINVAL);
    char line[LINE] = "";
    const int err = nq_ck_peek(params->path, about, line, sizeof line);
    if (err)
        tell(params->log, params->log_ctx, err, line);
    return err;
}
