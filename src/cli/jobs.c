/* SPDX-License-Identifier: MIT */
/* jobs.c - running the files of a run (tree.h): one at a time, or with -j N
 * worker processes whose output is written in file order.
 *
 * Parallel runs (validation reports only, N > 1, more than one file, not
 * o->one_process):
 *  - the parent forks N workers after the list is built and the report's
 *    opening is flushed; it hands out file indexes one at a time over a
 *    pipe per worker;
 *  - a worker points its stdout and stderr at two memory files
 *    (memfd_create), runs the file exactly as a one-process run would
 *    (cli_check_file), and sends back one message: a header (exit status,
 *    the file's state, size, I/O error message, the number of list items
 *    of its part, its part of the summary) and the stdout and stderr bytes;
 *  - the parent writes each file's stderr bytes, then its stdout bytes (a
 *    ',' before them when the document needs one: fmt_report_part_join),
 *    strictly in list order, as soon as the next file in order is done.
 *    Output is byte for byte that of -j1 on each stream.
 * Memory: at most WINDOW_PER_JOB * N files are handed out beyond the next
 * one to print, so the parent holds at most that many files' output (each
 * bounded by --max-diags), whatever the size of the tree (the list of
 * names itself is held whole, tree.c).
 * A worker that dies leaves its file as an I/O error ("internal error: the
 * process validating this file died", status 2) and is replaced; a failed write on stdout ends the run: the workers are
 * stopped (SIGTERM, then waited for) and the status is 2. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tree.h"

#define WINDOW_PER_JOB 4

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

typedef struct part_hdr {
  int32_t idx, rc;
  uint8_t state;
  uint8_t lost;              /* the worker could not capture its output */
  uint64_t size;             /* o->sizes[idx] */
  uint64_t items;            /* fmt_report_part_items */
  uint64_t msg_len;          /* I/O error message (with its NUL), or 0 */
  uint64_t out_len, err_len;
  fmt_summary sum;           /* the file's part (when the run has one) */
} part_hdr;

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
 * (malloc'd); the file is emptied.  Returns the length, or -1. */
static ssize_t take_capture(int fd, char **buf) {
  struct stat st;
  ssize_t n;
  *buf = NULL;
  if (fstat(fd, &st) != 0 || st.st_size < 0)
    return -1;
  if ((*buf = malloc(st.st_size ? (size_t)st.st_size : 1)) == NULL)
    return -1;
  n = st.st_size ? pread(fd, *buf, (size_t)st.st_size, 0) : 0;
  if (n != st.st_size || ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
    return -1;
  return n;
}

static int capture_fd(const char *name, int target) {
  int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0 || dup2(fd, target) < 0)
    return -1;
  close(fd);
  return 0;
}

/* The worker's loop: file indexes in on `cmd`, messages out on `res`. */
static void worker(cli_opts *o, int cmd, int res) {
  int32_t idx;
  int lost = capture_fd("sfv-stdout", 1) != 0 || capture_fd("sfv-stderr", 2) != 0;
  clearerr(stdout);            /* the parent's state is not ours */
  clearerr(stderr);
  while (read_all(cmd, &idx, sizeof idx) == 0) {
    part_hdr h;
    char *out = NULL, *err = NULL;
    const char *msg;
    ssize_t on, en;
    memset(&h, 0, sizeof h);
    fmt_report_part_begin(&o->rep);
    if (o->summary != NULL)
      memset(o->summary, 0, sizeof *o->summary);
    h.idx = idx;
    h.rc = run_one(o, idx);
    fflush(stdout);
    fflush(stderr);
    h.lost = (uint8_t)(lost || ferror(stdout) || ferror(stderr));
    on = take_capture(1, &out);
    en = take_capture(2, &err);
    clearerr(stdout);
    clearerr(stderr);
    if (on < 0 || en < 0) {
      h.lost = 1;
      on = en = 0;
    }
    h.state = o->states[idx];
    h.size = o->sizes[idx];
    h.items = fmt_report_part_items(&o->rep);
    msg = o->io_errors[idx];
    h.msg_len = msg != NULL ? strlen(msg) + 1 : 0;
    h.out_len = (uint64_t)on;
    h.err_len = (uint64_t)en;
    if (o->summary != NULL)
      h.sum = *o->summary;
    if (write_all(res, &h, sizeof h) != 0 ||
        (msg != NULL && write_all(res, msg, (size_t)h.msg_len) != 0) ||
        write_all(res, out, (size_t)on) != 0 ||
        write_all(res, err, (size_t)en) != 0)
      _exit(3);
    free(out);
    free(err);
    free(o->io_errors[idx]);
    o->io_errors[idx] = NULL;
  }
  _exit(0);
}

/* ---------------------------------------------------------------- parent */

typedef struct wk {
  pid_t pid;
  int cmd, res;              /* -1 when closed */
  int busy;
  int32_t idx;               /* the file handed out */
  part_hdr h;
  size_t got;                /* bytes of the message read so far */
  char *body;                /* message after the header */
} wk;

typedef struct slot {
  int done;
  part_hdr h;
  char *body;                /* NULL: the worker died (h.idx, h.rc only) */
} slot;

typedef struct pool {
  cli_opts *o;
  wk *w;
  int nw;
  slot *win;
  int nwin;
} pool;

static int spawn(pool *p, int i) {
  int cp[2], rp[2], j;
  pid_t pid;
  wk *w = &p->w[i];
  if (pipe(cp) != 0)
    return -1;
  if (pipe(rp) != 0) {
    close(cp[0]);
    close(cp[1]);
    return -1;
  }
  fflush(stdout);
  fflush(stderr);
  pid = fork();
  if (pid < 0) {
    close(cp[0]); close(cp[1]); close(rp[0]); close(rp[1]);
    return -1;
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

static uint64_t body_len(const part_hdr *h) {
  return h->msg_len + h->out_len + h->err_len;
}

/* Reads what worker w has sent; stores a finished message in its slot.
 * Returns 0, or -1 when the worker died (its file then fails). */
static int receive(pool *p, wk *w) {
  ssize_t n;
  slot *s;
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
        (w->body = malloc(b ? (size_t)b : 1)) == NULL)
      return -1;
  }
  if (w->got < sizeof w->h || w->got - sizeof w->h < body_len(&w->h))
    return 0;
  s = &p->win[w->idx % p->nwin];
  s->h = w->h;
  s->body = w->body;
  s->done = 1;
  w->body = NULL;
  w->got = 0;
  w->busy = 0;
  return 0;
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
  } else if (h->lost) {
    cli_out_io_error(o, idx, "internal error: this file's output could not "
                             "be kept (out of memory?)");
    rc = 2;
  } else {
    const char *msg = s->body, *out = msg + h->msg_len,
               *err = out + h->out_len;
    o->states[idx] = h->state;
    o->sizes[idx] = h->size;
    if (h->msg_len > 0 && (o->io_errors[idx] = malloc((size_t)h->msg_len)))
      memcpy(o->io_errors[idx], msg, (size_t)h->msg_len);
    fwrite(err, 1, (size_t)h->err_len, stderr);
    fflush(stderr);
    fmt_report_part_join(&o->rep, h->items);
    fwrite(out, 1, (size_t)h->out_len, stdout);
    if (o->summary != NULL)
      fmt_summary_merge(o->summary, &h->sum);
  }
  free(s->body);
  memset(s, 0, sizeof *s);
  return cli_stdout_failed() ? -1 : rc;
}

static int run_parallel(cli_opts *o, int jobs) {
  pool p;
  struct pollfd *pf;
  int i, next = 0, printed = 0, worst = 0, failed = 0;

  if (cli_stdout_failed())        /* the document's opening did not get out */
    return -1;
  memset(&p, 0, sizeof p);
  p.o = o;
  p.nw = jobs < o->nfiles ? jobs : o->nfiles;
  p.nwin = p.nw * WINDOW_PER_JOB;
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
    /* Hand out files within the window. */
    for (i = 0; i < p.nw && next < o->nfiles && next < printed + p.nwin; i++) {
      wk *w = &p.w[i];
      int32_t idx = next;
      if (w->busy || w->pid == 0)
        continue;
      if (write_all(w->cmd, &idx, sizeof idx) != 0) {
        reap(w, SIGTERM);
        if (spawn(&p, i) != 0) {
          failed = 1;
          break;
        }
        continue;
      }
      w->busy = 1;
      w->idx = idx;
      next++;
    }
    /* Print what is done, in order. */
    while (printed < o->nfiles && p.win[printed % p.nwin].done) {
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
      if (p.w[i].busy) {
        pf[np].fd = p.w[i].res;
        pf[np].events = POLLIN;
        pf[np++].revents = 0;
      }
    if (np == 0)
      continue;
    if (poll(pf, (nfds_t)np, -1) < 0 && errno != EINTR) {
      failed = 1;
      break;
    }
    for (i = 0; i < p.nw; i++) {
      wk *w = &p.w[i];
      int k;
      if (!w->busy)
        continue;
      for (k = 0; k < np && pf[k].fd != w->res; k++)
        ;
      if (k == np || pf[k].revents == 0)
        continue;
      if (receive(&p, w) != 0) {   /* died: its file fails, a new worker */
        slot *s = &p.win[w->idx % p.nwin];
        memset(s, 0, sizeof *s);
        s->done = 1;
        s->h.idx = w->idx;
        reap(w, SIGKILL);
        if (spawn(&p, i) != 0) {
          failed = 1;
          break;
        }
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
    fputs("sframe-validate: cannot run worker processes\n", stderr);
    return 2;
  }
  return failed ? -1 : worst;
}

/* ---------------------------------------------------------------- run */

int cli_tree_run(cli_opts *o, int report) {
  cli_run *r = o->run;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int jobs = r != NULL && r->jobs > 0 ? r->jobs : cores > 0 ? (int)cores : 1;
  int worst, k;

  if (report && cli_tree_summary_wanted(o)) {
    memset(&r->sum, 0, sizeof r->sum);
    o->summary = &r->sum;
    o->rep.summary = &r->sum;
  }
  if (report && jobs > 1 && o->nfiles > 1 && !o->one_process)
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
