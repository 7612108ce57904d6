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

/* JSON string escaping. */
void cli_json_str(FILE *out, const char *s);

#endif
