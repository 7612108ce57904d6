/* SPDX-License-Identifier: MIT */
/* reader.c - opening and reading input files (reader.h).
 *
 * Invariants:
 *  - cli_open_regular() is the one way the CLI opens a file it reads
 *    (inputs, thin archive members, --files-from lists, --baseline
 *    documents, the files a -r walk looks at);
 *  - nothing but a regular file is ever opened for reading: the type is
 *    checked with stat() before open() (so a FIFO, socket or device is never
 *    opened, and opening cannot block or have side effects), and again on
 *    the descriptor (the path may have changed in between; O_NONBLOCK keeps
 *    a FIFO swapped in from blocking the open);
 *  - the file is never mapped: a file that shrinks while it is read gives a
 *    short read, reported as an I/O error naming the offset, never SIGBUS;
 *  - memory is the cache (CLI_CACHE_SLOTS x CLI_CACHE_BLOCK) plus what the
 *    caller asks to hold; only pseudo files (procfs, sysfs, ..., whose
 *    st_size is not their length) are read whole, up to CLI_STREAM_MAX.
 */
#define _GNU_SOURCE 1 /* SEEK_DATA */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "reader.h"

/* File systems whose files do not know their length in advance. */
static int pseudo_fs(int fd) {
  struct statfs sf;
  if (fstatfs(fd, &sf) != 0)
    return 0;
  switch ((unsigned long)sf.f_type) {
  case 0x9fa0UL:     /* procfs */
  case 0x62656572UL: /* sysfs */
  case 0x64626720UL: /* debugfs */
  case 0x74726163UL: /* tracefs */
  case 0x73636673UL: /* securityfs */
  case 0x62656570UL: /* configfs */
  case 0x6e736673UL: /* nsfs */
  case 0xcafe4a11UL: /* bpffs */
    return 1;
  default:
    return 0;
  }
}

static const char *type_word(mode_t m) {
  if (S_ISDIR(m)) return "a directory";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISSOCK(m)) return "a socket";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  return "not a regular file";
}

static int src_read_cb(void *ctx, uint64_t off, void *buf, size_t n) {
  return cli_src_pread(ctx, off, buf, n);
}

static void init_common(cli_src *s) {
  memset(s, 0, sizeof *s);
  s->fd = -1;
  s->rd.read = src_read_cb;
  s->rd.ctx = s;
}

/* Reads the whole (pseudo) file into memory. */
static int slurp(cli_src *s, int fd, char *why, size_t n) {
  size_t cap = 4096, len = 0;
  uint8_t *p = malloc(cap);
  if (p == NULL) {
    snprintf(why, n, "out of memory");
    return -1;
  }
  for (;;) {
    ssize_t r;
    if (len == cap) {
      uint8_t *q;
      if (cap >= CLI_STREAM_MAX) {
        free(p);
        snprintf(why, n, "longer than %zu bytes (read as a stream: its "
                 "st_size is not its length)", CLI_STREAM_MAX);
        return -1;
      }
      cap *= 2;
      q = realloc(p, cap);
      if (q == NULL) {
        free(p);
        snprintf(why, n, "out of memory");
        return -1;
      }
      p = q;
    }
    r = read(fd, p + len, cap - len);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0) {
      int e = errno;
      free(p);
      snprintf(why, n, "%s", strerror(e));
      return -1;
    }
    if (r == 0)
      break;
    len += (size_t)r;
  }
  s->mem = p;
  s->owns_mem = 1;
  s->size = len;
  return 0;
}

int cli_open_regular(int dfd, const char *path, int flags, struct stat *st,
                     char *why, size_t n) {
  int fd, at = flags & CLI_OPEN_NOFOLLOW ? AT_SYMLINK_NOFOLLOW : 0;
  if (fstatat(dfd, path, st, at) != 0) {
    int e = errno;
    struct stat lst;
    if (e == ENOENT && fstatat(dfd, path, &lst, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISLNK(lst.st_mode))
      snprintf(why, n, "dangling symbolic link");
    else if (e == ELOOP)
      snprintf(why, n, "too many levels of symbolic links");
    else
      snprintf(why, n, "%s", strerror(e));
    return -1;
  }
  if (!S_ISREG(st->st_mode)) {
    snprintf(why, n, "%s, not a regular file: not read", type_word(st->st_mode));
    return -1;
  }
  fd = openat(dfd, path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC |
                             (flags & CLI_OPEN_NOFOLLOW ? O_NOFOLLOW : 0));
  if (fd < 0) {
    snprintf(why, n, "%s", strerror(errno));
    return -1;
  }
  if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
    snprintf(why, n, "%s, not a regular file: not read", type_word(st->st_mode));
    close(fd);
    return -1;
  }
  return fd;
}

int cli_src_open(cli_src *s, const char *path, char *why, size_t n) {
  struct stat fst;
  int fd;
  init_common(s);
  if ((fd = cli_open_regular(AT_FDCWD, path, 0, &fst, why, n)) < 0)
    return -1;
  if (fst.st_size < 0) {
    snprintf(why, n, "negative file size");
    close(fd);
    return -1;
  }
  if (fst.st_size == 0 || pseudo_fs(fd)) {
    int r;
    /* Blocking reads from here on (a regular file never blocks). */
    (void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    r = slurp(s, fd, why, n);
    close(fd);
    s->rd.size = s->size;
    return r;
  }
  s->fd = fd;
  s->owns_fd = 1;
  s->size = (uint64_t)fst.st_size;
  s->rd.size = s->size;
  return 0;
}

void cli_src_window(cli_src *w, const cli_src *parent, uint64_t off,
                    uint64_t size) {
  init_common(w);
  w->fd = parent->fd;
  w->mem = parent->mem;
  w->base = parent->base + off;
  w->size = size;
  w->rd.size = size;
}

void cli_src_close(cli_src *s) {
  unsigned i;
  for (i = 0; i < CLI_CACHE_SLOTS; i++)
    free(s->slot[i].buf);
  if (s->owns_fd && s->fd >= 0)
    close(s->fd);
  if (s->owns_mem)
    free((void *)(uintptr_t)s->mem);
  init_common(s);
}

static int fail(cli_src *s, int err, uint64_t off, size_t want, size_t got) {
  if (!s->failed) {
    s->failed = 1;
    s->err = err;
    s->err_off = off;
    s->err_want = want;
    s->err_got = got;
  }
  return -1;
}

/* Exactly n bytes at file offset off (window base added by the caller). */
static int pread_full(cli_src *s, uint64_t off, uint8_t *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = pread(s->fd, buf + got, n - got, (off_t)(off + got));
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      return fail(s, errno, off, n, got);
    if (r == 0)
      return fail(s, 0, off, n, got);
    got += (size_t)r;
  }
  return 0;
}

int cli_src_pread(cli_src *s, uint64_t off, void *buf, size_t n) {
  cli_cache_slot *victim = &s->slot[0];
  uint64_t start;
  size_t len;
  unsigned i;
  if (s->failed)
    return -1;
  if (off > s->size || n > s->size - off)
    return fail(s, 0, off, n, 0);
  s->reads++;
  if (n == 0)
    return 0;
  if (s->mem != NULL) {
    memcpy(buf, s->mem + s->base + off, n);
    return 0;
  }
  if (n > CLI_CACHE_BLOCK / 2) /* large reads bypass the cache */
    return pread_full(s, s->base + off, buf, n);
  for (i = 0; i < CLI_CACHE_SLOTS; i++) {
    cli_cache_slot *c = &s->slot[i];
    if (c->buf != NULL && off >= c->off && off - c->off <= c->len &&
        n <= c->len - (off - c->off)) {
      c->used = ++s->clock;
      memcpy(buf, c->buf + (off - c->off), n);
      return 0;
    }
    if (c->used < victim->used)
      victim = c;
  }
  if (victim->buf == NULL && (victim->buf = malloc(CLI_CACHE_BLOCK)) == NULL)
    return pread_full(s, s->base + off, buf, n);
  /* Block-aligned window containing [off, off + n) where possible. */
  start = off - off % (CLI_CACHE_BLOCK / 2);
  len = s->size - start < CLI_CACHE_BLOCK ? (size_t)(s->size - start)
                                          : CLI_CACHE_BLOCK;
  victim->len = 0;
  if (pread_full(s, s->base + start, victim->buf, len) != 0)
    return -1;
  victim->off = start;
  victim->len = len;
  victim->used = ++s->clock;
  memcpy(buf, victim->buf + (off - start), n);
  return 0;
}

uint64_t cli_src_next_data(const cli_src *s, uint64_t off) {
  off_t r;
  if (s->fd < 0 || off >= s->size)
    return off;
  r = lseek(s->fd, (off_t)(s->base + off), SEEK_DATA);
  if (r < 0)
    return errno == ENXIO ? s->size : off; /* ENXIO: a hole up to EOF */
  if ((uint64_t)r < s->base + off)
    return off;
  return (uint64_t)r - s->base < s->size ? (uint64_t)r - s->base : s->size;
}

void cli_src_error(const cli_src *s, char *buf, size_t n) {
  if (s->err != 0)
    snprintf(buf, n, "read error at offset %llu: %s",
             (unsigned long long)(s->base + s->err_off), strerror(s->err));
  else
    snprintf(buf, n, "file shrank while being read: %zu of %zu bytes at "
             "offset %llu could be read",
             s->err_got, s->err_want, (unsigned long long)(s->base + s->err_off));
}
