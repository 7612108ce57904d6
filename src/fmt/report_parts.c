/* SPDX-License-Identifier: MIT */
/* report_parts.c - the parts of a diagnostic every report format prints
 * (report_formats.h): its message text, its labelled values, its offset
 * as a file offset.  Below the formats and the dispatcher (report.c). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "report_formats.h"

size_t fmt_diag_text(const fmt_file_info *fi, const sfv_diag *d, char *buf,
                     size_t n) {
  size_t len = sfv_diag_message(d, buf, n);
  char name[160];
  if (d->rule == SFV_R_ELF_FUNC_UNCOVERED && fi->is_elf && fi->elf_res &&
      len < n && d->found >= 0 &&
      sfv_elf_symbol_name(fi->elf, fi->elf_res->symtab_shndx,
                          (uint64_t)d->found, name, sizeof name) > 0) {
    size_t kept = strlen(name);
    /* A name cut at the buffer's end may end inside a character. */
    if (kept == sizeof name - 1)
      name[fmt_utf8_trim(name, kept)] = '\0';
    len += (size_t)snprintf(buf + len, n - len, " (%s)", name);
  }
  return len;
}

void fmt_json_values(FILE *out, const sfv_diag *d) {
  const int64_t v[3] = {d->found, d->expected, d->aux};
  unsigned k, n = 0;
  fputc('{', out);
  for (k = 0; k < 3; k++) {
    const sfv_slot_info *si = sfv_rule_slot(d->rule, k);
    const char *nm;
    if (si == NULL || si->name == NULL)
      continue;
    fputs(n++ ? "," : "", out);
    fmt_json_str(out, si->name);
    fputc(':', out);
    nm = sfv_slot_value_name(si->kind, v[k]);
    if (nm != NULL)
      fmt_json_str(out, nm);
    else
      fprintf(out, "%lld", (long long)v[k]);
  }
  fputc('}', out);
}

uint64_t fmt_diag_file_offset(const fmt_file_info *fi, const sfv_diag *d) {
  if (!fi->is_elf || fi->is_archive || sfv_rule_file_offset(d->rule))
    return d->offset;
  return fi->section_file_offset + d->offset;
}

int fmt_diag_in_file_space(const fmt_file_info *fi, const sfv_diag *d) {
  return (fi->is_elf || fi->is_archive) && sfv_rule_file_offset(d->rule);
}

const char *fmt_elf_type_name(uint16_t t) {
  switch (t) {
  case 1: return "ET_REL";
  case 2: return "ET_EXEC";
  case 3: return "ET_DYN";
  case 4: return "ET_CORE";
  default: return "ET_other";
  }
}
