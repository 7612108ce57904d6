/* SPDX-License-Identifier: MIT */
/* jobs_worker.c - a worker of a parallel run (jobs.h): it reads batches of
 * files, checks each exactly as a one-process run would (cli_check_file)
 * and sends back one message per file, in order.
 *
 * Its stdout and stderr are memory files (memfd_create): what a file
 * printed is read back after it (nothing to read: one lseek) into the
 * batch's messages, and the files are emptied, so each holds one file's
 * output at most.  The messages go out in one write when the batch is
 * done, or as soon as JOBS_SEND_FLUSH bytes wait (jobs.h; a batch marked
 * each: after every file).  Memory: one batch's names, JOBS_SEND_FLUSH
 * bytes of messages plus the largest message of one file (its output is
 * bounded by --max-diags). */
#define _GNU_SOURCE 1 /* memfd_create */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "jobs.h"

int jobs_write_all(int fd, const void *p, size_t n) {
  const char *c = p;
  while (n > 0) {
    ssize_t w = write(fd, c, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return -1;
    c += w;
    n -= (size_t)w;
  }
  return 0;
}

int jobs_read_all(int fd, void *p, size_t n) {
  char *c = p;
  while (n > 0) {
    ssize_t r = read(fd, c, n);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return -1;
    c += r;
    n -= (size_t)r;
  }
  return 0;
}

int jobs_run_one(cli_opts *o, int idx, const char *path, const char *pre_err) {
  cli_file_start(o, path);
  if (pre_err != NULL) {
    cli_out_io_error(o, idx, pre_err);
    return 2;
  }
  return cli_check_file(o, idx);
}

/* The bytes written to fd (a memory file) since the last call, into buf
 * (grown as needed); the file is emptied.  A file that printed nothing
 * costs one lseek.  Returns the length, or -1 with errno set. */
static ssize_t take_capture(int fd, char **buf, size_t *cap) {
  off_t end = lseek(fd, 0, SEEK_CUR);
  size_t got = 0;
  if (end <= 0)
    return end;
  if ((size_t)end > *cap) {
    char *nb = realloc(*buf, (size_t)end);
    if (nb == NULL)
      return -1;
    *buf = nb;
    *cap = (size_t)end;
  }
  while (got < (size_t)end) {
    ssize_t r = pread(fd, *buf + got, (size_t)end - got, (off_t)got);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0) {
      if (r == 0)
        errno = EIO;            /* the memory file shrank: not ours */
      return -1;
    }
    got += (size_t)r;
  }
  if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
    return -1;
  return (ssize_t)got;
}

/* 0, or the errno of the call that failed. */
static int capture_fd(const char *name, int target) {
  int fd = memfd_create(name, MFD_CLOEXEC), err;
  if (fd < 0)
    return errno;
  if (dup2(fd, target) < 0) {
    err = errno;
    close(fd);
    return err;
  }
  close(fd);
  return 0;
}

static char *out_buf, *err_buf;
static size_t out_cap, err_cap;
/* Messages not sent yet: send_buf[0, send_len). */
static char *send_buf;
static size_t send_len, send_cap;

/* Appends n bytes of p to the messages not sent yet; 0, or -1. */
static int send_add(const void *p, size_t n) {
  if (n > send_cap - send_len) {
    size_t cap = send_cap ? send_cap : JOBS_SEND_FLUSH;
    char *nb;
    while (n > cap - send_len)
      cap *= 2;
    if ((nb = realloc(send_buf, cap)) == NULL)
      return -1;
    send_buf = nb;
    send_cap = cap;
  }
  if (n > 0)
    memcpy(send_buf + send_len, p, n);
  send_len += n;
  return 0;
}

/* Sends the messages held; 0, or -1 (the parent is gone). */
static int send_flush(int res) {
  int rc = send_len > 0 ? jobs_write_all(res, send_buf, send_len) : 0;
  send_len = 0;
  return rc;
}

/* Runs file idx and adds its message to those to send, which it sends
 * when each is set, the file's output was lost or JOBS_SEND_FLUSH bytes
 * wait; returns 0, or -1 when the worker must end (its output could not
 * be kept, or the parent is gone), the messages held sent. */
static int work_one(cli_opts *o, int32_t idx, const char *path,
                    const char *pre_err, int lost, int res, int each) {
  jobs_part h;
  const char *msg;
  ssize_t on = 0, en = 0;
  int sent;
  memset(&h, 0, sizeof h);
  fmt_report_part_begin(&o->rep);
  if (o->summary != NULL)
    memset(o->summary, 0, sizeof *o->summary);
  h.idx = idx;
  h.rc = jobs_run_one(o, idx, path, pre_err);
  h.lost_err = lost;
  if (h.lost_err == 0 && (fflush(stdout) != 0 || fflush(stderr) != 0))
    h.lost_err = errno;
  if (h.lost_err == 0 && (ferror(stdout) || ferror(stderr)))
    h.lost_err = EIO;
  if (h.lost_err == 0 &&
      ((on = take_capture(1, &out_buf, &out_cap)) < 0 ||
       (en = take_capture(2, &err_buf, &err_cap)) < 0))
    h.lost_err = errno;
  if (h.lost_err != 0)
    on = en = 0;
  h.state = o->file.state;
  h.size = o->file.size;
  h.items = fmt_report_part_items(&o->rep);
  msg = o->file.io_error;
  h.sum_len = o->summary != NULL ? sizeof *o->summary : 0;
  h.msg_len = msg != NULL ? strlen(msg) + 1 : 0;
  h.out_len = (uint64_t)on;
  h.err_len = (uint64_t)en;
  if (send_add(&h, sizeof h) != 0 ||
      send_add(o->summary, (size_t)h.sum_len) != 0 ||
      send_add(msg, (size_t)h.msg_len) != 0 ||
      send_add(out_buf, (size_t)h.out_len) != 0 ||
      send_add(err_buf, (size_t)h.err_len) != 0) {
    /* No room for it: what is held goes, then this file fails as lost. */
    (void)send_flush(res);
    _exit(3);
  }
  sent = each || h.lost_err != 0 || send_len >= JOBS_SEND_FLUSH
             ? send_flush(res)
             : 0;
  free(o->file.io_error);
  o->file.io_error = NULL;
  /* lost: stdio may hold this file's bytes; a new worker takes the rest */
  return sent != 0 || h.lost_err != 0 ? -1 : 0;
}

void jobs_worker(cli_opts *o, int cmd, int res) {
  jobs_batch b;
  char *names = NULL;
  int lost = capture_fd("sfv-stdout", 1);
  if (lost == 0)
    lost = capture_fd("sfv-stderr", 2);
  clearerr(stdout);            /* the parent's state is not ours */
  clearerr(stderr);
  while (jobs_read_all(cmd, &b, sizeof b) == 0) {
    size_t off = 0;
    int32_t k;
    char *nb;
    if (b.bytes > SIZE_MAX || (nb = realloc(names, b.bytes ? (size_t)b.bytes : 1)) == NULL ||
        jobs_read_all(cmd, (names = nb), (size_t)b.bytes) != 0)
      _exit(3);
    for (k = 0; k < b.count; k++) {
      jobs_name nm;
      const char *path, *pre;
      if (b.bytes - off < sizeof nm)
        _exit(3);
      memcpy(&nm, names + off, sizeof nm);
      off += sizeof nm;
      if (b.bytes - off < (uint64_t)nm.path_len + nm.err_len)
        _exit(3);
      path = names + off;          /* each sent with its NUL */
      pre = nm.err_len ? path + nm.path_len : NULL;
      off += nm.path_len + nm.err_len;
      if (work_one(o, b.first + k, path, pre, lost, res, b.each) != 0)
        _exit(3);
    }
    if (send_flush(res) != 0)
      _exit(3);
  }
  _exit(0);
}
