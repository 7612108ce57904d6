/* check_run.h - one file's run, shared by check.c (dispatch, raw input),
 * check_elf.c (ELF input and the other modes) and archive.c (members). */
#ifndef SFV_CLI_CHECK_RUN_H
#define SFV_CLI_CHECK_RUN_H

#include "cli.h"
#include "profile.h"
#include "reader.h"

typedef struct file_run {
  cli_opts *o;
  cli_file_info fi;
  cli_counts delivered;      /* by effective severity */
  cli_counts lib_delivered;  /* by the library's severity */
  cli_counts extra;          /* counted by cli_run_extra(), by severity */
  uint32_t extra_suppressed; /* ... and not delivered (over the cap) */
  cli_profile_state prof;    /* --profile: diagnostics of rules readers reject */
} file_run;

/* What is done with each file: MODE_CHECK, MODE_DUMP, MODE_LOOKUP, or
 * CLI_MODE_CANONICAL (validation run printing the canonical decode). */
enum { CLI_MODE_CANONICAL = 100 };
int cli_mode_of(const cli_opts *o);

void cli_run_init(file_run *fr, cli_opts *o, int idx, const char *path);
/* sfv_diag_fn for the library's diagnostics. */
int cli_run_on_diag(void *ctx, const sfv_diag *d);
/* A diagnostic made outside the library's run (the streamed tail of a raw
 * file, archive headers), under the same --max-diags cap. */
void cli_run_extra(file_run *fr, const sfv_diag *d);
/* Policy checks, totals, the file's summary; returns 0 valid, 1 errors. */
int cli_run_finish(file_run *fr, const sfv_section *sec, uint32_t errors,
                   uint32_t warnings, uint32_t notes, uint32_t suppressed);

/* An ELF file (or archive member: src is its window, path its display
 * name "lib.a(m.o)").  Returns 0, 1, or 2 after reporting an I/O error
 * against file idx. */
int cli_process_elf(cli_opts *o, int idx, const char *path, cli_src *src,
                    const char *dump_name);

int cli_is_archive(const uint8_t *p, size_t n);
/* NULL (the command): every thin archive member is opened.  Else only the
 * members whose name it returns nonzero for; the others are reported
 * ar-thin-member.  The fuzz harnesses set it: a fuzzer must not open files
 * that inputs name outside its sandbox. */
extern int (*cli_archive_thin_allow)(const char *name);
int cli_process_archive(cli_opts *o, int idx, const char *path, cli_src *src);

#endif
