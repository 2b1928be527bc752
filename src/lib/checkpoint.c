/* Checkpoints: the finished subproblems of a plan, with their counts, in a
 * small text file that a person can read:
 *
 *   nqueens-checkpoint 1
 *   n 18
 *   engine parallel-sym8
 *   depth 3
 *   plan 9c1d0a7be2f44a13        (the plan's fingerprint)
 *   subproblems 4321
 *   done 2
 *   17 1234567 154321            (index, total, unique)
 *   4 1234 154
 *   checksum 5be1d5f3a0c9e871    (FNV-1a 64 of every byte above this line)
 *
 * A reader accepts exactly this and nothing else, so a truncated or edited
 * file is refused rather than half-used. */
#include "internal.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FORMAT_VERSION 1
#define MAGIC "nqueens-checkpoint"

static uint64_t fnv1a(const char *p, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)p[i]) * 0x100000001b3ull;
    return h;
}

/* A growing text buffer. */
typedef struct text {
    char *p;
    size_t len, cap;
    int failed;
} text;

static void put(text *t, const char *fmt, ...)
{
    for (;;) {
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

/* Writes all of buf to path through a temporary file in the same folder:
 * the old checkpoint stays whole until rename replaces it. */
static int write_atomic(const char *path, const char *buf, size_t len)
{
    const size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp)
        return NQ_ERR(ENOMEM);
    snprintf(tmp, plen + 32, "%s.tmp.%ld", path, (long)getpid());
    int err = 0;
    const int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        err = -errno;
        free(tmp);
        return err;
    }
    for (size_t off = 0; off < len && !err;) {
        const ssize_t w = write(fd, buf + off, len - off);
        if (w < 0 && errno != EINTR)
            err = -errno;
        else if (w > 0)
            off += (size_t)w;
    }
    if (!err && fsync(fd))
        err = -errno;
    if (close(fd) && !err)
        err = -errno;
    if (!err && rename(tmp, path))
        err = -errno;
    if (err) {
        unlink(tmp);
    } else {
        /* The rename itself is durable once the folder is synced. */
        char *slash = strrchr(tmp, '/');
        if (slash)
            slash[1] = '\0';
        const int dir = open(slash ? tmp : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir >= 0) {
            fsync(dir);
            close(dir);
        }
    }
    free(tmp);
    return err;
}

int nq_checkpoint_write(const char *path, const nq_plan *plan, const unsigned char *done,
                        const nq_sub_result *results)
{
    text t = { 0 };
    size_t finished = 0;
    for (size_t i = 0; i < plan->size; i++)
        finished += __atomic_load_n(&done[i], __ATOMIC_ACQUIRE) != 0;
    put(&t, "%s %d\nn %d\nengine %s\ndepth %d\nplan %016" PRIx64 "\nsubproblems %zu\n", MAGIC,
        FORMAT_VERSION, plan->n, nq_engine_get(plan->engine)->name, plan->depth,
        plan->fingerprint, plan->size);
    /* Only the subproblems counted when the tally above was made: a later
     * one is left for the next write, so `done` matches the lines. */
    text body = { 0 };
    size_t listed = 0;
    for (size_t i = 0; i < plan->size && listed < finished; i++) {
        if (!__atomic_load_n(&done[i], __ATOMIC_ACQUIRE))
            continue;
        char total[40];
        put(&body, "%zu %s %" PRIu64 "\n", i, nq_u128_str(results[i].total, total),
            results[i].unique);
        listed++;
    }
    put(&t, "done %zu\n%s", listed, body.p ? body.p : "");
    put(&t, "checksum %016" PRIx64 "\n", t.p ? fnv1a(t.p, t.len) : 0);
    int err = t.failed || body.failed ? NQ_ERR(ENOMEM) : write_atomic(path, t.p, t.len);
    free(body.p);
    free(t.p);
    return err;
}

static int refuse(char *message, size_t size, const char *path, const char *fmt, ...)
{
    if (message && size) {
        int w = snprintf(message, size, "checkpoint '%s': ", path);
        if (w >= 0 && (size_t)w < size) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(message + w, size - (size_t)w, fmt, ap);
            va_end(ap);
        }
    }
    return NQ_ERR(EBADMSG);
}

/* The next line of the buffer as a string (its newline replaced), or NULL. */
static char *next_line(char **cursor, char *end)
{
    char *line = *cursor;
    if (line >= end)
        return NULL;
    char *nl = memchr(line, '\n', (size_t)(end - line));
    if (!nl)
        return NULL;
    *nl = '\0';
    *cursor = nl + 1;
    return line;
}

static int read_file(const char *path, char **out, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -errno;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *grown = realloc(buf, 2 * cap + 1);
        if (!grown) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    const int failed = ferror(f);
    fclose(f);
    if (!buf)
        return NQ_ERR(ENOMEM);
    if (failed) {
        free(buf);
        return NQ_ERR(EIO);
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return 0;
}

int nq_checkpoint_read(const char *path, const nq_plan *plan, unsigned char *done,
                       nq_sub_result *results, char *message, size_t message_size)
{
    char *buf = NULL;
    size_t len = 0;
    int err = read_file(path, &buf, &len);
    if (err)
        return err;
    memset(done, 0, plan->size);
    memset(results, 0, plan->size * sizeof *results);

    /* The checksum line closes the file; check it before reading the rest. */
    err = refuse(message, message_size, path, "truncated or damaged (no valid checksum line)");
    size_t body_len = len ? len - 1 : 0;
    while (body_len && buf[body_len - 1] != '\n')
        body_len--;
    uint64_t sum;
    char tail[64];
    if (len && buf[len - 1] == '\n' && len - body_len < sizeof tail) {
        memcpy(tail, buf + body_len, len - body_len);
        tail[len - body_len] = '\0';
        char *endp;
        if (!strncmp(tail, "checksum ", 9) && strlen(tail) == 9 + 16 + 1) {
            sum = strtoull(tail + 9, &endp, 16);
            if (*endp != '\n')
                goto out;
            if (sum != fnv1a(buf, body_len)) {
                err = refuse(message, message_size, path, "checksum mismatch: the file is damaged");
                goto out;
            }
            err = 0;
        }
    }
    if (err)
        goto out;

    char *cursor = buf, *end = buf + body_len, *line;
    int version = 0, n = 0, depth = 0;
    char engine[64] = "";
    uint64_t fingerprint = 0;
    size_t subproblems = 0, listed = 0;
    char extra;
    err = refuse(message, message_size, path, "not an nqueens checkpoint (bad header)");
    if (!(line = next_line(&cursor, end)) || sscanf(line, MAGIC " %d%c", &version, &extra) != 1)
        goto out;
    if (version != FORMAT_VERSION) {
        err = refuse(message, message_size, path, "format version %d, this nqueens reads %d",
                     version, FORMAT_VERSION);
        goto out;
    }
    if (!(line = next_line(&cursor, end)) || sscanf(line, "n %d%c", &n, &extra) != 1 ||
        !(line = next_line(&cursor, end)) || sscanf(line, "engine %63s%c", engine, &extra) != 1 ||
        !(line = next_line(&cursor, end)) || sscanf(line, "depth %d%c", &depth, &extra) != 1 ||
        !(line = next_line(&cursor, end)) ||
        sscanf(line, "plan %" SCNx64 "%c", &fingerprint, &extra) != 1 ||
        !(line = next_line(&cursor, end)) ||
        sscanf(line, "subproblems %zu%c", &subproblems, &extra) != 1 ||
        !(line = next_line(&cursor, end)) || sscanf(line, "done %zu%c", &listed, &extra) != 1)
        goto out;
    err = 0;
    const char *want_engine = nq_engine_get(plan->engine)->name;
    if (n != plan->n || strcmp(engine, want_engine) || depth != plan->depth) {
        err = refuse(message, message_size, path,
                     "made for n=%d engine=%s depth=%d, not n=%d engine=%s depth=%d", n, engine,
                     depth, plan->n, want_engine, plan->depth);
        goto out;
    }
    if (fingerprint != plan->fingerprint || subproblems != plan->size) {
        err = refuse(message, message_size, path,
                     "its subproblems differ from this version's plan (fingerprint %016" PRIx64
                     ", expected %016" PRIx64 ")",
                     fingerprint, plan->fingerprint);
        goto out;
    }
    for (size_t k = 0; k < listed; k++) {
        char total[48];
        size_t index;
        uint64_t unique;
        if (!(line = next_line(&cursor, end)) ||
            sscanf(line, "%zu %47s %" SCNu64 "%c", &index, total, &unique, &extra) != 3 ||
            index >= plan->size || done[index] || nq_u128_parse(total, &results[index].total)) {
            err = refuse(message, message_size, path, "bad subproblem line %zu", k + 1);
            goto out;
        }
        results[index].unique = unique;
        done[index] = 1;
    }
    if (cursor != end)
        err = refuse(message, message_size, path, "more lines than 'done' says");
out:
    if (err && err != NQ_ERR(ENOENT)) {
        memset(done, 0, plan->size);
        memset(results, 0, plan->size * sizeof *results);
    }
    free(buf);
    return err;
}
