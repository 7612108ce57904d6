/* SPDX-License-Identifier: MIT */
/* report_formats.h - what the report formats (report_text.c,
 * report_json.c, report_sarif.c) share with each other and with the
 * dispatcher (report.c): the parts of a diagnostic (report_parts.c) and
 * the formats' vtables.  Private to src/fmt. */
#ifndef SFV_FMT_REPORT_FORMATS_H
#define SFV_FMT_REPORT_FORMATS_H

#include "fmt.h"

/* The rule's message for d, plus " (NAME)" for an uncovered function
 * (raw bytes of the symbol name, never cut inside a UTF-8 character);
 * returns the length like snprintf.  Each format quotes or escapes it. */
size_t fmt_diag_text(const fmt_file_info *fi, const sfv_diag *d, char *buf,
                     size_t n);
/* {"<slot name>":value,...}: the diagnostic's values labelled by the rule's
 * schema (src/common/sfv_schema.def; unused slots left out); a named-enum value
 * prints as its name. */
void fmt_json_values(FILE *out, const sfv_diag *d);
/* The diagnostic's offset as a file offset (SARIF regions are file-relative). */
uint64_t fmt_diag_file_offset(const fmt_file_info *fi, const sfv_diag *d);
/* 1 when d->offset is a file offset (ELF container rules). */
int fmt_diag_in_file_space(const fmt_file_info *fi, const sfv_diag *d);
const char *fmt_elf_type_name(uint16_t e_type);

/* The formats' vtables. */
extern const fmt_report_ops fmt_report_text_ops, fmt_report_json_ops,
    fmt_report_sarif_ops;


#endif
