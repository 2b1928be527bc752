/* Checkpoints: the finished subproblems of a plan, with their counts, in a
 * small text file that a person can read:
 *
 *   nqueens-checkpoint 2
 *   n 18
 *   engine parallel-sym8
 *   depth 3
 *   plan 9c1d0a7be2f44a13        (the plan's fingerprint)
 *   subproblems 4321
 *   done 2
 *   4 1234 154                   (index, total, unique; indexes increasing)
 *   17 1234567 154321
 *   checksum 5be1d5f3a0c9e871
 *
 * The checksum is FNV-1a 64 over the reader's own plan (version, n, engine,
 * depth, fingerprint, size) and then every byte above its line (version 1
 * files, still read, have the text only). A reader accepts exactly this
 * layout, with plausible values only, and nothing else: a truncated, edited
 * or foreign file is refused rather than half-used, and left as it was.
 *
 * A run holds the file open and locked (fcntl) from start to end. Each write
 * goes to a fresh temporary file in the same folder (mkstemp: never an
 * existing name, never through a link), locked before it is renamed over the
 * checkpoint, so the name always leads to a whole file that the run holds. */
#include "engines.h"
#include "plan.h"
#include "util.h"

#include <dirent.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FORMAT_VERSION 2
#define MAGIC "nqueens-checkpoint"
/* Temporary files are "<name>" TMP_INFIX "XXXXXX" next to the checkpoint. */
#define TMP_INFIX ".tmp-nq-"
/* The longest subproblem line: index, 128-bit total, 64-bit unique. */
#define MAX_LINE (20 + 1 + 39 + 1 + 20 + 1)
/* Interrupted system calls are retried this often before giving up. */
#define EINTR_RETRIES 100

struct nq_checkpoint {
    char *path;
    const nq_plan *plan;
    int fd;      /* the checkpoint's current file, open and locked */
    size_t held; /* finished subproblems the file holds */
    int failing; /* the last periodic write failed */
};

/* ------------------------------------------------------------ messages */

static int say(char *message, size_t size, const char *path, int err, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Fills message with "checkpoint 'PATH': ..." and returns err. */
static int say(char *message, size_t size, const char *path, int err, const char *fmt, ...)
{
    if (message && size) {
        const int w = snprintf(message, size, "checkpoint '%s': ", path);
        if (w >= 0 && (size_t)w < size) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(message + w, size - (size_t)w, fmt, ap);
            va_end(ap);
        }
        /* One line, whatever the path holds. */
        for (char *c = message; *c; c++)
            if (*c == '\n' || *c == '\r')
                *c = '?';
    }
    return err;
}

/* ------------------------------------------------------------ the text */

/* The checksum of body: for version 2 over the plan it must belong to
 * first, so that a file is valid for one plan only. */
static uint64_t checksum(const nq_plan *plan, int version, const char *body, size_t len)
{
    uint64_t h = NQ_FNV_START;
    if (version >= 2) {
        const uint64_t seal[6] = { (uint64_t)version, (uint64_t)plan->n, (uint64_t)plan->engine,
                                   (uint64_t)plan->depth, plan->fingerprint, plan->size };
        const char *engine = nq_engine_get(plan->engine)->name;
        h = nq_fnv1a(h, seal, sizeof seal);
        h = nq_fnv1a(h, engine, strlen(engine) + 1);
    }
    return nq_fnv1a(h, body, len);
}

/* A growing text buffer. */
typedef struct text {
    char *p;
    size_t len, cap;
    int failed;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(text *t, const char *fmt, ...)
{
    while (!t->failed) {
        va_list ap;
        va_start(ap, fmt);
        const size_t room = t->cap - t->len;
        const int w = t->p ? vsnprintf(t->p + t->len, room, fmt, ap) : -1;
        va_end(ap);
        if (w >= 0 && (size_t)w < room) {
            t->len += (size_t)w;
            return;
        }
        const size_t cap = t->cap ? 2 * t->cap : 1 << 16;
        char *grown = realloc(t->p, cap);
        if (!grown) {
            t->failed = 1;
            return;
        }
        t->p = grown;
        t->cap = cap;
    }
}

static void put_header(text *t, const nq_plan *plan, int version, size_t done)
{
    put(t, "%s %d\nn %d\nengine %s\ndepth %d\nplan %016" PRIx64 "\nsubproblems %zu\ndone %zu\n",
        MAGIC, version, plan->n, nq_engine_get(plan->engine)->name, plan->depth,
        plan->fingerprint, plan->size, done);
}

/* The file's text for what done marks (NULL: nothing); *listed gets how
 * many it holds. done[i] only ever goes from 0 to 1 (release), so one pass
 * that reads it with acquire lists each finished subproblem with its final
 * counts. */
static int render(const nq_plan *plan, const unsigned char *done, const nq_sub_result *results,
                  text *out, size_t *listed)
{
    text body = { 0 };
    *listed = 0;
    for (size_t i = 0; done && i < plan->size; i++) {
        if (!__atomic_load_n(&done[i], __ATOMIC_ACQUIRE))
            continue;
        char total[40];
        put(&body, "%zu %s %" PRIu64 "\n", i, nq_u128_str(results[i].total, total),
            results[i].unique);
        ++*listed;
    }
    put_header(out, plan, FORMAT_VERSION, *listed);
    put(out, "%s", body.p ? body.p : "");
    put(out, "checksum %016" PRIx64 "\n",
        out->p ? checksum(plan, FORMAT_VERSION, out->p, out->len) : 0);
    const int failed = out->failed || body.failed;
    free(body.p);
    return failed ? NQ_ERR(ENOMEM) : 0;
}

/* The largest file a plan can have: a bigger one is refused unread. */
static size_t size_limit(const nq_plan *plan)
{
    return 512 + plan->size * MAX_LINE;
}

/* Strict decimal: digits only, no sign, space or leading zero. */
static int parse_u128(const char *s, size_t len, nq_u128 *out)
{
    if (!len || len > 39 || (s[0] == '0' && len > 1))
        return -1;
    char buf[40];
    memcpy(buf, s, len);
    buf[len] = '\0';
    return nq_u128_parse(buf, out);
}

/* The next line of [*cursor, end) without its newline, or NULL. */
static const char *next_line(const char **cursor, const char *end, size_t *len)
{
    const char *line = *cursor;
    const char *nl = line < end ? memchr(line, '\n', (size_t)(end - line)) : NULL;
    if (!nl)
        return NULL;
    *len = (size_t)(nl - line);
    *cursor = nl + 1;
    return line;
}

/* The header, read loosely, only to say what the file was made for:
 * NQ_ERR(EBADMSG) unless it names plan's n, engine, depth and fingerprint. */
static int check_plan(const char *path, const nq_plan *plan, const char *buf, size_t len,
                      int *version_out, char *message, size_t size)
{
    const int bad = NQ_ERR(EBADMSG);
    int version = 0, n = 0, depth = 0;
    char engine[64] = "", extra;
    uint64_t fingerprint = 0;
    char head[512];
    const size_t head_len = len < sizeof head - 1 ? len : sizeof head - 1;
    memcpy(head, buf, head_len);
    head[head_len] = '\0';
    if (sscanf(head, MAGIC " %d%c", &version, &extra) != 2 || extra != '\n')
        return say(message, size, path, bad, "not an nqueens checkpoint (bad header)");
    if (version < 1 || version > FORMAT_VERSION)
        return say(message, size, path, bad, "format version %d, this nqueens reads 1 to %d",
                   version, FORMAT_VERSION);
    const char *p = strchr(head, '\n') + 1;
    if (sscanf(p, "n %d\nengine %63s\ndepth %d\nplan %" SCNx64, &n, engine, &depth,
               &fingerprint) != 4)
        return say(message, size, path, bad, "not an nqueens checkpoint (bad header)");
    const char *want_engine = nq_engine_get(plan->engine)->name;
    if (n != plan->n || strcmp(engine, want_engine) || depth != plan->depth)
        return say(message, size, path, bad,
                   "made for n=%d engine=%s depth=%d, not n=%d engine=%s depth=%d", n, engine,
                   depth, plan->n, want_engine, plan->depth);
    if (fingerprint != plan->fingerprint)
        return say(message, size, path, bad,
                   "its subproblems differ from this version's plan (fingerprint %016" PRIx64
                   ", expected %016" PRIx64 ")",
                   fingerprint, plan->fingerprint);
    *version_out = version;
    return 0;
}

/* Parses buf[0..len) for plan into done/results (which the caller cleared).
 * Returns 0 or NQ_ERR(EBADMSG) with the reason in message. */
static int parse(const char *path, const nq_plan *plan, const char *buf, size_t len,
                 unsigned char *done, nq_sub_result *results, size_t *held, char *message,
                 size_t size)
{
    const int bad = NQ_ERR(EBADMSG);
    if (memchr(buf, '\0', len))
        return say(message, size, path, bad, "not an nqueens checkpoint (binary data)");
    /* The last line is the checksum: find it first, so that a truncated file
     * is called truncated. */
    if (!len || buf[len - 1] != '\n')
        return say(message, size, path, bad, "truncated or damaged (no valid checksum line)");
    size_t body_len = len - 1;
    while (body_len && buf[body_len - 1] != '\n')
        body_len--;
    const char *tail = buf + body_len;
    const size_t tail_len = len - body_len;
    char hex[17];
    if (tail_len != 9 + 16 + 1 || memcmp(tail, "checksum ", 9) ||
        strspn(tail + 9, "0123456789abcdef") < 16)
        return say(message, size, path, bad, "truncated or damaged (no valid checksum line)");
    memcpy(hex, tail + 9, 16);
    hex[16] = '\0';
    const uint64_t sum = strtoull(hex, NULL, 16);

    int version;
    const int err = check_plan(path, plan, buf, len, &version, message, size);
    if (err)
        return err;
    if (sum != checksum(plan, version, buf, body_len))
        return say(message, size, path, bad, "checksum mismatch: the file is damaged");

    /* Sealed and for this plan: now every byte must be as a writer puts it. */
    const char *cursor = buf, *end = buf + body_len;
    size_t line_len;
    const char *line;
    for (int k = 0; k < 6; k++)
        next_line(&cursor, end, &line_len);
    unsigned long long listed = 0;
    if (!(line = next_line(&cursor, end, &line_len)) || line_len < 6 || memcmp(line, "done ", 5)) {
        return say(message, size, path, bad, "not an nqueens checkpoint (bad header)");
    } else {
        nq_u128 v;
        if (parse_u128(line + 5, line_len - 5, &v) || v > plan->size)
            return say(message, size, path, bad, "implausible 'done' count");
        listed = (unsigned long long)v;
    }
    text want = { 0 };
    put_header(&want, plan, version, (size_t)listed);
    const int header_ok = !want.failed && (size_t)(cursor - buf) == want.len &&
                          !memcmp(buf, want.p, want.len);
    free(want.p);
    if (!header_ok)
        return say(message, size, path, bad, "not an nqueens checkpoint (bad header)");

    nq_u128 sum_total = 0;
    size_t previous = 0;
    for (unsigned long long k = 0; k < listed; k++) {
        line = next_line(&cursor, end, &line_len);
        const char *a = line, *b = line ? memchr(line, ' ', line_len) : NULL;
        const char *c = b ? memchr(b + 1, ' ', line_len - (size_t)(b + 1 - line)) : NULL;
        nq_u128 index, total, unique;
        if (!c || parse_u128(a, (size_t)(b - a), &index) ||
            parse_u128(b + 1, (size_t)(c - b - 1), &total) ||
            parse_u128(c + 1, line_len - (size_t)(c + 1 - line), &unique))
            return say(message, size, path, bad, "bad subproblem line %llu", k + 1);
        if (index >= plan->size || (k && index <= previous))
            return say(message, size, path, bad,
                       "subproblem line %llu: index out of range, out of order or repeated",
                       k + 1);
        const size_t i = (size_t)index;
        if (unique > UINT64_MAX || !nq_engine_impl(plan->engine)->plausible(plan, i, total, unique))
            return say(message, size, path, bad,
                       "subproblem line %llu: counts impossible for subproblem %zu", k + 1, i);
        if (sum_total + total < sum_total)
            return say(message, size, path, bad, "the counts overflow their sum");
        sum_total += total;
        results[i].total = total;
        results[i].unique = (uint64_t)unique;
        done[i] = 1;
        previous = i;
    }
    if (cursor != end)
        return say(message, size, path, bad, "more lines than 'done' says");
    *held = (size_t)listed;
    return 0;
}

/* ------------------------------------------------------------ files */

/* A file over the limit: for another plan if its head says so, else too
 * large. */
static int too_large(const char *path, const nq_plan *plan, int fd, size_t limit, char *message,
                     size_t size)
{
    char head[512];
    const ssize_t r = pread(fd, head, sizeof head, 0);
    int version;
    if (r <= 0 || check_plan(path, plan, head, (size_t)r, &version, message, size) == 0)
        return say(message, size, path, NQ_ERR(EBADMSG),
                   "too large for a checkpoint of this plan (over %zu bytes)", limit);
    return NQ_ERR(EBADMSG);
}

/* Reads all of fd, up to limit bytes (more is refused). */
static int read_all(int fd, size_t limit, char **out, size_t *len)
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

static int open_retry(const char *path, int flags, mode_t mode)
{
    for (int retries = 0;; retries++) {
        const int fd = open(path, flags | O_CLOEXEC, mode);
        if (fd >= 0 || errno != EINTR || retries >= EINTR_RETRIES)
            return fd;
    }
}

/* What lstat found at path, refused unless a regular file (or nothing). */
static int check_kind(const char *path, char *message, size_t size, int *exists)
{
    struct stat st;
    *exists = 0;
    if (lstat(path, &st)) {
        if (errno == ENOENT)
            return 0;
        return say(message, size, path, -errno, "cannot read it: %s", strerror(errno));
    }
    *exists = 1;
    if (S_ISLNK(st.st_mode))
        return say(message, size, path, NQ_ERR(EBADMSG),
                   "is a symbolic link; give the path of the file itself");
    if (S_ISDIR(st.st_mode))
        return say(message, size, path, NQ_ERR(EBADMSG), "is a directory");
    if (!S_ISREG(st.st_mode))
        return say(message, size, path, NQ_ERR(EBADMSG),
                   "is not a regular file (a pipe, device or socket cannot hold a checkpoint)");
    return 0;
}

static int lock_fd(int fd)
{
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    return fcntl(fd, F_SETLK, &fl) ? -errno : 0;
}

/* Why fd could not be locked: the holder's pid, if the system says. */
static int busy(const char *path, int fd, char *message, size_t size)
{
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    if (!fcntl(fd, F_GETLK, &fl) && fl.l_type != F_UNLCK && fl.l_pid > 0)
        return say(message, size, path, NQ_ERR(EBUSY), "in use by process %ld",
                   (long)fl.l_pid);
    return say(message, size, path, NQ_ERR(EBUSY), "in use by another process");
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

static void sync_dir(const char *path)
{
    char dir[4096];
    const char *base;
    split_path(path, dir, sizeof dir, &base);
    const int fd = open_retry(dir, O_RDONLY | O_DIRECTORY, 0);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
}

/* Writes buf to a new, locked temporary file next to path; returns its fd
 * and name (malloc'd), or a negative errno with the message set. */
static int write_temp(const char *path, mode_t mode, const char *buf, size_t len,
                      char **tmp_out, char *message, size_t size)
{
    const size_t tlen = strlen(path) + strlen(TMP_INFIX) + 6;
    char *tmp = malloc(tlen + 1);
    if (!tmp)
        return say(message, size, path, NQ_ERR(ENOMEM), "cannot write it: out of memory");
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
            say(message, size, path, err, "cannot create a temporary file next to it: %s",
                strerror(-err));
            free(tmp);
            return err;
        }
    }
    /* mkstemp's 0600, opened up as the file it replaces was (new: 0644). */
    int err = fchmod(fd, mode) ? -errno : lock_fd(fd);
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
        say(message, size, path, err, "cannot write it: %s", strerror(-err));
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
static void remove_stale_temps(const char *path)
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
        if (!fstat(fd, &st) && S_ISREG(st.st_mode) && !lock_fd(fd))
            unlinkat(dirfd(d), name, 0);
        close(fd);
    }
    closedir(d);
}

/* ------------------------------------------------------------ the API */

int nq_checkpoint_save(nq_checkpoint *ck, const unsigned char *done, const nq_sub_result *results,
                       char *message, size_t size)
{
    text t = { 0 };
    size_t listed;
    if (render(ck->plan, done, results, &t, &listed)) {
        free(t.p);
        return say(message, size, ck->path, NQ_ERR(ENOMEM), "cannot write it: out of memory");
    }
    /* Never less than the file holds: work once saved is never unsaved. */
    if (listed < ck->held) {
        free(t.p);
        return say(message, size, ck->path, NQ_ERR(EINVAL),
                   "not written: it holds %zu finished subproblems, this run only %zu",
                   ck->held, listed);
    }
    struct stat st;
    const mode_t mode = fstat(ck->fd, &st) ? 0644 : st.st_mode & 07777;
    char *tmp;
    const int fd = write_temp(ck->path, mode, t.p, t.len, &tmp, message, size);
    free(t.p);
    if (fd < 0)
        return fd;
    if (rename(tmp, ck->path)) {
        const int err = -errno;
        unlink(tmp);
        close(fd);
        free(tmp);
        return say(message, size, ck->path, err, "cannot write it: %s", strerror(-err));
    }
    free(tmp);
    sync_dir(ck->path); /* the rename itself is durable once the folder is */
    /* The new file was locked before it took the name; the old one, now
     * nameless, is let go. */
    close(ck->fd);
    ck->fd = fd;
    ck->held = listed;
    return 0;
}

int nq_checkpoint_save_periodic(nq_checkpoint *ck, const unsigned char *done,
                                const nq_sub_result *results, double every, char *message,
                                size_t size)
{
    char line[600];
    const int err = nq_checkpoint_save(ck, done, results, line, sizeof line);
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
    text t = { 0 };
    size_t listed;
    if (render(ck->plan, NULL, NULL, &t, &listed)) {
        free(t.p);
        return say(message, size, ck->path, NQ_ERR(ENOMEM), "cannot write it: out of memory");
    }
    char *tmp;
    const int fd = write_temp(ck->path, 0644, t.p, t.len, &tmp, message, size);
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
        return say(message, size, ck->path, err, "cannot create it: %s", strerror(-err));
    }
    sync_dir(ck->path);
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
    const int fd = open_retry(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK, 0);
    if (fd < 0) {
        const int err = -errno;
        if (err == NQ_ERR(ENOENT))
            return 1;
        if (err == NQ_ERR(ELOOP))
            return say(message, size, path, NQ_ERR(EBADMSG),
                       "is a symbolic link; give the path of the file itself");
        if (err == NQ_ERR(EISDIR))
            return say(message, size, path, NQ_ERR(EBADMSG), "is a directory");
        return say(message, size, path, err, "cannot open it for reading and writing: %s",
                   strerror(-err));
    }
    struct stat mine, named;
    int err = lock_fd(fd);
    if (err == NQ_ERR(EAGAIN) || err == NQ_ERR(EACCES)) {
        err = busy(path, fd, message, size);
    } else if (err) {
        say(message, size, path, err, "cannot lock it: %s", strerror(-err));
    } else if (fstat(fd, &mine) || !S_ISREG(mine.st_mode)) {
        err = say(message, size, path, NQ_ERR(EBADMSG), "is not a regular file");
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
    err = read_all(fd, size_limit(ck->plan), &buf, &len);
    if (err == NQ_ERR(EFBIG)) {
        err = too_large(path, ck->plan, fd, size_limit(ck->plan), message, size);
    } else if (err) {
        say(message, size, path, err, "cannot read it: %s", strerror(-err));
    } else {
        err = parse(path, ck->plan, buf, len, done, results, &ck->held, message, size);
        free(buf);
    }
    if (err) {
        close(fd);
        return err;
    }
    ck->fd = fd;
    return 0;
}

int nq_checkpoint_open(nq_checkpoint **out, const char *path, const nq_plan *plan,
                       unsigned char *done, nq_sub_result *results, char *message, size_t size)
{
    *out = NULL;
    if (message && size)
        *message = '\0';
    nq_checkpoint *ck = calloc(1, sizeof *ck);
    if (ck)
        ck->path = strdup(path);
    if (!ck || !ck->path) {
        if (ck)
            free(ck);
        return say(message, size, path, NQ_ERR(ENOMEM), "out of memory");
    }
    ck->plan = plan;
    ck->fd = -1;
    int err = 1, exists = 0;
    /* A name that another run creates, replaces or removes meanwhile is
     * looked at again. */
    for (int tries = 0; err == 1 && tries < 100; tries++) {
        memset(done, 0, plan->size);
        memset(results, 0, plan->size * sizeof *results);
        err = check_kind(path, message, size, &exists);
        if (!err)
            err = exists ? load(ck, done, results, message, size) : create(ck, message, size);
    }
    if (err == 1)
        err = say(message, size, path, NQ_ERR(EBUSY), "keeps changing under this run");
    if (!err) {
        remove_stale_temps(path);
        /* Written back at once (a new one just was): a place where it
         * cannot be written fails now, not after the work. */
        if (exists)
            err = nq_checkpoint_save(ck, done, results, message, size);
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
    free(ck);
}

int nq_checkpoint_read(const char *path, const nq_plan *plan, unsigned char *done,
                       nq_sub_result *results, char *message, size_t size)
{
    memset(done, 0, plan->size);
    memset(results, 0, plan->size * sizeof *results);
    int exists;
    int err = check_kind(path, message, size, &exists);
    if (err)
        return err;
    if (!exists)
        return NQ_ERR(ENOENT);
    const int fd = open_retry(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0);
    if (fd < 0)
        return say(message, size, path, -errno, "cannot read it: %s", strerror(errno));
    struct stat st;
    char *buf = NULL;
    size_t len = 0, held;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode))
        err = say(message, size, path, NQ_ERR(EBADMSG), "is not a regular file");
    else if ((err = read_all(fd, size_limit(plan), &buf, &len)) == NQ_ERR(EFBIG))
        err = too_large(path, plan, fd, size_limit(plan), message, size);
    else if (err)
        say(message, size, path, err, "cannot read it: %s", strerror(-err));
    else
        err = parse(path, plan, buf, len, done, results, &held, message, size);
    close(fd);
    free(buf);
    if (err) {
        memset(done, 0, plan->size);
        memset(results, 0, plan->size * sizeof *results);
    }
    return err;
}
