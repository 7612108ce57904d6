/* SPDX-License-Identifier: MIT */
/* output.c - glue between a validation run (check.c) and its report
 * (src/fmt: text, JSON, SARIF behind one vtable).  The report object lives
 * in cli_opts; this file only adapts the run's bookkeeping to it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "baseline.h"
#include "fmt/summary.h"

void cli_begin(cli_opts *o) { fmt_report_begin(&o->rep); }

void cli_out_file_begin(cli_opts *o, const cli_file_info *fi) {
  if (o->baseline != NULL)
    cli_baseline_file(o->baseline, fi->path, fi->idx);
  fmt_report_file_begin(&o->rep, fi);
}

void cli_out_diag(cli_opts *o, const cli_file_info *fi, const sfv_diag *d,
                  sfv_severity sev) {
  if (o->baseline != NULL)
    o->rep.baseline_state = cli_baseline_diag(o->baseline, d, sev);
  fmt_report_diag(&o->rep, fi, d, sev);
  if (o->summary != NULL)
    fmt_summary_diag(o->summary, d->rule, sev);
}

void cli_out_file_end(cli_opts *o, const cli_file_info *fi,
                      const cli_counts *c, int valid) {
  fmt_report_file_end(&o->rep, fi, c, valid);
  if (o->summary != NULL)
    fmt_summary_record(o->summary, fi, c, valid);
}

int cli_stdout_failed(void) {
  int bad = fflush(stdout) != 0, err = errno;
  if (!bad && !ferror(stdout))
    return 0;
  /* After an earlier failed write stdio keeps the error flag, and errno
   * still holds its cause unless a later call changed it. */
  fprintf(stderr, "sframe-validate: error writing standard output%s%s\n",
          err != 0 ? ": " : "", err != 0 ? strerror(err) : "");
  return 1;
}

void cli_out_io_error(cli_opts *o, int idx, const char *what) {
  size_t n = strlen(what) + 1;
  (void)idx;
  cli_err_prefix(o->file.path);
  fprintf(stderr, "%s\n", what);
  o->file.state = FILE_IO_ERROR;
  free(o->file.io_error);
  o->file.io_error = malloc(n);
  if (o->file.io_error != NULL)
    memcpy(o->file.io_error, what, n);
}

void cli_end(cli_opts *o) {
  fmt_files files;
  cli_files(o, &files);
  if (o->baseline != NULL)
    cli_baseline_prepare(o->baseline, &o->rep, o->format);
  fmt_report_end(&o->rep, &files);
  if (o->baseline != NULL && o->format == FMT_TEXT)
    cli_baseline_text(o->baseline, stdout);
}
