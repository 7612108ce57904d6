/* SPDX-License-Identifier: MIT */
/* tree.h - whole-tree runs: -r DIR..., --files-from=FILE|-, -j N and the
 * run's summary (tree.c builds the list of files, jobs.c runs them).
 *
 * The list is built before any file is validated: operands in the order
 * given, each directory (with -r) walked depth first with the names of a
 * directory in byte order (strcmp), so the output order depends only on
 * the tree, never on readdir() or on -j. */
#ifndef SFV_CLI_TREE_H
#define SFV_CLI_TREE_H

#include <getopt.h>

#include <sys/types.h>

#include "cli.h"
#include "fmt/summary.h"
#include "reader.h"

/* Option codes of the tree options (main.c's getopt_long table). */
enum { OPT_TREE_FILES_FROM = 600, OPT_TREE_NULL, OPT_TREE_SUMMARY,
       OPT_TREE_NO_SUMMARY };
#define CLI_TREE_SHORT_OPTS "rj:"
#define CLI_TREE_LONG_OPTS                                        \
  {"recursive", no_argument, NULL, 'r'},                          \
  {"files-from", required_argument, NULL, OPT_TREE_FILES_FROM},   \
  {"null", no_argument, NULL, OPT_TREE_NULL},                     \
  {"jobs", required_argument, NULL, 'j'},                         \
  {"summary", no_argument, NULL, OPT_TREE_SUMMARY},               \
  {"no-summary", no_argument, NULL, OPT_TREE_NO_SUMMARY},

/* --files-from reads at most this many bytes of names (the list is held
 * whole: memory is bounded by it). */
#define CLI_LIST_MAX_BYTES ((uint64_t)1 << 30)
#define CLI_LIST_MAX_WORDS "1 GiB"

typedef struct cli_run {
  int recursive;             /* -r: directories among the operands walked */
  const char *files_from;    /* --files-from=FILE ("-": stdin), or NULL */
  int null_sep;              /* --null: names end with NUL, not newline */
  int jobs;                  /* -j N; 0: the number of online cores */
  int summary;               /* --summary 1, --no-summary 0, default -1:
                                with -r or --files-from */
  /* The list (o->paths points at paths). */
  char **paths;
  char **pre_err;            /* per file: an error found while listing it
                                (a directory that cannot be read), or NULL */
  size_t n, cap;
  fmt_summary sum;
} cli_run;

/* tree.c: a list read in chunks (--files-from, --lookup=-|@FILE): NAME
 * "-" is standard input (a regular file, a pipe or a socket; a pipe is
 * waited on with poll, never a blocking read), else a regular file opened
 * like every input.  Errors are said as "sframe-validate: OPTNAME: why" (OPT: "--files-from=",
 * "--lookup=" or "--lookup=@"). */
typedef struct cli_list_in {
  const char *opt, *name;
  int is_stdin;
  cli_src src;
  uint64_t off;
} cli_list_in;
/* 0, or -1 after saying why. */
int cli_list_open(cli_list_in *in, const char *opt, const char *name);
/* Up to n bytes: the count, 0 at the end, -1 after saying why. */
ssize_t cli_list_read(cli_list_in *in, char *buf, size_t n);
void cli_list_close(cli_list_in *in);

/* tree.c: one option of the table above; -1 when c is not one of them,
 * else 0 or 2 (bad value, said on stderr). */
int cli_tree_take(cli_opts *o, int c, const char *arg);
/* Builds o->paths/o->nfiles from the operands and --files-from; 0, or 2
 * after saying why on stderr. */
int cli_tree_files(cli_opts *o, int argc, char **argv);
/* 1 when the run's files come from -r or --files-from (an empty list is
 * then a run over nothing, not a usage error). */
int cli_tree_listed(const cli_opts *o);
/* 1 when the run prints a summary (report formats only). */
int cli_tree_summary_wanted(const cli_opts *o);
void cli_tree_free(cli_opts *o);

/* jobs.c: every file of the run, in list order, with -j workers for the
 * validation reports (text, JSON, SARIF), one at a time otherwise.  report:
 * a validation report is open in o->rep.  Returns the worst status (0, 1,
 * 2), or -1 after a failed write on stdout (said on stderr). */
int cli_tree_run(cli_opts *o, int report);

#endif
