/* SPDX-License-Identifier: MIT */
/* tree.h - whole-tree runs: -r DIR..., --files-from=FILE|-, -j N and the
 * run's summary (tree.c builds the list of files, jobs.c runs them).
 *
 * The list is made while the files are checked (streamed, never held
 * whole): operands in the order given, then --files-from's names, each
 * directory (with -r) walked depth first with the names of a directory in
 * byte order (strcmp), so the output order depends only on the tree,
 * never on readdir() or on -j. */
#ifndef SFV_CLI_TREE_H
#define SFV_CLI_TREE_H

#include <getopt.h>
#include <limits.h>

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
/* One open directory of a walk (tree.c). */
typedef struct cli_frame cli_frame;
/* A path that grows: len bytes of s, NUL-ended. */
typedef struct cli_path_buf {
  char *s;
  size_t len, cap;
} cli_path_buf;

typedef struct cli_run {
  int recursive;             /* -r: directories among the operands walked */
  const char *files_from;    /* --files-from=FILE ("-": stdin), or NULL */
  int null_sep;              /* --null: names end with NUL, not newline */
  int jobs;                  /* -j N; 0: the number of online cores */
  int summary;               /* --summary 1, --no-summary 0, default -1:
                                with -r or --files-from */
  /* The list, made as it is taken (cli_tree_next): the operands, then
   * --files-from's names, each walked when a directory (with -r). */
  char **argv;
  int argc, argi;
  int ff_state;              /* --files-from: 0 none, 1 open, 2 read */
  cli_list_in in;
  char chunk[65536];
  size_t chunk_len, chunk_pos;
  char name[PATH_MAX];
  size_t name_len;
  cli_frame *st;             /* the walk: the directories on its path */
  size_t depth, cap;
  cli_path_buf pb;
  fmt_summary sum;
} cli_run;

/* One file of the run as listed: its path, and an error found while
 * listing it (a directory that cannot be read), or NULL; both malloc'd. */
typedef struct cli_item {
  char *path;
  char *pre_err;
} cli_item;

/* 0, or -1 after saying why. */
int cli_list_open(cli_list_in *in, const char *opt, const char *name);
/* Up to n bytes: the count, 0 at the end, -1 after saying why. */
ssize_t cli_list_read(cli_list_in *in, char *buf, size_t n);
void cli_list_close(cli_list_in *in);

/* tree.c: one option of the table above; -1 when c is not one of them,
 * else 0 or 2 (bad value, said on stderr). */
int cli_tree_take(cli_opts *o, int c, const char *arg);
/* Takes the operands, checks the tree options and opens --files-from's
 * list; 0, or 2 after saying why on stderr. */
int cli_tree_files(cli_opts *o, int argc, char **argv);
/* The run's next file, in list order: 1 (*it filled), 0 at the end, -1
 * after saying why the list cannot go on (out of memory, a --files-from
 * read error: the run stops with status 2).  Memory: the names of each
 * directory on the walk's current path, never the list. */
int cli_tree_next(cli_opts *o, cli_item *it);
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
