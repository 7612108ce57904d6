/* SPDX-License-Identifier: MIT */
/* file_list.c - the run's files, recorded in order as each one is done
 * (cli.h), for what a report prints after them: SARIF's artifacts and
 * tool notifications (every file), the JSON "errors" list (files with an
 * I/O error), the summary's counts.
 *
 * Memory: none per file.  The records the end needs go to an unlinked
 * temporary file in $TMPDIR (default /tmp): opened with O_TMPFILE, else
 * made by mkostemp (O_EXCL, mode 0600) and unlinked at once, never a
 * name that can block or be followed; written through one buffer of
 * LIST_BUF bytes (plus one record: a path and a message), read back
 * through another at the end.  A record that cannot be written (the
 * directory is not writable, the disk is full) is said on stderr and
 * stops the run (status 2); the records already made, including those
 * still in the buffer, are printed at the end, so the document stays
 * complete. */
#define _GNU_SOURCE 1 /* O_TMPFILE, mkostemp */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fmt/summary.h"

#define LIST_BUF 65536u
#define REC_HDR 21u          /* state, size, idx, path length, message
                                length + 1 (0: none) */

struct cli_file_list {
  int fd;                    /* -1: not made yet */
  int wr_err, rd_err;        /* errno of a failed write / read back, or 0 */
  uint64_t written;          /* bytes of records in the file */
  char *buf;                 /* records not written yet */
  size_t len, cap;
};

void cli_file_start(cli_opts *o, const char *path) {
  free(o->file.io_error);
  memset(&o->file, 0, sizeof o->file);
  o->file.path = path;
}

/* Which records the end prints: 2 every file, 1 I/O errors, 0 none. */
static int kept(const cli_opts *o) {
  if (o->mode == MODE_CHECK && o->format == FMT_SARIF)
    return 2;
  if (o->format == FMT_JSON && (o->mode == MODE_CHECK ||
                                (o->mode == MODE_LOOKUP && o->lookup_list == NULL)))
    return 1;
  return 0;
}

static void say(const char *what, int err) {
  fprintf(stderr, "sframe-validate: the temporary file of the report's list "
          "of files: %s: %s\n", what, strerror(err));
}

static int make_file(void) {
  const char *dir = getenv("TMPDIR");
  char *path;
  size_t n;
  int fd;
  if (dir == NULL || *dir == '\0')
    dir = "/tmp";
#ifdef O_TMPFILE
  fd = open(dir, O_TMPFILE | O_RDWR | O_NONBLOCK | O_CLOEXEC, 0600);
  if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
    return fd;
#endif
  n = strlen(dir);
  if ((path = malloc(n + sizeof "/sframe-validate-XXXXXX")) == NULL)
    return -1;
  memcpy(path, dir, n);
  memcpy(path + n, "/sframe-validate-XXXXXX", sizeof "/sframe-validate-XXXXXX");
  fd = mkostemp(path, O_CLOEXEC);   /* O_CREAT | O_EXCL, mode 0600 */
  if (fd >= 0 && unlink(path) != 0) {
    int err = errno;
    close(fd);
    fd = -1;
    errno = err;
  }
  free(path);
  return fd;
}

/* Writes the buffer out; 0 or -1 (errno). */
static int flush_buf(struct cli_file_list *l) {
  size_t done = 0;
  while (done < l->len) {
    ssize_t w = write(l->fd, l->buf + done, l->len - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (w == 0)
        errno = EIO;
      memmove(l->buf, l->buf + done, l->len - done);
      l->len -= done;
      l->written += done;
      return -1;
    }
    done += (size_t)w;
  }
  l->written += l->len;
  l->len = 0;
  return 0;
}

static void put_u32(char *p, uint32_t v) { memcpy(p, &v, 4); }

static int append(struct cli_file_list *l, const struct cli_file *f, int idx) {
  size_t pn = strlen(f->path), mn = f->io_error ? strlen(f->io_error) : 0;
  size_t need = REC_HDR + pn + mn;
  char *p;
  if (pn > UINT32_MAX - 1 || mn > UINT32_MAX - 1)
    return -1;
  if (l->len + need > l->cap) {
    size_t cap = l->len + need > LIST_BUF ? l->len + need : LIST_BUF;
    char *nb = realloc(l->buf, cap);
    if (nb == NULL)
      return -1;
    l->buf = nb;
    l->cap = cap;
  }
  p = l->buf + l->len;
  p[0] = (char)f->state;
  memcpy(p + 1, &f->size, 8);
  put_u32(p + 9, (uint32_t)idx);
  put_u32(p + 13, (uint32_t)pn);
  put_u32(p + 17, f->io_error ? (uint32_t)mn + 1 : 0);
  memcpy(p + REC_HDR, f->path, pn);
  memcpy(p + REC_HDR + pn, f->io_error ? f->io_error : "", mn);
  l->len += need;
  return 0;
}

int cli_file_record(cli_opts *o, int idx) {
  struct cli_file_list *l = o->list;
  int k = kept(o), rc = 0;
  if (o->summary != NULL) {
    o->summary->inputs++;
    o->summary->io_errors += o->file.state == FILE_IO_ERROR;
  }
  if (k == 2 || (k == 1 && o->file.state == FILE_IO_ERROR)) {
    if (l == NULL && (l = o->list = calloc(1, sizeof *l)) != NULL)
      l->fd = -1;
    if (l == NULL || append(l, &o->file, idx) != 0) {
      fputs("sframe-validate: out of memory for the report's list of files\n",
            stderr);
      rc = -1;
    } else if (l->wr_err != 0) {
      rc = -1;                     /* said when it failed */
    } else if (l->len >= LIST_BUF) {
      if (l->fd < 0 && (l->fd = make_file()) < 0) {
        say("cannot create it in $TMPDIR", l->wr_err = errno);
        rc = -1;
      } else if (l->fd >= 0 && flush_buf(l) != 0) {
        say("cannot write it", l->wr_err = errno);
        rc = -1;
      }
    }
  }
  free(o->file.io_error);
  o->file.io_error = NULL;
  return rc;
}

typedef struct reader {
  int io_only;
  void (*fn)(void *, int, const fmt_file_rec *);
  void *arg;
  char *tmp;                 /* the record's path and message, each ended
                                by a NUL */
  size_t tmp_cap;
} reader;

/* Calls fn on the whole records in p[0, n); returns the bytes used, or
 * (size_t)-1 when out of memory. */
static size_t each_in(reader *rd, const char *p, size_t n) {
  size_t used = 0;
  while (n - used >= REC_HDR) {
    const char *r = p + used;
    uint32_t idx, pn, mn;
    size_t body;
    fmt_file_rec f;
    memcpy(&idx, r + 9, 4);
    memcpy(&pn, r + 13, 4);
    memcpy(&mn, r + 17, 4);
    body = (size_t)pn + (mn ? mn - 1 : 0);
    if (n - used - REC_HDR < body)
      break;
    f.state = (unsigned char)r[0];
    memcpy(&f.size, r + 1, 8);
    if (!rd->io_only || f.state == FMT_FILE_IO_ERROR) {
      if (body + 2 > rd->tmp_cap) {
        char *t = realloc(rd->tmp, body + 2);
        if (t == NULL)
          return (size_t)-1;
        rd->tmp = t;
        rd->tmp_cap = body + 2;
      }
      memcpy(rd->tmp, r + REC_HDR, pn);
      rd->tmp[pn] = '\0';
      memcpy(rd->tmp + pn + 1, r + REC_HDR + pn, body - pn);
      rd->tmp[body + 1] = '\0';
      f.path = rd->tmp;
      f.io_error = mn ? rd->tmp + pn + 1 : NULL;
      rd->fn(rd->arg, (int)idx, &f);
    }
    used += REC_HDR + body;
  }
  return used;
}

static void list_each(void *ctx, int io_only,
                      void (*fn)(void *, int, const fmt_file_rec *),
                      void *arg) {
  struct cli_file_list *l = ctx;
  reader rd = {io_only, fn, arg, NULL, 0};
  char *buf = NULL;
  size_t cap = 0, have = 0;
  uint64_t off = 0;
  if (l == NULL || l->rd_err != 0)
    return;
  while (off < l->written) {            /* the part in the file */
    ssize_t got;
    size_t used;
    if (have == cap) {
      size_t nc = cap ? cap * 2 : LIST_BUF;
      char *nb = realloc(buf, nc);
      if (nb == NULL) {
        l->rd_err = ENOMEM;
        break;
      }
      buf = nb;
      cap = nc;
    }
    got = pread(l->fd, buf + have,
                l->written - off < cap - have ? (size_t)(l->written - off)
                                              : cap - have, (off_t)off);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0) {
      l->rd_err = got < 0 ? errno : EIO;
      break;
    }
    off += (uint64_t)got;
    have += (size_t)got;
    if ((used = each_in(&rd, buf, have)) == (size_t)-1) {
      l->rd_err = ENOMEM;
      break;
    }
    memmove(buf, buf + used, have - used);
    have -= used;
  }
  if (l->rd_err == 0) {         /* then the buffer's (a record cut by a
                                   failed write goes on there) */
    if (have == 0) {
      if (each_in(&rd, l->buf, l->len) == (size_t)-1)
        l->rd_err = ENOMEM;
    } else {
      char *nb = realloc(buf, have + l->len);
      if (nb == NULL) {
        l->rd_err = ENOMEM;
      } else {
        buf = nb;
        memcpy(buf + have, l->buf, l->len);
        if (each_in(&rd, buf, have + l->len) == (size_t)-1)
          l->rd_err = ENOMEM;
      }
    }
  }
  free(buf);
  free(rd.tmp);
}

void cli_files(cli_opts *o, fmt_files *files) {
  files->each = list_each;
  files->ctx = o->list;
}

int cli_file_list_status(const cli_opts *o) {
  if (o->list == NULL || o->list->rd_err == 0)
    return 0;
  say("cannot read it back", o->list->rd_err);
  return 2;
}

void cli_file_list_free(cli_opts *o) {
  free(o->file.io_error);
  o->file.io_error = NULL;
  if (o->list == NULL)
    return;
  if (o->list->fd >= 0)
    close(o->list->fd);
  free(o->list->buf);
  free(o->list);
  o->list = NULL;
}
