/* main.c - sframe-validate: command line front end of libsfv.
 *
 * Exit status: 0 every file valid, 1 an error was found in some file,
 * 2 usage or I/O error (including an input that is neither ELF nor an
 * SFrame section).  Never anything else: the status is the worst of the
 * per-file statuses, each of which is 0, 1 or 2.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sfv.h"
#include "cli.h"

static void usage(FILE *out) {
  fputs(
      "Usage: sframe-validate [OPTION]... FILE...\n"
      "Validate SFrame (.sframe) stack-trace sections.  Each FILE is an ELF\n"
      "file (its .sframe section, or PT_GNU_SFRAME, is validated together\n"
      "with the container) or a raw SFrame section (detected by magic).\n"
      "\n"
      "Output:\n"
      "  --format=FMT        text (default), json, sarif, canonical (the\n"
      "                      conformance suite's decode); with --list-rules:\n"
      "                      text, json, markdown\n"
      "  -q, --quiet         text: print only the per-file summary\n"
      "  --max-diags=N       report at most N diagnostics per file (default 1000)\n"
      "  --coverage          warn for each function symbol no FDE covers\n"
      "  --no-cfi            ELF: do not compare .sframe with .eh_frame (the\n"
      "                      comparison runs by default when a file has both;\n"
      "                      its cost is linear in the two sections)\n"
      "  --list-rules        print the rule catalogue\n"
      "\n"
      "Policy:\n"
      "  --Werror            treat warnings as errors\n"
      "  --require-sframe    an ELF file without SFrame data is an error\n"
      "  --require-sorted    every section must set SFRAME_F_FDE_SORTED\n"
      "  --require-version=N every section must be SFrame version N (1-3)\n"
      "\n"
      "Raw sections:\n"
      "  --vma=ADDR          address of the section (default 0)\n"
      "  --unrelocated       function starts await relocation: skip checks on\n"
      "                      resolved addresses (sections whose starts are\n"
      "                      all 0, as GNU as writes them, are detected)\n"
      "\n"
      "Other modes:\n"
      "  --dump              print the section as objdump --sframe does\n"
      "  --objdump=VER       --dump layout: 240, 244 or 247 (binutils 2.40, 2.44,\n"
      "                      2.47); default 240 for v1 sections, else 247\n"
      "  --lookup=PC         print the FRE and recovery rules that apply at PC\n"
      "\n"
      "  -h, --help          show this help\n"
      "  -V, --version       show the version\n"
      "\n"
      "Exit status: 0 all files valid, 1 errors found, 2 usage or I/O error.\n",
      out);
}

static int parse_u64(const char *s, uint64_t *out) {
  char *end;
  unsigned long long v;
  errno = 0;
  v = strtoull(s, &end, 0);
  if (errno != 0 || end == s || *end != '\0' || *s == '-' || *s == '+' ||
      *s == ' ')
    return 0;
  *out = (uint64_t)v;
  return 1;
}

static int bad(const char *what, const char *val) {
  fprintf(stderr, "sframe-validate: bad %s '%s'\n", what, val);
  fputs("Try 'sframe-validate --help'.\n", stderr);
  return 2;
}

int main(int argc, char **argv) {
  cli_opts o;
  int i, list_rules = 0, worst = 0, have_format = 0;
  uint64_t u;

  memset(&o, 0, sizeof o);
  o.format = FMT_TEXT;
  o.mode = MODE_CHECK;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      i++;
      break;
    }
    if (a[0] != '-' || a[1] == '\0')
      break;
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      return 0;
    } else if (strcmp(a, "-V") == 0 || strcmp(a, "--version") == 0) {
      printf("sframe-validate %s\n", SFV_VERSION_STRING);
      return 0;
    } else if (strcmp(a, "--list-rules") == 0) {
      list_rules = 1;
    } else if (strncmp(a, "--format=", 9) == 0) {
      if (!cli_parse_format(a + 9, &o.format))
        return bad("--format", a + 9);
      have_format = 1;
    } else if (strncmp(a, "--max-diags=", 12) == 0) {
      if (!parse_u64(a + 12, &u) || u == 0 || u > UINT32_MAX)
        return bad("--max-diags", a + 12);
      o.max_diags = (uint32_t)u;
    } else if (strncmp(a, "--vma=", 6) == 0) {
      if (!parse_u64(a + 6, &o.vma))
        return bad("--vma", a + 6);
      o.have_vma = 1;
    } else if (strncmp(a, "--lookup=", 9) == 0) {
      if (!parse_u64(a + 9, &o.lookup_pc))
        return bad("--lookup", a + 9);
      o.mode = MODE_LOOKUP;
    } else if (strcmp(a, "--dump") == 0) {
      o.mode = MODE_DUMP;
    } else if (strncmp(a, "--objdump=", 10) == 0) {
      if (strcmp(a + 10, "240") != 0 && strcmp(a + 10, "244") != 0 &&
          strcmp(a + 10, "247") != 0)
        return bad("--objdump", a + 10);
      o.objdump_version = atoi(a + 10);
    } else if (strncmp(a, "--require-version=", 18) == 0) {
      if (!parse_u64(a + 18, &u) || u < 1 || u > 3)
        return bad("--require-version", a + 18);
      o.require_version = (int)u;
    } else if (strcmp(a, "--require-sframe") == 0) {
      o.require_sframe = 1;
    } else if (strcmp(a, "--require-sorted") == 0) {
      o.require_sorted = 1;
    } else if (strcmp(a, "--coverage") == 0) {
      o.coverage = 1;
    } else if (strcmp(a, "--no-cfi") == 0) {
      o.no_cfi = 1;
    } else if (strcmp(a, "--unrelocated") == 0) {
      o.unrelocated = 1;
    } else if (strcmp(a, "--Werror") == 0) {
      o.werror = 1;
    } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
      o.quiet = 1;
    } else {
      fprintf(stderr, "sframe-validate: unknown option '%s'\n", a);
      fputs("Try 'sframe-validate --help'.\n", stderr);
      return 2;
    }
  }
  if (list_rules) {
    if (o.format == FMT_SARIF || o.format == FMT_CANONICAL)
      return bad("--format for --list-rules", o.format == FMT_SARIF ? "sarif"
                                                                    : "canonical");
    return cli_list_rules(stdout, o.format);
  }
  if (o.format == FMT_MARKDOWN)
    return bad("--format (markdown is for --list-rules)", "markdown");
  if (o.mode == MODE_DUMP && have_format)
    return bad("option combination", "--dump prints objdump's text: no --format");
  if (o.mode == MODE_LOOKUP && o.format != FMT_TEXT && o.format != FMT_JSON)
    return bad("--format with --lookup (text or json)", "");
  o.nfiles = argc - i;
  if (o.nfiles <= 0) {
    fputs("sframe-validate: no input files\n", stderr);
    usage(stderr);
    return 2;
  }
  o.sizes = calloc((size_t)o.nfiles, sizeof *o.sizes);
  o.states = calloc((size_t)o.nfiles, sizeof *o.states);
  o.io_errors = calloc((size_t)o.nfiles, sizeof *o.io_errors);
  o.paths = calloc((size_t)o.nfiles, sizeof *o.paths);
  if (o.sizes == NULL || o.states == NULL || o.io_errors == NULL ||
      o.paths == NULL) {
    fputs("sframe-validate: out of memory\n", stderr);
    return 2;
  }
  for (int k = 0; k < o.nfiles; k++)
    o.paths[k] = argv[i + k];
  /* Validation reports are documents; the other modes print per file. */
  if (o.mode == MODE_CHECK && o.format != FMT_CANONICAL)
    cli_begin(&o);
  for (int k = 0; k < o.nfiles; k++) {
    int r = cli_check_file(&o, k);
    if (r > worst)
      worst = r;
  }
  if (o.mode == MODE_CHECK && o.format != FMT_CANONICAL)
    cli_end(&o);
  fflush(stdout);
  if (ferror(stdout)) {
    fputs("sframe-validate: error writing standard output\n", stderr);
    worst = 2;
  }
  for (int k = 0; k < o.nfiles; k++)
    free(o.io_errors[k]);
  free(o.io_errors);
  free(o.paths);
  free(o.states);
  free(o.sizes);
  return worst;
}
