/* SPDX-License-Identifier: MIT */
/* jobs.c - running the files of a run (tree.h) as the list streams in:
 * one at a time, or with worker processes (jobs_worker.c) whose output is
 * written in file order.
 *
 * Parallel runs (validation reports only, 2 files or more, not
 * o->one_process; -j N > 1, or by default the online cores when the run is
 * large_enough()):
 *  - the parent forks the workers once the report's opening is flushed;
 *    it takes files from the list (cli_tree_next) as the window has room,
 *    and hands them out in batches (jobs.h: first index, count, names)
 *    over a pipe per worker, so the pipe and wake-up costs are paid per
 *    batch, and the listing (a -r walk) runs while the workers check;
 *  - each worker sends one message per file (jobs.h), a batch's in one
 *    write when it is done, so the parent wakes once per batch; it merges
 *    each summary part as it arrives (counters) and writes each file's
 *    stderr bytes, then its stdout bytes (a ',' before them when the
 *    document needs one: fmt_report_part_join), strictly in list order,
 *    as soon as the next file in order is done, then records the file
 *    (cli_file_record).  Output is byte for byte that of -j1 on each
 *    stream.
 * Memory: the window, WINDOW_PER_JOB * N files listed beyond the next one
 * to print (their names, and the output of those done, each bounded by
 * --max-diags), whatever the number of files.
 * A worker that dies is replaced; the new worker takes the rest of its
 * batch (the files whose messages did not come back), marked `each`, so
 * that it sends each file's message as it is done: where it dies too, the
 * file it was on becomes an I/O error ("internal error: the process
 * validating this file died", status 2) and the next worker takes the
 * files after it.  (Checking is deterministic: the files done again give
 * the messages the first worker held back.)  A failed write on
 * stdout ends the run: the workers are stopped (SIGTERM, then waited for)
 * and the status is 2; a list that cannot go on, or files that cannot be
 * recorded, end it too (status 2) after the files before are printed. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jobs.h"

/* Files listed beyond the next one to print, per worker: room for a few
 * full batches each, so no worker waits on the printing of another's. */
#define BATCH_MAX 32
#define BATCH_ROUNDS 4
#define WINDOW_PER_JOB (3 * BATCH_MAX)
/* Without -j, workers start only when the first LOOKAHEAD files of the
 * list (or all, when fewer) are PARALLEL_MIN_FILES or more and hold at
 * least PARALLEL_MIN_BYTES (measured: docs/PERFORMANCE.md, "Whole trees
 * and -j"): below that, the parent's share per file and the workers'
 * start cost more than they win.  -j N starts them for any
 * PARALLEL_MIN_FILES files. */
#define PARALLEL_MIN_FILES 2
#define PARALLEL_MIN_BYTES ((uint64_t)32 << 20)
#define LOOKAHEAD 256
/* A worker's messages are read RECV_BUF bytes at a time (more for one
 * larger message): one read takes what the pipe holds. */
#define RECV_BUF 65536

/* ---------------------------------------------------------------- queue */

/* Files taken from the list ahead of the run: a ring. */
typedef struct ahead {
  cli_item *it;
  int cap, head, n;
  int end;                   /* 1: the list is over, -1: it failed */
} ahead;

/* The run's next file: 1, 0 at the end (or after the list failed). */
static int take(cli_opts *o, ahead *q, cli_item *it) {
  int r;
  if (q->n > 0) {
    *it = q->it[q->head];
    q->head = (q->head + 1) % q->cap;
    q->n--;
    return 1;
  }
  if (q->end)
    return 0;
  r = cli_tree_next(o, it);
  if (r <= 0)
    q->end = r < 0 ? -1 : 1;
  return r > 0;
}

/* Lists one more file into q (room permitting); 1 or 0. */
static int peek(cli_opts *o, ahead *q) {
  int r;
  if (q->end || q->n == q->cap)
    return 0;
  r = cli_tree_next(o, &q->it[(q->head + q->n) % q->cap]);
  if (r <= 0) {
    q->end = r < 0 ? -1 : 1;
    return 0;
  }
  q->n++;
  return 1;
}

static void item_free(cli_item *it) {
  free(it->path);
  free(it->pre_err);
  it->path = it->pre_err = NULL;
}

/* ---------------------------------------------------------------- one */

/* Every file, one at a time; --lookup looks one file ahead (its text
 * names the files when there are several).  The worst status, or -1
 * after a failed write on stdout. */
static int run_sequential(cli_opts *o, ahead *q, int idx) {
  cli_item cur;
  int worst = 0;
  while (take(o, q, &cur)) {
    int r;
    if (o->mode == MODE_LOOKUP && q->n == 0)
      peek(o, q);
    o->nfiles = idx + 1 + q->n;
    r = jobs_run_one(o, idx, cur.path, cur.pre_err);
    if (r > worst)
      worst = r;
    r = cli_file_record(o, idx++);
    item_free(&cur);
    if (cli_stdout_failed())
      return -1;
    if (r != 0) {
      worst = 2;
      break;
    }
  }
  o->nfiles = idx;
  return q->end < 0 ? 2 : worst;
}

/* ---------------------------------------------------------------- parent */

typedef struct wk {
  pid_t pid;
  int cmd, res;              /* -1 when closed */
  int32_t idx, end;          /* its batch: files idx .. end - 1 not back yet */
  int pending;               /* the batch is still to be written to cmd */
  int each;                  /* the batch is sent marked each (jobs.h) */
  char *rbuf;                /* bytes read from res, not yet taken: */
  size_t rpos, rlen, rcap;   /* rbuf[rpos, rlen) */
} wk;

typedef struct slot {
  cli_item it;               /* listed (path NULL: the slot is free) */
  int done;
  jobs_part h;
  char *body;                /* NULL: the worker died (h.idx only) */
} slot;

typedef struct pool {
  cli_opts *o;
  wk *w;
  int nw;
  slot *win;
  int nwin;
  int32_t listed;            /* files taken into the window */
  int list_end;              /* the list is over */
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
    jobs_worker(p->o, cp[0], rp[1]);
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
  free(w->rbuf);
  w->rbuf = NULL;
}

/* Worker i is replaced; the new one takes what is left of the old one's
 * batch, marked each when each is 1.  0, or the errno of the call that
 * failed. */
static int respawn(pool *p, int i, int sig, int each) {
  int32_t idx = p->w[i].idx, end = p->w[i].end;
  int err;
  reap(&p->w[i], sig);
  if ((err = spawn(p, i)) != 0)
    return err;
  p->w[i].idx = idx;
  p->w[i].end = end;
  p->w[i].pending = idx < end;
  p->w[i].each = each;
  return 0;
}

/* Sends worker w its batch (files w->idx .. w->end - 1 of the window);
 * 0, or -1. */
static int send_batch(pool *p, wk *w) {
  jobs_batch b;
  char *buf, *q;
  int32_t k;
  int rc;
  memset(&b, 0, sizeof b);
  b.first = w->idx;
  b.count = w->end - w->idx;
  b.each = w->each;
  for (k = w->idx; k < w->end; k++) {
    const cli_item *it = &p->win[k % p->nwin].it;
    b.bytes += sizeof(jobs_name) + strlen(it->path) + 1 +
               (it->pre_err ? strlen(it->pre_err) + 1 : 0);
  }
  if ((buf = malloc(sizeof b + (size_t)b.bytes)) == NULL)
    return -1;
  memcpy(buf, &b, sizeof b);
  q = buf + sizeof b;
  for (k = w->idx; k < w->end; k++) {
    const cli_item *it = &p->win[k % p->nwin].it;
    jobs_name nm;
    nm.path_len = (uint32_t)strlen(it->path) + 1;
    nm.err_len = it->pre_err ? (uint32_t)strlen(it->pre_err) + 1 : 0;
    memcpy(q, &nm, sizeof nm);
    memcpy(q + sizeof nm, it->path, nm.path_len);
    if (nm.err_len)
      memcpy(q + sizeof nm + nm.path_len, it->pre_err, nm.err_len);
    q += sizeof nm + nm.path_len + nm.err_len;
  }
  rc = jobs_write_all(w->cmd, buf, sizeof b + (size_t)b.bytes);
  free(buf);
  return rc;
}

static uint64_t body_len(const jobs_part *h) {
  return h->sum_len + h->msg_len + h->out_len + h->err_len;
}

/* Reads what worker w has sent, as much as the pipe holds; stores each
 * finished message in its slot and merges its summary part (counters: the
 * order does not matter).  Returns the number of messages finished, or -1
 * when the worker died (file w->idx then fails). */
static int receive(pool *p, wk *w) {
  cli_opts *o = p->o;
  ssize_t n;
  int done = 0;
  if (w->rpos > 0) {            /* keep the unfinished message at the front */
    memmove(w->rbuf, w->rbuf + w->rpos, w->rlen - w->rpos);
    w->rlen -= w->rpos;
    w->rpos = 0;
  }
  if (w->rlen == w->rcap) {
    size_t cap = w->rcap ? w->rcap * 2 : RECV_BUF;
    char *nb = realloc(w->rbuf, cap);
    if (nb == NULL)
      return -1;
    w->rbuf = nb;
    w->rcap = cap;
  }
  n = read(w->res, w->rbuf + w->rlen, w->rcap - w->rlen);
  if (n < 0 && errno == EINTR)
    return 0;
  if (n <= 0)
    return -1;
  w->rlen += (size_t)n;
  while (w->rlen - w->rpos >= sizeof(jobs_part)) {
    jobs_part h;
    uint64_t b;
    slot *s;
    char *body;
    memcpy(&h, w->rbuf + w->rpos, sizeof h);
    b = body_len(&h);
    if (h.idx != w->idx || w->idx >= w->end || b > SIZE_MAX / 2 ||
        (h.sum_len != 0 &&
         (o->summary == NULL || h.sum_len != sizeof *o->summary)))
      return -1;
    if (w->rlen - w->rpos - sizeof h < b) {
      if (sizeof h + b > w->rcap) {   /* room for the whole message */
        char *nb = realloc(w->rbuf, sizeof h + (size_t)b);
        if (nb == NULL)
          return -1;
        w->rbuf = nb;
        w->rcap = sizeof h + (size_t)b;
      }
      break;
    }
    if ((body = malloc(b ? (size_t)b : 1)) == NULL)
      return -1;
    memcpy(body, w->rbuf + w->rpos + sizeof h, (size_t)b);
    w->rpos += sizeof h + (size_t)b;
    if (h.sum_len != 0) {
      fmt_summary part;
      memcpy(&part, body, sizeof part);
      fmt_summary_merge(o->summary, &part);
    }
    s = &p->win[w->idx % p->nwin];
    s->h = h;
    s->body = body;
    s->done = 1;
    w->idx++;
    done++;
    if (h.lost_err != 0)
      break;                    /* the worker's last */
  }
  return done;
}

/* Writes file idx's part and records it; returns its status, -1 on a
 * failed write, -2 when it cannot be recorded. */
static int emit(pool *p, slot *s, int idx) {
  cli_opts *o = p->o;
  const jobs_part *h = &s->h;
  int rc = h->rc;
  cli_file_start(o, s->it.path);
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
    o->file.state = h->state;
    o->file.size = h->size;
    if (h->msg_len > 0 && (o->file.io_error = malloc((size_t)h->msg_len)))
      memcpy(o->file.io_error, msg, (size_t)h->msg_len);
    fwrite(err, 1, (size_t)h->err_len, stderr);
    fflush(stderr);
    fmt_report_part_join(&o->rep, h->items);
    fwrite(out, 1, (size_t)h->out_len, stdout);
  }
  free(s->body);
  if (cli_file_record(o, idx) != 0)
    rc = -2;
  item_free(&s->it);
  memset(s, 0, sizeof *s);
  if (cli_stdout_failed())
    return -1;
  return rc;
}

/* Files in the next batch: an even share of what is left over a few rounds
 * per worker once the list is over (so the last batches are small and the
 * workers end together), else BATCH_MAX; at most what is listed, at
 * least 1. */
static int32_t batch_size(const pool *p, int32_t next) {
  int32_t left = p->listed - next, b;
  if (!p->list_end)
    return left < BATCH_MAX ? left : BATCH_MAX;
  b = left / (p->nw * BATCH_ROUNDS);
  b = b < 1 ? 1 : b > BATCH_MAX ? BATCH_MAX : b;
  return b < left ? b : left;
}

static int run_parallel(cli_opts *o, int jobs, ahead *q) {
  pool p;
  struct pollfd *pf;
  int i, next = 0, printed = 0, worst = 0, failed = 0, err = 0;

  if (cli_stdout_failed())        /* the document's opening did not get out */
    return -1;
  memset(&p, 0, sizeof p);
  p.o = o;
  p.nw = jobs;
  p.nwin = p.nw * WINDOW_PER_JOB;
  p.w = calloc((size_t)p.nw, sizeof *p.w);
  p.win = calloc((size_t)p.nwin, sizeof *p.win);
  pf = calloc((size_t)p.nw, sizeof *pf);
  if (p.w == NULL || p.win == NULL || pf == NULL) {
    free(p.w); free(p.win); free(pf);
    return run_sequential(o, q, 0);
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
    return run_sequential(o, q, 0);
  }
  for (;;) {
    int np = 0;
    /* List files into the window: a batch for each worker ahead. */
    while (!p.list_end && p.listed - printed < p.nwin &&
           p.listed - next < BATCH_MAX * p.nw) {
      if (!take(o, q, &p.win[p.listed % p.nwin].it))
        p.list_end = 1;
      else
        p.listed++;
      if (q->end && q->n == 0)
        p.list_end = 1;
    }
    o->nfiles = p.listed;
    /* Hand out batches. */
    for (i = 0; i < p.nw && next < p.listed; i++) {
      wk *w = &p.w[i];
      if (w->idx < w->end || w->pid == 0)
        continue;
      w->idx = next;
      w->end = next + batch_size(&p, next);
      w->pending = 1;
      w->each = 0;
      next = w->end;
    }
    for (i = 0; i < p.nw && !failed; i++) {
      wk *w = &p.w[i];
      if (!w->pending)
        continue;
      if (send_batch(&p, w) == 0)
        w->pending = 0;
      else if ((err = respawn(&p, i, SIGTERM, w->each)) != 0)
        failed = 1;
    }
    /* Print what is done, in order. */
    while (!failed && printed < p.listed && p.win[printed % p.nwin].done) {
      int r = emit(&p, &p.win[printed % p.nwin], printed);
      printed++;
      if (r == -1) {
        failed = 2;
        break;
      }
      if (r == -2) {
        failed = 3;
        break;
      }
      if (r > worst)
        worst = r;
    }
    if (failed || (p.list_end && printed == p.listed))
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
      if (r < 0 && !w->each) {     /* died holding back its messages: a new
                                      worker does the rest again, each */
        err = respawn(&p, i, SIGKILL, 1);
      } else if (r < 0) {          /* died on file w->idx: it fails, a new
                                      worker takes the files after it */
        slot *s = &p.win[w->idx % p.nwin];
        s->done = 1;
        s->h.idx = w->idx++;
        err = respawn(&p, i, SIGKILL, 1);
      } else if (r > 0 && p.win[(w->idx - 1) % p.nwin].h.lost_err != 0) {
        err = respawn(&p, i, 0, 0); /* it ends after such a file */
      }
      if (err != 0) {
        failed = 1;
        break;
      }
    }
  }
  for (i = 0; i < p.nw; i++)
    reap(&p.w[i], failed ? SIGTERM : 0);
  for (i = 0; i < p.nwin; i++) {
    free(p.win[i].body);
    item_free(&p.win[i].it);
  }
  free(p.w);
  free(p.win);
  free(pf);
  o->nfiles = printed;
  if (failed == 1) {
    fprintf(stderr, "sframe-validate: cannot run worker processes: %s\n",
            strerror(err));
    return 2;
  }
  if (failed == 2)
    return -1;
  return failed == 3 || q->end < 0 ? 2 : worst;
}

/* ---------------------------------------------------------------- run */

/* 1 when the run is large enough for workers (PARALLEL_MIN_*): the files
 * are listed ahead into q, up to LOOKAHEAD, and their sizes as stat(2)
 * sees them now added until the bound is met (a file that cannot be
 * looked at counts 0: its check says why). */
static int large_enough(cli_opts *o, ahead *q) {
  uint64_t bytes = 0;
  while (bytes < PARALLEL_MIN_BYTES && peek(o, q)) {
    struct stat st;
    const cli_item *it = &q->it[(q->head + q->n - 1) % q->cap];
    if (it->pre_err == NULL && stat(it->path, &st) == 0 && S_ISREG(st.st_mode))
      bytes += (uint64_t)st.st_size;
  }
  return bytes >= PARALLEL_MIN_BYTES && q->n >= PARALLEL_MIN_FILES;
}

int cli_tree_run(cli_opts *o, int report) {
  cli_run *r = o->run;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int given = r->jobs > 0;
  int jobs = given ? r->jobs : cores > 0 ? (int)cores : 1;
  int worst;
  cli_item buf[LOOKAHEAD];
  ahead q = {buf, LOOKAHEAD, 0, 0, 0};

  if (report && cli_tree_summary_wanted(o)) {
    memset(&r->sum, 0, sizeof r->sum);
    o->summary = &r->sum;
    o->rep.summary = &r->sum;
  }
  /* -j N: N workers (no more than files) for 2 files or more; by default
   * only for a run large_enough() */
  if (!report || jobs < 2 || o->one_process) {
    jobs = 1;
  } else if (given) {
    while (q.n < jobs && q.n < q.cap && peek(o, &q))
      ;
  } else if (!large_enough(o, &q)) {
    jobs = 1;
  }
  if (q.end && q.n < jobs)
    jobs = q.n;
  if (jobs >= PARALLEL_MIN_FILES)
    worst = run_parallel(o, jobs, &q);
  else
    worst = run_sequential(o, &q, 0);
  while (q.n > 0) {                 /* left by a run that stopped */
    item_free(&q.it[q.head]);
    q.head = (q.head + 1) % q.cap;
    q.n--;
  }
  return worst;
}
