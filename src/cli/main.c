/* SPDX-License-Identifier: MIT */
/* main.c - sframe-validate: command line front end of libsfv.
 *
 * Options follow the GNU convention (getopt_long): they may come before,
 * between or after the file names, and "--" ends them.
 *
 * Exit status: 0 every file valid, 1 an error was found in some file,
 * 2 usage or I/O error: an input that cannot be read or is neither ELF nor
 * an SFrame section, or a failed write on standard output (EPIPE when a
 * reader such as `head` closed the pipe, ENOSPC, /dev/full).  Never
 * anything else: SIGPIPE is ignored, so a closed pipe is a write error
 * like any other; the run stops at the first one with one line on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "sfv.h"
#include "cli.h"
#include "baseline.h"
#include "profile.h"
#include "tree.h"

static void usage(FILE *out) {
  fputs(
      "Usage: sframe-validate [OPTION]... FILE...\n"
      "       sframe-validate -r [OPTION]... DIR|FILE...\n"
      "Validate SFrame (.sframe) stack-trace sections.  Each FILE is an ELF\n"
      "file (its .sframe section, or PT_GNU_SFRAME, is validated together\n"
      "with the container) or a raw SFrame section (detected by magic).\n"
      "Options may come before or after the files; '--' ends them.\n"
      "\n"
      "Output:\n"
      "  --format=FMT        text (default), json, sarif, canonical (the\n"
      "                      conformance suite's decode); with --list-rules:\n"
      "                      text, json, markdown; with --lookup: text, json\n"
      "  -q, --quiet         text: print only the per-file summary\n"
      "  --max-diags=N       print at most N diagnostics per file, policy\n"
      "                      ones included; the rest are counted (default 1000)\n"
      "  --coverage          warn for each function symbol no FDE covers\n"
      "  --no-cfi            ELF: do not compare .sframe with .eh_frame (the\n"
      "                      comparison runs by default when a file has both,\n"
      "                      with the check of .eh_frame_hdr;\n"
      "                      its cost is linear in the two sections)\n"
      "  --list-rules        print the rule catalogue (takes no FILE)\n"
      "\n"
      "Input:\n"
      "  --input=KIND        auto (default: by magic), elf (ELF files and ar\n"
      "                      archives of them), raw (every file is an SFrame\n"
      "                      section, even an empty one)\n"
      "  --section=NAME      the SFrame section is the ELF section NAME, of any\n"
      "                      type (objdump --sframe=NAME); default .sframe by\n"
      "                      name or type SHT_GNU_SFRAME, else PT_GNU_SFRAME\n"
      "\n"
      "Trees:\n"
      "  -r, --recursive     walk each DIR operand: ELF files and *.a archives\n"
      "                      in it are validated, anything else (links, FIFOs,\n"
      "                      devices, other files) skipped silently; names in\n"
      "                      byte order, depth first\n"
      "  --files-from=FILE   also take the names in FILE ('-': stdin, which may\n"
      "                      be a pipe), one per line; with --null,\n"
      "                      NUL-terminated; names shorter than PATH_MAX\n"
      "                      The list is streamed: memory does not grow with\n"
      "                      the number of files (SARIF/JSON keep what they\n"
      "                      print at the end in a temporary file in $TMPDIR)\n"
      "  -j, --jobs=N        validate N files at a time (default: the online\n"
      "                      cores when the first 256 files hold 32 MiB or\n"
      "                      more, else 1); output identical to -j1, in list\n"
      "                      order\n"
      "                      (--dump, --lookup, canonical: one at a time)\n"
      "  --summary, --no-summary  print (or not) the run's summary (text,\n"
      "                      json, sarif): files by SFrame version and flags,\n"
      "                      files without SFrame, coverage, size cost,\n"
      "                      diagnostics by rule (default: with -r or\n"
      "                      --files-from)\n"
      "\n"
      "Policy:\n"
      "  --Werror            treat warnings as errors\n"
      "  --require-sframe    an ELF file without SFrame data is an error\n"
      "  --require-sorted    every section must set SFRAME_F_FDE_SORTED\n"
      "  --require-version=N every section must be SFrame version N (1-3)\n"
      "  --min-coverage=PCT  a linked ELF file must cover at least PCT percent\n"
      "                      (0-100) of its function symbols with FDEs (error\n"
      "                      min-coverage) and of its .eh_frame functions\n"
      "                      (min-coverage-eh-frame); a note when neither can\n"
      "                      be measured\n"
      "  --baseline=OLD.json compare with a previous run's --format=json report:\n"
      "                      exit 1 only for new error diagnostics; print\n"
      "                      what is new and what was fixed (key: path, rule,\n"
      "                      FDE and FRE index); a rule id not in the\n"
      "                      catalogue is refused (exit 2)\n"
      "  --profile=READER    would READER accept each section and compute the\n"
      "                      spec's unwind rows? kernel, glibc, libsframe-2.44,\n"
      "                      libsframe-2.47, llvm; comma-separated or repeated\n"
      "                      (docs/CONSUMERS.md)\n"
      "\n"
      "Raw sections:\n"
      "  --vma=ADDR          address of the section.  Without it the address is\n"
      "                      unknown: function ranges are checked relative to\n"
      "                      the section only, --lookup takes 0; with it (even\n"
      "                      0) they must be valid addresses\n"
      "  --unrelocated       function starts await relocation: skip checks on\n"
      "                      resolved addresses (sections whose starts are\n"
      "                      all 0, as GNU as writes them, are detected)\n"
      "\n"
      "Other modes:\n"
      "  --dump              print the section as objdump --sframe does\n"
      "  --objdump=VER       --dump layout: 240, 244 or 247 (binutils 2.40, 2.44,\n"
      "                      2.47); default 240 for v1 sections, else 247\n"
      "  --dump-rows=N       --dump prints at most N FRE rows per section\n"
      "                      (default: one per section byte, at least 65536;\n"
      "                      0: no cap)\n"
      "  --lookup=PC         print the FRE and recovery rules that apply at PC\n"
      "                      (ELF: and the .eh_frame row at PC; JSON: \"cfi\");\n"
      "                      a section with errors: the answer, then \"section\n"
      "                      INVALID\" and the first error, exit status 1\n"
      "  --lookup=-, --lookup=@FILE  one PC a line from stdin or FILE, each\n"
      "                      answered on one line (text: 0xPC found FDE 0xSTART\n"
      "                      SIZE FRE 0xFRE_START BASE CFA RA FP FLAGS, or\n"
      "                      0xPC no-fde|no-fre|bad-fre ...; JSON Lines with\n"
      "                      --format=json); bad lines named, the run goes on\n"
      "\n"
      "  -h, --help          show this help\n"
      "  -V, --version       show the version\n"
      "\n"
      "Only regular files are read (symbolic links followed): inputs, lists,\n"
      "baselines; a FIFO, socket, device or directory is refused without being\n"
      "opened (status 2).  A closed stdin, stdout or stderr is opened on\n"
      "/dev/null.\n"
      "Text output writes control bytes, DEL and invalid UTF-8 in paths and\n"
      "symbol names as \\xHH (a backslash as \\\\).\n"
      "\n"
      "Exit status: 0 all files valid, 1 errors found, 2 usage or I/O error\n"
      "(including a failed write on standard output, an unreadable --baseline).\n"
      "With --baseline, 1 means a new error.\n",
      out);
}

static int bad(const char *what, const char *val) {
  fprintf(stderr, "sframe-validate: bad %s '", what);
  fmt_text_str(stderr, val);
  fputs("'\nTry 'sframe-validate --help'.\n", stderr);
  return 2;
}

enum {
  OPT_FORMAT = 256, OPT_MAX_DIAGS, OPT_COVERAGE, OPT_LIST_RULES, OPT_WERROR,
  OPT_REQ_SFRAME, OPT_REQ_SORTED, OPT_REQ_VERSION, OPT_VMA, OPT_UNRELOCATED,
  OPT_DUMP, OPT_OBJDUMP, OPT_DUMP_ROWS, OPT_LOOKUP, OPT_SECTION, OPT_INPUT,
  OPT_MIN_COVERAGE, OPT_BASELINE, OPT_PROFILE, OPT_NO_CFI
};

static const struct option long_opts[] = {
  {"format", required_argument, NULL, OPT_FORMAT},
  {"quiet", no_argument, NULL, 'q'},
  {"max-diags", required_argument, NULL, OPT_MAX_DIAGS},
  {"coverage", no_argument, NULL, OPT_COVERAGE},
  {"no-cfi", no_argument, NULL, OPT_NO_CFI},
  {"list-rules", no_argument, NULL, OPT_LIST_RULES},
  {"Werror", no_argument, NULL, OPT_WERROR},
  {"require-sframe", no_argument, NULL, OPT_REQ_SFRAME},
  {"require-sorted", no_argument, NULL, OPT_REQ_SORTED},
  {"require-version", required_argument, NULL, OPT_REQ_VERSION},
  {"min-coverage", required_argument, NULL, OPT_MIN_COVERAGE},
  {"baseline", required_argument, NULL, OPT_BASELINE},
  {"vma", required_argument, NULL, OPT_VMA},
  {"unrelocated", no_argument, NULL, OPT_UNRELOCATED},
  {"dump", no_argument, NULL, OPT_DUMP},
  {"objdump", required_argument, NULL, OPT_OBJDUMP},
  {"dump-rows", required_argument, NULL, OPT_DUMP_ROWS},
  {"lookup", required_argument, NULL, OPT_LOOKUP},
  {"section", required_argument, NULL, OPT_SECTION},
  {"input", required_argument, NULL, OPT_INPUT},
  {"profile", required_argument, NULL, OPT_PROFILE},
  {"help", no_argument, NULL, 'h'},
  {"version", no_argument, NULL, 'V'},
  CLI_TREE_LONG_OPTS
  {NULL, 0, NULL, 0},
};

typedef struct parsed {
  int list_rules, have_format, help, version;
} parsed;

/* One option; returns 0, or the exit status of a bad value. */
static int take(cli_opts *o, parsed *p, int c, const char *arg) {
  uint64_t u;
  int rc;
  switch (c) {
  case 'h': p->help = 1; break;
  case 'V': p->version = 1; break;
  case 'q': o->quiet = 1; break;
  case OPT_LIST_RULES: p->list_rules = 1; break;
  case OPT_FORMAT:
    if (!fmt_parse_format(arg, &o->format))
      return bad("--format", arg);
    p->have_format = 1;
    break;
  case OPT_MAX_DIAGS:
    if (!cli_parse_u64(arg, &u) || u == 0 || u > UINT32_MAX)
      return bad("--max-diags", arg);
    o->max_diags = (uint32_t)u;
    break;
  case OPT_VMA:
    if (!cli_parse_u64(arg, &o->vma))
      return bad("--vma", arg);
    o->have_vma = 1;
    break;
  case OPT_LOOKUP:
    if (strcmp(arg, "-") == 0 || (arg[0] == '@' && arg[1] != '\0'))
      o->lookup_list = arg[0] == '@' ? arg + 1 : arg;
    else if (!cli_parse_u64(arg, &o->lookup_pc))
      return bad("--lookup", arg);
    o->mode = MODE_LOOKUP;
    break;
  case OPT_DUMP: o->mode = MODE_DUMP; break;
  case OPT_OBJDUMP:
    if (strcmp(arg, "240") != 0 && strcmp(arg, "244") != 0 &&
        strcmp(arg, "247") != 0)
      return bad("--objdump", arg);
    o->objdump_version = atoi(arg);
    break;
  case OPT_DUMP_ROWS:
    if (!cli_parse_u64(arg, &o->dump_rows))
      return bad("--dump-rows", arg);
    o->have_dump_rows = 1;
    break;
  case OPT_REQ_VERSION:
    if (!cli_parse_u64(arg, &u) || u < 1 || u > 3)
      return bad("--require-version", arg);
    o->require_version = (int)u;
    break;
  case OPT_MIN_COVERAGE:
    if (!cli_parse_u64(arg, &u) || u > 100)
      return bad("--min-coverage", arg);
    o->min_coverage = (int)u;
    break;
  case OPT_BASELINE:
    if (arg[0] == '\0')
      return bad("--baseline", arg);
    o->baseline_path = arg;
    break;
  case OPT_PROFILE:
    if (!cli_profile_parse(arg, &o->profiles))
      return bad("--profile", arg);
    break;
  case OPT_SECTION:
    if (arg[0] == '\0')
      return bad("--section", arg);
    o->section_name = arg;
    break;
  case OPT_INPUT:
    if (strcmp(arg, "auto") == 0)
      o->input_mode = CLI_INPUT_AUTO;
    else if (strcmp(arg, "elf") == 0)
      o->input_mode = CLI_INPUT_ELF;
    else if (strcmp(arg, "raw") == 0)
      o->input_mode = CLI_INPUT_RAW;
    else
      return bad("--input", arg);
    break;
  case OPT_REQ_SFRAME: o->require_sframe = 1; break;
  case OPT_REQ_SORTED: o->require_sorted = 1; break;
  case OPT_COVERAGE: o->coverage = 1; break;
  case OPT_NO_CFI: o->no_cfi = 1; break;
  case OPT_UNRELOCATED: o->unrelocated = 1; break;
  case OPT_WERROR: o->werror = 1; break;
  default:                     /* tree.h's, else getopt_long printed why */
    if ((rc = cli_tree_take(o, c, arg)) >= 0)
      return rc;
    fputs("Try 'sframe-validate --help'.\n", stderr);
    return 2;
  }
  return 0;
}

/* Checks the combination of options; returns 0 or 2. */
static int combination(const cli_opts *o, const parsed *p, int nfiles) {
  if (p->list_rules) {
    if (o->format == FMT_SARIF || o->format == FMT_CANONICAL)
      return bad("--format for --list-rules",
                 o->format == FMT_SARIF ? "sarif" : "canonical");
    if (nfiles > 0) {
      fputs("sframe-validate: --list-rules takes no FILE\n"
            "Try 'sframe-validate --help'.\n", stderr);
      return 2;
    }
    return 0;
  }
  if (o->format == FMT_MARKDOWN)
    return bad("--format (markdown is for --list-rules)", "markdown");
  if (o->mode == MODE_DUMP && p->have_format)
    return bad("option combination", "--dump prints objdump's text: no --format");
  if (o->mode == MODE_LOOKUP && o->format != FMT_TEXT && o->format != FMT_JSON)
    return bad("--format with --lookup (text or json)", "");
  if (o->lookup_list != NULL && (nfiles != 1 || cli_tree_listed(o))) {
    fputs("sframe-validate: --lookup=- and --lookup=@FILE take one FILE\n"
          "Try 'sframe-validate --help'.\n", stderr);
    return 2;
  }
  if (o->baseline_path != NULL &&
      (o->mode != MODE_CHECK || o->format == FMT_CANONICAL))
    return bad("option combination", "--baseline is for validation reports");
  return 0;
}

static int run_files(cli_opts *o) {
  int worst, report = o->mode == MODE_CHECK && o->format != FMT_CANONICAL;
  if (report) {
    (void)fmt_report_init(&o->rep, o->format, stdout, o->quiet, o->max_diags);
    cli_begin(o);
  }
  worst = cli_tree_run(o, report);   /* -1: a write on stdout failed */
  if (worst < 0)
    return 2;
  if (report)
    cli_end(o);
  if (o->mode == MODE_LOOKUP)
    cli_lookup_end(o);
  if (o->baseline != NULL)
    worst = cli_baseline_status(o->baseline, worst);
  if (cli_file_list_status(o) != 0)
    worst = 2;
  return cli_stdout_failed() ? 2 : worst;
}

/* Descriptors 0, 1 and 2 are open from here on: each closed one is opened
 * on /dev/null (stdin read-only, the others write-only), so no descriptor
 * the run opens later (an input, a -j worker's pipe) can take a standard
 * stream's number and receive its output.  0, or -1 when /dev/null cannot
 * be opened (the run then stops with status 2). */
static int std_streams(void) {
  int fd;
  for (fd = 0; fd <= 2; fd++) {
    int got;
    if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
      continue;
    got = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
    if (got != fd) {   /* the lowest free number is fd */
      if (got >= 0)
        close(got);
      return -1;
    }
  }
  return 0;
}

/* Memory one file frees is kept for the next (glibc): below
 * HEAP_KEEP_BYTES a freed block is neither given back to the system nor
 * mapped anew, so a run of many small files does not pay a brk(2) and its
 * page faults per file (the read cache's blocks, reader.h).  The peak is
 * unchanged: only memory a file already used is kept. */
#define HEAP_KEEP_BYTES (16 << 20)
static void heap_policy(void) {
#ifdef __GLIBC__
  (void)mallopt(M_MMAP_THRESHOLD, HEAP_KEEP_BYTES);
  (void)mallopt(M_TRIM_THRESHOLD, HEAP_KEEP_BYTES);
#endif
}

int main(int argc, char **argv) {
  cli_opts o;
  parsed p;
  int c, rc;

  if (std_streams() != 0)
    return 2;
  heap_policy();
  /* A closed pipe is a write error (exit 2), not a signal. */
  signal(SIGPIPE, SIG_IGN);
  memset(&o, 0, sizeof o);
  memset(&p, 0, sizeof p);
  o.format = FMT_TEXT;
  o.mode = MODE_CHECK;
  o.min_coverage = -1;
  while ((c = getopt_long(argc, argv, "qhV" CLI_TREE_SHORT_OPTS, long_opts, NULL)) != -1)
    if ((rc = take(&o, &p, c, optarg)) != 0)
      return rc;
  if (p.help || p.version) {
    if (p.help)
      usage(stdout);
    else
      printf("sframe-validate %s\n", SFV_VERSION_STRING);
    return cli_stdout_failed() ? 2 : 0;
  }
  if ((rc = combination(&o, &p, argc - optind)) != 0)
    return rc;
  if (p.list_rules) {
    fmt_list_rules(stdout, o.format);
    return cli_stdout_failed() ? 2 : 0;
  }
  /* objdump --sframe finds its section by name only (default .sframe),
   * never by type: --dump looks for the section the same way. */
  if (o.mode == MODE_DUMP && o.section_name == NULL)
    o.section_name = ".sframe";
  if ((rc = cli_tree_files(&o, argc - optind, argv + optind)) != 0) {
    cli_tree_free(&o);
    return rc;
  }
  if (argc - optind <= 0 && !cli_tree_listed(&o)) {
    cli_tree_free(&o);
    fputs("sframe-validate: no input files\n", stderr);
    usage(stderr);
    return 2;
  }
  rc = 2;
  /* --baseline keeps state across files: one process (jobs.c). */
  if (o.baseline_path != NULL)
    o.one_process = 1;
  if (o.baseline_path == NULL ||
      (o.baseline = cli_baseline_load(o.baseline_path)) != NULL)
    rc = run_files(&o);
  cli_baseline_free(o.baseline);
  cli_file_list_free(&o);
  cli_tree_free(&o);
  return rc;
}
