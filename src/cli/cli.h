/* cli.h - pieces of the sframe-validate command (not part of libsfv). */
#ifndef SFV_CLI_H
#define SFV_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "sfv.h"

enum cli_format { FMT_TEXT, FMT_JSON, FMT_MARKDOWN };

typedef struct cli_opts {
  int format;
  uint32_t max_diags;
  uint64_t vma;
  int have_vma;
  int unrelocated;
  int werror;
  int quiet;
  int files_done;            /* JSON: files already printed */
} cli_opts;

int cli_parse_format(const char *s, int *out);
/* Prints the catalogue; returns the exit status. */
int cli_list_rules(FILE *out, int format);

void cli_begin(cli_opts *o);
/* Validates one file; returns 0 valid, 1 errors, 2 I/O or format error. */
int cli_check_file(cli_opts *o, const char *path);
void cli_end(cli_opts *o);

/* --dump: the section printed exactly as GNU objdump --sframe prints it,
 * from the "  Header :" line on.  objdump_version selects the layout:
 * 240 (binutils 2.40, v1) or 247 (2.47, v2/v3).  Returns 0, or 1 when the
 * section cannot be dumped (objdump would fail too). */
int cli_dump_section(FILE *out, const uint8_t *data, size_t size,
                     uint64_t vma, int objdump_version);

/* --lookup=PC: the FRE that applies at pc and its recovery rules, or why
 * none does.  Returns 0 when found, 1 otherwise. */
int cli_lookup(FILE *out, const sfv_section *sec, uint64_t pc, int format);

/* --format=canonical: the conformance suite's canonical decode JSON
 * (conformance/README.md).  Returns 0 and prints the JSON when the section
 * is accepted (no errors), 1 (printing nothing on stdout) when rejected. */
int cli_canonical(FILE *out, const uint8_t *data, size_t size);

/* JSON string escaping. */
void cli_json_str(FILE *out, const char *s);

#endif
