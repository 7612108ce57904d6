/* SPDX-License-Identifier: MIT */
/* file_run.h - one input's way through the command, one way only:
 *
 *   dispatch (check.c: open, recognise; an archive is an iterator over
 *   its members, archive.c)
 *     -> read (read_raw.c: a raw section; read_elf.c: an ELF file or
 *        archive member, through the library's reader)
 *       -> check (check_input.c: the one mode decision per input:
 *          validate, --dump, --lookup or --format=canonical)
 *         -> report (file_run.c: the file's record, its counts and
 *            policies; output.c and src/fmt print what they are handed).
 *
 * Each stage calls only the stages after it; every I/O failure of a stage
 * ends in cli_src_io_error() or cli_io_error() (exit status 2). */
#ifndef SFV_CLI_FILE_RUN_H
#define SFV_CLI_FILE_RUN_H

#include <limits.h>

#include "cli.h"
#include "profile.h"
#include "reader.h"

/* ---- report: one file's record ---- */

typedef struct file_run {
  cli_opts *o;
  cli_file_info fi;
  cli_counts delivered;      /* by effective severity */
  cli_counts lib_delivered;  /* by the library's severity */
  cli_counts extra;          /* counted by cli_run_extra(), by severity */
  uint32_t extra_suppressed; /* ... and not delivered (over the cap) */
  cli_profile_state prof;    /* --profile: diagnostics of rules readers reject */
} file_run;

void cli_run_init(file_run *fr, cli_opts *o, int idx, const char *path);
/* d's severity under the command's policy: --Werror makes warnings errors,
 * --require-sframe makes a missing SFrame section an error. */
sfv_severity cli_effective_severity(const cli_opts *o, const sfv_diag *d);
/* sfv_diag_fn for the library's diagnostics. */
int cli_run_on_diag(void *ctx, const sfv_diag *d);
/* A diagnostic made outside the library's run (the streamed tail of a raw
 * file, archive headers), under the same --max-diags cap. */
void cli_run_extra(file_run *fr, const sfv_diag *d);
/* Policy checks, totals, the file's summary; returns 0 valid, 1 errors. */
int cli_run_finish(file_run *fr, const sfv_section *sec, uint32_t errors,
                   uint32_t warnings, uint32_t notes, uint32_t suppressed);

/* The one I/O-error path: reports `what` (or the reader's own error)
 * against file idx and returns 2. */
int cli_io_error(cli_opts *o, int idx, const char *what);
int cli_src_io_error(cli_opts *o, int idx, const cli_src *s);

/* ---- check: the one mode decision ---- */

/* What is done with each input: MODE_CHECK, MODE_DUMP, MODE_LOOKUP, or
 * CLI_MODE_CANONICAL (validation run printing the canonical decode). */
enum { CLI_MODE_CANONICAL = 100 };
int cli_mode_of(const cli_opts *o);

/* One input, read: the SFrame bytes in memory and where they came from. */
typedef struct cli_read_input {
  int idx;                 /* the command-line file it belongs to */
  const char *path;        /* display name ("lib.a(m.o)" for a member) */
  const char *dump_name;   /* the name --dump prints, or NULL for path */
  cli_src *src;            /* the bytes' source (a raw file's tail is
                              streamed from it) */
  const sfv_elf *elf;      /* an ELF input, or NULL for a raw section */
  const uint8_t *data;     /* the SFrame section (NULL: none found) */
  size_t len;
  uint64_t vma;            /* its address (ELF) or --vma */
} cli_read_input;

/* Runs the mode on one read input.  Returns 0 valid, 1 invalid, or -1
 * when its source failed mid-run (the caller reports the I/O error). */
int cli_check_input(cli_opts *o, const cli_read_input *in);

/* ---- read ---- */

/* A raw SFrame section file. */
int cli_read_raw(cli_opts *o, int idx, const char *path, cli_src *src);
/* An ELF file (or archive member: src is its window, path its display
 * name "lib.a(m.o)", dump_name the member's name).  Returns 0, 1, or 2
 * after reporting an I/O error against file idx. */
int cli_read_elf(cli_opts *o, int idx, const char *path, cli_src *src,
                 const char *dump_name);

/* ---- dispatch: archives as iterators ---- */

int cli_is_archive(const uint8_t *p, size_t n);
/* NULL (the command): every thin archive member is opened.  Else only the
 * members whose name it returns nonzero for; the others are reported
 * ar-thin-member.  The fuzz harnesses set it: a fuzzer must not open files
 * that inputs name outside its sandbox. */
extern int (*cli_archive_thin_allow)(const char *name);

#define CLI_AR_NAME_MAX 4096u

typedef struct cli_ar_iter {
  cli_opts *o;
  int idx;
  const char *path;
  cli_src *src;
  int thin;
  uint64_t off;                  /* the next member header */
  uint64_t names_off, names_len; /* the "//" table (0 len: none) */
  sfv_diag *diags;               /* the archive's own diagnostics */
  uint32_t ndiags, cap;
  uint32_t members, elf_members;
  int done;
} cli_ar_iter;

/* One ELF member the iterator hands out: its bytes (a window of the
 * archive, or a thin member's own file), its name and display name. */
typedef struct cli_ar_member {
  cli_src src;
  char name[CLI_AR_NAME_MAX];
  /* "archive(member)", never cut: the archive's path was opened, so it is
   * shorter than PATH_MAX, and a member's name than CLI_AR_NAME_MAX */
  char display[PATH_MAX + CLI_AR_NAME_MAX + 2];
} cli_ar_member;

enum { CLI_AR_MEMBER = 1, CLI_AR_END = 0, CLI_AR_IO = -1 };

/* 0, or 2 after reporting why the mode cannot take an archive. */
int cli_ar_begin(cli_ar_iter *it, cli_opts *o, int idx, const char *path,
                 cli_src *src);
/* The next ELF member (CLI_AR_MEMBER: *m is open, give it back with
 * cli_ar_member_done()), CLI_AR_END, or CLI_AR_IO (the archive could not
 * be read; reported).  Members that are not ELF, nested archives and bad
 * headers become the archive's own diagnostics. */
int cli_ar_next(cli_ar_iter *it, cli_ar_member *m);
/* Closes *m; rc is its status from cli_read_elf(), turned into 2 (and an
 * I/O error against the archive) when its bytes could not be read. */
int cli_ar_member_done(cli_ar_iter *it, cli_ar_member *m, int rc);
/* The archive's own record (after its members'); returns the archive's
 * status given its members' worst status. */
int cli_ar_end(cli_ar_iter *it, int worst);

#endif
