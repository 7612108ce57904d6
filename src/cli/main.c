/* main.c - sframe-validate: command line front end of libsfv.
 *
 * Exit status: 0 every file valid, 1 an error was found in some file,
 * 2 usage or I/O error.  Never anything else.
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
      "Validate SFrame (.sframe) stack-trace sections, given as raw section\n"
      "files (detected by the SFrame magic).\n"
      "\n"
      "Options:\n"
      "  --format=FMT        output: text (default), json\n"
      "  --list-rules        print the rule catalogue (--format=text|json|markdown)\n"
      "  --max-diags=N       report at most N diagnostics per file (default 1000)\n"
      "  --unrelocated       function starts await relocation (.o sections):\n"
      "                      skip checks on resolved addresses\n"
      "  --vma=ADDR          address of the section (raw input; default 0)\n"
      "  --Werror            treat warnings as errors\n"
      "  -q, --quiet         print only the per-file summary\n"
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
  if (errno != 0 || end == s || *end != '\0' || *s == '-')
    return 0;
  *out = (uint64_t)v;
  return 1;
}

int main(int argc, char **argv) {
  cli_opts o;
  int i, nfiles = 0, list_rules = 0, worst = 0;
  uint64_t u;

  memset(&o, 0, sizeof o);
  o.format = FMT_TEXT;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (nfiles == 0 && strcmp(a, "--") == 0) {
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
      if (!cli_parse_format(a + 9, &o.format)) {
        fprintf(stderr, "sframe-validate: unknown format '%s'\n", a + 9);
        return 2;
      }
    } else if (strncmp(a, "--max-diags=", 12) == 0) {
      if (!parse_u64(a + 12, &u) || u == 0 || u > UINT32_MAX) {
        fprintf(stderr, "sframe-validate: bad --max-diags '%s'\n", a + 12);
        return 2;
      }
      o.max_diags = (uint32_t)u;
    } else if (strncmp(a, "--vma=", 6) == 0) {
      if (!parse_u64(a + 6, &o.vma)) {
        fprintf(stderr, "sframe-validate: bad --vma '%s'\n", a + 6);
        return 2;
      }
      o.have_vma = 1;
    } else if (strcmp(a, "--unrelocated") == 0) {
      o.unrelocated = 1;
    } else if (strcmp(a, "--Werror") == 0) {
      o.werror = 1;
    } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
      o.quiet = 1;
    } else {
      fprintf(stderr, "sframe-validate: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    }
  }
  if (list_rules)
    return cli_list_rules(stdout, o.format);
  nfiles = argc - i;
  if (nfiles <= 0) {
    usage(stderr);
    return 2;
  }
  cli_begin(&o);
  for (; i < argc; i++) {
    int r = cli_check_file(&o, argv[i]);
    if (r > worst)
      worst = r;
  }
  cli_end(&o);
  return worst;
}
