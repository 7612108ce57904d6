/* SPDX-License-Identifier: MIT */
/* jobs.h - the two sides of a parallel run (tree.h's cli_tree_run): the
 * scheduler in the parent (jobs.c) and the workers (jobs_worker.c), and
 * the messages between them over one pipe each way per worker.
 *
 *   parent -> worker: a batch: jobs_batch, then for each of its files a
 *     jobs_name (path and listing-error lengths) and the bytes;
 *   worker -> parent: per file, in order, one message: jobs_part, then
 *     sum_len bytes of the file's summary part, msg_len of its I/O error
 *     message (with its NUL), out_len of stdout and err_len of stderr.
 *     The messages of a batch are sent together when it is done (or when
 *     JOBS_SEND_FLUSH bytes wait), so the parent wakes once per batch, not
 *     per file; a batch marked `each` (one re-sent after its worker died)
 *     has each message sent as its file is done, so that the parent knows
 *     which file a death was on. */
#ifndef SFV_CLI_JOBS_H
#define SFV_CLI_JOBS_H

#include <stdint.h>
#include <sys/types.h>

#include "tree.h"

typedef struct jobs_batch {
  int32_t first, count;      /* files first .. first + count - 1 */
  int32_t each;              /* 1: send each file's message at once */
  uint64_t bytes;            /* the names that follow */
} jobs_batch;

/* A worker sends the messages it holds once they reach this many bytes. */
#define JOBS_SEND_FLUSH 65536

typedef struct jobs_name {
  uint32_t path_len;
  uint32_t err_len;          /* listing error + 1, 0: none */
} jobs_name;

/* lost_err: the errno of the call that kept the worker from capturing the
 * file's output (its bytes are then not sent and the worker exits), else
 * 0. */
typedef struct jobs_part {
  int32_t idx, rc;
  int32_t lost_err;
  uint8_t state;
  uint64_t size;
  uint64_t items;            /* fmt_report_part_items */
  uint64_t sum_len, msg_len, out_len, err_len;
} jobs_part;

/* Whole transfers, retried on EINTR and short counts: 0, or -1. */
int jobs_write_all(int fd, const void *p, size_t n);
int jobs_read_all(int fd, void *p, size_t n);

/* A file of the run as the parent hands it out or a worker checks it. */
int jobs_run_one(cli_opts *o, int idx, const char *path, const char *pre_err);

/* The worker's loop (jobs_worker.c): batches in on cmd, one message per
 * file out on res (a batch's together, unless it is marked each); never
 * returns. */
void jobs_worker(cli_opts *o, int cmd, int res);

#endif
