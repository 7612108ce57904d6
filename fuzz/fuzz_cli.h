/* SPDX-License-Identifier: MIT */
/* fuzz_cli.h - one in-process run of the command over files, for the CLI
 * harnesses (fuzz_cli_file.c, fuzz_baseline.c, fuzz_archive.c): what
 * main.c does around cli_check_file(), with stdout sent to `out` and
 * stderr to /dev/null for the run only (the engine and the replay driver
 * keep theirs).
 * Invariants checked on every file: status 0, 1 or 2; state FILE_VALID
 * for 0, FILE_INVALID for 1, and for 2 an I/O error state (validation) or
 * whatever the mode left. */
#ifndef SFV_FUZZ_CLI_H
#define SFV_FUZZ_CLI_H

#include <stdio.h>
#include <stdlib.h>

#include "fuzz_helpers.h"
#include "cli/file_run.h"

#define FUZZ_CLI_MAX_FILES 4

static inline FILE *fuzz_devnull(void) {
  static FILE *f;
  if (f == NULL)
    f = fopen("/dev/null", "w");
  FUZZ_ASSERT(f != NULL, "open /dev/null");
  return f;
}

/* Runs o (format, mode and options set by the caller; the current file,
 * nfiles and the list of recorded files handled here) over paths[0..n);
 * returns the worst file status. */
static inline int fuzz_cli_run(cli_opts *o, const char *const *paths, int n,
                               FILE *out) {
  FILE *saved_out = stdout, *saved_err = stderr;
  int i, worst = 0, report;
  FUZZ_ASSERT(n > 0 && n <= FUZZ_CLI_MAX_FILES, "%d files", n);
  o->nfiles = n;
  report = o->mode == MODE_CHECK && o->format != FMT_CANONICAL;
  stdout = out;
  stderr = fuzz_devnull();
  if (report) {
    (void)fmt_report_init(&o->rep, o->format, stdout, 0, o->max_diags);
    cli_begin(o);
  }
  for (i = 0; i < n; i++) {
    int rc;
    unsigned char st;
    cli_file_start(o, paths[i]);
    rc = cli_check_file(o, i);
    st = o->file.state;
    if (rc > worst)
      worst = rc;
    FUZZ_ASSERT(rc >= 0 && rc <= 2, "status %d", rc);
    FUZZ_ASSERT(rc != 2 || st == FILE_IO_ERROR || o->mode != MODE_CHECK ||
                    st != FILE_UNREAD,
                "status 2 without an I/O error state");
    if (rc != 2)
      FUZZ_ASSERT(st == (rc ? FILE_INVALID : FILE_VALID),
                  "state %u vs status %d", st, rc);
    FUZZ_ASSERT(cli_file_record(o, i) == 0, "file %d not recorded", i);
  }
  if (report)
    cli_end(o);
  if (o->mode == MODE_LOOKUP)
    cli_lookup_end(o);
  FUZZ_ASSERT(cli_file_list_status(o) == 0, "recorded files not read back");
  cli_file_list_free(o);
  fflush(stdout);
  stdout = saved_out;
  stderr = saved_err;
  return worst;
}

#endif
