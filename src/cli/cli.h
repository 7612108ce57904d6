/* cli.h - pieces of the sframe-validate command (not part of libsfv). */
#ifndef SFV_CLI_H
#define SFV_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "sfv.h"

/* Output formats.  FMT_MARKDOWN is for --list-rules only, FMT_CANONICAL
 * for validation runs only. */
enum cli_format { FMT_TEXT, FMT_JSON, FMT_MARKDOWN, FMT_SARIF, FMT_CANONICAL };

/* What a run does with each file. */
enum cli_mode { MODE_CHECK, MODE_DUMP, MODE_LOOKUP };

typedef struct cli_opts {
  int format;
  int mode;
  uint32_t max_diags;
  uint64_t vma;
  int have_vma;
  uint64_t lookup_pc;
  int objdump_version;       /* --objdump=VER for --dump; 0 = by version */
  int unrelocated;
  int werror;
  int quiet;
  int coverage;              /* --coverage: warn per uncovered function */
  int no_cfi;                /* --no-cfi: skip the .sframe vs .eh_frame check */
  int require_sframe;
  int require_sorted;
  int require_version;       /* 0 = any */
  int files_done;            /* JSON/SARIF: files already printed */
  /* SARIF: one artifact per file, in command-line order. */
  const char **paths;
  uint64_t *sizes;
  unsigned char *states;     /* enum cli_file_state */
  char **io_errors;          /* I/O error message per file, or NULL */
  int nfiles;
} cli_opts;

enum cli_file_state { FILE_UNREAD = 0, FILE_VALID, FILE_INVALID, FILE_IO_ERROR };

int cli_parse_format(const char *s, int *out);
/* Prints the catalogue; returns the exit status. */
int cli_list_rules(FILE *out, int format);

void cli_begin(cli_opts *o);
/* Processes file number idx of o->paths (validation, --dump, --lookup or
 * --format=canonical); returns 0 valid, 1 errors, 2 I/O or input-format
 * error. */
int cli_check_file(cli_opts *o, int idx);
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

/* ---- output.c: the diagnostics of one file in text, JSON or SARIF ---- */

typedef struct cli_file_info {
  const char *path;
  int idx;                   /* index into o->paths */
  int is_elf;
  const sfv_elf *elf;        /* when is_elf */
  uint64_t section_file_offset; /* file offset of the SFrame data (ELF) */
  int have_section;          /* SFrame data located (always for raw) */
  const sfv_section *sec;    /* decoded header, or NULL */
  const sfv_elf_result *elf_res; /* coverage etc., or NULL */
} cli_file_info;

typedef struct cli_counts {
  uint32_t errors, warnings, notes, suppressed;
} cli_counts;

void cli_out_file_begin(cli_opts *o, const cli_file_info *fi);
void cli_out_diag(cli_opts *o, const cli_file_info *fi, const sfv_diag *d,
                  sfv_severity sev);
void cli_out_file_end(cli_opts *o, const cli_file_info *fi,
                      const cli_counts *c, int valid);
/* An input that could not be read or recognised (exit status 2). */
void cli_out_io_error(cli_opts *o, int idx, const char *what);

/* BFD target name objdump prints for an ELF file ("elf64-x86-64"). */
const char *cli_bfd_name(const sfv_elf *e);

#endif
