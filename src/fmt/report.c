/* SPDX-License-Identifier: MIT */
/* report.c - validation reports: the format-independent part (fmt.h).
 *
 * A report is a vtable (report_text.c, report_json.c, report_sarif.c) and
 * its counters in struct fmt_report; nothing lives in static storage.  The
 * per-file cap on printed diagnostics (--max-diags) is enforced here, for
 * every diagnostic whoever produced it (library or command-line policy):
 * those over the cap are counted as suppressed and not printed.
 */
#include <string.h>

#include "fmt.h"
#include "report_formats.h"

int fmt_report_init(fmt_report *r, int format, FILE *out, int quiet,
                    uint32_t max_diags) {
  memset(r, 0, sizeof *r);
  r->out = out;
  r->quiet = quiet;
  r->max_diags = max_diags != 0 ? max_diags : SFV_DEFAULT_MAX_DIAGS;
  switch (format) {
  case FMT_TEXT: r->ops = &fmt_report_text_ops; return 1;
  case FMT_JSON: r->ops = &fmt_report_json_ops; return 1;
  case FMT_SARIF: r->ops = &fmt_report_sarif_ops; return 1;
  default: return 0;
  }
}

void fmt_report_begin(fmt_report *r) {
  if (r->ops->begin != NULL)
    r->ops->begin(r);
}

void fmt_report_file_begin(fmt_report *r, const fmt_file_info *fi) {
  r->diags = 0;
  r->over_cap = 0;
  if (r->ops->file_begin != NULL)
    r->ops->file_begin(r, fi);
  r->files++;
}

void fmt_report_diag(fmt_report *r, const fmt_file_info *fi, const sfv_diag *d,
                     sfv_severity sev) {
  if (sfv_rule_get(d->rule) == NULL)
    return;
  if (r->diags >= r->max_diags) {
    if (r->over_cap < UINT32_MAX)
      r->over_cap++;
    return;
  }
  r->diags++;
  r->ops->diag(r, fi, d, sev);
}

void fmt_report_file_end(fmt_report *r, const fmt_file_info *fi,
                         const fmt_counts *c, int valid) {
  fmt_counts shown = *c;
  shown.suppressed = c->suppressed > UINT32_MAX - r->over_cap
                         ? UINT32_MAX : c->suppressed + r->over_cap;
  r->ops->file_end(r, fi, &shown, valid);
}

void fmt_report_end(fmt_report *r, const fmt_files *files) {
  if (r->ops->end != NULL)
    r->ops->end(r, files);
  fflush(r->out);
}

void fmt_report_part_begin(fmt_report *r) {
  r->files = 0;
  r->results = 0;
}

/* The list items of each format: JSON file objects, SARIF results. */
unsigned long fmt_report_part_items(const fmt_report *r) {
  if (r->ops == &fmt_report_json_ops)
    return r->files;
  if (r->ops == &fmt_report_sarif_ops)
    return r->results;
  return 0;
}

void fmt_report_part_join(fmt_report *r, unsigned long items) {
  if (items == 0)
    return;
  if (r->joined != 0)
    fputc(',', r->out);
  r->joined += items;
}
