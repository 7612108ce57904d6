/* SPDX-License-Identifier: MIT */
/* jobs.c - running the files of a run (tree.h): one at a time, or with
 * worker processes whose output is written in file order.
 *
 * Parallel runs (validation reports only, 2 files or more, not
 * o->one_process; -j N > 1, or by default the online cores when the run is
 * large_enough()):
 *  - the parent forks the workers after the list is built and the report's
 *    opening is flushed; it hands out batches of files (a first index and
 *    a count, batch_size()) over a pipe per worker, so the pipe and
 *    wake-up costs are paid per batch;
 *  - a worker points its stdout and stderr at two memory files
 *    (memfd_create), runs each file of its batch exactly as a one-process
 *    run would (cli_check_file), and sends back one message per file, in
 *    order, in one writev: a header (exit status, the file's state, size,
 *    the number of list items of its part), its part of the summary, its
 *    I/O error message, and its stdout and stderr bytes;
 *  - the parent merges each summary part as it arrives (counters) and
 *    writes each file's stderr bytes, then its stdout bytes (a ',' before
 *    them when the document needs one: fmt_report_part_join), strictly in
 *    list order, as soon as the next file in order is done.  Output is
 *    byte for byte that of -j1 on each stream.
 * Memory: at most WINDOW_PER_JOB * N files are handed out beyond the next
 * one to print, so the parent holds at most that many files' output (each
 * bounded by --max-diags), whatever the size of the tree (the list of
 * names itself is held whole, tree.c).
 * A worker that dies leaves the file it was on as an I/O error ("internal
 * error: the process validating this file died", status 2) and is
 * replaced; the new worker takes the rest of its batch.  A failed write on
 * stdout ends the run: the workers are stopped (SIGTERM, then waited for)
 * and the status is 2. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tree.h"

/* Files handed out beyond the next one to print, per worker: room for a
 * few full batches each, so no worker waits on the printing of another's. */
#define BATCH_MAX 32
#define BATCH_ROUNDS 4
#define WINDOW_PER_JOB (3 * BATCH_MAX)
/* Without -j, workers start only for a run of at least PARALLEL_MIN_FILES
 * files holding at least PARALLEL_MIN_BYTES (measured: docs/PERFORMANCE.md,
 * "Whole trees and -j"): below that, starting them costs more than they
 * win.  -j N starts them for any PARALLEL_MIN_FILES files. */
#define PARALLEL_MIN_FILES 2
#define PARALLEL_MIN_BYTES ((uint64_t)32 << 20)

/* ---------------------------------------------------------------- one */

static int run_one(cli_opts *o, int idx) {
  const char *pre = o->run != NULL ? o->run->pre_err[idx] : NULL;
  if (pre != NULL) {
    cli_out_io_error(o, idx, pre);
    return 2;
  }
  return cli_check_file(o, idx);
}

static int run_sequential(cli_opts *o) {
  int k, worst = 0;
  for (k = 0; k < o->nfiles; k++) {
    int r = run_one(o, k);
    if (r > worst)
      worst = r;
    if (cli_stdout_failed())
      return -1;
  }
  return worst;
}

/* ---------------------------------------------------------------- worker */

/* One file's message, worker to parent: this header, then sum_len bytes of
 * the file's summary part, msg_len of its I/O error message (with its
 * NUL), out_len of stdout and err_len of stderr.  lost_err: the errno of
 * the call that kept the worker from capturing the file's output (its
 * bytes are then not sent and the worker exits), else 0. */
typedef struct part_hdr {
  int32_t idx, rc;
  int32_t lost_err;
  uint8_t state;
  uint64_t size;             /* o->sizes[idx] */
  uint64_t items;            /* fmt_report_part_items */
  uint64_t sum_len, msg_len, out_len, err_len;
} part_hdr;

/* A batch, parent to worker: files first .. first + count - 1. */
typedef struct batch {
  int32_t first, count;
} batch;

static int write_all(int fd, const void *p, size_t n) {
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

/* iov[0..n) whole, in as few calls as the pipe takes. */
static int writev_all(int fd, struct iovec *iov, int n) {
  while (n > 0) {
    ssize_t w = writev(fd, iov, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return -1;
    while (n > 0 && (size_t)w >= iov->iov_len) {
      w -= (ssize_t)iov->iov_len;
      iov++;
      n--;
    }
    if (n > 0) {
      iov->iov_base = (char *)iov->iov_base + w;
      iov->iov_len -= (size_t)w;
    }
  }
  return 0;
}

static int read_all(int fd, void *p, size_t n) {
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

/* The bytes written to fd (a memory file) since the last call, into buf
 * (malloc'd); the file is emptied.  Returns the length, or -1 with errno
 * set. */
static ssize_t take_capture(int fd, char **buf) {
  struct stat st;
  size_t got = 0;
  *buf = NULL;
  if (fstat(fd, &st) != 0)
    return -1;
  if ((*buf = malloc(st.st_size > 0 ? (size_t)st.st_size : 1)) == NULL)
    return -1;
  while (got < (size_t)st.st_size) {
    ssize_t r = pread(fd, *buf + got, (size_t)st.st_size - got, (off_t)got);
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

/* Runs file idx and sends its message; returns 0, or -1 when the worker
 * must end (its output could not be kept, or the parent is gone). */
static int work_one(cli_opts *o, int32_t idx, int lost, int res) {
  part_hdr h;
  struct iovec iov[5];
  char *out = NULL, *err = NULL;
  const char *msg;
  ssize_t on = 0, en = 0;
  int sent;
  memset(&h, 0, sizeof h);
  fmt_report_part_begin(&o->rep);
  if (o->summary != NULL)
    memset(o->summary, 0, sizeof *o->summary);
  h.idx = idx;
  h.rc = run_one(o, idx);
  h.lost_err = lost;
  if (h.lost_err == 0 && (fflush(stdout) != 0 || fflush(stderr) != 0))
    h.lost_err = errno;
  if (h.lost_err == 0 && (ferror(stdout) || ferror(stderr)))
    h.lost_err = EIO;
  if (h.lost_err == 0 &&
      ((on = take_capture(1, &out)) < 0 || (en = take_capture(2, &err)) < 0))
    h.lost_err = errno;
  if (h.lost_err != 0)
    on = en = 0;
  h.state = o->states[idx];
  h.size = o->sizes[idx];
  h.items = fmt_report_part_items(&o->rep);
  msg = o->io_errors[idx];
  h.sum_len = o->summary != NULL ? sizeof *o->summary : 0;
  h.msg_len = msg != NULL ? strlen(msg) + 1 : 0;
  h.out_len = (uint64_t)on;
  h.err_len = (uint64_t)en;
  iov[0].iov_base = &h;
  iov[0].iov_len = sizeof h;
  iov[1].iov_base = o->summary;
  iov[1].iov_len = (size_t)h.sum_len;
  iov[2].iov_base = (void *)(uintptr_t)msg;
  iov[2].iov_len = (size_t)h.msg_len;
  iov[3].iov_base = out;
  iov[3].iov_len = (size_t)on;
  iov[4].iov_base = err;
  iov[4].iov_len = (size_t)en;
  sent = writev_all(res, iov, 5);
  free(out);
  free(err);
  free(o->io_errors[idx]);
  o->io_errors[idx] = NULL;
  /* lost: stdio may hold this file's bytes; a new worker takes the rest */
  return sent != 0 || h.lost_err != 0 ? -1 : 0;
}

/* The worker's loop: batches in on `cmd`, one message per file out on
 * `res`, in file order. */
static void worker(cli_opts *o, int cmd, int res) {
  batch b;
  int lost = capture_fd("sfv-stdout", 1);
  if (lost == 0)
    lost = capture_fd("sfv-stderr", 2);
  clearerr(stdout);            /* the parent's state is not ours */
  clearerr(stderr);
  while (read_all(cmd, &b, sizeof b) == 0) {
    int32_t k;
    for (k = 0; k < b.count; k++)
      if (work_one(o, b.first + k, lost, res) != 0)
        _exit(3);
  }
  _exit(0);
}

/* ---------------------------------------------------------------- parent */

typedef struct wk {
  pid_t pid;
  int cmd, res;              /* -1 when closed */
  int32_t idx, end;          /* its batch: files idx .. end - 1 not back yet */
  int pending;               /* the batch is still to be written to cmd */
  part_hdr h;
  size_t got;                /* bytes of the message read so far */
  char *body;                /* message after the header */
} wk;

typedef struct slot {
  int done;
  part_hdr h;
  char *body;                /* NULL: the worker died (h.idx only) */
} slot;

typedef struct pool {
  cli_opts *o;
  wk *w;
  int nw;
  slot *win;
  int nwin;
} pool;

/* 0, or the errno of the call that failed.  The new worker has no batch. */
static int spawn(pool *p, int i) {
  int cp[2], rp[2], j, err;
  pid_t pid;
  wk *w = &p->w[i];
  if (pipe(cp) != 0)
    return errno;
  if (pipe(rp) != 0) {
    err = errno;
    close(cp[0]);
    close(cp[1]);
    return err;
  }
  fflush(stdout);
  fflush(stderr);
  pid = fork();
  if (pid < 0) {
    err = errno;
    close(cp[0]); close(cp[1]); close(rp[0]); close(rp[1]);
    return err;
  }
  if (pid == 0) {
    for (j = 0; j < p->nw; j++) {   /* the other workers' pipes */
      if (j != i && p->w[j].cmd >= 0)
        close(p->w[j].cmd);
      if (j != i && p->w[j].res >= 0)
        close(p->w[j].res);
    }
    close(cp[1]);
    close(rp[0]);
    worker(p->o, cp[0], rp[1]);
  }
  close(cp[0]);
  close(rp[1]);
  memset(w, 0, sizeof *w);
  w->pid = pid;
  w->cmd = cp[1];
  w->res = rp[0];
  return 0;
}

static void reap(wk *w, int sig) {
  if (w->cmd >= 0)
    close(w->cmd);
  if (w->res >= 0)
    close(w->res);
  w->cmd = w->res = -1;
  if (w->pid > 0) {
    if (sig)
      kill(w->pid, sig);
    while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
      ;
  }
  w->pid = 0;
  free(w->body);
  w->body = NULL;
}

/* Worker i is replaced; the new one takes what is left of the old one's
 * batch.  0, or the errno of the call that failed. */
static int respawn(pool *p, int i, int sig) {
  int32_t idx = p->w[i].idx, end = p->w[i].end;
  int err;
  reap(&p->w[i], sig);
  if ((err = spawn(p, i)) != 0)
    return err;
  p->w[i].idx = idx;
  p->w[i].end = end;
  p->w[i].pending = idx < end;
  return 0;
}

static uint64_t body_len(const part_hdr *h) {
  return h->sum_len + h->msg_len + h->out_len + h->err_len;
}

/* Reads what worker w has sent; stores a finished message in its slot and
 * merges its summary part (counters: the order does not matter).
 * Returns 1 when a message was finished, 0 when more is to come, -1 when
 * the worker died (file w->idx then fails). */
static int receive(pool *p, wk *w) {
  ssize_t n;
  slot *s;
  cli_opts *o = p->o;
  if (w->got < sizeof w->h) {
    n = read(w->res, (char *)&w->h + w->got, sizeof w->h - w->got);
  } else {
    uint64_t off = w->got - sizeof w->h;
    n = read(w->res, w->body + off, (size_t)(body_len(&w->h) - off));
  }
  if (n < 0 && errno == EINTR)
    return 0;
  if (n <= 0)
    return -1;
  w->got += (size_t)n;
  if (w->got == sizeof w->h) {
    uint64_t b = body_len(&w->h);
    if (w->h.idx != w->idx || b > SIZE_MAX ||
        (w->h.sum_len != 0 &&
         (o->summary == NULL || w->h.sum_len != sizeof *o->summary)) ||
        (w->body = malloc(b ? (size_t)b : 1)) == NULL)
      return -1;
  }
  if (w->got < sizeof w->h || w->got - sizeof w->h < body_len(&w->h))
    return 0;
  if (w->h.sum_len != 0) {
    fmt_summary part;
    memcpy(&part, w->body, sizeof part);
    fmt_summary_merge(o->summary, &part);
  }
  s = &p->win[w->idx % p->nwin];
  s->h = w->h;
  s->body = w->body;
  s->done = 1;
  w->body = NULL;
  w->got = 0;
  w->idx++;
  return 1;
}

/* Writes file idx's part; returns its status, -1 on a failed write. */
static int emit(pool *p, slot *s, int idx) {
  cli_opts *o = p->o;
  const part_hdr *h = &s->h;
  int rc = h->rc;
  if (s->body == NULL) {             /* its worker died */
    cli_out_io_error(o, idx, "internal error: the process validating this "
                             "file died");
    rc = 2;
  } else if (h->lost_err != 0) {
    char why[160];
    snprintf(why, sizeof why, "internal error: this file's output could not "
             "be kept: %s", strerror(h->lost_err));
    cli_out_io_error(o, idx, why);
    rc = 2;
  } else {
    const char *msg = s->body + h->sum_len, *out = msg + h->msg_len,
               *err = out + h->out_len;
    o->states[idx] = h->state;
    o->sizes[idx] = h->size;
    if (h->msg_len > 0 && (o->io_errors[idx] = malloc((size_t)h->msg_len)))
      memcpy(o->io_errors[idx], msg, (size_t)h->msg_len);
    fwrite(err, 1, (size_t)h->err_len, stderr);
    fflush(stderr);
    fmt_report_part_join(&o->rep, h->items);
    fwrite(out, 1, (size_t)h->out_len, stdout);
  }
  free(s->body);
  memset(s, 0, sizeof *s);
  return cli_stdout_failed() ? -1 : rc;
}

/* Files in the next batch: an even share of what is left over a few rounds
 * per worker (so the last batches are small and the workers end together),
 * at most BATCH_MAX, at least 1. */
static int32_t batch_size(int32_t left, int nw) {
  int32_t b = left / (nw * BATCH_ROUNDS);
  return b < 1 ? 1 : b > BATCH_MAX ? BATCH_MAX : b;
}

static int run_parallel(cli_opts *o, int jobs) {
  pool p;
  struct pollfd *pf;
  int i, next = 0, printed = 0, worst = 0, failed = 0, err = 0;

  if (cli_stdout_failed())        /* the document's opening did not get out */
    return -1;
  memset(&p, 0, sizeof p);
  p.o = o;
  p.nw = jobs < o->nfiles ? jobs : o->nfiles;
  p.nwin = p.nw * WINDOW_PER_JOB;
  if (p.nwin > o->nfiles)
    p.nwin = o->nfiles;
  p.w = calloc((size_t)p.nw, sizeof *p.w);
  p.win = calloc((size_t)p.nwin, sizeof *p.win);
  pf = calloc((size_t)p.nw, sizeof *pf);
  if (p.w == NULL || p.win == NULL || pf == NULL) {
    free(p.w); free(p.win); free(pf);
    return run_sequential(o);
  }
  for (i = 0; i < p.nw; i++)
    p.w[i].cmd = p.w[i].res = -1;
  for (i = 0; i < p.nw; i++)
    if (spawn(&p, i) != 0)
      break;
  if (i < p.nw) {                    /* no processes: one at a time */
    while (i > 0)
      reap(&p.w[--i], SIGTERM);
    free(p.w); free(p.win); free(pf);
    return run_sequential(o);
  }
  while (printed < o->nfiles && !failed) {
    int np = 0;
    /* Hand out batches within the window. */
    for (i = 0; i < p.nw && next < o->nfiles; i++) {
      wk *w = &p.w[i];
      int32_t room = printed + p.nwin - next, n;
      if (w->idx < w->end || w->pid == 0 || room <= 0)
        continue;
      n = batch_size(o->nfiles - next, p.nw);
      if (n > room)
        n = room;
      if (n > o->nfiles - next)
        n = o->nfiles - next;
      w->idx = next;
      w->end = next + n;
      w->pending = 1;
      next += n;
    }
    for (i = 0; i < p.nw && !failed; i++) {
      wk *w = &p.w[i];
      batch b;
      if (!w->pending)
        continue;
      b.first = w->idx;
      b.count = w->end - w->idx;
      if (write_all(w->cmd, &b, sizeof b) == 0)
        w->pending = 0;
      else if ((err = respawn(&p, i, SIGTERM)) != 0)
        failed = 1;
    }
    /* Print what is done, in order. */
    while (!failed && printed < o->nfiles && p.win[printed % p.nwin].done) {
      int r = emit(&p, &p.win[printed % p.nwin], printed);
      printed++;
      if (r < 0) {
        failed = 2;
        break;
      }
      if (r > worst)
        worst = r;
    }
    if (failed || printed == o->nfiles)
      break;
    for (i = 0; i < p.nw; i++)
      if (p.w[i].idx < p.w[i].end && !p.w[i].pending) {
        pf[np].fd = p.w[i].res;
        pf[np].events = POLLIN;
        pf[np++].revents = 0;
      }
    if (np == 0)
      continue;
    if (poll(pf, (nfds_t)np, -1) < 0 && errno != EINTR) {
      err = errno;
      failed = 1;
      break;
    }
    for (i = 0; i < p.nw; i++) {
      wk *w = &p.w[i];
      int k, r;
      if (w->idx >= w->end || w->pending)
        continue;
      for (k = 0; k < np && pf[k].fd != w->res; k++)
        ;
      if (k == np || pf[k].revents == 0)
        continue;
      r = receive(&p, w);
      if (r < 0) {                 /* died: its file fails, a new worker
                                      takes the rest of the batch */
        slot *s = &p.win[w->idx % p.nwin];
        memset(s, 0, sizeof *s);
        s->done = 1;
        s->h.idx = w->idx++;
        err = respawn(&p, i, SIGKILL);
      } else if (r > 0 && p.win[(w->idx - 1) % p.nwin].h.lost_err != 0) {
        err = respawn(&p, i, 0);   /* it ends after such a file */
      }
      if (err != 0) {
        failed = 1;
        break;
      }
    }
  }
  for (i = 0; i < p.nw; i++)
    reap(&p.w[i], failed ? SIGTERM : 0);
  for (i = 0; i < p.nwin; i++)
    free(p.win[i].body);
  free(p.w);
  free(p.win);
  free(pf);
  if (failed == 1) {
    fprintf(stderr, "sframe-validate: cannot run worker processes: %s\n",
            strerror(err));
    return 2;
  }
  return failed ? -1 : worst;
}

/* ---------------------------------------------------------------- run */

/* 1 when the run is large enough for workers (PARALLEL_MIN_*): the sizes
 * of its files as stat(2) sees them now, added until the bound is met (a
 * file that cannot be looked at counts 0: its check says why). */
static int large_enough(const cli_opts *o) {
  uint64_t bytes = 0;
  int k;
  for (k = 0; k < o->nfiles && bytes < PARALLEL_MIN_BYTES; k++) {
    struct stat st;
    if (stat(o->paths[k], &st) == 0 && S_ISREG(st.st_mode))
      bytes += (uint64_t)st.st_size;
  }
  return bytes >= PARALLEL_MIN_BYTES;
}

int cli_tree_run(cli_opts *o, int report) {
  cli_run *r = o->run;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int given = r != NULL && r->jobs > 0;
  int jobs = given ? r->jobs : cores > 0 ? (int)cores : 1;
  int worst, k;

  if (report && cli_tree_summary_wanted(o)) {
    memset(&r->sum, 0, sizeof r->sum);
    o->summary = &r->sum;
    o->rep.summary = &r->sum;
  }
  /* -j N: N workers for 2 files or more; by default only for a run
   * large_enough() */
  if (report && jobs > 1 && !o->one_process && o->nfiles >= PARALLEL_MIN_FILES &&
      (given || large_enough(o)))
    worst = run_parallel(o, jobs);
  else
    worst = run_sequential(o);
  if (o->summary != NULL) {
    o->summary->inputs = (uint64_t)o->nfiles;
    for (k = 0; k < o->nfiles; k++)
      o->summary->io_errors += o->states[k] == FILE_IO_ERROR;
  }
  return worst;
}
