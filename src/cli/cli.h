/* SPDX-License-Identifier: MIT */
/* cli.h - the sframe-validate command: options, file handling and the
 * glue to the printers (src/fmt, libsfvfmt.a).  Not part of libsfv. */
#ifndef SFV_CLI_H
#define SFV_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "sfv.h"
#include "fmt/fmt.h"

/* What a run does with each file. */
enum cli_mode { MODE_CHECK, MODE_DUMP, MODE_LOOKUP };

/* --input=: how a file is recognised. */
enum cli_input { CLI_INPUT_AUTO = 0, CLI_INPUT_ELF = 1, CLI_INPUT_RAW = 2 };

typedef struct cli_baseline cli_baseline;  /* baseline.h */

typedef struct cli_opts {
  int format;                /* FMT_* */
  int mode;                  /* MODE_* */
  uint32_t max_diags;        /* 0 = SFV_DEFAULT_MAX_DIAGS */
  uint64_t vma;
  int have_vma;              /* --vma given: address checks on raw input */
  uint64_t lookup_pc;
  const char *lookup_list;   /* --lookup=- ("-") or --lookup=@FILE (FILE):
                                PCs read one a line (lookup_batch.c) */
  int objdump_version;       /* --objdump=VER for --dump; 0 = by version */
  uint64_t dump_rows;        /* --dump-rows=N; 0 = no cap */
  int have_dump_rows;        /* else the default cap (fmt_dump_default_rows) */
  int unrelocated;
  int werror;
  int quiet;
  int coverage;              /* --coverage: warn per uncovered function */
  int no_cfi;                /* --no-cfi: skip the .sframe vs .eh_frame check */
  int require_sframe;
  int require_sorted;
  int require_version;       /* 0 = any */
  int min_coverage;          /* --min-coverage=PCT (0-100); -1 = none */
  unsigned profiles;         /* --profile: mask of src/cli/profile.c's readers */
  const char *section_name;  /* --section=NAME: the ELF SFrame section is
                                the section of that name only (PROGBITS or
                                SHT_GNU_SFRAME); NULL = by type or name
                                .sframe, or PT_GNU_SFRAME.  --dump sets
                                ".sframe" when not given (objdump's lookup). */
  int input_mode;            /* enum cli_input (--input=) */
  fmt_report rep;            /* validation report (MODE_CHECK, not canonical) */
  const char *baseline_path; /* --baseline=OLD.json */
  cli_baseline *baseline;    /* ... loaded before the run */
  int lookups_done;          /* --lookup --format=json: objects printed */
  /* The file being checked (one at a time in a process; its number, idx,
   * is passed along), and the run's files so far: nfiles counts those
   * listed, at least idx + 2 while another file follows the current one.
   * Every file, once checked, is recorded in order (file_list.c). */
  struct cli_file {
    const char *path;
    uint64_t size;
    unsigned char state;     /* enum cli_file_state */
    char *io_error;          /* its I/O error message, or NULL */
  } file;
  int nfiles;
  struct cli_file_list *list;  /* file_list.c; NULL until the first record */
  /* tree.h: -r, --files-from, -j (NULL: none given); the run's summary
   * (fmt/summary.h) the report accumulates into, NULL when not printed. */
  struct cli_run *run;
  struct fmt_summary *summary;
  int one_process;           /* run every file in this process (-j ignored):
                                for state that spans files and that jobs.c
                                does not bring back from its workers */
} cli_opts;

enum cli_file_state { FILE_UNREAD = FMT_FILE_UNREAD, FILE_VALID = FMT_FILE_VALID,
                      FILE_INVALID = FMT_FILE_INVALID,
                      FILE_IO_ERROR = FMT_FILE_IO_ERROR };

typedef fmt_file_info cli_file_info;
typedef fmt_counts cli_counts;

/* Processes o->file, file number idx of the run (validation, --dump,
 * --lookup or --format=canonical); returns 0 valid, 1 errors, 2 I/O or
 * input-format error. */
int cli_check_file(cli_opts *o, int idx);

/* ---- file_list.c: the run's files, recorded in order ---- */
/* Makes path the current file (o->file), unread. */
void cli_file_start(cli_opts *o, const char *path);
/* Records the current file (file number idx, the next in order) for the
 * report's end and the summary, then frees its message.  The records
 * that the end needs (SARIF: every file; JSON: I/O errors) are kept in an
 * unlinked temporary file, not in memory.  0, or -1 when they cannot be
 * kept (said on stderr: the run stops with status 2, the report still
 * ends with the files recorded before). */
int cli_file_record(cli_opts *o, int idx);
/* After the report's end: 0, or 2 when the records could not be read
 * back for it (said on stderr). */
int cli_file_list_status(const cli_opts *o);
/* Frees the list (the temporary file is closed, and so gone). */
void cli_file_list_free(cli_opts *o);

/* ---- output.c: a validation run's report (fmt_report) ---- */
void cli_begin(cli_opts *o);
void cli_out_file_begin(cli_opts *o, const cli_file_info *fi);
void cli_out_diag(cli_opts *o, const cli_file_info *fi, const sfv_diag *d,
                  sfv_severity sev);
void cli_out_file_end(cli_opts *o, const cli_file_info *fi,
                      const cli_counts *c, int valid);
/* An input that could not be read or recognised (exit status 2): one line
 * on stderr, and the message kept for the JSON/SARIF document. */
void cli_out_io_error(cli_opts *o, int idx, const char *what);
void cli_end(cli_opts *o);
/* The run's recorded files as the printers see them (file_list.c). */
void cli_files(cli_opts *o, fmt_files *files);
/* 0 when everything written to stdout so far got out; else one line on
 * stderr ("error writing standard output") and 1. */
int cli_stdout_failed(void);
/* "sframe-validate: PATH: " on stderr, the path quoted (fmt_text_str). */
void cli_err_prefix(const char *path);

/* ---- modes.c: --dump, --lookup, --format=canonical on one file ---- */
/* e: the ELF file (NULL for raw input); data/size: its SFrame section
 * (data NULL: none found); vma: the section's address.  Return the
 * file's exit status. */
int cli_mode_dump(cli_opts *o, const char *path, const sfv_elf *e,
                  const uint8_t *data, size_t size, uint64_t vma);
/* --lookup's verdict on the section: its errors as the default mode would
 * count them (warnings too with --Werror), and the first of them. */
typedef struct cli_verdict {
  const cli_opts *o;
  uint32_t errors, warnings;
  int have_first;
  sfv_diag first;
  void *cfi_scratch;         /* ELF: the .eh_frame row's scratch */
  size_t cfi_scratch_size;
} cli_verdict;
int cli_mode_lookup(cli_opts *o, const char *path, const sfv_elf *elf,
                    const uint8_t *data, size_t size, uint64_t vma,
                    const cli_verdict *v);
int cli_mode_canonical(cli_opts *o, const char *path, const uint8_t *data,
                       size_t size);
/* lookup_batch.c: --lookup=- / @FILE on one opened section (vma set): one
 * answer per line of the list, text or JSON Lines; returns 0 when every
 * line was a PC answered with valid rules in a valid section, else 1. */
int cli_lookup_batch(cli_opts *o, const sfv_section *sec, const cli_verdict *v);
/* parse_num.c: a number as the options take it (decimal, 0x hex, 0 octal; no
 * sign, no blank); 1, or 0 when s is not one. */
int cli_parse_u64(const char *s, uint64_t *out);
/* Ends the --lookup JSON document (after the last file). */
void cli_lookup_end(cli_opts *o);

#endif
