/* SPDX-License-Identifier: MIT */
/* fuzz_cli_file.c - the CLI's file handling in-process: the input is
 * written to a file, which the CLI then opens, recognises (ELF, ar archive,
 * raw section), reads through its pread reader and runs in every mode:
 * validation in text, JSON (with --coverage, every --profile, --werror,
 * --require-sframe, --require-sorted, --require-version, --min-coverage)
 * and SARIF, --dump, --lookup, --format=canonical, and again with
 * --input=raw and --input=elf.
 *
 * Invariants: every run ends with status 0, 1 or 2 and marks the file's
 * state accordingly; nothing crashes, leaks past the run (the reader's
 * memory is freed) or reads outside what the file holds (ASan/UBSan).
 * Thin archive members are not opened here (they name other files, which a
 * fuzzer must not roam); their headers are still parsed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_cli.h"

static char path[64];

/* Thin members: none opened. */
static int thin_none(const char *name) {
  (void)name;
  return 0;
}

static void setup(void) {
  if (path[0] != '\0')
    return;
  snprintf(path, sizeof path, "/tmp/sfv-fuzz-cli-%ld.bin", (long)getpid());
  cli_archive_thin_allow = thin_none;
}

static int run_one(int format, int mode, int input, const uint8_t *data,
                   size_t size) {
  const char *paths[1] = {path};
  cli_opts o;
  memset(&o, 0, sizeof o);
  o.format = format;
  o.mode = mode;
  o.input_mode = input;
  o.coverage = format == FMT_JSON;
  o.max_diags = format == FMT_SARIF ? 3 : 0;
  o.lookup_pc = size >= 16 ? (uint64_t)fuzz_hash(data, 16) % 0x10000u : 0x1000u;
  o.min_coverage = -1; /* main.c's default: none */
  if (format == FMT_JSON && mode == MODE_CHECK && input == CLI_INPUT_AUTO) {
    /* The policy options and every --profile reader. */
    o.profiles = (1u << CLI_NPROFILES) - 1;
    o.require_sframe = o.require_sorted = o.werror = 1;
    o.require_version = 2 + (int)(size % 2);
    o.min_coverage = 50;
  }
  /* The CLI's reports and messages go nowhere. */
  return fuzz_cli_run(&o, paths, 1, fuzz_devnull());
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f;
  setup();
  f = fopen(path, "wb");
  FUZZ_ASSERT(f != NULL, "cannot write %s", path);
  FUZZ_ASSERT(size == 0 || fwrite(data, 1, size, f) == size, "write");
  fclose(f);
  run_one(FMT_TEXT, MODE_CHECK, CLI_INPUT_AUTO, data, size);
  run_one(FMT_JSON, MODE_CHECK, CLI_INPUT_AUTO, data, size);
  run_one(FMT_SARIF, MODE_CHECK, CLI_INPUT_AUTO, data, size);
  run_one(FMT_TEXT, MODE_DUMP, CLI_INPUT_AUTO, data, size);
  run_one(FMT_JSON, MODE_LOOKUP, CLI_INPUT_AUTO, data, size);
  run_one(FMT_CANONICAL, MODE_CHECK, CLI_INPUT_AUTO, data, size);
  run_one(FMT_TEXT, MODE_CHECK, CLI_INPUT_RAW, data, size);
  run_one(FMT_JSON, MODE_CHECK, CLI_INPUT_ELF, data, size);
  return 0;
}
