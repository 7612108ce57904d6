/* SPDX-License-Identifier: MIT */
/* report_text.c - gcc-style text report: one line per diagnostic
 *   PATH: .sframe+0xOFF: SEVERITY: MESSAGE [RULE]    (section offset)
 *   PATH: elf+0xOFF: SEVERITY: MESSAGE [RULE]        (file offset)
 * and one summary line per file.  Paths and messages (which carry symbol
 * names) are quoted (fmt_text_str): no name can start a line of its own. */
#include "fmt.h"
#include "report_formats.h"
#include "summary.h"

static void text_diag(fmt_report *r, const fmt_file_info *fi, const sfv_diag *d,
                      sfv_severity sev) {
  char msg[FMT_MSG_MAX];
  if (r->quiet)
    return;
  (void)fmt_diag_text(fi, d, msg, sizeof msg);
  fmt_text_str(r->out, fi->path);
  fprintf(r->out, ": %s+0x%llx: %s: ",
          fmt_diag_in_file_space(fi, d) ? "elf" : ".sframe",
          (unsigned long long)d->offset, sfv_severity_name(sev));
  fmt_text_str(r->out, msg);
  fprintf(r->out, " [%s]\n", sfv_rule_get(d->rule)->id);
}

static const char *plural(uint32_t n) { return n == 1 ? "" : "s"; }

static void text_file_end(fmt_report *r, const fmt_file_info *fi,
                          const fmt_counts *c, int valid) {
  const sfv_elf_result *er = fi->elf_res;
  int cov = fi->is_elf && er != NULL && er->coverage_known;
  FILE *out = r->out;
  fmt_text_str(out, fi->path);
  fprintf(out, ": %s: %u error%s, %u warning%s, %u note%s%s",
          valid ? "valid" : "INVALID", c->errors, plural(c->errors),
          c->warnings, plural(c->warnings), c->notes, plural(c->notes),
          c->suppressed ? " (some diagnostics suppressed)" : "");
  if (fi->is_archive)
    fprintf(out, "; ar archive, %u member%s, %u ELF", fi->members,
            plural(fi->members), fi->elf_members);
  else if (fi->is_elf)
    fprintf(out, "; %s %s", fi->elf->header_ok ? fmt_bfd_name(fi->elf) : "ELF",
            fmt_elf_type_name(fi->elf->e_type));
  else
    fputs("; raw section", out);
  if (fi->sec != NULL)
    fprintf(out, ", SFrame v%u, %u FDE%s", fi->sec->hdr.version,
            fi->sec->hdr.num_fdes, plural(fi->sec->hdr.num_fdes));
  else if (fi->is_elf && !fi->have_section)
    fputs(", no SFrame data", out);
  if (cov)
    fprintf(out, ", coverage %llu/%llu functions",
            (unsigned long long)er->funcs_covered,
            (unsigned long long)er->funcs_total);
  if (fi->is_elf && er != NULL && er->cfi_compared)
    fprintf(out, ", .eh_frame compared: %u function%s, %llu bytes%s", er->cfi_functions,
            plural(er->cfi_functions), (unsigned long long)er->cfi_pc_bytes,
            er->cfi_complete ? "" : " (incomplete)");
  fputc('\n', out);
}

/* The run's summary, "summary: ..." lines after the files'. */
static void text_end(fmt_report *r, const fmt_files *files) {
  (void)files;
  if (r->summary != NULL)
    fmt_summary_text(r->out, r->summary);
}

const fmt_report_ops fmt_report_text_ops = {
  NULL, NULL, text_diag, text_file_end, text_end,
};
